"""Types: builtin ones, `!quant.uniform`, `!tosa.shape`, aliases, other dialects as text.

Follows MLIR's TypeParser.cpp; `!quant.uniform` follows the quant dialect's
TypeParser.cpp (and the RFCs, docs/quant-dialect.md), so invalid parameters are
errors at the type, like upstream.
"""
from __future__ import annotations

import dataclasses
import functools
import re
import struct

from ..errors import Tfl2QuantError, VerificationError
from .diagnostic_engine import emit
from .lexer import BANG, BARE, FLOAT, INTEGER, Token
from .location import FileLineColLoc
from .parser_base import ParserBase, describe
from .types import (FLOAT_WIDTHS, SIGNED, SIGNLESS, UNSIGNED, ComplexType, FloatType, FunctionType,
                    IndexType, IntegerType, NoneType, OpaqueType, RankedTensorType, Type,
                    UnrankedTensorType)

_INTEGER_TYPE = re.compile(r"(s|u)?i([0-9]+)")
_MAX_INTEGER_WIDTH = 16777215  # MLIR's limit
# Builtin types MLIR has that we do not model: a clear error beats "expected type".
_UNSUPPORTED = {"vector", "memref", "tuple", "f80", "f128", "tf32", "f8E4M3", "f8E4M3B11FNUZ", "f8E3M4",
                "f8E8M0FNU"}
_MAX_DIMENSION = (1 << 63) - 1
DIALECT_NAMESPACE = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")


class TypeParser(ParserBase):
    def at_type(self) -> bool:
        """Whether the current token can start a type."""
        tok = self.tok
        if tok.kind in (BANG, "("):
            return True
        return tok.kind == BARE and (
            tok.spelling in FLOAT_WIDTHS or tok.spelling in _UNSUPPORTED
            or tok.spelling in ("index", "none", "complex", "tensor")
            or _INTEGER_TYPE.fullmatch(tok.spelling) is not None)

    def parse_type(self) -> Type:
        if self.at("("):
            return self.parse_function_type()
        return self.parse_non_function_type()

    def parse_colon_type(self) -> Type:
        self.expect(":", "followed by a type")
        return self.parse_type()

    def parse_type_list_parens(self) -> tuple:
        return tuple(self.parse_list("(", ")", self.parse_type, "in type list"))

    def parse_function_type(self) -> FunctionType:
        if not self.at("("):
            raise self.expected("a function type")
        inputs = self.parse_type_list_parens()
        self.expect("->", "in function type")
        return FunctionType(inputs, self._parse_function_result_types())

    def _parse_function_result_types(self) -> tuple:
        """`(t1, t2)` or a single non-function type."""
        if self.at("("):
            return self.parse_type_list_parens()
        return (self.parse_non_function_type(),)

    def parse_non_function_type(self) -> Type:
        tok = self.tok
        if tok.kind == BANG:
            return self._parse_extended_type()
        if tok.kind != BARE:
            raise self.expected("non-function type")
        word = tok.spelling
        m = _INTEGER_TYPE.fullmatch(word)
        if m is not None:
            width = int(m.group(2))
            if width > _MAX_INTEGER_WIDTH:
                raise self.error(f"integer bitwidth is limited to {_MAX_INTEGER_WIDTH} bits", tok)
            self.advance()
            return IntegerType(width, {"s": SIGNED, "u": UNSIGNED}.get(m.group(1), SIGNLESS))
        if word in FLOAT_WIDTHS:
            self.advance()
            return FloatType(word)
        if word in ("index", "none"):
            self.advance()
            return IndexType() if word == "index" else NoneType()
        if word == "tensor":
            return self._parse_tensor_type()
        if word == "complex":
            return self._parse_complex_type()
        if word in _UNSUPPORTED:
            raise self.error(f"'{word}' types are not supported by tfl2quant", tok)
        raise self.expected("non-function type")

    # --- builtin container types ------------------------------------------------------
    def _parse_complex_type(self) -> ComplexType:
        self.advance()
        self.expect("<", "in complex type")
        tok = self.tok
        element = self.parse_type()
        if not isinstance(element, (IntegerType, FloatType)):
            raise self.error(f"invalid element type for complex: {element}", tok)
        self.expect(">", "in complex type")
        return ComplexType(element)

    def _parse_tensor_type(self) -> Type:
        self.advance()
        self.expect("<", "in tensor type")
        if self.consume_if("*"):
            self._parse_x_in_dimension_list()
            element = self._parse_tensor_element_type()
            self.expect(">", "in tensor type")
            return UnrankedTensorType(element)
        shape = []
        while self.at("?") or self.at(INTEGER):
            shape.append(None if self.consume_if("?") else self._parse_dimension())
            self._parse_x_in_dimension_list()
        element = self._parse_tensor_element_type()
        if self.at(","):
            raise self.error("tensor encodings are not supported by tfl2quant")
        self.expect(">", "in tensor type")
        return RankedTensorType(tuple(shape), element)

    def _parse_dimension(self) -> int:
        tok = self.tok
        if tok.spelling.startswith("0x"):
            # `0xf32` lexes as a hex integer; MLIR reads it as dimension 0, then `xf32`.
            self.reset(tok.start + 1)
            return 0
        self.advance()
        value = int(tok.spelling)
        if value > _MAX_DIMENSION:
            raise self.error("dimension is too large", tok)
        return value

    def _parse_x_in_dimension_list(self) -> None:
        tok = self.tok
        if tok.kind != BARE or not tok.spelling.startswith("x"):
            raise self.expected("'x' in dimension list")
        self.reset(tok.start + 1)  # `x3xf32` is one identifier token: split off the `x`

    def _parse_tensor_element_type(self) -> Type:
        tok = self.tok
        element = self.parse_type()
        if isinstance(element, (RankedTensorType, UnrankedTensorType, FunctionType, NoneType)):
            raise self.error(f"invalid tensor element type: {element}", tok)
        return element

    # --- `!` types ------------------------------------------------------------------
    def _parse_extended_type(self) -> Type:
        tok = self.advance()
        name = tok.spelling
        dialect, dot, mnemonic = name.partition(".")
        if not dot:
            if self.adjacent(tok, "<"):
                if name == "quant":  # `!quant<uniform<...>>`, the opaque spelling of `!quant.uniform<...>`
                    return self._parse_quant_opaque(tok)
                raise self.error(f"opaque dialect type syntax '!{name}<...>' is not supported; "
                                 f"spell it '!{name}.<mnemonic>'", tok)
            if name not in self.symbols.type_aliases:
                raise self.error(f"undefined symbol alias id '{name}'", tok)
            return self.symbols.type_aliases[name]
        if not DIALECT_NAMESPACE.fullmatch(dialect):
            raise self.error(f"invalid dialect namespace '{dialect}'", tok)
        if dialect == "quant" and self.adjacent(tok, "<"):
            self._check_balanced(tok)
        if name == "quant.uniform":
            return self._parse_quant_uniform(tok)
        if name == "quant.quantile":
            return self._parse_quant_quantile(tok)
        if name == "quant.any":
            return self._parse_quant_any(tok)
        if name == "quant.calibrated":
            return self._parse_quant_calibrated(tok)
        if name == "tosa.shape":
            return self._parse_tosa_shape(tok)
        if dialect == "quant":  # upstream's wording (TypeParser.cpp)
            raise self.error(f"unknown quantized type {mnemonic}", tok)
        if dialect == "tosa":  # dialects we model: any other type is a mistake
            raise self.error(f"unknown or unsupported {dialect} type '!{name}'", tok)
        body = ""
        if self.adjacent(tok, "<"):
            end = self.lexer.balanced_end(tok.end)
            body = self.lexer.text[tok.end:end]
            self.reset(end)
        return OpaqueType(dialect, mnemonic + body)

    def _check_balanced(self, tok: Token) -> None:
        """The `<...>` after `tok` closes (MLIR's lexing of pretty dialect names, before any parsing)."""
        self.lexer.balanced_end(tok.end)

    def _also_error(self, error: Tfl2QuantError) -> None:
        """Report `error` and go on: upstream emits it, then the caller's own error (two lines)."""
        m = re.fullmatch(r"(.*):([0-9]+):([0-9]+)", error.where or "")
        if m:
            emit("error", FileLineColLoc(m.group(1), int(m.group(2)), int(m.group(3))), error.message)

    def _parse_quant_opaque(self, tok: Token) -> Type:
        self._check_balanced(tok)
        self.advance()  # '<'
        inner = self.tok
        if inner.kind != BARE or not self.adjacent(inner, "<"):
            raise self.expected("a quantized type mnemonic", inner)
        parse = {"uniform": self._parse_quant_uniform, "any": self._parse_quant_any,
                 "calibrated": self._parse_quant_calibrated,
                 "quantile": self._parse_quant_quantile}.get(inner.spelling)
        if parse is None:
            raise self.error(f"unknown quantized type {inner.spelling}", inner)
        self.advance()
        qtype = parse(inner)
        self.expect(">", "to end !quant<...>")
        return qtype

    def _parse_quant_any(self, tok: Token) -> Type:
        """`!quant.any<storage[<min:max>][:expressed]>`."""
        from ..dialects.quant.types import AnyQuantizedType

        self._expect_adjacent_less(tok)
        spelling = self.tok.spelling if self.tok.kind == BARE and self.tok.spelling[:2] in ("ui", "si") else ""
        signed, width, fname, lo, hi = self._parse_quant_storage()
        expressed = self.parse_type() if self.consume_if(":") else None
        self.expect(">", "to end !quant.any")
        if lo >= hi:
            raise self.error(f"illegal storage min and storage max: ({lo}:{hi})", tok)
        return AnyQuantizedType(width, signed, expressed, lo, hi, storage_spelling=spelling,
                                storage_float=fname)

    def _parse_quant_calibrated(self, tok: Token) -> Type:
        """`!quant.calibrated<expressed<min:max>>`."""
        from ..dialects.quant.types import CalibratedQuantizedType

        self._expect_adjacent_less(tok)
        type_tok = self.tok
        expressed = self.parse_type()
        # upstream (TypeParser.cpp, parseExpressedTypeAndRange) reports the failed step, then
        # what it was parsing: two errors on the line
        if not isinstance(expressed, FloatType):
            self._also_error(self.error("invalid kind of type specified", type_tok))
            raise self.error("expecting float expressed type", type_tok)
        try:
            self.expect("<", "before the calibrated range")
            lo = self.parse_float_literal("(the calibrated minimum)")
            self.expect(":", "between the calibrated minimum and maximum")
            hi = self.parse_float_literal("(the calibrated maximum)")
            self.expect(">", "after the calibrated range")
        except Tfl2QuantError as e:
            self._also_error(e)
            raise self.error("calibrated values must be present", type_tok) from None
        self.expect(">", "to end !quant.calibrated")
        qtype = CalibratedQuantizedType(expressed, lo, hi)
        try:
            qtype.verify()
        except VerificationError as e:
            raise self.error(e.message, tok) from None
        return qtype

    def _expect_adjacent_less(self, tok: Token) -> None:
        if not self.adjacent(tok, "<"):
            raise self.error(f"expected '<' right after '!{tok.spelling}'", self.tok)
        self.advance()

    def _parse_tosa_shape(self, tok: Token) -> Type:
        from ..dialects.tosa import ShapeType  # dialect types live in their dialect

        self._expect_adjacent_less(tok)
        rank = self.parse_integer("(the rank of !tosa.shape)")
        if rank < 0:
            raise self.error(f"!tosa.shape rank must be non-negative, got {rank}", tok)
        self.expect(">", "to end !tosa.shape")
        return ShapeType(rank)

    def _parse_quant_uniform(self, tok: Token) -> Type:
        """`!quant.uniform<storage[<min:max>]:expressed[:axis | :{d:b, ...}], params>`."""
        from ..dialects.quant import types as q

        self._expect_adjacent_less(tok)
        spelling = self.tok.spelling if self.tok.kind == BARE and self.tok.spelling[:2] in ("ui", "si") else ""
        signed, width, fname, lo, hi = self._parse_quant_storage()
        self.expect(":", "after the storage type")
        expressed = self.parse_type()
        param = functools.partial(self._parse_scale_zero_point, expressed)
        if self.consume_if(","):
            scale, zero_point = param()
            qtype = q.UniformQuantizedType(width, signed, expressed, lo, hi, scale, zero_point)
        else:
            if not self.at(":"):
                raise self.expected("',' after the expressed type")
            self.advance()
            if self.at("{"):
                blocks = self.parse_list("{", "}", self._parse_block_size, "in block size list")
                self.expect(",", "after the block sizes")
                shape, params = self._parse_scale_tensor(param)
                zero_points = tuple(z for _, z in params)
                if not (fname or q.STRICT_ZERO_POINTS["on"]):  # the RFC's rule rejects them instead
                    zero_points = tuple(q.wrap_to_storage_width(z, width, signed) for z in zero_points)
                qtype = q.UniformQuantizedSubChannelType(
                    width, signed, expressed, lo, hi, tuple(d for d, _ in blocks),
                    tuple(b for _, b in blocks), shape, tuple(s for s, _ in params), zero_points)
            else:
                axis = self._parse_bounded_integer("(the quantized dimension)", 32)
                self.expect(",", "after the quantized dimension")
                params = self._parse_scale_list(param)
                qtype = q.UniformQuantizedPerAxisType(
                    width, signed, expressed, lo, hi, tuple(s for s, _ in params),
                    tuple(z for _, z in params), axis)
        self.expect(">", "to end !quant.uniform")
        if spelling:
            qtype = dataclasses.replace(qtype, storage_spelling=re.sub(r"<.*", "", spelling))
        if fname:
            qtype = dataclasses.replace(qtype, storage_float=fname)
        try:
            qtype.verify()
        except VerificationError as e:
            raise self.error(e.message, tok) from None
        if isinstance(qtype, q.UniformQuantizedSubChannelType):
            qtype = qtype.with_scales_in_expressed_type()
        return qtype

    def _parse_quant_storage(self) -> tuple[bool, int, str, int, int]:
        """`i8`, `u8`, `si8`, `ui8`, `f8E4M3FN`..., optionally with `<min:max>`:
        (signed, width, float storage name or "", min, max)."""
        signed, width, fname, lowest, highest = self._parse_quant_storage_type()
        if not self.consume_if("<"):
            return signed, width, fname, lowest, highest
        lo, hi = self._parse_storage_range(lowest, highest)
        return signed, width, fname, lo, hi

    def _parse_storage_range(self, lowest: int, highest: int) -> tuple[int, int]:
        """`min:max>` (after the `<`), within the storage type's default range."""
        lo_tok = self.tok
        lo = self.parse_integer("(the storage type minimum)")
        if lo < lowest:
            raise self.error(f"illegal storage type minimum: {lo}; expected at least {lowest}", lo_tok)
        self.expect(":", "between the storage type minimum and maximum")
        hi_tok = self.tok
        hi = self.parse_integer("(the storage type maximum)")
        if hi > highest:
            raise self.error(f"illegal storage type maximum: {hi}; expected at most {highest}", hi_tok)
        self.expect(">", "after the storage type range")
        return lo, hi

    def _parse_quant_storage_type(self) -> tuple[bool, int, str, int, int]:
        """The storage type alone: (signed, width, float storage name or "", default min, max)."""
        from ..dialects.quant.types import FLOAT_STORAGE, MAX_STORAGE_BITS, default_storage_range

        tok = self.tok
        if tok.kind == BARE and tok.spelling in FLOAT_STORAGE:
            self.advance()
            width = FLOAT_STORAGE[tok.spelling].width
            return (True, width, tok.spelling) + default_storage_range(width, True, tok.spelling)
        m = re.fullmatch(r"(s|u)?i([0-9]+)|u([0-9]+)", tok.spelling) if tok.kind == BARE else None
        if m is None:
            # upstream's wording (TypeParser.cpp, parseStorageType)
            raise self.error(f"illegal storage type prefix: expected a storage type (iN, uN or a float "
                             f"storage type: {', '.join(FLOAT_STORAGE)}), "
                             f"found {describe(tok)}", tok)
        self.advance()
        signed = m.group(1) != "u" and m.group(3) is None
        width = int(m.group(2) or m.group(3))
        if width > MAX_INTEGER_WIDTH or width == 0:
            raise self.error(f"invalid integer width: {width}", tok)
        # Checked here, not only in verify(): the default range needs a valid width.
        if not 0 < width <= MAX_STORAGE_BITS:
            raise self.error(f"illegal storage type size: {width}; expected 1 to {MAX_STORAGE_BITS} bits", tok)
        return (signed, width, "") + default_storage_range(width, signed)

    def _parse_quant_quantile(self, tok: Token) -> Type:
        """`!quant.quantile<storage:quantile-type, {q, ...}[, <min:max>]>`."""
        from ..dialects.quant.types import FLOAT_STORAGE, QuantileType

        self._expect_adjacent_less(tok)
        storage_tok = self.tok
        # upstream's float storage types only: tfl2quant's others are for !quant.uniform
        floats = [name for name, f in FLOAT_STORAGE.items() if f.upstream]
        if storage_tok.kind == BARE and (storage_tok.spelling in floats or re.fullmatch(
                r"(s|u)?i([0-9]+)|u([0-9]+)", storage_tok.spelling)):
            signed, width, fname, lowest, highest = self._parse_quant_storage_type()
        else:
            storage = self.parse_type()
            if not isinstance(storage, (IntegerType, FloatType)):
                # upstream's wording (its verifier, at the type)
                raise self.error("storage type must be an integer or float type", tok)
            raise self.error(f"illegal quantized storage type: {storage}; expected an integer type "
                             f"or one of {', '.join(floats)}", storage_tok)
        spelling = storage_tok.spelling if storage_tok.spelling[:2] in ("ui", "si") else ""
        self.expect(":", "after the storage type")
        quantile_type = self.parse_type()
        self.expect(",", "after the quantile type")
        quantiles = self.parse_list("{", "}", lambda: self.parse_float_literal("(a quantile)"),
                                    "in quantile list")
        lo, hi = lowest, highest
        if self.consume_if(","):
            self.expect("<", "before the storage range")
            lo, hi = self._parse_storage_range(lowest, highest)
        self.expect(">", "to end !quant.quantile")
        qtype = QuantileType(width, signed, fname, quantile_type, tuple(quantiles), lo, hi,
                             storage_spelling=spelling)
        try:
            qtype.verify()
        except VerificationError as e:
            raise self.error(e.message, tok) from None
        return qtype

    def _parse_scale_zero_point(self, expressed: Type) -> tuple[float, int]:
        """`scale[:zero_point]`, the scale in the expressed type's range, checked as upstream's
        parser checks it: as soon as it is read, at the token after it."""
        from ..dialects.quant.types import scale_range_error

        scale = self.parse_float_literal("(a scale)")
        error = scale_range_error(scale, expressed)
        if error:
            raise self.error(error)
        zero_point = self._parse_bounded_integer("(a zero point)", 64) if self.consume_if(":") else 0
        return scale, zero_point

    def _parse_scale_list(self, param) -> list:
        """`{p, ...}`: at least one, as upstream's parser reads a scale first."""
        self.expect("{", "in scale list")
        if self.at("}"):
            raise self.expected("floating point literal (a scale)")
        items = [param()]
        while self.consume_if(","):
            items.append(param())
        self.expect("}", "in scale list")
        return items

    def _quant_integer(self, context: str) -> int:
        """An integer, failing with upstream's `expected integer value`."""
        if not (self.at(INTEGER) or (self.at("-") and self.peek().kind == INTEGER)):
            raise self.expected(f"integer value {context}")
        return self.parse_integer(context)

    def _parse_block_size(self) -> tuple[int, int]:
        dim = self._parse_bounded_integer("(a quantized dimension)", 32)
        self.expect(":", "in block size list")
        return dim, self._parse_bounded_integer("(a block size)", 64)

    def _parse_bounded_integer(self, context: str, bits: int) -> int:
        """A signed integer of `bits` bits (upstream stores dimensions as int32, block sizes as int64)."""
        tok = self.tok
        value = self._quant_integer(context)
        if not -(1 << (bits - 1)) <= value < 1 << (bits - 1):
            raise self.error(f"integer value too large: {value} does not fit in i{bits} {context}", tok)
        return value

    def _parse_scale_tensor(self, param) -> tuple[tuple, list]:
        """Nested `{...}` of `scale[:zero_point]`: (its shape, the flat (scale, zero point) pairs)."""
        open_tok = self.tok
        if self.peek().kind != "{":
            params = self._parse_scale_list(param)
            return (len(params),), params
        rows = self.parse_list("{", "}", functools.partial(self._parse_scale_tensor, param), "in scale list")
        if len({shape for shape, _ in rows}) != 1:
            raise self.error("tensor literal is invalid; ranks are not consistent between elements",
                             open_tok)
        return (len(rows),) + rows[0][0], [p for _, flat in rows for p in flat]

    def parse_float_literal(self, context: str) -> float:
        """A float literal, or a hex integer holding the bits of an IEEE double (MLIR's parseFloat)."""
        negative = self.consume_if("-") is not None
        tok = self.tok
        if tok.kind == FLOAT:
            self.advance()
            value = float(tok.spelling)
            return -value if negative else value
        if tok.kind == INTEGER and tok.spelling.startswith("0x"):
            if negative:
                raise self.error("hexadecimal float literal should not have a leading minus", tok)
            self.advance()
            bits = int(tok.spelling, 16)
            if bits >= 1 << 64:
                raise self.error("hexadecimal float constant out of range for type", tok)
            return struct.unpack("<d", bits.to_bytes(8, "little"))[0]
        if tok.kind == INTEGER:
            raise self.error(DECIMAL_FOR_FLOAT, tok)
        raise self.expected(f"floating point literal {context}")


MAX_INTEGER_WIDTH = (1 << 24) - 1  # IntegerType::kMaxWidth

DECIMAL_FOR_FLOAT = ("unexpected decimal integer literal for a floating point value "
                     "(add a trailing dot to make the literal a float)")
