"""SRD records as Markdown cards: a stat block, a spell, a magic item, a condition."""

from __future__ import annotations

from pydantic import BaseModel

from engine.models.srd import SrdAction, SrdCondition, SrdCreature, SrdMagicItem, SrdSpell

ABILITY_ORDER = ("str", "dex", "con", "int", "wis", "cha")
CREDIT = "*SRD 5.2.1 (CC-BY-4.0)*"


def _mod(score: int) -> str:
    return f"{(score - 10) // 2:+d}"


def _section(title: str, actions: list[SrdAction], intro: str | None = None) -> list[str]:
    if not actions:
        return []
    lines = ["", f"### {title}"]
    if intro:
        lines.append(intro)
    for action in actions:
        extra = f" ({action.recharge and f'Recharge {action.recharge}' or action.uses})" \
            if action.recharge or action.uses else ""
        lines.append(f"- **{action.name}{extra}.** {action.text}")
    return lines


def monster_card(c: SrdCreature) -> str:
    kind = c.creature_type.title() + (f" ({c.creature_subtype})" if c.creature_subtype else "")
    speed = ", ".join(f"{k} {v} ft." if k != "walk" else f"{v} ft." for k, v in c.speed.items()
                      if not isinstance(v, bool))
    lines = [f"## {c.name}", f"*{c.size} {kind}, {c.alignment}*", "",
             f"**AC** {c.ac} · **Initiative** {c.initiative:+d} · **HP** {c.hp} ({c.hp_formula}) · **Speed** {speed}",
             "", "| " + " | ".join(a.upper() for a in ABILITY_ORDER) + " |", "|" + "---|" * len(ABILITY_ORDER),
             "| " + " | ".join(f"{c.abilities.get(a, 10)} ({_mod(c.abilities.get(a, 10))})" for a in ABILITY_ORDER)
             + " |", ""]
    facts = []
    if c.saving_throws:
        facts.append("**Saves** " + ", ".join(f"{k.upper()} {v:+d}" for k, v in c.saving_throws.items()))
    if c.skills:
        facts.append("**Skills** " + ", ".join(f"{k.replace('_', ' ').title()} {v:+d}" for k, v in c.skills.items()))
    for label, values in (("Vulnerabilities", c.damage_vulnerabilities), ("Resistances", c.damage_resistances),
                          ("Immunities", c.damage_immunities + c.condition_immunities)):
        if values:
            facts.append(f"**{label}** {', '.join(values)}")
    senses = ", ".join(f"{k.replace('_', ' ')} {v}" + ("" if k == "passive_perception" else " ft.")
                       for k, v in c.senses.items())
    facts.append(f"**Senses** {senses}")
    if c.languages:
        facts.append(f"**Languages** {', '.join(c.languages)}")
    facts.append(f"**CR** {c.cr} (XP {c.xp}; PB {c.proficiency_bonus:+d})")
    lines += [f"{fact}  " for fact in facts]
    lines += _section("Traits", c.traits) + _section("Actions", c.actions) + \
        _section("Bonus Actions", c.bonus_actions) + _section("Reactions", c.reactions) + \
        _section("Legendary Actions", c.legendary_actions, c.legendary_actions_intro)
    return "\n".join(lines + ["", CREDIT])


def spell_card(s: SrdSpell) -> str:
    level = f"{s.school} cantrip" if s.level == 0 else f"Level {s.level} {s.school}"
    classes = f" ({', '.join(s.classes)})" if s.classes else ""
    return "\n".join([f"## {s.name}", f"*{level}{classes}*", "",
                      f"**Casting Time** {s.casting_time}  ", f"**Range** {s.range}  ",
                      f"**Components** {s.components}  ", f"**Duration** {s.duration}", "",
                      s.description, "", CREDIT])


def item_card(i: SrdMagicItem) -> str:
    attune = " (requires attunement)" if i.attunement_required else ""
    return "\n".join([f"## {i.name}", f"*{i.type_line or i.category + ', ' + i.rarity}{attune}*", "",
                      i.description, "", CREDIT])


def condition_card(c: SrdCondition) -> str:
    lines = [f"## {c.display_name}", "", c.description, ""]
    lines += [f"- {effect}" for effect in c.effects]
    lines += [f"- **Level {lvl}:** {text}" for lvl, text in c.levels.items()]
    return "\n".join(lines + ["", CREDIT])


def card(record: BaseModel) -> str:
    if isinstance(record, SrdCreature):
        return monster_card(record)
    if isinstance(record, SrdSpell):
        return spell_card(record)
    if isinstance(record, SrdMagicItem):
        return item_card(record)
    if isinstance(record, SrdCondition):
        return condition_card(record)
    raise TypeError(type(record))
