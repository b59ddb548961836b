// shape.shape_of and shape.num_elements print in upstream's custom assembly (ShapeOps.td);
// shape.split_at has none and prints generic, as upstream prints it.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK-LABEL: func.func @shape
func.func @shape(%x: tensor<*xi8>) -> (index, tensor<?xindex>) {
  // CHECK: %[[S:.*]] = shape.shape_of %arg0 : tensor<*xi8> -> tensor<?xindex>
  %s = shape.shape_of %x : tensor<*xi8> -> tensor<?xindex>
  // CHECK: shape.num_elements %[[S]] : tensor<?xindex> -> index
  %n = shape.num_elements %s : tensor<?xindex> -> index
  %c1 = arith.constant 1 : index
  // Its results are named as upstream names them (getAsmResultNames), made unique per function.
  // CHECK: %head, %tail = "shape.split_at"(%[[S]], %{{.*}}) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %l, %r = "shape.split_at"(%s, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  // CHECK: %head_0, %tail_1 = "shape.split_at"(%tail, %{{.*}})
  %l2, %r2 = "shape.split_at"(%r, %c1) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  // CHECK: return %{{.*}}, %tail_1 : index, tensor<?xindex>
  return %n, %r2 : index, tensor<?xindex>
}
