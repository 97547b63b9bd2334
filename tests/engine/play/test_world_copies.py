"""One world copy per action (issue 12's speed target): the session's working copy is the world the turn
changes and its cached document the orchestrator's original, with results identical to copying afresh;
what reading an action asks of the world is worked out once, and only while the world holds still."""

from __future__ import annotations

import pytest

from engine.models.session import RngState
from engine.models.world import Campaign, Combatant, CombatState, HitPoints
from engine.play.agents.base import AgentContext, AgentResult
from engine.play.entities import people
from engine.play.intent import parse
from engine.play.orchestrator import ActionInput, Orchestrator, Resolution
from engine.play.world_memo import holding_still, remembered
from engine.rules.dice import DiceRoller
from tests.engine.play.intent_cases import table_world

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def fight_world() -> Campaign:
    """Ari and Bryn against two goblins in the inn; nobody named acts, so the turn order picks the actor."""
    world = table_world()
    goblin = {"kind": "monster", "monster": "Goblin", "ac": 13}
    world.game_state.combat = CombatState(order=[
        Combatant(id="ari", name="Ari", kind="character", initiative=20),
        Combatant(id="g1", name="Goblin 1", initiative=15, hp=HitPoints(current=7, max=7), **goblin),
        Combatant(id="bryn", name="Bryn", kind="character", initiative=10),
        Combatant(id="g2", name="Goblin 2", initiative=5, hp=HitPoints(current=7, max=7), **goblin),
    ])
    return world


def copy_of(world: Campaign) -> Campaign:
    return Campaign.model_validate(world.model_dump(mode="json"))


async def resolve(world: Campaign, text: str, seed: int, *, session_copies: bool) -> Resolution:
    """The action as a session resolves it (with its cached document and spare copy) or as a bare caller does."""
    extra = {"world_doc": world.model_dump(mode="json"), "world_copy": copy_of(world)} if session_copies else {}
    return await Orchestrator().resolve(ActionInput(action=text, actor=None, world=world, turn=1, seed=seed,
                                                    roller=DiceRoller(RngState(seed=seed)), **extra))


def outcome(res: Resolution) -> tuple:
    return (res.world.model_dump(mode="json"), [d.model_dump() for d in res.dice_rolls],
            [c.model_dump() for c in res.state_changes], res.narrative, res.warnings, res.actor)


@pytest.mark.parametrize("text", ["I attack the goblin", "I take the Dodge action", "I drink a potion of healing",
                                  "I ask Mara what she saw", "I search the room", "what can I see?"])
@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_a_fight_turn_comes_out_the_same_whether_the_world_is_copied_once_or_twice(text, seed):
    world = fight_world()
    before = world.model_dump(mode="json")
    once = await resolve(world, text, seed, session_copies=True)
    twice = await resolve(world, text, seed, session_copies=False)
    assert outcome(once) == outcome(twice)
    assert world.model_dump(mode="json") == before  # the input world is never touched


async def test_the_spare_copy_is_the_world_the_turn_changes():
    world = fight_world()
    spare = copy_of(world)
    res = await Orchestrator().resolve(ActionInput(
        action="I attack the goblin", actor=None, world=world, turn=1, roller=DiceRoller(RngState(seed=4)),
        world_doc=world.model_dump(mode="json"), world_copy=spare))
    assert res.world is spare
    assert [c.after for c in res.state_changes if c.kind == "turn"]  # the monsters took their turns on it
    assert world.game_state.combat is not None and world.game_state.combat.current.name == "Ari"


class Recorder:
    """Changes one value on the world it is given, and remembers which world that was."""

    def __init__(self, name: str, minutes: int | None = None, hp: int | None = None) -> None:
        self.name, self.minutes, self.hp = name, minutes, hp
        self.world: Campaign | None = None

    async def handle(self, ctx: AgentContext) -> AgentResult:
        self.world = ctx.world
        if self.minutes is not None:
            ctx.world.game_state.minutes = self.minutes
        if self.hp is not None:
            ctx.world.characters[0].hp.current = self.hp
        return AgentResult(agent=self.name, beats=[f"{self.name} acted."])


async def test_with_two_agents_only_the_first_works_on_the_spare_copy_and_both_changes_are_merged():
    world = table_world()
    spare = copy_of(world)
    combat, rules = Recorder("combat", hp=3), Recorder("rules", minutes=600)
    agents = {"combat": combat, "rules": rules, "social": Recorder("social"), "exploration": Recorder("exploration")}
    res = await Orchestrator(agents=agents).resolve(ActionInput(
        action="I drink a potion and attack the goblin", actor="Ari", world=world, turn=1,
        roller=DiceRoller(RngState(seed=1)), world_doc=world.model_dump(mode="json"), world_copy=spare))
    seen = [a.world for a in (combat, rules)]
    assert spare in seen and seen[0] is not seen[1] and all(w is not world for w in seen)
    assert res.world.characters[0].hp.current == 3 and res.world.game_state.minutes == 600
    assert world.characters[0].hp.current == 12 and world.game_state.minutes != 600


# ---- what reading asks of the world

def test_answers_are_kept_only_while_the_world_holds_still():
    world, other = table_world(), table_world()
    asked: list[str] = []

    def work_out(label: str) -> str:
        asked.append(label)
        return label

    assert remembered(world, "q", lambda: work_out("a")) == "a"
    assert remembered(world, "q", lambda: work_out("b")) == "b"  # outside a block nothing is kept
    with holding_still():
        assert remembered(world, "q", lambda: work_out("c")) == "c"
        assert remembered(world, "q", lambda: work_out("d")) == "c"  # kept for the same world and question
        assert remembered(world, "other question", lambda: work_out("e")) == "e"
        assert remembered(other, "q", lambda: work_out("f")) == "f"  # an equal world is still another world
        with holding_still():  # a nested block shares the outer one's answers
            assert remembered(world, "q", lambda: work_out("g")) == "c"
    assert remembered(world, "q", lambda: work_out("h")) == "h"
    assert asked == ["a", "b", "c", "e", "f", "h"]


def test_a_world_changed_after_one_reading_is_read_afresh_by_the_next():
    world = fight_world()
    assert parse("I talk to Mara", world, "Ari").target == "Mara Vell"
    assert parse("I attack the goblin", world, "Ari").target == "Goblin 1"
    world.npc("Mara Vell").alive = False  # between two actions Mara dies and the first goblin falls
    world.game_state.combat.order[1].defeated = True
    assert parse("I talk to Mara", world, "Ari").target is None
    assert parse("I attack the goblin", world, "Ari").target == "Goblin 2"


def test_one_reading_asks_who_is_who_once_per_actor():
    world = fight_world()
    with holding_still():
        first = people(world, None)
        assert people(world, None) is first
        assert people(world, "Ari") is not first  # Ari is no one Ari's words point at
        assert "Ari" in [name for name, _, _ in first] and "Ari" not in [n for n, _, _ in people(world, "Ari")]


def test_a_place_is_scored_as_a_walk_over_all_its_words_would_score_it():
    """link_place looks up only the words said; the result (score to the last bit) is the plain walk's."""
    import random

    from engine.play import entities, places_named

    def walked(said_stems: list[str], world: Campaign, ignore: set[str]) -> tuple[str | None, float]:
        index = places_named._places(world)
        here = next((p for p in index.values() if p.name.casefold() == world.game_state.party_location.casefold()),
                    None)
        said = set(said_stems)
        features = said - ignore
        if here is not None:
            for sentence in here.sentences:
                if features & sentence - index["\0"].words:
                    features |= {f"~{s}" for s in sentence}
        best, best_score = None, 0.0
        for name, loc in index.items():
            if name == "\0" or (here is not None and name == here.name):
                continue
            score = entities.NAME_WEIGHT * len(loc.words & said)
            for s in loc.found - loc.words:
                score += 1.0 / index["\0"].df[s] if s in features else \
                    0.5 / index["\0"].df[s] if f"~{s}" in features else 0.0
            score *= 1.2 if here is not None and name in here.connections else 1.0
            if score > best_score:
                best, best_score = name, score
        return best, best_score

    world = table_world()
    vocabulary = sorted({s for p in places_named._places(world).values() for s in p.found | p.words})
    rng = random.Random(5)
    for place in [loc.name for loc in world.locations]:
        world.game_state.party_location = place
        for _ in range(200):
            said = rng.sample(vocabulary, rng.randint(1, min(8, len(vocabulary))))
            ignore = set(said[:1]) if rng.random() < 0.3 else set()
            assert places_named.link_place(said, world, ignore=ignore) == walked(said, world, ignore)


@pytest.mark.parametrize("text", ["I attack the goblin", "I take the Dodge action", "I ask Mara what she saw",
                                  "I search the room", "attack him", "what can I see?"])
async def test_an_action_naming_nobody_in_a_fight_is_read_once_as_whoever_is_up(text):
    # Read once as Ari (whose turn it is) instead of as no one and then again as Ari: the same turn comes
    # out as when the DM names Ari, except that the actor is reported as assumed; a question stays no one's.
    world = fight_world()
    unnamed = await resolve(world, text, 5, session_copies=True)
    named = await Orchestrator().resolve(ActionInput(action=text, actor="Ari", world=world, turn=1, seed=5,
                                                     roller=DiceRoller(RngState(seed=5)),
                                                     world_doc=world.model_dump(mode="json"), world_copy=copy_of(world)))
    if text.endswith("?"):
        assert unnamed.actor is None and not unnamed.dice_rolls
    else:
        assert outcome(unnamed)[:4] == outcome(named)[:4] and unnamed.actor == "Ari"
