"""tfl2quant: TensorFlow Lite models to MLIR with quantized types."""
__version__ = "0.1.0"
