// `tfl2quant opt --list-passes` and `--show-dialects` print and exit, as mlir-opt's do: every pass,
// its summary and options in mlir-opt's layout; the dialects tfl2quant models. No input is read.
// RUN: tfl2quant opt --list-passes | filecheck %s --check-prefix=PASSES --match-full-lines --strict-whitespace
// RUN: tfl2quant opt --list-passes < /dev/null | filecheck %s --check-prefix=PASSES --match-full-lines --strict-whitespace
// PASSES:Passes:
// PASSES-NEXT:  --canonicalize                                     -   Canonicalize operations
// PASSES-NEXT:    --cse-between-iterations                         - Run full CSE between each pattern-application iteration
// PASSES:    --max-iterations=<long>                          - Max. iterations between applying patterns / simplifying regions
// PASSES:    --region-simplify=<value>                        - Perform control flow optimizations to the region tree (none here, whatever the value)
// PASSES-NEXT:    =disabled                                      -   Don't run any control-flow simplification.
// PASSES:  --cse                                              -   Eliminate common sub-expressions
// PASSES-NEXT:  --inline                                           -   Inline function calls
// PASSES:  --legalize-tfl                                     -   Legalize tfl.* ops to integer TOSA, else dequantize-float-quantize, else a float lowering
// PASSES-NEXT:    --allow-fallback                                 - Dequantize-float-quantize what has no integer pattern (false: fail, naming every such op)
// PASSES:  --lower-quant-ops                                  -   Lower quant.dcast and quant.qcast ops
// PASSES:    --rounding=<value>                               - Round, add the zero point in integers and saturate (none: upstream's lowering)
// PASSES:  --normalize-quant-types                            -   Normalize generic quantized types to specific quantized types
// PASSES-NEXT:  --strip-debuginfo                                  -   Strip debug info from all operations
// PASSES-NEXT:  --strip-func-quant-types                           -   Strip quantized types from function headers
// PASSES-NEXT:  --symbol-dce                                       -   Eliminate dead symbols
// PASSES-NOT:{{.}}

// RUN: tfl2quant opt --show-dialects | filecheck %s --check-prefix=DIALECTS --match-full-lines
// DIALECTS: Available Dialects: arith,builtin,complex,func,linalg,math,ml_program,quant,scf,shape,tensor,tfl,tosa
