// Golden test of legalize/families/custom/mediapipe.py: MediaPipe's custom operators (their CPU kernels in
// mediapipe/util/tflite/operations/) picked by custom_code, their options read from the
// custom_option bytes (a TfLitePoolParams / TfLiteTransposeConvParams struct, or a
// flexbuffer map); any other custom operator stays tfl.custom with a reason naming it.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// Options: padding SAME (1), stride_width 2, stride_height 2. Rows: pad_total
// max(0, 3 - (3 - 1) % 2 - 1) = 2, output 2 * 2 + 3 - 2 = 5; columns: 2, 2 * 4 + 3 - 2 = 9.
// The output pixel of input iy is iy * 2 - 1 + ky: out_pad -1 before, -(2 - 1) after.
// CHECK-LABEL: @transpose_conv_bias_same
// CHECK-NEXT:  %[[ZP:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.transpose_conv2d"(%arg0, %arg1, %arg2, %[[ZP]], %[[ZP]]) {acc_type = f32, out_pad = array<i64: -1, -1, -1, -1>, stride = array<i64: 2, 2>} : (tensor<1x3x5x2xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x9x4xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @transpose_conv_bias_same(%arg0: tensor<1x3x5x2xf32>, %arg1: tensor<4x3x3x2xf32>, %arg2: tensor<4xf32>) -> tensor<1x5x9x4xf32> {
  %0 = "tfl.custom"(%arg0, %arg1, %arg2) {custom_code = "Convolution2DTransposeBias", custom_option = #tfl<const_bytes : "0x010000000200000002000000">} : (tensor<1x3x5x2xf32>, tensor<4x3x3x2xf32>, tensor<4xf32>) -> tensor<1x5x9x4xf32>
  return %0 : tensor<1x5x9x4xf32>
}

// -----

// Options: SAME, strides 2x2, filter 2x2, activation NONE. Inputs raised to float lowest
// (NaN too), padded with it (one row and column, so the window at offset 1 has 2 * 2 rows), four
// strided window slices stacked on a last axis; the maximum (clamped to [lowest, max])
// and the first index of it, + 0.1.
// CHECK-LABEL: @max_pool_with_argmax
// CHECK:       %[[LOWEST:.*]] = "tosa.const"() {values = dense<-3.40282347E+38> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:  %[[NUMBER:.*]] = "tosa.equal"(%arg0, %arg0)
// CHECK-NEXT:  %[[RAISED:.*]] = "tosa.maximum"(%arg0, %[[LOWEST]])
// CHECK-NEXT:  %[[X:.*]] = "tosa.select"(%[[NUMBER]], %[[RAISED]], %[[LOWEST]])
// CHECK:       %[[PADDED:.*]] = "tosa.pad"(%[[X]], {{.*}}) : (tensor<1x4x6x3xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x5x7x3xf32>
// CHECK:       %[[WINDOWS:.*]] = "tosa.concat"({{.*}}) {axis = 4 : i32} : ({{.*}}) -> tensor<1x2x3x3x4xf32>
// CHECK-NEXT:  %[[MAX:.*]] = "tosa.reduce_max"(%[[WINDOWS]]) {axis = 4 : i32, nan_mode = #tosa.nan_mode<IGNORE>}
// CHECK:       %[[VALUE:.*]] = "tosa.clamp"({{.*}}) {max_val = 3.40282347E+38 : f32, min_val = -3.40282347E+38 : f32}
// CHECK-NEXT:  %[[WHERE:.*]] = "tosa.argmax"(%[[WINDOWS]]) {axis = 4 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<1x2x3x3x4xf32>) -> tensor<1x2x3x3xi32>
// CHECK-NEXT:  %[[K:.*]] = "tosa.cast"(%[[WHERE]]) : (tensor<1x2x3x3xi32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:  %[[TENTH:.*]] = "tosa.const"() {values = dense<1.000000e-01> : tensor<1x1x1x1xf32>}
// CHECK-NEXT:  %[[INDEX:.*]] = "tosa.add"(%[[K]], %[[TENTH]])
// CHECK-NEXT:  return %[[VALUE]], %[[INDEX]]
func.func @max_pool_with_argmax(%arg0: tensor<1x4x6x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) {
  %0:2 = "tfl.custom"(%arg0) {custom_code = "MaxPoolingWithArgmax2D", custom_option = #tfl<const_bytes : "0x010000000200000002000000020000000200000000000000">} : (tensor<1x4x6x3xf32>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>)
  return %0#0, %0#1 : tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>
}

// -----

// Stride == filter 2x2: each value owns a 2x2 block; block position ky * 2 + kx takes it
// where the truncated index equals it.
// CHECK-LABEL: @max_unpooling
// CHECK:       %[[IDX:.*]] = "tosa.select"({{.*}}) : (tensor<1x2x3x2xi1>, tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>) -> tensor<1x2x3x2xf32>
// CHECK-NEXT:  %[[S1:.*]] = "tosa.const_shape"() {values = dense<[1, 2, 1, 3, 1, 2]> : tensor<6xindex>}
// CHECK-NEXT:  %[[I6:.*]] = "tosa.reshape"(%[[IDX]], %[[S1]])
// CHECK-NEXT:  %[[POS:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[\[\[}}0.000000e+00], [1.000000e+00]]], {{\[\[\[}}2.000000e+00], [3.000000e+00]]]]]]> : tensor<1x1x2x1x2x1xf32>}
// CHECK-NEXT:  %[[HIT:.*]] = "tosa.equal"(%[[I6]], %[[POS]]) : (tensor<1x2x1x3x1x2xf32>, tensor<1x1x2x1x2x1xf32>) -> tensor<1x2x2x3x2x2xi1>
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1x1x1x1x1x1xf32>}
// CHECK:       %[[V6:.*]] = "tosa.reshape"(%arg0, {{.*}}) -> tensor<1x2x1x3x1x2xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[HIT]], %[[V6]], %[[ZERO]]) : (tensor<1x2x2x3x2x2xi1>, tensor<1x2x1x3x1x2xf32>, tensor<1x1x1x1x1x1xf32>) -> tensor<1x2x2x3x2x2xf32>
// CHECK:       "tosa.reshape"(%[[Y]], {{.*}}) -> tensor<1x4x6x2xf32>
func.func @max_unpooling(%arg0: tensor<1x2x3x2xf32>, %arg1: tensor<1x2x3x2xf32>) -> tensor<1x4x6x2xf32> {
  %0 = "tfl.custom"(%arg0, %arg1) {custom_code = "MaxUnpooling2D", custom_option = #tfl<const_bytes : "0x010000000200000002000000020000000200000000000000">} : (tensor<1x2x3x2xf32>, tensor<1x2x3x2xf32>) -> tensor<1x4x6x2xf32>
  return %0 : tensor<1x4x6x2xf32>
}

// -----

// Four corners gathered from the image as [1, H * W, C] at clamped indices.
// CHECK-LABEL: @transform_tensor_bilinear
// CHECK:       %[[IMAGE:.*]] = "tosa.reshape"(%arg0, {{.*}}) : (tensor<1x5x7x3xf32>, !tosa.shape<3>) -> tensor<1x35x3xf32>
// CHECK-COUNT-4: "tosa.gather"(%[[IMAGE]], {{.*}}) : (tensor<1x35x3xf32>, tensor<1x24xi32>) -> tensor<1x24x3xf32>
// Zero for a corner past the edge (a select after each gather: the last corner's here), and
// for a point outside [0, W - 1] x [0, H - 1] (the last select).
// CHECK-COUNT-2: "tosa.select"({{.*}}) : (tensor<1x4x6x1xi1>, tensor<1x1x1x1xf32>, tensor<1x4x6x3xf32>) -> tensor<1x4x6x3xf32>
// CHECK-NEXT:  return
func.func @transform_tensor_bilinear(%arg0: tensor<1x5x7x3xf32>, %arg1: tensor<1x4x4xf32>) -> tensor<1x4x6x3xf32> {
  %0 = "tfl.custom"(%arg0, %arg1) {custom_code = "TransformTensorBilinear", custom_option = #tfl<const_bytes : "0x">} : (tensor<1x5x7x3xf32>, tensor<1x4x4xf32>) -> tensor<1x4x6x3xf32>
  return %0 : tensor<1x4x6x3xf32>
}

// -----

// x and y transformed, z copied.
// CHECK-LABEL: @transform_landmarks
// CHECK:       %[[FROM_Z:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 2]> : tensor<3xindex>}
// CHECK:       %[[Z:.*]] = "tosa.slice"(%arg0, %[[FROM_Z]], {{.*}}) -> tensor<1x5x1xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.concat"(%{{.*}}, %{{.*}}, %[[Z]]) {axis = 2 : i32}
// CHECK-NEXT:  return %[[Y]]
func.func @transform_landmarks(%arg0: tensor<1x5x3xf32>, %arg1: tensor<1x4x4xf32>) -> tensor<1x5x3xf32> {
  %0 = "tfl.custom"(%arg0, %arg1) {custom_code = "TransformLandmarks", custom_option = #tfl<const_bytes : "0x">} : (tensor<1x5x3xf32>, tensor<1x4x4xf32>) -> tensor<1x5x3xf32>
  return %0 : tensor<1x5x3xf32>
}

// -----

// Options (flexbuffer): subset_idxs [0, 3, 5, 2], rotation from landmarks 1 to 4, target
// 0.5 rad, a 64x48 output, scales 1.5 and 1.25.
// CHECK-LABEL: @landmarks_to_transform_matrix
// CHECK:       "tosa.const"() {values = dense<{{\[\[}}1, 4]]> : tensor<1x2xi32>}
// CHECK:       %[[TURN:.*]] = "math.atan2"
// CHECK-NEXT:  %[[TARGET:.*]] = "tosa.const"() {values = dense<5.000000e-01> : tensor<1x1xf32>}
// CHECK-NEXT:  %[[R:.*]] = "tosa.sub"(%[[TARGET]], %[[TURN]])
// CHECK:       "tosa.const"() {values = dense<{{\[\[}}0, 3, 5, 2]]> : tensor<1x4xi32>}
// CHECK:       "tosa.reduce_min"
// CHECK:       "tosa.const"() {values = dense<6.400000e+01> : tensor<1x1xf32>}
// CHECK:       "tosa.const"() {values = dense<-3.200000e+01> : tensor<1x1xf32>}
// CHECK:       %[[M:.*]] = "tosa.concat"({{.*}}) {axis = 1 : i32} : ({{.*}}) -> tensor<1x16xf32>
// CHECK:       "tosa.reshape"(%[[M]], {{.*}}) -> tensor<1x4x4xf32>
func.func @landmarks_to_transform_matrix(%arg0: tensor<1x6x3xf32>) -> tensor<1x4x4xf32> {
  %0 = "tfl.custom"(%arg0) {custom_code = "Landmarks2TransformMatrix", custom_option = #tfl<const_bytes : "0x7375627365745F69647873000400030502040404046C6566745F726F746174696F6E5F6964780072696768745F726F746174696F6E5F696478007461726765745F726F746174696F6E5F72616469616E73006F75747075745F686569676874006F75747075745F7769647468007363616C655F78007363616C655F790008692D205A150E844B00000A0000000100000008000000010000003000000040000000040000000000C03F0000A03F9F0000000000003F060606060E0E280E282601">} : (tensor<1x6x3xf32>) -> tensor<1x4x4xf32>
  return %0 : tensor<1x4x4xf32>
}

// -----

// CHECK-LABEL: @unknown_custom_op_is_unlowered
// CHECK-NEXT:  "tfl.custom"
func.func @unknown_custom_op_is_unlowered(%arg0: tensor<3x5xf32>) -> tensor<3x5xf32> {
  // expected-remark@+1 {{unlowered: custom operator 'MyOp': its computation is not in the model}}
  %0 = "tfl.custom"(%arg0) {custom_code = "MyOp", custom_option = #tfl<const_bytes : "0x0102">} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

// CHECK-LABEL: @max_unpooling_overlapping_windows_is_unlowered
// CHECK-NEXT:  "tfl.custom"
func.func @max_unpooling_overlapping_windows_is_unlowered(%arg0: tensor<1x2x2x1xf32>, %arg1: tensor<1x2x2x1xf32>) -> tensor<1x4x4x1xf32> {
  // expected-remark@+1 {{unlowered: stride 1x1 differs from the filter 2x2: overlapping or out-of-output writes}}
  %0 = "tfl.custom"(%arg0, %arg1) {custom_code = "MaxUnpooling2D", custom_option = #tfl<const_bytes : "0x010000000100000001000000020000000200000000000000">} : (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>) -> tensor<1x4x4x1xf32>
  return %0 : tensor<1x4x4x1xf32>
}

// -----

// CHECK-LABEL: @max_pool_with_argmax_short_options_is_unlowered
// CHECK-NEXT:  "tfl.custom"
func.func @max_pool_with_argmax_short_options_is_unlowered(%arg0: tensor<1x4x4x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>) {
  // expected-remark@+1 {{unlowered: custom options of 2 bytes; the kernel reads 24 (padding, stride_width, stride_height, filter_width, filter_height, activation)}}
  %0:2 = "tfl.custom"(%arg0) {custom_code = "MaxPoolingWithArgmax2D", custom_option = #tfl<const_bytes : "0x0102">} : (tensor<1x4x4x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>)
  return %0#0, %0#1 : tensor<1x2x2x1xf32>, tensor<1x2x2x1xf32>
}

// -----

// CHECK-LABEL: @transform_landmarks_version_1_is_unlowered
// CHECK-NEXT:  "tfl.custom"
func.func @transform_landmarks_version_1_is_unlowered(%arg0: tensor<1x1x5x3xf32>, %arg1: tensor<1x4x4xf32>) -> tensor<1x1x5x3xf32> {
  // expected-remark@+1 {{(version 1's rank-4 form is a GPU-delegate op)}}
  %0 = "tfl.custom"(%arg0, %arg1) {custom_code = "TransformLandmarks", custom_option = #tfl<const_bytes : "0x">} : (tensor<1x1x5x3xf32>, tensor<1x4x4xf32>) -> tensor<1x1x5x3xf32>
  return %0 : tensor<1x1x5x3xf32>
}
