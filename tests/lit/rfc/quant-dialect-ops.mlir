// The worked examples of quant.dcast, quant.qcast and quant.scast in "[RFC] Improvements in
// the 'quant' dialect": their "Examples" (custom assembly) and "Canonicalization" sections.
// RUN: tfl2quant opt %s --split-input-file | filecheck %s
// RUN: tfl2quant opt %s --split-input-file | iree-opt --split-input-file -o /dev/null
// RUN: tfl2quant opt %s --split-input-file --canonicalize | filecheck %s --check-prefix=CANON
// RUN: tfl2quant opt %s --split-input-file --canonicalize | iree-opt --split-input-file -o /dev/null

// quant.dcast: "Dequantize a scalar quantized value", "Dequantize a dynamically shaped tensor
// of quantized values", "Dequantize an unranked tensor using per-axis quantization information".
// CHECK-LABEL: func.func @dcast_examples
// CHECK-NEXT:    quant.dcast %{{.*}} : !quant.uniform<i8:f32, 2.000000e+00> to f32
// CHECK-NEXT:    quant.dcast %{{.*}} : tensor<?x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<?xf32>
// CHECK-NEXT:    quant.dcast %{{.*}} : tensor<*x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>> to tensor<*xf32>
func.func @dcast_examples(%input: !quant.uniform<i8:f32, 2.0>, %input_dynamic: tensor<?x!quant.uniform<i8:f32, 2.0>>, %input_unranked: tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>) -> (f32, tensor<?xf32>, tensor<*xf32>) {
  %result = quant.dcast %input : !quant.uniform<i8:f32, 2.0> to f32
  %result_dynamic = quant.dcast %input_dynamic : tensor<?x!quant.uniform<i8:f32, 2.0>> to tensor<?xf32>
  %result_unranked = quant.dcast %input_unranked : tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>> to tensor<*xf32>
  return %result, %result_dynamic, %result_unranked : f32, tensor<?xf32>, tensor<*xf32>
}

// -----

// quant.qcast: "Quantize a scalar floating-point value", "Quantize a dynamically shaped tensor
// of quantized values", "Quantize an unranked tensor using per-axis quantization information".
// CHECK-LABEL: func.func @qcast_examples
// CHECK-NEXT:    quant.qcast %{{.*}} : f32 to !quant.uniform<i8:f32, 2.000000e+00>
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<?xf32> to tensor<?x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    quant.qcast %{{.*}} : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>>
func.func @qcast_examples(%input: f32, %input_dynamic: tensor<?xf32>, %input_unranked: tensor<*xf32>) -> (!quant.uniform<i8:f32, 2.0>, tensor<?x!quant.uniform<i8:f32, 2.0>>, tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>) {
  %result = quant.qcast %input : f32 to !quant.uniform<i8:f32, 2.0>
  %result_dynamic = quant.qcast %input_dynamic : tensor<?xf32> to tensor<?x!quant.uniform<i8:f32, 2.0>>
  %result_unranked = quant.qcast %input_unranked : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>
  return %result, %result_dynamic, %result_unranked : !quant.uniform<i8:f32, 2.0>, tensor<?x!quant.uniform<i8:f32, 2.0>>, tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>
}

// -----

// quant.scast: "Cast a scalar quantized value into its storage type", "Cast a dynamically
// shaped tensor of quantized values into their storage type", "Cast an unranked tensor of
// signless integers into a quantized type using per-channel quantization".
// CHECK-LABEL: func.func @scast_examples
// CHECK-NEXT:    quant.scast %{{.*}} : !quant.uniform<i8:f32, 2.000000e+00> to i8
// CHECK-NEXT:    quant.scast %{{.*}} : tensor<?x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<?xi8>
// CHECK-NEXT:    quant.scast %{{.*}} : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>>
func.func @scast_examples(%input: !quant.uniform<i8:f32, 2.0>, %input_dynamic: tensor<?x!quant.uniform<i8:f32, 2.0>>, %input_unranked: tensor<*xi8>) -> (i8, tensor<?xi8>, tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>) {
  %result = quant.scast %input : !quant.uniform<i8:f32, 2.0> to i8
  %result_dynamic = quant.scast %input_dynamic : tensor<?x!quant.uniform<i8:f32, 2.0>> to tensor<?xi8>
  %result_unranked = quant.scast %input_unranked : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>
  return %result, %result_dynamic, %result_unranked : i8, tensor<?xi8>, tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>
}

// -----

// quant.dcast canonicalization: "Output IR: %2 = %0 // I.e., uses of %2 replaced with %0";
// the qcast is "Possibly dead code", and dead here.
// CANON-LABEL: func.func @dcast_canonicalization
// CANON-SAME:    (%[[ZERO:.*]]: f32)
// CANON-NEXT:    return %[[ZERO]] : f32
func.func @dcast_canonicalization(%0: f32) -> f32 {
  %1 = quant.qcast %0 : f32 to !quant.uniform<i8:f32, 2.0>
  %2 = quant.dcast %1 : !quant.uniform<i8:f32, 2.0> to f32
  return %2 : f32
}

// -----

// quant.qcast canonicalization.
// CANON-LABEL: func.func @qcast_canonicalization
// CANON-SAME:    (%[[ZERO:.*]]: !quant.uniform<i8:f32, 2.000000e+00>)
// CANON-NEXT:    return %[[ZERO]] : !quant.uniform<i8:f32, 2.000000e+00>
func.func @qcast_canonicalization(%0: !quant.uniform<i8:f32, 2.0>) -> !quant.uniform<i8:f32, 2.0> {
  %1 = quant.dcast %0 : !quant.uniform<i8:f32, 2.0> to f32
  %2 = quant.qcast %1 : f32 to !quant.uniform<i8:f32, 2.0>
  return %2 : !quant.uniform<i8:f32, 2.0>
}

// -----

// quant.scast canonicalization.
// CANON-LABEL: func.func @scast_canonicalization
// CANON-SAME:    (%[[ZERO:.*]]: i8)
// CANON-NEXT:    return %[[ZERO]] : i8
func.func @scast_canonicalization(%0: i8) -> i8 {
  %1 = quant.scast %0 : i8 to !quant.uniform<i8:f32, 2.0>
  %2 = quant.scast %1 : !quant.uniform<i8:f32, 2.0> to i8
  return %2 : i8
}
