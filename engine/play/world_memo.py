"""What is derived from a world while it holds still: worked out once per reading, not once per question.

Reading one action asks the same world the same things many times over (who the words could mean,
which words name places, the vocabulary typos are folded onto), and an action in a fight is read
twice (once before the turn order names its actor). Inside `holding_still()`, a stretch in which no
code changes the world (parsing an action), each answer is kept under the world object's identity
and the question; outside it nothing is kept, so a world that changes later is always read afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

# Per task and per thread (a ContextVar), so two actions read at once never share answers.
_MEMO: ContextVar[dict[tuple[int, Hashable], tuple[object, object]] | None] = ContextVar("world_memo", default=None)


@contextmanager
def holding_still() -> Iterator[None]:
    """Answers about a world are kept until the outermost block ends; nested blocks share them.

    Only for code that changes no world it reads: a world changed inside the block would be read stale."""
    if _MEMO.get() is not None:
        yield
        return
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def remembered(world: object, question: Hashable, work_out: Callable[[], T]) -> T:
    """`work_out()`, kept for this world and question while the world holds still (else worked out each time)."""
    memo = _MEMO.get()
    if memo is None:
        return work_out()
    key = (id(world), question)
    hit = memo.get(key)
    # The world itself is kept with the answer, so its id cannot pass to another object meanwhile.
    if hit is not None and hit[0] is world:
        return hit[1]  # type: ignore[return-value]
    value = work_out()
    memo[key] = (world, value)
    return value
