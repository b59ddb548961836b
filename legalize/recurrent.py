"""Recurrent operators: LSTM, RNN, SVDF and their sequence forms.

Full-integer UNIDIRECTIONAL_SEQUENCE_LSTM (int8 activations, int16 cell state) and
SVDF (int8 activations, int16 state) have integer patterns (integer_lstm.py, svdf.py).
Float and hybrid instances have no lowering yet; each stays a `tfl.*` op (the executor
cannot run it, so `check` says which op stops it).
"""
from __future__ import annotations

from .integer_lstm import IntegerSequenceLSTM
from .rule import NOT_YET, Rule, unlowered
from .svdf import IntegerSVDF

RULES = {
    # TFLite op                              Rule
    "tfl.lstm":                             unlowered(NOT_YET),
    "tfl.unidirectional_sequence_lstm":     Rule(integer=IntegerSequenceLSTM(), unlowered=NOT_YET),
    "tfl.bidirectional_sequence_lstm":      unlowered(NOT_YET),
    "tfl.rnn":                              unlowered(NOT_YET),
    "tfl.unidirectional_sequence_rnn":      unlowered(NOT_YET),
    "tfl.bidirectional_sequence_rnn":       unlowered(NOT_YET),
    "tfl.svdf":                             Rule(integer=IntegerSVDF(), unlowered=NOT_YET),
}
