// Golden test of legalize/families/reduction/reduction.py: MEAN, SUM, REDUCE_PROD/MAX/MIN/ANY/ALL become one
// tosa.reduce_* per run of adjacent reduced axes (merged by a reshape) and a reshape to the
// result type; float sums and products reduce in TFLite's order (non-adjacent axes moved last
// first); MEAN divides by N in float32 (arith.divf) or with tosa.intdiv (i32). Quantized MEAN
// and SUM (int8, uint8, int16): the int32 sum, minus zi * N, requantized by tosa.rescale with
// the kernel's own multiplier; REDUCE_PROD (int8, int16): the kernel's per-step int64 MBQM in a
// linalg.generic. REDUCE_MAX/MIN and ARG_MAX/MIN compare stored values (uint8 through
// b ^ 0x80); ARG_MIN is the argmax of -x (floats) or ~x (integers). CUMSUM as a running sum.
// The reasons each pattern declines an instance, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Axes 1 and 2 of a 1x5x4x6 are adjacent: one reshape to 1x20x6, one reduce_sum on axis 1
// (each output's 20 values in row-major order, as reference/reduce.h adds them); keep_dims
// shapes the result 1x1x1x6; N = 5 * 4 = 20, divided in float32 (temp_sum / N).
// CHECK-LABEL: @mean_f32_adjacent_axes_merged
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x4x6xf32>)
// CHECK:         %[[MERGED_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 20, 6]> : tensor<3xindex>}
// CHECK-NEXT:    %[[MERGED:.*]] = "tosa.reshape"(%[[X]], %[[MERGED_SHAPE]]) : (tensor<1x5x4x6xf32>, !tosa.shape<3>) -> tensor<1x20x6xf32>
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reduce_sum"(%[[MERGED]]) {axis = 1 : i32} : (tensor<1x20x6xf32>) -> tensor<1x1x6xf32>
// CHECK-NEXT:    %[[KEPT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 1, 6]> : tensor<4xindex>}
// CHECK-NEXT:    %[[KEPT:.*]] = "tosa.reshape"(%[[SUM]], %[[KEPT_SHAPE]]) : (tensor<1x1x6xf32>, !tosa.shape<4>) -> tensor<1x1x1x6xf32>
// CHECK-NEXT:    %[[N:.*]] = arith.constant dense<2.000000e+01> : tensor<1x1x1x6xf32>
// CHECK-NEXT:    %[[Y:.*]] = "arith.divf"(%[[KEPT]], %[[N]]) : (tensor<1x1x1x6xf32>, tensor<1x1x1x6xf32>) -> tensor<1x1x1x6xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @mean_f32_adjacent_axes_merged(%arg0: tensor<1x5x4x6xf32>) -> tensor<1x1x1x6xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = true} : (tensor<1x5x4x6xf32>, tensor<2xi32>) -> tensor<1x1x1x6xf32>
  return %1 : tensor<1x1x1x6xf32>
}

// -----

// Axes [-1, 0] of a 2x3x5 are {2, 0} (ResolveAxis in reduce.cc): not adjacent. TFLite adds
// each output's values in row-major order of (axis 0, axis 2); a float sum depends on the
// order, so the reduced axes move behind the kept one (perms 1, 0, 2) and merge into one run
// of 2 * 5 = 10; N = 10.
// CHECK-LABEL: @mean_f32_negative_axes
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK:         %[[T:.*]] = "tosa.transpose"(%[[X]]) {perms = array<i32: 1, 0, 2>} : (tensor<2x3x5xf32>) -> tensor<3x2x5xf32>
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 10]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[T]], %[[ROWS_SHAPE]]) : (tensor<3x2x5xf32>, !tosa.shape<2>) -> tensor<3x10xf32>
// CHECK-NEXT:    %[[SUM1:.*]] = "tosa.reduce_sum"(%[[ROWS]]) {axis = 1 : i32} : (tensor<3x10xf32>) -> tensor<3x1xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<3> : tensor<1xindex>}
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reshape"(%[[SUM1]], %[[OUT_SHAPE]]) : (tensor<3x1xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK-NEXT:    %[[N:.*]] = arith.constant dense<1.000000e+01> : tensor<3xf32>
// CHECK-NEXT:    %[[Y:.*]] = "arith.divf"(%[[SUM]], %[[N]])
// CHECK-NEXT:    return %[[Y]]
func.func @mean_f32_negative_axes(%arg0: tensor<2x3x5xf32>) -> tensor<3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[-1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = false} : (tensor<2x3x5xf32>, tensor<2xi32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// int32 MEAN truncates, as C++ division does (reference/reduce.h Mean: temp_sum / N): N = 7.
// CHECK-LABEL: @mean_i32_truncates
// CHECK-SAME:    (%[[X:.*]]: tensor<3x7xi32>)
// CHECK:         %[[SUM1:.*]] = "tosa.reduce_sum"(%[[X]]) {axis = 1 : i32} : (tensor<3x7xi32>) -> tensor<3x1xi32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<3> : tensor<1xindex>}
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reshape"(%[[SUM1]], %[[OUT_SHAPE]]) : (tensor<3x1xi32>, !tosa.shape<1>) -> tensor<3xi32>
// CHECK-NEXT:    %[[N:.*]] = "tosa.const"() {values = dense<7> : tensor<1xi32>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.intdiv"(%[[SUM]], %[[N]]) : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @mean_i32_truncates(%arg0: tensor<3x7xi32>) -> tensor<3xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = false} : (tensor<3x7xi32>, tensor<1xi32>) -> tensor<3xi32>
  return %1 : tensor<3xi32>
}

// -----

// int8 MEAN (reference/reduce.h QuantizedMeanOrSum; BUILTIN_REF takes it for this 4-D keep_dims
// mean over H, W too: the special kernel is the optimized resolver's). acc = sum q - zi N,
// N = 5 * 4 = 20, zi N = -3 * 20 = -60.
// (m, e) = QM(double(0.05f) / double(0.02f)) = QM(0.05000000074505806 / 0.019999999552965164
// = 2.5000000931322597) = (1342177330, 2); k = min(floor(log2 20) = 4, 32, 31 + 2) = 4;
// m' = (1342177330 << 4) / 20 = 1073741864, e' = 2 - 4 = -2: tosa.rescale shift 31 + 2 = 33.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.02:5>
// CHECK-LABEL: @mean_int8_hw_keep_dims
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x4x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<1x5x4x6xi8>
// CHECK-NEXT:    %[[WIDE:.*]] = "tosa.cast"(%[[STORED]]) : (tensor<1x5x4x6xi8>) -> tensor<1x5x4x6xi32>
// CHECK-NEXT:    %[[MERGED_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 20, 6]> : tensor<3xindex>}
// CHECK-NEXT:    %[[MERGED:.*]] = "tosa.reshape"(%[[WIDE]], %[[MERGED_SHAPE]])
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reduce_sum"(%[[MERGED]]) {axis = 1 : i32} : (tensor<1x20x6xi32>) -> tensor<1x1x6xi32>
// CHECK-NEXT:    %[[ZI_N:.*]] = "tosa.const"() {values = dense<-60> : tensor<1x1x1xi32>}
// CHECK-NEXT:    %[[ACC:.*]] = "tosa.sub"(%[[SUM]], %[[ZI_N]]) : (tensor<1x1x6xi32>, tensor<1x1x1xi32>) -> tensor<1x1x6xi32>
// CHECK-NEXT:    %[[M:.*]] = "tosa.const"() {values = dense<1073741864> : tensor<1xi32>}
// CHECK-NEXT:    %[[S:.*]] = "tosa.const"() {values = dense<33> : tensor<1xi8>}
// CHECK-NEXT:    %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-NEXT:    %[[MEAN:.*]] = "tosa.rescale"(%[[ACC]], %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true} : (tensor<1x1x6xi32>, {{.*}}) -> tensor<1x1x6xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 1, 6]> : tensor<4xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[MEAN]], %[[OUT_SHAPE]]) : (tensor<1x1x6xi8>, !tosa.shape<4>) -> tensor<1x1x1x6xi8>
// CHECK-NEXT:    quant.scast %[[Y]] : tensor<1x1x1x6xi8> to tensor<1x1x1x6x!quant.uniform<i8:f32, 2.000000e-02:5>>
func.func @mean_int8_hw_keep_dims(%arg0: tensor<1x5x4x6x!q>) -> tensor<1x1x1x6x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = true} : (tensor<1x5x4x6x!q>, tensor<2xi32>) -> tensor<1x1x1x6x!r>
  return %1 : tensor<1x1x1x6x!r>
}

// -----

// uint8: TOSA rescales unsigned values to 8 and 16 bits only, so u is summed as the int8
// s = u ^ 0x80 = u - 128: sum u - zi N = sum s - (zi - 128) N = sum s - 3 * 21 = sum s - 63.
// QM(double(0.05f) / double(0.07f) = 0.7142857218883475) = (1533916908, 0); N = 21,
// k = min(4, 32, 31) = 4; m' = (1533916908 << 4) / 21 = 1168698596, e' = -4: shift 35. The
// byte clamp(90 + MBQM, 0, 255) is the int8 clamp(MBQM + (90 - 128), -128, 127) flipped
// back. All axes of a 3x7: the rank-0 result is reshaped last (TOSA ops stay ranked).
!q = !quant.uniform<u8:f32, 0.05:131>
!r = !quant.uniform<u8:f32, 0.07:90>
// CHECK-LABEL: @mean_uint8_all_axes
// CHECK:         %[[STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x7xi8>
// CHECK-NEXT:    %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:    %[[SIGNED:.*]] = "tosa.bitwise_xor"(%[[STORED]], %[[SIGN]])
// CHECK-NEXT:    %[[WIDE:.*]] = "tosa.cast"(%[[SIGNED]]) : (tensor<3x7xi8>) -> tensor<3x7xi32>
// CHECK:         %[[SUM:.*]] = "tosa.reduce_sum"(%{{.*}}) {axis = 0 : i32} : (tensor<21xi32>) -> tensor<1xi32>
// CHECK-NEXT:    %[[OFFSET:.*]] = "tosa.const"() {values = dense<63> : tensor<1xi32>}
// CHECK-NEXT:    %[[ACC:.*]] = "tosa.sub"(%[[SUM]], %[[OFFSET]])
// CHECK-NEXT:    %[[M:.*]] = "tosa.const"() {values = dense<1168698596> : tensor<1xi32>}
// CHECK-NEXT:    %[[S:.*]] = "tosa.const"() {values = dense<35> : tensor<1xi8>}
// CHECK-NEXT:    %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-38> : tensor<1xi8>}
// CHECK-NEXT:    %[[MEAN:.*]] = "tosa.rescale"(%[[ACC]], %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {input_unsigned = false, output_unsigned = false, {{.*}}} : (tensor<1xi32>, {{.*}}) -> tensor<1xi8>
// CHECK-NEXT:    %[[SIGN2:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:    %[[BYTE:.*]] = "tosa.bitwise_xor"(%[[MEAN]], %[[SIGN2]])
// CHECK-NEXT:    %[[SCALAR:.*]] = "tosa.const_shape"() {values = dense<> : tensor<0xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[BYTE]], %[[SCALAR]]) : (tensor<1xi8>, !tosa.shape<0>) -> tensor<i8>
// CHECK-NEXT:    quant.scast %[[Y]] : tensor<i8> to tensor<!quant.uniform<u8:f32, 7.000000e-02:90>>
func.func @mean_uint8_all_axes(%arg0: tensor<3x7x!q>) -> tensor<!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = false} : (tensor<3x7x!q>, tensor<2xi32>) -> tensor<!r>
  return %1 : tensor<!r>
}

// -----

// int16 (zero points 0, as Prepare requires): no zero-point term. Integer sums do not depend
// on the order: one reduce_sum per non-adjacent axis. N = 2 * 5 = 10.
// QM(double(0.001f) / double(0.0005f) = 2.0) = (1073741824, 2); k = min(3, 32, 33) = 3;
// m' = (1073741824 << 3) / 10 = 858993459 (under 2^30: the kernel does not renormalize it),
// e' = -1: shift 32.
!q = !quant.uniform<i16:f32, 0.001>
!r = !quant.uniform<i16:f32, 0.0005>
// CHECK-LABEL: @mean_int16
// CHECK:         %[[STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<2x3x5xi16>
// CHECK-NEXT:    %[[WIDE:.*]] = "tosa.cast"(%[[STORED]]) : (tensor<2x3x5xi16>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    %[[SUM0:.*]] = "tosa.reduce_sum"(%[[WIDE]]) {axis = 0 : i32}
// CHECK-NEXT:    %[[SUM2:.*]] = "tosa.reduce_sum"(%[[SUM0]]) {axis = 2 : i32} : (tensor<1x3x5xi32>) -> tensor<1x3x1xi32>
// CHECK-NEXT:    %[[M:.*]] = "tosa.const"() {values = dense<858993459> : tensor<1xi32>}
// CHECK-NEXT:    %[[S:.*]] = "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK-NEXT:    %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi16>}
// CHECK-NEXT:    %[[MEAN:.*]] = "tosa.rescale"(%[[SUM2]], %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {{.*}} -> tensor<1x3x1xi16>
// CHECK:         "tosa.reshape"(%[[MEAN]], %{{.*}}) : (tensor<1x3x1xi16>, !tosa.shape<1>) -> tensor<3xi16>
func.func @mean_int16(%arg0: tensor<2x3x5x!q>) -> tensor<3x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = false} : (tensor<2x3x5x!q>, tensor<2xi32>) -> tensor<3x!r>
  return %1 : tensor<3x!r>
}

// -----

// BUILTIN_REF's int8 SUM passes its buffers as uint8_t (reduce.cc QuantizedMeanOrSum<T,
// kReference>): each stored int8 is read as the uint8 of its bits, with the int8 zero points,
// clamped to [0, 255], and that byte is stored: the uint8 arithmetic. N = 3:
// sum u - zi N = sum s - (zi - 128) N = sum s - (-3 - 128) * 3 = sum s + 393.
// QM(double(0.05f) / double(0.2f) = 0.25) = (1073741824, -1): shift 32. The byte
// clamp(-7 + MBQM, 0, 255) - 128 needs the zero point -7 - 128 = -135, no int8: it is added in
// i32, and an identity rescale (2^30 >> 30) saturates to [-128, 127] before the flip back.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.2:-7>
// CHECK-LABEL: @sum_int8_reads_uint8
// CHECK:         %[[STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<2x3x5xi8>
// CHECK-NEXT:    %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1xi8>}
// CHECK-NEXT:    %[[SIGNED:.*]] = "tosa.bitwise_xor"(%[[STORED]], %[[SIGN]])
// CHECK-NEXT:    %[[WIDE:.*]] = "tosa.cast"(%[[SIGNED]]) : (tensor<2x3x5xi8>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reduce_sum"(%[[WIDE]]) {axis = 1 : i32} : (tensor<2x3x5xi32>) -> tensor<2x1x5xi32>
// CHECK-NEXT:    %[[OFFSET:.*]] = "tosa.const"() {values = dense<-393> : tensor<1x1x1xi32>}
// CHECK-NEXT:    %[[ACC:.*]] = "tosa.sub"(%[[SUM]], %[[OFFSET]])
// CHECK-NEXT:    %[[M:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:    %[[S:.*]] = "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK-NEXT:    %[[ZP_A:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[ZP_B:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[SCALED:.*]] = "tosa.rescale"(%[[ACC]], %[[M]], %[[S]], %[[ZP_A]], %[[ZP_B]]) {{.*}} -> tensor<2x1x5xi32>
// CHECK-NEXT:    %[[ZO:.*]] = "tosa.const"() {values = dense<-135> : tensor<1x1x1xi32>}
// CHECK-NEXT:    %[[SHIFTED:.*]] = "tosa.add"(%[[SCALED]], %[[ZO]])
// CHECK-NEXT:    %[[ONE:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:    %[[S30:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:    %[[ZP_C:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[ZP_D:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[NARROW:.*]] = "tosa.rescale"(%[[SHIFTED]], %[[ONE]], %[[S30]], %[[ZP_C]], %[[ZP_D]]) {{.*}} : (tensor<2x1x5xi32>, {{.*}}) -> tensor<2x1x5xi8>
// CHECK-NEXT:    %[[SIGN2:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1xi8>}
// CHECK-NEXT:    %[[BYTE:.*]] = "tosa.bitwise_xor"(%[[NARROW]], %[[SIGN2]])
// CHECK:         "tosa.reshape"(%[[BYTE]], %{{.*}}) : (tensor<2x1x5xi8>, !tosa.shape<2>) -> tensor<2x5xi8>
func.func @sum_int8_reads_uint8(%arg0: tensor<2x3x5x!q>) -> tensor<2x5x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.sum"(%arg0, %0) {keep_dims = false} : (tensor<2x3x5x!q>, tensor<1xi32>) -> tensor<2x5x!r>
  return %1 : tensor<2x5x!r>
}

// -----

// uint8 SUM: (131 - 128) * 3 = 9; QM(0.25) = (1073741824, -1): shift 32; zero point
// 20 - 128 = -108 on the signed side.
!q = !quant.uniform<u8:f32, 0.05:131>
!r = !quant.uniform<u8:f32, 0.2:20>
// CHECK-LABEL: @sum_uint8
// CHECK:         "tosa.bitwise_xor"
// CHECK-NEXT:    "tosa.cast"({{.*}}) : (tensor<2x3x5xi8>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reduce_sum"
// CHECK-NEXT:    %[[OFFSET:.*]] = "tosa.const"() {values = dense<9> : tensor<1x1x1xi32>}
// CHECK-NEXT:    %[[ACC:.*]] = "tosa.sub"(%[[SUM]], %[[OFFSET]])
// CHECK-NEXT:    %[[M:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:    %[[S:.*]] = "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK-NEXT:    %[[IN_ZP:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[OUT_ZP:.*]] = "tosa.const"() {values = dense<-108> : tensor<1xi8>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.rescale"(%[[ACC]], %[[M]], %[[S]], %[[IN_ZP]], %[[OUT_ZP]]) {{.*}} : (tensor<2x1x5xi32>, {{.*}}) -> tensor<2x1x5xi8>
// CHECK-NEXT:    %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1xi8>}
// CHECK-NEXT:    "tosa.bitwise_xor"(%[[Y]], %[[SIGN]])
func.func @sum_uint8(%arg0: tensor<2x3x5x!q>) -> tensor<2x5x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.sum"(%arg0, %0) {keep_dims = false} : (tensor<2x3x5x!q>, tensor<1xi32>) -> tensor<2x5x!r>
  return %1 : tensor<2x5x!r>
}

// -----

// BUILTIN_REF's int16 SUM reads the first half of the input's bytes as uint8 and writes only the
// first half of the output's bytes; the rest of the output is whatever memory held: nothing can
// match that, the fallback included.
!q = !quant.uniform<i16:f32, 0.001>
// CHECK-LABEL: @sum_declines_int16
// CHECK:         quant.dcast
// CHECK:         "tosa.reduce_sum"({{.*}}) {axis = 1 : i32} : (tensor<2x3x5xf32>) -> tensor<2x1x5xf32>
// CHECK:         quant.qcast
func.func @sum_declines_int16(%arg0: tensor<2x3x5x!q>) -> tensor<2x5x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: BUILTIN_REF's int16 SUM reads the int16 buffers as bytes and leaves half of the output unwritten (reduce.cc: QuantizedMeanOrSum<uint8_t>)}}
  %1 = "tfl.sum"(%arg0, %0) {keep_dims = false} : (tensor<2x3x5x!q>, tensor<1xi32>) -> tensor<2x5x!q>
  return %1 : tensor<2x5x!q>
}

// -----

!p = !quant.uniform<i8:f32:1, {0.05:-3, 0.1:-3, 0.2:-3}>
!r = !quant.uniform<i8:f32, 0.02:5>
// CHECK-LABEL: @mean_declines_per_axis
// CHECK:         quant.dcast
// CHECK:         "arith.divf"
// CHECK:         quant.qcast
func.func @mean_declines_per_axis(%arg0: tensor<2x3x!p>) -> tensor<3x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: per-axis quantized operand 0}}
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = false} : (tensor<2x3x!p>, tensor<1xi32>) -> tensor<3x!r>
  return %1 : tensor<3x!r>
}

// -----

// CHECK-LABEL: @mean_declines_i64
// CHECK:         "tfl.mean"({{.*}} : (tensor<3x7xi64>, tensor<1xi32>) -> tensor<3xi64>
// CHECK-NOT:     tosa
func.func @mean_declines_i64(%arg0: tensor<3x7xi64>) -> tensor<3xi64> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: integer mean of i64}}
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = false} : (tensor<3x7xi64>, tensor<1xi32>) -> tensor<3xi64>
  return %1 : tensor<3xi64>
}

// -----

// Axes [1, -2] of rank 3 are both axis 1: reduced once.
// CHECK-LABEL: @sum_f32_repeated_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<2x5x3xf32>)
// CHECK:         %[[SUM:.*]] = "tosa.reduce_sum"(%[[X]]) {axis = 1 : i32} : (tensor<2x5x3xf32>) -> tensor<2x1x3xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[SUM]], %[[OUT_SHAPE]]) : (tensor<2x1x3xf32>, !tosa.shape<2>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @sum_f32_repeated_axis(%arg0: tensor<2x5x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, -2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.sum"(%arg0, %0) {keep_dims = false} : (tensor<2x5x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// A kept axis may be dynamic (legalize/dynamic.mlir), a reduced one may not.
// CHECK-LABEL: @sum_declines_dynamic_shape
// CHECK:         "tfl.sum"({{.*}} : (tensor<?x5xf32>, tensor<1xi32>) -> tensor<5xf32>
// CHECK-NOT:     tosa
func.func @sum_declines_dynamic_shape(%arg0: tensor<?x5xf32>) -> tensor<5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: reduction over a dynamic dimension of tensor<?x5xf32>}}
  %1 = "tfl.sum"(%arg0, %0) {keep_dims = false} : (tensor<?x5xf32>, tensor<1xi32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}

// -----

// CHECK-LABEL: @sum_declines_empty_tensor
// CHECK:         "tfl.sum"({{.*}} : (tensor<0x5xf32>, tensor<1xi32>) -> tensor<5xf32>
// CHECK-NOT:     tosa
func.func @sum_declines_empty_tensor(%arg0: tensor<0x5xf32>) -> tensor<5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: empty tensor: operand 0 (tensor<0x5xf32>)}}
  %1 = "tfl.sum"(%arg0, %0) {keep_dims = false} : (tensor<0x5xf32>, tensor<1xi32>) -> tensor<5xf32>
  return %1 : tensor<5xf32>
}

// -----

// CHECK-LABEL: @reduce_prod_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x2xf32>)
// CHECK:         %[[PRODUCT:.*]] = "tosa.reduce_product"(%[[X]]) {axis = 2 : i32} : (tensor<3x4x2xf32>) -> tensor<3x4x1xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 4]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[PRODUCT]], %[[OUT_SHAPE]]) : (tensor<3x4x1xf32>, !tosa.shape<2>) -> tensor<3x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_prod_f32(%arg0: tensor<3x4x2xf32>) -> tensor<3x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reduce_prod"(%arg0, %0) {keep_dims = false} : (tensor<3x4x2xf32>, tensor<1xi32>) -> tensor<3x4xf32>
  return %1 : tensor<3x4xf32>
}

// -----

// int8 REDUCE_PROD over axis 1 of 2x3x4 (reference/reduce.h QuantizedReduceProd): the reduced
// axis moves last (perms 0, 2, 1) and the 2 * 4 = 8 outputs each take their 3 values in order.
// M = double(0.05f) / pow(double(0.02f), 1 / 3.) = 0.1842015790492454, QM(M) = (1582279516, -2);
// the int64 MBQM keeps 16 bits: m16 = (1582279516 + 2^15) >> 16 = 24144, n = 15 - (-2) = 17,
// rounding 2^16 = 65536. acc = q0 - zi; acc = MBQM64(acc * (q1 - zi)); acc = MBQM64(acc *
// (q2 - zi)); out = clamp(MBQM64(acc) + 5, -128, 127).
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.02:5>
// CHECK-LABEL: @reduce_prod_int8
// CHECK:         %[[STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<2x3x4xi8>
// CHECK-NEXT:    %[[T:.*]] = "tosa.transpose"(%[[STORED]]) {perms = array<i32: 0, 2, 1>} : (tensor<2x3x4xi8>) -> tensor<2x4x3xi8>
// CHECK-NEXT:    %[[ROWS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[8, 3]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[T]], %[[ROWS_SHAPE]]) : (tensor<2x4x3xi8>, !tosa.shape<2>) -> tensor<8x3xi8>
// CHECK-NEXT:    %[[INIT:.*]] = "tensor.empty"() : () -> tensor<8xi8>
// CHECK-NEXT:    %[[PROD:.*]] = "linalg.generic"(%[[ROWS]], %[[ROWS]], %[[ROWS]], %[[INIT]]) ({
// CHECK-NEXT:    ^bb0(%[[Q0:.*]]: i8, %[[Q1:.*]]: i8, %[[Q2:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:      %[[ZI:.*]] = arith.constant -3 : i64
// CHECK-NEXT:      %[[M16:.*]] = arith.constant 24144 : i64
// CHECK-NEXT:      %[[HALF:.*]] = arith.constant 65536 : i64
// CHECK-NEXT:      %[[SHIFT:.*]] = arith.constant 17 : i64
// CHECK-NEXT:      %[[W0:.*]] = "arith.extsi"(%[[Q0]]) : (i8) -> i64
// CHECK-NEXT:      %[[D0:.*]] = "arith.subi"(%[[W0]], %[[ZI]])
// CHECK-NEXT:      %[[W1:.*]] = "arith.extsi"(%[[Q1]]) : (i8) -> i64
// CHECK-NEXT:      %[[D1:.*]] = "arith.subi"(%[[W1]], %[[ZI]])
// CHECK-NEXT:      %[[P1:.*]] = "arith.muli"(%[[D0]], %[[D1]])
// CHECK-NEXT:      %[[X1:.*]] = "arith.muli"(%[[P1]], %[[M16]])
// CHECK-NEXT:      %[[R1:.*]] = "arith.addi"(%[[X1]], %[[HALF]])
// CHECK-NEXT:      %[[S1:.*]] = "arith.shrsi"(%[[R1]], %[[SHIFT]])
// CHECK-NEXT:      %[[A1:.*]] = "arith.trunci"(%[[S1]]) : (i64) -> i32
// CHECK-NEXT:      %[[ACC1:.*]] = "arith.extsi"(%[[A1]]) : (i32) -> i64
// CHECK-NEXT:      %[[W2:.*]] = "arith.extsi"(%[[Q2]]) : (i8) -> i64
// CHECK-NEXT:      %[[D2:.*]] = "arith.subi"(%[[W2]], %[[ZI]])
// CHECK-NEXT:      %[[P2:.*]] = "arith.muli"(%[[ACC1]], %[[D2]])
// CHECK:           %[[A2:.*]] = "arith.trunci"(%{{.*}}) : (i64) -> i32
// CHECK-NEXT:      %[[ACC2:.*]] = "arith.extsi"(%[[A2]]) : (i32) -> i64
// CHECK-NEXT:      %[[X3:.*]] = "arith.muli"(%[[ACC2]], %[[M16]])
// CHECK-NEXT:      %[[R3:.*]] = "arith.addi"(%[[X3]], %[[HALF]])
// CHECK-NEXT:      %[[S3:.*]] = "arith.shrsi"(%[[R3]], %[[SHIFT]])
// CHECK-NEXT:      %[[A3:.*]] = "arith.trunci"(%[[S3]]) : (i64) -> i32
// CHECK-NEXT:      %[[ZO:.*]] = arith.constant 5 : i32
// CHECK-NEXT:      %[[Y:.*]] = "arith.addi"(%[[A3]], %[[ZO]])
// CHECK-NEXT:      %[[LO:.*]] = arith.constant -128 : i32
// CHECK-NEXT:      %[[Y1:.*]] = "arith.maxsi"(%[[Y]], %[[LO]])
// CHECK-NEXT:      %[[HI:.*]] = arith.constant 127 : i32
// CHECK-NEXT:      %[[Y2:.*]] = "arith.minsi"(%[[Y1]], %[[HI]])
// CHECK-NEXT:      %[[OUT:.*]] = "arith.trunci"(%[[Y2]]) : (i32) -> i8
// CHECK-NEXT:      "linalg.yield"(%[[OUT]])
// CHECK-NEXT:    }) {indexing_maps = [affine_map<(d0) -> (d0, 0)>, affine_map<(d0) -> (d0, 1)>, affine_map<(d0) -> (d0, 2)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>]
// CHECK:         "tosa.reshape"(%[[PROD]], %{{.*}}) : (tensor<8xi8>, !tosa.shape<2>) -> tensor<2x4xi8>
func.func @reduce_prod_int8(%arg0: tensor<2x3x4x!q>) -> tensor<2x4x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reduce_prod"(%arg0, %0) {keep_dims = false} : (tensor<2x3x4x!q>, tensor<1xi32>) -> tensor<2x4x!r>
  return %1 : tensor<2x4x!r>
}

// -----

// PrepareProd refuses quantized uint8 ("Unsupported quantized data type").
!q = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @reduce_prod_declines_uint8
// CHECK:         quant.dcast
// CHECK:         "tosa.reduce_product"
// CHECK:         quant.qcast
func.func @reduce_prod_declines_uint8(%arg0: tensor<2x3x!q>) -> tensor<3x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8/i16}}
  %1 = "tfl.reduce_prod"(%arg0, %0) {keep_dims = false} : (tensor<2x3x!q>, tensor<1xi32>) -> tensor<3x!q>
  return %1 : tensor<3x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @reduce_prod_declines_long_products
// CHECK:         quant.dcast
// CHECK:         "tosa.reduce_product"
// CHECK:         quant.qcast
func.func @reduce_prod_declines_long_products(%arg0: tensor<2x300x!q>) -> tensor<2x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: a product of 300 values (the steps are unrolled up to 256)}}
  %1 = "tfl.reduce_prod"(%arg0, %0) {keep_dims = false} : (tensor<2x300x!q>, tensor<1xi32>) -> tensor<2x!q>
  return %1 : tensor<2x!q>
}

// -----

// int8 REDUCE_MAX takes the raw stored values (input and output share scale and zero point);
// axes {0, 2} are not adjacent: two reductions; NaN is skipped (nan_mode IGNORE).
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @reduce_max_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3x5xi8>
// CHECK-NEXT:    %[[MAX0:.*]] = "tosa.reduce_max"(%[[STORED]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3x5xi8>) -> tensor<1x3x5xi8>
// CHECK-NEXT:    %[[MAX2:.*]] = "tosa.reduce_max"(%[[MAX0]]) {axis = 2 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<1x3x5xi8>) -> tensor<1x3x1xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<3> : tensor<1xindex>}
// CHECK-NEXT:    %[[MAX:.*]] = "tosa.reshape"(%[[MAX2]], %[[OUT_SHAPE]]) : (tensor<1x3x1xi8>, !tosa.shape<1>) -> tensor<3xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MAX]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_max_int8_on_storage(%arg0: tensor<2x3x5x!q>) -> tensor<3x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.reduce_max"(%arg0, %0) {keep_dims = false} : (tensor<2x3x5x!q>, tensor<2xi32>) -> tensor<3x!q>
  return %1 : tensor<3x!q>
}

// -----

// keep_dims: the reduction's own shape is the result's, no reshape.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @reduce_min_int8_keep_dims_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3x5xi8>
// CHECK-NEXT:    %[[MIN:.*]] = "tosa.reduce_min"(%[[STORED]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3x5xi8>) -> tensor<2x1x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MIN]] : tensor<2x1x5xi8> to tensor<2x1x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_min_int8_keep_dims_on_storage(%arg0: tensor<2x3x5x!q>) -> tensor<2x1x5x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reduce_min"(%arg0, %0) {keep_dims = true} : (tensor<2x3x5x!q>, tensor<1xi32>) -> tensor<2x1x5x!q>
  return %1 : tensor<2x1x5x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.1:-3>
// CHECK-LABEL: @reduce_max_declines_quantized_differently
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3xf32>
// CHECK-NEXT:    %[[MAX0:.*]] = "tosa.reduce_max"(%[[REAL]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK:         %[[MAX:.*]] = "tosa.reshape"(%[[MAX0]], %{{.*}}) : (tensor<1x3xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MAX]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 1.000000e-01:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_max_declines_quantized_differently(%arg0: tensor<2x3x!q>) -> tensor<3x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %1 = "tfl.reduce_max"(%arg0, %0) {keep_dims = false} : (tensor<2x3x!q>, tensor<1xi32>) -> tensor<3x!r>
  return %1 : tensor<3x!r>
}

// -----
!p = !quant.uniform<i8:f32:1, {0.05:-3, 0.1:-3, 0.2:-3}>
!o = !quant.uniform<i8:f32:0, {0.05:-3, 0.1:-3, 0.2:-3}>
// CHECK-LABEL: @reduce_min_declines_per_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3}>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3xf32>
// CHECK-NEXT:    %[[MIN0:.*]] = "tosa.reduce_min"(%[[REAL]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK:         %[[MIN:.*]] = "tosa.reshape"(%[[MIN0]], %{{.*}}) : (tensor<1x3xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MIN]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32:0, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3}>>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_min_declines_per_axis(%arg0: tensor<2x3x!p>) -> tensor<3x!o> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: not every moved value is per-tensor quantized}}
  %1 = "tfl.reduce_min"(%arg0, %0) {keep_dims = false} : (tensor<2x3x!p>, tensor<1xi32>) -> tensor<3x!o>
  return %1 : tensor<3x!o>
}


// -----

// uint8 stored values are scast to signless i8, which tosa.reduce_max compares as signed (stored
// 200 would read -56 and lose to 100). TFLite's uint8 REDUCE_MAX takes the unsigned maximum:
// compare u ^ 0x80 = u - 128 instead (the same order), and map the maximum back.
!u = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @reduce_max_uint8_compares_unsigned
// CHECK:         %[[STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<2x3xi8>
// CHECK-NEXT:    %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:    %[[SIGNED:.*]] = "tosa.bitwise_xor"(%[[STORED]], %[[SIGN]]) : (tensor<2x3xi8>, tensor<1x1xi8>) -> tensor<2x3xi8>
// CHECK-NEXT:    %[[MAX0:.*]] = "tosa.reduce_max"(%[[SIGNED]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3xi8>) -> tensor<1x3xi8>
// CHECK:         %[[MAX:.*]] = "tosa.reshape"(%[[MAX0]], %{{.*}}) : (tensor<1x3xi8>, !tosa.shape<1>) -> tensor<3xi8>
// CHECK-NEXT:    %[[SIGN2:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.bitwise_xor"(%[[MAX]], %[[SIGN2]]) : (tensor<3xi8>, tensor<1xi8>) -> tensor<3xi8>
// CHECK-NEXT:    quant.scast %[[Y]] : tensor<3xi8> to tensor<3x!quant.uniform<u8:f32, 5.000000e-02:128>>
func.func @reduce_max_uint8_compares_unsigned(%arg0: tensor<2x3x!u>) -> tensor<3x!u> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reduce_max"(%arg0, %0) {keep_dims = false} : (tensor<2x3x!u>, tensor<1xi32>) -> tensor<3x!u>
  return %1 : tensor<3x!u>
}

// -----

// int16 compares as signed: the stored values directly.
!q = !quant.uniform<i16:f32, 0.05>
// CHECK-LABEL: @reduce_max_int16_keep_dims
// CHECK:         %[[STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<2x3x5xi16>
// CHECK-NEXT:    %[[MAX:.*]] = "tosa.reduce_max"(%[[STORED]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3x5xi16>) -> tensor<2x1x5xi16>
// CHECK-NEXT:    quant.scast %[[MAX]]
func.func @reduce_max_int16_keep_dims(%arg0: tensor<2x3x5x!q>) -> tensor<2x1x5x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reduce_max"(%arg0, %0) {keep_dims = true} : (tensor<2x3x5x!q>, tensor<1xi32>) -> tensor<2x1x5x!q>
  return %1 : tensor<2x1x5x!q>
}

// -----

// CHECK-LABEL: @reduce_max_declines_runtime_axes
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>, %[[AXES:.*]]: tensor<1xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.reduce_max"(%[[X]], %[[AXES]]) {keep_dims = false}
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_max_declines_runtime_axes(%arg0: tensor<2x3xf32>, %arg1: tensor<1xi32>) -> tensor<3xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (axes) is not a compile-time constant}}
  %0 = "tfl.reduce_max"(%arg0, %arg1) {keep_dims = false} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Booleans reduce with tosa.reduce_any/all only.
// CHECK-LABEL: @reduce_max_declines_bool
// CHECK:         "tfl.reduce_max"({{.*}} : (tensor<2x3xi1>, tensor<1xi32>) -> tensor<3xi1>
// CHECK-NOT:     tosa
func.func @reduce_max_declines_bool(%arg0: tensor<2x3xi1>) -> tensor<3xi1> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: tosa.reduce_max of i1}}
  %1 = "tfl.reduce_max"(%arg0, %0) {keep_dims = false} : (tensor<2x3xi1>, tensor<1xi32>) -> tensor<3xi1>
  return %1 : tensor<3xi1>
}

// -----

// CHECK-LABEL: @reduce_any_bool
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x5xi1>)
// CHECK:         %[[ANY:.*]] = "tosa.reduce_any"(%[[X]]) {axis = 1 : i32} : (tensor<3x4x5xi1>) -> tensor<3x1x5xi1>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[ANY]], %[[OUT_SHAPE]]) : (tensor<3x1x5xi1>, !tosa.shape<2>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_any_bool(%arg0: tensor<3x4x5xi1>) -> tensor<3x5xi1> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reduce_any"(%arg0, %0) {keep_dims = false} : (tensor<3x4x5xi1>, tensor<1xi32>) -> tensor<3x5xi1>
  return %1 : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @reduce_all_bool_two_axes
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x5xi1>)
// CHECK:         %[[ALL0:.*]] = "tosa.reduce_all"(%[[X]]) {axis = 0 : i32} : (tensor<3x4x5xi1>) -> tensor<1x4x5xi1>
// CHECK-NEXT:    %[[ALL2:.*]] = "tosa.reduce_all"(%[[ALL0]]) {axis = 2 : i32} : (tensor<1x4x5xi1>) -> tensor<1x4x1xi1>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<4> : tensor<1xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[ALL2]], %[[OUT_SHAPE]]) : (tensor<1x4x1xi1>, !tosa.shape<1>) -> tensor<4xi1>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_all_bool_two_axes(%arg0: tensor<3x4x5xi1>) -> tensor<4xi1> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.reduce_all"(%arg0, %0) {keep_dims = false} : (tensor<3x4x5xi1>, tensor<2xi32>) -> tensor<4xi1>
  return %1 : tensor<4xi1>
}

// -----

// ARG_MAX keeps the first maximum (strict > in reference/arg_min_max.h), as tosa.argmax does;
// the result type (output_type INT32) is TFLite's.
// CHECK-LABEL: @arg_max_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x4xf32>)
// CHECK:         %[[Y:.*]] = "tosa.argmax"(%[[X]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<3x5x4xf32>) -> tensor<3x4xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @arg_max_f32(%arg0: tensor<3x5x4xf32>) -> tensor<3x4xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.arg_max"(%arg0, %0) {output_type = "INT32"} : (tensor<3x5x4xf32>, tensor<1xi32>) -> tensor<3x4xi32>
  return %1 : tensor<3x4xi32>
}

// -----

// int8 ARG_MAX compares stored values (arg_min_max.cc reads no quantization): tosa.argmax of
// the storage; the i32 result is not quantized, so no cast back.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @arg_max_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<3x5x4xi8>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.argmax"(%[[STORED]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<3x5x4xi8>) -> tensor<3x4xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @arg_max_int8_on_storage(%arg0: tensor<3x5x4x!q>) -> tensor<3x4xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.arg_max"(%arg0, %0) {output_type = "INT32"} : (tensor<3x5x4x!q>, tensor<1xi32>) -> tensor<3x4xi32>
  return %1 : tensor<3x4xi32>
}

// -----

// uint8 ARG_MIN: u ^ 0x80 = u - 128 carries the unsigned order to the signed one, ~ reverses it.
!q = !quant.uniform<u8:f32, 0.05:131>
// CHECK-LABEL: @arg_min_uint8_on_storage
// CHECK:         %[[STORED:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5x4xi8>
// CHECK-NEXT:    %[[SIGN:.*]] = "tosa.const"() {values = dense<-128> : tensor<1x1x1xi8>}
// CHECK-NEXT:    %[[SIGNED:.*]] = "tosa.bitwise_xor"(%[[STORED]], %[[SIGN]])
// CHECK-NEXT:    %[[COMPLEMENT:.*]] = "tosa.bitwise_not"(%[[SIGNED]]) : (tensor<3x5x4xi8>) -> tensor<3x5x4xi8>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.argmax"(%[[COMPLEMENT]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<3x5x4xi8>) -> tensor<3x4xi64>
// CHECK-NEXT:    return %[[Y]]
func.func @arg_min_uint8_on_storage(%arg0: tensor<3x5x4x!q>) -> tensor<3x4xi64> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.arg_min"(%arg0, %0) {output_type = "INT64"} : (tensor<3x5x4x!q>, tensor<1xi32>) -> tensor<3x4xi64>
  return %1 : tensor<3x4xi64>
}

// -----

// arg_min_max.cc refuses int16 input ("only float32, int types and bool"): no integer pattern.
!q = !quant.uniform<i16:f32, 0.05>
// CHECK-LABEL: @arg_max_declines_int16
// CHECK:         %[[REAL:.*]] = quant.dcast %arg0
// CHECK-NEXT:    "tosa.argmax"(%[[REAL]]) {{.*}} : (tensor<3x5x4xf32>) -> tensor<3x4xi32>
func.func @arg_max_declines_int16(%arg0: tensor<3x5x4x!q>) -> tensor<3x4xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8/u8}}
  %1 = "tfl.arg_max"(%arg0, %0) {output_type = "INT32"} : (tensor<3x5x4x!q>, tensor<1xi32>) -> tensor<3x4xi32>
  return %1 : tensor<3x4xi32>
}

// -----

// ARG_MIN of floats is the argmax of 0 - x (negation is exact, and keeps the first minimum
// first); axis -1 of rank 2 is 1; output_type INT64.
// CHECK-LABEL: @arg_min_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x7xf32>)
// CHECK:         %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1xf32>}
// CHECK-NEXT:    %[[NEGATED:.*]] = "tosa.sub"(%[[ZERO]], %[[X]]) : (tensor<1x1xf32>, tensor<2x7xf32>) -> tensor<2x7xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.argmax"(%[[NEGATED]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x7xf32>) -> tensor<2xi64>
// CHECK-NEXT:    return %[[Y]]
func.func @arg_min_f32(%arg0: tensor<2x7xf32>) -> tensor<2xi64> {
  %0 = "tfl.pseudo_const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.arg_min"(%arg0, %0) {output_type = "INT64"} : (tensor<2x7xf32>, tensor<1xi32>) -> tensor<2xi64>
  return %1 : tensor<2xi64>
}

// -----

// Integers: ~x = -1 - x reverses the order and cannot overflow (0 - INT32_MIN would); TOSA's
// bitwise_not takes i8, i16 and i32 (its sub takes i32 only).
// CHECK-LABEL: @arg_min_i32
// CHECK-SAME:    (%[[X:.*]]: tensor<4x6xi32>)
// CHECK:         %[[COMPLEMENT:.*]] = "tosa.bitwise_not"(%[[X]]) : (tensor<4x6xi32>) -> tensor<4x6xi32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.argmax"(%[[COMPLEMENT]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<4x6xi32>) -> tensor<6xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @arg_min_i32(%arg0: tensor<4x6xi32>) -> tensor<6xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.arg_min"(%arg0, %0) {output_type = "INT32"} : (tensor<4x6xi32>, tensor<1xi32>) -> tensor<6xi32>
  return %1 : tensor<6xi32>
}

// -----

// TOSA reads signless integers as signed: unsigned values cannot be compared there.
// CHECK-LABEL: @arg_min_declines_unsigned
// CHECK:         "tfl.arg_min"({{.*}} : (tensor<4x6xui8>, tensor<1xi32>) -> tensor<6xi32>
// CHECK-NOT:     tosa
func.func @arg_min_declines_unsigned(%arg0: tensor<4x6xui8>) -> tensor<6xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: arg min/max of ui8}}
  %1 = "tfl.arg_min"(%arg0, %0) {output_type = "INT32"} : (tensor<4x6xui8>, tensor<1xi32>) -> tensor<6xi32>
  return %1 : tensor<6xi32>
}

// -----

// CHECK-LABEL: @arg_max_declines_bool
// CHECK:         "tfl.arg_max"({{.*}} : (tensor<4x6xi1>, tensor<1xi32>) -> tensor<6xi32>
// CHECK-NOT:     tosa
func.func @arg_max_declines_bool(%arg0: tensor<4x6xi1>) -> tensor<6xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: arg min/max of i1}}
  %1 = "tfl.arg_max"(%arg0, %0) {output_type = "INT32"} : (tensor<4x6xi1>, tensor<1xi32>) -> tensor<6xi32>
  return %1 : tensor<6xi32>
}

// -----

// CUMSUM (cumsum.cc, Eigen's scan): a running sum added one element at a time. exclusive:
// out[k] = in[0] + ... + in[k-1], out[0] = 0 (the last element is never added); reverse: from
// the back (reverse, scan, reverse). Axis -1 of rank 2 is 1.
// CHECK-LABEL: @cumsum_f32_exclusive_reverse
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[R:.*]] = "tosa.reverse"(%[[X]]) {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK:         %[[X0:.*]] = "tosa.slice"(%[[R]], {{.*}}) : (tensor<2x3xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x1xf32>
// CHECK-NEXT:    %[[START1:.*]] = "tosa.const_shape"() {values = dense<[0, 1]> : tensor<2xindex>}
// CHECK-NEXT:    %[[SIZE1:.*]] = "tosa.const_shape"() {values = dense<[2, 1]> : tensor<2xindex>}
// CHECK-NEXT:    %[[X1:.*]] = "tosa.slice"(%[[R]], %[[START1]], %[[SIZE1]])
// CHECK-NEXT:    %[[S1:.*]] = "tosa.add"(%[[X0]], %[[X1]]) : (tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<2x1xf32>}
// CHECK-NEXT:    %[[SCAN:.*]] = "tosa.concat"(%[[ZERO]], %[[X0]], %[[S1]]) {axis = 1 : i32} : (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reverse"(%[[SCAN]]) {axis = 1 : i32}
// CHECK-NEXT:    return %[[Y]]
func.func @cumsum_f32_exclusive_reverse(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.cumsum"(%arg0, %0) {exclusive = true, reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: @cumsum_i32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x2xi32>)
// CHECK:         %[[X0:.*]] = "tosa.slice"(%[[X]], {{.*}}) : (tensor<3x2xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2xi32>
// CHECK:         %[[X1:.*]] = "tosa.slice"(%[[X]], {{.*}}) -> tensor<1x2xi32>
// CHECK:         %[[X2:.*]] = "tosa.slice"(%[[X]], {{.*}}) -> tensor<1x2xi32>
// CHECK-NEXT:    %[[S1:.*]] = "tosa.add"(%[[X0]], %[[X1]])
// CHECK-NEXT:    %[[S2:.*]] = "tosa.add"(%[[S1]], %[[X2]])
// CHECK-NEXT:    %[[Y:.*]] = "tosa.concat"(%[[X0]], %[[S1]], %[[S2]]) {axis = 0 : i32} : (tensor<1x2xi32>, tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<3x2xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @cumsum_i32(%arg0: tensor<3x2xi32>) -> tensor<3x2xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.cumsum"(%arg0, %0) {exclusive = false, reverse = false} : (tensor<3x2xi32>, tensor<i32>) -> tensor<3x2xi32>
  return %1 : tensor<3x2xi32>
}

// -----

// The kernel takes float32, int32 and int64 only.
// CHECK-LABEL: @cumsum_declines_f16
// CHECK:         "tfl.cumsum"
// CHECK-NOT:     tosa
func.func @cumsum_declines_f16(%arg0: tensor<3x2xf16>) -> tensor<3x2xf16> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-remark@+1 {{unlowered: cumsum of f16}}
  %1 = "tfl.cumsum"(%arg0, %0) {exclusive = false, reverse = false} : (tensor<3x2xf16>, tensor<i32>) -> tensor<3x2xf16>
  return %1 : tensor<3x2xf16>
}

// -----

// CHECK-LABEL: @cumsum_declines_long_axis
// CHECK:         "tfl.cumsum"
// CHECK-NOT:     tosa
func.func @cumsum_declines_long_axis(%arg0: tensor<2x300xf32>) -> tensor<2x300xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-remark@+1 {{unlowered: a running sum of 300 values (the steps are unrolled up to 256)}}
  %1 = "tfl.cumsum"(%arg0, %0) {exclusive = false, reverse = false} : (tensor<2x300xf32>, tensor<i32>) -> tensor<2x300xf32>
  return %1 : tensor<2x300xf32>
}

// -----

// TOPK_V2 (topk_v2.cc): element j goes before element i when x_j > x_i, or they tie (equal,
// or both NaN) and j < i, or x_i alone is NaN; each element's rank counts those j; output r
// takes the index whose rank is r, and tosa.gather its value.
// CHECK-LABEL: @topk_v2_float
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:       %[[XI:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<2x3xf32>, !tosa.shape<3>) -> tensor<2x3x1xf32>
// CHECK:       %[[XJ:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<2x3xf32>, !tosa.shape<3>) -> tensor<2x1x3xf32>
// CHECK-NEXT:  %[[EARLIER:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}false, false, false], [true, false, false], [true, true, false]]]> : tensor<1x3x3xi1>}
// CHECK-NEXT:  %[[EQ:.*]] = "tosa.equal"(%[[XJ]], %[[XI]]) : (tensor<2x1x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x3xi1>
// CHECK-NEXT:  %[[GT:.*]] = "tosa.greater"(%[[XJ]], %[[XI]]) : (tensor<2x1x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x3xi1>
// CHECK:       %[[TIE_EARLIER:.*]] = "tosa.logical_and"(%{{.*}}, %[[EARLIER]])
// CHECK-NEXT:  %[[BEFORE:.*]] = "tosa.logical_or"(%[[GT]], %[[TIE_EARLIER]])
// CHECK-NEXT:  %[[BEFORE_NAN:.*]] = "tosa.logical_or"(%[[BEFORE]], %{{.*}})
// CHECK-NEXT:  %[[ONES:.*]] = "tosa.cast"(%[[BEFORE_NAN]]) : (tensor<2x3x3xi1>) -> tensor<2x3x3xi32>
// CHECK-NEXT:  %[[RANK:.*]] = "tosa.reduce_sum"(%[[ONES]]) {axis = 2 : i32} : (tensor<2x3x3xi32>) -> tensor<2x3x1xi32>
// CHECK-NEXT:  %[[R:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}0, 1]]]> : tensor<1x1x2xi32>}
// CHECK-NEXT:  %[[AT:.*]] = "tosa.equal"(%[[RANK]], %[[R]]) : (tensor<2x3x1xi32>, tensor<1x1x2xi32>) -> tensor<2x3x2xi1>
// CHECK-NEXT:  %[[IOTA:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}0], [1], [2]]]> : tensor<1x3x1xi32>}
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1x1xi32>}
// CHECK-NEXT:  %[[PICK:.*]] = "tosa.select"(%[[AT]], %[[IOTA]], %[[ZERO]])
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.reduce_sum"(%[[PICK]]) {axis = 1 : i32} : (tensor<2x3x2xi32>) -> tensor<2x1x2xi32>
// CHECK:       %[[IDX:.*]] = "tosa.reshape"(%[[SUM]], %{{.*}}) : (tensor<2x1x2xi32>, !tosa.shape<2>) -> tensor<2x2xi32>
// CHECK-NEXT:  %[[V:.*]] = "tosa.gather"(%[[XI]], %[[IDX]]) : (tensor<2x3x1xf32>, tensor<2x2xi32>) -> tensor<2x2x1xf32>
// CHECK:       %[[VALUES:.*]] = "tosa.reshape"(%[[V]], %{{.*}}) : (tensor<2x2x1xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
// CHECK-NEXT:  return %[[VALUES]], %[[IDX]]
func.func @topk_v2_float(%arg0: tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %k = "tfl.pseudo_const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %0, %1 = "tfl.topk_v2"(%arg0, %k) : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %0, %1 : tensor<2x2xf32>, tensor<2x2xi32>
}

// -----

// UNIQUE: an [n, n] table of x[i] == x[j] gives each element's first occurrence and rank; the
// unique values are gathered in order and sliced to their run-time count.
// CHECK-LABEL: @unique_f32
// CHECK:       %[[SAME:.*]] = "tosa.equal"({{.*}} -> tensor<6x6xi1>
// CHECK:       %[[SEEN:.*]] = "tosa.reduce_any"({{.*}} {axis = 1 : i32} : (tensor<6x6xi1>) -> tensor<6x1xi1>
// CHECK:       "tosa.argmax"({{.*}} : (tensor<6x6xi8>) -> tensor<6xi32>
// CHECK:       %[[VALUES:.*]] = "tosa.reshape"({{.*}} -> tensor<6xf32>
// CHECK:       %[[COUNT:.*]] = "tosa.reduce_sum"({{.*}} : (tensor<6xi32>) -> tensor<1xi32>
// CHECK:       %[[N:.*]] = "arith.index_cast"
// CHECK-NEXT:  %[[U:.*]] = "tensor.extract_slice"(%[[VALUES]], %[[N]]) {{.*}}static_sizes = array<i64: -9223372036854775808>{{.*}} : (tensor<6xf32>, index) -> tensor<?xf32>
// CHECK-NEXT:  return %[[U]], %{{.*}} : tensor<?xf32>, tensor<6xi32>
func.func @unique_f32(%arg0: tensor<6xf32>) -> (tensor<?xf32>, tensor<6xi32>) {
  %0, %1 = "tfl.unique"(%arg0) {idx_out_type = "INT32"} : (tensor<6xf32>) -> (tensor<?xf32>, tensor<6xi32>)
  return %0, %1 : tensor<?xf32>, tensor<6xi32>
}

// -----

// NON_MAX_SUPPRESSION_V4 (non_max_suppression.h): the IoU of every pair up front in TOSA
// (std::min as a greater/select, arith.divf), then libstdc++'s priority queue on an index
// tensor: a push loop over the boxes above the threshold (sift-up while the parent's score is
// `<`), and the selection loop popping the root (sift-down preferring the right child unless
// right `<` left), comparing it with the boxes selected since it last left the queue.
// CHECK-LABEL: @nms_v4
// CHECK-SAME:    (%[[BOXES:.*]]: tensor<5x4xf32>, %[[SCORES:.*]]: tensor<5xf32>, %[[IOU:.*]]: tensor<f32>, %[[THRESHOLD:.*]]: tensor<f32>)
// CHECK:       %[[RATIO:.*]] = "arith.divf"(%{{.*}}, %{{.*}}) : (tensor<5x5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
// CHECK:       %[[TABLE:.*]] = "tosa.select"(%{{.*}}, %{{.*}}, %[[RATIO]]) : (tensor<5x5xi1>, tensor<1x1xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
// CHECK:       %[[SLOTS:.*]] = arith.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
// CHECK:       %[[HEAP:[0-9]+]]:3 = "scf.while"(%[[SLOTS]], %{{.*}}, %{{.*}}) ({
// CHECK:         "arith.cmpf"(%{{.*}}, %{{.*}}) {predicate = 2 : i64} : (f32, f32) -> i1
// CHECK:         "scf.if"
// CHECK:           "scf.while"
// CHECK:             "arith.cmpf"(%{{.*}}, %{{.*}}) {predicate = 4 : i64} : (f32, f32) -> i1
// CHECK:             "tensor.insert"(%{{.*}}, %{{.*}}, %{{.*}}) : (i32, tensor<5xi32>, index) -> tensor<5xi32>
// CHECK:       %[[OUTPUTS:.*]] = "arith.minsi"(%[[HEAP]]#1, %{{.*}}) : (index, index) -> index
// CHECK:       %[[SELECTED:[0-9]+]]:7 = "scf.while"(%[[HEAP]]#0, %[[HEAP]]#1, %[[SCORES]], %{{.*}}) ({
// CHECK:         "tensor.extract"(%[[TABLE]], %{{.*}}, %{{.*}}) : (tensor<5x5xf32>, index, index) -> f32
// CHECK:       %[[COUNT:.*]] = "tensor.from_elements"(%{{.*}}) : (i32) -> tensor<i32>
// CHECK-NEXT:  return %[[SELECTED]]#4, %[[COUNT]] : tensor<3xi32>, tensor<i32>
func.func @nms_v4(%boxes: tensor<5x4xf32>, %scores: tensor<5xf32>, %iou: tensor<f32>, %threshold: tensor<f32>) -> (tensor<3xi32>, tensor<i32>) {
  %m = "tfl.pseudo_const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %0, %1 = "tfl.non_max_suppression_v4"(%boxes, %scores, %m, %iou, %threshold) : (tensor<5x4xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)
  return %0, %1 : tensor<3xi32>, tensor<i32>
}

// -----

// NON_MAX_SUPPRESSION_V5 with sigma: the scores decay by exp(-0.5 / sigma * iou^2) only when
// sigma > 0. A run-time max_output_size is declined: it is the outputs' length.
// CHECK-LABEL: @nms_v5
// CHECK:       %[[SIGMA:.*]] = "tensor.extract"(%arg4) : (tensor<f32>) -> f32
// CHECK:       %[[SOFT:.*]] = "arith.cmpf"(%[[SIGMA]], %{{.*}}) {predicate = 2 : i64} : (f32, f32) -> i1
// CHECK:       %[[SCALE:.*]] = "arith.divf"(%{{.*}}, %[[SIGMA]]) : (f32, f32) -> f32
// CHECK:       %[[SELECTED:[0-9]+]]:7 = "scf.while"
// CHECK:       "arith.mulf"(%[[SCALE]], %{{.*}}) : (f32, f32) -> f32
// CHECK:       "math.exp"
// CHECK:       return %[[SELECTED]]#4, %[[SELECTED]]#5, %{{.*}} : tensor<4xi32>, tensor<4xf32>, tensor<i32>
func.func @nms_v5(%boxes: tensor<6x4xf32>, %scores: tensor<6xf32>, %iou: tensor<f32>, %threshold: tensor<f32>, %sigma: tensor<f32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<i32>) {
  %m = "tfl.pseudo_const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %0, %1, %2 = "tfl.non_max_suppression_v5"(%boxes, %scores, %m, %iou, %threshold, %sigma) : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<i32>)
  return %0, %1, %2 : tensor<4xi32>, tensor<4xf32>, tensor<i32>
}

// -----

// CHECK-LABEL: @nms_v4_runtime_max_output_size
// CHECK:       "tfl.non_max_suppression_v4"
func.func @nms_v4_runtime_max_output_size(%boxes: tensor<5x4xf32>, %scores: tensor<5xf32>, %m: tensor<i32>, %iou: tensor<f32>, %threshold: tensor<f32>) -> (tensor<?xi32>, tensor<i32>) {
  // expected-remark@+1 {{unlowered: operand 2 (max_output_size) is not a compile-time constant}}
  %0, %1 = "tfl.non_max_suppression_v4"(%boxes, %scores, %m, %iou, %threshold) : (tensor<5x4xf32>, tensor<5xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<i32>)
  return %0, %1 : tensor<?xi32>, tensor<i32>
}
