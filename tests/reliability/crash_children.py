"""The writing children of the crash tests, forked from a server that has already imported the engine.

A fresh `python -c` child pays ~1.5 s importing engine.api.manager; a "forkserver" child is forked from
one process per test worker that imported it (and warmed it) once. The child is still its own OS
process, killed abruptly by the test (SIGKILL) or by the engine itself (os._exit at a crash point).
The forkserver, not plain os.fork: the pytest worker has threads, and a fork of it could deadlock.

The children tell the test of each acknowledged change as it goes, one message per change on a
one-way pipe. Each message is one small write, which a pipe never splits, so a kill can cut the
stream only between messages. A child that fails sends its traceback the same way, for the test's
failure message (its stderr goes wherever the server's went, often nowhere visible).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable
from multiprocessing import forkserver, spawn
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from pathlib import Path

from engine.api.manager import SessionManager
from engine.errors import SessionNotFoundError
from engine.persistence.crash import CRASH_ENV

HERE = str(Path(__file__).resolve().parent)
WARM_ENV = "GM_CRASH_TEST_WARM"
ERROR = "error: "


def context() -> ForkServerContext:
    """The forkserver context; its server (one per test worker) has imported and warmed the engine."""
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload([__name__])
    # The server is a fresh interpreter that takes the environment as it is when it starts, and Python
    # 3.11 hands it no sys.path: this directory goes on its PYTHONPATH, so it can import this module,
    # and WARM_ENV tells that import to warm the engine. Both only for the server's start: the test
    # process's other children must not see them. Should the server not manage the import, the
    # children import this module themselves: slower, not less true.
    saved = {key: os.environ.get(key) for key in ("PYTHONPATH", WARM_ENV)}
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [HERE, saved["PYTHONPATH"]]))
    # Each child runs the test process's main script again (as __mp_main__) unless the server has: with
    # the `pytest` script that is an import of pytest per child. 3.11 drops the path it means to pass
    # the server for that ("__main__" in the preload), so WARM_ENV carries it.
    os.environ[WARM_ENV] = spawn.get_preparation_data("forkserver").get("init_main_from_path", "")
    try:
        forkserver.ensure_running()  # does nothing once the server runs
    finally:
        for key, value in saved.items():
            if value is None:
                del os.environ[key]
            else:
                os.environ[key] = value
    return ctx


def receive(conn: Connection, deadline: float) -> str | None:
    """The child's next message; None once it is gone and all it sent is read, or at the deadline."""
    try:
        if conn.poll(max(0.0, deadline - time.monotonic())):
            return conn.recv()
    except EOFError:
        pass
    return None


def _run(acks: Connection, main: Callable[[], Awaitable[None]]) -> None:
    try:
        asyncio.run(main())
    except BaseException:
        acks.send(ERROR + traceback.format_exc())
        raise


def write_until_killed(data_dir: Path, run: int, acks: Connection) -> None:
    """test_crash.py: write for ever, acknowledging each change, until the test kills the process."""

    async def main() -> None:
        m = SessionManager(data_dir)
        campaign = (await m.list_campaigns())[0].name
        try:
            await m.load_session("crash")
        except SessionNotFoundError:
            await m.start_session(campaign, name="crash", seed=5)
        # A kill between the -1 and the +1 below leaves Bram one short; a long rest evens it out.
        await m.rest("crash", "long")
        n = 0
        while True:
            n += 1
            await m.apply_change("crash", "hp", "Bram", -1)
            await m.record_fact("crash", f"Beam{run}x{n} token{n * 7} ledger{n * 13}", "event", "Bram")
            await m.apply_change("crash", "hp", "Bram", +1)
            acks.send(f"ack {n}")
            if n % 15 == 0:
                # Pause and resume now and then, so a kill can land in the middle of a full save.
                await m.end_session("crash", "pause")
                await m.load_session("crash")

    _run(acks, main)


def end_with_crash(data_dir: Path, mode: str, point: str, acks: Connection) -> None:
    """test_crash_points.py: four acknowledged changes, then a pause or an end cut short at `point`."""

    async def main() -> None:
        m = SessionManager(data_dir)
        camp = (await m.list_campaigns())[0].name
        await m.start_session(camp, name="night", seed=9)
        await m.apply_change("night", "hp", "Bram", -2)
        acks.send("ACK")
        await m.record_fact("night", "The bell tower of Kettlecove leans north", "world")
        acks.send("ACK")
        await m.end_session("night", "pause")
        await m.load_session("night")
        await m.apply_change("night", "hp", "Wren", -1)
        acks.send("ACK")
        await m.roll("1d20", "night")
        acks.send("ACK")
        # Set here, in the child only, so the steps above (and the test process) never crash.
        os.environ[CRASH_ENV] = point
        await m.end_session("night", mode)
        acks.send("FINISHED")

    _run(acks, main)


async def _warm() -> None:
    # The first session of a process loads what import leaves lazy (the campaign, content tables,
    # inflection tables); done once here, every child forked after starts with it loaded.
    with tempfile.TemporaryDirectory() as tmp:
        m = SessionManager(Path(tmp))
        camp = (await m.list_campaigns())[0].name
        await m.start_session(camp, name="warm", seed=1)
        await m.apply_change("warm", "hp", "Bram", -1)
        await m.record_fact("warm", "The bell tower of Kettlecove leans north", "world", "Bram")
        await m.query_facts("warm", "bell tower")
        await m.end_session("warm", "end")


if (main_path := os.environ.pop(WARM_ENV, None)) is not None:  # in the server; popped, so no child has it
    # Either failing costs time, not truth: each child then does it again, and reports what fails.
    with contextlib.suppress(Exception):
        if main_path:
            spawn.import_main_path(main_path)
    with contextlib.suppress(Exception):
        asyncio.run(_warm())
