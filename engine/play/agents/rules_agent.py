"""The rules agent: generic skill checks, healing magic, short and long rests, and inventory changes."""

from __future__ import annotations

import re

from engine import rules
from engine.errors import InvalidInputError
from engine.models.actions import ActionType
from engine.models.world import NPC, Character
from engine.play.agents import finding, reading, second_wind_use, tending, trade
from engine.play.agents.base import AgentContext, AgentResult, acting_character, npc_aimed_here, party_here
from engine.play.agents.manoeuvres import break_free, wants_escape
from engine.play.agents.pack import add_item as _add
from engine.play.agents.pack import find_item as _find_item
from engine.play.agents.pack import take_item as _take_one
from engine.play.agents.setbacks import add_setback
from engine.play.agents.sheet_casting import cast_from_sheet
from engine.play.agents.turn_flow import pass_turn as next_in_fight
from engine.play.agents.why_not import REST_IN_A_FIGHT
from engine.play.cues import count_in, dc_from_words, infer_ability, infer_skill
from engine.play.entities import content_stems
from engine.play.places_named import place_texts
from engine.rules.clock import advance_time
from engine.rules.hiding import hide
from engine.rules.rest import LONG_REST_HOURS, SHORT_REST_HOURS, finish_short_rest
from engine.text import overlap, stem, stems, words

HEALING_POTION = "2d4+2"
_HIDING = re.compile(r"\b(?:hide|hides|hiding|hid)\b(?! (?:the|a|an|my|our|his|her|their|it|them)\b)")
_MODES = (ActionType.SKILL_CHECK, ActionType.REST, ActionType.INVENTORY)
_LONG_REST_WORDS = {"long", "sleep", "night", "camp", "morning", "dawn", "overnight"}
_PICK_UP = re.compile(r"\b(?:pick(?:s|ed)? up|take|takes|took|grab|grabs|pocket|pockets|collect|loot)\s+(.+)")
_POTION_VERBS = {stem(w) for w in ("drink", "quaff", "use", "feed", "pour", "administer", "give", "down")}
_EQUIP = re.compile(r"\b(?:equip|unequip|wield|don|doff|wear|sheathe|draw|ready|put on|take off|remove)\b")
_ARTICLES = re.compile(r"^(?:the|a|an|my|some|this|that|these|those)\s+")
_HEAL_STEMS = {"heal", "cur", "mend"}


class RulesAgent:
    name = "rules"

    async def handle(self, ctx: AgentContext) -> AgentResult:
        result = AgentResult(agent=self.name)
        mode = ctx.action_type
        if mode not in _MODES:
            # The parse already says which parts are rest or inventory; the raw text is not re-classified.
            parts = ctx.intent.components if ctx.intent is not None else []
            inferred = [t for t in parts if t in _MODES]
            mode = inferred[0] if inferred else ActionType.SKILL_CHECK
        if wants_healing(ctx.action):
            heal_with_magic(ctx, result)
        elif mode != ActionType.REST and tending.tend(ctx, result):
            pass  # a dying companion stabilized: with a Healer's Kit (no roll) or a Medicine check
        elif second_wind_use.asked(ctx.action) and (pc := acting_character(ctx, result)) is not None:
            second_wind_use.take(ctx, pc, result)  # out of a fight (in one, the combat agent takes it)
        elif mode == ActionType.REST:
            rest(ctx, result)
        elif mode == ActionType.INVENTORY:
            inventory(ctx, result)
        else:
            skill_check(ctx, result)
        return result


def skill_check(ctx: AgentContext, result: AgentResult) -> None:
    pc = acting_character(ctx, result)
    if pc is None:
        return
    if cast_from_sheet(ctx, pc, result) is not None:
        return  # a spell from the sheet (Bless, Mage Armor...) is cast, not rolled as a check
    if wants_escape(ctx.action, pc):
        break_free(ctx, pc, result)  # against the grapple's own escape DC, not a DC from the words
        return
    reads = ctx.intent is not None and "reading a person" in ctx.intent.matched  # "I read her": Insight
    skill = "insight" if reads else infer_skill(ctx.action) or infer_ability(ctx.action)
    if skill == "medicine" and _stabilize(ctx, pc, result):
        return
    if skill is None:
        skill = "wis"
        result.warnings.append("Could not tell which skill this uses; rolled a Wisdom check. "
                               "Name the skill (e.g. 'athletics check') to be exact.")
    if skill == "insight":
        person, here_now = reading.person_read(ctx)
        if person is not None:  # "is he lying? I watch his face": the campaign's truth about him
            read_person(ctx, pc, person, result)
            return
        if here_now:
            reading.ask_whom(pc, here_now, result)
            return
    advantage = asked_advantage(ctx.action)
    here = ctx.world.location(ctx.world.game_state.party_location)
    clue = None
    if skill == "stealth" and _HIDING.search(ctx.action.lower()):
        check, changes = hide(ctx.roller, pc, advantage=advantage)  # the Hide action: DC 15, Invisible on a success
        result.state_changes += changes
        dc = check.dc
    else:
        # A check that goes after something the campaign hid here is rolled against that find's DC.
        clue = finding.fitting(here, ctx.action, skill) if here is not None else None
        if clue is not None:
            skill = clue.skill
        dc = clue.dc if clue is not None else dc_from_words(ctx.action)
        check = rules.ability_check(ctx.roller, pc, skill, dc, advantage=advantage)
    result.dice_rolls.append(check.roll)
    label = skill.replace("_", " ")
    outcome = "succeeds" if check.success else "fails"
    result.beats.append(f"{pc.name} attempts a {label} check (DC {dc}), rolls {check.roll.total} and {outcome}: "
                        f"{ctx.action.rstrip('.!?')}.")
    if not check.success:
        add_setback(ctx, result, pc, skill, check.roll.total - dc,
                    clue=finding.common(clue.name, ctx) if clue is not None else None)
    elif clue is not None and here is not None:
        finding.reveal(ctx, pc, here, finding.beaten(here, clue, check.roll.total), result)
    elif skill in finding.LEARNING and here is not None:
        result.beats.append(finding.nothing_more(pc, here, skill))  # said plainly; nothing is made up
    elif skill == "sleight_of_hand" and (mark := npc_aimed_here(ctx)) is not None:
        # What a pocket holds is the campaign's to say, and it says nothing: the DM decides, the engine asks.
        result.beats.append(f"{pc.name}'s fingers come away from {mark} unnoticed.")
        result.warnings.append(f"{pc.name} picked {mark}'s pocket unseen: the DM says what was in it, and "
                               f"'{pc.name} pockets 4 sp' (or whatever it was) records it.")
    result.follow_up_options += (["Press on", "Look around"] if check.success
                                 else ["Try another way", "Ask a companion for help"])


def read_person(ctx: AgentContext, pc: Character, npc: NPC, result: AgentResult) -> None:
    reading.read(ctx, pc, npc, result)
    result.follow_up_options += [f"Ask {npc.name} what they know", f"Press {npc.name} on it"]


def asked_advantage(text: str) -> str | None:
    """Advantage or disadvantage the player claims; both at once cancel, as the SRD says."""
    ws = set(words(text))
    return rules.conditions.combine(w for w in ("advantage", "disadvantage") if w in ws)


def _stabilize(ctx: AgentContext, pc: Character, result: AgentResult) -> bool:
    """Medicine on a dying companion is the SRD's stabilize: DC 10, and on a success they are stable."""
    patient = tending.patient_of(ctx, pc)
    if patient is None:
        return False
    tending.medicine(ctx, pc, patient, result)
    return True


def rest(ctx: AgentContext, result: AgentResult) -> None:
    world = ctx.world
    if world.game_state.combat is not None and world.game_state.combat.active:
        result.warnings.append(REST_IN_A_FIGHT)
        result.beats.append("The fight is still on: nobody can rest.")
        return
    is_long = bool(set(words(ctx.action)) & _LONG_REST_WORDS) or "8 hours" in ctx.normalized
    for pc in party_here(world):
        try:
            if is_long:
                result.state_changes += rules.long_rest(pc)
            else:
                _short_rest(ctx, pc, result)
        except InvalidInputError as exc:
            result.warnings.append(str(exc))
            result.beats.append(f"{pc.name} gets no benefit from the rest.")
    minutes = 60 * (LONG_REST_HOURS if is_long else SHORT_REST_HOURS)
    result.state_changes.append(advance_time(world, minutes, "Long rest" if is_long else "Short rest"))
    kind = "long rest" if is_long else "short rest"
    result.beats.append(f"The party takes a {kind}. " + "; ".join(
        f"{c.name} is at {c.hp.current}/{c.hp.max} HP" for c in party_here(world)) + ".")
    result.follow_up_options += ["Press on", "Look around", "Talk over the plan"]


def _short_rest(ctx: AgentContext, pc: Character, result: AgentResult) -> None:
    """Spend hit dice one at a time while hurt, up to half the total (or the count the actor named)."""
    dice = pc.hit_dice
    budget = max(1, dice.total // 2)
    if ctx.actor and pc.name.casefold() == ctx.actor.casefold() and re.search(r"\bhit di(?:c)?e\b", ctx.normalized):
        budget = count_in(ctx.action)
    spent = 0
    while spent < budget and dice.remaining > 0 and pc.hp.current < pc.hp.max:
        rolls, changes = rules.short_rest(ctx.roller, pc, 1)
        result.dice_rolls += rolls
        result.state_changes += changes
        spent += 1
    if spent == 0:
        result.state_changes += rules.short_rest(ctx.roller, pc, 0)[1]
    result.state_changes += finish_short_rest(pc)


# ---- healing magic ----

def wants_healing(text: str) -> bool:
    """"I heal Bram", "I cast cure wounds on Wren": healing by magic (a potion is an inventory action)."""
    text_stems = stems(text)
    return bool(text_stems & _HEAL_STEMS) and not text_stems & {"potion", "kit"}


def _fight_on(ctx: AgentContext) -> bool:
    combat = ctx.world.game_state.combat
    return combat is not None and combat.active


def heal_with_magic(ctx: AgentContext, result: AgentResult, *, pass_turn: bool = True) -> bool:
    """Cure Wounds (or Healing Word when named) from the caster's lowest free slot; True if it was cast.

    In a fight the cast is the caster's turn, so the turn passes on (unless the combat agent does that itself)."""
    pc = acting_character(ctx, result)
    if pc is None:
        return False
    if pc.spells.all():
        cast = bool(cast_from_sheet(ctx, pc, result, healing=True))
        if cast and pass_turn and _fight_on(ctx):
            next_in_fight(ctx, result)
        return cast
    target = _other_character(ctx, pc) or pc
    quick = "healing word" in " ".join(words(ctx.action))
    spell = "Healing Word" if quick else "Cure Wounds"
    try:
        roll, changes = rules.cast_healing(ctx.roller, pc, target, quick=quick)
    except InvalidInputError as exc:
        result.warnings.append(f"{exc}. Use a potion, or /hp {target.name} +N for healing the sheet does not know.")
        result.beats.append(f"{exc}.")
        return False
    result.dice_rolls.append(roll)
    result.state_changes += changes
    result.beats.append(f"{pc.name} casts {spell} on {target.name}, who regains up to {max(1, roll.total)} HP "
                        f"(now {target.hp.current}/{target.hp.max}).")
    if pass_turn and _fight_on(ctx):
        next_in_fight(ctx, result)
    return True


# ---- inventory ----

def inventory(ctx: AgentContext, result: AgentResult) -> None:
    pc = acting_character(ctx, result)
    if pc is None:
        return
    ws = set(words(ctx.action))
    text_stems = stems(ctx.action)
    if trade.handle(ctx, pc, result):
        return  # buy, sell, pay, split: coins change hands (engine.play.agents.trade)
    if "potion" in text_stems and text_stems & _POTION_VERBS:
        _potion(ctx, pc, result)
    elif text_stems & {"drop", "discard"} or "throw away" in ctx.normalized:
        _drop(pc, ctx, result)
    elif text_stems & {"giv", "hand", "pass", "lend"}:
        _give(ctx, pc, result)
    elif "inventory" in ws or "carrying" in ws:
        items = ", ".join(f"{i.name} x{i.quantity}" for i in pc.inventory) or "nothing"
        result.beats.append(f"{pc.name} takes stock: {items}; purse: {pc.coins.text()}.")
    elif text_stems & {"eat", "ration"}:
        _use_up(pc, ctx, result, "ration", "eats")
    elif _EQUIP.search(ctx.normalized):
        _equip(pc, ctx, result)
    elif _PICK_UP.search(ctx.normalized) and not ("my" in ws and _find_item(pc, text_stems)):
        _pick_up(pc, ctx, result)
    else:
        item = _find_item(pc, text_stems)
        if item is None:
            carried = ", ".join(i.name for i in pc.inventory) or "nothing"
            result.warnings.append(f"{pc.name} does not carry that. {pc.name} carries: {carried}.")
            result.beats.append(f"{pc.name} looks for it, but does not have it.")
            return
        result.beats.append(f"{pc.name} handles the {item.name}.")
    result.follow_up_options += ["Check inventory", "Look around"]


def _other_character(ctx: AgentContext, pc: Character) -> Character | None:
    ws = set(words(ctx.action))
    return next((c for c in ctx.world.characters if c is not pc
                 and set(w for w in words(c.name) if len(w) > 2) & ws), None)


def _potion(ctx: AgentContext, pc: Character, result: AgentResult) -> None:
    potion = _find_item(pc, stems(ctx.action) | {"potion"}, prefer="heal")
    if potion is None or "potion" not in potion.name.lower():
        carried = ", ".join(i.name for i in pc.inventory) or "nothing"
        result.warnings.append(f"{pc.name} has no potion to drink. {pc.name} carries: {carried}.")
        result.beats.append(f"{pc.name} reaches for a potion and finds none.")
        return
    target = _other_character(ctx, pc) or pc
    if "heal" not in potion.name.lower():
        result.state_changes.append(_take_one(pc, potion))
        result.beats.append(f"{target.name} drinks the {potion.name}; its effect is up to the DM.")
        return
    if target.dead:
        result.warnings.append(f"{target.name} is dead; a potion cannot help.")
        return
    if target.hp.current >= target.hp.max:
        result.warnings.append(f"{target.name} is already at full HP ({target.hp.current}/{target.hp.max}); "
                               f"the {potion.name} stays in {pc.name}'s pack.")
        result.beats.append(f"{pc.name} keeps the {potion.name} for when it is needed.")
        return
    result.state_changes.append(_take_one(pc, potion))
    roll = ctx.roller.roll(HEALING_POTION, purpose=potion.name if target is pc else f"{potion.name}, given to {target.name}",
                           roller=pc.name)
    result.dice_rolls.append(roll)
    result.state_changes += rules.apply_healing(target, roll.total)
    giver = "" if target is pc else f" from {pc.name}"
    result.beats.append(f"{target.name} drinks a {potion.name}{giver} and regains up to {roll.total} HP "
                        f"(now {target.hp.current}/{target.hp.max}).")


def _drop(pc: Character, ctx: AgentContext, result: AgentResult) -> None:
    item = _find_item(pc, stems(ctx.action))
    if item is None:
        result.warnings.append(f"{pc.name} does not carry that; nothing is dropped.")
        return
    count = item.quantity if "all" in words(ctx.action) else 1
    result.state_changes.append(_take_one(pc, item, count))
    result.beats.append(f"{pc.name} drops the {item.name}.")


def _give(ctx: AgentContext, pc: Character, result: AgentResult) -> None:
    text_stems = stems(ctx.action)
    receiver = _other_character(ctx, pc)
    here = ctx.world.npcs_at(ctx.world.game_state.party_location)
    npc = None if receiver else next((n for n in here if overlap(n.name + " " + n.role, text_stems)), None)
    item = _find_item(pc, text_stems)
    if item is None:
        result.warnings.append(f"{pc.name} does not carry that; nothing changes hands.")
        return
    if receiver is None and npc is None:
        result.warnings.append("Give it to whom? Name a party member or someone present.")
        return
    count = min(item.quantity, count_in(ctx.action))
    name = item.name
    result.state_changes.append(_take_one(pc, item, count))
    if receiver is not None:
        result.state_changes.append(_add(receiver, name, count))
    who = receiver.name if receiver else npc.name  # type: ignore[union-attr]
    # To a party member the two inventory changes tell it; to an NPC only this beat names who took it.
    verb = "gives" if receiver is not None else "hands"
    result.beats.append(f"{pc.name} {verb} {count} {name} to {who}.")


def _use_up(pc: Character, ctx: AgentContext, result: AgentResult, what: str, verb: str) -> None:
    item = _find_item(pc, stems(ctx.action) | {what}, prefer=what)
    if item is None:
        result.warnings.append(f"{pc.name} has no {what} left.")
        result.beats.append(f"{pc.name} has no {what} left.")
        return
    result.state_changes.append(_take_one(pc, item))
    result.beats.append(f"{pc.name} {verb} a {item.name}.")


def _equip(pc: Character, ctx: AgentContext, result: AgentResult) -> None:
    """The sheet does not track what is worn or in hand, so this only checks the item is carried."""
    text_stems = stems(ctx.action)
    item = _find_item(pc, text_stems)
    weapon = next((a for a in pc.attacks if overlap(a.name, text_stems)), None)
    if item is None and weapon is None:
        carried = ", ".join(i.name for i in pc.inventory) or "nothing"
        result.warnings.append(f"{pc.name} does not carry that. {pc.name} carries: {carried}.")
        result.beats.append(f"{pc.name} looks for it, but does not have it.")
        return
    name = item.name if item is not None else weapon.name  # type: ignore[union-attr]
    result.beats.append(f"{pc.name} readies the {name}.")


def _pick_up(pc: Character, ctx: AgentContext, result: AgentResult) -> None:
    match = _PICK_UP.search(ctx.normalized)
    assert match is not None
    # The object: up to the first clause break or a "from/off/into" phrase.
    thing = re.split(r"\s+(?:from|off|into|in|and|then|to|with)\s+|[,.;!?]", match.group(1))[0].strip()
    thing = _ARTICLES.sub("", thing).strip()
    if not thing:
        result.warnings.append("Pick up what? Name the item.")
        return
    result.state_changes.append(_add(pc, thing))
    result.beats.append(f"{pc.name} picks up the {thing}.")
    here = ctx.world.location(ctx.world.game_state.party_location)
    seen = content_stems(place_texts(here) + [d.text for d in here.discoveries]) if here is not None else set()
    if not content_stems([thing]) & seen:
        # Nothing here mentions it: the player's word put it in the pack, which is the DM's call to keep.
        result.warnings.append(f"Nothing at {ctx.world.game_state.party_location} mentions a {thing}; it is in "
                               f"{pc.name}'s pack on the player's word. /undo takes it back.")
