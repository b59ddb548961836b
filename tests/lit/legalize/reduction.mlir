// Golden test of legalize/reduction.py: MEAN, SUM, REDUCE_PROD/MAX/MIN/ANY/ALL become one
// tosa.reduce_* per run of adjacent reduced axes (merged by a reshape) and a reshape to the
// result type; MEAN multiplies by the float32 1/N (floats) or divides with tosa.intdiv (i32);
// REDUCE_MAX/MIN take stored int8 values; ARG_MAX is tosa.argmax, ARG_MIN the argmax of c - x.
// The reasons each pattern declines an instance, as remarks.
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Axes 1 and 2 of a 1x5x4x6 are adjacent: one reshape to 1x20x6, one reduce_sum on axis 1;
// keep_dims shapes the result 1x1x1x6; N = 5 * 4 = 20, float32(1 / 20) = 0.05000000074505806.
// CHECK-LABEL: @mean_f32_adjacent_axes_merged
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x4x6xf32>)
// CHECK:         %[[MERGED_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 20, 6]> : tensor<3xindex>}
// CHECK-NEXT:    %[[MERGED:.*]] = "tosa.reshape"(%[[X]], %[[MERGED_SHAPE]]) : (tensor<1x5x4x6xf32>, !tosa.shape<3>) -> tensor<1x20x6xf32>
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reduce_sum"(%[[MERGED]]) {axis = 1 : i32} : (tensor<1x20x6xf32>) -> tensor<1x1x6xf32>
// CHECK-NEXT:    %[[KEPT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 1, 6]> : tensor<4xindex>}
// CHECK-NEXT:    %[[KEPT:.*]] = "tosa.reshape"(%[[SUM]], %[[KEPT_SHAPE]]) : (tensor<1x1x6xf32>, !tosa.shape<4>) -> tensor<1x1x1x6xf32>
// CHECK-NEXT:    %[[INV_N:.*]] = "tosa.const"() {values = dense<0.05000000074505806> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:    %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.mul"(%[[KEPT]], %[[INV_N]], %[[SHIFT]]) : (tensor<1x1x1x6xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<1x1x1x6xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @mean_f32_adjacent_axes_merged(%arg0: tensor<1x5x4x6xf32>) -> tensor<1x1x1x6xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = true} : (tensor<1x5x4x6xf32>, tensor<2xi32>) -> tensor<1x1x1x6xf32>
  return %1 : tensor<1x1x1x6xf32>
}

// -----

// Axes [-1, 0] of a 2x3x5 are {2, 0} (ResolveAxis in reduce.cc): not adjacent, so two
// reductions, axis 0 then axis 2; N = 2 * 5 = 10, float32(1 / 10) = 0.10000000149011612.
// CHECK-LABEL: @mean_f32_negative_axes
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK:         %[[SUM0:.*]] = "tosa.reduce_sum"(%[[X]]) {axis = 0 : i32} : (tensor<2x3x5xf32>) -> tensor<1x3x5xf32>
// CHECK-NEXT:    %[[SUM2:.*]] = "tosa.reduce_sum"(%[[SUM0]]) {axis = 2 : i32} : (tensor<1x3x5xf32>) -> tensor<1x3x1xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<3> : tensor<1xindex>}
// CHECK-NEXT:    %[[SUM:.*]] = "tosa.reshape"(%[[SUM2]], %[[OUT_SHAPE]]) : (tensor<1x3x1xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK-NEXT:    %[[INV_N:.*]] = "tosa.const"() {values = dense<0.10000000149011612> : tensor<1xf32>}
// CHECK-NEXT:    %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.mul"(%[[SUM]], %[[INV_N]], %[[SHIFT]])
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

// int8 MEAN has no integer pattern: dequantize, the float mean (1/20), quantize to the result's
// own scale and zero point.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.02:5>
// CHECK-LABEL: @mean_int8_falls_back
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x4x6x!quant.uniform<i8:f32, 0.05:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<1x5x4x6xf32>
// CHECK:         "tosa.reduce_sum"({{.*}}) {axis = 1 : i32} : (tensor<1x20x6xf32>) -> tensor<1x1x6xf32>
// CHECK:         %[[INV_N:.*]] = "tosa.const"() {values = dense<0.05000000074505806> : tensor<1x1x1x1xf32>}
// CHECK:         %[[MEAN:.*]] = "tosa.mul"(%{{.*}}, %[[INV_N]], %{{.*}})
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MEAN]] : tensor<1x1x1x6xf32> to tensor<1x1x1x6x!quant.uniform<i8:f32, 0.02:5>>
// CHECK-NEXT:    return %[[Y]]
func.func @mean_int8_falls_back(%arg0: tensor<1x5x4x6x!q>) -> tensor<1x1x1x6x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{fallback: no integer pattern for tfl.mean}}
  %1 = "tfl.mean"(%arg0, %0) {keep_dims = true} : (tensor<1x5x4x6x!q>, tensor<2xi32>) -> tensor<1x1x1x6x!r>
  return %1 : tensor<1x1x1x6x!r>
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

// CHECK-LABEL: @sum_declines_dynamic_shape
// CHECK:         "tfl.sum"({{.*}} : (tensor<?x5xf32>, tensor<1xi32>) -> tensor<?xf32>
// CHECK-NOT:     tosa
func.func @sum_declines_dynamic_shape(%arg0: tensor<?x5xf32>) -> tensor<?xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x5xf32>)}}
  %1 = "tfl.sum"(%arg0, %0) {keep_dims = false} : (tensor<?x5xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %1 : tensor<?xf32>
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

// int8 REDUCE_MAX takes the raw stored values (input and output share scale and zero point);
// axes {0, 2} are not adjacent: two reductions; NaN is skipped (nan_mode IGNORE).
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @reduce_max_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 0.05:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3x5xi8>
// CHECK-NEXT:    %[[MAX0:.*]] = "tosa.reduce_max"(%[[STORED]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3x5xi8>) -> tensor<1x3x5xi8>
// CHECK-NEXT:    %[[MAX2:.*]] = "tosa.reduce_max"(%[[MAX0]]) {axis = 2 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<1x3x5xi8>) -> tensor<1x3x1xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<3> : tensor<1xindex>}
// CHECK-NEXT:    %[[MAX:.*]] = "tosa.reshape"(%[[MAX2]], %[[OUT_SHAPE]]) : (tensor<1x3x1xi8>, !tosa.shape<1>) -> tensor<3xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MAX]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32, 0.05:-3>>
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
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 0.05:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3x5xi8>
// CHECK-NEXT:    %[[MIN:.*]] = "tosa.reduce_min"(%[[STORED]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3x5xi8>) -> tensor<2x1x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MIN]] : tensor<2x1x5xi8> to tensor<2x1x5x!quant.uniform<i8:f32, 0.05:-3>>
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
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x!quant.uniform<i8:f32, 0.05:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3xf32>
// CHECK-NEXT:    %[[MAX0:.*]] = "tosa.reduce_max"(%[[REAL]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK:         %[[MAX:.*]] = "tosa.reshape"(%[[MAX0]], %{{.*}}) : (tensor<1x3xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MAX]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 0.1:-3>>
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
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x!quant.uniform<i8:f32:1, {0.05:-3, 0.1:-3, 0.2:-3}>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3xf32>
// CHECK-NEXT:    %[[MIN0:.*]] = "tosa.reduce_min"(%[[REAL]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK:         %[[MIN:.*]] = "tosa.reshape"(%[[MIN0]], %{{.*}}) : (tensor<1x3xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[MIN]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32:0, {0.05:-3, 0.1:-3, 0.2:-3}>>
// CHECK-NEXT:    return %[[Y]]
func.func @reduce_min_declines_per_axis(%arg0: tensor<2x3x!p>) -> tensor<3x!o> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: not every moved value is per-tensor quantized}}
  %1 = "tfl.reduce_min"(%arg0, %0) {keep_dims = false} : (tensor<2x3x!p>, tensor<1xi32>) -> tensor<3x!o>
  return %1 : tensor<3x!o>
}


// -----

// uint8 stored values are scast to signless i8, which
// tosa.reduce_max compares as signed (TOSA reads signless integers as signed): stored 200 (-56)
// loses to 100, while TFLite's uint8 REDUCE_MAX takes the raw unsigned max, 200. The integer
// pattern must not take unsigned storage this way; the expected form is the fallback (exact for
// a selection: dequantize, max, quantize to the same scale and zero point).
!u = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @reduce_max_uint8_is_not_a_signed_max
// CHECK-NOT:     "tosa.reduce_max"({{.*}}) : (tensor<2x3xi8>)
// CHECK:         %[[REAL:.*]] = quant.dcast %{{.*}} : {{.*}} to tensor<2x3xf32>
// CHECK-NEXT:    "tosa.reduce_max"(%[[REAL]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK:         quant.qcast %{{.*}} : tensor<3xf32> to tensor<3x!quant.uniform<u8:f32, 0.05:128>>
func.func @reduce_max_uint8_is_not_a_signed_max(%arg0: tensor<2x3x!u>) -> tensor<3x!u> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: operand 0 is u8; TOSA reads stored values as signed}}
  %1 = "tfl.reduce_max"(%arg0, %0) {keep_dims = false} : (tensor<2x3x!u>, tensor<1xi32>) -> tensor<3x!u>
  return %1 : tensor<3x!u>
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

// No integer pattern: the argmax of the dequantized values (same order); the i32 result is not
// quantized, so no qcast.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @arg_max_int8_falls_back
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x4x!quant.uniform<i8:f32, 0.05:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<3x5x4xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.argmax"(%[[REAL]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<3x5x4xf32>) -> tensor<3x4xi32>
// CHECK-NEXT:    return %[[Y]]
func.func @arg_max_int8_falls_back(%arg0: tensor<3x5x4x!q>) -> tensor<3x4xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{fallback: no integer pattern for tfl.arg_max}}
  %1 = "tfl.arg_max"(%arg0, %0) {output_type = "INT32"} : (tensor<3x5x4x!q>, tensor<1xi32>) -> tensor<3x4xi32>
  return %1 : tensor<3x4xi32>
}

// -----

// ARG_MIN of floats is the argmax of 0 - x (negation is exact, and keeps the first minimum
// first); axis -1 of rank 2 is 1; output_type INT64.
// CHECK-LABEL: @arg_min_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x7xf32>)
// CHECK:         %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1xf32>}
// CHECK-NEXT:    %[[NEGATED:.*]] = "tosa.sub"(%[[ZERO]], %[[X]]) : (tensor<1x1xf32>, tensor<2x7xf32>) -> tensor<2x7xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tosa.argmax"(%[[NEGATED]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x7xf32>) -> tensor<2xi64>
// CHECK-NEXT:    return %[[Y]]
func.func @arg_min_f32(%arg0: tensor<2x7xf32>) -> tensor<2xi64> {
  %0 = "tfl.pseudo_const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.arg_min"(%arg0, %0) {output_type = "INT64"} : (tensor<2x7xf32>, tensor<1xi32>) -> tensor<2xi64>
  return %1 : tensor<2xi64>
}

// -----

// Integers: -1 - x (= ~x) reverses the order and cannot overflow (0 - INT32_MIN would).
// CHECK-LABEL: @arg_min_i32
// CHECK-SAME:    (%[[X:.*]]: tensor<4x6xi32>)
// CHECK:         %[[MINUS_ONE:.*]] = "tosa.const"() {values = dense<-1> : tensor<1x1xi32>}
// CHECK-NEXT:    %[[COMPLEMENT:.*]] = "tosa.sub"(%[[MINUS_ONE]], %[[X]]) : (tensor<1x1xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
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

// CHECK-LABEL: @cumsum_is_not_lowered
// CHECK:         "tfl.cumsum"
// CHECK-NOT:     tosa
func.func @cumsum_is_not_lowered(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-remark@+1 {{unlowered: no lowering yet}}
  %1 = "tfl.cumsum"(%arg0, %0) {exclusive = false, reverse = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
