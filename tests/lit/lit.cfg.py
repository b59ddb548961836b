# lit configuration: golden .mlir tests run with the PyPI `lit` and `filecheck`.
import os
import sys

import lit.formats

config.name = "tfl2quant"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Output"]

root = os.path.dirname(os.path.dirname(config.test_source_root))
# tfl2quant, filecheck and iree-opt come from the Python environment running the tests.
config.environment["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")
# ... running this checkout's code (lit passes no PYTHONPATH through: a git worktree would
# otherwise test the environment's installed tfl2quant)
config.environment["PYTHONPATH"] = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
config.substitutions.append(("%models", os.path.join(root, "models")))
