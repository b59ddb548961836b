// Golden test of legalize/data_movement.py: raw stored values move unchanged.
// RUN: tfl2quant convert %models/pad-asymmetric.int8.tflite --emit legalized | filecheck %s --check-prefix=PAD
// RUN: tfl2quant convert %models/reshape-4d-to-3d.int8.tflite --emit legalized | filecheck %s --check-prefix=RESHAPE
// RUN: tfl2quant convert %models/concat-requantize.int8.tflite --emit legalized | filecheck %s --check-prefix=CONCAT

// PAD-LABEL: func.func @main
// PAD-SAME:    !quant.uniform<i8:f32, {{[0-9.e-]+}}:[[ZP:-?[0-9]+]]>
// PAD-DAG:   %[[PADS:.*]] = "tosa.const_shape"() {values = dense<[0, 0, 1, 2, 3, 0, 0, 0]> : tensor<8xindex>}
// The pad value is the output zero point: the stored value of real 0.
// PAD-DAG:   %[[VALUE:.*]] = "tosa.const"() {values = dense<[[ZP]]> : tensor<1xi8>}
// PAD:       "tosa.pad"(%{{.*}}, %[[PADS]], %[[VALUE]])

// RESHAPE-LABEL: func.func @main
// RESHAPE:     "tosa.reshape"(%{{.*}}, %{{.*}}) : (tensor<1x3x5x7xi8>, !tosa.shape<3>) -> tensor<1x15x7xi8>

// CONCAT-LABEL: func.func @main
// CONCAT:      "tosa.concat"(%{{.*}}, %{{.*}}) {axis = 1 : i32} : (tensor<3x10xi8>, tensor<3x4xi8>) -> tensor<3x14xi8>
