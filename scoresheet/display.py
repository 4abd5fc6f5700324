"""How numbers and words are shown to players: on pages, in messages and on paper."""

from __future__ import annotations

import re
from functools import cache

from django.utils import formats, translation
from django.utils.formats import date_format
from django.utils.translation import gettext, pgettext_lazy


@cache
def _separators(language: str | None) -> dict[int, str] | None:
    """How the language writes "," and "." of "1,234.5" (Django's formats); None when as English."""
    with translation.override(language):
        thousands, decimal = formats.get_format("THOUSAND_SEPARATOR"), formats.get_format("DECIMAL_SEPARATOR")
    return None if (thousands, decimal) == (",", ".") else str.maketrans({",": thousands, ".": decimal})


def thousands_separator() -> str:
    """The active language's: "," in English, a no-break space in French (Django's formats)."""
    table = _separators(translation.get_language())
    return table[ord(",")] if table else ","


def localized(text: str) -> str:
    """Digits written the English way ("12,345.50") as the active language writes them ("12 345,50")."""
    table = _separators(translation.get_language())
    return text.translate(table) if table else text


def fmt(n: int) -> str:
    """5000 → "5,000" in English, "5 000" in French; -1000 → "−1,000" (a real minus sign, as
    printed sheets do, in both)."""
    digits = localized(f"{abs(n):,}")
    return f"−{digits}" if n < 0 else digits


def typed(n: int) -> str:
    """A number a message gives back as it was entered: in English as typed ("1001", "-5": the
    score_game contract's words), in another language as it writes numbers ("1 001", "−5")."""
    return fmt(n) if _separators(translation.get_language()) else str(n)


def signed(n: int) -> str:
    """500 → "+500", -100 → "−100", 0 → "0"."""
    return f"+{fmt(n)}" if n > 0 else fmt(n)


def plural(label: str, count: int) -> str:
    return label if count == 1 else f"{label}s"


def said(who: str, what: str) -> str:
    """ "Us: 22 clean books …", a message with whom or what it is about, in the page's language ("Nous : …")."""
    return gettext("%(who)s: %(what)s") % {"who": who, "what": what}


def join_and(parts: list[str]) -> str:
    """["a", "b", "c"] → "a, b and c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + gettext(" and ") + parts[-1]


# Dates on pages, in the reader's language: the formats are translated like every other string
# ("24 Nov 2026" in English, "24 nov. 2026" in French), as the printed sheets' are.
DAY_FORMATS = {
    "": pgettext_lazy("a short date's format (Django's date tags)", "j M Y"),
    "no year": pgettext_lazy("a day and month's short format (Django's date tags)", "j M"),
    "short year": pgettext_lazy("a short date with two year digits (Django's date tags)", "j M y"),
    "time": pgettext_lazy("a short date and time's format (Django's date tags)", "j M Y, H:i"),
    "weekday": pgettext_lazy("a weekday, day and month's short format (Django's date tags)", "D j M"),
}


def day(value, kind: str = ""):
    """``{{ night.date|day }}`` "6 Oct 2026" / "6 oct. 2026"; ``|day:"no year"`` "6 Oct" / "6 oct.";
    ``|day:"time"`` with the time; ``|day:"weekday"`` "Tue 6 Oct" / "mar. 6 oct."."""
    if value in (None, ""):
        return ""
    return date_format(value, str(DAY_FORMATS[kind]))


# A club night's game is named "Table 2, sitting 1" when it is made (league.nights.services and the
# results import): a key in English, as every game made so far keeps it, shown in the reader's language.
TABLE_GAME = "Table {table}, sitting {sitting}"
_TABLE_GAME = re.compile(r"Table (\d+), sitting (\d+)")


def game_name(name: str, pk: int | None) -> str:
    """A game's name as shown: as typed; a club night's "Table 2, sitting 1" in the reader's language
    ("Table 2, tour 1"); "Game 12" ("Partie 12") when it has none."""
    table = _TABLE_GAME.fullmatch(name or "")
    if table:
        return gettext("Table %(table)s, sitting %(sitting)s") % {"table": table[1], "sitting": table[2]}
    return name or gettext("Game %(n)s") % {"n": pk}


# A team's players text, when a substitute came in mid-game (league.nights.services._rename_teams):
# "Ann & Bob (Cleo from round 3, for Bob)", kept in English as it was always written.
SUBSTITUTE = "{player} from round {round}, for {left}"
_PLAYERS_WITH_SUBSTITUTES = re.compile(r"(?s)(.*) \((.+)\)")
_SUBSTITUTE = re.compile(r"(?s)(.+) from round (\d+), for (.+)")


def players_shown(players: str) -> str:
    """A team's players text in the reader's language: "Ann & Bob (Cleo à partir de la manche 3, pour
    Bob)"; any other text as typed."""
    whole = _PLAYERS_WITH_SUBSTITUTES.fullmatch(players or "")
    came = [_SUBSTITUTE.fullmatch(part) for part in whole[2].split("; ")] if whole else []
    if not came or not all(came):
        return players
    said = [
        gettext("%(player)s from round %(round)s, for %(left)s") % {"player": m[1], "round": m[2], "left": m[3]}
        for m in came
    ]
    return f"{whole[1]} ({'; '.join(said)})"


# French elides "de" before a vowel or a mute h: "le classement d’Automne 2026", "à la place d’Anne".
# A name is not known to the catalogue, so the sentence is put right once the name is in it. An h
# is taken as mute before an accented vowel (Hélène, Hervé is not: "de Hervé" stays, as is also said).
_VOWELS = "aeiouyàâäéèêëîïôöùûüÿœæ"


def elides(name: str) -> bool:
    """Whether French writes "d’" before ``name`` rather than "de "."""
    first, second = name[:1].casefold(), name[1:2].casefold()
    return first in _VOWELS or (first == "h" and second in "àâäéèêëîïôöùûü" and second != "")


def elided(text: str, *names: str) -> str:
    """``text`` (a sentence in the page's language) with "de Anne" made "d’Anne" for each of
    ``names`` that follows "de" in it, in French; any other language's text as it is."""
    if not (translation.get_language() or "").startswith("fr"):
        return text
    for name in names:
        if name and elides(name):
            text = re.sub(r"\b([Dd])e " + re.escape(name), lambda m, name=name: f"{m[1]}’{name}", text)
    return text


# A game's final score entered whole (league.exchange.imports: one round of one adjustment a team):
# the adjustment's label, kept in English as every import wrote it, shown in the reader's language.
IMPORTED_SCORE = "Final score (imported)"


def adjustment_label(label: str) -> str:
    """An adjustment's label as shown: the import's in the reader's language, any other as typed."""
    return gettext("Final score (imported)") if label == IMPORTED_SCORE else label
