"""The site's own address, for the links that leave the screen: QR codes and links printed in a
table pack, the play address handed to another phone, an invite.

``settings.SITE_URL`` (from the environment) is the address phones open the site at, such as
http://192.168.1.20:8000 or https://scores.example.org. Unset, a link takes the address the
request came to, which on the organiser's own computer may be one that only that computer opens
(http://127.0.0.1:8000/): ``unreachable`` says so, and the pages that print links warn.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext

LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}


def absolute(request, path: str) -> str:
    """The full address of ``path`` (an absolute path, "/t/…/") as a phone should open it."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


def unreachable(url: str) -> bool:
    """Is ``url``'s host one that only the computer serving it can open (127.0.0.1, ::1, localhost)?"""
    host = (urlsplit(url).hostname or "").lower()
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def printed_links_warning(request) -> str:
    """What a page that prints links says when phones cannot open them; empty when they can."""
    base = absolute(request, "/")
    if not unreachable(base):
        return ""
    return gettext(
        "The printed links and QR codes start with %(base)s, an address only this computer can open: "
        "phones cannot. Set SITE_URL to the address phones reach this computer at (for example "
        "SITE_URL=http://192.168.1.20:8000), or start the site with HOST=0.0.0.0 make run and open it "
        "at that address before printing."
    ) % {"base": base}
