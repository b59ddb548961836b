// --mlir-print-local-scope: affine maps and long quantized types print in place, with no
// alias definitions at the top (the default prints `#map = affine_map<...>` and uses #map).
// RUN: tfl2quant opt %s | filecheck %s --check-prefix=ALIAS
// RUN: tfl2quant opt %s --mlir-print-local-scope | filecheck %s
// RUN: tfl2quant opt %s --mlir-print-local-scope | iree-opt -o /dev/null

// ALIAS:       #map = affine_map<(d0) -> (d0)>
// ALIAS:       linalg.generic {indexing_maps = [#map, #map]
// CHECK-NOT:   #map
// CHECK:       linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>]
// CHECK-NOT:   #map
func.func @copy(%x: tensor<4xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
