// Golden test of legalize/families/elementwise/comparison.py: TOSA 1.0 compares with equal, greater and
// greater_equal (i1 results); LESS and LESS_EQUAL swap the operands, NOT_EQUAL negates;
// operands of lower rank get leading unit dimensions; LOGICAL_*, SELECT (v1 rank-1 conditions
// pick rows), SELECT_V2 and CAST by cases. Quantized comparisons compare what TFLite compares
// (comparisons.cc): each operand as MBQM((q - zp) << 8, QM(its scale)), a rescale by 2^30 with
// shift 30 - 8 = 22 then one with shift 31 - e, in i32; int16 LESS/GREATER(_EQUAL) the raw
// stored values. Quantized SELECT moves stored values. The reasons each pattern declines an
// instance, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// TOSA broadcasts only between equal ranks: the 5-vector becomes 1x5.
// CHECK-LABEL: @equal_f32_broadcast
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xf32>, %[[Y:.*]]: tensor<5xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y2:.*]] = "tosa.reshape"(%[[Y]], %[[SHAPE]]) : (tensor<5xf32>, !tosa.shape<2>) -> tensor<1x5xf32>
// CHECK-NEXT:    %[[EQ:.*]] = "tosa.equal"(%[[X]], %[[Y2]]) : (tensor<3x5xf32>, tensor<1x5xf32>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[EQ]]
func.func @equal_f32_broadcast(%arg0: tensor<3x5xf32>, %arg1: tensor<5xf32>) -> tensor<3x5xi1> {
  %0 = "tfl.equal"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<5xf32>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// not_equal(a, b) = logical_not(equal(a, b)): true for NaN, as C++ !=.
// CHECK-LABEL: @not_equal_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>, %[[Y:.*]]: tensor<2x3x5xf32>)
// CHECK-NEXT:    %[[EQ:.*]] = "tosa.equal"(%[[X]], %[[Y]]) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xi1>
// CHECK-NEXT:    %[[NE:.*]] = "tosa.logical_not"(%[[EQ]]) : (tensor<2x3x5xi1>) -> tensor<2x3x5xi1>
// CHECK-NEXT:    return %[[NE]]
func.func @not_equal_f32(%arg0: tensor<2x3x5xf32>, %arg1: tensor<2x3x5xf32>) -> tensor<2x3x5xi1> {
  %0 = "tfl.not_equal"(%arg0, %arg1) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xi1>
  return %0 : tensor<2x3x5xi1>
}

// -----

// A scalar constant operand becomes 1x1.
// CHECK-LABEL: @greater_f32_scalar_constant
// CHECK-SAME:    (%[[X:.*]]: tensor<2x5xf32>)
// CHECK-NEXT:    %[[HALF:.*]] = arith.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<1> : tensor<2xindex>}
// CHECK-NEXT:    %[[HALF2:.*]] = "tosa.reshape"(%[[HALF]], %[[SHAPE]]) : (tensor<f32>, !tosa.shape<2>) -> tensor<1x1xf32>
// CHECK-NEXT:    %[[GT:.*]] = "tosa.greater"(%[[X]], %[[HALF2]]) : (tensor<2x5xf32>, tensor<1x1xf32>) -> tensor<2x5xi1>
// CHECK-NEXT:    return %[[GT]]
func.func @greater_f32_scalar_constant(%arg0: tensor<2x5xf32>) -> tensor<2x5xi1> {
  %0 = "tfl.pseudo_const"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %1 = "tfl.greater"(%arg0, %0) : (tensor<2x5xf32>, tensor<f32>) -> tensor<2x5xi1>
  return %1 : tensor<2x5xi1>
}

// -----

// CHECK-LABEL: @greater_equal_i64
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xi64>, %[[Y:.*]]: tensor<3x5xi64>)
// CHECK-NEXT:    %[[GE:.*]] = "tosa.greater_equal"(%[[X]], %[[Y]]) : (tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[GE]]
func.func @greater_equal_i64(%arg0: tensor<3x5xi64>, %arg1: tensor<3x5xi64>) -> tensor<3x5xi1> {
  %0 = "tfl.greater_equal"(%arg0, %arg1) : (tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// less(a, b) = greater(b, a); equal ranks broadcast as they are (3x1 against 3x5).
// CHECK-LABEL: @less_f32_swaps
// CHECK-SAME:    (%[[A:.*]]: tensor<3x5xf32>, %[[B:.*]]: tensor<3x1xf32>)
// CHECK-NEXT:    %[[LT:.*]] = "tosa.greater"(%[[B]], %[[A]]) : (tensor<3x1xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[LT]]
func.func @less_f32_swaps(%arg0: tensor<3x5xf32>, %arg1: tensor<3x1xf32>) -> tensor<3x5xi1> {
  %0 = "tfl.less"(%arg0, %arg1) : (tensor<3x5xf32>, tensor<3x1xf32>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// less_equal(a, b) = greater_equal(b, a).
// CHECK-LABEL: @less_equal_i32_swaps
// CHECK-SAME:    (%[[A:.*]]: tensor<3x5xi32>, %[[B:.*]]: tensor<3x5xi32>)
// CHECK-NEXT:    %[[LE:.*]] = "tosa.greater_equal"(%[[B]], %[[A]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[LE]]
func.func @less_equal_i32_swaps(%arg0: tensor<3x5xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x5xi1> {
  %0 = "tfl.less_equal"(%arg0, %arg1) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// int8: QM(0.05) = 0.8*2^-4 -> (1717986944, -4) -> shift 35 (float32 0.05 = 0.800000012 * 2^-4);
// QM(0.1) = 0.8*2^-3 -> (1717986944, -3) -> shift 34. The scales differ: TOSA's comparisons
// need one, TFLite brings each operand to real * 2^8 on its own.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.1:2>
// CHECK-LABEL: @equal_int8_rescaled
// CHECK-NEXT:    %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:    %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<5xi8>
// CHECK-NEXT:    "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<22> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<-3> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[A8:.*]] = "tosa.rescale"(%[[A]], {{.*}} -> tensor<3x5xi32>
// CHECK-NEXT:    "tosa.const"() {values = dense<1717986944> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<35> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[A_SCALED:.*]] = "tosa.rescale"(%[[A8]], {{.*}} -> tensor<3x5xi32>
// CHECK-NEXT:    "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<22> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[B8:.*]] = "tosa.rescale"(%[[B]], {{.*}} -> tensor<5xi32>
// CHECK-NEXT:    "tosa.const"() {values = dense<1717986944> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<34> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:    %[[B_SCALED:.*]] = "tosa.rescale"(%[[B8]], {{.*}} -> tensor<5xi32>
// CHECK-NEXT:    "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[B2:.*]] = "tosa.reshape"(%[[B_SCALED]], %{{.*}}) : (tensor<5xi32>, !tosa.shape<2>) -> tensor<1x5xi32>
// CHECK-NEXT:    %[[EQ:.*]] = "tosa.equal"(%[[A_SCALED]], %[[B2]]) : (tensor<3x5xi32>, tensor<1x5xi32>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[EQ]]
func.func @equal_int8_rescaled(%arg0: tensor<3x5x!q>, %arg1: tensor<5x!r>) -> tensor<3x5xi1> {
  %0 = "tfl.equal"(%arg0, %arg1) : (tensor<3x5x!q>, tensor<5x!r>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// uint8: flipped to q - 128 with zero points 120 - 128 = -8 and 130 - 128 = 2; LESS swaps.
!q = !quant.uniform<u8:f32, 0.05:120>
!r = !quant.uniform<u8:f32, 0.1:130>
// CHECK-LABEL: @less_uint8_rescaled
// CHECK:         %[[A_SIGNED:.*]] = "tosa.bitwise_xor"
// CHECK-NEXT:    "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<22> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<-8> : tensor<1xi8>}
// CHECK:         "tosa.const"() {values = dense<35> : tensor<1xi8>}
// CHECK:         %[[A_SCALED:.*]] = "tosa.rescale"
// CHECK-NEXT:    "tosa.const"() {values = dense<-128> : tensor<1x1xi8>}
// CHECK-NEXT:    %[[B_SIGNED:.*]] = "tosa.bitwise_xor"
// CHECK-NEXT:    "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<22> : tensor<1xi8>}
// CHECK-NEXT:    "tosa.const"() {values = dense<2> : tensor<1xi8>}
// CHECK:         "tosa.const"() {values = dense<34> : tensor<1xi8>}
// CHECK:         %[[B_SCALED:.*]] = "tosa.rescale"
// CHECK-NEXT:    %[[LT:.*]] = "tosa.greater"(%[[B_SCALED]], %[[A_SCALED]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[LT]]
func.func @less_uint8_rescaled(%arg0: tensor<3x5x!q>, %arg1: tensor<3x5x!r>) -> tensor<3x5xi1> {
  %0 = "tfl.less"(%arg0, %arg1) : (tensor<3x5x!q>, tensor<3x5x!r>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// int16 EQUAL and NOT_EQUAL rescale; i16 rescales take zero point 0, so the zero point 7 is
// subtracted in i32 and the 8 bits shifted in with logical_left_shift.
// QM(3e-4) = 0.6144*2^-11 -> (1319414016, -11) -> shift 42; QM(1e-4) = 0.8192*2^-13
// -> (1759218560, -13) -> shift 44 (float32 scales).
!q = !quant.uniform<i16:f32, 3.0E-4:7>
!r = !quant.uniform<i16:f32, 1.0E-4>
// CHECK-LABEL: @not_equal_int16_rescaled
// CHECK-NEXT:    %[[A:.*]] = quant.scast %arg0 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:    %[[B:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x5xi16>
// CHECK-NEXT:    %[[A32:.*]] = "tosa.cast"(%[[A]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:    %[[ZP:.*]] = "tosa.const"() {values = dense<7> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[A_OFF:.*]] = "tosa.sub"(%[[A32]], %[[ZP]])
// CHECK-NEXT:    %[[EIGHT:.*]] = "tosa.const"() {values = dense<8> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[A8:.*]] = "tosa.logical_left_shift"(%[[A_OFF]], %[[EIGHT]])
// CHECK-NEXT:    "tosa.const"() {values = dense<1319414016> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<42> : tensor<1xi8>}
// CHECK:         %[[A_SCALED:.*]] = "tosa.rescale"(%[[A8]]
// CHECK-NEXT:    %[[B32:.*]] = "tosa.cast"(%[[B]])
// CHECK-NEXT:    "tosa.const"() {values = dense<8> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[B8:.*]] = "tosa.logical_left_shift"(%[[B32]]
// CHECK-NEXT:    "tosa.const"() {values = dense<1759218560> : tensor<1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<44> : tensor<1xi8>}
// CHECK:         %[[B_SCALED:.*]] = "tosa.rescale"(%[[B8]]
// CHECK-NEXT:    %[[EQ:.*]] = "tosa.equal"(%[[A_SCALED]], %[[B_SCALED]])
// CHECK-NEXT:    %[[NE:.*]] = "tosa.logical_not"(%[[EQ]])
// CHECK-NEXT:    return %[[NE]]
func.func @not_equal_int16_rescaled(%arg0: tensor<3x5x!q>, %arg1: tensor<3x5x!r>) -> tensor<3x5xi1> {
  %0 = "tfl.not_equal"(%arg0, %arg1) : (tensor<3x5x!q>, tensor<3x5x!r>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// int16 LESS, LESS_EQUAL, GREATER, GREATER_EQUAL compare the raw stored values
// (comparisons.cc: Comparison<int16_t>), whatever the scales and zero points.
!q = !quant.uniform<i16:f32, 3.0E-4:7>
!r = !quant.uniform<i16:f32, 1.0E-4>
// CHECK-LABEL: @greater_equal_int16_raw
// CHECK-NEXT:    %[[A:.*]] = quant.scast %arg0
// CHECK-NEXT:    %[[B:.*]] = quant.scast %arg1
// CHECK-NEXT:    %[[A32:.*]] = "tosa.cast"(%[[A]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:    %[[B32:.*]] = "tosa.cast"(%[[B]]) : (tensor<3x5xi16>) -> tensor<3x5xi32>
// CHECK-NEXT:    %[[GE:.*]] = "tosa.greater_equal"(%[[A32]], %[[B32]]) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[GE]]
func.func @greater_equal_int16_raw(%arg0: tensor<3x5x!q>, %arg1: tensor<3x5x!r>) -> tensor<3x5xi1> {
  %0 = "tfl.greater_equal"(%arg0, %arg1) : (tensor<3x5x!q>, tensor<3x5x!r>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// A scale of 1.0 aborts TFLite (QuantizeMultiplierGreaterThanOne requires more than 1), and
// above 1 Eval shifts by a negative amount: the dequantized comparison instead.
!q = !quant.uniform<i8:f32, 1.0:-3>
// CHECK-LABEL: @greater_declines_scale_not_below_one
// CHECK-NEXT:    %[[A_REAL:.*]] = quant.dcast %arg0 : {{.*}} to tensor<3x5xf32>
// CHECK-NEXT:    %[[B_REAL:.*]] = quant.dcast %arg1 : {{.*}} to tensor<3x5xf32>
// CHECK-NEXT:    %[[GT:.*]] = "tosa.greater"(%[[A_REAL]], %[[B_REAL]]) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
func.func @greater_declines_scale_not_below_one(%arg0: tensor<3x5x!q>, %arg1: tensor<3x5x!q>) -> tensor<3x5xi1> {
  // expected-remark@+1 {{fallback: operand 0 scale 1.0 is not below 1: comparisons.cc aborts at 1 and shifts by a negative amount above (MultiplyByQuantizedMultiplierSmallerThanOneExp)}}
  %0 = "tfl.greater"(%arg0, %arg1) : (tensor<3x5x!q>, tensor<3x5x!q>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @equal_declines_dynamic_shape
// CHECK-SAME:    (%[[X:.*]]: tensor<?x?xf32>, %[[Y:.*]]: tensor<?x?xf32>)
// CHECK-NEXT:    %[[EQ:.*]] = "tfl.equal"(%[[X]], %[[Y]]) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
// CHECK-NEXT:    return %[[EQ]]
func.func @equal_declines_dynamic_shape(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xi1> {
  // expected-remark@+1 {{unlowered: more than one dynamic dimension in operand 0 (tensor<?x?xf32>)}}
  %0 = "tfl.equal"(%arg0, %arg1) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xi1>
  return %0 : tensor<?x?xi1>
}

// -----

// TOSA reads signless integers as signed: ui8 200 > 100 would compare as -56 > 100.
// CHECK-LABEL: @greater_declines_unsigned
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xui8>, %[[Y:.*]]: tensor<3x5xui8>)
// CHECK-NEXT:    %[[GT:.*]] = "tfl.greater"(%[[X]], %[[Y]]) : (tensor<3x5xui8>, tensor<3x5xui8>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[GT]]
func.func @greater_declines_unsigned(%arg0: tensor<3x5xui8>, %arg1: tensor<3x5xui8>) -> tensor<3x5xi1> {
  // expected-remark@+1 {{unlowered: operand 0 is an unsigned integer tensor (ui8); TOSA integers are signless}}
  %0 = "tfl.greater"(%arg0, %arg1) : (tensor<3x5xui8>, tensor<3x5xui8>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @equal_bool
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xi1>, %[[Y:.*]]: tensor<3x5xi1>)
// CHECK-NEXT:    %[[EQ:.*]] = "tosa.equal"(%[[X]], %[[Y]]) : (tensor<3x5xi1>, tensor<3x5xi1>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[EQ]]
func.func @equal_bool(%arg0: tensor<3x5xi1>, %arg1: tensor<3x5xi1>) -> tensor<3x5xi1> {
  %0 = "tfl.equal"(%arg0, %arg1) : (tensor<3x5xi1>, tensor<3x5xi1>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @logical_and_broadcast
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xi1>, %[[Y:.*]]: tensor<3x1xi1>)
// CHECK-NEXT:    %[[AND:.*]] = "tosa.logical_and"(%[[X]], %[[Y]]) : (tensor<3x5xi1>, tensor<3x1xi1>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[AND]]
func.func @logical_and_broadcast(%arg0: tensor<3x5xi1>, %arg1: tensor<3x1xi1>) -> tensor<3x5xi1> {
  %0 = "tfl.logical_and"(%arg0, %arg1) : (tensor<3x5xi1>, tensor<3x1xi1>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @logical_or_rank_broadcast
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xi1>, %[[Y:.*]]: tensor<5xi1>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[Y3:.*]] = "tosa.reshape"(%[[Y]], %[[SHAPE]]) : (tensor<5xi1>, !tosa.shape<3>) -> tensor<1x1x5xi1>
// CHECK-NEXT:    %[[OR:.*]] = "tosa.logical_or"(%[[X]], %[[Y3]]) : (tensor<2x3x5xi1>, tensor<1x1x5xi1>) -> tensor<2x3x5xi1>
// CHECK-NEXT:    return %[[OR]]
func.func @logical_or_rank_broadcast(%arg0: tensor<2x3x5xi1>, %arg1: tensor<5xi1>) -> tensor<2x3x5xi1> {
  %0 = "tfl.logical_or"(%arg0, %arg1) : (tensor<2x3x5xi1>, tensor<5xi1>) -> tensor<2x3x5xi1>
  return %0 : tensor<2x3x5xi1>
}

// -----

// CHECK-LABEL: @logical_not
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5xi1>)
// CHECK-NEXT:    %[[NOT:.*]] = "tosa.logical_not"(%[[X]]) : (tensor<3x5xi1>) -> tensor<3x5xi1>
// CHECK-NEXT:    return %[[NOT]]
func.func @logical_not(%arg0: tensor<3x5xi1>) -> tensor<3x5xi1> {
  %0 = "tfl.logical_not"(%arg0) : (tensor<3x5xi1>) -> tensor<3x5xi1>
  return %0 : tensor<3x5xi1>
}

// -----

// CHECK-LABEL: @select_f32
// CHECK-SAME:    (%[[C:.*]]: tensor<2x3x5xi1>, %[[A:.*]]: tensor<2x3x5xf32>, %[[B:.*]]: tensor<2x3x5xf32>)
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[C]], %[[A]], %[[B]]) : (tensor<2x3x5xi1>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @select_f32(%arg0: tensor<2x3x5xi1>, %arg1: tensor<2x3x5xf32>, %arg2: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "tfl.select"(%arg0, %arg1, %arg2) : (tensor<2x3x5xi1>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// SELECT (v1) with a rank-1 condition picks whole rows along dim 0 (RankOneSelect): [2, 1, 1],
// not numpy's trailing-axis broadcast [1, 1, 2].
// CHECK-LABEL: @select_rank1_condition_picks_rows
// CHECK-SAME:    (%[[C:.*]]: tensor<2xi1>, %[[A:.*]]: tensor<2x3x5xf32>, %[[B:.*]]: tensor<2x3x5xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[C]], %[[SHAPE]]) : (tensor<2xi1>, !tosa.shape<3>) -> tensor<2x1x1xi1>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[ROWS]], %[[A]], %[[B]]) : (tensor<2x1x1xi1>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @select_rank1_condition_picks_rows(%arg0: tensor<2xi1>, %arg1: tensor<2x3x5xf32>, %arg2: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "tfl.select"(%arg0, %arg1, %arg2) : (tensor<2xi1>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// CHECK-LABEL: @select_scalar_condition
// CHECK-SAME:    (%[[C:.*]]: tensor<i1>, %[[A:.*]]: tensor<2x3x5xi32>, %[[B:.*]]: tensor<2x3x5xi32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<1> : tensor<3xindex>}
// CHECK-NEXT:    %[[C3:.*]] = "tosa.reshape"(%[[C]], %[[SHAPE]]) : (tensor<i1>, !tosa.shape<3>) -> tensor<1x1x1xi1>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[C3]], %[[A]], %[[B]]) : (tensor<1x1x1xi1>, tensor<2x3x5xi32>, tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @select_scalar_condition(%arg0: tensor<i1>, %arg1: tensor<2x3x5xi32>, %arg2: tensor<2x3x5xi32>) -> tensor<2x3x5xi32> {
  %0 = "tfl.select"(%arg0, %arg1, %arg2) : (tensor<i1>, tensor<2x3x5xi32>, tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

// SELECT_V2 broadcasts all three operands numpy's way: 3x1 -> 1x3x1, 5 -> 1x1x5.
// CHECK-LABEL: @select_v2_broadcast
// CHECK-SAME:    (%[[C:.*]]: tensor<3x1xi1>, %[[A:.*]]: tensor<2x3x5xf32>, %[[B:.*]]: tensor<5xf32>)
// CHECK-NEXT:    %[[C_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 3, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[C3:.*]] = "tosa.reshape"(%[[C]], %[[C_SHAPE]]) : (tensor<3x1xi1>, !tosa.shape<3>) -> tensor<1x3x1xi1>
// CHECK-NEXT:    %[[B_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 5]> : tensor<3xindex>}
// CHECK-NEXT:    %[[B3:.*]] = "tosa.reshape"(%[[B]], %[[B_SHAPE]]) : (tensor<5xf32>, !tosa.shape<3>) -> tensor<1x1x5xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[C3]], %[[A]], %[[B3]]) : (tensor<1x3x1xi1>, tensor<2x3x5xf32>, tensor<1x1x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @select_v2_broadcast(%arg0: tensor<3x1xi1>, %arg1: tensor<2x3x5xf32>, %arg2: tensor<5xf32>) -> tensor<2x3x5xf32> {
  %0 = "tfl.select_v2"(%arg0, %arg1, %arg2) : (tensor<3x1xi1>, tensor<2x3x5xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// SELECT_V2 copies stored values (select.cc switches on the type's size only): x and y may be
// quantized differently, and are selected raw.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.1:2>
// CHECK-LABEL: @select_v2_int8_stored_values
// CHECK-SAME:    (%[[C:.*]]: tensor<3x5xi1>, %[[A:.*]]: tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[B:.*]]: tensor<5x!quant.uniform<i8:f32, 1.000000e-01:2>>)
// CHECK-NEXT:    %[[A_STORED:.*]] = quant.scast %[[A]] : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:    %[[B_STORED:.*]] = quant.scast %[[B]] : {{.*}} to tensor<5xi8>
// CHECK-NEXT:    "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[B2:.*]] = "tosa.reshape"(%[[B_STORED]], %{{.*}}) : (tensor<5xi8>, !tosa.shape<2>) -> tensor<1x5xi8>
// CHECK-NEXT:    %[[SELECTED:.*]] = "tosa.select"(%[[C]], %[[A_STORED]], %[[B2]]) : (tensor<3x5xi1>, tensor<3x5xi8>, tensor<1x5xi8>) -> tensor<3x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[SELECTED]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @select_v2_int8_stored_values(%arg0: tensor<3x5xi1>, %arg1: tensor<3x5x!q>, %arg2: tensor<5x!r>) -> tensor<3x5x!q> {
  %0 = "tfl.select_v2"(%arg0, %arg1, %arg2) : (tensor<3x5xi1>, tensor<3x5x!q>, tensor<5x!r>) -> tensor<3x5x!q>
  return %0 : tensor<3x5x!q>
}

// -----

// uint8 moves as its bits; SELECT's rank-1 condition picks rows.
!q = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @select_uint8_rank1_condition
// CHECK-NEXT:    %[[A_STORED:.*]] = quant.scast %arg1 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:    %[[B_STORED:.*]] = quant.scast %arg2 : {{.*}} to tensor<3x5xi8>
// CHECK-NEXT:    "tosa.const_shape"() {values = dense<[3, 1]> : tensor<2xindex>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%arg0, %{{.*}}) : (tensor<3xi1>, !tosa.shape<2>) -> tensor<3x1xi1>
// CHECK-NEXT:    %[[SELECTED:.*]] = "tosa.select"(%[[ROWS]], %[[A_STORED]], %[[B_STORED]]) : (tensor<3x1xi1>, tensor<3x5xi8>, tensor<3x5xi8>) -> tensor<3x5xi8>
// CHECK-NEXT:    quant.scast %[[SELECTED]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<u8:f32, 5.000000e-02:128>>
func.func @select_uint8_rank1_condition(%arg0: tensor<3xi1>, %arg1: tensor<3x5x!q>, %arg2: tensor<3x5x!q>) -> tensor<3x5x!q> {
  %0 = "tfl.select"(%arg0, %arg1, %arg2) : (tensor<3xi1>, tensor<3x5x!q>, tensor<3x5x!q>) -> tensor<3x5x!q>
  return %0 : tensor<3x5x!q>
}

// -----

// float -> int32 truncates toward zero (math.trunc, then tosa.cast of the integral value, which
// saturates); NaN, the only x with x != x, gives the int32 maximum 2^31 - 1 = 2147483647.
// CHECK-LABEL: @cast_f32_to_i32_truncates
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK-NEXT:    %[[T:.*]] = "math.trunc"(%[[X]]) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    %[[I:.*]] = "tosa.cast"(%[[T]]) : (tensor<2x3x5xf32>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    %[[ORDERED:.*]] = "tosa.equal"(%[[X]], %[[X]]) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xi1>
// CHECK-NEXT:    %[[MAX:.*]] = "tosa.const"() {values = dense<2147483647> : tensor<1x1x1xi32>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[ORDERED]], %[[I]], %[[MAX]]) : (tensor<2x3x5xi1>, tensor<2x3x5xi32>, tensor<1x1x1xi32>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_f32_to_i32_truncates(%arg0: tensor<2x3x5xf32>) -> tensor<2x3x5xi32> {
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5xf32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

// bool -> float picks 1.0 or 0.0.
// CHECK-LABEL: @cast_bool_to_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xi1>)
// CHECK-NEXT:    %[[ONE:.*]] = "tosa.const"() {values = dense<1.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.select"(%[[X]], %[[ONE]], %[[ZERO]]) : (tensor<2x3x5xi1>, tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_bool_to_f32(%arg0: tensor<2x3x5xi1>) -> tensor<2x3x5xf32> {
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5xi1>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// float -> bool is x != 0 (NaN gives true).
// CHECK-LABEL: @cast_f32_to_bool
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1xf32>}
// CHECK-NEXT:    %[[EQ:.*]] = "tosa.equal"(%[[X]], %[[ZERO]]) : (tensor<2x3x5xf32>, tensor<1x1x1xf32>) -> tensor<2x3x5xi1>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.logical_not"(%[[EQ]]) : (tensor<2x3x5xi1>) -> tensor<2x3x5xi1>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_f32_to_bool(%arg0: tensor<2x3x5xf32>) -> tensor<2x3x5xi1> {
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5xf32>) -> tensor<2x3x5xi1>
  return %0 : tensor<2x3x5xi1>
}

// -----

// int -> bool: tosa.cast gives x != 0.
// CHECK-LABEL: @cast_i32_to_bool
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tosa.cast"(%[[X]]) : (tensor<2x3x5xi32>) -> tensor<2x3x5xi1>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_i32_to_bool(%arg0: tensor<2x3x5xi32>) -> tensor<2x3x5xi1> {
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5xi32>) -> tensor<2x3x5xi1>
  return %0 : tensor<2x3x5xi1>
}

// -----

// int64 -> int32 wraps (static_cast), as tosa.cast narrowing does.
// CHECK-LABEL: @cast_i64_to_i32_wraps
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xi64>)
// CHECK-NEXT:    %[[Y:.*]] = "tosa.cast"(%[[X]]) : (tensor<2x3x5xi64>) -> tensor<2x3x5xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_i64_to_i32_wraps(%arg0: tensor<2x3x5xi64>) -> tensor<2x3x5xi32> {
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5xi64>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

// CHECK-LABEL: @cast_to_the_same_type
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xi32>)
// CHECK-NEXT:    return %[[X]]
func.func @cast_to_the_same_type(%arg0: tensor<2x3x5xi32>) -> tensor<2x3x5xi32> {
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

// TFLite's CAST of an int8 tensor converts the stored integers (static_cast in cast.cc),
// ignoring the quantization: the integer pattern casts the storage.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @cast_quantized_casts_the_stored_integers
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[S:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.cast"(%[[S]]) : (tensor<2x3x5xi8>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_quantized_casts_the_stored_integers(%arg0: tensor<2x3x5x!q>) -> tensor<2x3x5xf32> {
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5x!q>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// uint8 storage would be read as signed by tosa.cast: the integer pattern declines, and the
// float pattern cannot cast real values in TFLite's place, so the op stays.
!u = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @cast_declines_uint8_storage
// CHECK:         "tfl.cast"
func.func @cast_declines_uint8_storage(%arg0: tensor<2x3x5x!u>) -> tensor<2x3x5xf32> {
  // expected-remark@+1 {{unlowered: operand 0 is u8; TOSA reads stored values as signed; TFLite casts the stored integers of a quantized tensor, not its real values}}
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5x!u>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// CHECK-LABEL: @cast_declines_unsigned
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xui8>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.cast"(%[[X]]) : (tensor<2x3x5xui8>) -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_declines_unsigned(%arg0: tensor<2x3x5xui8>) -> tensor<2x3x5xf32> {
  // expected-remark@+1 {{unlowered: operand 0 is an unsigned integer tensor (ui8); TOSA integers are signless}}
  %0 = "tfl.cast"(%arg0) : (tensor<2x3x5xui8>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// CHECK-LABEL: @cast_declines_complex
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xcomplex<f32>>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.cast"(%[[X]]) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @cast_declines_complex(%arg0: tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32> {
  // expected-remark@+1 {{unlowered: CAST handles integer, bool and float tensors}}
  %0 = "tfl.cast"(%arg0) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: @where_is_not_lowered
// CHECK:         "tfl.where"
// CHECK-NOT:     tosa
func.func @where_is_not_lowered(%arg0: tensor<3x5xi1>) -> tensor<?x2xi64> {
  // expected-remark@+1 {{unlowered: the number of true elements (result 0's first dimension) depends on the condition's values: TFLite sizes the result at run time unless the condition is a constant}}
  %0 = "tfl.where"(%arg0) : (tensor<3x5xi1>) -> tensor<?x2xi64>
  return %0 : tensor<?x2xi64>
}

// -----

// BUCKETIZE (bucketize.cc): upper_bound counts the boundaries b with !(x < b); int32 x is
// compared as float32 (C++'s int < float).
// CHECK-LABEL: @bucketize_int32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xi32>)
// CHECK-NEXT:  %[[XF:.*]] = "tosa.cast"(%[[X]]) : (tensor<2x3xi32>) -> tensor<2x3xf32>
// CHECK:       %[[XC:.*]] = "tosa.reshape"(%[[XF]], %{{.*}}) : (tensor<2x3xf32>, !tosa.shape<3>) -> tensor<2x3x1xf32>
// CHECK-NEXT:  %[[B:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-1.000000e+00, 0.000000e+00, 2.500000e+00]]]> : tensor<1x1x3xf32>}
// CHECK-NEXT:  %[[BELOW:.*]] = "tosa.greater"(%[[B]], %[[XC]]) : (tensor<1x1x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x3xi1>
// CHECK-NEXT:  %[[NOT_BELOW:.*]] = "tosa.logical_not"(%[[BELOW]])
// CHECK-NEXT:  %[[ONES:.*]] = "tosa.cast"(%[[NOT_BELOW]]) : (tensor<2x3x3xi1>) -> tensor<2x3x3xi32>
// CHECK-NEXT:  %[[COUNT:.*]] = "tosa.reduce_sum"(%[[ONES]]) {axis = 2 : i32} : (tensor<2x3x3xi32>) -> tensor<2x3x1xi32>
// CHECK:       %[[Y:.*]] = "tosa.reshape"(%[[COUNT]], %{{.*}}) : (tensor<2x3x1xi32>, !tosa.shape<2>) -> tensor<2x3xi32>
// CHECK-NEXT:  return %[[Y]]
func.func @bucketize_int32(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "tfl.bucketize"(%arg0) {boundaries = [-1.0 : f32, 0.0 : f32, 2.5 : f32]} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// WHERE of a constant condition is its coordinates (where.cc sizes the output in Prepare).
// CHECK-LABEL: @where_constant_condition
// CHECK:       %[[Y:.*]] = "tosa.const"() {values = dense<{{\[\[}}0, 0], [0, 2], [1, 1]]> : tensor<3x2xi64>}
// CHECK-NEXT:  return %[[Y]]
func.func @where_constant_condition() -> tensor<3x2xi64> {
  %c = "tfl.pseudo_const"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %0 = "tfl.where"(%c) : (tensor<2x3xi1>) -> tensor<3x2xi64>
  return %0 : tensor<3x2xi64>
}

