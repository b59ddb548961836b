// Golden test of legalize/activation.py: the RELU family, LEAKY_RELU, PRELU, HARD_SWISH,
// ELU, GELU, LOGISTIC, TANH, SOFTMAX, LOG_SOFTMAX. Float patterns only: quantized
// instances take the fallback (dcast -> these -> qcast), as none has an integer pattern.
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Constants are float32: the float32 nearest each written value.

// CHECK-LABEL: @relu_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {min_val = 0.0 : f32, max_val = 3.4028234663852886e+38 : f32} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @relu_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @relu6_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {min_val = 0.0 : f32, max_val = 6.0 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @relu6_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu6"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @relu_n1_to_1_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {min_val = -1.0 : f32, max_val = 1.0 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @relu_n1_to_1_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu_n1_to_1"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @relu_0_to_1_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {min_val = 0.0 : f32, max_val = 1.0 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @relu_0_to_1_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu_0_to_1"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// LEAKY_RELU is x > 0 ? x : x * alpha (reference/leaky_relu.h); alpha 0.2 as float32.
// CHECK-LABEL: @leaky_relu_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[POS:.*]] = "tosa.greater"(%[[X]], %[[ZERO]]) : (tensor<3x5x7xf32>, tensor<1x1x1xf32>) -> tensor<3x5x7xi1>
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.const"() {values = dense<0.20000000298023224> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.mul"(%[[X]], %[[ALPHA]], %[[SHIFT]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[POS]], %[[X]], %[[SCALED]])
// CHECK-NEXT:  return %[[Y]]
func.func @leaky_relu_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.leaky_relu"(%arg0) {alpha = 0.2 : f32} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// PRELU is x >= 0 ? x : x * alpha, alpha [7] broadcast from the last dimension.
// CHECK-LABEL: @prelu_float_channel_alpha
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>, %[[ALPHA:.*]]: tensor<7xf32>)
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 1, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[A3:.*]] = "tosa.reshape"(%[[ALPHA]], %{{.*}}) : (tensor<7xf32>, !tosa.shape<3>) -> tensor<1x1x7xf32>
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[NONNEG:.*]] = "tosa.greater_equal"(%[[X]], %[[ZERO]])
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.mul"(%[[X]], %[[A3]], %[[SHIFT]]) : (tensor<3x5x7xf32>, tensor<1x1x7xf32>, tensor<1xi8>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[NONNEG]], %[[X]], %[[SCALED]])
// CHECK-NEXT:  return %[[Y]]
func.func @prelu_float_channel_alpha(%arg0: tensor<3x5x7xf32>, %arg1: tensor<7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.prelu"(%arg0, %arg1) : (tensor<3x5x7xf32>, tensor<7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// HARD_SWISH is x * clamp(x + 3, 0, 6) / 6, divided as TFLite's float kernel does
// (arith.divf by 6 broadcast to the shape; * float(1/6) can differ in the last bit).
// CHECK-LABEL: @hard_swish_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[THREE:.*]] = "tosa.const"() {values = dense<3.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[X3:.*]] = "tosa.add"(%[[X]], %[[THREE]])
// CHECK-NEXT:  %[[R6:.*]] = "tosa.clamp"(%[[X3]]) {min_val = 0.0 : f32, max_val = 6.0 : f32}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[XR:.*]] = "tosa.mul"(%[[X]], %[[R6]], %{{.*}})
// CHECK-NEXT:  %[[SIX:.*]] = "tosa.const"() {values = dense<6.0> : tensor<1x1x1xf32>}
// CHECK:       %[[SIXES:.*]] = "tosa.tile"(%[[SIX]], %{{.*}}) : (tensor<1x1x1xf32>, !tosa.shape<3>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "arith.divf"(%[[XR]], %[[SIXES]]) : (tensor<3x5x7xf32>, tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @hard_swish_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.hard_swish"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// ELU is x < 0 ? expm1(x) : x (reference/elu.h).
// CHECK-LABEL: @elu_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[NEG:.*]] = "tosa.greater"(%[[ZERO]], %[[X]])
// CHECK-NEXT:  %[[E:.*]] = "math.expm1"(%[[X]]) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[NEG]], %[[E]], %[[X]])
// CHECK-NEXT:  return %[[Y]]
func.func @elu_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.elu"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// Exact GELU: 0.5 x (1 + erf(x / sqrt 2)); 1 / sqrt 2 as float32 = 0.7071067690849304.
// CHECK-LABEL: @gelu_float_exact
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[RSQRT2:.*]] = "tosa.const"() {values = dense<0.7071067690849304> : tensor<1x1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[XS:.*]] = "tosa.mul"(%[[X]], %[[RSQRT2]], %{{.*}})
// CHECK-NEXT:  %[[ERF:.*]] = "tosa.erf"(%[[XS]])
// CHECK-NEXT:  %[[HALF:.*]] = "tosa.const"() {values = dense<0.5> : tensor<1x1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[HALF_X:.*]] = "tosa.mul"(%[[X]], %[[HALF]], %{{.*}})
// CHECK-NEXT:  %[[ONE:.*]] = "tosa.const"() {values = dense<1.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[G:.*]] = "tosa.add"(%[[ERF]], %[[ONE]])
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%[[HALF_X]], %[[G]], %{{.*}})
// CHECK-NEXT:  return %[[Y]]
func.func @gelu_float_exact(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.gelu"(%arg0) {approximate = false} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// Approximate GELU: 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))); as float32
// 0.044715 = 0.044714998453855515 and sqrt(2 / pi) = 0.7978845834732056.
// CHECK-LABEL: @gelu_float_approximate
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[X2:.*]] = "tosa.mul"(%[[X]], %[[X]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[X3:.*]] = "tosa.mul"(%[[X2]], %[[X]], %{{.*}})
// CHECK-NEXT:  %[[C:.*]] = "tosa.const"() {values = dense<0.044714998453855515> : tensor<1x1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[CX3:.*]] = "tosa.mul"(%[[X3]], %[[C]], %{{.*}})
// CHECK-NEXT:  %[[INNER:.*]] = "tosa.add"(%[[X]], %[[CX3]])
// CHECK-NEXT:  %[[K:.*]] = "tosa.const"() {values = dense<0.7978845834732056> : tensor<1x1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.mul"(%[[INNER]], %[[K]], %{{.*}})
// CHECK-NEXT:  %[[T:.*]] = "tosa.tanh"(%[[SCALED]])
// CHECK:       %[[G:.*]] = "tosa.add"(%[[T]], %{{.*}})
// CHECK:       %[[Y:.*]] = "tosa.mul"(%{{.*}}, %[[G]], %{{.*}})
// CHECK-NEXT:  return %[[Y]]
func.func @gelu_float_approximate(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.gelu"(%arg0) {approximate = true} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @logistic_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.sigmoid"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @logistic_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.logistic"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @tanh_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.tanh"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @tanh_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.tanh"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// SOFTMAX over the last axis, after subtracting the row maximum (TFLite's float kernel).
// CHECK-LABEL: @softmax_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[X]]) {axis = 2 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>} : (tensor<3x5x7xf32>) -> tensor<3x5x1xf32>
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[X]], %[[MAX]]) : (tensor<3x5x7xf32>, tensor<3x5x1xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  %[[E:.*]] = "tosa.exp"(%[[D]])
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.reduce_sum"(%[[E]]) {axis = 2 : i32} : (tensor<3x5x7xf32>) -> tensor<3x5x1xf32>
// CHECK-NEXT:  %[[R:.*]] = "tosa.reciprocal"(%[[SUM]])
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%[[E]], %[[R]], %[[SHIFT]]) : (tensor<3x5x7xf32>, tensor<3x5x1xf32>, tensor<1xi8>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @softmax_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// beta 0.7 (0.699999988079071 as float32) scales the shifted logits.
// CHECK-LABEL: @softmax_float_beta
// CHECK:       %[[D:.*]] = "tosa.sub"
// CHECK-NEXT:  %[[BETA:.*]] = "tosa.const"() {values = dense<0.699999988079071> : tensor<1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.mul"(%[[D]], %[[BETA]], %{{.*}})
// CHECK-NEXT:  "tosa.exp"(%[[SCALED]])
func.func @softmax_float_beta(%arg0: tensor<3x10xf32>) -> tensor<3x10xf32> {
  %0 = "tfl.softmax"(%arg0) {beta = 0.699999988079071 : f32} : (tensor<3x10xf32>) -> tensor<3x10xf32>
  return %0 : tensor<3x10xf32>
}

// -----

// LOG_SOFTMAX: (x - max) - log(sum(exp(x - max))).
// CHECK-LABEL: @log_softmax_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[X]]) {axis = 2 : i32
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[X]], %[[MAX]])
// CHECK-NEXT:  %[[E:.*]] = "tosa.exp"(%[[D]])
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.reduce_sum"(%[[E]]) {axis = 2 : i32}
// CHECK-NEXT:  %[[LOG:.*]] = "tosa.log"(%[[SUM]]) : (tensor<3x5x1xf32>) -> tensor<3x5x1xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.sub"(%[[D]], %[[LOG]]) : (tensor<3x5x7xf32>, tensor<3x5x1xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @log_softmax_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.log_softmax"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @softmax_float_dynamic_shape_is_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<?x10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @softmax_float_dynamic_shape_is_unlowered(%arg0: tensor<?x10xf32>) -> tensor<?x10xf32> {
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x10xf32>)}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<?x10xf32>) -> tensor<?x10xf32>
  return %0 : tensor<?x10xf32>
}

// -----

// ===--- quantized instances: no integer pattern, dcast -> float op -> qcast ---=== //

!x = !quant.uniform<i8:f32, 0.03134224936366081>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @softmax_int8_has_no_integer_pattern
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x10x!quant.uniform<i8:f32, 0.03134224936366081>>)
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %[[ARG]] : tensor<3x10x!quant.uniform<i8:f32, 0.03134224936366081>> to tensor<3x10xf32>
// CHECK-NEXT:  "tosa.reduce_max"(%[[X]])
// CHECK:       %[[Y:.*]] = "tosa.mul"
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x10xf32> to tensor<3x10x!quant.uniform<i8:f32, 0.00390625:-128>>
// CHECK-NEXT:  return %[[Q]]
func.func @softmax_int8_has_no_integer_pattern(%arg0: tensor<3x10x!x>) -> tensor<3x10x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.softmax}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<3x10x!x>) -> tensor<3x10x!y>
  return %0 : tensor<3x10x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.0313555970788002>
!y = !quant.uniform<i8:f32, 0.0625:127>
// CHECK-LABEL: @log_softmax_int8_has_no_integer_pattern
// CHECK-NEXT:  quant.dcast %arg0
// CHECK:       %[[LOG:.*]] = "tosa.log"
// CHECK-NEXT:  %[[Y:.*]] = "tosa.sub"(%{{.*}}, %[[LOG]])
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<2x9xf32> to tensor<2x9x!quant.uniform<i8:f32, 0.0625:127>>
func.func @log_softmax_int8_has_no_integer_pattern(%arg0: tensor<2x9x!x>) -> tensor<2x9x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.log_softmax}}
  %0 = "tfl.log_softmax"(%arg0) : (tensor<2x9x!x>) -> tensor<2x9x!y>
  return %0 : tensor<2x9x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.16875216364860535:102>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @logistic_int8_has_no_integer_pattern
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : {{.*}} to tensor<1x5x4x8xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.sigmoid"(%[[X]])
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<1x5x4x8xf32> to tensor<1x5x4x8x!quant.uniform<i8:f32, 0.00390625:-128>>
// CHECK-NEXT:  return %[[Q]]
func.func @logistic_int8_has_no_integer_pattern(%arg0: tensor<1x5x4x8x!x>) -> tensor<1x5x4x8x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.logistic}}
  %0 = "tfl.logistic"(%arg0) : (tensor<1x5x4x8x!x>) -> tensor<1x5x4x8x!y>
  return %0 : tensor<1x5x4x8x!y>
}

// -----

!x = !quant.uniform<i16:f32, 0.00013641965051647276>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @tanh_int16_has_no_integer_pattern
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[Y:.*]] = "tosa.tanh"(%[[X]])
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<1x5x4x8xf32> to tensor<1x5x4x8x!quant.uniform<i16:f32, 3.0517578125e-05>>
func.func @tanh_int16_has_no_integer_pattern(%arg0: tensor<1x5x4x8x!x>) -> tensor<1x5x4x8x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.tanh}}
  %0 = "tfl.tanh"(%arg0) : (tensor<1x5x4x8x!x>) -> tensor<1x5x4x8x!y>
  return %0 : tensor<1x5x4x8x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:-128>
// CHECK-LABEL: @relu6_int8_has_no_integer_pattern
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[X]]) {min_val = 0.0 : f32, max_val = 6.0 : f32}
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 0.25:-128>>
func.func @relu6_int8_has_no_integer_pattern(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.relu6}}
  %0 = "tfl.relu6"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// Both PRELU operands are dequantized.
!x = !quant.uniform<i8:f32, 0.5:-3>
!a = !quant.uniform<i8<-127:127>:f32, 0.25>
// CHECK-LABEL: @prelu_int8_has_no_integer_pattern
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : {{.*}} to tensor<3x5x7xf32>
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg1 : {{.*}} to tensor<7xf32>
// CHECK-NEXT:  "tosa.const_shape"
// CHECK-NEXT:  %[[A3:.*]] = "tosa.reshape"(%[[A]]
// CHECK:       "tosa.mul"(%[[X]], %[[A3]]
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"
// CHECK-NEXT:  quant.qcast %[[Y]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 0.5:-3>>
func.func @prelu_int8_has_no_integer_pattern(%arg0: tensor<3x5x7x!x>, %arg1: tensor<7x!a>) -> tensor<3x5x7x!x> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.prelu}}
  %0 = "tfl.prelu"(%arg0, %arg1) : (tensor<3x5x7x!x>, tensor<7x!a>) -> tensor<3x5x7x!x>
  return %0 : tensor<3x5x7x!x>
}

// -----

// A quantized op whose float pattern declines too: both reasons, and the op stays a tfl
// op on floats between the casts.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @softmax_int8_dynamic_shape_is_unlowered
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : tensor<?x10x!quant.uniform<i8:f32, 0.5:-3>> to tensor<?x10xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.softmax"(%[[X]]) {beta = 1.0 : f32} : (tensor<?x10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<?x10xf32> to tensor<?x10x!quant.uniform<i8:f32, 0.00390625:-128>>
// CHECK-NEXT:  return %[[Q]]
func.func @softmax_int8_dynamic_shape_is_unlowered(%arg0: tensor<?x10x!x>) -> tensor<?x10x!y> {
  // expected-remark@+1 {{unlowered: no integer pattern for tfl.softmax; dynamic shape of operand 0 (tensor<?x10x!quant.uniform<i8:f32, 0.5:-3>>)}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<?x10x!x>) -> tensor<?x10x!y>
  return %0 : tensor<?x10x!y>
}
