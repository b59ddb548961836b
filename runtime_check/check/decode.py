"""The decode loop of `check` on a generative model: prefill, then N decode steps, step by step.

A model is generative when its signatures are shaped as litert-torch's generative API makes
them, whatever the file is called: a `prefill*` signature (`prefill_16`) and a `decode*` one,
both taking `tokens` and `input_pos`, and state: inputs returned as outputs of the same name,
type and shape in both (the KV cache, `kv_cache_k_0`, `kv_cache_v_0`, ...).

The loop, as an application runs the model:

    prefill   tokens: a seeded random prompt (vocabulary: the last dimension of `logits`),
              input_pos 0..P-1, the state zero (other inputs zero too)
    decode 1  the next token at position P, the state prefill returned
    decode k  TFLite's most likely token after step k-1 (argmax of its `logits`) at P+k-1,
              the state step k-1 returned

TFLite and our final stage each feed their own state back (so a difference in the cache
carries into the next steps and is measured there), but both decode the same tokens: TFLite's.
Were our own argmax fed to our run, a near tie of two logits would send the two runs down
different sequences and every later step would compare different computations; our argmax is
reported beside TFLite's instead (`tokens agree`).

TFLite runs each signature on the kernels its check chose (BUILTIN_REF where it computes
rightly, in parts with the optimized kernels where not: partition.py), on the copy of the model
whose subgraph 0 is the signature's (signatures.py); the optimized kernels run the same loop
through the signature runners of the original file (what users run without a delegate), and
their distance from the reference at each step is TFLite's spread there, the bound of
`float noise`. Each step gets a verdict as a model's outputs do (verdict.verdict_from), with the
per-layer figures of its signature's check.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

import numpy as np

from tfl2quant.errors import Tfl2QuantError

from ..executor import Executor, ExecutorOptions
from . import litert
from .compare import OutputComparison, compare, spread_of
from .partition import OPTIMIZED
from .verdict import FAIL, NOT_COMPARED, verdict_from

TOKENS, POSITIONS, LOGITS = "tokens", "input_pos", "logits"


@dataclass
class Step:
    step: int                     # 0: prefill; k: decode step k
    signature: str
    position: int                 # input_pos of the step's first token
    token: int | None             # the token fed (decode steps)
    outputs: list[OutputComparison]
    verdict: str
    tflite_token: int | None = None  # argmax of TFLite's logits after the step
    our_token: int | None = None     # argmax of ours
    fed: int = 1                     # tokens fed (prefill: the prompt's length)

    def to_json(self) -> dict:
        return {**{k: v for k, v in asdict(self).items() if k != "outputs"},
                "outputs": [o.to_json() for o in self.outputs]}


@dataclass
class DecodeLoop:
    prefill: str
    decode: str
    state: list[str]              # the inputs fed back: the KV cache
    steps_asked: int
    steps: list[Step] = field(default_factory=list)
    verdict: str | None = None
    error: str | None = None
    seconds: float = 0.0
    token_from: str = "TFLite's argmax of logits (both runs decode the same tokens)"

    def tokens_agree(self) -> tuple[int, int]:
        pairs = [(s.tflite_token, s.our_token) for s in self.steps if s.tflite_token is not None]
        return sum(a == b for a, b in pairs), len(pairs)

    def largest(self) -> OutputComparison | None:
        outs = [o for s in self.steps for o in s.outputs]
        return max(outs, key=lambda o: (not o.passed and not o.noise, not o.passed, o.max_abs_diff), default=None)

    def to_json(self) -> dict:
        agree, of = self.tokens_agree()
        return {"prefill": self.prefill, "decode": self.decode, "state": self.state,
                "steps_asked": self.steps_asked, "verdict": self.verdict, "error": self.error,
                "seconds": round(self.seconds, 3), "token_from": self.token_from,
                "tokens_agree": {"same": agree, "of": of}, "steps": [s.to_json() for s in self.steps]}


def generative(found) -> tuple | None:
    """(prefill, decode, state names) when the signatures are a generative model's, else None."""
    prefills = [s for s in found if any(k.startswith("prefill") for k in s.keys)]
    decodes = [s for s in found if any(k.startswith("decode") for k in s.keys)]
    if not prefills or not decodes:
        return None
    prefill, dec = prefills[0], decodes[0]

    def state(s) -> dict:
        outs = {n: (d, shape) for n, _, d, shape in s.outputs}
        return {n: (d, shape) for n, _, d, shape in s.inputs if n in outs and outs[n] == (d, shape)}

    ps, ds = state(prefill), state(dec)
    names = [n for n in ds if n in ps and ps[n] == ds[n]]
    inputs = lambda s: {n for n, *_ in s.inputs}  # noqa: E731
    if not names or not {TOKENS, POSITIONS} <= inputs(prefill) or not {TOKENS, POSITIONS} <= inputs(dec):
        return None
    return prefill, dec, names


def run_loop(path: str, found, copies: dict, results: list, steps: int, seed: int, rounding, tolerances,
             say) -> DecodeLoop | None:
    """The loop on a generative model (None if the model is not one); `results`: each
    signature's check (run.CheckResult, in `found`'s order), whose TFLite runs and final
    module the loop reuses."""
    shape = generative(found)
    if shape is None:
        return None
    prefill, dec, state = shape
    by_subgraph = {s.subgraph: r for s, r in zip(found, results)}
    loop = DecodeLoop(prefill.key, dec.key, state, steps)
    start = time.monotonic()
    ref = {s.subgraph: by_subgraph[s.subgraph].tflite for s in (prefill, dec)}
    module = next((r.module for r in results if r.module is not None), None)
    if any(r is None for r in ref.values()) or module is None:
        # TFLite cannot run a signature (NOT COMPARED) or a stage of ours failed (FAIL): the
        # signatures' verdicts say so; the loop does not run
        why = next((r.reference_why or r.error for r in results if r.tflite is None or r.module is None), None)
        loop.error = f"not run: the signatures' checks could not run TFLite or our stages ({why})"
        return loop
    try:
        ours = Executor(module, ExecutorOptions(rounding=rounding))
        try:
            optimized = litert.load(path, False, OPTIMIZED)
            runners = {s.subgraph: optimized.get_signature_runner(s.key) for s in (prefill, dec)}
        except (Tfl2QuantError, ValueError):  # no spread to measure: the reference alone judges
            runners = {}
        _loop(loop, prefill, dec, state, ref, ours, runners, by_subgraph, seed, tolerances, say, verdict_from)
    except Tfl2QuantError as e:
        loop.error = str(e)
        # TFLite's own failure leaves the later steps without a reference; ours is a FAIL
        failed = NOT_COMPARED if isinstance(e, _TFLiteFailed) else FAIL
    loop.seconds = time.monotonic() - start
    verdicts = [s.verdict for s in loop.steps]
    if loop.error:
        verdicts.append(failed)
    from .signatures import worst
    loop.verdict = worst(verdicts) if verdicts else None
    return loop


def _loop(loop, prefill, dec, state, ref, ours, runners, by_subgraph, seed, tolerances, say, verdict_of) -> None:
    rng = np.random.default_rng(seed)
    logits = next(((d, shape) for n, _, d, shape in dec.outputs if n == LOGITS), None)
    vocab = int(logits[1][-1]) if logits is not None and logits[1] else 4
    feeds = {"ref": {}, "opt": {}, "ours": {}}
    prompt_len = next(int(np.prod(shape)) for n, _, d, shape in prefill.inputs if n == TOKENS)
    token = None
    for step in range(loop.steps_asked + 1):
        s = prefill if step == 0 else dec
        say(f"{'prefill' if step == 0 else f'decode step {step}/{loop.steps_asked}'}")
        values = {}
        for name, _, dtype, shape in s.inputs:
            np_type = np.dtype(_NUMPY[dtype]) if dtype in _NUMPY else np.float32
            if name == TOKENS:
                x = rng.integers(0, vocab, shape) if step == 0 else np.full(shape, token)
            elif name == POSITIONS:
                # one position per prompt token (litert-torch); another shape: the first position
                x = (np.arange(prompt_len) if int(np.prod(shape)) == prompt_len else np.zeros(shape)) \
                    if step == 0 else np.full(shape, prompt_len + step - 1)
            else:
                x = np.zeros(shape)
            values[name] = np.asarray(x).astype(np_type).reshape(shape)
        position = int(values[POSITIONS].ravel()[0])
        if step == 0 and LOGITS not in {n for n, *_ in s.outputs}:
            token = int(rng.integers(0, vocab))  # prefill returns no logits: the prompt's next token
        runs = {}
        for who in ("ref", "opt", "ours"):
            own = {n: feeds[who].get(n, values[n]) if n in state else values[n] for n in values}
            args = [own[n] for n in s.input_names()]
            if who == "ref":
                try:
                    out = ref[s.subgraph].run(args)[0]
                except Tfl2QuantError as e:
                    raise _TFLiteFailed(f"TFLite failed at step {step} ({s.key}): {e}") from None
            elif who == "ours":
                out = ours.run(args, s.key)
            elif s.subgraph in runners:
                got = runners[s.subgraph](**own)
                out = [np.asarray(got[n]) for n in s.output_names()]
            else:
                continue
            runs[who] = dict(zip(s.output_names(), out))
            feeds[who] = {n: runs[who][n] for n in state if n in runs[who]}
        result = by_subgraph[s.subgraph]
        depends = {o.name: o.depends_on for o in result.outputs}
        row = []
        for name in s.output_names():
            theirs, mine, opt = runs["ref"][name], runs["ours"][name], runs.get("opt", {}).get(name)
            row.append(compare(name, mine, theirs, depends.get(name, "float"), limit=tolerances.limit(name),
                               tflite_spread=None if opt is None else spread_of(opt, theirs)))
        verdict = verdict_of(None, result.stages_agree, row, result.layers)
        record = Step(step, s.key, position, None if step == 0 else token, row, verdict,
                      fed=int(values[TOKENS].size))
        if LOGITS in runs["ref"]:
            record.tflite_token = int(np.argmax(runs["ref"][LOGITS].reshape(-1, runs["ref"][LOGITS].shape[-1])[-1]))
            record.our_token = int(np.argmax(runs["ours"][LOGITS].reshape(-1, runs["ours"][LOGITS].shape[-1])[-1]))
            token = record.tflite_token
        loop.steps.append(record)


class _TFLiteFailed(Tfl2QuantError):
    pass


_NUMPY = {"FLOAT32": "float32", "FLOAT16": "float16", "INT32": "int32", "INT64": "int64", "INT8": "int8",
          "UINT8": "uint8", "INT16": "int16", "BOOL": "bool", "FLOAT64": "float64"}
