// The passes that compute with integer storage (lower-quant-ops emits integer arithmetic,
// strip-func-quant-types integer scasts) stop at a float storage type with a one-line error at
// the op, instead of producing invalid IR. normalize-quant-types works on types alone and takes
// them (quant/float-storage.mlir).
// RUN: not tfl2quant opt %s --lower-quant-ops 2>&1 | filecheck %s --check-prefix=LOWER
// RUN: not tfl2quant opt %s --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-to-even})' 2>&1 | filecheck %s --check-prefix=LOWER
// RUN: not tfl2quant opt %s --strip-func-quant-types 2>&1 | filecheck %s --check-prefix=STRIP

// LOWER: float-storage-passes.mlir:14:8: error: lower-quant-ops: cannot lower !quant.uniform<f8E4M3FN:f32, 2.000000e+00>: float storage type f8E4M3FN (only integer storage is supported)
// LOWER-NOT: error
// STRIP: float-storage-passes.mlir:13:1: error: strip-func-quant-types: cannot lower !quant.uniform<f8E4M3FN:f32, 2.000000e+00>: float storage type f8E4M3FN (only integer storage is supported)
// STRIP-NOT: error
func.func @f(%arg0: tensor<4xf32>) -> tensor<4x!quant.uniform<f8E4M3FN:f32, 2.0>> {
  %0 = quant.qcast %arg0 : tensor<4xf32> to tensor<4x!quant.uniform<f8E4M3FN:f32, 2.0>>
  return %0 : tensor<4x!quant.uniform<f8E4M3FN:f32, 2.0>>
}
