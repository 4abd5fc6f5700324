"""A round with plausibility warnings is saved only once they are confirmed: services.round_record
refuses it with RoundNeedsConfirmation; the round page lists them with one "Save anyway" button;
the round keeps what was confirmed and the game page notes it.

Hand and Foot with 2 teams of 2: a team has about 52 dealt + (270 − 104) ÷ 2 = 135 cards in a round,
so 22 clean books (154 cards) are more than its cards make, and 10,450 points on the table more
than its best 135 cards are worth (2,150); see tests/scoresheet/test_plausibility.py.
"""

from __future__ import annotations

import html
import re
from types import SimpleNamespace

import pytest

from scoresheet.games import selectors, services
from scoresheet.models import Game, Round, TeamRound, Variant
from scoresheet.scoring.engine import Entry

pytestmark = pytest.mark.django_db

# Us with the typos: 22 × 500 + 10,450 = 11,000 + 10,450 = 21,450 (the pile ran out: nobody went
# out, so going out without the books it needs is not asked here too).
TYPOS = Entry(books={"clean": 22}, melded_points=10450)
# Them: 1 dirty × 300 + 610 − 185 = 725.
THEM = Entry(books={"dirty": 1}, melded_points=610, hand_points=185)
# What was meant: 2 × 500 + 1,045 = 2,045.
MEANT = Entry(books={"clean": 2}, melded_points=1045)


@pytest.fixture
def game(presets) -> Game:
    return services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode=Game.Mode.TEAMS,
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )


def totals(game: Game, number: int = 1) -> list[int]:
    return list(
        TeamRound.objects.filter(round__game=game, round__number=number)
        .order_by("team__position")
        .values_list("total", flat=True)
    )


def text(response) -> str:
    return html.unescape(response.content.decode())


# --- the service ------------------------------------------------------------------------------------


def test_an_unconfirmed_implausible_round_is_refused_and_nothing_is_saved(game):
    with pytest.raises(services.RoundNeedsConfirmation) as refused:
        services.round_record(game=game, number=1, entries=[TYPOS, THEM])
    assert [(p.team, p.field) for p in refused.value.problems] == [(0, "books"), (0, "melded_points")]
    assert len(refused.value.codes) == 2
    assert isinstance(refused.value, services.RoundInvalid)  # a caller that cannot ask still refuses it
    assert Round.objects.filter(game=game).count() == 0


def test_a_confirmed_round_is_saved_with_the_warnings_it_was_saved_with(game):
    with pytest.raises(services.RoundNeedsConfirmation) as refused:
        services.round_record(game=game, number=1, entries=[TYPOS, THEM])
    rnd = services.round_record(game=game, number=1, entries=[TYPOS, THEM], confirmed=refused.value.codes)
    assert totals(game) == [21450, 725]
    rnd.refresh_from_db()
    assert [(w["team"], w["field"], w["subject"]) for w in rnd.confirmed_warnings] == [
        (0, "books", "22 clean books"),
        (0, "melded_points", "10,450 points on the table"),
    ]


def test_a_confirmation_covers_only_the_warnings_it_was_given_for(game):
    with pytest.raises(services.RoundNeedsConfirmation) as refused:
        services.round_record(game=game, number=1, entries=[TYPOS, THEM])
    # 23 clean books is another warning than the 22 confirmed
    other = Entry(books={"clean": 23}, melded_points=10450)
    with pytest.raises(services.RoundNeedsConfirmation) as again:
        services.round_record(game=game, number=1, entries=[other, THEM], confirmed=refused.value.codes)
    assert [(p.team, p.field) for p in again.value.problems] == [(0, "books")]
    assert Round.objects.filter(game=game).count() == 0


def test_a_plausible_round_needs_no_confirmation_and_records_none(game):
    rnd = services.round_record(game=game, number=1, entries=[MEANT, THEM])
    assert rnd.confirmed_warnings == []


def test_a_correction_that_no_longer_raises_them_clears_the_record(game):
    codes = _confirm(game, [TYPOS, THEM])
    services.round_record(game=game, number=1, entries=[TYPOS, THEM], confirmed=codes)
    services.round_record(game=game, number=1, entries=[MEANT, THEM])
    assert Round.objects.get(game=game, number=1).confirmed_warnings == []
    assert totals(game) == [2045, 725]


def test_a_correction_that_keeps_the_confirmed_warnings_is_not_asked_again(game):
    codes = _confirm(game, [TYPOS, THEM])
    services.round_record(game=game, number=1, entries=[TYPOS, THEM], confirmed=codes)
    # Them's hand corrected from 185 to 85: Us's confirmed warnings are unchanged.
    them = Entry(books={"dirty": 1}, melded_points=610, hand_points=85)
    rnd = services.round_record(game=game, number=1, entries=[TYPOS, them])
    assert totals(game) == [21450, 825]  # 300 + 610 − 85
    assert len(rnd.confirmed_warnings) == 2


def _confirm(game, entries) -> list[str]:
    """The codes the round's warnings ask to confirm."""
    with pytest.raises(services.RoundNeedsConfirmation) as refused:
        services.round_record(game=game, number=1, entries=entries)
    return refused.value.codes


# --- the round page ---------------------------------------------------------------------------------

TYPED = {
    "went_out": "none",
    "version": "new",
    "t0-book_clean": "22",
    "t0-melded_points": "10450",
    "t1-book_dirty": "1",
    "t1-melded_points": "610",
    "t1-hand_points": "185",
}


def save_anyway_button(content: str) -> str:
    match = re.search(r'<button[^>]*name="confirm_warnings"[^>]*>Save anyway</button>', content)
    assert match, "no Save anyway button"
    return match.group(0)


def test_saving_an_implausible_round_shows_the_warnings_and_one_button_and_saves_nothing(client, game):
    response = client.post(f"/g/{game.token}/rounds/1/", TYPED)
    assert response.status_code == 400  # not saved (yet)
    content = text(response)
    warnings = content[content.index('<div id="round-warnings">') :]
    assert "Us: 22 clean books hold at least 154 cards" in warnings
    assert "Us: 10,450 points on the table" in warnings
    assert "Check Cards on the table." in warnings
    assert content.count(">Save anyway</button>") == 1
    assert "was not saved" not in content  # a question, not an error
    # everything typed comes back
    assert re.search(r'name="t0-book_clean"[^>]*value="22"|value="22"[^>]*name="t0-book_clean"', content)
    assert re.search(r'name="t0-melded_points"[^>]*value="10450"|value="10450"[^>]*name="t0-melded_points"', content)
    assert Round.objects.filter(game=game).count() == 0


def test_save_anyway_saves_the_round_and_the_game_page_notes_the_check(client, game):
    first = text(client.post(f"/g/{game.token}/rounds/1/", TYPED))
    codes = re.search(r'value="([^"]*)"', save_anyway_button(first)).group(1)

    response = client.post(f"/g/{game.token}/rounds/1/", {**TYPED, "confirm_warnings": codes})
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.token}/"
    assert totals(game) == [21450, 725]
    rnd = Round.objects.get(game=game, number=1)
    assert {(w["team"], w["field"]) for w in rnd.confirmed_warnings} == {(0, "books"), (0, "melded_points")}

    page = text(client.get(f"/g/{game.token}/"))
    note = re.search(r'<small class="checked-note">(.*?)</small>', page).group(1)
    assert note == "✓ Round 1 checked at the table: Us: 22 clean books, 10,450 points on the table"


def test_save_anyway_for_other_numbers_than_shown_asks_again(client, game):
    first = text(client.post(f"/g/{game.token}/rounds/1/", TYPED))
    codes = re.search(r'value="([^"]*)"', save_anyway_button(first)).group(1)
    # changed to 23 before tapping Save anyway: 23 clean books were never shown
    response = client.post(f"/g/{game.token}/rounds/1/", {**TYPED, "t0-book_clean": "23", "confirm_warnings": codes})
    assert response.status_code == 400
    assert "Us: 23 clean books hold" in text(response)
    assert Round.objects.filter(game=game).count() == 0


def test_correcting_the_typo_clears_the_note(client, game):
    first = text(client.post(f"/g/{game.token}/rounds/1/", TYPED))
    codes = re.search(r'value="([^"]*)"', save_anyway_button(first)).group(1)
    client.post(f"/g/{game.token}/rounds/1/", {**TYPED, "confirm_warnings": codes})
    version = re.search(r'name="version" value="([^"]*)"', client.get(f"/g/{game.token}/rounds/1/").content.decode())

    corrected = {**TYPED, "t0-book_clean": "2", "t0-melded_points": "1045", "version": html.unescape(version.group(1))}
    response = client.post(f"/g/{game.token}/rounds/1/", corrected)
    assert response.status_code == 302
    assert totals(game) == [2045, 725]
    assert Round.objects.get(game=game, number=1).confirmed_warnings == []
    assert "checked-note" not in client.get(f"/g/{game.token}/").content.decode()


def test_the_live_preview_shows_them_as_warnings_with_the_button(client, game):
    body = client.post(f"/g/{game.token}/rounds/1/preview/", TYPED).json()
    assert body["ok"] is True  # warnings, not errors
    warnings = html.unescape(body["warnings"])
    assert "Us: 22 clean books hold at least 154 cards" in warnings
    assert ">Save anyway</button>" in warnings
    assert "Round total" in body["teams"][0]  # scored as typed
    assert Round.objects.filter(game=game).count() == 0


def test_the_preview_of_a_plausible_round_has_no_button(client, game):
    data = {**TYPED, "t0-book_clean": "2", "t0-melded_points": "1045"}
    body = client.post(f"/g/{game.token}/rounds/1/preview/", data).json()
    assert "Save anyway" not in body["warnings"]


def test_the_note_has_a_line_per_team_and_one_for_the_round():
    records = [
        {"team": 0, "subject": "22 clean books"},
        {"team": None, "subject": "5 wild books"},
        {"team": 0, "subject": "10,450 points on the table"},
    ]
    assert selectors.checked_texts(records, [SimpleNamespace(name="Us"), SimpleNamespace(name="Them")]) == [
        "Us: 22 clean books, 10,450 points on the table",
        "5 wild books",
    ]


def test_going_out_without_the_books_is_asked_before_save_in_the_preview_and_on_save(client, game):
    # HF-1 asks 2 clean, 2 dirty and 1 wild book to go out (002 L39); Us go out with 2 clean only.
    data = {
        "went_out": "0",
        "version": "new",
        "t0-book_clean": "2",
        "t0-melded_points": "300",
        "t1-melded_points": "100",
    }
    said = "Us: Went out without the books the variant requires: missing 2 dirty books, 1 wild book."
    body = client.post(f"/g/{game.token}/rounds/1/preview/", data).json()
    assert said in html.unescape(body["warnings"]) and "Save anyway" in body["warnings"]
    asked = client.post(f"/g/{game.token}/rounds/1/", data)
    assert asked.status_code == 400 and said in text(asked) and "Save anyway" in text(asked)
    assert not Round.objects.filter(game=game).exists()
    codes = re.search(r'name="confirm_warnings" value="([^"]+)"', asked.content.decode()).group(1)
    saved = client.post(f"/g/{game.token}/rounds/1/", {**data, "confirm_warnings": html.unescape(codes)})
    assert saved.status_code == 302
    # Us 2 × 500 + 300 + 100 going out = 1,400; Them 100
    assert totals(game) == [1400, 100]
    page = text(client.get(f"/g/{game.token}/"))
    assert "✓ Round 1 checked at the table: Us: went out missing 2 dirty books, 1 wild book" in page


def test_nobody_went_out_is_said_only_once_nobody_is_chosen(client, game):
    """Issue 35 item 5: a fresh form's preview warned "Nobody went out" before anyone chose it."""
    data = {"version": "new", "t0-book_clean": "1", "t1-book_clean": "1", "went_out": ""}
    body = client.post(f"/g/{game.token}/rounds/1/preview/", data).json()
    assert "Nobody went out" not in html.unescape(body["warnings"])
    body = client.post(f"/g/{game.token}/rounds/1/preview/", {**data, "went_out": "none"}).json()
    assert "Nobody went out: right only if the draw pile ran out." in html.unescape(body["warnings"])


def test_a_warnings_confirmation_code_is_the_same_whatever_the_pages_language(client, game):
    """Issue 36 item 8: a code made from the warning's words asked again when the language switched
    between the warning and "Save anyway"; the code is made from the warning's kind and numbers."""
    codes = []
    for language in ("en", "fr"):
        body = client.post(f"/g/{game.token}/rounds/1/preview/", TYPED, HTTP_ACCEPT_LANGUAGE=language).json()
        codes.append(re.search(r'name="confirm_warnings" value="([^"]+)"', body["warnings"]).group(1))
    assert codes[0] == codes[1] and codes[0]
    french = client.post(
        f"/g/{game.token}/rounds/1/", {**TYPED, "confirm_warnings": codes[0]}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert french.status_code == 302 and Round.objects.filter(game=game).count() == 1  # saved with the English code
