"""One shape for a problem, wherever it is found: a rules document, a round, an uploaded sheet.

A ``Problem`` is a message and where it is. Each part of "where" is optional, and a
problem sets only the parts that mean something for it:

- a rules document: ``field`` is the dotted path, "meld_schedule.bands[1].from";
- a round (scoring, the round form, the score_game contract): ``round``, ``team`` and the
  entry ``field``, with ``key`` the book kind, extra or card class it is about;
- a spreadsheet (the results and roster imports, ``league.exchange.workbooks``): ``sheet``, ``row`` and ``column``.

A refused write or import raises ``Refused`` (or a kind of it: ``RoundInvalid``, ``LeagueError``,
the workbooks' ``Refused``) carrying its problems. Each public surface turns problems into its own
shape, in one function each: ``game_json.errors_json`` for the score_game contract
({"round", "team", "field", "message"}), ``workbooks.errors_json`` for import_results ({"sheet",
"row", "column", "message"}); two public contracts, kept as they are. This module knows neither.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass

from django.utils.translation import gettext


@dataclass(frozen=True)
class Problem:
    """An error or warning. Only the message is positional: where it is is always named."""

    message: str
    _: KW_ONLY
    round: int | None = None  # 1-based
    team: int | None = None  # index into the game's teams
    row: int | None = None  # as the spreadsheet shows it (1-based)
    column: str | None = None  # a spreadsheet column's heading
    sheet: str | None = None  # a spreadsheet's sheet name
    field: str | None = None  # an entry field, or a dotted rules path
    key: str | None = None  # the book kind, extra or card class the problem is about


def problem_line(problem: Problem, team_names: Sequence[str] = ()) -> str:
    """One line for a person, in the active language: "Round 2, Them, melded_points: …" or
    "meld_schedule.basis: …"."""
    where = []
    if problem.sheet:
        where.append(problem.sheet)
    if problem.row is not None:
        where.append(gettext("row %(n)s") % {"n": problem.row})
    if problem.column:
        where.append(problem.column)
    if problem.round is not None:
        where.append(gettext("Round %(n)s") % {"n": problem.round})
    if problem.team is not None:
        known = problem.team < len(team_names)
        where.append(team_names[problem.team] if known else gettext("team %(n)s") % {"n": problem.team + 1})
    if problem.field:
        where.append(problem.field)
    if not where:
        return problem.message
    return gettext("%(who)s: %(what)s") % {"who": ", ".join(where), "what": problem.message}


class Refused(Exception):
    """A write or an import refused; ``problems`` says why, each with where it is (its text joins
    their messages). A plain message is one problem about nothing in particular."""

    def __init__(self, problems: str | Sequence[Problem]):
        self.problems = [Problem(problems)] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(problem.message for problem in self.problems))
