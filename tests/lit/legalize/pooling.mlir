// Golden test of legalize/pooling.py.
// RUN: tfl2quant convert %models/max-pool2d-same-3x3-stride2.int8.tflite --emit legalized | filecheck %s --check-prefix=MAX
// RUN: tfl2quant convert %models/average-pool2d-same-3x3.int8.tflite --emit legalized | filecheck %s --check-prefix=AVG

// MAX-LABEL: func.func @main
// MAX:       "tosa.max_pool2d"(%{{.*}}) {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, pad = array<i64: 0, 1, 1, 1>} : (tensor<1x10x13x3xi8>) -> tensor<1x5x7x3xi8>

// AVG-LABEL: func.func @main
// The sum over in-bounds taps: a depthwise conv with all-ones weights, zero points 0.
// AVG:       %[[SUM:.*]] = "tosa.depthwise_conv2d"(%{{.*}}, %{{.*}}, %{{.*}}, %[[Z:.*]], %[[Z]]) {pad = array<i64: 1, 1, 1, 1>{{.*}} -> tensor<1x7x9x5xi32>
// Taps per output position: 4 at corners, 6 on edges, 9 inside.
// AVG-DAG:   %[[N:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[4\], \[6\], .*\[9\].*}}> : tensor<1x7x9x1xi32>}
// AVG-DAG:   %[[HALF:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[2\], \[3\], .*\[4\].*}}> : tensor<1x7x9x1xi32>}
// AVG:       %[[POS:.*]] = "tosa.greater"(%[[SUM]], %{{.*}})
// AVG:       %[[UP:.*]] = "tosa.add"(%[[SUM]], %[[HALF]])
// AVG:       %[[DOWN:.*]] = "tosa.sub"(%[[SUM]], %[[HALF]])
// AVG:       %[[NUM:.*]] = "tosa.select"(%[[POS]], %[[UP]], %[[DOWN]])
// AVG:       %[[AVG:.*]] = "tosa.intdiv"(%[[NUM]], %[[N]])
// AVG:       "tosa.clamp"(%[[AVG]]) {min_val = -128 : i32, max_val = 127 : i32}
// AVG-NOT:   "tosa.avg_pool2d"
