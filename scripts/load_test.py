#!/usr/bin/env python3
"""A club night under load: gunicorn as `make serve` runs it, scorekeepers saving rounds through
their table links while members read the night page and the standings (issue 21, item 3).

    nice .venv/bin/python scripts/load_test.py [--engines sqlite,postgres] [--seconds 60]
        [--scorekeepers 30] [--readers 10] [--workers 3] [--postgres postgres://…/bk_load]

For each engine it makes a fresh database (SQLite: a file in a temporary folder; PostgreSQL: the
database of --postgres, dropped and created again: never point it at a club's database),
migrates it, builds one club with a season of several open nights of one table per scorekeeper
(four players a table), and starts gunicorn (--workers, DEBUG off, collected static files) on
loopback. Then, from threads of this process:

1. the floor: every scorekeeper and reader requests a trivial page (the sign-in form: no query,
   one small template) over and over, for --seconds;
2. the load: the same threads, each scorekeeper a phone at its table — the round's form, the save
   as round_form.js sends it (fetch: 200 and {"saved": true}), the game page it then opens; rounds
   1 to 4, then the next night's table — and each reader a member reading the night page and
   the season's standings in turn, for --seconds.

It prints requests a second and the 50th, 95th and 99th percentile times of each, and checks in
the database that every save answered 2xx is stored exactly once with the totals it was sent,
and that no other round is. A measurement, not a test (the suite never runs it): the figures
depend on the machine, and this process's threads take their share of its cores.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

SCRIPT = str(Path(__file__).resolve())
REPO = Path(SCRIPT).parent.parent
FLOOR = "/accounts/login/"
ROUNDS_A_GAME = 4
# The round every table saves (tests/league/test_table_links.py works it out: 4,345 and 1,115).
US = {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "red_threes": "1", "melded_points": "1045"}
THEM = {
    "book_clean": "1",
    "book_dirty": "1",
    "red_threes_held": "1",
    "black_threes_held": "2",
    "melded_points": "610",
    "hand_points": "185",
}
TOTALS = [4345, 1115]
HIDDEN = r'<input type="hidden" name="{}" value="([^"]*)"'


# --- the server's side: run in child processes with the engine's settings -----------------------


def build(nights: int, tables: int) -> dict:
    """One club, a viewer's session, a season and ``nights`` open nights of ``tables`` drawn tables."""
    from datetime import date

    from django.contrib.auth.models import User
    from django.test import Client

    from league.models import Club, Membership, Player, Role, Season
    from league.nights import services as night_services
    from scoresheet.models import Variant

    variant = Variant.objects.get(slug="hand-and-foot")
    club = Club.objects.create(slug="load", name="Load Club")
    reader = User.objects.create_user("reader")
    Membership.objects.create(club=club, user=reader, role=Role.VIEWER)
    season = Season.objects.create(
        club=club, name="S", start=date(2026, 1, 1), end=date(2026, 12, 31), variant=variant, blowout_margin=5000
    )
    players = Player.objects.bulk_create(Player(club=club, name=f"Player {n:03d}") for n in range(4 * tables))
    links = []
    for day in range(nights):
        night = night_services.night_create(
            club=club, season=season, date=date(2026, 3, 1 + day), variant=variant, mode="rotating", sittings_planned=1
        )
        for player in players:
            night_services.check_in(night=night, player=player)
        sitting = night_services.sitting_draw(night=night)
        links.append({"night": night.pk, "tables": [t.token for t in sitting.tables.order_by("number")]})
    client = Client()
    client.force_login(reader, backend="django.contrib.auth.backends.ModelBackend")
    return {"slug": club.slug, "season": season.pk, "nights": links, "session": client.cookies["sessionid"].value}


def verify(saved: list[list]) -> dict:
    """Every (table token, round) answered 2xx stored once with its totals, and no other round."""
    from league.models import Table
    from scoresheet.models import Round, TeamRound

    games = dict(Table.objects.values_list("token", "game__id"))
    answered = [(games[token], number) for token, number in saved]
    stored = list(Round.objects.values_list("game_id", "number"))
    totals = defaultdict(list)
    for game, number, total in TeamRound.objects.order_by("team__position").values_list(
        "round__game_id", "round__number", "total"
    ):
        totals[game, number].append(total)
    return {
        "answered": len(answered),
        "answered_twice": len(answered) - len(set(answered)),
        "stored": len(stored),
        "stored_not_answered": len(set(stored) - set(answered)),
        "answered_not_stored": len(set(answered) - set(stored)),
        "wrong_totals": sum(1 for key in answered if totals.get(key) != TOTALS),
    }


def child(task: str) -> None:
    """Run ``build`` or ``verify`` in this process, with the settings of the environment."""
    sys.path.insert(0, str(REPO))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    arguments = json.loads(sys.stdin.read())
    print(json.dumps(build(**arguments) if task == "build" else verify(arguments["saved"])))


# --- the clients --------------------------------------------------------------------------------


@dataclass
class Tally:
    """What the threads saw: each request's time by its kind, the failures, the saves answered 2xx."""

    times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    failures: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    saved: list[tuple[str, int]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Phone:
    """One client's cookies and its requests, each on a new connection (gunicorn's sync workers
    close it after each answer), timed and tallied by kind."""

    def __init__(self, address, tally: Tally, **cookies: str):
        self.address, self.tally, self.cookies = address, tally, dict(cookies)

    def ask(self, kind: str, path: str, fields: dict | None = None, headers: dict | None = None) -> tuple[int, str]:
        headers = {**(headers or {}), "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urlencode(fields).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection(*self.address, timeout=60)
            connection.request("POST" if body else "GET", path, body, headers)
            response = connection.getresponse()
            page = response.read().decode()
            connection.close()
        except OSError:
            status, page = 0, ""
        else:
            status = response.status
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";")[0]
        elapsed = time.perf_counter() - started
        with self.tally.lock:
            self.tally.times[kind].append(elapsed)
            if not 200 <= status < 300:
                self.tally.failures[f"{kind} {status or 'no answer'}"] += 1
        return status, page


def floor_client(phone: Phone, until: float) -> None:
    while time.monotonic() < until:
        phone.ask("floor", FLOOR)


def scorekeeper(phone: Phone, tables: list[str], until: float) -> None:
    """A phone at a table: each round's form, its save (as round_form.js), the game page; then the
    same seat's table on the next night."""
    for token in tables:
        for number in range(1, ROUNDS_A_GAME + 1):
            if time.monotonic() >= until:
                return
            form_path = f"/t/{token}/rounds/{number}/"
            status, form = phone.ask("round form", form_path)
            hidden = {name: re.search(HIDDEN.format(name), form) for name in ("csrfmiddlewaretoken", "version")}
            if status != 200 or not all(hidden.values()):
                return  # the table cannot go on; its failure is tallied
            fields = {name: match.group(1) for name, match in hidden.items()}
            fields.update(
                went_out="0", **{f"t0-{k}": v for k, v in US.items()}, **{f"t1-{k}": v for k, v in THEM.items()}
            )
            status, answer = phone.ask("save", form_path, fields, {"X-Requested-With": "fetch"})
            if 200 <= status < 300 and json.loads(answer).get("saved"):
                with phone.tally.lock:
                    phone.tally.saved.append((token, number))
            phone.ask("game page", f"/t/{token}/")
    with phone.tally.lock:
        phone.tally.failures["ran out of tables"] += 1


def reader(phone: Phone, world: dict, until: float) -> None:
    """A member reading the night pages (each night in turn) and the season's standings."""
    n = 0
    while time.monotonic() < until:
        night = world["nights"][n % len(world["nights"])]["night"]
        phone.ask("night page", f"/clubs/{world['slug']}/nights/{night}/")
        phone.ask("standings", f"/clubs/{world['slug']}/seasons/{world['season']}/standings/")
        n += 1


def drive(address, world: dict, seconds: float, scorekeepers: int, readers: int, floor: bool) -> tuple[Tally, float]:
    tally = Tally()
    session = {"sessionid": world["session"]}
    until = time.monotonic() + seconds
    threads = []
    for seat in range(scorekeepers):
        phone = Phone(address, tally)
        tables = [night["tables"][seat] for night in world["nights"]]
        target, args = (floor_client, (phone, until)) if floor else (scorekeeper, (phone, tables, until))
        threads.append(threading.Thread(target=target, args=args))
    for _ in range(readers):
        phone = Phone(address, tally, **session)
        target, args = (floor_client, (phone, until)) if floor else (reader, (phone, world, until))
        threads.append(threading.Thread(target=target, args=args))
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tally, time.monotonic() - started


# --- one engine ---------------------------------------------------------------------------------


def fresh_postgres(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise SystemExit(f"--postgres must name a plain database (letters, digits, _): {name!r}")
    maintenance = parts._replace(path="/postgres").geturl()
    with psycopg.connect(maintenance, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {name}")
        connection.execute(f"CREATE DATABASE {name}")


def run(env: dict, *args: str, stdin: str | None = None) -> str:
    result = subprocess.run(
        [sys.executable, *args], cwd=REPO, env=env, input=stdin, capture_output=True, text=True, check=False
    )
    if result.returncode:
        raise SystemExit(f"{' '.join(args)} failed:\n{result.stderr}")
    return result.stdout


def engine_run(engine: str, options) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        url = options.postgres if engine == "postgres" else f"sqlite:///{scratch}/load.sqlite3"
        if engine == "postgres":
            fresh_postgres(url)
        env = {
            **{k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "SITE_URL")},
            "DATABASE_URL": url,
            "DEBUG": "0",
            "HTTPS": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "STATIC_ROOT": f"{scratch}/static",
            "VAR_DIR": scratch,
        }
        say(f"{engine}: migrating, building the club")
        run(env, "manage.py", "migrate", "--noinput", "--verbosity", "0")
        run(env, "manage.py", "collectstatic", "--noinput", "--verbosity", "0")
        nights = max(2, round(options.seconds * options.rounds_a_second / options.scorekeepers / ROUNDS_A_GAME) + 1)
        world = json.loads(
            run(env, SCRIPT, "--child", "build", stdin=json.dumps({"nights": nights, "tables": options.scorekeepers}))
        )
        listening = socket.create_server(("127.0.0.1", 0), backlog=128)
        log = open(f"{scratch}/gunicorn.log", "w")  # closed once the server has stopped
        command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", str(options.workers)]
        server = subprocess.Popen(
            [*command, "--bind", f"fd://{listening.fileno()}"],
            cwd=REPO,
            env=env,
            pass_fds=[listening.fileno()],
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
        address = listening.getsockname()
        try:
            warm = Tally()
            for _ in range(options.workers * 2):  # each worker imports the views and connects once first
                Phone(address, warm, sessionid=world["session"]).ask("warm", FLOOR)
            say(
                f"{engine}: {nights} nights of {options.scorekeepers} tables built; the floor for {options.seconds:g} s"
            )
            floor, floor_seconds = drive(address, world, options.seconds, options.scorekeepers, options.readers, True)
            say(f"{engine}: the load for {options.seconds:g} s")
            load, load_seconds = drive(address, world, options.seconds, options.scorekeepers, options.readers, False)
        finally:
            server.terminate()
            server.wait(timeout=60)
            listening.close()
            log.close()
        checked = json.loads(run(env, SCRIPT, "--child", "verify", stdin=json.dumps({"saved": load.saved})))
        errors = Path(f"{scratch}/gunicorn.log").read_text().count("Traceback")
        return {
            "engine": engine,
            "floor": figures(floor.times["floor"], floor_seconds),
            "load": figures([t for times in load.times.values() for t in times], load_seconds),
            "kinds": {kind: figures(times, load_seconds) for kind, times in sorted(load.times.items())},
            "failures": {**floor.failures, **load.failures},
            "saves": checked,
            "server_errors_logged": errors,
            "nights": nights,
        }


def say(words: str) -> None:
    print(time.strftime("%H:%M:%S"), words, file=sys.stderr, flush=True)


def figures(times: list[float], seconds: float) -> dict:
    if not times:
        return {"requests": 0, "per_second": 0.0, "p50": 0.0, "p95": 0.0, "p99": 0.0}
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return {
        "requests": len(times),
        "per_second": round(len(times) / seconds, 1),
        "p50": round(1000 * cuts[49], 1),
        "p95": round(1000 * cuts[94], 1),
        "p99": round(1000 * cuts[98], 1),
    }


def table(results: list[dict]) -> str:
    lines = [
        "| engine | requests | req/s | p50 ms | p95 ms | p99 ms | p50 × floor |",
        "|---|---|---|---|---|---|---|",
    ]
    for result in results:
        floor = result["floor"]
        rows = [("floor (sign-in page)", floor), ("all, under load", result["load"]), *result["kinds"].items()]
        for name, row in rows:
            ratio = f"{row['p50'] / floor['p50']:.1f}×" if floor["p50"] else "–"
            lines.append(
                f"| {result['engine']}: {name} | {row['requests']} | {row['per_second']} | {row['p50']} | "
                f"{row['p95']} | {row['p99']} | {ratio} |"
            )
    return "\n".join(lines)


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default="sqlite,postgres")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--scorekeepers", type=int, default=30)
    parser.add_argument("--readers", type=int, default=10)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--postgres", default="postgres://bookkeeper:bookkeeper@127.0.0.1:5432/bk_load")
    # Saves a second the nights are built for (more than 2 cores manage): a table that runs out is counted.
    parser.add_argument("--rounds-a-second", type=float, default=15)
    options = parser.parse_args()
    results = [engine_run(engine, options) for engine in options.engines.split(",")]
    # The machine, and how busy it was besides (the figures are only comparable on a quiet one).
    print(f"{os.cpu_count()} cores; load average after the run {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(table(results))
    for result in results:
        print(
            f"{result['engine']}: saves {result['saves']}; failures {dict(result['failures']) or 'none'}; "
            f"server errors logged {result['server_errors_logged']}"
        )
    (REPO / "var").mkdir(exist_ok=True)
    (REPO / "var" / "load_test.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
