"""Bookkeeper in French, down to the scoring (issue 25): a round's breakdown lines, the round form's
errors, the house-rules diff, the standings' captions and the plurals that count one thing of another
("1 manche sur 4") in French with no English left; the same pages unchanged in English; a warning
confirmed in one language the same warning in the other; score_game in English whatever the language.

Pages are read through the test client, as tests/test_french.py reads them (``visible``, ``english_in``).
"""

from __future__ import annotations

import copy
import io
import json
import re
from datetime import date

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from league.models import Role
from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.rules.preset_rules import preset
from scoresheet.scoring.engine import Entry, score_entries
from scoresheet.scoring.round_problems import round_checks
from tests.league.factories import club, member, night, season, table_result
from tests.test_french import english_in, visible

pytestmark = pytest.mark.django_db

NBSP = "[\u00a0\u202f]"  # French numbers are grouped, and ":" spaced, with a no-break space

# Hand and Foot (2 teams of 2). Nord: 3 clean × 500 + 1 dirty × 300 + 2 red threes × 100 + 1,045 on the
# table − 60 left = 1,500 + 300 + 200 + 1,045 − 60 = 2,985. Sud: 410 − 125 = 285.
NORD = Entry(books={"clean": 3, "dirty": 1}, red_threes=2, melded_points=1045, hand_points=60)
SUD = Entry(melded_points=410, hand_points=125)


@pytest.fixture
def atouts():
    the_club = club("atouts", "Les Atouts")
    return {"club": the_club, "organiser": member(the_club, "olga", Role.ORGANISER)}


@pytest.fixture
def game(atouts) -> Game:
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Équipe Nord", "Anne & Bruno"), services.TeamData("Équipe Sud", "P01 & P02")],
        club=atouts["club"],
    )
    services.round_record(game=game, number=1, entries=[NORD, SUD])
    return game


def browser(atouts, language: str) -> Client:
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    visitor.force_login(atouts["organiser"])
    return visitor


def breakdowns(page: str) -> str:
    """The visible text of a page's round breakdowns."""
    return " ".join(visible(table) for table in re.findall(r'<table class="breakdown">.*?</table>', page, flags=re.S))


def test_a_round_s_breakdown_on_the_game_page_is_in_french(atouts, game):
    french = breakdowns(browser(atouts, "fr").get(f"/games/{game.pk}/").content.decode())
    assert "Canastas pures 3 × 500" in french and "Canastas impures 1 × 300" in french
    assert re.search(f"Trois rouges posés 2 × 100 .*Cartes posées 1{NBSP}045", french)
    assert re.search(f"2{NBSP}985", french)
    assert english_in(french) == []


def test_the_same_breakdown_is_unchanged_in_english(atouts, game):
    english = breakdowns(browser(atouts, "en").get(f"/games/{game.pk}/").content.decode())
    assert "Clean books 3 × 500" in english and "Dirty books 1 × 300" in english
    assert "Red threes laid 2 × 100 200 Cards on the table 1,045" in english
    assert "2,985" in english


def labels(language: str, slug: str, entries: list[Entry]) -> list[str]:
    with translation.override(language):
        return [line.label for score in score_entries(preset(slug), entries) for line in score.lines]


# Canasta: a red three of a side that has not melded counts against it; British Canasta: Acaba called
# replaces the round (its values for every side, a line each).
UNMELDED = [Entry(red_threes=1), Entry(melded_points=100, went_out=True)]
ACABA = [Entry(extras={"acaba": 1}), Entry()]


def test_breakdown_lines_the_scoring_words_itself_are_in_french():
    lines = labels("fr", "canasta", UNMELDED) + labels("fr", "british-canasta", ACABA)
    assert "Trois rouges posés 1 × −100 (sans pose)" in lines
    assert sum("la manche vaut" in line for line in lines) == 2, lines
    assert english_in(" ".join(lines)) == []


def test_the_same_lines_are_unchanged_in_english():
    lines = labels("en", "canasta", UNMELDED) + labels("en", "british-canasta", ACABA)
    assert "Red threes laid 1 × −100 (no meld)" in lines
    assert "Acaba called by another side: the round scores " in " ".join(lines)


def post_round(visitor: Client, game: Game, **typed) -> str:
    response = visitor.post(f"/games/{game.pk}/rounds/2/", {"went_out": "none", "version": "new", **typed})
    assert response.status_code == 400  # refused, not saved
    return response.content.decode()


# 9 + 9 red threes laid: the 5 decks of Hand and Foot at 2 teams hold only 10 (an error of the round).
TOO_MANY_RED_THREES = {"t0-red_threes": "9", "t1-red_threes": "9"}


def test_a_validation_error_of_the_round_form_is_in_french(atouts, game):
    page = post_round(browser(atouts, "fr"), game, **TOO_MANY_RED_THREES)
    text = visible(page[page.index("<main") :])
    assert "La manche 2 compte 18 trois rouges" in text and "les jeux n’en contiennent que 10" in text
    assert english_in(text) == []


def test_the_same_validation_error_is_unchanged_in_english(atouts, game):
    page = post_round(browser(atouts, "en"), game, **TOO_MANY_RED_THREES)
    assert "Round 2 has 18 red threes; the decks hold only 10." in visible(page)


def house_rules(atouts) -> Variant:
    """The club's copy of Hand and Foot with a clean book at 700 and a new extra."""
    house = services.house_rules_copy(
        club=atouts["club"], source=Variant.objects.get(slug="hand-and-foot"), name="Les Atouts H&F"
    )
    document = copy.deepcopy(house.document)
    document["book_kinds"][0]["bonus"] = 700
    document["extras"] = [*document["extras"], {"key": "exact_draw", "label": "Exact draw", "amount": 50}]
    return services.house_rules_save(variant=house, document=document)


def differs(visitor: Client, atouts, house: Variant) -> str:
    page = visitor.get(f"/clubs/atouts/rules/{house.slug}/").content.decode()
    return visible(re.search(r'<section class="panel hr-changes">.*?</section>', page, flags=re.S).group(0))


def test_the_house_rules_diff_is_in_french(atouts):
    house = house_rules(atouts)
    text = differs(browser(atouts, "fr"), atouts, house).replace(house.name, " ")
    assert re.search(f"Canastas pures{NBSP}: 700 \\(avant{NBSP}: 500\\)", text), text
    assert re.search(f"Exact draw{NBSP}: \\+50 \\(ajout\\)", text), text  # the club's own word, as typed
    assert english_in(text.replace("Exact draw", " ")) == []


def test_the_house_rules_diff_is_unchanged_in_english(atouts):
    house = house_rules(atouts)
    text = differs(browser(atouts, "en"), atouts, house)
    assert "Clean books: 700, was 500" in text and "Exact draw: +50 (new)" in text


@pytest.fixture
def ranked_and_not(atouts):
    """A season with a player ranked and players not yet (the season needs 2 nights; Anne and Bruno played 2)."""
    the_season = season(atouts["club"], name="Automne 2026", min_nights=2)
    for day in (17, 24):
        the_night = night(atouts["club"], players=0, season=the_season, date=date(2026, 11, day))
        table_result(the_night, 1, 1, [("Anne & Bruno", 1500), (f"P{day} & Q{day}", -100)], agreed=True)
    return the_season


def captions(visitor: Client, the_season) -> list[str]:
    page = visitor.get(f"/clubs/atouts/seasons/{the_season.pk}/standings/").content.decode()
    return re.findall(r'<div class="standings-scroll" role="region" aria-label="([^"]*)"', page)


def test_the_standings_captions_are_in_french_and_unchanged_in_english(atouts, ranked_and_not):
    assert captions(browser(atouts, "fr"), ranked_and_not) == ["Classement", "Pas encore classé"]
    assert captions(browser(atouts, "en"), ranked_and_not) == ["Standings", "Not yet ranked"]


def test_undoing_a_round_says_so_in_french_and_in_english(atouts, game):
    for language, said in (("fr", "Annulé. Manche 1 retirée."), ("en", "Undone. Round 1 taken off.")):
        visitor = browser(atouts, language)
        page = visitor.get(f"/games/{game.pk}/").content.decode()
        change = re.search(r'name="change" value="([^"]+)"', page).group(1)
        answer = visitor.post(f"/games/{game.pk}/undo/", {"change": change}, follow=True)
        assert said in visible(answer.content.decode()), language
        services.round_record(game=game, number=1, entries=[NORD, SUD])  # back for the next language


# --- plurals that count one thing of another: French agrees with the first number, English with the second


def finished_after(atouts, rounds: int) -> Game:
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Équipe Nord"), services.TeamData("Équipe Sud")],
        club=atouts["club"],
    )
    for number in range(1, rounds + 1):
        services.round_record(game=game, number=number, entries=[NORD, SUD])
    services.game_finish(game=game)
    return game


@pytest.mark.parametrize(
    ("rounds", "french", "english"),
    [(1, "1 manche sur 4", "1 of 4 rounds"), (2, "2 manches sur 4", "2 of 4 rounds")],
)
def test_a_game_finished_early_counts_its_rounds_in_each_language(atouts, rounds, french, english):
    url = f"/games/{finished_after(atouts, rounds).pk}/"
    assert re.search(f"Terminée en avance{NBSP}: {french}", visible(browser(atouts, "fr").get(url).content.decode()))
    assert f"Finished early: {english}" in visible(browser(atouts, "en").get(url).content.decode())


@pytest.mark.parametrize(
    ("drawn", "french", "english"),
    [(1, "1 tour tiré sur 3", "1 of 3 sittings drawn"), (2, "2 tours tirés sur 3", "2 of 3 sittings drawn")],
)
def test_the_sittings_drawn_are_counted_in_each_language(atouts, drawn, french, english):
    the_night = night(atouts["club"], players=0, sittings_planned=3)
    for sitting in range(1, drawn + 1):
        table_result(the_night, sitting, 1, [("Anne & Bruno", 1500), ("P01 & P02", -100)])
    for language, words in (("fr", french), ("en", english)):
        visitor = browser(atouts, language)
        assert words in visible(visitor.get("/clubs/atouts/nights/").content.decode()), language
        assert words in visible(visitor.get(f"/clubs/atouts/nights/{the_night.pk}/").content.decode()), language


def test_one_sitting_planned_keeps_its_english_singular(atouts):
    the_night = night(atouts["club"], players=0, sittings_planned=1)
    table_result(the_night, 1, 1, [("Anne & Bruno", 1500), ("P01 & P02", -100)])
    assert "1 of 1 sitting drawn" in visible(browser(atouts, "en").get("/clubs/atouts/nights/").content.decode())
    assert "1 tour tiré sur 1" in visible(browser(atouts, "fr").get("/clubs/atouts/nights/").content.decode())


# --- confirmation codes and the score_game contract


def test_a_warning_has_the_same_code_in_french_and_in_english():
    rules = preset("hand-and-foot")
    entries = [Entry(books={"clean": 22}, melded_points=10450), Entry(went_out=True)]  # 22 books; out with none

    def checks(language):
        with translation.override(language):
            return round_checks(rules, entries, number=1)

    french, english = checks("fr"), checks("en")
    assert len(english) == 3 and [c.problem.message for c in french] != [c.problem.message for c in english]
    assert [c.code for c in french] == [c.code for c in english]


def test_a_round_confirmed_on_a_french_page_is_saved_from_an_english_one(atouts, game):
    typed = {"went_out": "none", "version": "new", "t0-book_clean": "22", "t0-melded_points": "10450"}
    asked = browser(atouts, "fr").post(f"/games/{game.pk}/rounds/2/", typed).content.decode()
    codes = re.search(r'name="confirm_warnings" value="([^"]+)"', asked).group(1)
    saved = browser(atouts, "en").post(f"/games/{game.pk}/rounds/2/", {**typed, "confirm_warnings": codes})
    assert saved.status_code == 302 and game.rounds.count() == 2


GAME = {
    "variant": "hand-and-foot",
    "teams": ["Us", "Them"],
    "rounds": [
        [
            {"books": {"clean": 3, "dirty": 1}, "red_threes": 2, "melded_points": 1045, "went_out": True},
            {"melded_points": 410, "hand_points": 125},
        ],
        [{"melded_points": 12}, {"red_threes": -1}],
    ],
}


def score_game(tmp_path, document: dict) -> dict:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document))
    out = io.StringIO()
    with translation.override("fr"):  # a French page's thread, say
        try:
            call_command("score_game", str(path), stdout=out)
        except SystemExit:  # exit 2: the errors
            pass
    return json.loads(out.getvalue())


def test_score_game_answers_in_english_whatever_the_language_active(tmp_path):
    errors = score_game(tmp_path, GAME)["errors"]
    assert [e["message"] for e in errors] == [
        "Cards on the table must be a multiple of 5, as every card is (12 is not).",
        "Red threes laid cannot be negative (-1).",
    ]
    scored = score_game(tmp_path, {**GAME, "rounds": GAME["rounds"][:1]})
    lines = [line["label"] for line in scored["rounds"][0]["scores"][0]["lines"]]
    assert lines[:3] == ["Clean books 3 × 500", "Dirty books 1 × 300", "Red threes laid 2 × 100"]
    assert "Cards on the table" in lines


def test_where_a_problem_is_and_a_dealer_refused_are_said_in_the_pages_language():
    from scoresheet.problems import Problem, problem_line

    problem = Problem("trop grand", round=2, team=0, field="melded_points")
    assert problem_line(problem) == "Round 2, team 1, melded_points: trop grand"
    with translation.override("fr"):
        line = problem_line(problem)
        assert line.startswith("Manche 2, équipe 1, melded_points") and line.endswith(": trop grand")
        assert problem_line(Problem("x", row=7)).startswith("ligne 7")
        variant = Variant.objects.get(slug="hand-and-foot")
        teams = [services.TeamData("Nous"), services.TeamData("Eux")]
        with pytest.raises(services.GameInvalid) as refused:
            services.game_create(variant=variant, mode="teams", teams=teams, first_dealer=9)
    assert "Il n’y a pas de place 9 à cette table pour donner en premier." in str(refused.value)
    assert not Game.objects.exists()
