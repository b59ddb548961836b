// Golden test of legalize/families/elementwise/activation.py (and the tables of legalize/lib/lut.py): the RELU family,
// LEAKY_RELU, PRELU, HARD_SWISH, ELU, GELU, LOGISTIC, TANH. The float patterns, then the
// integer patterns (one DOUBLE_ROUND tosa.rescale per MultiplyByQuantizedMultiplier, clamps
// on the storage type, uint8 flipped to the int8 view q - 128 and back; 8-bit tables as one
// tosa.table, int16 tables interpolated), and every reason a quantized instance falls back.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Constants are float32: the float32 nearest each written value.

// CHECK-LABEL: @relu_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @relu_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @relu6_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @relu6_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu6"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @relu_n1_to_1_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @relu_n1_to_1_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu_n1_to_1"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @relu_0_to_1_float
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%arg0) {max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  return %[[Y]]
func.func @relu_0_to_1_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.relu_0_to_1"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// LEAKY_RELU is x > 0 ? x : x * alpha (reference/leaky_relu.h); alpha 0.2 as float32.
// CHECK-LABEL: @leaky_relu_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[POS:.*]] = "tosa.greater"(%[[X]], %[[ZERO]]) : (tensor<3x5x7xf32>, tensor<1x1x1xf32>) -> tensor<3x5x7xi1>
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.const"() {values = dense<2.000000e-01> : tensor<1x1x1xf32>}
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
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
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
// CHECK-NEXT:  %[[THREE:.*]] = "tosa.const"() {values = dense<3.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[X3:.*]] = "tosa.add"(%[[X]], %[[THREE]])
// CHECK-NEXT:  %[[R6:.*]] = "tosa.clamp"(%[[X3]]) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[XR:.*]] = "tosa.mul"(%[[X]], %[[R6]], %{{.*}})
// CHECK-NEXT:  %[[SIX:.*]] = "tosa.const"() {values = dense<6.000000e+00> : tensor<1x1x1xf32>}
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
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[NEG:.*]] = "tosa.greater"(%[[ZERO]], %[[X]])
// CHECK-NEXT:  %[[E:.*]] = "math.expm1"(%[[X]]) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[NEG]], %[[E]], %[[X]])
// CHECK-NEXT:  return %[[Y]]
func.func @elu_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.elu"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// Exact GELU as Eigen evaluates (0.5 x) erfc(x (-1 / sqrt 2)) (eigen_math.erfc), on the
// tensor seen as [105]: Eigen's packet exp (math.floor, pldexp) on every element, glibc's
// expf (the 2^(j/32) table, whose first entry is 1.0's bits) on the scalar lanes, the last
// 105 % 4 = 1 (position >= 104).
// CHECK-LABEL: @gelu_float_exact
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK:       %[[FLAT:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<3x5x7xf32>, !tosa.shape<1>) -> tensor<105xf32>
// CHECK-NEXT:  %[[TABLE:.*]] = arith.constant dense<[4607182418800017408, {{.*}}]> : tensor<32xi64>
// CHECK:       %[[Y:.*]] = "linalg.generic"(%[[FLAT]], %{{.*}})
// CHECK:         "math.floor"
// CHECK:         "tensor.extract"(%[[TABLE]]
// CHECK:         %[[POS:.*]] = "linalg.index"() {dim = 0 : i64}
// CHECK-NEXT:    %[[POS32:.*]] = "arith.index_cast"(%[[POS]]) : (index) -> i32
// CHECK-NEXT:    %[[TAIL:.*]] = arith.constant 104 : i32
// CHECK-NEXT:    %[[SCALAR:.*]] = "arith.cmpi"(%[[POS32]], %[[TAIL]]) {predicate = 5 : i64}
// CHECK-NEXT:    %[[PICK:.*]] = "arith.select"(%[[SCALAR]], %{{.*}}, %{{.*}})
// CHECK-NEXT:    "linalg.yield"(%[[PICK]])
// CHECK:       %[[OUT:.*]] = "tosa.reshape"(%[[Y]], %{{.*}}) : (tensor<105xf32>, !tosa.shape<3>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  return %[[OUT]]
func.func @gelu_float_exact(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.gelu"(%arg0) {approximate = false} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// Approximate GELU as Eigen evaluates (0.5 x) (1 + tanh(sqrt(2 / pi) (x + 0.044715 ((x x) x)))),
// with Eigen's tanh (eigen_math.tanh: x clamped to +-7.90738964, a [9/8] rational function);
// as float32 0.044715 = 0.044714998453855515 and sqrt(2 / pi) = 0.7978845834732056.
// CHECK-LABEL: @gelu_float_approximate
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK:       %[[Y:.*]] = "linalg.generic"(%[[X]], %{{.*}})
// CHECK-NEXT:  ^bb0(%[[V:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:    %[[X2:.*]] = "arith.mulf"(%[[V]], %[[V]])
// CHECK-NEXT:    %[[X3:.*]] = "arith.mulf"(%[[X2]], %[[V]])
// CHECK-NEXT:    %[[C:.*]] = arith.constant 4.471500e-02 : f32
// CHECK-NEXT:    %[[CX3:.*]] = "arith.mulf"(%[[C]], %[[X3]])
// CHECK-NEXT:    %[[INNER:.*]] = "arith.addf"(%[[V]], %[[CX3]])
// CHECK-NEXT:    %[[K:.*]] = arith.constant 0.797884583 : f32
// CHECK-NEXT:    %[[SCALED:.*]] = "arith.mulf"(%[[K]], %[[INNER]])
// CHECK-NEXT:    %[[CLAMP:.*]] = arith.constant 7.90738964 : f32
// CHECK:         %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:         %[[T:.*]] = "arith.divf"
// CHECK-NEXT:    %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    %[[HALF_X:.*]] = "arith.mulf"(%[[HALF]], %[[V]])
// CHECK-NEXT:    %[[G:.*]] = "arith.addf"(%[[ONE]], %[[T]])
// CHECK-NEXT:    %[[R:.*]] = "arith.mulf"(%[[HALF_X]], %[[G]])
// CHECK-NEXT:    "linalg.yield"(%[[R]])
// CHECK:       return %[[Y]]
func.func @gelu_float_approximate(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.gelu"(%arg0) {approximate = true} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// A `?` shape cannot place Eigen's scalar lanes: exact GELU keeps tosa.erf (float tolerance);
// the approximate form, the same on every lane, is Eigen's.
// CHECK-LABEL: @gelu_float_dynamic
// CHECK:       "tosa.erf"
// CHECK:       "linalg.generic"
// CHECK:         arith.constant 7.90738964 : f32
func.func @gelu_float_dynamic(%arg0: tensor<?x5xf32>) -> (tensor<?x5xf32>, tensor<?x5xf32>) {
  %0 = "tfl.gelu"(%arg0) {approximate = false} : (tensor<?x5xf32>) -> tensor<?x5xf32>
  %1 = "tfl.gelu"(%arg0) {approximate = true} : (tensor<?x5xf32>) -> tensor<?x5xf32>
  return %0, %1 : tensor<?x5xf32>, tensor<?x5xf32>
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

// ===--- integer patterns (kernels/activations.cc), bit-exact with TFLite ---=== //

// RELU6 (ReluPrepare, QuantizedReluX): zo + MBQM(q - zi, QM(si / so)), then the activation
// range. si / so in float32: 0.05 / 0.03 = 1.66666675 = 0.83333337 * 2^1 ->
// round(0.83333337 * 2^31) = 1789569792, e = 1 -> shift 31 - 1 = 30.
// [max(-128, -100 + round(0 / 0.03)), min(127, -100 + round(6 / 0.03))] = [-100, 100].
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.03:-100>
// CHECK-LABEL: @relu6_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5x7xi8>
// CHECK-NEXT:  %[[M:.*]] = "tosa.const"() {values = dense<1789569792> : tensor<1xi32>}
// CHECK-NEXT:  %[[S:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZI:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZO:.*]] = "tosa.const"() {values = dense<-100> : tensor<1xi8>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.rescale"(%[[X]], %[[M]], %[[S]], %[[ZI]], %[[ZO]]) {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true} : (tensor<3x5x7xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<3x5x7xi8>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[R]]) {max_val = 100 : i8, min_val = -100 : i8}
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<i8:f32, 3.000000e-02:-100>>
func.func @relu6_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.relu6"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// RELU with the output zero point at -128: the range [max(-128, -128), 127] is the whole
// type, so the requantizing rescale is all (its result saturates to int8).
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.03:-128>
// CHECK-LABEL: @relu_int8_full_range
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  "tosa.const"() {values = dense<1789569792> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[X]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @relu_int8_full_range(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.relu"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// uint8 runs in the int8 view q - 128: zero points 130 - 128 = 2 and 20 - 128 = -108; the
// range [max(0, 20), 255] = [20, 255] becomes [-108, 127]; then back to uint8.
!x = !quant.uniform<u8:f32, 0.05:130>
!y = !quant.uniform<u8:f32, 0.03:20>
// CHECK-LABEL: @relu_uint8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5x7xi8>
// CHECK:       %[[XS:.*]] = "tosa.{{.*}}"(%[[X]], %{{.*}}) {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1789569792> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-108> : tensor<1xi8>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.rescale"(%[[XS]], {{.*}}) {input_unsigned = false, output_unsigned = false, {{.*}}} {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  %[[C:.*]] = "tosa.clamp"(%[[R]]) {max_val = 127 : i8, min_val = -108 : i8}
// CHECK:       %[[Y:.*]] = "tosa.{{.*}}"(%[[C]], %{{.*}}) {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<u8:f32, 3.000000e-02:20>>
func.func @relu_uint8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.relu"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// int16 (zero points 0): 0.001 / 0.0005 = 2 = 0.5 * 2^2 -> (2^30, 2) -> shift 29;
// [0, round(6 / 0.0005)] = [0, 12000].
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 0.0005>
// CHECK-LABEL: @relu6_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<29> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.rescale"(%[[X]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.clamp"(%[[R]]) {max_val = 12000 : i16, min_val = 0 : i16}
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @relu6_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.relu6"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// 0.01 / 0.015625 = 0.64 (0.639999986 in float32) -> round(0.64 * 2^31) = 1374389504, e = 0
// -> shift 31. [max(-128, round(-1 / 0.015625)), min(127, round(1 / 0.015625))] = [-64, 64].
!x = !quant.uniform<i8:f32, 0.01:5>
!y = !quant.uniform<i8:f32, 0.015625>
// CHECK-LABEL: @relu_n1_to_1_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  "tosa.const"() {values = dense<1374389504> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.rescale"(%[[X]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  "tosa.clamp"(%[[R]]) {max_val = 64 : i8, min_val = -64 : i8}
func.func @relu_n1_to_1_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.relu_n1_to_1"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// [max(-128, -128 + 0), min(127, -128 + round(1 / 0.015625))] = [-128, -64].
!x = !quant.uniform<i8:f32, 0.01:5>
!y = !quant.uniform<i8:f32, 0.015625:-128>
// CHECK-LABEL: @relu_0_to_1_int8
// CHECK:       %[[R:.*]] = "tosa.rescale"
// CHECK-NEXT:  "tosa.clamp"(%[[R]]) {max_val = -64 : i8, min_val = -128 : i8}
func.func @relu_0_to_1_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.relu_0_to_1"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// TFLite's RELU_N1_TO_1 kernel takes uint8 and int8 only.
!x = !quant.uniform<i16:f32, 0.001>
// CHECK-LABEL: @relu_n1_to_1_int16_takes_the_fallback
// CHECK:       quant.dcast
// CHECK:       "tosa.clamp"({{.*}}) {max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32}
// CHECK:       quant.qcast
func.func @relu_n1_to_1_int16_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8/u8}}
  %0 = "tfl.relu_n1_to_1"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// 1000 / 0.0001 = 1e7 = 0.596 * 2^24: MBQM shifts q - zi, up to 255, left by 24 in int32
// (255 * 2^24 > 2^31): undefined in TFLite, so no integer pattern.
!x = !quant.uniform<i8:f32, 1000.0:-128>
!y = !quant.uniform<i8:f32, 0.0001:-128>
// CHECK-LABEL: @relu_multiplier_overflowing_int32_takes_the_fallback
// CHECK:       quant.dcast
func.func @relu_multiplier_overflowing_int32_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: requantization multiplier 10000000.0 shifts inputs up to 255 left by 24, past int32 (undefined in TFLite)}}
  %0 = "tfl.relu"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// LEAKY_RELU (LeakyReluPrepare; reference/leaky_relu.h): d = q - zi (a rescale to i32),
// d >= 0 ? zo + MBQM(d, QM(si / so)) : zo + MBQM(d, QM(si * alpha / so)), in float32:
// 0.05 / 0.03 -> (1789569792, 1) -> shift 30; 0.05 * 0.2 / 0.03 = 0.33333337 = 0.66666675 * 2^-1
// -> round(0.66666675 * 2^31) = 1431655936, e = -1 -> shift 32.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.03:10>
// CHECK-LABEL: @leaky_relu_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[D:.*]] = "tosa.rescale"(%[[X]], {{.*}} -> tensor<3x5x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1789569792> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[IDENTITY:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1431655936> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1x1xi32>}
// CHECK-NEXT:  %[[NONNEG:.*]] = "tosa.greater_equal"(%[[D]], %[[ZERO]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[NONNEG]], %[[IDENTITY]], %[[ALPHA]])
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @leaky_relu_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.leaky_relu"(%arg0) {alpha = 0.2 : f32} : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// A negative alpha: 0.05 * -0.5 / 0.03 = -0.83333337 -> (-1789569792, 0); the kernel computes
// -MBQM(d, 1789569792), which is MBQM(-d, 1789569792) (rounding ties away from zero): negate,
// then a rescale with shift 31.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.03:10>
// CHECK-LABEL: @leaky_relu_int8_negative_alpha
// CHECK:       %[[D:.*]] = "tosa.rescale"({{.*}} -> tensor<3x5x7xi32>
// CHECK:       %[[IDENTITY:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[NEG_D:.*]] = "tosa.negate"(%[[D]], %[[ZP]], %[[ZP]]) : (tensor<3x5x7xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3x5x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1789569792> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.rescale"(%[[NEG_D]], {{.*}} -> tensor<3x5x7xi8>
// CHECK:       "tosa.greater_equal"(%[[D]],
// CHECK-NEXT:  "tosa.select"({{.*}}, %[[IDENTITY]], %[[ALPHA]])
func.func @leaky_relu_int8_negative_alpha(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.leaky_relu"(%arg0) {alpha = -0.5 : f32} : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// uint8 in the int8 view: input zero point 128 - 128 = 0 (a plain cast to i32), output
// 100 - 128 = -28. 0.5 / 0.25 = 2 -> (2^30, 2) -> shift 29; 0.5 * 0.25 / 0.25 = 0.5 ->
// (2^30, 0) -> shift 31.
!x = !quant.uniform<u8:f32, 0.5:128>
!y = !quant.uniform<u8:f32, 0.25:100>
// CHECK-LABEL: @leaky_relu_uint8
// CHECK:       %[[D:.*]] = "tosa.cast"({{.*}}) : (tensor<3x5x7xi8>) -> tensor<3x5x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<29> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-28> : tensor<1xi8>}
// CHECK-NEXT:  %[[IDENTITY:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-28> : tensor<1xi8>}
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5x7xi8>
// CHECK:       %[[S:.*]] = "tosa.select"({{.*}}, %[[IDENTITY]], %[[ALPHA]])
// CHECK:       %[[Y:.*]] = "tosa.{{.*}}"(%[[S]], %{{.*}}) {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<u8:f32, 2.500000e-01:100>>
func.func @leaky_relu_uint8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.leaky_relu"(%arg0) {alpha = 0.25 : f32} : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// int16: 0.001 / 0.002 = 0.5 -> (2^30, 0) -> shift 31; 0.001 * 0.25 / 0.002 = 0.125 ->
// (2^30, -2) -> shift 33. Results straight to i16 (zero points 0).
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 0.002>
// CHECK-LABEL: @leaky_relu_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[D:.*]] = "tosa.cast"(%[[X]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[IDENTITY:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<33> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5xi16>
// CHECK:       "tosa.select"({{.*}}, %[[IDENTITY]], %[[ALPHA]]) : (tensor<3x5xi1>, tensor<3x5xi16>, tensor<3x5xi16>) -> tensor<3x5xi16>
func.func @leaky_relu_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.leaky_relu"(%arg0) {alpha = 0.25 : f32} : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// alpha 400000 on 0.05 / 0.001: 0.05 * 400000 / 0.001 = 2e7 = 0.596 * 2^25, and 255 * 2^25 > 2^31.
!x = !quant.uniform<i8:f32, 0.05:-128>
!y = !quant.uniform<i8:f32, 0.001>
// CHECK-LABEL: @leaky_relu_alpha_multiplier_overflowing_int32_takes_the_fallback
// CHECK:       quant.dcast
func.func @leaky_relu_alpha_multiplier_overflowing_int32_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: requantization multiplier 20000000.0 shifts inputs up to 255 left by 25, past int32 (undefined in TFLite)}}
  %0 = "tfl.leaky_relu"(%arg0) {alpha = 400000.0 : f32} : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// PRELU (PreluPrepare; reference/prelu.h), alpha [7] broadcast over the channels:
// d = q - zi, a = qa - za (rescales to i32), d >= 0 ? zo + MBQM(d, QM(si / so))
// : zo + MBQM(d * a, QM(si * sa / so)); 0.5 / 0.25 = 2 -> (2^30, 2) -> shift 29;
// 0.5 * 0.25 / 0.25 = 0.5 -> (2^30, 0) -> shift 31.
!x = !quant.uniform<i8:f32, 0.5:-3>
!a = !quant.uniform<i8:f32, 0.25:2>
// CHECK-LABEL: @prelu_int8_channel_alpha
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[ALPHA:.*]] = quant.scast %arg1 : {{.*}} to tensor<7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[D:.*]] = "tosa.rescale"(%[[X]], {{.*}} -> tensor<3x5x7xi32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 1, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[ALPHA3:.*]] = "tosa.reshape"(%[[ALPHA]], %{{.*}}) : (tensor<7xi8>, !tosa.shape<3>) -> tensor<1x1x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[A:.*]] = "tosa.rescale"(%[[ALPHA3]], {{.*}} -> tensor<1x1x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<29> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK-NEXT:  %[[IDENTITY:.*]] = "tosa.rescale"(%[[D]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[DA:.*]] = "tosa.mul"(%[[D]], %[[A]], %{{.*}}) : (tensor<3x5x7xi32>, tensor<1x1x7xi32>, tensor<1xi8>) -> tensor<3x5x7xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<31> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.rescale"(%[[DA]], {{.*}} -> tensor<3x5x7xi8>
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1x1xi32>}
// CHECK-NEXT:  %[[NONNEG:.*]] = "tosa.greater_equal"(%[[D]], %[[ZERO]])
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[NONNEG]], %[[IDENTITY]], %[[SCALED]])
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @prelu_int8_channel_alpha(%arg0: tensor<3x5x7x!x>, %arg1: tensor<7x!a>) -> tensor<3x5x7x!a> {
  %0 = "tfl.prelu"(%arg0, %arg1) : (tensor<3x5x7x!x>, tensor<7x!a>) -> tensor<3x5x7x!a>
  return %0 : tensor<3x5x7x!a>
}

// -----

// PreluPrepare reads one alpha scale: a per-axis alpha takes the fallback.
!x = !quant.uniform<i8:f32, 0.5:-3>
!a = !quant.uniform<i8:f32:0, {0.25, 0.5, 0.125}>
// CHECK-LABEL: @prelu_per_axis_alpha_takes_the_fallback
// CHECK:       quant.dcast
func.func @prelu_per_axis_alpha_takes_the_fallback(%arg0: tensor<3x5x!x>, %arg1: tensor<3x1x!a>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: per-axis quantized operand 1}}
  %0 = "tfl.prelu"(%arg0, %arg1) : (tensor<3x5x!x>, tensor<3x1x!a>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// HARD_SWISH: the reference kernel's int16 fixed point (reference/hard_swish.h), one table entry
// per stored input. si = so = 1/16: output multiplier (si / 128) / so = 2^-7 -> (2^30, -6) ->
// int16 16384, exponent -6; reluish (si / 128) / (3 / 32768) = 5.3333335 -> (1431655808, 3) ->
// int16 (1431655808 + 2^15) >> 16 = 21845. By hand, x = (q << 7):
//   q = 64 (4.0): p = SRDHM(8192, 16384) = 4096; r = sat(8192 << 2) = 32767,
//     SRDHM(32767, 21845) = 21844, sat(<< 1) = 32767, (32767 + 2^15) >> 1 = 32767;
//     SDHM(32767, 4096) = 4095; RDBPOT(4095, 6) = 64                      -> entry 192 = 0x40
//   q = 16 (1.0): p = 1024; r = 8192 -> 5461 -> 10922 -> 21845; SDHM(21845, 1024) = 682;
//     RDBPOT(682, 6) = 11 (1 * 4 / 6 = 0.667 = 10.7 / 16)                 -> entry 144 = 0x0B
//   q = -64 (-4.0): r = -32768 -> -21845 -> -32768 -> 0; the product is 0  -> entry 64 = 0x00
// tosa.table's entry for a stored q is q + 128.
!x = !quant.uniform<i8:f32, 0.0625>
// CHECK-LABEL: @hard_swish_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x{{(([0-9A-F]{2}){64})}}00{{(([0-9A-F]{2}){79})}}0B{{(([0-9A-F]{2}){47})}}40{{(([0-9A-F]{2}){63})}}"> : tensor<256xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.table"(%[[X]], %[[T]]) : (tensor<3x5x7xi8>, tensor<256xi8>) -> tensor<3x5x7xi8>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @hard_swish_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!x> {
  %0 = "tfl.hard_swish"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!x>
  return %0 : tensor<3x5x7x!x>
}

// -----

// (si / 128) / so = (1 / 128) / 0.001 = 7.8 = 0.98 * 2^3: HardSwishPrepare requires the output
// exponent <= 0 and refuses the model.
!x = !quant.uniform<i8:f32, 1.0>
!y = !quant.uniform<i8:f32, 0.001>
// CHECK-LABEL: @hard_swish_output_multiplier_above_1_takes_the_fallback
// CHECK:       quant.dcast
func.func @hard_swish_output_multiplier_above_1_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: output multiplier exponent 3 > 0, which TFLite's Prepare rejects}}
  %0 = "tfl.hard_swish"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// TFLite has no int16 HARD_SWISH kernel.
!x = !quant.uniform<i16:f32, 0.001>
// CHECK-LABEL: @hard_swish_int16_takes_the_fallback
// CHECK:       quant.dcast
func.func @hard_swish_int16_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8/u8}}
  %0 = "tfl.hard_swish"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// LOGISTIC int8: TFLite's LUTPopulate of 1 / (1 + exp(-x)) (SigmoidPrepare), 256 entries in
// float32: clamp(round(f(si * (q - zi)) * 256) - 128). By hand, si = 1/16, zi = 0:
//   q = -128 (-8.0): 0.000335 * 256 = 0.09 -> 0 - 128 = -128  -> entry 0   = 0x80
//   q = 0    (0.0):  0.5 * 256 = 128 -> 0                      -> entry 128 = 0x00
//   q = 16   (1.0):  0.7310586 * 256 = 187.15 -> 59            -> entry 144 = 0x3B
//   q = 127  (7.94): 0.99964 * 256 = 255.9 -> 128 -> 127       -> entry 255 = 0x7F
!x = !quant.uniform<i8:f32, 0.0625>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @logistic_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x80{{(([0-9A-F]{2}){127})}}00{{(([0-9A-F]{2}){15})}}3B{{(([0-9A-F]{2}){110})}}7F"> : tensor<256xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.table"(%[[X]], %[[T]])
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @logistic_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.logistic"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// TANH uint8: tanh on si = 1/32, zi = 128, so = 1/128, zo = 128. tosa.table reads the stored
// byte as signed, so the entry for u is at (u - 256 if u >= 128 else u) + 128:
//   u = 128 (0.0):  128                                      -> entry 0   = 0x80
//   u = 160 (1.0):  0.7615942 * 128 = 97.48 -> 97 + 128 = 225  -> entry 32  = 0xE1
//   u = 255 (3.97): 0.99929 * 128 = 127.9 -> 256 -> 255        -> entry 127 = 0xFF
//   u = 0   (-4.0): -0.99933 * 128 = -127.9 -> -128 + 128 = 0  -> entry 128 = 0x00
!x = !quant.uniform<u8:f32, 0.03125:128>
!y = !quant.uniform<u8:f32, 0.0078125:128>
// CHECK-LABEL: @tanh_uint8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x80{{(([0-9A-F]{2}){31})}}E1{{(([0-9A-F]{2}){94})}}FF00{{(([0-9A-F]{2}){127})}}"> : tensor<256xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.table"(%[[X]], %[[T]])
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<u8:f32, 7.812500e-03:128>>
func.func @tanh_uint8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.tanh"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// ELU int8 (EluPrepare): x < 0 ? expm1(x) : x; si = so = 1/16, zo = -64:
//   q = -128 (-8.0): -0.99966 * 16 = -15.99 -> -16 - 64 = -80   -> entry 0   = 0xB0
//   q = -16  (-1.0): -0.6321206 * 16 = -10.11 -> -10 - 64 = -74  -> entry 112 = 0xB6
//   q = 16   (1.0):  16 - 64 = -48                               -> entry 144 = 0xD0
//   q = 127  (7.94): 127 - 64 = 63                              -> entry 255 = 0x3F
!x = !quant.uniform<i8:f32, 0.0625>
!y = !quant.uniform<i8:f32, 0.0625:-64>
// CHECK-LABEL: @elu_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0xB0{{(([0-9A-F]{2}){111})}}B6{{(([0-9A-F]{2}){31})}}D0{{(([0-9A-F]{2}){110})}}3F"> : tensor<256xi8>}
// CHECK-NEXT:  "tosa.table"(%[[X]], %[[T]])
func.func @elu_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.elu"(%arg0) : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// TFLite's ELU kernel takes int8 only.
!x = !quant.uniform<u8:f32, 0.0625:128>
// CHECK-LABEL: @elu_uint8_takes_the_fallback
// CHECK:       quant.dcast
func.func @elu_uint8_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8}}
  %0 = "tfl.elu"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// GELU int8, exact (0.5 x erfc(-x / sqrt 2)); si = so = 1/16, zo = -64:
//   q = -32 (-2.0): -2 * (1 - 0.97725) = -0.0455 * 16 = -0.73 -> -1 - 64 = -65  -> entry 96  = 0xBF
//   q = 0   (0.0):  0 - 64 = -64                                               -> entry 128 = 0xC0
//   q = 32  (2.0):  2 * 0.97725 = 1.9545 * 16 = 31.27 -> 31 - 64 = -33          -> entry 160 = 0xDF
!x = !quant.uniform<i8:f32, 0.0625>
!y = !quant.uniform<i8:f32, 0.0625:-64>
// CHECK-LABEL: @gelu_int8
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x{{(([0-9A-F]{2}){96})}}BF{{(([0-9A-F]{2}){31})}}C0{{(([0-9A-F]{2}){31})}}DF{{(([0-9A-F]{2}){95})}}"> : tensor<256xi8>}
// CHECK-NEXT:  "tosa.table"(%[[X]], %[[T]])
func.func @gelu_int8(%arg0: tensor<3x5x7x!x>) -> tensor<3x5x7x!y> {
  %0 = "tfl.gelu"(%arg0) {approximate = false} : (tensor<3x5x7x!x>) -> tensor<3x5x7x!y>
  return %0 : tensor<3x5x7x!y>
}

// -----

// GELU int16 (approximate), LUTPopulate<int16_t>: 513 samples over [si * -32768, si * 32767]
// = [-32, 31.999] (si = 2^-10), output scaling 65536 / (65535 so) = 1024.0156, each sample
// biased by half its interpolation error at the midpoint. By hand:
//   lut[0]   = f(-32) = 0                                                       = 0x0000
//   lut[256] = f(-1/2048) = -0.000244 -> -0.25 -> 0; f(next 0.1245) -> 70.07,
//              f(midpoint 0.0620) -> 33.32: bias round((round(70.07 / 2) - 33) / 2) = 1
//              -> 0 - 1 = -1                                                   = 0xFFFF
//   lut[512] = f(31.999) = 31.999 * 1024.0156 = 32767.4999 -> 32767             = 0x7FFF
// (little-endian hex). tosa.table gives (lut[i] << 7) + slope * (q & 0x7f); TFLite's
// LUTLookup rounds that by (t + 64) >> 7: a rescale by 1 with shift 7.
!x = !quant.uniform<i16:f32, 0.0009765625>
// CHECK-LABEL: @gelu_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:  %[[T:.*]] = "tosa.const"() {values = dense<"0x0000{{(([0-9A-F]{4}){255})}}FFFF{{(([0-9A-F]{4}){255})}}FF7F"> : tensor<513xi16>}
// CHECK-NEXT:  %[[L:.*]] = "tosa.table"(%[[X]], %[[T]]) : (tensor<3x5xi16>, tensor<513xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<7> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[L]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @gelu_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!x> {
  %0 = "tfl.gelu"(%arg0) {approximate = true} : (tensor<3x5x!x>) -> tensor<3x5x!x>
  return %0 : tensor<3x5x!x>
}

// -----

// SigmoidPrepare requires so == 1/256 exactly for int8 (and refuses the model otherwise).
!x = !quant.uniform<i8:f32, 0.0625>
!y = !quant.uniform<i8:f32, 0.004:-128>
// CHECK-LABEL: @logistic_int8_output_scale_not_1_256_takes_the_fallback
// CHECK:       quant.dcast
func.func @logistic_int8_output_scale_not_1_256_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: output scale 0.004 is not 1/256, which TFLite's LOGISTIC requires}}
  %0 = "tfl.logistic"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// LOGISTIC int16 (reference/integer_ops/logistic.h): 0.001 is not a power of two, so
// SigmoidPrepare doubles 0.001 * 4096 * 3 = 12.288 while <= 16383.5: 11 times, to 25165.8
// -> multiplier 25165 (truncated), shift 11; v = (q * 25165 + 2^10) >> 11 is a rescale by
// 4 * 25165 = 100660 with shift 13. Then |v| >> 9 indexes sigmoid_table_uint16 (32768, 33451,
// ... as i32: 0x8000, 0x82AB), interpolated with |v| & 511, saturating at 0x7FFF << 10
// = 33553408; v < 0 mirrors: 2^25 - 1 - r = 33554431 - r; out = (r + 2^9) >> 10.
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @logistic_int16
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  "tosa.const"() {values = dense<100660> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<13> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[V:.*]] = "tosa.rescale"(%[[X]], {{.*}} -> tensor<3x5xi32>
// CHECK-NEXT:  %[[ABS:.*]] = "tosa.abs"(%[[V]])
// CHECK-NEXT:  "tosa.const"() {values = dense<9> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[H:.*]] = "tosa.arithmetic_right_shift"(%[[ABS]], %{{.*}}) {round = false}
// CHECK-NEXT:  "tosa.const"() {values = dense<511> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[F:.*]] = "tosa.bitwise_and"(%[[ABS]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<254> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[I:.*]] = "tosa.minimum"(%[[H]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<"0x00800000AB820000{{.*}}"> : tensor<1x255x1xi32>}
// CHECK:       "tosa.gather"
// CHECK:       "tosa.gather"
// CHECK:       "tosa.const"() {values = dense<512> : tensor<1x1xi32>}
// CHECK:       "tosa.const"() {values = dense<255> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[SAT:.*]] = "tosa.greater_equal"(%[[H]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<33553408> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.select"(%[[SAT]],
// CHECK-NEXT:  "tosa.const"() {values = dense<33554431> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[MIRROR:.*]] = "tosa.sub"(%{{.*}}, %[[R]])
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[NONNEG:.*]] = "tosa.greater_equal"(%[[V]], %{{.*}})
// CHECK-NEXT:  %[[W:.*]] = "tosa.select"(%[[NONNEG]], %[[R]], %[[MIRROR]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"(%[[W]], {{.*}} -> tensor<3x5xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @logistic_int16(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.logistic"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// TANH int16 with si = 2^-11: CheckedLog2 gives -11, shift 12 - 11 = 1, which TANH takes as a
// power of two: the multiplier stays 0 and Eval uses 3 << 1 = 6 with no shift: a rescale by
// 4 * 6 = 24 with shift 2. TANH interpolates 8 fraction bits: |v| >> 8, |v| & 255,
// saturating at 0xFFFF << 8 = 16776960; v >= 0 ? r - 2^23 : 2^23 - 1 - r; out = (w + 2^7) >> 8.
!x = !quant.uniform<i16:f32, 0.00048828125>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @tanh_int16_power_of_two
// CHECK-NEXT:  %[[X:.*]] = quant.scast %arg0
// CHECK-NEXT:  "tosa.const"() {values = dense<24> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK:       "tosa.const"() {values = dense<8> : tensor<1x1xi32>}
// CHECK-NEXT:  "tosa.arithmetic_right_shift"
// CHECK-NEXT:  "tosa.const"() {values = dense<255> : tensor<1x1xi32>}
// CHECK-NEXT:  "tosa.bitwise_and"
// CHECK:       "tosa.const"() {values = dense<16776960> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.select"
// CHECK-NEXT:  "tosa.const"() {values = dense<-8388608> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[POS:.*]] = "tosa.add"(%[[R]], %{{.*}})
// CHECK-NEXT:  "tosa.const"() {values = dense<8388607> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[NEG:.*]] = "tosa.sub"(%{{.*}}, %[[R]])
// CHECK:       %[[W:.*]] = "tosa.select"(%{{.*}}, %[[POS]], %[[NEG]])
// CHECK-NEXT:  "tosa.const"() {values = dense<1> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<8> : tensor<1xi8>}
// CHECK:       "tosa.rescale"(%[[W]], {{.*}} -> tensor<3x5xi16>
func.func @tanh_int16_power_of_two(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  %0 = "tfl.tanh"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// The int16 kernels need an output scale CheckedLog2 takes for 2^-15 (and LOGISTIC exactly 2^-15).
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 6.103515625e-05>
// CHECK-LABEL: @tanh_int16_output_scale_not_2_pow_15_takes_the_fallback
// CHECK:       quant.dcast
func.func @tanh_int16_output_scale_not_2_pow_15_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: output scale 6.103515625e-05 is not 2^-15, which TFLite's int16 kernel requires}}
  %0 = "tfl.tanh"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// si = 8: 8 * 4096 * 3 = 98304 > 16383.5, no doubling, multiplier 98304: q * 98304 overflows
// int32 for |q| >= 21846 (undefined in TFLite).
!x = !quant.uniform<i16:f32, 8.0>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @logistic_int16_input_multiplier_overflowing_int32_takes_the_fallback
// CHECK:       quant.dcast
func.func @logistic_int16_input_multiplier_overflowing_int32_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: input multiplier 98304 overflows int32 on the int16 range (undefined in TFLite)}}
  %0 = "tfl.logistic"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}

// -----

// si = 1e-13: 1e-13 * 12288 doubled 31 times is still 0.00026: shift 31 (the loop's limit),
// beyond the rescale (shift + 2 <= 31) that rounds as TFLite's (q * m + 2^(shift-1)) >> shift.
!x = !quant.uniform<i16:f32, 1.0e-13>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @tanh_int16_input_shift_above_29_takes_the_fallback
// CHECK:       quant.dcast
func.func @tanh_int16_input_shift_above_29_takes_the_fallback(%arg0: tensor<3x5x!x>) -> tensor<3x5x!y> {
  // expected-remark@+1 {{fallback: input shift 31 exceeds what one tosa.rescale rounds as TFLite does}}
  %0 = "tfl.tanh"(%arg0) : (tensor<3x5x!x>) -> tensor<3x5x!y>
  return %0 : tensor<3x5x!y>
}
