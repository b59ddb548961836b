// The worked examples of the !quant.uniform type in "[RFC] Improvements in the 'quant'
// dialect" (see docs/quant-dialect.md): its per-layer and per-channel
// examples, and the "Per-axis quantization integrity" examples, incorrect and correct.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics | iree-opt --split-input-file -o /dev/null

// "An 8-bit signed integer type is used to represent a 32-bit float. No clamping information
// is provided, so the full [-128, 127] range is available. The scale is set to 3.0, and the
// zero point takes its default 0 value."
// "A 16-bit unsigned integer type is used to represent a 32-bit float. Out of the 16 bits,
// only 10 are used, acoording to the 0..1023 clamping range. The type sets the scale to 1.23
// and the zero point to 512."
// CHECK-LABEL: func.func private @per_layer
// CHECK-SAME:    (!quant.uniform<i8:f32, 3.000000e+00>, !quant.uniform<u16<0:1023>:f32, 1.230000e+00:512>)
func.func private @per_layer(!quant.uniform<i8:f32, 3.0>, !quant.uniform<u16<0:1023>:f32, 1.23:512>)

// -----

// "A 2x3x4 tensor contains 8-bit signed integers representing 32-bit floats. Dimension 1 of
// the tensor acts as the channel dimension."
// "A 2D dynamically sized tensor contains 16-bit unsigned integers representing 32-bit
// floats. Dimension 0 of the tensor acts as the channel dimension."
// CHECK-LABEL: func.func private @per_channel
// CHECK-SAME:    (tensor<2x3x4x!quant.uniform<i8:f32:1, {3.000000e+00,4.000000e+00,5.000000e+00}>>, tensor<?x?x!quant.uniform<u16:f32:0, {2.000000e+00:10,3.000000e+00:20}>>)
func.func private @per_channel(tensor<2x3x4x!quant.uniform<i8:f32:1, {3.0, 4.0, 5.0}>>, tensor<?x?x!quant.uniform<u16:f32:0, {2.0:10, 3.0:20}>>)

// -----

// "Incorrect. Type !quant.uniform specifies per-channel quantization for a scalar type."
func.func @per_channel_scalar_incorrect(%input: f32) {
  // expected-error@+1 {{'quant.qcast' op scalar types may not use per-axis quantization}}
  %result = quant.qcast %input : f32 to !quant.uniform<i8:f32:0, {1.0, 2.0}>
  return
}

// -----

// "Correct. Type `!quant.uniform` with per-channel quantization is wrapped in a `tensor` type."
// CHECK-LABEL: func.func @per_channel_tensor_correct
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>
func.func @per_channel_tensor_correct(%input: tensor<2xf32>) {
  %result = quant.qcast %input : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

// "Incorrect. The tensor rank (2) is not greater than the channel axis in the quantized type (3)."
func.func @rank_not_above_axis_incorrect(%input: tensor<1x2xf32>) {
  // expected-error@+1 {{quantized dimension must be less than tensor rank: axis 3, rank 2}}
  %result = quant.qcast %input : tensor<1x2xf32> to tensor<1x2x!quant.uniform<i8:f32:3, {1.0, 2.0}>>
  return
}

// -----

// "Correct. The tensor rank (2) is now greater than the channel axis (1)"
// CHECK-LABEL: func.func @rank_above_axis_correct
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<1x2xf32> to tensor<1x2x!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>>
func.func @rank_above_axis_correct(%input: tensor<1x2xf32>) {
  %result = quant.qcast %input : tensor<1x2xf32> to tensor<1x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return
}

// -----

// "Incorrect. The channel axis is 1, and the size of dimension 1 in the containing tensor is 3.
// However, there are 4 scale values present in the quantized type."
func.func @axis_size_not_number_of_scales_incorrect(%input: tensor<?x3xf32>) {
  // expected-error@+1 {{quantized dimension size does not match number of scales: dimension 1 has size 3, the type has 4 scales}}
  %result = quant.qcast %input : tensor<?x3xf32> to tensor<?x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0, 4.0}>>
  return
}

// -----

// "Correct. The quantized type now includes 3 scale values, matching the size of dimension 1
// of the result tensor."
// CHECK-LABEL: func.func @axis_size_number_of_scales_correct
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<?x3xf32> to tensor<?x3x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00,4.000000e+00}>>
func.func @axis_size_number_of_scales_correct(%input: tensor<?x3xf32>) {
  %result = quant.qcast %input : tensor<?x3xf32> to tensor<?x3x!quant.uniform<i8:f32:1, {2.0, 3.0, 4.0}>>
  return
}
