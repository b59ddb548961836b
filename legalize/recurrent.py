"""Recurrent operators: LSTM, RNN, SVDF and their sequence forms.

Full-integer UNIDIRECTIONAL_SEQUENCE_LSTM (int8 activations, int16 cell state) and
SVDF (int8 activations, int16 state) have integer patterns (integer_lstm.py, svdf.py).
Float and hybrid (float activations, int8 weights) LSTMs are unrolled over time
(lstm.py). The other float and hybrid instances have no lowering yet; each stays a
`tfl.*` op (the executor cannot run it, so `check` says which op stops it).
"""
from __future__ import annotations

from .integer_lstm import IntegerSequenceLSTM
from .lstm import FloatSequenceLSTM, HybridSequenceLSTM
from .rule import NOT_YET, ByInput, Rule, unlowered
from .svdf import IntegerSVDF

RULES = {
    # TFLite op                              Rule
    "tfl.lstm":                             Rule(HybridSequenceLSTM(), FloatSequenceLSTM()),
    "tfl.unidirectional_sequence_lstm":     Rule(ByInput(IntegerSequenceLSTM(), hybrid=HybridSequenceLSTM()),
                                                 FloatSequenceLSTM()),
    "tfl.bidirectional_sequence_lstm":      unlowered(NOT_YET),
    "tfl.rnn":                              unlowered(NOT_YET),
    "tfl.unidirectional_sequence_rnn":      unlowered(NOT_YET),
    "tfl.bidirectional_sequence_rnn":       unlowered(NOT_YET),
    "tfl.svdf":                             Rule(integer=IntegerSVDF(), unlowered=NOT_YET),
}
