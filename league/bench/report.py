"""The bench's table as printed, its JSON (var/bench.json), and the query counts it checks."""

from __future__ import annotations

import json
import os
import platform
from dataclasses import asdict
from pathlib import Path

from django.db import connection

from league.bench.club import Scale
from league.bench.figures import Figure
from league.bench.timing import cpu_clock

# Queries each figure makes, the same at every scale (the every-season export's: the most a season
# makes, so that they compare). A change here is a change to the app's queries. The import is not here: its bulk
# inserts are a few queries a level, but SQLite splits each into batches of at most 999 values, so
# its count grows with the rows a batch at a time (36 at the small scale, 31 at the tiny ones). No
# query is in a loop: on PostgreSQL, which does not split them, it is 31 for 8 rows and for 96.
EXPECTED_QUERIES: dict[str, int] = {
    "floor": 1,
    # The night's sittings and latest changes are kept in the cache (league.nights.kept_night): the
    # session, user, membership, night, the fingerprint's one query and the night's results emails
    # for its log (issue 23). Worked out again after a change: 21, less the seats and byes of swaps
    # and substitutes in its history, read only when the night has one (the bench's nights have none).
    # One more since issue 38: the night's seats, for how fair its seating has been (nights.fairness).
    "night_page": 7,
    # The season's standings are kept in the cache (league.standings.fingerprint) under the club's
    # results version (league.results.version: one query by the club's key) in place of the selector's 4
    # (5 more when they are worked out again). Its three aggregates over the season's games before
    # (issue 21): 8.
    "season_standings": 6,
    # 8, and the club's results version read for the ratings and for the standings kept in the
    # cache (league.kept), one query each by the club's key; before (issue 21) three aggregates each,
    # the ratings' over every game of the club, which grew with its history: 14. Learned or worked
    # out again: 3 and 4 more. The page reads the player's own share of each from the cache, not
    # the whole.
    "player_page": 10,
    "round_form": 5,
    # Issue 39: the pages that grew with a ten-year club. The home page: the session, the user, the
    # member's clubs (each club's games are read off its own index: scoresheet.games.listing), the
    # count (which stops at 1,000), the page's games, their teams, which of them finished early, and
    # "Recently deleted" counted off its own index. 7 before issue 39, the clubs a subquery of each.
    "home_page": 8,
    "club_page": 9,
    "night_history": 12,
    "standings_pdf": 6,
    "table_pack": 8,
    # Two more for the Tables sheet (how each table was settled): its tables, their teams' agreements.
    "export_season": 9,
    "export_every_season": 9,
}


def unexpected(counts: dict[str, int]) -> list[str]:
    """What differs from EXPECTED_QUERIES, in words; empty when all is as expected."""
    return [
        f"{key}: {count} queries, expected {EXPECTED_QUERIES.get(key)}"
        for key, count in counts.items()
        if key in EXPECTED_QUERIES and count != EXPECTED_QUERIES[key]
    ]


def machine() -> dict:
    return {
        "processor": _cpu_name(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "system": platform.platform(terse=True),
        "database": _database(),
    }


def _database() -> str:
    if connection.vendor == "sqlite":
        return "SQLite " + ".".join(map(str, connection.Database.sqlite_version_info))
    version = connection.pg_version  # e.g. 150014: 15.14
    return f"PostgreSQL {version // 10000}.{version % 10000}"


def _cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def table(figures: list[Figure]) -> str:
    """The figures as a Markdown table (it reads as well in a terminal as in the README)."""
    clock = "median CPU time" if cpu_clock() else "median wall time"
    lines = [
        f"| figure | {clock} | × floor | × reference | queries | peak memory |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for f in figures:
        versus = f"{f.versus:,.1f}× ({f.reference})" if f.versus is not None else f.reference
        queries = "" if f.queries is None else f"{f.queries_each}"
        peak = "" if f.peak is None else f"{f.peak / 2**20:,.1f} MB"
        if f.rss is not None:
            peak = f"{f.rss / 2**20:,.1f} MB (max RSS)"
        floors = "" if f.floors is None else f"{f.floors:,.1f}"
        lines.append(f"| {f.label} | {_time(f.seconds)} | {floors} | {versus} | {queries} | {peak} |")
    return "\n".join(lines)


def _time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:,.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:,.1f} ms"
    return f"{seconds:,.2f} s"


def write_json(path: Path, *, scale_name: str, scale: Scale, built: float, figures: list[Figure], problems) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {
        "scale": {"name": scale_name, **asdict(scale)},
        "machine": machine(),
        "built_seconds": round(built, 1),
        "clock": "cpu" if cpu_clock() else "wall",
        "figures": [{**asdict(f), "queries_each": f.queries_each} for f in figures],
        "query_problems": problems,
    }
    path.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
