// func.constant and func.call_indirect print in upstream's custom assembly (FuncOps.td) and
// read back to the same ops (func.func, func.call and return always printed custom).
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
  // CHECK: %[[F:.*]] = func.constant @g : (i32) -> i32
  %f = func.constant @g : (i32) -> i32
  // CHECK: %[[R:.*]] = func.call_indirect %[[F]](%arg0) : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  // CHECK: func.call @g(%[[R]]) : (i32) -> i32
  %s = func.call @g(%r) : (i32) -> i32
  return %s : i32
}
