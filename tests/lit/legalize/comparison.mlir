// Golden test of legalize/comparison.py: TOSA compares with equal, greater and
// greater_equal (i1 results); LESS swaps operands, NOT_EQUAL negates; CAST by cases.
// RUN: tfl2quant convert %models/coverage/bool-int64.float32.tflite --emit legalized | filecheck %s
// Cases of tests/test_legalize_math.py, written as .tflite files:
// RUN: python -c "import sys; sys.path.insert(0, '%S/../../..'); from tests.test_legalize_math import write; write('not-equal', '%t.ne.tflite'); write('select-rank1-condition', '%t.select.tflite'); write('cast-float-to-int32', '%t.trunc.tflite'); write('cast-bool-to-float', '%t.from-bool.tflite'); write('cast-float-to-bool', '%t.to-bool.tflite')"
// RUN: tfl2quant convert %t.ne.tflite --emit legalized | filecheck %s --check-prefix=NE
// RUN: tfl2quant convert %t.select.tflite --emit legalized | filecheck %s --check-prefix=SELECT
// RUN: tfl2quant convert %t.trunc.tflite --emit legalized | filecheck %s --check-prefix=TRUNC
// RUN: tfl2quant convert %t.from-bool.tflite --emit legalized | filecheck %s --check-prefix=FROM-BOOL
// RUN: tfl2quant convert %t.to-bool.tflite --emit legalized | filecheck %s --check-prefix=TO-BOOL

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[Y:[a-z0-9]+]]: tensor<2x5xf32> {{.*}}, %[[X:[a-z0-9]+]]: tensor<2x5xf32>
// the arg_max result (int64) narrows to int32 with tosa.cast, which wraps like static_cast
// CHECK:       "tosa.cast"(%{{.*}}) : (tensor<2xi64>) -> tensor<2xi32>
// int32 MUL and ADD of the float model
// CHECK:       "tosa.mul"({{.*}}) : (tensor<2xi32>, tensor<1xi32>, tensor<1xi8>) -> tensor<2xi32>
// CHECK:       "tosa.add"({{.*}}) : (tensor<2xi32>, tensor<1xi32>) -> tensor<2xi32>
// CHECK:       %[[ZERO:.*]] = "tosa.reshape"({{.*}}) : (tensor<f32>, !tosa.shape<2>) -> tensor<1x1xf32>
// CHECK-NEXT:  %[[GT:.*]] = "tosa.greater"(%[[X]], %[[ZERO]]) : (tensor<2x5xf32>, tensor<1x1xf32>) -> tensor<2x5xi1>
// CHECK:       %[[HALF:.*]] = "tosa.reshape"({{.*}}) -> tensor<1x1xf32>
// CHECK-NEXT:  %[[GE:.*]] = "tosa.greater_equal"(%[[Y]], %[[HALF]])
// CHECK-NEXT:  %[[AND:.*]] = "tosa.logical_and"(%[[GT]], %[[GE]]) : (tensor<2x5xi1>, tensor<2x5xi1>) -> tensor<2x5xi1>
// CHECK-NEXT:  %[[NOT:.*]] = "tosa.logical_not"(%[[AND]])
// CHECK-NEXT:  %[[SEL:.*]] = "tosa.select"(%[[AND]], %[[X]], %[[Y]]) : (tensor<2x5xi1>, tensor<2x5xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
// less(x, y) = greater(y, x)
// CHECK-NEXT:  %[[LESS:.*]] = "tosa.greater"(%[[Y]], %[[X]])
// CHECK-NEXT:  return {{.*}}, %[[SEL]], %[[NOT]], {{.*}}, %[[LESS]], %[[AND]]

// NE-LABEL: func.func @main
// NE-NEXT:    %[[EQ:.*]] = "tosa.equal"(%arg0, %arg1) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x3x5xi1>
// NE-NEXT:    %[[Y:.*]] = "tosa.logical_not"(%[[EQ]])
// NE-NEXT:    return %[[Y]]

// SELECT (v1) with a rank-1 condition picks whole rows along dim 0
// SELECT-LABEL: func.func @main
// SELECT-SAME:    (%[[C:.*]]: tensor<2xi1>, %[[A:.*]]: tensor<2x3x5xf32>, %[[B:.*]]: tensor<2x3x5xf32>)
// SELECT-NEXT:    %[[SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 1]> : tensor<3xindex>}
// SELECT-NEXT:    %[[ROWS:.*]] = "tosa.reshape"(%[[C]], %[[SHAPE]]) : (tensor<2xi1>, !tosa.shape<3>) -> tensor<2x1x1xi1>
// SELECT-NEXT:    %[[Y:.*]] = "tosa.select"(%[[ROWS]], %[[A]], %[[B]])
// SELECT-NEXT:    return %[[Y]]

// float -> int CAST truncates toward zero; tosa.cast of the integral value saturates;
// NaN (the only x with x != x) gives the maximum, as TFLite's SafeCast
// TRUNC-LABEL: func.func @main
// TRUNC-NEXT:    %[[T:.*]] = "math.trunc"(%arg0) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// TRUNC-NEXT:    %[[I:.*]] = "tosa.cast"(%[[T]]) : (tensor<2x3x5xf32>) -> tensor<2x3x5xi32>
// TRUNC-NEXT:    %[[ORDERED:.*]] = "tosa.equal"(%arg0, %arg0)
// TRUNC-NEXT:    %[[MAX:.*]] = "tosa.const"() {values = dense<2147483647> : tensor<1x1x1xi32>}
// TRUNC-NEXT:    %[[Y:.*]] = "tosa.select"(%[[ORDERED]], %[[I]], %[[MAX]])
// TRUNC-NEXT:    return %[[Y]]

// bool -> float picks 1 or 0
// FROM-BOOL-LABEL: func.func @main
// FROM-BOOL-NEXT:    %[[ONE:.*]] = "tosa.const"() {values = dense<1.0> : tensor<1x1x1xf32>}
// FROM-BOOL-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// FROM-BOOL-NEXT:    %[[Y:.*]] = "tosa.select"(%arg0, %[[ONE]], %[[ZERO]]) {{.*}} -> tensor<2x3x5xf32>
// FROM-BOOL-NEXT:    return %[[Y]]

// float -> bool is x != 0 (NaN gives true)
// TO-BOOL-LABEL: func.func @main
// TO-BOOL-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// TO-BOOL-NEXT:    %[[EQ:.*]] = "tosa.equal"(%arg0, %[[ZERO]])
// TO-BOOL-NEXT:    %[[Y:.*]] = "tosa.logical_not"(%[[EQ]]) : (tensor<2x3x5xi1>) -> tensor<2x3x5xi1>
// TO-BOOL-NEXT:    return %[[Y]]
