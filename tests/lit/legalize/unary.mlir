// Golden test of legalize/unary.py: ABS, NEG, EXP, LOG, SQRT, RSQRT, SIN, COS, FLOOR, CEIL,
// ROUND, SQUARE, SIGN. Float patterns only (TOSA where it has the op, math.sqrt and
// math.roundeven where it has none), on float tensors and the plain integer tensors of
// float models; quantized instances take the fallback (dcast -> these -> qcast).
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: @abs_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.abs"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @abs_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.abs"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @abs_int32
// CHECK-NEXT:  %[[Y:.*]] = "tosa.abs"(%arg0) : (tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @abs_int32(%arg0: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.abs"(%arg0) : (tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// TOSA 1.0's negate takes input and output zero points as operands: 0 here.
// CHECK-LABEL: @neg_float
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.negate"(%arg0, %[[ZP]], %[[ZP]]) : (tensor<3x5x7xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @neg_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.neg"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @neg_int32
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.negate"(%arg0, %[[ZP]], %[[ZP]]) : (tensor<3x5xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @neg_int32(%arg0: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.neg"(%arg0) : (tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @exp_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.exp"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @exp_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.exp"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @log_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.log"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @log_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.log"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// TOSA has no square root: math.sqrt.
// CHECK-LABEL: @sqrt_float
// CHECK-NEXT:  %[[Y:.*]] = "math.sqrt"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @sqrt_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.sqrt"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @rsqrt_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rsqrt"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @rsqrt_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.rsqrt"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @sin_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.sin"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @sin_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.sin"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @cos_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cos"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @cos_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.cos"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @floor_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.floor"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @floor_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.floor"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @ceil_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.ceil"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @ceil_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.ceil"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// ROUND rounds half to even (RoundToNearest in reference/round.h).
// CHECK-LABEL: @round_float_half_to_even
// CHECK-NEXT:  %[[Y:.*]] = "math.roundeven"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @round_float_half_to_even(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.round"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @square_float
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%arg0, %arg0, %[[SHIFT]]) : (tensor<3x5x7xf32>, tensor<3x5x7xf32>, tensor<1xi8>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @square_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.square"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @square_int32
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%arg0, %arg0, %[[SHIFT]]) : (tensor<3x5xi32>, tensor<3x5xi32>, tensor<1xi8>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @square_int32(%arg0: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.square"(%arg0) : (tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// SIGN is x > 0 ? 1 : x < 0 ? -1 : 0, and NaN (the only x with x != x) stays NaN.
// CHECK-LABEL: @sign_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[ONE:.*]] = "tosa.const"() {values = dense<1.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[MINUS_ONE:.*]] = "tosa.const"() {values = dense<-1.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[POS:.*]] = "tosa.greater"(%[[X]], %[[ZERO]])
// CHECK-NEXT:  %[[NEG:.*]] = "tosa.greater"(%[[ZERO]], %[[X]])
// CHECK-NEXT:  %[[NOT_POS:.*]] = "tosa.select"(%[[NEG]], %[[MINUS_ONE]], %[[ZERO]])
// CHECK-NEXT:  %[[SIGN:.*]] = "tosa.select"(%[[POS]], %[[ONE]], %[[NOT_POS]])
// CHECK-NEXT:  %[[ORDERED:.*]] = "tosa.equal"(%[[X]], %[[X]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[ORDERED]], %[[SIGN]], %[[X]])
// CHECK-NEXT:  return %[[Y]]
func.func @sign_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.sign"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// Integers have no NaN: no ordered check.
// CHECK-LABEL: @sign_int32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xi32>)
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[ONE:.*]] = "tosa.const"() {values = dense<1> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[MINUS_ONE:.*]] = "tosa.const"() {values = dense<-1> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[POS:.*]] = "tosa.greater"(%[[X]], %[[ZERO]])
// CHECK-NEXT:  %[[NEG:.*]] = "tosa.greater"(%[[ZERO]], %[[X]])
// CHECK-NEXT:  %[[NOT_POS:.*]] = "tosa.select"(%[[NEG]], %[[MINUS_ONE]], %[[ZERO]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[POS]], %[[ONE]], %[[NOT_POS]]) : (tensor<3x5xi1>, tensor<1x1xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @sign_int32(%arg0: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.sign"(%arg0) : (tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// TOSA integers are signless: unsigned plain integer tensors stay tfl ops.
// CHECK-LABEL: @square_unsigned_integers_are_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.square"(%arg0) : (tensor<3x5xui8>) -> tensor<3x5xui8>
// CHECK-NEXT:  return %[[Y]]
func.func @square_unsigned_integers_are_unlowered(%arg0: tensor<3x5xui8>) -> tensor<3x5xui8> {
  // expected-remark@+1 {{unlowered: operand 0 is an unsigned integer tensor (ui8); TOSA integers are signless}}
  %0 = "tfl.square"(%arg0) : (tensor<3x5xui8>) -> tensor<3x5xui8>
  return %0 : tensor<3x5xui8>
}

// -----

// CHECK-LABEL: @neg_dynamic_shape_is_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.neg"(%arg0) : (tensor<?x5xf32>) -> tensor<?x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @neg_dynamic_shape_is_unlowered(%arg0: tensor<?x5xf32>) -> tensor<?x5xf32> {
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x5xf32>)}}
  %0 = "tfl.neg"(%arg0) : (tensor<?x5xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// ===--- quantized instances: no integer pattern, dcast -> float op -> qcast ---=== //

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:-128>
// CHECK-LABEL: @abs_int8_has_no_integer_pattern
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x5x7x!quant.uniform<i8:f32, 0.5:-3>>)
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %[[ARG]] : tensor<3x5x7x!quant.uniform<i8:f32, 0.5:-3>> to tensor<3x5x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.abs"(%[[X]]) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 0.25:-128>>
// CHECK-NEXT:  return %[[Q]]
func.func @abs_int8_has_no_integer_pattern(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.abs}}
  %0 = "tfl.abs"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// TFLite's int8 NEG negates stored values (ignoring zero points); the fallback follows
// the real values.
!x = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @neg_int8_has_no_integer_pattern
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.negate"(%[[X]], %[[ZP]], %[[ZP]])
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 0.5:-3>>
// CHECK-NEXT:  return %[[Q]]
func.func @neg_int8_has_no_integer_pattern(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!x> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.neg}}
  %0 = "tfl.neg"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!x>
  return %0 : tensor<3x5x7x!x>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-128>
!y = !quant.uniform<i8:f32, 0.125:-128>
// CHECK-LABEL: @sqrt_int8_has_no_integer_pattern
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[Y:.*]] = "math.sqrt"(%[[X]])
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 0.125:-128>>
func.func @sqrt_int8_has_no_integer_pattern(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.sqrt}}
  %0 = "tfl.sqrt"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

!x = !quant.uniform<i16:f32, 3.0517578125e-05>
!y = !quant.uniform<i16:f32, 0.0001220703125>
// CHECK-LABEL: @exp_int16_has_no_integer_pattern
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[Y:.*]] = "tosa.exp"(%[[X]])
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i16:f32, 0.0001220703125>>
func.func @exp_int16_has_no_integer_pattern(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.exp}}
  %0 = "tfl.exp"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}
