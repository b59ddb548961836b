// Golden test of the !quant.uniform type (dialects/quant/types.py, ir/type_parser.py): the
// per-layer, per-axis and sub-channel forms print in a canonical spelling that parses back to
// the same type, in tfl2quant and upstream MLIR alike.
// RUN: tfl2quant opt %s --split-input-file | filecheck %s
// Exact round trip: print, parse the printed text, print again.
// RUN: tfl2quant opt %s --split-input-file > %t.printed
// RUN: tfl2quant opt %t.printed --split-input-file > %t.reprinted
// RUN: diff %t.printed %t.reprinted
// Upstream reads what we print, and we read what upstream prints back to the same types.
// RUN: iree-opt %t.printed --split-input-file | tfl2quant opt - --split-input-file | filecheck %s

// Per-layer: `storage[<min:max>]:expressed, scale[:zero_point]`; the RFC's two examples.
// CHECK-LABEL: func.func private @per_layer_rfc_examples
// CHECK-SAME:    !quant.uniform<i8:f32, 3.000000e+00>
// CHECK-SAME:    !quant.uniform<u16<0:1023>:f32, 1.230000e+00:512>
func.func private @per_layer_rfc_examples(!quant.uniform<i8:f32, 3.0>, !quant.uniform<u16<0:1023>:f32, 1.23:512>)

// -----

// A zero point of 0 is the default and is not printed; negative ones are.
// CHECK-LABEL: func.func private @zero_point_omitted_or_present
// CHECK-SAME:    (!quant.uniform<i8:f32, 5.000000e-01>, !quant.uniform<i8:f32, 5.000000e-01>, !quant.uniform<i8:f32, 5.000000e-01:-3>, !quant.uniform<u8:f32, 5.000000e-01:128>)
func.func private @zero_point_omitted_or_present(!quant.uniform<i8:f32, 0.5>, !quant.uniform<i8:f32, 0.5:0>, !quant.uniform<i8:f32, 0.5:-3>, !quant.uniform<u8:f32, 0.5:128>)

// -----

// Signed storage of every kind of width from 1 to 32, zero points at both ends of the range.
// CHECK-LABEL: func.func private @signed_storage_widths
// CHECK-SAME:    !quant.uniform<i1:f32, 1.000000e+00:-1>
// CHECK-SAME:    !quant.uniform<i2:f32, 1.000000e+00:1>
// CHECK-SAME:    !quant.uniform<i3:f32, 1.000000e+00:-4>
// CHECK-SAME:    !quant.uniform<i4:f32, 1.000000e+00:7>
// CHECK-SAME:    !quant.uniform<i7:f32, 1.000000e+00:-64>
// CHECK-SAME:    !quant.uniform<i8:f32, 1.000000e+00:-128>
// CHECK-SAME:    !quant.uniform<i16:f32, 1.000000e+00:32767>
// CHECK-SAME:    !quant.uniform<i24:f32, 1.000000e+00:-8388608>
// CHECK-SAME:    !quant.uniform<i31:f32, 1.000000e+00:1073741823>
// CHECK-SAME:    !quant.uniform<i32:f32, 1.000000e+00:-2147483648>
// CHECK-SAME:    !quant.uniform<i32:f32, 1.000000e+00:2147483647>
func.func private @signed_storage_widths(!quant.uniform<i1:f32, 1.0:-1>, !quant.uniform<i2:f32, 1.0:1>, !quant.uniform<i3:f32, 1.0:-4>, !quant.uniform<i4:f32, 1.0:7>, !quant.uniform<i7:f32, 1.0:-64>, !quant.uniform<i8:f32, 1.0:-128>, !quant.uniform<i16:f32, 1.0:32767>, !quant.uniform<i24:f32, 1.0:-8388608>, !quant.uniform<i31:f32, 1.0:1073741823>, !quant.uniform<i32:f32, 1.0:-2147483648>, !quant.uniform<i32:f32, 1.0:2147483647>)

// -----

// CHECK-LABEL: func.func private @unsigned_storage_widths
// CHECK-SAME:    !quant.uniform<u1:f32, 1.000000e+00:1>
// CHECK-SAME:    !quant.uniform<u2:f32, 1.000000e+00:3>
// CHECK-SAME:    !quant.uniform<u4:f32, 1.000000e+00:15>
// CHECK-SAME:    !quant.uniform<u8:f32, 1.000000e+00:255>
// CHECK-SAME:    !quant.uniform<u12:f32, 1.000000e+00:2048>
// CHECK-SAME:    !quant.uniform<u16:f32, 1.000000e+00:65535>
// CHECK-SAME:    !quant.uniform<u32:f32, 1.000000e+00:4294967295>
func.func private @unsigned_storage_widths(!quant.uniform<u1:f32, 1.0:1>, !quant.uniform<u2:f32, 1.0:3>, !quant.uniform<u4:f32, 1.0:15>, !quant.uniform<u8:f32, 1.0:255>, !quant.uniform<u12:f32, 1.0:2048>, !quant.uniform<u16:f32, 1.0:65535>, !quant.uniform<u32:f32, 1.0:4294967295>)

// -----

// `si8` and `ui8` are accepted spellings of i8 and u8, printed as written (as upstream does).
// CHECK-LABEL: func.func private @si_ui_spellings
// CHECK-SAME:    (!quant.uniform<si8:f32, 1.000000e+00>, !quant.uniform<ui8:f32, 1.000000e+00:3>)
func.func private @si_ui_spellings(!quant.uniform<si8:f32, 1.0>, !quant.uniform<ui8:f32, 1.0:3>)

// -----

// A storage range is printed only when it is narrower than the storage type's.
// CHECK-LABEL: func.func private @storage_ranges
// CHECK-SAME:    !quant.uniform<i8<-8:7>:f32, 2.000000e+00:10>
// CHECK-SAME:    !quant.uniform<i8<-127:127>:f32, 1.000000e+00>
// CHECK-SAME:    !quant.uniform<u8<1:254>:f32, 1.000000e+00:128>
// CHECK-SAME:    !quant.uniform<i4<-7:0>:f32, 1.000000e+00>
// CHECK-SAME:    !quant.uniform<i32<-2147483647:2147483647>:f32, 1.000000e+00>
// CHECK-SAME:    !quant.uniform<u32<0:4294967294>:f32, 1.000000e+00>
// CHECK-SAME:    !quant.uniform<i8:f32, 1.000000e+00>
// CHECK-SAME:    !quant.uniform<u16:f32, 1.000000e+00>
// CHECK-SAME:    !quant.uniform<i1:f32, 1.000000e+00>
func.func private @storage_ranges(!quant.uniform<i8<-8:7>:f32, 2.0:10>, !quant.uniform<i8<-127:127>:f32, 1.0>, !quant.uniform<u8<1:254>:f32, 1.0:128>, !quant.uniform<i4<-7:0>:f32, 1.0>, !quant.uniform<i32<-2147483647:2147483647>:f32, 1.0>, !quant.uniform<u32<0:4294967294>:f32, 1.0>, !quant.uniform<i8<-128:127>:f32, 1.0>, !quant.uniform<u16<0:65535>:f32, 1.0>, !quant.uniform<i1<-1:0>:f32, 1.0>)

// -----

// CHECK-LABEL: func.func private @expressed_types
// CHECK-SAME:    (!quant.uniform<i8:f16, 5.000000e-01:-3>, !quant.uniform<i8:bf16, 5.000000e-01:-3>, !quant.uniform<i8:f32, 5.000000e-01:-3>, !quant.uniform<i8:f64, 5.000000e-01:-3>, !quant.uniform<i8:f8E4M3FN, 5.000000e-01>, !quant.uniform<u8:f8E5M2, 5.000000e-01:1>)
func.func private @expressed_types(!quant.uniform<i8:f16, 0.5:-3>, !quant.uniform<i8:bf16, 0.5:-3>, !quant.uniform<i8:f32, 0.5:-3>, !quant.uniform<i8:f64, 0.5:-3>, !quant.uniform<i8:f8E4M3FN, 0.5>, !quant.uniform<u8:f8E5M2, 0.5:1>)

// -----

// Scales print as the shortest decimal that reads back to the same double; hex doubles are
// read as bit patterns. The extremes are each expressed type's smallest subnormal and
// largest finite value.
// CHECK-LABEL: func.func private @scale_spellings
// CHECK-SAME:    !quant.uniform<i8:f32, 1.000000e-01>
// CHECK-SAME:    !quant.uniform<i8:f32, 0.33333333333333331>
// CHECK-SAME:    !quant.uniform<i8:f32, 1.000000e-10>
// CHECK-SAME:    !quant.uniform<i8:f32, 1.000000e+10>
// CHECK-SAME:    !quant.uniform<i8:f32, 0x419D6F3454000000>
// CHECK-SAME:    !quant.uniform<i8:f32, 1.000000e+00>
// CHECK-SAME:    !quant.uniform<i8:f32, 2.000000e+00>
// CHECK-SAME:    !quant.uniform<i8:f32, 1.4012984643248171E-45>
// CHECK-SAME:    !quant.uniform<i8:f32, 3.4028234663852886E+38>
// CHECK-SAME:    !quant.uniform<i8:f16, 5.9604644775390625E-8>
// CHECK-SAME:    !quant.uniform<i8:f16, 6.550400e+04>
// CHECK-SAME:    !quant.uniform<i8:bf16, 9.1835496157991212E-41>
// CHECK-SAME:    !quant.uniform<i8:f64, 4.940660e-324>
// CHECK-SAME:    !quant.uniform<i8:f64, 1.7976931348623157E+308>
func.func private @scale_spellings(!quant.uniform<i8:f32, 1.0e-1>, !quant.uniform<i8:f32, 0.333333333333333314829616256247>, !quant.uniform<i8:f32, 1.0e-10>, !quant.uniform<i8:f32, 1.0e10>, !quant.uniform<i8:f32, 123456789.0>, !quant.uniform<i8:f32, 1.>, !quant.uniform<i8:f32, 0x4000000000000000>, !quant.uniform<i8:f32, 1.401298464324817e-45>, !quant.uniform<i8:f32, 3.4028234663852886e+38>, !quant.uniform<i8:f16, 5.960464477539063e-08>, !quant.uniform<i8:f16, 65504.0>, !quant.uniform<i8:bf16, 9.183549615799121e-41>, !quant.uniform<i8:f64, 0x0000000000000001>, !quant.uniform<i8:f64, 1.7976931348623157e+308>)

// -----

// Per-axis: `storage:expressed:axis, {scale[:zero_point], ...}`; the RFC's two examples.
// CHECK-LABEL: func.func private @per_axis_rfc_examples
// CHECK-SAME:    tensor<2x3x4x!quant.uniform<i8:f32:1, {3.000000e+00,4.000000e+00,5.000000e+00}>>
// CHECK-SAME:    tensor<?x?x!quant.uniform<u16:f32:0, {2.000000e+00:10,3.000000e+00:20}>>
func.func private @per_axis_rfc_examples(tensor<2x3x4x!quant.uniform<i8:f32:1, {3.0, 4.0, 5.0}>>, tensor<?x?x!quant.uniform<u16:f32:0, {2.0:10, 3.0:20}>>)

// -----

// CHECK-LABEL: func.func private @per_axis_variants
// CHECK-SAME:    tensor<*x!quant.uniform<i4<-7:7>:f16:3, {5.000000e-01:-1,2.500000e-01,1.250000e-01:7}>>
// CHECK-SAME:    tensor<1x!quant.uniform<u8:bf16:0, {2.000000e+00:255}>>
// CHECK-SAME:    tensor<?x2x!quant.uniform<i32:f64:1, {1.000000e-05:-2147483648,1.000000e+300}>>
func.func private @per_axis_variants(tensor<*x!quant.uniform<i4<-7:7>:f16:3, {0.5:-1, 0.25:0, 0.125:7}>>, tensor<1x!quant.uniform<u8:bf16:0, {2.0:255}>>, tensor<?x2x!quant.uniform<i32:f64:1, {1.0e-5:-2147483648, 1.0e300}>>)

// -----

// Sub-channel: `storage:expressed:{dim:block, ...}, <nested scale[:zero_point] lists>`;
// the parameters have one nesting level per tensor dimension.
// CHECK-LABEL: func.func private @sub_channel_rfc_example
// CHECK-SAME:    tensor<6x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{\{\{}}1.000000e+00:1, 2.000000e+00:2}, {3.000000e+00:3, 4.000000e+00:4}, {5.000000e+00, 6.000000e+00}, {7.000000e+00, 8.000000e+00}, {9.000000e+00, 1.000000e+01}, {1.100000e+01, 1.200000e+01}}>>
func.func private @sub_channel_rfc_example(tensor<6x4x!quant.uniform<i8:f32:{0:1, 1:2}, {{1.0:1, 2.0:2}, {3.0:3, 4.0:4}, {5.0, 6.0}, {7.0, 8.0}, {9.0, 10.0}, {11.0, 12.0}}>>)

// -----

// CHECK-LABEL: func.func private @sub_channel_rank_4
// CHECK-SAME:    tensor<6x4x6x4x!quant.uniform<i8<-8:7>:f32:{1:2, 3:2}, {{\{\{\{\{}}1.000000e+00:1, 2.000000e+00:2}}, {{\{\{}}3.000000e+00:3, 4.000000e+00:4}}}}>>
func.func private @sub_channel_rank_4(tensor<6x4x6x4x!quant.uniform<i8<-8:7>:f32:{1:2, 3:2}, {{{{1.0:1, 2.0:2}}, {{3.0:3, 4.0:4}}}}>>)

// -----

// Block sizes keep their written order; a type without block sizes is one block.
// (Unsigned zero points stay below 2^(width-1) here: upstream prints sub-channel zero points
// as signed storage integers, so u4 zero point 8 would come back as -8.)
// CHECK-LABEL: func.func private @sub_channel_variants
// CHECK-SAME:    (tensor<4x2x!quant.uniform<u4:f16:{1:1, 0:2}, {{\{\{}}5.000000e-01:7, 2.500000e-01}, {1.000000e+00, 2.000000e+00:3}}>>, tensor<3x!quant.uniform<i8:f32:{}, {5.000000e-01:-1}>>)
func.func private @sub_channel_variants(tensor<4x2x!quant.uniform<u4:f16:{1:1, 0:2}, {{0.5:7, 0.25}, {1.0, 2.0:3}}>>, tensor<3x!quant.uniform<i8:f32:{}, {0.5:-1}>>)

// -----

// Aliases are resolved (also an alias of an alias); a type is printed inline unless long.
!qalias = !quant.uniform<i8:f32, 2.0:10>
!qalias2 = !qalias
!qlong = !quant.uniform<u16:f32:0, {0.125:1, 0.25:2, 0.5:3, 1.0:4, 2.0:5, 4.0:6, 8.0:7, 16.0:8, 32.0:9, 64.0:10, 128.0:11, 256.0:12, 512.0:13, 1024.0:14, 2048.0:15, 4096.0:16, 8192.0:17, 16384.0:18}>
// CHECK:       [[LONG:![a-z0-9]+]] = !quant.uniform<u16:f32:0, {1.250000e-01:1,2.500000e-01:2,5.000000e-01:3,1.000000e+00:4,2.000000e+00:5,4.000000e+00:6,8.000000e+00:7,1.600000e+01:8,3.200000e+01:9,6.400000e+01:10,1.280000e+02:11,2.560000e+02:12,5.120000e+02:13,1.024000e+03:14,2.048000e+03:15,4.096000e+03:16,8.192000e+03:17,1.638400e+04:18}>
// CHECK-LABEL: func.func private @aliases
// CHECK-SAME:    (!quant.uniform<i8:f32, 2.000000e+00:10>, tensor<*x!quant.uniform<i8:f32, 2.000000e+00:10>>, tensor<18x[[LONG]]>) -> tensor<?x[[LONG]]>
func.func private @aliases(!qalias, tensor<*x!qalias2>, tensor<18x!qlong>) -> tensor<?x!qlong>

// -----

// Spaces around the punctuation are free, as in MLIR.
// CHECK-LABEL: func.func private @whitespace
// CHECK-SAME:    (!quant.uniform<i8<-8:7>:f32, 2.000000e+00:10>, tensor<2x!quant.uniform<i8:f32:0, {2.000000e+00:1,3.000000e+00}>>)
func.func private @whitespace(!quant.uniform< i8 < -8 : 7 > : f32 , 2.0 : 10 >, tensor<2x!quant.uniform<i8 : f32 : 0 , { 2.0 : 1 , 3.0 }>>)
