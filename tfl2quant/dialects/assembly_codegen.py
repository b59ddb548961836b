"""A declarative format (assembly_format.Format) compiled to Python functions per op name.

Interpreting a format's element list for every printed op (isinstance chains, a spacing
dict, a generator per operand list, a write per token) was most of printing's time. ODS
generates a C++ printer from the format; this generates a Python one, once per format,
that builds each op's line in one string and writes it once. For

    operands (`scale32` `(` $scale32^ `)`)? attr-dict `:` functional-type(operands, results)

the checked printer (compile_checked_printer: can_print's test, then the printing) is,
shortened:

    def print_op(op, p, s):
        if op.regions or op.successors:
            return False
        ops = op._operands; res = op.results; attrs = op.attributes
        chk0 = attrs.get("scale32")
        if chk0 is not None and not (isinstance(chk0, IntegerAttr) and ...):
            return False
        N = p.lookup; U = p.type_unseen; S = p._type_text
        m1 = (KEYWORD if op.name == "tosa.rescale" else p.op_keyword(op))
        s = f"{s}{m1}"
        x1 = ", ".join([N[v] for v in ops])
        if x1:
            s = f"{s} {x1}"
        if chk0 is not None:
            m2 = "true" if chk0.value else "false"
            s = f"{s} scale32({m2})"
        ...
        p.out.write(f"{s} : ({m3}) -> {m4}")
        return True

The spacing rules are those of Format._emit (OpFormatGen's), decided when generating
where they are known (`sp` holds them at run time only after an element that may print
nothing). Attribute kinds the generator does not know print through their `print`.
"""
from __future__ import annotations

import ast
import re

from ..ir.attributes import DenseElementsAttr, DialectAttr, IntegerAttr, UnitAttr
from ..ir.types import FunctionType, IntegerType
from . import assembly_elements as af


def compile_printer(fmt):
    """`print_op(op, p, s)`: writes `s` and then `op` in `fmt`'s custom form, as Format.print
    writes it (without the check Format.can_print makes: the caller made it)."""
    gen = _Gen(fmt)
    lines = ["def print_op(op, p, s):", "    ops = op._operands", "    res = op.results",
             "    attrs = op.attributes"] + gen.function_body()
    source = "\n".join(lines) + "\n"
    env = dict(gen.consts)
    exec(compile(source, f"<assembly of {fmt.name}>", "exec"), env)
    fn = env["print_op"]
    fn.source = source  # for debugging: print(OP_CLASSES[name].assembly.printer.source)
    return fn


def compile_check(fmt):
    """`check(op)`: Format.can_print(op) for an op without regions or successors (True or
    False), or None where the format derives types with `infer` or from optional groups."""
    consts = _check_consts()
    lines, decided = _check_lines(fmt, consts)
    lines = ["def check(op):", "    ops = op._operands", "    res = op.results"] + lines
    lines.append("    return True" if decided else "    return None")
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<assembly check of {fmt.name}>", "exec"), consts)
    fn = consts["check"]
    fn.source = source
    return fn


def compile_checked_printer(fmt):
    """`print_op(op, p, s)`: compile_check's test and compile_printer's printing in one call
    (the attributes each fetches, fetched once): prints and returns True where Format.can_print
    holds, else returns False and writes nothing. None for a format where only can_print
    knows (compile_check's None)."""
    consts = _check_consts()
    checks, decided = _check_lines(fmt, consts)
    if not decided:
        return None
    gen = _Gen(fmt, fetched={name: _fetched(k) for k, name in enumerate(fmt.attrs)})
    lines = [
        "def print_op(op, p, s):",
        "    if op.regions or op.successors:",  # compile_check's answer holds for such ops alone
        "        return False",
        "    ops = op._operands",
        "    res = op.results",
    ] + checks + gen.function_body()  # the checks bind `attrs` too
    lines.append("    return True")
    source = "\n".join(lines) + "\n"
    assert not set(consts) & set(gen.consts)  # the two generators' constants share one namespace
    env = {**consts, **gen.consts}
    exec(compile(source, f"<assembly of {fmt.name}>", "exec"), env)
    fn = env["print_op"]
    fn.source = source
    return fn


def _fetched(k: int) -> str:
    """The variable holding the format's k-th attribute in the check (the checked printer's
    printing part reads it there rather than fetch it again)."""
    return f"chk{k}"


def _check_consts() -> dict:
    return {"IntegerAttr": IntegerAttr, "DialectAttr": DialectAttr, "UnitAttr": UnitAttr,
            "IntegerType": IntegerType, "I1": IntegerType(1), "FITS": af.fits}


def _check_lines(fmt, consts: dict) -> tuple[list, bool]:
    """Format.can_print's test as lines (after `ops` and `res` are bound) that return False
    where it fails, and whether falling through them means it holds (else only can_print
    knows: a format with `infer`, or whose spelled types depend on optional groups)."""
    lines = []
    for values, spec in (("ops", fmt.operands), ("res", fmt.results)):  # Format._groups's counts
        fixed = sum(1 for _, m in spec if not m)
        marks = [m for _, m in spec if m]
        cond = (f"len({values}) == {fixed}" if not marks else
                f"{fixed} <= len({values}) <= {fixed + 1}" if marks == ["?"] else f"len({values}) >= {fixed}")
        if cond != f"len({values}) >= 0":
            lines.append(f"    if not {cond}:\n        return False")
    lines.append("    attrs = op.attributes")
    for k, (name, kind) in enumerate(fmt.attrs.items()):  # _fits, the common kinds inlined
        t = type(kind)
        a = _fetched(k)
        if t is af.Bool:  # a.type == IntegerType(1), as the dataclass compares
            fit = (f'isinstance({a}, IntegerAttr) and ({a}.type is I1 or ({a}.type.__class__ is IntegerType '
                   f'and {a}.type.width == 1 and {a}.type.signedness == ""))')
        elif t is af.Int:
            consts[f"T{k}"] = kind.type
            fit = f"isinstance({a}, IntegerAttr) and ({a}.type is T{k} or {a}.type == T{k})"
        elif t is af.Enum:
            fit = (f"isinstance({a}, DialectAttr) and {a}.dialect == {kind.dialect!r} "
                   f"and {a}.mnemonic == {kind.mnemonic!r}")
        elif t is af.Full or t is af.TypeKind:
            fit = f"not isinstance({a}, UnitAttr)"
        else:
            consts[f"K{k}"] = kind
            fit = f"FITS(K{k}, {a})"
        lines.append(f"    {a} = attrs.get({name!r})\n    if {a} is not None and not ({fit}):\n        return False")
    for name in fmt._required_attrs:
        lines.append(f"    if {name!r} not in attrs:\n        return False")
    kind, spelled = fmt.type_plan()
    if kind == "all":
        return lines, True
    if kind is None:
        return lines, False
    if not any(m for _, m in fmt.operands + fmt.results):  # fixed counts: the pairs are known now
        n_ops, n_res = len(fmt.operands), len(fmt.results)
        pairs = fmt.equal_types(n_ops, n_res, spelled)
        if pairs is False:
            lines.append("    return False")
        for i, j in pairs or ():
            x = f"ops[{i}].type" if i < n_ops else f"res[{i - n_ops}].type"
            y = f"ops[{j}].type" if j < n_ops else f"res[{j - n_ops}].type"
            lines.append(f"    x = {x}\n    y = {y}\n    if x is not y and not x == y:\n        return False")
        return lines, True
    plans = {}

    def types_equal(ops, res):
        pairs = plans.get((len(ops), len(res)))
        if pairs is None:
            pairs = plans[(len(ops), len(res))] = fmt.equal_types(len(ops), len(res), spelled)
        if pairs is False:
            return False
        if pairs:
            types = [v.type for v in ops] + [r.type for r in res]
            for i, j in pairs:
                x, y = types[i], types[j]
                if x is not y and not x == y:
                    return False
        return True
    consts["TYPES_EQUAL"] = types_equal
    lines.append("    if not TYPES_EQUAL(ops, res):\n        return False")
    return lines, True


class _Gen:
    def __init__(self, fmt, fetched=None):
        self.fmt = fmt
        self.fetched = fetched or {}  # attribute name -> the variable the check fetched it into
        self.consts = {"DENSE": DenseElementsAttr, "FunctionType": FunctionType}
        self.sp = True  # the spacing state: True/False when known here, None: in `sp`
        self.present = {}  # attribute name -> the variable holding it, inside its group
        self.tmp = 0

    def const(self, value) -> str:
        name = f"C{len(self.consts)}"
        self.consts[name] = value
        return name

    def fetch(self, ind: str, name: str, out: list) -> str:
        """The variable that holds attribute `name` (or None), fetching it unless the check did."""
        a = self.fetched.get(name)
        if a is None:
            a = self.fresh("a")
            out.append(f"{ind}{a} = attrs.get({name!r})")
        return a

    def fresh(self, stem: str) -> str:
        self.tmp += 1
        return f"{stem}{self.tmp}"

    def function_body(self) -> list:
        """The lines that print the op (`ops`, `res` and `attrs` bound before them): the
        printer's names bound (those the elements use), `s` built and written."""
        body = _merge_appends([f"    s += {self.keyword()}"] + self.elements(self.fmt.elements, 1) + ["    p.out.write(s)"])
        used = set(re.findall(r"\b[NTUS]\b", "\n".join(body)))
        binds = {"N": "p.lookup", "T": "p.type", "U": "p.type_unseen", "S": "p._type_text"}
        return [f"    {name} = {expr}" for name, expr in binds.items() if name in used] + body

    # --- the op's keyword ---------------------------------------------------------------
    def keyword(self) -> str:
        """Printer.op_keyword, with the name's split done once (for an op that carries
        another name than its format's, at run time)."""
        name = self.fmt.name
        dialect, dot, rest = name.partition(".")
        if not dot or "." in rest:
            short = repr(name)
        else:
            short = f"({rest!r} if p._default_dialects[-1] == {dialect!r} else {name!r})"
        return f"({short} if op.name == {name!r} else p.op_keyword(op))"

    # --- operand and result groups ------------------------------------------------------
    def _slice(self, spec: list, values: str, name: str) -> tuple[str, bool]:
        """The expression for group `name` of `values` (as Format._groups splits them) and
        whether it is a single value (else a list)."""
        k = next(i for i, (n, _) in enumerate(spec) if n == name)
        marked = next((i for i, (_, m) in enumerate(spec) if m), None)
        if not spec[k][1]:
            if marked is None or k < marked:
                return f"{values}[{k}]", True
            return f"{values}[len({values}) - {len(spec) - k}]", True
        after = len(spec) - k - 1
        if not k and not after:  # the only group: all of them (no copy)
            return values, False
        return (f"{values}[{k}:len({values}) - {after}]" if after else f"{values}[{k}:]"), False

    def values(self, name: str, types: bool) -> tuple[str, bool]:
        fmt = self.fmt
        if name in {n for n, _ in fmt.operands}:
            return self._slice(fmt.operands, "ops", name)
        if types and name in {n for n, _ in fmt.results}:
            return self._slice(fmt.results, "res", name)
        if not types or name == "operands":
            return "ops", False
        return "res", False  # "results" or an unknown name, as Format._print_elements

    # --- spacing ------------------------------------------------------------------------
    def space(self) -> str:
        """The expression for a space before a (non-punctuation) element."""
        if self.sp is None:
            return '(" " if sp else "")'
        return '" "' if self.sp else '""'

    def materialize(self, ind: str) -> list:
        """Put a known spacing state in `sp`, before code that may or may not change it."""
        if self.sp is None:
            return []
        line = f"{ind}sp = {self.sp}"
        self.sp = None
        return [line]

    def conditional(self, ind: str, head: str, body_fn) -> list:
        """`if head:` around `body_fn(indent)`'s lines, the spacing state after it merged."""
        before = self.sp
        self.sp = before
        body = body_fn(ind + "    ")
        after = self.sp
        if after == before and after is not None:
            return [f"{ind}if {head}:"] + body
        self.sp = before
        out = self.materialize(ind)
        self.sp = before
        body = body_fn(ind + "    ")  # again, now that `sp` is live before the branch
        if self.sp is not None:
            body.append(f"{ind}    sp = {self.sp}")
        self.sp = None
        return out + [f"{ind}if {head}:"] + body

    # --- elements -----------------------------------------------------------------------
    def elements(self, elements: list, depth: int) -> list:
        ind = "    " * depth
        out = []
        for e in elements:
            if isinstance(e, af.Literal):
                out += self.literal(ind, e.text)
            elif isinstance(e, af.Group):
                if e.anchor in self.fmt.attrs and e.anchor not in self.present:
                    # the anchor attribute, fetched once: inside the group it is present
                    a = self.fetch(ind, e.anchor, out)
                    self.present[e.anchor] = a
                    out += self.conditional(ind, self.anchor(e.anchor, a),
                                            lambda i, e=e: self.elements(e.elements, len(i) // 4))
                    del self.present[e.anchor]
                else:
                    out += self.conditional(ind, self.anchor(e.anchor),
                                            lambda i, e=e: self.elements(e.elements, len(i) // 4))
            elif isinstance(e, af.Var):
                if e.name in self.present:
                    out += self.attribute(ind, e.name, self.present[e.name])
                elif e.name in self.fmt.attrs:
                    a = self.fetch(ind, e.name, out)
                    out += self.conditional(ind, f"{a} is not None", lambda i, e=e, a=a: self.attribute(i, e.name, a))
                else:
                    expr, single = self.values(e.name, types=False)
                    text = f"N[{expr}]" if single else f'", ".join([N[v] for v in {expr}])'
                    out += self.text(ind, text, can_be_empty=not single)
            elif isinstance(e, af.TypeOf):
                expr, single = self.values(e.name, types=True)
                text = _ty(f"{expr}.type") if single else f'", ".join([{_ty("v.type")} for v in {expr}])'
                out += self.text(ind, text, can_be_empty=not single)
            elif isinstance(e, af.FunctionalType):
                # Printer._spell_type of FunctionType(operand types, result types), without
                # building (and caching) a type per op
                out += self.text(ind, f'"(" + ", ".join([{_ty("v.type")} for v in ops]) + ") -> " + ('
                                 f'{_ty("res[0].type")} if len(res) == 1 and not isinstance(res[0].type, FunctionType) '
                                 f'else "(" + ", ".join([{_ty("v.type")} for v in res]) + ")")', can_be_empty=False)
            elif isinstance(e, af.AttrDict):
                out += self.attr_dict(ind, e.keyword)
            else:  # pragma: no cover - _compile makes no other element
                raise AssertionError(e)
        return out

    def literal(self, ind: str, text: str) -> list:
        if text == "":
            self.sp = False
            return []
        if len(text) == 1 and text in af.NO_SPACE_BEFORE:
            lead = '""'
        else:
            lead = self.space()
        self.sp = text not in af.NO_SPACE_AFTER
        return [f"{ind}s += {_cat(lead, repr(text))}"]

    def text(self, ind: str, expr: str, can_be_empty: bool) -> list:
        """Format._emit of a non-literal text."""
        if not can_be_empty:
            lead = self.space()
            self.sp = True
            return [f"{ind}s += {_cat(lead, expr)}"]
        x = self.fresh("x")
        out = [f"{ind}{x} = {expr}"]
        out += self.conditional(ind, x, lambda i: self.text(i, x, can_be_empty=False))
        return out

    def anchor(self, name: str, a: str | None = None) -> str:
        """Format._anchor_present as an expression (`a`: the attribute, fetched)."""
        fmt = self.fmt
        if name in fmt.attrs:
            kind = fmt.attrs[name]
            is_default = getattr(kind, "is_default", None)
            value = a if a is not None else f"attrs[{name!r}]"
            present = f"{a} is not None" if a is not None else f"{name!r} in attrs"
            if is_default is None:
                return present
            if type(kind) is af.Enum:  # Enum.is_default inlined
                if kind.default is None:
                    return present
                return f'{present} and getattr({value}, "body", None) != {kind.default!r}'
            return f"{present} and not {self.const(is_default)}({value})"
        if name in {n for n, _ in fmt.operands}:
            expr, single = self._slice(fmt.operands, "ops", name)
            return "True" if single else f"bool({expr})"
        return "False"  # a result group or an unknown name: Format's `groups` has operand groups only

    def attribute(self, ind: str, name: str, a: str) -> list:
        kind = self.fmt.attrs[name]
        lead = self.space()
        self.sp = True
        k = type(kind)
        if k is af.Int:
            expr = f"str(int({a}.value))"
        elif k is af.Bool:
            expr = f'("true" if {a}.value else "false")'
        elif k is af.Array:
            expr = f'"[" + ", ".join([str(int(v)) for v in {a}.value]) + "]"'
        elif k is af.Enum:
            expr = f'f"<{{{a}.body}}>"'
        elif k is af.Keyword:
            expr = f"{self.const(kind.words)}[int({a}.value)]"
        elif k is af.TypeKind:
            expr = f"T({a}.value)"
        elif k is af.Symbol:
            expr = f"str({a})"
        elif k is af.Full:
            return [f"{ind}if isinstance({a}, DENSE):",
                    f"{ind}    p.out.write({_cat('s', lead)})",
                    f"{ind}    s = ''",
                    f"{ind}    for c in {a}.chunks():",
                    f"{ind}        p.out.write(c)",
                    f"{ind}else:",
                    f"{ind}    s += {_cat(lead, f'p.attr({a})')}"]
        else:  # a kind declared next to its op: it writes itself
            return [f"{ind}p.out.write({_cat('s', lead)})",
                    f"{ind}s = ''",
                    f"{ind}{self.const(kind)}.print(p, {a})"]
        return [f"{ind}s += {_cat(lead, expr)}"]

    def attr_dict(self, ind: str, keyword: bool) -> list:
        inherent = tuple(self.fmt.attrs)
        rest = self.fresh("rest")
        if inherent:  # most ops have only inherent attributes: a subset test, no dict built
            known = self.const(frozenset(inherent))
            out = [f"{ind}{rest} = None if attrs.keys() <= {known} else "
                   f"{{k: v for k, v in attrs.items() if k not in {known}}}"]
        else:
            out = [f"{ind}{rest} = attrs"]

        def body(i):
            lead = self.space()
            self.sp = True
            prefix = _cat(lead, '"attributes "' if keyword else '""')
            # write_attr_dict streams dense constants: what was built so far goes first
            return [f"{i}p.out.write({_cat('s', prefix)})", f"{i}s = ''", f"{i}p.write_attr_dict({rest})"]
        return out + self.conditional(ind, rest, body)


def _ty(expr: str) -> str:
    """Printer.type(expr), its cache looked up inline (a type's text is never empty)."""
    return f"(S.get(id({expr})) or U({expr}))"


def _cat(a: str, b: str) -> str:
    """`a + b` for two string expressions, leaving out empty literals."""
    if a in ('""', "''"):
        return b
    if b in ('""', "''"):
        return a
    return f"{a} + {b}"


_APPEND = re.compile(r"( *)s \+= (.*)")


def _merge_appends(lines: list) -> list:
    """Each run of `s += ...` lines in one block as one `s = f"{s}..."`: one join of the pieces
    (BUILD_STRING), not a resize of `s` per piece and a string per `+`; a run just before the
    function's last line, its write, goes into that write. Pieces other than names and literal
    text are computed into temporaries first, in their order (all are strings: a line's text)."""
    out, run, ind, temps = [], [], None, [0]
    for k, line in enumerate(lines + [None]):
        m = _APPEND.fullmatch(line) if line is not None else None
        if m and m.group(1) == ind:
            run.append(m.group(2))
            continue
        if run and k == len(lines) - 1 and line == f"{ind}p.out.write(s)":
            out += _joined(ind, ["s"] + run, temps, "p.out.write({})")
            break
        if run:
            out += _joined(ind, ["s"] + run, temps, "s = {}")
        run, ind = ([m.group(2)], m.group(1)) if m else ([], None)
        if not m and line is not None:
            out.append(line)
    return out


def _joined(ind: str, exprs: list, temps: list, stmt: str) -> list:
    """`stmt` with the concatenation of the string expressions `exprs` in place of `{}`, as an
    f-string; the temporaries it reads assigned before it."""
    pieces = []  # literal text, or an expression node
    for e in exprs:
        _flatten(ast.parse(e, mode="eval").body, pieces)
    lines, template = [], ""
    for piece in pieces:
        if isinstance(piece, str):
            template += piece.replace("{", "{{").replace("}", "}}")
        elif isinstance(piece, ast.Name):
            template += "{" + piece.id + "}"
        else:
            temps[0] += 1
            lines.append(f"{ind}m{temps[0]} = {ast.unparse(piece)}")
            template += "{m" + str(temps[0]) + "}"
    return lines + [ind + stmt.format("f" + repr(template))]


def _flatten(node, pieces: list) -> None:
    """The pieces of a string expression: `a + b` and f-strings taken apart (an f-string's
    plain `{x}` is a piece `x`, which the outer f-string formats as the inner one did)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        _flatten(node.left, pieces)
        _flatten(node.right, pieces)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        pieces.append(node.value)
    elif isinstance(node, ast.JoinedStr) and all(
            isinstance(v, ast.Constant) or (v.conversion == -1 and v.format_spec is None) for v in node.values):
        for v in node.values:
            pieces.append(v.value)
    else:
        pieces.append(node)
