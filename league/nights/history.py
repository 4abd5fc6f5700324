"""A night's history in plain words (the audit trail of scoresheet.games.history, read for a night):
created, sittings drawn and taken back, seats swapped, substitutes, rounds corrected or undone
at its tables, tables settled by the organiser before closing, closing, deleting and restoring.
A fixed number of queries however long the night; the night page reads only the latest
changes (``latest``), the night's history page all of them.
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from django.db.models import Q
from django.utils.translation import gettext, gettext_noop

from league.models import Agreement, Bye, Night, Seat, Sitting, Table
from scoresheet.display import said
from scoresheet.games.history import ROUND_PHRASES, HistoryEntry, _at, _totals, _who, undo_text
from scoresheet.models import Round, Team, TeamRound

NIGHT_ACTIONS = {
    "night_created": gettext_noop("Night created"),
    "night_closed": gettext_noop("Night closed"),
    "night_deleted": gettext_noop("Night deleted"),
    "night_restored": gettext_noop("Night restored"),
    "night_screen_set": gettext_noop("Room screen changed"),
}
SEAT_ACTIONS = ("seats_swapped", "seat_substituted")


# What an entry reads of a history row (``_entry``): the rest (a game's rules, a round's entries and
# warnings as JSON) is not read for the latest changes of a busy night.
ENTRY_FIELDS = (
    "history_id",
    "history_date",
    "history_type",
    "history_change_id",
    "history_change_reason",
    "history_undoes",
    "history_via",
    "history_user__username",
)

NIGHT_PAGE_CHANGES = 30


class TeamTotal(NamedTuple):
    """What ``_totals`` reads of a team's round total in the history (not the whole row)."""

    history_type: str
    team_id: int
    total: int  # the night page shows this many of the latest changes, and links to the rest


def night_history(*, night: Night, latest: int | None = None, before=None) -> list[HistoryEntry]:
    """The night's changes, newest first: all of them, or the ``latest`` few made at or ``before``
    a moment (a page of the history; a busy night corrects hundreds of rounds: only the round
    changes grow with it, and only the page's are read)."""
    entries = (
        _night_rows(night)
        + _sitting_rows(night)
        + _seat_changes(night)
        + _round_changes(night, latest, before)
        + _settled(night)
    )
    if before is not None:
        entries = [entry for entry in entries if entry.when <= before]
    return sorted(entries, key=lambda e: e.when, reverse=True)[:latest]


def _entry(row, phrase: str, details=(), when=None) -> HistoryEntry:
    when = when or row.history_date
    who = _who(row)
    text = undo_text(phrase, who, _at(when)) if row.history_undoes else f"{phrase}{who} {_at(when)}"
    return HistoryEntry(when=when, text=text, details=list(details), reason=row.history_change_reason or "")


def _night_rows(night) -> list[HistoryEntry]:
    rows = Night.history.filter(id=night.pk).select_related("history_user")
    return [
        _entry(
            row,
            gettext(
                NIGHT_ACTIONS.get(row.history_action)
                or (gettext_noop("Night created") if row.history_type == "+" else gettext_noop("Night changed"))
            ),
        )
        for row in rows
        if row.history_type == "+" or row.history_action in NIGHT_ACTIONS
    ]


def _sitting_rows(night) -> list[HistoryEntry]:
    rows = Sitting.history.filter(night_id=night.pk, history_type__in=["+", "-"]).select_related("history_user")
    return [
        _entry(
            row,
            (gettext("Sitting %(n)s drawn") if row.history_type == "+" else gettext("Sitting %(n)s taken back"))
            % {"n": row.number},
        )
        for row in rows
    ]


def _seat_changes(night) -> list[HistoryEntry]:
    """Swaps and substitutes: the teams as they became, who took whose seat, who sits out now."""
    teams = list(
        Team.history.filter(history_action__in=SEAT_ACTIONS, game__table__sitting__night=night)
        .select_related("history_user", "game__table__sitting")
        .order_by("history_date", "history_id")
    )
    if not teams:  # no swap nor substitute (most nights): no seat or bye of one to read
        return []
    seats = Seat.history.filter(
        history_action="seat_substituted", history_type="~", team__game__table__sitting__night=night
    ).select_related("player", "replaced")
    byes = Bye.history.filter(history_action="seats_swapped", history_type="~", sitting__night=night).select_related(
        "player"
    )
    substitutes = {
        row.history_change_id: (
            gettext("%(player)s took %(left)s's seat from round %(n)s (%(left)s played the rounds before)")
            if row.from_round > 1
            else gettext("%(player)s took %(left)s's seat")
        )
        % {"player": row.player.name, "left": row.replaced.name, "n": row.from_round}
        for row in seats
        if row.replaced
    }
    out = defaultdict(list)
    for row in byes:
        out[row.history_change_id].append(gettext("%(player)s sits out") % {"player": row.player.name})
    changes: dict = {}
    for row in teams:
        changes.setdefault(row.history_change_id, []).append(row)
    entries = []
    for change_id, rows in changes.items():
        first = rows[0]
        table = first.game.table
        if first.history_action == "seat_substituted":
            phrase = gettext("A substitute at Table %(table)s, sitting %(sitting)s") % {
                "table": table.number,
                "sitting": table.sitting.number,
            }
            details = [substitutes.get(change_id) or gettext("Now %(team)s") % {"team": first.name}]
        else:
            phrase = gettext("Seats swapped in sitting %(n)s") % {"n": table.sitting.number}
            rows = sorted(rows, key=lambda row: (row.game.table.number, row.position))
            tables = [gettext("Table %(n)s") % {"n": row.game.table.number} for row in rows]
            details = [said(table, row.name) for table, row in zip(tables, rows)] + out[change_id]
        entries.append(_entry(first, phrase, details, when=max(row.history_date for row in rows)))
    return entries


def _round_changes(night, latest: int | None = None, before=None) -> list[HistoryEntry]:
    """Rounds corrected, removed or put back by an undo at the night's tables (entering a round is
    the table's ordinary play: its game page lists those); the ``latest`` few if given. The games'
    rules snapshots are not read."""
    changes = Round.history.filter(game__table__sitting__night=night)
    if before is not None:
        changes = changes.filter(history_date__lte=before)
    rows = list(
        changes.filter(~Q(history_type="+") | Q(history_undoes__isnull=False))
        .select_related("history_user", "game__table__sitting")
        .only(*ENTRY_FIELDS, "number", "game__table__number", "game__table__sitting__number")
        .order_by("-history_date", "-history_id")[:latest]
    )[::-1]  # oldest first, as the entries of one moment have always been listed
    if not rows:
        return []
    team_rows = TeamRound.history.filter(history_change_id__in=[row.history_change_id for row in rows])
    by_change = defaultdict(list)
    for change_id, *values in team_rows.values_list("history_change_id", "history_type", "team_id", "total"):
        by_change[change_id].append(TeamTotal(*values))
    teams = Team.objects.filter(game__table__sitting__night=night).values_list("pk", "name", "position")
    names, order = {}, {}
    for pk, name, position in teams:
        names[pk], order[pk] = name, position
    entries = []
    for row in rows:
        table = row.game.table
        phrase = gettext("Table %(table)s, sitting %(sitting)s: %(what)s") % {
            "table": table.number,
            "sitting": table.sitting.number,
            "what": (gettext(ROUND_PHRASES[row.history_type]) % {"n": row.number}).lower(),
        }
        entries.append(_entry(row, phrase, _totals(by_change[row.history_change_id], names, order)))
    return entries


SETTLED = {  # the words of league.results.settlement
    "game_finished": gettext_noop("finished as it stands"),
    "result_confirmed": gettext_noop("confirmed by the organiser"),
}


def _rounds_of(what: str, table) -> str:
    """ "finished as it stands (round 3 of 4)": the rounds played when the organiser finished it."""
    if table.settled_rounds_due:
        rounds = gettext("round %(n)s of %(of)s") % {"n": table.settled_rounds, "of": table.settled_rounds_due}
    else:
        rounds = gettext("after round %(n)s") % {"n": table.settled_rounds}
    return f"{what} ({rounds})"


def _settled(night) -> list[HistoryEntry]:
    """The tables the organiser settled before closing, in the words of the record (left out,
    finished as it stands, confirmed by the organiser): one entry each, with who and its reason."""
    left_out = Table.history.filter(history_action="table_left_out", sitting__night=night, history_type="~")
    confirmed = Agreement.history.filter(history_action__in=list(SETTLED), team__game__table__sitting__night=night)
    entries = [
        _settled_entry(
            row,
            gettext("Table %(table)s, sitting %(sitting)s: %(what)s")
            % {"table": row.number, "sitting": row.sitting.number, "what": gettext("left out")},
        )
        for row in left_out.select_related("history_user", "sitting")
    ]
    seen = set()
    for row in confirmed.select_related("history_user", "team__game__table__sitting"):
        if row.history_change_id not in seen:
            seen.add(row.history_change_id)
            table = row.team.game.table
            what = gettext(SETTLED[row.history_action])
            if row.history_action == "game_finished" and table.settled_rounds is not None:
                what = _rounds_of(what, table)
            phrase = gettext("Table %(table)s, sitting %(sitting)s: %(what)s") % {
                "table": table.number,
                "sitting": table.sitting.number,
                "what": what,
            }
            entries.append(_settled_entry(row, phrase))
    return entries


def _settled_entry(row, phrase: str) -> HistoryEntry:
    """ "Table 2, sitting 1: confirmed by the organiser (olga) at 21:04", with the reason."""
    user = row.history_user.get_username() if row.history_user_id else ""
    text = f"{phrase} ({user}) {_at(row.history_date)}" if user else f"{phrase} {_at(row.history_date)}"
    return HistoryEntry(when=row.history_date, text=text, reason=row.history_change_reason or "")
