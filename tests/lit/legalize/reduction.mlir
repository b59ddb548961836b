// Golden test of legalize/reduction.py: one tosa.reduce_* per run of adjacent reduced axes,
// then a reshape to the result type; MEAN multiplies by 1/N (floats) or divides (integers).
// Models of tests/test_legalize_shape.py, written as .tflite files:
// RUN: python -c "import sys; sys.path.insert(0, '%S/../../..'); from tests.test_legalize_shape import write; write('mean-hw-keepdims', '%t.mean.tflite'); write('mean-negative-axes', '%t.mean-axes.tflite'); write('mean-int32', '%t.mean-int.tflite'); write('mean-hw-keepdims', '%t.mean-int8.tflite', int8=True); write('reduce-max-two-axes', '%t.max-int8.tflite', int8=True); write('arg-min-int64', '%t.argmin.tflite'); write('arg-min-int-ties', '%t.argmin-int.tflite')"
// RUN: tfl2quant convert %t.mean.tflite --emit legalized | filecheck %s --check-prefix=MEAN
// RUN: tfl2quant convert %t.mean-axes.tflite --emit legalized | filecheck %s --check-prefix=AXES
// RUN: tfl2quant convert %t.mean-int.tflite --emit legalized | filecheck %s --check-prefix=INT
// RUN: tfl2quant convert %t.mean-int8.tflite --emit legalized | filecheck %s --check-prefix=FALLBACK
// RUN: tfl2quant convert %t.max-int8.tflite --emit legalized | filecheck %s --check-prefix=RAW
// RUN: tfl2quant convert %t.argmin.tflite --emit legalized | filecheck %s --check-prefix=ARGMIN
// RUN: tfl2quant convert %t.argmin-int.tflite --emit legalized | filecheck %s --check-prefix=ARGMIN-INT

// Axes 1 and 2 are adjacent: one reshape merges them, one reduce_sum; 1/20 = 0.05.
// MEAN-LABEL: func.func @main
// MEAN-SAME:    (%[[X:.*]]: tensor<1x5x4x6xf32>)
// MEAN:         %[[ROWS:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : (tensor<1x5x4x6xf32>, !tosa.shape<3>) -> tensor<1x20x6xf32>
// MEAN:         %[[SUM:.*]] = "tosa.reduce_sum"(%[[ROWS]]) {axis = 1 : i32} : (tensor<1x20x6xf32>) -> tensor<1x1x6xf32>
// MEAN:         %[[KEPT:.*]] = "tosa.reshape"(%[[SUM]], %{{.*}}) : {{.*}} -> tensor<1x1x1x6xf32>
// MEAN:         %[[INV_N:.*]] = "tosa.const"() {values = dense<0.05000000074505806> : tensor<1x1x1x1xf32>}
// MEAN:         %[[MEAN:.*]] = "tosa.mul"(%[[KEPT]], %[[INV_N]], %{{.*}})
// MEAN-NEXT:    return %[[MEAN]]

// Axes -1 and 0 of a 2x3x5: counted from the back, not adjacent, so two reductions.
// AXES-LABEL: func.func @main
// AXES:         %[[A0:.*]] = "tosa.reduce_sum"(%{{.*}}) {axis = 0 : i32} : (tensor<2x3x5xf32>) -> tensor<1x3x5xf32>
// AXES:         %[[A2:.*]] = "tosa.reduce_sum"(%[[A0]]) {axis = 2 : i32} : (tensor<1x3x5xf32>) -> tensor<1x3x1xf32>
// AXES:         "tosa.reshape"(%[[A2]], %{{.*}}) : {{.*}} -> tensor<3xf32>
// AXES:         "tosa.const"() {values = dense<0.10000000149011612> : tensor<1xf32>}

// int32 MEAN truncates, as C++ integer division does.
// INT-LABEL: func.func @main
// INT:          %[[SUM:.*]] = "tosa.reduce_sum"(%{{.*}}) {axis = 1 : i32} : (tensor<3x7xi32>) -> tensor<3x1xi32>
// INT:          %[[N:.*]] = "tosa.const"() {values = dense<7> : tensor<1xi32>}
// INT:          "tosa.intdiv"(%{{.*}}, %[[N]]) : (tensor<3xi32>, tensor<1xi32>) -> tensor<3xi32>

// int8 MEAN has no integer pattern: dequantize, the float mean, quantize.
// FALLBACK-LABEL: func.func @main
// FALLBACK:       %[[X:.*]] = quant.dcast %{{.*}} to tensor<1x5x4x6xf32>
// FALLBACK:       "tosa.reduce_sum"
// FALLBACK:       %[[Y:.*]] = "tosa.mul"
// FALLBACK:       quant.qcast %[[Y]] : tensor<1x1x1x6xf32> to tensor<1x1x1x6x!quant.uniform<i8:f32, 0.019999999552965164:5>>

// int8 REDUCE_MAX takes stored values (input and output share scale and zero point); NaN is skipped.
// RAW-LABEL: func.func @main
// RAW:         %[[S:.*]] = quant.scast %{{.*}} to tensor<2x3x5xi8>
// RAW:         %[[M0:.*]] = "tosa.reduce_max"(%[[S]]) {axis = 0 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x3x5xi8>) -> tensor<1x3x5xi8>
// RAW:         "tosa.reduce_max"(%[[M0]]) {axis = 2 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<1x3x5xi8>) -> tensor<1x3x1xi8>

// ARG_MIN is the argmax of 0 - x on floats, of -1 - x (= ~x) on integers; the output type is TFLite's.
// ARGMIN-LABEL: func.func @main
// ARGMIN-SAME:    (%[[X:.*]]: tensor<2x7xf32>)
// ARGMIN:         %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1xf32>}
// ARGMIN:         %[[NEG:.*]] = "tosa.sub"(%[[ZERO]], %[[X]])
// ARGMIN:         "tosa.argmax"(%[[NEG]]) {axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>} : (tensor<2x7xf32>) -> tensor<2xi64>

// ARGMIN-INT-LABEL: func.func @main
// ARGMIN-INT-SAME:    (%[[X:.*]]: tensor<4x6xi32>)
// ARGMIN-INT:         %[[M1:.*]] = "tosa.const"() {values = dense<-1> : tensor<1x1xi32>}
// ARGMIN-INT:         %[[NOT:.*]] = "tosa.sub"(%[[M1]], %[[X]])
// ARGMIN-INT:         "tosa.argmax"(%[[NOT]]) {axis = 0 : i32, {{.*}}} : (tensor<4x6xi32>) -> tensor<6xi32>
