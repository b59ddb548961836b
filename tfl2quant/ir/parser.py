"""The MLIR text parser: `parse_module`, `parse_type`, `parse_attribute`.

Reads the generic op form, the custom forms of ops whose class has a
`parse_custom(cls, p, loc)` classmethod (`p` is the `OperationParser`, `loc`
where the op's name starts), `!alias`/`#alias` definitions, and everything
`printer.py` prints. Structure and messages follow MLIR's Parser.cpp:

- SSA names are scoped per region; a region of an IsolatedFromAbove op
  (func.func, builtin.module) starts a fresh scope, so outer values are
  undefined inside it.
- Uses may precede definitions (graph regions, CFG back edges): a use
  creates a placeholder value that the definition replaces.
- Every op gets the `FileLineColLoc` of its name unless it has `loc(...)`.
"""
from __future__ import annotations

from dataclasses import field
from typing import Iterable

from ..errors import Tfl2QuantError
from ..records import dataclass
from .attribute_parser import AttributeParser, DeferredLoc
from .attributes import Attribute
from .core import ISOLATED, OP_CLASSES, Block, Operation, Region, Value, module_op_class, unregistered_op_error
from .lexer import BANG, BARE, CARET, EOF, HASH, PERCENT, STRING, Lexer, Token, unescape
from .location import FileLineColLoc, Location
from .parser_base import SymbolState
from .types import FunctionType, Type

# Ops whose regions resolve unprefixed op names in a dialect (OpAsmOpInterface's
# getDefaultDialect): `return` inside func.func is func.return. As in MLIR,
# other custom-form ops reset the default and generic-form ops inherit it.
DEFAULT_DIALECT = {"builtin.module": "builtin", "func.func": "func"}


@dataclass(frozen=True)
class OperandUse:
    """`%name` or `%name#k` before it is resolved to a value of a known type."""

    name: str
    number: int
    tok: Token

    def __str__(self) -> str:
        return f"%{self.name}" + (f"#{self.number}" if self.number else "")


@dataclass
class Argument:
    """A function argument: `%name: type {attrs} loc(...)`, or only a type in a declaration."""

    tok: Token | None
    type: Type
    attrs: dict
    location: Location | None  # None: where the name is written


@dataclass
class _NameScope:
    """The SSA names of one isolated-from-above region and the regions nested in it."""

    values: dict = field(default_factory=dict)        # name -> ([Value per result], defining Token)
    forward: dict = field(default_factory=dict)       # (name, number) -> (placeholder, first use)
    region_names: list = field(default_factory=lambda: [[]])  # names defined per open region


@dataclass
class _BlockScope:
    """The block labels of one region; references may precede the definition."""

    blocks: dict = field(default_factory=dict)        # label -> Block
    first_use: dict = field(default_factory=dict)     # label -> Token, until defined


class OperationParser(AttributeParser):
    def __init__(self, lexer: Lexer, symbols: SymbolState):
        super().__init__(lexer, symbols)
        self._name_scopes: list[_NameScope] = []
        self._block_scopes: list[_BlockScope] = []
        self._op_names: list[str] = []          # ops whose syntax is being parsed
        self._default_dialects = ["builtin"]

    # --- top level ------------------------------------------------------------------
    def parse_top_level(self) -> Operation:
        """Alias definitions and ops up to the end of the input, in one module."""
        module_op = module_op_class()
        self._push_scopes(isolated=True)
        block = Block()
        while not self.at(EOF):
            if self.tok.kind in (BANG, HASH) and self.peek().kind == "=":
                self._parse_alias_definition()
            elif self.at("{-#"):
                raise self.error("file metadata ({-# ... #-}) is not supported by tfl2quant")
            else:
                self.parse_operation(block)
        self._pop_scopes(isolated=True)
        if len(block.ops) == 1 and isinstance(block.ops[0], module_op):
            module = block.ops[0]
            module.parent = None
        else:  # a bare list of ops gets an implicit module, as in mlir-opt
            module = module_op(regions=[Region([block])],
                               location=FileLineColLoc(self.lexer.filename, 0, 0))
        if self.symbols.has_deferred_locations:
            self._resolve_deferred_locations(module)
        return module

    def _parse_alias_definition(self) -> None:
        tok = self.advance()
        self.expect("=")
        is_type = tok.kind == BANG
        if "." in tok.spelling:
            raise self.error(f"{'type' if is_type else 'attribute'} names with a '.' are reserved "
                             f"for dialect-defined names", tok)
        table = self.symbols.type_aliases if is_type else self.symbols.attribute_aliases
        if tok.spelling in table:
            raise self.error(f"redefinition of {'type' if is_type else 'attribute'} alias id "
                             f"'{tok.spelling}'", tok)
        if is_type:
            table[tok.spelling] = self.parse_type()
        else:
            table[tok.spelling] = self.parse_location() if self.at_keyword("loc") else self.parse_attribute()

    def _resolve_deferred_locations(self, module: Operation) -> None:
        aliases = self.symbols.attribute_aliases

        def resolve(loc: Location) -> Location:
            if not isinstance(loc, DeferredLoc):
                return loc
            value = aliases.get(loc.alias)
            if not isinstance(value, Location):
                raise self.lexer.error(
                    f"operation location alias '#{loc.alias}' was never defined as a location", loc.pos)
            return value

        for op in module.walk():
            op.location = resolve(op.location)
            for region in op.regions:
                for block in region.blocks:
                    block.arg_locations = [resolve(x) for x in block.arg_locations]

    # --- operations -------------------------------------------------------------------
    def parse_operation(self, block: Block) -> Operation:
        """`(%r (':' N)?, ...) =`? then the generic or custom form, then `loc(...)`?"""
        start = self.tok
        results: list[tuple[Token, int]] = []
        if self.at(PERCENT):
            results = self.parse_list(None, None, self._parse_result_id, "")
            self.expect("=", "after SSA name list")
        name_tok = self.tok
        loc = FileLineColLoc(self.lexer.filename, *self.lexer.line_col(name_tok.start))
        if name_tok.kind == STRING:
            op = self._parse_generic_operation(loc)
        elif name_tok.kind == BARE:
            op = self._parse_custom_operation(loc)
        else:
            raise self.expected("an operation name in quotes" if not results else "an operation name")
        trailing = self.parse_optional_location()
        if trailing is not None:
            op.location = trailing
        bound = sum(count for _, count in results)
        if results and bound != len(op.results):
            raise self.error(f"operation defines {len(op.results)} results but was provided "
                             f"{bound} to bind", start)
        block.append(op)
        offset = 0
        for tok, count in results:
            self._define(tok, op.results[offset:offset + count])
            offset += count
        return op

    def _parse_result_id(self) -> tuple[Token, int]:
        tok = self.expect(PERCENT)
        if not self.consume_if(":"):
            return tok, 1
        count_tok = self.tok
        count = self.parse_integer("(the number of results)")
        if count < 1:
            raise self.error("expected a positive number of results", count_tok)
        return tok, count

    def _parse_generic_operation(self, loc: Location) -> Operation:
        name_tok = self.advance()
        name = unescape(name_tok, self.lexer)
        if not isinstance(name, str) or not name:
            raise self.error("expected a non-empty UTF-8 operation name", name_tok)
        unknown = unregistered_op_error(name)  # --allow-unregistered-dialect (core.py)
        if unknown:
            raise self.error(unknown, name_tok)
        self._op_names.append(name)
        uses = self.parse_list("(", ")", self.parse_operand, "in operand list")
        successors = []
        if self.consume_if("["):
            successors = self.parse_list(None, None, self.parse_successor, "")
            self.expect("]", "to end the successor list")
        attrs: dict[str, Attribute] = {}
        if self.consume_if("<"):  # properties: kept as attributes, as our IR has no properties
            attrs.update(self.parse_attr_dict())
            self.expect(">", "to end the properties")
        regions = []
        if self.at("("):
            regions = self.parse_list("(", ")", self.parse_region, "in region list")
        if self.at("{"):
            dict_tok = self.tok
            for key, value in self.parse_attr_dict().items():
                if key in attrs:
                    raise self.error(f"attribute '{key}' is both a property and an attribute", dict_tok)
                attrs[key] = value
        self.expect(":", "followed by the operation's function type")
        type_tok = self.tok
        ftype = self.parse_type()
        if not isinstance(ftype, FunctionType):
            raise self.expected("a function type", type_tok)
        if len(ftype.inputs) != len(uses):
            raise self.error(f"expected {len(uses)} operand type{'s' * (len(uses) != 1)} but had "
                             f"{len(ftype.inputs)}", type_tok)
        operands = [self.resolve_operand(u, t) for u, t in zip(uses, ftype.inputs)]
        self._op_names.pop()
        return Operation.create(name, operands, ftype.results, attrs, regions, loc, successors)

    def _parse_custom_operation(self, loc: Location) -> Operation:
        tok = self.tok
        name = tok.spelling
        hook = getattr(OP_CLASSES.get(name), "parse_custom", None)
        if hook is None and "." not in name and self._default_dialects[-1]:
            name = f"{self._default_dialects[-1]}.{tok.spelling}"
            hook = getattr(OP_CLASSES.get(name), "parse_custom", None)
        if hook is None:
            tried = f" (tried '{name}' as well)" if name != tok.spelling else ""
            generic = (f"; ops without a custom assembly format are written in the generic form "
                       f"\"{name}\"(...)" if "." in tok.spelling else "")
            raise self.error(f"custom op '{tok.spelling}' is unknown{tried}{generic}", tok)
        self.advance()
        self._op_names.append(name)
        self._default_dialects.append(DEFAULT_DIALECT.get(name, ""))
        op = hook(self, loc)
        self._default_dialects.pop()
        self._op_names.pop()
        return op

    # --- operands and SSA names ----------------------------------------------------
    def parse_operand(self) -> OperandUse:
        """`%name` or `%name#k` (result k of a multi-result op)."""
        tok = self.expect(PERCENT)
        number = 0
        if self.at(HASH):
            hash_tok = self.advance()
            if not hash_tok.spelling.isdigit():
                raise self.expected("a result number after '#'", hash_tok)
            number = int(hash_tok.spelling)
        return OperandUse(tok.spelling, number, tok)

    def parse_operand_list(self, delimiter: str | None = None) -> list[OperandUse]:
        """Zero or more operands, bare or in `(...)` (`delimiter="("`)."""
        if delimiter == "(":
            return self.parse_list("(", ")", self.parse_operand, "in operand list")
        if not self.at(PERCENT):
            return []
        return self.parse_list(None, None, self.parse_operand, "")

    def resolve_operand(self, use: OperandUse, t: Type) -> Value:
        """The value `use` names, which must have type `t`."""
        scope = self._name_scopes[-1]
        values, _ = scope.values.get(use.name, (None, None))
        if values is not None:
            if use.number >= len(values):
                raise self.error(f"reference to invalid result number: '%{use.name}' has "
                                 f"{len(values)} results", use.tok)
            value = values[use.number]
        else:
            key = (use.name, use.number)
            if key not in scope.forward:
                scope.forward[key] = (Value(t), use.tok)
            value = scope.forward[key][0]
        if value.type != t:
            raise self.error(f"use of value '{use}' expects different type than prior uses: "
                             f"'{t}' vs '{value.type}'", use.tok)
        return value

    def resolve_operands(self, uses: list[OperandUse], types: Iterable[Type]) -> list[Value]:
        types = list(types)
        if len(uses) != len(types):
            tok = uses[0].tok if uses else self.tok
            raise self.error(f"{len(uses)} operands present, but expected {len(types)}", tok)
        return [self.resolve_operand(u, t) for u, t in zip(uses, types)]

    def _define(self, tok: Token, values: list[Value]) -> None:
        scope = self._name_scopes[-1]
        name = tok.spelling
        if name in scope.values:
            where = self.lexer.where(scope.values[name][1].start)
            raise self.error(f"redefinition of SSA value '%{name}' (previously defined at {where})", tok)
        scope.values[name] = (list(values), tok)
        scope.region_names[-1].append(name)
        for k, value in enumerate(values):
            forward = scope.forward.pop((name, k), None)
            if forward is None:
                continue
            placeholder, use_tok = forward
            if placeholder.type != value.type:
                ref = f"%{name}#{k}"
                raise self.error(f"definition of SSA value '{ref}' has type '{value.type}' but was "
                                 f"previously used with type '{placeholder.type}' at "
                                 f"{self.lexer.where(use_tok.start)}", tok)
            placeholder.replace_all_uses_with(value)

    # --- regions and blocks ------------------------------------------------------------
    def argument(self, tok: Token, t: Type) -> Argument:
        """A region entry argument named by the `%name` token `tok`, of type `t`, for an op's
        custom parser (OpAsmParser::Argument): scf.for's induction variable, ..."""
        return Argument(tok, t, {}, None)

    def parse_region(self, region: Region | None = None, entry_args: Iterable[Argument] = ()) -> Region:
        """`{ ops ^bb1(%a: t): ops }` into `region` (a new one by default).

        `entry_args` (a function's named arguments) become the entry block's
        arguments; the region may then not spell an entry block label.
        """
        region = Region() if region is None else region
        entry_args = list(entry_args)
        isolated = ISOLATED in getattr(OP_CLASSES.get(self._op_names[-1]), "traits", ())
        self.expect("{", "to begin a region")
        self._push_scopes(isolated)
        if entry_args or not self.at("}"):
            if not self.at(CARET):
                entry = region.append(Block())
                for arg in entry_args:
                    self._add_block_argument(entry, arg.tok, arg.type, arg.location)
                self._parse_block_body(entry)
            elif entry_args:
                raise self.error("invalid block name in region with named arguments")
            while self.at(CARET):
                self._parse_block(region)
        self.expect("}", "to end a region")
        self._pop_scopes(isolated)
        return region

    def _parse_block(self, region: Region) -> None:
        tok = self.advance()
        scope = self._block_scopes[-1]
        if tok.spelling in scope.blocks and tok.spelling not in scope.first_use:
            raise self.error(f"redefinition of block '^{tok.spelling}'", tok)
        block = scope.blocks.setdefault(tok.spelling, Block())
        scope.first_use.pop(tok.spelling, None)
        region.append(block)
        if self.at("("):
            self.parse_list("(", ")", lambda: self._parse_block_argument(block), "in block argument list")
        self.expect(":", "after block name")
        self._parse_block_body(block)

    def _parse_block_argument(self, block: Block) -> None:
        tok = self.expect(PERCENT)
        self.expect(":", "after block argument name")
        t = self.parse_type()
        self._add_block_argument(block, tok, t, self.parse_optional_location())

    def _add_block_argument(self, block: Block, tok: Token, t: Type, loc: Location | None) -> None:
        arg = block.add_arg(t)
        block.arg_locations.append(loc or FileLineColLoc(self.lexer.filename, *self.lexer.line_col(tok.start)))
        self._define(tok, [arg])

    def _parse_block_body(self, block: Block) -> None:
        while not (self.at("}") or self.at(CARET)):
            if self.at(EOF):
                raise self.expected("'}' to end a region")
            self.parse_operation(block)

    def parse_successor(self) -> Block:
        tok = self.expect(CARET)
        scope = self._block_scopes[-1]
        if tok.spelling not in scope.blocks:
            scope.blocks[tok.spelling] = Block()
            scope.first_use[tok.spelling] = tok
        return scope.blocks[tok.spelling]

    def _push_scopes(self, isolated: bool) -> None:
        if isolated:
            self._name_scopes.append(_NameScope())
        else:
            self._name_scopes[-1].region_names.append([])
        self._block_scopes.append(_BlockScope())

    def _pop_scopes(self, isolated: bool) -> None:
        blocks = self._block_scopes.pop()
        if blocks.first_use:
            tok = min(blocks.first_use.values(), key=lambda t: t.start)
            raise self.error(f"reference to an undefined block '^{tok.spelling}'", tok)
        scope = self._name_scopes[-1]
        for name in scope.region_names.pop():
            del scope.values[name]
        if isolated:
            if scope.forward:
                (name, number), (_, tok) = min(scope.forward.items(), key=lambda kv: kv[1][1].start)
                raise self.error(f"use of undeclared SSA value name '{OperandUse(name, number, tok)}'", tok)
            self._name_scopes.pop()

    # --- helpers for custom forms -------------------------------------------------------
    def parse_optional_keyword(self, *words: str) -> str | None:
        return self.advance().spelling if self.at_keyword(*words) else None

    def parse_colon_type_list(self) -> list[Type]:
        self.expect(":", "followed by types")
        return self.parse_list(None, None, self.parse_type, "")

    def parse_colon_function_type(self) -> FunctionType:
        self.expect(":", "followed by a function type")
        return self.parse_function_type()

    def parse_function_signature(self) -> tuple[list[Argument], list[Type], list[dict]]:
        """`(%a: t {attrs} loc(...), ...) -> (t {attrs}, ...)` or, in declarations, `(t, ...)`.

        Returns the arguments, the result types and the result attributes.
        """
        named = self.peek().kind == PERCENT
        args = self.parse_list("(", ")", lambda: self._parse_function_argument(named), "in argument list")
        results: list[Type] = []
        res_attrs: list[dict] = []
        if self.consume_if("->"):
            if self.at("("):
                def result():
                    results.append(self.parse_type())
                    res_attrs.append(self.parse_optional_attr_dict())
                self.parse_list("(", ")", result, "in result list")
            else:
                results.append(self.parse_non_function_type())
                res_attrs.append({})
        return args, results, res_attrs

    def _parse_function_argument(self, named: bool) -> Argument:
        tok = None
        if named:
            tok = self.expect(PERCENT)
            self.expect(":", "after argument name")
        t = self.parse_type()
        attrs = self.parse_optional_attr_dict()
        return Argument(tok, t, attrs, self.parse_optional_location() if named else None)


# --- entry points ---------------------------------------------------------------------

def parse_module(text: str, filename: str = "<stdin>", first_line: int = 1) -> Operation:
    """Parse MLIR text into a `builtin.module` (implicit if the text is a list of ops).

    `first_line` numbers the text's first line, for chunks of a split file. Ops and types are
    those of the dialects loaded (`import tfl2quant.dialects` loads every one we model).
    """
    return _parse(text, filename, first_line, OperationParser.parse_top_level)


def parse_type(text: str, filename: str = "<string>") -> Type:
    return _parse(text, filename, 1, OperationParser.parse_type)


def parse_attribute(text: str, filename: str = "<string>") -> Attribute:
    return _parse(text, filename, 1, OperationParser.parse_attribute)


def parse_location_text(text: str, filename: str = "<string>") -> Location:
    """A standalone `loc(...)` (a location attribute of MLIR bytecode)."""
    return _parse(text, filename, 1, OperationParser.parse_location)


def _parse(text: str, filename: str, first_line: int, parse):
    """`parse` the whole text; too deep nesting is an input error, not a crash."""
    parser = OperationParser(Lexer(text, filename, first_line), SymbolState())
    try:
        result = parse(parser)
    except RecursionError:
        raise Tfl2QuantError("nesting is too deep", parser.lexer.where(parser.tok.start)) from None
    parser.expect(EOF)
    return result
