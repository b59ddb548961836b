// Golden test of passes/normalize_quant_types.py (upstream's normalize-quant-types): a sub-channel
// type with one scale becomes per-tensor, one whose scales vary along one dimension with block
// size 1 there becomes per-axis, and any other stays; in signatures, results and block arguments.
// RUN: tfl2quant opt %s --split-input-file --normalize-quant-types | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(normalize-quant-types)' | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --normalize-quant-types | iree-opt --split-input-file -o /dev/null

// CHECK-LABEL: func.func @per_tensor
// CHECK-SAME:    (%[[A:.*]]: tensor<?x?x!quant.uniform<i8:f32, 2.000000e+00:127>>, %{{.*}}: tensor<4x8x!quant.uniform<u8:f32, 5.000000e-01>>) -> tensor<?x?xf32>
// CHECK-NEXT:    quant.dcast %[[A]] : tensor<?x?x!quant.uniform<i8:f32, 2.000000e+00:127>> to tensor<?x?xf32>
func.func @per_tensor(%arg0: tensor<?x?x!quant.uniform<i8:f32:{}, {{2.0:127}}>>,
                      %arg1: tensor<4x8x!quant.uniform<u8:f32:{0:4, 1:8}, {{0.5}}>>) -> tensor<?x?xf32> {
  %0 = quant.dcast %arg0 : tensor<?x?x!quant.uniform<i8:f32:{}, {{2.0:127}}>> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func private @per_axis
// CHECK-SAME:    tensor<2x4x!quant.uniform<i8:f32:0, {2.000000e+00:1,3.000000e+00:2}>>
// CHECK-SAME:    tensor<3x4x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00,4.000000e+00,5.000000e+00}>>
func.func private @per_axis(tensor<2x4x!quant.uniform<i8:f32:{0:1}, {{2.0:1}, {3.0:2}}>>,
                            tensor<3x4x!quant.uniform<i8:f32:{0:3, 1:1}, {{2.0, 3.0, 4.0, 5.0}}>>)

// -----

// Blocks of 2 along the varying dimension, or scales varying along two: still sub-channel.
// CHECK-LABEL: func.func private @kept
// CHECK-SAME:    tensor<4x4x!quant.uniform<i8:f32:{0:2}, {{\{\{}}2.000000e+00}, {3.000000e+00}}>>
// CHECK-SAME:    tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{\{\{}}2.000000e+00, 3.000000e+00}, {4.000000e+00, 5.000000e+00}}>>
func.func private @kept(tensor<4x4x!quant.uniform<i8:f32:{0:2}, {{2.0}, {3.0}}>>,
                        tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:1}, {{2.0, 3.0}, {4.0, 5.0}}>>)
