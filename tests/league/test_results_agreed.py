"""Whether a game is agreed is said twice in ``league.results.querysets``: ``agreed`` as a filter the
database runs (the standings, a player's page, the results workbook) and ``is_agreed`` in Python for
a table and its game already read (the night page, a table's game page). On the same games, in
every state a table's game can be in, both say the same."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import Agreement, Night
from league.nights import selectors as night_selectors
from league.results.querysets import agreed, agreed_value, is_agreed
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game
from scoresheet.scoring.engine import Adjustment, Entry
from tests.league.factories import close_night, club, night, table_result

pytestmark = pytest.mark.django_db

PAIRS = [("Ann & Bob", 3000), ("Cleo & Dan", 2500)]


def _pairs(n: int) -> list[tuple[str, int]]:
    return [(f"{names} {n}", total) for names, total in PAIRS]


def _casual(the_club, *, finished: bool) -> Game:
    """A game of the club played at no night's table."""
    game = scoresheet_services.game_create(
        variant=the_club.seasons.first().variant,
        mode="teams",
        teams=[scoresheet_services.TeamData("Us", "Us"), scoresheet_services.TeamData("Them", "Them")],
        club=the_club,
    )
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for total in (1500, 1000)]
    scoresheet_services.round_record(game=game, number=1, entries=entries)
    if finished:
        scoresheet_services.game_finish(game=game)
    return game


@pytest.fixture
def games() -> dict[str, Game]:
    """A game in each state that decides whether it is agreed, by what it is."""
    tuesday = club()
    open_night = night(tuesday)
    states = {
        "playing": table_result(open_night, 1, 1, _pairs(1), finished=False),
        "finished, nobody agreed": table_result(open_night, 1, 2, _pairs(2)),
        "finished, every team agreed": table_result(open_night, 1, 3, _pairs(3), agreed=True),
        "finished, one team of two agreed": table_result(open_night, 1, 4, _pairs(4)),
        "agreed, then corrected": table_result(open_night, 2, 1, _pairs(5), agreed=True),
    }
    one = states["finished, one team of two agreed"].teams.order_by("position").first()
    Agreement.objects.create(team=one, at=timezone.now(), device="phone-1")
    corrected = states["agreed, then corrected"]
    Agreement.objects.filter(team__game=corrected).update(at=corrected.updated_at - timedelta(seconds=1))

    closed = night(tuesday, season=open_night.season)
    states |= {
        "closed night, agreed": table_result(closed, 1, 1, _pairs(6), agreed=True),
        "closed night, not agreed (left out)": table_result(closed, 1, 2, _pairs(7)),
        "closed night, not finished (left out)": table_result(closed, 1, 3, _pairs(8), finished=False),
    }
    close_night(closed)
    states |= {
        "no night's table, finished": _casual(tuesday, finished=True),
        "no night's table, playing": _casual(tuesday, finished=False),
    }
    return states


AGREED = {
    "finished, every team agreed",
    "closed night, agreed",
    "closed night, not agreed (left out)",
    "no night's table, finished",
}


def _by_database(games: dict[str, Game]) -> tuple[set[str], set[str]]:
    """The games ``agreed`` finds, and those ``agreed_value`` marks True."""
    names = {game.pk: name for name, game in games.items()}
    found = Game.objects.filter(agreed(), pk__in=names).values_list("pk", flat=True)
    marked = Game.objects.filter(pk__in=names).annotate(ok=agreed_value()).filter(ok=True).values_list("pk", flat=True)
    return {names[pk] for pk in found}, {names[pk] for pk in marked}


def _by_python(games: dict[str, Game]) -> set[str]:
    """The games ``is_agreed`` says are agreed, each read afresh with its table, night and teams."""
    said = set()
    for name, game in games.items():
        game = Game.objects.select_related("table__sitting__night").get(pk=game.pk)
        teams = list(game.teams.select_related("agreement"))
        if is_agreed(game.table if game.table_id else None, game, teams):
            said.add(name)
    return said


def test_the_filter_and_its_python_twin_agree_on_every_state_of_a_game(games):
    found, marked = _by_database(games)
    assert found == marked == AGREED
    assert _by_python(games) == AGREED


def test_the_night_page_and_a_tables_game_page_say_what_the_filter_says(games):
    """Through the pages' own reads: the night page's rows and a table's game page header."""
    names = {game.pk: name for name, game in games.items()}
    nights = Night.objects.filter(sittings__tables__game__in=games.values()).distinct()  # as they stand now
    rows = [row for n in nights for sitting in night_selectors.night_page(night=n).sittings for row in sitting.tables]
    assert {names[row.game.pk] for row in rows if row.agreed} == AGREED - {"no night's table, finished"}
    headers = {
        name: night_selectors.table_header(game=Game.objects.select_related("table__sitting__night__club").get(pk=g.pk))
        for name, g in games.items()
    }
    assert {name for name, header in headers.items() if header is not None and header.agreed} == (
        AGREED - {"no night's table, finished"}
    )
    assert {name for name, header in headers.items() if header is None} == {
        "no night's table, finished",
        "no night's table, playing",
    }
