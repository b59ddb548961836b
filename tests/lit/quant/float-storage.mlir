// Float storage types in !quant.uniform and !quant.any: upstream MLIR's (f8E5M2, f8E4M3FN,
// f4E2M1FN; tests/passes/test_float_storage.py holds our printing to iree-opt's) and tfl2quant's
// (f8E4M3FNUZ, f8E5M2FNUZ, f6E2M3FN, f6E3M2FN). Their default storage range is -max..max of the
// type's finite values read as integers (rounded up: f6E2M3FN's 7.5 gives -8:8), and the storage
// type prints as written, the range only if narrower.
// RUN: tfl2quant opt %s --split-input-file | filecheck %s
// RUN: tfl2quant opt %s --split-input-file > %t.printed
// RUN: tfl2quant opt %t.printed --split-input-file > %t.reprinted
// RUN: diff %t.printed %t.reprinted

// CHECK: func.func private @f8E5M2(!quant.uniform<f8E5M2:f32, 2.000000e+00>, !quant.uniform<f8E5M2:f32, 1.000000e+00:3>, !quant.uniform<f8E5M2<-100:100>:f16, 5.000000e-01>)
func.func private @f8E5M2(!quant.uniform<f8E5M2:f32, 2.0>, !quant.uniform<f8E5M2<-57344:57344>:f32, 1.0:3>,
                          !quant.uniform<f8E5M2<-100:100>:f16, 0.5>)

// -----

// CHECK: func.func private @f8E4M3FN(!quant.uniform<f8E4M3FN:f32, 2.000000e+00>, !quant.uniform<f8E4M3FN:f32, 1.000000e+00:-7>, !quant.uniform<f8E4M3FN<0:448>:bf16, 5.000000e-01>)
func.func private @f8E4M3FN(!quant.uniform<f8E4M3FN:f32, 2.0>, !quant.uniform<f8E4M3FN<-448:448>:f32, 1.0:-7>,
                            !quant.uniform<f8E4M3FN<0:448>:bf16, 0.5>)

// -----

// CHECK: func.func private @f4E2M1FN(!quant.uniform<f4E2M1FN:f32, 2.000000e+00>, !quant.uniform<f4E2M1FN:f32, 1.000000e+00>, !quant.uniform<f4E2M1FN<-4:4>:f32, 5.000000e-01>)
func.func private @f4E2M1FN(!quant.uniform<f4E2M1FN:f32, 2.0>, !quant.uniform<f4E2M1FN<-6:6>:f32, 1.0>,
                            !quant.uniform<f4E2M1FN<-4:4>:f32, 0.5>)

// -----

// CHECK: func.func private @extensions(!quant.uniform<f8E4M3FNUZ:f32, 2.000000e+00>, !quant.uniform<f8E5M2FNUZ<-4:4>:f32, 1.000000e+00:1>, !quant.uniform<f6E2M3FN:f32, 2.000000e+00>, !quant.uniform<f6E2M3FN<-7:7>:f32, 2.000000e+00>, !quant.uniform<f6E3M2FN:f16, 5.000000e-01:-2>)
func.func private @extensions(!quant.uniform<f8E4M3FNUZ<-240:240>:f32, 2.0>, !quant.uniform<f8E5M2FNUZ<-4:4>:f32, 1.0:1>,
                              !quant.uniform<f6E2M3FN<-8:8>:f32, 2.0>, !quant.uniform<f6E2M3FN<-7:7>:f32, 2.0>,
                              !quant.uniform<f6E3M2FN:f16, 0.5:-2>)

// -----

// Per-axis, sub-channel and !quant.any take them too.
// CHECK-LABEL: func.func private @other_forms
// CHECK-SAME:    !quant.uniform<f8E4M3FN:f32:1, {2.000000e+00,3.000000e+00}>
// CHECK-SAME:    !quant.uniform<f8E5M2:f32:{0:2}, {{\{}}{2.000000e+00}, {3.000000e+00}}>
// CHECK-SAME:    !quant.any<f4E2M1FN:f32>
// CHECK-SAME:    !quant.any<f8E5M2<-2:2>>
func.func private @other_forms(!quant.uniform<f8E4M3FN:f32:1, {2.0, 3.0}>, !quant.uniform<f8E5M2:f32:{0:2}, {{2.0}, {3.0}}>,
                               !quant.any<f4E2M1FN:f32>, !quant.any<f8E5M2<-2:2>>)

// -----

// normalize-quant-types keeps the storage type when a sub-channel type becomes per-tensor.
// RUN: tfl2quant opt %s --split-input-file --normalize-quant-types | filecheck %s --check-prefix=NORMALIZE
// NORMALIZE: func.func private @normalized(tensor<4x2x!quant.uniform<f8E4M3FN:f32, 2.000000e+00>>)
func.func private @normalized(tensor<4x2x!quant.uniform<f8E4M3FN:f32:{}, {{2.0}}>>)
