"""Templates for blows in kind: melee, ranged and spell attacks, hits and misses, and save spells.

Slots: {lands} is a damage-type verb that takes the target ("carves into"), {energy} what a spell is
made of ("a streak of flame"), {scar} what a missed spell does to {ground} (a surface of the place),
{missile} what a ranged weapon sends, {tail} how the target stands after the hit (may be empty).
No numbers: the rolls, damage and whose turn it is are the dice/log line's (engine.models.turn_log).
"""

from __future__ import annotations

ATTACK_TEMPLATES: dict[str, tuple[str, ...]] = {
    "hit_melee": (
        "{actor} closes in and the {weapon} {lands} {target}{tail}.",
        "{actor} is a heartbeat quicker, and the {weapon} {lands} {target}{tail}.",
        "{actor} feints high, then the {weapon} {lands} {target}{tail}.",
        "Pressing forward over {ground}, {actor} lands the {weapon}: it {lands} {target}{tail}.",
        "{actor} reads the opening and the {weapon} {lands} {target}{tail}.",
        "Low and fast goes {actor}'s {weapon}, and it {lands} {target}{tail}.",
        "{actor} steps in close; the {weapon} {lands} {target}{tail}.",
        "With a grunt, {actor} brings the {weapon} round and it {lands} {target}{tail}.",
        "{target} is a moment slow, and {actor}'s {weapon} {lands} them{tail}.",
        "Past {target}'s guard goes the {weapon}; it {lands} them{tail}."),
    "hit_ranged": (
        "{actor} looses from the {weapon}; the {missile} {lands} {target}{tail}.",
        "From across {ground}, {actor} fires and the {missile} {lands} {target}{tail}.",
        "{actor} snaps off a shot and the {missile} {lands} {target}{tail}.",
        "{actor} takes aim, breathes out, and the {missile} {lands} {target}{tail}.",
        "A {missile} from {actor}'s {weapon} {lands} {target}{tail}.",
        "Too late to dodge: {actor}'s {missile} {lands} {target}{tail}.",
        "The {weapon} thrums in {actor}'s hands and the {missile} {lands} {target}{tail}."),
    "hit_spell": (
        "{actor} speaks the words of {weapon} and {energy} {lands} {target}{tail}.",
        "{weapon} leaves {actor}'s hand; {energy} {lands} {target}{tail}.",
        "{actor} points, and {energy} {lands} {target}{tail}.",
        "The air around {actor} crackles; {energy} {lands} {target}{tail}.",
        "{actor} casts {weapon}: {energy} streaks over {ground} and {lands} {target}{tail}.",
        "With a sharp word, {actor} sends out {energy}; it {lands} {target}{tail}.",
        "{energy} answers {actor}'s gesture and {lands} {target}{tail}."),
    "miss_melee": (
        "{actor} swings the {weapon} at {target}, who knocks it aside.",
        "The {weapon} rings off {target}'s guard.",
        "{target} sways back and {actor}'s {weapon} cuts only air.",
        "{actor} overcommits; {target} slips the {weapon} and the blow strikes {ground} instead.",
        "{actor} drives at {target}, but the {weapon} is caught and shoved away.",
        "{target} blocks {actor}'s {weapon} with a forearm and a curse.",
        "{actor}'s {weapon} skids off {target}'s {armour}.",
        "{target} gives ground across {ground}, and {actor}'s {weapon} falls short.",
        "{target} turns the {weapon} with the edge of a shield; {actor} gives ground.",
        "{actor}'s {weapon} bites into {ground} where {target} stood a moment ago."),
    "miss_ranged": (
        "{actor}'s {missile} hisses past {target} and strikes {ground}.",
        "{target} ducks; {actor}'s {missile} skips off {ground}.",
        "{actor} fires too quickly, and the {missile} flies wide of {target}.",
        "The {missile} from {actor}'s {weapon} thuds into {ground}, a hand's width from {target}.",
        "{target} twists aside and {actor}'s {missile} is gone into the dark.",
        "Wind or nerves: {actor}'s {missile} goes high over {target}.",
        "{actor}'s {missile} glances off {target}'s gear and clatters onto {ground}."),
    "miss_spell": (
        "{actor}'s {weapon} goes wide of {target} and {scar} {ground}.",
        "{target} throws themself aside; {energy} {scar} {ground} instead.",
        "{energy} from {actor} misses {target} by a hair and {scar} {ground}.",
        "{actor} casts {weapon}, but {target} is already moving, and it {scar} {ground}.",
        "The {weapon} splashes harmlessly past {target} and {scar} {ground}.",
        "{target} ducks under {actor}'s {weapon}; {energy} {scar} {ground}."),
    "crit": (
        "{actor}'s {weapon} {lands} {target} with brutal precision{tail}.",
        "{actor} sees the perfect opening and takes it: the {weapon} {lands} {target}{tail}.",
        "A perfect strike! {actor}'s {weapon} {lands} {target}{tail}.",
        "Everything lines up for {actor}, and the {weapon} {lands} {target}{tail}.",
        "{actor} finds the gap in {target}'s defence; the {weapon} {lands} them{tail}."),
    "fumble": (
        "{actor}'s {weapon} goes nowhere near {target}.",
        "{actor} overreaches and stumbles on {ground}; the attack on {target} fails badly.",
        "{actor}'s footing betrays them and the strike at {target} goes wild.",
        "Nothing goes right for {actor}: the attack on {target} is hopeless."),
    # A save spell: {target} rolled the save, {actor} is the caster when known.
    "save_fail": (
        "No getting clear of {actor}'s {weapon}: {energy} {lands} {target}{tail}.",
        "{actor} calls down {weapon}; {target} cannot escape and {energy} {lands} them{tail}.",
        "{energy} {lands} {target}, caught by {actor}'s {weapon}{tail}.",
        "{target} is too slow to escape the {weapon}; {energy} {lands} them{tail}.",
        "{target} tries to twist away from the {weapon} and fails; {energy} {lands} them{tail}."),
    "save_ok": (
        "{target} twists out of the {weapon}; {energy} {scar} {ground} instead.",
        "{actor}'s {weapon} finds only {ground}: {target} is clear.",
        "{target} shrugs off the {weapon}.",
        "{energy} {scar} {ground} as {target} dodges clear."),
    "save_half": (
        "{target} half escapes the {weapon}, but {energy} still {lands} them{tail}.",
        "An arm thrown up against the {weapon} is not enough; it still {lands} {target}{tail}.",
        "{target} is nearly clear of the {weapon} when {energy} {lands} them{tail}."),
    # A save spell with no damage (Hold Person) or a save made against it: the condition follows on its own.
    "save_fail_plain": (
        "{target} fails to resist {weapon}.", "{weapon} takes hold of {target}.",
        "{target} strains against {weapon} and loses.", "{target} cannot throw off {actor}'s {weapon}.",
        "{actor}'s {weapon} closes on {target}, who has no answer to it."),
    "save_ok_plain": (
        "{target} throws off {weapon}.", "{target}'s will holds against {weapon}.",
        "{weapon} slides off {target}.", "{target} shakes free of {actor}'s {weapon}.",
        "{actor}'s {weapon} washes over {target}, who stands firm against it.",
        "{target} grits their teeth and resists {weapon}.", "{weapon} finds no purchase on {target}."),
}
# Templates that tell gear or a body the target must have (engine.narration.base.Build): any other variant
# is told instead when the target's sheet or stat block has none ("a shield's edge" for a crab).
NEEDS: dict[str, str] = {
    "{actor}'s {weapon} skids off {target}'s {armour}.": "armour",
    "{target} turns the {weapon} with the edge of a shield; {actor} gives ground.": "shield",
    "{target} blocks {actor}'s {weapon} with a forearm and a curse.": "humanoid",
    "{actor}'s {missile} glances off {target}'s gear and clatters onto {ground}.": "humanoid",
}
# After a hit that leaves the target standing: how they stand (a tail on the attack sentence).
TAILS: dict[str, tuple[str, ...]] = {
    "reeling": (" — {target} staggers", "; {target} is reeling", ", and {target} is bleeding badly",
                "; {target} sways, barely on their feet", " and {target} falls back a step, hurt"),
    "standing": ("", "", "; {target} barely slows", "", "; {target} keeps coming", "", "; {target} snarls"),
}

