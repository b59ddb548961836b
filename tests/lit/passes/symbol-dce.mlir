// Golden test of passes/symbol_dce.py (mlir-opt's -symbol-dce): private symbols that nothing
// live refers to go, declarations and private cycles included; public symbols, and private ones
// named by a live op (a call, an attribute of an op that is no symbol), stay.
// RUN: tfl2quant opt %s --allow-unregistered-dialect --symbol-dce | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --symbol-dce | iree-opt --allow-unregistered-dialect -o /dev/null
// The same through --pass-pipeline, with mlir-opt's no-op threading flag.
// RUN: tfl2quant opt %s --allow-unregistered-dialect --mlir-disable-threading --pass-pipeline='builtin.module(symbol-dce)' | filecheck %s

// CHECK-NOT:   @dead
// CHECK-LABEL: func.func private @called()
// CHECK-LABEL: func.func @public()
// CHECK-NEXT:    call @called()
// CHECK-LABEL: func.func private @named()
// CHECK:       "live.user"() {use = @named}
// CHECK:       module @inner
// CHECK-NEXT:    func.func @inner_public()
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NOT:   @dead
func.func private @dead_declaration()
func.func private @dead_definition() {
  call @public() : () -> ()
  return
}
func.func private @dead_cycle_a() {
  call @dead_cycle_b() : () -> ()
  return
}
func.func private @dead_cycle_b() {
  call @dead_cycle_a() : () -> ()
  return
}
func.func private @called()
func.func @public() {
  call @called() : () -> ()
  return
}
func.func private @named() {
  return
}
"live.user"() {use = @named} : () -> ()
module @inner {
  func.func private @dead_inner()
  func.func @inner_public() {
    return
  }
}
