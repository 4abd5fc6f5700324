"""Stored totals never drift from what the pages show: after each kind of change (enter, correct,
undo, finish, reopen, delete and restore; through a game's own page and a table link), every
game's stored totals (the sum of its entries' ``total``, which lists read through
``selectors.with_team_totals``) equal the totals its page computes from the entered values
(``selectors.game_sheet``) and shows (its standings)."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth.models import User

from league.models import Role
from league.nights import services as night_services
from scoresheet.display import fmt
from scoresheet.games import selectors
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from tests.league.factories import close_night, club, member, night
from tests.league.test_table_links import FIRST, SECOND
from tests.scoresheet.test_history import take_back
from tests.scoresheet.test_views_game import raw, round_data, start_game, version_of

pytestmark = pytest.mark.django_db

LOWER = {**SECOND, "hand_points": "85"}  # 100 more for the second team


def stored_totals(game: Game) -> list[int]:
    (listed,) = selectors.with_team_totals([Game.objects.get(pk=game.pk)])
    return [team.score for team in listed.teams.all()]


def page_totals(client, url: str, game: Game) -> list[int]:
    """The standings the page shows, in team order (the page lists them leader first)."""
    content = html.unescape(raw(client.get(url)))
    shown = dict(
        re.findall(
            r'<span class="standing-name">([^<]+)(?:<small>.*?</small>)?</span>\s*'
            r'<span class="standing-total[^"]*">([^<]+)</span>',
            content,
        )
    )
    assert shown, url
    return [shown[team.name] for team in game.teams.order_by("position")]


def assert_consistent(client, games: dict, after: str = "") -> None:
    for game, url in games.items():
        game = Game.objects.get(pk=game.pk)
        stored = stored_totals(game)
        assert list(selectors.game_sheet(game=game).result.totals) == stored, (after, game)
        if game.deleted_at is None:
            assert page_totals(client, url, game) == [fmt(total) for total in stored], (after, game)


def test_stored_totals_match_the_pages_after_every_kind_of_change(client):
    tuesday = club("tuesday", "Tuesday Club")
    member(tuesday, "olga", Role.ORGANISER)
    the_night = night(tuesday, players=8)
    tables = list(night_services.sitting_draw(night=the_night).tables.order_by("number"))
    casual = start_game(client)
    games = {casual: f"/g/{casual.token}/", **{t.game: f"/t/{t.token}/" for t in tables}}
    table = tables[0]

    def save(url_base, number, *teams, **extra):
        version = version_of(raw(client.get(f"{url_base}rounds/{number}/")))
        data = {**round_data(*teams, went_out=0, version=version), **extra}
        assert client.post(f"{url_base}rounds/{number}/", data).status_code == 302

    steps = [
        ("enter", lambda: [save(url, 1, FIRST, SECOND) for url in games.values()]),
        ("enter again", lambda: save(f"/t/{table.token}/", 2, SECOND, FIRST, went_out="1")),
        ("correct", lambda: save(f"/g/{casual.token}/", 1, FIRST, LOWER)),
        ("undo a correction", lambda: take_back(client, f"/g/{casual.token}/")),
        ("undo an entry", lambda: take_back(client, f"/t/{table.token}/")),
        ("finish", lambda: scoresheet_services.game_finish(game=table.game)),  # the organiser's
        ("correct a finished game", lambda: save(f"/t/{table.token}/", 1, FIRST, LOWER, reason="85 in hand")),
        ("reopen", lambda: scoresheet_services.game_reopen(game=table.game)),
        ("delete", lambda: client.post(f"/g/{casual.token}/delete/")),
        ("restore", lambda: client.post(f"/g/{casual.token}/restore/")),
    ]
    for name, step in steps:
        step()
        assert_consistent(client, games, after=name)

    # a closed night: the organiser corrects, with a reason, through the game's own page, then undoes
    close_night(the_night)
    client.force_login(User.objects.get(username="olga"))
    for t in tables:  # their links are closed: the games' own pages (an organiser's) show them
        games[t.game] = f"/games/{t.game.pk}/"
    game_url = f"/games/{table.game.pk}/"
    save(game_url, 1, FIRST, SECOND, reason="Back to the sheet")
    assert_consistent(client, games)
    take_back(client, game_url)
    assert_consistent(client, games)
    assert stored_totals(table.game) == [4345, 1215]  # the undo put back 85 in hand
