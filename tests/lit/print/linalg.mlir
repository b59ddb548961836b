// linalg.generic (with its region), linalg.fill (a named op: its region is implied),
// linalg.index and linalg.yield print in upstream's custom assembly and read back to the same ops.
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | tfl2quant opt - | filecheck %s
// RUN: tfl2quant opt %s | iree-opt --mlir-print-op-generic > %t.custom
// RUN: tfl2quant opt %s --mlir-print-op-generic | iree-opt --mlir-print-op-generic > %t.generic
// RUN: diff %t.custom %t.generic

// Affine maps print once, as aliases (`#map`, `#map1`, ...), as upstream prints them.
// CHECK: #[[$ID:.+]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #[[$COL:.+]] = affine_map<(d0, d1) -> (d1)>

// CHECK-LABEL: func.func @generic
func.func @generic(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> tensor<2x3xi16> {
  %e = tensor.empty() : tensor<2x3xi16>
  // CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COL]], #[[$ID]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<2x3xi32>, tensor<3xi32>) outs(%{{.*}} : tensor<2x3xi16>) {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: i32, %[[Y:.*]]: i32, %{{.*}}: i16):
  // CHECK-NEXT: %[[I:.*]] = linalg.index 1 : index
  // CHECK-NEXT: %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i32
  // CHECK-NEXT: %[[T:.*]] = arith.trunci %[[S]] : i32 to i16
  // CHECK-NEXT: linalg.yield %[[T]] : i16
  // CHECK-NEXT: } -> tensor<2x3xi16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<2x3xi32>, tensor<3xi32>) outs(%e : tensor<2x3xi16>) {
  ^bb0(%x: i32, %y: i32, %out: i16):
    %i = linalg.index 1 : index
    %s = arith.addi %x, %y : i32
    %t = arith.trunci %s : i32 to i16
    linalg.yield %t : i16
  } -> tensor<2x3xi16>
  return %r : tensor<2x3xi16>
}

// CHECK-LABEL: func.func @fill
func.func @fill(%v: f32, %n: index) -> tensor<?x16xf32> {
  %e = tensor.empty(%n) : tensor<?x16xf32>
  // CHECK: linalg.fill ins(%arg0 : f32) outs(%{{.*}} : tensor<?x16xf32>) -> tensor<?x16xf32>
  %f = linalg.fill ins(%v : f32) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %f : tensor<?x16xf32>
}
