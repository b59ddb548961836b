// Golden test of the rounding option of passes/lower_quant_ops.py (`lower-quant-ops{rounding=...}`).
//   half-away-from-zero (TFLite's; what convert sets): math.round, guard, fptosi, then the zero point
//                        is added in integers;
//   half-to-even:        math.roundeven instead of math.round, otherwise the same;
//   toward-zero:         upstream MLIR's order: the zero point is added in floating point
//                        (addf) before fptosi truncates; unlike upstream's lowering (no
//                        option, lower-quant-ops-upstream.mlir) it guards and saturates.
// Every mode guards fptosi's range (maxnumf/minnumf) and saturates to the storage range
// (maxsi/minsi); dcast does not round.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-away-from-zero})' | filecheck %s --check-prefixes=CHECK,AWAY
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-to-even})' | filecheck %s --check-prefixes=CHECK,EVEN
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero})' | filecheck %s --check-prefixes=CHECK,ZERO
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=half-to-even})' | iree-opt --split-input-file -o /dev/null
// RUN: tfl2quant opt %s --split-input-file --pass-pipeline='builtin.module(lower-quant-ops{rounding=toward-zero})' | iree-opt --split-input-file -o /dev/null

// CHECK-LABEL: func.func @per_layer
// CHECK-SAME:    (%[[INPUT:.*]]: tensor<4xf32>)
// CHECK:         %[[SCALED:.*]] = "arith.divf"(%[[INPUT]], %{{.*}})
// AWAY-NEXT:     %[[ROUNDED:.*]] = "math.round"(%[[SCALED]]) : (tensor<4xf32>) -> tensor<4xf32>
// EVEN-NEXT:     %[[ROUNDED:.*]] = "math.roundeven"(%[[SCALED]]) : (tensor<4xf32>) -> tensor<4xf32>
// ZERO-NEXT:     %[[ZERO_POINT_FLOAT:.*]] = arith.constant dense<-3.000000e+00> : tensor<4xf32>
// ZERO-NEXT:     %[[ROUNDED:.*]] = "arith.addf"(%[[SCALED]], %[[ZERO_POINT_FLOAT]]) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %[[LOWEST:.*]] = arith.constant dense<-1.07374182E+9> : tensor<4xf32>
// CHECK-NEXT:    %[[ABOVE_LOWEST:.*]] = "arith.maxnumf"(%[[ROUNDED]], %[[LOWEST]])
// CHECK-NEXT:    %[[HIGHEST:.*]] = arith.constant dense<1.07374182E+9> : tensor<4xf32>
// CHECK-NEXT:    %[[GUARDED:.*]] = "arith.minnumf"(%[[ABOVE_LOWEST]], %[[HIGHEST]])
// CHECK-NEXT:    %[[INT:.*]] = "arith.fptosi"(%[[GUARDED]]) : (tensor<4xf32>) -> tensor<4xi32>
// AWAY-NEXT:     %[[ZERO_POINT:.*]] = arith.constant dense<-3> : tensor<4xi32>
// AWAY-NEXT:     %[[SHIFTED:.*]] = "arith.addi"(%[[INT]], %[[ZERO_POINT]])
// EVEN-NEXT:     %[[ZERO_POINT:.*]] = arith.constant dense<-3> : tensor<4xi32>
// EVEN-NEXT:     %[[SHIFTED:.*]] = "arith.addi"(%[[INT]], %[[ZERO_POINT]])
// ZERO-NOT:      "arith.addi"
// CHECK-NEXT:    %[[STORAGE_MIN:.*]] = arith.constant dense<-32768> : tensor<4xi32>
// AWAY-NEXT:     %[[ABOVE_MIN:.*]] = "arith.maxsi"(%[[SHIFTED]], %[[STORAGE_MIN]])
// EVEN-NEXT:     %[[ABOVE_MIN:.*]] = "arith.maxsi"(%[[SHIFTED]], %[[STORAGE_MIN]])
// ZERO-NEXT:     %[[ABOVE_MIN:.*]] = "arith.maxsi"(%[[INT]], %[[STORAGE_MIN]])
// CHECK-NEXT:    %[[STORAGE_MAX:.*]] = arith.constant dense<32767> : tensor<4xi32>
// CHECK-NEXT:    %[[CLAMPED:.*]] = "arith.minsi"(%[[ABOVE_MIN]], %[[STORAGE_MAX]])
// CHECK-NEXT:    %[[STORED:.*]] = "arith.trunci"(%[[CLAMPED]]) : (tensor<4xi32>) -> tensor<4xi16>
// CHECK-NEXT:    quant.scast %[[STORED]]
func.func @per_layer(%arg0: tensor<4xf32>) -> tensor<4x!quant.uniform<i16:f32, 0.5:-3>> {
  %0 = quant.qcast %arg0 : tensor<4xf32> to tensor<4x!quant.uniform<i16:f32, 0.5:-3>>
  return %0 : tensor<4x!quant.uniform<i16:f32, 0.5:-3>>
}

// -----

// Per axis with unsigned storage: toward-zero converts the zero point with uitofp and adds it
// before fptosi; the other modes widen it with extui and add it after.
!q = !quant.uniform<u8:f32:0, {0.5:128, 0.25:7}>
// CHECK-LABEL: func.func @per_axis_unsigned
// CHECK:         ^bb0(%[[IN:.*]]: f32, %[[SCALE:.*]]: f32, %[[ZERO_POINT:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT:      %[[SCALED:.*]] = "arith.divf"(%[[IN]], %[[SCALE]])
// AWAY-NEXT:       %[[ROUNDED:.*]] = "math.round"(%[[SCALED]]) : (f32) -> f32
// EVEN-NEXT:       %[[ROUNDED:.*]] = "math.roundeven"(%[[SCALED]]) : (f32) -> f32
// ZERO-NEXT:       %[[ZERO_POINT_FLOAT:.*]] = "arith.uitofp"(%[[ZERO_POINT]]) : (i8) -> f32
// ZERO-NEXT:       %[[ROUNDED:.*]] = "arith.addf"(%[[SCALED]], %[[ZERO_POINT_FLOAT]]) : (f32, f32) -> f32
// CHECK:           %[[INT:.*]] = "arith.fptosi"(%{{.*}}) : (f32) -> i32
// AWAY-NEXT:       %[[ZERO_POINT_INT:.*]] = "arith.extui"(%[[ZERO_POINT]]) : (i8) -> i32
// AWAY-NEXT:       "arith.addi"(%[[INT]], %[[ZERO_POINT_INT]])
// EVEN-NEXT:       %[[ZERO_POINT_INT:.*]] = "arith.extui"(%[[ZERO_POINT]]) : (i8) -> i32
// EVEN-NEXT:       "arith.addi"(%[[INT]], %[[ZERO_POINT_INT]])
// CHECK-NEXT:      %[[STORAGE_MIN:.*]] = arith.constant 0 : i32
// CHECK-NEXT:      "arith.maxsi"(%{{.*}}, %[[STORAGE_MIN]])
// CHECK-NEXT:      %[[STORAGE_MAX:.*]] = arith.constant 255 : i32
// CHECK-NEXT:      "arith.minsi"(%{{.*}}, %[[STORAGE_MAX]])
func.func @per_axis_unsigned(%arg0: tensor<2xf32>) -> tensor<2x!q> {
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!q>
  return %0 : tensor<2x!q>
}

// -----

// f16: every mode rounds (or adds the zero point) in f32, after extf.
// CHECK-LABEL: func.func @f16_scalar
// CHECK:         %[[SCALED:.*]] = "arith.divf"(%{{.*}}, %{{.*}}) : (f16, f16) -> f16
// CHECK-NEXT:    %[[WIDE:.*]] = "arith.extf"(%[[SCALED]]) : (f16) -> f32
// AWAY-NEXT:     "math.round"(%[[WIDE]]) : (f32) -> f32
// EVEN-NEXT:     "math.roundeven"(%[[WIDE]]) : (f32) -> f32
// ZERO-NEXT:     %[[ZERO_POINT_FLOAT:.*]] = arith.constant -3.000000e+00 : f32
// ZERO-NEXT:     "arith.addf"(%[[WIDE]], %[[ZERO_POINT_FLOAT]]) : (f32, f32) -> f32
// CHECK:         "arith.fptosi"(%{{.*}}) : (f32) -> i32
func.func @f16_scalar(%arg0: f16) -> !quant.uniform<i8:f16, 0.5:-3> {
  %0 = quant.qcast %arg0 : f16 to !quant.uniform<i8:f16, 0.5:-3>
  return %0 : !quant.uniform<i8:f16, 0.5:-3>
}

// -----

// dcast is exact up to the expressed type's rounding: the same in every mode.
// CHECK-LABEL: func.func @dequantize_same_in_every_mode
// CHECK-NOT:     round
// CHECK-NOT:     fptosi
// CHECK:         "arith.sitofp"
// CHECK:         "arith.subf"
// CHECK-NEXT:    "arith.mulf"
// CHECK-NEXT:    return
func.func @dequantize_same_in_every_mode(%arg0: tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4xf32> {
  %0 = quant.dcast %arg0 : tensor<4x!quant.uniform<i8:f32, 0.5:-3>> to tensor<4xf32>
  return %0 : tensor<4xf32>
}
