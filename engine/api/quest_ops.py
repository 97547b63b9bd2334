"""The SessionManager calls about quests: the DM's tick (journaled, undoable) and the progress of every quest.

Quests also advance on their own, from events (see engine.play.quests); these are the DM's hand on them.
"""

from __future__ import annotations

from engine.api import limits
from engine.api.host import ManagerHost
from engine.api.limits import bounded
from engine.errors import InvalidInputError
from engine.models.actions import DmChange, EntryKind
from engine.models.session import ChangeResult, QuestStatusView
from engine.play import quests
from engine.session.runtime import add_lines
from engine.session.views import quest_views


class QuestOperations(ManagerHost):
    """Mixed into SessionManager (see ManagerHost for what it provides)."""

    async def quest_control(self, session: str, quest: str, objective: str | None = None,
                            done: bool = True) -> ChangeResult:
        """Mark an objective (by its words or number; None: the whole quest) done or, with done=False, not
        done. Names may be inexact; an unknown one is refused naming the closest. Journaled and undoable;
        an objective ticked by hand is no longer decided by its conditions."""
        bounded(quest, "quest", limits.NAME_CHARS)
        bounded(objective, "objective", limits.VALUE_CHARS)
        if not isinstance(done, bool):
            raise InvalidInputError("done must be true or false.")
        async with self._playing(session) as s:
            state = s.working_state()
            changes, lines = quests.tick(state.world, quest, objective, done)
            name = quests.find_quest(state.world, quest).name
            label = f"/quest {name}" + (f" : {objective.strip()}" if objective else "") + ("" if done else " (undone)")
            entry = self._entry(s, EntryKind.DM_CHANGE, label)
            entry.state_changes = changes
            entry.dm_change = DmChange(kind="quest", target=name, value=objective.strip() if objective else None)
            add_lines(entry, lines)
            s.commit(state, entry)
            return ChangeResult(turn_number=entry.turn, state_changes=entry.state_changes,
                                message=" ".join(c.description for c in entry.state_changes))

    async def quest_progress(self, session: str) -> list[QuestStatusView]:
        """Every quest of the session's world (not only the active ones), with each objective's state."""
        s = self._session_for_reading(self._resolve(session))
        return quest_views(s.state.world.quests)
