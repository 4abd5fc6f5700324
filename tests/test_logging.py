"""What the logs hold: a page that fails is logged with its traceback (settings.LOGGING, to
standard error: gunicorn's error log), naming its request; no log line names a token, a password
reset's included (the error log, gunicorn's access log, the README's nginx map)."""

from __future__ import annotations

import io
import logging
import re
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.test import Client

from config.gunicorn_logging import TokenRedactingLogger
from scoresheet.games import selectors, services
from scoresheet.models import Variant

README = Path(__file__).resolve().parent.parent / "README.md"
RESET_TOKEN = "cyv2jk-5d1c0b6a4f3e2d1c0b9a8f7e6d5c4b3a"
RESET_PATH = f"/accounts/reset/MQ/{RESET_TOKEN}/"


def test_gunicorns_access_log_names_no_password_reset_token():
    """The reset link sets the account's password: its token is redacted as a game's is, in the
    path and in the Referer; the account's part of the link stays (it is no secret)."""
    from gunicorn.config import Config

    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": RESET_PATH,
        "PATH_INFO": RESET_PATH,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": f"https://scores.example.org{RESET_PATH}",
        "REMOTE_ADDR": "10.0.0.1",
    }
    response = SimpleNamespace(status="302 Found", sent=0, headers=[])
    atoms = TokenRedactingLogger(Config()).atoms(response, SimpleNamespace(headers=[]), environ, timedelta(0))
    logged = " ".join(str(value) for value in atoms.values())
    assert RESET_TOKEN not in logged
    assert atoms["r"] == "POST /accounts/reset/MQ/…/ HTTP/1.1"
    assert atoms["f"] == "https://scores.example.org/accounts/reset/MQ/…/"
    # The page it redirects to, and the game addresses, as before.
    set_password = {**environ, "RAW_URI": "/accounts/reset/MQ/set-password/", "HTTP_REFERER": "/g/abc/rounds/2/"}
    atoms = TokenRedactingLogger(Config()).atoms(response, SimpleNamespace(headers=[]), set_password, timedelta(0))
    assert atoms["r"] == "POST /accounts/reset/MQ/…/ HTTP/1.1" and atoms["f"] == "/g/…/rounds/2/"


def readme_nginx_map() -> tuple[re.Pattern, str]:
    """The README's nginx map of a logged address, as a Python pattern and its replacement."""
    line = re.search(r'^\s*"~(\^\(\?<secret_prefix>.*)" "(.*)";$', README.read_text(), re.MULTILINE)
    assert line, "the README shows an nginx map that redacts addresses"
    pattern = line.group(1).replace("(?<", "(?P<")
    replacement = re.sub(r"\$(\w+)", r"\\g<\1>", line.group(2))
    return re.compile(pattern), replacement


@pytest.mark.parametrize(
    "address, logged",
    [
        (RESET_PATH, "/accounts/reset/MQ/…/"),
        (f"/g/{RESET_TOKEN}/rounds/2/?x=1", "/g/…/rounds/2/?x=1"),
        (f"/t/{RESET_TOKEN}", "/t/…"),
        (f"/p/{RESET_TOKEN}/claim/", "/p/…/claim/"),
        (f"/p/stop/{RESET_TOKEN}/", "/p/stop/…/"),
        ("/accounts/login/?next=/clubs/", "/accounts/login/?next=/clubs/"),
    ],
)
def test_the_readmes_nginx_map_redacts_the_password_reset_token_too(address, logged):
    pattern, replacement = readme_nginx_map()
    assert pattern.sub(replacement, address) == logged


def test_the_logs_name_no_link_of_a_results_email():
    """The player's page and "no more emails" open without a password: their tokens are secrets too."""
    from config.redaction import redact

    line = f"GET /p/{RESET_TOKEN}/ 200; POST /p/stop/{RESET_TOKEN}/ 200"
    assert redact(line) == "GET /p/…/ 200; POST /p/stop/…/ 200"


@pytest.fixture
def failing_game_page(monkeypatch, presets):
    """A game whose page fails: reading its sheet raises, as a bug would."""
    game = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Us", ""), services.TeamData("Them", "")],
    )

    def broken(**kwargs):
        raise ZeroDivisionError("a bug in reading the sheet")

    monkeypatch.setattr(selectors, "game_sheet", broken)
    return game


@pytest.mark.django_db
def test_a_page_that_fails_is_logged_with_its_traceback_and_its_request(failing_game_page, caplog, settings):
    assert settings.DEBUG is False
    game = failing_game_page
    errors = logging.getLogger("django.request")
    stderr = next(h for h in errors.handlers if isinstance(h, logging.StreamHandler))  # the configured one
    written = io.StringIO()
    old_stream = stderr.setStream(written)
    errors.addHandler(caplog.handler)  # the configured logger does not pass its records on to the root
    try:
        response = Client(raise_request_exception=False).get(
            f"/g/{game.token}/?from=/s/{game.share_token}/", headers={"X-Request-ID": "req-42"}
        )
    finally:
        errors.removeHandler(caplog.handler)
        stderr.setStream(old_stream)
    assert response.status_code == 500 and "Something went wrong" in response.content.decode()
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.levelno == logging.ERROR and record.exc_info[0] is ZeroDivisionError
    line = written.getvalue()
    assert line.startswith("[request req-42 GET /g/…/?from=/s/…/] ")
    assert "Traceback (most recent call last)" in line and "ZeroDivisionError: a bug in reading the sheet" in line
    assert game.token not in line and game.share_token not in line


@pytest.mark.django_db
def test_an_error_without_a_request_id_names_the_method_and_path_and_a_page_not_found_is_no_error(
    failing_game_page,
):
    game = failing_game_page
    stderr = next(h for h in logging.getLogger("django.request").handlers if isinstance(h, logging.StreamHandler))
    written = io.StringIO()
    old_stream = stderr.setStream(written)
    try:
        assert Client().get("/g/no-such-game/").status_code == 404
        assert written.getvalue() == ""
        assert Client(raise_request_exception=False).get(f"/g/{game.token}/").status_code == 500
    finally:
        stderr.setStream(old_stream)
    assert written.getvalue().startswith("[GET /g/…/] ") and game.token not in written.getvalue()
