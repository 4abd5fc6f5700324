"""Reads of a club night: who plays a sitting, the seating history a draw needs, the night page.

Every function reads a fixed number of queries, however many tables and players: seats and
byes are read in one query each and grouped here.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Prefetch, Q, Sum, prefetch_related_objects
from django.db.models.functions import Coalesce
from django.utils.translation import gettext, pgettext

from league.clubs.names import sort_key
from league.models import Attendance, Bye, KeptApart, Night, Seat, Sitting, Table
from league.nights import seating
from league.nights.seating.flags import flag_text
from league.results.querysets import is_agreed, team_agrees
from league.results.settlement import Settlement, settlement
from scoresheet.addresses import tokens
from scoresheet.games.early import mark_early
from scoresheet.models import Game, Team
from scoresheet.querysets import not_deleted


class Who(int):
    """A player as the seating code sees them: their roster id, printed by name (so the draw's
    flags read "repeat partners: Ann & Bob"). An int, so that the draw's millions of pair
    comparisons stay integer comparisons (a dataclass made a 60-player draw twice as slow)."""

    name: str

    def __new__(cls, pk: int, name: str) -> Who:
        who = super().__new__(cls, pk)
        who.name = name
        return who

    @property
    def pk(self) -> int:
        return int(self)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Who({int(self)}, {self.name!r})"


def players_for_sitting(*, night: Night, number: int) -> list[Who]:
    """The players present who can play sitting ``number`` (late arrivals from their sitting on)."""
    rows = (
        Attendance.objects.filter(night=night, present=True, from_sitting__lte=number)
        .order_by("player__name", "player_id")
        .values_list("player_id", "player__name")
    )
    return [Who(pk, name) for pk, name in rows]


def _drawn_sittings(seats: Q, byes: Q) -> dict[int, seating.Sitting]:
    """The sittings matching the filters as ``seating.Sitting``s, keyed by sitting id (two queries)."""
    teams: dict[int, dict[int, dict[int, list[Who]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    numbers: dict[int, int] = {}
    rows = (
        Seat.objects.filter(seats)
        .order_by("team__game__table__number", "team__position", "position")
        .values_list(
            "player_id",
            "player__name",
            "team__position",
            "team__game__table__number",
            "team__game__table__sitting_id",
            "team__game__table__sitting__number",
        )
    )
    for pk, name, team, table, sitting, number in rows:
        teams[sitting][table][team].append(Who(pk, name))
        numbers[sitting] = number
    bye_rows = Bye.objects.filter(byes).values_list("player_id", "player__name", "sitting_id", "sitting__number")
    byes: dict[int, list[Who]] = defaultdict(list)
    for pk, name, sitting, number in bye_rows:
        byes[sitting].append(Who(pk, name))
        numbers[sitting] = number
    return {
        sitting: seating.Sitting(
            number=number,
            tables=tuple(
                seating.Table(table, tuple(tuple(players) for _, players in sorted(by_team.items())))
                for table, by_team in sorted(teams[sitting].items())
            ),
            byes=tuple(byes[sitting]),
        )
        for sitting, number in numbers.items()
    }


def night_shapes(*, night: Night) -> list[seating.Shape]:
    """The tables the night allows: its own choice, else its season's, else partnership tables
    (a choice the variant no longer has falls back to that default)."""
    shapes = seating.table_shapes(night.variant.rules)
    try:
        return seating.parse_shapes(night.table_shapes or night.season.table_shapes, shapes)
    except ValueError:
        return seating.partnership_shapes(shapes)


def kept_apart(*, players: list[Who]) -> list[tuple[Who, Who]]:
    """The pairs among ``players`` the club keeps apart (one query)."""
    by_id = {p.pk: p for p in players}
    rows = KeptApart.objects.filter(first_id__in=by_id, second_id__in=by_id).values_list("first_id", "second_id")
    return [(by_id[a], by_id[b]) for a, b in rows]


def _history(drawn: dict[int, seating.Sitting]) -> seating.History:
    history = seating.History()
    for sitting in sorted(drawn.values(), key=lambda s: s.number):
        history = history.after(sitting)
    return history


def night_history(*, night: Night) -> seating.History:
    """Who partnered, opposed and sat out whom in this night's sittings so far."""
    return _history(_drawn_sittings(Q(team__game__table__sitting__night=night), Q(sitting__night=night)))


def season_history(*, night: Night) -> seating.History:
    """The same for the season's other nights, deleted ones left out (the draw avoids their repeats
    after the night's own)."""
    night_of_seat = "team__game__table__sitting__night__"
    others = Q(team__game__table__sitting__night__season_id=night.season_id) & not_deleted(night_of_seat)
    others &= ~Q(team__game__table__sitting__night=night)
    byes = Q(sitting__night__season_id=night.season_id) & not_deleted("sitting__night__") & ~Q(sitting__night=night)
    return _history(_drawn_sittings(others, byes))


def drawn_sitting(*, sitting: Sitting) -> seating.Sitting:
    drawn = _drawn_sittings(Q(team__game__table__sitting=sitting), Q(sitting=sitting))
    return drawn.get(sitting.pk, seating.Sitting(sitting.number, ()))


def first_partnerships(*, night: Night) -> list[tuple[Who, ...]]:
    """Fixed mode: the partnerships of the night's first sitting."""
    first = night.sittings.filter(number=1).first()
    return drawn_sitting(sitting=first).partnerships() if first else []


def table_winners(*, sitting: Sitting) -> dict[int, int]:
    """Each table's winning team (its index at the table); on a tie, the first of the tied teams."""
    teams = (
        Team.objects.filter(game__table__sitting=sitting)
        .annotate(score=Coalesce(Sum("entries__total"), 0))
        .order_by("game__table__number", "position")
        .values_list("game__table__number", "position", "score")
    )
    best: dict[int, tuple[int, int]] = {}
    for table, position, score in teams:
        if table not in best or score > best[table][1]:
            best[table] = (position, score)
    return {table: position for table, (position, _) in best.items()}


# The night page


@dataclass
class TableRow:
    """One table of a sitting as the night page shows it."""

    table: Table
    game: Game
    # each with .score (total so far), .seat_list (its seats, players read) and .seated ("Ann & Bob")
    teams: list[Team]
    rounds_played: int
    max_rounds: int | None
    winners: list[Team]
    decks: int = 0  # the decks the table needs, by the variant's rule (Hand and Foot: players + 1)

    @property
    def status(self) -> str:
        if self.game.is_finished:
            return "finished"
        return "playing" if self.rounds_played else "not started"

    @property
    def status_text(self) -> str:
        if self.game.is_finished:
            return pgettext("a game", "Finished")
        if not self.rounds_played:
            return pgettext("a game", "Not started")
        if self.max_rounds:
            return gettext("Round %(n)s of %(of)s entered") % {"n": self.rounds_played, "of": self.max_rounds}
        return gettext("Round %(n)s entered") % {"n": self.rounds_played}

    @property
    def agreed(self) -> bool:
        return is_agreed(self.table, self.game, self.teams)

    @property
    def last_heard(self) -> datetime | None:
        """When the table was last heard from: its game's latest save (a round entered or corrected,
        the game finished: ``Game.updated_at``) or a team's agreement; None before its first round.
        From what the night page read already: no query, and nothing is written when a page opens."""
        heard = [agreement.at for team in self.teams if (agreement := getattr(team, "agreement", None))]
        if self.rounds_played:
            heard.append(self.game.updated_at)
        return max(heard, default=None)

    @property
    def settlement(self) -> Settlement:
        """How its result was settled: agreed, confirmed by the organiser, finished as it stands,
        left out (or not yet)."""
        return settlement(self.table, self.game, self.teams)

    @property
    def settled(self) -> bool:
        """Nothing left to do at this table before the night closes: agreed, or left out."""
        return self.table.left_out or self.agreed

    @property
    def agreeing(self) -> list[Team]:
        """The teams that agree with the game as it stands."""
        return [team for team in self.teams if team_agrees(team, self.game)]


@dataclass
class SittingRow:
    sitting: Sitting
    tables: list[TableRow]
    byes: list[Bye]

    @property
    def started(self) -> bool:
        return any(row.rounds_played for row in self.tables)

    @property
    def finished(self) -> bool:
        return bool(self.tables) and all(row.game.is_finished for row in self.tables)

    @property
    def finished_count(self) -> int:
        return sum(row.game.is_finished for row in self.tables)

    @property
    def flags_shown(self) -> list[str]:
        """The draw's flags in the reader's language (stored language-neutral: seating.flags)."""
        return [flag_text(flag) for flag in self.sitting.flags]


@dataclass
class NightPage:
    night: Night
    sittings: list[SittingRow]
    present: int  # players checked in and still here

    @property
    def current(self) -> SittingRow | None:
        return self.sittings[-1] if self.sittings else None

    @property
    def can_draw(self) -> bool:
        return not self.night.is_closed and (self.current is None or self.current.finished)


def night_page(*, night: Night) -> NightPage:
    """Every sitting of the night with its tables: status, totals, winners, byes.

    Six queries whatever the number of tables: sittings, tables with their games (and round
    counts), teams with their totals, seats with players, byes with players, and which games were
    finished early (``game.early``; one or two more when one may be).
    """
    rules = night.variant.rules  # built from its document on each read: once for every table
    max_rounds = rules.game_end.max_rounds
    sittings = list(night.sittings.order_by("number"))
    teams = (
        Team.objects.annotate(score=Coalesce(Sum("entries__total"), 0)).select_related("agreement").order_by("position")
    )
    tables = list(
        Table.objects.filter(sitting__night=night)
        .select_related("game", "sitting")
        .defer("game__rules_document")
        .annotate(rounds_played=Count("game__rounds", distinct=True))
        .order_by("sitting__number", "number")
    )
    games = [table.game for table in tables]
    prefetch_related_objects(
        games,
        Prefetch("teams", queryset=teams),
        Prefetch("teams__seats", queryset=Seat.objects.select_related("player", "replaced").order_by("position")),
    )
    mark_early(games)
    byes = defaultdict(list)
    sitting_out = Bye.objects.filter(sitting__night=night).select_related("player")
    for bye in sorted(sitting_out, key=lambda bye: sort_key(bye.player.name)):  # as a reader sorts names
        byes[bye.sitting_id].append(bye)
    by_sitting = defaultdict(list)
    for table in tables:
        table.sitting.night = night  # for is_agreed: the night page's own night, already read
        game_teams = list(table.game.teams.all())
        for team in game_teams:
            team.seat_list = list(team.seats.all())
            team.seated = " & ".join(seat.who for seat in team.seat_list)  # as the night page prints them
        top = max((team.score for team in game_teams), default=None)
        winners = [team for team in game_teams if team.score == top] if table.game.is_finished else []
        seated = sum(len(team.seat_list) for team in game_teams)
        decks = rules.setup.decks_for(seated)
        row = TableRow(table, table.game, game_teams, table.rounds_played, max_rounds, winners, decks)
        by_sitting[table.sitting_id].append(row)
    present = Attendance.objects.filter(night=night, present=True).count()
    return NightPage(
        night=night,
        sittings=[SittingRow(s, by_sitting[s.pk], byes[s.pk]) for s in sittings],
        present=present,
    )


def unsettled(*, night: Night) -> list[TableRow]:
    """The tables of the night to settle before it closes: a game not finished, or finished and
    not agreed by every team, and not left out; in sitting and table order."""
    return [row for sitting in night_page(night=night).sittings for row in sitting.tables if not row.settled]


def table_by_token(token: str) -> Table | None:
    """The table a table link opens, with its game and night; None for a wrong or renewed link."""
    if not tokens.may_be_token(token):
        return None
    table = (
        Table.objects.select_related("sitting__night__club", "game")
        .filter(not_deleted("game__"), not_deleted("sitting__night__"), token=token)
        .first()
    )
    # Found by the exact value; compared again in constant time (scoresheet.addresses.tokens, for every token).
    return table if table is not None and tokens.same_token(table.token, token) else None


# A table's game page


@dataclass(frozen=True)
class TableHeader:
    """What a night table's game page says first: the club, the night, which table and sitting,
    and which teams agree with the result (all of them: it is agreed)."""

    table: Table
    agreed: bool
    teams: list[Team]  # the game's teams, each with its agreement read
    agreeing: list[Team]  # those that agree with the game as it stands
    settlement: Settlement  # how its result was settled, or not yet

    @property
    def night(self) -> Night:
        return self.table.sitting.night

    @property
    def place(self) -> str:
        return gettext("Table %(table)s · Sitting %(sitting)s") % {
            "table": self.table.number,
            "sitting": self.table.sitting.number,
        }

    @property
    def waiting(self) -> list[Team]:
        return [team for team in self.teams if team not in self.agreeing]


def table_header(*, game: Game) -> TableHeader | None:
    """None for a game not played at a night's table. One query (the teams and their agreements)
    when the game was read with its table, sitting, night and club
    (``select_related("table__sitting__night__club")``)."""
    if game.table_id is None:
        return None
    teams = list(game.teams.select_related("agreement").order_by("position"))
    agreeing = [team for team in teams if team_agrees(team, game)] if game.is_finished else []
    return TableHeader(
        table=game.table,
        agreed=is_agreed(game.table, game, teams),
        teams=teams,
        agreeing=agreeing,
        settlement=settlement(game.table, game, teams),
    )
