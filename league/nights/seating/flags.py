"""The compromises of a drawn sitting, in words (plain Python, no database): players on their own,
repeat partners and opponents, byes.

A flag is kept language-neutral (``Flag.stored``: its kind and what it names, as the sitting
stores it) and told in the reader's language when shown (``flag_text``). A ``Flag`` is also its
English words, as the seating command prints them.
"""

from __future__ import annotations

import itertools

from django.utils import translation
from django.utils.translation import gettext, ngettext

from league.nights.seating.sittings import History, Pair, Sitting
from scoresheet.display import join_and

ALONE, PARTNERS, OPPONENTS, BYE, APART, NEW_PARTNERSHIP = "alone", "partners", "opponents", "bye", "apart", "new"


class Flag(str):
    """One compromise of a draw: its English words, with what it is and names (``stored``)."""

    stored: dict

    def __new__(cls, kind: str, **named) -> Flag:
        stored = {"kind": kind, **named}
        with translation.override("en"):
            flag = super().__new__(cls, flag_text(stored))
        flag.stored = stored
        return flag

    def __reduce__(self):  # copied or pickled from what it names, not from its words
        return (_flag, (self.stored,))


def _flag(stored: dict) -> Flag:
    return Flag(**stored)


def ordinal(n: int) -> str:
    """2 → "2nd" ("2e" in French: "la 2e fois")."""
    if (translation.get_language() or "").startswith("fr"):
        return "1re" if n == 1 else f"{n}e"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def flag_text(flag: dict | str) -> str:
    """A stored flag in the reader's language; words of no known flag (league migration 0020) as they are."""
    if not isinstance(flag, dict):
        return str(flag)
    kind = flag.get("kind")
    if kind == ALONE:
        return gettext("%(names)s play on their own at table %(table)s (the night allows tables without partners)") % {
            "names": join_and(flag["names"]),
            "table": flag["table"],
        }
    if kind in (PARTNERS, OPPONENTS):
        said = {"a": flag["a"], "b": flag["b"], "nth": ordinal(flag["time"])}
        if kind == PARTNERS:
            return gettext("repeat partners: %(a)s & %(b)s (%(nth)s time)") % said
        return gettext("repeat opponents: %(a)s & %(b)s (%(nth)s time)") % said
    if kind == BYE:
        return _bye_text(flag)
    if kind == APART:
        return _apart_text(flag)
    return gettext("new partnership: %(team)s") % {"team": " & ".join(flag["team"])}


def _bye_text(flag: dict) -> str:
    who, tonight, season = flag["who"], flag["tonight"], flag["season"]
    if tonight:
        said = {"who": who, "nth": ordinal(tonight + 1)}
        return gettext("%(who)s sits out this sitting, for the %(nth)s time tonight") % said
    if season:
        return ngettext(
            "%(who)s sits out this sitting: the first time tonight, after %(n)s time earlier this season",
            "%(who)s sits out this sitting: the first time tonight, after %(n)s times earlier this season",
            season,
        ) % {"who": who, "n": season}
    return gettext("%(who)s sits out this sitting: the first time tonight") % {"who": who}


def _apart_text(flag: dict) -> str:
    away = flag["away"]
    if away:
        why = ngettext("%(names)s not playing", "%(names)s not playing", len(away)) % {"names": " & ".join(away)}
    else:
        why = gettext("no table for this partnership")
    return gettext("partnership apart: %(team)s (%(why)s)") % {"team": " & ".join(flag["team"]), "why": why}


def is_bye_of(flag: dict | str, player_id: int, name: str) -> bool:
    """Whether ``flag`` is the one saying this player sits out: by the player's id, or by the name
    where the flag kept none (read from its words by league migration 0020)."""
    if not isinstance(flag, dict) or flag.get("kind") != BYE:
        return False
    return flag.get("id") == player_id if flag.get("id") is not None else flag.get("who") == name


def _who(p) -> dict:
    """A player as a flag names them: the name, and the roster id of a ``Who`` (an int)."""
    return {"who": str(p), "id": int(p) if isinstance(p, int) else None}


def sitting_flags(sitting: Sitting, history: History, past: History, planned: set[Pair] = frozenset()) -> list[Flag]:
    """Every compromise of a drawn sitting, in seating order; ``planned`` partner pairs are none."""
    flags = []
    for table in sitting.tables:
        if table.shape.individual:
            flags.append(Flag(ALONE, names=[str(p) for p in table.players], table=table.number))
    for table in sitting.tables:
        for team in table.teams:
            for a, b in itertools.combinations(team, 2):
                met = history.partners[Pair((a, b))]
                if met and Pair((a, b)) not in planned:
                    flags.append(Flag(PARTNERS, a=str(a), b=str(b), time=met + 1))
    for table in sitting.tables:
        for one, other in itertools.combinations(table.teams, 2):
            for a in one:
                for b in other:
                    met = history.opponents[Pair((a, b))]
                    if met:
                        flags.append(Flag(OPPONENTS, a=str(a), b=str(b), time=met + 1))
    for p in sitting.byes:
        flags.append(Flag(BYE, **_who(p), tonight=history.byes[p], season=past.byes[p]))
    return flags


def stored_flag(flag: Flag | str) -> dict | str:
    """What a sitting stores of a flag: its kind and what it names (words given as words, as they are)."""
    return flag.stored if isinstance(flag, Flag) else str(flag)
