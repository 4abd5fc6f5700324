"""The night page's shared reads kept in the cache (``league.kept``): its sittings with their tables
(``selectors.night_page``) and its latest changes (``history.night_history``), the expensive part of
a page that the live part (static/js/live.js) asks for every few seconds from every open screen.

Kept under a fingerprint of everything they are worked out from, one query made on every read
(``night_fingerprint``), so that a round saved at any table shows on the next refresh. Only what is
the same for every member is kept: the table links, the organiser's buttons and the forms' CSRF
tokens are added by the view on each request, from the member's role.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db.models import Count, Max, OuterRef, QuerySet, Subquery
from django.template.loader import render_to_string
from django.utils import timezone, translation

from league import models as league_models
from league.kept import code_version, fingerprint, kept
from league.models import Agreement, Attendance, Bye, Night, Player, Seat, Sitting, Table
from league.nights import history, selectors
from scoresheet import models as scoresheet_models
from scoresheet.games import early
from scoresheet.games import history as scoresheet_history
from scoresheet.games.history import HistoryEntry
from scoresheet.models import Game, Round, Team

TABLE = "league/_night_table.html"

# What works the kept reads out, and the models they are kept as (a release that changes a model does
# not read the instances the old one kept).
_CODE = code_version(
    [
        __file__,
        selectors.__file__,
        history.__file__,
        scoresheet_history.__file__,
        early.__file__,
        league_models.__file__,
        scoresheet_models.__file__,
        Path(settings.BASE_DIR) / "templates" / TABLE,
    ]
)


def night_page(*, night: Night, stamp: str) -> selectors.NightPage:
    """``selectors.night_page``, kept while ``stamp`` (``night_fingerprint``) stays the same."""
    key = f"night-page:{night.pk}:{translation.get_language()}"
    page = kept(key, stamp, lambda: _kept_tables(selectors.night_page(night=night)))
    page.night = night  # the night the view read, not the copy kept with the page
    return page


@dataclass
class KeptTable:
    """A table of the night page as kept: the part every member sees alike rendered once (``html``,
    from TABLE: its teams, totals, status and agreement), and what the view adds to it per request
    (its link, when it was last heard from, the organiser's button). Its table and game are bare
    rows: the teams, seats and players behind ``html`` are not kept (unpickled on every view, they
    were most of the time a kept page took, and grow with the night's tables)."""

    html: str
    status: str
    last_heard: datetime | None
    rounds_played: int
    table: Table
    game: Game


def _kept_tables(page: selectors.NightPage) -> selectors.NightPage:
    """``page`` with each of its tables as kept (``KeptTable``)."""
    for row in page.sittings:
        row.tables = [_kept_table(table, page.night) for table in row.tables]
    return page


def _kept_table(row: selectors.TableRow, night: Night) -> KeptTable:
    html = render_to_string(TABLE, {"t": row, "night": night})
    table, game = row.table, row.game
    return KeptTable(
        html,
        row.status,
        row.last_heard,
        row.rounds_played,
        _bare(table, "id", "sitting_id", "number", "token", "left_out"),
        _bare(game, "id", "status"),  # Game() would make up new secret addresses, kept for nothing
    )


def _bare(row, *fields: str):
    """``row`` with only ``fields`` read (the rest deferred) and nothing related to it."""
    model = type(row)
    names = [field.attname for field in model._meta.concrete_fields if field.attname in fields]  # in their order
    return model.from_db(row._state.db, names, [getattr(row, name) for name in names])


def night_history(*, night: Night, latest: int, stamp: str) -> list[HistoryEntry]:
    """The ``latest`` changes of ``history.night_history``, kept while ``stamp`` (``night_fingerprint``)
    stays the same: in the reader's language and time zone, and worked out again the next day
    ("at 21:04" says today)."""
    zone = timezone.get_current_timezone_name()
    key = f"night-history:{night.pk}:{latest}:{translation.get_language()}:{zone}"
    today = f"{stamp}:{timezone.localdate().isoformat()}"
    return kept(key, today, lambda: history.night_history(night=night, latest=latest))


# The history rows of each kind, as plain querysets: ``Model.history`` makes a new manager class on
# each use (simple-history), ten times the cost of the query it would read here.
_HISTORY = {
    model: model.history.model._default_manager
    for model in (Night, Sitting, Table, Round, Team, Seat, Bye, Agreement, Player)
}


def night_fingerprint(*, night: Night) -> str:
    """What the night page's kept reads are worked out from, as one short text; one query.

    Every change goes through the services, which save row by row and so write a history row
    (``scoresheet.models.audited``) for each: the latest history row of each kind at the night
    changes with any change to it. Beside them: its games' latest save (a game finished or
    reopened), the players here tonight, the club's players' names (a rename, a merge), and the
    night's variant (its rules say the rounds and decks of a table)."""
    read = _fingerprint_query().filter(pk=night.pk).get()
    variant = {"variant": night.variant_id, "variant_changed": night.variant.updated_at}
    return fingerprint(_CODE, read | variant)


@cache
def _fingerprint_query() -> QuerySet:
    """What ``night_fingerprint`` reads of a night, before the night is chosen: built once, since
    building its eleven subqueries took ten times as long as running them."""
    at_tables = "game__table__sitting__night"
    latest = {
        "night": _latest(_HISTORY[Night], "id"),
        "sittings": _latest(_HISTORY[Sitting], "night"),
        "tables": _latest(_HISTORY[Table], "sitting__night"),
        "rounds": _latest(_HISTORY[Round], at_tables),
        "teams": _latest(_HISTORY[Team], at_tables),
        "seats": _latest(_HISTORY[Seat], f"team__{at_tables}"),
        "byes": _latest(_HISTORY[Bye], "sitting__night"),
        "agreements": _latest(_HISTORY[Agreement], f"team__{at_tables}"),
        "players": _latest(_HISTORY[Player], "club", OuterRef("club_id")),
        "games": _aggregate(Game.objects, "table__sitting__night", Max("updated_at")),
        "present": _aggregate(Attendance.objects.filter(present=True), "night", Count("id")),
    }
    return Night.objects.values(**{f"latest_{name}": value for name, value in latest.items()})


def _latest(rows, of: str, outer=None) -> Subquery:
    """The latest history row (the largest ``history_id``) of ``rows`` of the night (``of`` leads
    from a row to it), or of ``outer``."""
    return _aggregate(rows, of, Max("history_id"), outer)


def _aggregate(rows, of: str, value, outer=None) -> Subquery:
    """``value`` over the ``rows`` of the night the outer query reads (``of`` leads from a row to
    it), or of ``outer``, as a subquery of one row (none, read as null, when there are no rows)."""
    rows = rows.filter(**{of: outer or OuterRef("pk")}).order_by().values(of)
    return Subquery(rows.annotate(value=value).values("value")[:1])
