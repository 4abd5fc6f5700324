"""The language a printout speaks: a club's own (``Club.language``) for what it prints for its
players, else the language of the page it is asked from; a command's ``--language``, English
unless it says otherwise. JSON, workbooks and the commands' own messages stay English."""

from __future__ import annotations

from contextlib import AbstractContextManager

from django.conf import settings
from django.utils import translation


def codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def of_club(club) -> str:
    """The club's language when there is a club and Bookkeeper speaks it; else the active one (the page's)."""
    code = getattr(club, "language", None)
    return code if code in codes() else translation.get_language()


def printing_for(club) -> AbstractContextManager:
    """``with printing_for(club):`` renders a PDF in the club's language (``of_club``)."""
    return translation.override(of_club(club))
