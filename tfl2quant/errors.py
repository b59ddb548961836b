"""The one exception type users see, carrying where the problem is.

Raised where a problem is found; `cli.py` catches it once and prints one line.
"""
from __future__ import annotations


class Tfl2QuantError(Exception):
    """A user-facing error: what is wrong, where, and (if known) what was expected.

    `where` is a human-readable location prefix such as ``model.tflite: op 12
    'tfl.mul' (tensor "conv1/relu6")`` or ``test.mlir:3:8``.
    """

    def __init__(self, message: str, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def at(self, where: str) -> "Tfl2QuantError":
        """The same error with an outer location prefixed (file, then op...)."""
        inner = f"{where}: {self.where}" if self.where else where
        outer = Exception.__new__(type(self))  # the same class (a FlatbufferError stays one), not re-initialized
        outer.__dict__.update(self.__dict__, where=inner)
        outer.args, outer.__cause__ = self.args, self.__cause__  # the cause: TFL2QUANT_DEBUG's traceback
        return outer


class VerificationError(Tfl2QuantError):
    """IR that breaks a verifier rule (RFC constraint, type mismatch, ...)."""


class InternalError(Tfl2QuantError):
    """A bug of ours, caught where the context is known (which op, which pattern).

    It is never the user's model's fault: the message says so and how to get
    the traceback (TFL2QUANT_DEBUG=1, which the CLI honours by re-raising).
    """

    def __init__(self, message: str, where: str | None = None):
        super().__init__(f"internal error: {message} (a bug in tfl2quant; set TFL2QUANT_DEBUG=1 for a traceback)",
                         where)
