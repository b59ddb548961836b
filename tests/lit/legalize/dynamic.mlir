// Golden test of dynamic shapes in legalize-tfl: a `?` batch (Keras models exported with
// batch_size=None) stays `?`. TOSA ops take it as it is; reshapes infer it (-1) and slices take it
// whole (size -1); linalg.generic and linalg.fill read its size with tensor.dim; SHAPE, FILL and
// RANGE compute with it at run time. The family files show what declines (two `?`, a `?` height).
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file -o /dev/null

!x = !quant.uniform<i8:f32, 0.5:-3>
!z = !quant.uniform<i8:f32, 1.0:5>
// The integer ADD on a `?` batch: the same rescales and tosa.add, on tensors that keep the `?`;
// the static operand broadcasts as it does for a static batch.
// CHECK-LABEL: @add_int8_dynamic_batch
// CHECK:       %[[A:.*]] = "tosa.rescale"(%{{.*}}) {{.*}} : (tensor<?x5xi8>, {{.*}}) -> tensor<?x5xi32>
// CHECK:       %[[SUM:.*]] = "tosa.add"(%{{.*}}, %{{.*}}) : (tensor<?x5xi32>, tensor<1x5xi32>) -> tensor<?x5xi32>
// CHECK:       "tosa.rescale"(%[[SUM]], {{.*}} -> tensor<?x5xi8>
func.func @add_int8_dynamic_batch(%arg0: tensor<?x5x!x>, %arg1: tensor<5x!x>) -> tensor<?x5x!z> {
  %0 = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<?x5x!x>, tensor<5x!x>) -> tensor<?x5x!z>
  return %0 : tensor<?x5x!z>
}

// -----

// Reshapes infer the `?` rows (-1): [?, 7] -> [1, ?, 7], matmul, [1, ?, 3] -> [?, 3].
// CHECK-LABEL: @fully_connected_f32_dynamic_batch
// CHECK:       %[[S:.*]] = "tosa.const_shape"() {values = dense<[1, -1, 7]> : tensor<3xindex>}
// CHECK-NEXT:  %[[X:.*]] = "tosa.reshape"(%arg0, %[[S]]) : (tensor<?x7xf32>, !tosa.shape<3>) -> tensor<1x?x7xf32>
// CHECK:       %[[M:.*]] = "tosa.matmul"(%[[X]], {{.*}} -> tensor<1x?x3xf32>
// CHECK-NEXT:  %[[S2:.*]] = "tosa.const_shape"() {values = dense<[-1, 3]> : tensor<2xindex>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.reshape"(%[[M]], %[[S2]]) : (tensor<1x?x3xf32>, !tosa.shape<2>) -> tensor<?x3xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @fully_connected_f32_dynamic_batch(%arg0: tensor<?x7xf32>, %arg1: tensor<3x7xf32>) -> tensor<?x3xf32> {
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %arg1, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<?x7xf32>, tensor<3x7xf32>, none) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!w = !quant.uniform<i8<-127:127>:f32, 0.25>
!y = !quant.uniform<i8:f32, 1.0:5>
// The integer FULLY_CONNECTED's output stage is a linalg.generic: its tensor.empty takes the
// `?` size from the accumulator (tensor.dim).
// CHECK-LABEL: @fully_connected_int8_dynamic_batch
// CHECK:       %[[ACC:.*]] = "tosa.matmul"({{.*}} : (tensor<1x?x7xi8>, tensor<1x7x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x?x3xi32>
// CHECK:       %[[K:.*]] = arith.constant 1 : index
// CHECK-NEXT:  %[[N:.*]] = "tensor.dim"(%[[ACC]], %[[K]]) : (tensor<1x?x3xi32>, index) -> index
// CHECK-NEXT:  %[[E:.*]] = "tensor.empty"(%[[N]]) : (index) -> tensor<1x?x3xi8>
// CHECK-NEXT:  "linalg.generic"(%[[ACC]], %{{.*}}, %[[E]])
func.func @fully_connected_int8_dynamic_batch(%arg0: tensor<?x7x!x>) -> tensor<?x3x!y> {
  %w = "tfl.pseudo_qconst"() {qtype = tensor<3x7x!w>, value = dense<1> : tensor<3x7xi8>} : () -> tensor<3x7x!w>
  %b = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.fully_connected"(%arg0, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<?x7x!x>, tensor<3x7x!w>, none) -> tensor<?x3x!y>
  return %0 : tensor<?x3x!y>
}

// -----

// CHECK-LABEL: @conv2d_f32_dynamic_batch
// CHECK:       "tosa.conv2d"(%arg0, %arg1, {{.*}} : (tensor<?x3x5x7xf32>, {{.*}}) -> tensor<?x3x5x2xf32>
func.func @conv2d_f32_dynamic_batch(%arg0: tensor<?x3x5x7xf32>, %arg1: tensor<2x1x1x7xf32>) -> tensor<?x3x5x2xf32> {
  %b = "tfl.pseudo_const"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.conv_2d"(%arg0, %arg1, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<?x3x5x7xf32>, tensor<2x1x1x7xf32>, tensor<2xf32>) -> tensor<?x3x5x2xf32>
  return %0 : tensor<?x3x5x2xf32>
}

// -----

// RESHAPE's shape operand (from SHAPE at run time, in Keras models) is not needed: the result
// type has one `?`, which -1 infers.
// CHECK-LABEL: @reshape_infers_the_batch
// CHECK-NEXT:  %[[S:.*]] = "tosa.const_shape"() {values = dense<[-1, 8, 64]> : tensor<3xindex>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.reshape"(%arg0, %[[S]]) : (tensor<?x8x8x8xf32>, !tosa.shape<3>) -> tensor<?x8x64xf32>
// CHECK-NEXT:  return %[[Y]]
func.func @reshape_infers_the_batch(%arg0: tensor<?x8x8x8xf32>, %arg1: tensor<3xi32>) -> tensor<?x8x64xf32> {
  %0 = "tfl.reshape"(%arg0, %arg1) : (tensor<?x8x8x8xf32>, tensor<3xi32>) -> tensor<?x8x64xf32>
  return %0 : tensor<?x8x64xf32>
}

// -----

// A slice size of -1 takes the `?` dimension whole.
// CHECK-LABEL: @split_keeps_the_batch
// CHECK:       %[[Z:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK-NEXT:  %[[N:.*]] = "tosa.const_shape"() {values = dense<[-1, 32]> : tensor<2xindex>}
// CHECK-NEXT:  %[[A:.*]] = "tosa.slice"(%arg0, %[[Z]], %[[N]]) : (tensor<?x64xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<?x32xf32>
// CHECK-NEXT:  %[[O:.*]] = "tosa.const_shape"() {values = dense<[0, 32]> : tensor<2xindex>}
// CHECK-NEXT:  %[[N2:.*]] = "tosa.const_shape"() {values = dense<[-1, 32]> : tensor<2xindex>}
// CHECK-NEXT:  %[[B:.*]] = "tosa.slice"(%arg0, %[[O]], %[[N2]])
// CHECK-NEXT:  return %[[A]], %[[B]]
func.func @split_keeps_the_batch(%arg0: tensor<?x64xf32>) -> (tensor<?x32xf32>, tensor<?x32xf32>) {
  %axis = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tfl.split"(%axis, %arg0) {num_splits = 2 : i32} : (tensor<i32>, tensor<?x64xf32>) -> (tensor<?x32xf32>, tensor<?x32xf32>)
  return %0#0, %0#1 : tensor<?x32xf32>, tensor<?x32xf32>
}

// -----

// FILL of a `?` result: linalg.fill into a tensor.empty sized from `dims` (iree-compile lowers no
// tensor.splat of a dynamic shape).
// CHECK-LABEL: @fill_sized_at_run_time
// CHECK-NEXT:  %[[V:.*]] = "tensor.extract"(%arg1) : (tensor<f32>) -> f32
// CHECK-NEXT:  %[[K:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[D:.*]] = "tensor.extract"(%arg0, %[[K]]) : (tensor<2xi32>, index) -> i32
// CHECK-NEXT:  %[[N:.*]] = "arith.index_cast"(%[[D]]) : (i32) -> index
// CHECK-NEXT:  %[[E:.*]] = "tensor.empty"(%[[N]]) : (index) -> tensor<?x16xf32>
// CHECK-NEXT:  %[[Y:.*]] = "linalg.fill"(%[[V]], %[[E]])
// CHECK:       return %[[Y]]
func.func @fill_sized_at_run_time(%arg0: tensor<2xi32>, %arg1: tensor<f32>) -> tensor<?x16xf32> {
  %0 = "tfl.fill"(%arg0, %arg1) : (tensor<2xi32>, tensor<f32>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}

// -----

// Keras' zero state (models/real/dynamic-batch.*): FILL of [batch, 16] where SHAPE, STRIDED_SLICE
// and PACK took the batch from x. The tensor.empty takes that tensor.dim itself, not the size
// read back from the packed tensor (iree-compile 3.13 miscomputed the latter at batch 1).
// CHECK-LABEL: @fill_of_a_batch_from_shape
// CHECK:       %[[K:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[B:.*]] = "tensor.dim"(%arg0, %[[K]]) : (tensor<?x8x16xf32>, index) -> index
// CHECK-NOT:   "tensor.extract"(%{{.*}}, %{{.*}}) : (tensor<2xi32>, index)
// CHECK:       %[[E:.*]] = "tensor.empty"(%[[B]]) : (index) -> tensor<?x16xf32>
// CHECK-NEXT:  "linalg.fill"(%{{.*}}, %[[E]])
func.func @fill_of_a_batch_from_shape(%arg0: tensor<?x8x16xf32>) -> tensor<?x16xf32> {
  %0 = "tfl.shape"(%arg0) {out_type = "INT32"} : (tensor<?x8x16xf32>) -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %2 = "tfl.pseudo_const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %3 = "tfl.strided_slice"(%0, %1, %2, %2) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 1 : i32} : (tensor<3xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<i32>
  %4 = "tfl.pseudo_const"() {value = dense<16> : tensor<i32>} : () -> tensor<i32>
  %5 = "tfl.pack"(%3, %4) {axis = 0 : i32, values_count = 2 : i32} : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %6 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %7 = "tfl.fill"(%5, %6) : (tensor<2xi32>, tensor<f32>) -> tensor<?x16xf32>
  return %7 : tensor<?x16xf32>
}

// -----

// RANGE of a `?` size: GetSize's (|limit - start| + |delta| - 1) / |delta| at run time, then
// start + i * delta over a linalg.generic (linalg.index).
// CHECK-LABEL: @range_sized_at_run_time
// CHECK:       %[[START:.*]] = "tensor.extract"(%{{.*}}) : (tensor<i32>) -> i32
// CHECK-NEXT:  %[[LIMIT:.*]] = "tensor.extract"(%arg0) : (tensor<i32>) -> i32
// CHECK-NEXT:  %[[DELTA:.*]] = "tensor.extract"(%{{.*}}) : (tensor<i32>) -> i32
// CHECK:       %[[SIZE:.*]] = "arith.divsi"
// CHECK-NEXT:  %[[N:.*]] = "arith.index_cast"(%[[SIZE]]) : (i32) -> index
// CHECK-NEXT:  %[[E:.*]] = "tensor.empty"(%[[N]]) : (index) -> tensor<?xi32>
// CHECK-NEXT:  "linalg.generic"(%[[E]])
// CHECK:       %[[I:.*]] = "linalg.index"() {dim = 0 : i64} : () -> index
// CHECK-NEXT:  %[[II:.*]] = "arith.index_cast"(%[[I]]) : (index) -> i32
// CHECK-NEXT:  %[[STEP:.*]] = "arith.muli"(%[[II]], %[[DELTA]])
// CHECK-NEXT:  %[[V:.*]] = "arith.addi"(%[[START]], %[[STEP]])
// CHECK-NEXT:  "linalg.yield"(%[[V]])
func.func @range_sized_at_run_time(%arg0: tensor<i32>) -> tensor<?xi32> {
  %s = "tfl.pseudo_const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %d = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tfl.range"(%s, %arg0, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

!x = !quant.uniform<i8:f32, 0.5:-3>
!y = !quant.uniform<i8:f32, 0.00390625:-128>
// The 8-bit SOFTMAX's row-wise linalg.generic ops read the `?` rows from their first input.
// CHECK-LABEL: @softmax_int8_dynamic_rows
// CHECK:       %[[D:.*]] = "tosa.sub"({{.*}} -> tensor<?x10xi32>
// CHECK-NEXT:  %[[K:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[N:.*]] = "tensor.dim"(%[[D]], %[[K]]) : (tensor<?x10xi32>, index) -> index
// CHECK-NEXT:  "tensor.empty"(%[[N]]) : (index) -> tensor<?x10xi32>
// CHECK:       %[[OUT:.*]] = "tensor.empty"(%{{.*}}) : (index) -> tensor<?x10xi8>
// CHECK-NEXT:  "linalg.generic"({{.*}}, %[[OUT]])
func.func @softmax_int8_dynamic_rows(%arg0: tensor<?x10x!x>) -> tensor<?x10x!y> {
  %0 = "tfl.softmax"(%arg0) {beta = 1.0 : f32} : (tensor<?x10x!x>) -> tensor<?x10x!y>
  return %0 : tensor<?x10x!y>
}

// -----

// A SHAPE result the model declares `?` (its size is the input's rank): the static
// tensor.from_elements, then the driver's tensor.cast to the declared type.
// CHECK-LABEL: @shape_of_unknown_size
// CHECK:       %[[S:.*]] = "tensor.from_elements"(%{{.*}}, %{{.*}}) : (i32, i32) -> tensor<2xi32>
// CHECK-NEXT:  %[[C:.*]] = "tensor.cast"(%[[S]]) : (tensor<2xi32>) -> tensor<?xi32>
// CHECK-NEXT:  return %[[C]]
func.func @shape_of_unknown_size(%arg0: tensor<?x5xf32>) -> tensor<?xi32> {
  %0 = "tfl.shape"(%arg0) {out_type = "INT32"} : (tensor<?x5xf32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
