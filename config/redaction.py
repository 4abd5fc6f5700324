"""What no log line may carry, and the formatter of the app's own log (settings.LOGGING).

A game's play and share tokens, a table link's, an invite's and a results email's links are in
the path (/g/<token>/, /s/<token>/, /t/<token>/, /invites/<token>/, /p/<token>/): a QR code, a
copied link and a page with no script all need them there. So is a password reset's, which sets the account's password
(/accounts/reset/<user>/<token>/: only the token is secret). Every log writes them with each
token replaced by "…": gunicorn's access log (config.gunicorn_logging) and the errors Django
logs (ErrorFormatter), so a log file handed to someone for a problem hands over no game and no
account.
"""

from __future__ import annotations

import logging
import re

# A secret path segment: the one after g/, s/, t/, invites/, p/ or p/stop/ (a results email's
# links to a player's page and to "no more emails"), or after accounts/reset/<user>/
# (up to the next /, ? or the end).
SECRET_SEGMENT = re.compile(r"(/(?:g|s|t|p/stop|p|invites|accounts/reset/[^/?#\s\"]+)/)[^/?#\s\"]+")


def redact(text: str) -> str:
    """``text`` with every secret path segment replaced by "…"."""
    return SECRET_SEGMENT.sub(r"\1…", text)


class ErrorFormatter(logging.Formatter):
    """A log record as text (its traceback included) with no token in it; a record of a request
    (Django's django.request carries it) names the request: its X-Request-ID when the proxy sends
    one (README: the nginx example), its method and path."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        request = getattr(record, "request", None)
        if hasattr(request, "method") and hasattr(request, "get_full_path"):
            request_id = request.headers.get("X-Request-ID", "")[:64]
            said = f"request {request_id} " if request_id else ""
            text = f"[{said}{request.method} {request.get_full_path()}] {text}"
        return redact(text)
