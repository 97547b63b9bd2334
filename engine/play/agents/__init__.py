"""Gameplay agents: combat, social, exploration and rules, each resolving one kind of action.

Each agent changes only its own copy of the world (AgentContext.world), through engine.rules where
a rule exists, and reports what happened as plain-sentence beats for the narrator. Shared pieces live
below them: AgentContext and who acts in base, text cues in engine.play.cues, turn flow in turn_flow.
"""
