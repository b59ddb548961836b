// Golden test of legalize/hybrid.py: hybrid (dynamic-range) FULLY_CONNECTED, float input and
// int8 weights. The input is quantized at run time, per row, as TFLite's NEON kernels do it
// on x86: the scale and zero point from the row's min and max (asymmetric) or max |x|
// (symmetric); the first `depth - depth % 8` values rounded as trunc(p +- 0.5), the others
// half away from zero; then an i8 x i8 -> i32 matmul, the zero point's correction with the
// weights' row sums, and the float rescale `bias + float(acc) * (s * sw)`.
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

!w = !quant.uniform<i8<-127:127>:f32:0, {0.020778954029083252, 0.026803528890013695}>
// CHECK-LABEL: @hybrid_fully_connected_asymmetric
// Which values of a row of 10 the 8-wide vector loop quantizes.
// CHECK:       %[[LANES:.*]] = "tosa.const"() {values = dense<{{\[\[}}true, true, true, true, true, true, true, true, false, false]]> : tensor<1x10xi1>}
// CHECK-NEXT:  %[[MIN:.*]] = "tosa.reduce_min"(%[[X:.*]]) {axis = 1 : i32
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[X]]) {axis = 1 : i32
// Scale (f32: the difference in float, / 255 in double), 1 / scale and the nudged zero point.
// CHECK:       %[[S:.*]], %[[INV:.*]], %[[Z:.*]] = "linalg.generic"(%[[MIN]], %[[MAX]],
// CHECK:         %[[DIFF:.*]] = "arith.subf"
// CHECK-NEXT:    %[[WIDE:.*]] = "arith.extf"(%[[DIFF]]) : (f32) -> f64
// CHECK-NEXT:    %[[C255:.*]] = arith.constant 255.0 : f64
// CHECK-NEXT:    %[[SCALE:.*]] = "arith.divf"(%[[WIDE]], %[[C255]]) : (f64, f64) -> f64
// CHECK:         "math.round"({{.*}}) : (f64) -> f64
// CHECK:         %[[S32:.*]] = "arith.select"({{.*}}) : (i1, f32, f32) -> f32
// CHECK:         %[[INV32:.*]] = "arith.divf"(%{{.*}}, %[[S32]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[Z32:.*]] = "arith.fptosi"(%{{.*}}) : (f64) -> i32
// CHECK-NEXT:    "linalg.yield"(%[[S32]], %[[INV32]], %[[Z32]]) : (f32, f32, i32) -> ()
// q = clamp(rnd(x * (1 / s)) + z, -128, 127): vector lanes trunc(p +- 0.5), the tail round().
// CHECK:       %[[Q:.*]] = "linalg.generic"(%[[X]], %[[INV]], %[[Z]], %[[LANES]],
// CHECK:         %[[P:.*]] = "arith.mulf"
// CHECK:         %[[HALF:.*]] = "arith.select"
// CHECK-NEXT:    %[[UP:.*]] = "arith.addf"(%[[P]], %[[HALF]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[RND:.*]] = "math.round"(%[[P]]) : (f32) -> f32
// CHECK-NEXT:    %{{.*}} = "arith.select"(%{{.*}}, %[[UP]], %[[RND]]) : (i1, f32, f32) -> f32
// CHECK:         "arith.fptosi"({{.*}}) : (f32) -> i32
// CHECK-NEXT:    "arith.addi"
// CHECK:         "arith.trunci"({{.*}}) : (i32) -> i8
// CHECK:       affine_map<(d0, d1) -> (0, d1)>
// The product with the transposed weights, and the weights' row sums.
// CHECK:       %[[WT:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}79, -43], [-106, -17], [-82, 31], [-67, -5], [-81, -60], [77, -87], [94, 49], [21, 60], [-117, -119], [-103, -99]]]> : tensor<1x10x2xi8>}
// CHECK:       %[[ACC:.*]] = "tosa.matmul"(%{{.*}}, %[[WT]], %{{.*}}, %{{.*}}) : (tensor<1x2x10xi8>, tensor<1x10x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2xi32>
// CHECK-NEXT:  %[[ROWSUM:.*]] = "tosa.const"() {values = dense<[-285, -290]> : tensor<2xi32>}
// bias + float(acc - rowsum * z) * (s * sw)
// CHECK:       "linalg.generic"(%{{.*}}, %[[S]], %{{.*}}, %[[Z]], %[[ROWSUM]], %{{.*}}, %{{.*}})
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32, %[[SB:.*]]: f32, %[[SW:.*]]: f32, %[[ZB:.*]]: i32, %[[RS:.*]]: i32, %[[BIAS:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:    %[[CORR:.*]] = "arith.muli"(%[[RS]], %[[ZB]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[T:.*]] = "arith.subi"(%[[A]], %[[CORR]]) : (i32, i32) -> i32
// CHECK-NEXT:    %[[TF:.*]] = "arith.sitofp"(%[[T]]) : (i32) -> f32
// CHECK-NEXT:    %[[SCALE2:.*]] = "arith.mulf"(%[[SB]], %[[SW]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[PROD:.*]] = "arith.mulf"(%[[TF]], %[[SCALE2]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[OUT:.*]] = "arith.addf"(%[[BIAS]], %[[PROD]]) : (f32, f32) -> f32
// CHECK-NEXT:    "linalg.yield"(%[[OUT]]) : (f32) -> ()
func.func @hybrid_fully_connected_asymmetric(%arg0: tensor<2x10xf32>) -> tensor<2x2xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x10x!w>, value = dense<[[79, -106, -82, -67, -81, 77, 94, 21, -117, -103], [-43, -17, 31, -5, -60, -87, 49, 60, -119, -99]]> : tensor<2x10xi8>} : () -> tensor<2x10x!w>
  %b = "tfl.pseudo_const"() {value = dense<[-0.125, 0.25]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = true, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x10xf32>, tensor<2x10x!w>, tensor<2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

!w = !quant.uniform<i8<-127:127>:f32, 0.0078125>
// Symmetric: s = max|x| / 127, q = clamp(rnd(x * (127 / max|x|)), -127, 127), no zero point;
// an all-zero row gives s = 1 and q = 0. Per-tensor weights: float(acc) * (s * sw), no bias.
// CHECK-LABEL: @hybrid_fully_connected_symmetric
// CHECK:       %[[ABS:.*]] = "tosa.abs"
// CHECK-NEXT:  %[[MAG:.*]] = "tosa.reduce_max"(%[[ABS]]) {axis = 1 : i32
// CHECK:       "linalg.generic"(%[[MAG]],
// CHECK:         %[[ZERO:.*]] = "arith.cmpf"(%{{.*}}, %{{.*}}) {predicate = 1 : i64}
// CHECK:         %[[C127:.*]] = arith.constant 127.0 : f32
// CHECK-NEXT:    "arith.divf"(%{{.*}}, %[[C127]]) : (f32, f32) -> f32
// CHECK:         "arith.divf"(%[[C127]], %{{.*}}) : (f32, f32) -> f32
// CHECK:         arith.constant -127 : i32
// CHECK:       "tosa.matmul"
// CHECK-NOT:     "arith.muli"
// CHECK:         %[[TF:.*]] = "arith.sitofp"
// CHECK-NEXT:    %[[SCALE:.*]] = "arith.mulf"
// CHECK-NEXT:    %[[PROD:.*]] = "arith.mulf"(%[[TF]], %[[SCALE]]) : (f32, f32) -> f32
// CHECK-NEXT:    "linalg.yield"(%[[PROD]]) : (f32) -> ()
func.func @hybrid_fully_connected_symmetric(%arg0: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x4x!w>, value = dense<[[1, -2, 3, -4], [127, -127, 0, 5]]> : tensor<2x4xi8>} : () -> tensor<2x4x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<3x4xf32>, tensor<2x4x!w>, none) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}
