"""The console and the player view in a browser, through textual-serve, behind a per-run token."""
