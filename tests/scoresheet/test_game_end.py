"""The end of a game: the round that reaches the end its rules define finishes the game in the
same save (the winner shown, nothing left to tap); undoing that round reopens it; a game whose
end is the table's choice (optional extra rounds) still finishes by the button. And a stale
"Enter round N": the game page says round N was entered already, by whom and when, and nothing
is replaced. Through the test client, at a casual game's address and a club night's table link.

The rounds are test_views_game.py's FOUR_ROUNDS (Hand and Foot, HF-1: "A complete game consists
of four deals", 002 L17), whose totals are worked out by hand there: Us 10,295, Them 6,320.
"""

from __future__ import annotations

import re

import pytest

from league.nights import services as night_services
from scoresheet.models import Game, Round
from tests.league.factories import club, night
from tests.scoresheet.test_history import take_back
from tests.scoresheet.test_views_game import FOUR_ROUNDS, page_text, play, round_data, start_game, totals

pytestmark = pytest.mark.django_db

FINISH_BUTTON = "Finish the game"


def history_texts(client, address: str) -> list[str]:
    """The game page's history entries, newest first, without their times."""
    text = page_text(client.get(address))
    return [line.split(" at ")[0] for line in re.findall(r'<span class="history-text">(.*?)</span>', text)]


def status(game: Game) -> str:
    game.refresh_from_db()
    return game.status


def test_the_last_round_finishes_the_game_and_undoing_it_reopens_it(client):
    game = start_game(client)
    address = f"/g/{game.token}/"
    play(client, game, FOUR_ROUNDS[:3])
    assert status(game) == Game.Status.IN_PROGRESS
    client.post(f"{address}rounds/4/", FOUR_ROUNDS[3])
    assert status(game) == Game.Status.FINISHED and game.finished_at is not None
    text = page_text(client.get(address))
    assert '<p class="winner-title">Us</p>' in text and "won by 3,975" in text  # 10,295 − 6,320
    assert FINISH_BUTTON not in text and "Reopen the game" in text
    # one change: the round, and the game finished with it
    assert history_texts(client, address)[:2] == ["Round 4 entered: game finished", "Round 3 entered"]

    response = take_back(client, address)  # the Undo form names the change it takes back
    assert response.status_code == 302
    assert "Undone. Round 4 taken off. The game is open again." in page_text(client.get(address))
    assert status(game) == Game.Status.IN_PROGRESS and game.finished_at is None
    assert Round.objects.filter(game=game).count() == 3

    # entered again, it finishes the game again; correcting an earlier round keeps it finished
    client.post(f"{address}rounds/4/", FOUR_ROUNDS[3])
    assert status(game) == Game.Status.FINISHED
    corrected = dict(FOUR_ROUNDS[1], version=Round.objects.get(game=game, number=2).updated_at.isoformat())
    corrected["t0-hand_points"] = "160"  # Us 1,140 − 100 = 1,040
    corrected["reason"] = "Hand counted again"
    assert client.post(f"{address}rounds/2/", corrected).status_code == 302
    assert totals(game, 2) == [1040, 4100]
    assert status(game) == Game.Status.FINISHED
    assert FINISH_BUTTON not in page_text(client.get(address))


def test_optional_extra_rounds_leave_the_finish_to_the_table(client):
    # hand-and-foot-canasta: "usually 3 rounds", a fourth optional (001 L25): after round 3 the
    # game may end, so the table finishes it; after round 4 nothing more can be played
    game = start_game(client, "hand-and-foot-canasta")
    rounds = [round_data({"melded_points": "300"}, {"melded_points": "200"})] * 4
    play(client, game, rounds[:3])
    assert status(game) == Game.Status.IN_PROGRESS
    text = page_text(client.get(f"/g/{game.token}/"))
    assert FINISH_BUTTON in text and "Enter round 4 (optional)" in text
    assert client.post(f"/g/{game.token}/rounds/4/", rounds[3]).status_code == 302
    assert status(game) == Game.Status.FINISHED
    assert FINISH_BUTTON not in page_text(client.get(f"/g/{game.token}/"))


@pytest.fixture
def table():
    """Table 1 of sitting 1 of a club night (8 players at Hand and Foot)."""
    the_night = night(club("tuesday", "Tuesday Club"), players=8)
    return night_services.sitting_draw(night=the_night).tables.get(number=1)


def test_a_club_night_game_finishes_with_its_last_round_and_a_stale_enter_link_says_who_entered_it(client, table):
    link = f"/t/{table.token}/"
    assert f'href="{link}rounds/1/?new"' in page_text(client.get(link))  # "Enter round 1" asks for a new round
    for number, data in enumerate(FOUR_ROUNDS[:2], start=1):
        assert client.post(f"{link}rounds/{number}/", data).status_code == 302

    # "Enter round 2", opened from a page left open before round 2 was saved: the game page says so
    response = client.get(f"{link}rounds/2/?new")
    assert response.status_code == 302 and response["Location"] == link
    text = page_text(client.get(link))
    assert "Round 2 was already entered by the table link of Table 1, sitting 1 at " in text
    assert "Check it on the sheet; Edit corrects it." in text
    # Edit still opens the correction
    assert "Correct round 2" in page_text(client.get(f"{link}rounds/2/"))

    for number, data in enumerate(FOUR_ROUNDS[2:], start=3):
        assert client.post(f"{link}rounds/{number}/", data).status_code == 302
    game = table.game
    assert status(game) == Game.Status.FINISHED
    text = page_text(client.get(link))
    assert '<p class="winner-title">' in text and FINISH_BUTTON not in text
    assert history_texts(client, link)[0] == "Round 4 entered: game finished by the table link of Table 1, sitting 1"
