"""Where a model comes from: a path, bytes, a buffer (memoryview, mmap), or stdin (`-`).

The importer memory-maps a model and TFLite's interpreter loads it by path, so bytes and
buffers are written to a temporary file first; messages name that file as the user knows
it (`<memory>`, `<stdin>`: `shown`), so an error reads the same from the API and the CLI.
"""
from __future__ import annotations

import atexit
import contextlib
import mmap
import os
import sys
from typing import Iterator, Union

from ..errors import Tfl2QuantError

ModelSource = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, mmap.mmap]

# temporary file -> the name messages show for it
_SHOWN_AS: dict[str, str] = {}


def shown(text: str) -> str:
    """`text` with each temporary file named as the user gave it (`<stdin>`, `<memory>`)."""
    for path, name in _SHOWN_AS.items():
        text = text.replace(path, name)
    return text


def existing_file(path: str) -> str:
    """`path`, which must name a file (not a directory); the CLI's and the API's message."""
    if not os.path.exists(path):
        raise Tfl2QuantError("no such file", path)
    if os.path.isdir(path):
        raise Tfl2QuantError("is a directory, expected a file", path)
    return path


def stdin_model() -> str:
    """The model on stdin, in a temporary file removed when the process ends."""
    path = _temporary(sys.stdin.buffer.read(), "<stdin>", ".tflite")
    atexit.register(_remove, path)
    return path


@contextlib.contextmanager
def model_file(model: ModelSource, suffix: str = ".tflite", name: str = "<memory>") -> Iterator[str]:
    """A path holding `model` for the length of the block. Errors raised in the block name a
    temporary file as `name`, in the message and in its location."""
    if isinstance(model, (str, os.PathLike)):
        yield existing_file(os.fspath(model))
        return
    if not isinstance(model, (bytes, bytearray, memoryview, mmap.mmap)):
        raise TypeError(f"model must be a path, bytes or a buffer (memoryview, mmap), not {type(model).__name__}")
    path = _temporary(model, name, suffix)
    try:
        yield path
    except Tfl2QuantError as e:
        raise renamed(e) from None
    finally:
        _remove(path)  # the importer's views of the mapped file stay valid: the mapping outlives the name
        _SHOWN_AS.pop(path, None)


def renamed(error: Tfl2QuantError) -> Tfl2QuantError:
    """`error`, its message and location with temporary files named as the user knows them."""
    error.message, error.where = shown(error.message), error.where and shown(error.where)
    error.args = (error.message,)
    return error


def _temporary(data, name: str, suffix: str) -> str:
    # tempfile (with shutil, random and the compression modules it imports: ~4 ms) is loaded
    # only for bytes, buffers and stdin, not for a model given by its path
    import tempfile
    fd, path = tempfile.mkstemp(prefix="tfl2quant-", suffix=suffix)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    _SHOWN_AS[path] = name
    return path


def _remove(path: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)
