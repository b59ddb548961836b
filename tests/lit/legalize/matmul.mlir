// Golden test of legalize/matmul.py: FULLY_CONNECTED as tosa.matmul plus the
// reference kernel's double-precision requantization (a linalg.generic).
// RUN: tfl2quant convert %models/fully-connected-3d.int8.tflite --emit legalized | filecheck %s

// CHECK-LABEL: func.func @main
// TFLite flattens the 2x3x13 input to 6 rows of depth 13.
// CHECK:       %[[ROWS:.*]] = "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<2x3x13xi8>, !tosa.shape<3>) -> tensor<1x6x13xi8>
// The [5, 13] weights are transposed at compile time.
// CHECK:       %[[WT:.*]] = "tosa.const"() {values = dense<{{.*}}> : tensor<1x13x5xi8>}
// CHECK:       %[[ACC:.*]] = "tosa.matmul"(%[[ROWS]], %[[WT]], %{{.*}}, %{{.*}}) : {{.*}} -> tensor<1x6x5xi32>
// CHECK:       %[[BIASED:.*]] = "tosa.add"(%[[ACC]], %{{.*}}) : (tensor<1x6x5xi32>, tensor<1x1x5xi32>) -> tensor<1x6x5xi32>
// CHECK:       %[[SCALES:.*]] = "tosa.const"() {values = dense<[{{.*}}]> : tensor<5xf64>}
// CHECK:       "linalg.generic"(%[[BIASED]], %[[SCALES]], %{{.*}})
// CHECK:         "arith.sitofp"(%{{.*}}) : (i32) -> f64
// CHECK-NEXT:    "arith.mulf"
// CHECK-NEXT:    "math.round"
// CHECK:         "arith.fptosi"
// CHECK:         "arith.addi"
// CHECK:         "arith.trunci"(%{{.*}}) : (i32) -> i8
// CHECK:       affine_map<(d0, d1, d2) -> (d2)>
// CHECK:       "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x6x5xi8>, !tosa.shape<3>) -> tensor<2x3x5xi8>
