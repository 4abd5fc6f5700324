"""gunicorn's access log without the secrets in addresses.

A game's play and share tokens, a table link's and an invite's are in the path
(/g/<token>/, /s/<token>/, /t/<token>/, /invites/<token>/): a QR code, a copied link and a page
with no script all need them there. gunicorn's access log writes the path and the Referer (the
page a request came from) of every request; this logger writes them with each token replaced
by "…", so a log file handed to someone for a problem hands over no game.

gunicorn.conf.py (read by gunicorn from the directory it starts in, as `make serve` does) names it.
"""

from __future__ import annotations

import re

from gunicorn import glogging

# A secret path segment: the one after g/, s/, t/ or invites/ (up to the next /, ? or the end).
SECRET_SEGMENT = re.compile(r"(/(?:g|s|t|invites)/)[^/?#\s\"]+")


def redact(text: str) -> str:
    """``text`` with every secret path segment replaced by "…"."""
    return SECRET_SEGMENT.sub(r"\1…", text)


class TokenRedactingLogger(glogging.Logger):
    """gunicorn's logger, whose access log lines name no token (see the module's docstring)."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()}
