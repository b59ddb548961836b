"""Registering ops that need nothing beyond a name and traits."""
from __future__ import annotations

from ..ir.core import PURE, Operation, register_op


def register_simple_ops(names: str, traits=frozenset({PURE})) -> dict[str, type[Operation]]:
    """Register each whitespace-separated op name as a plain op class."""
    classes = {}
    for name in names.split():
        cls = type(_class_name(name), (Operation,), {"name": name, "traits": frozenset(traits)})
        classes[name] = register_op(cls)
    return classes


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.replace(".", "_").split("_")) + "Op"
