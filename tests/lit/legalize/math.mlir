// Golden test of legalize/math.py on the float path: TOSA where TOSA has the op,
// arith/math where it has none, broadcasting by reshape (and tosa.tile for arith).
// RUN: tfl2quant convert %models/coverage/op-zoo-math.float32.tflite --emit legalized | filecheck %s
// Cases of tests/test_legalize_math.py, written as .tflite files:
// RUN: python -c "import sys; sys.path.insert(0, '%S/../../..'); from tests.test_legalize_math import write; write('floor-mod-int32', '%t.mod.tflite'); write('div-int32-truncates', '%t.div.tflite'); write('round-half-to-even', '%t.round.tflite'); write('prelu-channel-alpha', '%t.prelu.tflite')"
// RUN: tfl2quant convert %t.mod.tflite --emit legalized | filecheck %s --check-prefix=MOD
// RUN: tfl2quant convert %t.div.tflite --emit legalized | filecheck %s --check-prefix=DIV
// RUN: tfl2quant convert %t.round.tflite --emit legalized | filecheck %s --check-prefix=ROUND
// RUN: tfl2quant convert %t.prelu.tflite --emit legalized | filecheck %s --check-prefix=PRELU

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[B:[a-z0-9]+]]: tensor<2x3x7xf32> {{.*}}, %[[A:[a-z0-9]+]]: tensor<2x3x7xf32>
// CHECK:       "tosa.abs"(%[[A]])
// LEAKY_RELU (alpha 0.2) is x > 0 ? x : x * alpha
// CHECK:       %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[POS:.*]] = "tosa.greater"(%[[A]], %[[ZERO]])
// CHECK-NEXT:  %[[ALPHA:.*]] = "tosa.const"() {values = dense<0.20000000298023224> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  %[[SCALED:.*]] = "tosa.mul"(%[[A]], %[[ALPHA]], %[[SHIFT]])
// CHECK-NEXT:  "tosa.select"(%[[POS]], %[[A]], %[[SCALED]])
// SIGN is x > 0 ? 1 : x < 0 ? -1 : 0, and NaN (the only x with x != x) stays
// CHECK:       %[[S0:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[S1:.*]] = "tosa.const"() {values = dense<1.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[SM1:.*]] = "tosa.const"() {values = dense<-1.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[GT:.*]] = "tosa.greater"(%[[A]], %[[S0]])
// CHECK-NEXT:  %[[LT:.*]] = "tosa.greater"(%[[S0]], %[[A]])
// CHECK-NEXT:  %[[NEG:.*]] = "tosa.select"(%[[LT]], %[[SM1]], %[[S0]])
// CHECK-NEXT:  %[[SIGN:.*]] = "tosa.select"(%[[GT]], %[[S1]], %[[NEG]])
// CHECK-NEXT:  %[[ORDERED:.*]] = "tosa.equal"(%[[A]], %[[A]])
// CHECK-NEXT:  "tosa.select"(%[[ORDERED]], %[[SIGN]], %[[A]])
// CHECK:       "tosa.sin"(%[[A]])
// FLOOR_MOD is fmod, then + b where the remainder is nonzero and its sign differs from b's
// CHECK:       %[[R:.*]] = "arith.remf"(%[[A]], %[[B]])
// CHECK-NEXT:  %[[MZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[BNEG:.*]] = "tosa.greater"(%[[MZERO]], %[[B]])
// CHECK-NEXT:  %[[RNEG:.*]] = "tosa.greater"(%[[MZERO]], %[[R]])
// CHECK-NEXT:  %[[DIFFER:.*]] = "tosa.logical_xor"(%[[BNEG]], %[[RNEG]])
// CHECK-NEXT:  %[[RZERO:.*]] = "tosa.equal"(%[[R]], %[[MZERO]])
// CHECK-NEXT:  %[[RNONZERO:.*]] = "tosa.logical_not"(%[[RZERO]])
// CHECK-NEXT:  %[[FIX:.*]] = "tosa.logical_and"(%[[RNONZERO]], %[[DIFFER]])
// CHECK-NEXT:  %[[SUM:.*]] = "tosa.add"(%[[R]], %[[B]])
// CHECK-NEXT:  "tosa.select"(%[[FIX]], %[[SUM]], %[[R]])
// approximate GELU is 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
// CHECK:       dense<0.044714998453855515> : tensor<1x1x1xf32>
// CHECK:       dense<0.7978845834732056> : tensor<1x1x1xf32>
// CHECK:       "tosa.tanh"
// NEG takes its zero points as operands (TOSA 1.0)
// CHECK:       %[[NZP:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1xf32>}
// CHECK-NEXT:  "tosa.negate"(%[[B]], %[[NZP]], %[[NZP]])
// CHECK:       "tosa.maximum"(%[[A]], %[[B]])
// CHECK:       "tosa.pow"(%[[B]], %[[A]])
// CHECK:       "math.sqrt"(%[[B]])
// SQUARED_DIFFERENCE
// CHECK:       %[[D:.*]] = "tosa.sub"(%[[A]], %[[B]])
// CHECK-NEXT:  %[[DSHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.mul"(%[[D]], %[[D]], %[[DSHIFT]])
// CHECK:       "tosa.rsqrt"
// FLOOR_DIV takes the floor of the double quotient, as reference/floor_div.h
// CHECK:       %[[WA:.*]] = "arith.extf"(%[[A]]) : (tensor<2x3x7xf32>) -> tensor<2x3x7xf64>
// CHECK-NEXT:  %[[WB:.*]] = "arith.extf"(%[[B]]) : (tensor<2x3x7xf32>) -> tensor<2x3x7xf64>
// CHECK-NEXT:  %[[Q:.*]] = "arith.divf"(%[[WA]], %[[WB]])
// CHECK-NEXT:  %[[FQ:.*]] = "math.floor"(%[[Q]])
// CHECK-NEXT:  "arith.truncf"(%[[FQ]]) : (tensor<2x3x7xf64>) -> tensor<2x3x7xf32>
// float DIV is correctly rounded, as C++ float division
// CHECK:       "arith.divf"(%[[A]], %[[B]]) : (tensor<2x3x7xf32>, tensor<2x3x7xf32>) -> tensor<2x3x7xf32>
// HARD_SWISH is x * clamp(x + 3, 0, 6) * (1/6)
// CHECK:       %[[THREE:.*]] = "tosa.const"() {values = dense<3.0> : tensor<1x1x1xf32>}
// CHECK-NEXT:  %[[X3:.*]] = "tosa.add"(%[[A]], %[[THREE]])
// CHECK-NEXT:  %[[R6:.*]] = "tosa.clamp"(%[[X3]]) {min_val = 0.0 : f32, max_val = 6.0 : f32}
// CHECK:       %[[XR:.*]] = "tosa.mul"(%[[A]], %[[R6]]
// CHECK-NEXT:  %[[SIXTH:.*]] = "tosa.const"() {values = dense<0.1666666716337204> : tensor<1x1x1xf32>}
// CHECK:       "tosa.mul"(%[[XR]], %[[SIXTH]]

// MOD-LABEL: func.func @main
// MOD-SAME:    (%[[X:.*]]: tensor<2x3x5xi32>)
// MOD:         %[[C:.*]] = arith.constant dense<[3, -3, 2, -2, 7]> : tensor<5xi32>
// arith takes equal types: the divisor is reshaped to rank 3, then tiled
// MOD:         %[[CR:.*]] = "tosa.reshape"(%[[C]], %{{.*}}) : (tensor<5xi32>, !tosa.shape<3>) -> tensor<1x1x5xi32>
// MOD-NEXT:    %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 1]> : tensor<3xindex>}
// MOD-NEXT:    %[[CT:.*]] = "tosa.tile"(%[[CR]], %[[MULTIPLES]]) : (tensor<1x1x5xi32>, !tosa.shape<3>) -> tensor<2x3x5xi32>
// MOD-NEXT:    %[[R:.*]] = "arith.remsi"(%[[X]], %[[CT]]) : (tensor<2x3x5xi32>, tensor<2x3x5xi32>) -> tensor<2x3x5xi32>
// MOD:         %[[SUM:.*]] = "tosa.add"(%[[R]], %[[CT]])
// MOD-NEXT:    %[[Y:.*]] = "tosa.select"(%{{.*}}, %[[SUM]], %[[R]])
// MOD-NEXT:    return %[[Y]]

// int32 DIV truncates toward zero, like tosa.intdiv
// DIV-LABEL: func.func @main
// DIV:         %[[CR:.*]] = "tosa.reshape"({{.*}}) -> tensor<1x1x5xi32>
// DIV-NEXT:    %[[Y:.*]] = "tosa.intdiv"(%arg0, %[[CR]]) : (tensor<2x3x5xi32>, tensor<1x1x5xi32>) -> tensor<2x3x5xi32>
// DIV-NEXT:    return %[[Y]]

// ROUND rounds half to even (reference/round.h)
// ROUND-LABEL: func.func @main
// ROUND-NEXT:    %[[Y:.*]] = "math.roundeven"(%arg0) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
// ROUND-NEXT:    return %[[Y]]

// PRELU is x >= 0 ? x : x * alpha, alpha broadcast from [5]
// PRELU-LABEL: func.func @main
// PRELU:         %[[ALPHA:.*]] = "tosa.reshape"({{.*}}) : (tensor<5xf32>, !tosa.shape<3>) -> tensor<1x1x5xf32>
// PRELU-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0.0> : tensor<1x1x1xf32>}
// PRELU-NEXT:    %[[NONNEG:.*]] = "tosa.greater_equal"(%arg0, %[[ZERO]])
// PRELU-NEXT:    %[[SHIFT:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// PRELU-NEXT:    %[[SCALED:.*]] = "tosa.mul"(%arg0, %[[ALPHA]], %[[SHIFT]])
// PRELU-NEXT:    "tosa.select"(%[[NONNEG]], %arg0, %[[SCALED]])
