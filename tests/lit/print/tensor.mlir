// tensor ops print in upstream's custom assembly (TensorOps.td) and read back to the same ops.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK-LABEL: func.func @tensor
func.func @tensor(%t: tensor<?x3xi8>, %s: tensor<2xi64>, %v: tensor<6xf32>, %i: i32, %j: i32) -> (tensor<3x?xi8>, i8, tensor<2xi32>, tensor<?xf32>) {
  // CHECK: %[[C1:.*]] = arith.constant 1 : index
  %c1 = arith.constant 1 : index
  // CHECK: %[[D:.*]] = tensor.dim %arg0, %[[C1]] : tensor<?x3xi8>
  %d = tensor.dim %t, %c1 : tensor<?x3xi8>
  // CHECK: tensor.empty(%[[D]]) : tensor<3x?xi8>
  %e = tensor.empty(%d) : tensor<3x?xi8>
  // CHECK: tensor.empty() : tensor<2x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  // CHECK: tensor.extract %arg0[%[[C1]], %[[C1]]] : tensor<?x3xi8>
  %x = tensor.extract %t[%c1, %c1] : tensor<?x3xi8>
  // CHECK: tensor.from_elements %arg3, %arg4 : tensor<2xi32>
  %fe = tensor.from_elements %i, %j : tensor<2xi32>
  // CHECK: tensor.cast %arg0 : tensor<?x3xi8> to tensor<2x3xi8>
  %cs = tensor.cast %t : tensor<?x3xi8> to tensor<2x3xi8>
  // CHECK: tensor.reshape %{{.*}}(%arg1) : (tensor<2x3xi8>, tensor<2xi64>) -> tensor<3x2xi8>
  %r = tensor.reshape %cs(%s) : (tensor<2x3xi8>, tensor<2xi64>) -> tensor<3x2xi8>
  // CHECK: tensor.splat %arg3 : tensor<4xi32>
  %sp = tensor.splat %i : tensor<4xi32>
  // CHECK: tensor.splat %arg3[%[[D]]] : tensor<?xi32>
  %sp2 = tensor.splat %i[%d] : tensor<?xi32>
  // CHECK: tensor.insert %{{.*}} into %{{.*}}[%[[C1]], %[[C1]]] : tensor<2x3xi8>
  %in = tensor.insert %x into %cs[%c1, %c1] : tensor<2x3xi8>
  // CHECK: tensor.rank %arg0 : tensor<?x3xi8>
  %rk = tensor.rank %t : tensor<?x3xi8>
  // CHECK: tensor.extract_slice %arg2[0] [%[[D]]] [1] : tensor<6xf32> to tensor<?xf32>
  %sl = tensor.extract_slice %v[0] [%d] [1] : tensor<6xf32> to tensor<?xf32>
  // CHECK: tensor.insert_slice %{{.*}} into %arg2[1] [%[[D]]] [1] : tensor<?xf32> into tensor<6xf32>
  %is = tensor.insert_slice %sl into %v[1] [%d] [1] : tensor<?xf32> into tensor<6xf32>
  // CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xi8> into tensor<6xi8>
  %co = tensor.collapse_shape %cs [[0, 1]] : tensor<2x3xi8> into tensor<6xi8>
  return %e, %x, %fe, %sl : tensor<3x?xi8>, i8, tensor<2xi32>, tensor<?xf32>
}
