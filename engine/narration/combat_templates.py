"""Templates for blows in kind: melee, ranged and spell attacks, hits and misses, and save spells.

Slots: {lands} is a damage-type verb that takes the target ("carves into"), {energy} what a spell is
made of ("a streak of flame"), {scar} what a missed spell does to {ground} (a surface of the place),
{missile} what a ranged weapon sends, {tail} how the target stands after the hit (may be empty).
"""

from __future__ import annotations

ATTACK_TEMPLATES: dict[str, tuple[str, ...]] = {
    "hit_melee": (
        "{actor} closes in and the {weapon} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "{actor} is a heartbeat quicker, and the {weapon} {lands} {target} — {roll_vs}{dmg_comma}{tail}.",
        "{actor} feints high, then the {weapon} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "Pressing forward over {ground}, {actor} lands the {weapon}: it {lands} {target} ({roll_vs}){dmg_comma}{tail}.",
        "{actor} reads the opening and the {weapon} {lands} {target} — {roll_vs}{dmg_comma}{tail}.",
        "Low and fast goes {actor}'s {weapon}, and it {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "{actor} steps in close; the {weapon} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "With a grunt, {actor} brings the {weapon} round and it {lands} {target} ({roll_vs}){dmg_comma}{tail}."),
    "hit_ranged": (
        "{actor} looses from the {weapon}; the {missile} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "From across {ground}, {actor} fires and the {missile} {lands} {target} ({roll_vs}){dmg_comma}{tail}.",
        "{actor} snaps off a shot and the {missile} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "{actor} takes aim, breathes out, and the {missile} {lands} {target} — {roll_vs}{dmg_comma}{tail}.",
        "A {missile} from {actor}'s {weapon} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "Too late to dodge: {actor}'s {missile} {lands} {target} ({roll_vs}){dmg_comma}{tail}."),
    "hit_spell": (
        "{actor} speaks the words of {weapon} and {energy} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "{weapon} leaves {actor}'s hand; {energy} {lands} {target} ({roll_vs}){dmg_comma}{tail}.",
        "{actor} points, and {energy} {lands} {target} — {weapon}, {roll_vs}{dmg_comma}{tail}.",
        "The air around {actor} crackles; {energy} {lands} {target} {roll_paren}{dmg_comma}{tail}.",
        "{actor} casts {weapon}: {energy} streaks over {ground} and {lands} {target} ({roll_vs}){dmg_comma}{tail}.",
        "With a sharp word, {actor} sends out {energy}; it {lands} {target} {roll_paren}{dmg_comma}{tail}."),
    "miss_melee": (
        "{actor} swings the {weapon} at {target}, who knocks it aside {roll_paren}.",
        "The {weapon} rings off {target}'s guard — {roll_vs} is not enough.",
        "{target} sways back and {actor}'s {weapon} cuts only air {roll_paren}.",
        "{actor} overcommits; {target} slips the {weapon} and the blow strikes {ground} instead {roll_paren}.",
        "{actor} drives at {target}, but the {weapon} is caught and shoved away {roll_paren}.",
        "{target} blocks {actor}'s {weapon} with a forearm and a curse ({roll_vs}).",
        "{actor}'s {weapon} skids off {target}'s armour {roll_paren}.",
        "{target} gives ground across {ground}, and {actor}'s {weapon} falls short ({roll_vs})."),
    "miss_ranged": (
        "{actor}'s {missile} hisses past {target} and strikes {ground} {roll_paren}.",
        "{target} ducks; {actor}'s {missile} skips off {ground} ({roll_vs}).",
        "{actor} fires too quickly — the {missile} flies wide of {target} {roll_paren}.",
        "The {missile} from {actor}'s {weapon} thuds into {ground}, a hand's width from {target} {roll_paren}.",
        "{target} twists aside and {actor}'s {missile} is gone into the dark ({roll_vs}).",
        "Wind or nerves: {actor}'s {missile} goes high over {target} {roll_paren}."),
    "miss_spell": (
        "{actor}'s {weapon} goes wide of {target} and {scar} {ground} {roll_paren}.",
        "{target} throws themself aside; {energy} {scar} {ground} instead ({roll_vs}).",
        "{energy} from {actor} misses {target} by a hair and {scar} {ground} {roll_paren}.",
        "{actor} casts {weapon}, but {target} is already moving — it {scar} {ground} ({roll_vs}).",
        "The {weapon} splashes harmlessly past {target} and {scar} {ground} {roll_paren}."),
    "crit": (
        "A natural 20! {actor}'s {weapon} {lands} {target} with brutal precision{dmg_comma}{tail}.",
        "{actor} sees the perfect opening and takes it — a critical hit: the {weapon} {lands} {target}{dmg_comma}{tail}.",
        "Critical! {actor}'s {weapon} {lands} {target}{dmg_comma}{tail}.",
        "Everything lines up for {actor}: a critical strike, and the {weapon} {lands} {target}{dmg_comma}{tail}."),
    "fumble": (
        "A natural 1 — {actor}'s {weapon} goes nowhere near {target}.",
        "{actor} overreaches and stumbles on {ground}; the attack on {target} fails badly (natural 1).",
        "{actor}'s footing betrays them and the strike at {target} goes wild (natural 1).",
        "Nothing goes right for {actor}: a natural 1 against {target}."),
    # A save spell: {target} rolled the save, {actor} is the caster when known.
    "save_fail": (
        "No getting clear of {actor}'s {weapon} ({save} save, {roll_vs}): {energy} {lands} {target}{dmg_comma}{tail}.",
        "{actor} calls down {weapon}; the {save} save fails {roll_paren} and {energy} {lands} {target}{dmg_comma}{tail}.",
        "{energy} {lands} {target} — {actor}'s {weapon}, {save} save failed {roll_paren}{dmg_comma}{tail}.",
        "{target} is too slow to escape the {weapon} ({save} save {roll_vs}){dmg_comma}{tail}."),
    "save_ok": (
        "{target} twists out of the {weapon} ({save} save, {roll_vs}); {energy} {scar} {ground} instead.",
        "{actor}'s {weapon} finds only {ground}: {target} makes the {save} save {roll_paren}.",
        "{target} shrugs off the {weapon} with a {save} save of {roll_vs}.",
        "{energy} {scar} {ground} as {target} dodges clear ({save} save {roll_paren})."),
    "save_half": (
        "A {save} save of {roll_vs} only half escapes the {weapon}: {energy} still {lands} {target}{dmg_comma}{tail}.",
        "An arm thrown up against the {weapon} {roll_paren} is not enough; it still {lands} {target}{dmg_comma}{tail}."),
    # A save spell with no damage (Hold Person): the save told plainly, the condition follows on its own.
    "save_fail_plain": (
        "{target} fails the {save} save against {weapon} {roll_paren}.",
        "{weapon} takes hold: {target}'s {save} save fails ({roll_vs}).",
        "{target} strains against {weapon} and loses ({save} save, {roll_vs})."),
    "save_ok_plain": (
        "{target} throws off {weapon} ({save} save, {roll_vs}).", "{target}'s will holds against {weapon} {roll_paren}.",
        "{weapon} slides off {target}: {save} save made {roll_paren}."),
}
# After a hit that leaves the target standing: how they stand (a tail on the attack sentence).
TAILS: dict[str, tuple[str, ...]] = {
    "reeling": (" — {target} staggers", "; {target} is reeling", ", and {target} is bleeding badly",
                "; {target} sways, barely on their feet", " and {target} falls back a step, hurt"),
    "standing": ("", "", "; {target} barely slows", "", "; {target} keeps coming", "", "; {target} snarls"),
}

# Whose turn it is, once everything this action set off has resolved (only while the fight goes on).
TURN_TEMPLATES = (
    "{name} is up next{round_tail}.", "Next up: {name}{round_tail}.", "The initiative turns to {name}{round_tail}.",
    "All eyes on {name} now{round_tail}.", "It is {name}'s turn{round_tail}.", "The turn passes to {name}{round_tail}.",
    "Across {ground}, it is {name}'s turn{round_tail}.", "{name} takes the turn{round_tail}.",
    "The fight turns to {name}{round_tail}.", "Now it is {name}'s turn to act{round_tail}.",
    "Over {ground}, the turn comes to {name}{round_tail}.", "{name}'s turn comes{round_tail}.",
    "By {ground}, {name} is up next{round_tail}.", "Then it is {name}'s turn, near {ground}{round_tail}.",
    "Up next, by {ground}: {name}{round_tail}.", "The turn is {name}'s now{round_tail}.",
    "{name} is next in the order{round_tail}.", "With {ground} underfoot, {name} takes the turn{round_tail}.",
    "Eyes turn to {name}{round_tail}.", "{name} gets the next turn{round_tail}.")
