"""What the reverse proxy says of a request (README, "Running it for a club": nginx in front).

Behind the proxy every request comes from 127.0.0.1; the visitor's own address is the one the
proxy adds at the end of X-Forwarded-For. Sign-in's rate limit (django-axes, settings) counts
failures by that address, so five wrong passwords from one visitor lock that visitor out, not
everyone.
"""

from __future__ import annotations

import ipaddress


def client_address(request) -> str | None:
    """The visitor's address as the proxy saw it: the last entry of X-Forwarded-For (the one the
    proxy adds; those before it are whatever the visitor sent, and could be made up), or the
    connection's own address without one (or with no address there)."""
    last = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return request.META.get("REMOTE_ADDR")
