"""Strings and text: the hash tables (HASHTABLE, _FIND, _IMPORT, _SIZE), SKIP_GRAM,
LSH_PROJECTION. The string forms of movement and comparison ops are in lib/string_layout.py,
on lib/strings.py's byte buffers.

The table of the family's operators (legalize/__init__.py merges the families' tables);
the patterns are in the modules beside it.
"""
from __future__ import annotations

from ...rule import Rule
from .hashtable import Hashtable, HashtableFind, HashtableImport, HashtableSize
from .lsh_projection import LshProjection
from .skip_gram import SkipGram

RULES = {
    # TFLite op                              Rule
    "tfl.hashtable":                        Rule(float=Hashtable()),
    "tfl.hashtable_find":                   Rule(float=HashtableFind()),
    "tfl.hashtable_import":                 Rule(float=HashtableImport()),
    "tfl.hashtable_size":                   Rule(float=HashtableSize()),
    "tfl.lsh_projection":                   Rule(float=LshProjection()),
    "tfl.skip_gram":                        Rule(float=SkipGram()),
}
