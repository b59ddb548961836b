// scf.if, scf.while, scf.condition and scf.yield print in upstream's custom assembly (SCF.cpp)
// and read back to the same ops; a region of an scf.if without results leaves out its
// empty scf.yield, which parsing adds back.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK-LABEL: func.func @while_if
func.func @while_if(%n: tensor<i32>, %x: tensor<2xf32>, %c: i1) -> (tensor<i32>, tensor<2xf32>) {
  // CHECK: = scf.while (%[[N:.*]] = %arg0, %[[X:.*]] = %arg1) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) {
  // CHECK-NEXT: %[[E:.*]] = tensor.extract %[[N]][] : tensor<i32>
  // CHECK: %[[P:.*]] = arith.cmpi sgt, %[[E]], %{{.*}} : i32
  // CHECK-NEXT: scf.condition(%[[P]]) %[[N]], %[[X]] : tensor<i32>, tensor<2xf32>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[M:.*]]: tensor<i32>, %[[Y:.*]]: tensor<2xf32>):
  // CHECK-NEXT: scf.yield %[[M]], %[[Y]] : tensor<i32>, tensor<2xf32>
  // CHECK-NEXT: }
  %r:2 = scf.while (%i = %n, %y = %x) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>) {
    %e = tensor.extract %i[] : tensor<i32>
    %zero = arith.constant 0 : i32
    %p = arith.cmpi sgt, %e, %zero : i32
    scf.condition(%p) %i, %y : tensor<i32>, tensor<2xf32>
  } do {
  ^bb0(%i: tensor<i32>, %y: tensor<2xf32>):
    scf.yield %i, %y : tensor<i32>, tensor<2xf32>
  }
  // CHECK: scf.if %arg2 -> (tensor<2xf32>) {
  // CHECK-NEXT: scf.yield %arg1 : tensor<2xf32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %{{.*}} : tensor<2xf32>
  // CHECK-NEXT: }
  %s = scf.if %c -> (tensor<2xf32>) {
    scf.yield %x : tensor<2xf32>
  } else {
    scf.yield %r#1 : tensor<2xf32>
  }
  // CHECK: scf.if %arg2 {
  // CHECK-NEXT: func.call @effect() : () -> ()
  // CHECK-NEXT: }
  // CHECK-NOT: else
  scf.if %c {
    func.call @effect() : () -> ()
  }
  return %r#0, %s : tensor<i32>, tensor<2xf32>
}

func.func private @effect()

// CHECK-LABEL: func.func @for
func.func @for(%lb: index, %ub: index, %x: f32, %n: i32) -> f32 {
  // CHECK: %[[STEP:.*]] = arith.constant 1 : index
  %step = arith.constant 1 : index
  // CHECK: scf.for %[[I:.*]] = %arg0 to %arg1 step %[[STEP]] iter_args(%[[A:.*]] = %arg2) -> (f32) {
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[A]] : f32
  // CHECK-NEXT: scf.yield %[[S]] : f32
  // CHECK-NEXT: }
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %x) -> (f32) {
    %s = arith.addf %a, %a : f32
    scf.yield %s : f32
  }
  // CHECK: scf.for %{{.*}} = %arg3 to %arg3 step %arg3 : i32 {
  // CHECK-NEXT: func.call @effect() : () -> ()
  // CHECK-NEXT: }
  scf.for %j = %n to %n step %n : i32 {
    func.call @effect() : () -> ()
  }
  return %r : f32
}
