"""TFLite models built for the tests in several folders (with tools/tflite_builder.py)."""
