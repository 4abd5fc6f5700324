"""Hardened for the internet: the headers every page carries, `check --deploy` with production
settings, sign-in throttling, and no inline style or script anywhere (the CSP forbids them)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.django_db
def test_every_page_carries_the_security_headers(client):
    response = client.get("/")
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "camera=()" in response["Permissions-Policy"] and "geolocation=()" in response["Permissions-Policy"]


@pytest.mark.process
def test_check_deploy_passes_with_production_settings(tmp_path):
    env = {
        **{
            k: v
            for k, v in os.environ.items()
            if k not in ("DEBUG", "DATABASE_URL", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE")
        },
        "DEBUG": "0",
        "SECRET_KEY": "deploy-check-" + "x" * 50,
        "ALLOWED_HOSTS": "bookkeeper.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite3'}",
    }
    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


@pytest.mark.django_db
def test_repeated_wrong_passwords_lock_the_sign_in_and_are_logged(client, settings):
    User.objects.create_user("olga", password="the right password")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = client.post("/accounts/login/", {"username": "olga", "password": "wrong"})
        assert response.status_code == 200 and not response.wsgi_request.user.is_authenticated
    last = client.post("/accounts/login/", {"username": "olga", "password": "wrong"})
    assert last.status_code == 429  # the fifth failure locks
    locked = client.post("/accounts/login/", {"username": "olga", "password": "the right password"})
    assert locked.status_code == 429
    assert "Too many tries" in locked.content.decode()
    assert not locked.wsgi_request.user.is_authenticated
    # every try is logged, the one made while locked out too
    assert AccessAttempt.objects.get(username="olga").failures_since_start == settings.AXES_FAILURE_LIMIT + 1


@pytest.mark.django_db
def test_a_right_password_after_a_few_slips_signs_in_and_clears_the_count(client):
    User.objects.create_user("olga", password="the right password")
    for _ in range(2):
        client.post("/accounts/login/", {"username": "olga", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "olga", "password": "the right password"})
    assert response.status_code == 302
    assert not AccessAttempt.objects.filter(username="olga").exists()


def test_production_keeps_the_slow_password_hash():
    """The tests hash with MD5 for speed (tests/conftest.py); the settings a club runs on do not."""
    from django.conf import global_settings

    import config.settings as production

    hashers = getattr(production, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    assert hashers[0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    assert not any("MD5" in hasher for hasher in hashers)


INLINE = re.compile(r"""\sstyle=|<style|<script>|<script\s+(?![^>]*\bsrc=)|\son[a-z]+=""", re.I)


# Pages only: an email's HTML (templates/*/email/) is read by mail programs, which take no
# stylesheet and no content security policy, so its style is inline.
PAGES = sorted(str(p.relative_to(REPO)) for p in (REPO / "templates").rglob("*.html") if "email" not in p.parts)


def test_the_pages_checked_for_inline_style_leave_out_emails_only():
    emails = {str(p.relative_to(REPO)) for p in (REPO / "templates").rglob("*.html")} - set(PAGES)
    assert emails and all(path.startswith("templates/league/email/") for path in emails)


@pytest.mark.parametrize("template", PAGES)
def test_no_template_has_inline_style_or_script(template):
    text = (REPO / template).read_text()
    found = [m.group(0).strip() for m in INLINE.finditer(text)]
    assert found == [], f"{template}: {found} (the content security policy blocks inline style and script)"
