"""Recurrent operators: LSTM, RNN, SVDF and their sequence forms.

None is lowered yet; each stays a `tfl.*` op (the executor cannot run it, so
`check` says which op stops it).
"""
from __future__ import annotations

from .rule import NOT_YET, unlowered

RULES = {
    # TFLite op                              Rule
    "tfl.lstm":                             unlowered(NOT_YET),
    "tfl.unidirectional_sequence_lstm":     unlowered(NOT_YET),
    "tfl.bidirectional_sequence_lstm":      unlowered(NOT_YET),
    "tfl.rnn":                              unlowered(NOT_YET),
    "tfl.unidirectional_sequence_rnn":      unlowered(NOT_YET),
    "tfl.bidirectional_sequence_rnn":       unlowered(NOT_YET),
    "tfl.svdf":                             unlowered(NOT_YET),
}
