// Unknown ops, with and without --allow-unregistered-dialect, in upstream mlir-opt's wording.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics
// With the flag only quant's unknown ops are errors. (Upstream also rejects unknown arith.* ops
// then; we accept them, as we do not model every op of every dialect we print.)
// RUN: not tfl2quant opt %s --split-input-file --allow-unregistered-dialect 2>&1 | filecheck %s --check-prefix=ALLOWED
// ALLOWED-NOT: found in dialect ('arith')
// ALLOWED:     error: unregistered operation 'quant.frobnicate' found in dialect ('quant')
// ALLOWED-NOT: found in dialect ('arith')

func.func @unknown_dialect() {
  // expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
  "foo.bar"() : () -> ()
  return
}

// -----

// Without the flag, an unknown op of a dialect we model is an error (as in upstream's arith).
func.func @unknown_op_of_a_known_dialect() {
  // expected-error@+1 {{unregistered operation 'arith.frobnicate' found in dialect ('arith') that does not allow unknown operations}}
  "arith.frobnicate"() : () -> ()
  return
}

// -----

// quant.* ops are all modeled: an unknown one is an error even with the flag.
func.func @unknown_quant_op() {
  // expected-error@+1 {{unregistered operation 'quant.frobnicate' found in dialect ('quant') that does not allow unknown operations}}
  "quant.frobnicate"() : () -> ()
  return
}

// -----

// Upstream's test dialect and every TFLite op name are open.
func.func @open_dialects(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "test.custom_op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tfl.some_future_op"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
