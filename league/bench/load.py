"""CPU a request under load (issue 39 item 6): on two cores the queue, not the work, makes a loaded
server's p95, so the figure to watch is the server's CPU time over the requests it answered.

gunicorn serves the bench's database as ``make serve`` does (sync workers, one a core, DEBUG off,
plain HTTP on loopback; the settings of league.bench.serving). Threads of this process ask for
``seconds`` at a time, each as soon as it is answered: first the floor view, then a club night's
mix: scorekeepers at the busy night's second sitting correcting its round 3 through their table
links as a phone does (the round's form, the save as round_form.js sends it, the game page) and the
organiser reading the night page, the season's standings and the home page. Each part is warmed up
first (the workers import the app on their first request). The server's CPU seconds are read from
/proc (its master's and workers'); on a system without /proc, the figure is not measured.
"""

from __future__ import annotations

import http.client
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.test import Client

from league.bench.club import BenchClub
from league.models import Table

SECONDS, WARM = 8.0, 2.0  # each part's timed run, and its warm-up before it
SCOREKEEPERS, READERS = 4, 2
# Round 3 as the scorekeepers save it, its melded points alternating so that every save is a change.
US = {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "red_threes": "1"}
THEM = {"book_clean": "1", "book_dirty": "1", "red_threes_held": "1", "black_threes_held": "2", "hand_points": "185"}
HIDDEN = r'<input type="hidden" name="{}" value="([^"]*)"'


@dataclass(frozen=True)
class Loaded:
    cpu: float  # the server's CPU seconds a request answered
    requests: int
    per_second: float
    failed: int  # requests not answered 2xx (a save refused counts)


@dataclass(frozen=True)
class Result:
    floor: Loaded
    mix: Loaded
    workers: int
    clients: int


def measure(bench: BenchClub, database_url: str, seconds: float = SECONDS) -> Result | None:
    """The floor and the mix under load, or None where /proc cannot be read."""
    if not Path("/proc/self/stat").exists():
        return None
    workers = os.cpu_count() or 2
    with _server(database_url, workers) as address:
        session = _session(bench)
        tokens = list(
            Table.objects.filter(sitting=bench.table.sitting).order_by("number").values_list("token", flat=True)
        )[:SCOREKEEPERS]
        club, night, season = bench.club.slug, bench.night.pk, bench.season.pk
        floor_url = f"/bench/floor/{club}/"
        reads = [f"/clubs/{club}/nights/{night}/", f"/clubs/{club}/seasons/{season}/standings/", "/"]

        def floor_part(phone: _Phone, until: float) -> None:
            while time.monotonic() < until:
                phone.ask(floor_url)

        def mix_part(phone: _Phone, until: float, k: int) -> None:
            if k < len(tokens):
                _scorekeeper(phone, tokens[k], until)
            else:
                while time.monotonic() < until:
                    for url in reads:
                        phone.ask(url)

        clients = len(tokens) + READERS
        floor = _drive(address["pid"], address["port"], clients, session, lambda p, u, k: floor_part(p, u), seconds)
        mix = _drive(address["pid"], address["port"], clients, session, mix_part, seconds)
    return Result(floor=floor, mix=mix, workers=workers, clients=clients)


def _session(bench: BenchClub) -> str:
    client = Client()
    client.force_login(bench.organiser, backend="django.contrib.auth.backends.ModelBackend")
    return client.cookies[settings.SESSION_COOKIE_NAME].value


class _server:
    """gunicorn on a free loopback port for the block, stopped (and waited for) after it."""

    def __init__(self, database_url: str, workers: int):
        self.database_url, self.workers = database_url, workers

    def __enter__(self) -> dict:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "league.bench.serving",
            "DATABASE_URL": self.database_url,
            "DEBUG": "0",
            "HTTPS": "0",
            "SECRET_KEY": settings.SECRET_KEY,
        }
        command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{self.port}"]
        command += ["--workers", str(self.workers), "--log-level", "warning"]
        self.process = subprocess.Popen(command, cwd=settings.BASE_DIR, env=env, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return {"pid": self.process.pid, "port": self.port}
            except OSError:
                time.sleep(0.1)
        self.__exit__()
        raise RuntimeError("gunicorn did not start within a minute")

    def __exit__(self, *exc) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class _Phone:
    """One client's cookies; a new connection a request (sync workers close it after each answer)."""

    def __init__(self, port: int, tally: dict, lock: threading.Lock, **cookies: str):
        self.port, self.tally, self.lock, self.cookies = port, tally, lock, dict(cookies)

    def ask(self, path: str, fields: dict | None = None, headers: dict | None = None) -> tuple[int, str]:
        headers = {**(headers or {}), "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if fields is not None:
            body = urlencode(fields).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            connection.request("POST" if body else "GET", path, body, headers)
            response = connection.getresponse()
            page = response.read().decode()
            connection.close()
            status = response.status
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";")[0]
        except OSError:
            status, page = 0, ""
        with self.lock:
            self.tally["answered" if 200 <= status < 300 else "failed"] += 1
        return status, page


def _scorekeeper(phone: _Phone, token: str, until: float) -> None:
    """A phone at a table correcting round 3, over and over: the form, the save, the game page."""
    form_path, n = f"/t/{token}/rounds/3/", 0
    while time.monotonic() < until:
        status, form = phone.ask(form_path)
        hidden = {name: re.search(HIDDEN.format(name), form) for name in ("csrfmiddlewaretoken", "version")}
        if status != 200 or not all(hidden.values()):
            return  # the table cannot go on: its failure is counted
        fields = {name: match.group(1) for name, match in hidden.items()}
        fields |= {"went_out": "0", "t0-melded_points": str(1045 + 5 * (n % 2)), "t1-melded_points": "610"}
        fields |= {f"t0-{k}": v for k, v in US.items()} | {f"t1-{k}": v for k, v in THEM.items()}
        phone.ask(form_path, fields, {"X-Requested-With": "fetch"})
        phone.ask(f"/t/{token}/")
        n += 1


def _drive(pid: int, port: int, clients: int, session: str, part: Callable, seconds: float) -> Loaded:
    """``clients`` threads running ``part(phone, until, k)``: warmed up, then timed."""
    tally, lock = {"answered": 0, "failed": 0}, threading.Lock()

    def run(length: float) -> float:
        until = time.monotonic() + length
        phones = [_Phone(port, tally, lock, **{settings.SESSION_COOKIE_NAME: session}) for _ in range(clients)]
        threads = [threading.Thread(target=part, args=(phone, until, k)) for k, phone in enumerate(phones)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return time.monotonic() - started

    run(WARM)
    tally.update(answered=0, failed=0)
    before = _server_cpu(pid)
    elapsed = run(seconds)
    cpu = _server_cpu(pid) - before
    answered = tally["answered"]
    return Loaded(cpu=cpu / max(answered, 1), requests=answered, per_second=answered / elapsed, failed=tally["failed"])


def _server_cpu(master: int) -> float:
    """The CPU seconds of ``master`` and its children so far (user and system, from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == master or int(fields[1]) == master:  # fields[1]: the parent's id
            total += int(fields[11]) + int(fields[12])  # utime and stime
    return total / tick
