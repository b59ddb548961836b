// !quant.calibrated: parse errors as upstream MLIR reports them (parse-calibrated-invalid.mlir):
// the step that failed, then what was being parsed, both on the type's line.
// RUN: tfl2quant opt %s --split-input-file --verify-diagnostics
// RUN: not tfl2quant opt %s --split-input-file 2>&1 | filecheck %s

// CHECK: calibrated-invalid.mlir:10:53: error: expected ':' between the calibrated minimum and maximum, found '>'
// CHECK-NEXT: calibrated-invalid.mlir:10:45: error: calibrated values must be present
// expected-error@+2 {{expected ':'}}
// expected-error@+1 {{calibrated values must be present}}
func.func private @no_max(!quant.calibrated<f32<-0.5>>)

// -----

// expected-error@+2 {{expected '<'}}
// expected-error@+1 {{calibrated values must be present}}
func.func private @no_range(!quant.calibrated<f32>)

// -----

// CHECK: calibrated-invalid.mlir:24:56: error: invalid kind of type specified
// CHECK-NEXT: calibrated-invalid.mlir:24:56: error: expecting float expressed type
// expected-error@+2 {{invalid kind of type specified}}
// expected-error@+1 {{expecting float expressed type}}
func.func private @integer_expressed(!quant.calibrated<i8<-4:3>>)

// -----

// expected-error@+1 {{illegal min and max: (1.000000e+00:-1.000000e+00)}}
func.func private @reversed(!quant.calibrated<f32<1.0:-1.0>>)

// -----

// The closing '>' is missing: found before parsing, as upstream's lexer does.
// expected-error@+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @unbalanced(!quant.calibrated<f32<-0.5:0.5>)
