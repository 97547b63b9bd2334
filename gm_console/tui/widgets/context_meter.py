"""The context-usage meter: tokens used of the window, per section, and what was cut to fit."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.models.session import ContextUsage


def usage_bar(used: int, window: int, width: int = 20) -> Text:
    ratio = 0.0 if window <= 0 else max(0.0, min(1.0, used / window))
    filled = round(ratio * width)
    colour = "green" if ratio < 0.7 else "yellow" if ratio < 0.9 else "red"
    return Text("█" * filled, style=colour) + Text("░" * (width - filled), style="dim")


def provider_tokens(usage: ContextUsage) -> str:
    """The provider's real counts for the last turn: '1,234 prompt + 56 reply'."""
    text = f"{usage.provider_prompt_tokens:,} prompt"
    if usage.provider_completion_tokens is not None:
        text += f" + {usage.provider_completion_tokens:,} reply"
    return text


def render_usage(usage: ContextUsage | None) -> Table | Text:
    if usage is None:
        return Text("No turn played yet: the context is built on the first action.", style="dim")
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(ratio=1)
    grid.add_column(justify="right")
    pct = 0 if usage.window <= 0 else round(100 * usage.used / usage.window)
    counted = usage.provider_prompt_tokens is not None
    # With a provider's own count beside it, the chars/4 figure is labelled for what it is.
    estimate = f"{'est. ' if counted else ''}{usage.used:,}/{usage.window:,} ({pct}%)"
    grid.add_row(usage_bar(usage.used, usage.window), Text(estimate))
    if counted:
        grid.add_row(Text("  provider's count", style="dim"), Text(provider_tokens(usage), style="cyan"))
    for section in usage.sections:
        cut = f" -{section.dropped_items}" if section.dropped_items else ""
        grid.add_row(Text(f"  {section.name}", style="dim"),
                     Text(f"{section.tokens:,}{cut}", style="yellow" if cut else ""))
    for dropped in usage.dropped[:4]:
        grid.add_row(Text(f"✂ {dropped}", style="yellow", overflow="ellipsis", no_wrap=True), Text())
    if len(usage.dropped) > 4:
        grid.add_row(Text(f"✂ … {len(usage.dropped) - 4} more cut", style="yellow"), Text())
    return grid


class ContextMeter(Static):
    DEFAULT_CSS = """
    ContextMeter {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(render_usage(None), id=id, classes=classes)
        self.usage: ContextUsage | None = None

    def update_usage(self, usage: ContextUsage | None) -> None:
        if usage == self.usage:
            return
        self.usage = usage
        self.update(render_usage(usage))
