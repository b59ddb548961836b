// Golden test of legalize/families/recurrent/integer_lstm.py: full-integer UNIDIRECTIONAL_SEQUENCE_LSTM
// (kernels/lstm_eval.cc, 8x8_16), unrolled over time. One CIFG model with peephole
// connections and a cell clip, two steps: the input side of every step is one matmul with
// the effective biases (bias - zp_x * rowsum) and one per-channel rescale to int16; each
// step's recurrent matmul has its own effective bias (-zp_h * rowsum); the activations are
// gemmlowp's int16 functions tabulated over every int16; the cell update is a linalg.generic.
// RUN: tfl2quant opt %s --mlir-print-op-generic --split-input-file --pass-pipeline='builtin.module(legalize-tfl{remarks})' --verify-diagnostics | filecheck %s
// RUN: tfl2quant opt %s --split-input-file --legalize-tfl | iree-opt --split-input-file --allow-unregistered-dialect -o /dev/null

!x = !quant.uniform<i8:f32, 0.03125:-5>
!h = !quant.uniform<i8<-127:127>:f32, 0.015625:3>
!y = !quant.uniform<i8:f32, 0.015625:3>
!c = !quant.uniform<i16:f32, 0.00048828125>
!p = !quant.uniform<i16:f32, 0.0009765625>
!b = !quant.uniform<i32:f32, 0.000244140625>
!wf = !quant.uniform<i8<-127:127>:f32, 0.0087890625>
!wc = !quant.uniform<i8<-127:127>:f32, 0.009765625>
!wo = !quant.uniform<i8<-127:127>:f32, 0.0107421875>
!rf = !quant.uniform<i8<-127:127>:f32, 0.0068359375>
!rc = !quant.uniform<i8<-127:127>:f32, 0.005859375>
!ro = !quant.uniform<i8<-127:127>:f32, 0.0048828125>
// The tables: logistic on Q3.12 (11 at -32768), tanh on Q3.12 and on the cell state's Q4.11
// (-32767 at -32768).
// CHECK-LABEL: @lstm_cifg_peephole_cell_clip
// CHECK:       %[[SIGMOID:.*]] = "tosa.const"() {values = dense<"0x0B000B00{{[0-9A-F]+}}"> : tensor<1x65536x1xi16>}
// CHECK-NEXT:  %[[TANH3:.*]] = "tosa.const"() {values = dense<"0x01800180{{[0-9A-F]+}}"> : tensor<1x65536x1xi16>}
// CHECK-NEXT:  %[[TANH4:.*]] = "tosa.const"() {values = dense<"0x01800180{{[0-9A-F]+}}"> : tensor<1x65536x1xi16>}
// Input side, both steps: forget, cell and output weights side by side, transposed.
// CHECK:       %[[WX:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}79, -82, -43, 31, -12, 99], [-106, -67, -17, -5, -28, 4]]]> : tensor<1x2x6xi8>}
// CHECK-NEXT:  %[[BX:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-2899, -3181, -3104, -2188, -2164, 1942]]]> : tensor<1x1x6xi32>}
// CHECK:       %[[AX:.*]] = "tosa.matmul"(%{{.*}}, %[[WX]], %{{.*}}, %{{.*}}) : (tensor<1x2x2xi8>, tensor<1x2x6xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x6xi32>
// CHECK-NEXT:  %[[SX:.*]] = "tosa.add"(%[[AX]], %[[BX]])
// s_w * s_x / 2^-12 in f32: 1.125, 1.25, 1.375 (m = 0.5625, 0.625, 0.6875 * 2^31, shift 1)
// CHECK-NEXT:  "tosa.const"() {values = dense<[1207959552, 1207959552, 1342177280, 1342177280, 1476395008, 1476395008]> : tensor<6xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<30> : tensor<6xi8>}
// CHECK:       "tosa.rescale"(%[[SX]], {{.*}}) {{.*}}per_channel = true{{.*}} -> tensor<1x2x6xi16>
// Recurrent side: weights once, bias -3 * rowsum.
// CHECK:       %[[WR:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-81, 94, -60, 49, -20, 42], [77, 21, -87, 60, -18, 22]]]> : tensor<1x2x6xi8>}
// CHECK-NEXT:  %[[BR:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}12, -345, 441, -327, 114, -192]]]> : tensor<1x1x6xi32>}
// Step 1: the forget gate's peephole term (2^-11 * 2^-10 / 2^-12 = 2^-9: shift 31 + 9 - 1), its
// logistic, the cell gate's tanh, then the cell update: Sub1Vector, f * c rounded by 2^15,
// (32767 - f) * g by 2^(30 - 11), int16 saturation, clip to 0.5 / 2^-11 = 1024.
// CHECK:       "tosa.matmul"(%{{.*}}, %[[WR]], %{{.*}}, %{{.*}})
// CHECK:       "tosa.const"() {values = dense<{{\[\[}}1026, 1825]]> : tensor<1x2xi32>}
// CHECK:       "tosa.const"() {values = dense<39> : tensor<1xi8>}
// CHECK:       "tosa.gather"(%[[SIGMOID]], %{{.*}}) : (tensor<1x65536x1xi16>, tensor<1x2xi32>) -> tensor<1x2x1xi16>
// CHECK:       "tosa.gather"(%[[TANH3]], %{{.*}})
// CHECK:       "linalg.generic"
// CHECK:         "arith.subi"(%[[ONE:.*]], %[[F:.*]]) : (i32, i32) -> i32
// CHECK:         arith.constant 15 : i32
// CHECK:         arith.constant 19 : i32
// CHECK:         arith.constant -1024 : i32
// CHECK:         arith.constant 1024 : i32
// The output gate's peephole reads the new cell state; the hidden state is
// MBQM(o * tanh(c), 2^-15 / 2^-6 * 2^-15 = 2^-24: shift 31 + 24 - 1) + 3.
// CHECK:       "tosa.const"() {values = dense<{{\[\[}}1144, -864]]> : tensor<1x2xi32>}
// CHECK:       "tosa.gather"(%[[TANH4]], %{{.*}})
// CHECK:       "tosa.const"() {values = dense<54> : tensor<1xi8>}
// CHECK-NEXT:  "tosa.const"() {values = dense<0> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK-NEXT:  %[[H1:.*]] = "tosa.rescale"({{.*}}) -> tensor<1x2xi8>
// Step 2 starts from that hidden state.
// CHECK:       "tosa.reshape"(%[[H1]], %{{.*}}) : (tensor<1x2xi8>, !tosa.shape<3>) -> tensor<1x1x2xi8>
// CHECK:       "tosa.matmul"(%{{.*}}, %[[WR]], %{{.*}}, %{{.*}})
// CHECK:       %[[Y:.*]] = "tosa.concat"(%{{.*}}, %{{.*}}) {axis = 1 : i32} : (tensor<1x1x2xi8>, tensor<1x1x2xi8>) -> tensor<1x2x2xi8>
// CHECK-NEXT:  quant.scast %[[Y]] : tensor<1x2x2xi8> to tensor<1x2x2x!quant.uniform<i8:f32, 1.562500e-02:3>>
func.func @lstm_cifg_peephole_cell_clip(%arg0: tensor<1x2x2x!x>) -> tensor<1x2x2x!y> {
  %none = "tfl.no_value"() {value} : () -> none
  %wf = "tfl.pseudo_qconst"() {qtype = tensor<2x2x!wf>, value = dense<[[79, -106], [-82, -67]]> : tensor<2x2xi8>} : () -> tensor<2x2x!wf>
  %wc = "tfl.pseudo_qconst"() {qtype = tensor<2x2x!wc>, value = dense<[[-43, -17], [31, -5]]> : tensor<2x2xi8>} : () -> tensor<2x2x!wc>
  %wo = "tfl.pseudo_qconst"() {qtype = tensor<2x2x!wo>, value = dense<[[-12, -28], [99, 4]]> : tensor<2x2xi8>} : () -> tensor<2x2x!wo>
  %rf = "tfl.pseudo_qconst"() {qtype = tensor<2x2x!rf>, value = dense<[[-81, 77], [94, 21]]> : tensor<2x2xi8>} : () -> tensor<2x2x!rf>
  %rc = "tfl.pseudo_qconst"() {qtype = tensor<2x2x!rc>, value = dense<[[-60, -87], [49, 60]]> : tensor<2x2xi8>} : () -> tensor<2x2x!rc>
  %ro = "tfl.pseudo_qconst"() {qtype = tensor<2x2x!ro>, value = dense<[[-20, -18], [42, 22]]> : tensor<2x2xi8>} : () -> tensor<2x2x!ro>
  %pf = "tfl.pseudo_qconst"() {qtype = tensor<2x!p>, value = dense<[1026, 1825]> : tensor<2xi16>} : () -> tensor<2x!p>
  %po = "tfl.pseudo_qconst"() {qtype = tensor<2x!p>, value = dense<[1144, -864]> : tensor<2xi16>} : () -> tensor<2x!p>
  %bf = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[-2764, -2436]> : tensor<2xi32>} : () -> tensor<2x!b>
  %bc = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[-2804, -2318]> : tensor<2xi32>} : () -> tensor<2x!b>
  %bo = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[-1964, 1427]> : tensor<2xi32>} : () -> tensor<2x!b>
  %h0 = "tfl.pseudo_qconst"() {qtype = tensor<1x2x!h>, value = dense<3> : tensor<1x2xi8>} : () -> tensor<1x2x!h>
  %c0 = "tfl.pseudo_qconst"() {qtype = tensor<1x2x!c>, value = dense<0> : tensor<1x2xi16>} : () -> tensor<1x2x!c>
  %0 = "tfl.unidirectional_sequence_lstm"(%arg0, %none, %wf, %wc, %wo, %none, %rf, %rc, %ro, %none, %pf, %po, %none, %bf, %bc, %bo, %none, %none, %h0, %c0, %none, %none, %none, %none) {asymmetric_quantize_inputs = false, cell_clip = 0.5 : f32, diagonal_recurrent_tensors = false, fused_activation_function = "TANH", proj_clip = 0.0 : f32, time_major = false, input_to_input_intermediate = tensor<0xf32>, input_to_forget_intermediate = tensor<0xf32>, input_to_cell_intermediate = tensor<0xf32>, input_to_output_intermediate = tensor<0xf32>, effective_hidden_scale_intermediate = tensor<0x!y>} : (tensor<1x2x2x!x>, none, tensor<2x2x!wf>, tensor<2x2x!wc>, tensor<2x2x!wo>, none, tensor<2x2x!rf>, tensor<2x2x!rc>, tensor<2x2x!ro>, none, tensor<2x!p>, tensor<2x!p>, none, tensor<2x!b>, tensor<2x!b>, tensor<2x!b>, none, none, tensor<1x2x!h>, tensor<1x2x!c>, none, none, none, none) -> tensor<1x2x2x!y>
  return %0 : tensor<1x2x2x!y>
}

// -----

// A float LSTM takes the float path (legalize/families/recurrent/lstm.py), unrolled: its weights may be values
// (a weight-only model dequantizes them), set side by side with tosa.concat and transposed.
// CHECK-LABEL: @lstm_float
// CHECK:       %[[W:.*]] = "tosa.concat"(%arg1, %arg1, %arg1, %arg1) {axis = 0 : i32} : ({{.*}}) -> tensor<8x2xf32>
// CHECK:       "tosa.transpose"(%[[W]]) {perms = array<i32: 1, 0>}
// CHECK:       "tosa.matmul"({{.*}}) : (tensor<1x2x2xf32>, tensor<1x2x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x8xf32>
// CHECK-NOT:   tfl.unidirectional_sequence_lstm
// CHECK:       return
!x = !quant.uniform<i8:f32, 0.03125:-5>
func.func @lstm_float(%arg0: tensor<1x2x2xf32>, %w: tensor<2x2xf32>, %b: tensor<2xf32>, %h: tensor<1x2xf32>, %c: tensor<1x2xf32>) -> tensor<1x2x2xf32> {
  %none = "tfl.no_value"() {value} : () -> none
  %0 = "tfl.unidirectional_sequence_lstm"(%arg0, %w, %w, %w, %w, %w, %w, %w, %w, %none, %none, %none, %b, %b, %b, %b, %none, %none, %h, %c, %none, %none, %none, %none) {cell_clip = 0.0 : f32, fused_activation_function = "TANH", proj_clip = 0.0 : f32, time_major = false} : (tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, none, none, none, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, none, none, tensor<1x2xf32>, tensor<1x2xf32>, none, none, none, none) -> tensor<1x2x2xf32>
  return %0 : tensor<1x2x2xf32>
}

// -----

// Full-integer SVDF (legalize/families/recurrent/svdf.py; reference/svdf.h EvalIntegerSVDF), rank 2, memory 2:
// the feature matmul on x - 3, MBQM by float32(0.05 * 0.01 / 0.002) = 2^-2 saturated to
// int16, the state moved one step older with the new column appended, the time dot products
// per unit on 8-bit planes of state and weights summed in i64, the bias, and MBQM by
// float32(0.002 * 3e-5 / 0.12) with the output zero point -2. RELU is required and not applied.
!x = !quant.uniform<i8:f32, 0.05000000074505806:3>
!wf = !quant.uniform<i8<-127:127>:f32, 0.009999999776482582>
!wt = !quant.uniform<i16:f32, 2.9999999242136255e-05>
!b = !quant.uniform<i32:f32, 0.0005000000237487257>
!s = !quant.uniform<i16:f32, 0.0020000000949949026>
!y = !quant.uniform<i8:f32, 0.11999999731779099:-2>
// CHECK-LABEL: @svdf_rank2
// CHECK:       %[[WF:.*]] = "tosa.const"() {values = dense<{{\[\[\[}}-1, 9, 6, -4], [0, -9, 9, 7], [5, -7, -5, -1]]]> : tensor<1x3x4xi8>}
// CHECK-NEXT:  %[[ZX:.*]] = "tosa.const"() {values = dense<3> : tensor<1xi8>}
// CHECK:       %[[F:.*]] = "tosa.matmul"(%{{.*}}, %[[WF]], %[[ZX]], %{{.*}}) : {{.*}} -> tensor<1x1x4xi32>
// CHECK-NEXT:  "tosa.const"() {values = dense<1073741824> : tensor<1xi32>}
// CHECK-NEXT:  "tosa.const"() {values = dense<32> : tensor<1xi8>}
// CHECK:       %[[NEW:.*]] = "tosa.rescale"(%[[F]], {{.*}}) -> tensor<1x1x4xi16>
// CHECK:       %[[OLD:.*]] = "tosa.slice"({{.*}}) : (tensor<1x4x2xi16>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x4x1xi16>
// CHECK-NEXT:  "tosa.concat"(%[[OLD]], %{{.*}}) {axis = 2 : i32} : (tensor<1x4x1xi16>, tensor<1x4x1xi16>) -> tensor<1x4x2xi16>
// CHECK-COUNT-4: "tosa.matmul"({{.*}}) : (tensor<2x1x4xi8>, tensor<2x4x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x1x1xi32>
// CHECK:       "linalg.generic"
// CHECK:         arith.constant 65536 : i64
// CHECK:         arith.constant 256 : i64
// CHECK:         %[[ACC:.*]] = "arith.trunci"(%{{.*}}) : (i64) -> i32
// CHECK-NEXT:    "arith.addi"(%[[ACC]], %{{.*}}) : (i32, i32) -> i32
// CHECK:       "tosa.const"() {values = dense<-2> : tensor<1xi8>}
// CHECK-NEXT:  %[[Y:.*]] = "tosa.rescale"({{.*}}) -> tensor<1x2xi8>
func.func @svdf_rank2(%arg0: tensor<1x3x!x>) -> tensor<1x2x!y> {
  %wf = "tfl.pseudo_qconst"() {qtype = tensor<4x3x!wf>, value = dense<[[-1, 0, 5], [9, -9, -7], [6, 9, -5], [-4, 7, -1]]> : tensor<4x3xi8>} : () -> tensor<4x3x!wf>
  %wt = "tfl.pseudo_qconst"() {qtype = tensor<4x2x!wt>, value = dense<[[-136, 197], [-146, -55], [86, 30], [-249, -284]]> : tensor<4x2xi16>} : () -> tensor<4x2x!wt>
  %b = "tfl.pseudo_qconst"() {qtype = tensor<2x!b>, value = dense<[732, 507]> : tensor<2xi32>} : () -> tensor<2x!b>
  %s = "tfl.pseudo_qconst"() {qtype = tensor<1x8x!s>, value = dense<0> : tensor<1x8xi16>} : () -> tensor<1x8x!s>
  %0 = "tfl.svdf"(%arg0, %wf, %wt, %b, %s) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU", rank = 2 : i32} : (tensor<1x3x!x>, tensor<4x3x!wf>, tensor<4x2x!wt>, tensor<2x!b>, tensor<1x8x!s>) -> tensor<1x2x!y>
  return %0 : tensor<1x2x!y>
}
