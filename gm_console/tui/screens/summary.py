"""The summary shown after End: seed 001's fields, the stats, and where the files are."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from engine.models.session import EndSessionResult
from gm_console.tui.screens.dialog import MessageDialog


def summary_markdown(result: EndSessionResult) -> str:
    s, st = result.session_summary, result.stats

    def items(title: str, values: list[str]) -> str:
        body = "\n".join(f"- {v}" for v in values) if values else "- (none)"
        return f"**{title}**\n\n{body}\n"

    parts = [
        f"**Objective:** {s.objective or '(none recorded)'}\n",
        items("Actions taken", s.actions_taken),
        items("Decisions made", s.decisions_made),
        items("Open items", s.open_items),
        items("Next actions", s.next_actions),
    ]
    # What the session stored for the campaign (store_session_with_learnings), only when there is some.
    for title, learned in (("Decisions stored", result.learnings.decisions), ("Patterns noticed", result.learnings.patterns)):
        if learned:
            parts.append(items(title, [x.text + (f" ({x.type.replace('_', ' ')})" if x.type else "") for x in learned]))
    if s.notes:
        parts.append(f"**DM notes:** {s.notes}\n")
    parts.append(f"**Stats:** {st.action_count} actions · {st.dice_rolled} dice rolled · "
                 f"{st.facts_recorded} facts · {st.combats} combats · {st.duration_minutes} min\n")
    parts.append(f"**Saved in** `{result.save_path}`")
    return "\n".join(parts)


class SummaryModal(MessageDialog):
    BINDINGS = [Binding("escape", "dismiss", "Close")]
    DIALOG_CLASS = "summary-dialog"

    def __init__(self, result: EndSessionResult, heading: str = "Session summary") -> None:
        super().__init__(heading)
        self.result = result

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="summary-body"):
            yield Markdown(summary_markdown(self.result), id="summary")
