// func.constant and func.call_indirect print in upstream's custom assembly (FuncOps.td) and
// read back to the same ops (func.func, func.call and return always printed custom).
// Directly inside a func.func the func dialect is the default (upstream's
// FuncOp::getDefaultDialect): `call`, `constant`, `return`, without the prefix; a
// multi-result op takes one name with a count, `%2:2`, used as `%2#0` (upstream's AsmPrinter).
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

func.func private @g(%a: i32) -> i32 {
  return %a : i32
}

// CHECK-LABEL: func.func @f
func.func @f(%a: i32) -> i32 {
  // CHECK: %[[F:.*]] = constant @g : (i32) -> i32
  %f = func.constant @g : (i32) -> i32
  // CHECK: %[[R:.*]] = call_indirect %[[F]](%arg0) : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  // CHECK: = call @g(%[[R]]) : (i32) -> i32
  %s = func.call @g(%r) : (i32) -> i32
  return %s : i32
}

func.func private @pair(i32) -> (i32, i32)

// CHECK-LABEL: func.func @multi
func.func @multi(%a: i32) -> (i32, i32) {
  // CHECK-NEXT: %[[P:[0-9]+]]:2 = call @pair(%arg0) : (i32) -> (i32, i32)
  %p:2 = call @pair(%a) : (i32) -> (i32, i32)
  // CHECK-NEXT: %[[S:[0-9]+]] = arith.addi %[[P]]#0, %[[P]]#1 : i32
  %s = arith.addi %p#0, %p#1 : i32
  // CHECK-NEXT: %[[Q:[0-9]+]]:2 = call @pair(%[[S]]) : (i32) -> (i32, i32)
  %q:2 = func.call @pair(%s) : (i32) -> (i32, i32)
  // CHECK-NEXT: return %[[Q]]#1, %[[S]] : i32, i32
  return %q#1, %s : i32, i32
}
