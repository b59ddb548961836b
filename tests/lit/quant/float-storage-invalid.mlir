// Float storage types: their range limits and the storage cast; for the passes that compute with
// integer storage only (quant/float-storage-passes.mlir).
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

// A float type that is no storage type.
// expected-error@+1 {{illegal storage type prefix: expected a storage type (iN, uN or a float storage type: f8E5M2, f8E4M3FN, f4E2M1FN), found 'bf16'}}
func.func private @bf16_storage(!quant.uniform<bf16:f32, 1.0>)

// -----

// quant.scast converts between a quantized type and its integer storage: a float storage type
// has none (upstream's wording).
func.func @scast_float_storage(%arg0: tensor<4xi8>) {
  // expected-error@+1 {{'quant.scast' op storage type in quantized type expected to match integer type; f8E4M3FN and i8}}
  %0 = quant.scast %arg0 : tensor<4xi8> to tensor<4x!quant.uniform<f8E4M3FN:f32, 2.0>>
  return
}
