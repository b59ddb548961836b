// Golden test of legalize/families/elementwise/quantize.py: QUANTIZE and DEQUANTIZE. float -> quantized is
// quant.qcast, quantized -> float quant.dcast, quantized -> quantized TFLite's Requantize
// as one DOUBLE_ROUND tosa.rescale (unsigned flags for uint8), or a few where TOSA's profile
// asks for it (a uint8 -> uint8 flip first, 16-bit zero points in i32); DEQUANTIZE of float16
// is a widening cast; the reasons a requantize declines; FAKE_QUANT's float arithmetic.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file -o /dev/null

// Requantize (reference/requantize.h): (m, e) = QuantizeMultiplier(double(si) / double(so)),
// q_out = clamp(zp_out + MBQM(q_in - zp_in, m, e)); tosa.rescale shift = 31 - e.

!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @quantize_float_to_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[ARG]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:  %[[S:.*]] = quant.scast %[[Q]] : tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<3x5x7xi8>
// CHECK-NEXT:  %[[R:.*]] = quant.scast %[[S]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:  return %[[R]]
func.func @quantize_float_to_int8(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7x!q> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7x!q>
  return %0 : tensor<3x5x7x!q>
}

// -----

// quant.qcast handles every quantized type, per-axis included.
!q = !quant.uniform<i8:f32:2, {0.5:-3, 0.25:1, 0.125, 1.0:4, 2.0:-1, 0.5, 0.25}>
// CHECK-LABEL: @quantize_float_to_per_axis_int8
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %arg0 : tensor<3x5x7xf32> to tensor<3x5x7x{{.*}}>
// CHECK-NEXT:  %[[S:.*]] = quant.scast %[[Q]] : {{.*}} to tensor<3x5x7xi8>
// CHECK-NEXT:  %[[R:.*]] = quant.scast %[[S]] : tensor<3x5x7xi8> to
// CHECK-NEXT:  return %[[R]]
func.func @quantize_float_to_per_axis_int8(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7x!q> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7x!q>
  return %0 : tensor<3x5x7x!q>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:4>
// CHECK-LABEL: @requantize_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// CHECK-NEXT:  %[[X:.*]] = quant.scast %[[ARG]] : tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<3x5x7xi8>
// 0.5 / 0.25 = 2.0 = 0.5 * 2^2 -> (1073741824, 2) -> shift 29
// CHECK-NEXT:  %[[M:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<29> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<4> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[X]], %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true} : (tensor<3x5x7xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<3x5x7xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<i8:f32, 2.500000e-01:4>>
// CHECK-NEXT:  return %[[Q]]
func.func @requantize_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// The requantize of models/concat-requantize.int8.tflite (softmax output to concat scale).
!x = !quant.uniform<i8:f32, 0.00390625:-128>
!y = !quant.uniform<i8:f32, 0.04700824245810509:-33>
// CHECK-LABEL: @requantize_int8_odd_scale
// 0.00390625 / 0.04700824245810509 = 0.08309712926368917 = 0.6647...*2^-3 -> (1427597810, -3) -> shift 34
// CHECK:       %[[M:.*]] = "tosa.const"() {values = dense<1427597810> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<34> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-33> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"(%{{.*}}, %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {{.*}} : (tensor<3x10xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<3x10xi8>
func.func @requantize_int8_odd_scale(%arg0: tensor<3x10x!x>) -> tensor<3x10x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x10x!x>) -> tensor<3x10x!y>
  return %0 : tensor<3x10x!y>
}

// -----

// The input QUANTIZE of models/coverage/cnn-mixed.uint8-io.tflite: uint8 -> int8 at the same
// scale. The uint8 zero point is read as unsigned (input_unsigned).
!x = !quant.uniform<u8:f32, 0.015683481469750404:96>
!y = !quant.uniform<i8:f32, 0.015683481469750404:-32>
// CHECK-LABEL: @requantize_uint8_to_int8
// 1.0 = 0.5 * 2^1 -> (1073741824, 1) -> shift 30
// CHECK:       %[[M:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<96> : tensor<1xi8>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-32> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"(%{{.*}}, %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {input_unsigned = true, output_unsigned = false, {{.*}}} : (tensor<1x5x7x3xi8>, {{.*}}) -> tensor<1x5x7x3xi8>
func.func @requantize_uint8_to_int8(%arg0: tensor<1x5x7x3x!x>) -> tensor<1x5x7x3x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<1x5x7x3x!x>) -> tensor<1x5x7x3x!y>
  return %0 : tensor<1x5x7x3x!y>
}

// -----

// int8 -> uint8 at the same scale, zero points 0 and 128: TFLite's fast path (q ^ 0x80 when
// the multiplier is QM(1) = (2^30, 1) and the zero points are 128 apart, reference/requantize.h)
// computes the same as MBQM, which is exact for QM(1). The unsigned 128 is stored as the i8
// bit pattern -128.
!x = !quant.uniform<i8:f32, 0.5>
!y = !quant.uniform<u8:f32, 0.5:128>
// CHECK-LABEL: @requantize_int8_to_uint8
// CHECK:       "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%{{.*}}, %{{.*}}, %{{.*}}, %[[IN_ZP]], %[[OUT_ZP]]) {input_unsigned = false, output_unsigned = true, {{.*}}} : {{.*}} -> tensor<3x5xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<u8:f32, 5.000000e-01:128>>
func.func @requantize_int8_to_uint8(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

!x = !quant.uniform<i16:f32, 3.0485785828204826e-05>
!y = !quant.uniform<i8:f32, 0.0078125>
// CHECK-LABEL: @requantize_int16_to_int8
// 3.0485785828204826e-05 / 0.0078125 = 0.0039021805860102177 = 0.9989...*2^-8 -> (2145246464, -8) -> shift 39
// CHECK:       %[[M:.*]] = "tosa.const"() {values = dense<2145246464> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<39> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"(%{{.*}}, %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {{.*}} : (tensor<3x5xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<3x5xi8>
func.func @requantize_int16_to_int8(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.0078125:3>
!y = !quant.uniform<i16:f32, 7.58949390728958e-05>
// CHECK-LABEL: @requantize_int8_to_int16
// 0.0078125 / 7.58949390728958e-05 = 102.93835261526763 = 0.8042...*2^7 -> (1727018977, 7) -> shift 24
// CHECK:       %[[M:.*]] = "tosa.const"() {values = dense<1727018977> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<24> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  "tosa.rescale"(%{{.*}}, %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {{.*}} : (tensor<3x5xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<3x5xi16>
func.func @requantize_int8_to_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

!x = !quant.uniform<i32:f32, 1.4643665963376407e-05>
!y = !quant.uniform<i8:f32, 0.06680203974246979:7>
// CHECK-LABEL: @requantize_int32_to_int8
// 1.4643665963376407e-05 / 0.06680203974246979 = 2.192098627501431e-04 = 0.8979...*2^-12 -> (1928190344, -12) -> shift 43
// CHECK:       %[[M:.*]] = "tosa.const"() {values = dense<1928190344> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<43> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<7> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.rescale"(%{{.*}}, %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {{.*}} : (tensor<3x5xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<3x5xi8>
func.func @requantize_int32_to_int8(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// The largest ratio whose MBQM cannot leave int32 on int8 values: 2^22 = 0.5 * 2^23
// -> (1073741824, 23): 255 * 2^23 < 2^31, one tosa.rescale with shift 31 - 23 = 8.
!x = !quant.uniform<i8:f32, 1.0>
!y = !quant.uniform<i8:f32, 2.384185791015625e-07>
// CHECK-LABEL: @requantize_ratio_2_pow_22
// CHECK:       "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<8> : tensor<1xi8>}
// CHECK:       "tosa.rescale"
func.func @requantize_ratio_2_pow_22(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// 2^28 = 0.5 * 2^29 -> (1073741824, 29): MBQM's int32 `q * 2^29` wraps in TFLite
// (internal/common.h), so the left shift is a wrapping tosa.logical_left_shift and the
// rescale keeps the multiplier alone (shift 31).
!x = !quant.uniform<i8:f32, 1.0>
!y = !quant.uniform<i8:f32, 3.725290298461914e-09>
// CHECK-LABEL: @requantize_ratio_2_pow_28_wraps
// CHECK:       %[[Q:.*]] = "tosa.cast"
// CHECK-NEXT:  %[[LEFT:.*]] = "tosa.const"() {values = dense<29> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[WRAPPED:.*]] = "tosa.logical_left_shift"(%[[Q]], %[[LEFT]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK:       "tosa.rescale"(%[[WRAPPED]],
func.func @requantize_ratio_2_pow_28_wraps(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// A rescale reads or writes unsigned values, not both: uint8 -> uint8 flips the input to
// q - 128 first (zero point 100 - 128 = -28), then rescales to uint8 (output zero point 140,
// stored as the i8 bits -116). 0.05 / 0.03 = 1.6666667 (float32 scales) = 0.8333*2^1
// -> (1789569773, 1) -> shift 30.
!x = !quant.uniform<u8:f32, 0.05:100>
!y = !quant.uniform<u8:f32, 0.03:140>
// CHECK-LABEL: @requantize_uint8_to_uint8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:  %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:  %[[SIGNED:.*]] = "tosa.bitwise_xor"(%[[X]], %[[SIGN]])
// CHECK-NEXT:  %[[M:.*]] = "tosa.const"() {values = dense<1789569773> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  %[[IN_ZP:.*]] = "tosa.const"() {values = dense<-28> : tensor<1xi8>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-116> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[SIGNED]], %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {input_unsigned = false, output_unsigned = true, {{.*}}} : {{.*}} -> tensor<3x5xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<u8:f32, 3.000000e-02:140>>
func.func @requantize_uint8_to_uint8(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// uint8 -> int16 with zero point 0 is one rescale (input_unsigned, 8 to 16 bits):
// 0.0078125 / 7.62939453125e-06 = 1024 = 0.5*2^11 -> (1073741824, 11) -> shift 20.
!x = !quant.uniform<u8:f32, 0.0078125:128>
!y = !quant.uniform<i16:f32, 7.62939453125E-6>
// CHECK-LABEL: @requantize_uint8_to_int16
// CHECK:       "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<20> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  "tosa.rescale"({{.*}}) {input_unsigned = true, output_unsigned = false, {{.*}}} : (tensor<3x5xi8>, {{.*}}) -> tensor<3x5xi16>
func.func @requantize_uint8_to_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// An int16 output zero point (TFLite allows it from int8): a rescale to i16 takes zero point 0,
// so MBQM goes to i32, the zero point -100 is added there, and the identity rescale (2^30,
// shift 30) saturates to int16.
!x = !quant.uniform<i8:f32, 0.0078125:3>
!y = !quant.uniform<i16:f32, 7.62939453125E-6:-100>
// CHECK-LABEL: @requantize_int8_to_int16_zero_point
// CHECK:       "tosa.const"() {values = dense<20> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[W:.*]] = "tosa.rescale"({{.*}} -> tensor<3x5xi32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<-100> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[W]], %[[ZP]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[SUM]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @requantize_int8_to_int16_zero_point(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// An int16 input zero point is subtracted in i32 (7.62939453125e-06 / 0.0078125 = 2^-10
// -> (1073741824, -9) -> shift 40).
!x = !quant.uniform<i16:f32, 7.62939453125E-6:50>
!y = !quant.uniform<i8:f32, 0.0078125:-5>
// CHECK-LABEL: @requantize_int16_zero_point_to_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[X32:.*]] = "tosa.cast"(%[[X]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<50> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[X32]], %[[ZP]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<40> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-5> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5xi8>
func.func @requantize_int16_zero_point_to_int8(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// int16 -> int32: 1e-4 / 1e-6 = 100 (float32 scales: 99.999997) = 0.78125*2^7
// -> (1677721562, 7) -> shift 24.
!x = !quant.uniform<i16:f32, 1.0E-4>
!y = !quant.uniform<i32:f32, 1.0E-6>
// CHECK-LABEL: @requantize_int16_to_int32
// CHECK:       "tosa.const"() {values = dense<1677721562> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<24> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.rescale"({{.*}} : (tensor<3x5xi16>, {{.*}}) -> tensor<3x5xi32>
func.func @requantize_int16_to_int32(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// 1.0 / 2^-29 = 2^29 = 0.5 * 2^30 -> (1073741824, 30): `q * 2^30` wraps in int32 as in
// TFLite, then the multiplier alone (shift 31).
!x = !quant.uniform<i8:f32, 1.0>
!y = !quant.uniform<i8:f32, 1.862645149230957e-09>
// CHECK-LABEL: @requantize_ratio_2_pow_29
// CHECK:       "tosa.const"() {values = dense<30> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[WRAPPED:.*]] = "tosa.logical_left_shift"
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK:       "tosa.rescale"(%[[WRAPPED]], {{.*}} -> tensor<3x5xi8>
func.func @requantize_ratio_2_pow_29(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// ===--- requantizes that decline: dcast -> qcast ---=== //

// 1.0 / 2^-31 = 2^31 = 0.5 * 2^32: a left shift of 32 is beyond int32.
!x = !quant.uniform<i8:f32, 1.0>
!y = !quant.uniform<i8:f32, 4.656612873077393e-10>
// CHECK-LABEL: @requantize_declines_ratio_2_pow_31
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x5x!quant.uniform<i8:f32, 1.000000e+00>>)
// CHECK-NEXT:  %[[F:.*]] = quant.dcast %[[ARG]] : tensor<3x5x!quant.uniform<i8:f32, 1.000000e+00>> to tensor<3x5xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[F]] : tensor<3x5xf32> to tensor<3x5x!quant.uniform<i8:f32, 4.6566128730773926E-10>>
// CHECK-NEXT:  return %[[Q]]
func.func @requantize_declines_ratio_2_pow_31(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: requantization multiplier 2147483648.0 needs a left shift over 31}}
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

!x = !quant.uniform<i8:f32:1, {0.5:-3, 0.25:1, 0.125, 1.0:4, 2.0:-1}>
!y = !quant.uniform<i8:f32, 0.25:4>
// CHECK-LABEL: @requantize_declines_per_axis_input
// CHECK-NEXT:  %[[F:.*]] = quant.dcast %arg0 : tensor<3x5x{{.*}}> to tensor<3x5xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[F]] : tensor<3x5xf32> to tensor<3x5x!quant.uniform<i8:f32, 2.500000e-01:4>>
// CHECK-NEXT:  return %[[Q]]
func.func @requantize_declines_per_axis_input(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32:1, {0.5:-3, 0.25:1, 0.125, 1.0:4, 2.0:-1}>
// CHECK-LABEL: @requantize_declines_per_axis_result
// CHECK-NEXT:  %[[F:.*]] = quant.dcast %arg0 : tensor<3x5x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<3x5xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[F]] : tensor<3x5xf32> to tensor<3x5x{{.*}}>
// CHECK-NEXT:  return %[[Q]]
func.func @requantize_declines_per_axis_result(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: per-axis quantized result 0}}
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @dequantize_int8_to_float
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// CHECK-NEXT:  %[[S:.*]] = quant.scast %[[ARG]] : tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<3x5x7xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[S]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// CHECK-NEXT:  %[[F:.*]] = quant.dcast %[[Q]] : tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[F]]
func.func @dequantize_int8_to_float(%arg0: tensor<3x5x7x!q>) -> tensor<3x5x7xf32> {
  %0 = "tfl.dequantize"(%arg0) : (tensor<3x5x7x!q>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// Per-axis int8 weights dequantized (a weight-only model).
!q = !quant.uniform<i8<-127:127>:f32:0, {0.25, 0.125, 0.0625}>
// CHECK-LABEL: @dequantize_per_axis_weights
// CHECK:       %[[C:.*]] = arith.constant dense<{{\[\[}}1, 2, 3, 4, 5], [-1, -2, -3, -4, -5], [127, -127, 0, 1, -1]]> : tensor<3x5xi8>
// CHECK-NEXT:  %[[W:.*]] = quant.scast %[[C]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8<-127:127>:f32:0, {2.500000e-01,1.250000e-01,6.250000e-02}>>
// The stored weights are read past their scast, and cast back to the same type is that scast.
// CHECK-NEXT:  %[[F:.*]] = quant.dcast %[[W]] : {{.*}} to tensor<3x5xf32>
// CHECK-NEXT:  return %[[F]]
func.func @dequantize_per_axis_weights() -> tensor<3x5xf32> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x5x!q>, value = dense<[[1, 2, 3, 4, 5], [-1, -2, -3, -4, -5], [127, -127, 0, 1, -1]]> : tensor<3x5xi8>} : () -> tensor<3x5x!q>
  %0 = "tfl.dequantize"(%w) : (tensor<3x5x!q>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// float16 weights (models/coverage/cnn-mixed.float16w.tflite): a widening cast.
// CHECK-LABEL: @dequantize_float16_weights
// CHECK:       %[[C:.*]] = arith.constant dense<[1.500000e+00, -2.000000e+00, 2.500000e-01]> : tensor<3xf16>
// CHECK-NEXT:  %[[F:.*]] = "tosa.cast"(%[[C]]) : (tensor<3xf16>) -> tensor<3xf32>
// CHECK-NEXT:  return %[[F]]
func.func @dequantize_float16_weights() -> tensor<3xf32> {
  %w = "tfl.pseudo_const"() {value = dense<[1.5, -2.0, 0.25]> : tensor<3xf16>} : () -> tensor<3xf16>
  %0 = "tfl.dequantize"(%w) : (tensor<3xf16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// A result more static than its operand (a dynamic batch the converter fixed on the result):
// the dcast keeps the operand's shape and the driver casts it to the result's.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: @dequantize_dynamic_operand_static_result
// CHECK:       %[[F:.*]] = quant.dcast %{{.*}} : tensor<?x5x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<?x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tensor.cast"(%[[F]]) : (tensor<?x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @dequantize_dynamic_operand_static_result(%arg0: tensor<?x5x!q>) -> tensor<3x5xf32> {
  %0 = "tfl.dequantize"(%arg0) : (tensor<?x5x!q>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// TFLite stores scales as float32, so its ratio is double(float(0.1)) / double(float(0.3))
// = 0.33333332505491076 -> (1431655730, -1) -> shift 32, as the conv, FC and ADD patterns compute
// it (they round each scale to float32 first). With the double scales of the type,
// 0.1 / 0.3 = 0.3333...3 would give (1431655765, -1).
!x = !quant.uniform<i8:f32, 0.1>
!y = !quant.uniform<i8:f32, 0.3>
// CHECK-LABEL: @requantize_scales_are_float32
// CHECK:       "tosa.const"() {values = dense<1431655730> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<32> : tensor<1xi8>}
func.func @requantize_scales_are_float32(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.quantize"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// FAKE_QUANT (kernels/fake_quant.cc, NudgeQuantizationRange and FakeQuantizeArray), float
// in and out. min -1, max 2.5, 8 bits: scale = 3.5 / 255 = 0.01372549 (float32); the zero
// point from min, 0 - (-1 / scale) = 72.857, rounds to 73, so nudged_min = -73 * scale
// = -1.00196076 and nudged_max = 182 * scale = 2.49803924. Then clamp, subtract nudged_min,
// times 1 / scale, round half away from zero (TfLiteRound), times scale, plus nudged_min.
// CHECK-LABEL: @fake_quant
// CHECK-NEXT:  %[[C:.*]] = "tosa.clamp"(%arg0) {max_val = 2.49803925 : f32, min_val = -1.00196075 : f32}
// CHECK-NEXT:  %[[MIN:.*]] = "tosa.const"() {values = dense<-1.00196075> : tensor<1x1xf32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.sub"(%[[C]], %[[MIN]])
// CHECK-NEXT:  %[[INV:.*]] = "tosa.const"() {values = dense<72.8571396> : tensor<1x1xf32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Q:.*]] = "tosa.mul"(%[[S]], %[[INV]], %[[SHIFT]])
// CHECK-NEXT:  %[[R:.*]] = "math.round"(%[[Q]]) : (tensor<4x9xf32>) -> tensor<4x9xf32>
// CHECK-NEXT:  %[[SCALE:.*]] = "tosa.const"() {values = dense<0.0137254903> : tensor<1x1xf32>}
// CHECK-NEXT:  %[[SHIFT2:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[D:.*]] = "tosa.mul"(%[[R]], %[[SCALE]], %[[SHIFT2]])
// CHECK-NEXT:  %[[MIN2:.*]] = "tosa.const"() {values = dense<-1.00196075> : tensor<1x1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.add"(%[[D]], %[[MIN2]]) : (tensor<4x9xf32>, tensor<1x1xf32>) -> tensor<4x9xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @fake_quant(%arg0: tensor<4x9xf32>) -> tensor<4x9xf32> {
  %0 = "tfl.fake_quant"(%arg0) {max = 2.5 : f32, min = -1.0 : f32, narrow_range = false, num_bits = 8 : i32} : (tensor<4x9xf32>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}

