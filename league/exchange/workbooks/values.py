"""A cell's value as an import reads it (plain Python, no database): text, a date, a whole number,
and a name as the roster compares them. Each reader returns (value, message); the message says
what is wrong in the reader's language (English for the import command), or is empty.
"""

from __future__ import annotations

import re
from datetime import date as Date
from datetime import datetime
from functools import lru_cache

from django.utils.translation import gettext

from league.clubs.names import clean_name
from scoresheet.display import fmt, typed

MAX_DIGITS = 15  # a whole number in a cell: more digits is no score, table or game
WHOLE_NUMBER = re.compile(r"[+-]?(\d+|\d{1,3}(,\d{3})+)")
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """A name as the roster compares them: cleaned (league.clubs.names), without case. An import asks
    for each name several times (its row, its game, the roster): each is cleaned once."""
    return clean_name(name).casefold()


# Reading: the workbook, a sheet's header and rows


def as_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def as_date(value) -> tuple[Date | None, str]:
    if isinstance(value, datetime):
        return value.date(), ""
    if isinstance(value, Date):
        return value, ""
    text = as_text(value)
    if not text:
        return None, gettext("Give the night's date.")
    if ISO_DATE.fullmatch(text):
        try:
            return Date.fromisoformat(text), ""
        except ValueError:
            pass
    return None, gettext('"%(text)s" is not a date: give a date cell or text as YYYY-MM-DD.') % {"text": text}


def as_whole_number(value, *, least: int | None = None, most: int | None = None) -> tuple[int | None, str]:
    number = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip().replace("−", "-")):
        digits = value.strip().replace("−", "-").replace(",", "")
        if len(digits.lstrip("+-")) > MAX_DIGITS:  # int() would refuse 4,300 digits and more
            said = {"number": _shortened(digits), "most": MAX_DIGITS}
            return None, gettext("%(number)s has too many digits: %(most)s at most.") % said
        number = int(digits)
    if number is None:
        return None, gettext('"%(text)s" is not a whole number.') % {"text": _shortened(as_text(value))}
    if least is not None and number < least:
        said = {"number": _shortened(str(number)), "least": typed(least)}
        return None, gettext("%(number)s is too small: the least is %(least)s.") % said
    if most is not None and number > most:
        said = {"number": _shortened(str(number)), "most": fmt(most)}
        return None, gettext("%(number)s is too large: the most is %(most)s.") % said
    return number, ""


def _shortened(text: str) -> str:
    """A cell's text for a message: the first 20 characters of a long one."""
    return (
        text
        if len(text) <= 24
        else gettext("%(start)s… (%(n)s characters)") % {"start": text[:20], "n": fmt(len(text))}
    )


# The results workbook
