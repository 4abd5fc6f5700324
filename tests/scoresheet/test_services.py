"""Services (writes), selectors (reads), the load_presets command and database constraints.

Expected numbers are worked out by hand from the sources; see the comments.
`002 L57` = shared/seeds/002_…, line 57; `C-09` = shared/rules/VARIANTS.md conflict C-09.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from scoresheet.games import selectors, services
from scoresheet.games.services import RoundInvalid, TeamData
from scoresheet.models import Game, Round, Team, TeamRound, Variant
from scoresheet.rules.preset_rules import PRESET_SLUGS
from scoresheet.rules.schema import RulesError
from scoresheet.scoring.engine import Entry

pytestmark = pytest.mark.django_db

PRESETS_DIR = Path(__file__).resolve().parents[2] / "scoresheet" / "rules" / "presets"

# hand-and-foot (HF-1, seed 002), the PRODUCT.md example:
#   Us:   2 × 500 clean + 2 × 300 dirty + 1 × 1500 wild (002 L57–59) + 1 red three × 100 (002 L61)
#         + 1045 melded + 100 going out (002 L60) = 1000 + 600 + 1500 + 100 + 1045 + 100 = 4345
#   Them: 500 + 300 + 610 melded − 1 red three held × 100 (002 L55) − 2 black threes × 5 (002 L113)
#         − 185 in hand = 800 + 610 − 100 − 10 − 185 = 1115
US_R1 = Entry(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True)
THEM_R1 = Entry(
    books={"clean": 1, "dirty": 1}, red_threes_held=1, black_threes_held=2, melded_points=610, hand_points=185
)
# Round 2: Us 500 + 300 + 400 − 60 = 1140; Them 1000 + 600 + 1500 + 900 + 100 = 4100
US_R2 = Entry(books={"clean": 1, "dirty": 1}, melded_points=400, hand_points=60)
THEM_R2 = Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=900, went_out=True)

# hand-knee-and-foot (HKF-1, seed 004): books 5000 + 3000 + 2 × 2500 + 500 + 300 = 13,800 (004 L87–97;
# "additional books of … wild cards score as above", L97). The melded points stay within what a team's
# cards can be worth (3,010, tests/scoresheet/test_plausibility.py), so no warning asks to confirm them.
BOOKS = {"sevens": 1, "fives": 1, "wild": 2, "clean": 1, "dirty": 1}
BLUE_15000 = Entry(books=BOOKS, melded_points=1000, went_out=True)  # 13,800 + 1,000 + 200 (004 L99) = 15,000
GOLD_14995 = Entry(books=BOOKS, melded_points=1195)  # 13,800 + 1,195 = 14,995


def variant(slug: str) -> Variant:
    return Variant.objects.get(slug=slug)


def new_game(slug: str = "hand-and-foot", names=("Us", "Them")) -> Game:
    return services.game_create(variant=variant(slug), mode=Game.Mode.TEAMS, teams=[TeamData(n) for n in names])


def sheet(game: Game) -> selectors.GameSheet:
    """The score sheet as a request would see it: the game read fresh from the database."""
    return selectors.game_sheet(game=Game.objects.get(pk=game.pk))


# --- game_create -----------------------------------------------------------------------------


def test_presets_are_in_a_fresh_database():
    # the data migration loads every preset: the eight of PRODUCT.md "Presets" and issue 11's
    assert set(Variant.objects.values_list("slug", flat=True)) == set(PRESET_SLUGS)
    assert set(PRESET_SLUGS) >= {
        "hand-and-foot",
        "hand-and-foot-6-deck",
        "hand-and-foot-canasta",
        "hand-and-foot-11-card",
        "hand-and-foot-individual",
        "hand-knee-and-foot",
        "hand-knee-and-foot-by-round",
        "canasta",
    }
    assert all(Variant.objects.values_list("is_preset", flat=True))


def test_game_create_keeps_a_copy_of_the_rules_and_the_teams_in_order():
    game = new_game(names=("  Us ", "Them"))
    game = Game.objects.get(pk=game.pk)
    assert game.rules_document == variant("hand-and-foot").document
    assert game.variant.slug == "hand-and-foot"
    assert game.status == Game.Status.IN_PROGRESS and game.finished_at is None
    assert [(t.position, t.name) for t in game.teams.order_by("position")] == [(0, "Us"), (1, "Them")]


def test_game_create_refuses_broken_house_rules_and_creates_nothing():
    broken = Variant.objects.create(
        slug="broken", name="Broken", family="hand-and-foot", document={"slug": "broken", "name": "Broken"}
    )
    with pytest.raises(RulesError):
        services.game_create(variant=broken, mode=Game.Mode.TEAMS, teams=[TeamData("A"), TeamData("B")])
    assert Game.objects.count() == 0
    assert Team.objects.count() == 0


# --- round_record --------------------------------------------------------------------------


def test_first_and_second_rounds_give_running_totals_and_next_meld():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])

    result = sheet(game)
    assert [r.number for r in result.rounds] == [1, 2]
    assert result.rounds[0].result.running_totals == (4345, 1115)
    # 4345 + 1140 = 5485; 1115 + 4100 = 5215
    assert result.rounds[1].result.running_totals == (5485, 5215)
    assert result.result.totals == (5485, 5215)
    assert result.rounds[1].result.meld_requirements == (90, 90)  # round 2: 90 (002 L67)
    assert result.result.next_meld_requirements == (120, 120)  # round 3: 120 (002 L68)
    # each row keeps its round total
    totals = {(tr.round.number, tr.team.name): tr.total for tr in TeamRound.objects.select_related("round", "team")}
    assert totals == {(1, "Us"): 4345, (1, "Them"): 1115, (2, "Us"): 1140, (2, "Them"): 4100}


def test_recorded_values_come_back_as_entered():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    us, them = (cell.values for cell in sheet(game).rounds[0].cells)
    assert us["books"] == {"clean": 2, "dirty": 2, "wild": 1}
    assert us["red_threes"] == 1 and us["melded_points"] == 1045 and us["went_out"] is True
    assert them["red_threes_held"] == 1 and them["black_threes_held"] == 2 and them["hand_points"] == 185


def test_correcting_round_1_recomputes_totals_and_next_meld_requirements():
    game = new_game("hand-knee-and-foot", names=("Blue", "Gold"))
    services.round_record(game=game, number=1, entries=[BLUE_15000, GOLD_14995])
    # round 2: Blue 200 melded, Gold 100 melded
    services.round_record(game=game, number=2, entries=[Entry(melded_points=200), Entry(melded_points=100)])

    before = sheet(game)
    # bands [from, to) (C-09): 15,000 → 90, 14,995 → 50 (004 L59–67)
    assert before.rounds[1].result.meld_requirements == (90, 50)
    assert before.result.totals == (15200, 15095)  # 15,000 + 200; 14,995 + 100
    assert before.result.next_meld_requirements == (90, 90)

    # Blue's round 1 was miscounted: 500 melded, not 1,000 → 13,800 + 500 + 200 = 14,500
    services.round_record(
        game=game, number=1, entries=[Entry(books=BOOKS, melded_points=500, went_out=True), GOLD_14995]
    )

    after = sheet(game)
    assert after.rounds[0].result.running_totals == (14500, 14995)
    assert after.rounds[1].result.meld_requirements == (50, 50)  # 14,500 is below 15,000
    assert after.result.totals == (14700, 15095)  # 14,500 + 200; 14,995 + 100
    assert after.result.next_meld_requirements == (50, 90)
    assert Round.objects.filter(game=game).count() == 2
    assert TeamRound.objects.filter(round__game=game).count() == 4
    assert TeamRound.objects.get(round__game=game, round__number=1, team__name="Blue").total == 14500


def test_a_fifth_round_in_a_four_round_game_is_refused():
    game = new_game()
    for number in range(1, 5):  # a game is four deals (002 L17)
        services.round_record(game=game, number=number, entries=[US_R2, THEM_R2])
    with pytest.raises(RoundInvalid) as exc:
        services.round_record(game=game, number=5, entries=[US_R2, THEM_R2])
    assert exc.value.problems
    assert all(p.round == 5 for p in exc.value.problems)
    assert Round.objects.filter(game=game).count() == 4


def test_an_invalid_entry_saves_nothing():
    game = new_game()
    rows_before = TeamRound.objects.count()
    bad = Entry(books={"clean": 1}, melded_points=1047)  # not a multiple of 5 (002 L47–51)
    with pytest.raises(RoundInvalid) as exc:
        services.round_record(game=game, number=1, entries=[bad, THEM_R1])
    assert [(p.round, p.team, p.field) for p in exc.value.problems] == [(1, 0, "melded_points")]
    assert TeamRound.objects.count() == rows_before
    assert Round.objects.filter(game=game).count() == 0


def test_an_invalid_correction_leaves_the_round_as_it_was():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    rows_before = TeamRound.objects.count()
    with pytest.raises(RoundInvalid) as exc:  # both teams going out
        services.round_record(game=game, number=1, entries=[US_R1, THEM_R2])
    assert any(p.round == 1 and p.field == "went_out" for p in exc.value.problems)
    assert TeamRound.objects.count() == rows_before
    assert sheet(game).result.totals == (4345, 1115)


def test_a_round_with_the_wrong_number_of_entries_is_refused():
    game = new_game()
    with pytest.raises(RoundInvalid) as exc:
        services.round_record(game=game, number=1, entries=[US_R1])
    assert exc.value.problems[0].round == 1
    assert TeamRound.objects.count() == 0


@pytest.mark.parametrize("number", [3, 0])
def test_a_round_number_that_is_not_the_next_or_an_earlier_one_is_refused(number):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    with pytest.raises(RoundInvalid) as exc:
        services.round_record(game=game, number=number, entries=[US_R2, THEM_R2])
    assert [p.round for p in exc.value.problems] == [number]
    assert list(Round.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_a_correction_that_would_put_a_later_round_past_the_end_is_refused():
    # Canasta ends at 5000 (000 L405). Round 1: North 100 melded (100); round 2 recorded.
    # Correcting round 1 so that North reaches 5000 would leave round 2 after the end.
    game = new_game("canasta", names=("North", "South"))
    services.round_record(game=game, number=1, entries=[Entry(melded_points=100), Entry(melded_points=50)])
    services.round_record(game=game, number=2, entries=[Entry(melded_points=100), Entry(melded_points=50)])
    # 10 natural canastas × 500 (000 L403) + 500 melded + 100 going out = 5600 ≥ 5000
    huge = Entry(books={"clean": 10}, melded_points=500, went_out=True)
    with pytest.raises(RoundInvalid) as exc:
        services.round_record(game=game, number=1, entries=[huge, Entry(melded_points=50)])
    assert any(p.round == 2 for p in exc.value.problems)
    assert sheet(game).result.totals == (200, 100)


# --- finish and reopen -----------------------------------------------------------------------


def test_finish_then_reopen_a_game():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])

    finished = services.game_finish(game=game)
    assert finished.status == Game.Status.FINISHED and finished.finished_at is not None
    stamp = finished.finished_at
    assert services.game_finish(game=game).finished_at == stamp  # finishing twice changes nothing
    with pytest.raises(RoundInvalid) as exc:
        services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    assert exc.value.problems[0].round == 2
    assert not sheet(game).can_add_round

    reopened = services.game_reopen(game=game)
    assert reopened.status == Game.Status.IN_PROGRESS and reopened.finished_at is None
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    assert sheet(game).result.totals == (5485, 5215)


def test_a_finished_game_can_still_correct_an_earlier_round():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.game_finish(game=game)
    # Them's hand was 85, not 185: 1115 + 100 = 1215
    corrected = Entry(
        books={"clean": 1, "dirty": 1}, red_threes_held=1, black_threes_held=2, melded_points=610, hand_points=85
    )
    with pytest.raises(services.RoundInvalid, match="Say why"):  # a late correction is explained
        services.round_record(game=game, number=1, entries=[US_R1, corrected])
    services.round_record(game=game, number=1, entries=[US_R1, corrected], reason="Hand was 85")
    assert sheet(game).result.totals == (4345, 1215)


# --- the rules snapshot ----------------------------------------------------------------------


def test_editing_the_variant_does_not_change_a_started_games_scores():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])

    hf = variant("hand-and-foot")
    document = json.loads(json.dumps(hf.document))
    document["book_kinds"][0]["bonus"] = 1000  # clean 500 → 1000
    document["going_out_bonus"] = 300  # 100 → 300
    hf.document = document
    hf.save()

    assert sheet(game).result.totals == (4345, 1115)
    # a round recorded after the edit is scored with the game's copy too: Us 1140, Them 4100
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    assert sheet(game).result.totals == (5485, 5215)

    # a new game uses the edited rules: Us 2 × 1000 + 600 + 1500 + 100 + 1045 + 300 = 5545;
    # Them 1 × 1000 + 300 + 610 − 100 − 10 − 185 = 1615
    fresh = new_game()
    services.round_record(game=fresh, number=1, entries=[US_R1, THEM_R1])
    assert sheet(fresh).result.totals == (5545, 1615)


def test_editing_the_variant_in_place_does_not_reach_the_game_just_created():
    # "A game keeps a copy of the rules it was played with" (PRODUCT.md): the Game returned by
    # game_create must hold its own copy, not the Variant's document object.
    hf = variant("hand-and-foot")
    game = services.game_create(variant=hf, mode=Game.Mode.TEAMS, teams=[TeamData("Us"), TeamData("Them")])
    hf.document["book_kinds"][0]["bonus"] = 1000
    hf.save()
    assert game.rules.book_kind("clean").bonus == 500  # 002 L57


def test_deleting_the_variant_keeps_the_game_and_its_scores():
    house = Variant.objects.create(
        slug="our-house",
        name="Our house",
        family="hand-and-foot",
        document={**variant("hand-and-foot").document, "slug": "our-house"},
    )
    game = services.game_create(variant=house, mode=Game.Mode.TEAMS, teams=[TeamData("Us"), TeamData("Them")])
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    house.delete()
    kept = Game.objects.get(pk=game.pk)
    assert kept.variant is None
    assert selectors.game_sheet(game=kept).result.totals == (4345, 1115)


# --- load_presets ----------------------------------------------------------------------------


def load_presets() -> str:
    out = io.StringIO()
    call_command("load_presets", stdout=out)
    return out.getvalue().strip()


def test_load_presets_is_idempotent_and_reports_counts():
    # the migration already loaded them all
    n = len(PRESET_SLUGS)
    assert load_presets() == f"Presets: 0 created, {n} refreshed."
    assert load_presets() == f"Presets: 0 created, {n} refreshed."
    assert Variant.objects.count() == n


def test_load_presets_creates_a_missing_preset():
    Variant.objects.filter(slug="canasta").delete()
    assert load_presets() == f"Presets: 1 created, {len(PRESET_SLUGS) - 1} refreshed."
    assert Variant.objects.filter(slug="canasta", is_preset=True).exists()
    assert Variant.objects.count() == len(PRESET_SLUGS)


def test_load_presets_refreshes_a_preset_from_its_file_and_leaves_house_rules_alone():
    hf = variant("hand-and-foot")
    hf.document = {**hf.document, "going_out_bonus": 999}
    hf.save()
    house = Variant.objects.create(
        slug="our-house", name="Our house", family="hand-and-foot", document={**hf.document, "slug": "our-house"}
    )
    load_presets()
    on_disk = json.loads((PRESETS_DIR / "hand-and-foot.json").read_text(encoding="utf-8"))
    assert variant("hand-and-foot").document == on_disk
    assert variant("hand-and-foot").document["going_out_bonus"] == 100  # 002 L60
    house.refresh_from_db()
    assert house.document["going_out_bonus"] == 999
    assert not house.is_preset


# --- database constraints --------------------------------------------------------------------


def round_with_teams():
    game = new_game()
    rnd = Round.objects.create(game=game, number=1)
    us, them = game.teams.order_by("position")
    return rnd, us, them


@pytest.mark.engine
def test_database_refuses_two_teams_going_out_in_one_round():
    rnd, us, them = round_with_teams()
    TeamRound.objects.create(round=rnd, team=us, went_out=True, total=100)
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamRound.objects.create(round=rnd, team=them, went_out=True, total=100)
    assert TeamRound.objects.filter(round=rnd).count() == 1


@pytest.mark.engine
def test_database_allows_one_team_going_out_and_one_not():
    rnd, us, them = round_with_teams()
    TeamRound.objects.create(round=rnd, team=us, went_out=True, total=100)
    TeamRound.objects.create(round=rnd, team=them, went_out=False, total=0)
    assert TeamRound.objects.filter(round=rnd).count() == 2


@pytest.mark.engine
@pytest.mark.parametrize(
    "field", ["red_threes", "red_threes_held", "black_threes_held", "melded_points", "hand_points"]
)
def test_database_refuses_negative_counts(field):
    rnd, us, _ = round_with_teams()
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamRound.objects.create(round=rnd, team=us, total=0, **{field: -1})


@pytest.mark.engine
def test_database_refuses_concealed_without_going_out():
    rnd, us, _ = round_with_teams()
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamRound.objects.create(round=rnd, team=us, concealed=True, went_out=False, total=0)


@pytest.mark.engine
def test_database_refuses_two_entries_for_one_team_in_a_round():
    rnd, us, _ = round_with_teams()
    TeamRound.objects.create(round=rnd, team=us, total=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamRound.objects.create(round=rnd, team=us, total=0)


@pytest.mark.engine
def test_database_refuses_a_round_number_twice_in_a_game():
    rnd, _, _ = round_with_teams()
    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(game=rnd.game, number=1)


@pytest.mark.engine
def test_database_refuses_a_finished_game_without_a_finish_time():
    game = new_game()
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)


# --- constant number of queries --------------------------------------------------------------


def queries_for(func) -> int:
    with CaptureQueriesContext(connection) as ctx:
        func()
    return len(ctx.captured_queries)


def game_with_rounds(count: int) -> Game:
    game = new_game()
    for number in range(1, count + 1):
        services.round_record(game=game, number=number, entries=[US_R2, THEM_R2])
    return Game.objects.get(pk=game.pk)


def read_whole_sheet(game: Game):
    result = selectors.game_sheet(game=game)
    # touch everything a template shows
    for rnd in result.rounds:
        assert [cell.team.name for cell in rnd.cells] == ["Us", "Them"]
        assert all(cell.values and cell.score.lines for cell in rnd.cells)
    assert result.team_totals and result.leaders is not None
    return result


def test_game_sheet_takes_the_same_few_queries_for_1_or_4_rounds(django_assert_max_num_queries):
    one, four = game_with_rounds(1), game_with_rounds(4)
    with django_assert_max_num_queries(3):  # teams, rounds, their entries (selectors.game_sheet)
        read_whole_sheet(one)
    with django_assert_max_num_queries(3):
        sheet_four = read_whole_sheet(four)
    assert queries_for(lambda: read_whole_sheet(one)) == queries_for(lambda: read_whole_sheet(four))
    # 4 × (1140, 4100) = (4560, 16400)
    assert sheet_four.result.totals == (4560, 16400)


def read_games_page(**filters):
    # Every game: which games a visitor may list (selectors.visible_games) is the view's choice.
    page = selectors.games_page(games=Game.objects.all(), **filters)
    scores = {game.pk: [(t.name, t.score) for t in game.teams.all()] for game in page.object_list}
    return page, scores


def make_games(count: int) -> list[Game]:
    games = []
    for i in range(count):
        game = new_game(names=(f"Us {i}", f"Them {i}"))
        services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
        games.append(game)
    return games


def test_games_page_takes_the_same_few_queries_for_2_or_25_games(django_assert_max_num_queries):
    make_games(2)
    # the count, the page's games, their teams with summed totals, which were finished early
    with django_assert_max_num_queries(4):
        _, scores = read_games_page()
    assert len(scores) == 2
    two = queries_for(read_games_page)

    make_games(23)
    with django_assert_max_num_queries(4):
        _, scores = read_games_page()
    assert len(scores) == 20  # a page
    assert queries_for(read_games_page) == two


def test_games_page_lists_games_in_progress_first_and_sums_team_scores():
    first, second = make_games(2)
    services.round_record(game=second, number=2, entries=[US_R2, THEM_R2])
    services.game_finish(game=first)
    empty = new_game(names=("New", "Game"))

    page, scores = read_games_page()
    assert [g.pk for g in page.object_list] == [empty.pk, second.pk, first.pk]
    assert [g.pk for g in read_games_page(status=Game.Status.FINISHED)[0].object_list] == [first.pk]
    assert scores[first.pk] == [("Us 0", 4345), ("Them 0", 1115)]
    assert scores[second.pk] == [("Us 1", 5485), ("Them 1", 5215)]  # 4345 + 1140; 1115 + 4100
    assert scores[empty.pk] == [("New", 0), ("Game", 0)]  # no rounds: 0, not None


def test_a_game_keeps_its_rules_name_and_a_search_text_of_its_names():
    game = services.game_create(
        variant=variant("canasta"),
        mode=Game.Mode.TEAMS,
        teams=[TeamData(" Cléo & Søren ", "Cléo,  Søren"), TeamData("BØB")],
        name="",
    )
    game.refresh_from_db()
    assert game.variant_name == "Canasta (classic)"
    assert game.search_text == "cleo & soren vs bob\ncleo & soren\nbob\ncleo, soren"


# --- concurrent edits ------------------------------------------------------------------------


def test_a_correction_opened_before_someone_elses_save_is_refused_as_a_conflict():
    game = new_game()
    rnd = services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    opened = services.round_version(Round.objects.get(pk=rnd.pk))
    # someone else corrects Them's hand to 85: 1115 + 100 = 1215
    theirs = Entry(
        books={"clean": 1, "dirty": 1}, red_threes_held=1, black_threes_held=2, melded_points=610, hand_points=85
    )
    services.round_record(game=game, number=1, entries=[US_R1, theirs], version=opened)
    with pytest.raises(services.RoundConflict) as exc:
        services.round_record(game=game, number=1, entries=[US_R1, THEM_R1], version=opened)
    assert exc.value.problems[0].round == 1
    assert sheet(game).result.totals == (4345, 1215)  # their save stands


def test_a_new_round_someone_else_already_added_is_refused_as_a_conflict():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1], version=services.round_version(None))
    with pytest.raises(services.RoundConflict):
        services.round_record(game=game, number=1, entries=[US_R2, THEM_R2], version=services.round_version(None))
    assert sheet(game).result.totals == (4345, 1115)
