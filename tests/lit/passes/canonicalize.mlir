// Golden test of passes/canonicalize.py: the RFC's three quant cast folds, and removal of the
// pure ops left dead.
// RUN: tfl2quant opt %s --mlir-print-op-generic --allow-unregistered-dialect --canonicalize --split-input-file | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --canonicalize --split-input-file | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null
// The lossy fold alone can be turned off (`tfl2quant convert` does, to keep TFLite's rounding).
// RUN: tfl2quant opt %s --mlir-print-op-generic --allow-unregistered-dialect --pass-pipeline='builtin.module(canonicalize{fold-dcast-of-qcast=false})' --split-input-file | filecheck %s --check-prefix=KEEP

!q = !quant.uniform<i8:f32, 2.0>

// quant.dcast: "If the operand of a quant.dcast op is produced by a quant.qcast op and the
// operand type of quant.qcast matches the result type of quant.dcast, the value produced by
// quant.dcast is replaced with the operand of quant.qcast." The qcast is then dead.
// CHECK-LABEL: func.func @dcast_of_qcast_folds
// CHECK-SAME:    (%[[ARG:.*]]: f32)
// CHECK-NEXT:    return %[[ARG]] : f32
// KEEP-LABEL:  func.func @dcast_of_qcast_folds
// KEEP-NEXT:     %[[Q:.*]] = quant.qcast
// KEEP-NEXT:     %[[F:.*]] = quant.dcast %[[Q]]
// KEEP-NEXT:     return %[[F]] : f32
func.func @dcast_of_qcast_folds(%arg0: f32) -> f32 {
  %1 = quant.qcast %arg0 : f32 to !q
  %2 = quant.dcast %1 : !q to f32
  return %2 : f32
}

// -----

// quant.qcast: the same for qcast(dcast(x)), here per-axis on a dynamic tensor.
!q = !quant.uniform<i8:f32:1, {2.0, 3.0}>
// CHECK-LABEL: func.func @qcast_of_dcast_folds
// CHECK-SAME:    (%[[ARG:.*]]: tensor<?x2x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>>)
// CHECK-NEXT:    return %[[ARG]]
// KEEP-LABEL:  func.func @qcast_of_dcast_folds
// KEEP-SAME:     (%[[ARG:.*]]: tensor<?x2x{{.*}}>)
// KEEP-NEXT:     return %[[ARG]]
func.func @qcast_of_dcast_folds(%arg0: tensor<?x2x!q>) -> tensor<?x2x!q> {
  %1 = quant.dcast %arg0 : tensor<?x2x!q> to tensor<?x2xf32>
  %2 = quant.qcast %1 : tensor<?x2xf32> to tensor<?x2x!q>
  return %2 : tensor<?x2x!q>
}

// -----

// quant.scast: "In a sequence of 2 quant.scast ops where the second consumes the value produced
// by the first, the result of the second may be replaced with the operand of the first if their
// data types match." Both directions.
!q = !quant.uniform<i8:f32, 0.5:-3>
// CHECK-LABEL: func.func @scast_pairs_fold
// CHECK-SAME:    (%[[STORED:.*]]: tensor<4xi8>, %[[QUANT:.*]]: tensor<*x!quant.uniform<i8:f32, 5.000000e-01:-3>>)
// CHECK-NEXT:    return %[[STORED]], %[[QUANT]]
func.func @scast_pairs_fold(%arg0: tensor<4xi8>, %arg1: tensor<*x!q>) -> (tensor<4xi8>, tensor<*x!q>) {
  %0 = quant.scast %arg0 : tensor<4xi8> to tensor<4x!q>
  %1 = quant.scast %0 : tensor<4x!q> to tensor<4xi8>
  %2 = quant.scast %arg1 : tensor<*x!q> to tensor<*xi8>
  %3 = quant.scast %2 : tensor<*xi8> to tensor<*x!q>
  return %1, %3 : tensor<4xi8>, tensor<*x!q>
}

// -----

// qcast(dcast(x)) to another quantized type is a requantization: it stays.
!q2 = !quant.uniform<i8:f32, 2.0>
!q4 = !quant.uniform<i8:f32, 4.0>
// CHECK-LABEL: func.func @requantization_does_not_fold
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>)
// CHECK-NEXT:    %[[F:.*]] = quant.dcast %[[ARG]]
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[F]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32, 4.000000e+00>>
// CHECK-NEXT:    return %[[Q]]
func.func @requantization_does_not_fold(%arg0: tensor<3x!q2>) -> tensor<3x!q4> {
  %0 = quant.dcast %arg0 : tensor<3x!q2> to tensor<3xf32>
  %1 = quant.qcast %0 : tensor<3xf32> to tensor<3x!q4>
  return %1 : tensor<3x!q4>
}

// -----

// scast(scast(x)) to another quantized type reinterprets the storage: it stays.
!qa = !quant.uniform<i8:f32, 2.0>
!qb = !quant.uniform<i8:f32, 2.0:1>
// CHECK-LABEL: func.func @scast_to_other_quantized_type_does_not_fold
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>)
// CHECK-NEXT:    %[[S:.*]] = quant.scast %[[ARG]] : tensor<3x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<3xi8>
// CHECK-NEXT:    %[[Q:.*]] = quant.scast %[[S]] : tensor<3xi8> to tensor<3x!quant.uniform<i8:f32, 2.000000e+00:1>>
// CHECK-NEXT:    return %[[Q]]
func.func @scast_to_other_quantized_type_does_not_fold(%arg0: tensor<3x!qa>) -> tensor<3x!qb> {
  %0 = quant.scast %arg0 : tensor<3x!qa> to tensor<3xi8>
  %1 = quant.scast %0 : tensor<3xi8> to tensor<3x!qb>
  return %1 : tensor<3x!qb>
}

// -----

// Only inverse casts fold: dcast(scast(x)) dequantizes stored integers.
!q = !quant.uniform<u8:f32, 0.5:128>
// CHECK-LABEL: func.func @dcast_of_scast_does_not_fold
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3xi8>)
// CHECK-NEXT:    %[[Q:.*]] = quant.scast %[[ARG]]
// CHECK-NEXT:    %[[F:.*]] = quant.dcast %[[Q]]
// CHECK-NEXT:    return %[[F]]
func.func @dcast_of_scast_does_not_fold(%arg0: tensor<3xi8>) -> tensor<3xf32> {
  %0 = quant.scast %arg0 : tensor<3xi8> to tensor<3x!q>
  %1 = quant.dcast %0 : tensor<3x!q> to tensor<3xf32>
  return %1 : tensor<3xf32>
}

// -----

// The producer stays while something else uses it ("possibly dead code").
!q = !quant.uniform<i8:f32, 2.0>
// CHECK-LABEL: func.func @folded_producer_kept_while_used
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3xf32>)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[ARG]]
// CHECK-NEXT:    return %[[ARG]], %[[Q]]
func.func @folded_producer_kept_while_used(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3x!q>) {
  %0 = quant.qcast %arg0 : tensor<3xf32> to tensor<3x!q>
  %1 = quant.dcast %0 : tensor<3x!q> to tensor<3xf32>
  return %1, %0 : tensor<3xf32>, tensor<3x!q>
}

// -----

// Folds repeat to a fixpoint: a chain of round trips collapses.
!q = !quant.uniform<i8:f32, 2.0>
// CHECK-LABEL: func.func @round_trip_chain_collapses
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>)
// CHECK-NEXT:    return %[[ARG]]
func.func @round_trip_chain_collapses(%arg0: tensor<3x!q>) -> tensor<3x!q> {
  %0 = quant.scast %arg0 : tensor<3x!q> to tensor<3xi8>
  %1 = quant.scast %0 : tensor<3xi8> to tensor<3x!q>
  %2 = quant.dcast %1 : tensor<3x!q> to tensor<3xf32>
  %3 = quant.qcast %2 : tensor<3xf32> to tensor<3x!q>
  %4 = quant.dcast %3 : tensor<3x!q> to tensor<3xf32>
  %5 = quant.qcast %4 : tensor<3xf32> to tensor<3x!q>
  return %5 : tensor<3x!q>
}

// -----

// Dead pure ops go, users before producers (the casts are pure, per the RFC); ops with
// unknown effects stay.
!q = !quant.uniform<i8:f32:0, {2.0, 3.0}>
// CHECK-LABEL: func.func @dead_casts_removed
// CHECK-SAME:    (%[[ARG:.*]]: tensor<2xf32>)
// CHECK-NEXT:    "ml.print"(%[[ARG]]) : (tensor<2xf32>) -> ()
// CHECK-NEXT:    return %[[ARG]]
func.func @dead_casts_removed(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!q>
  %1 = quant.scast %0 : tensor<2x!q> to tensor<2xi8>
  %2 = quant.scast %1 : tensor<2xi8> to tensor<2x!q>
  %3 = arith.constant 1.0 : f32
  %4 = quant.dcast %0 : tensor<2x!q> to tensor<2xf32>
  "ml.print"(%arg0) : (tensor<2xf32>) -> ()
  return %arg0 : tensor<2xf32>
}

// -----

// Folds apply inside nested regions too.
!q = !quant.uniform<i8:f32, 2.0>
// CHECK-LABEL: func.func @folds_in_nested_region
// CHECK:         ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      "linalg.yield"(%[[IN]])
func.func @folds_in_nested_region(%arg0: tensor<3xf32>) -> tensor<3xf32> {
  %e = "tensor.empty"() : () -> tensor<3xf32>
  %0 = "linalg.generic"(%arg0, %e) ({
  ^bb0(%in: f32, %out: f32):
    %q = quant.qcast %in : f32 to !q
    %d = quant.dcast %q : !q to f32
    "linalg.yield"(%d) : (f32) -> ()
  }) {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// The RFC's workflow: the fallback lowering of `ml.mul` and `ml.add` dequantizes their
// operands and quantizes their results; canonicalization removes the product's round trip
// (its quantization is "immediately dequantized in preparation for the following
// arith.addf"). The RFC writes the arith ops in their custom form, which tfl2quant does not
// read: they are in the generic form here.
!qalias = !quant.uniform<i8:f32:0, {2.0, 3.0, 4.0}>
// CHECK-LABEL: func.func @multiply_add
// CHECK-SAME:    (%[[ARG0:.*]]: tensor<3x!quant.uniform<i8:f32:0, {2.000000e+00,3.000000e+00,4.000000e+00}>>, %[[ARG1:.*]]: tensor<3x{{.*}}>, %[[ARG2:.*]]: tensor<3x{{.*}}>)
// CHECK-NEXT:    %[[ARG0_F32:.*]] = quant.dcast %[[ARG0]]
// CHECK-NEXT:    %[[ARG1_F32:.*]] = quant.dcast %[[ARG1]]
// CHECK-NEXT:    %[[PRODUCT_F32:.*]] = "arith.mulf"(%[[ARG0_F32]], %[[ARG1_F32]])
// CHECK-NEXT:    %[[ARG2_F32:.*]] = quant.dcast %[[ARG2]]
// CHECK-NEXT:    %[[SUM_F32:.*]] = "arith.addf"(%[[PRODUCT_F32]], %[[ARG2_F32]])
// CHECK-NEXT:    %[[SUM:.*]] = quant.qcast %[[SUM_F32]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32:0, {2.000000e+00,3.000000e+00,4.000000e+00}>>
// CHECK-NEXT:    return %[[SUM]]
func.func @multiply_add(%arg0: tensor<3x!qalias>, %arg1: tensor<3x!qalias>, %arg2: tensor<3x!qalias>) -> tensor<3x!qalias> {

  %arg0_f32 = "quant.dcast"(%arg0) : (tensor<3x!qalias>) -> tensor<3xf32>
  %arg1_f32 = "quant.dcast"(%arg1) : (tensor<3x!qalias>) -> tensor<3xf32>
  %product_f32 = "arith.mulf"(%arg0_f32, %arg1_f32) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %product = "quant.qcast"(%product_f32) : (tensor<3xf32>) -> tensor<3x!qalias>

  %product_f32_1 = "quant.dcast"(%product) : (tensor<3x!qalias>) -> tensor<3xf32>
  %arg2_f32 = "quant.dcast"(%arg2) : (tensor<3x!qalias>) -> tensor<3xf32>
  %sum_f32 = "arith.addf"(%product_f32_1, %arg2_f32) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %sum = "quant.qcast"(%sum_f32) : (tensor<3xf32>) -> tensor<3x!qalias>

  return %sum : tensor<3x!qalias>
}

// -----

// Integer arithmetic of two constants folds to a constant (upstream's arith folders), wrapping to
// the integer width; the scast pair in between cancels (upstream's canonicalize.mlir).
// CHECK-LABEL: func.func @constant_arithmetic
// CHECK-NEXT:    %[[C:.*]] = arith.constant dense<[10, -126]> : tensor<2xi8>
// CHECK-NEXT:    return %[[C]] : tensor<2xi8>
func.func @constant_arithmetic() -> tensor<2xi8> {
  %cst = arith.constant dense<[5, 65]> : tensor<2xi8>
  %1 = quant.scast %cst : tensor<2xi8> to tensor<2x!quant.uniform<u8:f32, 7.812500e-03:128>>
  %2 = quant.scast %1 : tensor<2x!quant.uniform<u8:f32, 7.812500e-03:128>> to tensor<2xi8>
  %3 = "arith.addi"(%2, %2) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  return %3 : tensor<2xi8>
}

// -----

// Upstream's options: cse-between-iterations runs cse in canonicalize (the two equal addf
// become one); without it canonicalize merges nothing.
// RUN: tfl2quant opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(canonicalize{cse-between-iterations max-iterations=2})' --split-input-file | filecheck %s --check-prefix=WITH_CSE
// RUN: iree-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(canonicalize{cse-between-iterations max-iterations=2})' --split-input-file | filecheck %s --check-prefix=WITH_CSE
// WITH_CSE-LABEL: func.func @cse_between_iterations
// WITH_CSE-NEXT:    %[[SUM:.*]] = arith.addf %arg0, %arg0 : tensor<4xf32>
// WITH_CSE-NEXT:    %[[PRODUCT:.*]] = arith.mulf %[[SUM]], %[[SUM]] : tensor<4xf32>
// WITH_CSE-NEXT:    return %[[PRODUCT]]
// CHECK-LABEL: func.func @cse_between_iterations
// CHECK-COUNT-2: "arith.addf"
func.func @cse_between_iterations(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %1 = arith.addf %arg0, %arg0 : tensor<4xf32>
  %2 = arith.mulf %0, %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
