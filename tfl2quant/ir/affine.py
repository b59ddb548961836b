"""The affine maps linalg.generic needs: dims, constants and `dN floordiv K`.

That is exactly what the RFC lowerings use to pick the scale of an element
(`(d0, d1, d2) -> (d1)` per-axis, `(d0, d1) -> (0, d1 floordiv 2)` blockwise).
"""
from __future__ import annotations


import numpy as np

from ..records import dataclass
from .attributes import Attribute


@dataclass(frozen=True)
class AffineExpr:
    """`dN` (dim), `C` (constant), or `dN floordiv K`."""

    kind: str  # "dim" | "const" | "floordiv"
    value: int
    divisor: int = 1

    def __str__(self) -> str:
        if self.kind == "dim":
            return f"d{self.value}"
        if self.kind == "const":
            return str(self.value)
        return f"d{self.value} floordiv {self.divisor}"


def dim(k: int) -> AffineExpr:
    return AffineExpr("dim", k)


def const(c: int) -> AffineExpr:
    return AffineExpr("const", c)


def floordiv(k: int, divisor: int) -> AffineExpr:
    return AffineExpr("floordiv", k, divisor)


@dataclass(frozen=True)
class AffineMap:
    num_dims: int
    results: tuple

    def __str__(self) -> str:
        dims = ", ".join(f"d{k}" for k in range(self.num_dims))
        return f"({dims}) -> ({', '.join(map(str, self.results))})"

    @staticmethod
    def identity(n: int) -> "AffineMap":
        return AffineMap(n, tuple(dim(k) for k in range(n)))

    def gather_index(self, iteration_shape: tuple) -> tuple:
        """Index arrays that read an operand at every point of the iteration space.

        Returns one broadcastable index array per result of the map, so
        `operand[map.gather_index(shape)]` has the iteration shape: whole-array
        numpy, no loop over elements.
        """
        grids = []
        n = self.num_dims
        for e in self.results:
            if e.kind == "const":
                grids.append(np.zeros((1,) * n, dtype=np.intp) + e.value)
                continue
            shape = [1] * n
            shape[e.value] = iteration_shape[e.value]
            ar = np.arange(iteration_shape[e.value], dtype=np.intp).reshape(shape)
            grids.append(ar if e.kind == "dim" else ar // e.divisor)
        return tuple(grids)


@dataclass(frozen=True)
class AffineMapAttr(Attribute):
    value: AffineMap

    def __str__(self) -> str:
        return f"affine_map<{self.value}>"
