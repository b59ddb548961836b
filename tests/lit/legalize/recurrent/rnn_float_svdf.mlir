// Golden tests of the hybrid RNN (legalize/families/recurrent/rnn.py) and hybrid SVDF
// (legalize/families/recurrent/float_svdf.py).
//
// UNIDIRECTIONAL_SEQUENCE_RNN, two steps, asymmetric input quantization, RELU: both steps'
// inputs quantized per row at once (min and max, the nudged zero point in f64), one
// i8 x i8 -> i32 matmul, then `bias + float(acc - row_sum * z) * (s * sw)` with the weights'
// row sums as a constant. Each step quantizes h the same way, adds its product to the step's
// input part, and clamps at 0.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --legalize-tfl | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: @hybrid_sequence_rnn
// CHECK:       %[[ROWSUMS:.*]] = "tosa.const"() {values = dense<[-173, -36]> : tensor<2xi32>}
// CHECK:       %[[W:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-100, 80], [-51, -12], [-22, -104]]]> : tensor<1x3x2xi8>}
// CHECK:       %[[R:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}80, 126], [58, -80]]]> : tensor<1x2x2xi8>}
// CHECK:       %[[ROWS:.*]] = "tosa.reshape"(%arg0, %{{.*}}) : (tensor<1x2x3xf32>, !tosa.shape<2>) -> tensor<2x3xf32>
// CHECK:       "tosa.reduce_min"(%[[ROWS]])
// CHECK:       %[[XS:[0-9]+]]:3 = "linalg.generic"
// CHECK:         "arith.divf"({{.*}}) : (f64, f64) -> f64
// CHECK:         "arith.fptosi"({{.*}}) : (f64) -> i32
// CHECK:       %[[XQ:.*]] = "linalg.generic"(%[[ROWS]], %[[XS]]#1, %[[XS]]#2,
// CHECK:       %[[ACC:.*]] = "tosa.matmul"(%{{.*}}, %[[W]], %{{.*}}, %{{.*}}) : (tensor<1x2x3xi8>, tensor<1x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2xi32>
// CHECK:       %[[INPUT:.*]] = "linalg.generic"(%{{.*}}, %[[XS]]#0, %{{.*}}, %[[XS]]#2, %[[ROWSUMS]], %{{.*}},
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32, %[[S:.*]]: f32, %[[SW:.*]]: f32, %[[Z:.*]]: i32, %[[SUM:.*]]: i32, %[[BIAS:.*]]: f32,
// CHECK-NEXT:    %[[OFFSET:.*]] = "arith.muli"(%[[SUM]], %[[Z]])
// CHECK-NEXT:    %[[T:.*]] = "arith.subi"(%[[A]], %[[OFFSET]])
// CHECK-NEXT:    %[[F:.*]] = "arith.sitofp"(%[[T]])
// CHECK-NEXT:    %[[SCALE:.*]] = "arith.mulf"(%[[S]], %[[SW]])
// CHECK-NEXT:    %[[P:.*]] = "arith.mulf"(%[[F]], %[[SCALE]])
// CHECK-NEXT:    "arith.addf"(%[[BIAS]], %[[P]])
// CHECK:       %[[STEP0:.*]] = "tosa.slice"(%[[INPUT]], {{.*}}) : (tensor<2x2xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2xf32>
// CHECK:       "tosa.matmul"(%{{.*}}, %[[R]], %{{.*}}, %{{.*}}) : (tensor<1x1x2xi8>, tensor<1x2x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2xi32>
// CHECK:       %[[PRE0:.*]] = "linalg.generic"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[STEP0]],
// CHECK:       %[[H0:.*]] = "linalg.generic"(%[[PRE0]],
// CHECK-NEXT:  ^bb0
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    "arith.maximumf"(%{{.*}}, %[[ZERO]])
// CHECK:       %[[STEP1:.*]] = "tosa.slice"(%[[INPUT]],
// CHECK:       "tosa.reduce_min"(%[[H0]])
// CHECK:       "tosa.matmul"(%{{.*}}, %[[R]],
// CHECK:       "linalg.generic"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[STEP1]],
// CHECK:       "tosa.concat"
// CHECK-NOT:   tfl.unidirectional_sequence_rnn
func.func @hybrid_sequence_rnn(%arg0: tensor<1x2x3xf32>) -> tensor<1x2x2xf32> {
  %0 = "tfl.pseudo_qconst"() {qtype = tensor<2x3x!quant.uniform<i8<-127:127>:f32, 0.008724087849259377>>, value = dense<[[-100, -51, -22], [80, -12, -104]]> : tensor<2x3xi8>} : () -> tensor<2x3x!quant.uniform<i8<-127:127>:f32, 0.008724087849259377>>
  %1 = "tfl.pseudo_qconst"() {qtype = tensor<2x2x!quant.uniform<i8<-127:127>:f32, 0.012283939868211746>>, value = dense<[[80, 58], [126, -80]]> : tensor<2x2xi8>} : () -> tensor<2x2x!quant.uniform<i8<-127:127>:f32, 0.012283939868211746>>
  %2 = "tfl.pseudo_const"() {value = dense<[-0.44485336542129517, -0.22503063082695007]> : tensor<2xf32>} : () -> tensor<2xf32>
  %3 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<1x2xf32>, tfl.is_variable} : () -> tensor<1x2xf32>
  %4 = "tfl.unidirectional_sequence_rnn"(%arg0, %0, %1, %2, %3) {asymmetric_quantize_inputs = true, fused_activation_function = "RELU", time_major = false} : (tensor<1x2x3xf32>, tensor<2x3x!quant.uniform<i8<-127:127>:f32, 0.008724087849259377>>, tensor<2x2x!quant.uniform<i8<-127:127>:f32, 0.012283939868211746>>, tensor<2xf32>, tensor<1x2xf32>) -> tensor<1x2x2xf32>
  return %4 : tensor<1x2x2xf32>
}

// -----

// SVDF, rank 2, memory 5, no activation: x quantized per row (symmetric), the feature
// products `0 + float(acc) * (s * swf)` become the newest state column after the older four;
// the time weights are `float(w) * swt`, a constant. Each filter's dot product is NEON's: the
// first four products in four lanes (`0 + w * s`), the lanes added in order, then the fifth.
// The rank sum of two has no whole group of four: zero lanes, then the two values, then the
// bias.

// CHECK-LABEL: @hybrid_svdf
// CHECK:       %[[WF:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}86, -51, -12, 26], [-61, -22, -104, 80], [-100, 80, -42, 58]]]> : tensor<1x3x4xi8>}
// CHECK:       %[[ZEROS:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<4xf32>}
// CHECK:       "tosa.matmul"(%{{.*}}, %[[WF]], %{{.*}}, %{{.*}}) : (tensor<1x1x3xi8>, tensor<1x3x4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x4xi32>
// CHECK:       %[[FEATURE:.*]] = "linalg.generic"(%{{.*}}, %{{.*}}, %{{.*}}, %[[ZEROS]],
// CHECK:       %[[WT:.*]] = "tosa.const"() {values = dense<{{\[\[}}0.793700814, -5.039370e-01, 0.611023604, -7.118110e-01, 0.0944881886],
// CHECK:       %[[STATE:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x20xf32>, !tosa.shape<3>) -> tensor<1x4x5xf32>
// CHECK:       %[[NEWEST:.*]] = "tosa.reshape"(%[[FEATURE]], %{{.*}}) : (tensor<1x4xf32>, !tosa.shape<3>) -> tensor<1x4x1xf32>
// CHECK:       %[[OLDER:.*]] = "tosa.slice"(%[[STATE]], {{.*}}) : (tensor<1x4x5xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x4xf32>
// CHECK:       %[[NEW:.*]] = "tosa.concat"(%[[OLDER]], %[[NEWEST]]) {axis = 2 : i32}
// CHECK:       %[[DOTS:.*]] = "linalg.generic"(%[[NEW]], %[[NEW]], %[[NEW]], %[[NEW]], %[[NEW]], %[[WT]], %[[WT]], %[[WT]], %[[WT]], %[[WT]],
// CHECK-NEXT:  ^bb0(%[[S0:.*]]: f32, %[[S1:.*]]: f32, %[[S2:.*]]: f32, %[[S3:.*]]: f32, %[[S4:.*]]: f32, %[[W0:.*]]: f32, %[[W1:.*]]: f32, %[[W2:.*]]: f32, %[[W3:.*]]: f32, %[[W4:.*]]: f32,
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[P0:.*]] = "arith.mulf"(%[[W0]], %[[S0]])
// CHECK-NEXT:    %[[L0:.*]] = "arith.addf"(%[[Z]], %[[P0]])
// CHECK-NEXT:    %[[P1:.*]] = "arith.mulf"(%[[W1]], %[[S1]])
// CHECK-NEXT:    %[[L1:.*]] = "arith.addf"(%[[Z]], %[[P1]])
// CHECK-NEXT:    %[[P2:.*]] = "arith.mulf"(%[[W2]], %[[S2]])
// CHECK-NEXT:    %[[L2:.*]] = "arith.addf"(%[[Z]], %[[P2]])
// CHECK-NEXT:    %[[P3:.*]] = "arith.mulf"(%[[W3]], %[[S3]])
// CHECK-NEXT:    %[[L3:.*]] = "arith.addf"(%[[Z]], %[[P3]])
// CHECK-NEXT:    %[[L01:.*]] = "arith.addf"(%[[L0]], %[[L1]])
// CHECK-NEXT:    %[[L012:.*]] = "arith.addf"(%[[L01]], %[[L2]])
// CHECK-NEXT:    %[[LANES:.*]] = "arith.addf"(%[[L012]], %[[L3]])
// CHECK-NEXT:    %[[P4:.*]] = "arith.mulf"(%[[W4]], %[[S4]])
// CHECK-NEXT:    "arith.addf"(%[[LANES]], %[[P4]])
// CHECK:       %[[PAIRS:.*]] = "tosa.reshape"(%[[DOTS]], %{{.*}}) : (tensor<1x4xf32>, !tosa.shape<3>) -> tensor<1x2x2xf32>
// CHECK:       "linalg.generic"(%[[PAIRS]], %[[PAIRS]], %{{.*}},
// CHECK-NEXT:  ^bb0(%[[R0:.*]]: f32, %[[R1:.*]]: f32, %[[B:.*]]: f32,
// CHECK-NEXT:    %[[Z2:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[E1:.*]] = "arith.addf"(%[[Z2]], %[[Z2]])
// CHECK-NEXT:    %[[E2:.*]] = "arith.addf"(%[[E1]], %[[Z2]])
// CHECK-NEXT:    %[[E3:.*]] = "arith.addf"(%[[E2]], %[[Z2]])
// CHECK-NEXT:    %[[X0:.*]] = "arith.addf"(%[[E3]], %[[R0]])
// CHECK-NEXT:    %[[X1:.*]] = "arith.addf"(%[[X0]], %[[R1]])
// CHECK-NEXT:    "arith.addf"(%[[X1]], %[[B]])
// CHECK-NOT:   tfl.svdf
func.func @hybrid_svdf(%arg0: tensor<1x3xf32>) -> tensor<1x2xf32> {
  %0 = "tfl.pseudo_qconst"() {qtype = tensor<4x3x!quant.uniform<i8<-127:127>:f32, 0.004724409431219101>>, value = dense<[[86, -61, -100], [-51, -22, 80], [-12, -104, -42], [26, 80, 58]]> : tensor<4x3xi8>} : () -> tensor<4x3x!quant.uniform<i8<-127:127>:f32, 0.004724409431219101>>
  %1 = "tfl.pseudo_qconst"() {qtype = tensor<4x5x!quant.uniform<i8<-127:127>:f32, 0.006299212574958801>>, value = dense<[[126, -80, 97, -113, 15], [-57, -76, 40, -50, 16], [-61, -89, 64, -17, 46], [43, 114, -20, -71, 34]]> : tensor<4x5xi8>} : () -> tensor<4x5x!quant.uniform<i8<-127:127>:f32, 0.006299212574958801>>
  %2 = "tfl.pseudo_const"() {value = dense<[0.2804615795612335, 0.10983889549970627]> : tensor<2xf32>} : () -> tensor<2xf32>
  %3 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<1x20xf32>, tfl.is_variable} : () -> tensor<1x20xf32>
  %4 = "tfl.svdf"(%arg0, %0, %1, %2, %3) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", rank = 2 : i32} : (tensor<1x3xf32>, tensor<4x3x!quant.uniform<i8<-127:127>:f32, 0.004724409431219101>>, tensor<4x5x!quant.uniform<i8<-127:127>:f32, 0.006299212574958801>>, tensor<2xf32>, tensor<1x20xf32>) -> tensor<1x2xf32>
  return %4 : tensor<1x2xf32>
}
