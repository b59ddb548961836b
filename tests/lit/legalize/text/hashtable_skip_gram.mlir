// Golden test of legalize/lib/strings.py and legalize/families/text/hashtable.py and skip_gram.py:
// a string tensor becomes a tensor<?xi8> of TFLite's string buffer (arguments and results keep
// their shape in tfl.string_shape, constants are i8 constants of their buffers), a hash table four
// ml_program globals that IMPORT stores once and FIND and SIZE read through a noinline function;
// SKIP_GRAM is scalar loops writing a buffer; a string also read by an op without a string lowering
// keeps them all tfl ops.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// string -> int64: the keys' buffer "red", "blue" (count 2, offsets 16 19 23, the bytes).
// CHECK:       "ml_program.global"() {is_mutable, sym_name = "hashtable_7_keys", sym_visibility = "private", tfl.hashtable = "7", tfl.hashtable_part = "keys", type = tensor<?xi8>}
// CHECK-NEXT:  "ml_program.global"() {is_mutable, sym_name = "hashtable_7_values", sym_visibility = "private", tfl.hashtable = "7", tfl.hashtable_part = "values", type = tensor<?xi64>}
// CHECK-NEXT:  "ml_program.global"() {is_mutable, sym_name = "hashtable_7_size", sym_visibility = "private", tfl.hashtable = "7", tfl.hashtable_part = "size", type = tensor<i64>, value = dense<0> : tensor<i64>}
// CHECK-NEXT:  "ml_program.global"() {is_mutable, sym_name = "hashtable_7_initialized", sym_visibility = "private", tfl.hashtable = "7", tfl.hashtable_part = "initialized", type = tensor<i1>, value = dense<false> : tensor<i1>}
// CHECK-LABEL: func.func @main(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 2>}) -> tensor<2xi64>
// CHECK-NEXT:  %[[VALUES:.*]] = arith.constant dense<[3, 5]> : tensor<2xi64>
// CHECK-NEXT:  %[[BUFFER:.*]] = arith.constant {tfl.string_shape = array<i64: 2>} dense<[2, 0, 0, 0, 16, 0, 0, 0, 19, 0, 0, 0, 23, 0, 0, 0, 114, 101, 100, 98, 108, 117, 101]> : tensor<23xi8>
// CHECK-NEXT:  %[[KEYS:.*]] = "tensor.cast"(%[[BUFFER]]) : (tensor<23xi8>) -> tensor<?xi8>
// CHECK-NEXT:  %[[FLAT:.*]] = "tensor.cast"(%[[VALUES]]) : (tensor<2xi64>) -> tensor<?xi64>
// CHECK-NEXT:  %[[SIZE:.*]] = arith.constant 2 : i64
// CHECK-NEXT:  %[[INIT:.*]] = "ml_program.global_load"() {global = @hashtable_7_initialized} : () -> tensor<i1>
// CHECK:       "scf.if"
// CHECK-NEXT:    "ml_program.global_store"(%[[KEYS]]) {global = @hashtable_7_keys} : (tensor<?xi8>) -> ()
// CHECK-NEXT:    "ml_program.global_store"(%[[FLAT]]) {global = @hashtable_7_values} : (tensor<?xi64>) -> ()
// CHECK-NEXT:    %[[S:.*]] = "tensor.from_elements"(%[[SIZE]]) : (i64) -> tensor<i64>
// CHECK-NEXT:    "ml_program.global_store"(%[[S]]) {global = @hashtable_7_size} : (tensor<i64>) -> ()
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant dense<true> : tensor<i1>
// CHECK-NEXT:    "ml_program.global_store"(%[[TRUE]]) {global = @hashtable_7_initialized} : (tensor<i1>) -> ()
// CHECK:       %[[TABLE:.*]]:2 = call @hashtable_7_read() <no_inline> : () -> (tensor<?xi8>, tensor<?xi64>)
// CHECK:       "scf.while"
// CHECK:       return %{{.*}} : tensor<2xi64>
// CHECK-LABEL: func.func private @hashtable_7_read() -> (tensor<?xi8>, tensor<?xi64>) attributes {noinline, tfl.hashtable = "7:keys,values"}
// CHECK-NEXT:  %[[K:.*]] = "ml_program.global_load"() {global = @hashtable_7_keys} : () -> tensor<?xi8>
// CHECK-NEXT:  %[[V:.*]] = "ml_program.global_load"() {global = @hashtable_7_values} : () -> tensor<?xi64>
// CHECK-NEXT:  return %[[K]], %[[V]]
// CHECK-NOT:   "tfl.{{[a-z_]+}}"
func.func @main(%arg0: tensor<2x!tf_type.string>) -> tensor<2xi64> {
  %0 = "tfl.hashtable"() {key_dtype = "STRING", table_id = 7 : i32, value_dtype = "INT64"} : () -> tensor<1x!tf_type.resource>
  %1 = "tfl.pseudo_const"() {value = dense<["red", "blue"]> : tensor<2x!tf_type.string>} : () -> tensor<2x!tf_type.string>
  %2 = "tfl.pseudo_const"() {value = dense<[3, 5]> : tensor<2xi64>} : () -> tensor<2xi64>
  "tfl.hashtable_import"(%0, %1, %2) : (tensor<1x!tf_type.resource>, tensor<2x!tf_type.string>, tensor<2xi64>) -> ()
  %3 = "tfl.pseudo_const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %4 = "tfl.hashtable_find"(%0, %arg0, %3) : (tensor<1x!tf_type.resource>, tensor<2x!tf_type.string>, tensor<i64>) -> tensor<2xi64>
  return %4 : tensor<2xi64>
}

// -----

// int64 -> string: the FIND result is a buffer the function returns (its shape in
// tfl.string_shape); SIZE reads the size global through its own reader.
// CHECK-LABEL: func.func @names(%arg0: tensor<3xi64>) -> (tensor<?xi8> {tfl.string_shape = array<i64: 3>}, tensor<1xi64>)
// CHECK:       call @hashtable_m2_read() <no_inline> : () -> (tensor<?xi64>, tensor<?xi8>)
// CHECK:       %[[OUT:.*]] = "tensor.empty"(%{{.*}}) : (index) -> tensor<?xi8>
// CHECK:       %[[SIZE:.*]] = call @hashtable_m2_read_size() <no_inline> : () -> i64
// CHECK-NEXT:  %[[ONE:.*]] = "tensor.from_elements"(%[[SIZE]]) : (i64) -> tensor<1xi64>
// CHECK-NEXT:  return %{{.*}}, %[[ONE]] : tensor<?xi8>, tensor<1xi64>
// CHECK-LABEL: func.func private @hashtable_m2_read() -> (tensor<?xi64>, tensor<?xi8>)
// CHECK-LABEL: func.func private @hashtable_m2_read_size() -> i64 attributes {noinline, tfl.hashtable = "-2:size"}
// CHECK-NEXT:  %[[S:.*]] = "ml_program.global_load"() {global = @hashtable_m2_size} : () -> tensor<i64>
// CHECK-NEXT:  %[[E:.*]] = "tensor.extract"(%[[S]]) : (tensor<i64>) -> i64
// CHECK-NEXT:  return %[[E]]
// CHECK-NOT:   "tfl.{{[a-z_]+}}"
func.func @names(%arg0: tensor<3xi64>) -> (tensor<3x!tf_type.string>, tensor<1xi64>) {
  %0 = "tfl.hashtable"() {key_dtype = "INT64", table_id = -2 : i32, value_dtype = "STRING"} : () -> tensor<1x!tf_type.resource>
  %1 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %2 = "tfl.pseudo_const"() {value = dense<["one", "two"]> : tensor<2x!tf_type.string>} : () -> tensor<2x!tf_type.string>
  "tfl.hashtable_import"(%0, %1, %2) : (tensor<1x!tf_type.resource>, tensor<2xi64>, tensor<2x!tf_type.string>) -> ()
  %3 = "tfl.pseudo_const"() {value = dense<"?"> : tensor<!tf_type.string>} : () -> tensor<!tf_type.string>
  %4 = "tfl.hashtable_find"(%0, %arg0, %3) : (tensor<1x!tf_type.resource>, tensor<3xi64>, tensor<!tf_type.string>) -> tensor<3x!tf_type.string>
  %5 = "tfl.hashtable_size"(%0) : (tensor<1x!tf_type.resource>) -> tensor<1xi64>
  return %4, %5 : tensor<3x!tf_type.string>, tensor<1xi64>
}

// -----

// A string argument also passed to a call (not a string op lowered here): FIND and its
// table stay tfl ops.
// CHECK-LABEL: func.func @elsewhere(%arg0: tensor<2x!tf_type.string>)
// CHECK-NEXT:  %[[T:.*]] = "tfl.hashtable"()
// CHECK:       "tfl.hashtable_find"(%[[T]], %arg0
func.func private @keep(tensor<2x!tf_type.string>) -> ()
func.func @elsewhere(%arg0: tensor<2x!tf_type.string>) -> tensor<2xi64> {
  // expected-remark@+1 {{unlowered: its 'tfl.hashtable_find' stays a tfl op: a string tensor read by 'tfl.hashtable_find' is also read by 'func.call', which has no string lowering}}
  %0 = "tfl.hashtable"() {key_dtype = "STRING", table_id = 1 : i32, value_dtype = "INT64"} : () -> tensor<1x!tf_type.resource>
  %1 = "tfl.pseudo_const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  // expected-remark@+1 {{unlowered: a string tensor read by 'tfl.hashtable_find' is also read by 'func.call', which has no string lowering}}
  %2 = "tfl.hashtable_find"(%0, %arg0, %1) : (tensor<1x!tf_type.resource>, tensor<2x!tf_type.string>, tensor<i64>) -> tensor<2xi64>
  func.call @keep(%arg0) : (tensor<2x!tf_type.string>) -> ()
  return %2 : tensor<2xi64>
}

// -----

// SKIP_GRAM: the words of string 0 (start, length) in one scf.for over its bytes, then the
// stack walk (tensor<2xi32> for ngram_size 2) twice: counting, then writing the buffer.
// CHECK-LABEL: func.func @grams(%arg0: tensor<?xi8> {tfl.string_shape = array<i64: 1>}) -> (tensor<?xi8> {tfl.string_shape = array<i64: -1>})
// CHECK:       %[[WORDS:.*]] = "tensor.empty"(%{{.*}}) : (index) -> tensor<?x2xi32>
// CHECK:       "scf.for"(%{{.*}}, %[[WORDS]])
// CHECK:       %[[STACK:.*]] = arith.constant dense<0> : tensor<2xi32>
// CHECK:       "scf.while"(%{{.*}}, %[[STACK]], %{{.*}}, %{{.*}}) ({
// CHECK:       %[[OUT:.*]] = "tensor.empty"(%{{.*}}) : (index) -> tensor<?xi8>
// CHECK:       %[[STACK2:.*]] = arith.constant dense<0> : tensor<2xi32>
// CHECK:       "scf.while"(%{{.*}}, %[[STACK2]], %{{.*}}, %{{.*}}, %{{.*}}) ({
// CHECK:       return %{{.*}} : tensor<?xi8>
// CHECK-NOT:   "tfl.{{[a-z_]+}}"
func.func @grams(%arg0: tensor<1x!tf_type.string>) -> tensor<?x!tf_type.string> {
  %0 = "tfl.skip_gram"(%arg0) {include_all_ngrams = true, max_skip_size = 1 : i32, ngram_size = 2 : i32} : (tensor<1x!tf_type.string>) -> tensor<?x!tf_type.string>
  return %0 : tensor<?x!tf_type.string>
}
