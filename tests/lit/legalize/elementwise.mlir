// Golden test of legalize/elementwise.py: int8 ADD as TFLite's AddFunc, one
// DOUBLE_ROUND tosa.rescale per MultiplyByQuantizedMultiplier.
// RUN: tfl2quant convert %models/add-broadcast-channel.int8.tflite --emit legalized | filecheck %s

// CHECK-LABEL: func.func @main
// (q - zp) << 20 exactly: multiplier 2^30, shift 10
// CHECK:       %[[M20:.*]] = "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  %[[S20:.*]] = "tosa.const"() {values = dense<10> : tensor<1xi8>}
// CHECK:       %[[A:.*]] = "tosa.rescale"(%{{.*}}, %[[M20]], %[[S20]], {{.*}} : (tensor<1x5x7x3xi8>, {{.*}}) -> tensor<1x5x7x3xi32>
// CHECK:       %[[A2:.*]] = "tosa.rescale"(%[[A]], {{.*}}) {{.*}} -> tensor<1x5x7x3xi32>
// CHECK:       %[[B:.*]] = "tosa.rescale"(%{{.*}} : (tensor<1x1x1x3xi8>, {{.*}}) -> tensor<1x1x1x3xi32>
// CHECK:       %[[B2:.*]] = "tosa.rescale"(%[[B]], {{.*}}) {{.*}} -> tensor<1x1x1x3xi32>
// CHECK:       %[[SUM:.*]] = "tosa.add"(%[[A2]], %[[B2]]) : (tensor<1x5x7x3xi32>, tensor<1x1x1x3xi32>) -> tensor<1x5x7x3xi32>
// CHECK:       "tosa.rescale"(%[[SUM]], {{.*}}) {{.*}} -> tensor<1x5x7x3xi8>
