// Golden test of legalize/lib/hybrid.py: hybrid (dynamic-range) FULLY_CONNECTED, float input and
// int8 weights. The input is quantized at run time, per row, as TFLite's NEON kernels do it
// on x86: the scale and zero point from the row's min and max (asymmetric) or max |x|
// (symmetric); the first `depth - depth % 8` values rounded as trunc(p +- 0.5), the others
// half away from zero; then an i8 x i8 -> i32 matmul, the zero point's correction with the
// weights' row sums, and the float rescale `bias + float(acc) * (s * sw)`.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

!w = !quant.uniform<i8<-127:127>:f32:0, {0.020778954029083252, 0.026803528890013695}>
// CHECK-LABEL: @hybrid_fully_connected_asymmetric
// Which values of a row of 10 the 8-wide vector loop quantizes.
// CHECK:       %[[LANES:.*]] = "tosa.const"() {values = dense<{{\[\[}}true, true, true, true, true, true, true, true, false, false]]> : tensor<1x10xi1>}
// CHECK-NEXT:  %[[MIN:.*]] = "tosa.reduce_min"(%[[X:.*]]) {axis = 1 : i32
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[X]]) {axis = 1 : i32
// Scale (f32: the difference in float, / 255 in double), 1 / scale and the nudged zero point.
// CHECK:       %[[S:[0-9]+]]:3 = "linalg.generic"(%[[MIN]], %[[MAX]],
// CHECK:         %[[DIFF:.*]] = "arith.subf"
// CHECK-NEXT:    %[[WIDE:.*]] = "arith.extf"(%[[DIFF]]) : (f32) -> f64
// CHECK-NEXT:    %[[C255:.*]] = arith.constant 2.550000e+02 : f64
// CHECK-NEXT:    %[[SCALE:.*]] = "arith.divf"(%[[WIDE]], %[[C255]]) : (f64, f64) -> f64
// CHECK:         "math.round"({{.*}}) : (f64) -> f64
// CHECK:         %[[S32:.*]] = "arith.select"({{.*}}) : (i1, f32, f32) -> f32
// CHECK:         %[[INV32:.*]] = "arith.divf"(%{{.*}}, %[[S32]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[Z32:.*]] = "arith.fptosi"(%{{.*}}) : (f64) -> i32
// CHECK-NEXT:    "linalg.yield"(%[[S32]], %[[INV32]], %[[Z32]]) : (f32, f32, i32) -> ()
// q = clamp(rnd(x * (1 / s)) + z, -128, 127): vector lanes trunc(p +- 0.5), the tail round().
// CHECK:       %[[Q:.*]] = "linalg.generic"(%[[X]], %[[S]]#1, %[[S]]#2, %[[LANES]],
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
// CHECK:       "linalg.generic"(%{{.*}}, %[[S]]#0, %{{.*}}, %[[S]]#2, %[[ROWSUM]], %{{.*}}, %{{.*}})
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
// CHECK:         %[[C127:.*]] = arith.constant 1.270000e+02 : f32
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

// -----

// Blockwise int4 weights (EvalBlockwise4Bit): the input always quantized asymmetrically; one
// i32 product per block of 32 (a batched tosa.matmul over the blocks), each scaled by its
// block's scale and added in block order, then `- z * kfsum`, `* s`, `+ bias`, and the fused
// RELU the kernel omits. The weights stay packed as TFLite stores them, two values a byte,
// the first in the low bits (7, 2 -> 0x27), and are unpacked by shifts: `(p << 4) >> 4` and
// `p >> 4`, arithmetic. The scales are the fp16 tensor the kernel reads, cast to f32; a zero
// scale (an all-zero block; the type holds FLT_MIN) is the fp16 value the kernel reads, 0.
// CHECK-LABEL: @hybrid_fully_connected_blockwise
// CHECK:       "tosa.reduce_min"
// CHECK:       %[[Q:.*]] = "tosa.transpose"(%{{.*}}) {perms = array<i32: 1, 2, 0>} : (tensor<2x2x32xi8>) -> tensor<2x32x2xi8>
// CHECK-NEXT:  %[[PACKED:.*]] = "tosa.const"() {values = dense<"0x276241B5C85C865F4AF9C5CDC3F70F017044137DBFA515898F0AF764250FFCBE87B937B6D38F51A2C0670A5723389F0B00000000000000000000000000000000F0BDE8957EB728C85F29A0557F6117ACB1640BA86E2711E8E7BB8367F104DF4F88D384967E29E3095ED2182CD5064064A76E8C4143A2E55587254F0739BBBBD6"> : tensor<4x32x1xi8>}
// CHECK-NEXT:  %[[FOUR:.*]] = "tosa.const"() {values = dense<4> : tensor<1x1x1xi8>}
// CHECK-NEXT:  %[[SHL:.*]] = "tosa.logical_left_shift"(%[[PACKED]], %[[FOUR]])
// CHECK-NEXT:  %[[LOW:.*]] = "tosa.arithmetic_right_shift"(%[[SHL]], %[[FOUR]]) {round = false}
// CHECK-NEXT:  %[[HIGH:.*]] = "tosa.arithmetic_right_shift"(%[[PACKED]], %[[FOUR]]) {round = false}
// CHECK-NEXT:  %[[PAIRS:.*]] = "tosa.concat"(%[[LOW]], %[[HIGH]]) {axis = 2 : i32} : (tensor<4x32x1xi8>, tensor<4x32x1xi8>) -> tensor<4x32x2xi8>
// CHECK:       %[[W:.*]] = "tosa.reshape"(%[[PAIRS]], %{{.*}}) : (tensor<4x32x2xi8>, !tosa.shape<3>) -> tensor<4x2x32xi8>
// CHECK-NEXT:  %[[WT:.*]] = "tosa.transpose"(%[[W]]) {perms = array<i32: 1, 0, 2>} : (tensor<4x2x32xi8>) -> tensor<2x4x32xi8>
// CHECK:       %[[ACC:.*]] = "tosa.matmul"(%[[WT]], %[[Q]], %{{.*}}, %{{.*}}) : (tensor<2x4x32xi8>, tensor<2x32x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x4x2xi32>
// CHECK-NEXT:  %[[SC16:.*]] = "tosa.const"() {values = dense<{{\[\[}}1.562500e-02, 3.125000e-02], [6.250000e-02, 0.000000e+00], [2.500000e-01, 1.250000e-01], [5.000000e-01, 7.812500e-03]]> : tensor<4x2xf16>}
// CHECK-NEXT:  %[[SC:.*]] = "tosa.cast"(%[[SC16]]) : (tensor<4x2xf16>) -> tensor<4x2xf32>
// CHECK-NEXT:  %[[KF:.*]] = "tosa.const"() {values = dense<[9.375000e-02, -4.375000e-01, -4.750000e+00, -5.9296875]> : tensor<4xf32>}
// CHECK:       "linalg.generic"(%[[ACC]], %[[ACC]], %[[SC]], %[[SC]], %[[Z:.*]], %[[KF]], %[[S:.*]], %[[BIAS:.*]], %{{.*}})
// CHECK-NEXT:  ^bb0(%[[A0:.*]]: i32, %[[A1:.*]]: i32, %[[S0:.*]]: f32, %[[S1:.*]]: f32, %[[ZB:.*]]: i32, %[[KFN:.*]]: f32, %[[SB:.*]]: f32, %[[BN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[F0:.*]] = "arith.sitofp"(%[[A0]]) : (i32) -> f32
// CHECK-NEXT:    %[[P0:.*]] = "arith.mulf"(%[[F0]], %[[S0]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[O0:.*]] = "arith.addf"(%[[ZERO]], %[[P0]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[F1:.*]] = "arith.sitofp"(%[[A1]]) : (i32) -> f32
// CHECK-NEXT:    %[[P1:.*]] = "arith.mulf"(%[[F1]], %[[S1]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[O1:.*]] = "arith.addf"(%[[O0]], %[[P1]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[ZF:.*]] = "arith.sitofp"(%[[ZB]]) : (i32) -> f32
// CHECK-NEXT:    %[[ZK:.*]] = "arith.mulf"(%[[ZF]], %[[KFN]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[D:.*]] = "arith.subf"(%[[O1]], %[[ZK]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[M:.*]] = "arith.mulf"(%[[D]], %[[SB]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[OUT:.*]] = "arith.addf"(%[[M]], %[[BN]]) : (f32, f32) -> f32
// CHECK-NEXT:    "linalg.yield"(%[[OUT]]) : (f32) -> ()
// CHECK-NEXT:  }) {indexing_maps = [affine_map<(d0, d1) -> (0, d1, d0)>, affine_map<(d0, d1) -> (1, d1, d0)>, affine_map<(d0, d1) -> (d1, 0)>, affine_map<(d0, d1) -> (d1, 1)>,
// CHECK:       "tosa.clamp"(%{{.*}}) {max_val = {{.*}}, min_val = 0.000000e+00 : f32
!w = !quant.uniform<i4:f32:{0:1, 1:32}, {{0.015625, 0.03125}, {0.0625, 1.17549435e-38}, {0.25, 0.125}, {0.5, 0.0078125}}>
func.func @hybrid_fully_connected_blockwise(%arg0: tensor<2x64xf32>) -> tensor<2x4xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<4x64x!w>, value = dense<[[7, 2, 2, 6, 1, 4, 5, -5, -8, -4, -4, 5, 6, -8, -1, 5, -6, 4, -7, -1, 5, -4, -3, -4, 3, -4, 7, -1, -1, 0, 1, 0, 0, 7, 4, 4, 3, 1, -3, 7, -1, -5, 5, -6, 5, 1, -7, -8, -1, -8, -6, 0, 7, -1, 4, 6, 5, 2, -1, 0, -4, -1, -2, -5], [7, -8, -7, -5, 7, 3, 6, -5, 3, -3, -1, -8, 1, 5, 2, -6, 0, -4, 7, 6, -6, 0, 7, 5, 3, 2, -8, 3, -1, -7, -5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, -1, -3, -5, -8, -2, 5, -7, -2, 7, 7, -5, -8, 2, -8, -4, -1, 5, -7, 2, 0, -6, 5, 5, -1, 7, 1, 6, 7, 1, -4, -6, 1, -5, 4, 6, -5, 0, -8, -6, -2, 6, 7, 2, 1, 1, -8, -2, 7, -2, -5, -5, 3, -8, 7, 6, 1, -1, 4, 0, -1, -3, -1, 4], [-8, -8, 3, -3, 4, -8, 6, -7, -2, 7, -7, 2, 3, -2, -7, 0, -2, 5, 2, -3, -8, 1, -4, 2, 5, -3, 6, 0, 0, 4, 4, 6, 7, -6, -2, 6, -4, -8, 1, 4, 3, 4, 2, -6, 5, -2, 5, 5, 7, -8, 5, 2, -1, 4, 7, 0, -7, 3, -5, -5, -5, -5, 6, -3]]> : tensor<4x64xi4>} : () -> tensor<4x64x!w>
  %b = "tfl.pseudo_const"() {value = dense<[-0.125, 0.25, 0.5, 1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x64xf32>, tensor<4x64x!w>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Hybrid BATCH_MATMUL (EvalHybrid): x's rows quantized as above; the weights' column sums
// (the kernel's row sums of its transposed filter) times the row's zero point are
// subtracted in float; then (s * sw) * total, added to the zero-filled output.
// CHECK-LABEL: @hybrid_batch_matmul_asymmetric
// CHECK:       %[[ACC:.*]] = "tosa.matmul"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x6x4xi8>, tensor<1x4x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x6x3xi32>
// CHECK-NEXT:  %[[SUMS:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-6, 6, -6]]]> : tensor<1x1x3xi32>}
// CHECK:       "linalg.generic"(%[[ACC]], %{{.*}}, %{{.*}}, %{{.*}}, %[[SUMS]], %{{.*}})
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32, %[[S:.*]]: f32, %[[SW:.*]]: f32, %[[Z:.*]]: i32, %[[RS:.*]]: i32, %{{.*}}: f32):
// CHECK-NEXT:    %[[T:.*]] = "arith.sitofp"(%[[A]]) : (i32) -> f32
// CHECK-NEXT:    %[[RSF:.*]] = "arith.sitofp"(%[[RS]]) : (i32) -> f32
// CHECK-NEXT:    %[[ZF:.*]] = "arith.sitofp"(%[[Z]]) : (i32) -> f32
// CHECK-NEXT:    %[[OFF:.*]] = "arith.mulf"(%[[RSF]], %[[ZF]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[TOTAL:.*]] = "arith.subf"(%[[T]], %[[OFF]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[SCALE:.*]] = "arith.mulf"(%[[S]], %[[SW]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[Y:.*]] = "arith.mulf"(%[[SCALE]], %[[TOTAL]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[OUT:.*]] = "arith.addf"(%[[ZERO]], %[[Y]]) : (f32, f32) -> f32
// CHECK-NEXT:    "linalg.yield"(%[[OUT]]) : (f32) -> ()
!w = !quant.uniform<i8<-127:127>:f32:1, {0.5, 0.25, 0.125}>
func.func @hybrid_batch_matmul_asymmetric(%arg0: tensor<2x3x4xf32>) -> tensor<2x3x3xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<4x3x!w>, value = dense<[[1, -2, 3], [-4, 5, -6], [7, -8, 9], [-10, 11, -12]]> : tensor<4x3xi8>} : () -> tensor<4x3x!w>
  %0 = "tfl.batch_matmul"(%arg0, %w) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = true} : (tensor<2x3x4xf32>, tensor<4x3x!w>) -> tensor<2x3x3xf32>
  return %0 : tensor<2x3x3xf32>
}

// -----

// int2 weights (EvalHybridDense unpacks the whole tensor, low bits first, as the importer
// does): the same program as int8 ones, the weights the int8 values -2..1.
!w = !quant.uniform<i2:f32, 0.5>
// CHECK-LABEL: @hybrid_fully_connected_int2
// CHECK:       "tosa.const"() {values = dense<{{\[\[\[}}1, -2], [-1, 0], [0, 1]]]> : tensor<1x3x2xi8>}
// CHECK:       "tosa.matmul"
func.func @hybrid_fully_connected_int2(%arg0: tensor<3x3xf32>) -> tensor<3x2xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x3x!w>, value = dense<[[1, -1, 0], [-2, 0, 1]]> : tensor<2x3xi2>} : () -> tensor<2x3x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<3x3xf32>, tensor<2x3x!w>, none) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// TFLite computes these wrongly in every resolver, so the integer path declines them and says
// why: a float CONV_2D with an int2 filter, a blockwise int2 FULLY_CONNECTED.
!w = !quant.uniform<i2:f32, 0.5>
// CHECK-LABEL: @hybrid_conv_int2_declines
// CHECK:       "tosa.conv2d"
func.func @hybrid_conv_int2_declines(%arg0: tensor<1x3x5x2xf32>) -> tensor<1x3x5x2xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x1x1x2x!w>, value = dense<[[[[1, -2]]], [[[0, -1]]]]> : tensor<2x1x1x2xi2>} : () -> tensor<2x1x1x2x!w>
  %b = "tfl.pseudo_const"() {value = dense<[0.5, -0.25]> : tensor<2xf32>} : () -> tensor<2xf32>
  // expected-remark@+1 {{fallback: int2 filter: TFLite has no hybrid int2 convolution (conv.cc: is_hybrid covers uint8, int8 and int4 filters), so every resolver runs its float convolution on the packed bytes read as float32 and returns NaN or garbage}}
  %0 = "tfl.conv_2d"(%arg0, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x5x2xf32>, tensor<2x1x1x2x!w>, tensor<2xf32>) -> tensor<1x3x5x2xf32>
  return %0 : tensor<1x3x5x2xf32>
}

// -----

!w = !quant.uniform<i2:f32:{0:1, 1:32}, {{0.5}, {0.25}}>
// CHECK-LABEL: @hybrid_fully_connected_blockwise_int2_declines
func.func @hybrid_fully_connected_blockwise_int2_declines(%arg0: tensor<2x32xf32>) -> tensor<2x2xf32> {
  %arg1 = "tfl.pseudo_qconst"() {qtype = tensor<2x32x!w>, value = dense<[[-2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1], [1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0, -1, 1, 0]]> : tensor<2x32xi2>} : () -> tensor<2x32x!w>
  %b = "tfl.no_value"() {value} : () -> none
  // expected-remark@+1 {{fallback: blockwise int2 weights: TFLite has no blockwise int2 kernel; EvalHybridDense takes them, finds no affine quantization (fully_connected.cc: VerifyPerChannelQuantization) and scales the products by the tensor's scale, 0, so every resolver returns the bias alone}}
  %0 = "tfl.fully_connected"(%arg0, %arg1, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x32xf32>, tensor<2x32x!w>, none) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Hybrid TRANSPOSE_CONV (transpose_conv.cc EvalHybrid): the image quantized at run time
// (asymmetric), an i8 x i8 -> i32 transpose convolution of it and one of ones (the weights each
// output reads, for the zero point's correction), then the float rescale per output channel.
// TFLite scales and adds each product in float, so the remark says the sums' order differs.
!w = !quant.uniform<i8<-127:127>:f32:0, {0.02, 0.03}>
// CHECK-LABEL: @hybrid_transpose_conv
// CHECK:       "tosa.reduce_min"
// CHECK:       "tosa.transpose_conv2d"({{.*}}) {acc_type = i32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x2x2x3xi8>, tensor<2x2x2x3xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2xi32>
// CHECK:       "tosa.transpose_conv2d"({{.*}}) -> tensor<1x4x4x2xi32>
// CHECK:       "arith.sitofp"
// CHECK-NOT:   "tfl.transpose_conv"
func.func @hybrid_transpose_conv(%arg0: tensor<1x2x2x3xf32>) -> tensor<1x4x4x2xf32> {
  %s = "tfl.pseudo_const"() {value = dense<[1, 4, 4, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w = "tfl.pseudo_qconst"() {qtype = tensor<2x2x2x3x!w>, value = dense<[[[[1, -2, 3], [4, 5, -6]], [[7, 8, 9], [-10, 11, 12]]], [[[-1, 2, -3], [4, -5, 6]], [[-7, 8, -9], [10, -11, 12]]]]> : tensor<2x2x2x3xi8>} : () -> tensor<2x2x2x3x!w>
  %b = "tfl.pseudo_const"() {value = dense<[0.5, -0.25]> : tensor<2xf32>} : () -> tensor<2xf32>
  // expected-remark@+1 {{integer: float sums: TFLite's HybridTransposeConv adds each product scaled in float in its scatter order (reference/transpose_conv.h); here the int32 sum is scaled once}}
  %0 = "tfl.transpose_conv"(%s, %w, %arg0, %b) {fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x2x2x3x!w>, tensor<1x2x2x3xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  return %0 : tensor<1x4x4x2xf32>
}
