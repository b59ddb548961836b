# lit configuration: golden .mlir tests run with the PyPI `lit` and `filecheck`.
import os
import sys

import lit.formats

config.name = "tfl2quant"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Output"]
# Each pytest case runs lit on its own exec root (test_lit.py): lit rewrites .lit_test_times.txt
# there after every run, and parallel runs sharing one file leave it malformed for the next.
if "exec_root" in lit_config.params:
    config.test_exec_root = lit_config.params["exec_root"]

root = os.path.dirname(os.path.dirname(config.test_source_root))
# tfl2quant, filecheck and iree-opt come from the Python environment running the tests.
config.environment["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
# The tfl2quant (and legalize) of this tree, not the environment's installed copy (a worktree's
# tests then test its own code): lit passes no PYTHONPATH through by itself.
config.environment["PYTHONPATH"] = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
config.substitutions.append(("%models", os.path.join(root, "models")))
# lit's internal shell runs a command piped after one of its builtins (`cat x | tfl2quant ...`)
# or in some pipelines with lit's own PYTHONPATH, and that command would import another checkout's
# tfl2quant: name this tree explicitly on every tfl2quant command.
config.substitutions.append((r"(?<![\w/.-])tfl2quant (?=opt|convert|check|report)",
                             f"env PYTHONPATH={root} tfl2quant "))
