"""`check`'s progress on stderr: one rewritten line, `[14s] layer 120/304, input set 1/1`,
drawn once the check has run for `delay` seconds (a short check prints nothing) and redrawn
twice a second, so a long step (converting a large model) still shows its time. The CLI
uses it only when stderr is a terminal, as `report` draws its bar. TFL2QUANT_PROGRESS_DELAY
sets the delay in seconds (the CLI's test draws at once, whatever the machine's speed)."""
from __future__ import annotations

import os
import shutil
import sys
import threading
import time


def default_delay() -> float:
    """TFL2QUANT_PROGRESS_DELAY if it is a number of seconds, else 2."""
    try:
        return max(0.0, float(os.environ.get("TFL2QUANT_PROGRESS_DELAY", 2.0)))
    except ValueError:
        return 2.0


class Progress:
    def __init__(self, stream=None, delay: float | None = None):
        delay = default_delay() if delay is None else delay
        self.stream = stream or sys.stderr
        self.start, self.delay = time.monotonic(), delay
        self.text, self.drawn = "", False
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._redraw, daemon=True)
        self.thread.start()

    def __call__(self, text: str) -> None:
        """What runs now."""
        self.text = text

    def _redraw(self) -> None:
        while not self.stopped.wait(0.5):
            elapsed = time.monotonic() - self.start
            if elapsed >= self.delay:
                width = shutil.get_terminal_size((80, 24)).columns
                with self.lock:
                    self.stream.write("\r\033[K" + f"[{elapsed:.0f}s] {self.text}"[:width - 1])
                    self.stream.flush()
                    self.drawn = True

    def close(self) -> None:
        """Stop, and clear the line if it was drawn."""
        self.stopped.set()
        self.thread.join()
        with self.lock:
            if self.drawn:
                self.stream.write("\r\033[K")
                self.stream.flush()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
