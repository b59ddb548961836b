// Golden test of the custom assembly of quant.qcast, quant.dcast and quant.scast
// (dialects/quant/ops.py): `quant.<op> %x {attrs}? : <input type> to <result type>`.
// RUN: tfl2quant opt %s --split-input-file | filecheck %s
// RUN: tfl2quant opt %s --split-input-file > %t.printed
// RUN: tfl2quant opt %t.printed --split-input-file > %t.reprinted
// RUN: diff %t.printed %t.reprinted
// RUN: iree-opt %t.printed --split-input-file | tfl2quant opt - --split-input-file | filecheck %s

// The RFC's examples of the three ops on scalars.
// CHECK-LABEL: func.func @scalars
// CHECK-SAME:    (%[[FLOAT:.*]]: f32, %[[QUANT:.*]]: !quant.uniform<i8:f32, 2.000000e+00>, %[[STORED:.*]]: i8)
// CHECK-NEXT:    quant.qcast %[[FLOAT]] : f32 to !quant.uniform<i8:f32, 2.000000e+00>
// CHECK-NEXT:    quant.dcast %[[QUANT]] : !quant.uniform<i8:f32, 2.000000e+00> to f32
// CHECK-NEXT:    quant.scast %[[QUANT]] : !quant.uniform<i8:f32, 2.000000e+00> to i8
// CHECK-NEXT:    quant.scast %[[STORED]] : i8 to !quant.uniform<i8:f32, 2.000000e+00>
func.func @scalars(%arg0: f32, %arg1: !quant.uniform<i8:f32, 2.0>, %arg2: i8) {
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<i8:f32, 2.0>
  %1 = quant.dcast %arg1 : !quant.uniform<i8:f32, 2.0> to f32
  %2 = quant.scast %arg1 : !quant.uniform<i8:f32, 2.0> to i8
  %3 = quant.scast %arg2 : i8 to !quant.uniform<i8:f32, 2.0>
  return
}

// -----

// CHECK-LABEL: func.func @static_tensors
// CHECK-SAME:    (%[[FLOAT:.*]]: tensor<2x3xf16>, %[[STORED:.*]]: tensor<2x3xi16>)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[FLOAT]] : tensor<2x3xf16> to tensor<2x3x!quant.uniform<u16<0:4095>:f16, 5.000000e-01:100>>
// CHECK-NEXT:    quant.dcast %[[Q]] : tensor<2x3x!quant.uniform<u16<0:4095>:f16, 5.000000e-01:100>> to tensor<2x3xf16>
// CHECK-NEXT:    quant.scast %[[Q]] : tensor<2x3x!quant.uniform<u16<0:4095>:f16, 5.000000e-01:100>> to tensor<2x3xi16>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<2x3xi16> to tensor<2x3x!quant.uniform<u16<0:4095>:f16, 5.000000e-01:100>>
func.func @static_tensors(%arg0: tensor<2x3xf16>, %arg1: tensor<2x3xi16>) {
  %0 = quant.qcast %arg0 : tensor<2x3xf16> to tensor<2x3x!quant.uniform<u16<0:4095>:f16, 0.5:100>>
  %1 = quant.dcast %0 : tensor<2x3x!quant.uniform<u16<0:4095>:f16, 0.5:100>> to tensor<2x3xf16>
  %2 = quant.scast %0 : tensor<2x3x!quant.uniform<u16<0:4095>:f16, 0.5:100>> to tensor<2x3xi16>
  %3 = quant.scast %arg1 : tensor<2x3xi16> to tensor<2x3x!quant.uniform<u16<0:4095>:f16, 0.5:100>>
  return
}

// -----

// The RFC's dynamically shaped examples; 0-d tensors are tensors, not scalars.
// CHECK-LABEL: func.func @dynamic_and_0d_tensors
// CHECK-SAME:    (%[[DYN:.*]]: tensor<?x3x?xf32>, %[[ZERO_D:.*]]: tensor<bf16>)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[DYN]] : tensor<?x3x?xf32> to tensor<?x3x?x!quant.uniform<i8:f32, 2.000000e+00>>
// CHECK-NEXT:    quant.dcast %[[Q]] : tensor<?x3x?x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<?x3x?xf32>
// CHECK-NEXT:    quant.scast %[[Q]] : tensor<?x3x?x!quant.uniform<i8:f32, 2.000000e+00>> to tensor<?x3x?xi8>
// CHECK-NEXT:    quant.qcast %[[ZERO_D]] : tensor<bf16> to tensor<!quant.uniform<i4:bf16, 2.500000e-01:-8>>
func.func @dynamic_and_0d_tensors(%arg0: tensor<?x3x?xf32>, %arg1: tensor<bf16>) {
  %0 = quant.qcast %arg0 : tensor<?x3x?xf32> to tensor<?x3x?x!quant.uniform<i8:f32, 2.0>>
  %1 = quant.dcast %0 : tensor<?x3x?x!quant.uniform<i8:f32, 2.0>> to tensor<?x3x?xf32>
  %2 = quant.scast %0 : tensor<?x3x?x!quant.uniform<i8:f32, 2.0>> to tensor<?x3x?xi8>
  %3 = quant.qcast %arg1 : tensor<bf16> to tensor<!quant.uniform<i4:bf16, 0.25:-8>>
  return
}

// -----

// CHECK-LABEL: func.func @unranked_tensors
// CHECK-SAME:    (%[[FLOAT:.*]]: tensor<*xf64>, %[[STORED:.*]]: tensor<*xi32>)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[FLOAT]] : tensor<*xf64> to tensor<*x!quant.uniform<i32:f64, 9.9999999999999995E-7:-5>>
// CHECK-NEXT:    quant.dcast %[[Q]] : tensor<*x!quant.uniform<i32:f64, 9.9999999999999995E-7:-5>> to tensor<*xf64>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<*xi32> to tensor<*x!quant.uniform<i32:f64, 9.9999999999999995E-7:-5>>
func.func @unranked_tensors(%arg0: tensor<*xf64>, %arg1: tensor<*xi32>) {
  %0 = quant.qcast %arg0 : tensor<*xf64> to tensor<*x!quant.uniform<i32:f64, 1.0e-6:-5>>
  %1 = quant.dcast %0 : tensor<*x!quant.uniform<i32:f64, 1.0e-6:-5>> to tensor<*xf64>
  %2 = quant.scast %arg1 : tensor<*xi32> to tensor<*x!quant.uniform<i32:f64, 1.0e-6:-5>>
  return
}

// -----

// Per-axis: the RFC's examples (an unranked tensor may have any rank) and a dynamic
// dimension other than the channel.
// CHECK-LABEL: func.func @per_axis
// CHECK-SAME:    (%[[UNRANKED:.*]]: tensor<*xf32>, %[[STORED:.*]]: tensor<*xi8>, %[[DYN:.*]]: tensor<?x2xf32>)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[UNRANKED]] : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>>
// CHECK-NEXT:    quant.dcast %[[Q]] : tensor<*x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>> to tensor<*xf32>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:1, {2.000000e+00,3.000000e+00}>>
// CHECK-NEXT:    %[[Q2:.*]] = quant.qcast %[[DYN]] : tensor<?x2xf32> to tensor<?x2x!quant.uniform<u8:f32:1, {2.000000e+00:10,3.000000e+00:20}>>
// CHECK-NEXT:    quant.scast %[[Q2]] : tensor<?x2x!quant.uniform<u8:f32:1, {2.000000e+00:10,3.000000e+00:20}>> to tensor<?x2xi8>
func.func @per_axis(%arg0: tensor<*xf32>, %arg1: tensor<*xi8>, %arg2: tensor<?x2xf32>) {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>
  %1 = quant.dcast %0 : tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>> to tensor<*xf32>
  %2 = quant.scast %arg1 : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:1, {2.0, 3.0}>>
  %3 = quant.qcast %arg2 : tensor<?x2xf32> to tensor<?x2x!quant.uniform<u8:f32:1, {2.0:10, 3.0:20}>>
  %4 = quant.scast %3 : tensor<?x2x!quant.uniform<u8:f32:1, {2.0:10, 3.0:20}>> to tensor<?x2xi8>
  return
}

// -----

// Sub-channel on static shapes, and on a dynamic quantized dimension (any multiple of the
// block size). Unranked sub-channel tensors are tested with lower-quant-ops: upstream
// rejects them in ops, the sub-channel RFC lowers them.
// CHECK-LABEL: func.func @sub_channel
// CHECK-SAME:    (%[[FLOAT:.*]]: tensor<2x4xf32>, %[[STORED:.*]]: tensor<2x?xi8>)
// CHECK-NEXT:    %[[QV:.*]] = quant.qcast %[[FLOAT]] : tensor<2x4xf32> to tensor<2x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{\{\{}}1.000000e+00:1, 2.000000e+00:2}, {3.000000e+00:3, 4.000000e+00:4}}>>
// CHECK-NEXT:    quant.dcast %[[QV]] : tensor<2x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{\{\{}}1.000000e+00:1, 2.000000e+00:2}, {3.000000e+00:3, 4.000000e+00:4}}>> to tensor<2x4xf32>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<2x?xi8> to tensor<2x?x!quant.uniform<i8:f32:{0:1, 1:2}, {{\{\{}}1.000000e+00:1, 2.000000e+00:2}, {3.000000e+00:3, 4.000000e+00:4}}>>
!qsub = !quant.uniform<i8:f32:{0:1, 1:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:4}}>
func.func @sub_channel(%arg0: tensor<2x4xf32>, %arg1: tensor<2x?xi8>) {
  %0 = quant.qcast %arg0 : tensor<2x4xf32> to tensor<2x4x!qsub>
  %1 = quant.dcast %0 : tensor<2x4x!qsub> to tensor<2x4xf32>
  %2 = quant.scast %arg1 : tensor<2x?xi8> to tensor<2x?x!qsub>
  return
}

// -----

// The generic form (the RFC's workflow examples use it) is read and printed in custom form;
// discardable attributes are kept, between the operand and the colon.
// CHECK-LABEL: func.func @generic_form_and_attributes
// CHECK-SAME:    (%[[ARG:.*]]: tensor<3xf32>)
// CHECK-NEXT:    %[[Q:.*]] = quant.qcast %[[ARG]] : tensor<3xf32> to tensor<3x!quant.uniform<i8:f32:0, {2.000000e+00,3.000000e+00,4.000000e+00}>>
// CHECK-NEXT:    %[[F:.*]] = quant.dcast %[[Q]] {note = "kept", weight = 3 : i32} : tensor<3x!quant.uniform<i8:f32:0, {2.000000e+00,3.000000e+00,4.000000e+00}>> to tensor<3xf32>
// CHECK-NEXT:    %[[S:.*]] = quant.scast %[[Q]] : tensor<3x!quant.uniform<i8:f32:0, {2.000000e+00,3.000000e+00,4.000000e+00}>> to tensor<3xi8>
// CHECK-NEXT:    return %[[F]], %[[S]]
!qalias = !quant.uniform<i8:f32:0, {2.0, 3.0, 4.0}>
func.func @generic_form_and_attributes(%arg0: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xi8>) {
  %0 = "quant.qcast"(%arg0) : (tensor<3xf32>) -> tensor<3x!qalias>
  %1 = "quant.dcast"(%0) {note = "kept", weight = 3 : i32} : (tensor<3x!qalias>) -> tensor<3xf32>
  %2 = "quant.scast"(%0) : (tensor<3x!qalias>) -> tensor<3xi8>
  return %1, %2 : tensor<3xf32>, tensor<3xi8>
}

// -----

// scast pairs a quantized type with the signless integer of its storage width, whatever the
// storage signedness (u4 <-> i4).
// CHECK-LABEL: func.func @scast_unsigned_storage
// CHECK-SAME:    (%[[ARG:.*]]: tensor<5xi4>)
// CHECK-NEXT:    %[[Q:.*]] = quant.scast %[[ARG]] : tensor<5xi4> to tensor<5x!quant.uniform<u4:f32, 5.000000e-01:8>>
// CHECK-NEXT:    quant.scast %[[Q]] : tensor<5x!quant.uniform<u4:f32, 5.000000e-01:8>> to tensor<5xi4>
func.func @scast_unsigned_storage(%arg0: tensor<5xi4>) {
  %0 = quant.scast %arg0 : tensor<5xi4> to tensor<5x!quant.uniform<u4:f32, 0.5:8>>
  %1 = quant.scast %0 : tensor<5x!quant.uniform<u4:f32, 0.5:8>> to tensor<5xi4>
  return
}
