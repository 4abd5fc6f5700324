"""A night table's link (t/<token>/…) through the test client, with no account: the game page
with the table's header, rounds entered and corrected, the live preview, "agree" (each team from its
own phone; finishing early and reopening are the organiser's), the 404s of a wrong or renewed link, and a
closed night's link: the final sheet, read only."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.test import Client

from league.models import Agreement, Role, Table
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game, TeamRound
from scoresheet.scoring.engine import Entry
from tests.league.factories import close_night, club, member, night

pytestmark = pytest.mark.django_db

# Round 1 as tests/scoresheet/test_views_game.py enters it: the first team goes out with
# 2 clean, 2 dirty and 1 wild book, a red three and 1,045 melded = 4,345; the other 1,115.
FIRST = {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "red_threes": "1", "melded_points": "1045"}
SECOND = {
    "book_clean": "1",
    "book_dirty": "1",
    "red_threes_held": "1",
    "black_threes_held": "2",
    "melded_points": "610",
    "hand_points": "185",
}
CLOSED = "can no longer be changed through its link: the night is closed. Ask the organiser"


def round_data(*teams: dict, went_out="none", version="new") -> dict:
    data = {"went_out": str(went_out), "version": version}
    for i, fields in enumerate(teams):
        data.update({f"t{i}-{name}": value for name, value in fields.items()})
    return data


def text(response) -> str:
    return html.unescape(response.content.decode())


def totals(game: Game) -> list[int]:
    return [
        sum(TeamRound.objects.filter(team=team).values_list("total", flat=True))
        for team in game.teams.order_by("position")
    ]


@pytest.fixture
def table() -> Table:
    """Table 1 of sitting 1 of the Tuesday Club's night of 24 November 2026 (8 players, 2 tables)."""
    the_night = night(club("tuesday", "Tuesday Club"), players=8)
    return night_services.sitting_draw(night=the_night).tables.get(number=1)


def link(table: Table, rest: str = "") -> str:
    return f"/t/{table.token}/{rest}"


def enter_round_1(client, table: Table):
    return client.post(link(table, "rounds/1/"), round_data(FIRST, SECOND, went_out=0))


def test_the_link_opens_the_tables_game_with_its_header_and_no_account(client, table):
    response = client.get(link(table))
    assert response.status_code == 200
    page = text(response)
    us, them = table.game.teams.order_by("position")
    header = page[page.index('<header class="game-head">') : page.index("</header>", page.index("game-head"))]
    assert "Tuesday Club · Tuesday 24 November 2026" in header
    assert "Table 1 · Sitting 1" in header
    assert us.name in header and them.name in header and " & " in us.name  # "P01 & P05": its players
    assert f'href="{link(table, "rounds/1/?new")}"' in page  # "Enter round 1", under the link


def test_a_round_entered_through_the_link_changes_the_games_total(client, table):
    game = table.game
    response = enter_round_1(client, table)
    assert response.status_code == 302 and response["Location"] == link(table)
    assert totals(game) == [4345, 1115]
    page = text(client.get(link(table)))
    assert "Round 1 saved." in page
    total_row = page[page.index('<tr class="sheet-total">') :]
    assert ">4,345<" in total_row and ">1,115<" in total_row
    assert f'href="{link(table, "rounds/1/")}"' in page and f'href="{link(table, "rounds/2/?new")}"' in page


def test_a_save_from_the_round_forms_script_is_answered_with_the_links_game_page(client, table):
    response = client.post(
        link(table, "rounds/1/"), round_data(FIRST, SECOND, went_out=0), headers={"X-Requested-With": "fetch"}
    )
    assert response.json() == {"saved": True, "url": link(table)}


def test_a_round_is_corrected_through_the_link(client, table):
    enter_round_1(client, table)
    form = text(client.get(link(table, "rounds/1/")))
    assert "Correct round 1" in form
    # Every address the form and its script use stays under the link.
    assert f'action="{link(table, "rounds/1/")}"' in form
    assert f'data-preview-url="{link(table, "rounds/1/preview/")}"' in form
    assert f'data-game-url="{link(table)}"' in form
    version = re.search(r'name="version" value="([^"]+)"', form).group(1)
    corrected = round_data({**FIRST, "melded_points": "1545"}, SECOND, went_out=0, version=version)
    assert client.post(link(table, "rounds/1/"), corrected).status_code == 302
    assert totals(table.game) == [4845, 1115]


def test_a_refused_round_comes_back_under_the_link(client, table):
    response = client.post(link(table, "rounds/1/"), round_data({**FIRST, "book_clean": "x"}, SECOND, went_out=0))
    assert response.status_code == 400
    page = text(response)
    assert "Round 1 was not saved." in page and f'action="{link(table, "rounds/1/")}"' in page
    assert totals(table.game) == [0, 0]


def test_the_preview_scores_the_round_as_typed(client, table):
    response = client.post(link(table, "rounds/1/preview/"), round_data(FIRST, SECOND, went_out=0))
    answer = response.json()
    assert answer["ok"] is True
    assert "4,345" in html.unescape(answer["teams"][0]) and "1,115" in html.unescape(answer["teams"][1])
    assert totals(table.game) == [0, 0]  # a preview saves nothing


def test_each_team_agrees_on_its_own_phone_and_a_correction_or_reopening_asks_again(client, table):
    game = table.game
    us, them = game.teams.order_by("position")
    our_phone = Client()
    enter_round_1(client, table)
    assert "Agree with this result?" not in text(client.get(link(table)))  # not finished: nothing to agree to

    scoresheet_services.game_finish(game=game)  # by the organiser: the link cannot finish early
    page = text(client.get(link(table)))
    assert "Agree with this result?" in page
    assert f"{us.name} agree</button>" in page and f"{them.name} agree</button>" in page  # a team: "agree"

    response = client.post(link(table, "agree/"), {"team": them.pk})
    assert response.status_code == 302 and response["Location"] == link(table)
    page = text(client.get(link(table)))
    at = Agreement.objects.get(team=them).at
    assert f"✓ {them.name} agree at {at:%H:%M}" in page and "Agree with this result?" in page  # one of two
    assert f"{them.name} agree</button>" not in page and f"{us.name} agree</button>" in page
    refused = text(client.post(link(table, "agree/"), {"team": us.pk}, follow=True))  # the same phone for us
    assert f"This phone agreed for {them.name}: each team agrees on its own phone." in refused
    assert not Agreement.objects.filter(team=us).exists()
    our_phone.post(link(table, "agree/"), {"team": us.pk})
    page = text(client.get(link(table)))
    assert "Result agreed" in page and "Agree with this result?" not in page

    # A correction of the finished game (with its reason) asks both teams again.
    version = re.search(r'name="version" value="([^"]+)"', text(client.get(link(table, "rounds/1/")))).group(1)
    corrected = round_data({**FIRST, "melded_points": "1545"}, SECOND, went_out=0, version=version)
    assert client.post(link(table, "rounds/1/"), {**corrected, "reason": "Books miscounted"}).status_code == 302
    page = text(client.get(link(table)))
    assert "Agree with this result?" in page and "✓" not in page
    for phone, team in ((client, them), (our_phone, us)):
        phone.post(link(table, "agree/"), {"team": team.pk})
    assert "Result agreed" in text(client.get(link(table)))

    # So does reopening it.
    scoresheet_services.game_reopen(game=game)  # by the organiser
    assert "✓" not in text(client.get(link(table)))
    scoresheet_services.game_finish(game=game)
    page = text(client.get(link(table)))
    assert "Agree with this result?" in page and "✓" not in page


def test_agreeing_before_the_end_or_for_another_tables_team_changes_nothing(client, table):
    other_team = Table.objects.get(sitting=table.sitting, number=2).game.teams.first()
    us = table.game.teams.first()
    page = text(client.post(link(table, "agree/"), {"team": us.pk}, follow=True))
    assert "The game is not finished: finish it before agreeing." in page
    enter_round_1(client, table)
    scoresheet_services.game_finish(game=table.game)
    for team in (other_team.pk, "", "abc", "9" * 30):
        response = client.post(link(table, "agree/"), {"team": team}, follow=True)
        assert response.status_code == 200 and "Choose the team that agrees." in text(response)
    assert not Agreement.objects.exists()
    assert client.get(link(table, "agree/")).status_code == 405


def test_the_link_neither_finishes_early_nor_reopens_the_organiser_does(client, table):
    enter_round_1(client, table)
    page = text(client.get(link(table)))
    assert "Finish the game" not in page and link(table, "finish/") not in page
    assert client.post(link(table, "finish/")).status_code == 404
    assert not Game.objects.get(pk=table.game.pk).is_finished
    scoresheet_services.game_finish(game=table.game)
    page = text(client.get(link(table)))
    assert "Reopen" not in page and link(table, "reopen/") not in page
    assert client.post(link(table, "reopen/")).status_code == 404
    assert Game.objects.get(pk=table.game.pk).is_finished


def test_a_wrong_or_renewed_link_is_404(client, table):
    old = link(table)
    night_services.table_link_renew(table=table)
    for address in (old, old + "rounds/1/", "/t/not-a-token/", f"/t/{'x' * 100}/", f"/t/{table.token[:-1]}/"):
        assert client.get(address).status_code == 404, address
    assert client.post(old + "rounds/1/", round_data(FIRST, SECOND, went_out=0)).status_code == 404
    assert totals(table.game) == [0, 0]
    assert client.get(link(table)).status_code == 200  # the new link works


def test_a_closed_nights_link_shows_the_final_sheet_read_only_and_says_why_for_the_rest(client, table):
    enter_round_1(client, table)
    close_night(table.sitting.night)  # the game, not finished, is left out
    page = text(client.get(link(table)))
    assert (
        "The night is closed: this is the final sheet." in page and ">Left out (Closing for the test)</strong>" in page
    )
    assert "4,345" in page and "1,115" in page
    for gone in ("rounds/", "finish/", "reopen/", "undo/", "agree/", "Enter round", "Undo the last change"):
        assert gone not in page, gone
    assert client.get(link(table, "sheet.pdf")).status_code == 200
    for address in ("rounds/1/", "rounds/2/"):
        response = client.get(link(table, address))
        assert response.status_code == 404 and CLOSED in text(response), address
    for address in ("rounds/2/", "rounds/2/preview/", "finish/", "agree/", "undo/"):
        assert client.post(link(table, address), round_data(FIRST, SECOND, went_out=0)).status_code == 404
    game = Game.objects.get(pk=table.game.pk)
    assert not game.is_finished and game.rounds.count() == 1


def test_a_round_sent_as_the_night_closes_is_refused_not_landed(client, table, monkeypatch):
    # The link was read while the night was open; the organiser closes it before the save: the
    # save waits for the night's row and then finds it closed, so the round does not land.
    from league.nights import selectors as night_selectors

    as_read = night_selectors.table_by_token(table.token)
    assert not as_read.sitting.night.is_closed
    monkeypatch.setattr(night_selectors, "table_by_token", lambda token: as_read)
    close_night(table.sitting.night)
    response = enter_round_1(client, table)
    assert response.status_code == 404 and CLOSED in text(response)
    assert Game.objects.get(pk=table.game.pk).rounds.count() == 0


def test_the_link_offers_nothing_beyond_playing_this_game(client, table):
    enter_round_1(client, table)
    pages = [client.get(link(table)), client.get(link(table, "rounds/2/")), client.get(link(table, "rounds/1/"))]
    scoresheet_services.game_finish(game=table.game)
    pages.append(client.get(link(table)))
    for response in pages:
        page = text(response)
        assert "Delete the game" not in page and "/delete/" not in page
        assert "/games/" not in page  # no game list, new game, or the game's own addresses
        assert "/clubs/" not in page and "Sign in" not in page
        assert re.findall(r'(?:href|action)="(/[^"]*)"', page), "no links at all?"
        for address in re.findall(r'(?:href|action)="(/[^"]*)"', page):
            assert address.startswith((link(table), "/static/", "/i18n/")), address  # /i18n/: the language switch


def test_the_games_own_page_shows_the_table_header_too(client, table, django_assert_max_num_queries):
    assert client.get(f"/games/{table.game.pk}/").status_code == 404  # a club's game: for its members
    client.force_login(member(table.sitting.night.club, "ann", Role.SCOREKEEPER))
    # the game with its table, the session, the user, the membership, whether they organise the club
    # (delete, restore and renew are an organiser's); teams, rounds, entries; its history (3)
    with django_assert_max_num_queries(8 + 3):
        response = client.get(f"/games/{table.game.pk}/")
    page = text(response)
    assert "Tuesday Club · Tuesday 24 November 2026" in page and "Table 1 · Sitting 1" in page
    assert "Agree with this result?" not in page  # agreeing is for the players at the table, by the link
    assert f"/games/{table.game.pk}/rounds/1/" in page and "/t/" not in page  # the link stays secret


def test_a_casual_games_page_has_no_table_header(client):
    from scoresheet.games import services
    from scoresheet.models import Variant

    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Us", ""), services.TeamData("Them", "")],
    )
    page = text(client.get(f"/g/{game.token}/"))
    assert "Sitting" not in page and "table-night" not in page
    assert f'href="/g/{game.token}/rounds/1/?new"' in page and "Delete the game" in page and "New game" in page


def test_the_filled_sheet_pdf_through_the_link(client, table):
    enter_round_1(client, table)
    response = client.get(link(table, "sheet.pdf"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_the_links_game_page_takes_the_same_queries_for_one_or_three_rounds(
    client, table, django_assert_max_num_queries
):
    enter_round_1(client, table)
    # the table with its sitting, night, club and game; the game's teams, rounds and their entries;
    # the teams' agreements (the table's header); the history of the game, its rounds and their entries
    with django_assert_max_num_queries(5 + 3):
        assert client.get(link(table)).status_code == 200
    for number in (2, 3):
        client.post(link(table, f"rounds/{number}/"), round_data(SECOND, FIRST, went_out=1))
    scoresheet_services.game_finish(game=table.game)
    with django_assert_max_num_queries(5 + 3):
        page = text(client.get(link(table)))
    assert "Agree with this result?" in page


def test_a_preview_of_bad_input_says_so_without_a_server_error(client, table):
    # A round that cannot be entered yet (round 3 before round 2) is a 404.
    assert client.post(link(table, "rounds/3/preview/"), {}).status_code == 404
    answer = json.loads(client.post(link(table, "rounds/1/preview/"), {"t0-book_clean": "x"}).content)
    assert answer["ok"] is False


def test_a_player_on_their_own_agrees_and_a_team_agree(client, table):
    """Issue 17: "Dorothy Hughes agree" said of one player; a team of two keeps "Ann & Bob agree"."""
    solo_night = night(club("solo", "Solo Club"), players=3)
    solo_night.table_shapes = "3x1"  # players on their own, as the organiser allows
    solo_night.save(update_fields=["table_shapes"])
    solo = night_services.sitting_draw(night=solo_night).tables.get()
    game = solo.game
    assert game.mode == Game.Mode.INDIVIDUALS
    out = Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True)
    scoresheet_services.round_record(game=game, number=1, entries=[out, Entry(), Entry()])
    scoresheet_services.game_finish(game=game)
    names = [team.name for team in game.teams.all()]
    page = text(client.get(link(solo)))
    assert all(f"{name} agrees</button>" in page for name in names)
    enter_round_1(client, table)
    scoresheet_services.game_finish(game=table.game)
    us = table.game.teams.first()
    assert f"{us.name} agree</button>" in text(client.get(link(table)))
