// Golden test of legalize/shape.py: values moved by tosa.slice, reverse, pad, reshape,
// transpose, tile and concat; on int8 the same ops on stored values (scale and zero point
// shared by input and output).
// Models of tests/test_legalize_shape.py, written as .tflite files:
// RUN: python -c "import sys; sys.path.insert(0, '%S/../../..'); from tests.test_legalize_shape import write; write('strided-slice-masks', '%t.strided.tflite'); write('strided-slice-negative-padded', '%t.negative.tflite'); write('strided-slice-ellipsis', '%t.ellipsis.tflite', int8=True); write('depth-to-space', '%t.d2s.tflite'); write('broadcast-to', '%t.broadcast.tflite'); write('mirror-pad-reflect', '%t.mirror.tflite'); write('padv2', '%t.padv2.tflite', int8=True)"
// RUN: tfl2quant convert %t.strided.tflite --emit legalized | filecheck %s --check-prefix=STRIDED
// RUN: tfl2quant convert %t.negative.tflite --emit legalized | filecheck %s --check-prefix=NEGATIVE
// RUN: tfl2quant convert %t.ellipsis.tflite --emit legalized | filecheck %s --check-prefix=ELLIPSIS
// RUN: tfl2quant convert %t.d2s.tflite --emit legalized | filecheck %s --check-prefix=D2S
// RUN: tfl2quant convert %t.broadcast.tflite --emit legalized | filecheck %s --check-prefix=BROADCAST
// RUN: tfl2quant convert %t.mirror.tflite --emit legalized | filecheck %s --check-prefix=MIRROR
// RUN: tfl2quant convert %t.padv2.tflite --emit legalized | filecheck %s --check-prefix=PADV2

// x[:, 1:6:2, ::3, :] of a 2x7x9x5: the box of rows 1..6 and columns 0..8 holds whole
// groups of 2 and 3, so no padding; each strided axis splits in two, the first of each kept.
// STRIDED-LABEL: func.func @main
// STRIDED-DAG:   %[[BEGIN:.*]] = "tosa.const_shape"() {values = dense<[0, 1, 0, 0]> : tensor<4xindex>}
// STRIDED-DAG:   %[[SIZE:.*]] = "tosa.const_shape"() {values = dense<[2, 6, 9, 5]> : tensor<4xindex>}
// STRIDED:       %[[BOX:.*]] = "tosa.slice"(%{{.*}}, %[[BEGIN]], %[[SIZE]]) : {{.*}} -> tensor<2x6x9x5xf32>
// STRIDED-NOT:   "tosa.pad"
// STRIDED:       %[[GROUPS:.*]] = "tosa.reshape"(%[[BOX]], %{{.*}}) : {{.*}} -> tensor<2x1x3x2x3x3x5x1xf32>
// STRIDED:       %[[FIRST:.*]] = "tosa.slice"(%[[GROUPS]], {{.*}}) : {{.*}} -> tensor<2x1x3x1x3x1x5x1xf32>
// STRIDED:       "tosa.reshape"(%[[FIRST]], %{{.*}}) : {{.*}} -> tensor<2x3x3x5xf32>

// x[:, 7::-3] of a 4x9 picks columns 7, 4, 1: the box 0..7 reversed, one padded column
// completes the last group of 3 (the input has no column before 0).
// NEGATIVE-LABEL: func.func @main
// NEGATIVE:       %[[BOX:.*]] = "tosa.slice"(%{{.*}}) : {{.*}} -> tensor<4x8xf32>
// NEGATIVE:       %[[REV:.*]] = "tosa.reverse"(%[[BOX]]) {axis = 1 : i32}
// NEGATIVE:       %[[PAD:.*]] = "tosa.pad"(%[[REV]], {{.*}}) : {{.*}} -> tensor<4x9xf32>
// NEGATIVE:       "tosa.reshape"(%[[PAD]], {{.*}}) : {{.*}} -> tensor<4x1x3x3xf32>

// x[..., 1, tf.newaxis] on int8: the new axis is a reshape, the shrunk axis a one-wide slice.
// ELLIPSIS-LABEL: func.func @main
// ELLIPSIS:       %[[S:.*]] = quant.scast %{{.*}} to tensor<3x4x5x6xi8>
// ELLIPSIS:       %[[NEW:.*]] = "tosa.reshape"(%[[S]], %{{.*}}) : {{.*}} -> tensor<3x4x5x6x1xi8>
// ELLIPSIS:       %[[ONE:.*]] = "tosa.slice"(%[[NEW]], {{.*}}) : {{.*}} -> tensor<3x4x5x1x1xi8>
// ELLIPSIS:       %[[Y:.*]] = "tosa.reshape"(%[[ONE]], %{{.*}}) : {{.*}} -> tensor<3x4x5x1xi8>
// ELLIPSIS:       quant.scast %[[Y]] : tensor<3x4x5x1xi8> to tensor<3x4x5x1x!quant.uniform<i8:f32, 0.05000000074505806:-3>>

// DEPTH_TO_SPACE: channels (i, j, c) -> rows and columns, by reshape, transpose, reshape.
// D2S-LABEL: func.func @main
// D2S:       %[[SPLIT:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<1x2x3x12xf32>, !tosa.shape<6>) -> tensor<1x2x3x2x2x3xf32>
// D2S:       %[[T:.*]] = "tosa.transpose"(%[[SPLIT]]) {perms = array<i32: 0, 1, 3, 2, 4, 5>}
// D2S:       "tosa.reshape"(%[[T]], %{{.*}}) : {{.*}} -> tensor<1x4x6x3xf32>

// BROADCAST_TO [2, 3, 5] of a 3x1: a leading unit axis, then tiled along the unit axes.
// BROADCAST-LABEL: func.func @main
// BROADCAST:       %[[R:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<3x1xf32>, !tosa.shape<3>) -> tensor<1x3x1xf32>
// BROADCAST:       %[[MULTIPLES:.*]] = "tosa.const_shape"() {values = dense<[2, 1, 5]> : tensor<3xindex>}
// BROADCAST:       "tosa.tile"(%[[R]], %[[MULTIPLES]]) : {{.*}} -> tensor<2x3x5xf32>

// MIRROR_PAD REFLECT, rows [1, 2] and columns [3, 0] of a 1x4x5x2: reversed slices that leave
// out the edge (rows 1, then 2..1; columns 1..3) around the input.
// MIRROR-LABEL: func.func @main
// MIRROR-SAME:    (%[[X:.*]]: tensor<1x4x5x2xf32>)
// MIRROR:         %[[TOP:.*]] = "tosa.slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<1x1x5x2xf32>
// MIRROR:         %[[BOTTOM:.*]] = "tosa.slice"(%[[X]], {{.*}}) : {{.*}} -> tensor<1x2x5x2xf32>
// MIRROR:         %[[BOTTOM_REV:.*]] = "tosa.reverse"(%[[BOTTOM]]) {axis = 1 : i32}
// MIRROR:         %[[ROWS:.*]] = "tosa.concat"(%[[TOP]], %[[X]], %[[BOTTOM_REV]]) {axis = 1 : i32} : {{.*}} -> tensor<1x7x5x2xf32>
// MIRROR:         %[[LEFT:.*]] = "tosa.slice"(%[[ROWS]], {{.*}}) : {{.*}} -> tensor<1x7x3x2xf32>
// MIRROR:         %[[LEFT_REV:.*]] = "tosa.reverse"(%[[LEFT]]) {axis = 2 : i32}
// MIRROR:         "tosa.concat"(%[[LEFT_REV]], %[[ROWS]]) {axis = 2 : i32} : {{.*}} -> tensor<1x7x8x2xf32>

// int8 PADV2 pads with the constant's stored value (TFLite: quantized like the output).
// PADV2-LABEL: func.func @main
// PADV2:       %[[VALUE:.*]] = "tosa.const"() {values = dense<7> : tensor<1xi8>}
// PADV2:       "tosa.pad"(%{{.*}}, %{{.*}}, %[[VALUE]]) : (tensor<2x3x5xi8>, !tosa.shape<6>, tensor<1xi8>) -> tensor<3x5x7xi8>
