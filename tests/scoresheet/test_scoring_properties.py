"""Property tests over every preset: breakdowns add up, more books never hurt, scoring is
deterministic, and junk input is reported, never raised."""

from __future__ import annotations

import functools
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheet.rules.preset_rules import PRESET_SLUGS, preset
from scoresheet.rules.schema import CARD_CLASSES
from scoresheet.scoring.engine import Adjustment, Entry, check_and_score_game, score_entry
from scoresheet.scoring.round_problems import entry_errors

# Deadline from the hypothesis profile (tests/conftest.py); a quarter of its examples for each
# of the 22 presets (6 while developing, 50 in CI), as each test runs once a preset.
SETTINGS = settings(max_examples=max(5, settings.default.max_examples // 4))
SLUGS = [pytest.param(slug, id=slug) for slug in PRESET_SLUGS]

counts = st.integers(min_value=0, max_value=10)
points = st.integers(min_value=0, max_value=1000).map(lambda n: n * 5)  # multiples of 5 up to 5000


labels = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=1, max_size=30).filter(str.strip)
adjustments = st.lists(st.builds(Adjustment, labels, st.integers(-5000, 5000)), max_size=2).map(tuple)
hand_cards = st.fixed_dictionaries({}, optional={c: counts for c in CARD_CLASSES})


# Built once a preset, not once an example: hypothesis works out what each new strategy can draw,
# which had cost as much as the tests themselves.
@functools.cache
def valid_entries(slug: str) -> st.SearchStrategy[Entry]:
    """Entries the preset accepts: only its book kinds and extras, its red-three rules."""
    rules = preset(slug)
    books = st.fixed_dictionaries({}, optional={k.key: counts for k in rules.book_kinds})
    extras = st.fixed_dictionaries(
        {},
        optional={
            e.key: st.integers(0, 10 if e.max_per_round is None else min(e.max_per_round, 10)) for e in rules.extras
        },
    )
    meldable = [c for c in CARD_CLASSES if rules.card_values[c] is not None]
    melded_cards = st.fixed_dictionaries({}, optional={c: counts for c in meldable})

    @st.composite
    def entries(draw) -> Entry:
        drawn_books, drawn_extras = draw(books), draw(extras)
        went_out = draw(st.booleans())
        concealed = went_out and rules.concealed_bonus is not None and draw(st.booleans())
        melded = draw(melded_cards) if draw(st.booleans()) else None
        hand = draw(hand_cards) if draw(st.booleans()) else None
        return Entry(
            books=drawn_books,
            red_threes=draw(counts) if rules.red_threes.laid_value is not None else 0,
            red_threes_held=draw(counts) if rules.red_threes.held_penalty is not None else 0,
            black_threes_held=draw(counts),
            melded_points=draw(points),
            hand_points=draw(points),
            went_out=went_out,
            concealed=concealed,
            extras=drawn_extras,
            adjustments=draw(adjustments),
            melded_cards=melded,
            hand_cards=hand,
        )

    return entries()


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(data=st.data())
def test_the_breakdown_lines_add_up_to_the_total(slug, data):
    rules = preset(slug)
    entry = data.draw(valid_entries(slug))
    assert entry_errors(rules, entry, number=1, team=0) == [], "the strategy must build valid entries"
    score = score_entry(rules, entry)
    assert sum(line.points for line in score.lines) == score.total
    assert all(line.label for line in score.lines)


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(data=st.data())
def test_one_more_completed_book_never_lowers_a_score(slug, data):
    rules = preset(slug)
    entry = data.draw(valid_entries(slug))
    kind = data.draw(st.sampled_from(rules.book_kinds))
    more = replace(entry, books={**entry.books, kind.key: entry.books.get(kind.key, 0) + 1})
    before, after = score_entry(rules, entry).total, score_entry(rules, more).total
    # In Canasta the first book can also turn red threes from negative to positive (000 L404),
    # so the gain is at least the book's bonus, never less.
    assert after >= before
    assert after - before >= kind.bonus


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(data=st.data())
def test_scoring_the_same_input_twice_gives_equal_results(slug, data):
    rules = preset(slug)
    entry = data.draw(valid_entries(slug))
    first, second = score_entry(rules, entry), score_entry(rules, entry)
    assert first == second
    assert entry_errors(rules, entry, number=2, team=1) == entry_errors(rules, entry, number=2, team=1)


# --- junk never raises ---------------------------------------------------------------------

any_int = st.one_of(
    st.integers(min_value=-10, max_value=10),
    st.integers(min_value=-(10**15), max_value=10**15),
    st.sampled_from([-(10**30), -1, 0, 999, 1000, 1001, 10**6, 10**6 + 1, 10**30]),
)
junk_keys = st.one_of(
    st.sampled_from(
        [
            "clean",
            "dirty",
            "wild",
            "sevens",
            "fives",
            "perfect_cut",
            "exact_draw",
            "knee_penalty",
            "jokers",
            "aces",
            "black_threes",
            "queens",
            "",
            " ",
            "Clean",
            "clean ",
            "é",
        ]
    ),
    st.text(max_size=6),
)
junk_counts = st.dictionaries(junk_keys, any_int, max_size=3)
junk_labels = st.one_of(st.sampled_from(["", " ", "\t", "x" * 101, "Table prize"]), st.text(max_size=6))
junk_entries = st.builds(
    Entry,
    books=junk_counts,
    red_threes=any_int,
    red_threes_held=any_int,
    black_threes_held=any_int,
    melded_points=any_int,
    hand_points=any_int,
    went_out=st.booleans(),
    concealed=st.booleans(),
    extras=junk_counts,
    adjustments=st.lists(st.builds(Adjustment, junk_labels, any_int), max_size=2).map(tuple),
    melded_cards=st.none() | junk_counts,
    hand_cards=st.none() | junk_counts,
)


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(entry=junk_entries, number=st.integers(1, 6), team=st.integers(0, 3))
def test_entry_errors_never_raise_on_junk(slug, entry, number, team):
    problems = entry_errors(preset(slug), entry, number=number, team=team)
    assert all(p.round == number and p.team == team and p.message for p in problems)


@pytest.mark.parametrize("slug", SLUGS)
@SETTINGS
@given(
    rounds=st.lists(st.lists(junk_entries, min_size=1, max_size=3), max_size=4),
    team_count=st.integers(2, 3),
)
def test_a_games_problems_never_raise_on_junk(slug, rounds, team_count):
    # check_and_score_game also scores every round that passes, so junk that happens to be valid is scored too.
    problems = check_and_score_game(preset(slug), rounds, team_count=team_count)[0]
    assert all(p.message for p in problems)
    assert all(p.round is not None and 1 <= p.round <= len(rounds) for p in problems)
