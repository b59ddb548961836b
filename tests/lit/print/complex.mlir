// complex ops print in upstream's custom assembly (ComplexOps.td) and read back to the same ops.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK-LABEL: func.func @complex
func.func @complex(%z: complex<f32>) -> (f32, complex<f32>) {
  // CHECK: %[[RE:.*]] = complex.re %arg0 : complex<f32>
  %re = complex.re %z : complex<f32>
  // CHECK: %[[IM:.*]] = complex.im %arg0 : complex<f32>
  %im = complex.im %z : complex<f32>
  // CHECK: complex.abs %arg0 : complex<f32>
  %abs = complex.abs %z : complex<f32>
  // CHECK: complex.create %[[IM]], %[[RE]] : complex<f32>
  %w = complex.create %im, %re : complex<f32>
  return %abs, %w : f32, complex<f32>
}
