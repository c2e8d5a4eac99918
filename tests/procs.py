"""A reader of a child process's output, for tests that drive `gm` in a real process."""

from __future__ import annotations

import queue
import threading
import time
from typing import IO


class Reader(threading.Thread):
    """Reads a stream character by character in the background; `wait_for` waits until a text appears."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(daemon=True)
        self.stream: IO[str] = stream
        self.q: queue.Queue[str] = queue.Queue()
        self.text = ""

    def run(self) -> None:
        while ch := self.stream.read(1):
            self.q.put(ch)

    def wait_for(self, needle: str, start: int, timeout: float = 60) -> int:
        """The position just after `needle` in the output from `start` on; AssertionError after `timeout`."""
        end = time.time() + timeout
        while time.time() < end:
            try:
                self.text += self.q.get(timeout=0.05)
            except queue.Empty:
                continue
            i = self.text.find(needle, start)
            if i >= 0:
                return i + len(needle)
        raise AssertionError(f"{needle!r} not seen; output so far:\n{self.text[start:]}")
