"""A player's name as the roster keeps it, however it was typed, pasted or imported: one function
for every way a name comes in (the roster form, check-in's "add", a substitute's new name, a
results or roster workbook), so that "Ann" and "Ann" with an invisible character after it are
one player, not two."""

from __future__ import annotations

import functools
import unicodedata


def clean_name(text: str) -> str:
    """``text`` as a name: in Unicode's composed form (NFC: an "é" typed as "e" and an accent is
    the "é" typed at once), without invisible format characters (zero-width spaces and joiners,
    direction marks, soft hyphens: Unicode's category Cf) or control characters, its spaces
    collapsed to one and none at either end."""
    if text.isascii() and text.isprintable():  # most names: nothing to compose, drop or turn into a space
        return " ".join(text.split())
    kept = []
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category == "Cf":
            continue
        kept.append(" " if category == "Cc" else char)
    return " ".join("".join(kept).split())


# Letters that Unicode does not decompose into a base letter and an accent, written as a reader
# who types without them would: "aegir" finds Ægir, "doeuf" finds Dœuf, "lodz" finds Łódź.
_SPELLED_OUT = str.maketrans(
    {"æ": "ae", "œ": "oe", "ø": "o", "þ": "th", "ð": "d", "ß": "ss", "ł": "l", "đ": "d", "ħ": "h", "ı": "i"}
)


def search_key(text: str) -> str:
    """``text`` as a search compares it: case folded, accents dropped and the letters above
    spelled out, spaces collapsed ("Ægir Þórsson" → "aegir thorsson", "Jérôme Dœuf" → "jerome
    doeuf")."""
    lowered = " ".join(text.split()).casefold().translate(_SPELLED_OUT)
    decomposed = unicodedata.normalize("NFKD", lowered)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_SPELLED_OUT)


def finds(query: str, name: str) -> bool:
    """Does a search for ``query`` find ``name``? Each of its words is in the name, compared by
    ``search_key`` ("doeuf jer" finds Jérôme Dœuf). static/js/search_key.js is the same test in
    the browser, for the lists that narrow as one types."""
    words = search_key(query).split()
    key = search_key(name)
    return all(word in key for word in words)


@functools.cache
def _collator():
    import pyuca  # the Unicode Collation Algorithm's default table: read once, on the first sort

    return pyuca.Collator()


def sort_key(text: str) -> tuple:
    """``text``'s place in a list of names as a reader expects it (Unicode's collation: Bénédicte
    before Björn, Ægir among the A's, Østergaard among the O's), the exact text breaking ties."""
    return (_collator().sort_key(text), text)
