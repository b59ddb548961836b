// Golden test of legalize/families/movement/resize.py: RESIZE_NEAREST_NEIGHBOR becomes tosa.resize where its
// integer scale/offset/border provably pick TFLite's pixels (else a tosa.gather per axis at
// TFLite's indices), on f32 and on stored values; RESIZE_BILINEAR on f32 gathers TFLite's four
// taps and weights them with TFLite's float32 weights in TFLite's order; on int8/int16 it is
// ResizeBilinearInteger (10-bit weights, rounding division by 2^20). The reasons each pattern
// declines an instance, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Nearest, 5x7 -> 8x11, no flags: TFLite (reference/resize_nearest_neighbor.h,
// GetNearestNeighbor) picks floor(o * in / out). tosa.resize picks (o * d + offset) / n rounded
// half up, which is floor(o * d / n) for n = 2 * out, d = 2 * in, offset = -out: rows 16, 10, -8
// reduce by 2 to 8, 5, -4; columns 22, 14, -11. TOSA's shape rule
// (OH - 1) * d = (IH - 1) * n - offset + border gives the border: rows 7 * 5 - 4 * 8 - 4 = -1,
// columns 10 * 14 - 6 * 22 - 11 = -3.
// CHECK-LABEL: @resize_nearest_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x7x3xf32>)
// CHECK-DAG:     %[[SCALE:.*]] = "tosa.const_shape"() {values = dense<[8, 5, 22, 14]> : tensor<4xindex>}
// CHECK-DAG:     %[[OFFSET:.*]] = "tosa.const_shape"() {values = dense<[-4, -11]> : tensor<2xindex>}
// CHECK-DAG:     %[[BORDER:.*]] = "tosa.const_shape"() {values = dense<[-1, -3]> : tensor<2xindex>}
// CHECK:         %[[Y:.*]] = "tosa.resize"(%[[X]], %[[SCALE]], %[[OFFSET]], %[[BORDER]]) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : (tensor<1x5x7x3xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x8x11x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_f32(%arg0: tensor<1x5x7x3xf32>) -> tensor<1x8x11x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[8, 11]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x5x7x3xf32>, tensor<2xi32>) -> tensor<1x8x11x3xf32>
  return %1 : tensor<1x8x11x3xf32>
}

// -----

// Half-pixel centers, 6x8 -> 9x13: TFLite floors (o + 0.5) * in / out = (o * 2in + in) / 2out,
// which is tosa.resize's half-up rounding of (o * 2in + in - out) / 2out: n = 2 * out,
// d = 2 * in, offset = in - out. Rows 18, 12, -3 reduce by 3 to 6, 4, -1; columns 26, 16, -5.
// Borders: rows 8 * 4 - 5 * 6 - 1 = 1, columns 12 * 16 - 7 * 26 - 5 = 5. NEAREST copies the
// stored values.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @resize_nearest_int8_half_pixel_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<1x6x8x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<1x6x8x2xi8>
// CHECK-DAG:     %[[SCALE:.*]] = "tosa.const_shape"() {values = dense<[6, 4, 26, 16]> : tensor<4xindex>}
// CHECK-DAG:     %[[OFFSET:.*]] = "tosa.const_shape"() {values = dense<[-1, -5]> : tensor<2xindex>}
// CHECK-DAG:     %[[BORDER:.*]] = "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK:         %[[MOVED:.*]] = "tosa.resize"(%[[STORED]], %[[SCALE]], %[[OFFSET]], %[[BORDER]]) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : (tensor<1x6x8x2xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x9x13x2xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<1x9x13x2xi8> to tensor<1x9x13x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_int8_half_pixel_on_storage(%arg0: tensor<1x6x8x2x!q>) -> tensor<1x9x13x2x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[9, 13]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = true} : (tensor<1x6x8x2x!q>, tensor<2xi32>) -> tensor<1x9x13x2x!q>
  return %1 : tensor<1x9x13x2x!q>
}

// -----

// align_corners, 5x7 -> 9x4: TFLite rounds o * (in - 1) / (out - 1) half away from zero
// (TfLiteRound), as tosa.resize rounds o * d / n half up with n = out - 1, d = in - 1,
// offset 0: rows 8, 4 reduce to 2, 1 (picks 0 1 1 2 2 3 3 4 4); columns 3, 6 to 1, 2 (picks
// 0 2 4 6). Borders 8 * 1 - 4 * 2 = 0 and 3 * 2 - 6 * 1 = 0.
// CHECK-LABEL: @resize_nearest_f32_align_corners
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x7x3xf32>)
// CHECK-DAG:     %[[SCALE:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 1, 2]> : tensor<4xindex>}
// CHECK-DAG:     %[[OFFSET:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK-DAG:     %[[BORDER:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK:         %[[Y:.*]] = "tosa.resize"(%[[X]], %[[SCALE]], %[[OFFSET]], %[[BORDER]]) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : (tensor<1x5x7x3xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x9x4x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_f32_align_corners(%arg0: tensor<1x5x7x3xf32>) -> tensor<1x9x4x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[9, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = true, half_pixel_centers = false} : (tensor<1x5x7x3xf32>, tensor<2xi32>) -> tensor<1x9x4x3xf32>
  return %1 : tensor<1x9x4x3xf32>
}

// -----

// align_corners with one input row: tosa.resize cannot express it (scale_d would be 0), so each
// axis is a tosa.gather at TFLite's indices. Rows: scale (1 - 1) / (3 - 1) = 0, all 0.
// Columns: scale float32(4 / 6) = 0.6666667, round(o * scale) = 0 1 1 2 3 3 4, the same for each
// of the 3 rows already gathered.
// CHECK-LABEL: @resize_nearest_f32_one_row_gathers
// CHECK-SAME:    (%[[X:.*]]: tensor<1x1x5x2xf32>)
// CHECK-NOT:     "tosa.resize"
// CHECK:         %[[ROWS_IN:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<1x1x5x2xf32>, !tosa.shape<3>) -> tensor<1x1x10xf32>
// CHECK-NEXT:    %[[ROW_INDICES:.*]] = "tosa.const"() {values = dense<0> : tensor<1x3xi32>}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.gather"(%[[ROWS_IN]], %[[ROW_INDICES]]) : (tensor<1x1x10xf32>, tensor<1x3xi32>) -> tensor<1x3x10xf32>
// CHECK:         %[[COLUMNS_IN:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<1x3x5x2xf32>, !tosa.shape<3>) -> tensor<3x5x2xf32>
// CHECK-NEXT:    %[[COLUMN_INDICES:.*]] = "tosa.const"() {values = dense<{{\[\[0, 1, 1, 2, 3, 3, 4\], \[0, 1, 1, 2, 3, 3, 4\], \[0, 1, 1, 2, 3, 3, 4\]\]}}> : tensor<3x7xi32>}
// CHECK-NEXT:    %[[COLUMNS:.*]] = "tosa.gather"(%[[COLUMNS_IN]], %[[COLUMN_INDICES]]) : (tensor<3x5x2xf32>, tensor<3x7xi32>) -> tensor<3x7x2xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[COLUMNS]], %{{.*}}) : (tensor<3x7x2xf32>, !tosa.shape<4>) -> tensor<1x3x7x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_f32_one_row_gathers(%arg0: tensor<1x1x5x2xf32>) -> tensor<1x3x7x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 7]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = true, half_pixel_centers = false} : (tensor<1x1x5x2xf32>, tensor<2xi32>) -> tensor<1x3x7x2xf32>
  return %1 : tensor<1x3x7x2xf32>
}

// -----

// uint8 values are moved as their signless 8-bit storage. 2x3 -> 4x6: n = 8, 12; d = 4, 6;
// offset -4, -6 reduce to [2, 1, 2, 1], [-1, -1]; borders 3 * 1 - 1 * 2 - 1 = 0, 5 - 4 - 1 = 0.
!u = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @resize_nearest_uint8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x1x!quant.uniform<u8:f32, 5.000000e-02:128>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<1x2x3x1xi8>
// CHECK-DAG:     %[[SCALE:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 2, 1]> : tensor<4xindex>}
// CHECK-DAG:     %[[OFFSET:.*]] = "tosa.const_shape"() {values = dense<-1> : tensor<2xindex>}
// CHECK-DAG:     %[[BORDER:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK:         %[[MOVED:.*]] = "tosa.resize"(%[[STORED]], %[[SCALE]], %[[OFFSET]], %[[BORDER]]) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : (tensor<1x2x3x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x6x1xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<1x4x6x1xi8> to tensor<1x4x6x1x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_uint8_on_storage(%arg0: tensor<1x2x3x1x!u>) -> tensor<1x4x6x1x!u> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1x!u>, tensor<2xi32>) -> tensor<1x4x6x1x!u>
  return %1 : tensor<1x4x6x1x!u>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.05:2>
// CHECK-LABEL: @resize_nearest_declines_quantized_differently
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x1x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<1x2x3x1xf32>
// CHECK:         %[[RESIZED:.*]] = "tosa.resize"(%[[REAL]], {{.*}}) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : (tensor<1x2x3x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x6x1xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[RESIZED]] : tensor<1x4x6x1xf32> to tensor<1x4x6x1x!quant.uniform<i8:f32, 5.000000e-02:2>>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_declines_quantized_differently(%arg0: tensor<1x2x3x1x!q>) -> tensor<1x4x6x1x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1x!q>, tensor<2xi32>) -> tensor<1x4x6x1x!r>
  return %1 : tensor<1x4x6x1x!r>
}

// -----
// Per-axis values (channels quantized each their own way) take the fallback.
!p = !quant.uniform<i8:f32:3, {0.05:-3, 0.1:-3}>
// CHECK-LABEL: @resize_nearest_declines_per_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x2x!quant.uniform<i8:f32:3, {5.000000e-02:-3,1.000000e-01:-3}>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<1x2x3x2xf32>
// CHECK:         %[[RESIZED:.*]] = "tosa.resize"(%[[REAL]], {{.*}}) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : (tensor<1x2x3x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x6x2xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[RESIZED]] : tensor<1x4x6x2xf32> to tensor<1x4x6x2x!quant.uniform<i8:f32:3, {5.000000e-02:-3,1.000000e-01:-3}>>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_declines_per_axis(%arg0: tensor<1x2x3x2x!p>) -> tensor<1x4x6x2x!p> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{fallback: not every moved value is per-tensor quantized}}
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x2x!p>, tensor<2xi32>) -> tensor<1x4x6x2x!p>
  return %1 : tensor<1x4x6x2x!p>
}


// -----

// CHECK-LABEL: @resize_nearest_declines_runtime_size
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x1xf32>, %[[SIZE:.*]]: tensor<2xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.resize_nearest_neighbor"(%[[X]], %[[SIZE]])
// CHECK-NEXT:    return %[[Y]]
func.func @resize_nearest_declines_runtime_size(%arg0: tensor<1x2x3x1xf32>, %arg1: tensor<2xi32>) -> tensor<1x4x6x1xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (size) is not a compile-time constant}}
  %0 = "tfl.resize_nearest_neighbor"(%arg0, %arg1) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> tensor<1x4x6x1xf32>
  return %0 : tensor<1x4x6x1xf32>
}

// -----
// CHECK-LABEL: @resize_nearest_declines_empty_tensor
// CHECK:         "tfl.resize_nearest_neighbor"({{.*}} : (tensor<1x2x3x0xf32>, tensor<2xi32>) -> tensor<1x4x6x0xf32>
// CHECK-NOT:     tosa
func.func @resize_nearest_declines_empty_tensor(%arg0: tensor<1x2x3x0xf32>) -> tensor<1x4x6x0xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: empty tensor: operand 0 (tensor<1x2x3x0xf32>)}}
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x0xf32>, tensor<2xi32>) -> tensor<1x4x6x0xf32>
  return %1 : tensor<1x4x6x0xf32>
}


// -----

// CHECK-LABEL: @resize_nearest_declines_dynamic_shape
// CHECK:         "tfl.resize_nearest_neighbor"({{.*}} : (tensor<?x2x3x1xf32>, tensor<2xi32>) -> tensor<?x4x6x1xf32>
// CHECK-NOT:     tosa
func.func @resize_nearest_declines_dynamic_shape(%arg0: tensor<?x2x3x1xf32>) -> tensor<?x4x6x1xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x2x3x1xf32>)}}
  %1 = "tfl.resize_nearest_neighbor"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<?x2x3x1xf32>, tensor<2xi32>) -> tensor<?x4x6x1xf32>
  return %1 : tensor<?x4x6x1xf32>
}

// -----

// Bilinear f32, 3x4 -> 5x3, no flags (reference/resize_bilinear.h, ComputeInterpolationValues in
// float32): v = o * float32(in / out), taps floor(v) and min(ceil(v), in - 1), weights
// 1 - (v - floor(v)) and v - floor(v).
//   rows, scale 0.6f:   v = 0, 0.6, 1.2, 1.8, 2.4 -> y0 = 0 0 1 1 2, y1 = 0 1 2 2 2,
//                       wy1 = v - y0 in float32 = 0, 0.6000000238418579, 0.20000004768371582,
//                       0.8000000715255737, 0.40000009536743164; wy0 = 1 - wy1
//   columns, 1.3333334f: v = 0, 1.3333334, 2.6666667 -> x0 = 0 1 2, x1 = 0 2 3,
//                       wx1 = 0, 0.3333333730697632, 0.6666667461395264; wx0 = 1 - wx1
// The sum is TFLite's: ((v00*wy0*wx0 + v10*wy1*wx0) + v01*wy0*wx1) + v11*wy1*wx1, each product
// left to right.
// CHECK-LABEL: @resize_bilinear_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x4x2xf32>)
// CHECK-DAG:     %[[WY0:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[1\.000000e\+00\]\], \[\[0\.399999976\]\], \[\[0\.799999952\]\], \[\[0\.199999928\]\], \[\[0\.599999904\]\]\]\]}}> : tensor<1x5x1x1xf32>}
// CHECK-DAG:     %[[WY1:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[0\.000000e\+00\]\], \[\[6\.000000e-01\]\], \[\[0\.200000048\]\], \[\[0\.800000071\]\], \[\[0\.400000095\]\]\]\]}}> : tensor<1x5x1x1xf32>}
// CHECK-DAG:     %[[WX0:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[1\.000000e\+00\], \[0\.666666627\], \[0\.333333254\]\]\]\]}}> : tensor<1x1x3x1xf32>}
// CHECK-DAG:     %[[WX1:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[0\.000000e\+00\], \[0\.333333373\], \[0\.666666746\]\]\]\]}}> : tensor<1x1x3x1xf32>}
// CHECK:         %[[Y0:.*]] = "tosa.const"() {values = dense<{{\[\[0, 0, 1, 1, 2\]\]}}> : tensor<1x5xi32>}
// CHECK-NEXT:    "tosa.gather"(%{{.*}}, %[[Y0]]) : (tensor<1x3x8xf32>, tensor<1x5xi32>) -> tensor<1x5x8xf32>
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[ROWS0:.*]] = "tosa.reshape"({{.*}}) -> tensor<1x5x4x2xf32>
// CHECK:         %[[Y1:.*]] = "tosa.const"() {values = dense<{{\[\[0, 1, 2, 2, 2\]\]}}> : tensor<1x5xi32>}
// CHECK-NEXT:    "tosa.gather"(%{{.*}}, %[[Y1]])
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[ROWS1:.*]] = "tosa.reshape"({{.*}}) -> tensor<1x5x4x2xf32>
// v00 = rows y0 at columns x0
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[R00:.*]] = "tosa.reshape"(%[[ROWS0]], %{{.*}}) : (tensor<1x5x4x2xf32>, !tosa.shape<3>) -> tensor<5x4x2xf32>
// CHECK-NEXT:    %[[X0:.*]] = "tosa.const"() {values = dense<{{\[\[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\]\]}}> : tensor<5x3xi32>}
// CHECK-NEXT:    %[[G00:.*]] = "tosa.gather"(%[[R00]], %[[X0]]) : (tensor<5x4x2xf32>, tensor<5x3xi32>) -> tensor<5x3x2xf32>
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[V00:.*]] = "tosa.reshape"(%[[G00]], %{{.*}}) : (tensor<5x3x2xf32>, !tosa.shape<4>) -> tensor<1x5x3x2xf32>
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[A00:.*]] = "tosa.mul"(%[[V00]], %[[WY0]], %{{.*}})
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T00:.*]] = "tosa.mul"(%[[A00]], %[[WX0]], %{{.*}}) : (tensor<1x5x3x2xf32>, tensor<1x1x3x1xf32>, tensor<1xi8>) -> tensor<1x5x3x2xf32>
// v10 = rows y1 at columns x0
// CHECK:         %[[R10:.*]] = "tosa.reshape"(%[[ROWS1]], %{{.*}})
// CHECK:         %[[V10:.*]] = "tosa.reshape"
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[A10:.*]] = "tosa.mul"(%[[V10]], %[[WY1]], %{{.*}})
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T10:.*]] = "tosa.mul"(%[[A10]], %[[WX0]], %{{.*}})
// CHECK-NEXT:    %[[S1:.*]] = "tosa.add"(%[[T00]], %[[T10]]) : (tensor<1x5x3x2xf32>, tensor<1x5x3x2xf32>) -> tensor<1x5x3x2xf32>
// v01 = rows y0 at columns x1
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[R01:.*]] = "tosa.reshape"(%[[ROWS0]], %{{.*}})
// CHECK-NEXT:    %[[X1:.*]] = "tosa.const"() {values = dense<{{\[\[0, 2, 3\], \[0, 2, 3\], \[0, 2, 3\], \[0, 2, 3\], \[0, 2, 3\]\]}}> : tensor<5x3xi32>}
// CHECK-NEXT:    "tosa.gather"(%[[R01]], %[[X1]])
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[V01:.*]] = "tosa.reshape"
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[A01:.*]] = "tosa.mul"(%[[V01]], %[[WY0]], %{{.*}})
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T01:.*]] = "tosa.mul"(%[[A01]], %[[WX1]], %{{.*}})
// CHECK-NEXT:    %[[S2:.*]] = "tosa.add"(%[[S1]], %[[T01]])
// v11 = rows y1 at columns x1
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[R11:.*]] = "tosa.reshape"(%[[ROWS1]], %{{.*}})
// CHECK:         %[[V11:.*]] = "tosa.reshape"
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[A11:.*]] = "tosa.mul"(%[[V11]], %[[WY1]], %{{.*}})
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T11:.*]] = "tosa.mul"(%[[A11]], %[[WX1]], %{{.*}})
// CHECK-NEXT:    %[[S3:.*]] = "tosa.add"(%[[S2]], %[[T11]])
// CHECK-NEXT:    return %[[S3]]
func.func @resize_bilinear_f32(%arg0: tensor<1x3x4x2xf32>) -> tensor<1x5x3x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[5, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x3x4x2xf32>, tensor<2xi32>) -> tensor<1x5x3x2xf32>
  return %1 : tensor<1x5x3x2xf32>
}

// -----

// int8 bilinear, 3x4 -> 5x3 (ComputeInterpolationValuesInteger; docs/tflite-integer-semantics.md §16):
//   rows:    scale10 = (1024 * 3 + 5 / 2) / 5 = 614; v = o * 614 = 0, 614, 1228, 1842, 2456;
//            y0 = v / 1024 = 0 0 1 1 2; y1 = min((v + 1023) / 1024, 2) = 0 1 2 2 2;
//            upper = v - 1024 * y0 = 0, 614, 204, 818, 408; lower = 1024 - upper
//   columns: scale10 = (1024 * 4 + 3 / 2) / 3 = 1365; v = 0, 1365, 2730; x0 = 0 1 2;
//            x1 = 0 2 3; upper = 0, 341, 682; lower = 1024, 683, 342
// acc = sum of q * wy * wx in i32 (|acc| <= 128 * 2^20), then
// (acc + (acc > 0 ? 2^19 : -2^19)) / 2^20 truncating: 524288 and 1048576.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @resize_bilinear_int8_integer
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x4x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<1x3x4x2xi8>
// CHECK-DAG:     %[[WY0:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[1024\]\], \[\[410\]\], \[\[820\]\], \[\[206\]\], \[\[616\]\]\]\]}}> : tensor<1x5x1x1xi32>}
// CHECK-DAG:     %[[WY1:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[0\]\], \[\[614\]\], \[\[204\]\], \[\[818\]\], \[\[408\]\]\]\]}}> : tensor<1x5x1x1xi32>}
// CHECK-DAG:     %[[WX0:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[1024\], \[683\], \[342\]\]\]\]}}> : tensor<1x1x3x1xi32>}
// CHECK-DAG:     %[[WX1:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[0\], \[341\], \[682\]\]\]\]}}> : tensor<1x1x3x1xi32>}
// CHECK:         %[[Y0:.*]] = "tosa.const"() {values = dense<{{\[\[0, 0, 1, 1, 2\]\]}}> : tensor<1x5xi32>}
// CHECK-NEXT:    "tosa.gather"(%{{.*}}, %[[Y0]]) : (tensor<1x3x8xi8>, tensor<1x5xi32>) -> tensor<1x5x8xi8>
// CHECK:         %[[Y1:.*]] = "tosa.const"() {values = dense<{{\[\[0, 1, 2, 2, 2\]\]}}> : tensor<1x5xi32>}
// CHECK-NEXT:    "tosa.gather"(%{{.*}}, %[[Y1]])
// CHECK:         %[[X0:.*]] = "tosa.const"() {values = dense<{{\[\[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\]\]}}> : tensor<5x3xi32>}
// CHECK-NEXT:    "tosa.gather"(%{{.*}}, %[[X0]]) : (tensor<5x4x2xi8>, tensor<5x3xi32>) -> tensor<5x3x2xi8>
// CHECK-NEXT:    %{{.*}} = "tosa.const_shape"
// CHECK-NEXT:    %[[V00_I8:.*]] = "tosa.reshape"
// CHECK-NEXT:    %[[V00:.*]] = "tosa.cast"(%[[V00_I8]]) : (tensor<1x5x3x2xi8>) -> tensor<1x5x3x2xi32>
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[A00:.*]] = "tosa.mul"(%[[V00]], %[[WY0]], %{{.*}}) : (tensor<1x5x3x2xi32>, tensor<1x5x1x1xi32>, tensor<1xi8>) -> tensor<1x5x3x2xi32>
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T00:.*]] = "tosa.mul"(%[[A00]], %[[WX0]], %{{.*}})
// CHECK:         %[[A10:.*]] = "tosa.mul"(%{{.*}}, %[[WY1]], %{{.*}})
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T10:.*]] = "tosa.mul"(%[[A10]], %[[WX0]], %{{.*}})
// CHECK-NEXT:    %[[S1:.*]] = "tosa.add"(%[[T00]], %[[T10]]) : (tensor<1x5x3x2xi32>, tensor<1x5x3x2xi32>) -> tensor<1x5x3x2xi32>
// CHECK:         %[[X1:.*]] = "tosa.const"() {values = dense<{{\[\[0, 2, 3\], \[0, 2, 3\], \[0, 2, 3\], \[0, 2, 3\], \[0, 2, 3\]\]}}> : tensor<5x3xi32>}
// CHECK:         %[[A01:.*]] = "tosa.mul"(%{{.*}}, %[[WY0]], %{{.*}})
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T01:.*]] = "tosa.mul"(%[[A01]], %[[WX1]], %{{.*}})
// CHECK-NEXT:    %[[S2:.*]] = "tosa.add"(%[[S1]], %[[T01]])
// CHECK:         %[[A11:.*]] = "tosa.mul"(%{{.*}}, %[[WY1]], %{{.*}})
// CHECK-NEXT:    %{{.*}} = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:    %[[T11:.*]] = "tosa.mul"(%[[A11]], %[[WX1]], %{{.*}})
// CHECK-NEXT:    %[[ACC:.*]] = "tosa.add"(%[[S2]], %[[T11]])
// CHECK-NEXT:    %[[HALF:.*]] = "tosa.const"() {values = dense<524288> : tensor<1x1x1x1xi32>}
// CHECK-NEXT:    %[[DIVISOR:.*]] = "tosa.const"() {values = dense<1048576> : tensor<1x1x1x1xi32>}
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<1x1x1x1xi32>}
// CHECK-NEXT:    %[[POSITIVE:.*]] = "tosa.greater"(%[[ACC]], %[[ZERO]]) : (tensor<1x5x3x2xi32>, tensor<1x1x1x1xi32>) -> tensor<1x5x3x2xi1>
// CHECK-NEXT:    %[[UP:.*]] = "tosa.add"(%[[ACC]], %[[HALF]])
// CHECK-NEXT:    %[[DOWN:.*]] = "tosa.sub"(%[[ACC]], %[[HALF]])
// CHECK-NEXT:    %[[ROUNDED:.*]] = "tosa.select"(%[[POSITIVE]], %[[UP]], %[[DOWN]])
// CHECK-NEXT:    %[[QUOTIENT:.*]] = "tosa.intdiv"(%[[ROUNDED]], %[[DIVISOR]]) : (tensor<1x5x3x2xi32>, tensor<1x1x1x1xi32>) -> tensor<1x5x3x2xi32>
// CHECK-NEXT:    %[[NARROW:.*]] = "tosa.cast"(%[[QUOTIENT]]) : (tensor<1x5x3x2xi32>) -> tensor<1x5x3x2xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[NARROW]] : tensor<1x5x3x2xi8> to tensor<1x5x3x2x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_bilinear_int8_integer(%arg0: tensor<1x3x4x2x!q>) -> tensor<1x5x3x2x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[5, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x3x4x2x!q>, tensor<2xi32>) -> tensor<1x5x3x2x!q>
  return %1 : tensor<1x5x3x2x!q>
}

// -----

// int16 with half-pixel centers, 3x4 -> 5x3: v = o * scale10 + scale10 / 2 - 512.
//   rows:    scale10 = 614, v = o * 614 - 205 = -205, 409, 1023, 1637, 2251;
//            y0 = max(v / 1024 truncating, 0) = 0 0 0 1 2; y1 = min((v + 1023) / 1024, 2) = 0 1 1 2 2;
//            upper = v - 1024 * y0 = -205, 409, 1023, 613, 203 (negative where y0 = y1 = 0:
//            the two weights still sum to 1024); lower = 1229, 615, 1, 411, 821
//   columns: scale10 = 1365, v = o * 1365 + 170 = 170, 1535, 2900; x0 = 0 1 2; x1 = 1 2 3;
//            upper = 170, 511, 852; lower = 854, 513, 172
// The sum needs i64 for int16 (|acc| <= 2^15 * 2^20): one linalg.generic in i64, as TOSA's
// profiles have no i64 multiply.
!q = !quant.uniform<i16:f32, 0.001>
// CHECK-LABEL: @resize_bilinear_int16_half_pixel_integer
// CHECK-SAME:    (%[[X:.*]]: tensor<1x3x4x2x!quant.uniform<i16:f32, 1.000000e-03>>)
// CHECK:         quant.scast %[[X]] : {{.*}} to tensor<1x3x4x2xi16>
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 0, 0, 1, 2\]\]}}> : tensor<1x5xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 1, 1, 2, 2\]\]}}> : tensor<1x5xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\], \[0, 1, 2\]\]}}> : tensor<5x3xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[1, 2, 3\], \[1, 2, 3\], \[1, 2, 3\], \[1, 2, 3\], \[1, 2, 3\]\]}}> : tensor<5x3xi32>}
// CHECK:         arith.constant dense<[1229, 615, 1, 411, 821]> : tensor<5xi64>
// CHECK-NEXT:    arith.constant dense<[-205, 409, 1023, 613, 203]> : tensor<5xi64>
// CHECK-NEXT:    arith.constant dense<[854, 513, 172]> : tensor<3xi64>
// CHECK-NEXT:    arith.constant dense<[170, 511, 852]> : tensor<3xi64>
// CHECK:         "linalg.generic"
// CHECK-COUNT-4:   "arith.extsi"(%{{.*}}) : (i16) -> i64
// CHECK:           arith.constant 524288 : i64
// CHECK-NEXT:      arith.constant -524288 : i64
// CHECK-NEXT:      arith.constant 1048576 : i64
// CHECK:           "arith.divsi"
// CHECK-NEXT:      %[[NARROW:.*]] = "arith.trunci"(%{{.*}}) : (i64) -> i16
// CHECK-NEXT:      "linalg.yield"(%[[NARROW]])
// CHECK:         indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d1)>, affine_map<(d0, d1, d2, d3) -> (d2)>, affine_map<(d0, d1, d2, d3) -> (d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>]
// CHECK:         quant.scast %{{.*}} : tensor<1x5x3x2xi16> to tensor<1x5x3x2x!quant.uniform<i16:f32, 1.000000e-03>>
func.func @resize_bilinear_int16_half_pixel_integer(%arg0: tensor<1x3x4x2x!q>) -> tensor<1x5x3x2x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[5, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = true} : (tensor<1x3x4x2x!q>, tensor<2xi32>) -> tensor<1x5x3x2x!q>
  return %1 : tensor<1x5x3x2x!q>
}

// -----

// align_corners, 9x8 -> 4x3: scale10 = (1024 * (in - 1) + (out - 1) / 2) / (out - 1).
//   rows:    (8192 + 1) / 3 = 2731; v = 0, 2731, 5462, 8193; y0 = 0 2 5 8;
//            y1 = min((v + 1023) / 1024, 8) = 0 3 6 8; upper = 0, 683, 342, 1; lower = 1024, 341, 682, 1023
//   columns: (7168 + 1) / 2 = 3584; v = 0, 3584, 7168; x0 = 0 3 7; x1 = 0 4 7;
//            upper = 0, 512, 0; lower = 1024, 512, 1024
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @resize_bilinear_int8_align_corners_integer
// CHECK-DAG:     "tosa.const"() {values = dense<{{\[\[\[\[1024\]\], \[\[341\]\], \[\[682\]\], \[\[1023\]\]\]\]}}> : tensor<1x4x1x1xi32>}
// CHECK-DAG:     "tosa.const"() {values = dense<{{\[\[\[\[0\]\], \[\[683\]\], \[\[342\]\], \[\[1\]\]\]\]}}> : tensor<1x4x1x1xi32>}
// CHECK-DAG:     "tosa.const"() {values = dense<{{\[\[\[\[1024\], \[512\], \[1024\]\]\]\]}}> : tensor<1x1x3x1xi32>}
// CHECK-DAG:     "tosa.const"() {values = dense<{{\[\[\[\[0\], \[512\], \[0\]\]\]\]}}> : tensor<1x1x3x1xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 2, 5, 8\]\]}}> : tensor<1x4xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 3, 6, 8\]\]}}> : tensor<1x4xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 3, 7\], \[0, 3, 7\], \[0, 3, 7\], \[0, 3, 7\]\]}}> : tensor<4x3xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 4, 7\], \[0, 4, 7\], \[0, 4, 7\], \[0, 4, 7\]\]}}> : tensor<4x3xi32>}
// CHECK:         "tosa.intdiv"
// CHECK-NEXT:    "tosa.cast"({{.*}}) : (tensor<1x4x3x2xi32>) -> tensor<1x4x3x2xi8>
func.func @resize_bilinear_int8_align_corners_integer(%arg0: tensor<1x9x8x2x!q>) -> tensor<1x4x3x2x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[4, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = true, half_pixel_centers = false} : (tensor<1x9x8x2x!q>, tensor<2xi32>) -> tensor<1x4x3x2x!q>
  return %1 : tensor<1x4x3x2x!q>
}

// -----

// resize_bilinear.cc assumes input and output share scale and zero point and does not check:
// the stored result is the interpolated stored input whatever the output's quantization.
// 1x2 -> 1x3: rows 1 -> 1 keep weight 1024; columns scale10 = (2048 + 1) / 3 = 683.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.1:4>
// CHECK-LABEL: @resize_bilinear_int8_integer_whatever_the_quantization
// CHECK-SAME:    (%[[X:.*]]: tensor<1x1x2x1x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         quant.scast %[[X]] : {{.*}} to tensor<1x1x2x1xi8>
// CHECK:         "tosa.const"() {values = dense<{{\[\[\[\[1024\], \[341\], \[682\]\]\]\]}}> : tensor<1x1x3x1xi32>}
// CHECK-NEXT:    "tosa.const"() {values = dense<{{\[\[\[\[0\], \[683\], \[342\]\]\]\]}}> : tensor<1x1x3x1xi32>}
// CHECK-NOT:     quant.dcast
// CHECK:         %[[NARROW:.*]] = "tosa.cast"({{.*}}) : (tensor<1x1x3x1xi32>) -> tensor<1x1x3x1xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[NARROW]] : tensor<1x1x3x1xi8> to tensor<1x1x3x1x!quant.uniform<i8:f32, 1.000000e-01:4>>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_bilinear_int8_integer_whatever_the_quantization(%arg0: tensor<1x1x2x1x!q>) -> tensor<1x1x3x1x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x1x2x1x!q>, tensor<2xi32>) -> tensor<1x1x3x1x!r>
  return %1 : tensor<1x1x3x1x!r>
}

// -----

// uint8 takes TFLite's float kernel in the reference resolver: the float pattern on real values.
// 2x3 -> 3x4: rows v = o * 0.6666667 -> y0 = 0 0 1, y1 = 0 1 1; columns v = o * 0.75 ->
// x0 = 0 0 1 2, x1 = 0 1 2 2, weights 1 - frac = 1, 0.25, 0.5, 0.75 and frac = 0, 0.75, 0.5, 0.25.
!u = !quant.uniform<u8:f32, 0.05:128>
// CHECK-LABEL: @resize_bilinear_declines_uint8
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x1x!quant.uniform<u8:f32, 5.000000e-02:128>>)
// CHECK-NEXT:    %{{.*}} = arith.constant
// CHECK-NEXT:    %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<1x2x3x1xf32>
// CHECK-DAG:     "tosa.const"() {values = dense<{{\[\[\[\[1\.000000e\+00\], \[2\.500000e-01\], \[5\.000000e-01\], \[7\.500000e-01\]\]\]\]}}> : tensor<1x1x4x1xf32>}
// CHECK-DAG:     "tosa.const"() {values = dense<{{\[\[\[\[0\.000000e\+00\], \[7\.500000e-01\], \[5\.000000e-01\], \[2\.500000e-01\]\]\]\]}}> : tensor<1x1x4x1xf32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 0, 1\]\]}}> : tensor<1x3xi32>}
// CHECK:         "tosa.const"() {values = dense<{{\[\[0, 1, 1\]\]}}> : tensor<1x3xi32>}
// CHECK-COUNT-2: "tosa.add"
// CHECK:         %[[SUM:.*]] = "tosa.add"
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[SUM]] : tensor<1x3x4x1xf32> to tensor<1x3x4x1x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK-NEXT:    return %[[Y]]
func.func @resize_bilinear_declines_uint8(%arg0: tensor<1x2x3x1x!u>) -> tensor<1x3x4x1x!u> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{fallback: operand 0 is u8; the integer pattern takes i8/i16}}
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1x!u>, tensor<2xi32>) -> tensor<1x3x4x1x!u>
  return %1 : tensor<1x3x4x1x!u>
}

// -----

// CHECK-LABEL: @resize_bilinear_declines_integers
// CHECK:         "tfl.resize_bilinear"({{.*}}) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1xi32>, tensor<2xi32>) -> tensor<1x3x4x1xi32>
// CHECK-NOT:     tosa
func.func @resize_bilinear_declines_integers(%arg0: tensor<1x2x3x1xi32>) -> tensor<1x3x4x1xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: bilinear resize of integers}}
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1xi32>, tensor<2xi32>) -> tensor<1x3x4x1xi32>
  return %1 : tensor<1x3x4x1xi32>
}

// -----
// Quantized with a dynamic batch: both patterns decline, each with the same reason.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @resize_bilinear_int8_declines_dynamic_shape
// CHECK:         %[[REAL:.*]] = quant.dcast %{{.*}} : {{.*}} to tensor<?x2x3x1xf32>
// CHECK-NEXT:    %[[RESIZED:.*]] = "tfl.resize_bilinear"(%[[REAL]], %{{.*}}) {align_corners = false, half_pixel_centers = false} : (tensor<?x2x3x1xf32>, tensor<2xi32>) -> tensor<?x3x4x1xf32>
// CHECK-NEXT:    quant.qcast %[[RESIZED]] : tensor<?x3x4x1xf32> to tensor<?x3x4x1x!quant.uniform<i8:f32, 5.000000e-02:-3>>
func.func @resize_bilinear_int8_declines_dynamic_shape(%arg0: tensor<?x2x3x1x!q>) -> tensor<?x3x4x1x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x2x3x1x!quant.uniform<i8:f32, 5.000000e-02:-3>>)}}
  %1 = "tfl.resize_bilinear"(%arg0, %0) {align_corners = false, half_pixel_centers = false} : (tensor<?x2x3x1x!q>, tensor<2xi32>) -> tensor<?x3x4x1x!q>
  return %1 : tensor<?x3x4x1x!q>
}


// -----

// CHECK-LABEL: @resize_bilinear_declines_runtime_size
// CHECK-SAME:    (%[[X:.*]]: tensor<1x2x3x1xf32>, %[[SIZE:.*]]: tensor<2xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.resize_bilinear"(%[[X]], %[[SIZE]])
// CHECK-NEXT:    return %[[Y]]
func.func @resize_bilinear_declines_runtime_size(%arg0: tensor<1x2x3x1xf32>, %arg1: tensor<2xi32>) -> tensor<1x3x4x1xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (size) is not a compile-time constant}}
  %0 = "tfl.resize_bilinear"(%arg0, %arg1) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x3x1xf32>, tensor<2xi32>) -> tensor<1x3x4x1xf32>
  return %0 : tensor<1x3x4x1xf32>
}
