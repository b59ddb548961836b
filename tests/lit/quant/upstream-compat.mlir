// `tfl2quant opt` as a drop-in for mlir-opt on the quant dialect (issue 14; the upstream suite
// itself runs with tools/upstream_quant_tests.py): upstream's float printing, its spellings and
// wording, mlir-opt's option syntax, and what it accepts and rejects.
// mlir-opt's single-dash long options are taken as they are.
// RUN: tfl2quant opt %s -split-input-file -allow-unregistered-dialect | filecheck %s
// RUN: tfl2quant opt %s -split-input-file -allow-unregistered-dialect | iree-opt --split-input-file --allow-unregistered-dialect | filecheck %s
// canonicalize{test-convergence}: a bare boolean flag in a pass's options.
// RUN: tfl2quant opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' | filecheck %s --check-prefix=CANON
// Without --allow-unregistered-dialect, an op of a dialect we do not model is an error.
// RUN: not tfl2quant opt %s --split-input-file 2>&1 | filecheck %s --check-prefix=UNREGISTERED
// The RFC's zero point range rule, opt-in.
// RUN: not tfl2quant opt %s --split-input-file --allow-unregistered-dialect --quant-strict-zero-points 2>&1 | filecheck %s --check-prefix=STRICT

// Scales print as upstream's printFloatValue: `%e` with 6 digits when that reads back as the same
// double, else APFloat's 17 significant digits, else the bits in hex.
// CHECK-LABEL: func.func private @scales
// CHECK-SAME:    !quant.uniform<i8<-8:7>:f32, 9.987200e-01:127>
// CHECK-SAME:    !quant.uniform<u8:f32, 2.000000e-02>
// CHECK-SAME:    !quant.uniform<u8:f32, 0.0039215686274509803>
// CHECK-SAME:    !quant.uniform<u8:f32, 0x41646ABBA0000000:128>
// CANON-LABEL: func.func private @scales
func.func private @scales(!quant.uniform<i8<-8:7>:f32, 0.99872:127>, !quant.uniform<u8:f32, 2.0e-2>,
                          !quant.uniform<u8:f32, 0.0039215686274509803>,
                          !quant.uniform<u8:f32, 0x41646ABBA0000000:128>)

// -----

// Per-axis parameters are joined by a bare ',', sub-channel ones by ", " (upstream's printer);
// the opaque spelling `!quant<uniform<...>>` reads as `!quant.uniform<...>`.
// CHECK-LABEL: func.func private @parameter_lists
// CHECK-SAME:    tensor<2x!quant.uniform<u8:f32:0, {2.000000e+02:-120,9.987200e-01:127}>>
// CHECK-SAME:    tensor<2x4x!quant.uniform<u8:f32:{0:1, 1:2}, {{\{\{}}2.000000e+00:120, 3.000000e+00:127}, {4.000000e+00, 5.000000e+00}}>>
// CHECK-SAME:    !quant.uniform<i8:f32, 5.000000e-01:-3>
// `ui8`/`si8` storage print as written, `u8`/`i8` too.
// CHECK-SAME:    !quant.uniform<ui8:f32, 1.000000e+00>, !quant.uniform<si8<-3:4>:f32, 1.000000e+00>, !quant.uniform<u8:f32, 1.000000e+00>
func.func private @parameter_lists(tensor<2x!quant.uniform<u8:f32:0, {2.0e+2:-120, 0.99872:127}>>,
                                   tensor<2x4x!quant.uniform<u8:f32:{0:1, 1:2}, {{2.0:120,3.0:127}, {4.0,5.0}}>>,
                                   !quant<uniform<i8:f32, 0.5:-3>>,
                                   !quant.uniform<ui8:f32, 1.0>, !quant.uniform<si8<-3:4>:f32, 1.0>, !quant.uniform<u8:f32, 1.0>)

// -----

// Dense and float attributes print the same way, in their element type's precision.
// CHECK-LABEL: func.func @constants
// CHECK:         arith.constant dense<[2.000000e+00, 0.00392156886]> : tensor<2xf32>
// CHECK:         arith.constant 1.000000e-01 : f64
func.func @constants() -> (tensor<2xf32>, f64) {
  %0 = arith.constant dense<[2.0, 0.0039215686274509803]> : tensor<2xf32>
  %1 = arith.constant 0.1 : f64
  return %0, %1 : tensor<2xf32>, f64
}

// -----

// A zero point outside the storage range: upstream accepts it (its strip-func-quant-types test
// holds i8 zero point 128), the RFC does not ("zeroPoint: Optional integer value of type
// storageType"): accepted unless --quant-strict-zero-points.
// CHECK-LABEL: func.func private @zero_point_out_of_range
// CHECK-SAME:    !quant.uniform<i8:f32, 2.000000e+00:128>
// STRICT:        error: zero point 128 out of the range [-128, 127] of storage type i8
func.func private @zero_point_out_of_range(!quant.uniform<i8:f32, 2.0:128>)

// -----

// Sub-channel zero points too; upstream keeps them in a tensor of the storage integer, so they
// wrap to its width: 256 in i8 is 0 (not printed), -200 is 56.
// CHECK-LABEL: func.func private @sub_channel_zero_point_out_of_range
// CHECK-SAME:    {{\{\{}}2.000000e+00:120, 3.000000e+00:127}, {4.000000e+00, 5.000000e+00:56}}
// STRICT:        error: zero point 256 out of the range [-128, 127] of storage type i8
func.func private @sub_channel_zero_point_out_of_range(tensor<2x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:120, 3.0:127}, {4.0:256, 5.0:-200}}>>)

// -----

// Upstream mlir-opt's `test` dialect takes any op; other unknown ops need the flag, and unknown
// quant.* ops are errors even with it (tested in quant/unregistered.mlir).
// CHECK-LABEL: func.func @unknown_ops
// CHECK:         "test.custom_op"() : () -> tensor<4xf32>
// CHECK:         "foo.bar"() : () -> ()
// UNREGISTERED:  error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
func.func @unknown_ops() {
  %0 = "test.custom_op"() : () -> tensor<4xf32>
  "foo.bar"() : () -> ()
  return
}
