// TOSA ops print their operands, each inherent attribute in declared order as `name(value)`
// (without the type the op implies) or `name<ENUM>`, other attributes, then the functional
// type, which is how iree-opt's MLIR prints them and the only form of the named attributes
// it parses; they read back to the same ops.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// CHECK-LABEL: func.func @tosa
func.func @tosa(%a: tensor<1x4x4x2xi8>, %w: tensor<3x1x1x2xi8>, %f: tensor<2x3xf32>) -> (tensor<1x4x4x3xi8>, tensor<2x1xf32>, tensor<3x2xf32>) {
  // CHECK: %[[ZP:.*]] = tosa.const values(dense<0> : tensor<1xi8>) : () -> tensor<1xi8>
  %zp = tosa.const values(dense<0> : tensor<1xi8>) : () -> tensor<1xi8>
  // CHECK: %[[BIAS:.*]] = tosa.const values(dense<[1, 2, 3]> : tensor<3xi32>) : () -> tensor<3xi32>
  %bias = tosa.const values(dense<[1, 2, 3]> : tensor<3xi32>) : () -> tensor<3xi32>
  // CHECK: %[[ACC:.*]] = tosa.conv2d %arg0, %arg1, %[[BIAS]], %[[ZP]], %[[ZP]] pad([0, 0, 0, 0]) stride([1, 1]) dilation([1, 1]) acc_type(i32) : (tensor<1x4x4x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x3xi32>
  %acc = tosa.conv2d %a, %w, %bias, %zp, %zp pad([0, 0, 0, 0]) stride([1, 1]) dilation([1, 1]) acc_type(i32) : (tensor<1x4x4x2xi8>, tensor<3x1x1x2xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x3xi32>
  %m = tosa.const values(dense<1073741824> : tensor<1xi32>) : () -> tensor<1xi32>
  %s = tosa.const values(dense<31> : tensor<1xi8>) : () -> tensor<1xi8>
  %izp = tosa.const values(dense<0> : tensor<1xi32>) : () -> tensor<1xi32>
  // CHECK: tosa.rescale %[[ACC]], %{{.*}}, %{{.*}}, %{{.*}}, %[[ZP]] scale32(true) rounding_mode<DOUBLE_ROUND> per_channel(false) input_unsigned(false) output_unsigned(false) : (tensor<1x4x4x3xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x4x4x3xi8>
  %q = tosa.rescale %acc, %m, %s, %izp, %zp scale32(true) rounding_mode<DOUBLE_ROUND> per_channel(false) input_unsigned(false) output_unsigned(false) : (tensor<1x4x4x3xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x4x4x3xi8>
  // CHECK: tosa.clamp %{{.*}} min_val(-128 : i8) max_val(100 : i8) : (tensor<1x4x4x3xi8>) -> tensor<1x4x4x3xi8>
  %c = tosa.clamp %q min_val(-128 : i8) max_val(100 : i8) : (tensor<1x4x4x3xi8>) -> tensor<1x4x4x3xi8>
  // CHECK: tosa.reduce_max %arg2 axis(1) nan_mode<IGNORE> : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %r = tosa.reduce_max %f axis(1) nan_mode<IGNORE> : (tensor<2x3xf32>) -> tensor<2x1xf32>
  // CHECK: %[[T:.*]] = tosa.transpose %arg2 perms([1, 0]) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %t = tosa.transpose %f perms([1, 0]) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: %[[SHAPE:.*]] = tosa.const_shape values(dense<[3, 2]> : tensor<2xindex>) : () -> !tosa.shape<2>
  %shape = tosa.const_shape values(dense<[3, 2]> : tensor<2xindex>) : () -> !tosa.shape<2>
  // CHECK: %[[R:.*]] = tosa.reshape %[[T]], %[[SHAPE]] : (tensor<3x2xf32>, !tosa.shape<2>) -> tensor<3x2xf32>
  %re = tosa.reshape %t, %shape : (tensor<3x2xf32>, !tosa.shape<2>) -> tensor<3x2xf32>
  // CHECK: tosa.add %[[R]], %[[T]] : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  %sum = tosa.add %re, %t : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  // CHECK: tosa.cast %{{.*}} : (tensor<3x2xf32>) -> tensor<3x2xi32>
  %i = tosa.cast %sum : (tensor<3x2xf32>) -> tensor<3x2xi32>
  // CHECK: tosa.argmax %arg2 axis(0) : (tensor<2x3xf32>) -> tensor<3xi32>
  %am = tosa.argmax %f axis(0) : (tensor<2x3xf32>) -> tensor<3xi32>
  // CHECK: tosa.concat %[[T]], %[[R]] axis(0) {tag} : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<6x2xf32>
  %cc = tosa.concat %t, %re axis(0) {tag} : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<6x2xf32>
  return %c, %r, %sum : tensor<1x4x4x3xi8>, tensor<2x1xf32>, tensor<3x2xf32>
}

// The rfft2d's two results.
// CHECK-LABEL: func.func @rfft
func.func @rfft(%x: tensor<1x8x8xf32>) -> tensor<1x8x5xf32> {
  // CHECK: tosa.rfft2d %arg0 local_bound(false) : (tensor<1x8x8xf32>) -> (tensor<1x8x5xf32>, tensor<1x8x5xf32>)
  %re, %im = tosa.rfft2d %x local_bound(false) : (tensor<1x8x8xf32>) -> (tensor<1x8x5xf32>, tensor<1x8x5xf32>)
  return %im : tensor<1x8x5xf32>
}
