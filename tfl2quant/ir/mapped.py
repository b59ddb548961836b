"""Pages of a memory-mapped model, given back once read.

The importer maps the model read-only (importer/flatbuffer.py) and a large model's constants
are views of that mapping, never copies. Each page of the mapping that has been read stays in
the process's resident set (RSS) for as long as the mapping lives, so converting a model whose
weights are all read once (their block sums, then writing them out) would end holding the whole
file, and the peak resident memory is that plus the interpreter and the IR. `release(array)`
tells the kernel that the pages under `array` are not needed for now (madvise MADV_DONTNEED):
they leave the RSS and stay in the page cache, and a later read maps them back (a minor fault).

Only mappings registered here are released: read-only shared mappings of a file, which
MADV_DONTNEED cannot change (on a private or anonymous mapping it would discard data).
Releasing is advice: a platform without madvise keeps the pages, a closed mapping is left alone.
"""
from __future__ import annotations

import mmap
import weakref

import numpy as np

# the importer's read-only mappings -> (address of the first byte, size)
_READ_ONLY: "weakref.WeakKeyDictionary[mmap.mmap, tuple[int, int]]" = weakref.WeakKeyDictionary()
_CAN_RELEASE = hasattr(mmap.mmap, "madvise") and hasattr(mmap, "MADV_DONTNEED")
_PAGE = mmap.PAGESIZE


def map_read_only(fileno: int) -> mmap.mmap:
    """The whole file `fileno` mapped read-only (shared), registered for `release`."""
    m = mmap.mmap(fileno, 0, access=mmap.ACCESS_READ)
    if _CAN_RELEASE:
        _READ_ONLY[m] = (np.frombuffer(m, np.uint8).__array_interface__["data"][0], len(m))
    return m


def _mapping(array: np.ndarray):
    base = array
    while isinstance(base, np.ndarray):
        base = base.base
    if isinstance(base, memoryview):
        base = base.obj
    return base if isinstance(base, mmap.mmap) else None


def release(array) -> None:
    """Give back the pages under `array` if it views a registered mapping (else nothing): the
    pages it spans, whole pages, rounded outward (a neighbour's page dropped with them is read
    back when needed). Cheap: one system call, the data is not read."""
    if not _READ_ONLY or not isinstance(array, np.ndarray) or array.size == 0:
        return
    m = _mapping(array)
    if m is None or m not in _READ_ONLY:
        return
    start, size = _READ_ONLY[m]
    lo, hi = _byte_bounds(array)
    first = (lo - start) // _PAGE * _PAGE
    end = min(size, hi - start)
    if 0 <= first < end:
        try:
            m.madvise(mmap.MADV_DONTNEED, first, end - first)
        except (ValueError, OSError):  # closed, or the kernel declined: the pages stay
            pass


def _byte_bounds(a: np.ndarray) -> tuple[int, int]:
    """The first byte `a` reads and one past its last (any strides)."""
    lo = hi = a.__array_interface__["data"][0]
    for n, stride in zip(a.shape, a.strides):
        if stride < 0:
            lo += (n - 1) * stride
        else:
            hi += (n - 1) * stride
    return lo, hi + a.itemsize
