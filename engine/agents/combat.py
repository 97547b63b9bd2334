"""The combat agent: starts fights, resolves the acting character's attack, spell attack, Dodge or
healing, then runs the monsters' turns (and dying characters' death saves) until a character is up again."""

from __future__ import annotations

import re

from engine import rules
from engine.agents import AgentContext, AgentResult, acting_character, overlap, stems
from engine.errors import EngineError
from engine.intent import words
from engine.models.actions import StateChange
from engine.models.facts import FactCategory, FactInput
from engine.models.world import Attack, Campaign, Character, Combatant, Condition

_DODGE = {"dodg", "defend", "parry", "evad", "duck"}
_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "fifth": "5", "sixth": "6"}
# Attack spells a player may name without saying "cast"; "cast X" names a spell too.
_SPELLS = ("acid splash", "burning hands", "chill touch", "chromatic orb", "eldritch blast", "fire bolt",
           "guiding bolt", "inflict wounds", "magic missile", "poison spray", "produce flame", "ray of frost",
           "ray of sickness", "sacred flame", "scorching ray", "shocking grasp", "thorn whip", "thunderwave",
           "toll the dead", "vicious mockery", "witch bolt")
_CAST = re.compile(r"\bcast(?:s|ing)?\s+(?:a |an |the |my )?(.+?)(?:\s+(?:at|on|against|toward|towards|into|upon)\b"
                   r"|[,.;!?]|$)")
# Conditions that give an attacker disadvantage, and those that give attackers advantage against a target.
_ATTACKER_DISADVANTAGE = {Condition.BLINDED, Condition.FRIGHTENED, Condition.POISONED, Condition.PRONE,
                          Condition.RESTRAINED}
_TARGET_ADVANTAGE = {Condition.BLINDED, Condition.PARALYZED, Condition.RESTRAINED, Condition.STUNNED,
                     Condition.UNCONSCIOUS}


class CombatAgent:
    name = "combat"

    async def handle(self, ctx: AgentContext) -> AgentResult:
        # Imported here: the rules agent imports this module to pass the turn after a heal.
        from engine.agents.rules_agent import heal_with_magic, wants_healing

        result = AgentResult(agent=self.name)
        world = ctx.world
        healing = wants_healing(ctx.action)
        combat = world.game_state.combat
        if combat is None or not combat.active:
            if healing:  # nothing to fight: the heal itself is all there is
                heal_with_magic(ctx, result)
                return result
            if not _start(ctx, result):
                return result
            _run_others(ctx, result)
            combat = world.game_state.combat
            if combat is None:
                return result
        pc = acting_character(ctx, result)
        if pc is None:
            return result
        current = combat.current
        out_of_turn = current is not None and current.name.casefold() != pc.name.casefold()
        mine = combat.combatant(pc.name)
        if mine is not None:
            mine.dodging = False  # a new turn ends last turn's Dodge
        if stems(ctx.action) & _DODGE:
            if mine is not None:
                mine.dodging = True
            result.beats.append(f"{pc.name} takes the Dodge action: attacks against them have disadvantage "
                                f"until their next turn.")
        elif healing:
            if not heal_with_magic(ctx, result, pass_turn=False):
                return result
        elif not _character_attacks(ctx, pc, result):
            return result
        if _check_victory(ctx, result):
            return result
        if out_of_turn:
            result.warnings.append(f"It is {current.name}'s turn in the initiative order; {pc.name} acts "  # type: ignore[union-attr]
                                   f"anyway and the turn passes on.")
        pass_turn(ctx, result)
        return result


def pass_turn(ctx: AgentContext, result: AgentResult) -> None:
    """The acting character's turn is done: the order moves on and the monsters take theirs."""
    if _advance(ctx.world, result):
        _run_others(ctx, result)
        _follow_ups(ctx.world, result)


def _standing_foes(world: Campaign) -> list[Combatant]:
    combat = world.game_state.combat
    return [c for c in combat.order if c.kind == "monster" and not c.defeated] if combat else []


def _full_name(name: str, text: str) -> bool:
    """Every meaningful word of a stat block's name is in the text ("Wrecker Thug", not just "thug")."""
    meaningful = [w for w in words(name) if len(w) > 2]
    return bool(meaningful) and overlap(name, stems(text)) == len(meaningful)


def _start(ctx: AgentContext, result: AgentResult) -> bool:
    world = ctx.world
    here = world.location(world.game_state.party_location)
    place = world.game_state.party_location
    names = list(here.encounter) if here else []
    if not names:
        # Not placed here: only a stat block named in full starts a fight (the DM bringing one in), so
        # "I attack the thug" after the thugs are dead does not conjure a fresh one.
        named = [m.name for m in world.monsters if _full_name(m.name, ctx.action)]
        # "Goblin Boss" over "Goblin" when the text says "Goblin Boss".
        names = sorted(named, key=lambda n: -len(words(n)))[:1]
        if names:
            result.warnings.append(f"No {names[0]} was waiting at {place}; one joins the scene from the stat "
                                   f"block. Undo if that was not meant.")
            result.beats.append(f"A {names[0]} steps out to fight.")
    if not names:
        known = ", ".join(m.name for m in world.monsters) or "none"
        result.warnings.append(f"There is nothing hostile at {place} to fight. Name a monster stat block in full "
                               f"to start a fight (known: {known}).")
        return False
    try:
        rolls, changes = rules.start_combat(ctx.roller, world, names)
    except EngineError as exc:
        result.warnings.append(f"Could not start the fight: {exc}")
        return False
    result.dice_rolls += rolls
    result.state_changes += changes
    order = ", ".join(f"{c.name} {c.initiative}" for c in world.game_state.combat.order)  # type: ignore[union-attr]
    result.beats.append(f"Combat begins! Initiative: {order}.")
    return True


def _pick_target(ctx: AgentContext, foes: list[Combatant]) -> Combatant:
    ws = {_ORDINALS.get(w, w) for w in words(ctx.action)}
    text_stems = stems(ctx.action)
    # "Goblin 2" or "the second goblin" by its number, else by name, else the first one still standing.
    numbered = [f for f in foes if f.name.split()[-1].isdigit() and f.name.split()[-1] in ws
                and overlap(f.monster or f.name, text_stems)]
    named = [f for f in foes if overlap(f.name, text_stems) or overlap(f.monster or "", text_stems)]
    return (numbered or named or foes)[0]


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
    if named or pc.attacks:
        return (named or pc.attacks)[0]
    mod = pc.abilities.modifier("str")
    return Attack(name="Unarmed strike", to_hit=mod + pc.proficiency_bonus, damage=str(max(1, 1 + mod)),
                  damage_type="bludgeoning")


def _advantage(attacker_conditions: list, target_conditions: list, dodging: bool, asked: set[str]) -> str | None:
    adv = bool({c.name for c in target_conditions} & _TARGET_ADVANTAGE) or "advantage" in asked
    dis = bool({c.name for c in attacker_conditions} & _ATTACKER_DISADVANTAGE) or dodging or "disadvantage" in asked
    if adv == dis:
        return None  # both cancel out, as in 5e
    return "advantage" if adv else "disadvantage"


def _character_attacks(ctx: AgentContext, pc: Character, result: AgentResult) -> bool:
    world = ctx.world
    foes = _standing_foes(world)
    if not foes:
        result.warnings.append("No enemy is left standing to attack.")
        return False
    weapon = _pick_attack(ctx, pc, result)
    if weapon is None:
        return False
    target = _pick_target(ctx, foes)
    adv = _advantage(pc.conditions, target.conditions, target.dodging, set(words(ctx.action)))
    outcome = rules.attack(ctx.roller, pc.name, weapon, target.ac or 10, advantage=adv)
    _resolve_hit(ctx, result, pc.name, target, weapon, outcome)
    return True


def _resolve_hit(ctx: AgentContext, result: AgentResult, attacker: str, target: Character | Combatant,
                 weapon: Attack, outcome: rules.AttackResult) -> None:
    result.dice_rolls.append(outcome.attack_roll)
    if not outcome.hit:
        result.beats.append(f"{attacker} attacks {target.name} with {weapon.name} "
                            f"({outcome.attack_roll.total} vs AC {outcome.attack_roll.dc}) and misses.")
        return
    if outcome.damage_roll is not None:
        result.dice_rolls.append(outcome.damage_roll)
    result.state_changes += rules.apply_damage(target, outcome.damage, critical=outcome.critical)
    crit = "a critical hit" if outcome.critical else "a hit"
    result.beats.append(f"{attacker} attacks {target.name} with {weapon.name}: {crit} for {outcome.damage} "
                        f"{weapon.damage_type} damage.")
    down = target.defeated if isinstance(target, Combatant) else target.dead
    if down:
        place = ctx.world.game_state.party_location
        result.beats.append(f"{target.name} is slain by {attacker}.")
        result.facts.append(FactInput(text=f"{target.name} was slain by {attacker} at {place}.",
                                      category=FactCategory.EVENT, subject=target.name))
    elif isinstance(target, Character) and target.hp.current == 0:
        result.beats.append(f"{target.name} falls unconscious and is dying.")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _check_victory(ctx: AgentContext, result: AgentResult) -> bool:
    world = ctx.world
    if _standing_foes(world):
        return False
    combat = world.game_state.combat
    defeated = [c for c in combat.order if c.kind == "monster"]  # type: ignore[union-attr]
    rounds = combat.round  # type: ignore[union-attr]
    changes = rules.end_combat(world)
    for change in changes:
        if change.kind == "combat_end":  # say it the way a person would: "1 round", "2 monsters"
            xp = re.search(r"(\d+) XP", change.description)
            change.description = (f"Combat ends after {_plural(rounds, 'round')}; "
                                  f"{_plural(len(defeated), 'monster')} defeated"
                                  + (f", {xp.group(1)} XP." if xp else "."))
    result.state_changes += changes
    here = world.location(world.game_state.party_location)
    if here is not None and here.encounter:
        gone = {c.monster for c in defeated}
        before = list(here.encounter)
        here.encounter = [m for m in here.encounter if m not in gone]
        result.state_changes.append(StateChange(
            target=here.name, kind="encounter", before=before, after=list(here.encounter),
            description=f"The foes at {here.name} are dealt with."))
    result.beats.append("The last enemy falls. The fight is over.")
    result.follow_up_options += ["Search the bodies", "Take a short rest", "Look around"]
    return True


def _advance(world: Campaign, result: AgentResult) -> bool:
    try:
        result.state_changes += rules.next_turn(world)
        return True
    except EngineError as exc:
        result.warnings.append(str(exc))
        return False


def _run_others(ctx: AgentContext, result: AgentResult) -> None:
    """Monsters act, dying characters roll death saves, until a character who can act is up."""
    world = ctx.world
    combat = world.game_state.combat
    for _ in range(4 * len(combat.order) + 4 if combat else 0):
        combat = world.game_state.combat
        if combat is None or not combat.active:
            return
        if not any(not c.dead and c.hp.current > 0 for c in world.characters):
            result.beats.append("The whole party is down.")
            return
        current = combat.current
        if current is None:
            return
        if current.kind == "character":
            pc = world.character(current.name)
            if pc is not None and not pc.dead and pc.hp.current > 0:
                current.dodging = False  # a Dodge lasts until the dodger's next turn
                return
            if pc is not None and not pc.dead and not pc.stable:
                roll, changes = rules.death_save(ctx.roller, pc)
                result.dice_rolls.append(roll)
                result.state_changes += changes
                result.beats.append(f"{pc.name} makes a death saving throw: {roll.total}.")
                if pc.hp.current > 0:
                    current.dodging = False
                    return
        elif not current.defeated:
            current.dodging = False
            _monster_turn(ctx, current, result)
            if _check_victory(ctx, result):
                return
        if not _advance(world, result):
            return


def _monster_turn(ctx: AgentContext, monster: Combatant, result: AgentResult) -> None:
    world = ctx.world
    block = world.monster(monster.monster or monster.name)
    targets = [c for c in world.characters if not c.dead and c.hp.current > 0]
    if block is None or not block.attacks or not targets:
        result.beats.append(f"{monster.name} hesitates.")
        return
    if len(targets) > 1:
        # Kept in the roll log so the table can see the choice was random; the narrator does not tell it.
        choices = ", ".join(f"{i} {t.name}" for i, t in enumerate(targets, 1))
        pick = ctx.roller.roll(f"1d{len(targets)}", purpose=f"{monster.name} picks a target ({choices})",
                               roller=monster.name)
        result.dice_rolls.append(pick)
        target = targets[pick.total - 1]
    else:
        target = targets[0]
    combatant = world.game_state.combat.combatant(target.name)  # type: ignore[union-attr]
    dodging = combatant.dodging if combatant is not None else False
    weapon = block.attacks[0]
    adv = _advantage(monster.conditions, target.conditions, dodging, set())
    outcome = rules.attack(ctx.roller, monster.name, weapon, target.ac, advantage=adv)
    _resolve_hit(ctx, result, monster.name, target, weapon, outcome)


def _follow_ups(world: Campaign, result: AgentResult) -> None:
    foes = _standing_foes(world)
    if foes:
        result.follow_up_options += [f"Attack {foes[0].name}", "Dodge", "Drink a healing potion"]
