// Golden test of passes/strip_debuginfo.py (mlir-opt's -strip-debuginfo): every location
// becomes unknown, which --mlir-print-debuginfo then prints as loc(unknown), as mlir-opt does.
// RUN: tfl2quant opt %s --mlir-print-debuginfo | filecheck %s --check-prefix=KEPT
// RUN: tfl2quant opt %s --mlir-print-debuginfo --strip-debuginfo | filecheck %s
// RUN: tfl2quant opt %s --mlir-print-debuginfo --strip-debuginfo | iree-opt -o /dev/null

// KEPT:      arith.addi {{.*}} loc("add.mlir":3:4)
// KEPT:      return {{.*}} loc(
// CHECK:     func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK-NOT: loc("
func.func @f(%a: i32 loc("arg":1:1)) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("add.mlir":3:4)
  return %0 : i32
}
