// The parser reads the custom assembly upstream prints for arith and math ops into the
// ops the generic form gives; both verify upstream.
// RUN: tfl2quant opt %s --mlir-print-op-generic | filecheck %s
// RUN: tfl2quant opt %s | iree-opt -o /dev/null

// CHECK-LABEL: func.func @custom_forms
func.func @custom_forms(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: i32, %j: i32) -> (tensor<4xi8>, i32, tensor<4xf32>) {
  // CHECK: "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<fast>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %0 = arith.addf %a, %b fastmath<fast> : tensor<4xf32>
  // CHECK: "math.round"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = math.round %0 : tensor<4xf32>
  // CHECK: "arith.fptosi"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xi8>
  %2 = arith.fptosi %1 : tensor<4xf32> to tensor<4xi8>
  // CHECK: "arith.cmpi"(%arg2, %arg3) {predicate = 2 : i64} : (i32, i32) -> i1
  %3 = arith.cmpi slt, %i, %j : i32
  // CHECK: "arith.select"(%{{.*}}, %arg2, %arg3) : (i1, i32, i32) -> i32
  %4 = arith.select %3, %i, %j : i32
  // CHECK: "arith.cmpf"(%arg0, %arg1) {predicate = 4 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = arith.cmpf olt, %a, %b : tensor<4xf32>
  // CHECK: "arith.select"(%{{.*}}, %arg0, %arg1) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = arith.select %5, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %2, %4, %6 : tensor<4xi8>, i32, tensor<4xf32>
}
