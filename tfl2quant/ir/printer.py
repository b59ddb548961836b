"""The MLIR text printer.

Prints each op in its custom assembly (an op class's `assembly`, see
dialects/assembly_format.py) when it can reproduce the op, else in the generic
form; `generic=True` (`--mlir-print-op-generic`) prints the generic form except
for the ops that always printed custom (func, module, quant casts, arith.constant:
`print_custom`), so that golden tests written against that form keep. Streams
to a file so that large constants never become one giant Python string.
Quantized types with long parameter lists are printed once as type aliases
(`!q0 = !quant.uniform<...>`), like MLIR's alias printing, and so are affine
maps in the custom form (`#map = affine_map<...>`, as upstream prints them).
"""
from __future__ import annotations

import io
import re
from typing import Iterable, TextIO

from .affine import AffineMapAttr
from .attributes import (ELIDE_ABOVE, ArrayAttr, Attribute, DenseElementsAttr, DictionaryAttr, TypeAttr,
                         UnitAttr, element_str, escape_string, _is_bare_identifier)
from .core import ISOLATED, TERMINATOR, Block, Operation, Region, Value
from .location import UnknownLoc
from .types import (FloatType, FunctionType, IndexType, IntegerType, RankedTensorType, Type,
                    UnrankedTensorType)

# spelled by their fields alone, and never aliased (no asm_alias)
_PLAIN_ELEMENTS = frozenset({IntegerType, FloatType, IndexType})
DEFAULT_DIALECT = {"func.func": "func"}  # ops that declare a default dialect for their regions
COMPILE_AFTER = 16  # ops of one format printed by its interpreter before its printer is generated
ALIAS_MIN_LENGTH = 256  # quantized types spelled longer than this get an alias (upstream: never; see docs/decisions.md)


class Printer:
    def __init__(self, out: TextIO, debuginfo: bool = False, generic: bool = False,
                 local_scope: bool = False):
        self.out = out
        self.debuginfo = debuginfo
        self.generic = generic
        self.local_scope = local_scope  # --mlir-print-local-scope: no aliases
        self.aliases: dict[Type, str] = {}
        self.attr_aliases: dict[Attribute, str] = {}  # affine maps: #map, #map1, ... as upstream
        self._names: list[dict[Value, str]] = [_Names()]
        # value -> name as name_of finds it: the outermost scope itself while no inner scope
        # has names (print_top names every value there first), else a scoped search
        self.lookup = self._names[0]
        self._taken: list[set[str]] = [set()]  # names of results an op named (asm_result_names)
        self._counters: list[list[int]] = [[0, 0, 0]]  # [next result number, next arg number, next conflict]
        self._groups: dict[Operation, str] = {}  # an op's results as its line prints them (`%0`, `%1:2`)
        # The dialect whose prefix custom-form op names drop, per open region: a region's
        # parent op declares it (func.func: "func", as upstream's FuncOp::getDefaultDialect);
        # any other op's regions reset it, as upstream's OperationPrinter::printRegion does.
        self._default_dialects: list[str] = [""]
        self.indent = 0
        # can_print's answer per (format, operand types, result types, attributes): it depends on
        # nothing else, and ops repeat those (a third of printing went to recomputing it)
        self._can_print_memo: dict = {}
        # id(type) -> its text, per type object, not per equal type (equal quantized types may
        # be spelled ui8 and u8); _type_keep keeps every type so spelled alive, so that an id
        # stays its object's while printing (generated printers read _type_text directly)
        self._type_text: dict[int, str] = {}
        self._type_keep: list[Type] = []
        self._tensor_strs: dict[tuple, str] = {}  # see type_unseen()
        self._assemblies: dict[type, tuple] = {}  # see _print_op
        self._checked_printers: dict[type, object] = {}  # op class -> its format's checked printer
        self._map_aliases: dict[int, str | None] = {}  # id(affine map attribute) -> alias: see _attr_alias
        self._attr_keep: list[Attribute] = []

    # --- entry points -----------------------------------------------------------
    def print_top(self, op: Operation) -> None:
        if not self.local_scope:
            self._collect_aliases(op)
        for a, alias in self.attr_aliases.items():
            self.out.write(f"{alias} = {a}\n")
        for t, alias in self.aliases.items():
            self.out.write(f"{alias} = {t}\n")
        self.number_values(op)
        self.print_op(op)
        self.out.write("\n")

    # --- names ------------------------------------------------------------------
    def name_of(self, v: Value) -> str:
        return self.lookup[v]

    def _scoped_name(self, v: Value) -> str:
        for scope in reversed(self._names):
            if v in scope:
                return scope[v]
        return "%<<UNKNOWN>>"

    def _inner_names(self) -> dict:
        """The innermost scope, to add names to (name_of then searches every scope)."""
        if len(self._names) > 1 and self.lookup is self._names[0]:
            self.lookup = _ScopedNames(self)
        return self._names[-1]

    def number_values(self, top: Operation) -> None:
        """Name every value below `top` before printing, as upstream's SSANameState does: a
        region's own block arguments and op results first (entry-block arguments `%argN`, other
        values `%N`, one number per op), then each nested region, starting from the counters
        the enclosing region ended with; sibling regions start from the same counters, and a
        name an op suggests (asm_result_names) is made unique against the names of the
        enclosing regions by a suffix `_N`."""
        names = self._names[0]
        groups = self._groups
        generic = self.generic
        plain_classes: dict[type, bool] = {}  # whether an op class leaves naming to us (no asm_result_names)

        work = [(r, (0, 0, 0), frozenset()) for r in top.regions]
        # The generic form prints unique ids (OpPrintingFlags::shouldPrintUniqueSSAIDs): the
        # counters run on over every region, in the worklist's order (the last region first).
        shared = [0, 0, 0] if self.generic else None
        sanitized: dict[str, str] = {}  # suggested names repeat (`cst`, `c0_i32`): _sanitize once each
        while work:
            region, counters, used = work.pop()
            state = shared if shared is not None else list(counters)
            # the names this region takes; `used`, the enclosing regions', is shared by every
            # region nested in one region, not copied per region
            taken = set()

            def unique(name: str) -> str:
                clean = sanitized.get(name)
                if clean is None:
                    clean = sanitized[name] = _sanitize(name)
                name = clean
                if name in taken or name in used:
                    while f"{name}_{state[2]}" in taken or f"{name}_{state[2]}" in used:
                        state[2] += 1
                    name = f"{name}_{state[2]}"
                    state[2] += 1
                taken.add(name)
                return name

            arg_names = () if self.generic else _block_arg_names(region)
            nested = []  # ops with regions, in order: their regions start from this one's end
            for k, block in enumerate(region.blocks):
                for j, a in enumerate(block.args):
                    if k == 0 and j < len(arg_names) and arg_names[j]:
                        names[a] = "%" + unique(arg_names[j])
                    elif k == 0:
                        names[a] = "%" + unique(f"arg{state[1]}")
                        state[1] += 1
                    else:
                        names[a] = f"%{state[0]}"
                        state[0] += 1
                n = state[0]  # the next result number, a local while the loop runs (synced around calls)
                for op in block.ops:
                    results = op.results
                    if results:
                        plain = plain_classes.get(op.__class__)
                        if plain is None:  # one result and no asm_result_names: `%N`
                            plain = plain_classes[op.__class__] = (
                                generic or getattr(op.__class__, "asm_result_names", None) is None)
                        if plain and len(results) == 1:
                            groups[op] = names[results[0]] = f"%{n}"  # the usual op
                            n += 1
                        else:
                            state[0] = n
                            groups[op] = self._number_results(op, names, state, unique)
                            n = state[0]
                    if op.regions:
                        nested.append(op)
                state[0] = n
            if nested:
                counters, used = tuple(state), used | taken
                for op in nested:
                    for r in op.regions:
                        work.append((r, counters, used))

    def _number_results(self, op: Operation, names: dict, state: list, unique) -> str:
        suggested = None if self.generic else _result_names(op)
        if suggested:
            if len(op.results) == 1:  # arith.constant's `%cst`: no join
                n = names[op.results[0]] = "%" + unique(suggested[0])
                return n
            for r, name in zip(op.results, suggested):
                names[r] = "%" + unique(name)
            return ", ".join(names[r] for r in op.results)
        n = f"%{state[0]}"
        state[0] += 1
        if len(op.results) == 1:
            names[op.results[0]] = n
            return n
        for k, r in enumerate(op.results):
            names[r] = f"{n}#{k}"
        return f"{n}:{len(op.results)}"

    def _name_result_group(self, op: Operation) -> str:
        """The names number_values gave; an op printed on its own (not below print_top's op)
        is numbered here, in the innermost scope."""
        group = self._groups.get(op)
        if group is not None:
            return group

        def unique(name: str) -> str:
            n = f"%{name}"
            if n in self._taken[-1]:
                name = f"{name}_{self._counters[-1][2]}"
                self._counters[-1][2] += 1
            self._taken[-1].add(f"%{name}")
            return name
        return self._number_results(op, self._inner_names(), self._counters[-1], unique)

    def op_keyword(self, op: Operation) -> str:
        """The custom form's op name: `call`, not `func.call`, directly inside a func.func."""
        dialect, dot, rest = op.name.partition(".")
        if dot and "." not in rest and dialect == self._default_dialects[-1]:
            return rest
        return op.name

    def name_block_args(self, block: Block) -> list[str]:
        names = []
        scopes = self._names
        for a in block.args:
            if len(scopes) == 1:  # the usual case: print_top's scope, which number_values filled
                known = scopes[0].get(a)
            else:
                known = next((scope[a] for scope in reversed(scopes) if a in scope), None)
            if known is not None:  # named by number_values (or by the op: func.func's signature)
                names.append(known)
                continue
            n = f"%arg{self._counters[-1][1]}"
            self._counters[-1][1] += 1
            self._inner_names()[a] = n
            names.append(n)
        return names

    def push_scope(self) -> None:
        self._names.append({})
        self._taken.append(set())
        self._counters.append([0, 0, 0])

    def pop_scope(self) -> None:
        self._names.pop()
        self._taken.pop()
        self._counters.pop()

    # --- types and attributes ---------------------------------------------------
    def type(self, t: Type) -> str:
        text = self._type_text.get(id(t))
        if text is not None:
            return text
        return self.type_unseen(t)

    def type_unseen(self, t: Type) -> str:
        """type(t) for a type object it has not spelled yet (generated printers look into
        _type_text themselves, and call this on a miss)."""
        if t.__class__ is RankedTensorType and t.element_type.__class__ in _PLAIN_ELEMENTS:
            # ops rarely share result type objects; equal tensors of these spell alike. Keyed
            # by fields: the element types are uniqued (hash and == in C), a tensor type's
            # hash and == are Python calls, and its hash is computed afresh per new object.
            key = (t.shape, t.element_type)
            text = self._tensor_strs.get(key)
            if text is None:
                text = self._tensor_strs[key] = self._spell_type(t)
        else:
            text = self._spell_type(t)
        self._type_text[id(t)] = text
        self._type_keep.append(t)
        return text

    def _spell_type(self, t: Type) -> str:
        if isinstance(t, RankedTensorType):
            dims = "".join(("?" if d is None else str(d)) + "x" for d in t.shape)
            return f"tensor<{dims}{self.type(t.element_type)}>"
        if isinstance(t, UnrankedTensorType):
            return f"tensor<*x{self.type(t.element_type)}>"
        if isinstance(t, FunctionType):
            ins = ", ".join(self.type(x) for x in t.inputs)
            if len(t.results) == 1 and not isinstance(t.results[0], FunctionType):
                return f"({ins}) -> {self.type(t.results[0])}"
            return f"({ins}) -> ({', '.join(self.type(x) for x in t.results)})"
        return self.aliases.get(t) or str(t)

    def types(self, ts: Iterable[Type]) -> str:
        return ", ".join(self.type(t) for t in ts)

    def attr(self, a: Attribute) -> str:
        alias = self._attr_alias(a)
        if alias is not None:
            return alias
        if isinstance(a, TypeAttr):
            return self.type(a.value)
        if isinstance(a, ArrayAttr):
            return "[" + ", ".join(self.attr(x) if isinstance(x, (TypeAttr, ArrayAttr, DictionaryAttr))
                                   else self._attr_alias(x) or element_str(x) for x in a.value) + "]"
        if isinstance(a, DictionaryAttr):
            return self.attr_dict(dict(a.value), braces_if_empty=True)
        return str(a)

    def _attr_alias(self, a: Attribute) -> str | None:
        """attr_aliases.get(a). Only affine maps have aliases (_collect_aliases): no other
        attribute is hashed (an array of maps hashes every map's every expression), and a
        map is looked up by its id (kept alive in _attr_keep), as each linalg op holds its
        own equal maps."""
        if not isinstance(a, AffineMapAttr):
            return None
        alias = self._map_aliases.get(id(a), False)
        if alias is False:
            alias = self._map_aliases[id(a)] = self.attr_aliases.get(a)
            self._attr_keep.append(a)
        return alias

    def attr_dict(self, attrs: dict[str, Attribute], braces_if_empty: bool = False) -> str:
        if not attrs:
            return "{}" if braces_if_empty else ""
        parts = []
        for k, v in sorted(attrs.items(), key=_by_name):
            key = k if _is_bare_identifier(k) else escape_string(k)
            parts.append(key if isinstance(v, UnitAttr) else f"{key} = {self.attr(v)}")
        return "{" + ", ".join(parts) + "}"

    def write_attr_dict(self, attrs: dict[str, Attribute]) -> None:
        """Write `{...}`, streaming dense constants piece by piece."""
        self.out.write("{")
        for k, (name, v) in enumerate(sorted(attrs.items(), key=_by_name)):
            if k:
                self.out.write(", ")
            key = name if _is_bare_identifier(name) else escape_string(name)
            if isinstance(v, UnitAttr):
                self.out.write(key)
            elif isinstance(v, DenseElementsAttr):
                self.out.write(f"{key} = ")
                for chunk in v.chunks():
                    self.out.write(chunk)
            else:
                self.out.write(f"{key} = {self.attr(v)}")
        self.out.write("}")

    def _collect_aliases(self, top: Operation) -> None:
        # Ops share type objects: each is looked into once (the IR keeps it, and its id, alive).
        # Most attributes hold no type nor map: whether a class can is asked once.
        seen: set[int] = set()
        seen_attrs: set[int] = set()
        holders: dict[type, bool] = {}

        def visit(t: Type):
            if id(t) in seen:
                return
            seen.add(id(t))
            if isinstance(t, (RankedTensorType, UnrankedTensorType)):
                visit(t.element_type)
            elif isinstance(t, FunctionType):
                for x in t.inputs + t.results:
                    visit(x)
            elif t.asm_alias and t not in self.aliases:  # a dialect's choice (the quant types')
                if len(str(t)) > ALIAS_MIN_LENGTH:
                    self.aliases[t] = f"!{t.asm_alias}{len(self.aliases)}"

        def holds(a: Attribute) -> bool:
            h = holders.get(a.__class__)
            if h is None:
                h = holders[a.__class__] = isinstance(a, (AffineMapAttr, TypeAttr, ArrayAttr, DictionaryAttr))
            return h

        def visit_attr(a: Attribute):  # an attribute that holds() a type or a map
            if id(a) in seen_attrs:
                return
            seen_attrs.add(id(a))
            if isinstance(a, AffineMapAttr) and not self.generic:
                alias = self.attr_aliases.get(a)
                if alias is None:
                    alias = self.attr_aliases[a] = f"#map{len(self.attr_aliases) or ''}"
                self._map_aliases[id(a)] = alias  # found here: attr() needs no hash
                self._attr_keep.append(a)
            if isinstance(a, TypeAttr):
                visit(a.value)
            elif isinstance(a, (ArrayAttr, DictionaryAttr)):
                for x in a.value:
                    x = x[1] if isinstance(a, DictionaryAttr) else x
                    if holds(x):  # an array's elements are mostly plain (`"parallel"`): no call
                        visit_attr(x)

        holder_class = holders.get  # bound once: asked per attribute of every op
        for op in top.walk():
            for r in op.results:
                t = r.type
                if t.__class__ is RankedTensorType:  # its element type is all it holds
                    t = t.element_type
                if t.__class__ not in _PLAIN_ELEMENTS:  # most are integers or floats: no call
                    visit(t)
            if op.regions:
                for region in op.regions:
                    for block in region.blocks:
                        for arg in block.args:
                            if arg.type.__class__ not in _PLAIN_ELEMENTS:
                                visit(arg.type)
            for a in op.attributes.values():
                h = holder_class(a.__class__)
                if h is None:
                    h = holds(a)
                if h:
                    visit_attr(a)

    # --- ops --------------------------------------------------------------------
    def newline(self) -> None:
        self.out.write("\n" + "  " * self.indent)

    def print_op(self, op: Operation, s: str = "") -> None:
        """Print `op` after `s` (its line's start: print_region's newline and indent)."""
        if op.results:
            group = self._groups.get(op)
            if group is None:
                group = self._name_result_group(op)
            s = f"{s}{group} = "
        # most ops: their class's format has a generated printer that checks and prints in one call
        printer = self._checked_printers.get(op.__class__)
        if printer is not None and printer(op, self, s):
            if self.debuginfo:
                self.print_location(op)
            return
        self._print_op(op, s)

    def _print_op(self, op: Operation, s: str) -> None:
        """print_op for an op that no checked printer printed: in its format's custom form where
        that can reproduce it, else its own (print_custom) or the generic form."""
        # [assembly, its generated printer, its quick check, ops printed before generating
        # them], per op class: ops take their assembly from their class
        entry = self._assemblies.get(op.__class__)
        if entry is None:
            entry = self._assemblies[op.__class__] = self._assembly_entry(op)
        assembly = entry[0]
        if assembly is not None:
            if entry[3] is not None:
                # Generating a format's printer costs what interpreting it does for ~20 ops: a
                # small model's op kinds mostly print fewer (Format.print, can_print meanwhile)
                entry[3] += 1
                if entry[3] > COMPILE_AFTER:
                    entry[:] = self._compiled_entry(op.__class__, assembly)
            ok = None
            if entry[2] is not None and not op.regions and not op.successors:
                ok = entry[2](op)
            if ok is None:
                ok = self._can_print(assembly, op)
            if ok:
                if entry[1] is not None:
                    entry[1](op, self, s)  # a declarative format's generated printer writes `s` too
                else:
                    self.out.write(s)
                    assembly.print(op, self)
                if self.debuginfo:
                    self.print_location(op)
                return
        if s:
            self.out.write(s)
        custom = getattr(op, "print_custom", None)
        if custom is not None:
            custom(self)
        else:
            self.print_generic(op)
        if self.debuginfo:
            self.print_location(op)

    def _assembly_entry(self, op: Operation) -> list:
        assembly = None if self.generic else getattr(op, "assembly", None)
        if assembly is None or not hasattr(type(assembly), "quick_check"):
            return [assembly, None, None, None]  # none, or a hand-written assembly
        if "quick_check" in vars(assembly):  # generated already (by an earlier printer)
            return self._compiled_entry(type(op), assembly)
        return [assembly, None, None, 0]

    def _compiled_entry(self, cls: type, assembly) -> list:
        """The entry of a format whose printers are generated. A format with a checked printer
        prints its ops there (print_op), and so needs no plain printer: an op it cannot print
        fails the same quick check here."""
        checked = assembly.checked_printer
        if checked is not None:
            self._checked_printers[cls] = checked
            return [assembly, None, assembly.quick_check, None]
        return [assembly, assembly.printer, assembly.quick_check, None]

    def _can_print(self, assembly, op: Operation) -> bool:
        if op.regions or op.successors:
            return assembly.can_print(op)
        try:
            key = (id(assembly), tuple(v.type for v in op.operands), tuple(r.type for r in op.results),
                   tuple(op.attributes.items()))
            hit = self._can_print_memo.get(key)
        except TypeError:  # an unhashable attribute value: ask the format
            return assembly.can_print(op)
        if hit is None or hit[0] is not assembly:  # the format is kept in the entry: its id stays its own
            hit = self._can_print_memo[key] = (assembly, assembly.can_print(op))
        return hit[1]

    def print_location(self, op: Operation) -> None:
        if self.debuginfo:  # mlir-opt prints `loc(unknown)` too
            self.out.write(f" {op.location}")

    def arg_location(self, block: Block, k: int) -> str:
        """` loc(...)` after a block argument under --mlir-print-debuginfo (upstream prints the
        locations of the arguments it spells: a function's, a block label's)."""
        if not self.debuginfo:
            return ""
        locs = block.arg_locations
        return f" {locs[k] if k < len(locs) else UnknownLoc()}"

    def print_generic(self, op: Operation) -> None:
        w = self.out.write
        w(f'"{op.name}"(' + ", ".join(self.name_of(v) for v in op.operands) + ")")
        if op.successors:
            w("[" + ", ".join(self.block_label(b) for b in op.successors) + "]")
        if op.regions:
            w(" (")
            for k, region in enumerate(op.regions):
                if k:
                    w(", ")
                self.print_region(region, print_entry_args=True, isolated=op.has_trait(ISOLATED))
            w(")")
        if op.attributes:
            w(" ")
            self.write_attr_dict(op.attributes)
        w(f" : ({self.types(op.operand_types)}) -> ")
        results = op.result_types
        if len(results) == 1 and not isinstance(results[0], FunctionType):
            w(self.type(results[0]))
        else:
            w(f"({self.types(results)})")

    def print_region(self, region: Region, print_entry_args: bool, isolated: bool = False,
                     print_terminator: bool = True) -> None:
        """`{ ops }`; custom forms leave out an implicit terminator (`print_terminator=False`)."""
        if isolated:
            self.push_scope()
        self._labels = getattr(self, "_labels", {})
        parent = region.parent
        self._default_dialects.append(DEFAULT_DIALECT.get(parent.name, "") if parent else "")
        for k, b in enumerate(region.blocks):
            self._labels[b] = f"^bb{k}"
        self.out.write("{")
        self.indent += 1
        for k, block in enumerate(region.blocks):
            names = self.name_block_args(block)
            if k > 0 or (print_entry_args and block.args):
                self.out.write("\n" + "  " * (self.indent - 1) + self._labels[block])
                if block.args:
                    self.out.write("(" + ", ".join(
                        f"{n}: {self.type(a.type)}{self.arg_location(block, j)}"
                        for j, (n, a) in enumerate(zip(names, block.args))) + ")")
                self.out.write(":" + _predecessors_comment(region, k, self._labels))
            line = "\n" + "  " * self.indent
            last = block.ops[-1] if block.ops and not print_terminator else None
            print_op = self.print_op  # bound once: called per op
            for op in block.ops:
                if op is last and op.has_trait(TERMINATOR):
                    continue
                print_op(op, line)
        self._default_dialects.pop()
        self.indent -= 1
        self.newline()
        self.out.write("}")
        if isolated:
            self.pop_scope()

    def block_label(self, b: Block) -> str:
        return self._labels.get(b, "^bb?")


class _Names(dict):
    """A scope's value -> name; a value it does not hold prints as upstream's placeholder."""

    def __missing__(self, v):
        return "%<<UNKNOWN>>"


class _ScopedNames:
    def __init__(self, printer: Printer):
        self.printer = printer

    def __getitem__(self, v: Value) -> str:
        return self.printer._scoped_name(v)


def _predecessors_comment(region: Region, k: int, labels: dict) -> str:
    """Upstream's note after a block label: `  // pred: ^bb0`, `  // 2 preds: ^bb0, ^bb2`, or
    `  // no predecessors` for a block other than the entry block that nothing branches to."""
    block = region.blocks[k]
    preds = [b for b in region.blocks if b.ops for s in b.ops[-1].successors if s is block]
    if not preds:
        return "  // no predecessors" if k else ""
    if all(b is preds[0] for b in preds):
        return f"  // pred: {labels[preds[0]]}"
    return f"  // {len(preds)} preds: " + ", ".join(labels[b] for b in preds)


_PLAIN_NAME = re.compile(r"[A-Za-z0-9$._-]*")


def _sanitize(name: str) -> str:
    """Upstream's sanitizeIdentifier: characters other than letters, digits and `$._-` become
    their hex code (a space `_`), and a leading digit gets a `_` in front (it would read as a
    number). Upstream looks at the name's first character, not the result's, so `%0 = {`
    would print `%250_3D_7B`, which no parser reads; ours looks at the result's."""
    if _PLAIN_NAME.fullmatch(name) and not name[:1].isdigit():
        return name
    out = "".join(c if c.isascii() and (c.isalnum() or c in "$._-") else "_" if c == " "
                  else "".join(f"{b:X}" for b in c.encode()) for c in name)
    return "_" + out if out[:1].isdigit() else out


def _result_names(op: Operation):
    """The names an op suggests for its results (upstream's OpAsmOpInterface::getAsmResultNames):
    a class attribute `asm_result_names`, or a method of that name that computes them."""
    names = getattr(op, "asm_result_names", None)
    return names() if callable(names) else names


def _block_arg_names(region: Region):
    """Names an op suggests for its region's entry-block arguments (getAsmBlockArgumentNames)."""
    parent = region.parent
    fn = getattr(parent, "asm_block_arg_names", None) if parent is not None else None
    return fn(region) if fn is not None else ()


def _by_name(entry: tuple) -> bytes:
    """Upstream prints attribute dictionaries sorted by name (DictionaryAttr is sorted)."""
    return entry[0].encode()


def print_module(op: Operation, out: TextIO | None = None, debuginfo: bool = False,
                 generic: bool = False, local_scope: bool = False, elide_above: int | None = None) -> str | None:
    """Print `op` (normally a builtin.module) to `out`, or return the text; non-splat constants
    of more than `elide_above` elements as `dense_resource<__elided__>` (mlir-opt's
    --mlir-elide-elementsattrs-if-larger)."""
    buf = io.StringIO() if out is None else out
    saved, ELIDE_ABOVE["n"] = ELIDE_ABOVE["n"], elide_above
    try:
        Printer(buf, debuginfo, generic, local_scope).print_top(op)
    finally:
        ELIDE_ABOVE["n"] = saved
    return buf.getvalue() if out is None else None

