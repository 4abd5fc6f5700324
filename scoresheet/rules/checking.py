"""A rules document checked field by field (plain Python, no database): ``Check`` collects every
problem it finds, each with its path as the field ("meld_schedule.bands[1].from"), instead of
stopping at the first; its helpers read a key of the wanted type and within the schema's bounds.
"""

from __future__ import annotations

import json
from typing import Any

from scoresheet.problems import Problem
from scoresheet.rules.schema import MAX_RULE_COUNT, MAX_RULE_POINTS, MIN_TEAMS

REQUIRED = ...  # Check.get's default: the key must be present
TYPE_NAMES = {str: "a text", bool: "true or false", list: "a list", dict: "an object"}
KEY_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")


def inside(path: str, key: str | int) -> str:
    """The path of a key or list index within ``path``: "red_threes" + "laid_value", "extras" + 0."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Check:
    """The problems found in a rules document so far, each with its path as the field."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(Problem(message, field=path))

    def get(self, section: Any, key: str, kind, *, path: str = "", default: Any = REQUIRED, nullable: bool = False):
        """``section[key]`` if it is of ``kind``; otherwise report it and give None (or the default)."""
        if not isinstance(section, dict):
            return None if default is REQUIRED else default
        if key not in section:
            if default is REQUIRED:
                self.fail(inside(path, key), "is required")
                return None
            return default
        value = section[key]
        if value is None and nullable:
            return None
        return self.typed(value, inside(path, key), kind)

    def typed(self, value: Any, path: str, kind):
        """``value`` if it is of ``kind`` (a type, "count", "points" or "requirement") and within its
        bounds; otherwise report it, None. An int is points, and may be negative."""
        whole = isinstance(value, int) and not isinstance(value, bool)
        if kind is int:
            if not whole:
                self.fail(path, f"must be a whole number, not {json.dumps(value)}")
                return None
            return self.bounded(value, path, -MAX_RULE_POINTS, MAX_RULE_POINTS)
        if kind in ("count", "points"):  # a number of books, cards …; points that only count against
            if not whole or value < 0:
                self.fail(path, f"must be a whole number of 0 or more, not {_shown(value)}")
                return None
            return self.bounded(value, path, 0, MAX_RULE_COUNT if kind == "count" else MAX_RULE_POINTS)
        if kind == "requirement":  # an opening-meld requirement: a number or a short text
            if not (whole or isinstance(value, str)) or value == "":
                self.fail(path, f"must be a number of points or a text, not {json.dumps(value)}")
                return None
            return self.bounded(value, path, -MAX_RULE_POINTS, MAX_RULE_POINTS) if whole else value
        if not isinstance(value, kind):
            self.fail(path, f"must be {TYPE_NAMES.get(kind, kind.__name__)}")
            return None
        return value

    def bounded(self, value: int, path: str, least: int, most: int) -> int | None:
        """``value`` if it is from ``least`` to ``most``; otherwise report it, None."""
        if least <= value <= most:
            return value
        if least == 0:
            self.fail(path, f"must be at most {most:,}, not {_shown(value)}")
        else:
            self.fail(path, f"must be between {least:,} and {most:,}, not {_shown(value)}")
        return None

    def valid_key(self, key: Any, path: str) -> bool:
        """Is ``key`` a usable key for a book kind or extra? Reports it when not."""
        if not isinstance(key, str) or not key or not set(key) <= KEY_CHARS:
            self.fail(path, f"must be a lower-case key such as 'clean', not {json.dumps(key)}")
            return False
        return True

    def objects(self, items: list, path: str, what: str = ""):
        """(path, item) for each object in the list at ``path``; an item that is not one is reported."""
        for index, item in enumerate(items):
            if isinstance(item, dict):
                yield inside(path, index), item
            else:
                self.fail(inside(path, index), f"must be an object{what}")

    def counts(self, value: Any, path: str) -> tuple[int, ...]:
        """A list of allowed numbers of teams or players (2 to 8); None = none allowed."""
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(path, "must be a list of numbers")
            return ()
        counts = []
        for index, item in enumerate(value):
            count = self.typed(item, inside(path, index), "count")
            if count is not None:
                if not MIN_TEAMS <= count <= 8:
                    self.fail(inside(path, index), "must be between 2 and 8")
                counts.append(count)
        return tuple(counts)

    def players_map(self, section: Any, key: str, *, path: str = "", low: int, high: int, what: str) -> dict[int, int]:
        """An object such as {"3": 7}: a player count → a whole number from low to high."""
        mapping = {}
        for players, number in (self.get(section, key, dict, path=path, default={}) or {}).items():
            if (
                small_number(players)
                and isinstance(number, int)
                and not isinstance(number, bool)
                and low <= number <= high
            ):
                mapping[int(players)] = number
            else:
                self.fail(inside(inside(path, key), players), f"must map a player count to {what}")
        return mapping


def _shown(value: Any) -> str:
    """A value for a message: a number of far too many digits is not spelt out."""
    text = json.dumps(value)
    if isinstance(value, int) and len(text) > 20:
        return f"a number of {len(text.lstrip('-')):,} digits"
    return text


def small_number(key: Any) -> bool:
    """Is ``key`` (an object's key: a number of players, a round) written as a number of 1 to 4 digits?"""
    text = str(key)
    return text.isascii() and text.isdigit() and len(text) <= 4
