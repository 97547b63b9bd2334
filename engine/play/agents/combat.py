"""The combat agent: starts fights, resolves the acting character's attack, spell attack, Dodge or
healing, then runs the monsters' turns (and dying characters' death saves) until a character is up again."""

from __future__ import annotations

import re

from engine import rules
from engine.errors import EngineError
from engine.models.actions import StateChange
from engine.models.world import Attack, Attitude, Character, Combatant, CombatState
from engine.play.agents import second_wind_use, shots, two_part
from engine.play.agents.assailant import assailant
from engine.play.agents.base import AgentContext, AgentResult, acting_character, npc_aimed_here
from engine.play.agents.help_given import gives_help, take_help
from engine.play.agents.manoeuvres import asked_option, break_free, grapple_or_shove, start_turn, wants_escape
from engine.play.agents.presence import absent_target
from engine.play.agents.rules_agent import heal_with_magic, wants_healing
from engine.play.agents.sheet_casting import cast_from_sheet
from engine.play.agents.spellcasting import cast_save_spell
from engine.play.agents.turn_flow import (
    check_victory,
    pass_turn,
    roll_attack,
    run_others,
    standing_foes,
    turn_begins,
)
from engine.play.entities import stat_block_for
from engine.rules.difficulty import rate_fight
from engine.text import overlap, stems, words

_DODGE = {"dodg", "defend", "parry", "evad", "duck"}
# Stems (engine.text.stems) of the words that say how an unnamed weapon is used.
_SHOOT = {"shoot", "fir", "loos", "snip", "arrow", "volley"}
_STRIKE = {"stab", "slash", "swing", "hack", "cleav", "chop", "punch", "club", "bash", "smash", "slic", "cut", "whack"}
_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6"}
# Attack spells a player may name without saying "cast"; "cast X" names a spell too.
_SPELLS = ("acid splash", "burning hands", "chill touch", "chromatic orb", "eldritch blast", "fire bolt",
           "guiding bolt", "inflict wounds", "magic missile", "poison spray", "produce flame", "ray of frost",
           "ray of sickness", "sacred flame", "scorching ray", "shocking grasp", "thorn whip", "thunderwave",
           "toll the dead", "vicious mockery", "witch bolt")
_CAST = re.compile(r"\bcast(?:s|ing)?\s+(?:a |an |the |my )?(.+?)(?:\s+(?:at|on|against|toward|towards|into|upon)\b"
                   r"|[,.;!?]|$)")


class CombatAgent:
    name = "combat"

    async def handle(self, ctx: AgentContext) -> AgentResult:
        result = AgentResult(agent=self.name)
        ctx, own = two_part.own_part(ctx)  # a compound action's one combat act: its words, its target
        world = ctx.world
        healing = wants_healing(ctx.action)
        combat = world.game_state.combat
        started = False
        absent = None if healing else absent_target(ctx)
        if absent is not None:
            result.warnings.append(absent[0])
            result.beats.append(absent[1])
            return result
        if combat is None or not combat.active:
            if healing:  # nothing to fight: the heal itself is all there is
                heal_with_magic(ctx, result)
                return result
            if not _start(ctx, result):
                return result
            run_others(ctx, result)
            combat = world.game_state.combat
            if combat is None:
                return result
            started = True
        pc = acting_character(ctx, result)
        if pc is None:
            return result
        current = combat.current
        out_of_turn = current is not None and current.name.casefold() != pc.name.casefold()
        if out_of_turn and not ctx.out_of_turn:
            # The fight's first turn (and every later one) belongs to initiative order, not to whoever typed.
            lead = "Combat begins" if started else "It is not their turn"
            result.warnings.append(f"{lead}: it is {current.name}'s turn, so {pc.name}'s action waits for "  # type: ignore[union-attr]
                                   f"{pc.name}'s own turn. Act as {current.name}, or let {pc.name} act out "  # type: ignore[union-attr]
                                   f"of turn (the DM's override; /as {pc.name} in the console).")
            result.beats.append(f"It is {current.name}'s turn.")  # type: ignore[union-attr]
            if started:  # told in the prose too: the one who started it is not first, so nothing of theirs happened
                ahead = _ahead_of(combat, pc.name)
                verb = "goes" if " and " not in ahead else "go"  # no family word ("initiative"): the prose keeps it
                result.beats.append(f"{pc.name}'s action is not made yet: {ahead} {verb} first; say it again on "
                                    f"{pc.name}'s turn.")
            return result
        mine = combat.combatant(pc.name)
        stopped = rules.why_cannot_act(pc.conditions)
        if stopped is not None:
            result.warnings.append(f"{pc.name} is {stopped} and cannot act.")
            result.beats.append(f"{pc.name} is {stopped} and loses the turn.")
            if not out_of_turn:
                pass_turn(ctx, result)
            return result
        if mine is not None and not out_of_turn:
            turn_begins(world, mine)  # a new turn ends last turn's Dodge and Help
        if not out_of_turn:
            start_turn(ctx, pc, result)
        if second_wind_use.asked(ctx.action):
            # The Bonus Action first; the rest of the message (an attack, most often) is the turn's Action.
            taken = second_wind_use.take(ctx, pc, result, mine.used if mine is not None and not out_of_turn else None)
            rest = second_wind_use.rest_of(ctx)
            if rest is None:
                if taken and not out_of_turn:
                    result.beats.append(f"{pc.name} still has an action this turn.")
                return result
            ctx = rest
        foes = standing_foes(world)
        option = asked_option(ctx.action, foes)
        spent_both: list[str] | None = None  # a Bonus Action spell and an attack, both done
        if stems(ctx.action) & _DODGE:
            if mine is not None:
                mine.dodging = True
            result.beats.append(f"{pc.name} takes the Dodge action: attacks against them have disadvantage "
                                f"until their next turn.")
        elif gives_help(ctx):
            if not take_help(ctx, pc, _named_foe(ctx, foes), foes, result):
                return result
        elif wants_escape(ctx.action, pc):
            break_free(ctx, pc, result)
        elif option is not None and (foe := _named_foe(ctx, foes)) is not None:
            if not grapple_or_shove(ctx, pc, option, foe, result):
                return result
        elif (both := two_part.plan(ctx, pc)) is not None:
            spent_both = two_part.run(both, pc, result, mine.used if mine is not None else None,
                                      out_of_turn=out_of_turn, attack=_character_attacks)
            if spent_both is None:
                return result
        elif (cast := cast_from_sheet(ctx, pc, result)) is not None:
            if not cast:
                return result
        elif healing:
            if not heal_with_magic(ctx, result, pass_turn=False):
                return result
        elif rules.find_save_spell(ctx.action) is not None:
            if not cast_save_spell(ctx, pc, result):
                return result
        elif not _character_attacks(ctx, pc, result):
            return result
        spent = spent_both if spent_both is not None else \
            rules.spend_turn(mine.used, ctx.action, out_of_turn=out_of_turn, bonus=result.bonus_action) \
            if mine is not None else []
        if own is not None and not result.sections:
            result.close_part(own)  # what follows (the foes' turns) is told after every act of the message
        if check_victory(ctx, result):
            return result
        if out_of_turn:
            # A DM override: the action happens now, the current creature keeps its turn, and the actor's own
            # slot this round is passed over so nobody acts twice (a reaction is not a turn: it keeps the slot).
            if mine is not None and spent != ["reaction"]:
                mine.acted_round = combat.round
            result.warnings.append(f"{pc.name} acts out of turn (DM override); it is still "
                                   f"{current.name}'s turn.")  # type: ignore[union-attr]
            return result
        if mine is not None and rules.turn_goes_on(mine.used, spent):
            result.beats.append(f"{pc.name} still has an action this turn.")
            return result
        pass_turn(ctx, result)
        return result


def _turn_hostile(ctx: AgentContext, npc_name: str, result: AgentResult) -> None:
    npc = ctx.world.npc(npc_name)
    if npc is not None and npc.attitude != Attitude.HOSTILE:
        result.state_changes.append(StateChange(target=npc.name, kind="attitude", before=npc.attitude.value,
                                                after="hostile", description=f"{npc.name} turns hostile."))
        npc.attitude = Attitude.HOSTILE


def _enlist(ctx: AgentContext, npc_name: str, result: AgentResult) -> None:
    """The NPC joins the fight under their own name with a stat block (never a stranger in their place)."""
    world = ctx.world
    combat = world.game_state.combat
    block = world.monster(stat_block_for(world, npc_name) or "")
    if combat is None or combat.combatant(npc_name) is not None or block is None:
        return
    _turn_hostile(ctx, npc_name, result)
    dex = block.abilities.modifier("dex")
    roll = rules.roll_initiative(ctx.roller, npc_name, dex)
    result.dice_rolls.append(roll)
    combat.order.append(block.combatant(npc_name, roll.total, ident=f"npc:{npc_name}"))
    current = combat.current
    combat.order.sort(key=lambda c: (-c.initiative, -c.dex_modifier))
    combat.turn_index = combat.order.index(current) if current in combat.order else 0
    result.beats.append(f"{npc_name} fights as a {block.name} (initiative {roll.total}).")


def _ahead_of(combat: CombatState, name: str) -> str:
    """Who acts before `name` from the current turn on, as a phrase: "Idris and the Wrecker Thug"."""
    mine = next((i for i, c in enumerate(combat.order) if c.name == name), len(combat.order))
    ahead = [c.name for c in combat.order[combat.turn_index:mine] if not (c.kind == "monster" and c.defeated)]
    return ahead[0] if len(ahead) == 1 else ", ".join(ahead[:-1]) + " and " + ahead[-1] if ahead else "others"


def _list_order(combat: CombatState, result: AgentResult) -> None:
    """The fight's printed order (the combat_start line) as it stands once an NPC joined: everyone who acts."""
    listing = ", ".join(f"{c.name} ({c.initiative})" for c in combat.order)
    for change in result.state_changes:
        if change.kind == "combat_start":
            change.description = f"Combat begins. Initiative: {listing}."


def _start(ctx: AgentContext, result: AgentResult) -> bool:
    world = ctx.world
    here = world.location(world.game_state.party_location)
    place = world.game_state.party_location
    names = list(here.encounter) if here else []
    foe_npc = npc_aimed_here(ctx)
    if foe_npc is not None:
        # Attacking someone who is here: they fight (with whoever lurks here), no one is conjured.
        block = stat_block_for(world, foe_npc)
        names = [n for n in names if n != block] if block else names
        if not names:
            names = [block] if block else []
    if not names:
        # Nothing placed here: a player's words never summon a monster; the DM brings one in.
        known = ", ".join(m.name for m in world.monsters) or "none"
        result.warnings.append(f"There is nothing hostile at {place} to fight. Nothing was rolled; only the DM "
                               f"brings a monster in (stat blocks: {known}).")
        return False
    try:
        rolls, changes = rules.start_combat(ctx.roller, world, names)
    except EngineError as exc:
        result.warnings.append(f"Could not start the fight: {exc}")
        return False
    result.dice_rolls += rolls
    result.state_changes += changes
    if foe_npc is not None:
        combat = world.game_state.combat
        if combat is not None and len(names) == 1 and names[0] == stat_block_for(world, foe_npc) \
                and here is not None and names[0] not in here.encounter:
            # The stat block stood in only to get the fight going: it is the NPC, under their name.
            stand_in = next(c for c in combat.order if c.monster == names[0])
            stand_in.name, stand_in.id = foe_npc, f"npc:{foe_npc}"
            _turn_hostile(ctx, foe_npc, result)
        elif combat is not None and combat.combatant(foe_npc) is None:
            _enlist(ctx, foe_npc, result)
            combat.turn_index = 0  # nobody has acted yet: the top of the order goes first, the NPC included
            _list_order(combat, result)
    order = ", ".join(f"{c.name} {c.initiative}" for c in world.game_state.combat.order)  # type: ignore[union-attr]
    result.beats.append(f"Combat begins! Initiative: {order}.")
    rated = rate_fight(world)
    if rated is not None:  # for the DM's eyes (a state note, not narration)
        result.state_changes.append(StateChange(target="combat", kind="encounter_difficulty", before=None,
                                                after=rated.difficulty, description=f"Encounter difficulty: "
                                                f"{rated.difficulty.title()} ({rated.total_xp} XP; party budgets "
                                                f"Low {rated.budgets['low']}, Moderate {rated.budgets['moderate']}, "
                                                f"High {rated.budgets['high']})."))
    return True


def _pick_target(ctx: AgentContext, foes: list[Combatant]) -> Combatant:
    told = assailant(ctx.action, ctx.world, ctx.actor, foes)
    if told is not None:  # "the one swinging at Wren": the foe the fight's log says last attacked her
        return told
    intent = ctx.intent
    if intent is not None and intent.target:
        # The parse resolved the name ("the captain", "Crowe", "the one with the scimitar").
        wanted = intent.target.casefold()
        exact = [f for f in foes if f.name.casefold() == wanted]
        same_kind = [f for f in foes if (f.monster or "").casefold() == wanted]
        if exact or same_kind:
            # "Drowned Sailor 2", "the third sailor": the number picks among all of that kind, even when the
            # parse resolved the words to the first of them.
            kin = (exact or same_kind)[0].monster
            group = [f for f in foes if kin and f.monster == kin] or exact or same_kind
            return _numbered(ctx, group) or (exact or same_kind)[0]
    ws = {_ORDINALS.get(w, w) for w in words(ctx.action)}
    text_stems = stems(ctx.action)
    # "Goblin 2" or "the second goblin" by its number, else by name, else the first one still standing.
    numbered = [f for f in foes if f.name.split()[-1].isdigit() and f.name.split()[-1] in ws
                and overlap(f.monster or f.name, text_stems)]
    named = [f for f in foes if overlap(f.name, text_stems) or overlap(f.monster or "", text_stems)]
    return (numbered or named or foes)[0]


def _named_foe(ctx: AgentContext, foes: list[Combatant]) -> Combatant | None:
    """The foe the words name (or the parse resolved, "him"): "grab the lantern" grapples nobody."""
    intent = ctx.intent
    wanted = intent.target.casefold() if intent is not None and intent.target else None
    text_stems = stems(ctx.action)
    named = [f for f in foes if wanted in (f.name.casefold(), (f.monster or "").casefold())
             or overlap(f.name, text_stems) or overlap(f.monster or "", text_stems)]
    return _pick_target(ctx, named) if named else None


def _numbered(ctx: AgentContext, foes: list[Combatant]) -> Combatant | None:
    ws = {_ORDINALS.get(w, w) for w in words(ctx.action)}
    return next((f for f in foes if f.name.split()[-1].isdigit() and f.name.split()[-1] in ws), None)


def _named_spell(action: str) -> str | None:
    lowered = " ".join(words(action))
    cast = _CAST.search(action.lower())
    if cast and cast.group(1).strip() not in ("a spell", "spell", "it", "something"):
        return cast.group(1).strip()
    return next((s for s in _SPELLS if s in lowered), None)


def _pick_attack(ctx: AgentContext, pc: Character, result: AgentResult) -> Attack | None:
    """The attack named (weapon or spell), else the first on the sheet; None when a named spell is missing."""
    text_stems = stems(ctx.action)
    spell = _named_spell(ctx.action)
    if spell is not None:
        on_sheet = [a for a in pc.attacks if overlap(a.name, stems(spell)) == len([w for w in words(a.name)
                                                                                   if len(w) > 2])]
        if on_sheet:
            return on_sheet[0]
        listed = ", ".join(a.name for a in pc.attacks) or "none"
        result.warnings.append(f"{spell.title()} is not on {pc.name}'s sheet (attacks: {listed}); nothing was "
                               f"rolled. Add it to the sheet or pick one of those.")
        result.beats.append(f"{pc.name} reaches for {spell.title()}, but it is not among {pc.name}'s attacks.")
        return None
    named = [a for a in pc.attacks if overlap(a.name, text_stems)]
    if named:
        return named[0]
    # "Shoot the crab" wants the bow; "stab the thug" wants the blade, whatever the sheet lists first.
    wanted = True if text_stems & _SHOOT else False if text_stems & _STRIKE else None
    fitting = [a for a in pc.attacks if wanted is not None and rules.is_ranged(a) == wanted
               and (wanted or not _is_spell(a))]
    if fitting or pc.attacks:
        return (fitting or pc.attacks)[0]
    mod = pc.abilities.modifier("str")
    return Attack(name="Unarmed strike", to_hit=mod + pc.proficiency_bonus, damage=str(max(1, 1 + mod)),
                  damage_type="bludgeoning")


def _is_spell(attack: Attack) -> bool:
    return attack.name.lower() in _SPELLS


def _character_attacks(ctx: AgentContext, pc: Character, result: AgentResult) -> bool:
    world = ctx.world
    foes = standing_foes(world)
    if not foes:
        result.warnings.append("No enemy is left standing to attack.")
        return False
    weapon = _pick_attack(ctx, pc, result)
    if weapon is None:
        return False
    if not shots.load(ctx, pc, weapon, result):
        return False
    target = _pick_target(ctx, foes)
    wanted = ctx.intent.target if ctx.intent is not None else None
    down = world.game_state.combat.combatant(wanted) if wanted and world.game_state.combat else None
    if down is not None and down.defeated and target.name != down.name:
        result.warnings.append(f"{down.name} is already down; {pc.name} turns on {target.name} instead.")
    outcome = roll_attack(ctx, result, pc.name, pc.conditions, weapon, target, target.dodging, set(words(ctx.action)))
    _sneak_attack(ctx, pc, weapon, target, outcome, result)
    return True


def _sneak_attack(ctx: AgentContext, pc: Character, weapon: Attack, target: Combatant,
                  outcome: rules.AttackResult, result: AgentResult) -> None:
    """A rogue's hit with a finesse or ranged weapon adds Sneak Attack dice once per turn."""
    if not outcome.hit or target.defeated:
        return
    allies = [c for c in ctx.world.characters if c is not pc and not c.dead and c.hp.current > 0
              and rules.why_cannot_act(c.conditions) is None]
    dice = rules.sneak_attack_dice(pc, weapon, outcome.attack_roll.advantage, bool(allies))
    if dice is None:
        return
    if outcome.critical:
        dice = f"{2 * int(dice.split('d')[0])}d6"  # a critical hit doubles the Sneak Attack dice too
    roll = ctx.roller.roll(dice, purpose=f"Sneak Attack {weapon.damage_type} damage", roller=pc.name)
    result.dice_rolls.append(roll)
    # The same hit as the weapon damage: the target's concentration save already happened.
    damage, note = rules.adjust_damage(target, roll.total, weapon.damage_type)
    result.state_changes += rules.apply_damage(target, damage)
    result.beats.append(f"{pc.name}'s Sneak Attack adds {damage} damage to {target.name}"
                        + (f" ({note})." if note else "."))
