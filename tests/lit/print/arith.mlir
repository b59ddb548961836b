// arith ops print in upstream's custom assembly (ArithOps.td), read back to the same ops,
// and iree-opt reads the text as the same ops as the generic form.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK-LABEL: func.func @arith
func.func @arith(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: i32, %j: i32, %x: f64) -> (tensor<4xi8>, i32, tensor<4xf32>, i64) {
  // CHECK: %[[C:.*]] = arith.constant 3 : i32
  %c = arith.constant 3 : i32
  // CHECK: arith.addi %arg2, %[[C]] : i32
  %0 = arith.addi %i, %c : i32
  // CHECK: arith.muli %{{.*}}, %arg3 overflow<nsw> : i32
  %1 = arith.muli %0, %j overflow<nsw> : i32
  // CHECK: arith.shrsi %{{.*}}, %arg3 : i32
  %2 = arith.shrsi %1, %j : i32
  // CHECK: arith.maxsi %{{.*}}, %arg2 : i32
  %3 = arith.maxsi %2, %i : i32
  // CHECK: arith.floordivsi %{{.*}}, %arg3 : i32
  %4 = arith.floordivsi %3, %j : i32
  // CHECK: arith.addf %arg0, %arg1 fastmath<fast> : tensor<4xf32>
  %5 = arith.addf %a, %b fastmath<fast> : tensor<4xf32>
  // CHECK: arith.minimumf %{{.*}}, %arg1 : tensor<4xf32>
  %6 = arith.minimumf %5, %b : tensor<4xf32>
  // CHECK: arith.negf %{{.*}} : tensor<4xf32>
  %7 = arith.negf %6 : tensor<4xf32>
  // CHECK: arith.fptosi %{{.*}} : tensor<4xf32> to tensor<4xi8>
  %8 = arith.fptosi %7 : tensor<4xf32> to tensor<4xi8>
  // CHECK: arith.extsi %{{.*}} : i32 to i64
  %9 = arith.extsi %4 : i32 to i64
  // CHECK: arith.index_cast %arg2 : i32 to index
  %10 = arith.index_cast %i : i32 to index
  // CHECK: %[[P:.*]] = arith.cmpi slt, %arg2, %arg3 : i32
  %11 = arith.cmpi slt, %i, %j : i32
  // CHECK: arith.select %[[P]], %arg2, %arg3 : i32
  %12 = arith.select %11, %i, %j : i32
  // CHECK: %[[Q:.*]] = arith.cmpf olt, %arg0, %arg1 : tensor<4xf32>
  %13 = arith.cmpf olt, %a, %b : tensor<4xf32>
  // CHECK: arith.select %[[Q]], %arg0, %{{.*}} : tensor<4xi1>, tensor<4xf32>
  %14 = arith.select %13, %a, %7 : tensor<4xi1>, tensor<4xf32>
  // CHECK: arith.bitcast %arg4 : f64 to i64
  %15 = arith.bitcast %x : f64 to i64
  // CHECK: arith.xori %{{.*}}, %{{.*}} {tag = "kept"} : i64
  %16 = arith.xori %9, %15 {tag = "kept"} : i64
  // CHECK: return
  return %8, %12, %14, %16 : tensor<4xi8>, i32, tensor<4xf32>, i64
}

