"""From a player's words to a resolved turn: intent, orchestrator, agents, prompt budget."""
