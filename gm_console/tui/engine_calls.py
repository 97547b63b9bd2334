"""The app's engine calls: each runs in a named worker and posts a past-tense message when done.

GMConsoleApp derives from this class; it is split out so the app itself holds only what the DM
sees and does. Widgets hold no game logic: every change goes through the SessionManager.
"""

from __future__ import annotations

from textual import work
from textual.app import App
from textual.reactive import reactive
from textual.worker import Worker, WorkerState

from engine.api.manager import SessionManager
from engine.errors import InvalidInputError, NotFoundError, SessionNotActiveError
from engine.models.catalogue import EncounterDifficulty
from engine.models.session import ChangeResult, SessionStatus
from gm_console.tui import commands as cmd
from gm_console.tui import messages as m
from gm_console.tui.screens.card import CardScreen
from gm_console.tui.screens.main import MainScreen
from gm_console.tui.state import ConsoleStatus

# How many past entries a resume brings back into the narrative and history panes (the export has
# the full log; more rows here only slow the first paint of a long session).
REBUILD_LIMIT = 50
# After a turn only the newest entries are read back (the panes append them).
REFRESH_LIMIT = 10


class EngineCalls(App[int]):
    """The SessionManager's calls as workers, and the status of the open session they report."""

    # What the bindings, palette, buttons, input and header follow. bindings=True: the footer is
    # rebuilt when it changes (and only then: it is a frozen value, and most turns change nothing).
    # init=False: nothing to show until the main screen's panes exist.
    console_status: reactive[ConsoleStatus] = reactive(ConsoleStatus, bindings=True, init=False)

    def __init__(self, manager: SessionManager) -> None:
        super().__init__()
        self.manager = manager

    # ---- the open session, read from the status (tests and the benchmark look at these) ----

    @property
    def session_id(self) -> str | None:
        return self.console_status.session_id

    @property
    def session_name(self) -> str:
        return self.console_status.session_name

    @property
    def status(self) -> SessionStatus | None:
        return self.console_status.status

    @property
    def saving(self) -> bool:
        return self.console_status.saving

    @property
    def main(self) -> MainScreen:
        return self.screen_stack[0]  # type: ignore[return-value]

    # ---- workers: each posts a past-tense message; failures go to on_worker_state_changed ----

    @work(group="turn", exclusive=True, exit_on_error=False, name="resolve the action")
    async def _turn(self, sid: str, parsed: object, character: str | None) -> None:
        mgr = self.manager
        if isinstance(parsed, cmd.PlayerAction):
            # The narration streams into the narrative pane while the engine is still on the turn.
            with m.NarrationRelay(self.main, parsed.text) as relay:
                response = await mgr.player_action(sid, parsed.text, parsed.actor or character,
                                                   out_of_turn=parsed.out_of_turn, on_narration=relay)
            self.main.post_message(m.ActionResolved(parsed.text, response))
        elif isinstance(parsed, cmd.RollCommand):
            self.main.post_message(m.DiceRolled(await mgr.roll(parsed.notation, sid, parsed.purpose)))
        elif isinstance(parsed, cmd.ChangeCommand):
            result = await mgr.apply_change(sid, parsed.kind, parsed.target, parsed.value)
            self.main.post_message(m.ChangeApplied(parsed.label, result))
        elif isinstance(parsed, cmd.CombatCommand):
            result = await mgr.combat_control(sid, parsed.operation, parsed.name, parsed.value,
                                              list(parsed.combatants) or None)
            self.main.post_message(m.CombatControlled(parsed.label, result))
        elif isinstance(parsed, cmd.DeathSaveCommand):
            result = await mgr.death_save(sid, parsed.name)
            self.main.post_message(m.ChangeApplied(f"/deathsave {parsed.name}", result))
        elif isinstance(parsed, cmd.RestCommand):
            self.main.post_message(m.ChangeApplied(f"/rest {parsed.kind}", await mgr.rest(sid, parsed.kind)))
        elif isinstance(parsed, cmd.FactCommand):
            self.main.post_message(m.FactRecorded(parsed.text, await mgr.record_fact(sid, parsed.text)))
        elif isinstance(parsed, cmd.QuestCommand) and parsed.quest is None:
            self.main.post_message(m.QuestsListed(await mgr.quest_progress(sid)))
            return
        elif isinstance(parsed, cmd.QuestCommand):
            result = await mgr.quest_control(sid, parsed.quest, parsed.objective, parsed.done)
            self.main.post_message(m.ChangeApplied(parsed.label, result))
        elif isinstance(parsed, cmd.SpawnCommand):
            spawned = await mgr.spawn(sid, parsed.name, parsed.count, parsed.hp)
            self.main.post_message(m.ChangeApplied(parsed.label, ChangeResult(
                turn_number=spawned.turn_number, state_changes=spawned.state_changes, message=spawned.message)))
        elif isinstance(parsed, cmd.EncounterCommand):
            rated = await mgr.encounter_difficulty(parsed.monsters, sid)
            self.push_screen(CardScreen("Encounter difficulty", encounter_markdown(rated)))
            return
        elif isinstance(parsed, cmd.UndoCommand):
            self.main.post_message(m.ActionUndone(await mgr.undo_last(sid)))
            await self._refresh(sid, reset_history=True)
            return
        await self._refresh(sid)

    @work(group="card", exclusive=True, exit_on_error=False, name="open the card")
    async def show_card(self, kind: str, name: str) -> None:
        """An SRD card in a modal; needs no session (the catalogue loads on the first one)."""
        card = await self.manager.lookup(kind, name)
        self.push_screen(CardScreen(f"{card.name} ({card.credit})", card.markdown))

    async def _refresh(self, sid: str, rebuild: bool = False, reset_history: bool = False) -> None:
        limit = REBUILD_LIMIT if rebuild or reset_history else REFRESH_LIMIT
        view = await self.manager.get_session_state(sid, "standard", include_history=True, history_limit=limit)
        self.post_message(m.StateRefreshed(view, rebuild, reset_history))

    @work(group="read", exclusive=True, exit_on_error=False, name="show the stat block")
    async def _stat_block(self, sid: str, name: str) -> None:
        self.post_message(m.StatBlockLoaded(await self.manager.stat_block(sid, name), name))

    @work(group="select", exclusive=True, exit_on_error=False, name="select the character")
    async def _select_character(self, sid: str, name: str | None) -> None:
        await self.manager.select_character(sid, name)

    @work(group="session", exclusive=True, exit_on_error=False, name="pause the session")
    async def _pause(self, sid: str) -> None:
        self.post_message(m.SessionPaused(await self.manager.end_session(sid, "pause")))

    @work(group="session", exclusive=True, exit_on_error=False, name="end the session")
    async def _end(self, sid: str, notes: str | None) -> None:
        self.post_message(m.SessionEnded(await self.manager.end_session(sid, "end", notes)))

    async def _leave_current(self, keep: str | None) -> None:
        """Switching sessions pauses the one in play first, so nothing is left open by accident."""
        if self.session_id and self.session_id != keep and self.status == SessionStatus.ACTIVE:
            result = await self.manager.end_session(self.session_id, "pause")
            self.post_message(m.SessionPaused(result))

    @work(group="session", exclusive=True, exit_on_error=False, name="open the session")
    async def open_session(self, session: str, campaign: str | None = None,
                           status: SessionStatus | None = None) -> None:
        """Resume a session, or show an ended one read-only. `status` is None for a session named on
        the command line (id, id prefix or name): the engine resolves it and says if it is unknown."""
        if status == SessionStatus.ENDED:
            await self._show_read_only(session)
            return
        await self._leave_current(keep=session)
        try:
            result = await self.manager.load_session(session, campaign)
        except SessionNotActiveError as refused:
            # The engine will not resume an ended session; one named on the command line is shown instead.
            if status is not None:
                raise
            await self._show_read_only(session, refused)
            return
        await self._refresh(result.session_id, rebuild=True)
        self.post_message(m.SessionLoaded(result.session_id, result.recap, result))

    async def _show_read_only(self, session: str, refused: SessionNotActiveError | None = None) -> None:
        """An ended session's panes and recap; `refused` is re-raised if the session has not ended."""
        view = await self.manager.get_session_state(session, "standard", history_limit=REBUILD_LIMIT)
        if refused is not None and view.session_info.status != SessionStatus.ENDED:
            raise refused
        sid = view.session_info.session_id
        self.post_message(m.StateRefreshed(view, rebuild=True))
        self.post_message(m.SessionLoaded(sid, await self.manager.recap(sid)))

    @work(group="session", exclusive=True, exit_on_error=False, name="start the session")
    async def start_new_session(self, campaign: str, name: str | None, seed: int | None) -> None:
        await self._leave_current(keep=None)
        result = await self.manager.start_session(campaign, name, seed)
        await self._refresh(result.session_id, rebuild=True)
        self.post_message(m.SessionStarted(result))

    @work(group="session", exclusive=True, exit_on_error=False, name="delete the session")
    async def delete_session(self, session_id: str) -> None:
        self.post_message(m.SessionDeleted(await self.manager.delete_session(session_id)))

    @work(group="list", exclusive=True, exit_on_error=False, name="list the sessions")
    async def list_all_sessions(self, campaign: str | None = None) -> None:
        """Every campaign and its sessions; `campaign` (a name or slug) is the one to show first."""
        campaigns = await self.manager.list_campaigns()
        sessions = {c.slug: await self.manager.list_sessions(c.slug) for c in campaigns}
        try:
            chosen = self.manager.campaigns.resolve(campaign) if campaign else None
        except NotFoundError:  # no such campaign: the picker opens on the first one
            chosen = None
        self.post_message(m.SessionsListed(campaigns, sessions, chosen))

    @work(group="export", exclusive=True, exit_on_error=False, name="export the recap")
    async def _export(self, sid: str) -> None:
        self.post_message(m.RecapExported(await self.manager.export_markdown(sid)))

    @work(group="session", exclusive=True, exit_on_error=False, name="save and quit")
    async def _close_and_exit(self) -> None:
        await self.manager.close()
        self.exit(0)

    # ---- the one place worker failures are handled ----

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state == WorkerState.ERROR and event.worker.error is not None:
            error = event.worker.error
            # A DM typo (bad name, bad notation) is answered under the input, not in a modal.
            inline = event.worker.group in ("turn", "card") and isinstance(error, InvalidInputError | NotFoundError)
            self.post_message(m.EngineFailed(event.worker.name, error, inline))


def encounter_markdown(rated: EncounterDifficulty) -> str:
    rows = "\n".join(f"| {x.name} | {x.count} | {x.cr} | {x.xp * x.count} |" for x in rated.monsters)
    b = rated.budgets
    return (f"## {rated.difficulty.title()}\n\n{rated.message}\n\n| Monster | Count | CR | XP |\n|---|---|---|---|\n"
            f"{rows}\n\n**Party budgets** (levels {', '.join(map(str, rated.party_levels))}): Low {b['low']} · "
            f"Moderate {b['moderate']} · High {b['high']}\n\n*SRD 5.2.1 encounter XP budgets (CC-BY-4.0)*")
