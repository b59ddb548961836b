// Golden test of lower-quant-ops with no options: upstream MLIR's lowering
// (passes/lower_quant_ops_upstream.py, after llvm-project's LowerQuantOps.cpp), printed in
// custom assembly. qcast: divf by the scale, the zero point converted with sitofp/uitofp and
// added (no addf when it is 0), fptosi/fptoui straight to the storage type (truncation toward
// zero, no rounding, no saturation: out of range is poison), then maxsi/minsi (maxui/minui)
// only if the type narrows its storage range. dcast: sitofp/uitofp, subf, mulf. Ranked
// tensors take their constants as tensor.splat of scalars; per-axis and sub-channel types a
// linalg.generic; unranked tensors are flattened with the shape dialect. The saturating
// TFLite lowering (`rounding=...`) is in lower-quant-ops-{per-layer,per-axis,sub-channel,rounding}.mlir.
// RUN: tfl2quant opt %s --split-input-file --lower-quant-ops | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(lower-quant-ops)' --dump-pass-pipeline 2>&1 >/dev/null | filecheck %s --check-prefix=PIPELINE
// RUN: tfl2quant opt %s --split-input-file --lower-quant-ops | iree-opt --split-input-file -o /dev/null
// PIPELINE: builtin.module(lower-quant-ops)

// scalar qcast, signed: divf, zero point converted with sitofp and added, fptosi; no clamp
func.func @qcast_scalar(%arg0: f32) -> !quant.uniform<i8:f32, 0.5:-3> {
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<i8:f32, 0.5:-3>
  return %0 : !quant.uniform<i8:f32, 0.5:-3>
}

// CHECK-LABEL: func.func @qcast_scalar(
// CHECK-SAME:    %[[X:.*]]: f32)
// CHECK:         %[[SCALE:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    %[[ZP:.*]] = arith.constant -3 : i8
// CHECK-NEXT:    %[[T:.*]] = arith.divf %[[X]], %[[SCALE]] : f32
// CHECK-NEXT:    %[[ZP_F:.*]] = arith.sitofp %[[ZP]] : i8 to f32
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[T]], %[[ZP_F]] : f32
// CHECK-NEXT:    %[[Q:.*]] = arith.fptosi %[[S]] : f32 to i8
// CHECK-NEXT:    %[[R:.*]] = quant.scast %[[Q]] : i8 to !quant.uniform<i8:f32, 5.000000e-01:-3>
// CHECK-NEXT:    return %[[R]]

// -----


// zero point 0: no addf; a narrowed unsigned range: fptoui, then maxui/minui in the storage type
func.func @qcast_scalar_unsigned_narrowed(%arg0: f32) -> !quant.uniform<u8<1:200>:f32, 0.25> {
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<u8<1:200>:f32, 0.25>
  return %0 : !quant.uniform<u8<1:200>:f32, 0.25>
}

// CHECK-LABEL: func.func @qcast_scalar_unsigned_narrowed(
// CHECK-SAME:    %[[X:.*]]: f32)
// CHECK:         %[[SCALE:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:    arith.constant 0 : i8
// CHECK-NEXT:    %[[T:.*]] = arith.divf %[[X]], %[[SCALE]] : f32
// CHECK-NEXT:    %[[Q:.*]] = arith.fptoui %[[T]] : f32 to i8
// CHECK-NEXT:    %[[LOW:.*]] = arith.constant 1 : i8
// CHECK-NEXT:    %[[HIGH:.*]] = arith.constant -56 : i8
// CHECK-NEXT:    %[[A:.*]] = arith.maxui %[[Q]], %[[LOW]] : i8
// CHECK-NEXT:    %[[B:.*]] = arith.minui %[[A]], %[[HIGH]] : i8
// CHECK-NEXT:    quant.scast %[[B]] : i8 to !quant.uniform<u8<1:200>:f32, 2.500000e-01>

// -----


// static shape: splats of scalar constants (not dense constants); zero point 0: no subf
func.func @dcast_static(%arg0: tensor<2x3x!quant.uniform<i8:f32, 1.5>>) -> tensor<2x3xf32> {
  %0 = quant.dcast %arg0 : tensor<2x3x!quant.uniform<i8:f32, 1.5>> to tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @dcast_static(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3x!quant.uniform<i8:f32, 1.500000e+00>>)
// CHECK:         %[[STORED:.*]] = quant.scast %[[X]] : tensor<2x3x!quant.uniform<i8:f32, 1.500000e+00>> to tensor<2x3xi8>
// CHECK-NEXT:    %[[SCALE:.*]] = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:    arith.constant 0 : i8
// CHECK-NEXT:    %[[SCALES:.*]] = tensor.splat %[[SCALE]] : tensor<2x3xf32>
// CHECK-NEXT:    %[[F:.*]] = arith.sitofp %[[STORED]] : tensor<2x3xi8> to tensor<2x3xf32>
// CHECK-NEXT:    %[[R:.*]] = arith.mulf %[[F]], %[[SCALES]] : tensor<2x3xf32>
// CHECK-NEXT:    return %[[R]] : tensor<2x3xf32>

// -----


// dynamic shape, narrowed signed range: every splat takes the dynamic size
func.func @qcast_dynamic_narrowed(%arg0: tensor<?x4xf32>) -> tensor<?x4x!quant.uniform<i8<-127:127>:f32, 0.1:5>> {
  %0 = quant.qcast %arg0 : tensor<?x4xf32> to tensor<?x4x!quant.uniform<i8<-127:127>:f32, 0.1:5>>
  return %0 : tensor<?x4x!quant.uniform<i8<-127:127>:f32, 0.1:5>>
}

// CHECK-LABEL: func.func @qcast_dynamic_narrowed(
// CHECK-SAME:    %[[X:.*]]: tensor<?x4xf32>)
// CHECK:         %[[SCALE:.*]] = arith.constant 1.000000e-01 : f32
// CHECK-NEXT:    %[[ZP:.*]] = arith.constant 5 : i8
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[D0:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x4xf32>
// CHECK-NEXT:    %[[SCALES:.*]] = tensor.splat %[[SCALE]][%[[D0]]] : tensor<?x4xf32>
// CHECK-NEXT:    %[[T:.*]] = arith.divf %[[X]], %[[SCALES]] : tensor<?x4xf32>
// CHECK-NEXT:    %[[ZPS:.*]] = tensor.splat %[[ZP]][%[[D0]]] : tensor<?x4xi8>
// CHECK-NEXT:    %[[ZP_F:.*]] = arith.sitofp %[[ZPS]] : tensor<?x4xi8> to tensor<?x4xf32>
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[T]], %[[ZP_F]] : tensor<?x4xf32>
// CHECK-NEXT:    %[[Q:.*]] = arith.fptosi %[[S]] : tensor<?x4xf32> to tensor<?x4xi8>
// CHECK-NEXT:    %[[LOW:.*]] = arith.constant -127 : i8
// CHECK-NEXT:    %[[HIGH:.*]] = arith.constant 127 : i8
// CHECK-NEXT:    %[[LOWS:.*]] = tensor.splat %[[LOW]][%[[D0]]] : tensor<?x4xi8>
// CHECK-NEXT:    %[[HIGHS:.*]] = tensor.splat %[[HIGH]][%[[D0]]] : tensor<?x4xi8>
// CHECK-NEXT:    %[[A:.*]] = arith.maxsi %[[Q]], %[[LOWS]] : tensor<?x4xi8>
// CHECK-NEXT:    %[[B:.*]] = arith.minsi %[[A]], %[[HIGHS]] : tensor<?x4xi8>
// CHECK-NEXT:    quant.scast %[[B]] : tensor<?x4xi8> to tensor<?x4x!quant.uniform<i8<-127:127>:f32, 1.000000e-01:5>>

// -----


// f16 expressed type: divided and truncated in f16 (no widening to f32)
func.func @qcast_f16(%arg0: tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f16, 0.5:1>> {
  %0 = quant.qcast %arg0 : tensor<4xf16> to tensor<4x!quant.uniform<i8:f16, 0.5:1>>
  return %0 : tensor<4x!quant.uniform<i8:f16, 0.5:1>>
}

// CHECK-LABEL: func.func @qcast_f16(
// CHECK:         arith.divf %{{.*}}, %{{.*}} : tensor<4xf16>
// CHECK-NEXT:    tensor.splat %{{.*}} : tensor<4xi8>
// CHECK-NEXT:    arith.sitofp %{{.*}} : tensor<4xi8> to tensor<4xf16>
// CHECK-NEXT:    arith.addf %{{.*}}, %{{.*}} : tensor<4xf16>
// CHECK-NEXT:    arith.fptosi %{{.*}} : tensor<4xf16> to tensor<4xi8>
// CHECK-NOT:     arith.extf

// -----


// per-axis: linalg.generic over dense scales and zero points, scalar arith in the body
func.func @qcast_per_axis(%arg0: tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32:1, {1.0:1, 2.0:2, 4.0:3}>> {
  %0 = quant.qcast %arg0 : tensor<2x3xf32> to tensor<2x3x!quant.uniform<i8:f32:1, {1.0:1, 2.0:2, 4.0:3}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:1, {1.0:1, 2.0:2, 4.0:3}>>
}

// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[AXIS:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @qcast_per_axis(
// CHECK-SAME:    %[[X:.*]]: tensor<2x3xf32>)
// CHECK:         %[[SCALES:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 4.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:    %[[ZPS:.*]] = arith.constant dense<[1, 2, 3]> : tensor<3xi8>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty() : tensor<2x3xi8>
// CHECK-NEXT:    %[[G:.*]] = linalg.generic {indexing_maps = [#[[ID]], #[[AXIS]], #[[AXIS]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[X]], %[[SCALES]], %[[ZPS]] : tensor<2x3xf32>, tensor<3xf32>, tensor<3xi8>) outs(%[[INIT]] : tensor<2x3xi8>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[SCALE:.*]]: f32, %[[ZP:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:      %[[T:.*]] = arith.divf %[[IN]], %[[SCALE]] : f32
// CHECK-NEXT:      %[[ZP_F:.*]] = arith.sitofp %[[ZP]] : i8 to f32
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[T]], %[[ZP_F]] : f32
// CHECK-NEXT:      %[[Q:.*]] = arith.fptosi %[[S]] : f32 to i8
// CHECK-NEXT:      linalg.yield %[[Q]] : i8
// CHECK-NEXT:    } -> tensor<2x3xi8>
// CHECK-NEXT:    quant.scast %[[G]] : tensor<2x3xi8> to tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e+00:1,2.000000e+00:2,4.000000e+00:3}>>

// -----


// sub-channel: the map reads scale[d0 floordiv 2, d1]; a zero point of 0 still gets its subf
func.func @dcast_sub_channel(%arg0: tensor<4x2x!quant.uniform<i8:f32:{0:2, 1:1}, {{1.0, 2.0}, {3.0, 4.0}}>>) -> tensor<4x2xf32> {
  %0 = quant.dcast %arg0 : tensor<4x2x!quant.uniform<i8:f32:{0:2, 1:1}, {{1.0, 2.0}, {3.0, 4.0}}>> to tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// CHECK-DAG:   #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG:   #[[BLOCK:.*]] = affine_map<(d0, d1) -> (d0 floordiv 2, d1)>
// CHECK-LABEL: func.func @dcast_sub_channel(
// CHECK:         %[[STORED:.*]] = quant.scast
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT:    %[[ZPS:.*]] = arith.constant dense<0> : tensor<2x2xi8>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty() : tensor<4x2xf32>
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[ID]], #[[BLOCK]], #[[BLOCK]], #[[ID]]], iterator_types = ["parallel", "parallel"]} ins(%[[STORED]], %[[SCALES]], %[[ZPS]] : tensor<4x2xi8>, tensor<2x2xf32>, tensor<2x2xi8>) outs(%[[INIT]] : tensor<4x2xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: i8, %[[SCALE:.*]]: f32, %[[ZP:.*]]: i8, %{{.*}}: f32):
// CHECK-NEXT:      %[[F:.*]] = arith.sitofp %[[IN]] : i8 to f32
// CHECK-NEXT:      %[[ZP_F:.*]] = arith.sitofp %[[ZP]] : i8 to f32
// CHECK-NEXT:      %[[D:.*]] = arith.subf %[[F]], %[[ZP_F]] : f32
// CHECK-NEXT:      %[[R:.*]] = arith.mulf %[[D]], %[[SCALE]] : f32
// CHECK-NEXT:      linalg.yield %[[R]] : f32

// -----


// unranked: flattened to 1-D with the shape dialect, lowered, reshaped back
func.func @qcast_unranked(%arg0: tensor<*xf32>) -> tensor<*x!quant.uniform<u8:f32, 2.0:128>> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<u8:f32, 2.0:128>>
  return %0 : tensor<*x!quant.uniform<u8:f32, 2.0:128>>
}

// CHECK-LABEL: func.func @qcast_unranked(
// CHECK-SAME:    %[[X:.*]]: tensor<*xf32>)
// CHECK:         %[[SHAPE:.*]] = shape.shape_of %[[X]] : tensor<*xf32> -> tensor<?xindex>
// CHECK-NEXT:    %[[N:.*]] = shape.num_elements %[[SHAPE]] : tensor<?xindex> -> index
// CHECK-NEXT:    %[[FLAT_SHAPE:.*]] = tensor.from_elements %[[N]] : tensor<1xindex>
// CHECK-NEXT:    %[[FLAT:.*]] = tensor.reshape %[[X]](%[[FLAT_SHAPE]]) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT:    arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    arith.constant -128 : i8
// CHECK:         arith.uitofp %{{.*}} : tensor<?xi8> to tensor<?xf32>
// CHECK:         %[[Q:.*]] = arith.fptoui %{{.*}} : tensor<?xf32> to tensor<?xi8>
// CHECK-NEXT:    %[[R:.*]] = tensor.reshape %[[Q]](%[[SHAPE]]) : (tensor<?xi8>, tensor<?xindex>) -> tensor<*xi8>
// CHECK-NEXT:    quant.scast %[[R]] : tensor<*xi8> to tensor<*x!quant.uniform<u8:f32, 2.000000e+00:128>>
