"""The `tfl2quant` command: convert, opt, check, report (contract: docs/architecture.md).

Every user-facing error is a `Tfl2QuantError`, caught once here and printed
as one line; exit codes: 0 ok, 1 check found a mismatch (or report an error),
2 bad usage or bad input; `check` also exits 3 for PASS (per layer), 5 for PASS (float
noise) (both 0 with --per-layer-ok) and 4 for NOT COMPARED (TFLite cannot load the model).
"""
from __future__ import annotations

import atexit
import contextlib
import gc
import io
import os
import sys
import time

import click

from . import cli_help
from .api.convert import ROUNDINGS
from .api.sources import existing_file, shown, stdin_model
from .cli_options import (given, instrumentation_options, list_passes, print_version, refuse, show_dialects,
                          useless_with_bytecode)
from .errors import InternalError, Tfl2QuantError
from .timing import Timing, scope

EXIT_MISMATCH, EXIT_INPUT_ERROR = 1, 2


def _fail(message: str) -> None:
    click.echo(f"error: {shown(message)}", err=True)
    sys.exit(EXIT_INPUT_ERROR)


class _Command(click.Command):
    """Turns our errors (and, unless TFL2QUANT_DEBUG is set, bugs) into one line."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InternalError as e:
            if os.environ.get("TFL2QUANT_DEBUG"):
                raise e.__cause__ or e
            _fail(str(e))
        except Tfl2QuantError as e:
            _fail(str(e))
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except KeyboardInterrupt:
            sys.exit(130)
        except BrokenPipeError:  # `tfl2quant convert m.tflite | head`: stop quietly, like other tools
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_MISMATCH)
        except Exception as e:  # a bug of ours: still one line, with a way to see more
            if os.environ.get("TFL2QUANT_DEBUG"):
                raise
            _fail(f"internal error: {type(e).__name__}: {e} (set TFL2QUANT_DEBUG=1 for a traceback)")


class _OptCommand(_Command):
    """mlir-opt spells long options with one dash too (`-split-input-file`, `-o=x`): accept both."""

    def parse_args(self, ctx, args):
        longs = {o for p in self.params for o in getattr(p, "opts", ()) if o.startswith("--")}
        args = ["-" + a if a.startswith("-") and not a.startswith("--") and "--" + a[1:].partition("=")[0] in longs
                else a for a in args]
        return super().parse_args(ctx, args)


@contextlib.contextmanager
def _output(path: str | None, binary: bool = False):
    if path in (None, "-"):
        yield sys.stdout.buffer if binary else sys.stdout
        return
    try:
        f = open(path, "wb" if binary else "w")
    except OSError as e:
        raise Tfl2QuantError(f"cannot write: {e.strerror}", path) from None
    with f:
        yield f


def _one_blas_thread() -> None:
    """convert and opt do no heavy linear algebra, yet OpenBLAS starts a thread per core when
    numpy is imported, and the threads spin: half of `import numpy`'s CPU time (0.15 s -> 0.08 s
    on 2 cores). The count is read at numpy's first import; a user's setting wins."""
    if "numpy" not in sys.modules and not any(
            v in os.environ for v in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"


def _timing_options(command):
    """mlir-opt's --mlir-timing and --mlir-timing-display (the report goes to stderr)."""
    command = click.option("--mlir-timing-display", type=click.Choice(["list", "tree"]), default="tree",
                           show_default=True, help="Display of the --mlir-timing report.")(command)
    return click.option("--mlir-timing", is_flag=True,
                        help="Print the wall time of each phase and pass to stderr at the end.")(command)


def _timing(on: bool, display: str) -> Timing | None:
    return Timing() if on else None


def _report_timing(timing: Timing | None, display: str) -> None:
    if timing is not None:
        sys.stderr.write(timing.report(display))


def _existing_file(path: str) -> str:
    """`path`, which must be a file; `-`: a file holding what stdin holds (a model)."""
    return stdin_model() if path == "-" else existing_file(path)


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=cli_help.MAIN)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=print_version,
              help="Print the versions of tfl2quant, LiteRT and IREE, and exit.")
def main() -> None:
    """TensorFlow Lite models to MLIR with quantized types, checked against TFLite."""


@main.command(cls=_Command, epilog=cli_help.CONVERT)
@click.argument("model", metavar="MODEL.tflite")
@click.option("-o", "--output", default=None, help="Output .mlir file ('-' or none: stdout).")
@click.option("--emit", type=click.Choice(["tfl", "legalized", "lowered", "final"]), default="final",
              show_default=True, help="Pipeline stage to print.")
@click.option("--no-fallback", is_flag=True, help="Fail if any op would leave integer arithmetic.")
@click.option("--strict", is_flag=True, help="Fail (exit 1, no output) if any op stays a tfl.* op, naming each.")
@click.option("--rounding", type=click.Choice(ROUNDINGS), default="half-away-from-zero", show_default=True,
              help="Rounding of quant.qcast in lower-quant-ops.")
@click.option("--dump-pass-pipeline", "dump_pipeline", is_flag=True,
              help="Print the pass pipeline to stderr before running it.")
@click.option("--mlir-print-debuginfo", "debuginfo", is_flag=True, help="Print op locations.")
@click.option("--mlir-print-op-generic", "generic", is_flag=True,
              help="Print ops in the generic form instead of their custom assembly.")
@click.option("--input-shape", "input_shapes", multiple=True, metavar="[NAME:]DIMS",
              help="Pin an input's dynamic dimensions, e.g. 4x16x16x3 (once per input, in order, or by "
                   "name); TFLite derives the other tensors' shapes.")
@click.option("--emit-bytecode", "bytecode", is_flag=True,
              help="Write MLIR bytecode (large constants as dense_resource blobs) instead of text.")
@click.option("--verify-each", is_flag=True,
              help="Verify the IR after every pass (mlir-opt's default), not only after the last: slower, "
                   "but an invalid-IR error names the pass.")
@instrumentation_options
@_timing_options
def convert(model, output, emit, no_fallback, strict, rounding, dump_pipeline, debuginfo, generic, input_shapes,
            bytecode, verify_each, mlir_timing, mlir_timing_display, instruments):
    """Convert MODEL.tflite (`-`: stdin) to MLIR.

    \b
    The model is imported (stage tfl), then this pass pipeline runs, up to
    the stage --emit names (`tfl2quant opt --pass-pipeline` takes it too):
      builtin.module(legalize-tfl{allow-fallback=true remarks=false
                                  unique-constants=true},              -> legalized
        canonicalize{fold-dcast-of-qcast=false}, cse,
        lower-quant-ops{dynamic-fill=true rounding=half-away-from-zero}, -> lowered
        strip-func-quant-types, canonicalize{fold-dcast-of-qcast=false},
        cse)                                                             -> final
    """
    _one_blas_thread()
    from .api.convert import as_rounding, convert_file, pinned, refuse_useless
    from .passes import pipeline_text
    from .pipeline import convert_passes, fewer_collections

    refuse_useless(emit, strict=strict, no_fallback=no_fallback, verify_each=verify_each, rounding=given("rounding"))
    refuse(*useless_with_bytecode(bytecode, instruments.dumps, generic=generic, elide=instruments.elide_above is not None),
           (given("mlir_timing_display") and not mlir_timing, "--mlir-timing-display does nothing without --mlir-timing"))
    instruments.check()
    path = _existing_file(model)
    timing = _timing(mlir_timing, mlir_timing_display)
    pinned(input_shapes)  # a bad --input-shape is an error before anything is printed
    if dump_pipeline:
        passes = convert_passes(emit, allow_fallback=not no_fallback, rounding=as_rounding(rounding))
        click.echo(pipeline_text([p for p, _ in passes]), err=True)
    before, after = instruments.hooks(sys.stderr, debuginfo=debuginfo, generic=generic)
    # one block of fewer collections over convert and printing, left when the command ends: the
    # IR is not walked by the collection that convert's own block would let come at its end
    click.get_current_context().with_resource(fewer_collections(promote=True))
    module = convert_file(path, emit, rounding=rounding, input_shapes=input_shapes, no_fallback=no_fallback,
                          verify_each=verify_each, after_pass=after, before_pass=before, timing=timing,
                          statistics=instruments.statistics)
    instruments.report(module.manager, sys.stderr)
    # At exit Python's last collections walk every object still alive, the whole IR: a quarter
    # of a 2,000-op convert's CPU time, a tenth of a small model's. Frozen objects are skipped
    # (the OS frees the memory); in a longer-lived process this runs only at its end.
    atexit.register(gc.freeze)
    for warning in module.import_warnings:
        click.echo(f"{module.name}: warning: {warning}", err=True)
    left = module.unlowered()
    if strict and left:
        for r in left:
            click.echo(f"{module.name}: error: op {r.index} of @{r.function} '{r.name}' at {r.location} stays a tfl op: "
                       f"{r.reason}", err=True)
        sys.exit(EXIT_MISMATCH)
    for warning in module.warnings[len(module.import_warnings):]:
        click.echo(f"{module.name}: warning: {warning}", err=True)
    with scope(timing, "Output"), _output(output, binary=bytecode) as out:
        if bytecode:
            module.write_bytecode(out)
        else:
            module.write_text(out, debuginfo=debuginfo, generic=generic, elide_above=instruments.elide_above)
    _report_timing(timing, mlir_timing_display)


@main.command(cls=_OptCommand, epilog=cli_help.OPT)
@click.argument("input_file", metavar="IN.mlir", required=False, default="-")
@click.option("-o", "--output", default=None, help="Output file ('-' or none: stdout).")
@click.option("--emit-bytecode", "bytecode", is_flag=True, help="Write MLIR bytecode instead of text.")
@click.option("--pass-pipeline", default=None,
              help="e.g. 'builtin.module(canonicalize, lower-quant-ops)'; not with the pass flags below.")
@click.option("--legalize-tfl", "flags", flag_value="legalize-tfl", multiple=True,
              help="Run legalize-tfl (tfl.* ops to integer TOSA or the fallback).")
@click.option("--canonicalize", "flags", flag_value="canonicalize", multiple=True, help="Run canonicalize.")
@click.option("--cse", "flags", flag_value="cse", multiple=True, help="Run cse.")
@click.option("--inline", "flags", flag_value="inline", multiple=True,
              help="Run inline (func.call of single-block functions; unreferenced private functions erased).")
@click.option("--symbol-dce", "flags", flag_value="symbol-dce", multiple=True,
              help="Run symbol-dce (private symbols nothing live refers to are erased).")
@click.option("--strip-debuginfo", "flags", flag_value="strip-debuginfo", multiple=True,
              help="Run strip-debuginfo (every location becomes unknown).")
@click.option("--lower-quant-ops", "flags", flag_value="lower-quant-ops", multiple=True,
              help="Run lower-quant-ops.")
@click.option("--strip-func-quant-types", "flags", flag_value="strip-func-quant-types", multiple=True,
              help="Run strip-func-quant-types.")
@click.option("--normalize-quant-types", "flags", flag_value="normalize-quant-types", multiple=True,
              help="Run normalize-quant-types (sub-channel types that are per-tensor or per-axis become so).")
@click.option("--split-input-file", is_flag=True, help="Process each '// -----' chunk separately.")
@click.option("--verify-diagnostics", is_flag=True, help="Check '// expected-error {{...}}' annotations.")
@click.option("--dump-pass-pipeline", "dump_pipeline", is_flag=True,
              help="Print the pass pipeline to stderr before running it.")
@click.option("--mlir-print-debuginfo", "debuginfo", is_flag=True, help="Print op locations.")
@click.option("--mlir-print-op-generic", "generic", is_flag=True,
              help="Print ops in the generic form instead of their custom assembly.")
@click.option("--mlir-print-local-scope", "local_scope", is_flag=True,
              help="Print types and attributes in place, without aliases (#map = ..., !q0 = ...).")
@click.option("--mlir-disable-threading", is_flag=True,
              help="Accepted for mlir-opt's sake: tfl2quant runs passes on one thread anyway.")
@click.option("--allow-unregistered-dialect", "allow_unregistered", is_flag=True,
              help="Accept ops of dialects tfl2quant does not model (never unknown quant.* ops).")
@click.option("--quant-strict-zero-points", "strict_zero_points", is_flag=True,
              help="Reject zero points outside the storage type's range (the RFC's rule; upstream accepts them).")
@click.option("--quant-unranked-sub-channel", "unranked_sub_channel", is_flag=True,
              help="Accept sub-channel types in unranked tensors in quant ops (the sub-channel RFC lowers "
                   "them; upstream rejects them).")
@click.option("--quant-mx-scales", "mx_scales", is_flag=True,
              help="Sub-channel types with float storage are MX types: reject scales that are not powers "
                   "of two in [2^-127, 2^127] (E8M0) and non-zero zero points.")
@click.option("--list-passes", is_flag=True, expose_value=False, is_eager=True, callback=list_passes,
              help="Print the passes, their summaries and options, and exit.")
@click.option("--show-dialects", is_flag=True, expose_value=False, is_eager=True, callback=show_dialects,
              help="Print the dialects tfl2quant models and exit.")
@instrumentation_options
@_timing_options
def opt(input_file, output, bytecode, pass_pipeline, flags, split_input_file, verify_diagnostics, dump_pipeline,
        debuginfo, generic, local_scope, mlir_disable_threading, allow_unregistered, strict_zero_points,
        unranked_sub_channel, mx_scales, mlir_timing, mlir_timing_display, instruments):
    """Run passes over MLIR text or bytecode (IN.mlir, default stdin), like mlir-opt."""
    _one_blas_thread()
    from .dialects.quant import types as quant_types
    from .ir import core
    # mlir-opt refuses the mix too: the order of a pipeline and single-pass flags would be a guess
    refuse((pass_pipeline is not None and bool(flags),
            f"'-pass-pipeline' option can't be used with individual pass options (--{flags[0] if flags else ''})"),
           (bytecode and split_input_file, "--emit-bytecode writes one module: it does not go with --split-input-file"),
           *useless_with_bytecode(bytecode, instruments.dumps, generic=generic, local_scope=local_scope,
                                   elide=instruments.elide_above is not None),
           (given("mlir_timing_display") and not mlir_timing, "--mlir-timing-display does nothing without --mlir-timing"))
    instruments.check()
    core.ALLOW_UNREGISTERED["ops"] = allow_unregistered
    quant_types.STRICT_ZERO_POINTS["on"] = strict_zero_points
    quant_types.UNRANKED_SUB_CHANNEL["on"] = unranked_sub_channel
    quant_types.MX_SCALES["on"] = mx_scales
    try:
        timing = _timing(mlir_timing, mlir_timing_display)
        _opt(input_file, output, pass_pipeline, flags, split_input_file, verify_diagnostics, dump_pipeline,
             instruments, debuginfo, generic, local_scope, bytecode, timing)
        _report_timing(timing, mlir_timing_display)
    finally:
        core.ALLOW_UNREGISTERED["ops"] = True
        quant_types.STRICT_ZERO_POINTS["on"] = False
        quant_types.UNRANKED_SUB_CHANNEL["on"] = True
        quant_types.MX_SCALES["on"] = False


def _opt(input_file, output, pass_pipeline, flags, split_input_file, verify_diagnostics, dump_pipeline,
         instruments, debuginfo, generic, local_scope=False, bytecode=False, timing=None):
    from .ir import diagnostics
    from .ir.bytecode import write_bytecode
    from .ir.bytecode_reader import is_bytecode, read_bytecode
    from .ir.core import verify
    from .ir.printer import print_module
    from .passes import PASSES, PassManager, parse_pipeline, pipeline_text

    passes = parse_pipeline(pass_pipeline) if pass_pipeline else [PASSES[name]() for name in flags]
    if dump_pipeline:
        click.echo(pipeline_text(passes), err=True)
    if input_file == "-":
        data, name = sys.stdin.buffer.read(), "<stdin>"
    else:
        name = _existing_file(input_file)
        with open(name, "rb") as f:
            data = f.read()

    written = io.BytesIO()  # the bytecode, which run_split's text joining does not carry
    processing = [0.0]  # seconds in process(): the rest of reading a chunk is the parser's
    printing = dict(debuginfo=debuginfo, generic=generic, local_scope=local_scope)

    def process(module) -> str:
        start = time.perf_counter()
        before, after = instruments.hooks(sys.stderr, **printing)
        manager = PassManager(passes, after, timing=timing, before_pass=before, statistics=instruments.statistics)
        manager.run(module)
        instruments.report(manager, sys.stderr)
        with scope(timing, "Output"):
            if bytecode:
                write_bytecode(module, written)
                text = ""
            else:
                # mlir-opt ends each module's text with a blank line
                text = print_module(module, elide_above=instruments.elide_above, **printing) + "\n"
        processing[0] += time.perf_counter() - start
        return text

    if timing is not None:
        timing.add("Parser", 0.0)  # first in the report, as upstream's
    start = time.perf_counter()
    if is_bytecode(data):  # mlir-opt tells the formats apart by the magic number
        if split_input_file or verify_diagnostics:
            raise Tfl2QuantError("--split-input-file and --verify-diagnostics need text input", name)
        module = read_bytecode(data, name)
        verify(module)
        result, ok = process(module), True
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise Tfl2QuantError("not a UTF-8 text file (expected MLIR)", name) from None
        result, ok = diagnostics.run_split(text, name, split_input_file, verify_diagnostics, process)
    if timing is not None:  # upstream's "Parser" timer covers reading and verifying the input
        timing.add("Parser", time.perf_counter() - start - processing[0])
    with scope(timing, "Output"), _output(output, binary=bytecode) as out:
        out.write(written.getvalue() if bytecode else result)
    if not ok:
        sys.exit(EXIT_MISMATCH)


@main.command(cls=_Command, epilog=cli_help.CHECK)
@click.argument("model", metavar="MODEL.tflite")
@click.option("--inputs", "inputs_file", default=None,
              help="Inputs as .npz, one array per model input, keyed by its TFLite name "
                   "(several signatures: SIGNATURE/INPUT).")
@click.option("--seed", default=0, show_default=True, help="Seed of the random inputs.")
@click.option("--json", "json_file", default=None,
              help="Write the result as JSON to this file ('-': stdout, and the table to stderr).")
@click.option("--rounding", type=click.Choice(ROUNDINGS), default="half-away-from-zero", show_default=True)
@click.option("--input-shape", "input_shapes", multiple=True, metavar="[NAME:]DIMS",
              help="Pin an input's dynamic dimensions as convert does; TFLite runs at those shapes.")
@click.option("--samples", default=1, show_default=True, type=click.IntRange(min=1),
              help="Input sets to check (seeds SEED .. SEED+N-1); each figure is the worst.")
@click.option("--backend", type=click.Choice(["numpy", "iree"]), default="numpy", show_default=True,
              help="iree: also compile the final IR with iree-compile (llvm-cpu) and run it.")
@click.option("--atol", multiple=True, metavar="[NAME=]X",
              help="Absolute tolerance of float outputs (default 1e-5), or of output NAME.")
@click.option("--rtol", multiple=True, metavar="[NAME=]X",
              help="Tolerance relative to max|TFLite's output| (default 1e-5), or of output NAME.")
@click.option("--max-steps", default=0, show_default=True, type=click.IntRange(min=0),
              help="Quantization steps an integer output may be from TFLite's.")
@click.option("--per-layer-ok", is_flag=True,
              help="Exit 0, not 3 or 5, for PASS (per layer) and PASS (float noise): every op matches per layer.")
@click.option("--decode-steps", default=4, show_default=True, type=click.IntRange(min=0),
              help="A generative model (prefill and decode signatures with a KV cache): decode steps after "
                   "the prefill, each compared with TFLite's; 0: none.")
def check(model, inputs_file, seed, json_file, rounding, input_shapes, samples, backend, atol, rtol, max_steps,
          per_layer_ok, decode_steps):
    """Run MODEL.tflite (`-`: stdin) through every stage and through TFLite; compare the outputs.

    PASS (per layer): every op matches TFLite on its own inputs, but an output fed by
    fallback ops differs end to end. PASS (float noise): every op matches, a float output is
    beyond its tolerance but within the spread of TFLite's own kernels."""
    from runtime_check.check import NOISE, PASS_PER_LAYER, check_model
    from runtime_check.check.tolerance import Tolerances

    from .api.check import named, require_backend
    from .api.convert import as_rounding, pinned

    path = _existing_file(model)
    shapes = pinned(input_shapes)
    tolerances = Tolerances.parse(atol, rtol, max_steps)
    require_backend(backend)
    if inputs_file is not None:
        _existing_file(inputs_file)
    if json_file not in (None, "-"):
        _writable(json_file)
    progress = None
    if sys.stderr.isatty():
        from runtime_check.check.progress import Progress
        progress = Progress()
    try:
        result = named(check_model(path, inputs_file, seed, as_rounding(rounding), shapes, samples, backend,
                                   tolerances, progress, decode_steps))
    finally:
        if progress is not None:
            progress.close()
    click.echo(shown(str(result)), err=json_file == "-")
    if json_file:
        import json  # only check --json writes JSON: convert does not pay for json's import
        with _output(json_file) as out:
            json.dump(result.to_json(), out, indent=2)
            out.write("\n")
    code = 0 if per_layer_ok and result.verdict in (PASS_PER_LAYER, NOISE) else result.exit_code
    if code:
        sys.exit(code)


def _writable(path: str) -> None:
    """A file `check` can write at the end: its directory exists and takes files, and a file
    already there may be overwritten."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise Tfl2QuantError("is a directory, expected a file to write", path)
    if not os.path.isdir(folder):
        raise Tfl2QuantError("cannot write: no such directory", path)
    if not os.access(folder if not os.path.exists(path) else path, os.W_OK):
        raise Tfl2QuantError("cannot write: permission denied", path)


@main.command(cls=_Command, epilog=cli_help.REPORT)
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "md", "json", "html"]), default="text",
              show_default=True)
@click.option("-o", "--output", default=None, help="Output file ('-' or none: stdout).")
@click.option("--check", "run_check", is_flag=True, help="Also check each model against TFLite: its verdict.")
@click.option("-j", "--jobs", default=1, show_default=True, type=click.IntRange(min=0),
              help="Models worked on at once, each in a process of its own (0: one per core).")
def report(paths, fmt, output, run_check, jobs):
    """Fallback coverage of models (files or directories of .tflite files; `-`: stdin): op
    instances per path and per operator, the reasons, and with --check each model's verdict."""
    from .api.report import report as coverage

    refuse((paths.count("-") > 1, "'-' (stdin) can be given once"))
    paths = [stdin_model() if p == "-" else p for p in paths]
    result = coverage(paths, run_check, jobs, fmt, progress=sys.stderr.isatty())
    with _output(output) as out:
        out.write(shown(str(result)))
    if result.exit_code:
        sys.exit(result.exit_code)


if __name__ == "__main__":  # pragma: no cover
    main()
