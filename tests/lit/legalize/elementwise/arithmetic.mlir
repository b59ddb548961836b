// Golden test of legalize/families/elementwise/arithmetic.py and integer_arithmetic.py: ADD, SUB, MUL, DIV,
// FLOOR_DIV, FLOOR_MOD, POW, SQUARED_DIFFERENCE, MAXIMUM, MINIMUM. The integer patterns
// (one DOUBLE_ROUND tosa.rescale per MultiplyByQuantizedMultiplier, i32 arithmetic, clamps on
// the storage type; uint8 flipped to the int8 view q - 128 and back), the float path (on float
// tensors and on the plain integer tensors of float models), and every reason a quantized
// instance takes the fallback.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// ADD's and SUB's multipliers (kernels/add.cc, sub.cc; left_shift k = 20 for 8-bit, 15 for int16):
//   twice_max = 2 * max(s1, s2)
//   m1 = QM(s1 / twice_max), m2 = QM(s2 / twice_max), mo = QM(twice_max / (2^k * so))
// each QuantizeMultiplier (m, e) a tosa.rescale with shift 31 - e; (q - zp) << k is an exact
// rescale by 2^30 with shift 30 - k.

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:1>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @add_int8
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<1x3x5x7x!quant.uniform<i8:f32, 5.000000e-01:-3>>, %[[ARG1:.*]]: tensor<1x3x5x7x!quant.uniform<i8:f32, 2.500000e-01:1>>)
// CHECK-NEXT:  %[[A:.*]] = quant.scast %[[ARG0]] : {{.*}} to tensor<1x3x5x7xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %[[ARG1]] : {{.*}} to tensor<1x3x5x7xi8>
// (q1 - zp1) << 20, exactly: multiplier 2^30, shift 10, input zero point -3.
// CHECK-NEXT:  %[[M20:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S20:.*]] = "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[A_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[A20:.*]] = "tosa.rescale"(%[[A]], %[[M20]], %[[S20]], %[[A_ZP]], %[[ZERO]]) {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true} : (tensor<1x3x5x7xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x3x5x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[B_ZP:.*]] = "tosa.const"() {values = dense<1> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B20:.*]] = "tosa.rescale"(%[[B]], %{{.*}}, %{{.*}}, %[[B_ZP]], %{{.*}}) {{.*}} -> tensor<1x3x5x7xi32>
// twice_max = 2 * 0.5 = 1.0; 0.5 / 1.0 = 0.5 = 0.5 * 2^0 -> (1073741824, 0) -> shift 31
// CHECK-NEXT:  %[[M1:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S1:.*]] = "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[A_SCALED:.*]] = "tosa.rescale"(%[[A20]], %[[M1]], %[[S1]], {{.*}} -> tensor<1x3x5x7xi32>
// 0.25 / 1.0 = 0.25 = 0.5 * 2^-1 -> (1073741824, -1) -> shift 32
// CHECK-NEXT:  %[[M2:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S2:.*]] = "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B_SCALED:.*]] = "tosa.rescale"(%[[B20]], %[[M2]], %[[S2]], {{.*}} -> tensor<1x3x5x7xi32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A_SCALED]], %[[B_SCALED]]) : (tensor<1x3x5x7xi32>, tensor<1x3x5x7xi32>) -> tensor<1x3x5x7xi32>
// 1.0 / (2^20 * 1.0) = 2^-20 = 0.5 * 2^-19 -> (1073741824, -19) -> shift 50
// CHECK-NEXT:  %[[MO:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[SO:.*]] = "tosa.const"() {values = dense<50> : tensor<1xi8>}
// CHECK-NEXT:  %[[SUM_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[SUM]], %[[MO]], %[[SO]], %[[SUM_ZP]], %[[OUT_ZP]]) {{.*}} : (tensor<1x3x5x7xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x3x5x7xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x3x5x7xi8> to tensor<1x3x5x7x!quant.uniform<i8:f32, 1.000000e+00:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @add_int8(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<1x3x5x7x!y>) -> tensor<1x3x5x7x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x5x7x!x>, tensor<1x3x5x7x!y>) -> tensor<1x3x5x7x!z>
  return %0 : tensor<1x3x5x7x!z>
}

// -----

// Scales of models/add-broadcast-channel.int8.tflite; the second operand has a lower rank.
!x = !quant.uniform<i8:f32, 0.015683628618717194:-32>
!y = !quant.uniform<i8:f32, 0.04688602685928345:-33>
!z = !quant.uniform<i8:f32, 0.06213744729757309:-33>
// CHECK-LABEL: @add_broadcast_odd_scales_relu_int8
// CHECK:       %[[A20:.*]] = "tosa.rescale"({{.*}} -> tensor<1x3x5x7xi32>
// TOSA broadcasts between equal ranks only: [7] -> [1, 1, 1, 7].
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 1, 1, 7]> : tensor<4xindex>}
// CHECK-NEXT:  %[[B4:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<7xi8>, !tosa.shape<4>) -> tensor<1x1x1x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-33> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B20:.*]] = "tosa.rescale"(%[[B4]], {{.*}} -> tensor<1x1x1x7xi32>
// twice_max = 2 * 0.04688602685928345 = 0.0937720537185669
// s1 / twice_max = 0.16725269413196003 = 0.6690...*2^-2 -> (1436689703, -2) -> shift 33
// CHECK-NEXT:  "tosa.const"() {values = dense<1436689703> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
// CHECK:       %[[A_SCALED:.*]] = "tosa.rescale"(%[[A20]], {{.*}} -> tensor<1x3x5x7xi32>
// s2 / twice_max = 0.5 -> (1073741824, 0) -> shift 31
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK:       %[[B_SCALED:.*]] = "tosa.rescale"(%[[B20]], {{.*}} -> tensor<1x1x1x7xi32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A_SCALED]], %[[B_SCALED]]) : (tensor<1x3x5x7xi32>, tensor<1x1x1x7xi32>) -> tensor<1x3x5x7xi32>
// twice_max / (2^20 * 0.06213744729757309) = 1.4391965411742499e-06 = 0.7545...*2^-19
//   -> (1620391252, -19) -> shift 50
// CHECK-NEXT:  "tosa.const"() {values = dense<1620391252> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<50> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-33> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[SUM]], {{.*}} -> tensor<1x3x5x7xi8>
// RELU: [max(-128, -33), 127]
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 127 : i8, min_val = -33 : i8}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @add_broadcast_odd_scales_relu_int8(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<7x!y>) -> tensor<1x3x5x7x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU", pot_scale_int16 = true} : (tensor<1x3x5x7x!x>, tensor<7x!y>) -> tensor<1x3x5x7x!z>
  return %0 : tensor<1x3x5x7x!z>
}

// -----

// uint8 is the int8 computation on q - 128 (bitwise_xor -128 flips the sign bit) with zero
// points 125 - 128 = -3 and 130 - 128 = 2, output zero point 128 - 128 = 0, and the RELU6
// bounds [128 + round(0 / 1.0), 128 + round(6 / 1.0)] = [128, 134] as [0, 6]; then flipped back.
!x = !quant.uniform<u8:f32, 0.5:125>
!y = !quant.uniform<u8:f32, 0.25:130>
!z = !quant.uniform<u8:f32, 1.0:128>
// CHECK-LABEL: @add_uint8_relu6
// CHECK-NEXT:  %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:  %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:  %[[A_SIGNED:.*]] = "tosa.bitwise_xor"(%[[A]], %[[SIGN]]) : (tensor<3x5xi8>, tensor<1x1xi8>) -> tensor<3x5xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[A_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[A20:.*]] = "tosa.rescale"(%[[A_SIGNED]], %{{.*}}, %{{.*}}, %[[A_ZP]], %{{.*}}) {input_unsigned = false, output_unsigned = false, {{.*}}} : {{.*}} -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:  %[[B_SIGNED:.*]] = "tosa.bitwise_xor"(%[[B]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[B_ZP:.*]] = "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B20:.*]] = "tosa.rescale"(%[[B_SIGNED]], %{{.*}}, %{{.*}}, %[[B_ZP]], %{{.*}})
// 0.5 / 1.0 -> shift 31; 0.25 / 1.0 -> shift 32; 1.0 / (2^20 * 1.0) -> shift 50
// CHECK:       "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK:       %[[A_SCALED:.*]] = "tosa.rescale"(%[[A20]]
// CHECK:       "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK:       %[[B_SCALED:.*]] = "tosa.rescale"(%[[B20]]
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A_SCALED]], %[[B_SCALED]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<50> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[SUM]], %{{.*}}, %{{.*}}, %{{.*}}, %[[OUT_ZP]]) {{.*}} -> tensor<3x5xi8>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 6 : i8, min_val = 0 : i8}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:  %[[U:.*]] = "tosa.bitwise_xor"(%[[R]], %{{.*}})
// CHECK-NEXT:  quant.scast %[[U]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<u8:f32, 1.000000e+00:128>>
func.func @add_uint8_relu6(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU6", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// int16, scales not powers of two: the general kernel with k = 15. (q << 15) leaves the exact
// range of a rescale (|value| < 2^(shift - 1)), so: tosa.cast to i32, logical_left_shift.
// Scales as float32: s1 = 0.0010000000474974513, s2 = 0.003000000026077032,
// so = 0.004000000189989805; twice_max = 0.006000000052154064.
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 0.003>
!z = !quant.uniform<i16:f32, 0.004>
// CHECK-LABEL: @add_int16_general_relu
// CHECK-NEXT:  %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<5xi16>
// CHECK-NEXT:  %[[A32:.*]] = "tosa.cast"(%[[A]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[K:.*]] = "tosa.const"() {values = dense<15> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[A15:.*]] = "tosa.logical_left_shift"(%[[A32]], %[[K]]) : (tensor<3x5xi32>, tensor<1x1xi32>) -> tensor<3x5xi32>
// CHECK:       %[[B2:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<5xi16>, !tosa.shape<2>) -> tensor<1x5xi16>
// CHECK-NEXT:  %[[B32:.*]] = "tosa.cast"(%[[B2]]) : (tensor<1x5xi16>) -> tensor<1x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<15> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[B15:.*]] = "tosa.logical_left_shift"(%[[B32]], %{{.*}})
// s1 / twice_max = 0.16666667313418448 = 0.6667*2^-2 -> (1431655821, -2) -> shift 33
// CHECK-NEXT:  "tosa.const"() {values = dense<1431655821> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
// CHECK:       %[[A_SCALED:.*]] = "tosa.rescale"(%[[A15]]
// s2 / twice_max = 0.5 -> (1073741824, 0) -> shift 31
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK:       %[[B_SCALED:.*]] = "tosa.rescale"(%[[B15]]
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A_SCALED]], %[[B_SCALED]]) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
// twice_max / (2^15 * so) = 4.577636541114324e-05 = 0.75*2^-14 -> (1610612674, -14) -> shift 45
// CHECK-NEXT:  "tosa.const"() {values = dense<1610612674> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<45> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[SUM]], {{.*}} -> tensor<3x5xi16>
// RELU on int16, zero point 0: [0, 32767]
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 32767 : i16, min_val = 0 : i16} : (tensor<3x5xi16>) -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[R]]
func.func @add_int16_general_relu(%arg0: tensor<3x5x!x>, %arg1: tensor<5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// int16 with power-of-two scales (pot_scale_int16, CheckedLog2 of each scale within 1e-3 of an
// integer: 9.766e-4 counts as 2^-10): the power-of-two kernel. Input 2 (2^-12) is brought to the
// output's 2^-10 by RoundingDivideByPOT(q2, 2): a DOUBLE_ROUND rescale by 2^30 with shift
// 31 + 2 = 33 of 2 * q2 (itself an exact rescale with shift 29); input 1 is used as it is.
// The sum saturates to int16 (identity rescale, shift 30), then RELU6: [0, round(6 / 9.766e-4)]
// = [0, 6144] (6 / 9.766e-4 = 6143.76).
!x = !quant.uniform<i16:f32, 9.765625E-4>
!y = !quant.uniform<i16:f32, 2.44140625E-4>
!z = !quant.uniform<i16:f32, 9.766E-4>
// CHECK-LABEL: @add_int16_power_of_two_relu6
// CHECK-NEXT:  %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:  %[[A32:.*]] = "tosa.cast"(%[[A]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<29> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B2X:.*]] = "tosa.rescale"(%[[B]], {{.*}} : (tensor<3x5xi16>, {{.*}}) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B_SHIFTED:.*]] = "tosa.rescale"(%[[B2X]], {{.*}} -> tensor<3x5xi32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A32]], %[[B_SHIFTED]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[SAT:.*]] = "tosa.rescale"(%[[SUM]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[SAT]]) {max_val = 6144 : i16, min_val = 0 : i16}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @add_int16_power_of_two_relu6(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU6", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// The same scales with pot_scale_int16 = false: the general kernel.
!x = !quant.uniform<i16:f32, 9.765625E-4>
!y = !quant.uniform<i16:f32, 2.44140625E-4>
// CHECK-LABEL: @add_int16_power_of_two_scales_general_kernel
// CHECK:       "tosa.logical_left_shift"
// CHECK:       "tosa.logical_left_shift"
// CHECK:       "tosa.add"
func.func @add_int16_power_of_two_scales_general_kernel(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!x> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = false} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// The largest output multiplier accepted: 2.0 / (2^20 * 2^-18) = 0.5 -> (1073741824, 0) -> shift 31.
!x = !quant.uniform<i8:f32, 1.0>
!z = !quant.uniform<i8:f32, 3.814697265625e-06>
// CHECK-LABEL: @add_output_multiplier_one_half_int8
// CHECK:       "tosa.add"({{.*}}) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
func.func @add_output_multiplier_one_half_int8(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// SUB: ADD's rescaling, then tosa.sub. so = 1.250000e-01: 1.000000e+00 / (2^20 * 1.250000e-01) = 2^-17 -> shift 47;
// RELU_N1_TO_1: [5 + round(-1 / 1.250000e-01), 5 + round(1 / 1.250000e-01)] = [-3, 13].
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:1>
!z = !quant.uniform<i8:f32, 0.125:5>
// CHECK-LABEL: @sub_int8_relu_n1_to_1
// CHECK:       "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK:       %[[A_SCALED:.*]] = "tosa.rescale"
// CHECK:       "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK:       %[[B_SCALED:.*]] = "tosa.rescale"
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[A_SCALED]], %[[B_SCALED]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<47> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5xi8>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 13 : i8, min_val = -3 : i8}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @sub_int8_relu_n1_to_1(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "RELU_N1_TO_1", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// Power-of-two int16 SUB broadcasts (BroadcastSub16POTSlow), unlike ADD: input 1 (2^-13) is
// divided by 2^2 onto the output's 2^-11, input 2 (2^-11) is used as it is.
!x = !quant.uniform<i16:f32, 1.220703125E-4>
!y = !quant.uniform<i16:f32, 4.8828125E-4>
// CHECK-LABEL: @sub_int16_power_of_two_broadcast
// CHECK:       %[[A2:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<5xi16>, !tosa.shape<2>) -> tensor<1x5xi16>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<29> : tensor<1xi8>}
// CHECK:       %[[A2X:.*]] = "tosa.rescale"(%[[A2]], {{.*}} -> tensor<1x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
// CHECK:       %[[A_SHIFTED:.*]] = "tosa.rescale"(%[[A2X]], {{.*}} -> tensor<1x5xi32>
// CHECK-NEXT:  %[[B32:.*]] = "tosa.cast"(%{{.*}}) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[A_SHIFTED]], %[[B32]]) : (tensor<1x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK:       %[[SAT:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[SAT]]
func.func @sub_int16_power_of_two_broadcast(%arg0: tensor<5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!y> {
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<5x!x>, tensor<3x5x!y>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// MUL (reference/integer_ops/mul.h): MBQM((q1 - zp1) * (q2 - zp2), QM(s1 * s2 / so)), the
// multiplier in float32 as mul.cc's Prepare: f32(f32(0.05 * 0.03) / 0.07) = 0.021428572
// = 0.6857*2^-5 -> (1472560256, -5) -> shift 36 (in double it would be 1472560199).
// RELU: [max(-128, -10 + round(0 / 7.000000e-02)), 127] = [-10, 127].
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.03:4>
!z = !quant.uniform<i8:f32, 0.07:-10>
// CHECK-LABEL: @mul_int8_broadcast_relu
// CHECK:       "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[A:.*]] = "tosa.rescale"({{.*}} -> tensor<3x5xi32>
// CHECK:       "tosa.reshape"({{.*}}) : (tensor<5xi8>, !tosa.shape<2>) -> tensor<1x5xi8>
// CHECK:       "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<4> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B:.*]] = "tosa.rescale"({{.*}} -> tensor<1x5xi32>
// CHECK-NEXT:  %[[NO_SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[P:.*]] = "tosa.mul"(%[[A]], %[[B]], %[[NO_SHIFT]]) : (tensor<3x5xi32>, tensor<1x5xi32>, tensor<1xi8>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1472560256> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<36> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-10> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[P]], {{.*}} -> tensor<3x5xi8>
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {max_val = 127 : i8, min_val = -10 : i8}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @mul_int8_broadcast_relu(%arg0: tensor<3x5x!x>, %arg1: tensor<5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "RELU"} : (tensor<3x5x!x>, tensor<5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// int16 MUL, zero points 0: f32(f32(3e-4 * 2e-4) / 5e-4) = 1.19999990e-4 = 0.983*2^-13
// -> (2111062144, -13) -> shift 44 (in double: 2111062272).
!x = !quant.uniform<i16:f32, 3.0E-4>
!y = !quant.uniform<i16:f32, 2.0E-4>
!z = !quant.uniform<i16:f32, 5.0E-4>
// CHECK-LABEL: @mul_int16
// CHECK-NEXT:  %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:  %[[A32:.*]] = "tosa.cast"(%[[A]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[B32:.*]] = "tosa.cast"(%[[B]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[P:.*]] = "tosa.mul"(%[[A32]], %[[B32]], %{{.*}}) : (tensor<3x5xi32>, tensor<3x5xi32>, tensor<1xi8>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<2111062144> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<44> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[P]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @mul_int16(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// SQUARED_DIFFERENCE int8 (squared_difference.cc): left shift 7 (a rescale shift 30 - 7 = 23),
// twice_max = 2 * 0.1 = 0.2: 0.05 / 0.2 = 0.25 -> shift 32, 0.1 / 0.2 = 0.5 -> shift 31;
// the difference squared (tosa.mul), then 0.2^2 / (2^14 * 0.2) = 1.2207031e-05 = 0.8*2^-16
// -> (1717986944, -16) -> shift 47 (float32 scales: 0.8000000119 * 2^31); no activation.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.1:4>
!z = !quant.uniform<i8:f32, 0.2:-128>
// CHECK-LABEL: @squared_difference_int8
// CHECK:       "tosa.const"() {values = dense<23> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK:       "tosa.const"() {values = dense<23> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<4> : tensor<1xi8>}
// CHECK:       "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK:       %[[A:.*]] = "tosa.rescale"
// CHECK:       "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK:       %[[B:.*]] = "tosa.rescale"
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[A]], %[[B]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SQ:.*]] = "tosa.mul"(%[[D]], %[[D]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<1717986944> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<47> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[SQ]], {{.*}} -> tensor<3x5xi8>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @squared_difference_int8(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.squared_difference"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// MAXIMUM, MINIMUM, FLOOR_DIV, FLOOR_MOD read no quantization parameter (maximum_minimum.cc,
// floor_div.cc, floor_mod.cc): the op on the stored values, in i32, cast back.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.1:4>
!z = !quant.uniform<i8:f32, 0.2:7>
// CHECK-LABEL: @maximum_int8_stored_values
// CHECK-NEXT:  %[[A:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[B:.*]] = quant.scast %arg1
// CHECK-NEXT:  %[[A32:.*]] = "tosa.cast"(%[[A]]) : (tensor<3x5xi8>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[B32:.*]] = "tosa.cast"(%[[B]]) : (tensor<5xi8>) -> tensor<5xi32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B2:.*]] = "tosa.reshape"(%[[B32]], %{{.*}})
// CHECK-NEXT:  %[[M:.*]] = "tosa.maximum"(%[[A32]], %[[B2]]) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[M]]) : (tensor<3x5xi32>) -> tensor<3x5xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 2.000000e-01:7>>
func.func @maximum_int8_stored_values(%arg0: tensor<3x5x!x>, %arg1: tensor<5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.maximum"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// uint8 stored values compare unsigned: flipped to q - 128 (order-preserving), and back.
!x = !quant.uniform<u8:f32, 0.05:120>
!y = !quant.uniform<u8:f32, 0.1:130>
// CHECK-LABEL: @minimum_uint8_stored_values
// CHECK:       %[[A8:.*]] = "tosa.bitwise_xor"
// CHECK-NEXT:  %[[A32:.*]] = "tosa.cast"(%[[A8]]) : (tensor<3x5xi8>) -> tensor<3x5xi32>
// CHECK:       %[[B8:.*]] = "tosa.bitwise_xor"
// CHECK-NEXT:  %[[B32:.*]] = "tosa.cast"(%[[B8]]) : (tensor<3x5xi8>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[M:.*]] = "tosa.minimum"(%[[A32]], %[[B32]])
// CHECK-NEXT:  %[[Y8:.*]] = "tosa.cast"(%[[M]]) : (tensor<3x5xi32>) -> tensor<3x5xi8>
// CHECK-NEXT:  %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.bitwise_xor"(%[[Y8]], %[[SIGN]])
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<u8:f32, 5.000000e-02:120>>
func.func @minimum_uint8_stored_values(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!x> {
  %0 = "tfl.minimum"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.1:4>
// CHECK-LABEL: @floor_div_int8_stored_values
// CHECK:       %[[A32:.*]] = "tosa.cast"(%{{.*}}) : (tensor<3x5xi8>) -> tensor<3x5xi32>
// CHECK:       %[[BT:.*]] = "tosa.tile"({{.*}}) : (tensor<1x5xi32>, !tosa.shape<2>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[Q:.*]] = "arith.floordivsi"(%[[A32]], %[[BT]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[Q]]) : (tensor<3x5xi32>) -> tensor<3x5xi8>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @floor_div_int8_stored_values(%arg0: tensor<3x5x!x>, %arg1: tensor<5x!y>) -> tensor<3x5x!x> {
  %0 = "tfl.floor_div"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<5x!y>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

!x = !quant.uniform<i16:f32, 0.05>
!y = !quant.uniform<i16:f32, 0.1>
// CHECK-LABEL: @floor_mod_int16_stored_values
// CHECK:       %[[A32:.*]] = "tosa.cast"(%{{.*}}) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[B32:.*]] = "tosa.cast"(%{{.*}}) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[R:.*]] = "arith.remsi"(%[[A32]], %[[B32]])
// CHECK:       %[[Y32:.*]] = "tosa.select"
// CHECK-NEXT:  %[[Y:.*]] = "tosa.cast"(%[[Y32]]) : (tensor<3x5xi32>) -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @floor_mod_int16_stored_values(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!x> {
  %0 = "tfl.floor_mod"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}
// -----

// ===--- the float path: float tensors and the plain integer tensors of float models ---=== //

// CHECK-LABEL: @add_float_broadcast_relu6
// CHECK-SAME:    (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B2:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<5xf32>, !tosa.shape<2>) -> tensor<1x5xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A]], %[[B2]]) : (tensor<3x5xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[SUM]]) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @add_float_broadcast_relu6(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU6", pot_scale_int16 = true} : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// The int32 tensors of a float model: CalculateActivationRange<int32_t> clamps RELU6 to [0, 6].
// CHECK-LABEL: @add_int32_relu6
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[SUM]]) {max_val = 6 : i32, min_val = 0 : i32}
// CHECK-NEXT:  return %[[Y]]
func.func @add_int32_relu6(%arg0: tensor<3x5xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU6", pot_scale_int16 = true} : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @sub_float_relu_n1_to_1
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[D]]) {max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @sub_float_relu_n1_to_1(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "RELU_N1_TO_1", pot_scale_int16 = true} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @mul_float_broadcast
// CHECK-SAME:    (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B2:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<5xf32>, !tosa.shape<2>) -> tensor<1x5xf32>
// TOSA 1.0's mul takes its shift as an operand (0 for floats).
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%[[A]], %[[B2]], %[[SHIFT]]) : (tensor<3x5xf32>, tensor<1x5xf32>, tensor<1xi8>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @mul_float_broadcast(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// Float DIV is correctly rounded, as C++ `/` (TOSA's reciprocal-then-multiply rounds
// twice): arith.divf, which does not broadcast, so the divisor is reshaped and tiled.
// CHECK-LABEL: @div_float_broadcast_relu
// CHECK-SAME:    (%[[A:.*]]: tensor<1x3x5x7xf32>, %[[B:.*]]: tensor<7xf32>)
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 1, 1, 7]> : tensor<4xindex>}
// CHECK-NEXT:  %[[B4:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<7xf32>, !tosa.shape<4>) -> tensor<1x1x1x7xf32>
// CHECK-NEXT:  %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[1, 3, 5, 1]> : tensor<4xindex>}
// CHECK-NEXT:  %[[BT:.*]] = "tosa.tile"(%[[B4]], %[[MULTIPLES]]) : (tensor<1x1x1x7xf32>, !tosa.shape<4>) -> tensor<1x3x5x7xf32>
// CHECK-NEXT:  %[[Q:.*]] = "arith.divf"(%[[A]], %[[BT]]) : (tensor<1x3x5x7xf32>, tensor<1x3x5x7xf32>) -> tensor<1x3x5x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[Q]]) {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @div_float_broadcast_relu(%arg0: tensor<1x3x5x7xf32>, %arg1: tensor<7xf32>) -> tensor<1x3x5x7xf32> {
  %0 = "tfl.div"(%arg0, %arg1) {fused_activation_function = "RELU"} : (tensor<1x3x5x7xf32>, tensor<7xf32>) -> tensor<1x3x5x7xf32>
  return %0 : tensor<1x3x5x7xf32>
}

// -----

// int32 DIV truncates toward zero (C++ `/`), like tosa.intdiv.
// CHECK-LABEL: @div_int32_truncates
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B2:.*]] = "tosa.reshape"(%arg1, %{{.*}}) : (tensor<5xi32>, !tosa.shape<2>) -> tensor<1x5xi32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.intdiv"(%arg0, %[[B2]]) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @div_int32_truncates(%arg0: tensor<3x5xi32>, %arg1: tensor<5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.div"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5xi32>, tensor<5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// FLOOR_DIV: floor(double(a) / double(b)) (reference/floor_div.h).
// CHECK-LABEL: @floor_div_float
// CHECK-SAME:    (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK:       %[[BT:.*]] = "tosa.tile"({{.*}}) : (tensor<1x5xf32>, !tosa.shape<2>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[WA:.*]] = "arith.extf"(%[[A]]) : (tensor<3x5xf32>) -> tensor<3x5xf64>
// CHECK-NEXT:  %[[WB:.*]] = "arith.extf"(%[[BT]]) : (tensor<3x5xf32>) -> tensor<3x5xf64>
// CHECK-NEXT:  %[[Q:.*]] = "arith.divf"(%[[WA]], %[[WB]]) : (tensor<3x5xf64>, tensor<3x5xf64>) -> tensor<3x5xf64>
// CHECK-NEXT:  %[[F:.*]] = "math.floor"(%[[Q]]) : (tensor<3x5xf64>) -> tensor<3x5xf64>
// CHECK-NEXT:  %[[Y:.*]] = "arith.truncf"(%[[F]]) : (tensor<3x5xf64>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @floor_div_float(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.floor_div"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @floor_div_int32
// CHECK:       %[[BT:.*]] = "tosa.tile"({{.*}}) : (tensor<1x5xi32>, !tosa.shape<2>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[Y:.*]] = "arith.floordivsi"(%arg0, %[[BT]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @floor_div_int32(%arg0: tensor<3x5xi32>, %arg1: tensor<5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.floor_div"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// FLOOR_MOD: r = fmod(a, b), then r + b where r != 0 and the signs of r and b differ.
// CHECK-LABEL: @floor_mod_float
// CHECK-SAME:    (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<3x5xf32>)
// CHECK-NEXT:  %[[R:.*]] = "arith.remf"(%[[A]], %[[B]]) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1xf32>}
// CHECK-NEXT:  %[[B_NEG:.*]] = "tosa.greater"(%[[ZERO]], %[[B]])
// CHECK-NEXT:  %[[R_NEG:.*]] = "tosa.greater"(%[[ZERO]], %[[R]])
// CHECK-NEXT:  %[[DIFFER:.*]] = "tosa.logical_xor"(%[[B_NEG]], %[[R_NEG]])
// CHECK-NEXT:  %[[R_ZERO:.*]] = "tosa.equal"(%[[R]], %[[ZERO]])
// CHECK-NEXT:  %[[R_NONZERO:.*]] = "tosa.logical_not"(%[[R_ZERO]])
// CHECK-NEXT:  %[[FIX:.*]] = "tosa.logical_and"(%[[R_NONZERO]], %[[DIFFER]])
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[R]], %[[B]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[FIX]], %[[SUM]], %[[R]])
// CHECK-NEXT:  return %[[Y]]
func.func @floor_mod_float(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.floor_mod"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @floor_mod_int32
// CHECK:       %[[BT:.*]] = "tosa.tile"({{.*}}) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[R:.*]] = "arith.remsi"(%arg0, %[[BT]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1x1xi32>}
// CHECK:       %[[SUM:.*]] = "tosa.add"(%[[R]], %[[BT]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%{{.*}}, %[[SUM]], %[[R]])
// CHECK-NEXT:  return %[[Y]]
func.func @floor_mod_int32(%arg0: tensor<3x5xi32>, %arg1: tensor<5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.floor_mod"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @pow_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.pow"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @pow_float(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.pow"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// int32 POW: std::pow(int, int) computes in double and converts back (truncating).
// CHECK-LABEL: @pow_int32
// CHECK-NEXT:  %[[A:.*]] = "arith.sitofp"(%arg0) : (tensor<3x5xi32>) -> tensor<3x5xf64>
// CHECK-NEXT:  %[[B:.*]] = "arith.sitofp"(%arg1) : (tensor<3x5xi32>) -> tensor<3x5xf64>
// CHECK-NEXT:  %[[P:.*]] = "math.powf"(%[[A]], %[[B]]) : (tensor<3x5xf64>, tensor<3x5xf64>) -> tensor<3x5xf64>
// CHECK-NEXT:  %[[Y:.*]] = "arith.fptosi"(%[[P]]) : (tensor<3x5xf64>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @pow_int32(%arg0: tensor<3x5xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.pow"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @squared_difference_float_broadcast
// CHECK:       %[[B2:.*]] = "tosa.reshape"(%arg1, %{{.*}}) : (tensor<5xf32>, !tosa.shape<2>) -> tensor<1x5xf32>
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%arg0, %[[B2]]) : (tensor<3x5xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%[[D]], %[[D]], %[[SHIFT]])
// CHECK-NEXT:  return %[[Y]]
func.func @squared_difference_float_broadcast(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.squared_difference"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @maximum_float_broadcast
// CHECK:       %[[B2:.*]] = "tosa.reshape"(%arg1, %{{.*}}) : (tensor<5xf32>, !tosa.shape<2>) -> tensor<1x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.maximum"(%arg0, %[[B2]]) : (tensor<3x5xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @maximum_float_broadcast(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.maximum"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @minimum_int32
// CHECK-NEXT:  %[[Y:.*]] = "tosa.minimum"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @minimum_int32(%arg0: tensor<3x5xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.minimum"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// ===--- quantized instances that take the fallback: dcast -> float op -> qcast ---=== //

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32:1, {0.5:-3, 0.25:1, 0.5, 0.125:2, 1.0}>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @add_declines_per_axis_operand
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1 : tensor<3x5x{{.*}}> to tensor<3x5xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A]], %[[B]])
// CHECK-NEXT:  quant.qcast %[[SUM]] : tensor<3x5xf32> to tensor<3x5x!quant.uniform<i8:f32, 1.000000e+00:5>>
func.func @add_declines_per_axis_operand(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: per-axis quantized operand 1}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// Two dynamic dimensions: neither pattern takes them (a dynamic batch is lowered: legalize/dynamic.mlir); the op stays tfl.add on floats.
!x = !quant.uniform<i8:f32, 0.5:-3>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @add_declines_dynamic_shape
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0 : tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<?x?xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1 : tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<?x?xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tfl.add"(%[[A]], %[[B]]) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[SUM]] : tensor<?x?xf32> to tensor<?x?x!quant.uniform<i8:f32, 1.000000e+00:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @add_declines_dynamic_shape(%arg0: tensor<?x?x!x>, %arg1: tensor<?x?x!x>) -> tensor<?x?x!z> {
  // expected-remark@+1 {{unlowered: more than one dynamic dimension in operand 0 (tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>); dynamic shape of operand 0 (tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>) outside the first (batch) dimension}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<?x?x!x>, tensor<?x?x!x>) -> tensor<?x?x!z>
  return %0 : tensor<?x?x!z>
}

// -----

// TFLite's Prepare requires the output multiplier below 1 (QuantizeMultiplierSmallerThanOneExp):
// twice_max / (2^20 * so) = 2.0 / (2^20 * 2^-19) = 1.0.
!x = !quant.uniform<i8:f32, 1.0>
!z = !quant.uniform<i8:f32, 1.9073486328125e-06>
// CHECK-LABEL: @add_declines_output_multiplier_not_below_one
// CHECK:       "tosa.add"({{.*}}) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  quant.qcast
// CHECK-NOT:   "tosa.rescale"
func.func @add_declines_output_multiplier_not_below_one(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: output multiplier 1.0 is not below 1, which TFLite's Prepare rejects}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// TFLite's power-of-two int16 ADD (reference/add.h: Add, pot_scale) reads both inputs as flat
// arrays of one size (MatchingElementsSize aborts otherwise): it cannot broadcast.
!x = !quant.uniform<i16:f32, 9.765625E-4>
!y = !quant.uniform<i16:f32, 2.44140625E-4>
// CHECK-LABEL: @add_int16_power_of_two_declines_broadcast
// CHECK:       quant.dcast
// CHECK-NOT:   "tosa.rescale"
func.func @add_int16_power_of_two_declines_broadcast(%arg0: tensor<3x5x!x>, %arg1: tensor<5x!y>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: power-of-two int16 ADD with broadcasting, which TFLite's kernel does not take (it aborts)}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<5x!y>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// The power-of-two kernel only divides an input onto the output scale: log2(2^-9) - log2(2^-10)
// = 1 > 0 fails add.cc's Prepare.
!x = !quant.uniform<i16:f32, 1.953125E-3>
!y = !quant.uniform<i16:f32, 9.765625E-4>
// CHECK-LABEL: @add_int16_power_of_two_declines_input_scale_above_output
// CHECK:       quant.dcast
// CHECK-NOT:   "tosa.rescale"
func.func @add_int16_power_of_two_declines_input_scale_above_output(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: power-of-two int16 input shifts (1, 0); TFLite's Prepare wants both <= 0, one 0}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// SUB's output multiplier may exceed 1 (sub.cc: QuantizeMultiplierGreaterThanOne), but Eval
// applies it with MultiplyByQuantizedMultiplierSmallerThanOneExp, a RoundingDivideByPOT by a
// negative exponent (undefined; the wheel gives 1 for 0 - 0): 2 * 0.001 / (2^20 * 1e-9) = 1.907.
!x = !quant.uniform<i8:f32, 0.001>
!z = !quant.uniform<i8:f32, 1.0E-9>
// CHECK-LABEL: @sub_declines_output_multiplier_above_one
// CHECK:       "tosa.sub"({{.*}}) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
func.func @sub_declines_output_multiplier_above_one(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: output multiplier 1.9073487773502062 above 1: sub.cc takes QuantizeMultiplierGreaterThanOne but Eval divides by a negative power of two (undefined)}}
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// 1.0 * 1.0 / 1e-10 = 1e10 = 0.58*2^34: MBQM would shift left by 34, beyond int32.
!x = !quant.uniform<i8:f32, 1.0>
!z = !quant.uniform<i8:f32, 1.0E-10>
// CHECK-LABEL: @mul_declines_multiplier_beyond_left_shift_31
// CHECK:       "tosa.mul"({{.*}}) : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<1xi8>) -> tensor<3x5xf32>
func.func @mul_declines_multiplier_beyond_left_shift_31(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: requantization multiplier 10000000000.0 needs a left shift over 31}}
  %0 = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// squared_difference.cc has an int8 kernel only (its Eval rejects uint8 and int16).
!x = !quant.uniform<u8:f32, 0.05:128>
!z = !quant.uniform<u8:f32, 0.2:0>
// CHECK-LABEL: @squared_difference_declines_uint8
// CHECK:       quant.dcast
func.func @squared_difference_declines_uint8(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8}}
  %0 = "tfl.squared_difference"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// (2 * 1.0)^2 / (2^14 * 1e-4) = 2.44: QuantizeMultiplierSmallerThanOneExp aborts in Prepare.
!x = !quant.uniform<i8:f32, 1.0>
!z = !quant.uniform<i8:f32, 1.0E-4>
// CHECK-LABEL: @squared_difference_declines_output_multiplier_not_below_one
// CHECK:       quant.dcast
func.func @squared_difference_declines_output_multiplier_not_below_one(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: output multiplier 2.4414063116751112 is not below 1, which TFLite's Prepare rejects}}
  %0 = "tfl.squared_difference"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// floor_div.cc takes int8, int16, int32 and float32 (not uint8).
!x = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @floor_div_declines_uint8
// CHECK:       quant.dcast
func.func @floor_div_declines_uint8(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8/i16}}
  %0 = "tfl.floor_div"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// DIV, int8 and uint8 (kernels/div.cc, reference/div.h DivElementwise): the result depends on
// the stored pair alone, so the kernel runs at compile time for all 65536 pairs and one
// tosa.gather reads the table at (q1 + 128) * 256 + (q2 + 128), the signed readings of the
// bytes: (q1 + 128) << 8 and q2 + 128 are exact rescales (multiplier 2^30, shifts 22 and 30,
// input zero point -128), their tosa.add broadcasts to the result.
// M = float32(0.05 / float32(0.02 * 0.1)) = 25. Entry 0 is q1 = q2 = -128:
// (-125 * 0.05) / (-132 * 0.02) / 0.1 = 23.67 -> 24 - 10 = 14 = 0x0E; entry 131 is q2 = 3
// (125 * 0.05 / 0.02 / 0.1, saturated: 0x7F), entry 132 q2 = 4 = zp2, a division by zero
// (TFLite's Eval fails), -125 / 0: the activation minimum, 0x80.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.02:4>
!z = !quant.uniform<i8:f32, 0.1:-10>
// CHECK-LABEL: @div_int8
// CHECK-NEXT:  %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:  %[[M_HI:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S_HI:.*]] = "tosa.const"() {values = dense<22> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZP_HI:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[OZP_HI:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[HI:.*]] = "tosa.rescale"(%[[A]], %[[M_HI]], %[[S_HI]], %[[ZP_HI]], %[[OZP_HI]]) {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true} : (tensor<3x5xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[M_LO:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S_LO:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZP_LO:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[OZP_LO:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[LO:.*]] = "tosa.rescale"(%[[B]], %[[M_LO]], %[[S_LO]], %[[ZP_LO]], %[[OZP_LO]]) {{.*}} : (tensor<3x5xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[INDEX:.*]] = "tosa.add"(%[[HI]], %[[LO]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[TABLE:.*]] = "tosa.const"() {values = dense<"0x0E0E0E0E0E0F0F0F0F0F1010101010{{([0-9A-F]{2}){116}7F80[0-9A-F]*}}"> : tensor<1x65536x1xi8>}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 15]> : tensor<2xindex>}
// CHECK-NEXT:  %[[FLAT:.*]] = "tosa.reshape"(%[[INDEX]], %{{.*}}) : (tensor<3x5xi32>, !tosa.shape<2>) -> tensor<1x15xi32>
// CHECK-NEXT:  %[[G:.*]] = "tosa.gather"(%[[TABLE]], %[[FLAT]]) : (tensor<1x65536x1xi8>, tensor<1x15xi32>) -> tensor<1x15x1xi8>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.reshape"(%[[G]], %{{.*}}) : (tensor<1x15x1xi8>, !tosa.shape<2>) -> tensor<3x5xi8>
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 1.000000e-01:-10>>
// CHECK-NEXT:  return %[[Q]]
func.func @div_int8(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.div"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// Broadcasting (BroadcastDivSlow runs the same per-element code): the divisor goes to the
// result's rank, the index's tosa.add broadcasts [2, 1, 5] with [1, 3, 1]. RELU is in the
// table: the same entries as @div_int8, negative quotients (and -125 / 0) at zp_out = -10 = 0xF6.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.02:4>
!z = !quant.uniform<i8:f32, 0.1:-10>
// CHECK-LABEL: @div_int8_broadcast_relu
// CHECK:       %[[HI:.*]] = "tosa.rescale"({{.*}}) {{.*}} -> tensor<2x1x5xi32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 3, 1]> : tensor<3xindex>}
// CHECK-NEXT:  %[[B3:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<3x1xi8>, !tosa.shape<3>) -> tensor<1x3x1xi8>
// CHECK:       %[[LO:.*]] = "tosa.rescale"(%[[B3]], {{.*}} -> tensor<1x3x1xi32>
// CHECK-NEXT:  %[[INDEX:.*]] = "tosa.add"(%[[HI]], %[[LO]]) : (tensor<2x1x5xi32>, tensor<1x3x1xi32>) -> tensor<2x3x5xi32>
// CHECK-NEXT:  %[[TABLE:.*]] = "tosa.const"() {values = dense<"0x0E0E0E0E0E0F0F0F0F0F1010101010{{([0-9A-F]{2}){116}7FF6F6[0-9A-F]*}}"> : tensor<1x65536x1xi8>}
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 30]> : tensor<2xindex>}
// CHECK-NEXT:  %[[FLAT:.*]] = "tosa.reshape"(%[[INDEX]], %{{.*}}) : (tensor<2x3x5xi32>, !tosa.shape<2>) -> tensor<1x30xi32>
// CHECK-NEXT:  %[[G:.*]] = "tosa.gather"(%[[TABLE]], %[[FLAT]]) : (tensor<1x65536x1xi8>, tensor<1x30xi32>) -> tensor<1x30x1xi8>
// CHECK:       "tosa.reshape"(%[[G]], %{{.*}}) : (tensor<1x30x1xi8>, !tosa.shape<3>) -> tensor<2x3x5xi8>
func.func @div_int8_broadcast_relu(%arg0: tensor<2x1x5x!x>, %arg1: tensor<3x1x!y>) -> tensor<2x3x5x!z> {
  %0 = "tfl.div"(%arg0, %arg1) {fused_activation_function = "RELU"} : (tensor<2x1x5x!x>, tensor<3x1x!y>) -> tensor<2x3x5x!z>
  return %0 : tensor<2x3x5x!z>
}

// -----

// uint8: the same signed reading of the bytes indexes the table (no sign flip), so entry
// (s1 + 128) * 256 + (s2 + 128) holds the result for the stored values s & 0xff, as a byte.
// Entry 0 is the bytes 0x80, 0x80 (q1 = q2 = 128): (-2 * 0.05) / (8 * 0.02) / 0.06 = -10.4
// -> -10 + 128 = 118 = 0x76. Entries 246..249 are q2 = 118..121 for q1 = 128: -2 / -2 ->
// 170 = 0xAA, -2 / -1 -> 211 = 0xD3, -2 / 0 (zp2 = 120) -> the minimum 0, -2 / 1 -> 45 = 0x2D.
!x = !quant.uniform<u8:f32, 0.05:130>
!y = !quant.uniform<u8:f32, 0.02:120>
!z = !quant.uniform<u8:f32, 0.06:128>
// CHECK-LABEL: @div_uint8
// CHECK-NEXT:  %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x5xi8>
// CHECK-NOT:   "tosa.bitwise_xor"
// CHECK:       %[[HI:.*]] = "tosa.rescale"(%[[A]], {{.*}}) {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true} {{.*}} -> tensor<3x5xi32>
// CHECK:       %[[LO:.*]] = "tosa.rescale"(%[[B]], {{.*}}) {{.*}} -> tensor<3x5xi32>
// CHECK-NEXT:  %[[INDEX:.*]] = "tosa.add"(%[[HI]], %[[LO]])
// CHECK-NEXT:  %[[TABLE:.*]] = "tosa.const"() {values = dense<"0x76777878797A7A7A{{([0-9A-F]{2}){238}AAD3002D[0-9A-F]*}}"> : tensor<1x65536x1xi8>}
// CHECK:       %[[G:.*]] = "tosa.gather"(%[[TABLE]], %{{.*}}) : (tensor<1x65536x1xi8>, tensor<1x15xi32>) -> tensor<1x15x1xi8>
// CHECK-NEXT:  "tosa.const_shape"
// CHECK-NEXT:  %[[Y:.*]] = "tosa.reshape"(%[[G]], %{{.*}}) : (tensor<1x15x1xi8>, !tosa.shape<2>) -> tensor<3x5xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<u8:f32, 6.000000e-02:128>>
func.func @div_uint8(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  %0 = "tfl.div"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// int16 DIV keeps the fallback: its table would hold 2^32 pairs.
!x = !quant.uniform<i16:f32, 3.0E-4>
!y = !quant.uniform<i16:f32, 2.0E-4>
!z = !quant.uniform<i16:f32, 5.0E-4>
// CHECK-LABEL: @div_int16_declines
// CHECK:       quant.dcast
// CHECK:       "arith.divf"
// CHECK-NOT:   "tosa.gather"
func.func @div_int16_declines(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: int16 DIV would need a table of 2^32 stored pairs; reference/div.h's int16 kernel takes the fallback}}
  %0 = "tfl.div"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// M = 1 / (1e-4 * 1e-3) = 1e7 = 0.6 * 2^24: the final RoundingDivideByPOT's exponent
// r + h - 24 is -1 for 255 / 1 (h = 23, r = 0), undefined in TFLite: the fallback.
!x = !quant.uniform<i8:f32, 1.0>
!y = !quant.uniform<i8:f32, 1.0E-4>
!z = !quant.uniform<i8:f32, 1.0E-3>
// CHECK-LABEL: @div_declines_negative_shift
// CHECK:       "arith.divf"
func.func @div_declines_negative_shift(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: output multiplier 10000000.0: DivElementwise would divide by 2^-1 (a negative exponent in RoundingDivideByPOT, undefined)}}
  %0 = "tfl.div"(%arg0, %arg1) {fused_activation_function = "NONE"} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// TOSA integers are signless (read as signed): unsigned plain integer tensors stay tfl ops.
// CHECK-LABEL: @maximum_unsigned_integers_are_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.maximum"(%arg0, %arg1) : (tensor<3x5xui8>, tensor<3x5xui8>) -> tensor<3x5xui8>
// CHECK-NEXT:  return %[[Y]]
func.func @maximum_unsigned_integers_are_unlowered(%arg0: tensor<3x5xui8>, %arg1: tensor<3x5xui8>) -> tensor<3x5xui8> {
  // expected-remark@+1 {{unlowered: operand 0 is an unsigned integer tensor (ui8); TOSA integers are signless}}
  %0 = "tfl.maximum"(%arg0, %arg1) : (tensor<3x5xui8>, tensor<3x5xui8>) -> tensor<3x5xui8>
  return %0 : tensor<3x5xui8>
}

// -----

// ADD_N (kernels/add_n.cc): a chain of tosa.add in input order.
// CHECK-LABEL: @add_n
// CHECK-NEXT:  %[[S:.*]] = "tosa.add"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.add"(%[[S]], %arg2) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @add_n(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xf32>, %arg2: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.add_n"(%arg0, %arg1, %arg2) : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// ATAN2 (kernels/atan2.cc): std::atan2 element by element, math.atan2.
// CHECK-LABEL: @atan2
// CHECK-NEXT:  %[[Y:.*]] = "math.atan2"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @atan2(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.atan2"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// BITWISE_XOR (kernels/bitwise_xor.cc): tosa.bitwise_xor, the lower-rank operand reshaped.
// CHECK-LABEL: @bitwise_xor
// CHECK-NEXT:  %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B:.*]] = "tosa.reshape"(%arg1, %[[SHAPE]]) : (tensor<5xi16>, !tosa.shape<2>) -> tensor<1x5xi16>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.bitwise_xor"(%arg0, %[[B]]) : (tensor<3x5xi16>, tensor<1x5xi16>) -> tensor<3x5xi16>
// CHECK-NEXT:  return %[[Y]]
func.func @bitwise_xor(%arg0: tensor<3x5xi16>, %arg1: tensor<5xi16>) -> tensor<3x5xi16> {
  %0 = "tfl.bitwise_xor"(%arg0, %arg1) : (tensor<3x5xi16>, tensor<5xi16>) -> tensor<3x5xi16>
  return %0 : tensor<3x5xi16>
}

// -----

// RIGHT_SHIFT (kernels/right_shift.cc): the shift clamped to [0, bits - 1] as the kernel
// does, then an arithmetic shift without rounding (C++ `>>` of a signed integer). TOSA's
// profiles take tosa.clamp on i8/i16 only: i32 clamps by maximum and minimum.
// CHECK-LABEL: @right_shift
// CHECK-NEXT:  %[[N:.*]] = "tosa.clamp"(%arg1) {max_val = 7 : i8, min_val = 0 : i8} : (tensor<3x5xi8>) -> tensor<3x5xi8>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.arithmetic_right_shift"(%arg0, %[[N]]) {round = false} : (tensor<3x5xi8>, tensor<3x5xi8>) -> tensor<3x5xi8>
// CHECK-NEXT:  return %[[Y]]
func.func @right_shift(%arg0: tensor<3x5xi8>, %arg1: tensor<3x5xi8>) -> tensor<3x5xi8> {
  %0 = "tfl.right_shift"(%arg0, %arg1) : (tensor<3x5xi8>, tensor<3x5xi8>) -> tensor<3x5xi8>
  return %0 : tensor<3x5xi8>
}

// -----

// CHECK-LABEL: @right_shift_int32
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[LO:.*]] = "tosa.maximum"(%arg1, %[[ZERO]]) : (tensor<5xi32>, tensor<1xi32>) -> tensor<5xi32>
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.const"() {values = dense<31> : tensor<1xi32>}
// CHECK-NEXT:  %[[N:.*]] = "tosa.minimum"(%[[LO]], %[[MAX]]) : (tensor<5xi32>, tensor<1xi32>) -> tensor<5xi32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.arithmetic_right_shift"(%arg0, %[[N]]) {round = false} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @right_shift_int32(%arg0: tensor<5xi32>, %arg1: tensor<5xi32>) -> tensor<5xi32> {
  %0 = "tfl.right_shift"(%arg0, %arg1) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}
