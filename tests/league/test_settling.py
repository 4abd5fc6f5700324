"""Settling a night before it closes, and what counts afterwards: the organiser finishes, confirms
or leaves out each table not settled (with a reason, in the night's history); a left-out game
counts nowhere; the games of closed nights, imported ones among them, are settled (no "not yet
agreed" mark)."""

from __future__ import annotations

import pytest

from league.clubs.services import LeagueError
from league.models import Role, Season, Table
from league.nights import history as night_history
from league.nights import services as night_services
from league.standings.selectors import season_standings
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring.engine import Entry
from tests.league.factories import close_night, club, member, night
from tests.league.test_import_results import GOOD, run, write

pytestmark = pytest.mark.django_db


def play_round(game: Game) -> None:
    entries = [Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True)]
    entries += [Entry(books={"clean": 1}, melded_points=100, hand_points=50)] * (game.teams.count() - 1)
    scoresheet_services.round_record(game=game, number=1, entries=entries, confirmed=["*"])


def by_player(season: Season) -> dict[str, tuple[int, int]]:
    """Each player's (games counted, games not yet agreed) in the season's standings."""
    result = season_standings(season=season)
    return {row.name: (row.values["games"], row.unconfirmed) for row in result.rows + result.unranked}


def players(table: Table) -> set[str]:
    return {seat.player.name for team in table.game.teams.all() for seat in team.seats.all()}


def test_closing_waits_for_every_table_and_counts_them_as_the_organiser_settled_them():
    tuesday = club("tuesday", "Tuesday Club")
    olga = member(tuesday, "olga", Role.ORGANISER)
    the_night = night(tuesday, players=12)
    agreed, playing, unagreed = night_services.sitting_draw(night=the_night).tables.order_by("number")
    for table in (agreed, playing, unagreed):
        play_round(table.game)
    for table in (agreed, unagreed):
        scoresheet_services.game_finish(game=table.game)
    for team in agreed.game.teams.all():
        night_services.table_agree(table=agreed, team=team, device=f"phone-{team.pk}")
    night_services.table_agree(table=unagreed, team=unagreed.game.teams.first(), device="phone-x")  # one of two

    counted = by_player(the_night.season)  # the unfinished game does not count; the unagreed one is marked
    assert {name: counted[name] for name in players(agreed)} == dict.fromkeys(players(agreed), (1, 0))
    assert {name: counted[name] for name in players(unagreed)} == dict.fromkeys(players(unagreed), (1, 1))
    assert not players(playing) & set(counted)
    with pytest.raises(LeagueError, match="Settle every table before closing the night: table 2 of sitting 1, table 3"):
        night_services.night_close(night=the_night)

    for action, reason, refusal in [
        ("finish", "", "Say why"),
        ("shrug", "Because", "Choose how to settle"),
        ("confirm", "Both said so", "not finished: finish it as it stands instead"),
    ]:
        with pytest.raises(LeagueError, match=refusal):
            night_services.table_settle(table=playing, action=action, reason=reason, by=olga)
    night_services.table_settle(table=playing, action="finish", reason="Out of time after round 1", by=olga)
    night_services.table_settle(table=unagreed, action="leave_out", reason="Nobody vouches for it", by=olga)
    night_services.night_close(night=the_night)

    counted = by_player(the_night.season)
    assert {name: counted[name] for name in players(agreed) | players(playing)} == dict.fromkeys(
        players(agreed) | players(playing), (1, 0)
    )
    assert not players(unagreed) & set(counted)  # left out: counted nowhere
    assert Game.objects.get(table=playing).is_finished
    history = [(entry.text, entry.reason) for entry in night_history.night_history(night=the_night)]
    assert any(
        text.startswith("Table 2, sitting 1: finished as it stands (round 1 of 4) at")
        and reason == "Out of time after round 1"
        for text, reason in history
    )
    assert any(
        text.startswith("Table 3, sitting 1: left out at") and reason == "Nobody vouches for it"
        for text, reason in history
    )


def test_a_table_without_a_round_cannot_be_finished_only_left_out_and_then_holds_up_nothing():
    tuesday = club("tuesday", "Tuesday Club")
    the_night = night(tuesday, players=4)
    table = night_services.sitting_draw(night=the_night).tables.get()
    with pytest.raises(LeagueError, match="No round was entered at that table: leave it out instead."):
        night_services.table_settle(table=table, action="finish", reason="Gone home", by=None)
    night_services.table_settle(table=table, action="leave_out", reason="Gone home", by=None)
    night_services.sitting_draw(night=the_night)  # the next sitting does not wait for a table left out
    with pytest.raises(LeagueError, match="table 1 of sitting 2"):
        night_services.night_close(night=the_night)
    close_night(the_night)
    assert not Game.objects.get(table=table).is_finished


def test_imported_games_are_settled_and_carry_no_mark(client, tmp_path):
    tuesday = club("tuesday", "Tuesday Club")
    assert run(write(tmp_path, GOOD), "--club", "tuesday", "--season", "Autumn")[1] == 0
    season = Season.objects.get(club=tuesday, name="Autumn")
    counted = by_player(season)
    assert counted["Ann"] == (3, 0) and all(unconfirmed == 0 for _, unconfirmed in counted.values())
    client.force_login(member(tuesday, "vic", Role.VIEWER))
    page = client.get(f"/clubs/tuesday/seasons/{season.pk}/standings/").content.decode()
    assert "Ann" in page and "not yet agreed" not in page


def test_each_page_says_how_the_table_was_settled_in_the_records_words(client):
    """The table link, the player's page and the night's history say the same word the night page
    does: agreed on two phones, confirmed by the organiser (one team had agreed), finished as it
    stands at round 1 of 4, left out — each with the organiser's reason."""
    tuesday = club("tuesday", "Tuesday Club")
    olga = member(tuesday, "olga", Role.ORGANISER)
    the_night = night(tuesday, players=16, sittings_planned=1)
    agreed, confirmed, finished, left = night_services.sitting_draw(night=the_night).tables.order_by("number")
    for table in (agreed, confirmed, finished, left):
        play_round(table.game)
    for table in (agreed, confirmed):
        scoresheet_services.game_finish(game=table.game)
    for team in agreed.game.teams.all():
        night_services.table_agree(table=agreed, team=team, device=f"phone-{team.pk}")
    night_services.table_agree(table=confirmed, team=confirmed.game.teams.first(), device="phone-x")
    night_services.table_settle(table=confirmed, action="confirm", reason="The other team said so", by=olga)
    night_services.table_settle(table=finished, action="finish", reason="Out of time", by=olga)
    night_services.table_settle(table=left, action="leave_out", reason="Taken ill", by=olga)
    night_services.night_close(night=the_night)

    page = client.get(f"/t/{agreed.token}/").content.decode()  # the table link, once the night is closed
    assert '<strong class="settled-word">Agreed</strong>' in page
    page = client.get(f"/t/{left.token}/").content.decode()
    assert '<strong class="settled-word">Left out (Taken ill)</strong>' in page
    page = client.get(f"/t/{finished.token}/").content.decode()
    assert '<strong class="settled-word">Finished as it stands (round 1 of 4; Out of time)</strong>' in page
    page = client.get(f"/t/{confirmed.token}/").content.decode()
    assert '<strong class="settled-word">Confirmed by the organiser (The other team said so)</strong>' in page

    client.force_login(olga)  # a player's page: each game with how its table was settled
    for table, words in [
        (agreed, "Agreed"),
        (confirmed, "Confirmed by the organiser (The other team said so)"),
        (finished, "Finished as it stands (round 1 of 4; Out of time)"),
    ]:
        seat = table.game.teams.first().seats.first()
        page = client.get(f"/clubs/tuesday/players/{seat.player_id}/record/").content.decode()
        assert f">{words}</small>" in page, words
    history = [(entry.text, entry.reason) for entry in night_history.night_history(night=the_night)]
    assert [(text.split(" at ")[0], reason) for text, reason in history if text.startswith("Table")] == [
        ("Table 4, sitting 1: left out", "Taken ill"),
        ("Table 3, sitting 1: finished as it stands (round 1 of 4)", "Out of time"),
        ("Table 2, sitting 1: confirmed by the organiser", "The other team said so"),
    ]
