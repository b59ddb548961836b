// --mlir-elide-elementsattrs-if-larger=N (printer.py, attributes.py ELIDE_ABOVE): a constant of more
// than N elements prints as upstream's placeholder `dense_resource<__elided__>`, in any attribute,
// in the custom and the generic form; a splat stays (it is one value), and so does a constant
// of N elements or fewer. iree-opt prints the same (the second RUN line).
// RUN: tfl2quant opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | filecheck %s
// RUN: iree-opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | filecheck %s
// RUN: tfl2quant opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// Zero elides every constant that is no splat.
// RUN: tfl2quant opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=0 | filecheck %s --check-prefix=ZERO
// convert: the output and the dumps (a model's weights).
// RUN: tfl2quant convert %models/small-cnn.int8.tflite --mlir-elide-elementsattrs-if-larger=16 | filecheck %s --check-prefix=CONVERT
// CONVERT:     arith.constant dense_resource<__elided__> : tensor<8x3x3x3xi8>
// CONVERT:     arith.constant dense<[1343, 30505, 4521, -7263, 9878, -4919, 4277, 12384]> : tensor<8xi32>
// CONVERT-NOT: dense<"0x
// Elision changes only the text: with bytecode and no IR dumped, it does nothing (a usage error).
// RUN: not tfl2quant convert %models/small-cnn.int8.tflite --emit-bytecode --mlir-elide-elementsattrs-if-larger=16 -o %t.mlirbc 2>&1 | filecheck %s --check-prefix=BYTECODE --match-full-lines
// BYTECODE: error: --mlir-elide-elementsattrs-if-larger does nothing with --emit-bytecode: it changes the text form, and no IR is dumped (--mlir-print-ir-*)

// CHECK-LABEL: func.func @constants
// CHECK-NEXT:    arith.constant dense_resource<__elided__> : tensor<4xf32>
// CHECK-NEXT:    arith.constant dense<1> : tensor<300xi8>
// CHECK-NEXT:    arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    "foo.bar"() {x = dense_resource<__elided__> : tensor<3xi32>, y = [dense_resource<__elided__> : tensor<3xi32>]} : () -> ()
// (The generic form keeps arith.constant's custom form here: docs/decisions.md's "Not done yet".)
// GENERIC-LABEL: func.func @constants
// GENERIC:       %0 = arith.constant dense_resource<__elided__> : tensor<4xf32>
// GENERIC:       "foo.bar"() {x = dense_resource<__elided__> : tensor<3xi32>
// ZERO:          dense_resource<__elided__> : tensor<4xf32>
// ZERO-NEXT:     dense<1> : tensor<300xi8>
// ZERO-NEXT:     dense_resource<__elided__> : tensor<2xf32>
func.func @constants() -> (tensor<4xf32>, tensor<300xi8>, tensor<2xf32>) {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<1> : tensor<300xi8>
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  "foo.bar"() {x = dense<[1, 2, 3]> : tensor<3xi32>, y = [dense<[1, 2, 3]> : tensor<3xi32>]} : () -> ()
  return %a, %b, %c : tensor<4xf32>, tensor<300xi8>, tensor<2xf32>
}
