"""The player view's API follows a session another process plays: no lock, no writes, nothing secret."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.api.manager import SessionManager
from engine.api.watch import SessionWatcher
from engine.models.player_view import PlayerView
from engine.persistence.peek import JournalTail, PeekingSessionStore

ROOT = Path(__file__).resolve().parents[3]
CAMPAIGN = "dark-lantern"
HEALTH_WORDS = {"unhurt", "hurt", "bloodied", "down"}
HP_FIGURE = re.compile(r"\d+\s*(->|→|/)\s*\d+\s*HP", re.IGNORECASE)
HIDDEN_ROLL = "behind the screen"
DM_NOTE = "Silas Crowe pays the wreckers in foreign silver"

# The DM's process: one command per stdin line, one JSON answer per line once the change is durable.
PLAYER = """
import asyncio, json, sys
from engine.api.manager import SessionManager

async def main(data_dir):
    m = SessionManager(data_dir)
    sid = (await m.start_session("dark-lantern", "live", seed=7)).session_id
    print(json.dumps({"turn": 0}), flush=True)
    for line in sys.stdin:
        op, _, arg = line.rstrip("\\n").partition("\\t")
        if op == "play":
            state = await m.get_session_state(sid, include_history=False)
            who = state.game_state.current_turn if state.game_state.in_combat else None
            party = {p.name for p in state.party_status}
            r = await m.player_action(sid, arg, who if who in party else None)
            turn = r.turn_number
        elif op == "roll":
            turn = (await m.roll("1d20+5", sid, purpose=arg)).turn_number
        elif op == "fact":
            turn = (await m.record_fact(sid, arg)).turn_number
        elif op == "hp":
            target, value = arg.split("|")
            turn = (await m.apply_change(sid, "hp", target, int(value))).turn_number
        elif op == "pause":
            await m.end_session(sid, "pause"); turn = None
        elif op == "resume":
            await m.load_session(sid); turn = None
        else:
            break
        print(json.dumps({"turn": turn}), flush=True)
    await m.close()

asyncio.run(main(sys.argv[1]))
"""

TEN_TURNS = [
    ("play", "Wren asks Hesper Quill about the wreck of the Merrow's Luck"),  # a topic she keeps nothing on
    ("play", "Idris looks around the taproom for anything from the wreck"),
    ("roll", HIDDEN_ROLL),
    ("fact", DM_NOTE),
    ("play", "We head to Kettlecove Docks"),
    ("pause", ""),
    ("resume", ""),
    ("play", "We go on to Gannet Point"),
    ("play", "Bram attacks the Wrecker Thug with his longsword"),
    ("play", "I attack the nearest Wrecker Thug"),
    ("hp", "Wrecker Thug 2|-3"),
    ("play", "I attack the nearest Wrecker Thug"),
]


class DM:
    """The other process, driven one command at a time so each step can be checked when it is durable."""

    def __init__(self, data_dir: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", PLAYER, str(data_dir)], cwd=ROOT, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.read() == {"turn": 0}

    def read(self) -> dict:
        line = self.process.stdout.readline()
        assert line, self.process.stderr.read()
        return json.loads(line)

    def do(self, op: str, arg: str = "") -> int | None:
        self.process.stdin.write(f"{op}\t{arg}\n")
        self.process.stdin.flush()
        return self.read()["turn"]

    def stop(self) -> None:
        self.process.stdin.write("quit\n")
        self.process.stdin.close()
        self.process.wait(timeout=60)


def files(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file under the data dir: content hash and mtime, to show a watcher changed nothing."""
    return {str(p.relative_to(folder)): (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def secrets(data_dir: Path) -> list[str]:
    world = json.loads((data_dir / "campaigns" / CAMPAIGN / "campaign.json").read_text())
    return [s["text"] for npc in world["npcs"] for s in npc.get("secrets", [])]


def assert_player_safe(view: PlayerView, hidden: list[str]) -> None:
    text = view.model_dump_json()
    for secret in hidden:
        assert secret[:40] not in text, secret
    assert HIDDEN_ROLL not in text and DM_NOTE not in text
    for line in view.narrative:
        assert not HP_FIGURE.search(line.text), line.text
    for slot in view.combat.order if view.combat else []:
        if slot.kind == "monster":
            assert slot.health in HEALTH_WORDS and not re.search(r"\d", slot.health), slot


@pytest.mark.slow
def test_follows_ten_turns_of_another_process_without_lock_or_writes(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    dm = DM(data_dir)
    try:
        watcher = SessionWatcher(data_dir)  # no campaign, no session: the one being played now
        view = watcher.refresh()
        assert (view.session_name, view.status, view.turn) == ("live", "active", 0)
        hidden = secrets(data_dir)
        played = 0
        for op, arg in TEN_TURNS:
            turn = dm.do(op, arg)
            before = files(data_dir)
            view = watcher.refresh()
            assert files(data_dir) == before, "the watcher wrote to the data dir"
            assert_player_safe(view, hidden)
            if op == "pause":
                assert view.status == "paused" and view.turn == played
                continue
            if op == "resume":
                assert view.status == "active" and view.turn == played
                continue
            played += 1
            assert turn == played and view.turn == played, (op, arg)
            if op == "play":
                assert view.narrative[-1].turn == played and view.narrative[-1].action == arg
            else:  # hidden roll, DM note, a monster's HP: the players see nothing new in the story
                assert all(line.turn != played for line in view.narrative)
        assert played == 10
        assert view.combat is not None and view.combat.current_turn
        assert sum(slot.current for slot in view.combat.order) == 1
        thug = next(s for s in view.combat.order if s.name == "Wrecker Thug 2")
        assert thug.health in HEALTH_WORDS - {"unhurt"}  # the DM's -3 shows as a word only
        # The other process can still take its own lock: the watcher never held it.
        assert dm.do("pause") is None and dm.do("resume") is None
    finally:
        dm.stop()


@pytest.mark.anyio
async def test_reads_a_damaged_file_from_its_backup_without_repairing_it(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session(CAMPAIGN, "t", seed=7)).session_id
    await manager.player_action(sid, "We head to Kettlecove Docks")
    await manager.end_session(sid, "pause")
    folder = manager.layout.session_dir(CAMPAIGN, sid)
    (folder / "state_snapshot.json").write_text("{ torn")
    before = files(tmp_path)
    view = SessionWatcher(tmp_path, session="t").refresh()
    assert view.session_name == "t" and view.scene is not None
    assert files(tmp_path) == before  # still damaged: repairing is the owner's job, not a watcher's
    assert (folder / "state_snapshot.json").read_text() == "{ torn"


def test_a_watcher_store_refuses_to_write(tmp_path: Path) -> None:
    store = PeekingSessionStore(SessionManager(tmp_path).layout, CAMPAIGN)
    for write in (store.save_all, store.write_meta, store.write_index, store.delete, store.journal):
        with pytest.raises(PermissionError, match="never writes"):
            write("x")


def test_journal_tail_waits_for_a_line_to_end_and_notices_rotation(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    path.write_bytes(b'{"seq":1}\n{"seq":2')
    tail = JournalTail(path)
    assert tail.read_all() == [b'{"seq":1}']
    assert tail.read_new() == ([], False)
    with open(path, "ab") as fh:
        fh.write(b'}\n{"seq":3}\n')
    assert tail.read_new() == ([b'{"seq":2}', b'{"seq":3}'], False)
    path.rename(tmp_path / "journal.prev.jsonl")
    assert tail.read_new() == ([], True)  # rotated at a save: read the saved files again


def test_unknown_session_offers_the_known_ones(tmp_path: Path) -> None:
    from engine.errors import SessionNotFoundError

    SessionManager(tmp_path)
    with pytest.raises(SessionNotFoundError, match="no sessions yet"):
        SessionWatcher(tmp_path, CAMPAIGN, "nope")
    view = SessionWatcher(tmp_path, CAMPAIGN).refresh()
    assert view.status == "waiting" and "Waiting for the DM" in view.note


@pytest.mark.anyio
async def test_an_undo_in_the_journal_takes_the_turn_back_from_the_view(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session(CAMPAIGN, "t", seed=7)).session_id
    try:
        watcher = SessionWatcher(tmp_path, CAMPAIGN)
        assert watcher.refresh().turn == 0
        await manager.player_action(sid, "We head to Kettlecove Docks")
        await manager.player_action(sid, "We go on to Gannet Point")
        view = watcher.refresh()
        assert view.turn == 2 and view.scene.location == "Gannet Point"
        await manager.undo_last(sid)
        view = watcher.refresh()
        assert view.turn == 1 and view.scene.location == "Kettlecove Docks"
        assert [line.action for line in view.narrative] == ["We head to Kettlecove Docks"]
    finally:
        await manager.close()


@pytest.mark.anyio
async def test_a_named_session_is_found_in_any_campaign_and_a_new_one_is_picked_up(tmp_path: Path) -> None:
    from engine.api.campaigns import scaffold_campaign

    manager = SessionManager(tmp_path)
    scaffold_campaign("Salt Road", tmp_path)
    first = (await manager.start_session(CAMPAIGN, "first", seed=7)).session_id
    await manager.end_session(first, "pause")
    salt = (await manager.start_session("salt-road", "on the road", seed=1)).session_id
    try:
        assert SessionWatcher(tmp_path, session="first").refresh().campaign_name == "The Dark Lantern"
        watcher = SessionWatcher(tmp_path, CAMPAIGN)  # follows the campaign's current session
        assert watcher.refresh().session_name == "first"
        await manager.end_session(salt, "pause")
        second = (await manager.start_session(CAMPAIGN, "second", seed=7)).session_id
        view = watcher.refresh()
        assert (view.session_name, view.status, view.session_id) == ("second", "active", second)
    finally:
        await manager.close()


@pytest.mark.anyio
async def test_the_encounter_rating_is_for_the_dm_not_the_players(tmp_path: Path) -> None:
    manager = SessionManager(tmp_path)
    sid = (await manager.start_session(CAMPAIGN, "t", seed=7)).session_id
    try:
        await manager.player_action(sid, "We head to Kettlecove Docks")
        await manager.player_action(sid, "We go on to Gannet Point")
        fight = await manager.player_action(sid, "Bram attacks the Wrecker Thug", "Bram")
        assert any(c.kind == "encounter_difficulty" for c in fight.state_changes)  # the DM still sees it
        view = SessionWatcher(tmp_path, CAMPAIGN).refresh()
        assert view.combat is not None
        assert not any("Encounter difficulty" in line.text or "XP" in line.text for line in view.narrative)
    finally:
        await manager.close()


def test_the_players_see_how_hurt_someone_is_not_a_hole_where_the_hp_was() -> None:
    from engine.session.player_view import scrub

    assert scrub("Wren is at 17/17 HP, AC 14.") == "Wren is unhurt, AC 14."
    assert scrub("Bram is at 4/20 HP, AC 18, poisoned.") == "Bram is bloodied, AC 18, poisoned."
    assert scrub("The thug takes 7 damage (11 -> 4 HP).") == "The thug takes 7 damage."
