// `tfl2quant opt --quant-mx-scales`: a sub-channel type with float storage is an MX type (OCP
// Microscaling Formats: one E8M0 scale per block, a power of two in [2^-127, 2^127], no zero
// point). Today's quant syntax cannot say so in the type (docs/float-storage.md), so the module
// asks for the check; without it these types are valid, as upstream's.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics --quant-mx-scales
// RUN: tfl2quant opt %s --split-input-file | filecheck %s

// MXFP4 of a 2x64 tensor: blocks of 32 along the last axis.
// CHECK: func.func private @mxfp4(tensor<2x64x!quant.uniform<f4E2M1FN:f32:{0:1, 1:32}, {{\{\{}}1.000000e+00, 2.000000e+00}, {5.000000e-01, 1.250000e-01}}>>)
func.func private @mxfp4(tensor<2x64x!quant.uniform<f4E2M1FN:f32:{0:1, 1:32}, {{1.0, 2.0}, {0.5, 0.125}}>>)

// -----

// E8M0's extremes, in f32 (2^-127 is an f32 subnormal).
// CHECK: func.func private @extremes
func.func private @extremes(tensor<1x64x!quant.uniform<f8E4M3FN:f32:{1:32}, {{5.8774717541114375e-39, 1.7014118346046923e+38}}>>)

// -----

// CHECK: func.func private @not_a_power_of_two
// expected-error@+1 {{scale 3.000000e-01 is not a power of two in [2^-127, 2^127]: an MX type's scales are E8M0 (--quant-mx-scales)}}
func.func private @not_a_power_of_two(tensor<2x64x!quant.uniform<f6E3M2FN:f32:{0:1, 1:32}, {{0.5, 2.0}, {1.0, 0.3}}>>)

// -----

// 2^-128 is no E8M0 value (f32 holds it).
// CHECK: func.func private @below_e8m0
// expected-error@+1 {{scale 2.9387358770557188E-39 is not a power of two in [2^-127, 2^127]: an MX type's scales are E8M0 (--quant-mx-scales)}}
func.func private @below_e8m0(tensor<1x32x!quant.uniform<f8E5M2:f32:{1:32}, {{2.9387358770557188e-39}}>>)

// -----

// CHECK: func.func private @zero_point
// expected-error@+1 {{zero point 1 is not 0: an MX type has no zero points (--quant-mx-scales)}}
func.func private @zero_point(tensor<2x64x!quant.uniform<f8E4M3FN:f32:{0:1, 1:32}, {{0.5, 2.0:1}, {1.0, 4.0}}>>)

// -----

// Integer storage, per-layer and per-axis types are no MX types.
// CHECK: func.func private @others
func.func private @others(tensor<2x64x!quant.uniform<i8:f32:{0:1, 1:32}, {{0.375, 2.0:1}, {1.0, 4.0}}>>,
                          !quant.uniform<f4E2M1FN:f32, 0.3:1>, tensor<2x!quant.uniform<f8E4M3FN:f32:0, {0.3, 0.7}>>)
