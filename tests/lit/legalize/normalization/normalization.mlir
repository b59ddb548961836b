// Golden test of legalize/families/normalization/normalization.py (with softmax.py and
// legalize/lib/gemmlowp.py): SOFTMAX int8, uint8 and int8 -> int16 (gemmlowp fixed point), int16
// (two tables); LOG_SOFTMAX int8 and uint8; L2_NORMALIZATION int8 and uint8; the float paths of all
// four ops (LOCAL_RESPONSE_NORMALIZATION has no integer kernel); every reason the integer patterns
// decline. Constants are checked exactly; the comments derive them.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// ===--- SOFTMAX, integer path ---=== //

// int8 -> int8, si = 1/16, beta 1 (reference_ops::Softmax<int8_t, int8_t>).
// beta * si * 2^26 = 2^22 = 0.5 * 2^23, so QuantizeMultiplier gives m = 0.5 * 2^31 = 1073741824,
// ls = 23; diff_min = -floor(31 * 2^26 / 2^23) = -248.
!x = !quant.uniform<i8:f32, 0.0625:3>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @softmax_int8
// CHECK-SAME:    (%[[ARG:.*]]: tensor<2x5x!quant.uniform<i8:f32, 6.250000e-02:3>>)
// CHECK-NEXT:  %[[Q:.*]] = quant.scast %[[ARG]] : tensor<2x5x!quant.uniform<i8:f32, 6.250000e-02:3>> to tensor<2x5xi8>
// q - zi as i32: the identity rescale (2^30, shift 30) with the input zero point
// CHECK-NEXT:  %[[ONE:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[THIRTY:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZI:.*]] = "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  %[[ZO:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  %[[X:.*]] = "tosa.rescale"(%[[Q]], %[[ONE]], %[[THIRTY]], %[[ZI]], %[[ZO]]) {{.*}} -> tensor<2x5xi32>
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[X]]) {axis = 1 : i32} : (tensor<2x5xi32>) -> tensor<2x1xi32>
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[X]], %[[MAX]]) : (tensor<2x5xi32>, tensor<2x1xi32>) -> tensor<2x5xi32>
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  "tensor.empty"
// The exponentials (Q0.31) and their Q12.19 terms, one generic with two results.
// CHECK-NEXT:  %[[EXP:[0-9]+]]:2 = "linalg.generic"(%[[D]], %{{.*}}, %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[DIFF:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32):
// SRDHM(d << 23, 1073741824) = floor((d * 2^23 * m + 2^30) / 2^31)
// CHECK-NEXT:    %[[LS:.*]] = arith.constant 23 : i32
// CHECK-NEXT:    %[[SHIFTED:.*]] = "arith.shli"(%[[DIFF]], %[[LS]])
// CHECK-NEXT:    %[[WIDE:.*]] = "arith.extsi"(%[[SHIFTED]]) : (i32) -> i64
// CHECK-NEXT:    %[[M:.*]] = arith.constant 1073741824 : i64
// CHECK-NEXT:    %[[P:.*]] = "arith.muli"(%[[WIDE]], %[[M]])
// CHECK-NEXT:    %[[NUDGED:.*]] = "arith.addi"(%[[P]], %[[M]])
// CHECK-NEXT:    %[[C31:.*]] = arith.constant 31 : i64
// CHECK-NEXT:    %[[HIGH:.*]] = "arith.shrsi"(%[[NUDGED]], %[[C31]])
// CHECK-NEXT:    %[[I32_MAX:.*]] = arith.constant 2147483647 : i64
// CHECK-NEXT:    %[[SAT:.*]] = "arith.minsi"(%[[HIGH]], %[[I32_MAX]])
// CHECK-NEXT:    %[[SCALED:.*]] = "arith.trunci"(%[[SAT]]) : (i64) -> i32
// CHECK-NEXT:    %[[DIFF_MIN:.*]] = arith.constant -248 : i32
// CHECK-NEXT:    %[[COUNTED:.*]] = "arith.cmpi"(%[[DIFF]], %[[DIFF_MIN]]) {predicate = 5 : i64}
// exp_on_negative_values<5>: the low bits, a mod 1/4 - 1/4 (1/4 = 2^24 in Q5.26) ...
// CHECK-NEXT:    %[[MASK:.*]] = arith.constant 16777215 : i32
// CHECK-NEXT:    %[[LOW:.*]] = "arith.andi"(%[[SCALED]], %[[MASK]])
// CHECK-NEXT:    %[[QUARTER:.*]] = arith.constant 16777216 : i32
// CHECK-NEXT:    %[[A_MOD:.*]] = "arith.subi"(%[[LOW]], %[[QUARTER]])
// ... rescaled to Q0.31 (a saturating << 5), + 1/8 (2^28), the Taylor series around -1/8:
// CHECK:         arith.constant 268435456 : i32
// exp(-1/8) * 2^31 and 1/3 * 2^31 (gemmlowp's constants)
// CHECK:         arith.constant 715827883 : i64
// CHECK:         arith.constant 1895147668 : i64
// CHECK:         arith.constant 1895147668 : i32
// the barrel shifter: bit 26 + k of the remainder (Q5.26) selects a product by
// exp(-2^k) * 2^31, k = -2 .. 4
// CHECK:         arith.constant 1672461947 : i64
// CHECK:         arith.constant 33554432 : i32
// CHECK:         arith.constant 1302514674 : i64
// CHECK:         arith.constant 67108864 : i32
// CHECK:         arith.constant 790015084 : i64
// CHECK:         arith.constant 134217728 : i32
// CHECK:         arith.constant 290630308 : i64
// CHECK:         arith.constant 39332535 : i64
// CHECK:         arith.constant 536870912 : i32
// CHECK:         arith.constant 720401 : i64
// CHECK:         arith.constant 1073741824 : i32
// CHECK:         arith.constant 242 : i64
// exp(0) is INT32_MAX; a skipped d (d < diff_min) gives 0
// CHECK:         %[[BARREL:.*]] = "arith.select"
// CHECK-NEXT:    %[[IS_ZERO:.*]] = "arith.cmpi"(%[[SCALED]], %[[ZERO:[0-9]+]]) {predicate = 0 : i64}
// CHECK-NEXT:    %[[E:.*]] = "arith.select"(%[[IS_ZERO]], %{{.*}}, %[[BARREL]])
// CHECK-NEXT:    %[[E_KEPT:.*]] = "arith.select"(%[[COUNTED]], %[[E]], %[[ZERO]])
// Rescale<12>: RDBPOT(e, 12) = (e >> 12) + ((e & 4095) > 2047 + (e < 0))
// CHECK-NEXT:    %[[MASK12:.*]] = arith.constant 4095 : i32
// CHECK-NEXT:    %[[NEGATIVE:.*]] = "arith.cmpi"(%[[E_KEPT]], %[[ZERO]]) {predicate = 2 : i64}
// CHECK-NEXT:    %[[ONE_IF:.*]] = "arith.extui"(%[[NEGATIVE]]) : (i1) -> i32
// CHECK-NEXT:    %[[HALF12:.*]] = arith.constant 2047 : i32
// CHECK-NEXT:    %[[THRESHOLD:.*]] = "arith.addi"(%[[HALF12]], %[[ONE_IF]])
// CHECK-NEXT:    %[[REMAINDER:.*]] = "arith.andi"(%[[E_KEPT]], %[[MASK12]])
// CHECK-NEXT:    %[[C12:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[FLOOR:.*]] = "arith.shrsi"(%[[E_KEPT]], %[[C12]])
// CHECK-NEXT:    %[[UP:.*]] = "arith.cmpi"(%[[REMAINDER]], %[[THRESHOLD]]) {predicate = 4 : i64}
// CHECK-NEXT:    %[[UP_I32:.*]] = "arith.extui"(%[[UP]])
// CHECK-NEXT:    %[[T:.*]] = "arith.addi"(%[[FLOOR]], %[[UP_I32]])
// CHECK-NEXT:    "linalg.yield"(%[[E_KEPT]], %[[T]]) : (i32, i32) -> ()
// CHECK-NEXT:  }) {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], {{.*}} -> (tensor<2x5xi32>, tensor<2x5xi32>)
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.reduce_sum"(%[[EXP]]#1) {axis = 1 : i32} : (tensor<2x5xi32>) -> tensor<2x1xi32>
// GetReciprocal(sum, 12), per row: clz, 12 - clz, 1 / (1 + x) by Newton-Raphson (48/17 and
// -32/17 in Q2.29), and E = num_bits_over_unit + 31 - 8, at most 31.
// CHECK:       %[[RECIP:[0-9]+]]:2 = "linalg.generic"(%[[SUM]], %{{.*}}, %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[S:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK-NEXT:    %[[HEADROOM:.*]] = "math.ctlz"(%[[S]]) : (i32) -> i32
// CHECK-NEXT:    %[[C12B:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[NBU:.*]] = "arith.subi"(%[[C12B]], %[[HEADROOM]])
// CHECK-NEXT:    %[[NORMALIZED:.*]] = "arith.shli"(%[[S]], %[[HEADROOM]])
// CHECK-NEXT:    %[[I32_MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT:    "arith.subi"(%[[NORMALIZED]], %[[I32_MIN]])
// CHECK:         arith.constant -1010580540 : i64
// CHECK:         arith.constant 1515870810 : i32
// CHECK:         %[[OFFSET:.*]] = arith.constant 23 : i32
// CHECK-NEXT:    %[[E_ROW:.*]] = "arith.addi"(%[[NBU]], %[[OFFSET]])
// CHECK-NEXT:    %[[C31B:.*]] = arith.constant 31 : i32
// CHECK-NEXT:    %[[E_CAPPED:.*]] = "arith.minsi"(%[[E_ROW]], %[[C31B]])
// CHECK-NEXT:    "linalg.yield"(%{{.*}}, %[[E_CAPPED]]) : (i32, i32) -> ()
// CHECK-NEXT:  }) {{.*}} : (tensor<2x1xi32>, tensor<2x1xi32>, tensor<2x1xi32>) -> (tensor<2x1xi32>, tensor<2x1xi32>)
// The output: RDBPOT(SRDHM(r, exp), E) + the type minimum -128, clamped, i8.
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<2x5xi8>
// CHECK-NEXT:  %[[OUT:.*]] = "linalg.generic"(%[[EXP]]#0, %[[RECIP]]#0, %[[RECIP]]#1, %{{.*}}) ({
// CHECK:         %[[LO:.*]] = arith.constant -128 : i32
// CHECK-NEXT:    %[[BIASED:.*]] = "arith.addi"(%{{.*}}, %[[LO]])
// CHECK-NEXT:    %[[FLOORED:.*]] = "arith.maxsi"(%[[BIASED]], %[[LO]])
// CHECK-NEXT:    %[[HI:.*]] = arith.constant 127 : i32
// CHECK-NEXT:    %[[CLAMPED:.*]] = "arith.minsi"(%[[FLOORED]], %[[HI]])
// CHECK-NEXT:    %[[Q8:.*]] = "arith.trunci"(%[[CLAMPED]]) : (i32) -> i8
// CHECK-NEXT:    "linalg.yield"(%[[Q8]]) : (i8) -> ()
// The row values are read once per row.
// CHECK-NEXT:  }) {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>], {{.*}} -> tensor<2x5xi8>
// CHECK-NEXT:  %[[RESULT:.*]] = quant.scast %[[OUT]] : tensor<2x5xi8> to tensor<2x5x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK-NEXT:  return %[[RESULT]]
func.func @softmax_int8(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// int8 -> int16, beta 1.7 (0x3FD9999A = 1.7000000476837158), si = 0.03134224936366081; rank 3
// seen as [6, 7]. In double, 1.7000000476837158 * 0.03134224936366081 * 2^26 = 3575682.775...
// = 0.8525092066... * 2^22: m = round(0.8525092066038127 * 2^31) = 1830749581, ls = 22,
// diff_min = -floor(31 * 2^26 / 2^22) = -496. E = num_bits_over_unit + 31 - 16, the type
// minimum -32768.
!x = !quant.uniform<i8:f32, 0.03134224936366081:-7>
!y = !quant.uniform<i16:f32, 1.52587890625e-05:-32768>
// CHECK-LABEL: @softmax_int8_to_int16
// CHECK:       "tosa.const_shape"() {values = dense<[6, 7]> : tensor<2xindex>}
// CHECK:       %[[EXP:[0-9]+]]:2 = "linalg.generic"
// CHECK-NEXT:  ^bb0
// CHECK-NEXT:    arith.constant 22 : i32
// CHECK-NEXT:    "arith.shli"
// CHECK-NEXT:    "arith.extsi"
// CHECK-NEXT:    arith.constant 1830749581 : i64
// CHECK:         arith.constant -496 : i32
// CHECK:       "tosa.reduce_sum"(%[[EXP]]#1)
// CHECK:         arith.constant 15 : i32
// CHECK:       "linalg.generic"(%[[EXP]]#0
// CHECK:         %[[LO:.*]] = arith.constant -32768 : i32
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[LO]])
// CHECK-NEXT:    "arith.maxsi"
// CHECK-NEXT:    arith.constant 32767 : i32
// CHECK-NEXT:    "arith.minsi"
// CHECK-NEXT:    "arith.trunci"(%{{.*}}) : (i32) -> i16
// CHECK:       %[[Y:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<6x7xi16>, !tosa.shape<3>) -> tensor<2x3x7xi16>
// CHECK-NEXT:  quant.scast %[[Y]]
func.func @softmax_int8_to_int16(%arg0: tensor<2x3x7x!x>) -> tensor<2x3x7x!y> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.70000005 : f32} : (tensor<2x3x7x!x>) -> tensor<2x3x7x!y>
  return %0 : tensor<2x3x7x!y>
}

// -----

// uint8 -> uint8: the differences from the row maximum through uint8's signed view q - 128
// (legalize/lib/storage.py), and the output between 0 and 255 (the uint8 type minimum stands
// for the zero point; TFLite does not check the output's).
!x = !quant.uniform<u8:f32, 0.05:128>
!y = !quant.uniform<u8:f32, 0.00390625>
// CHECK-LABEL: @softmax_uint8
// CHECK:       "tosa.reduce_max"{{.*}} : (tensor<3x4xi32>) -> tensor<3x1xi32>
// CHECK:       "linalg.generic"
// CHECK:       "linalg.generic"
// CHECK:       "linalg.generic"
// CHECK:         %[[LO:.*]] = arith.constant 0 : i32
// CHECK:         "arith.addi"(%{{.*}}, %[[LO]])
// CHECK-NEXT:    "arith.maxsi"(%{{.*}}, %[[LO]])
// CHECK-NEXT:    arith.constant 255 : i32
// CHECK-NEXT:    "arith.minsi"
// CHECK-NEXT:    "arith.trunci"(%{{.*}}) : (i32) -> i8
func.func @softmax_uint8(%arg0: tensor<3x4x!x>) -> tensor<3x4x!y> {
  %0 = "tfl.softmax"(%arg0) {beta = 0.5 : f32} : (tensor<3x4x!x>) -> tensor<3x4x!y>
  return %0 : tensor<3x4x!y>
}

// -----

// int16 -> int16 (reference_ops::SoftmaxInt16), si = 2^-12, beta 1:
// (m, e) = QM(2^-12 * 1 / (10 / 65535)) = QM(1.5999755859375) = (0.79998779296875 * 2^31,
// 1) = (1717960704, 1): tosa.rescale shift 31 - 1 = 30.
!x = !quant.uniform<i16:f32, 2.44140625e-4>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @softmax_int16
// CHECK-NEXT:  %[[Q:.*]] = quant.scast
// CHECK-NEXT:  %[[X:.*]] = "tosa.cast"(%[[Q]]) : (tensor<2x5xi16>) -> tensor<2x5xi32>
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[X]])
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[X]], %[[MAX]])
// CHECK-NEXT:  %[[M:.*]] = "tosa.const"() {values = dense<1717960704> : tensor<1xi32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<30> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"
// CHECK-NEXT:  "tosa.const"
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.rescale"(%[[D]], %[[M]], %[[SHIFT]], {{.*}}) {{.*}} -> tensor<2x5xi32>
// [-65535, 0] recentred on [-32768, 32767]
// CHECK-NEXT:  %[[C32767:.*]] = "tosa.const"() {values = dense<32767> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[CENTRED:.*]] = "tosa.add"(%[[SCALED]], %[[C32767]])
// CHECK-NEXT:  %[[C32768:.*]] = "tosa.const"() {values = dense<-32768> : tensor<1x1xi32>}
// CHECK-NEXT:  %[[SAT:.*]] = "tosa.maximum"(%[[CENTRED]], %[[C32768]])
// CHECK-NEXT:  %[[SAT16:.*]] = "tosa.cast"(%[[SAT]]) : (tensor<2x5xi32>) -> tensor<2x5xi16>
// The exp table, LUTPopulate<int16_t> in double on [-10, 0] with output scale factor
// 65536 / 2 = 32768, little-endian int16s. Entry 0: exp(-10) * 32768 = 1.4877 rounds to 1;
// the interpolated midpoint round((exp(-10 + 10/512) * 32768 + 1) / 2) = round(1.2585) = 1
// against round(exp(-10 + 5/512) * 32768) = round(1.5023) = 2, so bias round(-1/2) = -1 and
// lut[0] = 1 - (-1) = 2 (0x0002). The last four: 30902, 31512, 32133 and exp(0) * 32768 =
// 32768 clamped to 32767 (0x78B6, 0x7B18, 0x7D85, 0x7FFF).
// CHECK-NEXT:  %[[EXP_LUT:.*]] = "tosa.const"() {values = dense<"0x0200020002000200{{[0-9A-F]*}}B678187B857DFF7F"> : tensor<513xi16>}
// CHECK-NEXT:  %[[T:.*]] = "tosa.table"(%[[SAT16]], %[[EXP_LUT]]) : (tensor<2x5xi16>, tensor<513xi16>) -> tensor<2x5xi32>
// LUTLookup's (t + 64) >> 7
// CHECK-NEXT:  %[[ONE:.*]] = "tosa.const"() {values = dense<1> : tensor<1xi32>}
// CHECK-NEXT:  %[[SEVEN:.*]] = "tosa.const"() {values = dense<7> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"
// CHECK-NEXT:  "tosa.const"
// CHECK-NEXT:  %[[EXPS:.*]] = "tosa.rescale"(%[[T]], %[[ONE]], %[[SEVEN]], {{.*}}) {{.*}} -> tensor<2x5xi16>
// CHECK-NEXT:  %[[EXPS32:.*]] = "tosa.cast"(%[[EXPS]]) : (tensor<2x5xi16>) -> tensor<2x5xi32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.reduce_sum"(%[[EXPS32]]) {axis = 1 : i32}
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<2x1xi16>
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<2x1xi32>
// ((int64(sum) << (clz - 1)) + 2^13) >> 14, minus 2^15 + 2^16 = 98304, clamped to int16
// CHECK-NEXT:  %[[X_ROW:[0-9]+]]:2 = "linalg.generic"(%[[SUM]], %{{.*}}, %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[S:.*]]: i32, %{{.*}}: i16, %{{.*}}: i32):
// CHECK-NEXT:    %[[CLZ:.*]] = "math.ctlz"(%[[S]])
// CHECK-NEXT:    %[[S64:.*]] = "arith.extsi"(%[[S]]) : (i32) -> i64
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[CLZ_1:.*]] = "arith.subi"(%[[CLZ]], %[[C1]])
// CHECK-NEXT:    %[[CLZ_1_64:.*]] = "arith.extsi"(%[[CLZ_1]])
// CHECK-NEXT:    %[[UP:.*]] = "arith.shli"(%[[S64]], %[[CLZ_1_64]]) : (i64, i64) -> i64
// CHECK-NEXT:    %[[HALF:.*]] = arith.constant 8192 : i64
// CHECK-NEXT:    %[[ROUNDED:.*]] = "arith.addi"(%[[UP]], %[[HALF]])
// CHECK-NEXT:    %[[C14:.*]] = arith.constant 14 : i64
// CHECK-NEXT:    %[[SHIFTED:.*]] = "arith.shrsi"(%[[ROUNDED]], %[[C14]])
// CHECK-NEXT:    %[[SHIFTED32:.*]] = "arith.trunci"(%[[SHIFTED]]) : (i64) -> i32
// CHECK-NEXT:    %[[C98304:.*]] = arith.constant 98304 : i32
// CHECK-NEXT:    %[[CENTRED_SUM:.*]] = "arith.subi"(%[[SHIFTED32]], %[[C98304]])
// CHECK-NEXT:    arith.constant -32768 : i32
// CHECK-NEXT:    "arith.maxsi"
// CHECK-NEXT:    arith.constant 32767 : i32
// CHECK-NEXT:    "arith.minsi"
// CHECK-NEXT:    %[[X16:.*]] = "arith.trunci"(%{{.*}}) : (i32) -> i16
// CHECK-NEXT:    "linalg.yield"(%[[X16]], %[[CLZ]]) : (i16, i32) -> ()
// CHECK-NEXT:  }) {{.*}} -> (tensor<2x1xi16>, tensor<2x1xi32>)
// The 1 / (1 + x) table on [0, 1]: lut[0] = min(1 * 32768, 32767) = 32767 (0x7FFF);
// lut[1] = 32768 / (1 + 1/512) = 32704.06, no bias: 32704 (0x7FC0); lut[512] = 32768 / 2 =
// 16384 (0x4000).
// CHECK-NEXT:  %[[INV_LUT:.*]] = "tosa.const"() {values = dense<"0xFF7FC07F{{[0-9A-F]*}}0040"> : tensor<513xi16>}
// CHECK-NEXT:  %[[R_TABLE:.*]] = "tosa.table"(%[[X_ROW]]#0, %[[INV_LUT]]) : (tensor<2x1xi16>, tensor<513xi16>) -> tensor<2x1xi32>
// CHECK:       %[[R:.*]] = "tosa.rescale"(%[[R_TABLE]], {{.*}} -> tensor<2x1xi16>
// (int64(e) * r + 2^(30 - clz)) >> (31 - clz), clamped to [0, 32767]
// CHECK-NEXT:  "tensor.empty"() : () -> tensor<2x5xi16>
// CHECK-NEXT:  %[[OUT:.*]] = "linalg.generic"(%[[EXPS]], %[[R]], %[[X_ROW]]#1, %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[E:.*]]: i16, %[[RECIP:.*]]: i16, %[[H:.*]]: i32, %{{.*}}: i16):
// CHECK-NEXT:    %[[C31:.*]] = arith.constant 31 : i32
// CHECK-NEXT:    %[[RIGHT:.*]] = "arith.subi"(%[[C31]], %[[H]])
// CHECK-NEXT:    %[[RIGHT64:.*]] = "arith.extsi"(%[[RIGHT]]) : (i32) -> i64
// CHECK-NEXT:    %[[ONE64:.*]] = arith.constant 1 : i64
// CHECK-NEXT:    %[[RIGHT_1:.*]] = "arith.subi"(%[[RIGHT64]], %[[ONE64]])
// CHECK-NEXT:    %[[ROUND:.*]] = "arith.shli"(%[[ONE64]], %[[RIGHT_1]])
// CHECK-NEXT:    %[[E64:.*]] = "arith.extsi"(%[[E]]) : (i16) -> i64
// CHECK-NEXT:    %[[R64:.*]] = "arith.extsi"(%[[RECIP]]) : (i16) -> i64
// CHECK-NEXT:    %[[PRODUCT:.*]] = "arith.muli"(%[[E64]], %[[R64]])
// CHECK-NEXT:    %[[SUMMED:.*]] = "arith.addi"(%[[PRODUCT]], %[[ROUND]])
// CHECK-NEXT:    %[[RESULT64:.*]] = "arith.shrsi"(%[[SUMMED]], %[[RIGHT64]])
// CHECK-NEXT:    "arith.trunci"(%[[RESULT64]]) : (i64) -> i32
// CHECK-NEXT:    arith.constant 0 : i32
// CHECK-NEXT:    "arith.maxsi"
// CHECK-NEXT:    arith.constant 32767 : i32
// CHECK-NEXT:    "arith.minsi"
// CHECK-NEXT:    %[[Y16:.*]] = "arith.trunci"(%{{.*}}) : (i32) -> i16
// CHECK-NEXT:    "linalg.yield"(%[[Y16]]) : (i16) -> ()
// CHECK:       quant.scast %[[OUT]] : tensor<2x5xi16> to tensor<2x5x!quant.uniform<i16:f32, 3.0517578125E-5>>
func.func @softmax_int16(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// ===--- SOFTMAX, the integer pattern declines ---=== //

// TFLite's Prepare aborts (QuantizeMultiplierGreaterThanOne): float32(1e-9) * 2^26 = 0.0671 <= 1.
!x = !quant.uniform<i8:f32, 1.0e-9>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @softmax_int8_scaled_input_not_above_one
// CHECK-NEXT:  quant.dcast
// CHECK:       quant.qcast
func.func @softmax_int8_scaled_input_not_above_one(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  // expected-remark@+1 {{fallback: beta * input scale * 2^26 = 0.06710886210203171 is not above 1: TFLite's Prepare aborts}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// Rows over 2^12: the Q12.19 sum of exponentials can pass int32 (each term is at most 2^19).
!x = !quant.uniform<i8:f32, 0.05>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @softmax_int8_rows_too_long
// CHECK-NEXT:  quant.dcast
func.func @softmax_int8_rows_too_long(%arg0: tensor<1x4097x!x>) -> tensor<1x4097x!y> {
  // expected-remark@+1 {{fallback: rows longer than 4096 can overflow TFLite's Q12.19 sum of exponentials}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<1x4097x!x>) -> tensor<1x4097x!y>
  return %0 : tensor<1x4097x!y>
}

// -----

// int16: a negative beta gives a negative multiplier.
!x = !quant.uniform<i16:f32, 0.001>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @softmax_int16_negative_beta
// CHECK-NEXT:  quant.dcast
func.func @softmax_int16_negative_beta(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  // expected-remark@+1 {{fallback: input scale * beta is -0.0010000000474974513; the int16 pattern takes a positive product}}
  %0 = "tfl.softmax"(%arg0) {beta = -1.0 : f32} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// int16: si * beta / (10 / 65535) = 8 * 6553.5 = 52428 = 0.79998779... * 2^16, so the kernel's
// `(q - max) * 2^16` overflows int32 for differences of 32768 and more.
!x = !quant.uniform<i16:f32, 8.0>
!y = !quant.uniform<i16:f32, 3.0517578125e-05>
// CHECK-LABEL: @softmax_int16_multiplier_overflows
// CHECK-NEXT:  quant.dcast
func.func @softmax_int16_multiplier_overflows(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  // expected-remark@+1 {{fallback: requantization multiplier 52428.0 shifts inputs up to 65535 left by 16, past int32 (undefined in TFLite)}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// A quantized op whose float pattern declines too: both reasons, and the op stays a tfl
// op on floats between the casts.
!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// CHECK-LABEL: @softmax_int8_dynamic_shape_is_unlowered
// CHECK-NEXT:  %[[X:.*]] = quant.dcast %arg0 : tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<?x?xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tfl.softmax"(%[[X]]) {beta = 1.000000e+00 : f32} : (tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:  %[[Q:.*]] = quant.qcast %[[Y]] : tensor<?x?xf32> to tensor<?x?x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK-NEXT:  return %[[Q]]
func.func @softmax_int8_dynamic_shape_is_unlowered(%arg0: tensor<?x?x!x>) -> tensor<?x?x!y> {
  // expected-remark@+1 {{unlowered: more than one dynamic dimension in operand 0 (tensor<?x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>)}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<?x?x!x>) -> tensor<?x?x!y>
  return %0 : tensor<?x?x!y>
}

// -----

// ===--- LOG_SOFTMAX, integer path ---=== //

// int8, si = 1/16: (m, ls) = (1073741824, 23) and diff_min = -248 as for SOFTMAX; the reverse
// scaling 2^(31 - 23) / 2^30 = 2^-22 = 0.5 * 2^-21 gives (rm, re) = (1073741824, -21).
!x = !quant.uniform<i8:f32, 0.0625:3>
!y = !quant.uniform<i8:f32, 0.0625:127>
// CHECK-LABEL: @log_softmax_int8
// CHECK:       %[[D:.*]] = "tosa.sub"
// CHECK:       %[[TERM:.*]] = "linalg.generic"(%[[D]], %{{.*}}) ({
// CHECK:         arith.constant 23 : i32
// CHECK:         arith.constant 1073741824 : i64
// CHECK:         arith.constant -248 : i32
// CHECK:         "linalg.yield"(%{{.*}}) : (i32) -> ()
// CHECK:       %[[SUM:.*]] = "tosa.reduce_sum"(%[[TERM]])
// log_x_for_x_greater_than_or_equal_to_1<5, 12>: clz, the two normalizations by sqrt(1/2)
// (1518500250), 12 - clz shifted into Q6.25 (<< 25) with the quarter 2^29 / 2^6 = 8388608,
// sqrt(sqrt(1/2)), alpha_n, alpha_i, alpha_d, alpha_f, 1 / (1 + x), log(2).
// CHECK:       %[[LOG:[0-9]+]]:2 = "linalg.generic"(%[[SUM]], %{{.*}}, %{{.*}}) ({
// CHECK:         "math.ctlz"
// CHECK:         arith.constant 1518500250 : i64
// CHECK:         arith.constant 12 : i32
// CHECK:         arith.constant 25 : i32
// CHECK:         arith.constant 8388608 : i64
// CHECK:         "math.ctlz"
// CHECK:         arith.constant 1805811301 : i64
// CHECK:         arith.constant 117049297 : i64
// CHECK:         arith.constant 1057819769 : i32
// CHECK:         arith.constant 127690142 : i64
// CHECK:         arith.constant 638450708 : i64
// CHECK:         arith.constant -1010580540 : i64
// CHECK:         arith.constant 1515870810 : i32
// CHECK:         %[[LOG2:.*]] = arith.constant 1488522236 : i64
// Rescale<5> of the Q6.25 sum: a saturating << 1
// CHECK:         "arith.select"
// CHECK-NEXT:    "arith.cmpi"
// CHECK-NEXT:    %[[LOG_SUM:.*]] = "arith.select"
// max(diff_min - 1, RDBPOT(SRDHM(log + INT32_MIN, 2^30), 21))
// CHECK-NEXT:    %[[SHIFTED_LOG:.*]] = "arith.addi"(%[[LOG_SUM]], %{{.*}})
// CHECK:         "arith.muli"
// CHECK:         arith.constant 2097151 : i32
// CHECK:         arith.constant 21 : i32
// CHECK:         %[[DIFF_MIN_1:.*]] = arith.constant -249 : i32
// CHECK-NEXT:    %[[ADJ:.*]] = "arith.maxsi"(%{{.*}}, %[[DIFF_MIN_1]])
// CHECK-NEXT:    "linalg.yield"(%[[LOG_SUM]], %[[ADJ]]) : (i32, i32) -> ()
// d > adjusted ? clamp(RDBPOT(x - log, 31 - 5 - 4 = 22) + 127) : -128
// CHECK:       "linalg.generic"(%[[D]], %[[LOG]]#0, %[[LOG]]#1, %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[DIFF:.*]]: i32, %[[L:.*]]: i32, %[[A:.*]]: i32, %{{.*}}: i8):
// CHECK:         %[[X:.*]] = "arith.trunci"
// CHECK-NEXT:    "arith.subi"(%[[X]], %[[L]])
// CHECK-NEXT:    arith.constant 4194303 : i32
// CHECK:         arith.constant 22 : i32
// CHECK:         %[[OFFSET:.*]] = arith.constant 127 : i32
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[OFFSET]])
// CHECK-NEXT:    %[[LO:.*]] = arith.constant -128 : i32
// CHECK-NEXT:    "arith.maxsi"
// CHECK-NEXT:    %[[OUT:.*]] = "arith.minsi"
// CHECK-NEXT:    %[[GREATER:.*]] = "arith.cmpi"(%[[DIFF]], %[[A]]) {predicate = 4 : i64}
// CHECK-NEXT:    %[[KEPT:.*]] = "arith.select"(%[[GREATER]], %[[OUT]], %[[LO]])
// CHECK-NEXT:    "arith.trunci"(%[[KEPT]]) : (i32) -> i8
func.func @log_softmax_int8(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  %0 = "tfl.log_softmax"(%arg0) : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// uint8: the offset 255 and the range 0 .. 255 (reference_ops::LogSoftmax, uint8).
!x = !quant.uniform<u8:f32, 0.1:100>
!y = !quant.uniform<u8:f32, 0.0625:255>
// CHECK-LABEL: @log_softmax_uint8
// CHECK:       "tosa.reduce_max"{{.*}} : (tensor<2x5xi32>) -> tensor<2x1xi32>
// CHECK:       "linalg.generic"
// CHECK:       "linalg.generic"
// CHECK:       "linalg.generic"
// CHECK:         %[[OFFSET:.*]] = arith.constant 255 : i32
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[OFFSET]])
// CHECK-NEXT:    "arith.maxsi"(%{{.*}}, %[[LO:[0-9]+]])
// CHECK-NEXT:    %[[OUT:.*]] = "arith.minsi"(%{{.*}}, %[[OFFSET]])
// CHECK-NEXT:    %[[GREATER:.*]] = "arith.cmpi"
// CHECK-NEXT:    "arith.select"(%[[GREATER]], %[[OUT]], %[[LO]])
func.func @log_softmax_uint8(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  %0 = "tfl.log_softmax"(%arg0) : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// ===--- LOG_SOFTMAX, the integer pattern declines ---=== //

!x = !quant.uniform<i8:f32, 1.0e-9>
!y = !quant.uniform<i8:f32, 0.0625:127>
// CHECK-LABEL: @log_softmax_int8_scaled_input_not_above_one
// CHECK-NEXT:  quant.dcast
func.func @log_softmax_int8_scaled_input_not_above_one(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  // expected-remark@+1 {{fallback: beta * input scale * 2^26 = 0.06710886210203171 is not above 1: TFLite's Prepare aborts}}
  %0 = "tfl.log_softmax"(%arg0) : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

!x = !quant.uniform<i8:f32, 0.05>
!y = !quant.uniform<i8:f32, 0.0625:127>
// CHECK-LABEL: @log_softmax_int8_rows_too_long
// CHECK-NEXT:  quant.dcast
func.func @log_softmax_int8_rows_too_long(%arg0: tensor<1x4097x!x>) -> tensor<1x4097x!y> {
  // expected-remark@+1 {{fallback: rows longer than 4096 can overflow TFLite's Q12.19 sum of exponentials}}
  %0 = "tfl.log_softmax"(%arg0) : (tensor<1x4097x!x>) -> tensor<1x4097x!y>
  return %0 : tensor<1x4097x!y>
}

// -----

// ===--- L2_NORMALIZATION, integer path ---=== //

// int8 (reference_integer_ops::L2Normalization): acc = sum (q - zi)^2, then per row
// GetInvSqrtQuantizedMultiplierExp: acc <= 1 gives (INT32_MAX, 0); acc >= 2^29 is divided by
// 4 (shift 12, else 11); the Newton-Raphson iteration in Q3.28 from 1.0 = 2^28 with 1.5 =
// 2^28 + 2^27 = 402653184, times sqrt(2)/2 = 1518500250; the output MBQM(q - zi, m, e + 7).
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.0078125>
// CHECK-LABEL: @l2_normalization_int8
// CHECK:       %[[ZI:.*]] = "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"
// CHECK-NEXT:  %[[D:.*]] = "tosa.rescale"(%{{.*}}, %{{.*}}, %{{.*}}, %[[ZI]], %{{.*}}) {{.*}} -> tensor<2x5xi32>
// CHECK-NEXT:  %[[NO_SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SQ:.*]] = "tosa.mul"(%[[D]], %[[D]], %[[NO_SHIFT]]) : (tensor<2x5xi32>, tensor<2x5xi32>, tensor<1xi8>) -> tensor<2x5xi32>
// CHECK-NEXT:  %[[ACC:.*]] = "tosa.reduce_sum"(%[[SQ]]) {axis = 1 : i32} : (tensor<2x5xi32>) -> tensor<2x1xi32>
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  %[[M:[0-9]+]]:2 = "linalg.generic"(%[[ACC]], %{{.*}}, %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[SMALL:.*]] = "arith.cmpi"(%[[A]], %[[C1]]) {predicate = 3 : i64}
// CHECK-NEXT:    %[[C2_29:.*]] = arith.constant 536870912 : i32
// CHECK-NEXT:    %[[BIG:.*]] = "arith.cmpi"(%[[A]], %[[C2_29]]) {predicate = 5 : i64}
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[QUARTER:.*]] = "arith.shrsi"(%[[A]], %[[C2]])
// CHECK-NEXT:    %[[REDUCED:.*]] = "arith.select"(%[[BIG]], %[[QUARTER]], %[[A]])
// CHECK-NEXT:    %[[C12:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[C11:.*]] = arith.constant 11 : i32
// CHECK-NEXT:    "arith.select"(%[[BIG]], %[[C12]], %[[C11]])
// CHECK-NEXT:    "math.ctlz"(%[[REDUCED]])
// CHECK:         arith.constant 268435456 : i32
// CHECK:         arith.constant 402653184 : i32
// CHECK:         arith.constant 1518500250 : i64
// CHECK:         "linalg.yield"
// CHECK:       "linalg.generic"(%[[D]], %[[M]]#0, %[[M]]#1, %{{.*}}) ({
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[MR:.*]]: i32, %[[ER:.*]]: i32, %{{.*}}: i8):
// CHECK-NEXT:    %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %[[SHIFT:.*]] = "arith.addi"(%[[ER]], %[[C7]])
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[LEFT:.*]] = "arith.maxsi"(%[[SHIFT]], %[[ZERO]])
// CHECK-NEXT:    %[[NEG:.*]] = "arith.subi"(%[[ZERO]], %[[SHIFT]])
// CHECK-NEXT:    %[[RIGHT:.*]] = "arith.maxsi"(%[[NEG]], %[[ZERO]])
// CHECK-NEXT:    "arith.shli"(%[[X]], %[[LEFT]])
// CHECK:         "arith.shrsi"(%{{.*}}, %[[RIGHT]])
// CHECK:         arith.constant -128 : i32
// CHECK:         arith.constant 127 : i32
// CHECK:         "arith.trunci"(%{{.*}}) : (i32) -> i8
func.func @l2_normalization_int8(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// uint8 (reference_ops::L2Normalization): 128 + RDBPOT(SRDHM(128 (q - zi), m), -e), 0 .. 255.
// The signed view q - 128 with zero point 120 - 128 = -8 gives q - zi.
!x = !quant.uniform<u8:f32, 0.05:120>
!y = !quant.uniform<u8:f32, 0.0078125:128>
// CHECK-LABEL: @l2_normalization_uint8
// CHECK:       %[[ZI:.*]] = "tosa.const"() {values = dense<-8> : tensor<1xi8>}
// CHECK:       "tosa.rescale"(%{{.*}}, %{{.*}}, %{{.*}}, %[[ZI]], %{{.*}}) {{.*}} -> tensor<2x5xi32>
// CHECK:       "linalg.generic"
// CHECK:       "linalg.generic"
// CHECK-NEXT:  ^bb0(%[[X:.*]]: i32, %[[MR:.*]]: i32, %[[ER:.*]]: i32, %{{.*}}: i8):
// CHECK-NEXT:    %[[C128:.*]] = arith.constant 128 : i32
// CHECK-NEXT:    %[[X128:.*]] = "arith.muli"(%[[X]], %[[C128]])
// CHECK-NEXT:    "arith.extsi"(%[[X128]])
// CHECK:         %[[RIGHT:.*]] = "arith.subi"(%{{.*}}, %[[ER]])
// CHECK:         "arith.shrsi"(%{{.*}}, %[[RIGHT]])
// CHECK:         "arith.addi"(%{{.*}}, %[[C128]])
// CHECK-NEXT:    "arith.maxsi"
// CHECK-NEXT:    arith.constant 255 : i32
// CHECK-NEXT:    "arith.minsi"
// CHECK-NEXT:    "arith.trunci"(%{{.*}}) : (i32) -> i8
func.func @l2_normalization_uint8(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// ===--- L2_NORMALIZATION, the integer pattern declines ---=== //

// Prepare requires the int8 output at scale 1/128 and zero point 0.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.01:0>
// CHECK-LABEL: @l2_normalization_int8_output_scale
// CHECK-NEXT:  quant.dcast
// CHECK:       "arith.divf"
// CHECK-NEXT:  quant.qcast
func.func @l2_normalization_int8_output_scale(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  // expected-remark@+1 {{fallback: result 0 has scale 0.01 and zero point 0; the kernel requires scale 1/128 and zero point 0}}
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// TFLite has no int16 L2_NORMALIZATION kernel.
!x = !quant.uniform<i16:f32, 0.05>
!y = !quant.uniform<i16:f32, 0.0078125>
// CHECK-LABEL: @l2_normalization_int16
// CHECK-NEXT:  quant.dcast
func.func @l2_normalization_int16(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  // expected-remark@+1 {{fallback: operand 0 is i16; the integer pattern takes i8/u8}}
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// 33100 * 255^2 = 2152327500 > 2^31 - 1: the int32 sum of squares can overflow.
!x = !quant.uniform<i8:f32, 0.05:-128>
!y = !quant.uniform<i8:f32, 0.0078125>
// CHECK-LABEL: @l2_normalization_int8_rows_too_long
// CHECK-NEXT:  quant.dcast
func.func @l2_normalization_int8_rows_too_long(%arg0: tensor<1x33100x!x>) -> tensor<1x33100x!y> {
  // expected-remark@+1 {{fallback: rows this long can overflow TFLite's int32 sum of squares}}
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<1x33100x!x>) -> tensor<1x33100x!y>
  return %0 : tensor<1x33100x!y>
}

// -----

// A fused activation, which Prepare refuses: neither pattern takes it.
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.0078125>
// CHECK-LABEL: @l2_normalization_int8_fused_relu
// CHECK-NEXT:  quant.dcast
// CHECK-NEXT:  "tfl.l2_normalization"
// CHECK-NEXT:  quant.qcast
func.func @l2_normalization_int8_fused_relu(%arg0: tensor<2x5x!x>) -> tensor<2x5x!y> {
  // expected-remark@+1 {{unlowered: fused activation RELU; the kernel takes NONE}}
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "RELU"} : (tensor<2x5x!x>) -> tensor<2x5x!y>
  return %0 : tensor<2x5x!y>
}

// -----

// A scalar, which Prepare refuses (rank >= 1).
!x = !quant.uniform<i8:f32, 0.05:-3>
!y = !quant.uniform<i8:f32, 0.0078125>
// CHECK-LABEL: @l2_normalization_int8_scalar
// CHECK-NEXT:  quant.dcast
// CHECK-NEXT:  "tfl.l2_normalization"
func.func @l2_normalization_int8_scalar(%arg0: tensor<!x>) -> tensor<!y> {
  // expected-remark@+1 {{unlowered: operand 0 has rank 0; the kernel takes rank >= 1}}
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<!x>) -> tensor<!y>
  return %0 : tensor<!y>
}

// -----

// ===--- float paths ---=== //

// SOFTMAX as reference_ops::Softmax: e = expf(x - max) with glibc's expf (the 2^(j/32) table,
// whose first entry is 1.0's bits, a cubic in double), the sum in index order
// (tosa.reduce_sum), then e / sum (arith.divf, not a product with the reciprocal).
// CHECK-LABEL: @softmax_float
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x7xf32>)
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[X]]) {axis = 2 : i32} : (tensor<3x5x7xf32>) -> tensor<3x5x1xf32>
// CHECK-NEXT:  %[[D:.*]] = "tosa.sub"(%[[X]], %[[MAX]]) : (tensor<3x5x7xf32>, tensor<3x5x1xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:  %[[TABLE:.*]] = arith.constant dense<[4607182418800017408, {{.*}}]> : tensor<32xi64>
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  %[[E:.*]] = "linalg.generic"(%[[D]], %{{.*}})
// CHECK:         "arith.extf"
// CHECK:         "tensor.extract"(%[[TABLE]]
// CHECK:         "arith.truncf"
// CHECK:       %[[SUM:.*]] = "tosa.reduce_sum"(%[[E]]) {axis = 2 : i32} : (tensor<3x5x7xf32>) -> tensor<3x5x1xf32>
// CHECK-NEXT:  "tensor.empty"
// CHECK-NEXT:  %[[Y:.*]] = "linalg.generic"(%[[E]], %[[SUM]], %{{.*}})
// CHECK-NEXT:  ^bb0(%[[EV:.*]]: f32, %[[SV:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:    %[[Q:.*]] = "arith.divf"(%[[EV]], %[[SV]])
// CHECK-NEXT:    "linalg.yield"(%[[Q]])
// CHECK-NEXT:  }) {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, 0)>,
// CHECK-NEXT:  return %[[Y]]
func.func @softmax_float(%arg0: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<3x5x7xf32>) -> tensor<3x5x7xf32>
  return %0 : tensor<3x5x7xf32>
}

// -----

// beta 0.7 (0.699999988079071 as float32) scales the shifted logits.
// CHECK-LABEL: @softmax_float_beta
// CHECK:       %[[D:.*]] = "tosa.sub"
// CHECK-NEXT:  %[[BETA:.*]] = "tosa.const"() {values = dense<0.699999988> : tensor<1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.mul"(%[[D]], %[[BETA]], %{{.*}})
// CHECK:       "linalg.generic"(%[[SCALED]], %{{.*}})
func.func @softmax_float_beta(%arg0: tensor<3x10xf32>) -> tensor<3x10xf32> {
  %0 = "tfl.softmax"(%arg0) {beta = 0.699999988079071 : f32} : (tensor<3x10xf32>) -> tensor<3x10xf32>
  return %0 : tensor<3x10xf32>
}

// -----

// A `?` row count: the same program, the division broadcasting the row sums by its map.
// CHECK-LABEL: @softmax_float_dynamic_rows
// CHECK:       %[[E:.*]] = "linalg.generic"
// CHECK:       %[[SUM:.*]] = "tosa.reduce_sum"(%[[E]]) {axis = 1 : i32} : (tensor<?x10xf32>) -> tensor<?x1xf32>
// CHECK:       "linalg.generic"(%[[E]], %[[SUM]], %{{.*}})
func.func @softmax_float_dynamic_rows(%arg0: tensor<?x10xf32>) -> tensor<?x10xf32> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<?x10xf32>) -> tensor<?x10xf32>
  return %0 : tensor<?x10xf32>
}

// -----

// A negative beta can take the argument past expf's overflow bound, which eigen_math.expf
// leaves out: tosa.exp, and the sum's reciprocal.
// CHECK-LABEL: @softmax_float_negative_beta
// CHECK:       %[[E:.*]] = "tosa.exp"
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.reduce_sum"(%[[E]])
// CHECK-NEXT:  "tosa.reciprocal"(%[[SUM]])
func.func @softmax_float_negative_beta(%arg0: tensor<3x10xf32>) -> tensor<3x10xf32> {
  %0 = "tfl.softmax"(%arg0) {beta = -1.0 : f32} : (tensor<3x10xf32>) -> tensor<3x10xf32>
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
// CHECK-NEXT:  %[[Y:.*]] = "tfl.softmax"(%arg0) {beta = 1.000000e+00 : f32} : (tensor<?x?xf32>) -> tensor<?x?xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @softmax_float_dynamic_shape_is_unlowered(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark@+1 {{unlowered: more than one dynamic dimension in operand 0 (tensor<?x?xf32>)}}
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// L2_NORMALIZATION: x / max(sqrt(sum x^2), 1e-6f), the division exact (arith.divf); 1e-6f is
// 9.999999974752427e-07.
// CHECK-LABEL: @l2_normalization_float
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SQ:.*]] = "tosa.mul"(%[[X]], %[[X]], %{{.*}}) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<1xi8>) -> tensor<2x3x5xf32>
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.reduce_sum"(%[[SQ]]) {axis = 2 : i32} : (tensor<2x3x5xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT:  %[[NORM:.*]] = "math.sqrt"(%[[SUM]]) : (tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
// CHECK-NEXT:  %[[EPS:.*]] = "tosa.const"() {values = dense<9.99999997E-7> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[KEPT:.*]] = "tosa.maximum"(%[[NORM]], %[[EPS]])
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:  %[[WIDE:.*]] = "tosa.tile"(%[[KEPT]], %{{.*}}) : (tensor<2x3x1xf32>, !tosa.shape<3>) -> tensor<2x3x5xf32>
// CHECK-NEXT:  %[[Y:.*]] = "arith.divf"(%[[X]], %[[WIDE]]) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @l2_normalization_float(%arg0: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// LOCAL_RESPONSE_NORMALIZATION, radius 2: the window of channel c is c - 2 .. c + 1 (TFLite's
// reference kernel stops before c + radius), a 1 x 4 ones kernel over [1, 6, 8, 1] with 2
// columns of padding before and 1 after; then x * pow(bias + alpha * window, -beta).
// CHECK-LABEL: @local_response_normalization_float
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x8xf32>)
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SQ:.*]] = "tosa.mul"(%[[X]], %[[X]], %{{.*}})
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 6, 8, 1]> : tensor<4xindex>}
// CHECK-NEXT:  %[[IMAGE:.*]] = "tosa.reshape"(%[[SQ]], %{{.*}}) : (tensor<1x2x3x8xf32>, !tosa.shape<4>) -> tensor<1x6x8x1xf32>
// CHECK-NEXT:  %[[ONES:.*]] = "tosa.const"() {values = dense<1.000000e+00> : tensor<1x1x4x1xf32>}
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[BIAS0:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[WINDOW:.*]] = "tosa.conv2d"(%[[IMAGE]], %[[ONES]], %[[BIAS0]], %[[ZERO]], %[[ZERO]]) {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 2, 1>, stride = array<i64: 1, 1>} : (tensor<1x6x8x1xf32>, tensor<1x1x4x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x8x1xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 2, 3, 8]> : tensor<4xindex>}
// CHECK-NEXT:  %[[SUMS:.*]] = "tosa.reshape"(%[[WINDOW]], %{{.*}}) : (tensor<1x6x8x1xf32>, !tosa.shape<4>) -> tensor<1x2x3x8xf32>
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.const"() {values = dense<5.000000e-01> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.mul"(%[[SUMS]], %[[ALPHA]], %{{.*}})
// CHECK-NEXT:  %[[BIAS:.*]] = "tosa.const"() {values = dense<2.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:  %[[BASE:.*]] = "tosa.add"(%[[SCALED]], %[[BIAS]])
// CHECK-NEXT:  %[[NEG_BETA:.*]] = "tosa.const"() {values = dense<-7.500000e-01> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:  %[[MULT:.*]] = "tosa.pow"(%[[BASE]], %[[NEG_BETA]]) : (tensor<1x2x3x8xf32>, tensor<1x1x1x1xf32>) -> tensor<1x2x3x8xf32>
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%[[X]], %[[MULT]], %{{.*}})
// CHECK-NEXT:  return %[[Y]]
func.func @local_response_normalization_float(%arg0: tensor<1x2x3x8xf32>) -> tensor<1x2x3x8xf32> {
  %0 = "tfl.local_response_normalization"(%arg0) {alpha = 0.5 : f32, beta = 0.75 : f32, bias = 2.0 : f32, radius = 2 : i32} : (tensor<1x2x3x8xf32>) -> tensor<1x2x3x8xf32>
  return %0 : tensor<1x2x3x8xf32>
}

// -----

// radius 0: an empty window, so every element is scaled by pow(bias, -beta).
// CHECK-LABEL: @local_response_normalization_float_radius_0
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x8xf32>)
// CHECK-NEXT:  %[[BIAS:.*]] = "tosa.const"() {values = dense<2.000000e+00> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:  %[[NEG_BETA:.*]] = "tosa.const"() {values = dense<-7.500000e-01> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:  %[[MULT:.*]] = "tosa.pow"(%[[BIAS]], %[[NEG_BETA]]) : (tensor<1x1x1x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x1x1xf32>
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.mul"(%[[X]], %[[MULT]], %{{.*}})
// CHECK-NEXT:  return %[[Y]]
func.func @local_response_normalization_float_radius_0(%arg0: tensor<1x2x3x8xf32>) -> tensor<1x2x3x8xf32> {
  %0 = "tfl.local_response_normalization"(%arg0) {alpha = 0.5 : f32, beta = 0.75 : f32, bias = 2.0 : f32, radius = 0 : i32} : (tensor<1x2x3x8xf32>) -> tensor<1x2x3x8xf32>
  return %0 : tensor<1x2x3x8xf32>
}

// -----

// TFLite's kernel takes rank 4 only.
// CHECK-LABEL: @local_response_normalization_rank_3
// CHECK-NEXT:  "tfl.local_response_normalization"
func.func @local_response_normalization_rank_3(%arg0: tensor<2x3x8xf32>) -> tensor<2x3x8xf32> {
  // expected-remark@+1 {{unlowered: operand 0 has rank 3; the kernel takes rank 4}}
  %0 = "tfl.local_response_normalization"(%arg0) {alpha = 0.5 : f32, beta = 0.75 : f32, bias = 2.0 : f32, radius = 2 : i32} : (tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  return %0 : tensor<2x3x8xf32>
}

// -----

// CHECK-LABEL: @l2_normalization_float_result_type
// CHECK-NEXT:  "tfl.l2_normalization"
func.func @l2_normalization_float_result_type(%arg0: tensor<2x3x5xf32>) -> tensor<2x3x5xf16> {
  // expected-remark@+1 {{unlowered: result 0 is tensor<2x3x5xf16> for an operand 0 of tensor<2x3x5xf32>}}
  %0 = "tfl.l2_normalization"(%arg0) {fused_activation_function = "NONE"} : (tensor<2x3x5xf32>) -> tensor<2x3x5xf16>
  return %0 : tensor<2x3x5xf16>
}

// -----

// LOCAL_RESPONSE_NORMALIZATION takes float32 only.
// CHECK-LABEL: @local_response_normalization_int32
// CHECK-NEXT:  "tfl.local_response_normalization"
func.func @local_response_normalization_int32(%arg0: tensor<1x2x3x8xi32>) -> tensor<1x2x3x8xi32> {
  // expected-remark@+1 {{unlowered: operand 0 is tensor<1x2x3x8xi32>; the op takes floating point tensors}}
  %0 = "tfl.local_response_normalization"(%arg0) {alpha = 0.5 : f32, beta = 0.75 : f32, bias = 2.0 : f32, radius = 2 : i32} : (tensor<1x2x3x8xi32>) -> tensor<1x2x3x8xi32>
  return %0 : tensor<1x2x3x8xi32>
}
