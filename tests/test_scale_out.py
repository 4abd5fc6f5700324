"""Two app servers on one database, as a club network runs several behind one proxy (README,
"Running several app servers"): whatever one server answers, the other carries on from, because
nothing is kept on a server's disk or in its memory between requests.

Two gunicorn instances (one worker each) serve the test database — SQLite's file here,
PostgreSQL in .ci/run's database pass — each with a folder of its own for its local files
(VAR_DIR, TMPDIR) as on two machines. They start once for the module on sockets this test binds
(so the first request simply waits in the queue until a server is up: no polling). One visitor's
cookies go to both, as through a proxy on one host name.
"""

from __future__ import annotations

import html
import http.client
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from league.models import Role
from league.nights import services as night_services
from scoresheet.models import Game, Round
from tests.league.factories import club, member, night, season
from tests.league.test_import_results import GOOD, workbook
from tests.scoresheet.test_concurrent_saves import ROUNDS

REPO = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.django_db(transaction=True),  # the servers see only what is committed
    pytest.mark.server,  # real servers: left to `make test` (with --dist loadfile, one worker starts them once)
]


def database_url() -> str:
    """The test database's address, for the servers' DATABASE_URL."""
    db = connection.settings_dict
    if db["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{db['NAME']}"
    account = f"{quote(db['USER'], safe='')}:{quote(db['PASSWORD'] or '', safe='')}"
    return f"postgres://{account}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="module")
def servers(django_db_setup, tmp_path_factory):
    """Two gunicorn instances on the test database; their (host, port) while they run."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CACHE_URL", "MAKEFLAGS")}
    env.update(DATABASE_URL=database_url(), SECRET_KEY=settings.SECRET_KEY, DEBUG="1")
    logs = tmp_path_factory.mktemp("servers")
    started = []
    try:
        for name in ("a", "b"):
            listening = socket.create_server(("127.0.0.1", 0))
            own = logs / name  # this server's disk
            own.mkdir()
            log = open(logs / f"{name}.log", "w+")  # closed below, once the server has stopped
            command = [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "1"]
            process = subprocess.Popen(
                [*command, "--bind", f"fd://{listening.fileno()}"],
                cwd=REPO,
                env={**env, "VAR_DIR": str(own), "TMPDIR": str(own)},
                pass_fds=[listening.fileno()],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            started.append((process, listening, log))
        yield [listening.getsockname() for _, listening, _ in started]
    finally:
        for process, listening, log in started:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
            listening.close()
            log.close()


class Visitor:
    """One browser: its cookies go to whichever server it asks, as behind one proxy."""

    def __init__(self, **cookies: str):
        self.cookies = dict(cookies)

    def get(self, server, path: str) -> tuple[int, dict, str]:
        return self.request(server, "GET", path)

    def post(self, server, path: str, fields: dict, files: dict | None = None) -> tuple[int, dict, str]:
        if files:
            body, content_type = multipart(fields, files)
        else:
            body, content_type = urlencode(fields).encode(), "application/x-www-form-urlencoded"
        return self.request(server, "POST", path, body, {"Content-Type": content_type})

    def request(self, server, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        answer = http.client.HTTPConnection(*server, timeout=90)
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        answer.request(method, path, body, {**(headers or {}), "Cookie": cookie})
        response = answer.getresponse()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.cookies.update((name, morsel.value) for name, morsel in SimpleCookie(header).items())
        page = html.unescape(response.read().decode())
        answer.close()
        return response.status, response.headers, page


def multipart(fields: dict, files: dict) -> tuple[bytes, str]:
    boundary = secrets.token_hex(16)
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    for name, (filename, content) in files.items():
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n\r\n'
        parts.append(head.encode() + content + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def hidden(page: str, name: str) -> str:
    match = re.search(rf'<input type="hidden" name="{name}" value="([^"]*)"', page)
    assert match, f"no hidden input {name!r} on the page"
    return match.group(1)


def signed_in(user) -> Visitor:
    """A visitor with ``user``'s session, made here and kept in the database as any other."""
    client = Client()
    client.force_login(user)
    return Visitor(**{settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value})


def test_an_import_previewed_on_one_server_is_confirmed_on_the_other(servers):
    a, b = servers
    tuesday = club()
    autumn = season(tuesday, name="Autumn")
    olga = signed_in(member(tuesday, "olga", Role.ORGANISER))
    path = "/clubs/tuesday/import/results/"

    status, _, page = olga.get(a, path)
    assert status == 200
    fields = {"csrfmiddlewaretoken": hidden(page, "csrfmiddlewaretoken"), "season": autumn.pk}
    status, _, preview = olga.post(a, path, fields, {"file": ("r.xlsx", workbook(GOOD))})
    assert status == 200 and "4 games on 2 nights of Autumn" in preview
    assert Game.objects.count() == 0

    confirm = {name: hidden(preview, name) for name in ("csrfmiddlewaretoken", "upload", "season")}
    status, headers, _ = olga.post(b, path, confirm)
    assert (status, headers["Location"]) == (302, f"/clubs/tuesday/seasons/{autumn.pk}/")
    assert Game.objects.filter(club=tuesday).count() == 4
    # Used once, whichever server is asked again.
    status, _, again = olga.post(a, path, confirm)
    assert status == 400 and "upload the file again" in again
    assert Game.objects.count() == 4


def test_a_round_saved_through_a_table_link_on_one_server_shows_on_the_others_night_page(servers):
    a, b = servers
    tuesday = club()
    the_night = night(tuesday, players=8)
    table = night_services.sitting_draw(night=the_night).tables.get(number=1)
    organiser = signed_in(member(tuesday, "olga", Role.ORGANISER))
    night_page = f"/clubs/tuesday/nights/{the_night.pk}/"
    status, _, before = organiser.get(b, night_page)
    assert status == 200 and before.count("Not started") == 2

    scorekeeper = Visitor()  # a phone at the table: no account, the table's link
    form_path = f"/t/{table.token}/rounds/1/"
    status, _, form = scorekeeper.get(a, form_path)
    assert status == 200
    went_out, us, them, (us_total, them_total) = ROUNDS[0]
    fields = {name: hidden(form, name) for name in ("csrfmiddlewaretoken", "version")}
    fields.update(went_out=went_out, **{f"t0-{k}": v for k, v in us.items()}, **{f"t1-{k}": v for k, v in them.items()})
    status, headers, _ = scorekeeper.post(a, form_path, fields)
    assert (status, headers["Location"]) == (302, f"/t/{table.token}/")
    assert Round.objects.filter(game=table.game).count() == 1

    status, _, after = organiser.get(b, night_page)
    assert status == 200 and "Round 1 of 4 entered" in after and after.count("Not started") == 1
    assert f'<span class="num night-team-total">{us_total:,}</span>' in after
    assert f'<span class="num night-team-total">{them_total:,}</span>' in after
