// Golden test of legalize/arithmetic.py: ADD, SUB, MUL, DIV, FLOOR_DIV, FLOOR_MOD, POW,
// SQUARED_DIFFERENCE, MAXIMUM, MINIMUM. int8 ADD as TFLite's AddFunc (one DOUBLE_ROUND
// tosa.rescale per MultiplyByQuantizedMultiplier), the float path (on float tensors and
// on the plain integer tensors of float models), and every reason a quantized instance
// takes the fallback.
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// ADD's multipliers (kernels/add.cc, 8-bit: left_shift = 20):
//   twice_max = 2 * max(s1, s2)
//   m1 = QM(s1 / twice_max), m2 = QM(s2 / twice_max), mo = QM(twice_max / (2^20 * so))
// each QuantizeMultiplier (m, e) a tosa.rescale with shift 31 - e.

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:1>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @add_int8
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<1x3x5x7x!quant.uniform<i8:f32, 0.5:-3>>, %[[ARG1:.*]]: tensor<1x3x5x7x!quant.uniform<i8:f32, 0.25:1>>)
// CHECK-NEXT:  %[[A:.*]] = quant.scast %[[ARG0]] : {{.*}} to tensor<1x3x5x7xi8>
// CHECK-NEXT:  %[[B:.*]] = quant.scast %[[ARG1]] : {{.*}} to tensor<1x3x5x7xi8>
// (q1 - zp1) << 20, exactly: multiplier 2^30, shift 10, input zero point -3.
// CHECK-NEXT:  %[[M20:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S20:.*]] = "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[A_ZP:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[A20:.*]] = "tosa.rescale"(%[[A]], %[[M20]], %[[S20]], %[[A_ZP]], %[[ZERO]]) {scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<1x3x5x7xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x3x5x7xi32>
// twice_max = 2 * 0.5 = 1.0; 0.5 / 1.0 = 0.5 = 0.5 * 2^0 -> (1073741824, 0) -> shift 31
// CHECK-NEXT:  %[[M1:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S1:.*]] = "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[A_SCALED:.*]] = "tosa.rescale"(%[[A20]], %[[M1]], %[[S1]], {{.*}} -> tensor<1x3x5x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[B_ZP:.*]] = "tosa.const"() {values = dense<1> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B20:.*]] = "tosa.rescale"(%[[B]], %{{.*}}, %{{.*}}, %[[B_ZP]], %{{.*}}) {{.*}} -> tensor<1x3x5x7xi32>
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
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x3x5x7xi8> to tensor<1x3x5x7x!quant.uniform<i8:f32, 1.0:5>>
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
// twice_max = 2 * 0.04688602685928345 = 0.0937720537185669
// s1 / twice_max = 0.16725269413196003 = 0.6690...*2^-2 -> (1436689703, -2) -> shift 33
// CHECK:       "tosa.const"() {values = dense<1436689703> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
// CHECK:       %[[A_SCALED:.*]] = "tosa.rescale"({{.*}} -> tensor<1x3x5x7xi32>
// TOSA broadcasts between equal ranks only: [7] -> [1, 1, 1, 7].
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 1, 1, 7]> : tensor<4xindex>}
// CHECK-NEXT:  %[[B4:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<7xi8>, !tosa.shape<4>) -> tensor<1x1x1x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-33> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[B20:.*]] = "tosa.rescale"(%[[B4]], {{.*}} -> tensor<1x1x1x7xi32>
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
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[Y]]) {min_val = -33 : i8, max_val = 127 : i8}
// CHECK-NEXT:  quant.scast %[[R]]
func.func @add_broadcast_odd_scales_relu_int8(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<7x!y>) -> tensor<1x3x5x7x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU", pot_scale_int16 = true} : (tensor<1x3x5x7x!x>, tensor<7x!y>) -> tensor<1x3x5x7x!z>
  return %0 : tensor<1x3x5x7x!z>
}

// -----

// CHECK-LABEL: @add_float_broadcast_relu6
// CHECK-SAME:    (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B2:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<5xf32>, !tosa.shape<2>) -> tensor<1x5xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A]], %[[B2]]) : (tensor<3x5xf32>, tensor<1x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[SUM]]) {min_val = 0.0 : f32, max_val = 6.0 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @add_float_broadcast_relu6(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xf32> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU6", pot_scale_int16 = true} : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// The int32 tensors of a float model: CalculateActivationRange<int32_t> clamps RELU6 to [0, 6].
// CHECK-LABEL: @add_int32_relu6
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[SUM]]) {min_val = 0 : i32, max_val = 6 : i32}
// CHECK-NEXT:  return %[[Y]]
func.func @add_int32_relu6(%arg0: tensor<3x5xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi32> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU6", pot_scale_int16 = true} : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  return %0 : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @sub_float_relu_n1_to_1
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[D]]) {min_val = -1.0 : f32, max_val = 1.0 : f32}
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
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[Q]]) {min_val = 0.0 : f32, max_val = 3.4028234663852886e+38 : f32}
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
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1xf32>}
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

!x = !quant.uniform<u8:f32, 0.5:128>
!z = !quant.uniform<u8:f32, 1.0:130>
// CHECK-LABEL: @add_declines_uint8
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0 : tensor<1x3x5x7x!quant.uniform<u8:f32, 0.5:128>> to tensor<1x3x5x7xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1 : tensor<1x3x5x7x!quant.uniform<u8:f32, 0.5:128>> to tensor<1x3x5x7xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A]], %[[B]]) : (tensor<1x3x5x7xf32>, tensor<1x3x5x7xf32>) -> tensor<1x3x5x7xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[SUM]] : tensor<1x3x5x7xf32> to tensor<1x3x5x7x!quant.uniform<u8:f32, 1.0:130>>
// CHECK-NEXT:  return %[[Q]]
func.func @add_declines_uint8(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<1x3x5x7x!x>) -> tensor<1x3x5x7x!z> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x5x7x!x>, tensor<1x3x5x7x!x>) -> tensor<1x3x5x7x!z>
  return %0 : tensor<1x3x5x7x!z>
}

// -----

!x = !quant.uniform<i16:f32, 3.0485785828204826e-05>
!z = !quant.uniform<i16:f32, 7.58949390728958e-05>
// CHECK-LABEL: @add_declines_int16
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A]], %[[B]])
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[SUM]]) {min_val = 0.0 : f32, max_val = 3.4028234663852886e+38 : f32}
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[R]] : tensor<1x3x5x7xf32> to tensor<1x3x5x7x!quant.uniform<i16:f32, 7.58949390728958e-05>>
// CHECK-NEXT:  return %[[Q]]
func.func @add_declines_int16(%arg0: tensor<1x3x5x7x!x>, %arg1: tensor<1x3x5x7x!x>) -> tensor<1x3x5x7x!z> {
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU", pot_scale_int16 = false} : (tensor<1x3x5x7x!x>, tensor<1x3x5x7x!x>) -> tensor<1x3x5x7x!z>
  return %0 : tensor<1x3x5x7x!z>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32:1, {0.5:-3, 0.25:1, 0.5, 0.125:2, 1.0}>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @add_declines_per_axis_operand
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1 : tensor<3x5x{{.*}}> to tensor<3x5xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[A]], %[[B]])
// CHECK-NEXT:  quant.qcast %[[SUM]] : tensor<3x5xf32> to tensor<3x5x!quant.uniform<i8:f32, 1.0:5>>
func.func @add_declines_per_axis_operand(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!y>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: per-axis quantized operand 1}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

// A dynamic operand: neither pattern takes it; the op stays tfl.add on floats.
!x = !quant.uniform<i8:f32, 0.5:-3>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @add_declines_dynamic_shape
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0 : tensor<?x5x!quant.uniform<i8:f32, 0.5:-3>> to tensor<?x5xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1 : tensor<?x5x!quant.uniform<i8:f32, 0.5:-3>> to tensor<?x5xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tfl.add"(%[[A]], %[[B]]) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<?x5xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[SUM]] : tensor<?x5xf32> to tensor<?x5x!quant.uniform<i8:f32, 1.0:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @add_declines_dynamic_shape(%arg0: tensor<?x5x!x>, %arg1: tensor<?x5x!x>) -> tensor<?x5x!z> {
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x5x!quant.uniform<i8:f32, 0.5:-3>>)}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<?x5x!x>, tensor<?x5x!x>) -> tensor<?x5x!z>
  return %0 : tensor<?x5x!z>
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
  // expected-remark@+1 {{fallback: output multiplier >= 1, which TFLite's Prepare rejects}}
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
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

// SUB, MUL, DIV, ... have no integer pattern: every quantized instance falls back.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.25:1>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @mul_int8_has_no_integer_pattern
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0 : tensor<3x5x!quant.uniform<i8:f32, 0.5:-3>> to tensor<3x5xf32>
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1 : tensor<5x!quant.uniform<i8:f32, 0.25:1>> to tensor<5xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B2:.*]] = "tosa.reshape"(%[[B]], %{{.*}}) : (tensor<5xf32>, !tosa.shape<2>) -> tensor<1x5xf32>
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[P:.*]] = "tosa.mul"(%[[A]], %[[B2]], %[[SHIFT]])
// CHECK-NEXT:  %[[R:.*]] = "tosa.clamp"(%[[P]]) {min_val = 0.0 : f32, max_val = 3.4028234663852886e+38 : f32}
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[R]] : tensor<3x5xf32> to tensor<3x5x!quant.uniform<i8:f32, 1.0:5>>
// CHECK-NEXT:  return %[[Q]]
func.func @mul_int8_has_no_integer_pattern(%arg0: tensor<3x5x!x>, %arg1: tensor<5x!y>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.mul}}
  %0 = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "RELU"} : (tensor<3x5x!x>, tensor<5x!y>) -> tensor<3x5x!z>
  return %0 : tensor<3x5x!z>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!z = !quant.uniform<i8:f32, 1.0:5>
// CHECK-LABEL: @sub_int8_has_no_integer_pattern
// CHECK-NEXT:  %[[A:.*]] = quant.dcast %arg0
// CHECK-NEXT:  %[[B:.*]] = quant.dcast %arg1
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[A]], %[[B]])
// CHECK-NEXT:  quant.qcast %[[D]]
func.func @sub_int8_has_no_integer_pattern(%arg0: tensor<3x5x!x>, %arg1: tensor<3x5x!x>) -> tensor<3x5x!z> {
  // expected-remark@+1 {{fallback: no integer pattern for tfl.sub}}
  %0 = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x5x!x>, tensor<3x5x!x>) -> tensor<3x5x!z>
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

// CHECK-LABEL: @atan2_is_unlowered
// CHECK-NEXT:  %[[Y:.*]] = "tfl.atan2"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @atan2_is_unlowered(%arg0: tensor<3x5xf32>, %arg1: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-remark@+1 {{unlowered: no lowering yet}}
  %0 = "tfl.atan2"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}
