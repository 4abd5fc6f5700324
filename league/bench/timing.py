"""Timing one piece of work: the median of several runs, its queries and its peak memory."""

from __future__ import annotations

import gc
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


def timed(work: Callable[[], object], runs: int, *, queries: bool = True, memory: bool = True) -> Timed:
    """``work`` run once to warm up, then ``runs`` times: the median time; the queries of the last
    run; then once more under tracemalloc (which slows it, so that run is not timed) for the peak."""
    work()
    times = []
    for _ in range(runs):
        gc.collect()
        reset_queries()  # a request empties the log when it starts: count from an empty one
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
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


def median_seconds(work: Callable[[], object], runs: int) -> float:
    """The median time of ``runs`` runs of ``work`` (no warm-up: for processes, each starts cold)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
