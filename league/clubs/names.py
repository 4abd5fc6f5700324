"""A player's name as the roster keeps it, however it was typed, pasted or imported: one function
for every way a name comes in (the roster form, check-in's "add", a substitute's new name, a
results or roster workbook), so that "Ann" and "Ann" with an invisible character after it are
one player, not two."""

from __future__ import annotations

import unicodedata


def clean_name(text: str) -> str:
    """``text`` as a name: in Unicode's composed form (NFC: an "é" typed as "e" and an accent is
    the "é" typed at once), without invisible format characters (zero-width spaces and joiners,
    direction marks, soft hyphens: Unicode's category Cf) or control characters, its spaces
    collapsed to one and none at either end."""
    kept = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category == "Cf":
            continue
        kept.append(" " if category == "Cc" else char)
    return " ".join("".join(kept).split())
