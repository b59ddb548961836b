"""Tests of tfl2quant/dialects/: assembly formats, the quant types, the TOSA verifiers."""
