"""The player view: a read-only face that follows a session for the table (see engine.api.watch)."""
