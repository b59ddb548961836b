// Golden test of legalize/quantize.py.
// RUN: tfl2quant convert %models/quantize-dequantize-float-io.int8.tflite --emit legalized | filecheck %s
// RUN: tfl2quant convert %models/concat-requantize.int8.tflite --emit legalized | filecheck %s --check-prefix=REQ

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[ARG:[a-z0-9]+]]: tensor<1x7x9x3xf32>
// QUANTIZE float -> int8 is exactly quant.qcast
// CHECK:       quant.qcast %[[ARG]] : tensor<1x7x9x3xf32> to tensor<1x7x9x3x!quant.uniform<i8:f32, {{.*}}>>
// CHECK:       "tosa.conv2d"
// DEQUANTIZE int8 -> float is exactly quant.dcast
// CHECK:       %[[F:.*]] = quant.dcast %{{.*}} : tensor<1x7x9x4x!quant.uniform<i8:f32, {{.*}}>> to tensor<1x7x9x4xf32>
// CHECK-NEXT:  return %[[F]] : tensor<1x7x9x4xf32>

// QUANTIZE int8 -> int8 is TFLite's Requantize: one rescale from zero point -128 to -33.
// REQ:       %[[IZP:.*]] = "tosa.const"() {values = dense<-128> : tensor<1xi8>}
// REQ-NEXT:  %[[OZP:.*]] = "tosa.const"() {values = dense<-33> : tensor<1xi8>}
// REQ-NEXT:  "tosa.rescale"(%{{.*}}, %{{.*}}, %{{.*}}, %[[IZP]], %[[OZP]]) {{.*}} : (tensor<3x10xi8>, {{.*}}) -> tensor<3x10xi8>
