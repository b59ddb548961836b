// math ops print in upstream's custom assembly (MathOps.td) and read back to the same ops.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK-LABEL: func.func @math
func.func @math(%a: tensor<4xf32>, %b: tensor<4xf32>, %x: f64, %i: i32) -> (tensor<4xf32>, f64, i32) {
  // CHECK: math.round %arg0 : tensor<4xf32>
  %0 = math.round %a : tensor<4xf32>
  // CHECK: math.exp %{{.*}} fastmath<nnan,ninf> : tensor<4xf32>
  %1 = math.exp %0 fastmath<nnan,ninf> : tensor<4xf32>
  // CHECK: math.powf %{{.*}}, %arg1 : tensor<4xf32>
  %2 = math.powf %1, %b : tensor<4xf32>
  // CHECK: math.atan2 %{{.*}}, %arg1 : tensor<4xf32>
  %3 = math.atan2 %2, %b : tensor<4xf32>
  // CHECK: math.roundeven %arg2 : f64
  %4 = math.roundeven %x : f64
  // CHECK: math.sqrt %{{.*}} : f64
  %5 = math.sqrt %4 : f64
  // CHECK: math.absi %arg3 : i32
  %6 = math.absi %i : i32
  // CHECK: math.ctlz %{{.*}} : i32
  %7 = math.ctlz %6 : i32
  return %3, %5, %7 : tensor<4xf32>, f64, i32
}
