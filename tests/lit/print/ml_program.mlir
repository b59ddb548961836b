// ml_program globals, loads and stores print in upstream's custom assembly (MLProgramOps.td)
// and read back to the same ops.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK: ml_program.global private mutable @acc(dense<0> : tensor<2x3xi8>) : tensor<2x3xi8> {tfl.shared_name = "acc"}
ml_program.global private mutable @acc(dense<0> : tensor<2x3xi8>) : tensor<2x3xi8> {tfl.shared_name = "acc"}
// CHECK: ml_program.global private @fixed(dense<1.000000e+00> : tensor<f32>) : tensor<f32>
ml_program.global private @fixed(dense<1.000000e+00> : tensor<f32>) : tensor<f32>

// CHECK-LABEL: func.func @access
func.func @access(%x: tensor<2x3xi8>) -> tensor<2x3xi8> {
  // CHECK: %[[V:.*]] = ml_program.global_load @acc : tensor<2x3xi8>
  %v = ml_program.global_load @acc : tensor<2x3xi8>
  // CHECK: ml_program.global_store @acc = %arg0 : tensor<2x3xi8>
  ml_program.global_store @acc = %x : tensor<2x3xi8>
  return %v : tensor<2x3xi8>
}
