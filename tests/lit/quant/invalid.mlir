// Every verifier rule of the quant dialect (dialects/quant/{types,ops}.py, ir/type_parser.py),
// one case each, with the rule as the RFCs word it. Errors name what is wrong and what was
// expected.
// The RFC's zero point range rule is opt-in (upstream accepts any zero point; quant/upstream-compat.mlir).
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics --quant-strict-zero-points

// ===--- !quant.uniform: storage type ---=== //

// "storedType: Integer type of the value stored in memory" (widths 1 to 32, upstream's limit).
// expected-error@+1 {{invalid integer width: 0}}
func.func private @storage_width_zero(!quant.uniform<i0:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage type size: 33; expected 1 to 32 bits}}
func.func private @storage_width_33(!quant.uniform<u33:f32, 1.0>)

// -----

// expected-error@+1 {{expected a storage type (iN, uN or a float storage type: f8E5M2, f8E4M3FN, f4E2M1FN, f8E4M3FNUZ, f8E5M2FNUZ, f6E2M3FN, f6E3M2FN), found 'f32'}}
func.func private @storage_type_not_integer(!quant.uniform<f32:f32, 1.0>)

// -----

// "storageMin, storageMax: Optional bounds for the stored value. If given, they must be
// within the range of storedType."
// expected-error@+1 {{illegal storage type minimum: -129; expected at least -128}}
func.func private @storage_min_below_storage_type(!quant.uniform<i8<-129:127>:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage type minimum: -1; expected at least 0}}
func.func private @storage_min_negative_unsigned(!quant.uniform<u8<-1:200>:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage type maximum: 256; expected at most 255}}
func.func private @storage_max_above_storage_type(!quant.uniform<u8<0:256>:f32, 1.0>)

// -----

// The bounds delimit a range of at least two values (upstream: max - min > 0).
// expected-error@+1 {{illegal storage min and storage max: (5:3); expected min < max within [-128, 127]}}
func.func private @storage_min_above_max(!quant.uniform<i8<5:3>:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage min and storage max: (3:3); expected min < max within [-128, 127]}}
func.func private @storage_min_equals_max(!quant.uniform<i8<3:3>:f32, 1.0>)

// -----

// ===--- !quant.uniform: expressed type, scale, zero point ---=== //

// "expressedType: Floating-point type of the value expressed by this quantized type."
// expected-error@+1 {{expressed type must be floating point, got i32}}
func.func private @expressed_type_not_float(!quant.uniform<i8:i32, 1.0>)

// -----

// "scale: Floating-point value of type expressedType": positive, finite, within its range
// (upstream's wording, its numbers as C's %e prints them).
// expected-error@+1 {{scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func private @scale_zero(!quant.uniform<i8:f32, 0.0>)

// -----

// expected-error@+1 {{scale -2.000000e+00 out of expressed type range}}
func.func private @scale_negative(!quant.uniform<i8:f32, -2.0>)

// -----

// expected-error@+1 {{scale inf out of expressed type range}}
func.func private @scale_infinite(!quant.uniform<i8:f32, 0x7FF0000000000000>)

// -----

// Upstream accepts a NaN scale (its range check compares false); no value quantizes with it.
// expected-error@+1 {{scale nan out of expressed type range}}
func.func private @scale_nan(!quant.uniform<i8:f32, 0x7FF8000000000000>)

// -----

// expected-error@+1 {{scale 6.553600e+04 out of expressed type range [5.960464e-08, 6.550400e+04]}}
func.func private @scale_above_f16(!quant.uniform<i8:f16, 65536.0>)

// -----

// expected-error@+1 {{scale 1.000000e-08 out of expressed type range [5.960464e-08, 6.550400e+04]}}
func.func private @scale_below_f16_subnormal(!quant.uniform<i8:f16, 1.0e-8>)

// -----

// expected-error@+1 {{scale 3.400000e+38 out of expressed type range [9.183550e-41, 3.389531e+38]}}
func.func private @scale_above_bf16(!quant.uniform<i8:bf16, 3.4e38>)

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
func.func private @scale_integer_literal(!quant.uniform<i8:f32, 2>)

// -----

// "zeroPoint: Optional integer value of type storageType" (upstream does not check the range).
// expected-error@+1 {{zero point 128 out of the range [-128, 127] of storage type i8}}
func.func private @zero_point_above_storage_type(!quant.uniform<i8:f32, 1.0:128>)

// -----

// expected-error@+1 {{zero point -1 out of the range [0, 255] of storage type u8}}
func.func private @zero_point_negative_unsigned(!quant.uniform<u8:f32, 1.0:-1>)

// -----

// The storage range narrows the stored values, not the zero point's type.
// expected-error@+1 {{zero point 8 out of the range [-8, 7] of storage type i4}}
func.func private @zero_point_outside_storage_type_with_range(!quant.uniform<i4<-7:7>:f32, 1.0:8>)

// -----

// ===--- !quant.uniform: per-axis ---=== //

// "channelAxis field represents the dimension of the containing tensor acting as the channel"
// expected-error@+1 {{illegal quantized dimension: -1; expected a dimension >= 0}}
func.func private @per_axis_negative_axis(tensor<2x!quant.uniform<i8:f32:-1, {1.0, 2.0}>>)

// -----

// expected-error@+1 {{integer value too large: 2147483648 does not fit in i32 (the quantized dimension)}}
func.func private @per_axis_axis_too_large(tensor<*x!quant.uniform<i8:f32:2147483648, {1.0}>>)

// -----

// At least one scale (upstream reads one first).
// expected-error@+1 {{expected floating point literal (a scale), found '}'}}
func.func private @per_axis_no_scales(tensor<2x!quant.uniform<i8:f32:0, {}>>)

// -----

// Each scale and zero point pair obeys the per-layer rules.
// expected-error@+1 {{scale 0.000000e+00 out of expressed type range}}
func.func private @per_axis_scale_zero(tensor<2x!quant.uniform<i8:f32:0, {1.0, 0.0}>>)

// -----

// expected-error@+1 {{zero point 300 out of the range [0, 255] of storage type u8}}
func.func private @per_axis_zero_point_out_of_range(tensor<2x!quant.uniform<u8:f32:0, {1.0:3, 2.0:300}>>)

// -----

// ===--- !quant.uniform: sub-channel (blockwise) ---=== //

// "1 <= block_sizes"
// expected-error@+1 {{illegal block size: 0; expected a block size >= 1}}
func.func private @sub_channel_block_size_zero(tensor<4x!quant.uniform<i8:f32:{0:0}, {1.0}>>)

// -----

// expected-error@+1 {{illegal block size: -2; expected a block size >= 1}}
func.func private @sub_channel_block_size_negative(tensor<4x!quant.uniform<i8:f32:{0:-2}, {1.0, 2.0}>>)

// -----

// expected-error@+1 {{illegal quantized dimension: -1; expected a dimension >= 0}}
func.func private @sub_channel_negative_dimension(tensor<4x!quant.uniform<i8:f32:{-1:2}, {1.0, 2.0}>>)

// -----

// A dimension has one block size (upstream accepts the repetition).
// expected-error@+1 {{quantized dimensions must be distinct, got [0, 0]}}
func.func private @sub_channel_repeated_dimension(tensor<4x4x!quant.uniform<i8:f32:{0:2, 0:2}, {{1.0, 2.0}, {3.0, 4.0}}>>)

// -----

// "scales: [[s00, s01], [s10,s11], .., [s50,s51]] : tensor<6x2xf32>": a tensor, not ragged.
// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
func.func private @sub_channel_ragged_scales(tensor<2x4x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}, {3.0}}>>)

// -----

// expected-error@+1 {{expected floating point literal (a scale), found '}'}}
func.func private @sub_channel_no_scales(tensor<2x4x!quant.uniform<i8:f32:{1:2}, {{}}>>)

// -----

// "element_type(scales...) = expressed_type"
// expected-error@+1 {{scale 1.000000e+06 out of expressed type range [5.960464e-08, 6.550400e+04]}}
func.func private @sub_channel_scale_out_of_expressed_type(tensor<2x4x!quant.uniform<i8:f16:{1:2}, {{1.0, 2.0}, {3.0, 1.0e6}}>>)

// -----

// "element_type(zero_points...) = storage_type"
// expected-error@+1 {{zero point 16 out of the range [0, 15] of storage type u4}}
func.func private @sub_channel_zero_point_out_of_storage_type(tensor<2x4x!quant.uniform<u4:f32:{1:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:16}}>>)

// -----

// ===--- Per-axis quantization integrity (checked by the ops) ---=== //

// "A quantized type with per-channel quantization information must be the element type of a
// tensor container type, and may not occur directly as the data type of a scalar value."
func.func @per_axis_scalar(%arg0: f32) {
  // expected-error@+1 {{'quant.qcast' op scalar types may not use per-axis quantization}}
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<i8:f32:0, {1.0, 2.0}>
  return
}

// -----

// "If the tensor containing the !quant.uniform type is ranked, its rank must be greater than
// the channel axis specified in the quantized type."
func.func @per_axis_rank_not_above_axis(%arg0: tensor<1x2xf32>) {
  // expected-error@+1 {{'quant.qcast' op quantized dimension must be less than tensor rank: axis 3, rank 2}}
  %0 = quant.qcast %arg0 : tensor<1x2xf32> to tensor<1x2x!quant.uniform<i8:f32:3, {1.0, 2.0}>>
  return
}

// -----

func.func @per_axis_rank_equal_to_axis(%arg0: tensor<2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>) {
  // expected-error@+1 {{'quant.dcast' op quantized dimension must be less than tensor rank: axis 1, rank 1}}
  %0 = quant.dcast %arg0 : tensor<2x!quant.uniform<i8:f32:1, {1.0, 2.0}>> to tensor<2xf32>
  return
}

// -----

// "If the axis dimension in the containing tensor is static, its size must be equal to the
// number of scales present in the quantized type."
func.func @per_axis_static_size_not_number_of_scales(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'quant.qcast' op quantized dimension size does not match number of scales: dimension 1 has size 3, the type has 4 scales}}
  %0 = quant.qcast %arg0 : tensor<?x3xf32> to tensor<?x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0, 4.0}>>
  return
}

// -----

// The integrity rules hold for every quant op, scast included.
func.func @per_axis_integrity_in_scast(%arg0: tensor<3x2xi8>) {
  // expected-error@+1 {{'quant.scast' op quantized dimension size does not match number of scales: dimension 0 has size 3, the type has 2 scales}}
  %0 = quant.scast %arg0 : tensor<3x2xi8> to tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

// ===--- Sub-channel constraints on the containing tensor (checked by the ops) ---=== //

// A sub-channel type needs a tensor's shape.
func.func @sub_channel_scalar(%arg0: f32) {
  // expected-error@+1 {{'quant.qcast' op scalar types may not use sub-channel quantization}}
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<i8:f32:{0:1}, {1.0}>
  return
}

// -----

// "1 <= block_sizes <= shape(tensor)": a block size divides its dimension (upstream's
// verifySubChannelQuantization and its wording, here and below).
func.func @sub_channel_block_larger_than_dimension(%arg0: tensor<6x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op tensor dimension size 4 at axis 1 must be divisible by the corresponding block size 8}}
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{1:8}, {{1.0}}>>
  return
}

// -----

// A dimension of size 0 has no block size b with 1 <= b <= 0 (nor an implicit one).
func.func @sub_channel_empty_dimension(%arg0: tensor<0x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op tensor dimension size of zero is not allowed with sub-channel quantization}}
  %0 = quant.qcast %arg0 : tensor<0x4xf32> to tensor<0x4x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}}>>
  return
}

// -----

// "size(block_sizes) = rank(tensor)": every tensor dimension has a block size, given or
// implicit, and the scales have one dimension per tensor dimension.
func.func @sub_channel_scales_rank_not_tensor_rank(%arg0: tensor<6x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op Rank of scales 1 must match the rank of the tensor 2}}
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{1:2}, {1.0, 2.0}>>
  return
}

// -----

func.func @sub_channel_dimension_not_below_rank(%arg0: tensor<6x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op quantized dimension 2 must be less than tensor rank 2}}
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{2:2}, {{1.0, 2.0}}>>
  return
}

// -----

// "shape(tensor) % block_sizes = 0"
func.func @sub_channel_dimension_not_divisible(%arg0: tensor<6x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op tensor dimension size 4 at axis 1 must be divisible by the corresponding block size 3}}
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{1:3}, {{1.0, 2.0}}>>
  return
}

// -----

// "shape(scales) = shape(zero-points) = shape(tensor) / block_sizes"
func.func @sub_channel_wrong_number_of_blocks(%arg0: tensor<6x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op dimension size 2 of scales tensor at axis 1 should match (tensor dimension at axis / block sizes at axis) = 2; the scales have 3}}
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0, 3.0}}>>
  return
}

// -----

// "In the absence of a block size for a specific axis i, we assume its value to be equal to
// dim(tensor, i)": one block, so 1 scale along it.
func.func @sub_channel_implicit_block_size(%arg0: tensor<6x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op dimension size 1 of scales tensor at axis 0 should match (tensor dimension at axis / block sizes at axis) = 1; the scales have 2}}
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}, {3.0, 4.0}}>>
  return
}

// -----

// The same for a dynamic dimension: its implicit block size is the whole dimension.
func.func @sub_channel_implicit_block_size_dynamic(%arg0: tensor<?x4xf32>) {
  // expected-error@+1 {{'quant.qcast' op dimension size 1 of scales tensor at axis 0 should match (tensor dimension at axis / block sizes at axis) = 1; the scales have 2}}
  %0 = quant.qcast %arg0 : tensor<?x4xf32> to tensor<?x4x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}, {3.0, 4.0}}>>
  return
}

// -----

// ===--- quant.qcast ---=== //

// "Operand input must be a floating-point scalar or tensor."
func.func @qcast_input_not_float(%arg0: tensor<2xi8>) {
  // expected-error@+1 {{'quant.qcast' op operand #0 must be scalar or tensor of floating-point, but got tensor<2xi8>}}
  %0 = quant.qcast %arg0 : tensor<2xi8> to tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// "The result type must be a scalar or tensor of type !quant.uniform."
func.func @qcast_result_not_quantized(%arg0: tensor<2xf32>) {
  // expected-error@+1 {{'quant.qcast' op result #0 must be scalar or tensor of quantized type, but got tensor<2xi8>}}
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2xi8>
  return
}

// -----

// "The expressedType parameter in the !quant.uniform type of the result must match the
// floating-point type of the input."
func.func @qcast_expressed_type_mismatch(%arg0: tensor<2xf16>) {
  // expected-error@+1 {{'quant.qcast' op expressed type in quantized type expected to match float type; f32 and f16}}
  %0 = quant.qcast %arg0 : tensor<2xf16> to tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// "The operand and result types must be both scalars or both tensors. If tensors, they must
// be both ranked or both unranked. If ranked, both must have the same shape, including
// matching static and dynamic dimensions."
func.func @qcast_scalar_to_tensor(%arg0: f32) {
  // expected-error@+1 {{'quant.qcast' op input and result are both scalars or both tensors with matching shape; got f32 and tensor<!quant.uniform<i8:f32, 1.000000e+00>>}}
  %0 = quant.qcast %arg0 : f32 to tensor<!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @qcast_unranked_to_ranked(%arg0: tensor<*xf32>) {
  // expected-error@+1 {{'quant.qcast' op input and result are both scalars or both tensors with matching shape; got tensor<*xf32> and tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>}}
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @qcast_static_shape_mismatch(%arg0: tensor<2x3xf32>) {
  // expected-error@+1 {{'quant.qcast' op input and result are both scalars or both tensors with matching shape; got tensor<2x3xf32> and tensor<3x2x!quant.uniform<i8:f32, 1.000000e+00>>}}
  %0 = quant.qcast %arg0 : tensor<2x3xf32> to tensor<3x2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @qcast_dynamic_shape_mismatch(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'quant.qcast' op input and result are both scalars or both tensors with matching shape; got tensor<?x3xf32> and tensor<2x3x!quant.uniform<i8:f32, 1.000000e+00>>}}
  %0 = quant.qcast %arg0 : tensor<?x3xf32> to tensor<2x3x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @qcast_rank_mismatch(%arg0: tensor<6xf32>) {
  // expected-error@+1 {{'quant.qcast' op input and result are both scalars or both tensors with matching shape; got tensor<6xf32> and tensor<2x3x!quant.uniform<i8:f32, 1.000000e+00>>}}
  %0 = quant.qcast %arg0 : tensor<6xf32> to tensor<2x3x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// ===--- quant.dcast ---=== //

// "Operand input must be a scalar or tensor of type !quant.uniform."
func.func @dcast_input_not_quantized(%arg0: tensor<2xi8>) {
  // expected-error@+1 {{'quant.dcast' op operand #0 must be scalar or tensor of quantized type, but got tensor<2xi8>}}
  %0 = quant.dcast %arg0 : tensor<2xi8> to tensor<2xf32>
  return
}

// -----

// "The result type must be a floating-point scalar or tensor."
func.func @dcast_result_not_float(%arg0: !quant.uniform<i8:f32, 1.0>) {
  // expected-error@+1 {{'quant.dcast' op result #0 must be scalar or tensor of floating-point, but got i32}}
  %0 = quant.dcast %arg0 : !quant.uniform<i8:f32, 1.0> to i32
  return
}

// -----

// "The expressedType parameter of the !quant.uniform type of the input must match the
// floating-point type of the result."
func.func @dcast_expressed_type_mismatch(%arg0: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error@+1 {{'quant.dcast' op expressed type in quantized type expected to match float type; f32 and f64}}
  %0 = quant.dcast %arg0 : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<2xf64>
  return
}

// -----

// "The operand and result types must be both scalars or both tensors ..."
func.func @dcast_tensor_to_scalar(%arg0: tensor<!quant.uniform<i8:f32, 1.0>>) {
  // expected-error@+1 {{'quant.dcast' op input and result are both scalars or both tensors with matching shape; got tensor<!quant.uniform<i8:f32, 1.000000e+00>> and f32}}
  %0 = quant.dcast %arg0 : tensor<!quant.uniform<i8:f32, 1.0>> to f32
  return
}

// -----

func.func @dcast_ranked_to_unranked(%arg0: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error@+1 {{'quant.dcast' op input and result are both scalars or both tensors with matching shape; got tensor<2x!quant.uniform<i8:f32, 1.000000e+00>> and tensor<*xf32>}}
  %0 = quant.dcast %arg0 : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<*xf32>
  return
}

// -----

func.func @dcast_static_to_dynamic(%arg0: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error@+1 {{'quant.dcast' op input and result are both scalars or both tensors with matching shape; got tensor<2x!quant.uniform<i8:f32, 1.000000e+00>> and tensor<?xf32>}}
  %0 = quant.dcast %arg0 : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<?xf32>
  return
}

// -----

// ===--- quant.scast ---=== //

// "Operand input must be a scalar or tensor of a signless integer or !quant.uniform type."
func.func @scast_input_signed_integer(%arg0: tensor<2xsi8>) {
  // expected-error@+1 {{'quant.scast' op operand #0 must be scalar or tensor of signless integer or quantized type, but got tensor<2xsi8>}}
  %0 = quant.scast %arg0 : tensor<2xsi8> to tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @scast_input_float(%arg0: tensor<2xf32>) {
  // expected-error@+1 {{'quant.scast' op operand #0 must be scalar or tensor of signless integer or quantized type, but got tensor<2xf32>}}
  %0 = quant.scast %arg0 : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// "The result must be a scalar or tensor of a signless integer or !quant.uniform type."
func.func @scast_result_unsigned_integer(%arg0: tensor<2x!quant.uniform<u8:f32, 1.0>>) {
  // expected-error@+1 {{'quant.scast' op result #0 must be scalar or tensor of signless integer or quantized type, but got tensor<2xui8>}}
  %0 = quant.scast %arg0 : tensor<2x!quant.uniform<u8:f32, 1.0>> to tensor<2xui8>
  return
}

// -----

// "If the operand is a scalar or tensor of type integer, the result must be a scalar or tensor
// of type !quant.uniform, and vice versa."
func.func @scast_integer_to_integer(%arg0: tensor<2xi8>) {
  // expected-error@+1 {{'quant.scast' op input must be integer and result must be quantized, or vice versa; got tensor<2xi8> and tensor<2xi8>}}
  %0 = quant.scast %arg0 : tensor<2xi8> to tensor<2xi8>
  return
}

// -----

func.func @scast_quantized_to_quantized(%arg0: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error@+1 {{'quant.scast' op input must be integer and result must be quantized, or vice versa; got tensor<2x!quant.uniform<i8:f32, 1.000000e+00>> and tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>}}
  %0 = quant.scast %arg0 : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<2x!quant.uniform<i8:f32, 2.0>>
  return
}

// -----

// "The width of the storageType parameter of the quantized type of the operand or result must
// match the width of the signless integer type of the operand or result."
func.func @scast_width_mismatch(%arg0: tensor<2xi16>) {
  // expected-error@+1 {{'quant.scast' op storage type in quantized type expected to match integer type; i8 and i16}}
  %0 = quant.scast %arg0 : tensor<2xi16> to tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// "The operand and result must be both scalars or both tensors ..."
func.func @scast_scalar_to_tensor(%arg0: i8) {
  // expected-error@+1 {{'quant.scast' op input and result are both scalars or both tensors with matching shape; got i8 and tensor<1x!quant.uniform<i8:f32, 1.000000e+00>>}}
  %0 = quant.scast %arg0 : i8 to tensor<1x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @scast_unranked_to_ranked(%arg0: tensor<*x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error@+1 {{'quant.scast' op input and result are both scalars or both tensors with matching shape; got tensor<*x!quant.uniform<i8:f32, 1.000000e+00>> and tensor<4xi8>}}
  %0 = quant.scast %arg0 : tensor<*x!quant.uniform<i8:f32, 1.0>> to tensor<4xi8>
  return
}

// -----

func.func @scast_dynamic_dimensions_mismatch(%arg0: tensor<?x4xi8>) {
  // expected-error@+1 {{'quant.scast' op input and result are both scalars or both tensors with matching shape; got tensor<?x4xi8> and tensor<4x?x!quant.uniform<i8:f32, 1.000000e+00>>}}
  %0 = quant.scast %arg0 : tensor<?x4xi8> to tensor<4x?x!quant.uniform<i8:f32, 1.0>>
  return
}
