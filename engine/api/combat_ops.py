"""The SessionManager calls for the DM's hand on a fight: combat_control (journaled, undoable like
any change) and combat_view (the initiative tracker, read only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import rules
from engine.api import limits
from engine.api.host import ManagerHost
from engine.api.limits import bounded
from engine.errors import InvalidInputError, NotFoundError
from engine.models.actions import DmChange, EntryKind
from engine.models.combat import COMBAT_OPERATIONS, CombatControlResult, CombatView
from engine.models.session import ChangeResult
from engine.models.world import Character, Monster
from engine.play.agents.base import ActionBasics
from engine.play.encounter_control import MAX_START, control
from engine.rules import dm_ops
from engine.rules.dice import DiceRoller
from engine.session.views import combat_view

if TYPE_CHECKING:
    pass


class CombatOperations(ManagerHost):
    """Mixed into SessionManager (see ManagerHost for what it provides)."""

    async def combat_control(self, session: str, operation: str, name: str | None = None, value: int | None = None,
                             combatants: list[str] | None = None) -> CombatControlResult:
        """The DM steers a fight. `operation`: "start" (`combatants`: monster stat blocks or NPCs present;
        everyone rolls initiative, the top of the order goes first), "initiative" (`name`'s value becomes
        `value`, e.g. a player's physical dice), "add" (`name` joins mid-fight, rolling initiative unless
        `value` gives it), "remove" (`name`), "delay" (the creature acting now waits until after the next),
        "next" (the current turn ends), "end". Whenever a monster is then up, the monsters act until a
        character can. One history entry, undone by undo_last."""
        if operation not in COMBAT_OPERATIONS:
            raise InvalidInputError(f"Unknown combat operation {operation!r}. Use one of: {', '.join(COMBAT_OPERATIONS)}.")
        bounded(name, "name", limits.NAME_CHARS)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidInputError("value must be a whole number (an initiative).")
        if combatants is not None:
            if not isinstance(combatants, list) or len(combatants) > MAX_START:
                raise InvalidInputError(f"combatants must be a list of at most {MAX_START} names.")
            for who in combatants:
                bounded(who, "a combatant's name", limits.NAME_CHARS)
        label = _label(operation, name, value, combatants)
        async with self._playing(session) as s:
            state = s.working_state()
            basics = ActionBasics(action=label, world=state.world, roller=DiceRoller(state.rng), turn=s.next_turn)
            result = control(basics, operation, name, value, combatants)
            entry = self._entry(s, EntryKind.DM_COMBAT, label)
            entry.dice_rolls, entry.state_changes = result.dice_rolls, result.state_changes
            entry.narrative = " ".join(result.beats)
            entry.warnings = list(result.warnings)
            entry.dm_change = DmChange(kind=f"combat_{operation}", target=name, value=value)
            s.commit(state, entry)
            view = combat_view(state.world)
            return CombatControlResult(operation=operation, turn_number=entry.turn, changes=result.state_changes,
                                       dice_rolls=result.dice_rolls, combat=view,
                                       message=_message(operation, result.state_changes, view))

    async def death_save(self, session: str, name: str) -> ChangeResult:
        """The DM rolls a death saving throw for a dying character (DC 10; a natural 1 counts twice, a
        natural 20 regains 1 HP; three successes: stable, three failures: dead). In a fight the engine rolls
        it on the character's own turn, so there the command is refused rather than rolling twice."""
        bounded(name, "name", limits.NAME_CHARS)
        async with self._playing(session) as s:
            state = s.working_state()
            pc = dm_ops.find_target(state.world, name)
            if not isinstance(pc, Character):
                raise InvalidInputError(f"{pc.name} is a monster: monsters die at 0 HP and make no death saves.")
            combat = state.world.game_state.combat
            if combat is not None and combat.active and combat.combatant(pc.name) is not None:
                raise InvalidInputError(f"{pc.name} is in the fight: the engine rolls their death save on their "
                                        "own turn (/next ends the current turn).")
            roll, changes = rules.death_save(DiceRoller(state.rng), pc)
            entry = self._entry(s, EntryKind.DM_CHANGE, f"/deathsave {pc.name}")
            entry.dice_rolls, entry.state_changes, entry.actor = [roll], changes, pc.name
            entry.dm_change = DmChange(kind="death_save", target=pc.name)
            s.commit(state, entry)
            said = "; ".join(c.description for c in changes)
            return ChangeResult(turn_number=entry.turn, state_changes=changes,
                                message=f"{pc.name} rolls {roll.total} on a death save. {said}".strip())

    async def combat_view(self, session: str) -> CombatView | None:
        """The initiative tracker of a session's fight (order, current turn, HP/AC, conditions with rounds
        left, concentration); None when no fight is on."""
        s = self._session_for_reading(self._resolve(session))
        return combat_view(s.state.world)

    async def stat_block(self, session: str, name: str) -> Monster:
        """The stat block a combatant fights with (or a stat block by its own name), for the DM to read."""
        bounded(name, "name", limits.NAME_CHARS)
        world = self._session_for_reading(self._resolve(session)).state.world
        combat = world.game_state.combat
        who = combat.combatant(name) if combat is not None else None
        if who is not None and who.kind == "character":
            raise InvalidInputError(f"{who.name} is a player character: the party pane shows their sheet.")
        block = world.monster(who.monster or who.name) if who is not None else world.monster(name)
        if block is None:
            known = ", ".join(m.name for m in world.monsters) or "none"
            raise NotFoundError(f"No stat block for {name!r}. Known stat blocks: {known}.")
        return block.model_copy(deep=True)


def _label(operation: str, name: str | None, value: int | None, combatants: list[str] | None) -> str:
    """The history line, written as the console command that does the same."""
    if operation == "start":
        return "/fight " + ", ".join(combatants or ([name] if name else []))
    if operation == "initiative":
        return f"/init {name} {value}"
    if operation == "add":
        return f"/join {name}" + (f" {value}" if value is not None else "")
    if operation == "remove":
        return f"/remove {name}"
    return {"delay": "/delay", "next": "/next", "end": "/endfight"}[operation]


def _message(operation: str, changes: list, view: CombatView | None) -> str:
    first = next((c.description for c in changes if c.description), "")
    if view is None:
        return first or "The fight is over."
    now = f"Round {view.round}: {view.current}'s turn." if view.current else ""
    return f"{first} {now}".strip() if operation not in ("next",) else now
