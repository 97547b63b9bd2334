"""Items a person reads in a hurry: whole words only, each item once, left-outs counted."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.play.digest import fit, left_out, pick, same_item, whole_words


def test_whole_words_never_cuts_inside_a_word():
    clue = "The coins in the bar's tin include bright southern silver"
    assert whole_words(clue, 200) == clue
    assert whole_words(clue, 30) == "The coins in the bar's tin…"
    assert whole_words("Supercalifragilistic", 8) == ""


@given(st.text(alphabet=st.sampled_from("ab cd,"), max_size=80), st.integers(min_value=0, max_value=90))
def test_whole_words_keeps_to_the_limit_and_to_whole_words(text: str, limit: int):
    cut = whole_words(text, limit)
    assert len(cut) <= limit
    words = " ".join(text.split()).split()
    kept = cut.removesuffix("…").split()
    # Each kept word is the source's word entire (a comma before the cut may go, never a letter).
    assert [w.rstrip(",") for w in kept] == [w.rstrip(",") for w in words[:len(kept)]]


def test_the_same_item_under_another_label_or_turn_is_one_item():
    secret = "She watched the Gannet Point light go out at dusk"
    assert same_item(f"Hesper Quill revealed: {secret}", f"the party learned: {secret}")
    assert same_item("T5: Bram spoke with Hesper Quill", "T19: Bram spoke with Hesper Quill")
    assert not same_item("Bram spoke with Hesper Quill", "Wren won Osric Vell over")


def test_pick_keeps_the_first_of_each_and_counts_distinct_items_past_the_limit():
    items = ["A key was found in the well", "a key was found in the well!", "The mayor lied",
             "Bram took a rest", "Wren took a short rest by the fire", "Wren took a short rest by the fire"]
    kept, left = pick(items, limit=2)
    assert kept == [0, 2] and left == 2
    assert pick(items) == ([0, 2, 3, 4], 0)


def test_fit_drops_whole_items_and_counts_them():
    assert fit(["aaaa", "bbbbbbbbbb", "cc"], 8) == (["aaaa", "cc"], 1)
    assert left_out(1, "event") == "(1 more event left out.)" and left_out(3) == "(3 more items left out.)"
    assert left_out(0) == ""
