"""Numbers too large (issue 18, item 5): every value of a rules document is bounded, and named when
it is not (in the house-rules editor next to its box); the round form refuses a number of far too
many digits; a round's total that is over 32 bits is stored whole (PostgreSQL's integer is 32-bit)."""

from __future__ import annotations

import copy
import html
import re

import pytest

from league.models import Club
from scoresheet.games import services
from scoresheet.models import Game, TeamRound, Variant
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset_document
from scoresheet.rules.schema import RulesError
from tests.league.test_house_rules_pages import club, house, message_next_to, organiser  # noqa: F401 — fixtures
from tests.scoresheet.house_rules_data import form_data

pytestmark = pytest.mark.django_db

GOOGOL = 10**100


def refusal(document: dict) -> list[tuple[str, str]]:
    """The fields ``load_rules`` names for ``document``, with their messages."""
    with pytest.raises(RulesError) as refused:
        load_rules(document)
    return [(problem.field, problem.message) for problem in refused.value.errors]


def changed(slug: str, path: str, value) -> dict:
    """The preset's document with the value at ``path`` ("book_kinds[0].bonus") replaced."""
    document = preset_document(slug)
    *parents, last = re.findall(r"[^.\[\]]+", path)
    where = document
    for key in parents:
        where = where[int(key)] if key.isdigit() else where[key]
    where[int(last) if last.isdigit() else last] = value
    return document


@pytest.mark.parametrize(
    "slug, path, value",
    [
        ("hand-and-foot", "book_kinds[0].bonus", GOOGOL),
        ("hand-and-foot", "book_kinds[0].bonus", 3_000_000_000),
        ("hand-and-foot", "going_out_bonus", -1_000_001),
        ("hand-and-foot", "card_values.jokers", GOOGOL),
        ("hand-and-foot", "red_threes.laid_value", 10**7),
        ("hand-and-foot", "red_threes.held_penalty", 10**7),
        ("hand-and-foot", "black_threes.held_penalty", GOOGOL),
        ("hand-and-foot", "book_kinds[0].required_to_go_out", 1_001),
        ("hand-and-foot", "meld_schedule.by_round[0]", GOOGOL),
        ("hand-knee-and-foot", "meld_schedule.bands[1].from", GOOGOL),
        ("canasta", "game_end.target_score", GOOGOL),
        ("canasta", "red_threes.set_bonuses[0].bonus", GOOGOL),
        ("canasta", "concealed_bonus", GOOGOL),
        ("hand-and-foot", "setup.piles[0].cards", 10**6),
    ],
)
def test_a_rules_value_out_of_bounds_is_named_by_its_field(slug, path, value):
    problems = refusal(changed(slug, path, value))
    [message] = [message for field, message in problems if field == path and re.search("between|at most", message)]
    assert len(message) < 120  # a googol is not spelt out
    # what else is named follows from it (a target score that is not there is no way to end the game)
    assert {field for field, _ in problems} <= {path, "game_end"}, problems


def test_the_bounds_themselves_are_allowed_and_every_preset_is_within_them():
    load_rules(changed("hand-and-foot", "book_kinds[0].bonus", 1_000_000))
    load_rules(changed("hand-and-foot", "going_out_bonus", -1_000_000))
    load_rules(changed("canasta", "game_end.target_score", 1_000_000))
    load_rules(changed("hand-and-foot", "book_kinds[0].required_to_go_out", 1_000))
    for slug in PRESET_SLUGS:
        load_rules(preset_document(slug))


def test_a_round_number_or_player_count_of_5000_digits_is_named_not_a_crash():
    document = preset_document("hand-knee-and-foot-by-round")
    document["book_kinds"][0]["required_by_round"] = {"9" * 5000: 1}
    document["book_size_by_players"] = {"9" * 5000: 7}
    problems = refusal(document)
    assert {field for field, _ in problems} == {
        "book_kinds[0].required_by_round." + "9" * 5000,
        "book_size_by_players." + "9" * 5000,
    }


# The house-rules editor


FAR_TOO_MANY = "That number has far too many digits."
BETWEEN = "must be between -1,000,000 and 1,000,000"


@pytest.mark.parametrize(
    "box, text, message",
    [
        ("kinds-0-bonus", str(GOOGOL), FAR_TOO_MANY),
        ("kinds-0-bonus", "1000001", BETWEEN),
        ("going_out_bonus", "3000000000", BETWEEN),
        ("extras-0-amount", "-" + str(GOOGOL), FAR_TOO_MANY),
        ("extras-0-amount", "-2000000", BETWEEN),
        ("kinds-0-required_to_go_out", "5000", "must be at most 1,000"),
        ("target_score", "1000000000", "must be at most 1,000,000"),
    ],
)
def test_the_house_rules_editor_refuses_a_value_too_large_next_to_its_box(organiser, club, house, box, text, message):  # noqa: F811
    before = house.document
    changes = {box: text}
    if box == "target_score":
        changes["end_by"] = "score"
    response = organiser.post(f"/clubs/tuesday/rules/{house.slug}/edit/", form_data(house.document, **changes))
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "Nothing was saved" in page
    assert message in message_next_to(page, f"id_{box}")
    house.refresh_from_db()
    assert house.document == before


# The round form


def hand_and_foot_game() -> Game:
    variant = Variant.objects.get(slug="hand-and-foot")
    teams = [services.TeamData("Us"), services.TeamData("Them")]
    return services.game_create(variant=variant, mode=Game.Mode.TEAMS, teams=teams)


@pytest.mark.parametrize(
    "field, text",
    [
        ("melded_points", "9" * 5000),
        ("melded_points", "9" * 16),
        ("book_clean", "1" * 4000),
        ("adjustment_1_points", "-" + "9" * 30),
    ],
)
def test_the_round_form_refuses_a_number_of_far_too_many_digits(client, field, text):
    game = hand_and_foot_game()
    data = {"went_out": "0", "version": "new", "t0-book_clean": "1", "t1-book_clean": "1", f"t0-{field}": text}
    if field.startswith("adjustment"):
        data["t0-adjustment_1_label"] = "Fine"
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "That number has far too many digits." in page
    assert TeamRound.objects.count() == 0


@pytest.mark.parametrize(
    "typed, message",
    [
        ("1000001", "At most 1,000,000 points in one adjustment."),
        ("-1000001", "At most 1,000,000 points off in one adjustment."),
    ],
)
def test_an_adjustment_over_the_limit_is_told_in_the_apps_words(client, typed, message):
    """Issue 35 item 7: the one message left in Django's wording ("Ensure this value is less than
    or equal to 1000000.")."""
    game = hand_and_foot_game()
    data = {"went_out": "0", "version": "new", "t0-book_clean": "1", "t1-book_clean": "1"}
    data |= {"t0-adjustment_1_label": "Fine", "t0-adjustment_1_points": typed}
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert message in message_next_to(page, "id_t0-adjustment_1_points")
    assert "Ensure this value" not in page and TeamRound.objects.count() == 0


# A total over 32 bits


def big_house_rules() -> Variant:
    """Three extras worth 1,000,000 each, up to 1,000 a round: all within the rules' bounds."""
    document = copy.deepcopy(Variant.objects.get(slug="hand-and-foot").document)
    document["extras"] = [
        {"key": key, "label": key.title(), "amount": 1_000_000, "max_per_round": 1_000} for key in ("a", "b", "c")
    ]
    big = Club.objects.create(slug="big", name="Big")
    variant = services.house_rules_copy(club=big, source=Variant.objects.get(slug="hand-and-foot"), name="Big")
    return services.house_rules_save(variant=variant, document={**document, "name": "Big"})


@pytest.mark.engine
def test_a_round_total_over_32_bits_is_stored_whole(client):
    variant = big_house_rules()
    teams = [services.TeamData("Us"), services.TeamData("Them")]
    game = services.game_create(variant=variant, mode=Game.Mode.TEAMS, teams=teams)
    data = {"went_out": "none", "version": "new", "t0-book_clean": "1", "t1-book_clean": "1"}
    data.update({f"t0-extra_{key}": "1000" for key in ("a", "b", "c")})
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 302, html.unescape(response.content.decode())[:3000]
    us = TeamRound.objects.get(team__game=game, team__position=0)
    assert us.total == 3_000_000_000 + 500  # the extras and a clean book (nobody went out)
    assert us.total > 2**31
    assert "3,000,000,500" in html.unescape(client.get(f"/g/{game.token}/").content.decode())


def test_too_many_red_threes_are_told_beside_each_teams_red_three_box_too(client):
    """Issue 35 item 6: "Round 1 has 11 red threes; the decks hold only 10." was told only at the
    top. 4 players → 5 decks → 10 red threes (HF-1); Us 6 + Them 4 caught 1 = 11."""
    game = hand_and_foot_game()
    data = {"went_out": "0", "version": "new", "t0-book_clean": "1", "t1-book_clean": "1"}
    data |= {"t0-red_threes": "6", "t1-red_threes": "4", "t1-red_threes_held": "1"}
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "Round 1 has 11 red threes; the decks hold only 10." in page  # at the top, as before
    beside = "Us 6 + Them 5 = 11 red threes; the decks hold only 10."
    for box in ("id_t0-red_threes", "id_t1-red_threes"):  # each box's own message, which it is described by
        assert f'aria-describedby="{box}_error"' in page
        assert re.search(rf'<p id="{box}_error" class="field-error" role="alert">([^<]*)</p>', page).group(1) == beside
    assert TeamRound.objects.count() == 0
