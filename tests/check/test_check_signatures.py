"""`check` on models with several signatures: every signature, and a generative model's decode
loop (runtime_check/check/signatures.py, decode.py), on models built here and on a tiny litert-torch
export committed under models/exporters/litert-torch/."""
from __future__ import annotations

import json

import numpy as np
import pytest

from runtime_check.check import check_model, litert
from runtime_check.check import run as check_module
from runtime_check.check.decode import generative as generative_shape
from runtime_check.check.signatures import read_signatures, subgraph_first, worst
from runtime_check.check.table import format_check
from tfl2quant.errors import Tfl2QuantError
from tools.tflite_builder import generative, signatures

from ..cli.test_cli import tfl2quant
from ..conftest import ROOT
from ..models.test_exporter_idioms import composite_model

LITERT_TORCH = ROOT / "models" / "exporters" / "litert-torch"


def _write(tmp_path, name: str, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_every_signature_is_checked_and_named(tmp_path):
    path = _write(tmp_path, "model.tflite", generative())
    result = check_model(str(path), decode_steps=0)
    assert [r.signature for r in result.signatures] == ["prefill_4", "decode"]
    assert [r.verdict for r in result.signatures] == ["PASS", "PASS"] and result.verdict == "PASS"
    decode = result.signatures[1]
    # outputs by the signature's names, not the tensors' (`updated_cache`, `logits_out`)
    assert [o.name for o in decode.outputs] == ["kv_cache_k_0", "logits"]
    assert [o.name for o in result.outputs] == ["prefill_4/kv_cache_k_0", "decode/kv_cache_k_0", "decode/logits"]
    assert len(decode.layers) == 7 and all(layer.passed for layer in decode.layers)  # decode's own ops
    assert result.decode is None  # --decode-steps 0
    data = json.loads(json.dumps(result.to_json()))
    assert [s["signature"] for s in data["signatures"]] == ["prefill_4", "decode"]
    assert data["signatures"][1]["outputs"][1]["name"] == "logits" and "decode" not in data
    text = format_check(result)
    assert "== signature decode ==" in text and "verdicts: prefill_4 PASS, decode PASS" in text
    assert text.endswith("\nPASS")


def test_a_model_with_one_signature_is_checked_as_before(tmp_path):
    from tools.tflite_builder import add_model
    path = _write(tmp_path, "add.tflite", add_model())
    result = check_model(str(path))
    assert result.signatures == [] and result.decode is None and result.signature is None
    assert "signatures" not in result.to_json() and "== signature" not in format_check(result)


def test_the_copy_with_the_signature_first_runs_what_its_signature_runner_runs(tmp_path):
    """check runs signature `decode` as subgraph 0 of a copy (so that TFLite's parts and the
    per-layer check apply): its invoke computes what get_signature_runner('decode') does."""
    path = _write(tmp_path, "model.tflite", generative())
    (_, dec) = read_signatures(str(path))
    assert dec.keys == ["decode"] and dec.subgraph == 1
    copy = _write(tmp_path, "copy.tflite", subgraph_first(str(path), 1))
    assert [(s.keys, s.subgraph) for s in read_signatures(str(copy))] == [(["prefill_4"], 1), (["decode"], 0)]
    first = litert.load(str(copy))
    runner = litert.load(str(path)).get_signature_runner("decode")
    feeds = {"tokens": np.array([[3]], np.int32), "input_pos": np.array([5], np.int32),
             "kv_cache_k_0": np.random.default_rng(1).uniform(-1, 1, (1, 8, 2)).astype(np.float32)}
    ours = litert.run(first, [feeds[n] for n in dec.input_names()])
    theirs = runner(**feeds)
    for name, x in zip(dec.output_names(), ours):
        np.testing.assert_array_equal(x, theirs[name])


def test_the_decode_loop_feeds_the_cache_back_and_decodes_tflites_tokens(tmp_path):
    path = _write(tmp_path, "model.tflite", generative())
    result = check_model(str(path), decode_steps=3)
    loop = result.decode
    assert (loop.prefill, loop.decode, loop.state) == ("prefill_4", "decode", ["kv_cache_k_0"])
    assert [(s.step, s.signature, s.position) for s in loop.steps] == [
        (0, "prefill_4", 0), (1, "decode", 4), (2, "decode", 5), (3, "decode", 6)]
    assert loop.steps[0].fed == 4 and all(s.verdict == "PASS" for s in loop.steps) and loop.verdict == "PASS"
    # each decode step is fed TFLite's most likely token after the step before
    assert [s.token for s in loop.steps[2:]] == [s.tflite_token for s in loop.steps[1:-1]]
    assert loop.tokens_agree() == (3, 3)
    # the cache comes back: after step 3 it holds the prompt's 4 embeddings and 3 more
    data = result.to_json()["decode"]
    assert data["steps"][3]["outputs"][0]["name"] == "kv_cache_k_0" and data["tokens_agree"] == {"same": 3, "of": 3}
    text = format_check(result)
    assert "== decode loop: prefill_4, then 3 decode steps (state fed back: kv_cache_k_0;" in text
    assert "  decode 1: PASS, token " in text and "tokens agree: 3/3 steps" in text


def test_generative_models_are_found_by_structure_not_by_name(tmp_path):
    gen = read_signatures(str(_write(tmp_path, "whatever.tflite", generative(decode_key="decode_step"))))
    prefill, dec, state = generative_shape(gen)
    assert (prefill.key, dec.key, state) == ("prefill_4", "decode_step", ["kv_cache_k_0"])
    # two signatures without state (`add`, `mul`): no loop, whatever the file is called
    plain = _write(tmp_path, "llm_prefill_decode.tflite", signatures())
    assert generative_shape(read_signatures(str(plain))) is None
    result = check_model(str(plain))
    assert result.decode is None and [r.signature for r in result.signatures] == ["add", "mul"]
    assert result.verdict == "PASS"


def test_the_verdict_is_the_worst_over_signatures(tmp_path, monkeypatch):
    assert worst(["PASS", "PASS (float noise)", "PASS (per layer)"]) == "PASS (per layer)"
    assert worst(["PASS (per layer)", "FAIL", "NOT COMPARED"]) == "FAIL"
    real = check_module.check_subgraph0

    def decode_fails(path, *args, **kw):
        result = real(path, *args, **kw)
        if "subgraph-1-first" in str(path):
            result.verdict = "FAIL"
        return result

    monkeypatch.setattr(check_module, "check_subgraph0", decode_fails)
    result = check_model(str(_write(tmp_path, "model.tflite", generative())), decode_steps=1)
    assert [r.verdict for r in result.signatures] == ["PASS", "FAIL"] and result.verdict == "FAIL"
    assert format_check(result).endswith("verdicts: prefill_4 PASS, decode FAIL, decode loop PASS\nFAIL")


def test_inputs_of_several_signatures_are_keyed_signature_slash_input(tmp_path):
    path = _write(tmp_path, "model.tflite", generative())
    npz = tmp_path / "in.npz"
    cache = np.full((1, 8, 2), 0.5, np.float32)
    np.savez(npz, **{"decode/tokens": np.array([[2]], np.int32), "decode/input_pos": np.array([3], np.int32),
                     "decode/kv_cache_k_0": cache})
    r = tfl2quant("check", path, "--inputs", npz, "--decode-steps", "0")
    assert r.returncode == 0, r.stdout + r.stderr  # prefill_4 has no key: seeded random inputs
    np.savez(npz, **{"tokens": np.array([[2]], np.int32)})
    r = tfl2quant("check", path, "--inputs", npz)
    assert r.returncode == 2 and "the keys of a model with several signatures are SIGNATURE/INPUT" in r.stderr
    assert "'decode/tokens'" in r.stderr and r.stdout == ""
    np.savez(npz, **{"decode/tokens": np.array([[2]], np.int32)})
    r = tfl2quant("check", path, "--inputs", npz)
    assert r.returncode == 2 and "no array for input 'decode/input_pos', 'decode/kv_cache_k_0'" in r.stderr


def test_tolerances_name_any_signatures_output(tmp_path):
    path = str(_write(tmp_path, "model.tflite", generative()))
    from runtime_check.check.tolerance import Tolerances
    result = check_model(path, tolerances=Tolerances.parse(rtol=("logits=1e-3",)), decode_steps=1)
    # each signature gets the tolerances of its own outputs
    assert [r.tolerances.outputs for r in result.signatures] == [{}, {"logits_out": {"rtol": 1e-3}}]
    assert result.signatures[1].outputs[1].user_tolerance and result.verdict == "PASS"
    by_tensor = check_model(path, tolerances=Tolerances.parse(atol=("logits_out=1e-3",)), decode_steps=0)
    assert by_tensor.signatures[1].tolerances.outputs == {"logits_out": {"atol": 1e-3}}  # TFLite's name
    with pytest.raises(Tfl2QuantError, match="'nope', which is not an output of any signature"):
        check_model(path, tolerances=Tolerances.parse(atol=("nope=1",)))


def test_a_composite_is_judged_per_layer_by_its_decomposition(tmp_path):
    """STABLEHLO_COMPOSITE alone: its one-op module takes the decomposition along, so the layer
    is compared with TFLite's, not skipped (litert-torch's rms_norm and attention)."""
    path = _write(tmp_path, "composite.tflite", composite_model({"epsilon": 0.5}))
    result = check_model(str(path))
    (layer,) = result.layers
    assert layer.name == "tfl.stablehlo_composite" and layer.skipped is None and layer.passed
    assert layer.path == "float" and layer.max_abs_diff == 0


@pytest.mark.parametrize("variant", ["f32", "q4-block32"])
def test_a_litert_torch_generative_export_checks_step_by_step(variant):
    """TinyLlama's architecture from litert-torch's generative API at toy size (built by
    models/exporter_steps/tiny_decoder.py): every op, composites included, matches TFLite on its
    own inputs in both signatures, and the decode loop is exact at every step. With blockwise
    int4 weights, TFLite runs each step in parts (those FULLY_CONNECTEDs on the optimized
    kernels, every other op on BUILTIN_REF), where the optimized kernels alone are 1e-2 away."""
    path = LITERT_TORCH / f"tiny-decoder.gen-{variant}.tflite"
    if not path.exists():
        pytest.skip(f"{path} not in this tree")
    result = check_model(str(path), decode_steps=2)
    assert [r.signature for r in result.signatures] == ["prefill_8", "decode"]
    for r in result.signatures:
        assert r.verdict == "PASS" and all(layer.skipped is None and layer.passed for layer in r.layers)
        assert any(layer.name == "tfl.stablehlo_composite" for layer in r.layers)
    loop = result.decode
    assert loop.state == ["kv_cache_k_0", "kv_cache_k_1", "kv_cache_v_0", "kv_cache_v_1"]
    assert [s.verdict for s in loop.steps] == ["PASS"] * 3 and loop.tokens_agree() == (2, 2)
    assert result.verdict == "PASS"


def test_check_decode_steps_on_the_command_line(tmp_path):
    path = _write(tmp_path, "model.tflite", generative())
    report = tmp_path / "r.json"
    r = tfl2quant("check", path, "--decode-steps", "2", "--json", report)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "decode loop: PASS (2 decode steps" in r.stdout and r.stdout.endswith("\nPASS\n")
    data = json.loads(report.read_text())
    assert data["verdict"] == "PASS" and len(data["decode"]["steps"]) == 3
    assert [s["signature"] for s in data["signatures"]] == ["prefill_4", "decode"]
    r = tfl2quant("check", path, "--decode-steps", "0")
    assert r.returncode == 0 and "decode loop" not in r.stdout


def test_signatures_sharing_a_subgraph_are_checked_once(tmp_path):
    from ..models.test_exporter_idioms import prefill_decode
    path = _write(tmp_path, "llm.tflite", prefill_decode(shared=True))
    result = check_model(str(path), decode_steps=2)
    assert [r.signature for r in result.signatures] == ["prefill_4", "decode, decode_again"]
    assert result.verdict == "PASS"
    # no logits: the token after the prompt is a seeded one, and stays (nothing to take the argmax of)
    loop = result.decode
    assert [s.verdict for s in loop.steps] == ["PASS"] * 3 and loop.tokens_agree() == (0, 0)
    assert len({s.token for s in loop.steps[1:]}) == 1


def test_the_loop_does_not_run_when_tflite_cannot_run_a_signature(tmp_path, monkeypatch):
    """No reference for a signature (NOT COMPARED there): the loop says why and adds no verdict."""
    real = check_module.check_subgraph0

    def no_tflite(path, *args, **kw):
        result = real(path, *args, **kw)
        if "subgraph-1-first" in str(path):
            result.verdict, result.tflite, result.reference, result.reference_why = \
                "NOT COMPARED", None, "none", "Encountered unresolved custom op"
        return result

    monkeypatch.setattr(check_module, "check_subgraph0", no_tflite)
    result = check_model(str(_write(tmp_path, "model.tflite", generative())), decode_steps=2)
    loop = result.decode
    assert loop.steps == [] and loop.verdict is None and "unresolved custom op" in loop.error
    assert result.verdict == "NOT COMPARED"
    assert "decode loop: - (0 decode steps" in format_check(result)
