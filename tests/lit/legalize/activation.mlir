// Golden test of legalize/activation.py: quantized SOFTMAX has no integer
// pattern, so it falls back: dcast, float softmax in TOSA, qcast.
// RUN: tfl2quant convert %models/softmax-beta-patched.int8.tflite --emit legalized | filecheck %s
// RUN: tfl2quant convert %models/log-softmax-2d.int8.tflite --emit legalized | filecheck %s --check-prefix=LOG

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[ARG:[a-z0-9]+]]: tensor<3x10x!quant.uniform<i8:f32, {{[^>]*}}>>
// CHECK:       %[[X:.*]] = quant.dcast %[[ARG]] : {{.*}} to tensor<3x10xf32>
// CHECK:       %[[MAX:.*]] = "tosa.reduce_max"(%[[X]]) {axis = 1 : i32
// CHECK:       %[[D:.*]] = "tosa.sub"(%[[X]], %[[MAX]])
// beta = 0.7 scales the shifted logits
// CHECK:       %[[BETA:.*]] = "tosa.const"() {values = dense<0.699999988079071> : tensor<1x1xf32>}
// CHECK:       %[[SCALED:.*]] = "tosa.mul"(%[[D]], %[[BETA]], %{{.*}})
// CHECK:       %[[E:.*]] = "tosa.exp"(%[[SCALED]])
// CHECK:       %[[SUM:.*]] = "tosa.reduce_sum"(%[[E]]) {axis = 1 : i32}
// CHECK:       %[[R:.*]] = "tosa.reciprocal"(%[[SUM]])
// CHECK:       %[[Y:.*]] = "tosa.mul"(%[[E]], %[[R]], %{{.*}})
// CHECK:       %[[Q:.*]] = quant.qcast %[[Y]] : tensor<3x10xf32> to tensor<3x10x!quant.uniform<i8:f32, 0.00390625:-128>>
// CHECK:       return %[[Q]]

// LOG-LABEL: func.func @main
// LOG:       "tosa.exp"
// LOG:       "tosa.reduce_sum"
// LOG:       %[[LOGSUM:.*]] = "tosa.log"
// LOG:       %[[Y:.*]] = "tosa.sub"(%{{.*}}, %[[LOGSUM]])
// LOG:       quant.qcast %[[Y]] : tensor<2x9xf32> to tensor<2x9x!quant.uniform<i8:f32, 0.0625:127>>
