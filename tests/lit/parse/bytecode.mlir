// `tfl2quant opt` reads and writes MLIR bytecode like mlir-opt: -emit-bytecode (-o FILE or stdout),
// input detected by its "ML\xefR" magic (file or stdin, the default input), --strip-debuginfo;
// writing what was read gives the same bytes, and upstream (iree-opt) reads ours and we read its.
// RUN: tfl2quant opt %s -allow-unregistered-dialect --strip-debuginfo -emit-bytecode -o %t.bc
// RUN: tfl2quant opt %t.bc -allow-unregistered-dialect | filecheck %s
// RUN: tfl2quant opt %t.bc -allow-unregistered-dialect | tfl2quant opt -allow-unregistered-dialect --strip-debuginfo -emit-bytecode -o %t2.bc
// RUN: cmp %t.bc %t2.bc
// RUN: tfl2quant opt -allow-unregistered-dialect -emit-bytecode < %s | tfl2quant opt -allow-unregistered-dialect | filecheck %s
// RUN: iree-opt --allow-unregistered-dialect %t.bc | filecheck %s
// RUN: iree-opt --allow-unregistered-dialect --emit-bytecode --emit-bytecode-version=4 %s | tfl2quant opt -allow-unregistered-dialect - | filecheck %s
// RUN: iree-opt --allow-unregistered-dialect --emit-bytecode %s | tfl2quant opt -allow-unregistered-dialect | filecheck %s
// RUN: iree-opt --emit-bytecode %S/Inputs/tosa-clamp.mlir.in -o %t.v6.bc
// RUN: not tfl2quant opt %t.v6.bc 2>&1 | filecheck %s --check-prefix=V6
// RUN: head -c 100 %t.bc > %t.short.bc
// RUN: not tfl2quant opt -allow-unregistered-dialect %t.short.bc 2>&1 | filecheck %s --check-prefix=SHORT

// CHECK-LABEL: module @outer
// CHECK-SAME: bytecode.test = !quant.uniform<ui8:f32, 9.987200e-01:127>
module @outer attributes {bytecode.test = !quant.uniform<ui8:f32, 9.987200e-01:127>} {
  // CHECK: module @inner attributes {t.axis = !quant.uniform<i8:f32:1, {2.000000e+02,9.987200e-01:120}>}
  module @inner attributes {t.axis = !quant.uniform<i8:f32:1, {2.0e+2,0.99872:120}>} {
    // CHECK: func.func @f(%{{.*}}: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2xf32>
    func.func @f(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<2xf32> {
      // CHECK: quant.dcast
      %0 = quant.dcast %arg0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-3>> to tensor<2xf32>
      // CHECK: "foo.bar"(%{{.*}}) ({
      // CHECK: "foo.yield"
      %1 = "foo.bar"(%0) ({
      ^bb0(%a: f32):
        "foo.yield"(%a) : (f32) -> ()
      }) {foo.attr = [1, "two", @f]} : (tensor<2xf32>) -> tensor<2xf32>
      return %1 : tensor<2xf32>
    }
  }
}

// V6: error: {{.*}}.v6.bc: bytecode: the properties of 'tosa.clamp' (its own encoding, in bytecode version 6) are not supported; write the bytecode with --emit-bytecode-version=4 (at byte {{[0-9]+}})
// SHORT: error: {{.*}}.short.bc: bytecode: {{.*}} (at byte {{[0-9]+}})
