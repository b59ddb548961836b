"""The quant types' MLIR syntax: `!quant.uniform`, `!quant.quantile`, `!quant.any`,
`!quant.calibrated`, and the opaque spelling `!quant<uniform<...>>`.

Follows the quant dialect's TypeParser.cpp (and the RFCs, docs/quant-dialect.md), so invalid
parameters are errors at the type, like upstream. Each function reads with the IR core's
TypeParser `p`, which calls `parse_type` for a `!quant` token (registered in __init__.py);
printing is the types' own (types.py).
"""
from __future__ import annotations

import dataclasses
import functools
import re

from ...errors import Tfl2QuantError, VerificationError
from ...ir.diagnostic_engine import emit
from ...ir.lexer import BARE, INTEGER, Token
from ...ir.location import FileLineColLoc
from ...ir.parser_base import describe
from ...ir.types import MAX_INTEGER_WIDTH, FloatType, IntegerType, Type
from . import types as q

_INTEGER_STORAGE = re.compile(r"(s|u)?i([0-9]+)|u([0-9]+)")


def parse_type(p, tok: Token) -> Type:
    """`!quant.<mnemonic><...>`, or `!quant<mnemonic<...>>` when `tok` is `!quant`."""
    if "." not in tok.spelling:
        return _parse_opaque(p, tok)
    if p.adjacent(tok, "<"):
        _check_balanced(p, tok)
    mnemonic = tok.spelling.partition(".")[2]
    parse = _MNEMONICS.get(mnemonic)
    if parse is None:  # upstream's wording (TypeParser.cpp)
        raise p.error(f"unknown quantized type {mnemonic}", tok)
    return parse(p, tok)


def _check_balanced(p, tok: Token) -> None:
    """The `<...>` after `tok` closes (MLIR's lexing of pretty dialect names, before any parsing)."""
    p.lexer.balanced_end(tok.end)


def _also_error(error: Tfl2QuantError) -> None:
    """Report `error` and go on: upstream emits it, then the caller's own error (two lines)."""
    m = re.fullmatch(r"(.*):([0-9]+):([0-9]+)", error.where or "")
    if m:
        emit("error", FileLineColLoc(m.group(1), int(m.group(2)), int(m.group(3))), error.message)


def _parse_opaque(p, tok: Token) -> Type:
    """`!quant<uniform<...>>`, the opaque spelling of `!quant.uniform<...>`."""
    _check_balanced(p, tok)
    p.advance()  # '<'
    inner = p.tok
    if inner.kind != BARE or not p.adjacent(inner, "<"):
        raise p.expected("a quantized type mnemonic", inner)
    parse = _MNEMONICS.get(inner.spelling)
    if parse is None:
        raise p.error(f"unknown quantized type {inner.spelling}", inner)
    p.advance()
    qtype = parse(p, inner)
    p.expect(">", "to end !quant<...>")
    return qtype


def _storage_spelling(p) -> str:
    """`ui8`/`si8` as written (the types keep it for printing), else ""."""
    return p.tok.spelling if p.tok.kind == BARE and p.tok.spelling[:2] in ("ui", "si") else ""


def _parse_any(p, tok: Token) -> Type:
    """`!quant.any<storage[<min:max>][:expressed]>`."""
    p.expect_adjacent_less(tok)
    spelling = _storage_spelling(p)
    signed, width, fname, lo, hi = _parse_storage(p)
    expressed = p.parse_type() if p.consume_if(":") else None
    p.expect(">", "to end !quant.any")
    if lo >= hi:
        raise p.error(f"illegal storage min and storage max: ({lo}:{hi})", tok)
    return q.AnyQuantizedType(width, signed, expressed, lo, hi, storage_spelling=spelling, storage_float=fname)


def _parse_calibrated(p, tok: Token) -> Type:
    """`!quant.calibrated<expressed<min:max>>`."""
    p.expect_adjacent_less(tok)
    type_tok = p.tok
    expressed = p.parse_type()
    # upstream (TypeParser.cpp, parseExpressedTypeAndRange) reports the failed step, then
    # what it was parsing: two errors on the line
    if not isinstance(expressed, FloatType):
        _also_error(p.error("invalid kind of type specified", type_tok))
        raise p.error("expecting float expressed type", type_tok)
    try:
        p.expect("<", "before the calibrated range")
        lo = p.parse_float_literal("(the calibrated minimum)")
        p.expect(":", "between the calibrated minimum and maximum")
        hi = p.parse_float_literal("(the calibrated maximum)")
        p.expect(">", "after the calibrated range")
    except Tfl2QuantError as e:
        _also_error(e)
        raise p.error("calibrated values must be present", type_tok) from None
    p.expect(">", "to end !quant.calibrated")
    qtype = q.CalibratedQuantizedType(expressed, lo, hi)
    try:
        qtype.verify()
    except VerificationError as e:
        raise p.error(e.message, tok) from None
    return qtype


def _parse_uniform(p, tok: Token) -> Type:
    """`!quant.uniform<storage[<min:max>]:expressed[:axis | :{d:b, ...}], params>`."""
    p.expect_adjacent_less(tok)
    spelling = _storage_spelling(p)
    signed, width, fname, lo, hi = _parse_storage(p)
    p.expect(":", "after the storage type")
    expressed = p.parse_type()
    param = functools.partial(_parse_scale_zero_point, p, expressed)
    if p.consume_if(","):
        scale, zero_point = param()
        qtype = q.UniformQuantizedType(width, signed, expressed, lo, hi, scale, zero_point)
    else:
        if not p.at(":"):
            raise p.expected("',' after the expressed type")
        p.advance()
        if p.at("{"):
            blocks = p.parse_list("{", "}", functools.partial(_parse_block_size, p), "in block size list")
            p.expect(",", "after the block sizes")
            shape, params = _parse_scale_tensor(p, param)
            zero_points = tuple(z for _, z in params)
            if not (fname or q.STRICT_ZERO_POINTS["on"]):  # the RFC's rule rejects them instead
                zero_points = tuple(q.wrap_to_storage_width(z, width, signed) for z in zero_points)
            qtype = q.UniformQuantizedSubChannelType(
                width, signed, expressed, lo, hi, tuple(d for d, _ in blocks),
                tuple(b for _, b in blocks), shape, tuple(s for s, _ in params), zero_points)
        else:
            axis = _parse_bounded_integer(p, "(the quantized dimension)", 32)
            p.expect(",", "after the quantized dimension")
            params = _parse_scale_list(p, param)
            qtype = q.UniformQuantizedPerAxisType(
                width, signed, expressed, lo, hi, tuple(s for s, _ in params),
                tuple(z for _, z in params), axis)
    p.expect(">", "to end !quant.uniform")
    if spelling:
        qtype = dataclasses.replace(qtype, storage_spelling=re.sub(r"<.*", "", spelling))
    if fname:
        qtype = dataclasses.replace(qtype, storage_float=fname)
    try:
        qtype.verify()
    except VerificationError as e:
        raise p.error(e.message, tok) from None
    if isinstance(qtype, q.UniformQuantizedSubChannelType):
        qtype = qtype.with_scales_in_expressed_type()
    return qtype


def _parse_storage(p) -> tuple[bool, int, str, int, int]:
    """`i8`, `u8`, `si8`, `ui8`, `f8E4M3FN`..., optionally with `<min:max>`:
    (signed, width, float storage name or "", min, max)."""
    signed, width, fname, lowest, highest = _parse_storage_type(p)
    if not p.consume_if("<"):
        return signed, width, fname, lowest, highest
    lo, hi = _parse_storage_range(p, lowest, highest)
    return signed, width, fname, lo, hi


def _parse_storage_range(p, lowest: int, highest: int) -> tuple[int, int]:
    """`min:max>` (after the `<`), within the storage type's default range."""
    lo_tok = p.tok
    lo = p.parse_integer("(the storage type minimum)")
    if lo < lowest:
        raise p.error(f"illegal storage type minimum: {lo}; expected at least {lowest}", lo_tok)
    p.expect(":", "between the storage type minimum and maximum")
    hi_tok = p.tok
    hi = p.parse_integer("(the storage type maximum)")
    if hi > highest:
        raise p.error(f"illegal storage type maximum: {hi}; expected at most {highest}", hi_tok)
    p.expect(">", "after the storage type range")
    return lo, hi


def _parse_storage_type(p) -> tuple[bool, int, str, int, int]:
    """The storage type alone: (signed, width, float storage name or "", default min, max)."""
    tok = p.tok
    if tok.kind == BARE and tok.spelling in q.FLOAT_STORAGE:
        p.advance()
        width = q.FLOAT_STORAGE[tok.spelling].width
        return (True, width, tok.spelling) + q.default_storage_range(width, True, tok.spelling)
    m = _INTEGER_STORAGE.fullmatch(tok.spelling) if tok.kind == BARE else None
    if m is None:
        # upstream's wording (TypeParser.cpp, parseStorageType)
        raise p.error(f"illegal storage type prefix: expected a storage type (iN, uN or a float "
                      f"storage type: {', '.join(q.FLOAT_STORAGE)}), "
                      f"found {describe(tok)}", tok)
    p.advance()
    signed = m.group(1) != "u" and m.group(3) is None
    width = int(m.group(2) or m.group(3))
    if width > MAX_INTEGER_WIDTH or width == 0:
        raise p.error(f"invalid integer width: {width}", tok)
    # Checked here, not only in verify(): the default range needs a valid width.
    if not 0 < width <= q.MAX_STORAGE_BITS:
        raise p.error(f"illegal storage type size: {width}; expected 1 to {q.MAX_STORAGE_BITS} bits", tok)
    return (signed, width, "") + q.default_storage_range(width, signed)


def _parse_quantile(p, tok: Token) -> Type:
    """`!quant.quantile<storage:quantile-type, {q, ...}[, <min:max>]>`."""
    p.expect_adjacent_less(tok)
    storage_tok = p.tok
    # upstream's float storage types only: tfl2quant's others are for !quant.uniform
    floats = [name for name, f in q.FLOAT_STORAGE.items() if f.upstream]
    if storage_tok.kind == BARE and (storage_tok.spelling in floats or _INTEGER_STORAGE.fullmatch(
            storage_tok.spelling)):
        signed, width, fname, lowest, highest = _parse_storage_type(p)
    else:
        storage = p.parse_type()
        if not isinstance(storage, (IntegerType, FloatType)):
            # upstream's wording (its verifier, at the type)
            raise p.error("storage type must be an integer or float type", tok)
        raise p.error(f"illegal quantized storage type: {storage}; expected an integer type "
                      f"or one of {', '.join(floats)}", storage_tok)
    spelling = storage_tok.spelling if storage_tok.spelling[:2] in ("ui", "si") else ""
    p.expect(":", "after the storage type")
    quantile_type = p.parse_type()
    p.expect(",", "after the quantile type")
    quantiles = p.parse_list("{", "}", lambda: p.parse_float_literal("(a quantile)"), "in quantile list")
    lo, hi = lowest, highest
    if p.consume_if(","):
        p.expect("<", "before the storage range")
        lo, hi = _parse_storage_range(p, lowest, highest)
    p.expect(">", "to end !quant.quantile")
    qtype = q.QuantileType(width, signed, fname, quantile_type, tuple(quantiles), lo, hi,
                           storage_spelling=spelling)
    try:
        qtype.verify()
    except VerificationError as e:
        raise p.error(e.message, tok) from None
    return qtype


def _parse_scale_zero_point(p, expressed: Type) -> tuple[float, int]:
    """`scale[:zero_point]`, the scale in the expressed type's range, checked as upstream's
    parser checks it: as soon as it is read, at the token after it."""
    scale = p.parse_float_literal("(a scale)")
    error = q.scale_range_error(scale, expressed)
    if error:
        raise p.error(error)
    zero_point = _parse_bounded_integer(p, "(a zero point)", 64) if p.consume_if(":") else 0
    return scale, zero_point


def _parse_scale_list(p, param) -> list:
    """`{p, ...}`: at least one, as upstream's parser reads a scale first."""
    p.expect("{", "in scale list")
    if p.at("}"):
        raise p.expected("floating point literal (a scale)")
    items = [param()]
    while p.consume_if(","):
        items.append(param())
    p.expect("}", "in scale list")
    return items


def _quant_integer(p, context: str) -> int:
    """An integer, failing with upstream's `expected integer value`."""
    if not (p.at(INTEGER) or (p.at("-") and p.peek().kind == INTEGER)):
        raise p.expected(f"integer value {context}")
    return p.parse_integer(context)


def _parse_block_size(p) -> tuple[int, int]:
    dim = _parse_bounded_integer(p, "(a quantized dimension)", 32)
    p.expect(":", "in block size list")
    return dim, _parse_bounded_integer(p, "(a block size)", 64)


def _parse_bounded_integer(p, context: str, bits: int) -> int:
    """A signed integer of `bits` bits (upstream stores dimensions as int32, block sizes as int64)."""
    tok = p.tok
    value = _quant_integer(p, context)
    if not -(1 << (bits - 1)) <= value < 1 << (bits - 1):
        raise p.error(f"integer value too large: {value} does not fit in i{bits} {context}", tok)
    return value


def _parse_scale_tensor(p, param) -> tuple[tuple, list]:
    """Nested `{...}` of `scale[:zero_point]`: (its shape, the flat (scale, zero point) pairs)."""
    open_tok = p.tok
    if p.peek().kind != "{":
        params = _parse_scale_list(p, param)
        return (len(params),), params
    rows = p.parse_list("{", "}", functools.partial(_parse_scale_tensor, p, param), "in scale list")
    if len({shape for shape, _ in rows}) != 1:
        raise p.error("tensor literal is invalid; ranks are not consistent between elements", open_tok)
    return (len(rows),) + rows[0][0], [pair for _, flat in rows for pair in flat]


_MNEMONICS = {"uniform": _parse_uniform, "quantile": _parse_quantile, "any": _parse_any,
              "calibrated": _parse_calibrated}
