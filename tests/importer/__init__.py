"""Tests of tfl2quant/importer/: reading TFLite flatbuffers."""
