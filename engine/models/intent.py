"""A player's action as the engine understood it: made once by the parser, read by every agent.

`kind` is finer than the seed-002 ActionType: it adds "question" (a question to the DM, answered from
state with no roll). ActionType stays exactly the seed's eight values, so a question travels as
`action_type` EXPLORATION (the exploration agent answers it) with `question=True`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.models.action_type import ActionType, IntentKind


class EntityRef(BaseModel):
    """A world entity the words point at, and how sure the link is."""

    name: str = Field(description="The entity's name in the world: a combatant, NPC, character or stat block")
    kind: str = Field(description="'combatant', 'npc', 'character' or 'monster'")
    via: str = Field("", description="The words that linked it: a name, a title, a pronoun, a description")
    score: float = 0.0


class IntentPart(BaseModel):
    """One act of a compound action, in the order the player said them ("healing word on Wren, then I swing
    at Crowe"; "I shoot the thug and then the crab"): its own verb, target, spell, item and destination,
    each resolved against the world like the whole intent's."""

    kind: IntentKind = Field(description="What this part is; never 'mixed'")
    text: str = Field("", description="The clause as read, lower case; a verb said once for two targets is carried "
                                      "into the second ('shoot the crab')")
    verb: str | None = Field(None, description="The clause's main verb (stem)")
    target: str | None = Field(None, description="Who this part is aimed at, resolved against the world")
    target_ref: EntityRef | None = None
    spell: str | None = Field(None, description="The spell this part casts")
    item: str | None = Field(None, description="An item on the actor's sheet this part names")
    destination: str | None = Field(None, description="The place this part moves the party to")


class ActionIntent(BaseModel):
    kind: IntentKind
    action_type: ActionType = Field(description="The seed-002 type reported to the caller")
    actor: str | None = None
    verb: str | None = Field(None, description="The main verb (stem) of the first acting clause")
    target: str | None = Field(None, description="Who the action is aimed at or about, resolved against the world")
    target_ref: EntityRef | None = None
    item: str | None = Field(None, description="An item on the actor's sheet the action names")
    destination: str | None = Field(None, description="A place the party means to move to")
    spell: str | None = None
    negated: bool = Field(False, description="Part of the sentence says what the character does NOT do")
    question: bool = Field(False, description="A question to the DM, answered from state without a roll")
    confidence: float = Field(0.0, ge=0.0, le=1.0)
    parts: list[IntentPart] = Field(default_factory=list, description="The acts of a compound action in the order "
                                    "said (two or more, of one kind or several); empty for a single act")
    components: list[ActionType] = Field(default_factory=list, description="ActionTypes the agents handle")
    clarify: str | None = Field(None, description="A question back to the player when the parse is unsure")
    unresolved: str | None = Field(None, description="Words naming no one clearly (or no one at all): asked about")
    candidates: list[str] = Field(default_factory=list,
                                  description="Names offered when a name in the action is unclear or unknown")
    matched: list[str] = Field(default_factory=list, description="The cues that decided it")

    def part_intent(self, part: IntentPart) -> ActionIntent:
        """The intent of one part on its own, as an agent doing that act reads it."""
        action_type = ActionType.EXPLORATION if part.kind == IntentKind.QUESTION else ActionType(part.kind.value)
        return self.model_copy(update={
            "kind": part.kind, "action_type": action_type, "verb": part.verb, "target": part.target,
            "target_ref": part.target_ref, "spell": part.spell, "item": part.item, "destination": part.destination,
            "question": part.kind == IntentKind.QUESTION, "parts": [], "components": [action_type]})


class PartProposal(BaseModel):
    """One act of a compound action as an LLM proposes it; checked against the world like the whole."""

    model_config = ConfigDict(extra="forbid")

    kind: IntentKind = Field(description="What this act is (not 'mixed')")
    text: str = Field("", description="The player's words for this act")
    verb: str | None = Field(None, description="This act's verb, as the player wrote it")
    target: str | None = Field(None, description="Exact name (from the lists given) of who this act is aimed at")
    item: str | None = Field(None, description="An item from the actor's inventory this act uses")
    destination: str | None = Field(None, description="Exact name of the place this act moves the party to")
    spell: str | None = Field(None, description="A spell this act casts")


class IntentProposal(BaseModel):
    """What an LLM intent parser is asked for (its JSON schema goes in the prompt): words, not truth. The
    engine checks every field against the world before an agent sees it."""

    model_config = ConfigDict(extra="forbid")

    kind: IntentKind = Field(description="What the action mostly is; 'question' for a question to the DM; "
                                         "'mixed' for two different kinds of act in one sentence")
    parts: list[PartProposal] = Field(default_factory=list, description="For an action of two acts or more (of one "
                                      "kind or several): each act in the order said")
    verb: str | None = Field(None, description="The main verb, as the player wrote it")
    target: str | None = Field(None, description="Exact name (from the lists given) of who the action is aimed at")
    item: str | None = Field(None, description="An item from the actor's inventory the action uses")
    destination: str | None = Field(None, description="Exact name of the place the party moves to, if it moves")
    spell: str | None = Field(None, description="A spell the action casts")
    negated: bool = Field(False, description="The player says what the character does NOT do")
    question: bool = Field(False, description="The player asks the DM something")

    @field_validator("parts", mode="before")
    @classmethod
    def _bare_kinds(cls, value: Any) -> Any:
        # An older reply lists only the kinds ("parts": ["inventory", "combat"]): each is a part of that kind.
        return [{"kind": v} if isinstance(v, str) else v for v in value] if isinstance(value, list) else value
