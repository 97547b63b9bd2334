"""`gm-console demo`: a scripted session on the sample campaign, printed as plain text.

It drives the same SessionManager the console uses: start, a few player actions including a combat
round, a DM roll, damage, a fact, pause, resume, undo, end, and where the files ended up.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.api.manager import SessionManager
from engine.errors import EngineError
from engine.models.actions import ActionResponse, DiceRoll

DEMO_SEED = 7
ACTIONS = [
    ("Wren", "I ask Hesper Quill what she saw the night the light went out"),
    ("Idris", "I look around the taproom for anything from the wreck"),
    ("Bram", "We head to Kettlecove Docks"),
    ("Wren", "We go on to Gannet Point"),
    ("Bram", "I attack the Wrecker Thug with my longsword"),
    # In the fight each line goes to whoever's turn it is, as at a table that follows initiative.
    (None, "I attack the nearest Wrecker Thug"),
    (None, "I attack the nearest Wrecker Thug"),
    (None, "I attack the nearest Wrecker Thug"),
]


def _roll_line(roll: DiceRoll) -> str:
    verdict = "" if roll.success is None else (" success" if roll.success else " failure")
    label = roll.purpose or roll.notation
    return f"    roll  {label}: {roll.detail.replace('`', '') or roll.total}{verdict}"


def _show_turn(who: str, action: str, r: ActionResponse) -> None:
    print(f"\n[turn {r.turn_number}] {who}: {action}  ({r.action_type})")
    for line in r.narrative.strip().splitlines():
        print(f"  {line}")
    for roll in r.dice_rolls:
        print(_roll_line(roll))
    for change in r.state_changes:
        print(f"    state {change.description or change.kind}")
    for warning in r.warnings:
        print(f"    ! {warning}")


async def _demo(manager: SessionManager) -> None:
    campaign = (await manager.list_campaigns())[0]
    name = f"demo-{len(await manager.list_sessions(campaign.slug)) + 1}"
    started = await manager.start_session(campaign.slug, name, seed=DEMO_SEED)
    sid = started.session_id
    print(f"== {campaign.name}: session '{started.name}' (seed {started.seed}, narrator {started.narrator})")
    print(started.opening)
    for who, action in ACTIONS:
        if who is None:
            state = await manager.get_session_state(sid, "standard", include_history=False)
            party = {p.name for p in state.party_status}
            who = state.game_state.current_turn if state.game_state.current_turn in party else "Bram"
        _show_turn(who, action, await manager.player_action(sid, action, who))

    roll = await manager.roll("2d20kh1+5", sid, purpose="DM: Wren's perception with advantage")
    print(f"\n[turn {roll.turn_number}] DM /roll 2d20kh1+5\n{_roll_line(roll.roll)}")
    fact = await manager.record_fact(sid, "Hesper Quill saw a green light on the point the night it went dark.")
    print(f"[turn {fact.turn_number}] DM /fact: {fact.result.status} ({fact.result.dedup_outcome})")
    hurt = await manager.apply_change(sid, "hp", "Bram", "-7")
    print(f"[turn {hurt.turn_number}] DM /hp Bram -7: {hurt.message}")

    paused = await manager.end_session(sid, "pause")
    print(f"\n== Pause: {paused.message}\n   saved in {paused.save_path}")
    loaded = await manager.load_session(sid)
    print(f"== Resume ({loaded.action_count} actions so far). Previously on...\n{loaded.recap}")
    undone = await manager.undo_last(sid)
    reverted = "; ".join(c.description for c in undone.reverted_changes if c.description)
    print(f"\n== Undo: {undone.message}" + (f" (reverted: {reverted})" if reverted else ""))

    ended = await manager.end_session(sid, "end", "Demo run: the party is about to head for Gannet Point.")
    s = ended.session_summary
    print(f"\n== End: {ended.message}")
    print(f"   objective: {s.objective}")
    for title, items in (("actions taken", s.actions_taken), ("decisions made", s.decisions_made),
                         ("open items", s.open_items), ("next actions", s.next_actions)):
        print(f"   {title}:")
        for item in items or ["(none)"]:
            print(f"     - {item}")
    st = ended.stats
    print(f"   stats: {st.action_count} actions, {st.dice_rolled} dice, {st.facts_recorded} facts, {st.combats} combats")
    export = await manager.export_markdown(sid)
    folder = Path(ended.save_path)
    print("\n== Files")
    print(f"   data dir:      {manager.data_dir}")
    print(f"   session files: {folder}")
    for path in sorted(folder.iterdir()) if folder.is_dir() else []:
        print(f"     {path.name}")
    print(f"   recap export:  {export}")
    print(f"\nOpen the console on it with: gm-console --data-dir {manager.data_dir}")


def run_demo(data_dir: Path | str | None = None) -> int:
    manager = SessionManager(data_dir)
    try:
        asyncio.run(_demo(manager))
    except EngineError as exc:
        print(f"demo stopped: {exc}")
        asyncio.run(manager.close())
        return 1
    return 0
