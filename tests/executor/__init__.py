"""Tests of runtime_check's executor: the MLIR interpreter and its kernels."""
