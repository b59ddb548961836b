// Float storage types: their range limits and the storage cast (the passes that compute with them:
// passes/lower-quant-ops-float-storage.mlir, passes/strip-func-quant-types-float-storage.mlir).
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics
// The passes see nothing here to lower: the same errors, at parsing and verification.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics --lower-quant-ops --strip-func-quant-types

// expected-error@+1 {{illegal storage type minimum: -57345; expected at least -57344}}
func.func private @f8E5M2_min(!quant.uniform<f8E5M2<-57345:0>:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage type maximum: 449; expected at most 448}}
func.func private @f8E4M3FN_max(!quant.uniform<f8E4M3FN<0:449>:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage type minimum: -7; expected at least -6}}
func.func private @f4E2M1FN_min(!quant.uniform<f4E2M1FN<-7:6>:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage min and storage max: (2:2)}}
func.func private @f4E2M1FN_empty(!quant.uniform<f4E2M1FN<2:2>:f32, 1.0>)

// -----

// f6E2M3FN's largest value is 7.5: its integer range is -8:8.
// expected-error@+1 {{illegal storage type maximum: 9; expected at most 8}}
func.func private @f6E2M3FN_max(!quant.uniform<f6E2M3FN<-8:9>:f32, 1.0>)

// -----

// expected-error@+1 {{illegal storage type minimum: -241; expected at least -240}}
func.func private @f8E4M3FNUZ_min(!quant.uniform<f8E4M3FNUZ<-241:0>:f32, 1.0>)

// -----

// A float type that is no storage type.
// expected-error@+1 {{illegal storage type prefix: expected a storage type (iN, uN or a float storage type: f8E5M2, f8E4M3FN, f4E2M1FN, f8E4M3FNUZ, f8E5M2FNUZ, f6E2M3FN, f6E3M2FN), found 'bf16'}}
func.func private @bf16_storage(!quant.uniform<bf16:f32, 1.0>)

// -----

// quant.scast converts between a quantized type and its storage type: an integer of the storage
// width, or the float storage type itself (beyond upstream, whose scast takes integers only).
func.func @scast_float_storage_from_integer(%arg0: tensor<4xi8>) {
  // expected-error@+1 {{'quant.scast' op storage type in quantized type expected to match integer type; f8E4M3FN and i8}}
  %0 = quant.scast %arg0 : tensor<4xi8> to tensor<4x!quant.uniform<f8E4M3FN:f32, 2.0>>
  return
}

// -----

func.func @scast_other_float_storage(%arg0: tensor<4xf8E5M2>) {
  // expected-error@+1 {{'quant.scast' op storage type in quantized type expected to match float storage type; f8E4M3FN and f8E5M2}}
  %0 = quant.scast %arg0 : tensor<4xf8E5M2> to tensor<4x!quant.uniform<f8E4M3FN:f32, 2.0>>
  return
}

// -----

func.func @scast_integer_storage_from_float(%arg0: tensor<4xf8E4M3FN>) {
  // expected-error@+1 {{'quant.scast' op storage type in quantized type expected to match float storage type; i8 and f8E4M3FN}}
  %0 = quant.scast %arg0 : tensor<4xf8E4M3FN> to tensor<4x!quant.uniform<i8:f32, 2.0>>
  return
}

// -----

// A float that is no storage type is no operand of scast (upstream's wording).
func.func @scast_bf16(%arg0: tensor<4xbf16>) {
  // expected-error@+1 {{'quant.scast' op operand #0 must be scalar or tensor of signless integer or quantized type, but got tensor<4xbf16>}}
  %0 = quant.scast %arg0 : tensor<4xbf16> to tensor<4x!quant.uniform<i8:f32, 2.0>>
  return
}
