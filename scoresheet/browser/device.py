"""The games this device (browser) started or was handed, kept in its session: the home page
lists only those, and the club games of a signed-in member (never every game on the server).

The session keeps game ids, the latest first; the addresses themselves are read from the
database, so a renewed token is never shown stale. static/js/my_games.js keeps a small list
of addresses in the browser as well, for after the session cookie is gone.
"""

from __future__ import annotations

import secrets

SESSION_KEY = "bookkeeper_games"
# Enough for a season of evenings; the oldest is forgotten first.
KEEP = 100


def remember(request, game) -> None:
    """Note ``game`` as one of this device's games (at the front of the list; a game already
    there stays where it is, so opening it again writes nothing)."""
    ids = game_ids(request)
    if game.pk not in ids:
        request.session[SESSION_KEY] = [game.pk, *ids][:KEEP]


def game_ids(request) -> list[int]:
    """This device's games' ids, the latest first (junk in the session is ignored)."""
    ids = request.session.get(SESSION_KEY, [])
    if not isinstance(ids, list):
        return []
    return [pk for pk in ids if isinstance(pk, int)]


DEVICE_KEY = "bookkeeper_device"


def device_id(request) -> str:
    """This device's own name: a random text kept in its session, made the first time it is asked
    for. It tells one phone from another (a team at a night's table agrees from its own phone),
    not who holds it: a new private window is a new device."""
    name = request.session.get(DEVICE_KEY)
    if not isinstance(name, str) or not name:
        name = request.session[DEVICE_KEY] = secrets.token_urlsafe(16)
    return name
