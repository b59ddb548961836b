// Golden test of passes/lower_quant_ops.py, per-layer quantization: arith on scalars or on
// tensors of the operand's shape, with splat constants (dense for static shapes, tensor.splat
// for dynamic ones); unranked tensors are flattened to 1-D with the shape dialect.
// With rounding=half-away-from-zero (TFLite's, what convert sets; no option is upstream's
// lowering, lower-quant-ops-upstream.mlir): round, guard the range of fptosi, convert, add the
// zero point in integers, saturate to the storage range, truncate to the storage width.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero})' | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero})' | iree-opt --split-input-file -o /dev/null

// The RFC's case 1: "Per-layer quantization, scalar or ranked input".
!qalias = !quant.uniform<i8<-8:7>:f32, 2.0:10>
// CHECK-LABEL: func.func @quantize_ranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<3x5xf32>)
// CHECK-DAG:     %[[SCALE:.*]] = arith.constant dense<2.000000e+00> : tensor<3x5xf32>
// CHECK:         %[[SCALED:.*]] = "arith.divf"(%[[INPUT]], %[[SCALE]]) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-NEXT:    %[[ROUNDED:.*]] = "math.round"(%[[SCALED]]) : (tensor<3x5xf32>) -> tensor<3x5xf32>
// CHECK-DAG:     %[[LOWEST:.*]] = arith.constant dense<-1.07374182E+9> : tensor<3x5xf32>
// CHECK:         %[[ABOVE_LOWEST:.*]] = "arith.maxnumf"(%[[ROUNDED]], %[[LOWEST]])
// CHECK-DAG:     %[[HIGHEST:.*]] = arith.constant dense<1.07374182E+9> : tensor<3x5xf32>
// CHECK:         %[[GUARDED:.*]] = "arith.minnumf"(%[[ABOVE_LOWEST]], %[[HIGHEST]])
// CHECK-NEXT:    %[[INT:.*]] = "arith.fptosi"(%[[GUARDED]]) : (tensor<3x5xf32>) -> tensor<3x5xi32>
// CHECK-DAG:     %[[ZERO_POINT:.*]] = arith.constant dense<10> : tensor<3x5xi32>
// CHECK:         %[[SHIFTED:.*]] = "arith.addi"(%[[INT]], %[[ZERO_POINT]])
// CHECK-DAG:     %[[STORAGE_MIN:.*]] = arith.constant dense<-8> : tensor<3x5xi32>
// CHECK:         %[[ABOVE_MIN:.*]] = "arith.maxsi"(%[[SHIFTED]], %[[STORAGE_MIN]])
// CHECK-DAG:     %[[STORAGE_MAX:.*]] = arith.constant dense<7> : tensor<3x5xi32>
// CHECK:         %[[CLAMPED:.*]] = "arith.minsi"(%[[ABOVE_MIN]], %[[STORAGE_MAX]])
// CHECK-NEXT:    %[[STORED:.*]] = "arith.trunci"(%[[CLAMPED]]) : (tensor<3x5xi32>) -> tensor<3x5xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[STORED]] : tensor<3x5xi8> to tensor<3x5x!quant.uniform<i8<-8:7>:f32, 2.000000e+00:10>>
// CHECK-NEXT:    return %[[RESULT]]
func.func @quantize_ranked(%arg0: tensor<3x5xf32>) -> tensor<3x5x!qalias> {
  %0 = quant.qcast %arg0 : tensor<3x5xf32> to tensor<3x5x!qalias>
  return %0 : tensor<3x5x!qalias>
}

// -----

// Scalars: the same sequence on scalar values and constants.
// CHECK-LABEL: func.func @quantize_scalar
// CHECK-SAME:    (%[[INPUT:.*]]: f32)
// CHECK-DAG:     %[[SCALE:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[SCALED:.*]] = "arith.divf"(%[[INPUT]], %[[SCALE]]) : (f32, f32) -> f32
// CHECK-NEXT:    "math.round"(%[[SCALED]]) : (f32) -> f32
// CHECK:         "arith.fptosi"(%{{.*}}) : (f32) -> i32
// CHECK-DAG:     %[[ZERO_POINT:.*]] = arith.constant 10 : i32
// CHECK:         "arith.addi"(%{{.*}}, %[[ZERO_POINT]]) : (i32, i32) -> i32
// CHECK-DAG:     %[[STORAGE_MIN:.*]] = arith.constant -128 : i32
// CHECK:         "arith.maxsi"(%{{.*}}, %[[STORAGE_MIN]])
// CHECK-DAG:     %[[STORAGE_MAX:.*]] = arith.constant 127 : i32
// CHECK:         "arith.minsi"(%{{.*}}, %[[STORAGE_MAX]])
// CHECK-NEXT:    %[[STORED:.*]] = "arith.trunci"(%{{.*}}) : (i32) -> i8
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[STORED]] : i8 to !quant.uniform<i8:f32, 2.000000e+00:10>
// CHECK-NEXT:    return %[[RESULT]]
func.func @quantize_scalar(%arg0: f32) -> !quant.uniform<i8:f32, 2.0:10> {
  %0 = quant.qcast %arg0 : f32 to !quant.uniform<i8:f32, 2.0:10>
  return %0 : !quant.uniform<i8:f32, 2.0:10>
}

// -----

// dcast: "expressedValue = (storedValueFloat - zeroPointFloat) * scale".
// CHECK-LABEL: func.func @dequantize_scalar
// CHECK-SAME:    (%[[INPUT:.*]]: !quant.uniform<i8:f32, 2.000000e+00:10>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[INPUT]] : !quant.uniform<i8:f32, 2.000000e+00:10> to i8
// CHECK-DAG:     %[[SCALE:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG:     %[[FLOAT:.*]] = "arith.sitofp"(%[[STORED]]) : (i8) -> f32
// CHECK-DAG:     %[[ZERO_POINT:.*]] = arith.constant 1.000000e+01 : f32
// CHECK:         %[[CENTERED:.*]] = "arith.subf"(%[[FLOAT]], %[[ZERO_POINT]]) : (f32, f32) -> f32
// CHECK-NEXT:    %[[RESULT:.*]] = "arith.mulf"(%[[CENTERED]], %[[SCALE]]) : (f32, f32) -> f32
// CHECK-NEXT:    return %[[RESULT]]
func.func @dequantize_scalar(%arg0: !quant.uniform<i8:f32, 2.0:10>) -> f32 {
  %0 = quant.dcast %arg0 : !quant.uniform<i8:f32, 2.0:10> to f32
  return %0 : f32
}

// -----

// Dynamic dimensions: splats take the operand's dynamic sizes (tensor.dim).
// CHECK-LABEL: func.func @quantize_dynamic
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<?x4x?xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[DIM0:.*]] = "tensor.dim"(%[[INPUT]], %[[C0]]) : (tensor<?x4x?xf32>, index) -> index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[DIM2:.*]] = "tensor.dim"(%[[INPUT]], %[[C2]]) : (tensor<?x4x?xf32>, index) -> index
// CHECK-DAG:     %[[SCALE_SCALAR:.*]] = arith.constant 5.000000e-01 : f32
// CHECK:         %[[SCALE:.*]] = "tensor.splat"(%[[SCALE_SCALAR]], %[[DIM0]], %[[DIM2]]) : (f32, index, index) -> tensor<?x4x?xf32>
// CHECK-NEXT:    "arith.divf"(%[[INPUT]], %[[SCALE]]) : (tensor<?x4x?xf32>, tensor<?x4x?xf32>) -> tensor<?x4x?xf32>
// CHECK:         %[[ZERO_POINT_SCALAR:.*]] = arith.constant -3 : i32
// CHECK-NEXT:    %[[ZERO_POINT:.*]] = "tensor.splat"(%[[ZERO_POINT_SCALAR]], %[[DIM0]], %[[DIM2]]) : (i32, index, index) -> tensor<?x4x?xi32>
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[ZERO_POINT]])
// CHECK:         %[[STORED:.*]] = "arith.trunci"(%{{.*}}) : (tensor<?x4x?xi32>) -> tensor<?x4x?xi8>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<?x4x?xi8> to tensor<?x4x?x!quant.uniform<i8:f32, 5.000000e-01:-3>>
func.func @quantize_dynamic(%arg0: tensor<?x4x?xf32>) -> tensor<?x4x?x!quant.uniform<i8:f32, 0.5:-3>> {
  %0 = quant.qcast %arg0 : tensor<?x4x?xf32> to tensor<?x4x?x!quant.uniform<i8:f32, 0.5:-3>>
  return %0 : tensor<?x4x?x!quant.uniform<i8:f32, 0.5:-3>>
}

// -----

// The RFC's case 2: "Per-layer quantization, unranked input": "flatten them to 1D dynamically
// sized tensors, query their total size, generate 1D constant tensor splats for scale and zero
// point, run arithmetic computations on the 1D tensors, and convert the result back into an
// unranked tensor of the original shape".
!qalias = !quant.uniform<i8:f32, 2.0:10>
// CHECK-LABEL: func.func @quantize_unranked
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*xf32>)
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[INPUT]]) : (tensor<*xf32>) -> tensor<?xindex>
// CHECK-NEXT:    %[[SIZE:.*]] = "shape.num_elements"(%[[SHAPE]]) : (tensor<?xindex>) -> index
// CHECK-NEXT:    %[[FLAT_SHAPE:.*]] = "tensor.from_elements"(%[[SIZE]]) : (index) -> tensor<1xindex>
// CHECK-NEXT:    %[[FLAT:.*]] = "tensor.reshape"(%[[INPUT]], %[[FLAT_SHAPE]]) : (tensor<*xf32>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[DIM:.*]] = "tensor.dim"(%[[FLAT]], %[[C0]])
// CHECK-DAG:     %[[SCALE_SCALAR:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:         %[[SCALE:.*]] = "tensor.splat"(%[[SCALE_SCALAR]], %[[DIM]]) : (f32, index) -> tensor<?xf32>
// CHECK-NEXT:    "arith.divf"(%[[FLAT]], %[[SCALE]]) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK:         "arith.fptosi"(%{{.*}}) : (tensor<?xf32>) -> tensor<?xi32>
// CHECK:         %[[ZERO_POINT_SCALAR:.*]] = arith.constant 10 : i32
// CHECK-NEXT:    %[[ZERO_POINT:.*]] = "tensor.splat"(%[[ZERO_POINT_SCALAR]], %[[DIM]]) : (i32, index) -> tensor<?xi32>
// CHECK-NEXT:    "arith.addi"(%{{.*}}, %[[ZERO_POINT]])
// CHECK:         %[[STORED:.*]] = "arith.trunci"(%{{.*}}) : (tensor<?xi32>) -> tensor<?xi8>
// CHECK-NEXT:    %[[UNFLAT:.*]] = "tensor.reshape"(%[[STORED]], %[[SHAPE]]) : (tensor<?xi8>, tensor<?xindex>) -> tensor<*xi8>
// CHECK-NEXT:    %[[RESULT:.*]] = quant.scast %[[UNFLAT]] : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32, 2.000000e+00:10>>
// CHECK-NEXT:    return %[[RESULT]]
func.func @quantize_unranked(%arg0: tensor<*xf32>) -> tensor<*x!qalias> {
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!qalias>
  return %0 : tensor<*x!qalias>
}

// -----

// dcast of an unranked tensor with unsigned storage: scast first, then flatten the stored
// integers; unsigned storage converts with uitofp.
!q = !quant.uniform<u16:f32, 0.25:7>
// CHECK-LABEL: func.func @dequantize_unranked_unsigned
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<*x!quant.uniform<u16:f32, 2.500000e-01:7>>)
// CHECK-NEXT:    %[[STORED:.*]] = quant.scast %[[INPUT]] : tensor<*x!quant.uniform<u16:f32, 2.500000e-01:7>> to tensor<*xi16>
// CHECK-NEXT:    %[[SHAPE:.*]] = "shape.shape_of"(%[[STORED]]) : (tensor<*xi16>) -> tensor<?xindex>
// CHECK:         %[[FLAT:.*]] = "tensor.reshape"(%[[STORED]], %{{.*}}) : (tensor<*xi16>, tensor<1xindex>) -> tensor<?xi16>
// CHECK:         %[[FLOAT:.*]] = "arith.uitofp"(%[[FLAT]]) : (tensor<?xi16>) -> tensor<?xf32>
// CHECK:         %[[CENTERED:.*]] = "arith.subf"(%[[FLOAT]], %{{.*}})
// CHECK-NEXT:    %[[EXPRESSED:.*]] = "arith.mulf"(%[[CENTERED]], %{{.*}}) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %[[RESULT:.*]] = "tensor.reshape"(%[[EXPRESSED]], %[[SHAPE]]) : (tensor<?xf32>, tensor<?xindex>) -> tensor<*xf32>
// CHECK-NEXT:    return %[[RESULT]]
func.func @dequantize_unranked_unsigned(%arg0: tensor<*x!q>) -> tensor<*xf32> {
  %0 = quant.dcast %arg0 : tensor<*x!q> to tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Unsigned storage: saturation to [0, 255] in i32, then truncation to the signless i8.
// CHECK-LABEL: func.func @quantize_unsigned
// CHECK-DAG:     %[[ZERO_POINT:.*]] = arith.constant dense<128> : tensor<4xi32>
// CHECK:         "arith.addi"(%{{.*}}, %[[ZERO_POINT]])
// CHECK-DAG:     %[[STORAGE_MIN:.*]] = arith.constant dense<0> : tensor<4xi32>
// CHECK:         "arith.maxsi"(%{{.*}}, %[[STORAGE_MIN]])
// CHECK-DAG:     %[[STORAGE_MAX:.*]] = arith.constant dense<255> : tensor<4xi32>
// CHECK:         "arith.minsi"(%{{.*}}, %[[STORAGE_MAX]])
// CHECK-NEXT:    %[[STORED:.*]] = "arith.trunci"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xi8>
// CHECK-NEXT:    quant.scast %[[STORED]] : tensor<4xi8> to tensor<4x!quant.uniform<u8:f32, 5.000000e-01:128>>
func.func @quantize_unsigned(%arg0: tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 0.5:128>> {
  %0 = quant.qcast %arg0 : tensor<4xf32> to tensor<4x!quant.uniform<u8:f32, 0.5:128>>
  return %0 : tensor<4x!quant.uniform<u8:f32, 0.5:128>>
}

// -----

// f16 and bf16: divide in the expressed type, then extf to f32 to round and guard (every
// bound is exact there).
// CHECK-LABEL: func.func @quantize_f16
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<4xf16>)
// CHECK-DAG:     %[[SCALE:.*]] = arith.constant dense<2.500000e-01> : tensor<4xf16>
// CHECK:         %[[SCALED:.*]] = "arith.divf"(%[[INPUT]], %[[SCALE]]) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xf16>
// CHECK-NEXT:    %[[WIDE:.*]] = "arith.extf"(%[[SCALED]]) : (tensor<4xf16>) -> tensor<4xf32>
// CHECK-NEXT:    "math.round"(%[[WIDE]]) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK:         "arith.fptosi"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xi32>
// CHECK:         "arith.trunci"(%{{.*}}) : (tensor<4xi32>) -> tensor<4xi4>
// CHECK-LABEL: func.func @dequantize_bf16
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<4x!quant.uniform<i4:bf16, 2.500000e-01:-7>>)
// CHECK:         %[[FLOAT:.*]] = "arith.sitofp"(%{{.*}}) : (tensor<4xi4>) -> tensor<4xbf16>
// CHECK:         "arith.mulf"(%{{.*}}, %{{.*}}) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
func.func @quantize_f16(%arg0: tensor<4xf16>) -> tensor<4x!quant.uniform<i4:f16, 0.25:-7>> {
  %0 = quant.qcast %arg0 : tensor<4xf16> to tensor<4x!quant.uniform<i4:f16, 0.25:-7>>
  return %0 : tensor<4x!quant.uniform<i4:f16, 0.25:-7>>
}
func.func @dequantize_bf16(%arg0: tensor<4x!quant.uniform<i4:bf16, 0.25:-7>>) -> tensor<4xbf16> {
  %0 = quant.dcast %arg0 : tensor<4x!quant.uniform<i4:bf16, 0.25:-7>> to tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// 32-bit storage computes in i64, and the guard bounds are +-2^62.
// CHECK-LABEL: func.func @quantize_i32_storage
// CHECK:         "math.round"(%{{.*}}) : (tensor<2xf64>) -> tensor<2xf64>
// CHECK-DAG:     %[[LOWEST:.*]] = arith.constant dense<-4.6116860184273879E+18> : tensor<2xf64>
// CHECK:         "arith.maxnumf"(%{{.*}}, %[[LOWEST]])
// CHECK-DAG:     %[[HIGHEST:.*]] = arith.constant dense<4.6116860184273879E+18> : tensor<2xf64>
// CHECK:         "arith.minnumf"(%{{.*}}, %[[HIGHEST]])
// CHECK-NEXT:    "arith.fptosi"(%{{.*}}) : (tensor<2xf64>) -> tensor<2xi64>
// CHECK:         %[[STORAGE_MIN:.*]] = arith.constant dense<-2147483648> : tensor<2xi64>
// CHECK:         %[[STORAGE_MAX:.*]] = arith.constant dense<2147483647> : tensor<2xi64>
// CHECK:         "arith.trunci"(%{{.*}}) : (tensor<2xi64>) -> tensor<2xi32>
func.func @quantize_i32_storage(%arg0: tensor<2xf64>) -> tensor<2x!quant.uniform<i32:f64, 0.25:-7>> {
  %0 = quant.qcast %arg0 : tensor<2xf64> to tensor<2x!quant.uniform<i32:f64, 0.25:-7>>
  return %0 : tensor<2x!quant.uniform<i32:f64, 0.25:-7>>
}

// -----

// Only qcast and dcast are lowered: scast and other ops stay.
// CHECK-LABEL: func.func @scast_untouched
// CHECK-NEXT:    quant.scast
// CHECK-NEXT:    return
func.func @scast_untouched(%arg0: tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  %0 = quant.scast %arg0 : tensor<2xi8> to tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}
