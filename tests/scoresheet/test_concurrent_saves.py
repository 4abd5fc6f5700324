"""A club night: its tables (8 here: enough to overlap every save) save rounds at the same time,
each in its own game: casual games at their own addresses, and a club night's tables through their
table links (each save holding the night's row, so that closing the night is taken before or after it,
never in its middle).

Real HTTP to a live server, whose threads each open their own connection to the database
file, as under `make run` or `make serve`. On SQLite with Django's defaults most of these
saves failed with "database is locked" (issue 7: 255 of 342 with 20 scorekeepers); the
write-ahead log, IMMEDIATE transactions and the busy timeout in config/settings.py are
what this test checks. It runs on PostgreSQL too (.ci/run's database pass).
"""

import html
import http.cookiejar
import re
import socketserver
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter

import pytest

from league.nights import services as night_services
from scoresheet.games import services
from scoresheet.models import Game, Round, TeamRound, Variant
from tests.league.factories import club, night
from tests.scoresheet.test_views_game import THEM_R1, THEM_R2, THEM_R3, THEM_R4, US_R1, US_R2, US_R3, US_R4

TABLES = 8  # the overlap is the point, not the number: 8 threads still save at one moment

# Hand and Foot (HF-1, seed 002), the four rounds of test_views_game.py, where each total is
# worked out by hand beside US_R1 … THEM_R4. Round 1 is the README's example round:
#   Us:   clean 2 × 500 + dirty 2 × 300 + wild 1 × 1500 (002 L57–59) = 3100
#         + 1 red three laid × 100 (002 L61) + 1045 melded + going out 100 (002 L60) = 4345
#   Them: clean 500 + dirty 300 + 610 melded − 1 red three held × 100 (002 L55)
#         − 2 black threes × 5 (002 L113) − 185 left in hand = 1115
# (who went out: "0" is Us, "1" Them, "none" nobody; the totals are Us, Them)
ROUNDS = [
    ("0", US_R1, THEM_R1, (4345, 1115)),
    ("1", US_R2, THEM_R2, (1140, 4100)),
    ("0", US_R3, THEM_R3, (4000, 680)),
    ("none", US_R4, THEM_R4, (810, 425)),
]


class NoRedirects(urllib.request.HTTPRedirectHandler):
    """Hand the redirect after a save back to the test (urllib raises it as an HTTPError)."""

    def redirect_request(self, *args, **kwargs):
        return None


def hidden_value(page: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    assert match, f"no hidden input {name!r} on the round form"
    return html.unescape(match.group(1))


def save_round(opener, url: str, went_out: str, us: dict, them: dict) -> str:
    """Save a round as a browser does: read the form (CSRF token and version), post it.
    Returns where the save redirected to, or what went wrong instead."""
    try:
        form = opener.open(url, timeout=60).read().decode()
        fields = {
            "csrfmiddlewaretoken": hidden_value(form, "csrfmiddlewaretoken"),
            "version": hidden_value(form, "version"),
            "went_out": went_out,
            **{f"t0-{name}": value for name, value in us.items()},
            **{f"t1-{name}": value for name, value in them.items()},
        }
        response = opener.open(url, data=urllib.parse.urlencode(fields).encode(), timeout=60)
        return f"{response.status} without a redirect"
    except urllib.error.HTTPError as answer:
        if answer.code == 302:
            return f"302 to {answer.headers['Location']}"
        return f"{answer.code} {answer.reason}"
    except Exception as error:  # a dropped connection is a lost save too: report it, keep going
        return f"{type(error).__name__}: {error}"


def scorekeeper(base_url: str, game_id: int, address: str, together: threading.Barrier, outcomes: dict) -> None:
    """One table: its own cookies, the four rounds one after the other, each started at the
    same moment as every other table's."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirects)
    for number, (went_out, us, them, _) in enumerate(ROUNDS, start=1):
        together.wait(timeout=120)
        outcomes[game_id, number] = save_round(opener, f"{base_url}{address}rounds/{number}/", went_out, us, them)


def casual_games() -> dict[Game, str]:
    """A casual game per table, each at its own play address."""
    variant = Variant.objects.get(slug="hand-and-foot")
    games = [
        services.game_create(
            variant=variant,
            mode="teams",
            teams=[services.TeamData(f"Us {table}"), services.TeamData(f"Them {table}")],
        )
        for table in range(1, TABLES + 1)
    ]
    return {game: f"/g/{game.token}/" for game in games}


def club_night_tables() -> dict[Game, str]:
    """A club night of four players a table at Hand and Foot: sitting 1's tables, each at its table link."""
    sitting = night_services.sitting_draw(night=night(club("tuesday", "Tuesday Club"), players=4 * TABLES))
    tables = list(sitting.tables.select_related("game"))
    assert len(tables) == TABLES and all(table.game.teams.count() == 2 for table in tables)
    return {table.game: f"/t/{table.token}/" for table in tables}


@pytest.mark.parametrize("where", [casual_games, club_night_tables], ids=["casual games", "table links"])
@pytest.mark.django_db(transaction=True)
@pytest.mark.server  # a real server (Django's live server): left to `make test`, as the other servers are
def test_tables_saving_at_once_lose_nothing(live_server, presets, where):
    # The live server must answer the tables' requests at once, not one after the other.
    assert issubclass(live_server.thread.server_class, socketserver.ThreadingMixIn)
    addresses = where()
    games = list(addresses)

    together = threading.Barrier(TABLES)
    outcomes: dict[tuple[int, int], str] = {}
    tables = [
        threading.Thread(target=scorekeeper, args=(live_server.url, game.pk, addresses[game], together, outcomes))
        for game in games
    ]
    for table in tables:
        table.start()
    for table in tables:
        table.join(timeout=180)
    assert not any(table.is_alive() for table in tables), "a table never finished saving"

    # A table whose save failed finds its next round's form closed (404): those count as lost too.
    pages = {game.pk: addresses[game] for game in games}
    failed = {key: outcome for key, outcome in sorted(outcomes.items()) if outcome != f"302 to {pages[key[0]]}"}
    assert len(outcomes) == TABLES * len(ROUNDS)
    kinds = ", ".join(f"{outcome} × {count}" for outcome, count in Counter(failed.values()).most_common())
    assert failed == {}, f"{len(failed)} of {len(outcomes)} saves failed ({kinds})"

    # Every round stored once, with the totals worked out by hand.
    expected = {game.pk: [(number, totals) for number, (*_, totals) in enumerate(ROUNDS, start=1)] for game in games}
    stored = {
        game.pk: [
            (rnd.number, tuple(rnd.entries.order_by("team__position").values_list("total", flat=True)))
            for rnd in Round.objects.filter(game=game).order_by("number")
        ]
        for game in games
    }
    assert stored == expected
    assert TeamRound.objects.count() == TABLES * len(ROUNDS) * 2
