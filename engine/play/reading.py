"""What reading a sentence yields: its words as tokens (stem, clause, weight, flags) and its clauses
(question, quoted, joining word)."""

from __future__ import annotations

from pydantic import BaseModel, Field, SkipValidation


class Token(BaseModel):
    word: str
    stem: str
    clause: int
    factor: float
    # Right after an article or possessive: a noun, so verb-only cues do not apply.
    noun: bool = False
    # Right after "my"/"our": the speaker's own things ("check my pack" looks in the pack).
    own: bool = False
    negated: bool = False
    possessive: bool = Field(False, description="Typed with 's ('Vell's strongbox'); 's may also be 'is'")


class Clause(BaseModel):
    words: list[str] = Field(default_factory=list)
    question: bool = False
    quoted: bool = Field(False, description="Said inside quotes: speech, so a question in it is to someone there")
    asked: bool = Field(False, description="Ends in a question mark")
    stated: bool = Field(False, description="Ends in a full stop or an exclamation mark")
    out_of_character: bool = Field(False, description="Said out of character beside an act: 'OOC: I know Vell lies'")
    lead: str = Field("", description="The joining word that opened the clause ('then', 'if', 'while')")
    conditional: bool = Field(False, description="Opened by 'if not'/'if so': an act waiting on the answer")
    recounted: bool = Field(False, description="Told in the past beside an act told now: the story so far")
    colon: bool = Field(False, description="Follows a colon: what comes after 'Bram jabs a finger at Nessa:'")


class Reading(BaseModel):
    tokens: list[Token]
    clauses: list[Clause]
    quoted: bool = False
    negated: bool = False
    addressed: bool = Field(False, description="Someone present is hailed by name: the sentence is speech")
    addressee: str | None = Field(None, description="The name word they were hailed by")
    spell: str | None = None
    casts: dict[int, str] = Field(default_factory=dict, description="Each clause where a spell is cast by name: "
                                  "'cast healing word on Bram, then cast sacred flame on the crab' casts twice")
    # Not validated: validating would copy the whole vocabulary for every sentence read.
    vocabulary: SkipValidation[frozenset[str]] = Field(default_factory=frozenset, exclude=True, repr=False,
                                                       description="The words typos were folded onto")

    def in_a_question(self, index: int) -> bool:
        """Whether the clause belongs to a sentence that ends in a question mark ("how long | until the tide
        turns?"); a full stop or an exclamation mark before one ends the sentence first."""
        for clause in self.clauses[index:]:
            if clause.asked:
                return True
            if clause.stated:
                return False
        return False
