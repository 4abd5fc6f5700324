"""The seating engine (league/nights/seating.py): plain Python, no database, as Tabbycat tests its draws.

Properties with hypothesis (everyone present seated once or on a bye, only the variant's
table shapes, byes to the fewest byes, no repeat partner in rotating mode while a
repeat-free seating exists, fixed partnerships kept), then the nights of the issue written
out: 9, 10, 11, 12, 13 and 22 players in each mode, progressive movement, manual checks.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from league.nights import seating
from league.nights.seating import History, Pair, Shape, Sitting, Table
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset

TWO_TWO, THREE_TWO, TWO_THREE, OWN_THREE = Shape(2, 2), Shape(3, 2), Shape(2, 3), Shape(3, 1)


def shapes_of(slug: str) -> list[Shape]:
    return seating.table_shapes(preset(slug))


def names(n: int) -> list[str]:
    return [f"P{i}" for i in range(1, n + 1)]


# --- table shapes -----------------------------------------------------------------------


def test_table_shapes_come_from_the_variants_setup():
    # hand-and-foot: team_counts [2, 3], players_per_team [2], individual_counts [2, 3]
    assert shapes_of("hand-and-foot") == [TWO_TWO, THREE_TWO, OWN_THREE]
    # canasta: team_counts [2], players_per_team [2, 3], individual_counts [2, 3]
    assert shapes_of("canasta") == [TWO_TWO, TWO_THREE, OWN_THREE]
    # hand-knee-and-foot: team_counts [2], players_per_team [2, 3], no individual play
    assert shapes_of("hand-knee-and-foot") == [TWO_TWO, TWO_THREE]
    # hand-and-foot-individual: individual_counts [2, 3, 4]; two players is no club table
    assert shapes_of("hand-and-foot-individual") == [OWN_THREE, Shape(4, 1)]


@pytest.mark.parametrize(
    ("slug", "players", "tables", "byes"),
    [
        ("hand-and-foot", 5, [TWO_TWO], 1),  # 5 = no mix of 4, 6 and 3
        ("hand-and-foot", 7, [TWO_TWO, OWN_THREE], 0),
        ("hand-and-foot", 9, [THREE_TWO, OWN_THREE], 0),  # 6 + 3 rather than 3 + 3 + 3
        ("hand-and-foot", 12, [TWO_TWO] * 3, 0),  # 4 + 4 + 4 rather than 6 + 6
        ("hand-and-foot", 22, [TWO_TWO] * 4 + [THREE_TWO], 0),
        ("hand-knee-and-foot", 9, [TWO_TWO, TWO_TWO], 1),  # only 4 and 6: an odd count leaves one out
        ("hand-knee-and-foot", 11, [TWO_TWO, TWO_THREE], 1),
    ],
)
def test_layout_seats_the_most_players_preferring_partnerships_and_the_standard_table(slug, players, tables, byes):
    assert seating.layout(players, shapes_of(slug)) == (tables, byes)


# --- the nights of the issue, written out -------------------------------------------------
# (variant, players): the tables of every sitting, standard tables first, and the byes.
NIGHTS = {
    ("hand-and-foot", 9): ([THREE_TWO, OWN_THREE], 0),
    ("hand-and-foot", 10): ([TWO_TWO, THREE_TWO], 0),
    ("hand-and-foot", 11): ([TWO_TWO, TWO_TWO, OWN_THREE], 0),
    ("hand-and-foot", 12): ([TWO_TWO, TWO_TWO, TWO_TWO], 0),
    ("hand-and-foot", 13): ([TWO_TWO, THREE_TWO, OWN_THREE], 0),
    ("hand-and-foot", 22): ([TWO_TWO] * 4 + [THREE_TWO], 0),
    ("canasta", 9): ([TWO_THREE, OWN_THREE], 0),
    ("canasta", 10): ([TWO_TWO, TWO_THREE], 0),
    ("canasta", 11): ([TWO_TWO, TWO_TWO, OWN_THREE], 0),
    ("canasta", 12): ([TWO_TWO, TWO_TWO, TWO_TWO], 0),
    ("canasta", 13): ([TWO_TWO, TWO_THREE, OWN_THREE], 0),
    ("canasta", 22): ([TWO_TWO] * 4 + [TWO_THREE], 0),
    ("hand-knee-and-foot", 9): ([TWO_TWO, TWO_TWO], 1),
    ("hand-knee-and-foot", 10): ([TWO_TWO, TWO_THREE], 0),
    ("hand-knee-and-foot", 11): ([TWO_TWO, TWO_THREE], 1),
    ("hand-knee-and-foot", 12): ([TWO_TWO, TWO_TWO, TWO_TWO], 0),
    ("hand-knee-and-foot", 13): ([TWO_TWO, TWO_TWO, TWO_TWO], 1),
    ("hand-knee-and-foot", 22): ([TWO_TWO] * 4 + [TWO_THREE], 0),
}


@pytest.mark.parametrize("mode", ["rotating", "fixed"])
@pytest.mark.parametrize(("slug", "count"), list(NIGHTS))
def test_a_night_of_four_sittings(slug, count, mode):
    tables, byes = NIGHTS[slug, count]
    players = names(count)
    shapes = shapes_of(slug)
    night = seating.draw_night(mode, players, shapes, 4, seed=7)
    assert [s.number for s in night.sittings] == [1, 2, 3, 4]
    for sitting in night.sittings:
        assert [t.shape for t in sitting.tables] == tables
        assert len(sitting.byes) == byes
        assert seating.problems(sitting, players, shapes) == []
    if byes:  # one bye a sitting goes round: nobody sits out twice while others have not sat out
        assert max(night.history.byes.values()) == 1
    repeats = night.history.repeats()
    if mode == "rotating":
        assert repeats["partners"] == 0
    elif not byes:
        assert_partnerships_kept(night.sittings)
    else:  # the partner of the one sitting out plays with someone else, and the flags say which
        first = night.sittings[0].partnerships()
        for sitting in night.sittings[1:]:
            together = {frozenset(team) for team in sitting.partnerships()}
            apart = [team for team in first if frozenset(team) not in together]
            assert all(set(team) & set(sitting.byes) for team in apart)
            flagged = [f for f in sitting.flags if f.startswith("partnership apart: ")]
            assert flagged == [
                f"partnership apart: {' & '.join(team)} ({sitting.byes[0]} not playing)" for team in apart
            ]
    if count == 22 and slug == "hand-and-foot":
        # four tables of 2 teams of 2 and one of 3: 11 partnerships, each meets new ones each sitting
        assert repeats["opponents"] == 0


def test_twenty_two_players_over_four_sittings_repeat_no_partner_and_take_the_big_table_in_turn():
    # The table of 3 teams of 2 is an odd seat: its six seats go round (24 over 22 players, so
    # nobody has a second before everyone has had one). Keeping to that can cost one repeat
    # opponent in the last sitting, and the flags name it.
    night = seating.draw_night("rotating", names(22), shapes_of("hand-and-foot"), 4, seed=1)
    repeats = night.history.repeats()
    assert repeats["partners"] == 0 and repeats["opponents"] <= 1
    assert sorted(Counter(night.history.odd[p] for p in names(22)).items()) == [(1, 20), (2, 2)]
    flags = [flag for sitting in night.sittings for flag in sitting.flags]
    assert len(flags) == repeats["opponents"] and all(f.startswith("repeat opponents: ") for f in flags)


def test_players_on_their_own_and_repeat_opponents_are_flagged():
    # 9 at hand and foot: a table of 3 teams of 2 and three players on their own; over four
    # sittings some opponents must meet again, and each time is named
    night = seating.draw_night("rotating", names(9), shapes_of("hand-and-foot"), 4, seed=3)
    flags = [flag for sitting in night.sittings for flag in sitting.flags]
    assert (
        sum(f.endswith("play on their own at table 2 (the night allows tables without partners)") for f in flags) == 4
    )
    repeat_flags = [f for f in flags if f.startswith("repeat opponents: ")]
    assert len(repeat_flags) == night.history.repeats()["opponents"] > 0
    assert all(f.endswith(("(2nd time)", "(3rd time)", "(4th time)")) for f in repeat_flags)


def assert_partnerships_kept(sittings):
    first = {frozenset(team) for team in sittings[0].partnerships()}
    for sitting in sittings[1:]:
        assert {frozenset(team) for team in sitting.partnerships()} == first


# --- properties ---------------------------------------------------------------------------

variants = st.sampled_from(PRESET_SLUGS)
seeds = st.integers(min_value=0, max_value=10**6)


@given(slug=variants, count=st.integers(min_value=3, max_value=30), sittings=st.integers(1, 4), seed=seeds)
def test_everyone_is_seated_once_or_has_a_bye_at_a_table_the_variant_allows(slug, count, sittings, seed):
    shapes = shapes_of(slug)
    assume(count >= min(s.size for s in shapes))
    for mode in ("rotating", "fixed"):
        night = seating.draw_night(mode, names(count), shapes, sittings, seed=seed)
        for sitting in night.sittings:
            assert seating.problems(sitting, names(count), shapes) == []
            assert len(sitting.byes) == seating.layout(count, shapes)[1]


@given(
    slug=variants,
    had=st.lists(st.integers(min_value=0, max_value=3), min_size=3, max_size=25),
    seed=seeds,
)
def test_byes_go_to_the_players_with_the_fewest_byes(slug, had, seed):
    shapes = shapes_of(slug)
    players = names(len(had))
    assume(len(players) >= min(s.size for s in shapes))
    past = History(byes=Counter(dict(zip(players, had, strict=True))))
    sitting = seating.draw("rotating", players, shapes, past=past, seed=seed)
    seated = [p for table in sitting.tables for p in table.players]
    if sitting.byes:
        assert max(past.byes[p] for p in sitting.byes) <= min(past.byes[p] for p in seated)


def repeat_free_seating_exists(players, tables, history) -> bool:
    """Brute force: can ``players`` fill ``tables`` with no pair that were partners before?"""
    groups = Counter()
    for shape in tables:
        groups[shape.players_per_team] += shape.teams

    def fill(left, groups):
        if not left:
            return True
        first, rest = left[0], left[1:]
        for size in [s for s, n in groups.items() if n]:
            for mates in itertools.combinations(rest, size - 1):
                team = (first, *mates)
                if any(history.partners[Pair(pair)] for pair in itertools.combinations(team, 2)):
                    continue
                if fill([p for p in rest if p not in mates], groups - Counter({size: 1})):
                    return True
        return False

    return fill(list(players), groups)


@given(
    slug=st.sampled_from(["hand-and-foot", "canasta", "hand-knee-and-foot"]),
    count=st.integers(min_value=4, max_value=9),
    before=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=14),
    seed=seeds,
)
def test_rotating_mode_repeats_no_partner_while_a_seating_without_one_exists(slug, count, before, seed):
    players = names(count)
    history = History(
        partners=Counter(Pair((players[a], players[b])) for a, b in before if a != b and max(a, b) < count)
    )
    sitting = seating.draw("rotating", players, shapes_of(slug), history, number=2, seed=seed)
    seated = [p for table in sitting.tables for p in table.players]
    repeats = sum(history.partners[pair] for table in sitting.tables for pair in table.partner_pairs())
    if repeat_free_seating_exists(seated, [t.shape for t in sitting.tables], history):
        assert repeats == 0
    else:
        assert repeats > 0 and any(f.startswith("repeat partners: ") for f in sitting.flags)


@given(slug=st.sampled_from(["hand-and-foot", "canasta", "hand-knee-and-foot"]), seed=seeds)
def test_eight_players_over_three_sittings_never_repeat_a_partner(slug, seed):
    # 8 = two tables of 2 teams of 2; after two sittings each player has had 2 of 7 possible
    # partners, and the pairs left always hold a seating, so none of the three repeats
    night = seating.draw_night("rotating", names(8), shapes_of(slug), 3, seed=seed)
    assert night.history.repeats()["partners"] == 0


@given(slug=variants, count=st.integers(min_value=4, max_value=24), seed=seeds)
def test_fixed_mode_keeps_the_partnerships_of_sitting_one(slug, count, seed):
    shapes = shapes_of(slug)
    assume(seating.layout(count, shapes)[1] == 0 and count >= min(s.size for s in shapes))
    night = seating.draw_night("fixed", names(count), shapes, 3, seed=seed)
    assert_partnerships_kept(night.sittings)
    assert not any(f.startswith(("partnership apart", "new partnership")) for s in night.sittings for f in s.flags)


@given(count=st.integers(min_value=4, max_value=22), seed=seeds)
def test_the_same_seed_draws_the_same_night(count, seed):
    first = seating.draw_night("rotating", names(count), shapes_of("hand-and-foot"), 3, seed=seed)
    again = seating.draw_night("rotating", names(count), shapes_of("hand-and-foot"), 3, seed=seed)
    assert first.sittings == again.sittings


# --- fixed mode with a bye, late arrivals ----------------------------------------------------


def test_fixed_mode_splits_a_partnership_only_for_a_bye_and_says_so():
    # hand-knee-and-foot seats 4 or 6: 9 players leave one out each sitting, so a partner of
    # the one sitting out plays with the one who sat out before
    night = seating.draw_night("fixed", names(9), shapes_of("hand-knee-and-foot"), 3, seed=5)
    for sitting in night.sittings[1:]:
        apart = [f for f in sitting.flags if f.startswith("partnership apart: ")]
        new = [f for f in sitting.flags if f.startswith("new partnership: ")]
        assert len(apart) == 1 and apart[0].endswith("not playing)")
        assert len(new) == 1
        assert sitting.byes[0] in apart[0]


def test_a_late_arrival_joins_from_the_next_sitting():
    shapes = shapes_of("hand-and-foot")
    night = seating.draw_night("rotating", names(8), shapes, 3, arrivals={2: ["Zed"]}, seed=2)
    first, second, third = night.sittings
    assert "Zed" not in [p for t in first.tables for p in t.players]
    for sitting in (second, third):
        assert seating.problems(sitting, [*names(8), "Zed"], shapes) == []


def test_impossible_draws_are_refused():
    shapes = shapes_of("hand-and-foot")
    with pytest.raises(ValueError, match="smallest has 3"):
        seating.draw("rotating", ["Ann", "Bob"], shapes)
    with pytest.raises(ValueError, match="listed twice"):
        seating.draw("rotating", ["Ann", "Bob", "Ann", "Dan"], shapes)
    with pytest.raises(ValueError, match="manual"):
        seating.draw("manual", names(4), shapes)
    with pytest.raises(ValueError, match="at least one sitting"):
        seating.draw_night("rotating", names(4), shapes, 0)


# --- progressive ----------------------------------------------------------------------------


def sitting_of(*tables, number=1, byes=()) -> Sitting:
    return Sitting(number, tuple(Table(i, tuple(map(tuple, teams))) for i, teams in enumerate(tables, 1)), byes)


def test_progressive_winners_move_up_a_table_and_split():
    first = sitting_of(
        [["A1", "A2"], ["B1", "B2"]],  # head table: A wins and stays, B goes to the foot
        [["C1", "C2"], ["D1", "D2"]],  # D wins and moves up to table 1
        [["E1", "E2"], ["F1", "F2"]],  # E wins and moves up to table 2
    )
    players = [p for t in first.tables for p in t.players]
    history = History().after(first)
    shapes = shapes_of("hand-and-foot")
    nxt = seating.progressive_next(first, {1: 0, 2: 1, 3: 0}, players, shapes, history, seed=1)
    at = {t.number: set(t.players) for t in nxt.tables}
    assert at == {
        1: {"A1", "A2", "D1", "D2"},
        2: {"C1", "C2", "E1", "E2"},
        3: {"F1", "F2", "B1", "B2"},
    }
    old = {frozenset(team) for team in first.partnerships()}
    for table in nxt.tables:  # every new team is one player of each old partnership
        assert table.shape == TWO_TWO
        assert not {frozenset(team) for team in table.teams} & old
    assert nxt.number == 2 and nxt.flags == ()
    assert seating.problems(nxt, players, shapes) == []


def test_progressive_with_a_bye_and_a_table_of_three_still_seats_everyone():
    shapes = shapes_of("hand-and-foot")
    players = names(11)
    first = seating.draw("progressive", players, shapes, seed=4)
    history = History().after(first)
    winners = {t.number: len(t.teams) - 1 for t in first.tables}
    nxt = seating.progressive_next(first, winners, players, shapes, history, seed=4)
    assert seating.problems(nxt, players, shapes) == []
    assert [t.shape for t in nxt.tables] == [TWO_TWO, TWO_TWO, OWN_THREE]


# --- manual seatings ------------------------------------------------------------------------


def test_a_sound_manual_seating_has_no_problems():
    shapes = shapes_of("hand-and-foot")
    manual = sitting_of([["Ann", "Bob"], ["Cleo", "Dan"]], [["Eve"], ["Fay"], ["Gus"]], byes=("Hal",))
    assert seating.problems(manual, ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"], shapes) == []


def test_a_manual_seating_names_every_problem():
    shapes = shapes_of("hand-knee-and-foot")
    manual = Sitting(
        1,
        (
            Table(1, (("Ann", "Bob"), ("Cleo", "Ann"))),
            Table(3, (("Dan",), ("Eve",), ("Zed",))),
        ),
    )
    assert seating.problems(manual, ["Ann", "Bob", "Cleo", "Dan", "Eve", "Fay"], shapes) == [
        "Ann has 2 places",
        "Fay is present but neither seated nor on a bye",
        "Zed is seated but not present",
        "table 3: 1 + 1 + 1 is not a table this variant allows (2 teams of 2; 2 teams of 3)",
        "tables are numbered [1, 3], not 1 to 2",
    ]


def test_the_brute_force_knows_when_every_seating_repeats_a_partner():
    players = names(4)
    everyone_met = History(partners=Counter(Pair(pair) for pair in itertools.combinations(players, 2)))
    assert not repeat_free_seating_exists(players, [TWO_TWO], everyone_met)
    one_met = History(partners=Counter([Pair(("P1", "P2"))]))
    assert repeat_free_seating_exists(players, [TWO_TWO], one_met)
    sitting = seating.draw("rotating", players, shapes_of("hand-and-foot"), everyone_met, number=4, seed=1)
    assert sum(f.startswith("repeat partners: ") for f in sitting.flags) == 2
