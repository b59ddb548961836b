// !quant.quantile: a lookup-table storage format (storage value i reads entry i - storage min of
// the table), parsed, verified and printed as upstream MLIR's (llvm-project PR 190321 and 204793).
// RUN: tfl2quant opt %s --split-input-file | filecheck %s
// Round trip: the printed form parses back to the same text.
// RUN: tfl2quant opt %s --split-input-file > %t.printed
// RUN: tfl2quant opt %t.printed --split-input-file > %t.reprinted
// RUN: diff %t.printed %t.reprinted

// Default range of ui1: two entries; the range is not printed.
// CHECK: func.func private @ui1(!quant.quantile<ui1:f16, {-1.000000e+00,1.000000e+00}>)
func.func private @ui1(!quant.quantile<ui1:f16, {-1.0, 1.0}>)

// -----

// u2 (the quant spelling of unsigned storage) has four entries; it prints as u2.
// CHECK: func.func private @u2(!quant.quantile<u2:f32, {-1.500000e+00,-5.000000e-01,5.000000e-01,1.500000e+00}>)
func.func private @u2(!quant.quantile<u2:f32, {-1.5, -0.5, 0.5, 1.5}>)

// -----

// An explicit range: max - min + 1 entries, and the range prints after the table.
// CHECK: func.func private @signed_range(!quant.quantile<si8:f32, {-1.000000e+00,0.000000e+00,1.000000e+00}, <-1:1>>)
func.func private @signed_range(!quant.quantile<si8:f32, {-1.0, 0.0, 1.0}, <-1:1>>)

// -----

// Signless storage is signed: i2 holds -2..1.
// CHECK: func.func private @signless(!quant.quantile<i2:bf16, {-2.000000e+00,-1.000000e+00,0.000000e+00,1.000000e+00}>)
func.func private @signless(!quant.quantile<i2:bf16, {-2.0, -1.0, 0.0, 1.0}>)

// -----

// An explicit range equal to the default one is the default: not printed.
// CHECK: func.func private @default_range(!quant.quantile<ui1:f16, {-1.000000e+00,1.000000e+00}>)
func.func private @default_range(!quant.quantile<ui1:f16, {-1.0, 1.0}, <0:1>>)

// -----

// Float storage types: their range is -max..max of the type's finite values, in integers.
// CHECK: func.func private @f8(!quant.quantile<f8E4M3FN:f32, {-1.000000e+00,0.000000e+00,1.000000e+00}, <-1:1>>)
func.func private @f8(!quant.quantile<f8E4M3FN:f32, {-1.0, 0.0, 1.0}, <-1:1>>)
// CHECK: func.func private @f4(!quant.quantile<f4E2M1FN:f16, {-2.000000e+00,-1.000000e+00,0.000000e+00,1.000000e+00,2.000000e+00}, <-2:2>>)
func.func private @f4(!quant.quantile<f4E2M1FN:f16, {-2.0, -1.0, 0.0, 1.0, 2.0}, <-2:2>>)

// -----

// The table may hold integers (PR 204793): an integer quantile type.
// CHECK: func.func private @integer_table(!quant.quantile<ui1:i8, {-1.000000e+00,1.000000e+00}>)
func.func private @integer_table(!quant.quantile<ui1:i8, {-1.0, 1.0}>)

// -----

// As a tensor element, through an alias, and in the opaque spelling `!quant<quantile<...>>`.
!lut = !quant.quantile<ui1:f16, {-5.0e-1, 5.0e-1}>
// CHECK-LABEL: func.func @tensors
// CHECK-SAME:    (%arg0: tensor<2x3x!quant.quantile<ui1:f16, {-5.000000e-01,5.000000e-01}>>, %arg1: tensor<*x!quant.quantile<ui1:f16, {-5.000000e-01,5.000000e-01}>>)
// CHECK-SAME:    -> tensor<2x3x!quant.quantile<ui1:f16, {-5.000000e-01,5.000000e-01}>>
func.func @tensors(%arg0: tensor<2x3x!lut>, %arg1: tensor<*x!quant<quantile<ui1:f16, {-0.5, 0.5}>>>) -> tensor<2x3x!lut> {
  return %arg0 : tensor<2x3x!lut>
}

// -----

// A quantile type is a storage format, no quantized type: the passes that lower quantized types
// leave it alone (strip-func-quant-types keeps it in the signature).
// RUN: tfl2quant opt %s --split-input-file --strip-func-quant-types --lower-quant-ops --normalize-quant-types | filecheck %s --check-prefix=PASSES
// PASSES-LABEL: func.func @untouched
// PASSES-SAME:    (%arg0: tensor<4x!quant.quantile<ui1:f16, {-1.000000e+00,1.000000e+00}>>) -> tensor<4x!quant.quantile<ui1:f16, {-1.000000e+00,1.000000e+00}>>
// PASSES-NEXT:    return %arg0
func.func @untouched(%arg0: tensor<4x!quant.quantile<ui1:f16, {-1.0, 1.0}>>) -> tensor<4x!quant.quantile<ui1:f16, {-1.0, 1.0}>> {
  return %arg0 : tensor<4x!quant.quantile<ui1:f16, {-1.0, 1.0}>>
}
