"""Declarative custom assembly, like ODS's `assemblyFormat`: one format string per op
both prints and parses it.

    declare("arith.addf", "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)",
            operands="lhs rhs", same=["lhs rhs result"], attrs={"fastmath": Enum("arith", "fastmath")})

Elements (as in MLIR's OpFormatGen): `` `lit` `` a keyword or punctuation (`` `` `` only
glues its neighbours), `$name` an operand group (`operands="a b*"`: `*` variadic, `?`
optional) or an attribute (`attrs={name: kind}`), `operands`, `type($x)`, `type(operands)`,
`type(results)`, `functional-type(operands, results)`, `attr-dict`, `attr-dict-with-keyword`
and optional groups `( ... $anchor^ ... )?`, printed when the anchor (an operand group or an
attribute) is present. Types the text does not spell come from `same` (groups of names whose
types are equal, ODS's AllTypesMatch) or `infer(types, attrs)`. An op the format cannot
reproduce exactly (say operands of different types where the format spells one) prints in
the generic form.

Spacing follows OpFormatGen: no space before `( ) [ ] < > { } ,` nor after `( [ < {`.
"""
from __future__ import annotations

import functools
from typing import Callable, Optional

from ..ir.core import OP_CLASSES
from ..ir.lexer import PERCENT
from ..ir.types import ComplexType, FunctionType, element_type, with_element_type
from ..records import dataclass
from .assembly_codegen import compile_check, compile_checked_printer, compile_printer
# the attribute kinds the dialect modules name in their formats (Int, Enum, ...) are imported from here
from .assembly_elements import (BOOL, FULL, NO_SPACE_AFTER, NO_SPACE_BEFORE, SYMBOL, TYPE, Array,  # noqa: F401
                                AttrDict, Enum, FunctionalType, Group, Int, Keyword, Literal, TypeOf, Var,
                                compile_format, fits, walk)

# --- the format ---------------------------------------------------------------------------


@dataclass
class Format:
    name: str
    elements: list
    operands: list            # [(name, "" | "*" | "?")]
    results: list
    attrs: dict               # name -> kind
    same: list                # [[name, ...]]: equal types
    infer: Optional[Callable] = None

    # --- operand and result groups ----------------------------------------------------
    def _groups(self, values: list, spec: list) -> Optional[dict]:
        """Split `values` into the named groups (one variadic or optional group at most)."""
        fixed = sum(1 for _, m in spec if not m)
        if len(values) < fixed or (all(not m for _, m in spec) and len(values) != fixed):
            return None
        rest = len(values) - fixed
        out, k = {}, 0
        for name, mark in spec:
            n = 1 if not mark else rest
            if mark == "?" and n > 1:
                return None
            out[name] = list(values[k:k + n])
            k += n
        return out

    def _anchor_present(self, op, groups, name) -> bool:
        if name in self.attrs:
            # ODS leaves out an optional group whose anchor, a default-valued attribute, has
            # its default value (`arith.addi %a, %b : i32`, not `overflow<none>`).
            a = op.attributes.get(name)
            return a is not None and not getattr(self.attrs[name], "is_default", lambda _: False)(a)
        return bool(groups.get(name))

    # --- printing ---------------------------------------------------------------------
    def can_print(self, op) -> bool:
        groups = self._groups(op.operands, self.operands)
        rgroups = self._groups(op.results, self.results)
        if groups is None or rgroups is None or op.regions or op.successors:
            return False
        for name, kind in self.attrs.items():
            if name in op.attributes and not fits(kind, op.attributes[name]):
                return False
        if any(k not in op.attributes for k in self._required_attrs):
            return False
        # the types the text spells, and what `same`/`infer` derive from them, must be the op's
        types = {n: [v.type for v in vs] for n, vs in {**groups, **rgroups}.items()}
        spelled = self._spelled_types(op, groups)
        arity = {n: len(vs) for n, vs in types.items()}
        derived = self._derive({n: types[n] for n in spelled}, op.attributes, arity)
        return all(derived.get(n) == ts for n, ts in types.items())

    @functools.cached_property
    def printer(self):
        """`printer(op, p, s)`: writes `s`, then what print(op, p) writes, from a function
        generated for this format (assembly_codegen.py)."""
        return compile_printer(self)

    @functools.cached_property
    def checked_printer(self):
        """`printer(op, p, s)` that first makes quick_check's test: prints (as printer does) and
        returns True where can_print holds, else writes nothing and returns False; None for a
        format whose quick_check answers None (assembly_codegen.py)."""
        return compile_checked_printer(self)

    @functools.cached_property
    def quick_check(self):
        """`check(op)`: can_print's answer for an op without regions or successors, or None
        where only can_print knows (a format with `infer`, or whose spelled types depend on
        optional groups), from a function generated for this format (assembly_codegen.py).
        The types a format derives (`same`) depend only on how many values each group has,
        so which types must equal which is worked out once per operand and result count
        (_equal_types: can_print's derivation run on placeholders)."""
        return compile_check(self)

    def type_plan(self):
        """(kind, spelled): kind "all" if the text spells every type, "same" if the types
        follow from the spelled ones by `same` alone, else None (can_print decides)."""
        names = [n for n, _ in self.operands] + [n for n, _ in self.results]
        static = set()
        for e in self.elements:  # the types spelled outside optional groups
            if isinstance(e, TypeOf):
                static |= self._expand(e.name)
            elif isinstance(e, FunctionalType):
                static |= set(names)
        typed_groups = any(isinstance(x, (TypeOf, FunctionalType)) for g in walk(self.elements)
                           if isinstance(g, Group) for x in walk(g.elements))
        if self.infer is not None:
            return None, static
        if static >= set(names):
            return "all", static
        if not typed_groups and len(set(names)) == len(names) and static <= set(names):
            return "same", static
        return None, static

    def equal_types(self, n_ops: int, n_res: int, spelled: set):
        """Pairs of positions (operands, then results) whose types must be equal for can_print
        to hold, or False if some group's types cannot be derived from the text."""
        groups = self._groups(list(range(n_ops)), self.operands)
        rgroups = self._groups(list(range(n_ops, n_ops + n_res)), self.results)
        positions = {**groups, **rgroups}
        arity = {n: len(vs) for n, vs in positions.items()}
        derived = self._derive({n: positions[n] for n in spelled}, {}, arity)
        pairs = []
        for n, mine in positions.items():
            if derived.get(n) is None or len(derived[n]) != len(mine):
                return False
            pairs += [(i, j) for i, j in zip(mine, derived[n]) if i != j]
        return pairs

    @functools.cached_property
    def _required_attrs(self) -> list:
        """Attributes outside every optional group (fixed per format: computed once, not per
        printed op, where it was a third of can_print's time)."""
        optional = {e.anchor for e in walk(self.elements) if isinstance(e, Group)}
        optional |= {e.name for g in walk(self.elements) if isinstance(g, Group)
                     for e in walk(g.elements) if isinstance(e, Var)}
        return [e.name for e in self.elements if isinstance(e, Var) and e.name in self.attrs
                and e.name not in optional]

    def _spelled_types(self, op, groups) -> set:
        names = set()
        for e in walk(self._live(op, groups, self.elements)):
            if isinstance(e, TypeOf):
                names |= self._expand(e.name)
            elif isinstance(e, FunctionalType):
                names |= {n for n, _ in self.operands} | {n for n, _ in self.results}
        return names

    @functools.cached_property
    def _value_groups(self) -> frozenset:
        return frozenset(n for n, _ in self.operands + self.results)

    def _expand(self, name: str) -> set:
        if name in self._value_groups:
            return {name}
        if name == "operands":
            return {n for n, _ in self.operands}
        if name == "results":
            return {n for n, _ in self.results}
        return {name}

    def _live(self, op, groups, elements):
        out = []
        for e in elements:
            if isinstance(e, Group):
                if self._anchor_present(op, groups, e.anchor):
                    out.extend(self._live(op, groups, e.elements))
            else:
                out.append(e)
        return out

    def _derive(self, known: dict, attrs: dict, arity: dict) -> dict:
        """The types of every group, from those the text spells (`same`, then `infer`)."""
        types = dict(known)
        changed = True
        while changed:
            changed = False
            for group in self.same:
                have = next((types[n] for n in group if types.get(n)), None)
                if have is None:
                    continue
                for n in group:
                    if n in arity and n not in types:
                        types[n] = [have[0]] * arity[n]
                        changed = True
            if self.infer is not None:
                before = len(types)
                self.infer(types, attrs, arity)
                changed |= len(types) != before
        return types

    def print(self, op, p) -> None:
        groups = self._groups(op.operands, self.operands)
        rgroups = self._groups(op.results, self.results)
        p.out.write(p.op_keyword(op))
        state = {"space": True}
        self._print_elements(op, p, self.elements, groups, rgroups, state)

    def _emit(self, p, text: str, state: dict, literal: bool = False) -> None:
        if not text:
            return
        if state["space"] and not (literal and len(text) == 1 and text in NO_SPACE_BEFORE):
            p.out.write(" ")
        p.out.write(text)
        state["space"] = not (literal and text in NO_SPACE_AFTER)

    def _print_elements(self, op, p, elements, groups, rgroups, state) -> None:
        for e in elements:
            if isinstance(e, Literal):
                if e.text == "":
                    state["space"] = False
                else:
                    self._emit(p, e.text, state, literal=True)
            elif isinstance(e, Group):
                if self._anchor_present(op, groups, e.anchor):
                    self._print_elements(op, p, e.elements, groups, rgroups, state)
            elif isinstance(e, Var):
                if e.name in self.attrs:
                    if e.name in op.attributes:
                        if state["space"]:
                            p.out.write(" ")
                        self.attrs[e.name].print(p, op.attributes[e.name])
                        state["space"] = True
                else:
                    values = groups[e.name] if e.name in groups else op.operands
                    self._emit(p, ", ".join(p.name_of(v) for v in values), state)
            elif isinstance(e, TypeOf):
                values = (groups[e.name] if e.name in groups else rgroups[e.name] if e.name in rgroups
                          else op.operands if e.name == "operands" else op.results)
                self._emit(p, p.types(v.type for v in values), state)
            elif isinstance(e, FunctionalType):
                self._emit(p, p.type(FunctionType(op.operand_types, op.result_types)), state)
            elif isinstance(e, AttrDict):
                rest = {k: v for k, v in op.attributes.items() if k not in self.attrs}
                if rest:
                    if state["space"]:
                        p.out.write(" ")
                    if e.keyword:
                        p.out.write("attributes ")
                    p.write_attr_dict(rest)
                    state["space"] = True

    # --- parsing ----------------------------------------------------------------------
    def parse(self, cls, p, loc):
        st = {"uses": {}, "types": {}, "attrs": {}, "ftype": None}
        self._parse_elements(p, self.elements, st)
        uses = st["uses"]
        for n, mark in self.operands:
            uses.setdefault(n, [])
        types = dict(st["types"])
        if st["ftype"] is not None:
            ft = st["ftype"]
            operand_types = self._groups(list(ft.inputs), self.operands)
            result_types = self._groups(list(ft.results), self.results)
            if operand_types is None or result_types is None:
                raise p.error(f"'{self.name}' has a functional type of the wrong arity: {ft}")
            types.update(operand_types)
            types.update(result_types)
        arity = {n: len(vs) for n, vs in uses.items()}
        for n, _ in self.results:
            arity[n] = len(types.get(n, [None]))
        derived = self._derive(types, st["attrs"], arity)
        operands = []
        for n, _ in self.operands:
            if derived.get(n) is None:
                raise p.error(f"'{self.name}': cannot tell the types of operand group '{n}'")
            operands += p.resolve_operands(uses[n], derived[n])  # "2 operands present, but expected 1"
        results = []
        for n, _ in self.results:
            if n not in derived:
                raise p.error(f"'{self.name}': cannot tell the types of result '{n}'")
            results += derived[n]
        return cls(operands, results, st["attrs"], location=loc)

    def _at_group(self, p, group: Group) -> bool:
        first = group.elements[0]
        if isinstance(first, Literal):
            return p.at_keyword(first.text) if first.text[:1].isalpha() else p.at(first.text)
        if isinstance(first, Var):
            if first.name in self.attrs:
                return self.attrs[first.name].at(p)
            return p.at(PERCENT)
        return False

    def _parse_elements(self, p, elements, st) -> None:
        for e in elements:
            if isinstance(e, Literal):
                if e.text == "":
                    continue
                if e.text[:1].isalpha():
                    p.expect_keyword(e.text)
                else:
                    p.expect(e.text, f"in '{self.name}'")
            elif isinstance(e, Group):
                if self._at_group(p, e):
                    self._parse_elements(p, e.elements, st)
            elif isinstance(e, Var):
                if e.name in self.attrs:
                    st["attrs"][e.name] = self.attrs[e.name].parse(p)
                elif e.name == "operands":
                    uses = p.parse_operand_list()
                    groups = self._groups(uses, self.operands)
                    if groups is None:
                        raise p.error(f"'{self.name}' expects {len(self.operands)} operands, got {len(uses)}")
                    st["uses"].update(groups)
                else:
                    mark = dict(self.operands)[e.name]
                    st["uses"][e.name] = p.parse_operand_list() if mark else [p.parse_operand()]
            elif isinstance(e, TypeOf):
                names = sorted(self._expand(e.name), key=self._order)
                if len(names) == 1 and self._mark(names[0]) == "":
                    st["types"][names[0]] = [p.parse_type()]
                else:
                    ts = self._parse_type_list(p, names, st)
                    if len(names) == 1:
                        st["types"][names[0]] = ts
                    else:
                        groups = self._groups(ts, [(n, self._mark(n)) for n in names])
                        if groups is None:
                            raise p.error(f"'{self.name}': wrong number of types")
                        st["types"].update(groups)
            elif isinstance(e, FunctionalType):
                st["ftype"] = p.parse_function_type()
            elif isinstance(e, AttrDict):
                extra = p.parse_optional_attr_dict_with_keyword() if e.keyword else p.parse_optional_attr_dict()
                st["attrs"].update(extra)

    def _parse_type_list(self, p, names, st) -> list:
        """As many types as the group has operands (or results: up to the end of the list)."""
        count = sum(len(st["uses"].get(n, [])) for n in names) if all(
            n in st["uses"] for n in names) else None
        if count == 0:
            return []
        if count is None and not p.at_type():
            return []
        return p.parse_list(None, None, p.parse_type, "")

    def _mark(self, name) -> str:
        return dict(self.operands + self.results).get(name, "")

    def _order(self, name) -> int:
        order = [n for n, _ in self.operands + self.results]
        return order.index(name)


def _spec(text: str) -> list:
    return [(w.rstrip("*?"), w[-1] if w[-1] in "*?" else "") for w in text.split()]


def declare(names: str, fmt: str, operands: str = "", results: str = "result", attrs=None, same=(),
            infer=None) -> None:
    """Give each registered op in `names` the custom assembly `fmt`."""
    for spec in (operands, results):
        assert sum(w[-1] in "*?" for w in spec.split()) <= 1, f"{names}: one variadic group at most"
    elements = compile_format(fmt)
    for name in names.split():
        f = Format(name, elements, _spec(operands), _spec(results), dict(attrs or {}),
                   [g.split() for g in same], infer)
        cls = OP_CLASSES[name]
        cls.assembly = f
        cls.parse_custom = classmethod(lambda c, p, loc, f=f: f.parse(c, p, loc))


# --- type rules shared by several formats (what ODS's type constraints derive) -------------
# Each is `infer(types, attrs, arity)`: it adds the types of groups it can derive.

def element_of(source: str, *targets: str):
    """Each value of the `targets` groups has the element type of `source` (tensor.extract's
    result, tensor.from_elements's elements, complex.re's result)."""
    def infer(types, attrs, arity):
        if not types.get(source):
            return
        e = element_type(types[source][0])
        for t in targets:
            if t not in types and t in arity:
                types[t] = [e] * arity[t]
    return infer


def complex_part(source: str, target: str):
    """complex.re/im/abs: a `complex<f>` gives an `f`; complex.create the other way round."""
    def infer(types, attrs, arity):
        if types.get(source) and target not in types and target in arity:
            t = types[source][0]
            types[target] = [t.element_type if isinstance(t, ComplexType) else ComplexType(t)] * arity[target]
    return infer


def fixed(name: str, t):
    """Every value of group `name` has type `t` (tensor sizes are indices, conditions i1)."""
    def infer(types, attrs, arity):
        if name not in types and name in arity:
            types[name] = [t] * arity[name]
    return infer


def shaped_like(source: str, target: str, element):
    """`target` has `source`'s shape and element type `element` (arith.cmpi's i1 result)."""
    def infer(types, attrs, arity):
        if types.get(source) and target not in types and target in arity:
            types[target] = [with_element_type(types[source][0], element)]
    return infer


def rules(*infers):
    def infer(types, attrs, arity):
        for f in infers:
            f(types, attrs, arity)
    return infer
