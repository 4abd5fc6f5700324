"""A substitute takes a seat mid-game on a phone, and is credited by the rounds played.

The night is built through the services; the organiser only chooses who left and who takes
over on the sitting page. The game then counts for whoever of the two played more of the seat's
rounds (``league.results.substitutes``): the night's standings and the results workbook say so,
and the workbook's Game log names who played each round.
"""

from __future__ import annotations

from io import BytesIO

import pytest
from openpyxl import load_workbook
from playwright.sync_api import expect

from league.models import Seat
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring.engine import Adjustment, Entry
from tests.e2e.test_layout import _session_cookie, viewport
from tests.league.factories import club, member, night, player


def play(game: Game, totals: list[int]) -> None:
    entries = [Entry(adjustments=[Adjustment("Round", total)]) for total in totals]
    scoresheet_services.round_record(game=game, number=game.rounds.count() + 1, entries=entries)


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_substitute_takes_a_seat_mid_game_and_is_credited_by_rounds(live_server, page, presets):
    tuesday = club()
    the_night = night(tuesday, players=0)
    for name in ("Ann", "Bob", "Cleo", "Dan"):
        night_services.check_in(night=the_night, player=player(tuesday, name))
    player(tuesday, "Zed")  # on the roster, not here tonight
    game = Game.objects.get(table__sitting=night_services.sitting_draw(night=the_night))
    seat = Seat.objects.filter(team__game=game).select_related("player").order_by("team__position", "position")[0]
    left = seat.player.name
    partner = Seat.objects.get(team=seat.team, position=1).player.name
    play(game, [1000, 200])  # round 1: the player who leaves plays it

    page.context.add_cookies([_session_cookie(member(tuesday, "olga", "organiser"), live_server)])
    page.set_viewport_size(viewport("phone"))
    page.goto(f"{live_server.url}/clubs/tuesday/nights/{the_night.pk}/sittings/1/")
    page.get_by_label("Who left").select_option(label=f"{left} (table 1)")
    page.get_by_label("Who takes their seat").select_option(label="Zed")
    page.get_by_role("button", name="Take the seat").click()
    expect(page.get_by_text(f"Zed takes {left}'s seat from round 2; {left} is checked out.")).to_be_visible()
    expect(page.get_by_text(f"Zed (for {left} from round 2)")).to_be_visible()

    for _ in range(3):  # rounds 2–4 with Zed: 3 of 4 rounds, so the game is his
        play(game, [500, 200])
    scoresheet_services.game_finish(game=game)

    page.goto(f"{live_server.url}/clubs/tuesday/nights/{the_night.pk}/standings/")
    rows = page.locator("table.standings-table tbody tr")
    expect(rows.filter(has_text="Zed")).to_have_count(1)
    expect(rows.filter(has_text="Zed")).to_contain_text("2,500")  # 1,000 + 3 × 500: the team's total
    expect(rows).to_have_count(4)  # Zed, his partner and the other team: not the one who left
    expect(rows.filter(has_text=left)).to_have_count(0)

    response = page.request.get(f"{live_server.url}/clubs/tuesday/seasons/{the_night.season.pk}/results.xlsx")
    book = load_workbook(BytesIO(response.body()))
    results = list(book["Results"].iter_rows(min_row=2, values_only=True))
    assert (results[0][4], results[0][5]) == (f"Zed & {partner}", 2500)
    header = [cell.value for cell in book["Game log"][1]]
    log = [dict(zip(header, row)) for row in book["Game log"].iter_rows(min_row=2, values_only=True)]
    assert [row["Players"] for row in log if row["Team"] == results[0][3]] == [
        f"{left} & {partner}",
        f"Zed & {partner}",
        f"Zed & {partner}",
        f"Zed & {partner}",
    ]
