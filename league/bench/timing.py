"""Timing one piece of work: the median of several runs, its queries and its peak memory.

On SQLite all the work is this process's (and the processes it starts): it is timed in CPU
seconds, which the other programs of a busy machine do not inflate. On PostgreSQL part of the
work is the server's, so it is timed on the wall clock.
"""

from __future__ import annotations

import gc
import resource
import statistics
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

from django.db import connection, reset_queries
from django.test.utils import CaptureQueriesContext


@dataclass(frozen=True)
class Timed:
    seconds: float  # the median run
    queries: int | None  # of one run; None: not counted (another process, or no database)
    peak: int | None  # bytes tracemalloc saw at most during one run


def cpu_clock() -> bool:
    """Whether the bench times CPU seconds (SQLite) rather than wall seconds (PostgreSQL)."""
    return connection.vendor == "sqlite"


def _clock() -> float:
    return time.process_time() if cpu_clock() else time.perf_counter()


def _children_clock() -> float:
    """The CPU seconds of the processes this one started and waited for (or the wall clock)."""
    if not cpu_clock():
        return time.perf_counter()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(work: Callable[[], object], runs: int, *, queries: bool = True, memory: bool = True) -> Timed:
    """``work`` run once to warm up, then ``runs`` times: the median time; the queries of the last
    run; then once more under tracemalloc (which slows it, so that run is not timed) for the peak."""
    work()
    times = []
    for _ in range(runs):
        gc.collect()
        reset_queries()  # a request empties the log when it starts: count from an empty one
        with CaptureQueriesContext(connection) as captured:
            start = _clock()
            work()
            times.append(_clock() - start)
        count = len(captured)  # now: it is read from the connection's log, which the next request empties
    peak = None
    if memory:
        tracemalloc.start()
        try:
            work()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    return Timed(statistics.median(times), count if queries else None, peak)


def counted(work: Callable[[], object]) -> int:
    """The queries of one run of ``work``, after one to warm up, as ``timed`` counts them: neither
    timed nor measured, so no garbage collected first (slow in a big process such as the tests')."""
    work()
    reset_queries()
    with CaptureQueriesContext(connection) as captured:
        work()
    return len(captured)


def process_seconds(work: Callable[[], object], runs: int) -> float:
    """The median time of ``runs`` runs of ``work``, which starts a process and waits for it."""
    times = []
    for _ in range(runs):
        start = _children_clock()
        work()
        times.append(_children_clock() - start)
    return statistics.median(times)
