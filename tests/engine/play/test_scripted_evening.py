"""A scripted evening on the sample campaign, played through SessionManager as a player types it.

Every move phrasing arrives at the place it names, every named target is the one attacked or spoken
to, and every question is answered with no roll, no change and no time passing. The phrasings were
written as a table would type them (slang, typos, pronouns), not picked from the parser's word lists.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.anyio

# (actor, what the player types, expectation): ("at", place) the party is there afterwards;
# ("ask", None) a question; ("hit", name) an attack aimed at name; ("talk", name) name answers;
# ("kind", action_type) the action is handled as that type; ("fight", name) a fight with name begins.
# In a fight a line waits for its character's turn: whoever is up before them takes the Dodge action
# (issue 12: turns follow initiative order, and acting out of turn is refused).
EVENING: list[tuple[str, str, tuple[str, str | None]]] = [
    ("Wren", "What time is it?", ("ask", None)),
    ("Wren", "who's here?", ("ask", None)),
    ("Wren", "how many arrows do I have?", ("ask", None)),
    ("Tova", "how hurt is bram?", ("ask", None)),
    ("Bram", "where is Silas?", ("ask", None)),
    ("Bram", "Hesper, what do you know about the wreck?", ("talk", "Hesper Quill")),
    ("Tova", "I ask the innkeeper if anyone survived the Merrow's Luck", ("talk", "Hesper Quill")),
    ("Idris", "I check my pack for the sealed letter", ("kind", "inventory")),
    ("Wren", "whats the time", ("ask", None)),
    ("Bram", "lets head down to the harbour", ("at", "Kettlecove Docks")),
    ("Wren", "where can we go from here?", ("ask", None)),
    ("Tova", "I greet the harbormaster", ("talk", "Osric Vell")),
    ("Wren", "Pim, seen anything odd on the water lately?", ("talk", "Pim Lowrie")),
    ("Idris", "I try to persuade Osric to show us the harbor log", ("talk", "Osric Vell")),
    ("Bram", "i serch the upturned boats", ("kind", "exploration")),
    ("Wren", "I sneak behind the net shed", ("kind", "skill_check")),
    ("Bram", "back to the inn", ("at", "Tarred Gull Inn")),
    ("Tova", "is anyone hurt?", ("ask", None)),
    ("Idris", "we walk back to the docks", ("at", "Kettlecove Docks")),
    ("Bram", "what day is it?", ("ask", None)),
    ("Wren", "take the cliff path toward Gannet Point", ("at", "Gannet Point")),
    ("Tova", "who is around?", ("ask", None)),
    ("Bram", "I talk to Nessa", ("talk", "Nessa Rook")),
    ("Wren", "I climb the lighthouse wall to the gallery", ("kind", "skill_check")),
    ("Idris", "how many spell slots do i have left?", ("ask", None)),
    ("Bram", "we climb down to the caves", ("at", "Wrecker Caves")),
    ("Wren", "where are we?", ("ask", None)),
    ("Tova", "Aldous, are you hurt?", ("talk", "Aldous Penn")),
    ("Wren", "I look for tracks in the wet sand", ("kind", "skill_check")),
    ("Idris", "I cast detect magic", ("kind", "exploration")),
    ("Bram", "into the chapel", ("at", "Drowned Chapel")),
    ("Tova", "I ask the ghost why he can't rest", ("talk", "Brother Ambrose")),
    ("Idris", "I read the carvings on the altar", ("kind", "exploration")),
    ("Wren", "what time is it now?", ("ask", None)),
    ("Bram", "we head back to the caves", ("at", "Wrecker Caves")),
    ("Tova", "who's here?", ("ask", None)),
    # Issue 12: starting the fight does not give Bram the first turn; initiative order decides it.
    ("Bram", "I attack Silas Crowe!", ("fight", "Silas Crowe")),
    ("Wren", "i shoot silas w my shortbow", ("hit", "Silas Crowe")),
    ("Idris", "Fire Bolt at the captain", ("hit", "Silas Crowe")),
    ("Tova", "how hurt is Silas?", ("ask", None)),
    ("Bram", "I hit him again", ("hit", "Silas Crowe")),
    ("Wren", "I stab Crowe", ("hit", "Silas Crowe")),
    ("Idris", "magic missle at silas", ("hit", "Silas Crowe")),
    ("Tova", "I swing my warhammer at him", ("hit", "Silas Crowe")),
    ("Bram", "how many hit points do i have?", ("ask", None)),
    ("Bram", "I slash at the giant crab", ("hit", "Giant Crab")),
    ("Wren", "who is still standing?", ("ask", None)),
    ("Wren", "i shoot the thug", ("hit", "Wrecker Thug")),
    ("Idris", "fire bolt the crab", ("hit", "Giant Crab")),
    ("Tova", "I smite it", ("hit", "Giant Crab")),
    ("Bram", "what time is it?", ("ask", None)),
]


PARTY = {"Bram", "Wren", "Tova", "Idris"}


def _aimed_at(response, name: str) -> bool:
    """The attack named `name`, and no other foe took damage from it (foes striking back hit the party)."""
    hurt = {c.target for c in response.state_changes if c.kind == "hp"} - PARTY
    return name in response.narrative and hurt <= {name}


def _fits(expect: str, value: str | None, res, before, after) -> bool:
    if expect == "at":
        return after.location == value
    if expect == "ask":
        return not res.dice_rolls and not res.state_changes and res.narrative.strip() != "" \
            and (after.day, after.time, after.current_turn) == (before.day, before.time, before.current_turn)
    if expect == "hit":
        return res.action_type.value == "combat" and _aimed_at(res, value or "") \
            and not any("nothing hostile" in w or "joins the scene" in w for w in res.warnings)
    if expect == "fight":
        return res.action_type.value == "combat" and after.in_combat and not before.in_combat \
            and any(line.startswith(value or "") or f" {value}" in line for line in after.initiative)
    if expect == "talk":
        return res.action_type.value == "roleplay" and any(n.npc == value for n in res.npc_responses)
    return res.action_type.value == value


async def test_a_scripted_evening(manager, campaign):
    # The fight with Silas Crowe (an SRD Bandit Captain) can go either way; at this seed the party stands, so
    # every line is judged on what it meant rather than on who is still conscious.
    started = await manager.start_session(campaign, seed=2)
    sid = started.session_id
    misses: list[str] = []
    skipped: list[str] = []
    for actor, text, (expect, value) in EVENING:
        before = (await manager.get_session_state(sid, include_history=False)).game_state
        for _ in range(2 * len(PARTY)):
            if expect == "ask" or not before.in_combat or before.current_turn in (None, actor) \
                    or before.current_turn not in PARTY:  # a monster still up: the whole party is down
                break
            await manager.player_action(sid, "I take the Dodge action", character_name=before.current_turn)
            before = (await manager.get_session_state(sid, include_history=False)).game_state
        if expect != "ask" and before.in_combat and before.current_turn not in (None, actor):
            skipped.append(text)  # the actor is down and never comes up: their player has nothing to say
            continue
        res = await manager.player_action(sid, text, character_name=actor)
        after = (await manager.get_session_state(sid, include_history=False)).game_state
        if not _fits(expect, value, res, before, after):
            misses.append(f"{text!r} ({expect} {value}): {res.action_type.value}, at {after.location}, "
                          f"{[d.purpose for d in res.dice_rolls]}, {res.warnings}, {res.narrative[:120]!r}")
    assert len(EVENING) >= 50 and len(skipped) <= 2, skipped
    assert not misses, "\n".join(misses)
