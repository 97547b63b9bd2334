"""engine.rules.dice: notation, limits, criticals, determinism and the dice statistics."""

from __future__ import annotations

import itertools
import math
import random
import threading

import d20.expression
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import DiceError, InvalidInputError
from engine.models.session import RngState
from engine.rules.dice import DiceRoller, double_dice, roll_unseeded, validate_notation

SAMPLE = 12_000


def roller(seed: int = 1, counter: int = 0, max_dice: int = 100) -> DiceRoller:
    return DiceRoller(RngState(seed=seed, counter=counter), max_dice=max_dice)


def counter_with_natural(natural: int, seed: int = 1) -> int:
    """A counter whose plain d20 roll shows this face (the RNG is deterministic, so this is fixed)."""
    for counter in range(5000):
        if roller(seed, counter).d20().natural == natural:
            return counter
    raise AssertionError(f"no natural {natural} in 5000 counters")


# ---- statistics: sample mean within 5 standard errors of the exact mean ----

def exact_moments(outcomes: list[int]) -> tuple[float, float]:
    mean = sum(outcomes) / len(outcomes)
    return mean, sum((x - mean) ** 2 for x in outcomes) / len(outcomes)


D20 = list(range(1, 21))
STAT_CASES = {
    "1d20": (D20, None),
    "advantage": ([max(a, b) for a, b in itertools.product(D20, D20)], "advantage"),
    "disadvantage": ([min(a, b) for a, b in itertools.product(D20, D20)], "disadvantage"),
    "4d6kh3": ([sum(sorted(r)[1:]) for r in itertools.product(range(1, 7), repeat=4)], None),
}


def test_exact_means_match_the_known_values() -> None:
    # Guards the enumeration the statistical test relies on.
    assert exact_moments(STAT_CASES["1d20"][0])[0] == 10.5
    assert exact_moments(STAT_CASES["advantage"][0])[0] == pytest.approx(13.825)
    assert exact_moments(STAT_CASES["disadvantage"][0])[0] == pytest.approx(7.175)
    assert exact_moments(STAT_CASES["4d6kh3"][0])[0] == pytest.approx(12.2446, abs=1e-4)


@pytest.mark.parametrize("case", STAT_CASES)
def test_sample_mean_matches_exact_mean(case: str) -> None:
    outcomes, advantage = STAT_CASES[case]
    mean, variance = exact_moments(outcomes)
    notation = "4d6kh3" if case == "4d6kh3" else "1d20"
    dice = roller(seed=20240601)
    totals = [dice.roll(notation, advantage=advantage).total for _ in range(SAMPLE)]
    tolerance = 5 * math.sqrt(variance / SAMPLE)
    assert abs(sum(totals) / SAMPLE - mean) < tolerance
    assert min(totals) == min(outcomes) and max(totals) == max(outcomes)


def test_every_face_of_a_d20_comes_up_evenly() -> None:
    dice = roller(seed=99)
    counts = [0] * 21
    for _ in range(SAMPLE):
        counts[dice.d20().natural] += 1
    expected = SAMPLE / 20
    chi2 = sum((c - expected) ** 2 / expected for c in counts[1:])
    assert counts[0] == 0
    assert chi2 < 50  # 19 degrees of freedom: 50 is far beyond the 99.99th percentile


# ---- determinism ----

def test_same_seed_and_counter_give_the_same_roll() -> None:
    assert roller(7, 3).roll("10d20+2").detail == roller(7, 3).roll("10d20+2").detail


def test_different_counters_and_seeds_differ() -> None:
    assert roller(7, 3).roll("10d20").detail != roller(7, 4).roll("10d20").detail
    assert roller(7, 3).roll("10d20").detail != roller(8, 3).roll("10d20").detail


def test_counter_increments_once_per_roll_in_the_shared_state() -> None:
    state = RngState(seed=5)
    dice = DiceRoller(state)
    dice.roll("8d6")
    dice.d20(3, advantage="advantage")
    assert dice.counter == 2 and state.counter == 2


def test_restoring_the_counter_replays_the_same_rolls() -> None:
    state = RngState(seed=11)
    dice = DiceRoller(state)
    first = [dice.roll("1d20+1d4+3").detail for _ in range(5)]
    state.counter = 0  # what undo does
    assert [dice.roll("1d20+1d4+3").detail for _ in range(5)] == first


def test_a_rejected_roll_does_not_advance_the_counter() -> None:
    dice = roller()
    for bad in ("abc", "1d6/0", "1d1e1"):
        with pytest.raises(DiceError):
            dice.roll(bad)
    assert dice.counter == 0


def test_threads_rolling_at_once_get_the_rolls_their_counters_dictate() -> None:
    expected = [roller(3, c).roll("20d20").total for c in range(40)]
    got: dict[int, int] = {}

    def work(counter: int) -> None:
        got[counter] = roller(3, counter).roll("20d20").total

    threads = [threading.Thread(target=work, args=(c,)) for c in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [got[c] for c in range(40)] == expected


def test_the_global_random_of_d20_is_restored() -> None:
    roller().roll("1d20")
    with pytest.raises(DiceError):
        roller().roll("1d6/0")
    assert d20.expression.random is random


# ---- notation ----

@pytest.mark.parametrize(("notation", "low", "high"), [
    ("2d20kh1+5", 6, 25), ("4d6kh3", 3, 18), ("8d6", 8, 48), ("1d20-1", 0, 19),
    ("1d20+1d4+3", 5, 27), ("d20", 1, 20), (" 1D20 + 5 ", 6, 25), ("3", 3, 3), ("1d%", 0, 90),
])
def test_valid_notation_rolls_within_bounds(notation: str, low: int, high: int) -> None:
    dice = roller()
    for _ in range(50):
        assert low <= dice.roll(notation).total <= high


def test_detail_is_plain_text_and_marks_dropped_dice() -> None:
    result = roller().roll("4d6kh3+2", purpose="stats", roller="Aria")
    assert result.detail.startswith("4d6kh3 (") and result.detail.endswith(f"= {result.total}")
    assert "dropped" in result.detail
    assert not any(mark in result.detail for mark in ("`", "**", "~~"))
    assert (result.purpose, result.roller, result.notation) == ("stats", "Aria", "4d6kh3+2")


def test_validate_notation_normalizes() -> None:
    assert validate_notation(" 2D20KH1 + 5 ") == "2d20kh1+5"


@pytest.mark.parametrize("bad", ["", "   ", "abc", "2d", "1d0", "d20+", "1d20\x00", "x" * 10_000,
                                 "1" * 10_000, "0d6", "1d6/0", "d20 keep the dragon", "1d20[", "(" * 150 + "1"])
def test_invalid_notation_is_a_dice_error_with_an_example(bad: str) -> None:
    with pytest.raises(DiceError, match=r"1d20\+5"):
        roller().roll(bad)


def test_dice_error_is_an_invalid_input_error() -> None:
    with pytest.raises(InvalidInputError):
        validate_notation("abc")


def test_dice_count_and_size_caps() -> None:
    assert roller().roll("100d6").total >= 100
    with pytest.raises(DiceError, match="101 dice; the limit is 100"):
        roller().roll("101d6")
    with pytest.raises(DiceError, match="rolls 101 dice"):
        roller().roll("60d6+41d8")  # the cap counts dice across the whole expression
    with pytest.raises(DiceError, match="limit is 5"):
        roller(max_dice=5).roll("6d6")
    with pytest.raises(DiceError, match="1 to 1000 sides"):
        roller().roll("1d1001")
    with pytest.raises(DiceError, match="explodes too many"):
        roller().roll("1d1e1")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_rolls_or_raises_dice_error(text: str) -> None:
    try:
        result = roller().roll(text)
    except DiceError:
        return
    assert isinstance(result.total, int)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="0123456789d+-*/()khlre%, ", max_size=30))
def test_dice_shaped_text_rolls_or_raises_dice_error(text: str) -> None:
    try:
        roller().roll(text)
    except DiceError:
        pass


# ---- d20 rolls: advantage, criticals, DC ----

def test_advantage_keeps_the_higher_die() -> None:
    for counter in range(30):
        adv = roller(2, counter).d20(5, advantage="advantage")
        dis = roller(2, counter).d20(5, advantage="disadvantage")
        assert adv.detail.startswith("2d20kh1") and dis.detail.startswith("2d20kl1")
        assert adv.natural >= dis.natural  # same two faces, kept differently
        assert adv.total == adv.natural + 5 and adv.advantage == "advantage"


def test_advantage_only_applies_to_a_d20_roll() -> None:
    with pytest.raises(DiceError, match="starts with 1d20"):
        roller().roll("8d6", advantage="advantage")
    with pytest.raises(DiceError, match="advantage"):
        roller().d20(advantage="lucky")


def test_natural_20_is_critical_and_natural_1_is_fumble() -> None:
    crit = roller(1, counter_with_natural(20)).d20(-5)
    assert (crit.natural, crit.critical, crit.fumble, crit.total) == (20, True, False, 15)
    fumble = roller(1, counter_with_natural(1)).d20(10)
    assert (fumble.natural, fumble.critical, fumble.fumble, fumble.total) == (1, False, True, 11)


def test_no_natural_without_a_single_kept_d20_first() -> None:
    assert roller().roll("8d6").natural is None
    assert roller().roll("2d20").natural is None
    assert roller().roll("1d20+1d4").natural is not None


def test_dc_sets_success() -> None:
    counter = counter_with_natural(10)
    assert roller(1, counter).d20(2, dc=12).success is True
    assert roller(1, counter).d20(2, dc=13).success is False
    assert roller(1, counter).d20(2).success is None


def test_d20_uses_the_modifier_in_the_notation() -> None:
    assert roller().d20(-1).notation == "1d20-1"
    assert roller().d20().notation == "1d20"


def test_roll_unseeded_rolls_without_a_session() -> None:
    result = roll_unseeded("2d20kh1+5", purpose="test")
    assert 6 <= result.total <= 25 and result.purpose == "test"
    assert roll_unseeded("1d20", advantage="disadvantage").detail.startswith("2d20kl1")
    with pytest.raises(DiceError):
        roll_unseeded("abc")


def test_double_dice_doubles_dice_not_modifiers() -> None:
    assert double_dice("1d8+3") == "2d8+3"
    assert double_dice("2d6 + 1d4 + 2") == "4d6+2d4+2"
    assert double_dice("1") == "1"
