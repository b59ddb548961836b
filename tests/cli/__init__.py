"""Tests of the command line, the Python API, the README's examples and start-up."""
