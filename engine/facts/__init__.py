"""The fact tracker: what the world has established, deduplicated, superseded and indexed."""
