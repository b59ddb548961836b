"""Tests of legalize/: each family's patterns against TFLite, the registry, the integer arithmetic."""
