"""Tests of tfl2quant/passes/ and the pass pipeline."""
