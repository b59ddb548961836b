"""Operators that make values: RANGE, ONE_HOT, RANDOM_*, MULTINOMIAL, and the complex ones
(RFFT2D, REAL, IMAG, COMPLEX_ABS).

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...rule import Rule
from . import philox
from .generate import ComplexPart, Multinomial, OneHot, RandomNumbers, Range, Rfft2d

RULES = {
    # TFLite op                       Rule
    "tfl.range":                     Rule(None, Range()),
    "tfl.one_hot":                   Rule(None, OneHot()),
    "tfl.random_standard_normal":    Rule(None, RandomNumbers(philox.random_standard_normal)),
    "tfl.random_uniform":            Rule(None, RandomNumbers(philox.random_uniform)),
    "tfl.multinomial":               Rule(None, Multinomial()),
    "tfl.rfft2d":                    Rule(None, Rfft2d()),
    "tfl.real":                      Rule(None, ComplexPart("complex.re")),
    "tfl.imag":                      Rule(None, ComplexPart("complex.im")),
    "tfl.complex_abs":               Rule(None, ComplexPart("complex.abs")),
}
