"""Recurrent operators: LSTM, RNN, SVDF and their sequence forms.

Full-integer UNIDIRECTIONAL_SEQUENCE_LSTM (int8 activations, int16 cell state) and
SVDF (int8 activations, int16 state) have integer patterns (integer_lstm.py, svdf.py).
The float and hybrid (float activations, int8 weights) forms of every recurrent op are
unrolled over time: LSTMs in lstm.py and bidirectional_lstm.py, RNNs in rnn.py, SVDF in
float_svdf.py. The hybrid programs are TFLite's bit for bit; a quantized op whose integer
or hybrid pattern declines falls back to the float program.
"""
from __future__ import annotations

from ...lib.patterns import ByInput
from ...rule import Rule
from .bidirectional_lstm import FloatBidirectionalLSTM, HybridBidirectionalLSTM
from .float_svdf import FloatSVDF, HybridSVDF
from .integer_lstm import IntegerSequenceLSTM
from .lstm import FloatSequenceLSTM, HybridSequenceLSTM
from .rnn import FloatRNN, HybridRNN
from .svdf import IntegerSVDF

RULES = {
    # TFLite op                              Rule
    "tfl.lstm":                             Rule(HybridSequenceLSTM(), FloatSequenceLSTM()),
    "tfl.unidirectional_sequence_lstm":     Rule(ByInput(IntegerSequenceLSTM(), hybrid=HybridSequenceLSTM()),
                                                 FloatSequenceLSTM()),
    "tfl.bidirectional_sequence_lstm":      Rule(HybridBidirectionalLSTM(), FloatBidirectionalLSTM()),
    "tfl.rnn":                              Rule(HybridRNN(), FloatRNN()),
    "tfl.unidirectional_sequence_rnn":      Rule(HybridRNN(), FloatRNN()),
    "tfl.bidirectional_sequence_rnn":       Rule(HybridRNN(), FloatRNN()),
    "tfl.svdf":                             Rule(ByInput(IntegerSVDF(), hybrid=HybridSVDF()), FloatSVDF()),
}
