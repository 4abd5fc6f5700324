"""Tests' stand-in for "this device started these games": the session list the app keeps
(scoresheet.browser.device), filled as starting each game through the start form would fill it."""

from __future__ import annotations

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore

from scoresheet.browser import device


def _ids(games) -> list[int]:
    return [game.pk for game in reversed(list(games))]  # the latest started first, as device.remember


def hold(client, *games) -> None:
    """The test client's device holds ``games`` (besides those it already holds)."""
    session = client.session
    session[device.SESSION_KEY] = _ids(games) + list(session.get(device.SESSION_KEY, []))
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key


def hold_in_browser(context, base_url: str, *games) -> None:
    """A Playwright browser context's device holds ``games``: a session cookie for them."""
    session = SessionStore()
    session[device.SESSION_KEY] = _ids(games)
    session.create()
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": base_url}])
