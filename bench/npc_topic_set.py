"""NPC questions as players type them, each with the one thing of the NPC's it is about: a topic's name,
or 'ware:NAME' for something they sell. Written before the topic matching was changed (QA run 6 found
three answers on the wrong topic; those three are the first lines, the rest were written beside them
without running them). Used by bench_narration.py ("NPC questions on the right topic") and its test."""

from __future__ import annotations

# (NPC, question, what it is about)
QUESTIONS: list[tuple[str, str, str]] = [
    ("Hesper Quill", "Evening, Hesper! What's on the fire tonight?", "ware:Stew"),
    ("Pim Lowrie", "pim did u see any boats out the night of the storm", "the night of the storm"),
    ("Osric Vell", "Harbormaster Vell, where were you the night the Merrow's Luck went down?",
     "the night of the wreck"),
    ("Hesper Quill", "hesper whats cooking", "ware:Stew"),
    ("Hesper Quill", "Hesper, what wine have you got?", "ware:Wine"),
    ("Hesper Quill", "got any rooms free tonight hesper?", "ware:Room for the night"),
    ("Hesper Quill", "Hesper, who was the lad that washed up from the Merrow's Luck?", "the Merrow's Luck"),
    ("Hesper Quill", "hesper when did aldous last come in for his bread", "Aldous Penn"),
    ("Hesper Quill", "Hesper what do folk say about that old chapel", "the Drowned Chapel"),
    ("Hesper Quill", "does the harbormaster drink here, Hesper?", "Osric Vell"),
    ("Hesper Quill", "Hesper, has anyone been spending strange silver?", "Silas Crowe"),
    ("Osric Vell", "Vell, who gets the cargo that washes up?", "the salvage"),
    ("Osric Vell", "osric can we see your ledger", "the harbor ledger"),
    ("Osric Vell", "Vell, how does a harbormaster afford a coat like that?", "his money"),
    ("Osric Vell", "Osric, what were you doing when the storm hit?", "the night of the wreck"),
    ("Osric Vell", "so vell, where were you when the ship broke up on the reef", "the night of the wreck"),
    ("Osric Vell", "Vell, what do you make of Captain Crowe?", "Silas Crowe"),
    ("Osric Vell", "Osric, who tends the lighthouse lamp?", "Aldous Penn"),
    ("Pim Lowrie", "pim u know a way into the sea caves?", "the caves"),
    ("Pim Lowrie", "Pim, was anyone rowing about on the water that night?", "the night of the storm"),
    ("Pim Lowrie", "Pim, what's the harbormaster like?", "Osric Vell"),
    ("Pim Lowrie", "pim does crowe pay you", "Silas Crowe"),
    ("Pim Lowrie", "Pim, how much for some fishing hooks?", "ware:Fishing tackle"),
    ("Nessa Rook", "Nessa, who are you keeping watch for?", "Silas Crowe"),
    ("Nessa Rook", "nessa how do we get down under the point", "the way down"),
    ("Nessa Rook", "Nessa, how's your mum doing?", "her mother"),
    ("Nessa Rook", "Nessa did the old keeper survive?", "the keeper"),
    ("Silas Crowe", "Crowe, what's in the little silver box?", "the reliquary"),
    ("Silas Crowe", "crowe who paid you to sink that ship", "the Merrow's Luck"),
    ("Silas Crowe", "Silas, what's past the flooded arch?", "the Drowned Chapel"),
    ("Aldous Penn", "Aldous, who dragged you down here?", "his captors"),
    ("Aldous Penn", "Aldous, how do we get the light burning again?", "the lamp"),
    ("Brother Ambrose", "Brother, what words mend the ward?", "the tide words"),
    ("Brother Ambrose", "Ambrose, what was taken from your niche?", "the relic"),
]
