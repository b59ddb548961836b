"""Developer tools, run from a checkout (not installed with the package).

Scripts, run as `python tools/NAME.py`: gen_tflite_schema.py, coverage_table.py,
check_real_models.py, fuzz_convert.py, upstream_quant_tests.py; those that import the
project put the repository root on sys.path first. Libraries, imported as `tools.NAME` by
the tests, the benchmarks and those scripts: tflite_builder.py (tiny TFLite flatbuffers
written in memory) and structured_fuzz.py with fuzz_mutations.py (structure-aware fuzzing
of the convert path).
"""
