"""!quant.uniform against upstream MLIR (iree-opt): the same types accepted and rejected, and
printed forms that each side reads back to the same type.

A seeded generator draws per-layer, per-axis and sub-channel types, valid and invalid (storage
widths 0..40, signed and unsigned, storage ranges in and out of bounds, scales that are 0,
negative, infinite, NaN, subnormal, at and past each expressed type's limits, zero points in
and out of range, axes and block sizes of every sign and size). Each is embedded in
`func.func private @fK(tensor<...x!type>)`; one iree-opt run reads them all
(--split-input-file).

Zero points outside the storage type's range are accepted on both sides (the RFC's rule is
`tfl2quant opt --quant-strict-zero-points`); sub-channel ones wrap to the storage width on both.
Our deliberate differences from upstream, asserted rather than skipped:
  - repeated sub-channel dimensions (`{0:2, 0:2}`): upstream accepts, we reject;
  - NaN scales: upstream's range check compares false on NaN and accepts them; we reject
    them (a scale is a positive finite value).
And one upstream bug: it prints sub-channel zero points as signed storage integers, so an
unsigned zero point >= 2^(width-1) comes back negative (u8 200 prints as -56).
"""
from __future__ import annotations

import math
import random
import re
import struct
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tfl2quant.dialects.quant.types import QuantizedType, wrap_to_storage_width
from tfl2quant.errors import Tfl2QuantError
from tfl2quant.ir.parser import parse_module, parse_type

from ..conftest import iree_opt_path

SEED = 20250117
COUNT = 3000
# The positive range of each expressed type (smallest subnormal, largest finite): boundaries
# worth drawing scales at. Upstream decides what is valid.
EXPRESSED = {
    "f16": (2.0 ** -24, 65504.0),
    "bf16": (2.0 ** -133, 3.3895313892515355e38),
    "f32": (2.0 ** -149, 3.4028234663852886e38),
    "f64": (5e-324, 1.7976931348623157e308),
    "f8E4M3FN": (2.0 ** -9, 448.0),
    "f8E5M2": (2.0 ** -16, 57344.0),
}
CONTAINERS = ("tensor<2x3x", "tensor<*x", "tensor<?x4x", "tensor<")
# deliberate difference -> the start of our message for it. (A zero point outside the storage
# range is accepted, as upstream does: test_zero_point_range_is_opt_in.)
RULES = {
    "repeated_dimension": "quantized dimensions must be distinct",
    "nan_scale": "scale nan out of expressed type range",
}


@dataclass
class Case:
    text: str
    container: str
    signed: bool = True
    width: int = 8
    sub_channel: bool = False
    valid_params: bool = False  # draw only scales and zero points in range
    flags: set = field(default_factory=set)   # RULES that apply, and "wrapped_zero_point"
    zero_points: list = field(default_factory=list)

    def line(self, k: int, type_text: str | None = None) -> str:
        return f"func.func private @f{k}({self.container}{type_text or self.text}>)"


# --- the generator ---------------------------------------------------------------------

def _float_text(rng: random.Random, value: float) -> str:
    """A literal MLIR reads as `value`: decimal with a '.', or the double's bits in hex."""
    if not math.isfinite(value) or rng.random() < 0.15:
        return "0x%016X" % struct.unpack("<Q", struct.pack("<d", value))[0]
    text = repr(value)
    mantissa, e, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + (f"e{exponent}" if e else "")


def _scale(rng: random.Random, expressed: str, valid: bool) -> float:
    lo, hi = EXPRESSED[expressed]
    kind = rng.random()
    if valid:  # within the range, or at its ends
        return rng.choice([lo, hi]) if kind < 0.1 else \
            10.0 ** rng.uniform(max(math.log10(lo), -8) + 0.01, min(math.log10(hi), 8) - 0.01)
    if kind < 0.65:
        return 10.0 ** rng.uniform(-8, 8)
    if kind < 0.80:
        return rng.choice([lo, hi, math.nextafter(lo, 0.0), math.nextafter(hi, math.inf),
                           lo * 1.5, hi * 0.75, 2.0 ** rng.randint(-150, 130)])
    return rng.choice([0.0, -0.0, -rng.uniform(0.1, 10.0), math.inf, -math.inf, math.nan,
                       5e-324, 1e-300, 1e300, 1.7976931348623157e308, 1e-45, 1e38])


def _storage_range(width: int, signed: bool) -> tuple[int, int]:
    if signed:
        return -(1 << (width - 1)), (1 << (width - 1)) - 1
    return 0, (1 << width) - 1


def _zero_point(rng: random.Random, lo: int, hi: int, valid: bool) -> int:
    kind = rng.random()
    if kind < 0.75 or valid and kind < 0.9:
        return rng.randint(lo, hi)
    if kind < 0.85 or valid:
        return rng.choice([lo, hi, 0])
    return rng.choice([lo - 1, hi + 1, lo - 1000, hi + 1000, 1 << 40, -(1 << 40),
                       (1 << 63) - 1, -(1 << 63), 1 << 64])


def _params(rng: random.Random, case: Case, expressed: str, lo: int, hi: int) -> str:
    """`scale[:zero_point]`, recording the scale and zero point in `case`."""
    scale = _scale(rng, expressed, case.valid_params)
    if math.isnan(scale):
        case.flags.add("nan_scale")
    zero_point = _zero_point(rng, lo, hi, case.valid_params) if rng.random() < 0.7 else 0
    case.zero_points.append(zero_point)
    text = _float_text(rng, scale)
    if zero_point or rng.random() < 0.1:
        text += f":{zero_point}"
    return text


def _nested(rng, case, expressed, lo, hi, shape: tuple) -> str:
    if len(shape) == 1:
        return "{" + ", ".join(_params(rng, case, expressed, lo, hi) for _ in range(shape[0])) + "}"
    return "{" + ", ".join(_nested(rng, case, expressed, lo, hi, shape[1:]) for _ in range(shape[0])) + "}"


def draw_case(rng: random.Random) -> Case:
    case = Case("", rng.choice(CONTAINERS), valid_params=rng.random() < 0.5)
    width = rng.choice([1, 2, 4, 4, 7, 8, 8, 8, 12, 16, 16, 24, 31, 32, 32]) if rng.random() < 0.9 \
        else rng.choice([0, 33, 40, rng.randint(1, 40)])
    prefix = rng.choice(["i", "i", "i", "u", "u", "u", "si", "ui"])
    case.signed, case.width = prefix in ("i", "si"), width
    storage = f"{prefix}{width}"
    lo, hi = _storage_range(width, case.signed) if width else (0, 0)
    if rng.random() < 0.3:
        a, b = sorted(rng.randint(lo, hi) for _ in range(2)) if width else (0, 1)
        a, b = rng.choice([(a, b), (a, b), (b, a), (a, a), (lo - 1, b), (a, hi + 1), (lo, hi)])
        storage += f"<{a}:{b}>"
    expressed = rng.choice(list(EXPRESSED))
    kind = rng.random()
    if kind < 0.4:
        body = f"{storage}:{expressed}, {_params(rng, case, expressed, lo, hi)}"
    elif kind < 0.7:
        axis = rng.choice([rng.randint(0, 4)] * 8 + [-1, (1 << 31) - 1, 1 << 31])
        count = rng.randint(1, 5) if rng.random() < 0.97 else 0
        params = ", ".join(_params(rng, case, expressed, lo, hi) for _ in range(count))
        body = f"{storage}:{expressed}:{axis}, {{{params}}}"
    else:
        case.sub_channel = True
        shape = tuple(rng.randint(1, 3) for _ in range(rng.randint(1, 3)))
        blocks = []
        for _ in range(rng.randint(0, 3)):
            dim = rng.choice([rng.randint(0, 3)] * 18 + [-1, 1 << 31])
            size = rng.choice([rng.randint(1, 8)] * 16 + [0, -2, 1 << 31, 1 << 63])
            blocks.append((dim, size))
        if len({d for d, _ in blocks}) != len(blocks):
            case.flags.add("repeated_dimension")
        params = _nested(rng, case, expressed, lo, hi, shape)
        if rng.random() < 0.03:  # a ragged scale list
            params = params.replace("}, {", "}, {1.0, ", 1)
        body = f"{storage}:{expressed}:{{{', '.join(f'{d}:{b}' for d, b in blocks)}}}, {params}"
    # upstream keeps sub-channel zero points in a tensor of the storage integer (out-of-range ones
    # wrap, as ours do) and prints them as signed integers (u8 200 prints as -56)
    if case.sub_channel and 0 < width <= 32 and any(
            wrap_to_storage_width(z, width, True) != z for z in case.zero_points):
        case.flags.add("wrapped_zero_point")
    case.text = f"!quant.uniform<{body}>"
    return case


# --- both sides ----------------------------------------------------------------------

_FUNC = re.compile(r"^\s*func\.func private @f(\d+)\((.*)\)$")
_ERROR = re.compile(r"^[^:]+:(\d+):\d+: error: (.*)$")


def run_iree(lines: list[str]) -> tuple[dict[int, str], dict[int, str]]:
    """iree-opt over one line per chunk: (printed argument by chunk, error by chunk)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "types.mlir"
        path.write_text("\n// -----\n".join(lines) + "\n")
        r = subprocess.run([iree_opt_path(), "--split-input-file", str(path)], capture_output=True,
                           text=True)
    printed = {int(m.group(1)): m.group(2) for m in map(_FUNC.match, r.stdout.splitlines()) if m}
    errors = {}
    for m in map(_ERROR.match, r.stderr.splitlines()):
        if m:
            errors.setdefault((int(m.group(1)) - 1) // 2, m.group(2))
    assert len(printed) + len(errors) == len(lines), r.stderr[-2000:]
    return printed, errors


def parse_ours(case: Case, k: int) -> QuantizedType | str:
    """Our type for the case (through the module parser and verifier), or our error."""
    try:
        func = parse_module(case.line(k)).body.ops[0]
    except Tfl2QuantError as e:
        return e.message
    arg = func.function_type.inputs[0]
    return getattr(arg, "element_type", arg)


def _strip_container(case: Case, printed_arg: str) -> str:
    assert printed_arg.startswith(case.container) and printed_arg.endswith(">"), printed_arg
    return printed_arg[len(case.container):-1]


def _signless_spelling(text: str) -> str:
    """Upstream keeps `si8`/`ui8` as written; we print `i8`/`u8`."""
    return re.sub(r"<(s|u)i(\d+)", lambda m: "<" + ("i" if m.group(1) == "s" else "u") + m.group(2), text)


def _zero_points_printed(text: str) -> list[int]:
    """The zero points of a printed sub-channel type, in order."""
    params = text[text.index("}, ") + 3:]
    return [int(p.split(":")[1]) if ":" in p else 0 for p in re.findall(r"[^{},\s>]+", params)]


@dataclass
class Results:
    cases: list
    upstream: dict      # k -> upstream's printed type (accepted) ...
    upstream_errors: dict  # ... or its error
    ours: dict          # k -> our type or our error message
    reprinted_upstream: dict  # k -> upstream's print of our printed type
    reprinted_errors: dict
    upstream_own_errors: dict  # k -> upstream's error on its own printed type


@pytest.fixture(scope="module")
def results() -> Results:
    rng = random.Random(SEED)
    cases = [draw_case(rng) for _ in range(COUNT)]
    printed, errors = run_iree([c.line(k) for k, c in enumerate(cases)])
    upstream = {k: _strip_container(cases[k], text) for k, text in printed.items()}
    ours = {k: parse_ours(c, k) for k, c in enumerate(cases)}
    both = [k for k in upstream if not isinstance(ours[k], str)]
    reprinted, reprinted_errors = run_iree([cases[k].line(k, str(ours[k])) for k in both])
    _, own_errors = run_iree([cases[k].line(k, upstream[k]) for k in both])
    return Results(cases, upstream, errors, ours,
                   {k: _strip_container(cases[k], t) for k, t in reprinted.items()},
                   {both[j]: e for j, e in reprinted_errors.items()},
                   {both[j]: e for j, e in own_errors.items()})


def _report(problems: list[str]) -> str:
    return f"{len(problems)} cases, e.g.:\n" + "\n".join(problems[:12])


def test_the_draw_covers_every_form_and_outcome(results):
    outcomes = Counter()
    for k, case in enumerate(results.cases):
        form = "sub-channel" if case.sub_channel else "per-axis" if "{" in case.text else "per-layer"
        outcomes[form, k in results.upstream] += 1
    assert all(outcomes[form, accepted] > COUNT // 20 for form in ("per-layer", "per-axis", "sub-channel")
               for accepted in (True, False)), outcomes
    for flag in list(RULES) + ["wrapped_zero_point"]:
        assert sum(flag in c.flags for c in results.cases) >= 10, flag


def test_accept_and_reject_like_upstream(results):
    """Same verdict as upstream, except for the deliberate differences, which we reject."""
    problems, differences = [], Counter()
    for k, case in enumerate(results.cases):
        ours, upstream_ok = results.ours[k], k in results.upstream
        ours_ok = not isinstance(ours, str)
        if ours_ok and results.cases[k].flags & set(RULES):
            problems.append(f"accepted despite {sorted(case.flags)}: {case.text}")
        elif upstream_ok and not ours_ok:
            rule = next((r for r, start in RULES.items() if ours.startswith(start)), None)
            if rule is None or rule not in case.flags:
                problems.append(f"upstream accepts, we reject ({ours}): {case.text}")
            differences[rule] += 1
        elif ours_ok and not upstream_ok:
            problems.append(f"upstream rejects ({results.upstream_errors[k]}), we accept: {case.text}")
    assert not problems, _report(problems)
    # every deliberate difference showed up, as a rejection of a type upstream accepts
    assert all(differences[r] > 0 for r in RULES), differences


def test_our_printed_types_mean_the_same_upstream(results):
    """Upstream reads what we print, to the type it reads from the original text."""
    problems = []
    for k, upstream_text in results.upstream.items():
        if isinstance(results.ours[k], str):
            continue
        ours_printed = str(results.ours[k])
        if k in results.reprinted_errors:
            problems.append(f"upstream rejects our {ours_printed} ({results.reprinted_errors[k]})")
        elif _signless_spelling(results.reprinted_upstream[k]) != _signless_spelling(upstream_text):
            problems.append(f"{results.cases[k].text}: upstream reads our {ours_printed} "
                            f"as {results.reprinted_upstream[k]}, not {upstream_text}")
    assert not problems, _report(problems)


def test_upstream_printed_types_mean_the_same_here(results):
    """We read what upstream prints to the type we read from the original text, and we print
    a type that reads back to itself. Two upstream bugs are checked as such: its signed
    printing of unsigned sub-channel zero points, and sub-channel scales it prints in a form it
    does not read back (an f32 scale as its 32-bit pattern `0x4B359A6F`, which the parser
    reads as a double's bits; the smallest f16 subnormal rounded to 5.960460e-08, below the
    range): where upstream rejects its own output, we must reject it too."""
    problems, wrapped, unreadable = [], 0, 0
    for k, upstream_text in results.upstream.items():
        ours, case = results.ours[k], results.cases[k]
        if isinstance(ours, str):
            continue
        if parse_type(str(ours)) != ours:
            problems.append(f"our round trip changes {case.text}: {ours}")
        if "wrapped_zero_point" in case.flags:
            expected = [wrap_to_storage_width(z, case.width, True) for z in case.zero_points]
            if _zero_points_printed(upstream_text) != expected:
                problems.append(f"upstream printed {upstream_text} for {case.text}")
            wrapped += 1
            continue
        try:
            again = parse_type(upstream_text)
        except Tfl2QuantError as e:
            if k in results.upstream_own_errors:
                unreadable += 1
            else:
                problems.append(f"we reject upstream's {upstream_text} ({e.message}) for {case.text}")
            continue
        if k in results.upstream_own_errors:
            problems.append(f"upstream rejects its own {upstream_text} "
                            f"({results.upstream_own_errors[k]}), we read {again}")
        elif again != ours:
            problems.append(f"upstream's {upstream_text} reads as {again}, not {ours}")
    assert not problems, _report(problems)
    assert wrapped > 0 and unreadable > 0


@pytest.mark.parametrize(("text", "rule"), [
    ("!quant.uniform<i8:f32, 1.0:200>", "zero point 200 out of the range [-128, 127]"),
    ("!quant.uniform<u8:f32, 1.0:-1>", "zero point -1 out of the range [0, 255]"),
    ("!quant.uniform<i4:f32:0, {1.0:8, 2.0}>", "zero point 8 out of the range [-8, 7]"),
    ("!quant.uniform<i8:f32:{0:1}, {1.0:-200, 2.0, 3.0, 4.0}>", "zero point -200 out of the range [-128, 127]"),
])
def test_zero_point_range_is_opt_in(text, rule):
    """Upstream accepts zero points outside the storage range, and so do we by default; the RFC's
    rule is `tfl2quant opt --quant-strict-zero-points` (STRICT_ZERO_POINTS)."""
    from tfl2quant.dialects.quant import types as quant_types

    line = f"func.func private @f0(tensor<4x4x{text}>)"
    _, upstream_errors = run_iree([line])
    assert not upstream_errors, upstream_errors
    parse_module(line)
    quant_types.STRICT_ZERO_POINTS["on"] = True
    try:
        with pytest.raises(Tfl2QuantError, match=re.escape(rule)):
            parse_module(line)
    finally:
        quant_types.STRICT_ZERO_POINTS["on"] = False


@pytest.mark.parametrize(("text", "rule"), [
    ("!quant.uniform<i8:f32:{0:2, 0:2}, {{1.0, 2.0}, {3.0, 4.0}}>", "quantized dimensions must be distinct"),
    ("!quant.uniform<i8:f32, 0x7FF8000000000000>", "scale nan out of expressed type range"),
    ("!quant.uniform<i8:f16:1, {1.0, 0xFFF8000000000000}>", "scale nan out of expressed type range"),
])
def test_deliberate_difference(text, rule):
    """Upstream accepts these; we reject them, saying why."""
    line = f"func.func private @f0(tensor<4x4x{text}>)"
    _, upstream_errors = run_iree([line])
    assert not upstream_errors, upstream_errors
    with pytest.raises(Tfl2QuantError, match=re.escape(rule)):
        parse_module(line)


def test_upstream_prints_unsigned_sub_channel_zero_points_signed():
    """The upstream bug the round trip works around: u8 zero points 200 and 255 print as -56
    and -1, which no longer fit u8 (nor mean the same type)."""
    text = "!quant.uniform<u8:f32:{0:1}, {0.5:200, 1.0:255}>"
    printed, _ = run_iree([f"func.func private @f0(tensor<2x{text}>)"])
    assert _zero_points_printed(printed[0]) == [-56, -1]
    assert parse_type(text).zero_points == (200, 255)


def test_sub_channel_zero_points_wrap_to_the_storage_width_as_upstream():
    """Upstream keeps sub-channel zero points in a tensor of the storage integer: 256 in i8 is 0,
    -200 is 56. We read them so, and print what iree-opt prints."""
    line = ("func.func private @f0(tensor<2x4x!quant.uniform<i8:f32:{0:1, 1:2}, "
            "{{2.0:120, 3.0:127}, {4.0:256, 5.0:-200}}>>)")
    printed, errors = run_iree([line])
    assert not errors, errors
    ours = parse_module(line).body.ops[0].function_type.inputs[0]
    assert ours.element_type.zero_points == (120, 127, 0, 56)
    assert printed[0] == str(ours)
