"""Narration quality over a fixed 100-turn evening on the sample campaign (issue 16).

Plays the same evening through SessionManager with a fixed seed: exploring, asking every NPC about
what they know, two fights, spells, rests and checks that fail. Prints a table and writes
bench/results/narration.json with:
- the most repeated masked sentence (names and numbers replaced) and its count (goal <= 3);
- the distinct word-trigram ratio over all narration;
- the share of NPC questions answered with topic words (the reply or the secret it gives up);
- the share of the NPC questions in bench/npc_topic_set.py answered on the one topic (or ware) each is
  about, asked of a fresh sample world at the NPC's place (a stricter measure than topic words);
- the share of failed checks with a consequence: a sentence besides the roll that is neither a
  null outcome ("finds nothing of note") nor the NPC's quoted line;
- offline narration time per turn (mean and worst over turns of the best of 15 renders, ms).
The questions and their topic words were written before any tuning. Run:
.venv/bin/python bench/bench_narration.py [--seed N] [--out PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.npc_topic_set import QUESTIONS  # noqa: E402
from engine.api.manager import SessionManager  # noqa: E402
from engine.models.session import RngState  # noqa: E402
from engine.models.world import Campaign  # noqa: E402
from engine.narration.base import NarrationRequest, NarrationResult  # noqa: E402
from engine.narration.offline import OfflineNarrator  # noqa: E402
from engine.narration.templates import check_name  # noqa: E402
from engine.play.orchestrator import ActionInput, Orchestrator  # noqa: E402
from engine.rules.dice import DiceRoller  # noqa: E402
from engine.text import stem, words  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
TURNS = 100
PARTY = ("Bram", "Wren", "Tova", "Idris")

# ("ask", actor, text, npc, topic words) | ("do", actor, text) | ("fight", turns) | ("rest", kind)
Step = tuple
EVENING: list[Step] = [
    ("do", "Wren", "I look around the common room"),
    ("ask", "Bram", "Hesper, where is Silas Crowe?", "Hesper Quill", "silas crowe"),
    ("ask", "Tova", "Hesper, what happened to the lighthouse keeper?", "Hesper Quill", "aldous keeper lamp light"),
    ("ask", "Wren", "Hesper, who paid for the round in foreign silver?", "Hesper Quill", "silver crowe paid"),
    ("ask", "Idris", "Hesper, when did the light go out?", "Hesper Quill", "light dusk storm lamp out"),
    ("do", "Wren", "I search the bar for anything hidden"),
    ("do", "Idris", "I study the sealed letter for clues"),
    ("do", "Bram", "I arm wrestle the biggest sailor"),
    ("ask", "Tova", "I ask the innkeeper about the sailor by the fire", "Hesper Quill", "sailor survivor fire burn"),
    ("do", "Wren", "I listen at the cellar door"),
    ("do", "Idris", "I recall what I know about the Merrow's Luck"),
    ("do", "Bram", "I give my potion of healing to Idris"),
    ("do", "Bram", "we head to the docks"),
    ("ask", "Tova", "Osric, where were you the night of the wreck?", "Osric Vell", "night wreck point where"),
    ("ask", "Idris", "Osric, what happened to the salvage from the Merrow's Luck?", "Osric Vell",
     "salvage cargo merrow luck"),
    ("ask", "Wren", "Pim, did you see any boats the night of the storm?", "Pim Lowrie", "boat storm night row"),
    ("ask", "Bram", "Pim, what do you know about Osric Vell?", "Pim Lowrie", "vell osric mister"),
    ("do", "Wren", "I try to read Osric's ledger over his shoulder"),
    ("ask", "Tova", "Osric, who pays for your good blue coat?", "Osric Vell", "coin pay wrecker silver tenth"),
    ("ask", "Idris", "Pim, can you row us round to the caves?", "Pim Lowrie", "row cave rock water"),
    ("do", "Bram", "I intimidate Osric into showing us his ledger"),
    ("do", "Idris", "I investigate the keel marks on the shingle"),
    ("do", "Wren", "I swim out to the floating wreckage"),
    ("do", "Bram", "I search the upturned boats"),
    ("do", "Wren", "I sneak behind the net shed"),
    ("do", "Idris", "I look for tracks along the quay"),
    ("do", "Tova", "I climb the harbor wall to look out to sea"),
    ("do", "Wren", "we take the cliff path to Gannet Point"),
    ("ask", "Tova", "Nessa, who do you watch for?", "Nessa Rook", "crowe watch lookout"),
    ("ask", "Wren", "Nessa, how do we get down to the caves?", "Nessa Rook", "cave trapdoor stair down"),
    ("ask", "Bram", "Nessa, what does your mother owe?", "Nessa Rook", "mother mum debt owe silver"),
    ("ask", "Idris", "Nessa, is the keeper alive?", "Nessa Rook", "keeper alive water aldous"),
    ("do", "Tova", "I read Nessa's face: is she lying?"),
    ("do", "Idris", "I examine the smothered lamp"),
    ("do", "Bram", "I track the wreckers' footprints in the gorse"),
    ("do", "Wren", "I climb the lighthouse wall to the gallery"),
    ("do", "Bram", "I attack the wrecker thug"),
    ("fight", 24),
    ("do", "Tova", "we take a short rest"),
    ("do", "Wren", "I search the oil store"),
    ("do", "Idris", "I search the gallery for signs of a struggle"),
    ("do", "Bram", "we climb down to the caves"),
    ("ask", "Tova", "Aldous, who took you?", "Aldous Penn", "crowe wrecker took"),
    ("ask", "Wren", "Aldous, what is the red lantern on the rocks?", "Aldous Penn", "lantern red decoy rock"),
    ("ask", "Idris", "Aldous, what do you know about the Drowned Chapel?", "Aldous Penn",
     "chapel drowned seal ward tide"),
    ("ask", "Bram", "Silas, what do you want with the reliquary?", "Silas Crowe", "reliquary relic sell"),
    ("ask", "Wren", "Silas, who hired you to sink the ship?", "Silas Crowe", "hire hired ship sink merrow"),
    ("ask", "Idris", "Aldous, how do we relight the lamp?", "Aldous Penn", "lamp light canvas wick"),
    ("do", "Wren", "I look for the salvage tally"),
    ("do", "Idris", "I sneak past the crab pool"),
    ("do", "Bram", "I attack Silas Crowe!"),
    ("fight", 36),
    ("do", "Tova", "we take a long rest"),
    ("do", "Idris", "I search the cave walls"),
    ("do", "Bram", "into the chapel"),
    ("ask", "Tova", "Brother Ambrose, why can't you rest?", "Brother Ambrose", "relic ward rest reliquary"),
    ("ask", "Idris", "Ambrose, what are the tide words?", "Brother Ambrose", "tide word words keeper"),
    ("ask", "Wren", "Ambrose, where is the relic now?", "Brother Ambrose", "relic reliquary niche"),
    ("do", "Idris", "I study the broken tide ward for magic"),
    ("do", "Wren", "I search the empty niche"),
    ("do", "Bram", "I try to force open the flooded door"),
    ("do", "Tova", "I pray at the altar"),
    ("ask", "Tova", "Ambrose, who are the drowned brothers?", "Brother Ambrose", "brother drown sea monk"),
    ("do", "Idris", "I recall the lore of tide wards"),
    ("do", "Wren", "we head back to the caves"),
    ("do", "Bram", "I search the crates of salvage"),
    ("do", "Wren", "I pick the lock on Crowe's sea chest"),
    ("do", "Tova", "we go to the docks"),
    ("ask", "Bram", "Osric, tell us about your second ledger", "Osric Vell", "ledger desk tenth"),
    ("do", "Wren", "I pick Osric's pocket"),
    ("ask", "Idris", "Pim, have you seen Silas Crowe?", "Pim Lowrie", "crowe silas saw"),
    ("do", "Bram", "we walk back to the inn"),
    ("ask", "Tova", "Hesper, what do you know about Brother Ambrose?", "Hesper Quill", "chapel ambrose monk drown"),
    ("do", "Idris", "I look around"),
    ("do", "Wren", "I search the common room again"),
    ("do", "Bram", "we take a long rest"),
]
# A fighter's line for each character in a fight, in turn.
FIGHT = {"Bram": ["I attack with my longsword", "I throw my handaxe", "I swing my longsword again"],
         "Wren": ["I shoot with my shortbow", "I stab with my shortsword"],
         "Tova": ["I cast sacred flame", "I swing my warhammer", "I cast guiding bolt"],
         "Idris": ["I cast fire bolt", "I cast magic missile", "I cast fire bolt again"]}
_NULL = re.compile(r"nothing of note|finds? nothing|nothing (new|comes)|cannot read|will not say more|"
                   r"stays out of reach|cannot make sense", re.I)
_ROLL_LINE = re.compile(r"\d+ (vs|against) (DC|AC) \d+|\(\d+ vs|DC \d+", re.I)


class TimedOffline(OfflineNarrator):
    """The offline narrator, timed and remembered per turn."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[NarrationRequest] = []

    async def narrate(self, request: NarrationRequest) -> NarrationResult:
        self.requests.append(request)
        return NarrationResult(text=self.render(request))

    def timings(self, repeats: int = 15) -> list[float]:
        """Per turn, the best of `repeats` renders (ms): the narrator's own cost, not the shared machine's load."""
        best = []
        for request in self.requests:
            runs = []
            for _ in range(repeats):
                start = time.perf_counter()
                self.render(request)
                runs.append((time.perf_counter() - start) * 1000)
            best.append(min(runs))
        return best


def sentences(text: str) -> list[str]:
    plain = text.replace("**", "")
    return [s.strip() for s in re.split(r"(?<=[.!?\"])\s+|\n+", plain) if len(s.strip()) > 3]


def masker(names: list[str]):
    parts = {n for name in names for n in name.split() if len(n) > 3}  # "Crowe" alone, but never "The"
    alternatives = sorted({*names, *parts} - {"", "The"}, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in alternatives) + r")(?: \d+)?\b")

    def mask(sentence: str) -> str:
        return re.sub(r"\d+", "#", pattern.sub("<N>", sentence))
    return mask


def topic_hit(text: str, topic: str) -> bool:
    said = {stem(w) for w in words(text)}
    return any(stem(w) in said for w in topic.split())


def failed_checks(response) -> list:
    return [r for r in response.dice_rolls if r.dc is not None and r.success is False
            and not re.search(r"attack|damage|death|sav(e|ing)|initiative|picks? a target", r.purpose or "", re.I)]


def has_consequence(narrative: str, replies: list[str], checks: list[str] = ()) -> bool:
    """A sentence beyond the roll, a null outcome and the NPC's own quoted reply (its paragraph). The
    offline prose tells a check's verdict without numbers, naming the check ("Wren's Investigation check
    falls short"): a sentence naming a failed check is its verdict, not a consequence."""
    told = "\n\n".join(p for p in narrative.split("\n\n") if not any(r.strip('"') in p for r in replies if r))
    for line in sentences(told):
        if _ROLL_LINE.search(line) or _NULL.search(line) or line.startswith('"') or re.search(r'"\s*$', line):
            continue
        if any(name in line for name in checks):
            continue
        return True
    return False


async def play(seed: int) -> dict:
    narrator = TimedOffline()
    record: list[dict] = []
    asked: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        manager = SessionManager(Path(tmp) / "data", narrator=narrator)
        campaign = (await manager.list_campaigns())[0].name
        sid = (await manager.start_session(campaign, seed=seed)).session_id
        names = _names()
        cycle = {pc: 0 for pc in PARTY}

        async def act(actor: str, text: str) -> object | None:
            if len(record) >= TURNS:
                return None
            try:
                res = await manager.player_action(sid, text, character_name=actor)
            except Exception as exc:  # a refused line is part of the evening, not a crash
                record.append({"actor": actor, "text": text, "narrative": "", "error": str(exc)})
                return None
            record.append({"actor": actor, "text": text, "narrative": res.narrative, "failed": len(failed_checks(res)),
                           "consequence": bool(failed_checks(res)) and has_consequence(
                               res.narrative, [n.text for n in res.npc_responses],
                               [check_name(r.purpose or "").split(" on ")[0] for r in failed_checks(res)])})
            return res

        for step in EVENING:
            if step[0] == "fight":
                for _ in range(step[1]):
                    state = (await manager.get_session_state(sid, include_history=False)).game_state
                    if not state.in_combat or state.current_turn not in PARTY:
                        break
                    pc = state.current_turn
                    await act(pc, FIGHT[pc][cycle[pc] % len(FIGHT[pc])])
                    cycle[pc] += 1
                continue
            state = (await manager.get_session_state(sid, include_history=False)).game_state
            actor = step[1]
            if state.in_combat and state.current_turn in PARTY:
                actor = state.current_turn
            res = await act(actor, step[2])
            if step[0] == "ask":
                reply = " ".join(f"{n.text} {n.revealed_secret or ''}" for n in res.npc_responses
                                 if n.npc == step[3]) if res else ""
                asked.append({"question": step[2], "npc": step[3], "reply": reply,
                              "answered": bool(reply) and topic_hit(reply, step[4])})
        while len(record) < TURNS:  # pad with looking around, the quietest turn there is
            await act(PARTY[len(record) % 4], "I look around")
        await manager.close()
    mask = masker(names)
    masked = Counter(mask(s) for r in record for s in sentences(r["narrative"]))
    top, top_count = masked.most_common(1)[0]
    tokens = [w for r in record for w in words(r["narrative"])]
    trigrams = list(zip(tokens, tokens[1:], tokens[2:], strict=False))
    failed = [r for r in record if r.get("failed")]
    ms = narrator.timings()
    return {
        "seed": seed, "turns": len(record),
        "top_masked_sentence": top, "top_masked_count": top_count,
        "repeats_over_3": sum(1 for c in masked.values() if c > 3),
        "distinct_trigram_ratio": round(len(set(trigrams)) / max(1, len(trigrams)), 3),
        "npc_questions": len(asked), "npc_answered_share": round(sum(a["answered"] for a in asked) / len(asked), 3),
        "failed_checks": len(failed),
        "failed_with_consequence_share": round(sum(r["consequence"] for r in failed) / max(1, len(failed)), 3),
        "narration_ms_mean": round(sum(ms) / max(1, len(ms)), 3),
        "narration_ms_max": round(max(ms, default=0.0), 3),
        "top_10": masked.most_common(10), "unanswered": [a for a in asked if not a["answered"]],
        "transcript": record,
    }


async def on_topic(seed: int) -> dict:
    """Each question of the set asked of a fresh sample world at the NPC's place: the topic the reply
    is on (NPCResponse.topic; a ware's name for something sold) against the one the question is about."""
    doc = json.loads((Path(__file__).resolve().parents[1] / "campaigns/dark-lantern/campaign.json").read_text())
    rows = []
    for i, (npc, question, about) in enumerate(QUESTIONS):
        world = Campaign.model_validate(doc)
        world.game_state.party_location = world.npc(npc).location
        res = await Orchestrator().resolve(ActionInput(action=question, actor=PARTY[i % 4], world=world, turn=i,
                                                       roller=DiceRoller(RngState(seed=seed + i))))
        reply = next((r for r in res.npc_responses if r.npc == npc), None)
        got = reply.topic if reply is not None else None
        rows.append({"npc": npc, "question": question, "about": about, "got": got,
                     "right": got == about.removeprefix("ware:")})
    return {"npc_topic_questions": len(rows), "npc_topic_share": round(sum(r["right"] for r in rows) / len(rows), 3),
            "npc_topic_wrong": [r for r in rows if not r["right"]]}


def _names() -> list[str]:
    """Who and where: the sample campaign's characters, NPCs, places, quests and monsters."""
    campaign = json.loads((Path(__file__).resolve().parents[1] / "campaigns/dark-lantern/campaign.json").read_text())
    return sorted({entry["name"] for key in ("characters", "npcs", "locations", "quests", "monsters")
                   for entry in campaign.get(key, [])})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--out", type=Path, default=RESULTS / "narration.json")
    args = parser.parse_args()
    out = asyncio.run(play(args.seed))
    out.update(asyncio.run(on_topic(args.seed)))
    rows = [("most repeated masked sentence", f"x{out['top_masked_count']}  {out['top_masked_sentence'][:70]}"),
            ("masked sentences said > 3 times", out["repeats_over_3"]),
            ("distinct word-trigram ratio", out["distinct_trigram_ratio"]),
            ("NPC questions answered on topic", f"{out['npc_answered_share']:.0%} of {out['npc_questions']}"),
            ("NPC questions on the right topic", f"{out['npc_topic_share']:.0%} of {out['npc_topic_questions']}"),
            ("failed checks with a consequence", f"{out['failed_with_consequence_share']:.0%} of {out['failed_checks']}"),
            ("offline narration ms/turn (mean, max)", f"{out['narration_ms_mean']}, {out['narration_ms_max']}")]
    width = max(len(k) for k, _ in rows)
    print(f"Narration over {out['turns']} turns, seed {out['seed']}")
    for key, value in rows:
        print(f"  {key:<{width}}  {value}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
