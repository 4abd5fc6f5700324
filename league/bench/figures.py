"""Each figure of issue 21's table, measured on the bench club.

A figure is its median time, its ratio to the floor (the floor view's median in the same run),
its ratio to its own reference where the issue sets one (bare arithmetic for the engine,
``manage.py version`` for a command's process, and for the export and import commands Django's
start-up plus a bare write-only openpyxl write, or read, of the same rows; their work in this
process is compared with the bare write and read alone, a stricter ratio with no target), its
queries and its peak memory.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.bench import big_import, load
from league.bench.club import ROUNDS, BenchClub, entries
from league.bench.timing import Timed, counted, process_seconds, timed
from league.exchange import exports, imports
from league.models import Season
from scoresheet.rules.preset_rules import preset
from scoresheet.scoring.engine import score_game

ENGINE_GAMES = 200  # games scored in one timed run: one takes microseconds
PROCESS_RUNS = 3  # each a whole Python start-up: fewer runs than in-process work


@dataclass(frozen=True)
class Figure:
    key: str
    label: str
    seconds: float
    queries: int | None
    peak: int | None
    floors: float | None = None  # seconds ÷ the floor's seconds
    versus: float | None = None  # seconds ÷ the reference's seconds
    reference: str = ""  # what ``versus`` compares to, and the target
    rss: int | None = None  # bytes: a process's peak resident memory

    @property
    def queries_each(self) -> int | None:
        return self.queries  # every count is of one page, one season or one import: comparable at any scale


def measure(bench: BenchClub, runs: int) -> list[Figure]:
    """Every figure, the floor first."""
    client = Client()
    client.force_login(bench.organiser)
    floor = _page(client, f"/bench/floor/{bench.club.slug}/", runs)
    measured = [Figure("floor", "floor view (one indexed query, tiny template)", *_fields(floor))]
    measured += _pages(client, bench, runs)
    exchanged, bare = _exchange(bench, runs)
    measured += exchanged
    measured += [_engine(runs), _seating(runs), *_processes(bench, bare), *_big_import(runs), *_loaded(bench)]
    return [
        Figure(**{**figure.__dict__, "floors": figure.seconds / floor.seconds if figure.key != "floor" else 1.0})
        for figure in measured
    ]


def _big_import(runs: int) -> list[Figure]:
    """The biggest workbook an import takes (league.bench.big_import), as a process, against Django's
    start-up plus a bare read-only read of it; with the process's peak resident memory. ``--runs 1``
    (CI's) times each once, after its warm-up run."""
    if not Path("/proc/self/status").exists():  # its peak memory is read there
        return []
    data = big_import.workbook()
    read = timed(lambda: _bare_read(data), min(runs, PROCESS_RUNS), queries=False, memory=False).seconds
    manage = [str(Path(settings.BASE_DIR) / "manage.py")]
    env = {**os.environ, "DATABASE_URL": database_url()}
    runs = min(runs, big_import.RUNS)  # each a whole process
    version = big_import.run([*manage, "version"], env, runs)
    with tempfile.TemporaryDirectory() as folder:
        workbook = Path(folder) / "big.xlsx"
        workbook.write_bytes(data)
        command = [*manage, "import_results", str(workbook), "--club", "bench-big-{n}", "--season", "Imported"]
        imported = big_import.run(command, env, runs)
    return [
        Figure(
            "big_import_process",
            f"import_results process, {big_import.MAX_ROWS:,} rows ({big_import.NIGHTS} nights)",
            imported.seconds,
            None,
            None,
            versus=imported.seconds / (version.seconds + read),
            reference="× start-up + a bare read-only read; target ≤ 4×, under 100 MB",
            rss=imported.rss,
        )
    ]


def _loaded(bench: BenchClub) -> list[Figure]:
    """CPU a request under load (league.bench.load): the floor's, and a club night's mix beside it."""
    result = load.measure(bench, database_url())
    if result is None:
        return []
    where = f"{result.clients} clients, {result.workers} gunicorn workers"
    floor, mix = result.floor, result.mix

    def said(part: load.Loaded) -> str:
        return f"{part.requests:,} requests, {part.per_second:,.0f} a second" + (
            f", {part.failed} not 2xx" if part.failed else ""
        )

    return [
        Figure(
            "load_floor",
            f"floor view under load ({where}): CPU a request",
            floor.cpu,
            None,
            None,
            reference=said(floor),
        ),
        Figure(
            "load_mix",
            f"a club night's mix under load ({where}): CPU a request",
            mix.cpu,
            None,
            None,
            versus=mix.cpu / floor.cpu,
            reference=f"× the floor's CPU a request under load; {said(mix)}",
        ),
    ]


def query_counts(bench: BenchClub) -> dict[str, int]:
    """The queries of every figure that makes any (one run each, after one to warm up, as ``measure``
    counts them, but not timed): what must not grow with the club."""
    client = Client()
    client.force_login(bench.organiser)
    pages = [("floor", f"/bench/floor/{bench.club.slug}/")] + [(key, url) for key, _, url, _ in _page_list(bench)]
    counts = {key: counted(_getter(client, url)) for key, url in pages}
    data = exports.results_workbook(season=bench.season)
    for key, work in _exchange_work(bench, data).items():
        counts[key] = counted(work)
        if isinstance(work, _EachSeason):
            counts[key] = work.most
    return counts


def _fields(result: Timed) -> tuple:
    return result.seconds, result.queries, result.peak


def _page(client: Client, url: str, runs: int) -> Timed:
    return timed(_getter(client, url), runs)


def _getter(client: Client, url: str) -> Callable[[], None]:
    def get():
        response = client.get(url, secure=True)
        assert response.status_code == 200, (url, response.status_code)

    return get


def _page_list(bench: BenchClub) -> list[tuple[str, str, str, int]]:
    """(key, label, address, tables) of each page measured; the pack's time is per table (its queries
    are the whole pack's)."""
    club, night, table = bench.club.slug, bench.night, bench.table
    tables = table.sitting.tables.count()
    return [
        ("night_page", "night page after a busy night", f"/clubs/{club}/nights/{night.pk}/", 1),
        ("season_standings", "season standings page", f"/clubs/{club}/seasons/{bench.season.pk}/standings/", 1),
        ("player_page", "player page (every season)", f"/clubs/{club}/players/{bench.player.pk}/record/", 1),
        ("round_form", "round form (table link)", f"/t/{table.token}/rounds/{ROUNDS}/", 1),
        ("home_page", "home page (the organiser's games, 20 a page)", "/", 1),
        ("club_page", "club page (its latest games)", f"/clubs/{club}/", 1),
        ("night_history", "night history after a busy night (a page)", f"/clubs/{club}/nights/{night.pk}/history/", 1),
        (
            "standings_pdf",
            "season standings PDF",
            f"/clubs/{club}/seasons/{bench.season.pk}/standings/?export=pdf",
            1,
        ),
        (
            "table_pack",
            f"table pack PDF, a table (of {tables})",
            f"/clubs/{club}/nights/{night.pk}/sittings/{table.sitting.number}/pack.pdf",
            tables,
        ),
    ]


REFERENCES = {
    "table_pack": "target ≤ 30 ms a table",
    "standings_pdf": "grows with its rows (reportlab's layout); each number formatted once",
}


def _pages(client: Client, bench: BenchClub, runs: int) -> list[Figure]:
    figures = []
    for key, label, url, tables in _page_list(bench):
        result = _page(client, url, runs)
        reference = REFERENCES.get(key, "target ≤ 20× the floor")
        figures.append(Figure(key, label, result.seconds / tables, result.queries, result.peak, reference=reference))
    return figures


class _EachSeason:
    """The results export of each season in turn; ``most``: the queries of the season that made the
    most in the last run (a season imported makes fewer than one played round by round: its games
    have no Game log), what must not grow with the club."""

    def __init__(self, seasons: list[Season]):
        self.seasons, self.most = seasons, 0

    def __call__(self) -> None:
        self.most = 0
        for season in self.seasons:
            with CaptureQueriesContext(connection) as captured:
                exports.results_workbook(season=season)
            self.most = max(self.most, len(captured))


def _exchange_work(bench: BenchClub, data: bytes) -> dict[str, Callable[[], object]]:
    """The work of each exchange figure in this process: the results export of one season, of every
    season (``_EachSeason``), and the import of ``data`` (that export's workbook)."""
    season = bench.season
    seasons = list(Season.objects.filter(club=bench.club).order_by("start"))

    def import_once():
        with transaction.atomic():
            imports.results_import(data=data, club_slug=f"{bench.club.slug}-import", season_name="Imported")
            transaction.set_rollback(True)

    return {
        "export_season": lambda: exports.results_workbook(season=season),
        "export_every_season": _EachSeason(seasons),
        "import": import_once,
    }


def _exchange(bench: BenchClub, runs: int) -> tuple[list[Figure], dict[str, float]]:
    """The results export (one season, then every season) and the import of that export, in this
    process; and the bare openpyxl write and read of the same rows they are compared with (the
    process figures compare with them too: ``_processes``)."""
    season = bench.season
    seasons = list(Season.objects.filter(club=bench.club).order_by("start"))
    data = exports.results_workbook(season=season)
    work = _exchange_work(bench, data)
    one = timed(work["export_season"], runs)
    every = timed(work["export_every_season"], runs)
    every = Timed(every.seconds, work["export_every_season"].most, every.peak)  # the most a season
    results, (_, log) = exports.results_rows(season=season), exports.game_log(season=season)

    written = timed(lambda: _bare_write([results, log]), runs, queries=False, memory=False).seconds
    read = timed(lambda: _bare_read(data), runs, queries=False, memory=False).seconds
    imported = timed(work["import"], runs)
    figures = [
        Figure(
            "export_season",
            f"export_results, one season ({len(results)} rows)",
            *_fields(one),
            versus=one.seconds / written,
            reference="× a bare write-only openpyxl write, both in this process",
        ),
        Figure(
            "export_every_season",
            f"export_results, every season ({len(seasons)})",
            *_fields(every),
            versus=every.seconds / (written * len(seasons)),
            reference="× bare writes (the last season's rows each); queries: the most a season",
        ),
        Figure(
            "import",
            f"import_results, that export ({len(results)} rows)",
            *_fields(imported),
            versus=imported.seconds / read,
            reference="× a bare read-only openpyxl read, both in this process",
        ),
    ]
    return figures, {"write": written, "read": read, "data": data}


def _bare_write(sheets: list[list]) -> None:
    """The rows written to a write-only workbook, a sheet each, and saved: no more than any export
    of them must do."""
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    for rows in sheets:
        sheet = book.create_sheet()
        for row in rows:
            sheet.append(row)
    book.save(BytesIO())


def _bare_read(data: bytes) -> None:
    """The Results sheet of ``data`` read row by row, read-only: no less than any import of it
    must do."""
    import openpyxl

    book = openpyxl.load_workbook(BytesIO(data), read_only=True)
    for _ in book["Results"].iter_rows(values_only=True):
        pass
    book.close()


def _engine(runs: int) -> Figure:
    """One 4-round game scored by the engine (breakdown, warnings, checks), against the same
    totals summed by hand."""
    rules = preset("hand-and-foot")
    rounds = [entries(number) for number in range(1, ROUNDS + 1)]
    assert score_game(rules, rounds, team_count=2).totals == _bare_totals(rounds)
    engine = timed(lambda: _repeat(lambda: score_game(rules, rounds, team_count=2)), runs, queries=False)
    bare = timed(lambda: _repeat(lambda: _bare_totals(rounds)), runs, queries=False, memory=False)
    return Figure(
        "engine",
        "engine, one 4-round game",
        engine.seconds / ENGINE_GAMES,
        None,
        engine.peak,
        versus=engine.seconds / bare.seconds,
        reference="× bare arithmetic; target ≤ 10×",
    )


SEATING_PLAYERS, SEATING_SITTINGS = 50, 20  # the night that took 12–28 s on a busy machine (issue 38)


def _seating(runs: int) -> Figure:
    """A rotating night of 50 players over 20 sittings at Hand and Foot's tables, drawn in this
    process: the time a sitting (the organiser draws one at a time), and the peak memory of drawing
    one (tracemalloc slows the search about tenfold: the whole night under it took 25 s)."""
    from league.nights import seating

    shapes = seating.partnership_shapes(seating.table_shapes(preset("hand-and-foot")))
    players = [f"P{n:02d}" for n in range(1, SEATING_PLAYERS + 1)]

    def draw(sittings: int):
        return lambda: seating.draw_night("rotating", players, shapes, sittings, seed=1)

    night = timed(draw(SEATING_SITTINGS), runs, queries=False, memory=False)
    one = timed(draw(1), 1, queries=False)
    return Figure(
        "seating_draw",
        f"seating, a sitting of {SEATING_PLAYERS} players (a night of {SEATING_SITTINGS})",
        night.seconds / SEATING_SITTINGS,
        None,
        one.peak,
        reference="target ≤ 1 s a sitting",
    )


def _repeat(work: Callable[[], object]) -> None:
    for _ in range(ENGINE_GAMES):
        work()


# Hand and Foot's values (its preset) for what the bench's rounds hold: books, a black three left in
# hand (a card counted against its holder: 5 points). The engine's totals are checked against these.
BOOKS = {"clean": 500, "dirty": 300}
BLACK_HELD = 5


def _bare_totals(rounds) -> tuple[int, ...]:
    totals = [0, 0]
    for round_entries in rounds:
        for side, e in enumerate(round_entries):
            books = sum(count * BOOKS[kind] for kind, count in e.books.items())
            totals[side] += books + e.melded_points - e.hand_points - e.black_threes_held * BLACK_HELD
    return tuple(totals)


def _processes(bench: BenchClub, bare: dict) -> list[Figure]:
    """The commands as a user runs them, each a fresh process: ``score_game`` and ``standings
    --json`` against ``manage.py version`` (Django's start-up alone); ``export_results`` and
    ``import_results`` against the issue's references, Django's start-up and the bare openpyxl
    write or read of the same rows (``_exchange``)."""
    game = {
        "variant": "hand-and-foot",
        "teams": ["Us", "Them"],
        "rounds": [[_entry_json(e) for e in entries(number)] for number in range(1, ROUNDS + 1)],
    }
    club, season = bench.club.slug, bench.season.name
    with tempfile.TemporaryDirectory() as folder:
        path, workbook = Path(folder) / "game.json", Path(folder) / "results.xlsx"
        path.write_text(json.dumps(game), encoding="utf-8")
        workbook.write_bytes(bare["data"])
        imported = itertools.count(1)  # a new club each run: every run imports the whole workbook
        version = _process(lambda: ["version"])
        commands = [
            ("score_game", "score_game process (4 rounds)", lambda: ["score_game", str(path)]),
            (
                "standings_json",
                "standings --json process",
                lambda: ["standings", "--club", club, "--season", season, "--json"],
            ),
        ]
        figures = [
            Figure(key, label, seconds, None, None, versus=seconds / version, reference="× manage.py version; ≤ 1.3×")
            for key, label, arguments in commands
            for seconds in [_process(arguments)]
        ]
        out = str(Path(folder) / "out.xlsx")
        exported = _process(lambda: ["export_results", "--club", club, "--season", season, "--out", out])
        imports_seconds = _process(
            lambda: [
                "import_results",
                str(workbook),
                "--club",
                f"{club}-process-{next(imported)}",
                "--season",
                "Imported",
            ]
        )
        rows = len(exports.results_rows(season=bench.season))
        return figures + [
            Figure(
                "export_process",
                f"export_results process, one season ({rows} rows)",
                exported,
                None,
                None,
                versus=exported / (version + bare["write"]),
                reference="× start-up + a bare write-only write; target ≤ 2×",
            ),
            Figure(
                "import_process",
                f"import_results process, that export ({rows} rows)",
                imports_seconds,
                None,
                None,
                versus=imports_seconds / (version + bare["read"]),
                reference="× start-up + a bare read-only read; target ≤ 4×",
            ),
        ]


def _entry_json(entry) -> dict:
    return {
        "books": entry.books,
        "melded_points": entry.melded_points,
        "hand_points": entry.hand_points,
        "black_threes_held": entry.black_threes_held,
    }


def _process(arguments: Callable[[], list[str]]) -> float:
    """The median time of ``manage.py`` run with ``arguments()`` (asked again for each run)."""
    manage = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py")]
    env = {**os.environ, "DATABASE_URL": database_url()}

    def run():
        subprocess.run([*manage, *arguments()], env=env, check=True, stdout=subprocess.DEVNULL)

    run()  # warm the file cache
    return process_seconds(run, PROCESS_RUNS)


def database_url() -> str:
    """The address of the database this process uses, for the processes it starts."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
