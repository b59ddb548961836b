// Golden test of legalize/conv.py on real int8 models: conv2d and
// depthwise_conv2d on storage types, per-channel DOUBLE_ROUND rescale.
// RUN: tfl2quant convert %models/conv2d-valid-stride2.int8.tflite --emit legalized | filecheck %s --check-prefix=CONV
// RUN: tfl2quant convert %models/depthwise-conv2d-mult2-valid-stride2-relu6.int8.tflite --emit legalized | filecheck %s --check-prefix=DW

// CONV-LABEL: func.func @main
// CONV-SAME:    (%[[ARG:[a-z0-9]+]]: tensor<1x12x15x4x!quant.uniform<i8:f32, {{[^>]*}}>>
// CONV-DAG:   %[[W:.*]] = quant.scast %{{.*}} : tensor<6x3x3x4x!q0> to tensor<6x3x3x4xi8>
// CONV-DAG:   %[[X:.*]] = quant.scast %[[ARG]] : {{.*}} to tensor<1x12x15x4xi8>
// The last input row of 12 is never read by a 3x3 stride-2 VALID window: TOSA wants it cropped.
// CONV:       %[[CROP:.*]] = "tosa.slice"(%[[X]], {{.*}}) : (tensor<1x12x15x4xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x11x15x4xi8>
// CONV:       %[[ACC:.*]] = "tosa.conv2d"(%[[CROP]], %[[W]], {{.*}}) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, dilation = array<i64: 1, 1>, acc_type = i32} : {{.*}} -> tensor<1x5x7x6xi32>
// CONV:       %[[Y:.*]] = "tosa.rescale"(%[[ACC]], {{.*}}) {scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = true{{.*}} -> tensor<1x5x7x6xi8>
// CONV-NEXT:  %[[Q:.*]] = quant.scast %[[Y]] : tensor<1x5x7x6xi8> to tensor<1x5x7x6x!quant.uniform<i8:f32, {{.*}}>>
// CONV-NEXT:  return %[[Q]]

// DW-LABEL: func.func @main
// TFLite's [1, KH, KW, C*M] weights become TOSA's [KH, KW, C, M] at compile time.
// DW:       %[[W:.*]] = "tosa.const"() {values = dense<{{.*}}> : tensor<3x3x4x2xi8>}
// DW:       "tosa.depthwise_conv2d"({{.*}}, %[[W]], {{.*}}) {pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, {{.*}}} : {{.*}} -> tensor<1x5x6x8xi32>
// DW:       "tosa.rescale"
// DW-SAME:  per_channel = true
// The output is quantized over exactly [0, 6] (scale 6/255, zero point -128), so
// the fused RELU6's range is the whole int8 range: no clamp is emitted.
// DW-NEXT:  quant.scast
// DW-NOT:   "tosa.clamp"
