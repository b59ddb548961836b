// Golden test of legalize/families/movement/slicing.py: SLICE, STRIDED_SLICE, SPLIT, SPLIT_V and UNPACK become
// tosa.slice (plus tosa.reverse, tosa.pad and tosa.reshape for strides), DYNAMIC_UPDATE_SLICE a
// tosa.scatter, on f32, and the same ops on stored int8 values between quant.scast when input
// and results share one quantization (DYNAMIC_UPDATE_SLICE: whatever the quantization); the
// reasons each pattern declines an instance, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// begin [1, 0, 2], size [1, -1, 4] of a 2x5x7: size -1 runs to the end, 5 - 0 = 5.
// CHECK-LABEL: @slice_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x5x7xf32>)
// CHECK-DAG:     %[[START:.*]] = "tosa.const_shape"() {values = dense<[1, 0, 2]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 5, 4]> : tensor<3xindex>}
// CHECK:         %[[Y:.*]] = "tosa.slice"(%[[X]], %[[START]], %[[SIZE]]) : (tensor<2x5x7xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x5x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @slice_f32(%arg0: tensor<2x5x7xf32>) -> tensor<1x5x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[1, -1, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  %2 = "tfl.slice"(%arg0, %0, %1) : (tensor<2x5x7xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x5x4xf32>
  return %2 : tensor<1x5x4xf32>
}

// -----

// int64 begin and size; size -1 on the last axis: 6 - 2 = 4.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @slice_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<3x4x6xi8>
// CHECK-DAG:     %[[START:.*]] = "tosa.const_shape"() {values = dense<[0, 1, 2]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 4]> : tensor<3xindex>}
// CHECK:         %[[MOVED:.*]] = "tosa.slice"(%[[STORED]], %[[START]], %[[SIZE]]) : (tensor<3x4x6xi8>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x4xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<2x3x4xi8> to tensor<2x3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @slice_int8_on_storage(%arg0: tensor<3x4x6x!q>) -> tensor<2x3x4x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "tfl.pseudo_const"() {value = dense<[2, 3, -1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "tfl.slice"(%arg0, %0, %1) : (tensor<3x4x6x!q>, tensor<3xi64>, tensor<3xi64>) -> tensor<2x3x4x!q>
  return %2 : tensor<2x3x4x!q>
}

// -----

// begin computed at run time (onnx2tf's loop bodies): tensor.extract_slice at the operand's
// offsets; the constant size stays static, its -1 being 5 - begin[1].
// CHECK-LABEL: @slice_runtime_begin
// CHECK-SAME:    (%[[X:.*]]: tensor<2x5x7xf32>, %[[BEGIN:.*]]: tensor<3xi32>)
// CHECK:         %[[B0:.*]] = "tensor.extract"(%[[BEGIN]], %{{.*}})
// CHECK-NEXT:    %[[O0:.*]] = "arith.index_cast"(%[[B0]]) : (i32) -> index
// CHECK:         %[[B1:.*]] = "tensor.extract"(%[[BEGIN]], %{{.*}})
// CHECK-NEXT:    %[[O1:.*]] = "arith.index_cast"(%[[B1]]) : (i32) -> index
// CHECK-NEXT:    %[[FIVE:.*]] = arith.constant 5 : index
// CHECK-NEXT:    %[[REST:.*]] = "arith.subi"(%[[FIVE]], %[[O1]])
// CHECK:         %[[B2:.*]] = "tensor.extract"(%[[BEGIN]], %{{.*}})
// CHECK-NEXT:    %[[O2:.*]] = "arith.index_cast"(%[[B2]]) : (i32) -> index
// CHECK-NEXT:    %[[PART:.*]] = "tensor.extract_slice"(%[[X]], %[[O0]], %[[O1]], %[[O2]], %[[REST]]) 
// CHECK-SAME:      static_sizes = array<i64: 1, -9223372036854775808, 4>
// CHECK-SAME:      -> tensor<1x?x4xf32>
// CHECK-NEXT:    %[[Y:.*]] = "tensor.cast"(%[[PART]]) : (tensor<1x?x4xf32>) -> tensor<1x5x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @slice_runtime_begin(%arg0: tensor<2x5x7xf32>, %arg1: tensor<3xi32>) -> tensor<1x5x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, -1, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.slice"(%arg0, %arg1, %0) : (tensor<2x5x7xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x5x4xf32>
  return %1 : tensor<1x5x4xf32>
}

// -----

// Quantized, size computed at run time: the slice moves stored values (each size -1 is the
// rest of its dimension past the constant begin).
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @slice_int8_runtime_size
// CHECK-SAME:    (%[[X:.*]]: tensor<2x5x7x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[SIZE:.*]]: tensor<3xi32>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]]
// CHECK:         %[[S0:.*]] = "arith.index_cast"
// CHECK-NEXT:    %[[REST0:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[MINUS1:.*]] = arith.constant -1 : index
// CHECK-NEXT:    %[[TO_END0:.*]] = "arith.cmpi"(%[[S0]], %[[MINUS1]]) {predicate = 0 : i64}
// CHECK-NEXT:    %[[N0:.*]] = "arith.select"(%[[TO_END0]], %[[REST0]], %[[S0]])
// CHECK:         %[[PART:.*]] = "tensor.extract_slice"(%[[STORED]], %[[N0]], %{{[^,)]*}}, %{{[^,)]*}})
// CHECK-SAME:      static_offsets = array<i64: 1, 0, 2>
// CHECK-SAME:      (tensor<2x5x7xi8>, index, index, index) -> tensor<?x?x?xi8>
// CHECK-NEXT:    %[[CAST:.*]] = "tensor.cast"(%[[PART]]) : (tensor<?x?x?xi8>) -> tensor<1x5x4xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[CAST]]
// CHECK-NEXT:    return %[[Y]]
func.func @slice_int8_runtime_size(%arg0: tensor<2x5x7x!q>, %arg1: tensor<3xi32>) -> tensor<1x5x4x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.slice"(%arg0, %0, %arg1) : (tensor<2x5x7x!q>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x5x4x!q>
  return %1 : tensor<1x5x4x!q>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.1:-3>
// CHECK-LABEL: @slice_declines_quantized_differently
// CHECK-SAME:    (%[[X:.*]]: tensor<2x5x7x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x5x7xf32>
// CHECK-DAG:     %[[START:.*]] = "tosa.const_shape"() {values = dense<[1, 0, 2]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 5, 4]> : tensor<3xindex>}
// CHECK:         %[[SLICED:.*]] = "tosa.slice"(%[[REAL]], %[[START]], %[[SIZE]]) : (tensor<2x5x7xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x5x4xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[SLICED]] : tensor<1x5x4xf32> to tensor<1x5x4x!quant.uniform<i8:f32, 1.000000e-01:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @slice_declines_quantized_differently(%arg0: tensor<2x5x7x!q>) -> tensor<1x5x4x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[1, -1, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %2 = "tfl.slice"(%arg0, %0, %1) : (tensor<2x5x7x!q>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x5x4x!r>
  return %2 : tensor<1x5x4x!r>
}

// -----

!p = !quant.uniform<i8:f32:2, {0.05:-3, 0.1:-3, 0.2:-3, 0.4:-3}>
// CHECK-LABEL: @slice_declines_per_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<2x5x4x!quant.uniform<i8:f32:2, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3,4.000000e-01:-3}>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x5x4xf32>
// CHECK:         %[[SLICED:.*]] = "tosa.slice"(%[[REAL]], {{.*}}) : (tensor<2x5x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x4xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[SLICED]] : tensor<1x3x4xf32> to tensor<1x3x4x!quant.uniform<i8:f32:2, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3,4.000000e-01:-3}>>
// CHECK-NEXT:    return %[[Y]]
func.func @slice_declines_per_axis(%arg0: tensor<2x5x4x!p>) -> tensor<1x3x4x!p> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[1, 3, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{fallback: not every moved value is per-tensor quantized}}
  %2 = "tfl.slice"(%arg0, %0, %1) : (tensor<2x5x4x!p>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x3x4x!p>
  return %2 : tensor<1x3x4x!p>
}

// -----

// CHECK-LABEL: @slice_declines_empty_tensor
// CHECK:         "tfl.slice"({{.*}}) : (tensor<2x5x7xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x0x4xf32>
// CHECK-NOT:     tosa
func.func @slice_declines_empty_tensor(%arg0: tensor<2x5x7xf32>) -> tensor<1x0x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[1, 0, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{unlowered: empty tensor: result 0 (tensor<1x0x4xf32>)}}
  %2 = "tfl.slice"(%arg0, %0, %1) : (tensor<2x5x7xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x0x4xf32>
  return %2 : tensor<1x0x4xf32>
}

// -----

// CHECK-LABEL: @slice_declines_dynamic_shape
// CHECK:         "tfl.slice"({{.*}}) : (tensor<2x?x7xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x5x4xf32>
// CHECK-NOT:     tosa
func.func @slice_declines_dynamic_shape(%arg0: tensor<2x?x7xf32>) -> tensor<1x5x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[1, 5, 4]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<2x?x7xf32>)}}
  %2 = "tfl.slice"(%arg0, %0, %1) : (tensor<2x?x7xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x5x4xf32>
  return %2 : tensor<1x5x4xf32>
}

// -----

// x[:, 1:6:2, ::3, :] of a 2x7x9x5 (begin_mask = end_mask = 0b1001). StartForAxis/EndForAxis
// (reference/strided_slice.h) select rows 1, 3, 5 and columns 0, 3, 6. Whole groups of 2
// rows from row 1 (6 rows: 1..6) and of 3 columns from column 0 (9: 0..8) fit in the input,
// so one tosa.slice takes start [0, 1, 0, 0], size [2, 6, 9, 5] and no tosa.pad is needed;
// each strided axis splits into (count, step) = (3, 2) and (3, 3), and the first of each
// group stays.
// CHECK-LABEL: @strided_slice_f32_masks
// CHECK-SAME:    (%[[X:.*]]: tensor<2x7x9x5xf32>)
// CHECK-DAG:     %[[BOX_START:.*]] = "tosa.const_shape"() {values = dense<[0, 1, 0, 0]> : tensor<4xindex>}
// CHECK-DAG:     %[[BOX_SIZE:.*]] = "tosa.const_shape"() {values = dense<[2, 6, 9, 5]> : tensor<4xindex>}
// CHECK:         %[[BOX:.*]] = "tosa.slice"(%[[X]], %[[BOX_START]], %[[BOX_SIZE]]) : (tensor<2x7x9x5xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x6x9x5xf32>
// CHECK-NOT:     "tosa.pad"
// CHECK:         %[[GROUPS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 3, 2, 3, 3, 5, 1]> : tensor<8xindex>}
// CHECK-NEXT:    %[[GROUPS:.*]] = "tosa.reshape"(%[[BOX]], %[[GROUPS_SHAPE]]) : (tensor<2x6x9x5xf32>, !tosa.shape<8>) -> tensor<2x1x3x2x3x3x5x1xf32>
// CHECK-DAG:     %[[ZEROS:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<8xindex>}
// CHECK-DAG:     %[[FIRSTS:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 3, 1, 3, 1, 5, 1]> : tensor<8xindex>}
// CHECK:         %[[FIRST:.*]] = "tosa.slice"(%[[GROUPS]], %[[ZEROS]], %[[FIRSTS]]) : (tensor<2x1x3x2x3x3x5x1xf32>, !tosa.shape<8>, !tosa.shape<8>) -> tensor<2x1x3x1x3x1x5x1xf32>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 3, 5]> : tensor<4xindex>}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.reshape"(%[[FIRST]], %[[OUT_SHAPE]]) : (tensor<2x1x3x1x3x1x5x1xf32>, !tosa.shape<4>) -> tensor<2x3x3x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @strided_slice_f32_masks(%arg0: tensor<2x7x9x5xf32>) -> tensor<2x3x3x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 1, 0, 0]> : tensor<4xi32>} : () -> tensor<4xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[0, 6, 9, 0]> : tensor<4xi32>} : () -> tensor<4xi32>
  %2 = "tfl.pseudo_const"() {value = dense<[1, 2, 3, 1]> : tensor<4xi32>} : () -> tensor<4xi32>
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 9 : i32, ellipsis_mask = 0 : i32, end_mask = 9 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<2x7x9x5xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) -> tensor<2x3x3x5xf32>
  return %3 : tensor<2x3x3x5xf32>
}

// -----

// x[:, 7::-3] of a 4x9 (begin_mask 0b01, end_mask 0b11): columns 7, 4, 1. The box holds
// columns 1..7; one more column (0) completes it to 8 = 3 groups of 3 less one, the input has
// no column -1, so after tosa.reverse (columns 7..0) one column of padding ([0, 0, 0, 1])
// completes the last group: 7 6 5 | 4 3 2 | 1 0 pad, and the first of each group stays.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @strided_slice_int8_negative_stride_padded
// CHECK-SAME:    (%[[X:.*]]: tensor<4x9x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<4x9xi8>
// CHECK-DAG:     %[[BOX_START:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK-DAG:     %[[BOX_SIZE:.*]] = "tosa.const_shape"() {values = dense<[4, 8]> : tensor<2xindex>}
// CHECK:         %[[BOX:.*]] = "tosa.slice"(%[[STORED]], %[[BOX_START]], %[[BOX_SIZE]]) : (tensor<4x9xi8>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<4x8xi8>
// CHECK-NEXT:    %[[REVERSED:.*]] = "tosa.reverse"(%[[BOX]]) {axis = 1 : i32} : (tensor<4x8xi8>) -> tensor<4x8xi8>
// CHECK-DAG:     %[[FILL:.*]] = "tosa.const"() {values = dense<0> : tensor<1xi8>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 0, 1]> : tensor<4xindex>}
// CHECK:         %[[PADDED:.*]] = "tosa.pad"(%[[REVERSED]], %[[PADDING]], %[[FILL]]) : (tensor<4x8xi8>, !tosa.shape<4>, tensor<1xi8>) -> tensor<4x9xi8>
// CHECK-NEXT:    %[[GROUPS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[4, 1, 3, 3]> : tensor<4xindex>}
// CHECK-NEXT:    %[[GROUPS:.*]] = "tosa.reshape"(%[[PADDED]], %[[GROUPS_SHAPE]]) : (tensor<4x9xi8>, !tosa.shape<4>) -> tensor<4x1x3x3xi8>
// CHECK-DAG:     %[[ZEROS:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<4xindex>}
// CHECK-DAG:     %[[FIRSTS:.*]] = "tosa.const_shape"() {values = dense<[4, 1, 3, 1]> : tensor<4xindex>}
// CHECK:         %[[FIRST:.*]] = "tosa.slice"(%[[GROUPS]], %[[ZEROS]], %[[FIRSTS]]) : (tensor<4x1x3x3xi8>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<4x1x3x1xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[4, 3]> : tensor<2xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[FIRST]], %[[OUT_SHAPE]]) : (tensor<4x1x3x1xi8>, !tosa.shape<2>) -> tensor<4x3xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<4x3xi8> to tensor<4x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @strided_slice_int8_negative_stride_padded(%arg0: tensor<4x9x!q>) -> tensor<4x3x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 7]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.pseudo_const"() {value = dense<[1, -3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 1 : i32, ellipsis_mask = 0 : i32, end_mask = 3 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<4x9x!q>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x3x!q>
  return %3 : tensor<4x3x!q>
}

// -----

// x[::-1, 5:0:-2] of a 5x7 (begin_mask = end_mask = 0b01): rows 4..0; columns 5, 3, 1 (end 0
// is exclusive). Box rows 0..4 and columns 1..5, grown to column 0 to make 3 groups of 2;
// both axes reversed (rows 4..0, columns 5..0), groups 5 4 | 3 2 | 1 0.
// CHECK-LABEL: @strided_slice_f32_negative_strides
// CHECK-SAME:    (%[[X:.*]]: tensor<5x7xf32>)
// CHECK-DAG:     %[[BOX_START:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK-DAG:     %[[BOX_SIZE:.*]] = "tosa.const_shape"() {values = dense<[5, 6]> : tensor<2xindex>}
// CHECK:         %[[BOX:.*]] = "tosa.slice"(%[[X]], %[[BOX_START]], %[[BOX_SIZE]]) : (tensor<5x7xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<5x6xf32>
// CHECK-NEXT:    %[[ROWS_REVERSED:.*]] = "tosa.reverse"(%[[BOX]]) {axis = 0 : i32}
// CHECK-NEXT:    %[[REVERSED:.*]] = "tosa.reverse"(%[[ROWS_REVERSED]]) {axis = 1 : i32}
// CHECK-NOT:     "tosa.pad"
// CHECK:         %[[GROUPS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[5, 1, 3, 2]> : tensor<4xindex>}
// CHECK-NEXT:    %[[GROUPS:.*]] = "tosa.reshape"(%[[REVERSED]], %[[GROUPS_SHAPE]]) : (tensor<5x6xf32>, !tosa.shape<4>) -> tensor<5x1x3x2xf32>
// CHECK-DAG:     %[[ZEROS:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<4xindex>}
// CHECK-DAG:     %[[FIRSTS:.*]] = "tosa.const_shape"() {values = dense<[5, 1, 3, 1]> : tensor<4xindex>}
// CHECK:         %[[FIRST:.*]] = "tosa.slice"(%[[GROUPS]], %[[ZEROS]], %[[FIRSTS]])
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[FIRST]], %{{.*}}) : (tensor<5x1x3x1xf32>, !tosa.shape<2>) -> tensor<5x3xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @strided_slice_f32_negative_strides(%arg0: tensor<5x7xf32>) -> tensor<5x3xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.pseudo_const"() {value = dense<[-1, -2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 1 : i32, ellipsis_mask = 0 : i32, end_mask = 1 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<5x7xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<5x3xf32>
  return %3 : tensor<5x3xf32>
}

// -----

// begin [-4, 1], end [100, -1], strides [3, 2] of a 6x9: rows -4 + 6 = 2 to min(100, 6),
// i.e. 2, 5; columns 1 to -1 + 9 = 8, i.e. 1, 3, 5, 7. Rows 2..5 are one group of 3 plus one
// row; the input ends at row 5, so tosa.pad adds 2 rows ([0, 2, 0, 0]) for the second group.
// Columns 1..8 are 4 whole groups of 2.
// CHECK-LABEL: @strided_slice_f32_clamped
// CHECK-SAME:    (%[[X:.*]]: tensor<6x9xf32>)
// CHECK-DAG:     %[[BOX_START:.*]] = "tosa.const_shape"() {values = dense<[2, 1]> : tensor<2xindex>}
// CHECK-DAG:     %[[BOX_SIZE:.*]] = "tosa.const_shape"() {values = dense<[4, 8]> : tensor<2xindex>}
// CHECK:         %[[BOX:.*]] = "tosa.slice"(%[[X]], %[[BOX_START]], %[[BOX_SIZE]]) : (tensor<6x9xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<4x8xf32>
// CHECK-DAG:     %[[FILL:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[0, 2, 0, 0]> : tensor<4xindex>}
// CHECK:         %[[PADDED:.*]] = "tosa.pad"(%[[BOX]], %[[PADDING]], %[[FILL]]) : (tensor<4x8xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<6x8xf32>
// CHECK-NEXT:    %[[GROUPS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 4, 2]> : tensor<4xindex>}
// CHECK-NEXT:    %[[GROUPS:.*]] = "tosa.reshape"(%[[PADDED]], %[[GROUPS_SHAPE]]) : (tensor<6x8xf32>, !tosa.shape<4>) -> tensor<2x3x4x2xf32>
// CHECK-DAG:     %[[FIRSTS:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 4, 1]> : tensor<4xindex>}
// CHECK:         %[[FIRST:.*]] = "tosa.slice"(%[[GROUPS]], %{{.*}}, %[[FIRSTS]]) : (tensor<2x3x4x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x1x4x1xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[FIRST]], %{{.*}}) : (tensor<2x1x4x1xf32>, !tosa.shape<2>) -> tensor<2x4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @strided_slice_f32_clamped(%arg0: tensor<6x9xf32>) -> tensor<2x4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[-4, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[100, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.pseudo_const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<6x9xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x4xf32>
  return %3 : tensor<2x4xf32>
}

// -----

// x[..., 1, tf.newaxis] of a 3x4x5x6 (ellipsis_mask 0b001, shrink_axis_mask 0b010,
// new_axis_mask 0b100): the ellipsis covers axes 0..2, index 1 of the last axis is kept
// (then dropped), and the new axis is a unit axis appended by the first reshape.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @strided_slice_int8_ellipsis_shrink_new_axis
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x5x6x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<3x4x5x6xi8>
// CHECK-NEXT:    %[[NEW_AXIS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 4, 5, 6, 1]> : tensor<5xindex>}
// CHECK-NEXT:    %[[NEW_AXIS:.*]] = "tosa.reshape"(%[[STORED]], %[[NEW_AXIS_SHAPE]]) : (tensor<3x4x5x6xi8>, !tosa.shape<5>) -> tensor<3x4x5x6x1xi8>
// CHECK-DAG:     %[[START:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 0, 1, 0]> : tensor<5xindex>}
// CHECK-DAG:     %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[3, 4, 5, 1, 1]> : tensor<5xindex>}
// CHECK:         %[[ONE:.*]] = "tosa.slice"(%[[NEW_AXIS]], %[[START]], %[[SIZE]]) : (tensor<3x4x5x6x1xi8>, !tosa.shape<5>, !tosa.shape<5>) -> tensor<3x4x5x1x1xi8>
// CHECK-NEXT:    %[[OUT_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[3, 4, 5, 1]> : tensor<4xindex>}
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.reshape"(%[[ONE]], %[[OUT_SHAPE]]) : (tensor<3x4x5x1x1xi8>, !tosa.shape<4>) -> tensor<3x4x5x1xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x4x5x1xi8> to tensor<3x4x5x1x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @strided_slice_int8_ellipsis_shrink_new_axis(%arg0: tensor<3x4x5x6x!q>) -> tensor<3x4x5x1x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[0, 1, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[0, 2, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %2 = "tfl.pseudo_const"() {value = dense<1> : tensor<3xi32>} : () -> tensor<3xi32>
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 0 : i32, ellipsis_mask = 1 : i32, end_mask = 0 : i32, new_axis_mask = 4 : i32, offset = false, shrink_axis_mask = 2 : i32} : (tensor<3x4x5x6x!q>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3x4x5x1x!q>
  return %3 : tensor<3x4x5x1x!q>
}

// -----

// offset = true: end counts from begin (StridedSliceEndForAxis: end += start). Rows 1 to
// 1 + 2 = 3: 1, 2; columns 2 to 2 + 3 = 5 by 2: 2, 4. Box columns 2..5 (2 groups of 2).
// CHECK-LABEL: @strided_slice_f32_offset
// CHECK-SAME:    (%[[X:.*]]: tensor<4x7xf32>)
// CHECK-DAG:     %[[BOX_START:.*]] = "tosa.const_shape"() {values = dense<[1, 2]> : tensor<2xindex>}
// CHECK-DAG:     %[[BOX_SIZE:.*]] = "tosa.const_shape"() {values = dense<[2, 4]> : tensor<2xindex>}
// CHECK:         %[[BOX:.*]] = "tosa.slice"(%[[X]], %[[BOX_START]], %[[BOX_SIZE]]) : (tensor<4x7xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x4xf32>
// CHECK-NEXT:    %[[GROUPS_SHAPE:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 2, 2]> : tensor<4xindex>}
// CHECK-NEXT:    %[[GROUPS:.*]] = "tosa.reshape"(%[[BOX]], %[[GROUPS_SHAPE]])
// CHECK-DAG:     %[[FIRSTS:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 2, 1]> : tensor<4xindex>}
// CHECK:         %[[FIRST:.*]] = "tosa.slice"(%[[GROUPS]], %{{.*}}, %[[FIRSTS]])
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[FIRST]], %{{.*}}) : (tensor<2x1x2x1xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @strided_slice_f32_offset(%arg0: tensor<4x7xf32>) -> tensor<2x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = true, shrink_axis_mask = 0 : i32} : (tensor<4x7xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %3 : tensor<2x2xf32>
}

// -----

// x[1:3] of a 4x7 has 2 rows; the result type claims 3.
// CHECK-LABEL: @strided_slice_declines_shape_mismatch
// CHECK:         "tfl.strided_slice"
// CHECK-NOT:     tosa
func.func @strided_slice_declines_shape_mismatch(%arg0: tensor<4x7xf32>) -> tensor<3x7xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[3, 7]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.pseudo_const"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: TFLite's rules give shape [2, 7], the model says [3, 7]}}
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<4x7xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3x7xf32>
  return %3 : tensor<3x7xf32>
}

// -----

// Shrinking axis 0 at index 5 of 3 rows: the start clamps to 3, past the last row, and the
// shrunk axis selects nothing (the result type, which drops that axis, is not empty).
// CHECK-LABEL: @strided_slice_declines_empty_slice
// CHECK:         "tfl.strided_slice"
// CHECK-NOT:     tosa
func.func @strided_slice_declines_empty_slice(%arg0: tensor<3x4xf32>) -> tensor<4xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[5, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[6, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.pseudo_const"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: empty slice}}
  %3 = "tfl.strided_slice"(%arg0, %0, %1, %2) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 1 : i32} : (tensor<3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

// CHECK-LABEL: @strided_slice_declines_runtime_strides
// CHECK-SAME:    (%[[X:.*]]: tensor<4x7xf32>, %[[STRIDES:.*]]: tensor<2xi32>)
// CHECK:         "tfl.strided_slice"(%[[X]], %{{.*}}, %{{.*}}, %[[STRIDES]])
// CHECK-NOT:     tosa
func.func @strided_slice_declines_runtime_strides(%arg0: tensor<4x7xf32>, %arg1: tensor<2xi32>) -> tensor<2x7xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<[3, 7]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-remark@+1 {{unlowered: operand 3 (strides) is not a compile-time constant}}
  %2 = "tfl.strided_slice"(%arg0, %0, %1, %arg1) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32} : (tensor<4x7xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x7xf32>
  return %2 : tensor<2x7xf32>
}

// -----

// SPLIT (axis first) of the 6 columns of axis 2 into 3: starts 0, 2, 4, each 2 wide.
// CHECK-LABEL: @split_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x6xf32>)
// CHECK-DAG:     %[[START0:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE0:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 2]> : tensor<3xindex>}
// CHECK:         %[[Y0:.*]] = "tosa.slice"(%[[X]], %[[START0]], %[[SIZE0]]) : (tensor<2x3x6xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x2xf32>
// CHECK-DAG:     %[[START1:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 2]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE1:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 2]> : tensor<3xindex>}
// CHECK:         %[[Y1:.*]] = "tosa.slice"(%[[X]], %[[START1]], %[[SIZE1]])
// CHECK-DAG:     %[[START2:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 4]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE2:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 2]> : tensor<3xindex>}
// CHECK:         %[[Y2:.*]] = "tosa.slice"(%[[X]], %[[START2]], %[[SIZE2]])
// CHECK-NEXT:    return %[[Y0]], %[[Y1]], %[[Y2]]
func.func @split_f32(%arg0: tensor<2x3x6xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>) {
  %0 = "tfl.pseudo_const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %1, %2, %3 = "tfl.split"(%0, %arg0) {num_splits = 3 : i32} : (tensor<i32>, tensor<2x3x6xf32>) -> (tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>)
  return %1, %2, %3 : tensor<2x3x2xf32>, tensor<2x3x2xf32>, tensor<2x3x2xf32>
}

// -----

// axis -3 of rank 3 is axis 0: rows 0..1 and 2..3.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @split_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<4x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<4x3x5xi8>
// CHECK-DAG:     %[[START0:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE0:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 5]> : tensor<3xindex>}
// CHECK:         %[[PART0:.*]] = "tosa.slice"(%[[STORED]], %[[START0]], %[[SIZE0]]) : (tensor<4x3x5xi8>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x5xi8>
// CHECK-DAG:     %[[START1:.*]] = "tosa.const_shape"() {values = dense<[2, 0, 0]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE1:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 5]> : tensor<3xindex>}
// CHECK:         %[[PART1:.*]] = "tosa.slice"(%[[STORED]], %[[START1]], %[[SIZE1]])
// CHECK-NEXT:    %[[Y0:.*]] = quant.scast %[[PART0]] : tensor<2x3x5xi8> to tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %[[Y1:.*]] = quant.scast %[[PART1]] : tensor<2x3x5xi8> to tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y0]], %[[Y1]]
func.func @split_int8_on_storage(%arg0: tensor<4x3x5x!q>) -> (tensor<2x3x5x!q>, tensor<2x3x5x!q>) {
  %0 = "tfl.pseudo_const"() {value = dense<-3> : tensor<1xi32>} : () -> tensor<1xi32>
  %1, %2 = "tfl.split"(%0, %arg0) {num_splits = 2 : i32} : (tensor<1xi32>, tensor<4x3x5x!q>) -> (tensor<2x3x5x!q>, tensor<2x3x5x!q>)
  return %1, %2 : tensor<2x3x5x!q>, tensor<2x3x5x!q>
}

// -----

// CHECK-LABEL: @split_declines_runtime_axis
// CHECK-SAME:    (%[[AXIS:.*]]: tensor<i32>, %[[X:.*]]: tensor<2x3x6xf32>)
// CHECK-NEXT:    %[[Y0:[0-9]+]]:2 = "tfl.split"(%[[AXIS]], %[[X]])
// CHECK-NEXT:    return %[[Y0]]#0, %[[Y0]]#1
func.func @split_declines_runtime_axis(%arg0: tensor<i32>, %arg1: tensor<2x3x6xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xf32>) {
  // expected-remark@+1 {{unlowered: operand 0 (axis) is not a compile-time constant}}
  %0, %1 = "tfl.split"(%arg0, %arg1) {num_splits = 2 : i32} : (tensor<i32>, tensor<2x3x6xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xf32>)
  return %0, %1 : tensor<2x3x3xf32>, tensor<2x3x3xf32>
}

// -----

// SPLIT_V size_splits [2, -1, 1] along axis -2 (= 1) of 7 rows: -1 takes the rest, 7 - 3 = 4;
// starts 0, 2, 2 + 4 = 6.
// CHECK-LABEL: @split_v_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x7x3xf32>)
// CHECK-DAG:     %[[START0:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE0:.*]] = "tosa.const_shape"() {values = dense<[2, 2, 3]> : tensor<3xindex>}
// CHECK:         %[[Y0:.*]] = "tosa.slice"(%[[X]], %[[START0]], %[[SIZE0]]) : (tensor<2x7x3xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x2x3xf32>
// CHECK-DAG:     %[[START1:.*]] = "tosa.const_shape"() {values = dense<[0, 2, 0]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE1:.*]] = "tosa.const_shape"() {values = dense<[2, 4, 3]> : tensor<3xindex>}
// CHECK:         %[[Y1:.*]] = "tosa.slice"(%[[X]], %[[START1]], %[[SIZE1]]) : (tensor<2x7x3xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x4x3xf32>
// CHECK-DAG:     %[[START2:.*]] = "tosa.const_shape"() {values = dense<[0, 6, 0]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE2:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 3]> : tensor<3xindex>}
// CHECK:         %[[Y2:.*]] = "tosa.slice"(%[[X]], %[[START2]], %[[SIZE2]]) : (tensor<2x7x3xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x1x3xf32>
// CHECK-NEXT:    return %[[Y0]], %[[Y1]], %[[Y2]]
func.func @split_v_f32(%arg0: tensor<2x7x3xf32>) -> (tensor<2x2x3xf32>, tensor<2x4x3xf32>, tensor<2x1x3xf32>) {
  %0 = "tfl.pseudo_const"() {value = dense<[2, -1, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %1 = "tfl.pseudo_const"() {value = dense<-2> : tensor<1xi32>} : () -> tensor<1xi32>
  %2, %3, %4 = "tfl.split_v"(%arg0, %0, %1) {num_splits = 3 : i32} : (tensor<2x7x3xf32>, tensor<3xi32>, tensor<1xi32>) -> (tensor<2x2x3xf32>, tensor<2x4x3xf32>, tensor<2x1x3xf32>)
  return %2, %3, %4 : tensor<2x2x3xf32>, tensor<2x4x3xf32>, tensor<2x1x3xf32>
}

// -----

!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @split_v_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<3x8x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<3x8xi8>
// CHECK-DAG:     %[[START0:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK-DAG:     %[[SIZE0:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK:         %[[PART0:.*]] = "tosa.slice"(%[[STORED]], %[[START0]], %[[SIZE0]]) : (tensor<3x8xi8>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x5xi8>
// CHECK-DAG:     %[[START1:.*]] = "tosa.const_shape"() {values = dense<[0, 5]> : tensor<2xindex>}
// CHECK-DAG:     %[[SIZE1:.*]] = "tosa.const_shape"() {values = dense<3> : tensor<2xindex>}
// CHECK:         %[[PART1:.*]] = "tosa.slice"(%[[STORED]], %[[START1]], %[[SIZE1]]) : (tensor<3x8xi8>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x3xi8>
// CHECK-NEXT:    %[[Y0:.*]] = quant.scast %[[PART0]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %[[Y1:.*]] = quant.scast %[[PART1]] : tensor<3x3xi8> to tensor<3x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y0]], %[[Y1]]
func.func @split_v_int8_on_storage(%arg0: tensor<3x8x!q>) -> (tensor<3x5x!q>, tensor<3x3x!q>) {
  %0 = "tfl.pseudo_const"() {value = dense<[5, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %2, %3 = "tfl.split_v"(%arg0, %0, %1) {num_splits = 2 : i32} : (tensor<3x8x!q>, tensor<2xi32>, tensor<i32>) -> (tensor<3x5x!q>, tensor<3x3x!q>)
  return %2, %3 : tensor<3x5x!q>, tensor<3x3x!q>
}

// -----

// CHECK-LABEL: @split_v_declines_runtime_size_splits
// CHECK-SAME:    (%[[X:.*]]: tensor<2x7x3xf32>, %[[SIZES:.*]]: tensor<2xi32>)
// CHECK:         %[[Y0:[0-9]+]]:2 = "tfl.split_v"(%[[X]], %[[SIZES]], %{{.*}})
// CHECK-NEXT:    return %[[Y0]]#0, %[[Y0]]#1
func.func @split_v_declines_runtime_size_splits(%arg0: tensor<2x7x3xf32>, %arg1: tensor<2xi32>) -> (tensor<2x2x3xf32>, tensor<2x5x3xf32>) {
  %0 = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-remark@+1 {{unlowered: operand 1 (size_splits) is not a compile-time constant}}
  %1, %2 = "tfl.split_v"(%arg0, %arg1, %0) {num_splits = 2 : i32} : (tensor<2x7x3xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x2x3xf32>, tensor<2x5x3xf32>)
  return %1, %2 : tensor<2x2x3xf32>, tensor<2x5x3xf32>
}

// -----

// UNPACK along axis 1 of a 3x2x5: one 3x1x5 slice per index, reshaped to 3x5.
// CHECK-LABEL: @unpack_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<3x2x5xf32>)
// CHECK-DAG:     %[[START0:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE0:.*]] = "tosa.const_shape"() {values = dense<[3, 1, 5]> : tensor<3xindex>}
// CHECK:         %[[PART0:.*]] = "tosa.slice"(%[[X]], %[[START0]], %[[SIZE0]]) : (tensor<3x2x5xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<3x1x5xf32>
// CHECK-NEXT:    %[[SHAPE0:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y0:.*]] = "tosa.reshape"(%[[PART0]], %[[SHAPE0]]) : (tensor<3x1x5xf32>, !tosa.shape<2>) -> tensor<3x5xf32>
// CHECK-DAG:     %[[START1:.*]] = "tosa.const_shape"() {values = dense<[0, 1, 0]> : tensor<3xindex>}
// CHECK-DAG:     %[[SIZE1:.*]] = "tosa.const_shape"() {values = dense<[3, 1, 5]> : tensor<3xindex>}
// CHECK:         %[[PART1:.*]] = "tosa.slice"(%[[X]], %[[START1]], %[[SIZE1]])
// CHECK-NEXT:    %[[SHAPE1:.*]] = "tosa.const_shape"() {values = dense<[3, 5]> : tensor<2xindex>}
// CHECK-NEXT:    %[[Y1:.*]] = "tosa.reshape"(%[[PART1]], %[[SHAPE1]])
// CHECK-NEXT:    return %[[Y0]], %[[Y1]]
func.func @unpack_f32(%arg0: tensor<3x2x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
  %0, %1 = "tfl.unpack"(%arg0) {axis = 1 : i32, num = 2 : i32} : (tensor<3x2x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>)
  return %0, %1 : tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// axis -1 of a 2x3x5: five 2x3x1 slices at column 0..4.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @unpack_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3x5xi8>
// CHECK-COUNT-2: "tosa.const_shape"
// CHECK-NEXT:    "tosa.slice"(%[[STORED]], %{{.*}}, %{{.*}}) : (tensor<2x3x5xi8>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x3x1xi8>
// CHECK:         %[[START4:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 4]> : tensor<3xindex>}
// CHECK-NEXT:    %[[SIZE4:.*]] = "tosa.const_shape"() {values = dense<[2, 3, 1]> : tensor<3xindex>}
// CHECK-NEXT:    %[[PART4:.*]] = "tosa.slice"(%[[STORED]], %[[START4]], %[[SIZE4]])
// CHECK-NEXT:    %[[SHAPE4:.*]] = "tosa.const_shape"() {values = dense<[2, 3]> : tensor<2xindex>}
// CHECK-NEXT:    %[[MOVED4:.*]] = "tosa.reshape"(%[[PART4]], %[[SHAPE4]]) : (tensor<2x3x1xi8>, !tosa.shape<2>) -> tensor<2x3xi8>
// CHECK-COUNT-4: quant.scast %{{.*}} : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %[[Y4:.*]] = quant.scast %[[MOVED4]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return {{.*}}, %[[Y4]]
func.func @unpack_int8_on_storage(%arg0: tensor<2x3x5x!q>) -> (tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>) {
  %0:5 = "tfl.unpack"(%arg0) {axis = -1 : i32, num = 5 : i32} : (tensor<2x3x5x!q>) -> (tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>)
  return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>, tensor<2x3x!q>
}

// -----

// One result quantized differently (zero point 0, printed without it) is enough to fall back;
// each result gets its own qcast.
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.05:0>
// CHECK-LABEL: @unpack_declines_quantized_differently
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK-NEXT:    %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3xf32>
// CHECK:         %[[ROW0:.*]] = "tosa.reshape"({{.*}}) : (tensor<1x3xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK:         %[[ROW1:.*]] = "tosa.reshape"({{.*}}) : (tensor<1x3xf32>, !tosa.shape<1>) -> tensor<3xf32>
// CHECK-NEXT:    %[[Y0:.*]] = quant.qcast %[[ROW0]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    %[[Y1:.*]] = quant.qcast %[[ROW1]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 5.000000e-02>>
// CHECK-NEXT:    return %[[Y0]], %[[Y1]]
func.func @unpack_declines_quantized_differently(%arg0: tensor<2x3x!q>) -> (tensor<3x!q>, tensor<3x!r>) {
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %0, %1 = "tfl.unpack"(%arg0) {axis = 0 : i32, num = 2 : i32} : (tensor<2x3x!q>) -> (tensor<3x!q>, tensor<3x!r>)
  return %0, %1 : tensor<3x!q>, tensor<3x!r>
}

// -----

// Start [3, -1] clamps to [2, 0] so the 2x3 update fits the 4x5 operand: one tosa.scatter
// of the flattened operand at the update's flat positions 2 * 5 + [0, 1, 2, 5, 6, 7].
// CHECK-LABEL: @dynamic_update_slice_constant_start
// CHECK-SAME:    (%[[X:.*]]: tensor<4x5xf32>, %[[U:.*]]: tensor<2x3xf32>)
// CHECK:         %[[IDX:.*]] = "tosa.const"() {values = dense<{{\[\[}}10, 11, 12, 15, 16, 17]]> : tensor<1x6xi32>}
// CHECK:         %[[FLAT:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<1x20x1xf32>
// CHECK:         %[[ROWS:.*]] = "tosa.reshape"(%[[U]], %{{.*}}) : {{.*}} -> tensor<1x6x1xf32>
// CHECK-NEXT:    %[[S:.*]] = "tosa.scatter"(%[[FLAT]], %[[IDX]], %[[ROWS]]) : (tensor<1x20x1xf32>, tensor<1x6xi32>, tensor<1x6x1xf32>) -> tensor<1x20x1xf32>
// CHECK:         %[[Y:.*]] = "tosa.reshape"(%[[S]], %{{.*}}) : {{.*}} -> tensor<4x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @dynamic_update_slice_constant_start(%arg0: tensor<4x5xf32>, %arg1: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[3, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.dynamic_update_slice"(%arg0, %arg1, %0) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  return %1 : tensor<4x5xf32>
}

// -----

// A runtime i64 start: clamped to [0, [2, 2]] in i64, cast to i32, its flat position
// (strides [5, 1], tosa.reduce_sum) added to the update's offsets. TFLite copies the stored
// bytes whatever the quantization: the scatter runs on them.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @dynamic_update_slice_runtime_start_int8
// CHECK-SAME:    %[[START:[^:]*]]: tensor<2xi64>
// CHECK:         %[[X:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<4x5xi8>
// CHECK-NEXT:    %[[U:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<2x3xi8>
// CHECK-NEXT:    %[[ZERO:.*]] = "tosa.const"() {values = dense<0> : tensor<2xi64>}
// CHECK-NEXT:    %[[LOW:.*]] = "tosa.maximum"(%[[START]], %[[ZERO]]) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
// CHECK-NEXT:    %[[LIMITS:.*]] = "tosa.const"() {values = dense<2> : tensor<2xi64>}
// CHECK-NEXT:    %[[CLAMPED:.*]] = "tosa.minimum"(%[[LOW]], %[[LIMITS]])
// CHECK-NEXT:    %[[S32:.*]] = "tosa.cast"(%[[CLAMPED]]) : (tensor<2xi64>) -> tensor<2xi32>
// CHECK-NEXT:    %[[STRIDES:.*]] = "tosa.const"() {values = dense<[5, 1]> : tensor<2xi32>}
// CHECK:         %[[SCALED:.*]] = "tosa.mul"(%[[S32]], %[[STRIDES]], %{{.*}})
// CHECK-NEXT:    %[[BASE:.*]] = "tosa.reduce_sum"(%[[SCALED]]) {axis = 0 : i32} : (tensor<2xi32>) -> tensor<1xi32>
// CHECK:         %[[BASE2:.*]] = "tosa.reshape"(%[[BASE]], %{{.*}}) : {{.*}} -> tensor<1x1xi32>
// CHECK-NEXT:    %[[OFFSETS:.*]] = "tosa.const"() {values = dense<{{\[\[}}0, 1, 2, 5, 6, 7]]> : tensor<1x6xi32>}
// CHECK-NEXT:    %[[IDX:.*]] = "tosa.add"(%[[BASE2]], %[[OFFSETS]]) : (tensor<1x1xi32>, tensor<1x6xi32>) -> tensor<1x6xi32>
// CHECK:         %[[FLAT:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<1x20x1xi8>
// CHECK:         %[[ROWS:.*]] = "tosa.reshape"(%[[U]], %{{.*}}) : {{.*}} -> tensor<1x6x1xi8>
// CHECK-NEXT:    %[[S:.*]] = "tosa.scatter"(%[[FLAT]], %[[IDX]], %[[ROWS]])
// CHECK:         %[[MOVED:.*]] = "tosa.reshape"(%[[S]], %{{.*}}) : {{.*}} -> tensor<4x5xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<4x5xi8> to tensor<4x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @dynamic_update_slice_runtime_start_int8(%arg0: tensor<4x5x!q>, %arg1: tensor<2x3x!q>, %arg2: tensor<2xi64>) -> tensor<4x5x!q> {
  %0 = "tfl.dynamic_update_slice"(%arg0, %arg1, %arg2) : (tensor<4x5x!q>, tensor<2x3x!q>, tensor<2xi64>) -> tensor<4x5x!q>
  return %0 : tensor<4x5x!q>
}
