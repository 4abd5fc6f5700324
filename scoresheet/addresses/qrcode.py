"""QR codes drawn as SVG for pages (segno): the game's play address, to hand it to another phone.

The SVG is inline markup with presentation attributes only (no style attribute), which the
content security policy allows; it scales with the box CSS gives it (a viewBox, no fixed size).
"""

from __future__ import annotations

from functools import lru_cache

import segno
from django.utils.safestring import SafeString, mark_safe


# Drawing a code takes 30-40 ms (segno tries eight masks in Python), more than the rest of a game
# page; the same address is drawn on every load of its page, so the markup is kept per address.
@lru_cache(maxsize=512)
def svg(text: str, *, title: str) -> SafeString:
    """``text`` as a QR code (error correction M, the quiet zone around it, black on white)."""
    code = segno.make(text, error="m", micro=False)
    # segno escapes the title; the rest is numbers and path data it writes itself.
    markup = code.svg_inline(scale=1, border=4, dark="#000", light="#fff", omitsize=True, title=title)
    return mark_safe(markup)  # noqa: S308 - built by segno from escaped text, not from raw input
