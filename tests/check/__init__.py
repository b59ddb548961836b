"""Tests of runtime_check's checker: `check`'s verdicts, comparison, references, reports."""
