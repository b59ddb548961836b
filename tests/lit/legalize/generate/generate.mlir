// Golden test of legalize/families/generate/generate.py: RANGE (a constant of the kernel's accumulation, or
// the accumulation on a static result), ONE_HOT (indices against an iota along the axis),
// RFFT2D with REAL, IMAG and COMPLEX_ABS (complex<f32> tensors between tosa.rfft2d and
// linalg.generic ops of complex dialect scalars), the random ops (TFLite's first Invoke from
// the seeds: philox.py), and the reasons each declines.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// RANGE of constants (kernels/range.cc): 7, 7 - 3, ... while above -8: five values.
// CHECK-LABEL: @range_constant
// CHECK:       %[[Y:.*]] = "tosa.const"() {values = dense<[7, 4, 1, -2, -5]> : tensor<5xi32>}
// CHECK-NEXT:  return %[[Y]]
func.func @range_constant() -> tensor<5xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.pseudo_const"() {value = dense<-8> : tensor<i32>} : () -> tensor<i32>
  %2 = "tfl.pseudo_const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %3 = "tfl.range"(%0, %1, %2) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5xi32>
  return %3 : tensor<5xi32>
}

// -----

// Float values accumulate in float32 (value += delta), as the kernel's loop: 0.1 + 0.1 + 0.1
// is 0.3000000119 in float32, and 0.4000000060 after one more.
// CHECK-LABEL: @range_constant_float
// CHECK:       "tosa.const"() {values = dense<[1.000000e-01, 2.000000e-01, 3.000000e-01, 4.000000e-01]> : tensor<4xf32>}
func.func @range_constant_float() -> tensor<4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<0.1> : tensor<f32>} : () -> tensor<f32>
  %1 = "tfl.pseudo_const"() {value = dense<0.45> : tensor<f32>} : () -> tensor<f32>
  %2 = "tfl.pseudo_const"() {value = dense<0.1> : tensor<f32>} : () -> tensor<f32>
  %3 = "tfl.range"(%0, %1, %2) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

// Run-time float operands and a static result (the model's promise of the size): the
// kernel's accumulation value += delta, unrolled (each step rounds, as in the kernel).
// CHECK-LABEL: @range_runtime
// CHECK:       %[[START:.*]] = "tosa.reshape"(%arg0, %{{.*}}) : (tensor<f32>, !tosa.shape<1>) -> tensor<1xf32>
// CHECK:       %[[DELTA:.*]] = "tosa.reshape"(%arg2, %{{.*}}) : (tensor<f32>, !tosa.shape<1>) -> tensor<1xf32>
// CHECK-NEXT:  %[[V1:.*]] = "arith.addf"(%[[START]], %[[DELTA]]) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT:  %[[V2:.*]] = "arith.addf"(%[[V1]], %[[DELTA]]) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.concat"(%[[START]], %[[V1]], %[[V2]]) {axis = 0 : i32} : (tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @range_runtime(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<3xf32> {
  %0 = "tfl.range"(%arg0, %arg1, %arg2) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Integers: start + i * delta, the same values (wrapping alike).
// CHECK-LABEL: @range_runtime_int
// CHECK:       %[[START:.*]] = "tosa.tile"({{.*}}) : (tensor<1xi64>, !tosa.shape<1>) -> tensor<4xi64>
// CHECK:       %[[DELTA:.*]] = "tosa.tile"({{.*}}) : (tensor<1xi64>, !tosa.shape<1>) -> tensor<4xi64>
// CHECK-NEXT:  %[[IOTA:.*]] = "tosa.const"() {values = dense<[0, 1, 2, 3]> : tensor<4xi64>}
// CHECK-NEXT:  %[[STEPS:.*]] = "arith.muli"(%[[IOTA]], %[[DELTA]]) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT:  %[[Y:.*]] = "arith.addi"(%[[START]], %[[STEPS]]) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
// CHECK-NEXT:  return %[[Y]]
func.func @range_runtime_int(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<4xi64> {
  %0 = "tfl.range"(%arg0, %arg1, %arg2) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// A `?` result is sized at run time for integers (legalize/dynamic.mlir); a float one stays.
// CHECK-LABEL: @range_dynamic_float
// CHECK:       "tfl.range"
func.func @range_dynamic_float(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<?xf32> {
  // expected-remark@+1 {{unlowered: run-time float RANGE of a run-time size: the kernel's float accumulation rounds at each step}}
  %0 = "tfl.range"(%arg0, %arg1, %arg2) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: @range_wrong_size
// CHECK:       "tfl.range"
func.func @range_wrong_size() -> tensor<5xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.pseudo_const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %2 = "tfl.pseudo_const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  // expected-remark@+1 {{unlowered: result has 5 elements; start, limit and delta give 4}}
  %3 = "tfl.range"(%0, %1, %2) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5xi32>
  return %3 : tensor<5xi32>
}

// -----

// ONE_HOT (kernels/one_hot.cc), axis -1: indices [2, 5] -> [2, 5, 1] against the iota
// [1, 1, 4]; an index outside [0, 4) equals none of them and gives off everywhere.
// CHECK-LABEL: @one_hot
// CHECK:       %[[I:.*]] = "tosa.reshape"(%arg0, %{{.*}}) : (tensor<2x5xi32>, !tosa.shape<3>) -> tensor<2x5x1xi32>
// CHECK-NEXT:  %[[IOTA:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}0, 1, 2, 3]]]> : tensor<1x1x4xi32>}
// CHECK-NEXT:  %[[HIT:.*]] = "tosa.equal"(%[[I]], %[[IOTA]]) : (tensor<2x5x1xi32>, tensor<1x1x4xi32>) -> tensor<2x5x4xi1>
// CHECK:       %[[ON:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<f32>, !tosa.shape<3>) -> tensor<1x1x1xf32>
// CHECK:       %[[OFF:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<f32>, !tosa.shape<3>) -> tensor<1x1x1xf32>
// CHECK-NEXT:  %[[Y:.*]] = "tosa.select"(%[[HIT]], %[[ON]], %[[OFF]]) : (tensor<2x5x4xi1>, tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<2x5x4xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @one_hot(%arg0: tensor<2x5xi32>) -> tensor<2x5x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.pseudo_const"() {value = dense<2.5> : tensor<f32>} : () -> tensor<f32>
  %2 = "tfl.pseudo_const"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %3 = "tfl.one_hot"(%arg0, %0, %1, %2) {axis = -1 : i32} : (tensor<2x5xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<2x5x4xf32>
  return %3 : tensor<2x5x4xf32>
}

// -----

// int64 indices are compared as static_cast<int>: truncated to i32 first. Axis 0: the iota
// runs down the first dimension.
// CHECK-LABEL: @one_hot_int64_axis0
// CHECK:       %[[I32:.*]] = "arith.trunci"(%arg0) : (tensor<6xi64>) -> tensor<6xi32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[1, 6]> : tensor<2xindex>}
// CHECK-NEXT:  %[[I:.*]] = "tosa.reshape"(%[[I32]], %{{.*}}) : (tensor<6xi32>, !tosa.shape<2>) -> tensor<1x6xi32>
// CHECK-NEXT:  %[[IOTA:.*]] = "tosa.const"() {values = dense<{{\[\[}}0], [1], [2]]> : tensor<3x1xi32>}
// CHECK-NEXT:  "tosa.equal"(%[[I]], %[[IOTA]]) : (tensor<1x6xi32>, tensor<3x1xi32>) -> tensor<3x6xi1>
// CHECK:       "tosa.select"({{.*}}) : (tensor<3x6xi1>, tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<3x6xi32>
func.func @one_hot_int64_axis0(%arg0: tensor<6xi64>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<3x6xi32> {
  %0 = "tfl.pseudo_const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.one_hot"(%arg0, %0, %arg1, %arg2) {axis = 0 : i32} : (tensor<6xi64>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3x6xi32>
  return %1 : tensor<3x6xi32>
}

// -----

// CHECK-LABEL: @one_hot_runtime_depth
// CHECK:       "tfl.one_hot"
func.func @one_hot_runtime_depth(%arg0: tensor<6xi32>, %arg1: tensor<i32>, %arg2: tensor<f32>, %arg3: tensor<f32>) -> tensor<6x3xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (depth) is not a compile-time constant}}
  %0 = "tfl.one_hot"(%arg0, %arg1, %arg2, %arg3) {axis = -1 : i32} : (tensor<6xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

// RFFT2D (kernels/rfft2d.cc) to fft_length [8, 8]: rows cropped from 10 to 8, columns
// zero-padded from 5 to 8, the leading [2, 3] flattened into a batch of 6 for tosa.rfft2d;
// its real and imaginary halves become one complex<f32> tensor, which REAL, IMAG and
// COMPLEX_ABS take apart.
// CHECK-LABEL: @rfft2d
// CHECK:       %[[CROP:.*]] = "tosa.slice"(%arg0, %{{.*}}, %{{.*}}) : (tensor<2x3x10x5xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x3x8x5xf32>
// CHECK-NEXT:  %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-NEXT:  %[[PADS:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 0, 0, 0, 0, 0, 3]> : tensor<8xindex>}
// CHECK-NEXT:  %[[PAD:.*]] = "tosa.pad"(%[[CROP]], %[[PADS]], %[[ZERO]]) : {{.*}} -> tensor<2x3x8x8xf32>
// CHECK-NEXT:  "tosa.const_shape"() {values = dense<[6, 8, 8]> : tensor<3xindex>}
// CHECK-NEXT:  %[[X:.*]] = "tosa.reshape"(%[[PAD]], %{{.*}}) : (tensor<2x3x8x8xf32>, !tosa.shape<3>) -> tensor<6x8x8xf32>
// CHECK-NEXT:  %[[RE:[0-9]+]]:2 = "tosa.rfft2d"(%[[X]]) {local_bound = false} : (tensor<6x8x8xf32>) -> (tensor<6x8x5xf32>, tensor<6x8x5xf32>)
// CHECK:       %[[RE4:.*]] = "tosa.reshape"(%[[RE]]#0, %{{.*}}) : (tensor<6x8x5xf32>, !tosa.shape<4>) -> tensor<2x3x8x5xf32>
// CHECK:       %[[IM4:.*]] = "tosa.reshape"(%[[RE]]#1, %{{.*}}) : (tensor<6x8x5xf32>, !tosa.shape<4>) -> tensor<2x3x8x5xf32>
// CHECK-NEXT:  %[[INIT:.*]] = "tensor.empty"() : () -> tensor<2x3x8x5xcomplex<f32>>
// CHECK-NEXT:  %[[Z:.*]] = "linalg.generic"(%[[RE4]], %[[IM4]], %[[INIT]]) ({
// CHECK-NEXT:  ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: complex<f32>):
// CHECK-NEXT:    %[[C:.*]] = "complex.create"(%[[A]], %[[B]]) : (f32, f32) -> complex<f32>
// CHECK-NEXT:    "linalg.yield"(%[[C]]) : (complex<f32>) -> ()
// CHECK:       "linalg.generic"(%[[Z]], %{{.*}}) ({
// CHECK:         "complex.re"(%{{.*}}) : (complex<f32>) -> f32
// CHECK:       "linalg.generic"(%[[Z]], %{{.*}}) ({
// CHECK:         "complex.im"(%{{.*}}) : (complex<f32>) -> f32
// CHECK:       "linalg.generic"(%[[Z]], %{{.*}}) ({
// CHECK:         "complex.abs"(%{{.*}}) : (complex<f32>) -> f32
func.func @rfft2d(%arg0: tensor<2x3x10x5xf32>) -> (tensor<2x3x8x5xf32>, tensor<2x3x8x5xf32>, tensor<2x3x8x5xf32>) {
  %0 = "tfl.pseudo_const"() {value = dense<8> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.rfft2d"(%arg0, %0) : (tensor<2x3x10x5xf32>, tensor<2xi32>) -> tensor<2x3x8x5xcomplex<f32>>
  %2 = "tfl.real"(%1) : (tensor<2x3x8x5xcomplex<f32>>) -> tensor<2x3x8x5xf32>
  %3 = "tfl.imag"(%1) : (tensor<2x3x8x5xcomplex<f32>>) -> tensor<2x3x8x5xf32>
  %4 = "tfl.complex_abs"(%1) : (tensor<2x3x8x5xcomplex<f32>>) -> tensor<2x3x8x5xf32>
  return %2, %3, %4 : tensor<2x3x8x5xf32>, tensor<2x3x8x5xf32>, tensor<2x3x8x5xf32>
}

// -----

// COMPLEX128 is complex<f64>; its parts are f64.
// CHECK-LABEL: @imag_complex128
// CHECK-NEXT:  %[[INIT:.*]] = "tensor.empty"() : () -> tensor<3xf64>
// CHECK-NEXT:  %[[Y:.*]] = "linalg.generic"(%arg0, %[[INIT]]) ({
// CHECK-NEXT:  ^bb0(%[[Z:.*]]: complex<f64>, %{{.*}}: f64):
// CHECK-NEXT:    %[[IM:.*]] = "complex.im"(%[[Z]]) : (complex<f64>) -> f64
// CHECK-NEXT:    "linalg.yield"(%[[IM]]) : (f64) -> ()
// CHECK:       return %[[Y]]
func.func @imag_complex128(%arg0: tensor<3xcomplex<f64>>) -> tensor<3xf64> {
  %0 = "tfl.imag"(%arg0) : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

// RANDOM_UNIFORM with seeds (42, 7): Uint32ToFloat of the first six words of
// PhiloxRandom(42, 7), the numbers of TFLite's first Invoke.
// CHECK-LABEL: @random_uniform
// CHECK:       %[[Y:.*]] = "tosa.const"() {values = dense<{{\[\[}}0.862767696, 0.656762599, 0.990545868], [0.903101325, 0.733680725, 0.120165586]]> : tensor<2x3xf32>}
// CHECK-NEXT:  return %[[Y]]
func.func @random_uniform() -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.random_uniform"(%0) {seed = 42 : i64, seed2 = 7 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: @random_standard_normal_unseeded
// CHECK:       "tfl.random_standard_normal"
func.func @random_standard_normal_unseeded() -> tensor<2x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: seed and seed2 are 0: TFLite seeds the generator from /dev/urandom, so its numbers can be neither reproduced nor compared}}
  %1 = "tfl.random_standard_normal"(%0) {seed = 0 : i64, seed2 = 0 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// MULTINOMIAL: the finite logits' maximum, double weights exp(l - max) (0 for a non-finite
// l), their running sum in the kernel's order, then per sample the count of cdf entries
// <= u * total with the first Invoke's Uint64ToDouble draws u.
// CHECK-LABEL: @multinomial
// CHECK:       %[[FINITE:.*]] = "linalg.generic"(%arg0, %{{.*}}) ({
// CHECK:         "arith.cmpf"(%{{.*}}, %{{.*}}) {predicate = 4 : i64} : (f32, f32) -> i1
// CHECK:         arith.constant -3.40282347E+38 : f32
// CHECK:       %[[MAX:.*]] = "tosa.reduce_max"(%[[FINITE]]) {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK:       %[[W:.*]] = "linalg.generic"(%arg0, %[[MAX]], %{{.*}}) ({
// CHECK:         "math.exp"(%{{.*}}) : (f64) -> f64
// CHECK:       }) {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK:       %[[W0:.*]] = "tosa.slice"(%[[W]], {{.*}}) -> tensor<2x1xf64>
// CHECK:       %[[W1:.*]] = "tosa.slice"(%[[W]], {{.*}}) -> tensor<2x1xf64>
// CHECK-NEXT:  %[[C1:.*]] = "arith.addf"(%[[W0]], %[[W1]]) : (tensor<2x1xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK:       %[[W2:.*]] = "tosa.slice"(%[[W]], {{.*}}) -> tensor<2x1xf64>
// CHECK-NEXT:  %[[TOTAL:.*]] = "arith.addf"(%[[C1]], %[[W2]]) : (tensor<2x1xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
// CHECK-NEXT:  %[[CDF:.*]] = "tosa.concat"(%[[W0]], %[[C1]], %[[TOTAL]]) {axis = 1 : i32}
// CHECK-NEXT:  %[[U:.*]] = "tosa.const"() {values = dense<{{\[\[}}0.18549088593476926, 0.55301266272408545], [0.72658466785598419, 0.43415081757017093]]> : tensor<2x2xf64>}
// CHECK:       %[[BELOW:.*]] = "linalg.generic"(%[[CDF]], %[[U]], %[[TOTAL]], %{{.*}}) ({
// CHECK:         %[[FIND:.*]] = "arith.mulf"
// CHECK-NEXT:    "arith.cmpf"(%{{.*}}, %[[FIND]]) {predicate = 5 : i64} : (f64, f64) -> i1
// CHECK:       %[[N:.*]] = "tosa.reduce_sum"(%[[BELOW]]) {axis = 2 : i32} : (tensor<2x2x3xi32>) -> tensor<2x2x1xi32>
// CHECK:       %[[I:.*]] = "tosa.reshape"(%[[N]], %{{.*}}) : (tensor<2x2x1xi32>, !tosa.shape<2>) -> tensor<2x2xi32>
// CHECK-NEXT:  %[[Y:.*]] = "arith.extsi"(%[[I]]) : (tensor<2x2xi32>) -> tensor<2x2xi64>
// CHECK-NEXT:  return %[[Y]]
func.func @multinomial(%arg0: tensor<2x3xf32>) -> tensor<2x2xi64> {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.multinomial"(%arg0, %0) {seed = 7 : i64, seed2 = 11 : i64} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x2xi64>
  return %1 : tensor<2x2xi64>
}
