"""Pages at a secret address are not kept: whatever a play, share or table link opens
(/g/<token>/…, /s/<token>/…, /t/<token>/…, scoresheet.addresses.doors), a wrong link's "not found"
included, is sent with ``Cache-Control: no-store``, so no browser cache or proxy keeps a copy
of the page (and its address) for the next person at a shared phone or computer to find. A club
member's address (/games/<id>/) is no secret: its pages are cached as any signed-in page is.
"""

from __future__ import annotations

from django.utils.cache import add_never_cache_headers

from scoresheet.addresses import doors


class NoStoreAtSecretAddresses:
    """Middleware (settings.MIDDLEWARE): ``no-store`` on every answer of a door whose key is a secret."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        match = request.resolver_match  # set once the address is resolved, a 404 raised by the page too
        door = match.kwargs.get("door") if match is not None else None
        if door is not None and doors.get(door).visitor != doors.MEMBER:
            add_never_cache_headers(response)
        return response
