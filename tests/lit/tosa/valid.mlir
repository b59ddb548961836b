// Valid ops for every TOSA verifier (tfl2quant/dialects/tosa_verifiers.py), in the generic
// form our printer emits, with the element types the TOSA 1.0 spec gives each op (int8,
// int16, int32 and fp32 variants). Ours accepts and prints them back; upstream MLIR
// (iree-opt) accepts them too.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file | filecheck %s
// RUN: tfl2quant opt %s --split-input-file | iree-opt --split-input-file -o /dev/null

// CHECK-LABEL: @elementwise_binary_f32
// CHECK-COUNT-5: -> tensor<3x5x7xf32>
func.func @elementwise_binary_f32(%arg0: tensor<3x5x7xf32>, %arg1: tensor<1x5x1xf32>) -> tensor<3x5x7xf32> {
  %0 = "tosa.add"(%arg0, %arg1) : (tensor<3x5x7xf32>, tensor<1x5x1xf32>) -> tensor<3x5x7xf32>
  %1 = "tosa.sub"(%0, %arg1) : (tensor<3x5x7xf32>, tensor<1x5x1xf32>) -> tensor<3x5x7xf32>
  %2 = "tosa.maximum"(%1, %arg1) {nan_mode = #tosa.nan_mode<PROPAGATE>} : (tensor<3x5x7xf32>, tensor<1x5x1xf32>) -> tensor<3x5x7xf32>
  %3 = "tosa.minimum"(%2, %arg0) {nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<3x5x7xf32>, tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %4 = "tosa.pow"(%arg1, %3) : (tensor<1x5x1xf32>, tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %4 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @elementwise_binary_i32
// CHECK-COUNT-8: -> tensor<3x5xi32>
func.func @elementwise_binary_i32(%arg0: tensor<3x5xi32>, %arg1: tensor<1x5xi32>) -> tensor<3x5xi32> {
  %0 = "tosa.add"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
  %1 = "tosa.sub"(%0, %arg1) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
  %2 = "tosa.intdiv"(%1, %arg1) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
  %3 = "tosa.maximum"(%2, %arg0) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  %4 = "tosa.minimum"(%3, %arg0) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  %5 = "tosa.logical_left_shift"(%4, %arg1) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
  %6 = "tosa.logical_right_shift"(%5, %arg1) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi32>
  %7 = "tosa.bitwise_xor"(%6, %arg0) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  return %7 : tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @elementwise_binary_i8_i16
// CHECK:       "tosa.arithmetic_right_shift"{{.*}} -> tensor<3x5xi8>
// CHECK:       "tosa.bitwise_and"{{.*}} -> tensor<3x5xi8>
// CHECK:       "tosa.bitwise_or"{{.*}} -> tensor<3x5xi16>
func.func @elementwise_binary_i8_i16(%arg0: tensor<3x5xi8>, %arg1: tensor<3x1xi8>, %arg2: tensor<3x5xi16>) -> (tensor<3x5xi8>, tensor<3x5xi16>) {
  %0 = "tosa.arithmetic_right_shift"(%arg0, %arg1) {round = true} : (tensor<3x5xi8>, tensor<3x1xi8>) -> tensor<3x5xi8>
  %1 = "tosa.bitwise_and"(%0, %arg1) : (tensor<3x5xi8>, tensor<3x1xi8>) -> tensor<3x5xi8>
  %2 = "tosa.bitwise_or"(%arg2, %arg2) : (tensor<3x5xi16>, tensor<3x5xi16>) -> tensor<3x5xi16>
  return %1, %2 : tensor<3x5xi8>, tensor<3x5xi16>
}

// -----

// CHECK-LABEL: @comparison_f32_i32
// CHECK-COUNT-3: -> tensor<3x5xi1>
func.func @comparison_f32_i32(%arg0: tensor<3x5xf32>, %arg1: tensor<1x1xf32>, %arg2: tensor<3x5xi32>) -> (tensor<3x5xi1>, tensor<3x5xi1>, tensor<3x5xi1>) {
  %0 = "tosa.equal"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<1x1xf32>) -> tensor<3x5xi1>
  %1 = "tosa.greater"(%arg1, %arg0) : (tensor<1x1xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
  %2 = "tosa.greater_equal"(%arg2, %arg2) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
  return %0, %1, %2 : tensor<3x5xi1>, tensor<3x5xi1>, tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @logical_i1
// CHECK-COUNT-4: -> tensor<3x5xi1>
func.func @logical_i1(%arg0: tensor<3x5xi1>, %arg1: tensor<3x1xi1>) -> tensor<3x5xi1> {
  %0 = "tosa.logical_and"(%arg0, %arg1) : (tensor<3x5xi1>, tensor<3x1xi1>) -> tensor<3x5xi1>
  %1 = "tosa.logical_or"(%0, %arg1) : (tensor<3x5xi1>, tensor<3x1xi1>) -> tensor<3x5xi1>
  %2 = "tosa.logical_xor"(%1, %arg0) : (tensor<3x5xi1>, tensor<3x5xi1>) -> tensor<3x5xi1>
  %3 = "tosa.logical_not"(%2) : (tensor<3x5xi1>) -> tensor<3x5xi1>
  return %3 : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @unary_f32_i32_i8_i16
// CHECK:       "tosa.abs"{{.*}} -> tensor<3x5x7xf32>
// CHECK:       "tosa.abs"{{.*}} -> tensor<3x5xi32>
// CHECK:       "tosa.identity"{{.*}} -> tensor<3x5xi8>
// CHECK:       "tosa.bitwise_not"{{.*}} -> tensor<3x5xi16>
func.func @unary_f32_i32_i8_i16(%arg0: tensor<3x5x7xf32>, %arg1: tensor<3x5xi32>, %arg2: tensor<3x5xi8>, %arg3: tensor<3x5xi16>) -> (tensor<3x5x7xf32>, tensor<3x5xi32>, tensor<3x5xi8>, tensor<3x5xi16>) {
  %0 = "tosa.abs"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %1 = "tosa.abs"(%arg1) : (tensor<3x5xi32>) -> tensor<3x5xi32>
  %2 = "tosa.identity"(%arg2) : (tensor<3x5xi8>) -> tensor<3x5xi8>
  %3 = "tosa.bitwise_not"(%arg3) : (tensor<3x5xi16>) -> tensor<3x5xi16>
  return %0, %1, %2, %3 : tensor<3x5x7xf32>, tensor<3x5xi32>, tensor<3x5xi8>, tensor<3x5xi16>
}

// -----

// CHECK-LABEL: @float_unary_f32
// CHECK-COUNT-11: -> tensor<3x5x7xf32>
func.func @float_unary_f32(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tosa.exp"(%arg0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %1 = "tosa.log"(%0) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %2 = "tosa.reciprocal"(%1) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %3 = "tosa.rsqrt"(%2) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %4 = "tosa.tanh"(%3) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %5 = "tosa.sigmoid"(%4) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %6 = "tosa.floor"(%5) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %7 = "tosa.ceil"(%6) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %8 = "tosa.erf"(%7) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %9 = "tosa.sin"(%8) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %10 = "tosa.cos"(%9) : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %10 : tensor<3x5x7xf32>
}

// -----

// CHECK-LABEL: @float_unary_f16
// CHECK:       "tosa.sigmoid"{{.*}} -> tensor<3x5xf16>
func.func @float_unary_f16(%arg0: tensor<3x5xf16>) -> tensor<3x5xf16> {
  %0 = "tosa.sigmoid"(%arg0) : (tensor<3x5xf16>) -> tensor<3x5xf16>
  return %0 : tensor<3x5xf16>
}

// -----

// CHECK-LABEL: @reduce_f32_i32_i8_i16_i1
// CHECK:       "tosa.reduce_sum"{{.*}} -> tensor<3x5x1xf32>
// CHECK:       "tosa.reduce_product"{{.*}} -> tensor<1x5x1xf32>
// CHECK:       "tosa.reduce_sum"{{.*}} -> tensor<3x1xi32>
// CHECK:       "tosa.reduce_max"{{.*}} -> tensor<1x5xi8>
// CHECK:       "tosa.reduce_min"{{.*}} -> tensor<3x1xi16>
// CHECK:       "tosa.reduce_all"{{.*}} -> tensor<1x4x5xi1>
// CHECK:       "tosa.reduce_any"{{.*}} -> tensor<3x4x1xi1>
func.func @reduce_f32_i32_i8_i16_i1(%arg0: tensor<3x5x7xf32>, %arg1: tensor<3x5xi32>, %arg2: tensor<3x5xi8>, %arg3: tensor<3x5xi16>, %arg4: tensor<3x4x5xi1>) -> (tensor<1x5x1xf32>, tensor<3x1xi32>, tensor<1x5xi8>, tensor<3x1xi16>, tensor<1x4x5xi1>, tensor<3x4x1xi1>) {
  %0 = "tosa.reduce_sum"(%arg0) {axis = 2 : i32} : (tensor<3x5x7xf32>) -> tensor<3x5x1xf32>
  %1 = "tosa.reduce_product"(%0) {axis = 0 : i32} : (tensor<3x5x1xf32>) -> tensor<1x5x1xf32>
  %2 = "tosa.reduce_sum"(%arg1) {axis = 1 : i32} : (tensor<3x5xi32>) -> tensor<3x1xi32>
  %3 = "tosa.reduce_max"(%arg2) {axis = 0 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>} : (tensor<3x5xi8>) -> tensor<1x5xi8>
  %4 = "tosa.reduce_min"(%arg3) {axis = 1 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>} : (tensor<3x5xi16>) -> tensor<3x1xi16>
  %5 = "tosa.reduce_all"(%arg4) {axis = 0 : i32} : (tensor<3x4x5xi1>) -> tensor<1x4x5xi1>
  %6 = "tosa.reduce_any"(%arg4) {axis = 2 : i32} : (tensor<3x4x5xi1>) -> tensor<3x4x1xi1>
  return %1, %2, %3, %4, %5, %6 : tensor<1x5x1xf32>, tensor<3x1xi32>, tensor<1x5xi8>, tensor<3x1xi16>, tensor<1x4x5xi1>, tensor<3x4x1xi1>
}

// -----

// f32 with shift 0; i8 and i16 multiply into i32; i32 with a shift.
// CHECK-LABEL: @mul_f32_i8_i16_i32
// CHECK:       "tosa.mul"{{.*}} -> tensor<3x5x7xf32>
// CHECK:       "tosa.mul"{{.*}} -> tensor<3x5xi32>
// CHECK:       "tosa.mul"{{.*}} -> tensor<3x5xi32>
// CHECK:       "tosa.mul"{{.*}} -> tensor<3x5xi32>
func.func @mul_f32_i8_i16_i32(%arg0: tensor<3x5x7xf32>, %arg1: tensor<1x1x7xf32>, %arg2: tensor<3x5xi8>, %arg3: tensor<3x5xi16>, %arg4: tensor<3x5xi32>) -> (tensor<3x5x7xf32>, tensor<3x5xi32>, tensor<3x5xi32>, tensor<3x5xi32>) {
  %zero = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %shift = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = "tosa.mul"(%arg0, %arg1, %zero) : (tensor<3x5x7xf32>, tensor<1x1x7xf32>, tensor<1xi8>) -> tensor<3x5x7xf32>
  %1 = "tosa.mul"(%arg2, %arg2, %zero) : (tensor<3x5xi8>, tensor<3x5xi8>, tensor<1xi8>) -> tensor<3x5xi32>
  %2 = "tosa.mul"(%arg3, %arg3, %zero) : (tensor<3x5xi16>, tensor<3x5xi16>, tensor<1xi8>) -> tensor<3x5xi32>
  %3 = "tosa.mul"(%arg4, %arg4, %shift) : (tensor<3x5xi32>, tensor<3x5xi32>, tensor<1xi8>) -> tensor<3x5xi32>
  return %0, %1, %2, %3 : tensor<3x5x7xf32>, tensor<3x5xi32>, tensor<3x5xi32>, tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @negate_f32_i8_i32
// CHECK:       "tosa.negate"{{.*}} -> tensor<3x5x7xf32>
// CHECK:       "tosa.negate"{{.*}} -> tensor<3x5xi8>
// CHECK:       "tosa.negate"{{.*}} -> tensor<3x5xi32>
func.func @negate_f32_i8_i32(%arg0: tensor<3x5x7xf32>, %arg1: tensor<3x5xi8>, %arg2: tensor<3x5xi32>) -> (tensor<3x5x7xf32>, tensor<3x5xi8>, tensor<3x5xi32>) {
  %fz = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %in_zp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %out_zp = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %iz = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tosa.negate"(%arg0, %fz, %fz) : (tensor<3x5x7xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x5x7xf32>
  %1 = "tosa.negate"(%arg1, %in_zp, %out_zp) : (tensor<3x5xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<3x5xi8>
  %2 = "tosa.negate"(%arg2, %iz, %iz) : (tensor<3x5xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3x5xi32>
  return %0, %1, %2 : tensor<3x5x7xf32>, tensor<3x5xi8>, tensor<3x5xi32>
}

// -----

// CHECK-LABEL: @clamp_f32_i8_i16
// CHECK:       "tosa.clamp"(%{{.*}}) {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}
// CHECK:       "tosa.clamp"(%{{.*}}) {max_val = 127 : i8, min_val = -33 : i8}
// CHECK:       "tosa.clamp"(%{{.*}}) {max_val = 32767 : i16, min_val = 0 : i16}
func.func @clamp_f32_i8_i16(%arg0: tensor<3x5x7xf32>, %arg1: tensor<3x5xi8>, %arg2: tensor<3x5xi16>) -> (tensor<3x5x7xf32>, tensor<3x5xi8>, tensor<3x5xi16>) {
  %0 = "tosa.clamp"(%arg0) {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  %1 = "tosa.clamp"(%arg1) {min_val = -33 : i8, max_val = 127 : i8} : (tensor<3x5xi8>) -> tensor<3x5xi8>
  %2 = "tosa.clamp"(%arg2) {min_val = 0 : i16, max_val = 32767 : i16} : (tensor<3x5xi16>) -> tensor<3x5xi16>
  return %0, %1, %2 : tensor<3x5x7xf32>, tensor<3x5xi8>, tensor<3x5xi16>
}

// -----

// CHECK-LABEL: @select_f32_i8
// CHECK:       "tosa.select"{{.*}} -> tensor<3x5x7xf32>
// CHECK:       "tosa.select"{{.*}} -> tensor<3x5xi8>
func.func @select_f32_i8(%arg0: tensor<3x5x1xi1>, %arg1: tensor<3x5x7xf32>, %arg2: tensor<1x1x7xf32>, %arg3: tensor<3x5xi1>, %arg4: tensor<3x5xi8>) -> (tensor<3x5x7xf32>, tensor<3x5xi8>) {
  %0 = "tosa.select"(%arg0, %arg1, %arg2) : (tensor<3x5x1xi1>, tensor<3x5x7xf32>, tensor<1x1x7xf32>) -> tensor<3x5x7xf32>
  %1 = "tosa.select"(%arg3, %arg4, %arg4) : (tensor<3x5xi1>, tensor<3x5xi8>, tensor<3x5xi8>) -> tensor<3x5xi8>
  return %0, %1 : tensor<3x5x7xf32>, tensor<3x5xi8>
}

// -----

// CHECK-LABEL: @cast_between_f32_i32_i16_i8_i1
// CHECK:       "tosa.cast"{{.*}} -> tensor<2x3x5xi32>
// CHECK:       "tosa.cast"{{.*}} -> tensor<2x3x5xf32>
// CHECK:       "tosa.cast"{{.*}} -> tensor<2x3x5xi16>
// CHECK:       "tosa.cast"{{.*}} -> tensor<2x3x5xi8>
// CHECK:       "tosa.cast"{{.*}} -> tensor<2x3x5xi1>
// CHECK:       "tosa.cast"{{.*}} -> tensor<2x3x5xf16>
func.func @cast_between_f32_i32_i16_i8_i1(%arg0: tensor<2x3x5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xi1>, tensor<2x3x5xf16>) {
  %0 = "tosa.cast"(%arg0) : (tensor<2x3x5xf32>) -> tensor<2x3x5xi32>
  %1 = "tosa.cast"(%0) : (tensor<2x3x5xi32>) -> tensor<2x3x5xf32>
  %2 = "tosa.cast"(%0) : (tensor<2x3x5xi32>) -> tensor<2x3x5xi16>
  %3 = "tosa.cast"(%2) : (tensor<2x3x5xi16>) -> tensor<2x3x5xi8>
  %4 = "tosa.cast"(%3) : (tensor<2x3x5xi8>) -> tensor<2x3x5xi1>
  %5 = "tosa.cast"(%1) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf16>
  return %1, %4, %5 : tensor<2x3x5xf32>, tensor<2x3x5xi1>, tensor<2x3x5xf16>
}

// -----

// Per-channel i32 -> i8 (a convolution's output), per-tensor i8 -> i32, i16 -> i8 and
// i32 -> i16 (zero point 0).
// CHECK-LABEL: @rescale_i32_i8_i16
// CHECK:       "tosa.rescale"{{.*}} -> tensor<1x3x5x2xi8>
// CHECK:       "tosa.rescale"{{.*}} -> tensor<3x5xi32>
// CHECK:       "tosa.rescale"{{.*}} -> tensor<3x5xi8>
// CHECK:       "tosa.rescale"{{.*}} -> tensor<3x5xi16>
func.func @rescale_i32_i8_i16(%arg0: tensor<1x3x5x2xi32>, %arg1: tensor<3x5xi8>, %arg2: tensor<3x5xi16>) -> (tensor<1x3x5x2xi8>, tensor<3x5xi8>, tensor<3x5xi16>) {
  %m2 = "tosa.const"() {values = dense<[1073741824, 1518500250]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s2 = "tosa.const"() {values = dense<[33, 34]> : tensor<2xi8>} : () -> tensor<2xi8>
  %m = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tosa.const"() {values = dense<30> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp32 = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %zp8 = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp8in = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %zp16 = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = "tosa.rescale"(%arg0, %m2, %s2, %zp32, %zp8) {scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = true, input_unsigned = false, output_unsigned = false} : (tensor<1x3x5x2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x3x5x2xi8>
  %1 = "tosa.rescale"(%arg1, %m, %s, %zp8in, %zp32) {scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<3x5xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<3x5xi32>
  %2 = "tosa.rescale"(%arg2, %m, %s, %zp16, %zp8) {scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<3x5xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<3x5xi8>
  %3 = "tosa.rescale"(%1, %m, %s, %zp32, %zp16) {scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false} : (tensor<3x5xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi16>) -> tensor<3x5xi16>
  return %0, %2, %3 : tensor<1x3x5x2xi8>, tensor<3x5xi8>, tensor<3x5xi16>
}

// -----

// CHECK-LABEL: @table_i8_i16
// CHECK:       "tosa.table"{{.*}} -> tensor<3x5xi8>
// CHECK:       "tosa.table"{{.*}} -> tensor<3x5xi32>
func.func @table_i8_i16(%arg0: tensor<3x5xi8>, %arg1: tensor<3x5xi16>) -> (tensor<3x5xi8>, tensor<3x5xi32>) {
  %t8 = "tosa.const"() {values = dense<7> : tensor<256xi8>} : () -> tensor<256xi8>
  %t16 = "tosa.const"() {values = dense<7> : tensor<513xi16>} : () -> tensor<513xi16>
  %0 = "tosa.table"(%arg0, %t8) : (tensor<3x5xi8>, tensor<256xi8>) -> tensor<3x5xi8>
  %1 = "tosa.table"(%arg1, %t16) : (tensor<3x5xi16>, tensor<513xi16>) -> tensor<3x5xi32>
  return %0, %1 : tensor<3x5xi8>, tensor<3x5xi32>
}

// -----

// SAME padding, stride 1 (what legalize emits for an int8 CONV_2D).
// CHECK-LABEL: @conv2d_i8
// CHECK:       "tosa.conv2d"{{.*}} -> tensor<1x3x5x2xi32>
func.func @conv2d_i8(%arg0: tensor<1x3x5x7xi8>, %arg1: tensor<2x3x3x7xi8>, %arg2: tensor<2xi32>) -> tensor<1x3x5x2xi32> {
  %in_zp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %w_zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = "tosa.conv2d"(%arg0, %arg1, %arg2, %in_zp, %w_zp) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x3x5x7xi8>, tensor<2x3x3x7xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x5x2xi32>
  return %0 : tensor<1x3x5x2xi32>
}

// -----

// Stride 2, dilation 2 and an asymmetric pad: (4 - 1 + 1 - 2) / 2 + 1 = 2, (6 - 1 + 3 - 4) / 2 + 1 = 3.
// CHECK-LABEL: @conv2d_f32_strided_dilated
// CHECK:       "tosa.conv2d"{{.*}} -> tensor<1x2x3x2xf32>
func.func @conv2d_f32_strided_dilated(%arg0: tensor<1x4x6x3xf32>, %arg1: tensor<2x2x3x3xf32>, %arg2: tensor<1xf32>) -> tensor<1x2x3x2xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tosa.conv2d"(%arg0, %arg1, %arg2, %zp, %zp) {pad = array<i64: 0, 1, 1, 2>, stride = array<i64: 2, 2>, dilation = array<i64: 2, 2>, acc_type = f32} : (tensor<1x4x6x3xf32>, tensor<2x2x3x3xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x3x2xf32>
  return %0 : tensor<1x2x3x2xf32>
}

// -----

// Weights [kh, kw, channels, multiplier]: 2 channels x 2 = 4 outputs.
// CHECK-LABEL: @depthwise_conv2d_i8
// CHECK:       "tosa.depthwise_conv2d"{{.*}} -> tensor<1x4x6x4xi32>
func.func @depthwise_conv2d_i8(%arg0: tensor<1x4x6x2xi8>, %arg1: tensor<2x3x2x2xi8>, %arg2: tensor<4xi32>) -> tensor<1x4x6x4xi32> {
  %in_zp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %w_zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = "tosa.depthwise_conv2d"(%arg0, %arg1, %arg2, %in_zp, %w_zp) {pad = array<i64: 0, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32} : (tensor<1x4x6x2xi8>, tensor<2x3x2x2xi8>, tensor<4xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x6x4xi32>
  return %0 : tensor<1x4x6x4xi32>
}

// -----

// CHECK-LABEL: @depthwise_conv2d_f32
// CHECK:       "tosa.depthwise_conv2d"{{.*}} -> tensor<1x3x4x3xf32>
func.func @depthwise_conv2d_f32(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<3x3x3x1xf32>, %arg2: tensor<3xf32>) -> tensor<1x3x4x3xf32> {
  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tosa.depthwise_conv2d"(%arg0, %arg1, %arg2, %zp, %zp) {pad = array<i64: 0, 0, 1, 1>, stride = array<i64: 1, 2>, dilation = array<i64: 1, 1>, acc_type = f32} : (tensor<1x5x7x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x4x3xf32>
  return %0 : tensor<1x3x4x3xf32>
}

// -----

// TOSA 1.0 CONV2D and DEPTHWISE_CONV2D "signed 16x8 with int48 accumulate": i16 input, i8
// weights, acc_type i48, an i48 bias and output; zero points 0.
// CHECK-LABEL: @conv2d_depthwise_conv2d_i16
// CHECK:       "tosa.conv2d"{{.*}}{acc_type = i48, {{.*}}} : (tensor<1x3x5x7xi16>, tensor<2x3x3x7xi8>, tensor<2xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x3x5x2xi48>
// CHECK:       "tosa.depthwise_conv2d"{{.*}}{acc_type = i48, {{.*}}} : (tensor<1x4x6x2xi16>, tensor<2x3x2x2xi8>, tensor<4xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x6x4xi48>
func.func @conv2d_depthwise_conv2d_i16(%arg0: tensor<1x3x5x7xi16>, %arg1: tensor<2x3x3x7xi8>, %arg2: tensor<2xi48>, %arg3: tensor<1x4x6x2xi16>, %arg4: tensor<2x3x2x2xi8>, %arg5: tensor<4xi48>) -> (tensor<1x3x5x2xi48>, tensor<1x4x6x4xi48>) {
  %in_zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %w_zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = "tosa.conv2d"(%arg0, %arg1, %arg2, %in_zp, %w_zp) {pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i48} : (tensor<1x3x5x7xi16>, tensor<2x3x3x7xi8>, tensor<2xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x3x5x2xi48>
  %1 = "tosa.depthwise_conv2d"(%arg3, %arg4, %arg5, %in_zp, %w_zp) {pad = array<i64: 0, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i48} : (tensor<1x4x6x2xi16>, tensor<2x3x2x2xi8>, tensor<4xi48>, tensor<1xi16>, tensor<1xi8>) -> tensor<1x4x6x4xi48>
  return %0, %1 : tensor<1x3x5x2xi48>, tensor<1x4x6x4xi48>
}

// -----

// CHECK-LABEL: @matmul_i8_f32
// CHECK:       "tosa.matmul"{{.*}} -> tensor<1x3x5xi32>
// CHECK:       "tosa.matmul"{{.*}} -> tensor<2x3x5xf32>
func.func @matmul_i8_f32(%arg0: tensor<1x3x7xi8>, %arg1: tensor<1x7x5xi8>, %arg2: tensor<2x3x7xf32>, %arg3: tensor<2x7x5xf32>) -> (tensor<1x3x5xi32>, tensor<2x3x5xf32>) {
  %a_zp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %b_zp = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %fz = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tosa.matmul"(%arg0, %arg1, %a_zp, %b_zp) : (tensor<1x3x7xi8>, tensor<1x7x5xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x5xi32>
  %1 = "tosa.matmul"(%arg2, %arg3, %fz, %fz) : (tensor<2x3x7xf32>, tensor<2x7x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x5xf32>
  return %0, %1 : tensor<1x3x5xi32>, tensor<2x3x5xf32>
}

// -----

// TOSA 1.0 MATMUL "signed 16x16 with int48 accumulate": i16 operands give i48.
// CHECK-LABEL: @matmul_i16
// CHECK:       "tosa.matmul"{{.*}} : (tensor<1x3x7xi16>, tensor<1x7x5xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x3x5xi48>
func.func @matmul_i16(%arg0: tensor<1x3x7xi16>, %arg1: tensor<1x7x5xi16>) -> tensor<1x3x5xi48> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = "tosa.matmul"(%arg0, %arg1, %zp, %zp) : (tensor<1x3x7xi16>, tensor<1x7x5xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x3x5xi48>
  return %0 : tensor<1x3x5xi48>
}

// -----

// CHECK-LABEL: @max_pool2d_i8_f32
// CHECK:       "tosa.max_pool2d"{{.*}} -> tensor<1x3x4x3xi8>
// CHECK:       "tosa.max_pool2d"{{.*}} -> tensor<1x2x3x3xf32>
func.func @max_pool2d_i8_f32(%arg0: tensor<1x6x7x3xi8>, %arg1: tensor<1x4x6x3xf32>) -> (tensor<1x3x4x3xi8>, tensor<1x2x3x3xf32>) {
  %0 = "tosa.max_pool2d"(%arg0) {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, pad = array<i64: 0, 1, 1, 1>} : (tensor<1x6x7x3xi8>) -> tensor<1x3x4x3xi8>
  %1 = "tosa.max_pool2d"(%arg1) {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>} : (tensor<1x4x6x3xf32>) -> tensor<1x2x3x3xf32>
  return %0, %1 : tensor<1x3x4x3xi8>, tensor<1x2x3x3xf32>
}

// -----

// CHECK-LABEL: @avg_pool2d_i8_f32
// CHECK:       "tosa.avg_pool2d"{{.*}} -> tensor<1x4x5x3xi8>
// CHECK:       "tosa.avg_pool2d"{{.*}} -> tensor<1x2x3x3xf32>
func.func @avg_pool2d_i8_f32(%arg0: tensor<1x4x5x3xi8>, %arg1: tensor<1x4x6x3xf32>) -> (tensor<1x4x5x3xi8>, tensor<1x2x3x3xf32>) {
  %in_zp = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %out_zp = "tosa.const"() {values = dense<5> : tensor<1xi8>} : () -> tensor<1xi8>
  %fz = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "tosa.avg_pool2d"(%arg0, %in_zp, %out_zp) {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, acc_type = i32} : (tensor<1x4x5x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x5x3xi8>
  %1 = "tosa.avg_pool2d"(%arg1, %fz, %fz) {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, acc_type = f32} : (tensor<1x4x6x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x3x3xf32>
  return %0, %1 : tensor<1x4x5x3xi8>, tensor<1x2x3x3xf32>
}

// -----

// TOSA 1.0 AVG_POOL2D "signed 16 with int32 accumulate": acc_type i32, zero points 0.
// CHECK-LABEL: @avg_pool2d_i16
// CHECK:       "tosa.avg_pool2d"{{.*}}{acc_type = i32, {{.*}}} : (tensor<1x4x6x3xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x2x3x3xi16>
func.func @avg_pool2d_i16(%arg0: tensor<1x4x6x3xi16>) -> tensor<1x2x3x3xi16> {
  %zp = "tosa.const"() {values = dense<0> : tensor<1xi16>} : () -> tensor<1xi16>
  %0 = "tosa.avg_pool2d"(%arg0, %zp, %zp) {kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32} : (tensor<1x4x6x3xi16>, tensor<1xi16>, tensor<1xi16>) -> tensor<1x2x3x3xi16>
  return %0 : tensor<1x2x3x3xi16>
}

// -----

// CHECK-LABEL: @argmax_f32_i8
// CHECK:       "tosa.argmax"{{.*}} -> tensor<3x4xi32>
// CHECK:       "tosa.argmax"{{.*}} -> tensor<5xi32>
func.func @argmax_f32_i8(%arg0: tensor<3x5x4xf32>, %arg1: tensor<3x5xi8>) -> (tensor<3x4xi32>, tensor<5xi32>) {
  %0 = "tosa.argmax"(%arg0) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<3x5x4xf32>) -> tensor<3x4xi32>
  %1 = "tosa.argmax"(%arg1) {axis = 0 : i32} : (tensor<3x5xi8>) -> tensor<5xi32>
  return %0, %1 : tensor<3x4xi32>, tensor<5xi32>
}

// -----

// CHECK-LABEL: @reshape_f32_i8
// CHECK:       "tosa.reshape"{{.*}} -> tensor<1x1x7xf32>
// CHECK:       "tosa.reshape"{{.*}} -> tensor<5x3xi8>
func.func @reshape_f32_i8(%arg0: tensor<7xf32>, %arg1: tensor<3x5xi8>) -> (tensor<1x1x7xf32>, tensor<5x3xi8>) {
  %s0 = "tosa.const_shape"() {values = dense<[1, 1, 7]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s1 = "tosa.const_shape"() {values = dense<[5, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.reshape"(%arg0, %s0) : (tensor<7xf32>, !tosa.shape<3>) -> tensor<1x1x7xf32>
  %1 = "tosa.reshape"(%arg1, %s1) : (tensor<3x5xi8>, !tosa.shape<2>) -> tensor<5x3xi8>
  return %0, %1 : tensor<1x1x7xf32>, tensor<5x3xi8>
}

// -----

// CHECK-LABEL: @transpose_f32_i16
// CHECK:       "tosa.transpose"{{.*}} -> tensor<2x7x3x5xf32>
// CHECK:       "tosa.transpose"{{.*}} -> tensor<7x3xi16>
func.func @transpose_f32_i16(%arg0: tensor<2x3x5x7xf32>, %arg1: tensor<3x7xi16>) -> (tensor<2x7x3x5xf32>, tensor<7x3xi16>) {
  %0 = "tosa.transpose"(%arg0) {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x3x5x7xf32>) -> tensor<2x7x3x5xf32>
  %1 = "tosa.transpose"(%arg1) {perms = array<i32: 1, 0>} : (tensor<3x7xi16>) -> tensor<7x3xi16>
  return %0, %1 : tensor<2x7x3x5xf32>, tensor<7x3xi16>
}

// -----

// CHECK-LABEL: @pad_f32_i8
// CHECK:       "tosa.pad"{{.*}} -> tensor<2x6x8xf32>
// CHECK:       "tosa.pad"{{.*}} -> tensor<1x8x10x3xi8>
func.func @pad_f32_i8(%arg0: tensor<2x3x5xf32>, %arg1: tensor<1x5x7x3xi8>) -> (tensor<2x6x8xf32>, tensor<1x8x10x3xi8>) {
  %p0 = "tosa.const_shape"() {values = dense<[0, 0, 1, 2, 3, 0]> : tensor<6xindex>} : () -> !tosa.shape<6>
  %v0 = "tosa.const"() {values = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %p1 = "tosa.const_shape"() {values = dense<[0, 0, 1, 2, 1, 2, 0, 0]> : tensor<8xindex>} : () -> !tosa.shape<8>
  %v1 = "tosa.const"() {values = dense<-3> : tensor<1xi8>} : () -> tensor<1xi8>
  %0 = "tosa.pad"(%arg0, %p0, %v0) : (tensor<2x3x5xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<2x6x8xf32>
  %1 = "tosa.pad"(%arg1, %p1, %v1) : (tensor<1x5x7x3xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x8x10x3xi8>
  return %0, %1 : tensor<2x6x8xf32>, tensor<1x8x10x3xi8>
}

// -----

// CHECK-LABEL: @slice_i16_f32
// CHECK:       "tosa.slice"{{.*}} -> tensor<1x5x9x3xi16>
// CHECK:       "tosa.slice"{{.*}} -> tensor<1x1x5x2xf32>
func.func @slice_i16_f32(%arg0: tensor<1x6x9x3xi16>, %arg1: tensor<1x4x5x2xf32>) -> (tensor<1x5x9x3xi16>, tensor<1x1x5x2xf32>) {
  %start0 = "tosa.const_shape"() {values = dense<0> : tensor<4xindex>} : () -> !tosa.shape<4>
  %size0 = "tosa.const_shape"() {values = dense<[1, 5, 9, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %start1 = "tosa.const_shape"() {values = dense<[0, 3, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %size1 = "tosa.const_shape"() {values = dense<[1, 1, 5, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %0 = "tosa.slice"(%arg0, %start0, %size0) : (tensor<1x6x9x3xi16>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x9x3xi16>
  %1 = "tosa.slice"(%arg1, %start1, %size1) : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x1x5x2xf32>
  return %0, %1 : tensor<1x5x9x3xi16>, tensor<1x1x5x2xf32>
}

// -----

// CHECK-LABEL: @tile_f32_i32
// CHECK:       "tosa.tile"{{.*}} -> tensor<3x5x7xf32>
// CHECK:       "tosa.tile"{{.*}} -> tensor<4x9xi32>
func.func @tile_f32_i32(%arg0: tensor<1x1x7xf32>, %arg1: tensor<2x3xi32>) -> (tensor<3x5x7xf32>, tensor<4x9xi32>) {
  %m0 = "tosa.const_shape"() {values = dense<[3, 5, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %m1 = "tosa.const_shape"() {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.tile"(%arg0, %m0) : (tensor<1x1x7xf32>, !tosa.shape<3>) -> tensor<3x5x7xf32>
  %1 = "tosa.tile"(%arg1, %m1) : (tensor<2x3xi32>, !tosa.shape<2>) -> tensor<4x9xi32>
  return %0, %1 : tensor<3x5x7xf32>, tensor<4x9xi32>
}

// -----

// CHECK-LABEL: @concat_f32_i8
// CHECK:       "tosa.concat"{{.*}} -> tensor<2x7x5xf32>
// CHECK:       "tosa.concat"{{.*}} -> tensor<3x14xi8>
func.func @concat_f32_i8(%arg0: tensor<2x3x5xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<3x10xi8>, %arg3: tensor<3x4xi8>) -> (tensor<2x7x5xf32>, tensor<3x14xi8>) {
  %0 = "tosa.concat"(%arg0, %arg1) {axis = 1 : i32} : (tensor<2x3x5xf32>, tensor<2x4x5xf32>) -> tensor<2x7x5xf32>
  %1 = "tosa.concat"(%arg2, %arg3) {axis = 1 : i32} : (tensor<3x10xi8>, tensor<3x4xi8>) -> tensor<3x14xi8>
  return %0, %1 : tensor<2x7x5xf32>, tensor<3x14xi8>
}

// -----

// CHECK-LABEL: @reverse_f32_i8
// CHECK:       "tosa.reverse"{{.*}} -> tensor<3x4x5xf32>
// CHECK:       "tosa.reverse"{{.*}} -> tensor<3x4xi8>
func.func @reverse_f32_i8(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x4xi8>) -> (tensor<3x4x5xf32>, tensor<3x4xi8>) {
  %0 = "tosa.reverse"(%arg0) {axis = 1 : i32} : (tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %1 = "tosa.reverse"(%arg1) {axis = 0 : i32} : (tensor<3x4xi8>) -> tensor<3x4xi8>
  return %0, %1 : tensor<3x4x5xf32>, tensor<3x4xi8>
}

// -----

// CHECK-LABEL: @gather_f32_i8
// CHECK:       "tosa.gather"{{.*}} -> tensor<1x6x12xf32>
// CHECK:       "tosa.gather"{{.*}} -> tensor<6x5x4xi8>
func.func @gather_f32_i8(%arg0: tensor<1x5x12xf32>, %arg1: tensor<1x6xi32>, %arg2: tensor<6x6x4xi8>, %arg3: tensor<6x5xi32>) -> (tensor<1x6x12xf32>, tensor<6x5x4xi8>) {
  %0 = "tosa.gather"(%arg0, %arg1) : (tensor<1x5x12xf32>, tensor<1x6xi32>) -> tensor<1x6x12xf32>
  %1 = "tosa.gather"(%arg2, %arg3) : (tensor<6x6x4xi8>, tensor<6x5xi32>) -> tensor<6x5x4xi8>
  return %0, %1 : tensor<1x6x12xf32>, tensor<6x5x4xi8>
}

// -----

// Nearest neighbour (as legalize emits it, scale [8/5, 22/14]) and bilinear, whose int8
// output is i32.
// CHECK-LABEL: @resize_f32_i8
// CHECK:       "tosa.resize"{{.*}} -> tensor<1x8x11x3xf32>
// CHECK:       "tosa.resize"{{.*}} -> tensor<1x8x11x3xi32>
func.func @resize_f32_i8(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<1x5x7x3xi8>) -> (tensor<1x8x11x3xf32>, tensor<1x8x11x3xi32>) {
  %scale = "tosa.const_shape"() {values = dense<[8, 5, 22, 14]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %offset = "tosa.const_shape"() {values = dense<[-4, -11]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %border = "tosa.const_shape"() {values = dense<[-1, -3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = "tosa.resize"(%arg0, %scale, %offset, %border) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : (tensor<1x5x7x3xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x11x3xf32>
  %1 = "tosa.resize"(%arg1, %scale, %offset, %border) {mode = #tosa.resize_mode<BILINEAR>} : (tensor<1x5x7x3xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x11x3xi32>
  return %0, %1 : tensor<1x8x11x3xf32>, tensor<1x8x11x3xi32>
}

// -----

// CHECK-LABEL: @const_and_const_shape
// CHECK:       "tosa.const"() {values = dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>}
// CHECK:       "tosa.const"() {values = dense<5.000000e-01> : tensor<3xf32>}
// CHECK:       "tosa.const"() {values = dense<-7> : tensor<1xi16>}
// CHECK:       "tosa.const_shape"() {values = dense<[3, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
func.func @const_and_const_shape() -> (tensor<2x3xi8>, tensor<3xf32>, tensor<1xi16>, tensor<3x2xi8>) {
  %0 = "tosa.const"() {values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %1 = "tosa.const"() {values = dense<0.5> : tensor<3xf32>} : () -> tensor<3xf32>
  %2 = "tosa.const"() {values = dense<-7> : tensor<1xi16>} : () -> tensor<1xi16>
  %s = "tosa.const_shape"() {values = dense<[3, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %3 = "tosa.reshape"(%0, %s) : (tensor<2x3xi8>, !tosa.shape<2>) -> tensor<3x2xi8>
  return %0, %1, %2, %3 : tensor<2x3xi8>, tensor<3xf32>, tensor<1xi16>, tensor<3x2xi8>
}
