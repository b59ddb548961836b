// !quant.quantile: every rule, in upstream MLIR's wording where upstream has one
// (mlir/test/Dialect/Quant/invalid-quantile-types.mlir), at the type.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{storage type must be an integer or float type}}
func.func private @storage_tensor() -> !quant.quantile<tensor<2xi8>:f32, {1.0}>

// -----

// A float type that is no storage type (no default storage range).
// expected-error@+1 {{illegal quantized storage type: f16; expected an integer type or one of f8E5M2, f8E4M3FN, f4E2M1FN}}
func.func private @storage_f16() -> !quant.quantile<f16:f32, {1.0}>

// -----

// expected-error@+1 {{illegal storage type size: 33}}
func.func private @storage_too_wide() -> !quant.quantile<i33:f32, {1.0}>

// -----

// expected-error@+1 {{quantile type must be a float or integer type}}
func.func private @quantile_type_index() -> !quant.quantile<ui1:index, {1.0, 2.0}>

// -----

// expected-error@+1 {{quantile values must not be empty}}
func.func private @empty_table() -> !quant.quantile<ui1:f16, {}>

// -----

// expected-error@+1 {{quantile LUT size (3) must equal the number of representable storage values (2)}}
func.func private @table_too_long() -> !quant.quantile<ui1:f16, {-1.0, 0.0, 1.0}>

// -----

// The explicit range sets the size: -1..1 is three values.
// expected-error@+1 {{quantile LUT size (2) must equal the number of representable storage values (3)}}
func.func private @table_short_of_range() -> !quant.quantile<si4:f16, {-1.0, 1.0}, <-1:1>>

// -----

// f4E2M1FN's range -6..6 read as integers: 13 values.
// expected-error@+1 {{quantile LUT size (2) must equal the number of representable storage values (13)}}
func.func private @f4_default_range() -> !quant.quantile<f4E2M1FN:f16, {-1.0, 1.0}>

// -----

// expected-error@+1 {{storage min must be less than storage max}}
func.func private @range_reversed() -> !quant.quantile<si4:f32, {1.0}, <3:1>>

// -----

// expected-error@+1 {{storage min must be less than storage max}}
func.func private @range_empty() -> !quant.quantile<si4:f32, {1.0}, <1:1>>

// -----

// expected-error@+1 {{illegal storage type minimum: -9; expected at least -8}}
func.func private @range_below_storage() -> !quant.quantile<si4:f32, {1.0}, <-9:1>>

// -----

// expected-error@+1 {{illegal storage type maximum: 449; expected at most 448}}
func.func private @range_above_f8() -> !quant.quantile<f8E4M3FN:f32, {1.0}, <0:449>>

// -----

// The table holds float literals, as upstream's scales do.
// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
func.func private @integer_literal() -> !quant.quantile<ui1:f16, {1, 2}>

// -----

// A quantile type is no quantized type: quant.qcast does not produce one (upstream's ODS wording).
func.func @qcast_to_quantile(%arg0: tensor<2xf32>) {
  // expected-error@+1 {{'quant.qcast' op result #0 must be scalar or tensor of quantized type}}
  %0 = quant.qcast %arg0 : tensor<2xf32> to tensor<2x!quant.quantile<ui1:f32, {-1.0, 1.0}>>
  return
}

// -----

// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @unbalanced() -> !quant.quantile<ui1:f16, {-1.0, 1.0}
