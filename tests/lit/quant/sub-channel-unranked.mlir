// A sub-channel type in an unranked tensor: upstream's quant ops reject it (QuantOps.cpp,
// verifySubChannelQuantization), the sub-channel RFC lowers it (its case 2).
// `tfl2quant opt` follows upstream unless --quant-unranked-sub-channel.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics
// RUN: tfl2quant opt %s --split-input-file --quant-unranked-sub-channel | filecheck %s

func.func @dcast(%arg0: tensor<*x!quant.uniform<i8:f32:{0:1}, {{2.0}}>>) -> tensor<*xf32> {
  // expected-error@+1 {{'quant.dcast' op tensor containing the sub-channel quantized type must be ranked}}
  %0 = quant.dcast %arg0 : tensor<*x!quant.uniform<i8:f32:{0:1}, {{2.0}}>> to tensor<*xf32>
  return %0 : tensor<*xf32>
}
// CHECK-LABEL: func.func @dcast
// CHECK: quant.dcast %arg0 : tensor<*x!quant.uniform<i8:f32:{0:1}, {{\{\{}}2.000000e+00}}>> to tensor<*xf32>

// -----

func.func @qcast(%arg0: tensor<*xf32>) -> tensor<*x!quant.uniform<i8:f32:{1:2}, {{2.0, 3.0}}>> {
  // expected-error@+1 {{'quant.qcast' op tensor containing the sub-channel quantized type must be ranked}}
  %0 = quant.qcast %arg0 : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32:{1:2}, {{2.0, 3.0}}>>
  return %0 : tensor<*x!quant.uniform<i8:f32:{1:2}, {{2.0, 3.0}}>>
}
// CHECK-LABEL: func.func @qcast
// CHECK: quant.qcast %arg0

// -----

func.func @scast(%arg0: tensor<*xi8>) {
  // expected-error@+1 {{'quant.scast' op tensor containing the sub-channel quantized type must be ranked}}
  %0 = quant.scast %arg0 : tensor<*xi8> to tensor<*x!quant.uniform<i8:f32:{0:1}, {{2.0}}>>
  return
}
// CHECK-LABEL: func.func @scast
// CHECK: quant.scast %arg0

// -----

// The type alone, outside an op, is fine (the rule needs an op to hold the tensor).
// CHECK: func.func private @declaration(tensor<*x!quant.uniform<i8:f32:{0:1}, {{\{\{}}2.000000e+00}}>>)
func.func private @declaration(tensor<*x!quant.uniform<i8:f32:{0:1}, {{2.0}}>>)
