"""Registering ops that need nothing beyond a name and traits."""
from __future__ import annotations

from ..ir.core import PURE, Operation, register_op


def register_simple_ops(names: str, traits=frozenset({PURE}), parse=None) -> dict[str, type[Operation]]:
    """Register each whitespace-separated op name as a plain op class.

    `parse(cls, parser, loc)`, if given, reads the op's custom assembly
    (see assembly.py); the op still prints in the generic form.
    """
    classes = {}
    for name in names.split():
        body = {"name": name, "traits": frozenset(traits)}
        if parse is not None:
            body["parse_custom"] = classmethod(parse)
        cls = type(_class_name(name), (Operation,), body)
        classes[name] = register_op(cls)
    return classes


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace(".", "_").split("_")) + "Op"
