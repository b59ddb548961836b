"""The table `tfl2quant check` prints (docs/reading-a-verdict.md shows one of each verdict)."""
from __future__ import annotations

import re

from legalize.records import PATHS


def format_check(result) -> str:
    if result.signatures:
        return _format_signatures(result)
    lines = [f"model: {result.model}",
             "ops:   " + ", ".join(f"{p} {result.ops[p]}" for p in PATHS)]
    lines += _reference(result)
    if result.samples > 1:
        lines.append(f"samples: {result.samples} input sets; each figure is the worst, [sN] its set")
    t = result.tolerances
    if t.atol is not None or t.rtol is not None or t.outputs or t.max_steps:
        lines.append("tolerance: " + _tolerance_text(t))
    for r in result.records:
        if r.reason:
            lines.append(f"  op {r.index} {r.name} [{r.path}]: {r.reason}")
    if result.stages:
        lines.append(f"{'stage':<10} {'output':<36} {'exact':>8} {'max diff':>9} {'tol':>8}  verdict")
    for stage, outputs in result.stages.items():
        for o in outputs:
            tol = "-" if o.tolerance is None else f"{o.tolerance:.3g}"
            spread = f", TFLite's spread {o.tflite_spread:.3g}" if o.tflite_spread else ""
            where = f" [s{o.sample}]" if result.samples > 1 else ""
            lines.append(f"{stage:<10} {o.name[:36]:<36} {o.exact_fraction:>8.2%} {o.max_abs_diff:>9.4g} "
                         f"{tol:>8}  {o.verdict} ({o.depends_on}{spread}){where}")
    lines.append("stages agree: " + ("not all stages ran" if result.error else "yes" if result.stages_agree else
                                     "NO: the stages after import compute different outputs"))
    worst = result.largest_difference()
    if worst is not None and worst.max_abs_diff:
        unit = " steps" if worst.dtype[0] in "iu" else ""
        lines.append(f"largest end-to-end difference: {worst.max_abs_diff:.4g}{unit} on {worst.name}")
    if result.first_divergence is not None:
        d = result.first_divergence
        lines.append(f"first diverges: {d.describe()} [{d.path}]: max diff {d.chained_max_abs_diff:.4g} "
                     f"(tol {d.chained_tolerance:.3g}) end to end")
    d = result.first_difference
    if d is not None and (result.first_divergence is None or d.index < result.first_divergence.index):
        lines.append(f"first differs: {d.describe()} [{d.path}]: max diff {d.chained_max_abs_diff:.4g} "
                     f"(within its tol {d.chained_tolerance:.3g}) end to end")
    lines += _layers(result)
    lines += _deployed(result)
    if result.error:
        lines.append(f"error: {result.error}")
    lines += _noise(result)
    lines.append(result.verdict)
    return "\n".join(lines)


def _reference(result) -> list[str]:
    if result.reference == "none":
        cannot = ("no TFLite kernel computes the model rightly" if result.reference_why.startswith("every TFLite")
                  else "TFLite cannot run the model")
        return [f"reference: none: {cannot} ({result.reference_why}); "
                f"only our stages are cross-checked"]
    if not result.reference_why:
        return []
    counts = ", ".join(f"{label} {n}" for label, n in result.kernels.items())
    reasons = re.split(r"; (?=ops? \d)", result.reference_why)  # each starts with the ops it is of
    return [f"reference: {result.reference} (ops judged: {counts})"] + [f"  {r}" for r in reasons]


def _tolerance_text(t) -> str:
    parts = []
    if t.atol is not None or t.rtol is not None:
        parts.append(f"float outputs atol {t.limit('').atol:g}, rtol {t.limit('').rtol:g}")
    parts += [f"{name}: " + ", ".join(f"{k} {v:g}" for k, v in own.items()) for name, own in t.outputs.items()]
    if t.max_steps:
        parts.append(f"integer outputs within {t.max_steps} steps")
    return "; ".join(parts)


def _layers(result) -> list[str]:
    checked = [layer for layer in result.layers if layer.skipped is None]
    unjudged = [layer for layer in checked if layer.tolerance is None]
    notes = []
    if len(checked) < len(result.layers):
        notes.append(f"{len(result.layers) - len(checked)} checked only end to end")
    if unjudged:
        notes.append(f"{len(unjudged)} without a bound, so failed: float results of fallback ops, which TFLite "
                     f"computes with hybrid kernels")
    if not result.layers:
        return []
    lines = [f"per layer: {sum(layer.passed for layer in checked)}/{len(checked)} ops match TFLite on its "
             f"own inputs" + (f" ({'; '.join(notes)})" if notes else "")]
    for layer in checked:
        other = layer.reference != "BUILTIN_REF"
        if layer.passed and not layer.max_abs_diff and not other:
            continue
        tol = "-" if layer.tolerance is None else f"{layer.tolerance:.3g}"
        verdict = "" if layer.passed else "  NO BOUND" if layer.tolerance is None else "  MISMATCH"
        judged = f", judged by {layer.reference}" if other else ""
        lines.append(f"  op {layer.index} {layer.name} [{layer.path}] at {layer.location}: "
                     f"{layer.exact_fraction:.2%} exact, max diff {layer.max_abs_diff:.4g} (tol {tol})"
                     f"{judged}{verdict}")
    return lines


def _deployed(result) -> list[str]:
    if not result.deployed and not result.deployed_error:
        return []
    head = "deployed (what users run: TFLite's default resolver, optimized kernels and XNNPACK; not judged)"
    if result.deployed_error:
        return [f"{head}: it could not run ({result.deployed_error})"]
    lines = [head + ":", f"  {'output':<36} {'ours from it':>13} {'reference from it':>18} "
                         f"{'reference from optimized':>25}"]
    for d in result.deployed:
        steps = next((o.dtype[0] in "iu" for o in result.outputs if o.name == d.name), False)
        lines.append(f"  {d.name[:36]:<36} {_figure(d.ours, steps):>13} {_figure(d.reference, steps):>18} "
                     f"{_figure(d.optimized, steps):>25}")
    return lines


def _figure(x, steps: bool) -> str:
    if x is None:
        return "-"
    return f"{x:.0f} step{'' if x == 1 else 's'}" if steps else f"{x:.4g}"


def _noise(result) -> list[str]:
    noisy = [o for o in result.outputs if o.noise]
    if result.verdict != "PASS (float noise)" or not noisy:
        return []
    o = max(noisy, key=lambda o: o.max_abs_diff)
    return [f"float noise: every op matches TFLite on its own inputs; {o.name} is {o.max_abs_diff:.4g} from "
            f"BUILTIN_REF, beyond its tolerance {o.tolerance:.3g} but within {o.tflite_spread:.4g}, how far "
            f"TFLite's own kernel sets are apart on the same inputs (--atol or --rtol: a tolerance of your own)"]


def _format_signatures(result) -> str:
    """A model with several signatures: each signature's check as a model's, under its name,
    then the decode loop, then each verdict and the worst."""
    lines = [f"model: {result.model}",
             f"signatures: {len(result.signatures)} ("
             + ", ".join(r.signature for r in result.signatures) + "), each checked as below"]
    for r in result.signatures:
        own = format_check(r).split("\n")
        lines.append(f"== signature {r.signature} ==")
        lines += own[1:-1] + [f"signature {r.signature}: {r.verdict}"]
    loop = result.decode
    if loop is not None:
        lines += _decode(loop)
    summary = [f"{r.signature} {r.verdict}" for r in result.signatures]
    if loop is not None:
        summary.append(f"decode loop {loop.verdict or '-'}")
    lines.append("verdicts: " + ", ".join(summary))
    lines.append(result.verdict)
    return "\n".join(lines)


def _decode(loop) -> list[str]:
    decoded = len([s for s in loop.steps if s.step > 0])
    lines = [f"== decode loop: {loop.prefill}, then {loop.steps_asked} {loop.decode} steps "
             f"(state fed back: {', '.join(loop.state)}; next token: {loop.token_from}) ==",
             f"{'step':<10} {'signature':<12} {'output':<24} {'exact':>8} {'max diff':>9} {'tol':>8}  verdict"]
    for s in loop.steps:
        where = "prefill" if s.step == 0 else f"decode {s.step}"
        for o in s.outputs:
            tol = "-" if o.tolerance is None else f"{o.tolerance:.3g}"
            spread = f", TFLite's spread {o.tflite_spread:.3g}" if o.tflite_spread else ""
            lines.append(f"{where:<10} {s.signature[:12]:<12} {o.name[:24]:<24} {o.exact_fraction:>8.2%} "
                         f"{o.max_abs_diff:>9.4g} {tol:>8}  {o.verdict} ({o.depends_on}{spread})")
        token = f", token {s.token} at position {s.position}" if s.token is not None else \
            f", a prompt of {s.fed} tokens at positions {s.position}..{s.position + s.fed - 1}" if s.step == 0 else ""
        argmax = (f"; next token: TFLite {s.tflite_token}, ours {s.our_token}"
                  if s.tflite_token is not None else "")
        lines.append(f"  {where}: {s.verdict}{token}{argmax}")
    agree, of = loop.tokens_agree()
    if of:
        lines.append(f"tokens agree: {agree}/{of} steps (our argmax of logits is TFLite's)")
    worst = loop.largest()
    if worst is not None and worst.max_abs_diff:
        lines.append(f"largest difference in the loop: {worst.max_abs_diff:.4g} on {worst.name}")
    if loop.error:
        lines.append(f"error: decode loop: {loop.error}")
    lines.append(f"decode loop: {loop.verdict or '-'} ({decoded} decode steps, {loop.seconds:.1f}s)")
    return lines
