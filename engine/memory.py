"""Memory management for bulk work: loads and saves that make many objects at once."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off the cyclic GC while a load or parse builds ~10^5 small objects that form no cycles:
    the collector would otherwise rescan the growing heap many times over (a third to a half of the
    load time). Nested use is fine: only the outermost call turns the collector back on."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
