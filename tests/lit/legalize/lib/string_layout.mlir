// Golden test of legalize/lib/string_layout.py: RESHAPE and EXPAND_DIMS of a string tensor are
// the buffer itself (the result's shape goes to tfl.string_shape); GATHER selects strings
// with scalar loops (strings.select_strings: total length, then header and bytes); NOT_EQUAL
// compares the string pairs of the broadcast, their indices computed at convert time; a
// string reaching an op without a string lowering stays a tfl op, never a tosa op on strings.
// SLICE (and STRIDED_SLICE, TILE, FILL) select strings at indices known at convert time;
// GATHER_ND computes them from its index rows with tosa ops on i32.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// CHECK-LABEL: func.func @shapes(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 2, 3>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: 6>}, tensor<?xi8> {tfl.string_shape = array<i64: 1, 2, 3>})
// CHECK-NOT:   tosa
// CHECK:       return %arg0, %arg0 : tensor<?xi8>, tensor<?xi8>
func.func @shapes(%arg0: tensor<2x3x!tf_type.string>) -> (tensor<6x!tf_type.string>, tensor<1x2x3x!tf_type.string>) {
  %0 = "tfl.pseudo_const"() {value = dense<6> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.reshape"(%arg0, %0) : (tensor<2x3x!tf_type.string>, tensor<1xi32>) -> tensor<6x!tf_type.string>
  %2 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %3 = "tfl.expand_dims"(%arg0, %2) : (tensor<2x3x!tf_type.string>, tensor<i32>) -> tensor<1x2x3x!tf_type.string>
  return %1, %3 : tensor<6x!tf_type.string>, tensor<1x2x3x!tf_type.string>
}

// -----

// int64 positions become i32; one loop measures the chosen strings, one writes them.
// CHECK-LABEL: func.func @gather(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 3>}, %arg1: tensor<2xi64>) -> (tensor<?xi8> {tfl.string_shape = array<i64: 2>})
// CHECK-NEXT:  %[[P:.*]] = "tosa.cast"(%arg1) : (tensor<2xi64>) -> tensor<2xi32>
// CHECK:       "scf.for"
// CHECK:       "tensor.extract"(%[[P]], %{{.*}}) : (tensor<2xi32>, index) -> i32
// CHECK:       %[[OUT:.*]] = "tensor.empty"(%{{.*}}) : (index) -> tensor<?xi8>
// CHECK:       "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:       return %{{.*}} : tensor<?xi8>
// CHECK-NOT:   "tfl.{{[a-z_]+}}"
func.func @gather(%arg0: tensor<3x!tf_type.string>, %arg1: tensor<2xi64>) -> tensor<2x!tf_type.string> {
  %0 = "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<3x!tf_type.string>, tensor<2xi64>) -> tensor<2x!tf_type.string>
  return %0 : tensor<2x!tf_type.string>
}

// -----

// [2, 3] against [3]: the string indices of each output element, then one loop.
// CHECK-LABEL: func.func @not_equal(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 2, 3>}) -> tensor<2x3xi1>
// CHECK-NEXT:  %[[X:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
// CHECK-NEXT:  %[[Y:.*]] = arith.constant dense<[0, 1, 2, 0, 1, 2]> : tensor<6xi32>
// CHECK-NEXT:  %[[ABC:.*]] = arith.constant {tfl.string_shape = array<i64: 3>} dense<[3, 0, 0, 0, 20, 0, 0, 0, 21, 0, 0, 0, 22, 0, 0, 0, 23, 0, 0, 0, 97, 98, 99]> : tensor<23xi8>
// CHECK-NEXT:  "tensor.cast"(%[[ABC]]) : (tensor<23xi8>) -> tensor<?xi8>
// CHECK-NEXT:  %[[EMPTY:.*]] = "tensor.empty"() : () -> tensor<6xi1>
// CHECK:       %[[OUT:.*]] = "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %[[EMPTY]])
// CHECK:       "scf.while"
// CHECK:       %[[R:.*]] = "tosa.reshape"(%[[OUT]], %{{.*}}) : (tensor<6xi1>, !tosa.shape<2>) -> tensor<2x3xi1>
// CHECK-NEXT:  return %[[R]] : tensor<2x3xi1>
func.func @not_equal(%arg0: tensor<2x3x!tf_type.string>) -> tensor<2x3xi1> {
  %0 = "tfl.pseudo_const"() {value = dense<["a", "b", "c"]> : tensor<3x!tf_type.string>} : () -> tensor<3x!tf_type.string>
  %1 = "tfl.not_equal"(%arg0, %0) : (tensor<2x3x!tf_type.string>, tensor<3x!tf_type.string>) -> tensor<2x3xi1>
  return %1 : tensor<2x3xi1>
}

// -----

// TRANSPOSE has no string path: it stays, and so does the RESHAPE whose strings it reads.
// CHECK-LABEL: func.func @declined(%arg0: tensor<6x!tf_type.string>) -> tensor<3x2x!tf_type.string>
// CHECK:       %[[R:.*]] = "tfl.reshape"(%arg0
// CHECK:       "tfl.transpose"(%[[R]]
// CHECK-NOT:   tosa
func.func @declined(%arg0: tensor<6x!tf_type.string>) -> tensor<3x2x!tf_type.string> {
  %0 = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: the string result of 'tfl.reshape' is read by 'tfl.transpose', which has no string lowering}}
  %1 = "tfl.reshape"(%arg0, %0) : (tensor<6x!tf_type.string>, tensor<2xi32>) -> tensor<2x3x!tf_type.string>
  %2 = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: operand 0 is a string tensor; 'tfl.transpose' has no string lowering}}
  %3 = "tfl.transpose"(%1, %2) : (tensor<2x3x!tf_type.string>, tensor<2xi32>) -> tensor<3x2x!tf_type.string>
  return %3 : tensor<3x2x!tf_type.string>
}

// -----

// The strings [0, 1:] of a [2, 3] tensor: flat indices 1 2 4 5.
// CHECK-LABEL: func.func @slice(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 2, 3>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: 2, 2>})
// CHECK:       %[[I:.*]] = arith.constant dense<[1, 2, 4, 5]> : tensor<4xi32>
// CHECK:       "tensor.extract"(%[[I]], %{{.*}}) : (tensor<4xi32>, index) -> i32
// CHECK:       "tensor.empty"(%{{.*}}) : (index) -> tensor<?xi8>
// CHECK:       return %{{.*}} : tensor<?xi8>
func.func @slice(%arg0: tensor<2x3x!tf_type.string>) -> tensor<2x2x!tf_type.string> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.slice"(%arg0, %0, %1) : (tensor<2x3x!tf_type.string>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2x!tf_type.string>
  return %2 : tensor<2x2x!tf_type.string>
}

// -----

// Row r of [2, 3] is strings 3r .. 3r + 2: row * 3 + [0, 1, 2], flattened.
// CHECK-LABEL: func.func @gather_nd(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 2, 3>}, %arg1: tensor<4x1xi32>) -> (tensor<?xi8> {tfl.string_shape = array<i64: 4, 3>})
// CHECK:       %[[ROW:.*]] = "tosa.mul"(%arg1, %{{.*}}, %{{.*}}) : (tensor<4x1xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<4x1xi32>
// CHECK:       %[[ALL:.*]] = "tosa.add"(%[[ROW]], %{{.*}}) : (tensor<4x1xi32>, tensor<1x3xi32>) -> tensor<4x3xi32>
// CHECK:       "tosa.reshape"(%[[ALL]], %{{.*}}) : (tensor<4x3xi32>, !tosa.shape<1>) -> tensor<12xi32>
// CHECK:       return %{{.*}} : tensor<?xi8>
func.func @gather_nd(%arg0: tensor<2x3x!tf_type.string>, %arg1: tensor<4x1xi32>) -> tensor<4x3x!tf_type.string> {
  %0 = "tfl.gather_nd"(%arg0, %arg1) : (tensor<2x3x!tf_type.string>, tensor<4x1xi32>) -> tensor<4x3x!tf_type.string>
  return %0 : tensor<4x3x!tf_type.string>
}

// -----

// HASHTABLE_LOOKUP with string values: bsearch as for numbers, -1 where it missed (the empty
// string), the hits as uint8.
// CHECK-LABEL: func.func @lookup(%arg0: tensor<3xi32>, %arg1: tensor<?xi8> {tfl.string_shape = array<i64: 2>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: 3>}, tensor<3xui8>)
// CHECK:       %[[MISS:.*]] = "tosa.const"() {values = dense<-1> : tensor<3xi32>} : () -> tensor<3xi32>
// CHECK-NEXT:  %[[CHOSEN:.*]] = "tosa.select"(%[[FOUND:.*]], %{{.*}}, %[[MISS]]) : (tensor<3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
// CHECK:       "tensor.extract"(%[[CHOSEN]], %{{.*}}) : (tensor<3xi32>, index) -> i32
// CHECK:       %[[HITS:.*]] = "tosa.cast"(%[[FOUND]]) : (tensor<3xi1>) -> tensor<3xi8>
// CHECK-NEXT:  %[[U8:.*]] = "tensor.bitcast"(%[[HITS]]) : (tensor<3xi8>) -> tensor<3xui8>
// CHECK-NEXT:  return %{{.*}}, %[[U8]] : tensor<?xi8>, tensor<3xui8>
func.func @lookup(%arg0: tensor<3xi32>, %arg1: tensor<2x!tf_type.string>) -> (tensor<3x!tf_type.string>, tensor<3xui8>) {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1:2 = "tfl.hashtable_lookup"(%arg0, %0, %arg1) : (tensor<3xi32>, tensor<2xi32>, tensor<2x!tf_type.string>) -> (tensor<3x!tf_type.string>, tensor<3xui8>)
  return %1#0, %1#1 : tensor<3x!tf_type.string>, tensor<3xui8>
}

// -----

// A WHILE carrying a string (a known trip count: scf.for): the loop carries the buffer, and the
// body, whose GATHER reads it, takes and returns it; the cond, no longer called, takes it too.
// CHECK-LABEL: func.func private @w_cond(%{{arg[0-9]+}}: tensor<i32>, %{{arg[0-9]+}}: tensor<?xi8> {tfl.string_shape = array<i64: 2>})
// CHECK-LABEL: func.func private @w_body(%{{arg[0-9]+}}: tensor<i32>, %{{arg[0-9]+}}: tensor<?xi8> {tfl.string_shape = array<i64: 2>}) -> (tensor<i32>, tensor<?xi8> {tfl.string_shape = array<i64: 2>})
// CHECK-NOT:   tfl.gather
// CHECK-LABEL: func.func @loop(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 2>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: 2>})
// CHECK:       "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %arg0)
// CHECK:       func.call @w_body({{.*}}) : (tensor<i32>, tensor<?xi8>) -> (tensor<i32>, tensor<?xi8>)
// CHECK-NOT:   unrealized_conversion_cast
func.func private @w_cond(%arg0: tensor<i32>, %arg1: tensor<2x!tf_type.string>) -> tensor<i1> {
  %0 = "tfl.pseudo_const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.less"(%arg0, %0) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %1 : tensor<i1>
}
func.func private @w_body(%arg0: tensor<i32>, %arg1: tensor<2x!tf_type.string>) -> (tensor<i32>, tensor<2x!tf_type.string>) {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.add"(%arg0, %0) {fused_activation_function = "NONE"} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %2 = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tfl.gather"(%arg1, %2) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<2x!tf_type.string>, tensor<2xi32>) -> tensor<2x!tf_type.string>
  return %1, %3 : tensor<i32>, tensor<2x!tf_type.string>
}
func.func @loop(%arg0: tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1, %2 = "tfl.while"(%0, %arg0) ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<2x!tf_type.string>):
    %3 = func.call @w_cond(%arg1, %arg2) : (tensor<i32>, tensor<2x!tf_type.string>) -> tensor<i1>
    "tfl.yield"(%3) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg3: tensor<i32>, %arg4: tensor<2x!tf_type.string>):
    %4, %5 = func.call @w_body(%arg3, %arg4) : (tensor<i32>, tensor<2x!tf_type.string>) -> (tensor<i32>, tensor<2x!tf_type.string>)
    "tfl.yield"(%4, %5) : (tensor<i32>, tensor<2x!tf_type.string>) -> ()
  }) {is_stateless = false} : (tensor<i32>, tensor<2x!tf_type.string>) -> (tensor<i32>, tensor<2x!tf_type.string>)
  return %2 : tensor<2x!tf_type.string>
}

// -----

// An IF choosing between strings: the operand reaches the branches and their results come
// back as buffers (the then branch passes its argument through, the else branch a constant).
// CHECK-LABEL: func.func private @i_then(%{{arg[0-9]+}}: tensor<?xi8> {tfl.string_shape = array<i64: 2>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: 2>})
// CHECK-LABEL: func.func private @i_else(%{{arg[0-9]+}}: tensor<?xi8> {tfl.string_shape = array<i64: 2>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: 2>})
// CHECK:       arith.constant {tfl.string_shape = array<i64: 2>} dense<[2, 0, 0, 0, 16, 0, 0, 0, 18, 0, 0, 0, 20, 0, 0, 0, 110, 111, 112, 101]> : tensor<20xi8>
// CHECK-LABEL: func.func @choose(%arg0: tensor<1xi1>, %arg1: tensor<?xi8> {tfl.string_shape = array<i64: 2>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: 2>})
// CHECK:       "scf.if"
// CHECK:       func.call @i_then(%arg1) : (tensor<?xi8>) -> tensor<?xi8>
// CHECK:       func.call @i_else(%arg1) : (tensor<?xi8>) -> tensor<?xi8>
// CHECK-NOT:   unrealized_conversion_cast
func.func private @i_then(%arg0: tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string> {
  return %arg0 : tensor<2x!tf_type.string>
}
func.func private @i_else(%arg0: tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string> {
  %0 = "tfl.pseudo_const"() {value = dense<["no", "pe"]> : tensor<2x!tf_type.string>} : () -> tensor<2x!tf_type.string>
  return %0 : tensor<2x!tf_type.string>
}
func.func @choose(%arg0: tensor<1xi1>, %arg1: tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string> {
  %0 = "tfl.if"(%arg0, %arg1) ({
    %1 = func.call @i_then(%arg1) : (tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string>
    "tfl.yield"(%1) : (tensor<2x!tf_type.string>) -> ()
  }, {
    %2 = func.call @i_else(%arg1) : (tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string>
    "tfl.yield"(%2) : (tensor<2x!tf_type.string>) -> ()
  }) : (tensor<1xi1>, tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string>
  return %0 : tensor<2x!tf_type.string>
}

// -----

// A WHILE whose body reads its string with an op that has no string lowering: the WHILE and
// every op its strings reach through the subgraphs stay tfl ops, with the reason.
// CHECK-LABEL: func.func private @d_body(
// CHECK-SAME:  %{{arg[0-9]+}}: tensor<i32>, %[[S:arg[0-9]+]]: tensor<2x!tf_type.string>)
// CHECK:       "tfl.reverse_v2"(%[[S]]
// CHECK:       "tfl.gather"(%[[S]]
// CHECK-LABEL: func.func @declined(%arg0: tensor<2x!tf_type.string>)
// CHECK:       "tfl.while"
func.func private @d_cond(%arg0: tensor<i32>, %arg1: tensor<2x!tf_type.string>) -> tensor<i1> {
  %0 = "tfl.pseudo_const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.less"(%arg0, %0) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %1 : tensor<i1>
}
func.func private @d_body(%arg0: tensor<i32>, %arg1: tensor<2x!tf_type.string>) -> (tensor<i32>, tensor<2x!tf_type.string>) {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tfl.add"(%arg0, %0) {fused_activation_function = "NONE"} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %2 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-remark@+1 {{unlowered: operand 0 is a string tensor; 'tfl.reverse_v2' has no string lowering}}
  %3 = "tfl.reverse_v2"(%arg1, %2) : (tensor<2x!tf_type.string>, tensor<1xi32>) -> tensor<2x!tf_type.string>
  %4 = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: a string tensor read by 'tfl.gather' is also read by 'tfl.reverse_v2', which has no string lowering}}
  %5 = "tfl.gather"(%arg1, %4) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<2x!tf_type.string>, tensor<2xi32>) -> tensor<2x!tf_type.string>
  return %1, %5 : tensor<i32>, tensor<2x!tf_type.string>
}
func.func @declined(%arg0: tensor<2x!tf_type.string>) -> tensor<2x!tf_type.string> {
  %0 = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-remark@+1 {{unlowered: a string tensor read by 'tfl.while' is also read by 'tfl.reverse_v2', which has no string lowering}}
  %1, %2 = "tfl.while"(%0, %arg0) ({
  ^bb0(%arg1: tensor<i32>, %arg2: tensor<2x!tf_type.string>):
    %3 = func.call @d_cond(%arg1, %arg2) : (tensor<i32>, tensor<2x!tf_type.string>) -> tensor<i1>
    "tfl.yield"(%3) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg3: tensor<i32>, %arg4: tensor<2x!tf_type.string>):
    %4, %5 = func.call @d_body(%arg3, %arg4) : (tensor<i32>, tensor<2x!tf_type.string>) -> (tensor<i32>, tensor<2x!tf_type.string>)
    "tfl.yield"(%4, %5) : (tensor<i32>, tensor<2x!tf_type.string>) -> ()
  }) {is_stateless = false} : (tensor<i32>, tensor<2x!tf_type.string>) -> (tensor<i32>, tensor<2x!tf_type.string>)
  return %2 : tensor<2x!tf_type.string>
}
