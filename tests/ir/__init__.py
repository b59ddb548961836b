"""Tests of tfl2quant/ir/: the parser, the printer, bytecode, types and attributes."""
