// With --quant-unranked-sub-channel, the parameters of a sub-channel type in an unranked tensor
// must have a shape its lowering can read (the sub-channel RFC's case 2): one extent per
// dimension, 1 along each dimension without a block size, or one extent per quantized
// dimension. Any other is one error line at the op, not a failure of the lowering.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics --quant-unranked-sub-channel --lower-quant-ops

func.func @unblocked_dimension_with_two_scales(%arg0: tensor<*xf32>) {
  // expected-error@+1 {{'quant.qcast' op dimension 0 has no block size, so it must have 1 scale, got 2}}
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<f4E2M1FN:f32:{1:32}, {{0.5, 2.0}, {1.0, 4.0}}>>
  return
}

// -----

func.func @compact_form_of_the_wrong_rank(%arg0: tensor<*xi8>) {
  // expected-error@+1 {{'quant.scast' op rank of scales 2 must be more than the largest quantized dimension 3, or the number of quantized dimensions 1}}
  %0 = quant.scast %arg0 : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:{3:2}, {{0.5, 2.0}, {1.0, 4.0}}>>
  return
}

// -----

// Both forms lower.
func.func @full_and_compact(%arg0: tensor<*xf32>) {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<f4E2M1FN:f32:{0:1, 1:32}, {{0.5, 2.0}, {1.0, 4.0}}>>
  %1 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:{1:2, 3:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:4}}>>
  return
}
