"""Named crash points: where a save can be cut short, so tests can kill the process at each one.

`crash_point("save:state_snapshot")` does nothing unless the environment names that point in
GM_CRASH_AT; then the process exits at once, as a power cut or kill -9 would leave it (no cleanup,
no flush). The reliability tests run a child with each point in turn and check what survives.
"""

from __future__ import annotations

import os

CRASH_ENV = "GM_CRASH_AT"
CRASH_EXIT = 70


def crash_point(name: str) -> None:
    if os.environ.get(CRASH_ENV) == name:
        os._exit(CRASH_EXIT)
