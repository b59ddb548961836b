// Golden test of legalize/families/elementwise/unary.py (and the tables of legalize/lib/lut.py): ABS, NEG, EXP, LOG, SQRT,
// RSQRT, SIN, COS, FLOOR, CEIL, ROUND, SQUARE, SIGN. The float patterns (TOSA where it has
// the op, math.sqrt and math.roundeven where it has none) on float tensors and the plain
// integer tensors of float models; then the integer patterns of ABS, NEG, EXP, LOG, SQRT
// and RSQRT (rescales, raw negation, TFLite's tables) and every reason one falls back.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
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
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
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
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[ONE:.*]] = "tosa.const"() {values = dense<1.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[MINUS_ONE:.*]] = "tosa.const"() {values = dense<-1.000000e+00> : tensor<1x1x1xf32>}
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
// CHECK-NEXT:  %[[Y:.*]] = "tfl.neg"(%arg0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @neg_dynamic_shape_is_unlowered(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark@+1 {{unlowered: more than one dynamic dimension in operand 0 (tensor<?x?xf32>)}}
  %0 = "tfl.neg"(%arg0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// ===--- integer patterns (kernels/elementwise.cc, exp.cc, neg.cc), bit-exact with TFLite ---=== //

// ABS (AbsEvalQuantized): zo + MBQM(|q - zi|, QM(si / so)); 0.05 / 0.03 in float32 =
// 1.66666675 = 0.83333337 * 2^1 -> (1789569792, 1) -> shift 30. |q - zi| in i32: a rescale
// subtracting -3, then tosa.abs.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.03:-128>
// CHECK-LABEL: @abs_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[D:.*]] = "tosa.rescale"(%[[X]], {{.*}} -> tensor<3x5x7xi32>
// CHECK-NEXT:  %[[A:.*]] = "tosa.abs"(%[[D]]) : (tensor<3x5x7xi32>) -> tensor<3x5x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1789569792> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[A]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @abs_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.abs"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// Equal scales: the kernel only adds zo and clamps; a rescale by QM(1) = (2^30, 1), shift 30,
// is exactly that.
!x = !quant.uniform<i16:f32, 0.001>
// CHECK-LABEL: @abs_int16_same_scale
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[D:.*]] = "tosa.cast"(%[[X]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[A:.*]] = "tosa.abs"(%[[D]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[A]], {{.*}} -> tensor<3x5xi16>
func.func @abs_int16_same_scale(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  %0 = "tfl.abs"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// TFLite's quantized ABS takes int8 and int16.
!x = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @abs_uint8_takes_the_fallback
// CHECK:       quant.dcast
// CHECK:       "tosa.abs"
func.func @abs_uint8_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8/i16}}
  %0 = "tfl.abs"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// GenericPrepare requires int16 zero points 0.
!x = !quant.uniform<i16:f32, 0.001:5>
// CHECK-LABEL: @abs_int16_zero_point_takes_the_fallback
// CHECK:       quant.dcast
func.func @abs_int16_zero_point_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is i16 with zero point 5; TFLite's int16 kernel requires 0}}
  %0 = "tfl.abs"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// NEG (reference_ops::Negate) negates the stored value and reads no quantization: -(-128)
// wraps to -128. tosa.negate saturates, so it runs in i32 and tosa.cast truncates back.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.03:7>
// CHECK-LABEL: @neg_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[W:.*]] = "tosa.cast"(%[[X]]) : (tensor<3x5x7xi8>) -> tensor<3x5x7xi32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[N:.*]] = "tosa.negate"(%[[W]], %[[ZP]], %[[ZP]]) : (tensor<3x5x7xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3x5x7xi32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[N]]) : (tensor<3x5x7xi32>) -> tensor<3x5x7xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<i8:f32, 3.000000e-02:7>>
func.func @neg_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.neg"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

!x = !quant.uniform<i16:f32, 0.001>
// CHECK-LABEL: @neg_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[W:.*]] = "tosa.cast"(%[[X]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[N:.*]] = "tosa.negate"(%[[W]], %[[ZP]], %[[ZP]])
// CHECK-NEXT:  "tosa.cast"(%[[N]]) : (tensor<3x5xi32>) -> tensor<3x5xi16>
func.func @neg_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  %0 = "tfl.neg"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// TFLite's NEG has no uint8 kernel.
!x = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @neg_uint8_takes_the_fallback
// CHECK:       quant.dcast
func.func @neg_uint8_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8/i16}}
  %0 = "tfl.neg"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// EXP int8 (exp.cc: LUTPopulate of exp), si = 1/32, so = 1/4, zo = -128; entry q + 128:
//   q = -128 (-4.0):  0.0183 * 4 = 0.07 -> 0 - 128 = -128           -> entry 0   = 0x80
//   q = 0    (0.0):   1 * 4 = 4 -> -124                              -> entry 128 = 0x84
//   q = 32   (1.0):   2.7182817 * 4 = 10.87 -> 11 - 128 = -117        -> entry 160 = 0x8B
//   q = 127  (3.97):  52.918 * 4 = 211.67 -> 212 - 128 = 84          -> entry 255 = 0x54
!x = !quant.uniform<i8:f32, 0.03125>
!y = !quant.uniform<i8:f32, 0.25:-128>
// CHECK-LABEL: @exp_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x80{{(([0-9A-F]{2}){127})}}84{{(([0-9A-F]{2}){31})}}8B{{(([0-9A-F]{2}){94})}}54"> : tensor<256xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.table"(%[[X]], %[[T]]) : (tensor<3x5x7xi8>, tensor<256xi8>) -> tensor<3x5x7xi8>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @exp_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.exp"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// EXP int16: LUTPopulate<int16_t> over [-32, 31.999] (si = 2^-10), output scaling
// 65536 / (65535 * 2^-7) = 128.002:
//   lut[0]   = exp(-32) * 128 = 0                                                 = 0x0000
//   lut[256] = exp(-1/2048) * 128.002 = 127.94 -> 128; next exp(0.1245) -> 144.97,
//              round((144.97 + 128) / 2) = 136 = round(exp(0.0620) * 128.002 = 136.19):
//              no bias                                                         = 0x0080
//   lut[512] = exp(31.999) * 128, far above 32767                               = 0x7FFF
// then tosa.table and LUTLookup's (t + 64) >> 7.
!x = !quant.uniform<i16:f32, 0.0009765625>
!y = !quant.uniform<i16:f32, 0.0078125>
// CHECK-LABEL: @exp_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x0000{{(([0-9A-F]{4}){255})}}8000{{(([0-9A-F]{4}){255})}}FF7F"> : tensor<513xi16>}
// CHECK-NEXT:  %[[L:.*]] = "tosa.table"(%[[X]], %[[T]]) : (tensor<3x5xi16>, tensor<513xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<7> : tensor<1xi8>}
// CHECK:       "tosa.rescale"(%[[L]], {{.*}} -> tensor<3x5xi16>
func.func @exp_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.exp"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// EXP int16 with si = so = 2^-7: samples x_i = -256 + i * 65535/65536. At i = 339 (83.0),
// exp(x) * 128.002 = 1.4e38 is finite but the next sample's is inf: the midpoint bias is
// inf and the entry -32768; from i = 340 on, inf - inf gives NaN, which the kernel's
// static_cast makes 0; lut[338] = 32767. TFLite computes each slope lut[i+1] - lut[i] as an
// int16 and wraps it (-65535 -> 1, 32768 -> -32768); tosa.table may not take such a table,
// so base and wrapped slope are gathered: base + ((slope * (q & 127) + 64) >> 7), cast to
// int16 (which wraps as TFLite's does).
//   bases (i32):  lut[338] = 0x00007FFF, lut[339] = 0xFFFF8000, lut[340] = 0
//   slopes (i32): 338 -> 1, 339 -> -32768 (0xFFFF8000)
!x = !quant.uniform<i16:f32, 0.0078125>
// CHECK-LABEL: @exp_int16_wrapping_slopes
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[V:.*]] = "tosa.cast"(%[[X]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<7> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[H:.*]] = "tosa.arithmetic_right_shift"(%[[V]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<256> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[I:.*]] = "tosa.add"(%[[H]], %{{.*}})
// CHECK-NEXT:  %[[BASES:.*]] = "tosa.const"() {values = dense<"0x{{(([0-9A-F]{8}){338})}}FF7F00000080FFFF00000000{{(([0-9A-F]{8}){171})}}"> : tensor<1x512x1xi32>}
// CHECK:       "tosa.gather"(%[[BASES]],
// CHECK:       %[[SLOPES:.*]] = "tosa.const"() {values = dense<"0x{{(([0-9A-F]{8}){338})}}010000000080FFFF{{(([0-9A-F]{8}){172})}}"> : tensor<1x512x1xi32>}
// CHECK:       "tosa.gather"(%[[SLOPES]],
// CHECK:       "tosa.const"() {values = dense<127> : tensor<1x1xi32>}
// CHECK-NEXT:  "tosa.bitwise_and"(%[[V]],
// CHECK:       "tosa.mul"
// CHECK:       "tosa.const"() {values = dense<64> : tensor<1x1xi32>}
// CHECK-NEXT:  "tosa.add"
// CHECK:       "tosa.arithmetic_right_shift"
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[SUM]]) : (tensor<3x5xi32>) -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @exp_int16_wrapping_slopes(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  %0 = "tfl.exp"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// TFLite's quantized EXP takes int8 and int16.
!x = !quant.uniform<u8:f32, 0.03125:128>
// CHECK-LABEL: @exp_uint8_takes_the_fallback
// CHECK:       quant.dcast
func.func @exp_uint8_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8/i16}}
  %0 = "tfl.exp"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// LOG int8 (LogLUTPrepare): log, and for x <= 0 the output's real minimum (-128 - zo) * so;
// si = so = 1/16, zi = -128:
//   q = -128 (0.0): -128 / 16 = -8 -> -128                   -> entry 0   = 0x80
//   q = -112 (1.0): log 1 = 0                                -> entry 16  = 0x00
//   q = -96  (2.0): 0.6931472 * 16 = 11.09 -> 11             -> entry 32  = 0x0B
//   q = 127  (15.94): 2.76866 * 16 = 44.3 -> 44              -> entry 255 = 0x2C
!x = !quant.uniform<i8:f32, 0.0625:-128>
!y = !quant.uniform<i8:f32, 0.0625>
// CHECK-LABEL: @log_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x80{{(([0-9A-F]{2}){15})}}00{{(([0-9A-F]{2}){15})}}0B{{(([0-9A-F]{2}){222})}}2C"> : tensor<256xi8>}
// CHECK-NEXT:  "tosa.table"(%[[X]], %[[T]])
func.func @log_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.log"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// SQRT int8 (SqrtEvalQuantized): int(sqrt(si * (q - zi)) / so) + zo, truncated; si = 1/16,
// zi = -128, so = 1/32, zo = -128:
//   q = -128 (0.0):   0 -> -128                                -> entry 0   = 0x80
//   q = -124 (0.25):  0.5 * 32 = 16 -> -112                    -> entry 4   = 0x90
//   q = -96  (2.0):   1.4142135 * 32 = 45.25 -> 45 -> -83      -> entry 32  = 0xAD
//   q = 127  (15.94): 3.9922 * 32 = 127.75 -> 127 (not 128) -> -1  -> entry 255 = 0xFF
!x = !quant.uniform<i8:f32, 0.0625:-128>
!y = !quant.uniform<i8:f32, 0.03125:-128>
// CHECK-LABEL: @sqrt_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x80{{(([0-9A-F]{2}){3})}}90{{(([0-9A-F]{2}){27})}}AD{{(([0-9A-F]{2}){222})}}FF"> : tensor<256xi8>}
// CHECK-NEXT:  "tosa.table"(%[[X]], %[[T]])
func.func @sqrt_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.sqrt"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// SQRT int16: the kernel's float32 operations, as they are: float(q) * si, sqrt, / so
// (arith.divf: TOSA has no division), truncation (floor: the root is >= 0), clamp, cast.
// Negative inputs, an error in TFLite, are clamped to 0 first.
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 0.0005>
// CHECK-LABEL: @sqrt_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[F:.*]] = "tosa.cast"(%[[X]]) : (tensor<3x5xi16>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[SI:.*]] = "tosa.const"() {values = dense<1.000000e-03> : tensor<1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.mul"(%[[F]], %[[SI]], %{{.*}})
// CHECK-NEXT:  %[[RC:.*]] = "tosa.clamp"(%[[R]]) {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  %[[ROOT:.*]] = "math.sqrt"(%[[RC]])
// CHECK-NEXT:  %[[SO:.*]] = "tosa.const"() {values = dense<5.000000e-04> : tensor<1x1xf32>}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[SOS:.*]] = "tosa.tile"(%[[SO]], %{{.*}})
// CHECK-NEXT:  %[[Q:.*]] = "arith.divf"(%[[ROOT]], %[[SOS]]) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[T:.*]] = "tosa.floor"(%[[Q]])
// CHECK-NEXT:  %[[C:.*]] = "tosa.clamp"(%[[T]]) {max_val = 3.276700e+04 : f32, min_val = -3.276800e+04 : f32}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[C]]) : (tensor<3x5xf32>) -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @sqrt_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.sqrt"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// sqrt(1000 * 32767) / 1e-6 = 5.7e9 does not fit int32: undefined in TFLite.
!x = !quant.uniform<i16:f32, 1000.0>
!y = !quant.uniform<i16:f32, 1.0e-06>
// CHECK-LABEL: @sqrt_overflowing_int32_takes_the_fallback
// CHECK:       quant.dcast
func.func @sqrt_overflowing_int32_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: the largest square root overflows int32 on the output scale (undefined in TFLite)}}
  %0 = "tfl.sqrt"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// RSQRT int8 (RsqrtEvalQuantizedInt8): GetInvSqrtQuantizedMultiplierExp(q - zi) in fixed
// point, then MBQM by QM(1 / (sqrt(si) * so)) = QM(128); q == zi gives 127. si = 1/16,
// zi = -128, so = 1/32, zo = -128: 1 / sqrt(x) / so = 32 / sqrt(x):
//   q = -128 (0.0):   127                                      -> entry 0  = 0x7F
//   q = -124 (0.25):  32 / 0.5 = 64 -> -64                     -> entry 4  = 0xC0
//   q = -112 (1.0):   32 -> -96                                -> entry 16 = 0xA0
//   q = -64  (4.0):   16 -> -112                               -> entry 64 = 0x90
!x = !quant.uniform<i8:f32, 0.0625:-128>
!y = !quant.uniform<i8:f32, 0.03125:-128>
// CHECK-LABEL: @rsqrt_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x7F{{(([0-9A-F]{2}){3})}}C0{{(([0-9A-F]{2}){11})}}A0{{(([0-9A-F]{2}){47})}}90{{(([0-9A-F]{2}){191})}}"> : tensor<256xi8>}
// CHECK-NEXT:  "tosa.table"(%[[X]], %[[T]])
func.func @rsqrt_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.rsqrt"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// RSQRT int16 (GenericPrepare): TFLite's table of 1 / sqrt, 32767 so for x <= 0; si = 2^-10,
// so = 2^-12, output scaling 65536 / (65535 * 2^-12) = 4096.06:
//   lut[0]   = 32767 * so * 4096.06 = 32767.5 -> 32767 (clamped)             = 0x7FFF
//   lut[512] = 1 / sqrt(31.999) = 0.17678 * 4096.06 = 724.1 -> 724          = 0x02D4
!x = !quant.uniform<i16:f32, 0.0009765625>
!y = !quant.uniform<i16:f32, 0.000244140625>
// CHECK-LABEL: @rsqrt_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0xFF7F{{(([0-9A-F]{4}){511})}}D402"> : tensor<513xi16>}
// CHECK-NEXT:  %[[L:.*]] = "tosa.table"(%[[X]], %[[T]])
// CHECK:       "tosa.rescale"(%[[L]], {{.*}} -> tensor<3x5xi16>
func.func @rsqrt_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.rsqrt"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}
