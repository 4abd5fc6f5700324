"""gunicorn's access log without the secrets in addresses.

gunicorn's access log writes the path and the Referer (the page a request came from) of every
request; this logger writes them with each token replaced by "…" (config.redaction: a game's,
a table link's, an invite's and a password reset's).

gunicorn.conf.py (read by gunicorn from the directory it starts in, as `make serve` does) names it.
"""

from __future__ import annotations

from gunicorn import glogging

from config.redaction import redact


class TokenRedactingLogger(glogging.Logger):
    """gunicorn's logger, whose access log lines name no token (see the module's docstring)."""

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) if isinstance(value, str) else value for key, value in atoms.items()}
