"""The op families: one package per family, each holding the patterns of its operators only.

A family package's `__init__.py` holds its `RULES` table, one row per TFLite operator
(`Rule(integer pattern, float pattern)` or the reason the op stays a `tfl.*` op), and the modules
beside it hold the patterns; helpers that several families use live in legalize/lib/.
legalize/__init__.py lists every family with its operators, and legalize/index.py maps each
operator to its family, so that the driver imports only the families of the ops it meets.

Adding an op is: a row in its family's `RULES`, its pattern in a module of that family, and its
tests; then `python -c 'from legalize.index import write; write()'` regenerates FAMILY_OF, and
the op's name goes into legalize/__init__.py's table (tests/legalize/test_registry.py and
tests/cli/test_startup.py check both). A new family is a package here and a name in
index.FAMILY_NAMES.

This package imports nothing: importing one family loads only that family.
"""
