// Golden test of legalize/families/movement/padding.py: PAD and PADV2 become tosa.pad, MIRROR_PAD a tosa.concat of
// reversed slices around the input, DILATE the input interleaved with tiled padding values; on int8 the same ops on stored values, PAD filling with the
// output zero point and PADV2 with the constant's stored value (docs/tflite-integer-semantics.md
// §19); the reasons each pattern declines an instance, as remarks.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// Ops that stay tfl.* (unlowered) are unregistered upstream, hence --allow-unregistered-dialect.
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

// paddings [[0, 0], [1, 2], [3, 0]] flatten to tosa.pad's [before, after] per axis; real 0.
// CHECK-LABEL: @pad_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 1, 2, 3, 0]> : tensor<6xindex>}
// CHECK:         %[[Y:.*]] = "tosa.pad"(%[[X]], %[[PADDING]], %[[ZERO]]) : (tensor<2x3x5xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<2x6x8xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_f32(%arg0: tensor<2x3x5xf32>) -> tensor<2x6x8xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [1, 2], [3, 0]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %1 = "tfl.pad"(%arg0, %0) : (tensor<2x3x5xf32>, tensor<3x2xi32>) -> tensor<2x6x8xf32>
  return %1 : tensor<2x6x8xf32>
}

// -----

// pad.cc: the pad value is the output zero point (-32), the stored value of real 0.
!q = !quant.uniform<i8:f32, 0.015682615339756012:-32>
// CHECK-LABEL: @pad_int8_pads_with_the_output_zero_point
// CHECK-SAME:    (%[[X:.*]]: tensor<1x5x7x3x!quant.uniform<i8:f32, 0.015682615339756012:-32>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<1x5x7x3xi8>
// CHECK-DAG:     %[[OUTPUT_ZERO_POINT:.*]] = "tosa.const"() {values = dense<-32> : tensor<1xi8>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 1, 2, 3, 0, 0, 0]> : tensor<8xindex>}
// CHECK:         %[[MOVED:.*]] = "tosa.pad"(%[[STORED]], %[[PADDING]], %[[OUTPUT_ZERO_POINT]]) : (tensor<1x5x7x3xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x8x10x3xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<1x8x10x3xi8> to tensor<1x8x10x3x!quant.uniform<i8:f32, 0.015682615339756012:-32>>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_int8_pads_with_the_output_zero_point(%arg0: tensor<1x5x7x3x!q>) -> tensor<1x8x10x3x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [1, 2], [3, 0], [0, 0]]> : tensor<4x2xi32>} : () -> tensor<4x2xi32>
  %1 = "tfl.pad"(%arg0, %0) : (tensor<1x5x7x3x!q>, tensor<4x2xi32>) -> tensor<1x8x10x3x!q>
  return %1 : tensor<1x8x10x3x!q>
}

// -----

// PAD copies stored values raw whatever the quantization (no input-vs-output check in pad.cc)
// and fills with the output's zero point, 5 here (not the input's -3).
!q = !quant.uniform<i8:f32, 0.05:-3>
!r = !quant.uniform<i8:f32, 0.02:5>
// CHECK-LABEL: @pad_int8_on_storage_whatever_the_quantization
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<3x4xi8>
// CHECK-DAG:     %[[OUTPUT_ZERO_POINT:.*]] = "tosa.const"() {values = dense<5> : tensor<1xi8>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[1, 0, 0, 2]> : tensor<4xindex>}
// CHECK:         %[[MOVED:.*]] = "tosa.pad"(%[[STORED]], %[[PADDING]], %[[OUTPUT_ZERO_POINT]]) : (tensor<3x4xi8>, !tosa.shape<4>, tensor<1xi8>) -> tensor<4x6xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<4x6xi8> to tensor<4x6x!quant.uniform<i8:f32, 2.000000e-02:5>>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_int8_on_storage_whatever_the_quantization(%arg0: tensor<3x4x!q>) -> tensor<4x6x!r> {
  %0 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 2]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %1 = "tfl.pad"(%arg0, %0) : (tensor<3x4x!q>, tensor<2x2xi64>) -> tensor<4x6x!r>
  return %1 : tensor<4x6x!r>
}

// -----

// A per-axis result has no single zero point to pad with: the real 0 is padded, then quantized.
!q = !quant.uniform<i8:f32, 0.05:-3>
!p = !quant.uniform<i8:f32:0, {0.05:-3, 0.1:-3, 0.2:-3}>
// CHECK-LABEL: @pad_declines_per_axis_result
// CHECK-SAME:    (%[[X:.*]]: tensor<3x4x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<3x4xf32>
// CHECK-DAG:     %[[ZERO:.*]] = "tosa.const"() {values = dense<0.000000e+00> : tensor<1xf32>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 0, 2]> : tensor<4xindex>}
// CHECK:         %[[PADDED:.*]] = "tosa.pad"(%[[REAL]], %[[PADDING]], %[[ZERO]]) : (tensor<3x4xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<3x6xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[PADDED]] : tensor<3x6xf32> to tensor<3x6x!quant.uniform<i8:f32:0, {5.000000e-02:-3,1.000000e-01:-3,2.000000e-01:-3}>>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_declines_per_axis_result(%arg0: tensor<3x4x!q>) -> tensor<3x6x!p> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-remark@+1 {{fallback: per-axis quantized result 0}}
  %1 = "tfl.pad"(%arg0, %0) : (tensor<3x4x!q>, tensor<2x2xi32>) -> tensor<3x6x!p>
  return %1 : tensor<3x6x!p>
}

// -----

// CHECK-LABEL: @pad_declines_runtime_paddings
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>, %[[PADDINGS:.*]]: tensor<3x2xi32>)
// CHECK-NEXT:    %[[Y:.*]] = "tfl.pad"(%[[X]], %[[PADDINGS]]) : (tensor<2x3x5xf32>, tensor<3x2xi32>) -> tensor<2x6x8xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_declines_runtime_paddings(%arg0: tensor<2x3x5xf32>, %arg1: tensor<3x2xi32>) -> tensor<2x6x8xf32> {
  // expected-remark@+1 {{unlowered: operand 1 (paddings) is not a compile-time constant}}
  %0 = "tfl.pad"(%arg0, %arg1) : (tensor<2x3x5xf32>, tensor<3x2xi32>) -> tensor<2x6x8xf32>
  return %0 : tensor<2x6x8xf32>
}

// -----

// Quantized: both patterns decline; the op stays on the dequantized values.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @pad_int8_declines_runtime_paddings
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>, %[[PADDINGS:.*]]: tensor<3x2xi32>)
// CHECK-NEXT:    %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3x5xf32>
// CHECK-NEXT:    %[[PADDED:.*]] = "tfl.pad"(%[[REAL]], %[[PADDINGS]]) : (tensor<2x3x5xf32>, tensor<3x2xi32>) -> tensor<2x6x8xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[PADDED]] : tensor<2x6x8xf32> to tensor<2x6x8x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @pad_int8_declines_runtime_paddings(%arg0: tensor<2x3x5x!q>, %arg1: tensor<3x2xi32>) -> tensor<2x6x8x!q> {
  // expected-remark@+1 {{unlowered: operand 1 (paddings) is not a compile-time constant}}
  %0 = "tfl.pad"(%arg0, %arg1) : (tensor<2x3x5x!q>, tensor<3x2xi32>) -> tensor<2x6x8x!q>
  return %0 : tensor<2x6x8x!q>
}

// -----

// CHECK-LABEL: @pad_declines_dynamic_shape
// CHECK:         "tfl.pad"({{.*}}) : (tensor<?x3x5xf32>, tensor<3x2xi32>) -> tensor<?x6x8xf32>
// CHECK-NOT:     tosa
func.func @pad_declines_dynamic_shape(%arg0: tensor<?x3x5xf32>) -> tensor<?x6x8xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [1, 2], [3, 0]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  // expected-remark@+1 {{unlowered: dynamic shape of operand 0 (tensor<?x3x5xf32>)}}
  %1 = "tfl.pad"(%arg0, %0) : (tensor<?x3x5xf32>, tensor<3x2xi32>) -> tensor<?x6x8xf32>
  return %1 : tensor<?x6x8xf32>
}

// -----
// An empty input (TFLite would return only padding) is declined.
// CHECK-LABEL: @pad_declines_empty_tensor
// CHECK:         "tfl.pad"({{.*}}) : (tensor<2x0x5xf32>, tensor<3x2xi32>) -> tensor<2x3x8xf32>
// CHECK-NOT:     tosa
func.func @pad_declines_empty_tensor(%arg0: tensor<2x0x5xf32>) -> tensor<2x3x8xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [1, 2], [3, 0]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  // expected-remark@+1 {{unlowered: empty tensor: operand 0 (tensor<2x0x5xf32>)}}
  %1 = "tfl.pad"(%arg0, %0) : (tensor<2x0x5xf32>, tensor<3x2xi32>) -> tensor<2x3x8xf32>
  return %1 : tensor<2x3x8xf32>
}


// -----

// CHECK-LABEL: @padv2_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>)
// CHECK-DAG:     %[[VALUE:.*]] = "tosa.const"() {values = dense<1.500000e+00> : tensor<1xf32>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[1, 0, 0, 2, 1, 1]> : tensor<6xindex>}
// CHECK:         %[[Y:.*]] = "tosa.pad"(%[[X]], %[[PADDING]], %[[VALUE]]) : (tensor<2x3x5xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @padv2_f32(%arg0: tensor<2x3x5xf32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 2], [1, 1]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<1.5> : tensor<f32>} : () -> tensor<f32>
  %2 = "tfl.padv2"(%arg0, %0, %1) : (tensor<2x3x5xf32>, tensor<3x2xi32>, tensor<f32>) -> tensor<3x5x7xf32>
  return %2 : tensor<3x5x7xf32>
}

// -----

// PADV2 pads with the constant's stored integer, 7 (pad.cc requires the constant quantized like
// the output; the narrow <-127:127> range of 8-bit constants does not matter).
!q = !quant.uniform<i8:f32, 0.05:-3>
!c = !quant.uniform<i8<-127:127>:f32, 0.05:-3>
// CHECK-LABEL: @padv2_int8_pads_with_the_stored_constant
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<2x3x5xi8>
// CHECK-DAG:     %[[VALUE:.*]] = "tosa.const"() {values = dense<7> : tensor<1xi8>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[1, 0, 0, 2, 1, 1]> : tensor<6xindex>}
// CHECK:         %[[MOVED:.*]] = "tosa.pad"(%[[STORED]], %[[PADDING]], %[[VALUE]]) : (tensor<2x3x5xi8>, !tosa.shape<6>, tensor<1xi8>) -> tensor<3x5x7xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<3x5x7xi8> to tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @padv2_int8_pads_with_the_stored_constant(%arg0: tensor<2x3x5x!q>) -> tensor<3x5x7x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 2], [1, 1]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %1 = "tfl.pseudo_qconst"() {qtype = tensor<!c>, value = dense<7> : tensor<i8>} : () -> tensor<!c>
  %2 = "tfl.padv2"(%arg0, %0, %1) : (tensor<2x3x5x!q>, tensor<3x2xi32>, tensor<!c>) -> tensor<3x5x7x!q>
  return %2 : tensor<3x5x7x!q>
}

// -----

// A constant quantized unlike the output: the fallback pads with its real value,
// 0.25 * (7 - 1) = 1.5.
!q = !quant.uniform<i8:f32, 0.05:-3>
!c = !quant.uniform<i8<-127:127>:f32, 0.25:1>
// CHECK-LABEL: @padv2_declines_constant_quantized_differently
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3x5xf32>
// CHECK-DAG:     %[[VALUE:.*]] = "tosa.const"() {values = dense<1.500000e+00> : tensor<1xf32>}
// CHECK-DAG:     %[[PADDING:.*]] = "tosa.const_shape"() {values = dense<[1, 0, 0, 2, 1, 1]> : tensor<6xindex>}
// CHECK:         %[[PADDED:.*]] = "tosa.pad"(%[[REAL]], %[[PADDING]], %[[VALUE]]) : (tensor<2x3x5xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[PADDED]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @padv2_declines_constant_quantized_differently(%arg0: tensor<2x3x5x!q>) -> tensor<3x5x7x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 2], [1, 1]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %1 = "tfl.pseudo_qconst"() {qtype = tensor<!c>, value = dense<7> : tensor<i8>} : () -> tensor<!c>
  // expected-remark@+1 {{fallback: operands and results are quantized differently (the stored values would need rescaling)}}
  %2 = "tfl.padv2"(%arg0, %0, %1) : (tensor<2x3x5x!q>, tensor<3x2xi32>, tensor<!c>) -> tensor<3x5x7x!q>
  return %2 : tensor<3x5x7x!q>
}

// -----

// A per-axis constant: the integer pattern declines (not per-tensor), and so does the float
// one (it reads a single real pad value); the op stays on real values.
!q = !quant.uniform<i8:f32, 0.05:-3>
!c = !quant.uniform<i8<-127:127>:f32:0, {0.05:-3}>
// CHECK-LABEL: @padv2_declines_per_axis_constant
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[REAL:.*]] = quant.dcast %[[X]] : {{.*}} to tensor<2x3x5xf32>
// CHECK-NEXT:    %[[VALUE:.*]] = quant.dcast %{{.*}} : tensor<1x!quant.uniform<i8<-127:127>:f32:0, {5.000000e-02:-3}>> to tensor<1xf32>
// CHECK-NEXT:    %[[PADDED:.*]] = "tfl.padv2"(%[[REAL]], %{{.*}}, %[[VALUE]]) : (tensor<2x3x5xf32>, tensor<3x2xi32>, tensor<1xf32>) -> tensor<3x5x7xf32>
// CHECK-NEXT:    %[[Y:.*]] = quant.qcast %[[PADDED]] : tensor<3x5x7xf32> to tensor<3x5x7x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @padv2_declines_per_axis_constant(%arg0: tensor<2x3x5x!q>) -> tensor<3x5x7x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 2], [1, 1]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %1 = "tfl.pseudo_qconst"() {qtype = tensor<1x!c>, value = dense<7> : tensor<1xi8>} : () -> tensor<1x!c>
  // expected-remark@+1 {{unlowered: not every moved value is per-tensor quantized; per-axis quantized operand 2}}
  %2 = "tfl.padv2"(%arg0, %0, %1) : (tensor<2x3x5x!q>, tensor<3x2xi32>, tensor<1x!c>) -> tensor<3x5x7x!q>
  return %2 : tensor<3x5x7x!q>
}

// -----

// CHECK-LABEL: @padv2_declines_runtime_constant_values
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3x5xf32>, %[[VALUE:.*]]: tensor<f32>)
// CHECK:         %[[Y:.*]] = "tfl.padv2"(%[[X]], %{{.*}}, %[[VALUE]])
// CHECK-NEXT:    return %[[Y]]
func.func @padv2_declines_runtime_constant_values(%arg0: tensor<2x3x5xf32>, %arg1: tensor<f32>) -> tensor<3x5x7xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[1, 0], [0, 2], [1, 1]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  // expected-remark@+1 {{unlowered: operand 2 (constant_values) is not a compile-time constant}}
  %1 = "tfl.padv2"(%arg0, %0, %arg1) : (tensor<2x3x5xf32>, tensor<3x2xi32>, tensor<f32>) -> tensor<3x5x7xf32>
  return %1 : tensor<3x5x7xf32>
}

// -----

// MIRROR_PAD REFLECT (offset 1, GetInputDimension in mirror_pad.cc) of a 1x4x5x2, rows [1, 2],
// columns [3, 0]: padded row 0 reads row 1 (the slice at 1, size 1); padded rows after the
// input read rows 2, 1 (the slice at 4 - 2 - 1 = 1, size 2, reversed). Then on the 7 rows,
// padded columns 0..2 read columns 3, 2, 1 (the slice at 1, size 3, reversed).
// CHECK-LABEL: @mirror_pad_reflect_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<1x4x5x2xf32>)
// CHECK-DAG:     %[[TOP_START:.*]] = "tosa.const_shape"() {values = dense<[0, 1, 0, 0]> : tensor<4xindex>}
// CHECK-DAG:     %[[TOP_SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 1, 5, 2]> : tensor<4xindex>}
// CHECK:         %[[TOP:.*]] = "tosa.slice"(%[[X]], %[[TOP_START]], %[[TOP_SIZE]]) : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x1x5x2xf32>
// CHECK-DAG:     %[[BOTTOM_START:.*]] = "tosa.const_shape"() {values = dense<[0, 1, 0, 0]> : tensor<4xindex>}
// CHECK-DAG:     %[[BOTTOM_SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 2, 5, 2]> : tensor<4xindex>}
// CHECK:         %[[BOTTOM:.*]] = "tosa.slice"(%[[X]], %[[BOTTOM_START]], %[[BOTTOM_SIZE]]) : (tensor<1x4x5x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x5x2xf32>
// CHECK-NEXT:    %[[BOTTOM_REVERSED:.*]] = "tosa.reverse"(%[[BOTTOM]]) {axis = 1 : i32}
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.concat"(%[[TOP]], %[[X]], %[[BOTTOM_REVERSED]]) {axis = 1 : i32} : (tensor<1x1x5x2xf32>, tensor<1x4x5x2xf32>, tensor<1x2x5x2xf32>) -> tensor<1x7x5x2xf32>
// CHECK-DAG:     %[[LEFT_START:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 1, 0]> : tensor<4xindex>}
// CHECK-DAG:     %[[LEFT_SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 7, 3, 2]> : tensor<4xindex>}
// CHECK:         %[[LEFT:.*]] = "tosa.slice"(%[[ROWS]], %[[LEFT_START]], %[[LEFT_SIZE]]) : (tensor<1x7x5x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x7x3x2xf32>
// CHECK-NEXT:    %[[LEFT_REVERSED:.*]] = "tosa.reverse"(%[[LEFT]]) {axis = 2 : i32}
// CHECK-NEXT:    %[[Y:.*]] = "tosa.concat"(%[[LEFT_REVERSED]], %[[ROWS]]) {axis = 2 : i32} : (tensor<1x7x3x2xf32>, tensor<1x7x5x2xf32>) -> tensor<1x7x8x2xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @mirror_pad_reflect_f32(%arg0: tensor<1x4x5x2xf32>) -> tensor<1x7x8x2xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[[0, 0], [1, 2], [3, 0], [0, 0]]> : tensor<4x2xi32>} : () -> tensor<4x2xi32>
  %1 = "tfl.mirror_pad"(%arg0, %0) {mode = "REFLECT"} : (tensor<1x4x5x2xf32>, tensor<4x2xi32>) -> tensor<1x7x8x2xf32>
  return %1 : tensor<1x7x8x2xf32>
}

// -----

// SYMMETRIC (offset 0) repeats the edge of a 3x5, rows [2, 1], columns [0, 5]: rows 1, 0 before
// (slice at 0, size 2, reversed), row 2 after (slice at 3 - 1 = 2, one row: nothing to
// reverse); columns 4..0 after, all 5 of them (the whole tensor, reversed); a 5-wide pad of a
// 5-wide axis is allowed for SYMMETRIC.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @mirror_pad_symmetric_int8_on_storage
// CHECK-SAME:    (%[[X:.*]]: tensor<3x5x!quant.uniform<i8:f32, 5.000000e-02:-3>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : {{.*}} to tensor<3x5xi8>
// CHECK-DAG:     %[[TOP_START:.*]] = "tosa.const_shape"() {values = dense<0> : tensor<2xindex>}
// CHECK-DAG:     %[[TOP_SIZE:.*]] = "tosa.const_shape"() {values = dense<[2, 5]> : tensor<2xindex>}
// CHECK:         %[[TOP:.*]] = "tosa.slice"(%[[STORED]], %[[TOP_START]], %[[TOP_SIZE]]) : (tensor<3x5xi8>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x5xi8>
// CHECK-NEXT:    %[[TOP_REVERSED:.*]] = "tosa.reverse"(%[[TOP]]) {axis = 0 : i32}
// CHECK-DAG:     %[[BOTTOM_START:.*]] = "tosa.const_shape"() {values = dense<[2, 0]> : tensor<2xindex>}
// CHECK-DAG:     %[[BOTTOM_SIZE:.*]] = "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// CHECK:         %[[BOTTOM:.*]] = "tosa.slice"(%[[STORED]], %[[BOTTOM_START]], %[[BOTTOM_SIZE]]) : (tensor<3x5xi8>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x5xi8>
// CHECK-NEXT:    %[[ROWS:.*]] = "tosa.concat"(%[[TOP_REVERSED]], %[[STORED]], %[[BOTTOM]]) {axis = 0 : i32} : (tensor<2x5xi8>, tensor<3x5xi8>, tensor<1x5xi8>) -> tensor<6x5xi8>
// CHECK-NEXT:    %[[RIGHT:.*]] = "tosa.reverse"(%[[ROWS]]) {axis = 1 : i32} : (tensor<6x5xi8>) -> tensor<6x5xi8>
// CHECK-NEXT:    %[[MOVED:.*]] = "tosa.concat"(%[[ROWS]], %[[RIGHT]]) {axis = 1 : i32} : (tensor<6x5xi8>, tensor<6x5xi8>) -> tensor<6x10xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<6x10xi8> to tensor<6x10x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @mirror_pad_symmetric_int8_on_storage(%arg0: tensor<3x5x!q>) -> tensor<6x10x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<[[2, 1], [0, 5]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %1 = "tfl.mirror_pad"(%arg0, %0) {mode = "SYMMETRIC"} : (tensor<3x5x!q>, tensor<2x2xi32>) -> tensor<6x10x!q>
  return %1 : tensor<6x10x!q>
}

// -----

// Dilations [1, 2]: the columns get a unit axis, one copy of the padding value after each
// (tosa.tile of it, reshaped to rank 3), merged to 6 columns and sliced to (3 - 1) * 2 + 1 = 5.
// CHECK-LABEL: @dilate_f32
// CHECK-SAME:    (%[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[V:.*]] = arith.constant dense<-1.500000e+00> : tensor<f32>
// CHECK:         %[[V3:.*]] = "tosa.reshape"(%[[V]], %{{.*}}) : (tensor<f32>, !tosa.shape<3>) -> tensor<1x1x1xf32>
// CHECK:         %[[GAP:.*]] = "tosa.tile"(%[[V3]], %{{.*}}) : {{.*}} -> tensor<2x3x1xf32>
// CHECK:         %[[COLS:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<2x3x1xf32>
// CHECK-NEXT:    %[[BOTH:.*]] = "tosa.concat"(%[[COLS]], %[[GAP]]) {axis = 2 : i32} : {{.*}} -> tensor<2x3x2xf32>
// CHECK:         %[[MERGED:.*]] = "tosa.reshape"(%[[BOTH]], %{{.*}}) : {{.*}} -> tensor<2x6xf32>
// CHECK:         %[[Y:.*]] = "tosa.slice"(%[[MERGED]], %{{.*}}, %{{.*}}) : {{.*}} -> tensor<2x5xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @dilate_f32(%arg0: tensor<2x3xf32>) -> tensor<2x5xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<-1.5> : tensor<f32>} : () -> tensor<f32>
  %2 = "tfl.dilate"(%arg0, %0, %1) : (tensor<2x3xf32>, tensor<2xi32>, tensor<f32>) -> tensor<2x5xf32>
  return %2 : tensor<2x5xf32>
}

// -----

// A runtime padding value; on stored values its stored byte is copied, as dilate.cc does.
!q = !quant.uniform<i8:f32, 0.05:-3>
// CHECK-LABEL: @dilate_int8_on_storage_runtime_value
// CHECK:         %[[X:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<3xi8>
// CHECK-NEXT:    %[[V:.*]] = quant.scast %{{.*}} : {{.*}} to tensor<i8>
// CHECK:         %[[V2:.*]] = "tosa.reshape"(%[[V]], %{{.*}}) : (tensor<i8>, !tosa.shape<2>) -> tensor<1x1xi8>
// CHECK:         %[[GAP:.*]] = "tosa.tile"(%[[V2]], %{{.*}}) : {{.*}} -> tensor<3x2xi8>
// CHECK:         %[[COLS:.*]] = "tosa.reshape"(%[[X]], %{{.*}}) : {{.*}} -> tensor<3x1xi8>
// CHECK-NEXT:    "tosa.concat"(%[[COLS]], %[[GAP]]) {axis = 1 : i32} : {{.*}} -> tensor<3x3xi8>
// CHECK:         "tosa.reshape"(%{{.*}}, %{{.*}}) : {{.*}} -> tensor<9xi8>
// CHECK:         %[[MOVED:.*]] = "tosa.slice"(%{{.*}}, %{{.*}}, %{{.*}}) : {{.*}} -> tensor<7xi8>
// CHECK-NEXT:    %[[Y:.*]] = quant.scast %[[MOVED]] : tensor<7xi8> to tensor<7x!quant.uniform<i8:f32, 5.000000e-02:-3>>
// CHECK-NEXT:    return %[[Y]]
func.func @dilate_int8_on_storage_runtime_value(%arg0: tensor<3x!q>, %arg1: tensor<!q>) -> tensor<7x!q> {
  %0 = "tfl.pseudo_const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tfl.dilate"(%arg0, %0, %arg1) : (tensor<3x!q>, tensor<1xi32>, tensor<!q>) -> tensor<7x!q>
  return %1 : tensor<7x!q>
}

// -----

// Dilations [1, 1] keep a 3x4 input 3x4: a 5x7 result is not what TFLite gives.
// CHECK-LABEL: @dilate_declines_a_result_shape_tflite_would_not_give
// CHECK:         "tfl.dilate"
// CHECK-NOT:     tosa
func.func @dilate_declines_a_result_shape_tflite_would_not_give(%arg0: tensor<3x4xf32>) -> tensor<5x7xf32> {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tfl.pseudo_const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // expected-remark@+1 {{unlowered: result 0 has shape [5, 7]; TFLite's kernel gives it [3, 4]}}
  %2 = "tfl.dilate"(%arg0, %0, %1) : (tensor<3x4xf32>, tensor<2xi32>, tensor<f32>) -> tensor<5x7xf32>
  return %2 : tensor<5x7xf32>
}
