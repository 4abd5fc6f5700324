"""The biggest results workbook an import takes (20,000 rows: 10,000 games of two teams on 500
nights), imported by an ``import_results`` process: its time and its peak resident memory, against
Django's start-up plus a bare read-only openpyxl read of the same rows (issue 39 item 4: ≤ 4× that,
under 100 MB).

A process is measured whole: its own CPU seconds (``os.wait4``; wall seconds on PostgreSQL, whose
server does part of the work, as every figure of the bench) and the most memory it held (its VmHWM,
read from /proc as it leaves: Linux only, as the load figure).
"""

from __future__ import annotations

import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from league.bench.timing import cpu_clock
from league.exchange import workbooks
from league.exchange.workbooks.reading import MAX_ROWS

NIGHTS, SITTINGS, TABLES = 500, 2, 10  # 2 teams a table: 500 × 2 × 10 × 2 = 20,000 rows
PLAYERS = 300
RUNS = 2  # each a 20,000-row import in a new club, after one to warm the file cache


def workbook() -> bytes:
    """The workbook: a night a week from 2010, two sittings of ten tables, the players in turn."""
    names = [f"Player {n:03d}" for n in range(PLAYERS)]
    turn = itertools.count()
    rows = []
    for night in range(NIGHTS):
        day = date(2010, 1, 4) + timedelta(days=7 * night)
        for sitting in range(1, SITTINGS + 1):
            start = next(turn) * 4 * TABLES
            seated = [names[(start + k) % PLAYERS] for k in range(4 * TABLES)]
            for table in range(1, TABLES + 1):
                for side in range(2):
                    first, second = seated[4 * (table - 1) + 2 * side : 4 * (table - 1) + 2 * side + 2]
                    score = 2500 + 37 * ((night + table) % 50) - 400 * side
                    rows.append((day, table, sitting, f"{first} & {second}", f"{first} & {second}", score, ""))
    assert len(rows) == MAX_ROWS
    return workbooks.results_workbook(rows, workbooks.GAME_LOG_START, [])


@dataclass(frozen=True)
class Run:
    seconds: float  # CPU seconds of the process (wall seconds on PostgreSQL)
    rss: int  # bytes: the most resident memory it held


# The command run inside a Python that writes its peak resident memory (VmHWM) to a file as it
# leaves. The kernel's max RSS of a child (wait4) is no use here: a process started by this one, a
# big one, counts this one's memory as its own until it runs its program.
PEAK = """
import atexit, os, runpy, sys
def peak():
    with open("/proc/self/status") as status, open(os.environ["BENCH_PEAK_FILE"], "w") as out:
        out.write(next(line for line in status if line.startswith("VmHWM:")).split()[1])
atexit.register(peak)
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def run(command: list[str], env: dict, runs: int = RUNS) -> Run:
    """The median time and the largest peak memory of ``runs`` runs of ``command`` (a Python
    script and its arguments, each run a fresh process), after one to warm the file cache.
    ``command`` may hold ``{n}``: the run's number."""
    results = []
    with tempfile.TemporaryDirectory() as folder:
        env = {**env, "BENCH_PEAK_FILE": str(Path(folder) / "peak")}
        for n in range(runs + 1):
            arguments = [part.format(n=n) for part in command]
            started = time.perf_counter()
            process = subprocess.Popen([sys.executable, "-c", PEAK, *arguments], env=env, stdout=subprocess.DEVNULL)
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            if process.returncode:
                raise subprocess.CalledProcessError(process.returncode, arguments)
            wall = time.perf_counter() - started
            if n:
                cpu = usage.ru_utime + usage.ru_stime
                peak = int(Path(env["BENCH_PEAK_FILE"]).read_text()) * 1024  # kB
                results.append(Run(cpu if cpu_clock() else wall, peak))
    return Run(statistics.median(r.seconds for r in results), max(r.rss for r in results))
