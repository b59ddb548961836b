// Golden test of legalize/families/recurrent/lstm.py: a hybrid UNIDIRECTIONAL_SEQUENCE_LSTM (float input, int8
// weights), CIFG, one step, three cells. The input side: x quantized per row at run time as
// hybrid FULLY_CONNECTED does it, one i8 x i8 -> i32 matmul for the three gates side by side,
// `bias + float(acc) * (s * sw)`. The recurrent side: h quantized the same way, its product
// added to the input side. Then Eigen's logistic on the forget gate: three cells leave no
// whole SSE packet, so every lane takes the scalar path (glibc's expf in f64, its 32-entry
// table); Eigen's tanh on the cell gate; c = f * c + g * (1 - f).
// RUN: tfl2quant opt %s --mlir-print-op-generic --legalize-tfl | filecheck %s
// RUN: tfl2quant opt %s --legalize-tfl | iree-opt --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: @hybrid_lstm_cifg
// CHECK:       %[[BIAS:.*]] = "tosa.concat"(%{{.*}}, %{{.*}}, %{{.*}}) {axis = 0 : i32} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<9xf32>
// CHECK:       "tosa.reduce_max"
// CHECK:       %[[XS:[0-9]+]]:2 = "linalg.generic"
// CHECK:       %[[XQ:.*]] = "linalg.generic"({{.*}}, %[[XS]]#1,
// CHECK:       "tosa.matmul"({{.*}}) : (tensor<1x1x2xi8>, tensor<1x2x9xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x9xi32>
// CHECK:       %[[XPART:.*]] = "linalg.generic"(%{{.*}}, %[[XS]]#0, %{{.*}}, %[[BIAS]],
// CHECK-NEXT:  ^bb0
// CHECK-NEXT:    %[[ACC:.*]] = "arith.sitofp"
// CHECK-NEXT:    %[[SCALE:.*]] = "arith.mulf"
// CHECK-NEXT:    %[[Y:.*]] = "arith.mulf"(%[[ACC]], %[[SCALE]])
// CHECK-NEXT:    "arith.addf"(%{{.*}}, %[[Y]])
// CHECK:       "tosa.matmul"({{.*}}) : (tensor<1x1x3xi8>, tensor<1x3x9xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x9xi32>
// CHECK:       %[[GATES:.*]] = "linalg.generic"(%{{.*}}, %{{.*}}, %{{.*}}, %[[XPART]],
// CHECK:       %[[FORGET:.*]] = "tosa.slice"(%[[GATES]]
// CHECK:       %[[CELL:.*]] = "tosa.slice"(%[[GATES]]
// CHECK:       %[[OUTPUT:.*]] = "tosa.slice"(%[[GATES]]
// CHECK:       %[[TABLE:.*]] = arith.constant dense<[4607182418800017408, 4607140297302181236,
// CHECK:       %[[LANES:.*]] = "tosa.const"() {values = dense<true> : tensor<1x3xi1>}
// CHECK:       %[[F:.*]] = "linalg.generic"(%[[FORGET]], %[[LANES]],
// CHECK:         "math.roundeven"({{.*}}) : (f64) -> f64
// CHECK:         "tensor.extract"(%[[TABLE]], %{{.*}}) : (tensor<32xi64>, index) -> i64
// CHECK:         "arith.bitcast"({{.*}}) : (i64) -> f64
// CHECK:         "math.floor"({{.*}}) : (f32) -> f32
// CHECK:         "arith.bitcast"({{.*}}) : (i32) -> f32
// CHECK:         "arith.select"(%{{.*}}, %{{.*}}, %{{.*}}) : (i1, f32, f32) -> f32
// CHECK:       %[[G:.*]] = "linalg.generic"(%[[CELL]],
// CHECK-NEXT:  ^bb0
// CHECK-NEXT:    arith.constant 7.90738964 : f32
// CHECK:       "linalg.generic"(%[[F]], %{{.*}}, %[[G]],
// CHECK-NEXT:  ^bb0(%[[FA:.*]]: f32, %[[CA:.*]]: f32, %[[GA:.*]]: f32,
// CHECK-NEXT:    %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %[[I:.*]] = "arith.subf"(%[[ONE]], %[[FA]])
// CHECK-NEXT:    %[[KEPT:.*]] = "arith.mulf"(%[[FA]], %[[CA]])
// CHECK-NEXT:    %[[NEW:.*]] = "arith.mulf"(%[[GA]], %[[I]])
// CHECK-NEXT:    "arith.addf"(%[[KEPT]], %[[NEW]])
// CHECK-NOT:   tfl.unidirectional_sequence_lstm
module {
  func.func @hybrid_lstm_cifg(%arg0: tensor<1x1x2xf32>) -> tensor<1x1x3xf32> {
    %0 = "tfl.no_value"() {value} : () -> none
    %1 = "tfl.pseudo_qconst"() {qtype = tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.01088328380137682>>, value = dense<[[3, -59], [-49, -117], [-108, -123]]> : tensor<3x2xi8>} : () -> tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.01088328380137682>>
    %2 = "tfl.pseudo_qconst"() {qtype = tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.008032687939703465>>, value = dense<[[111, 68], [59, 88], [-83, -105]]> : tensor<3x2xi8>} : () -> tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.008032687939703465>>
    %3 = "tfl.pseudo_qconst"() {qtype = tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.00968666560947895>>, value = dense<[[-10, 127], [78, 123], [-31, 47]]> : tensor<3x2xi8>} : () -> tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.00968666560947895>>
    %4 = "tfl.no_value"() {value} : () -> none
    %5 = "tfl.pseudo_qconst"() {qtype = tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.00956626795232296>>, value = dense<[[38, 105, 1], [27, 120, 59], [34, 11, 15]]> : tensor<3x3xi8>} : () -> tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.00956626795232296>>
    %6 = "tfl.pseudo_qconst"() {qtype = tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.008517773821949959>>, value = dense<[[93, -107, -51], [-5, -20, -25], [-120, -126, -96]]> : tensor<3x3xi8>} : () -> tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.008517773821949959>>
    %7 = "tfl.pseudo_qconst"() {qtype = tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.008938230574131012>>, value = dense<[[87, 48, 52], [-28, 96, -93], [20, 56, 88]]> : tensor<3x3xi8>} : () -> tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.008938230574131012>>
    %8 = "tfl.no_value"() {value} : () -> none
    %9 = "tfl.no_value"() {value} : () -> none
    %10 = "tfl.no_value"() {value} : () -> none
    %11 = "tfl.no_value"() {value} : () -> none
    %12 = "tfl.pseudo_const"() {value = dense<[0.3158535659313202, -0.49726149439811707, 0.35740426182746887]> : tensor<3xf32>} : () -> tensor<3xf32>
    %13 = "tfl.pseudo_const"() {value = dense<[0.17062442004680634, 0.14718951284885406, 0.11538511514663696]> : tensor<3xf32>} : () -> tensor<3xf32>
    %14 = "tfl.pseudo_const"() {value = dense<[-0.18975812196731567, -0.014164641499519348, 0.3894878327846527]> : tensor<3xf32>} : () -> tensor<3xf32>
    %15 = "tfl.no_value"() {value} : () -> none
    %16 = "tfl.no_value"() {value} : () -> none
    %17 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<1x3xf32>, tfl.is_variable} : () -> tensor<1x3xf32>
    %18 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<1x3xf32>, tfl.is_variable} : () -> tensor<1x3xf32>
    %19 = "tfl.no_value"() {value} : () -> none
    %20 = "tfl.no_value"() {value} : () -> none
    %21 = "tfl.no_value"() {value} : () -> none
    %22 = "tfl.no_value"() {value} : () -> none
    %23 = "tfl.unidirectional_sequence_lstm"(%arg0, %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22) {asymmetric_quantize_inputs = false, cell_clip = 0.0 : f32, diagonal_recurrent_tensors = false, fused_activation_function = "TANH", proj_clip = 0.0 : f32, time_major = false} : (tensor<1x1x2xf32>, none, tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.01088328380137682>>, tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.008032687939703465>>, tensor<3x2x!quant.uniform<i8<-127:127>:f32, 0.00968666560947895>>, none, tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.00956626795232296>>, tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.008517773821949959>>, tensor<3x3x!quant.uniform<i8<-127:127>:f32, 0.008938230574131012>>, none, none, none, none, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, none, none, tensor<1x3xf32>, tensor<1x3xf32>, none, none, none, none) -> tensor<1x1x3xf32>
    return %23 : tensor<1x1x3xf32>
  }
}
