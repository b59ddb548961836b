"""The executor's plan (executor.py): made once per function, it must give every run the
values of that run, see enclosing values from nested regions, and name IR it cannot run
when (and only when) the op is reached, as the op-by-op executor did."""
import numpy as np
import pytest

from runtime_check.executor import ExecutionError, Executor
from tfl2quant.ir.parser import parse_module

LOOP = """
func.func @main(%x: tensor<4xi32>, %n: index) -> tensor<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = "scf.for"(%c0, %n, %c1, %x) ({
  ^bb0(%i: index, %acc: tensor<4xi32>):
    %s = "arith.addi"(%acc, %k) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %t = "func.call"(%s) {callee = @twice} : (tensor<4xi32>) -> tensor<4xi32>
    "scf.yield"(%t) : (tensor<4xi32>) -> ()
  }) : (index, index, index, tensor<4xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}
func.func @twice(%y: tensor<4xi32>) -> tensor<4xi32> {
  %d = "arith.addi"(%y, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %d : tensor<4xi32>
}
"""


def loop_reference(x, n):
    for _ in range(n):
        x = 2 * (x + np.array([1, 2, 3, 4], np.int32))
    return x


def test_one_plan_runs_many_inputs_through_regions_and_calls():
    executor = Executor(parse_module(LOOP))
    for x, n in [([1, 2, 3, 4], 3), ([0, 0, 0, 1], 2), ([5, -5, 7, 0], 0), ([1, 2, 3, 4], 3)]:
        x = np.array(x, np.int32)
        (got,) = executor.run([x, np.array(n, np.int64)])
        assert got.dtype == np.int32
        np.testing.assert_array_equal(got, loop_reference(x, n))
    (twice,) = executor.run([np.array([1, 2, 3, 4], np.int32)], "twice")  # a callee run on its own
    np.testing.assert_array_equal(twice, [2, 4, 6, 8])


def test_inputs_take_their_argument_container():
    (got,) = Executor(parse_module(LOOP)).run([np.array([1, 2, 3, 4], np.int64), np.array(1, np.int32)])
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, [4, 8, 12, 16])


def test_a_value_read_before_its_definition_is_named_when_reached():
    module = parse_module(LOOP)
    main = next(f for f in module.functions() if f.sym_name == "main")
    ops = main.body.ops
    main.body.set_ops([ops[3], *ops[:3], *ops[4:]])  # the loop before the constants it reads
    with pytest.raises(ExecutionError, match="'scf.for' at .* reads a value that is not defined before it"):
        Executor(module).run([np.zeros(4, np.int32), np.array(1, np.int64)])


def test_an_op_without_a_kernel_fails_only_when_run():
    module = parse_module(LOOP.replace('"func.call"(%s) {callee = @twice}', '"test.unknown"(%s)'))
    executor = Executor(module)
    (got,) = executor.run([np.array([1, 2, 3, 4], np.int32), np.array(0, np.int64)])  # the loop body never runs
    np.testing.assert_array_equal(got, [1, 2, 3, 4])
    with pytest.raises(ExecutionError, match="cannot execute 'test.unknown': no numpy kernel"):
        executor.run([np.array([1, 2, 3, 4], np.int32), np.array(1, np.int64)])


def test_a_missing_function_and_a_wrong_input_count_are_named():
    executor = Executor(parse_module(LOOP))
    with pytest.raises(ExecutionError, match="no function @nope with a body to run"):
        executor.run([], "nope")
    with pytest.raises(ExecutionError, match="@main takes 2 inputs, got 1"):
        executor.run([np.zeros(4, np.int32)])


UNPACK = """
func.func @main(%x: tensor<2x2xi8>) -> (tensor<2x2xi8>, tensor<2x2xi8>) {
  %p = "tosa.const"() {values = dense<[[-31], [50]]> : tensor<2x1xi8>} : () -> tensor<2x1xi8>
  %four = "tosa.const"() {values = dense<4> : tensor<1x1xi8>} : () -> tensor<1x1xi8>
  %shl = "tosa.logical_left_shift"(%p, %four) : (tensor<2x1xi8>, tensor<1x1xi8>) -> tensor<2x1xi8>
  %lo = "tosa.arithmetic_right_shift"(%shl, %four) {round = false} : (tensor<2x1xi8>, tensor<1x1xi8>) -> tensor<2x1xi8>
  %hi = "tosa.arithmetic_right_shift"(%p, %four) {round = false} : (tensor<2x1xi8>, tensor<1x1xi8>) -> tensor<2x1xi8>
  %w = "tosa.concat"(%lo, %hi) {axis = 1 : i32} : (tensor<2x1xi8>, tensor<2x1xi8>) -> tensor<2x2xi8>
  %y = "tosa.add"(%x, %w) : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi8>
  return %y, %w : tensor<2x2xi8>, tensor<2x2xi8>
}
"""


def test_constants_only_a_folded_op_reads_are_not_kept():
    """Unpacking packed int4 weights (legalize/lib/hybrid.py unpack) runs once, when the plan is
    made; the template keeps its result, not the shifted bytes on the way (a large model's
    weights several times over), and each run still sees every value it reads."""
    executor = Executor(parse_module(UNPACK))
    x = np.array([[1, 2], [3, 4]], np.int8)
    y, w = executor.run([x])
    assert w.tolist() == [[1, -2], [2, 3]] and (y - x).tolist() == w.tolist()
    kept = [v for v in executor._plans["main"].template if v is not None]
    assert len(kept) == 1 and np.array_equal(kept[0], w)
    assert executor.run([x])[0].tolist() == y.tolist()
