// Golden test of legalize/gather.py: GATHER, GATHER_ND and the resizes as tosa.gather on
// [N, K, C] between reshapes; tosa.resize where it provably picks TFLite's pixels.
// Models of tests/test_legalize_shape.py, written as .tflite files:
// RUN: python -c "import sys; sys.path.insert(0, '%S/../../..'); from tests.test_legalize_shape import write; write('gather-batch-dims', '%t.gather.tflite', int8=True); write('gather-const-int64', '%t.gather-const.tflite'); write('gather-nd', '%t.gather-nd.tflite'); write('resize-nearest-half-pixel', '%t.nearest.tflite'); write('resize-nearest-one-row', '%t.nearest-gather.tflite'); write('resize-bilinear', '%t.bilinear.tflite')"
// RUN: tfl2quant convert %t.gather.tflite --emit legalized | filecheck %s --check-prefix=GATHER
// RUN: tfl2quant convert %t.gather-const.tflite --emit legalized | filecheck %s --check-prefix=CONST
// RUN: tfl2quant convert %t.gather-nd.tflite --emit legalized | filecheck %s --check-prefix=ND
// RUN: tfl2quant convert %t.nearest.tflite --emit legalized | filecheck %s --check-prefix=NEAREST
// RUN: tfl2quant convert %t.nearest-gather.tflite --emit legalized | filecheck %s --check-prefix=NEAREST-GATHER
// RUN: tfl2quant convert %t.bilinear.tflite --emit legalized | filecheck %s --check-prefix=BILINEAR

// int8 GATHER axis 2, batch_dims 1, of a 2x3x6x4 with 2x5 indices: N = batch 2 * outer 3,
// the indices tiled over the 3 outer rows; stored values move.
// GATHER-LABEL: func.func @main
// GATHER-SAME:    (%[[PARAMS:.*]]: tensor<2x3x6x4x!quant.uniform<{{.*}}>>, %[[IDX:.*]]: tensor<2x5xi32>)
// GATHER:         %[[S:.*]] = quant.scast %[[PARAMS]] {{.*}} to tensor<2x3x6x4xi8>
// GATHER:         %[[I3:.*]] = "tosa.reshape"(%[[IDX]], %{{.*}}) : {{.*}} -> tensor<2x1x5xi32>
// GATHER:         %[[TILED:.*]] = "tosa.tile"(%[[I3]], %{{.*}}) : {{.*}} -> tensor<2x3x5xi32>
// GATHER:         %[[VALUES:.*]] = "tosa.reshape"(%[[S]], %{{.*}}) : {{.*}} -> tensor<6x6x4xi8>
// GATHER:         %[[ROWS:.*]] = "tosa.reshape"(%[[TILED]], %{{.*}}) : {{.*}} -> tensor<6x5xi32>
// GATHER:         %[[G:.*]] = "tosa.gather"(%[[VALUES]], %[[ROWS]]) : (tensor<6x6x4xi8>, tensor<6x5xi32>) -> tensor<6x5x4xi8>
// GATHER:         "tosa.reshape"(%[[G]], %{{.*}}) : {{.*}} -> tensor<2x3x5x4xi8>

// Constant int64 indices become an i32 constant at compile time.
// CONST-LABEL: func.func @main
// CONST:         %[[I:.*]] = "tosa.const"() {values = dense<[4, 0, 4, 2]> : tensor<4xi32>}
// CONST:         "tosa.reshape"(%[[I]], %{{.*}}) : {{.*}} -> tensor<1x1x4xi32>

// GATHER_ND with 2 coordinates into a 4x5x3: row = 5 * i + j, then one gather of 3-wide slices.
// ND-LABEL: func.func @main
// ND:         %[[COORDS:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<2x3x2xi32>, !tosa.shape<2>) -> tensor<6x2xi32>
// ND:         %[[STRIDES:.*]] = "tosa.const"() {values = dense<{{\[\[5, 1\]\]}}> : tensor<1x2xi32>}
// ND:         %[[SCALED:.*]] = "tosa.mul"(%[[COORDS]], %[[STRIDES]], %{{.*}})
// ND:         %[[ROW:.*]] = "tosa.reduce_sum"(%[[SCALED]]) {axis = 1 : i32} : (tensor<6x2xi32>) -> tensor<6x1xi32>
// ND:         %[[VALUES:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<4x5x3xf32>, !tosa.shape<3>) -> tensor<1x20x3xf32>
// ND:         "tosa.gather"(%[[VALUES]], %{{.*}}) : (tensor<1x20x3xf32>, tensor<1x6xi32>) -> tensor<1x6x3xf32>

// Nearest, half-pixel centers, 6x8 -> 9x13: TFLite floors (o + 0.5) * in / out; tosa.resize
// rounds (o * d + offset) / n half up: the same pixels with n = 2 * out, d = 2 * in and
// offset = in - out (rows 18, 12, -3 reduce to 6, 4, -1; columns 26, 16, -5); the border
// makes (in - 1) * n - offset + border = (out - 1) * d.
// NEAREST-LABEL: func.func @main
// NEAREST-DAG:   %[[SCALE:.*]] = "tosa.const_shape"() {values = dense<[6, 4, 26, 16]> : tensor<4xindex>}
// NEAREST-DAG:   %[[OFFSET:.*]] = "tosa.const_shape"() {values = dense<[-1, -5]> : tensor<2xindex>}
// NEAREST-DAG:   %[[BORDER:.*]] = "tosa.const_shape"() {values = dense<[1, 5]> : tensor<2xindex>}
// NEAREST:       "tosa.resize"(%{{.*}}, %[[SCALE]], %[[OFFSET]], %[[BORDER]]) {mode = #tosa.resize_mode<NEAREST_NEIGHBOR>} : {{.*}} -> tensor<1x9x13x2xf32>

// align_corners with one input row: tosa.resize cannot express it (scale_d would be 0),
// so each axis is a gather at TFLite's indices.
// NEAREST-GATHER-LABEL: func.func @main
// NEAREST-GATHER-NOT:   "tosa.resize"
// NEAREST-GATHER:       "tosa.const"() {values = dense<0> : tensor<1x3xi32>}
// NEAREST-GATHER:       "tosa.gather"
// NEAREST-GATHER:       "tosa.const"() {values = dense<{{\[\[0, 1, 1, 2, 3, 3, 4\]}}, {{.*}}> : tensor<3x7xi32>}
// NEAREST-GATHER:       "tosa.gather"

// Bilinear 5x4 -> 9x7: rows 0,0,1,1,2,2,3,3,4 and 0,1,2,2,3,3,4,4,4, with float32 weights
// as TFLite computes them, summed v00*wy0*wx0 + v10*wy1*wx0 + v01*wy0*wx1 + v11*wy1*wx1.
// BILINEAR-LABEL: func.func @main
// BILINEAR-DAG:   %[[WY0:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[1.0\]\], \[\[0.4444444179534912\]\]}}{{.*}}> : tensor<1x9x1x1xf32>}
// BILINEAR-DAG:   %[[WY1:.*]] = "tosa.const"() {values = dense<{{\[\[\[\[0.0\]\], \[\[0.5555555820465088\]\]}}{{.*}}> : tensor<1x9x1x1xf32>}
// BILINEAR-DAG:   %[[WX0:.*]] = "tosa.const"() {values = dense<{{.*}}> : tensor<1x1x7x1xf32>}
// BILINEAR-DAG:   %[[Y0:.*]] = "tosa.const"() {values = dense<{{\[\[0, 0, 1, 1, 2, 2, 3, 3, 4\]\]}}> : tensor<1x9xi32>}
// BILINEAR-DAG:   %[[Y1:.*]] = "tosa.const"() {values = dense<{{\[\[0, 1, 2, 2, 3, 3, 4, 4, 4\]\]}}> : tensor<1x9xi32>}
// BILINEAR:       %[[V00:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<9x7x3xf32>, !tosa.shape<4>) -> tensor<1x9x7x3xf32>
// BILINEAR:       %[[A:.*]] = "tosa.mul"(%[[V00]], %[[WY0]], %{{.*}})
// BILINEAR:       %[[T00:.*]] = "tosa.mul"(%[[A]], %[[WX0]], %{{.*}})
// BILINEAR:       %[[V10:.*]] = "tosa.reshape"(%{{.*}}) : (tensor<9x7x3xf32>, !tosa.shape<4>) -> tensor<1x9x7x3xf32>
// BILINEAR:       %[[B:.*]] = "tosa.mul"(%[[V10]], %[[WY1]], %{{.*}})
// BILINEAR:       %[[T10:.*]] = "tosa.mul"(%[[B]], %[[WX0]], %{{.*}})
// BILINEAR:       %[[S1:.*]] = "tosa.add"(%[[T00]], %[[T10]])
// BILINEAR:       %[[S2:.*]] = "tosa.add"(%[[S1]], %{{.*}})
// BILINEAR:       %[[S3:.*]] = "tosa.add"(%[[S2]], %{{.*}})
// BILINEAR-NEXT:  return %[[S3]]
