"""The site's own address, for the links that leave the screen: QR codes and links printed in a
table pack, the play address handed to another phone, an invite.

``settings.SITE_URL`` (from the environment) is the address phones open the site at, such as
http://192.168.1.20:8000 or https://scores.example.org. Unset, a link takes the address the
request came to; when that is one only the organiser's own computer opens (http://127.0.0.1:8000/)
and the site is served on the network (``HOST=0.0.0.0 make run``: ``settings.SERVED_ON``), it
takes this machine's network address instead. Otherwise ``unreachable`` says so, and the pages
that print links warn.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext

LOOPBACK_NAMES = {"localhost", "localhost.localdomain"}


def absolute(request, path: str) -> str:
    """The full address of ``path`` (an absolute path, "/t/…/") as a phone should open it."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    url = request.build_absolute_uri(path)
    if unreachable(url) and settings.SERVED_ON in ("0.0.0.0", "::") and (address := network_address()):
        parts = urlsplit(url)
        host = f"[{address}]" if ":" in address else address
        return parts._replace(netloc=f"{host}:{parts.port}" if parts.port else host).geturl()
    return url


@functools.cache
def network_address() -> str:
    """This machine's address on the network its default route leads to (the Wi-Fi a phone shares
    with it), or empty. A UDP socket "connected" to a private address sends nothing; it only picks
    the interface the system would use. A network with no route out (a club's own Wi-Fi without
    the internet) has none: then the first private address the machine's name has."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
    except OSError:
        return _named_address()
    return "" if ipaddress.ip_address(address).is_loopback else address


def _named_address() -> str:
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_DGRAM)
    except OSError:
        return ""
    addresses = [ipaddress.ip_address(info[4][0]) for info in found]
    return next((str(a) for a in addresses if a.is_private and not a.is_loopback and not a.is_link_local), "")


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
    if settings.SERVED_ON in ("0.0.0.0", "::"):  # served on the network, but this machine's address is unknown
        return gettext(
            "Phones cannot open these QR codes: they start with %(base)s, which only this computer opens, and "
            "this computer's network address could not be found. Set SITE_URL=http://ADDRESS:PORT (the "
            "address phones reach it at), start the site again, then print."
        ) % {"base": base}
    return gettext(
        "Phones cannot open these QR codes: they start with %(base)s, which only this computer opens. "
        "Start the site with HOST=0.0.0.0 make run (or set SITE_URL), then print."
    ) % {"base": base}
