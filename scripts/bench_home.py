#!/usr/bin/env python3
"""How long the home page takes, and how much it sends, with many games in the database.

    .venv/bin/python scripts/bench_home.py [COUNT ...]      (default: 20 5000)

For each COUNT it fills a fresh SQLite database in a temporary folder (or the database of
DATABASE_URL, emptied of games first: never point it at a club's database) with COUNT games
of 2 teams and 4 rounds each. Then it requests the home page (the first, next and last page,
a search, a filter) and the new-game page (it offers the names used before) through Django's
test client, several times each, and prints the median time and the bytes sent.
A benchmark, not a test: times depend on the machine, so nothing asserts them.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REPEATS = 7


def setup_django(folder: str) -> None:
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder}/bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    import django

    warnings.filterwarnings("ignore", message="No directory at")  # whitenoise: no collectstatic run here
    django.setup()
    from django.conf import settings

    # Plain static file names: no collectstatic run is needed for the page to render.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def fill(count: int) -> None:
    """COUNT games, each with 2 teams and 4 saved rounds, written in bulk."""
    from scoresheet.games import services
    from scoresheet.models import Game, Round, Team, TeamRound, Variant

    Game.objects.all().delete()
    services.presets_load()
    variant = Variant.objects.get(slug="hand-and-foot")
    games = Game.objects.bulk_create(
        Game(
            variant=variant,
            rules_document=variant.document,
            name=f"Game {i}",
            # the columns the list reads (left out when measuring the code before they existed)
            **({"variant_name": variant.name} if hasattr(Game, "variant_name") else {}),
            **(
                {"search_text": f"game {i}\nteam game {i} 0\nteam game {i} 1\nann & bob"}
                if hasattr(Game, "search_text")
                else {}
            ),
        )
        for i in range(count)
    )
    teams = Team.objects.bulk_create(
        Team(game=game, position=p, name=f"Team {game.name} {p}", players="Ann & Bob")
        for game in games
        for p in range(2)
    )
    rounds = Round.objects.bulk_create(Round(game=game, number=n) for game in games for n in range(1, 5))
    by_game = {}
    for team in teams:
        by_game.setdefault(team.game_id, []).append(team)
    TeamRound.objects.bulk_create(
        TeamRound(round=rnd, team=team, melded_points=500, total=500 + 100 * team.position, went_out=False)
        for rnd in rounds
        for team in by_game[rnd.game_id]
    )


def measure(client, url: str) -> tuple[float, int]:
    times, size = [], 0
    for _ in range(REPEATS):
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
        size = len(response.content)
    return statistics.median(times), size


def main(counts: list[int]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        setup_django(folder)
        from django.core.management import call_command
        from django.test import Client

        call_command("migrate", verbosity=0)
        client = Client()
        print(f"{'games':>6}  {'page':<22} {'time':>9} {'bytes':>10}")
        for count in counts:
            fill(count)
            last = f"/?page={(count + 19) // 20}"
            for url in ("/", "/?page=2", last, "/?q=Game+1", "/?status=finished", "/games/new/"):
                seconds, size = measure(client, url)
                print(f"{count:>6}  {url:<22} {seconds * 1000:>7.1f}ms {size:>10,}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [20, 5000])
