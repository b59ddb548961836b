"""Tests of tools/: the TFLite model builder and the coverage table."""
