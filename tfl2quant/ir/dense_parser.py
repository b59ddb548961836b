"""`dense<...> : tensor<...>` literals, and scalar literal checks shared with attributes.

Values become numpy arrays of the element type's container (`numpy_dtype`),
as `DenseElementsAttr` holds them; hex strings are read as raw little-endian
element data, one byte per i1, as MLIR writes them. Tensors of a dialect's
element type (`!tf_type.string`) hold string literals: `DenseStringElementsAttr`.
"""
from __future__ import annotations

import numpy as np

from .attributes import DenseElementsAttr, DenseStringElementsAttr
from .lexer import FLOAT, INTEGER, STRING, Token, integer_value, unescape
from .parser_base import ParserBase
from .type_parser import DECIMAL_FOR_FLOAT, TypeParser
from .types import (SIGNED, UNSIGNED, ComplexType, FloatType, IndexType, IntegerType, OpaqueType,
                    RankedTensorType, Type, numpy_dtype)


def element_integer(p: ParserBase, tok: Token, negative: bool, t: Type) -> int:
    """The value of integer literal `tok` as an element of `t`, range-checked as MLIR does.

    Signless integers may be written signed or unsigned and are kept signed
    (`255 : i8` is -1), which is how MLIR prints them.
    """
    value = integer_value(tok)
    value = -value if negative else value
    width, signedness = (64, SIGNED) if isinstance(t, IndexType) else (t.width, t.signedness)
    if signedness == UNSIGNED and negative:
        raise p.error("negative integer literal not valid for unsigned integer type", tok)
    if width == 0:
        lo = hi = 0
    elif signedness == UNSIGNED:
        lo, hi = 0, (1 << width) - 1
    elif signedness == SIGNED:
        lo, hi = -(1 << (width - 1)), (1 << (width - 1)) - 1
    else:
        lo, hi = -(1 << (width - 1)), (1 << width) - 1
    if not lo <= value <= hi:
        raise p.error(f"integer constant out of range for attribute of type {t}", tok)
    if width == 1:
        return value & 1
    if signedness not in (SIGNED, UNSIGNED) and value >= 1 << (width - 1):
        value -= 1 << width
    return value


def float_value(p: ParserBase, tok: Token, negative: bool, t: FloatType):
    """Literal `tok` rounded to `t` (a numpy scalar); a hex integer is `t`'s bit pattern."""
    dtype = numpy_dtype(t)
    if tok.kind == FLOAT:
        value = -float(tok.spelling) if negative else float(tok.spelling)
        with np.errstate(over="ignore"):  # like MLIR, 1.0e39 : f32 is inf
            return np.array(value).astype(dtype)[()]
    if not tok.spelling.startswith("0x"):
        raise p.error(DECIMAL_FOR_FLOAT, tok)
    if negative:
        raise p.error("hexadecimal float literal should not have a leading minus", tok)
    bits = int(tok.spelling, 16)
    if bits >= 1 << t.width:
        raise p.error(f"hexadecimal float constant out of range for type {t}", tok)
    return np.array(bits, dtype=f"u{dtype.itemsize}").view(dtype)[()]


def narrow(data: np.ndarray, t: IntegerType) -> np.ndarray:
    """Bytes holding `t.width`-bit elements (high bits ignored) as values of `t`:
    sign-extended unless `t` is unsigned."""
    bits = data.view(np.uint8) & np.uint8((1 << t.width) - 1)
    if t.signedness == UNSIGNED:
        return bits.view(data.dtype)
    sign = np.uint8(1 << (t.width - 1))
    return ((bits ^ sign).astype(np.int16) - int(sign)).astype(data.dtype)


class DenseParser(TypeParser):
    def parse_dense_elements(self) -> DenseElementsAttr | DenseStringElementsAttr:
        start = self.advance()
        self.expect("<", "after 'dense'")
        literal = None if self.at(">") else self._parse_dense_literal()
        self.expect(">", "to end the dense literal")
        self.expect(":", "after the dense literal (its type)")
        type_tok = self.tok
        t = self.parse_type()
        if not isinstance(t, RankedTensorType):
            raise self.error(f"dense elements need a ranked tensor type, got {t}", type_tok)
        if not t.has_static_shape:
            raise self.error(f"dense elements type must have a static shape, got {t}", type_tok)
        elem = t.element_type
        if isinstance(elem, OpaqueType) and literal is not None:
            return self._strings(literal, t, start)
        if not (isinstance(elem, (IndexType, FloatType))
                or isinstance(elem, IntegerType) and elem.width <= 64
                or isinstance(elem, ComplexType) and str(elem.element_type) in ("f32", "f64")):
            raise self.error(f"dense elements of type {elem} are not supported", type_tok)
        dtype = numpy_dtype(elem)
        if literal is None:
            if t.num_elements != 0:
                raise self.error(f"'dense<>' needs a type with no elements, got {t}", start)
            return DenseElementsAttr(t, np.zeros(t.shape, dtype))
        if isinstance(literal, Token):
            return DenseElementsAttr(t, self._hex_data(literal, t, dtype))
        if not isinstance(literal, list):  # a splat
            return DenseElementsAttr(t, np.array(self._element(literal, elem), dtype))
        shape, flat = self._flatten(literal, start)
        if shape != t.shape:
            raise self.error(f"inferred shape of elements literal ({list(shape)}) does not match "
                             f"type ({list(t.shape)})", start)
        data = np.array([self._element(e, elem) for e in flat], dtype).reshape(t.shape)
        return DenseElementsAttr(t, data)

    # --- the literal, before its type is known ---------------------------------------------
    def _parse_dense_literal(self):
        """A string token (hex data, or a string splat), a nested list, or one element (a splat)."""
        if self.at(STRING):
            return self.advance()
        return self._parse_dense_item()

    def _parse_dense_item(self):
        if self.at("["):
            return self.parse_list("[", "]", self._parse_dense_item, "in dense literal")
        return self._parse_dense_element()

    def _parse_dense_element(self) -> tuple:
        """(kind, token, negative) for numbers, booleans and strings; ("complex", token, (re, im))."""
        tok = self.tok
        if self.at(STRING):
            return ("string", self.advance(), False)
        if self.at_keyword("true", "false"):
            return ("bool", self.advance(), False)
        if self.at("("):
            self.advance()
            real = self._parse_dense_element()
            self.expect(",", "in complex literal")
            imag = self._parse_dense_element()
            self.expect(")", "to end the complex literal")
            return ("complex", tok, (real, imag))
        negative = self.consume_if("-") is not None
        tok = self.tok
        if tok.kind not in (INTEGER, FLOAT):
            raise self.expected("an element literal (integer, float, true, false or (re, im))")
        return ("number", self.advance(), negative)

    def _flatten(self, literal: list, start: Token) -> tuple[tuple, list]:
        if not literal:
            return (0,), []
        if not isinstance(literal[0], list):
            if any(isinstance(e, list) for e in literal):
                raise self.error("tensor literal is invalid; ranks are not consistent between "
                                 "elements", start)
            return (len(literal),), literal
        rows = []
        for row in literal:
            if not isinstance(row, list):
                raise self.error("tensor literal is invalid; ranks are not consistent between "
                                 "elements", start)
            rows.append(self._flatten(row, start))
        if len({shape for shape, _ in rows}) != 1:
            raise self.error("tensor literal is invalid; ranks are not consistent between elements",
                             start)
        return (len(rows),) + rows[0][0], [e for _, flat in rows for e in flat]

    def _element(self, element: tuple, elem: Type):
        kind, tok, extra = element
        if kind == "complex":
            if not isinstance(elem, ComplexType):
                raise self.error(f"complex literal not valid for element type {elem}", tok)
            real, imag = (self._element(part, elem.element_type) for part in extra)
            return complex(float(real), float(imag))
        if isinstance(elem, ComplexType):
            raise self.error("expected a complex literal '(re, im)'", tok)
        if kind == "string":
            raise self.error(f"string literal not valid for element type {elem}", tok)
        if kind == "bool":
            if not (isinstance(elem, IntegerType) and elem.width == 1):
                raise self.error("expected i1 type for 'true' or 'false' values", tok)
            return tok.spelling == "true"
        if isinstance(elem, FloatType):
            return float_value(self, tok, extra, elem)
        if tok.kind == FLOAT:
            raise self.error("expected integer elements, but parsed floating-point", tok)
        return element_integer(self, tok, extra, elem)

    def _strings(self, literal, t: RankedTensorType, start: Token) -> DenseStringElementsAttr:
        """String elements as bytes, row-major; one string is a splat."""
        if isinstance(literal, list):
            shape, flat = self._flatten(literal, start)
            if shape != t.shape:
                raise self.error(f"inferred shape of elements literal ({list(shape)}) does not match "
                                 f"type ({list(t.shape)})", start)
        else:
            flat = [("string", literal, False) if isinstance(literal, Token) else literal]
        values = []
        for kind, tok, _ in flat:
            if kind != "string":
                raise self.error(f"expected a string literal for element type {t.element_type}", tok)
            value = unescape(tok, self.lexer)
            values.append(value.encode("utf-8") if isinstance(value, str) else value)
        return DenseStringElementsAttr(t, tuple(values))

    def _hex_data(self, tok: Token, t: RankedTensorType, dtype: np.dtype) -> np.ndarray:
        text = unescape(tok, self.lexer)
        try:
            raw = bytes.fromhex(text[2:]) if isinstance(text, str) and text.startswith("0x") else None
        except ValueError:
            raw = None
        if raw is None:
            raise self.error("expected string containing hex digits starting with `0x`", tok)
        storage = np.dtype(np.uint8) if dtype == np.bool_ else dtype
        if len(raw) not in (storage.itemsize, storage.itemsize * t.num_elements):
            raise self.error(f"elements hex data size is invalid for provided type: '{t}'", tok)
        data = np.frombuffer(raw, storage)
        if dtype == np.bool_:
            data = data != 0
        elif isinstance(t.element_type, IntegerType) and t.element_type.width < 8:
            data = narrow(data, t.element_type)
        # One element is a splat (MLIR's convention), as the printer's hex never is.
        return data.reshape(()) if data.size == 1 else data.reshape(t.shape)
