// The worked examples of the type in "RFC: Supporting Sub-Channel (or Blockwise) Quantization
// in MLIR" (see docs/quant-dialect.md), with numbers for the RFC's s_ij:z_ij
// placeholders.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics | iree-opt --split-input-file -o /dev/null

// "Consider a [6,4]-shaped tensor undergoing quantization along axis-0 and axis-1 with block
// sizes 1 and 2, respectively. As a result, the shape of the scales (or zero-points) will be
// [6,4]/[1,2] = [6,2]".
// CHECK-LABEL: func.func @running_example
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{\{\{}}1.000000e+00:10, 1.500000e+00:11}, {2.000000e+00:20, 2.500000e+00:21}, {3.000000e+00:30, 3.500000e+00:31}, {4.000000e+00:40, 4.500000e+00:41}, {5.000000e+00:50, 5.500000e+00:51}, {6.000000e+00:60, 6.500000e+00:61}}>>
func.func @running_example(%arg0: tensor<6x4xf32>) {
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0:10, 1.5:11}, {2.0:20, 2.5:21}, {3.0:30, 3.5:31}, {4.0:40, 4.5:41}, {5.0:50, 5.5:51}, {6.0:60, 6.5:61}}>>
  return
}

// -----

// "a tensor of shape [6, 8] that undergoes sub-channel quantization along axes 0 and 1 with
// block sizes of 2 and 4": element [i,j] uses scale [i,j]/[2,4], of a 3x2 scale tensor.
// CHECK-LABEL: func.func @tensor_approach
// CHECK-NEXT:    quant.dcast %{{.*}} : tensor<6x8x{{.*}}> to tensor<6x8xf32>
func.func @tensor_approach(%arg0: tensor<6x8x!quant.uniform<i8:f32:{0:2, 1:4}, {{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}}>>) {
  %0 = quant.dcast %arg0 : tensor<6x8x!quant.uniform<i8:f32:{0:2, 1:4}, {{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}}>> to tensor<6x8xf32>
  return
}

// -----

// ... and its scales cannot be a flat list of 6 ("The Challenge with 1-D Vectors"): the scales
// have one dimension per tensor dimension.
func.func @one_d_vector_approach(%arg0: tensor<6x8xf32>) {
  // expected-error@+1 {{Rank of scales 1 must match the rank of the tensor 2}}
  %0 = quant.qcast %arg0 : tensor<6x8xf32> to tensor<6x8x!quant.uniform<i8:f32:{0:2, 1:4}, {1.0, 2.0, 3.0, 4.0, 5.0, 6.0}>>
  return
}

// -----

// "In the absence of a block size for a specific axis i, we assume its value to be equal to
// the dim(tensor, i). This implies that quantization is performed on a per-tensor basis along
// axis i and the corresponding dimension size of axis i of the scale (or zero-point) tensor
// is 1".
// CHECK-LABEL: func.func @absent_block_size
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{1:2}, {{\{\{}}1.000000e+00, 2.000000e+00}}>>
func.func @absent_block_size(%arg0: tensor<6x4xf32>) {
  %0 = quant.qcast %arg0 : tensor<6x4xf32> to tensor<6x4x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0}}>>
  return
}

// -----

// "(3) is not a fundamental limitation, but a design choice": shape(tensor) % block_sizes = 0.
func.func @not_divisible(%arg0: tensor<6x5xf32>) {
  // expected-error@+1 {{tensor dimension size 5 at axis 1 must be divisible by the corresponding block size 2}}
  %0 = quant.qcast %arg0 : tensor<6x5xf32> to tensor<6x5x!quant.uniform<i8:f32:{1:2}, {{1.0, 2.0, 3.0}}>>
  return
}

// -----

// "Imagine an unranked tensor where we apply sub-channel quantization along dimensions m and
// n with block sizes of 2 and 3 [...] we express it as a tensor with a shape of [P x Q]":
// here m = 1, n = 3, P = 2, Q = 3, so dimension 1 has 4 elements and dimension 3 has 9.
// CHECK-LABEL: func.func private @unranked
// CHECK-SAME:    (tensor<*x!quant.uniform<i8:f32:{1:2, 3:3}, {{\{\{}}1.000000e+00, 2.000000e+00, 3.000000e+00}, {4.000000e+00, 5.000000e+00, 6.000000e+00}}>>)
func.func private @unranked(tensor<*x!quant.uniform<i8:f32:{1:2, 3:3}, {{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}>>)
