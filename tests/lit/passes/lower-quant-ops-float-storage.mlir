// Golden test of passes/lower_quant_ops_float.py: quant.qcast and quant.dcast of float storage
// types, per-layer, per-axis and sub-channel, on static, dynamic and unranked tensors, for each
// of the seven formats. The cases are written once with STORAGE for the format; each pair of RUN
// lines substitutes one, with the constants that depend on it: the saturation bounds (the
// storage range within the finite values: f6E2M3FN's range -8:8 saturates at 7.5) and the clamp
// (maximumf/minimumf keep NaN where the format has one, maxnumf/minnumf send it to the low bound).
//
//   qcast   divf by the scale, addf the zero point (none when all are 0), clamp, truncf
//   dcast   extf, subf the zero point, mulf by the scale
//
// The second line of each pair: once canonicalize cancels the scast pairs, no quant type is
// left and upstream MLIR (iree-opt) verifies the IR.
//
// RUN: sed -e 's/STORAGE/f8E4M3FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops | filecheck %s -DSTORAGE=f8E4M3FN -DLO=-4.480000e+02 -DHI=4.480000e+02 -DMAX=maximumf -DMIN=minimumf
// RUN: sed -e 's/STORAGE/f8E4M3FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=VERIFIED
// RUN: sed -e 's/STORAGE/f8E5M2/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops | filecheck %s -DSTORAGE=f8E5M2 -DLO=-5.734400e+04 -DHI=5.734400e+04 -DMAX=maximumf -DMIN=minimumf
// RUN: sed -e 's/STORAGE/f8E5M2/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=VERIFIED
// RUN: sed -e 's/STORAGE/f8E4M3FNUZ/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops | filecheck %s -DSTORAGE=f8E4M3FNUZ -DLO=-2.400000e+02 -DHI=2.400000e+02 -DMAX=maximumf -DMIN=minimumf
// RUN: sed -e 's/STORAGE/f8E4M3FNUZ/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=VERIFIED
// RUN: sed -e 's/STORAGE/f8E5M2FNUZ/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops | filecheck %s -DSTORAGE=f8E5M2FNUZ -DLO=-5.734400e+04 -DHI=5.734400e+04 -DMAX=maximumf -DMIN=minimumf
// RUN: sed -e 's/STORAGE/f8E5M2FNUZ/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=VERIFIED
// RUN: sed -e 's/STORAGE/f6E2M3FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops | filecheck %s -DSTORAGE=f6E2M3FN -DLO=-7.500000e+00 -DHI=7.500000e+00 -DMAX=maxnumf -DMIN=minnumf
// RUN: sed -e 's/STORAGE/f6E2M3FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=VERIFIED
// RUN: sed -e 's/STORAGE/f6E3M2FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops | filecheck %s -DSTORAGE=f6E3M2FN -DLO=-2.800000e+01 -DHI=2.800000e+01 -DMAX=maxnumf -DMIN=minnumf
// RUN: sed -e 's/STORAGE/f6E3M2FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=VERIFIED
// RUN: sed -e 's/STORAGE/f4E2M1FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops | filecheck %s -DSTORAGE=f4E2M1FN -DLO=-6.000000e+00 -DHI=6.000000e+00 -DMAX=maxnumf -DMIN=minnumf
// RUN: sed -e 's/STORAGE/f4E2M1FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops --canonicalize | iree-opt --split-input-file | filecheck %s --check-prefix=VERIFIED
// The rounding option is about integer storage: the same program under each.
// RUN: sed -e 's/STORAGE/f4E2M1FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --lower-quant-ops > %t.none
// RUN: sed -e 's/STORAGE/f4E2M1FN/g' %s | tfl2quant opt --split-input-file --quant-unranked-sub-channel --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero})' > %t.toward-zero
// RUN: diff %t.none %t.toward-zero

// --- per-layer: arith on the tensor, splat constants ------------------------------------------

!q = !quant.uniform<STORAGE:f32, 0.5:2>
// CHECK-LABEL: func.func @per_layer_static_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<3x5xf32>) -> tensor<3x5x[[STORAGE]]>
// CHECK-NEXT:    %[[SCALE:.*]] = arith.constant dense<5.000000e-01> : tensor<3x5xf32>
// CHECK-NEXT:    %[[SCALED:.*]] = arith.divf %[[INPUT]], %[[SCALE]] : tensor<3x5xf32>
// CHECK-NEXT:    %[[ZERO_POINT:.*]] = arith.constant dense<2.000000e+00> : tensor<3x5xf32>
// CHECK-NEXT:    %[[SHIFTED:.*]] = arith.addf %[[SCALED]], %[[ZERO_POINT]] : tensor<3x5xf32>
// CHECK-NEXT:    %[[LOWEST:.*]] = arith.constant dense<[[LO]]> : tensor<3x5xf32>
// CHECK-NEXT:    %[[ABOVE:.*]] = arith.[[MAX]] %[[SHIFTED]], %[[LOWEST]] : tensor<3x5xf32>
// CHECK-NEXT:    %[[HIGHEST:.*]] = arith.constant dense<[[HI]]> : tensor<3x5xf32>
// CHECK-NEXT:    %[[SATURATED:.*]] = arith.[[MIN]] %[[ABOVE]], %[[HIGHEST]] : tensor<3x5xf32>
// CHECK-NEXT:    %[[STORED:.*]] = arith.truncf %[[SATURATED]] : tensor<3x5xf32> to tensor<3x5x[[STORAGE]]>
// CHECK-NEXT:    %[[QUANTIZED:.*]] = quant.scast %[[STORED]] : tensor<3x5x[[STORAGE]]> to tensor<3x5x!quant.uniform<[[STORAGE]]:f32, 5.000000e-01:2>>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[QUANTIZED]]
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @per_layer_static_qcast
// VERIFIED-NOT:   quant
func.func @per_layer_static_qcast(%arg0: tensor<3x5xf32>) -> tensor<3x5xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<3x5xf32> to tensor<3x5x!q>
  %1 = quant.scast %0 : tensor<3x5x!q> to tensor<3x5xSTORAGE>
  return %1 : tensor<3x5xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32, 0.5:2>
// CHECK-LABEL: func.func @per_layer_static_dcast
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} : tensor<3x5x!quant.uniform<[[STORAGE]]:f32, 5.000000e-01:2>> to tensor<3x5x[[STORAGE]]>
// CHECK-NEXT:    %[[SCALE:.*]] = arith.constant dense<5.000000e-01> : tensor<3x5xf32>
// CHECK-NEXT:    %[[VALUE:.*]] = arith.extf %[[STORED]] : tensor<3x5x[[STORAGE]]> to tensor<3x5xf32>
// CHECK-NEXT:    %[[ZERO_POINT:.*]] = arith.constant dense<2.000000e+00> : tensor<3x5xf32>
// CHECK-NEXT:    %[[SHIFTED:.*]] = arith.subf %[[VALUE]], %[[ZERO_POINT]] : tensor<3x5xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = arith.mulf %[[SHIFTED]], %[[SCALE]] : tensor<3x5xf32>
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @per_layer_static_dcast
// VERIFIED-NOT:   quant
func.func @per_layer_static_dcast(%arg0: tensor<3x5xSTORAGE>) -> tensor<3x5xf32> {
  %0 = quant.scast %arg0 : tensor<3x5xSTORAGE> to tensor<3x5x!q>
  %1 = quant.dcast %0 : tensor<3x5x!q> to tensor<3x5xf32>
  return %1 : tensor<3x5xf32>
}

// -----

// Dynamic: the splats take the dynamic sizes (upstream's tensor.splat; lower-quant-ops{dynamic-fill=true}
// makes them linalg.fill, which IREE compiles).
!q = !quant.uniform<STORAGE:f32, 0.5:2>
// CHECK-LABEL: func.func @per_layer_dynamic_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<?x5xf32>)
// CHECK:         %[[DIM:.*]] = tensor.dim %[[INPUT]], %{{.*}} : tensor<?x5xf32>
// CHECK-NEXT:    %[[SCALE_VALUE:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    %[[SCALE:.*]] = tensor.splat %[[SCALE_VALUE]][%[[DIM]]] : tensor<?x5xf32>
// CHECK-NEXT:    %[[SCALED:.*]] = arith.divf %[[INPUT]], %[[SCALE]] : tensor<?x5xf32>
// CHECK-NEXT:    arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %[[ZERO_POINT:.*]] = tensor.splat
// CHECK-NEXT:    %[[SHIFTED:.*]] = arith.addf %[[SCALED]], %[[ZERO_POINT]] : tensor<?x5xf32>
// CHECK-NEXT:    arith.constant [[LO]] : f32
// CHECK-NEXT:    %[[LOWEST:.*]] = tensor.splat
// CHECK-NEXT:    %[[ABOVE:.*]] = arith.[[MAX]] %[[SHIFTED]], %[[LOWEST]] : tensor<?x5xf32>
// CHECK-NEXT:    arith.constant [[HI]] : f32
// CHECK-NEXT:    %[[HIGHEST:.*]] = tensor.splat
// CHECK-NEXT:    %[[SATURATED:.*]] = arith.[[MIN]] %[[ABOVE]], %[[HIGHEST]] : tensor<?x5xf32>
// CHECK-NEXT:    %[[STORED:.*]] = arith.truncf %[[SATURATED]] : tensor<?x5xf32> to tensor<?x5x[[STORAGE]]>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<?x5x[[STORAGE]]> to tensor<?x5x!quant.uniform<[[STORAGE]]:f32, 5.000000e-01:2>>
// VERIFIED-LABEL: func.func @per_layer_dynamic_qcast
// VERIFIED-NOT:   quant
func.func @per_layer_dynamic_qcast(%arg0: tensor<?x5xf32>) -> tensor<?x5xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<?x5xf32> to tensor<?x5x!q>
  %1 = quant.scast %0 : tensor<?x5x!q> to tensor<?x5xSTORAGE>
  return %1 : tensor<?x5xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32, 0.5:2>
// CHECK-LABEL: func.func @per_layer_dynamic_dcast
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} to tensor<?x5x[[STORAGE]]>
// CHECK:         %[[DIM:.*]] = tensor.dim %[[STORED]], %{{.*}} : tensor<?x5x[[STORAGE]]>
// CHECK-NEXT:    arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    %[[SCALE:.*]] = tensor.splat %{{.*}}[%[[DIM]]] : tensor<?x5xf32>
// CHECK-NEXT:    %[[VALUE:.*]] = arith.extf %[[STORED]] : tensor<?x5x[[STORAGE]]> to tensor<?x5xf32>
// CHECK-NEXT:    arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %[[ZERO_POINT:.*]] = tensor.splat %{{.*}}[%[[DIM]]] : tensor<?x5xf32>
// CHECK-NEXT:    %[[SHIFTED:.*]] = arith.subf %[[VALUE]], %[[ZERO_POINT]] : tensor<?x5xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = arith.mulf %[[SHIFTED]], %[[SCALE]] : tensor<?x5xf32>
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @per_layer_dynamic_dcast
// VERIFIED-NOT:   quant
func.func @per_layer_dynamic_dcast(%arg0: tensor<?x5xSTORAGE>) -> tensor<?x5xf32> {
  %0 = quant.scast %arg0 : tensor<?x5xSTORAGE> to tensor<?x5x!q>
  %1 = quant.dcast %0 : tensor<?x5x!q> to tensor<?x5xf32>
  return %1 : tensor<?x5xf32>
}

// -----

// Unranked: flattened to 1-D with the shape dialect, lowered, reshaped back.
!q = !quant.uniform<STORAGE:f32, 0.5:2>
// CHECK-LABEL: func.func @per_layer_unranked_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = shape.shape_of %[[INPUT]] : tensor<*xf32> -> tensor<?xindex>
// CHECK-NEXT:    %[[SIZE:.*]] = shape.num_elements %[[SHAPE]] : tensor<?xindex> -> index
// CHECK-NEXT:    %[[FLAT_SHAPE:.*]] = tensor.from_elements %[[SIZE]] : tensor<1xindex>
// CHECK-NEXT:    %[[FLAT:.*]] = tensor.reshape %[[INPUT]](%[[FLAT_SHAPE]]) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK:         arith.divf %[[FLAT]], %{{.*}} : tensor<?xf32>
// CHECK:         arith.addf
// CHECK:         arith.constant [[LO]] : f32
// CHECK:         arith.[[MAX]]
// CHECK:         arith.constant [[HI]] : f32
// CHECK:         arith.[[MIN]]
// CHECK-NEXT:    %[[STORED:.*]] = arith.truncf %{{.*}} : tensor<?xf32> to tensor<?x[[STORAGE]]>
// CHECK-NEXT:    %[[RESHAPED:.*]] = tensor.reshape %[[STORED]](%[[SHAPE]]) : (tensor<?x[[STORAGE]]>, tensor<?xindex>) -> tensor<*x[[STORAGE]]>
// CHECK-NEXT:    quant.scast %[[RESHAPED]] : tensor<*x[[STORAGE]]> to tensor<*x!quant.uniform<[[STORAGE]]:f32, 5.000000e-01:2>>
// VERIFIED-LABEL: func.func @per_layer_unranked_qcast
// VERIFIED-NOT:   quant
func.func @per_layer_unranked_qcast(%arg0: tensor<*xf32>) -> tensor<*xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!q>
  %1 = quant.scast %0 : tensor<*x!q> to tensor<*xSTORAGE>
  return %1 : tensor<*xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32, 0.5:2>
// CHECK-LABEL: func.func @per_layer_unranked_dcast
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} to tensor<*x[[STORAGE]]>
// CHECK-NEXT:    %[[SHAPE:.*]] = shape.shape_of %[[STORED]] : tensor<*x[[STORAGE]]> -> tensor<?xindex>
// CHECK:         %[[FLAT:.*]] = tensor.reshape %[[STORED]](%{{.*}}) : (tensor<*x[[STORAGE]]>, tensor<1xindex>) -> tensor<?x[[STORAGE]]>
// CHECK:         %[[VALUE:.*]] = arith.extf %[[FLAT]] : tensor<?x[[STORAGE]]> to tensor<?xf32>
// CHECK:         arith.subf %[[VALUE]]
// CHECK-NEXT:    %[[DEQUANTIZED:.*]] = arith.mulf
// CHECK-NEXT:    %[[RESULT:.*]] = tensor.reshape %[[DEQUANTIZED]](%[[SHAPE]]) : (tensor<?xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @per_layer_unranked_dcast
// VERIFIED-NOT:   quant
func.func @per_layer_unranked_dcast(%arg0: tensor<*xSTORAGE>) -> tensor<*xf32> {
  %0 = quant.scast %arg0 : tensor<*xSTORAGE> to tensor<*x!q>
  %1 = quant.dcast %0 : tensor<*x!q> to tensor<*xf32>
  return %1 : tensor<*xf32>
}

// -----

// --- per-axis: a linalg.generic reading scale[d1] and zero_point[d1] ---------------------------
// The zero points are floats (added in f32, exactly; a zero point need not be a value of the format).

!q = !quant.uniform<STORAGE:f32:1, {0.5:1, 2.0, 0.25:-1}>
// CHECK-LABEL: func.func @per_axis_static_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<4x3xf32>)
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<[5.000000e-01, 2.000000e+00, 2.500000e-01]> : tensor<3xf32>
// CHECK-NEXT:    %[[ZERO_POINTS:.*]] = arith.constant dense<[1.000000e+00, 0.000000e+00, -1.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty() : tensor<4x3x[[STORAGE]]>
// CHECK-NEXT:    %[[STORED:.*]] = linalg.generic {indexing_maps = [#map, #map1, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%[[INPUT]], %[[SCALES]], %[[ZERO_POINTS]] : tensor<4x3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<4x3x[[STORAGE]]>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: f32, %{{.*}}: [[STORAGE]]):
// CHECK-NEXT:      %[[SCALED:.*]] = arith.divf %[[IN]], %[[SCALE]] : f32
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.addf %[[SCALED]], %[[ZERO_POINT]] : f32
// CHECK-NEXT:      %[[LOWEST:.*]] = arith.constant [[LO]] : f32
// CHECK-NEXT:      %[[ABOVE:.*]] = arith.[[MAX]] %[[SHIFTED]], %[[LOWEST]] : f32
// CHECK-NEXT:      %[[HIGHEST:.*]] = arith.constant [[HI]] : f32
// CHECK-NEXT:      %[[SATURATED:.*]] = arith.[[MIN]] %[[ABOVE]], %[[HIGHEST]] : f32
// CHECK-NEXT:      %[[VALUE:.*]] = arith.truncf %[[SATURATED]] : f32 to [[STORAGE]]
// CHECK-NEXT:      linalg.yield %[[VALUE]] : [[STORAGE]]
// CHECK-NEXT:    } -> tensor<4x3x[[STORAGE]]>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<4x3x[[STORAGE]]> to tensor<4x3x!quant.uniform<[[STORAGE]]:f32:1, {5.000000e-01:1,2.000000e+00,2.500000e-01:-1}>>
// VERIFIED-LABEL: func.func @per_axis_static_qcast
// VERIFIED-NOT:   quant
func.func @per_axis_static_qcast(%arg0: tensor<4x3xf32>) -> tensor<4x3xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<4x3xf32> to tensor<4x3x!q>
  %1 = quant.scast %0 : tensor<4x3x!q> to tensor<4x3xSTORAGE>
  return %1 : tensor<4x3xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32:1, {0.5:1, 2.0, 0.25:-1}>
// CHECK-LABEL: func.func @per_axis_static_dcast
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} to tensor<4x3x[[STORAGE]]>
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<[5.000000e-01, 2.000000e+00, 2.500000e-01]> : tensor<3xf32>
// CHECK-NEXT:    %[[ZERO_POINTS:.*]] = arith.constant dense<[1.000000e+00, 0.000000e+00, -1.000000e+00]> : tensor<3xf32>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty() : tensor<4x3xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = linalg.generic {{.*}} ins(%[[STORED]], %[[SCALES]], %[[ZERO_POINTS]] : tensor<4x3x[[STORAGE]]>, tensor<3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<4x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: [[STORAGE]], %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[VALUE:.*]] = arith.extf %[[IN]] : [[STORAGE]] to f32
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.subf %[[VALUE]], %[[ZERO_POINT]] : f32
// CHECK-NEXT:      %[[DEQUANTIZED:.*]] = arith.mulf %[[SHIFTED]], %[[SCALE]] : f32
// CHECK-NEXT:      linalg.yield %[[DEQUANTIZED]] : f32
// CHECK-NEXT:    } -> tensor<4x3xf32>
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @per_axis_static_dcast
// VERIFIED-NOT:   quant
func.func @per_axis_static_dcast(%arg0: tensor<4x3xSTORAGE>) -> tensor<4x3xf32> {
  %0 = quant.scast %arg0 : tensor<4x3xSTORAGE> to tensor<4x3x!q>
  %1 = quant.dcast %0 : tensor<4x3x!q> to tensor<4x3xf32>
  return %1 : tensor<4x3xf32>
}

// -----

!q = !quant.uniform<STORAGE:f32:1, {0.5:1, 2.0, 0.25:-1}>
// CHECK-LABEL: func.func @per_axis_dynamic_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<?x3xf32>)
// CHECK:         %[[DIM:.*]] = tensor.dim %[[INPUT]], %{{.*}} : tensor<?x3xf32>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<?x3x[[STORAGE]]>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[INPUT]], %{{.*}}, %{{.*}} : tensor<?x3xf32>, tensor<3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<?x3x[[STORAGE]]>) {
// CHECK:           arith.constant [[LO]] : f32
// CHECK-NEXT:      arith.[[MAX]]
// CHECK-NEXT:      arith.constant [[HI]] : f32
// CHECK-NEXT:      arith.[[MIN]]
// CHECK-NEXT:      arith.truncf %{{.*}} : f32 to [[STORAGE]]
// CHECK:         } -> tensor<?x3x[[STORAGE]]>
// VERIFIED-LABEL: func.func @per_axis_dynamic_qcast
// VERIFIED-NOT:   quant
func.func @per_axis_dynamic_qcast(%arg0: tensor<?x3xf32>) -> tensor<?x3xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<?x3xf32> to tensor<?x3x!q>
  %1 = quant.scast %0 : tensor<?x3x!q> to tensor<?x3xSTORAGE>
  return %1 : tensor<?x3xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32:1, {0.5:1, 2.0, 0.25:-1}>
// CHECK-LABEL: func.func @per_axis_dynamic_dcast
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} to tensor<?x3x[[STORAGE]]>
// CHECK:         %[[DIM:.*]] = tensor.dim %[[STORED]], %{{.*}} : tensor<?x3x[[STORAGE]]>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<?x3xf32>
// CHECK-NEXT:    linalg.generic {{.*}} ins(%[[STORED]], %{{.*}}, %{{.*}} : tensor<?x3x[[STORAGE]]>, tensor<3xf32>, tensor<3xf32>) outs(%[[INIT]] : tensor<?x3xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: [[STORAGE]], %{{.*}}: f32, %{{.*}}: f32, %{{.*}}: f32):
// CHECK-NEXT:      arith.extf %[[IN]] : [[STORAGE]] to f32
// CHECK-NEXT:      arith.subf
// CHECK-NEXT:      arith.mulf
// CHECK:         } -> tensor<?x3xf32>
// VERIFIED-LABEL: func.func @per_axis_dynamic_dcast
// VERIFIED-NOT:   quant
func.func @per_axis_dynamic_dcast(%arg0: tensor<?x3xSTORAGE>) -> tensor<?x3xf32> {
  %0 = quant.scast %arg0 : tensor<?x3xSTORAGE> to tensor<?x3x!q>
  %1 = quant.dcast %0 : tensor<?x3x!q> to tensor<?x3xf32>
  return %1 : tensor<?x3xf32>
}

// -----

// Unranked: flattened to [left, 3, right] around the axis.
!q = !quant.uniform<STORAGE:f32:1, {0.5:1, 2.0, 0.25:-1}>
// CHECK-LABEL: func.func @per_axis_unranked_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*xf32>)
// CHECK:         %[[FLAT:.*]] = tensor.reshape %[[INPUT]](%{{.*}}) : (tensor<*xf32>, tensor<3xindex>) -> tensor<?x3x?xf32>
// CHECK:         %[[STORED:.*]] = linalg.generic {{.*}} ins(%[[FLAT]], %{{.*}}, %{{.*}} : tensor<?x3x?xf32>, tensor<3xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<?x3x?x[[STORAGE]]>) {
// CHECK:           arith.truncf %{{.*}} : f32 to [[STORAGE]]
// CHECK:         } -> tensor<?x3x?x[[STORAGE]]>
// CHECK-NEXT:    %[[RESHAPED:.*]] = tensor.reshape %[[STORED]](%{{.*}}) : (tensor<?x3x?x[[STORAGE]]>, tensor<?xindex>) -> tensor<*x[[STORAGE]]>
// CHECK-NEXT:    quant.scast %[[RESHAPED]] : tensor<*x[[STORAGE]]> to tensor<*x!quant.uniform<[[STORAGE]]:f32:1, {5.000000e-01:1,2.000000e+00,2.500000e-01:-1}>>
// VERIFIED-LABEL: func.func @per_axis_unranked_qcast
// VERIFIED-NOT:   quant
func.func @per_axis_unranked_qcast(%arg0: tensor<*xf32>) -> tensor<*xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!q>
  %1 = quant.scast %0 : tensor<*x!q> to tensor<*xSTORAGE>
  return %1 : tensor<*xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32:1, {0.5:1, 2.0, 0.25:-1}>
// CHECK-LABEL: func.func @per_axis_unranked_dcast
// CHECK:         %[[FLAT:.*]] = tensor.reshape %{{.*}}(%{{.*}}) : (tensor<*x[[STORAGE]]>, tensor<3xindex>) -> tensor<?x3x?x[[STORAGE]]>
// CHECK:         %[[VALUES:.*]] = linalg.generic {{.*}} ins(%[[FLAT]], %{{.*}}, %{{.*}} : tensor<?x3x?x[[STORAGE]]>, tensor<3xf32>, tensor<3xf32>) outs(%{{.*}} : tensor<?x3x?xf32>) {
// CHECK:           arith.extf %{{.*}} : [[STORAGE]] to f32
// CHECK:         } -> tensor<?x3x?xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = tensor.reshape %[[VALUES]](%{{.*}}) : (tensor<?x3x?xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @per_axis_unranked_dcast
// VERIFIED-NOT:   quant
func.func @per_axis_unranked_dcast(%arg0: tensor<*xSTORAGE>) -> tensor<*xf32> {
  %0 = quant.scast %arg0 : tensor<*xSTORAGE> to tensor<*x!q>
  %1 = quant.dcast %0 : tensor<*x!q> to tensor<*xf32>
  return %1 : tensor<*xf32>
}

// -----

// --- sub-channel: scale[d0][d1 floordiv 32], the MX layout ----------------------------------
// Blocks of 32 along the last axis, a power-of-two scale per block, no zero points: no zero-point
// tensor, no addf (docs/float-storage.md: an MX type in today's syntax).

!q = !quant.uniform<STORAGE:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.25}}>
// CHECK-LABEL: func.func @sub_channel_static_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<2x64xf32>)
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [5.000000e-01, 2.500000e-01]]> : tensor<2x2xf32>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty() : tensor<2x64x[[STORAGE]]>
// CHECK-NEXT:    %[[STORED:.*]] = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%[[INPUT]], %[[SCALES]] : tensor<2x64xf32>, tensor<2x2xf32>) outs(%[[INIT]] : tensor<2x64x[[STORAGE]]>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[SCALE:.*]]: f32, %{{.*}}: [[STORAGE]]):
// CHECK-NEXT:      %[[SCALED:.*]] = arith.divf %[[IN]], %[[SCALE]] : f32
// CHECK-NEXT:      %[[LOWEST:.*]] = arith.constant [[LO]] : f32
// CHECK-NEXT:      %[[ABOVE:.*]] = arith.[[MAX]] %[[SCALED]], %[[LOWEST]] : f32
// CHECK-NEXT:      %[[HIGHEST:.*]] = arith.constant [[HI]] : f32
// CHECK-NEXT:      %[[SATURATED:.*]] = arith.[[MIN]] %[[ABOVE]], %[[HIGHEST]] : f32
// CHECK-NEXT:      %[[VALUE:.*]] = arith.truncf %[[SATURATED]] : f32 to [[STORAGE]]
// CHECK-NEXT:      linalg.yield %[[VALUE]] : [[STORAGE]]
// CHECK-NEXT:    } -> tensor<2x64x[[STORAGE]]>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<2x64x[[STORAGE]]> to tensor<2x64x!quant.uniform<[[STORAGE]]:f32:{0:1, 1:32}, {{\{\{}}1.000000e+00, 2.000000e+00}, {5.000000e-01, 2.500000e-01}}>>
// VERIFIED-LABEL: func.func @sub_channel_static_qcast
// VERIFIED-NOT:   quant
func.func @sub_channel_static_qcast(%arg0: tensor<2x64xf32>) -> tensor<2x64xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<2x64xf32> to tensor<2x64x!q>
  %1 = quant.scast %0 : tensor<2x64x!q> to tensor<2x64xSTORAGE>
  return %1 : tensor<2x64xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.25}}>
// CHECK-DAG:   #[[BLOCK:.*]] = affine_map<(d0, d1) -> (d0, d1 floordiv 32)>
// CHECK-LABEL: func.func @sub_channel_static_dcast
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} to tensor<2x64x[[STORAGE]]>
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [5.000000e-01, 2.500000e-01]]> : tensor<2x2xf32>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty() : tensor<2x64xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = linalg.generic {indexing_maps = [#map, #[[BLOCK]], #map], {{.*}}} ins(%[[STORED]], %[[SCALES]] : tensor<2x64x[[STORAGE]]>, tensor<2x2xf32>) outs(%[[INIT]] : tensor<2x64xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: [[STORAGE]], %[[SCALE:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[VALUE:.*]] = arith.extf %[[IN]] : [[STORAGE]] to f32
// CHECK-NEXT:      %[[DEQUANTIZED:.*]] = arith.mulf %[[VALUE]], %[[SCALE]] : f32
// CHECK-NEXT:      linalg.yield %[[DEQUANTIZED]] : f32
// CHECK-NEXT:    } -> tensor<2x64xf32>
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @sub_channel_static_dcast
// VERIFIED-NOT:   quant
func.func @sub_channel_static_dcast(%arg0: tensor<2x64xSTORAGE>) -> tensor<2x64xf32> {
  %0 = quant.scast %arg0 : tensor<2x64xSTORAGE> to tensor<2x64x!q>
  %1 = quant.dcast %0 : tensor<2x64x!q> to tensor<2x64xf32>
  return %1 : tensor<2x64xf32>
}

// -----

// A dynamic extent without a block size reads parameter 0 along it; zero points, where present,
// come with the scales.
!q = !quant.uniform<STORAGE:f32:{1:32}, {{2.0:1, 0.5}}>
// CHECK-DAG:   #[[BLOCK:.*]] = affine_map<(d0, d1) -> (0, d1 floordiv 32)>
// CHECK-LABEL: func.func @sub_channel_dynamic_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<?x64xf32>)
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<{{\[\[}}2.000000e+00, 5.000000e-01]]> : tensor<1x2xf32>
// CHECK-NEXT:    %[[ZERO_POINTS:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00]]> : tensor<1x2xf32>
// CHECK:         %[[DIM:.*]] = tensor.dim %[[INPUT]], %{{.*}} : tensor<?x64xf32>
// CHECK-NEXT:    %[[INIT:.*]] = tensor.empty(%[[DIM]]) : tensor<?x64x[[STORAGE]]>
// CHECK-NEXT:    linalg.generic {indexing_maps = [#map, #[[BLOCK]], #[[BLOCK]], #map], {{.*}}} ins(%[[INPUT]], %[[SCALES]], %[[ZERO_POINTS]] : tensor<?x64xf32>, tensor<1x2xf32>, tensor<1x2xf32>) outs(%[[INIT]] : tensor<?x64x[[STORAGE]]>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: f32, %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: f32, %{{.*}}: [[STORAGE]]):
// CHECK-NEXT:      %[[SCALED:.*]] = arith.divf %[[IN]], %[[SCALE]] : f32
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.addf %[[SCALED]], %[[ZERO_POINT]] : f32
// CHECK-NEXT:      arith.constant [[LO]] : f32
// CHECK-NEXT:      arith.[[MAX]] %[[SHIFTED]]
// CHECK-NEXT:      arith.constant [[HI]] : f32
// CHECK-NEXT:      %[[SATURATED:.*]] = arith.[[MIN]]
// CHECK-NEXT:      %[[VALUE:.*]] = arith.truncf %[[SATURATED]] : f32 to [[STORAGE]]
// CHECK-NEXT:      linalg.yield %[[VALUE]] : [[STORAGE]]
// CHECK-NEXT:    } -> tensor<?x64x[[STORAGE]]>
// VERIFIED-LABEL: func.func @sub_channel_dynamic_qcast
// VERIFIED-NOT:   quant
func.func @sub_channel_dynamic_qcast(%arg0: tensor<?x64xf32>) -> tensor<?x64xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<?x64xf32> to tensor<?x64x!q>
  %1 = quant.scast %0 : tensor<?x64x!q> to tensor<?x64xSTORAGE>
  return %1 : tensor<?x64xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32:{1:32}, {{2.0:1, 0.5}}>
// CHECK-LABEL: func.func @sub_channel_dynamic_dcast
// CHECK:         %[[STORED:.*]] = quant.scast %{{.*}} to tensor<?x64x[[STORAGE]]>
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<{{\[\[}}2.000000e+00, 5.000000e-01]]> : tensor<1x2xf32>
// CHECK-NEXT:    %[[ZERO_POINTS:.*]] = arith.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00]]> : tensor<1x2xf32>
// CHECK:         linalg.generic {{.*}} ins(%[[STORED]], %[[SCALES]], %[[ZERO_POINTS]] : tensor<?x64x[[STORAGE]]>, tensor<1x2xf32>, tensor<1x2xf32>) outs(%{{.*}} : tensor<?x64xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: [[STORAGE]], %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[VALUE:.*]] = arith.extf %[[IN]] : [[STORAGE]] to f32
// CHECK-NEXT:      %[[SHIFTED:.*]] = arith.subf %[[VALUE]], %[[ZERO_POINT]] : f32
// CHECK-NEXT:      %[[DEQUANTIZED:.*]] = arith.mulf %[[SHIFTED]], %[[SCALE]] : f32
// CHECK-NEXT:      linalg.yield %[[DEQUANTIZED]] : f32
// CHECK-NEXT:    } -> tensor<?x64xf32>
// VERIFIED-LABEL: func.func @sub_channel_dynamic_dcast
// VERIFIED-NOT:   quant
func.func @sub_channel_dynamic_dcast(%arg0: tensor<?x64xSTORAGE>) -> tensor<?x64xf32> {
  %0 = quant.scast %arg0 : tensor<?x64xSTORAGE> to tensor<?x64x!q>
  %1 = quant.dcast %0 : tensor<?x64x!q> to tensor<?x64xf32>
  return %1 : tensor<?x64xf32>
}

// -----

// Unranked: flattened to [left, 2, between, 64, right] (the sub-channel RFC's case 2; the scales'
// shape fixes the quantized extents), reshaped back.
!q = !quant.uniform<STORAGE:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.25}}>
// CHECK-DAG:   #[[BLOCK:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (0, d1, 0, d3 floordiv 32, 0)>
// CHECK-LABEL: func.func @sub_channel_unranked_qcast
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*xf32>)
// CHECK:         %[[FLAT:.*]] = tensor.reshape %[[INPUT]](%{{.*}}) : (tensor<*xf32>, tensor<5xindex>) -> tensor<?x2x?x64x?xf32>
// CHECK-NEXT:    %[[SCALES:.*]] = arith.constant dense<{{\[\[\[\[\[}}1.000000e+00], [2.000000e+00]]], {{\[\[\[}}5.000000e-01], [2.500000e-01]]]]]> : tensor<1x2x1x2x1xf32>
// CHECK:         %[[STORED:.*]] = linalg.generic {indexing_maps = [#map, #[[BLOCK]], #map], {{.*}}} ins(%[[FLAT]], %[[SCALES]] : tensor<?x2x?x64x?xf32>, tensor<1x2x1x2x1xf32>) outs(%{{.*}} : tensor<?x2x?x64x?x[[STORAGE]]>) {
// CHECK:           arith.constant [[LO]] : f32
// CHECK-NEXT:      arith.[[MAX]]
// CHECK-NEXT:      arith.constant [[HI]] : f32
// CHECK-NEXT:      arith.[[MIN]]
// CHECK-NEXT:      arith.truncf %{{.*}} : f32 to [[STORAGE]]
// CHECK:         } -> tensor<?x2x?x64x?x[[STORAGE]]>
// CHECK-NEXT:    %[[RESHAPED:.*]] = tensor.reshape %[[STORED]](%{{.*}}) : (tensor<?x2x?x64x?x[[STORAGE]]>, tensor<?xindex>) -> tensor<*x[[STORAGE]]>
// CHECK-NEXT:    quant.scast %[[RESHAPED]] : tensor<*x[[STORAGE]]> to tensor<*x!quant.uniform<[[STORAGE]]:f32:{0:1, 1:32}, {{.*}}>>
// VERIFIED-LABEL: func.func @sub_channel_unranked_qcast
// VERIFIED-NOT:   quant
func.func @sub_channel_unranked_qcast(%arg0: tensor<*xf32>) -> tensor<*xSTORAGE> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!q>
  %1 = quant.scast %0 : tensor<*x!q> to tensor<*xSTORAGE>
  return %1 : tensor<*xSTORAGE>
}

// -----

!q = !quant.uniform<STORAGE:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.25}}>
// CHECK-LABEL: func.func @sub_channel_unranked_dcast
// CHECK:         %[[FLAT:.*]] = tensor.reshape %{{.*}}(%{{.*}}) : (tensor<*x[[STORAGE]]>, tensor<5xindex>) -> tensor<?x2x?x64x?x[[STORAGE]]>
// CHECK:         %[[VALUES:.*]] = linalg.generic {{.*}} ins(%[[FLAT]], %{{.*}} : tensor<?x2x?x64x?x[[STORAGE]]>, tensor<1x2x1x2x1xf32>) outs(%{{.*}} : tensor<?x2x?x64x?xf32>) {
// CHECK-NEXT:    ^bb0(%[[IN:.*]]: [[STORAGE]], %[[SCALE:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT:      %[[VALUE:.*]] = arith.extf %[[IN]] : [[STORAGE]] to f32
// CHECK-NEXT:      %[[DEQUANTIZED:.*]] = arith.mulf %[[VALUE]], %[[SCALE]] : f32
// CHECK-NEXT:      linalg.yield %[[DEQUANTIZED]] : f32
// CHECK-NEXT:    } -> tensor<?x2x?x64x?xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = tensor.reshape %[[VALUES]](%{{.*}}) : (tensor<?x2x?x64x?xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %[[RESULT]]
// VERIFIED-LABEL: func.func @sub_channel_unranked_dcast
// VERIFIED-NOT:   quant
func.func @sub_channel_unranked_dcast(%arg0: tensor<*xSTORAGE>) -> tensor<*xf32> {
  %0 = quant.scast %arg0 : tensor<*xSTORAGE> to tensor<*x!q>
  %1 = quant.dcast %0 : tensor<*x!q> to tensor<*xf32>
  return %1 : tensor<*xf32>
}
