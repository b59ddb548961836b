// Suggested names are sanitized as upstream's sanitizeIdentifier does (other characters become
// their hex code, a space `_`), and a name that would then start with a digit gets a `_` in
// front: `%0 = {` gives `%_250_3D_7B`, which parses (upstream would print `%250_3D_7B`).
// RUN: tfl2quant opt %s | filecheck %s
// RUN: tfl2quant opt %s | iree-opt -o /dev/null

// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %_250_3D_7B = ml_program.global_load @"%0 = {" : tensor<i32>
// CHECK-NEXT:    %my_var = ml_program.global_load @"my var" : tensor<i32>
// CHECK-NEXT:    return %_250_3D_7B, %my_var
ml_program.global private mutable @"%0 = {"(dense<0> : tensor<i32>) : tensor<i32>
ml_program.global private mutable @"my var"(dense<1> : tensor<i32>) : tensor<i32>
func.func @f() -> (tensor<i32>, tensor<i32>) {
  %0 = ml_program.global_load @"%0 = {" : tensor<i32>
  %1 = ml_program.global_load @"my var" : tensor<i32>
  return %0, %1 : tensor<i32>, tensor<i32>
}
