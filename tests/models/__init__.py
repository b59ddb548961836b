"""Tests over the models in models/: every stage, against TFLite and IREE."""
