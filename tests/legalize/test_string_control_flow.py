"""String tensors through WHILE and IF (legalize/lib/strings.py's reach through subgraphs,
control_flow.py): the loop and branch values are byte buffers in scf.while, scf.for and
scf.if and in the subgraph functions they call, as TFLite copies string tensors between
subgraphs (while.cc, if.cc); against TFLite and through IREE."""
from __future__ import annotations

import numpy as np
import pytest
from ai_edge_litert import schema_py_generated as schema

from runtime_check.check import litert
from runtime_check.executor import Executor
from tfl2quant.ir.printer import print_module
from tfl2quant.pipeline import convert
from tools.tflite_builder import ModelBuilder, options_table

from ..conftest import iree_verify
from .test_string_ops import assert_same, strings

WORDS = strings("red", "", "green\x00x")


def while_strings(counted: bool) -> bytes:
    """main: WHILE(i, n, words, tag): cond i < n; body i + 1, words rotated by a GATHER of
    [1, 2, 0], tag passed through. `counted`: i starts at a constant 0 and n is the constant 4
    (a known trip count: scf.for), else both are inputs (scf.while)."""
    m = ModelBuilder()
    main, cond, body = m.subgraph("main"), m.subgraph("cond"), m.subgraph("body")
    if counted:
        i0, n0 = main.const("i", np.array(0, np.int32)), main.const("n", np.array(4, np.int32))
    else:
        i0, n0 = main.input("i", [], "INT32"), main.input("n", [], "INT32")
    w0, t0 = main.input("words", [3], "STRING"), main.input("tag", [], "STRING")
    outs = [main.tensor("i_out", [], "INT32"), main.tensor("n_out", [], "INT32"),
            main.tensor("words_out", [3], "STRING"), main.tensor("tag_out", [], "STRING")]
    opt = schema.WhileOptionsT()
    opt.condSubgraphIndex, opt.bodySubgraphIndex = cond.index, body.index
    main.op("WHILE", [i0, n0, w0, t0], outs, opt)
    main.output(outs[0], outs[2], outs[3])

    ci, cn = cond.input("i", [], "INT32"), cond.input("n", [], "INT32")
    cond.input("words", [3], "STRING")
    cond.input("tag", [], "STRING")
    c = cond.tensor("c", [], "BOOL")
    cond.op("LESS", [ci, cn], [c])
    cond.output(c)

    bi, bn = body.input("i", [], "INT32"), body.input("n", [], "INT32")
    bw, bt = body.input("words", [3], "STRING"), body.input("tag", [], "STRING")
    bi1, bw1 = body.tensor("i1", [], "INT32"), body.tensor("words1", [3], "STRING")
    body.op("ADD", [bi, body.const("one", np.array(1, np.int32))], [bi1], schema.AddOptionsT())
    body.op("GATHER", [bw, body.const("rotate", np.array([1, 2, 0], np.int32))], [bw1],
            options_table("Gather", axis=0))
    body.output(bi1, bn, bw1, bt)
    return m.build()


def if_strings() -> bytes:
    """main: IF(p, words, k): then GATHER(words, k) (one string of the input), else the
    constant ["else"] (the branches give their strings through IF's result)."""
    m = ModelBuilder()
    main, then, else_ = m.subgraph("main"), m.subgraph("then"), m.subgraph("else")
    p, w, k = main.input("p", [1], "BOOL"), main.input("words", [3], "STRING"), main.input("k", [1], "INT32")
    y = main.tensor("y", [1], "STRING")
    opt = schema.IfOptionsT()
    opt.thenSubgraphIndex, opt.elseSubgraphIndex = then.index, else_.index
    main.op("IF", [p, w, k], [y], opt)
    main.output(y)
    tw, tk = then.input("words", [3], "STRING"), then.input("k", [1], "INT32")
    ty = then.tensor("y", [1], "STRING")
    then.op("GATHER", [tw, tk], [ty], options_table("Gather", axis=0))
    then.output(ty)
    else_.input("words", [3], "STRING")
    else_.input("k", [1], "INT32")
    ey = else_.tensor("y", [1], "STRING")
    else_.op("RESHAPE", [else_.const("else", strings("else")), else_.const("shape", np.array([1], np.int32))],
             [ey], options_table("Reshape", newShape=[1]))
    else_.output(ey)
    return m.build()


def convert_and_reference(model: bytes, tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(model)
    conversion = convert(str(path), "final")
    assert [(r.name, r.reason) for r in conversion.report.records if r.path != "float"] == []
    text = print_module(conversion.module)
    assert "tf_type.string" not in text and "unrealized_conversion_cast" not in text
    return conversion.module, text, litert.load(str(path), resolver="BUILTIN_REF")


WHILE_INPUTS = [[np.array(0, np.int32), np.array(n, np.int32), WORDS, np.array(b"tag")] for n in (0, 1, 2, 5)]
IF_INPUTS = [[np.array([p]), WORDS, np.array([k], np.int32)] for p, k in ((True, 2), (False, 0), (True, 1))]


@pytest.mark.parametrize("counted", [False, True])
def test_a_while_carries_strings(counted, tmp_path):
    module, text, reference = convert_and_reference(while_strings(counted), tmp_path)
    assert ("scf.for" if counted else "scf.while") in text
    for inputs in (WHILE_INPUTS[:1] if counted else WHILE_INPUTS):
        inputs = inputs[2:] if counted else inputs
        ours = Executor(module).run(inputs, "main")
        theirs = litert.run(reference, inputs)
        assert_same(ours, theirs)
    if counted:  # four rotations of three: once round and one more
        assert [bytes(s) for s in theirs[1]] == [b"", b"green\x00x", b"red"]


def test_an_if_chooses_between_strings(tmp_path):
    module, text, reference = convert_and_reference(if_strings(), tmp_path)
    assert "scf.if" in text
    for inputs in IF_INPUTS:
        assert_same(Executor(module).run(inputs, "main"), litert.run(reference, inputs))


@pytest.mark.parametrize("model", ["while", "counted while", "if", "until stop"])
def test_iree_runs_them_as_tflite_does(model, tmp_path):
    from legalize.string_buffer import from_buffers, to_buffers
    from runtime_check.executor import iree_backend
    built = {"if": if_strings, "until stop": until_stop}.get(model, lambda: while_strings(model == "counted while"))()
    module, text, reference = convert_and_reference(built, tmp_path)
    assert iree_verify(text, allow_unregistered=False).returncode == 0
    main = module.lookup("main")
    vmfb = iree_backend.compile_mlir(text)
    input_sets = {"if": IF_INPUTS, "counted while": [x[2:] for x in WHILE_INPUTS[:1]], "while": WHILE_INPUTS,
                  "until stop": [[strings("a", "b", "stop")], [strings("stop", "", "")]]}[model]
    for inputs in input_sets:
        theirs = from_buffers(main, iree_backend.run_vmfb(vmfb, to_buffers(main, inputs), "main"))
        assert_same(theirs, litert.run(reference, inputs))


def until_stop() -> bytes:
    """main: WHILE(words) while words[0] != "stop" (the cond reads the string: GATHER, then
    NOT_EQUAL with a constant), the body rotating words by one."""
    m = ModelBuilder()
    main, cond, body = m.subgraph("main"), m.subgraph("cond"), m.subgraph("body")
    w = main.input("words", [3], "STRING")
    out = main.tensor("words_out", [3], "STRING")
    opt = schema.WhileOptionsT()
    opt.condSubgraphIndex, opt.bodySubgraphIndex = cond.index, body.index
    main.op("WHILE", [w], [out], opt)
    main.output(out)
    cw = cond.input("words", [3], "STRING")
    first, going = cond.tensor("first", [1], "STRING"), cond.tensor("going", [1], "BOOL")
    cond.op("GATHER", [cw, cond.const("zero", np.array([0], np.int32))], [first], options_table("Gather", axis=0))
    cond.op("NOT_EQUAL", [first, cond.const("stop", strings("stop"))], [going])
    cond.output(going)
    bw = body.input("words", [3], "STRING")
    bw1 = body.tensor("words1", [3], "STRING")
    body.op("GATHER", [bw, body.const("rotate", np.array([1, 2, 0], np.int32))], [bw1],
            options_table("Gather", axis=0))
    body.output(bw1)
    return m.build()


def test_the_cond_reads_the_string(tmp_path):
    module, text, reference = convert_and_reference(until_stop(), tmp_path)
    assert "scf.while" in text
    for words in (["a", "stop", "b"], ["stop", "", "x"], ["", "st", "stop"]):
        inputs = [strings(*words)]
        (theirs,) = litert.run(reference, inputs)
        assert_same(Executor(module).run(inputs, "main"), [theirs])
        assert bytes(theirs[0]) == b"stop"


@pytest.mark.parametrize("counted", [False, True])
def test_check_passes_on_a_while_carrying_strings(counted, tmp_path):
    from runtime_check.check import check_model
    path = tmp_path / "m.tflite"
    path.write_bytes(while_strings(counted))
    result = check_model(str(path), samples=3)
    assert result.error is None and result.verdict == "PASS"


def while_with_an_if() -> bytes:
    """main: WHILE(i, n, flag, words), cond i < n; the body's IF(flag, words) rotates the
    words (then: GATHER [1, 2, 0]) or passes them through (else): strings through a WHILE
    and the IF of its body."""
    m = ModelBuilder()
    main, cond, body = m.subgraph("main"), m.subgraph("cond"), m.subgraph("body")
    then, else_ = m.subgraph("then"), m.subgraph("else")
    ins = [main.input("i", [], "INT32"), main.input("n", [], "INT32"), main.input("flag", [1], "BOOL"),
           main.input("words", [3], "STRING")]
    outs = [main.tensor("i_out", [], "INT32"), main.tensor("n_out", [], "INT32"), main.tensor("flag_out", [1], "BOOL"),
            main.tensor("words_out", [3], "STRING")]
    opt = schema.WhileOptionsT()
    opt.condSubgraphIndex, opt.bodySubgraphIndex = cond.index, body.index
    main.op("WHILE", ins, outs, opt)
    main.output(outs[3])
    ci, cn = cond.input("i", [], "INT32"), cond.input("n", [], "INT32")
    cond.input("flag", [1], "BOOL")
    cond.input("words", [3], "STRING")
    c = cond.tensor("c", [], "BOOL")
    cond.op("LESS", [ci, cn], [c])
    cond.output(c)
    bi, bn, bf, bw = (body.input("i", [], "INT32"), body.input("n", [], "INT32"), body.input("flag", [1], "BOOL"),
                      body.input("words", [3], "STRING"))
    bi1, bw1 = body.tensor("i1", [], "INT32"), body.tensor("words1", [3], "STRING")
    body.op("ADD", [bi, body.const("one", np.array(1, np.int32))], [bi1], schema.AddOptionsT())
    branches = schema.IfOptionsT()
    branches.thenSubgraphIndex, branches.elseSubgraphIndex = then.index, else_.index
    body.op("IF", [bf, bw], [bw1], branches)
    body.output(bi1, bn, bf, bw1)
    tw, ty = then.input("words", [3], "STRING"), then.tensor("y", [3], "STRING")
    then.op("GATHER", [tw, then.const("rotate", np.array([1, 2, 0], np.int32))], [ty], options_table("Gather", axis=0))
    then.output(ty)
    else_.output(else_.input("words", [3], "STRING"))
    return m.build()


def test_a_while_whose_body_has_an_if_of_strings(tmp_path):
    from legalize.string_buffer import from_buffers, to_buffers
    from runtime_check.executor import iree_backend
    module, text, reference = convert_and_reference(while_with_an_if(), tmp_path)
    assert "scf.while" in text and "scf.if" in text
    vmfb = iree_backend.compile_mlir(text)
    main = module.lookup("main")
    for n, flag in ((2, True), (4, False), (1, True)):
        inputs = [np.array(0, np.int32), np.array(n, np.int32), np.array([flag]), WORDS]
        theirs = litert.run(reference, inputs)
        assert_same(Executor(module).run(inputs, "main"), theirs)
        assert_same(from_buffers(main, iree_backend.run_vmfb(vmfb, to_buffers(main, inputs), "main")), theirs)


def test_stablehlo_case_chooses_among_strings(tmp_path):
    """STABLEHLO_CASE(k, words): branch 0 passes the words through, branch 1 rotates them
    (GATHER), branch 2 (also any k outside [0, 3)) gives a constant: nested scf.if on buffers.
    Only the default resolver has the kernel."""
    from legalize.string_buffer import from_buffers, to_buffers
    from runtime_check.executor import iree_backend
    m = ModelBuilder()
    g = m.subgraph("main")
    k, w = g.input("k", [], "INT32"), g.input("words", [3], "STRING")
    y = g.tensor("y", [3], "STRING")
    branches = [m.subgraph(f"branch{n}") for n in range(3)]
    g.op("STABLEHLO_CASE", [k, w], [y], options_table("StablehloCase", branchSubgraphIndices=[b.index for b in branches]))
    g.output(y)
    branches[0].output(branches[0].input("words", [3], "STRING"))
    bw, by = branches[1].input("words", [3], "STRING"), branches[1].tensor("y", [3], "STRING")
    branches[1].op("GATHER", [bw, branches[1].const("rotate", np.array([1, 2, 0], np.int32))], [by],
                   options_table("Gather", axis=0))
    branches[1].output(by)
    branches[2].input("words", [3], "STRING")
    cy = branches[2].tensor("y", [3], "STRING")
    branches[2].op("RESHAPE", [branches[2].const("c", strings("x", "", "yz")),
                               branches[2].const("shape", np.array([3], np.int32))], [cy],
                   options_table("Reshape", newShape=[3]))
    branches[2].output(cy)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    conversion = convert(str(path), "final")
    assert [(r.name, r.reason) for r in conversion.report.records if r.path != "float"] == []
    text = print_module(conversion.module)
    assert "tf_type.string" not in text and "unrealized_conversion_cast" not in text and text.count("= scf.if ") == 2
    main = conversion.module.lookup("main")
    vmfb = iree_backend.compile_mlir(text)
    reference = litert.load(str(path), resolver="BUILTIN_WITHOUT_DEFAULT_DELEGATES")
    for index in (0, 1, 2, -1, 7):
        inputs = [np.array(index, np.int32), WORDS]
        theirs = litert.run(reference, inputs)
        assert_same(Executor(conversion.module).run(inputs, "main"), theirs)
        assert_same(from_buffers(main, iree_backend.run_vmfb(vmfb, to_buffers(main, inputs), "main")), theirs)


def test_a_while_result_reaching_an_op_without_string_lowering(tmp_path):
    """The WHILE's strings go on to a TRANSPOSE (no string path): the WHILE and the body's
    RESHAPE stay tfl ops with the reason (the counter's ADD is lowered)."""
    m = ModelBuilder()
    main, cond, body = m.subgraph("main"), m.subgraph("cond"), m.subgraph("body")
    w0 = main.input("words", [1, 3], "STRING")
    w1 = main.tensor("words_out", [1, 3], "STRING")
    opt = schema.WhileOptionsT()
    opt.condSubgraphIndex, opt.bodySubgraphIndex = cond.index, body.index
    main.op("WHILE", [main.const("i", np.array(0, np.int32)), w0], [main.tensor("i_out", [], "INT32"), w1], opt)
    t = main.tensor("t", [3, 1], "STRING")
    main.op("TRANSPOSE", [w1, main.const("perm", np.array([1, 0], np.int32))], [t])
    main.output(t)
    ci = cond.input("i", [], "INT32")
    cond.input("words", [1, 3], "STRING")
    c = cond.tensor("c", [], "BOOL")
    cond.op("LESS", [ci, cond.const("n", np.array(2, np.int32))], [c])
    cond.output(c)
    bi, bw = body.input("i", [], "INT32"), body.input("words", [1, 3], "STRING")
    bi1, bw1 = body.tensor("i1", [], "INT32"), body.tensor("words1", [1, 3], "STRING")
    body.op("ADD", [bi, body.const("one", np.array(1, np.int32))], [bi1], schema.AddOptionsT())
    body.op("RESHAPE", [bw, body.const("shape", np.array([1, 3], np.int32))], [bw1],
            options_table("Reshape", newShape=[1, 3]))
    body.output(bi1, bw1)
    path = tmp_path / "m.tflite"
    path.write_bytes(m.build())
    conversion = convert(str(path), "final")
    records = {r.name: (r.path, r.reason) for r in conversion.report.records}
    why = "is also read by 'tfl.transpose', which has no string lowering"
    assert records["tfl.while"][0] == "unlowered" and why in records["tfl.while"][1]
    assert records["tfl.reshape"] == ("unlowered", f"a string tensor read by 'tfl.reshape' {why}")
    assert records["tfl.add"][0] == "float"
    assert "tf_type.string" in print_module(conversion.module)
