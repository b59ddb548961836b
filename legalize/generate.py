"""Ops that generate values from shapes or seeds, and complex-number ops:
RANGE, ONE_HOT, the random ops, RFFT2D, REAL, IMAG, COMPLEX_ABS (not lowered yet)."""
from __future__ import annotations

from .rule import NOT_YET, unlowered

RULES = {
    # TFLite op                       Rule
    "tfl.range":                     unlowered(NOT_YET),
    "tfl.one_hot":                   unlowered(NOT_YET),
    "tfl.random_standard_normal":    unlowered(NOT_YET),
    "tfl.random_uniform":            unlowered(NOT_YET),
    "tfl.multinomial":               unlowered(NOT_YET),
    "tfl.rfft2d":                    unlowered(NOT_YET),
    "tfl.real":                      unlowered(NOT_YET),
    "tfl.imag":                      unlowered(NOT_YET),
    "tfl.complex_abs":               unlowered(NOT_YET),
}
