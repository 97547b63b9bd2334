"""Resolving a player turn without recording it, then recording it (or not): the engine side of a DM
reviewing a turn before it counts.

prepare_player_action resolves the whole turn (rules, dice, narration) on a working copy and keeps it;
nothing is journaled. commit_prepared records it exactly as player_action would have (optionally with
the DM's own narration); discard_prepared forgets it. A prepared turn is tied to the journal position
it was resolved against: if anything was recorded since, the commit is refused (StaleTurnError) and
the action must be prepared again, so an accepted turn never overwrites a change it did not see.
"""

from __future__ import annotations

import uuid

from engine.api import limits
from engine.api.host import ManagerHost
from engine.api.limits import bounded
from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import ActionResponse
from engine.models.review import PreparedAction
from engine.play.agents.archivist import Archivist
from engine.play.budget import PromptBudget
from engine.play.orchestrator import Orchestrator
from engine.session.turns import PreparedTurn, commit_turn, prepare_turn, turn_response


class ReviewOperations(ManagerHost):
    """Mixed into SessionManager (see ManagerHost for what it provides)."""

    orchestrator: Orchestrator
    prompt_budget: PromptBudget
    archivist: Archivist

    @property
    def _prepared(self) -> dict[str, tuple[str, PreparedTurn]]:
        # Created on first use, so the manager's constructor needs no line for it.
        prepared = self.__dict__.get("_prepared_turns")
        if prepared is None:
            prepared = self.__dict__["_prepared_turns"] = {}
        return prepared

    async def prepare_player_action(self, session: str, action: str, character_name: str | None = None,
                                    context: str | None = None, *, out_of_turn: bool = False) -> PreparedAction:
        """Resolve a player action as player_action would, recording nothing; the answer previews it."""
        bounded(action, "The action", limits.ACTION_CHARS)
        bounded(character_name, "character_name", limits.NAME_CHARS)
        bounded(context, "context", limits.CONTEXT_CHARS)
        async with self._playing(session) as s:
            prepared = await prepare_turn(s, self.orchestrator, self.prompt_budget, action, character_name,
                                          context, self.clock(), out_of_turn=out_of_turn)
            ticket = uuid.uuid4().hex
            self._prepared[ticket] = (s.session_id, prepared)
            return PreparedAction(ticket=ticket, session_id=s.session_id, action=prepared.entry.action,
                                  preview=turn_response(prepared.entry.model_copy(), prepared.follow_up_options,
                                                        prepared.intent))

    async def commit_prepared(self, ticket: str, narrative: str | None = None) -> ActionResponse:
        """Record a prepared turn (journaled before it returns), with `narrative` in place of the
        narrator's if given. The ticket is used up either way, unless the session is gone."""
        if narrative is not None:
            if not narrative.strip():
                raise InvalidInputError("The amended narration is empty; write what happens, or accept the turn as is.")
            bounded(narrative, "The narration", limits.NOTES_CHARS)
        sid, prepared = self._take(ticket)
        async with self._playing(sid) as s:
            response = commit_turn(s, prepared, self.archivist, narrative.strip() if narrative else None)
            s.touch(self.clock())
            return response

    def discard_prepared(self, ticket: str) -> None:
        """Forget a prepared turn: it was never recorded, so there is nothing to undo."""
        self._take(ticket)

    def _take(self, ticket: str) -> tuple[str, PreparedTurn]:
        try:
            return self._prepared.pop(ticket)
        except KeyError:
            raise NotFoundError(f"No prepared turn '{ticket}': it was committed or discarded already.") from None
