"""Reads for what the players of a night see without an account: "where do I sit" (/n/<token>/, one
player's table, seat, partners and opponents for each sitting drawn, and their running night
result) and the room's screen (seating by name, table progress, the night's standings).

Both are built from the night page's own reads (``night_selectors.night_page``) and the night's
standings (``standings_selectors.night_standings``), plus one query for the night's players: a
fixed number of queries whatever the number of tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from league.clubs.names import finds, search_key, sort_key
from league.models import Attendance, Night
from league.nights import selectors as night_selectors
from league.nights.selectors import NightPage, SittingRow, TableRow
from league.results.metrics import METRICS, Row
from league.standings import selectors as standings_selectors
from league.standings.tables import number
from scoresheet.addresses import tokens


def night_by_token(token: str) -> Night | None:
    """The live night whose "where do I sit" address this is, with its club and season; None for
    any other text (a deleted night's, a made-up one)."""
    if not tokens.may_be_token(token):
        return None
    night = Night.objects.live().select_related("club", "season__club", "variant").filter(token=token).first()
    return night if night is not None and tokens.same_token(night.token, token) else None


@dataclass(frozen=True)
class Person:
    pk: int
    name: str

    @property
    def key(self) -> str:
        return search_key(self.name)


def night_players(*, night: Night, page: NightPage) -> list[Person]:
    """Everyone of the night by name: checked in (one query), or seated or sitting out in a sitting."""
    people = {pk: name for pk, name in Attendance.objects.filter(night=night).values_list("player_id", "player__name")}
    for sitting in page.sittings:
        for row in sitting.tables:
            for team in row.teams:
                people.update((seat.player_id, seat.player.name) for seat in team.seats.all())
        people.update((bye.player_id, bye.player.name) for bye in sitting.byes)
    return sorted((Person(pk, name) for pk, name in people.items()), key=lambda p: (sort_key(p.name), p.pk))


def find(people: list[Person], query: str) -> list[Person]:
    """The people whose name holds each word of ``query``, accents, ligatures and case aside ("zoe"
    finds "Zoë", "aegir" finds "Ægir"), as the page's script narrows the list (static/js/search_key.js)."""
    return [person for person in people if finds(query, person.name)]


@dataclass(frozen=True)
class Place:
    """Where a player sits in one sitting: a table, their team and seat, with whom; or sitting out."""

    sitting: int
    table: int | None  # None: sitting out
    team: int = 0  # their team's number at the table, from 1
    seat: int = 0  # round the table from 1, the teams taking turns (partners sit opposite)
    partners: tuple[str, ...] = ()
    opponents: tuple[tuple[str, ...], ...] = ()
    score: int = 0  # their team's total so far
    opponent_scores: tuple[int, ...] = ()
    status: str = ""  # "Round 2 of 4 entered", "Finished"
    won: bool = False


def _names(team) -> tuple[str, ...]:
    return tuple(seat.who for seat in team.seats.all())


def _place_at(sitting: int, row: TableRow, player_id: int) -> Place | None:
    teams = row.teams
    for t, team in enumerate(teams):
        seats = list(team.seats.all())
        for s, seat in enumerate(seats):
            if seat.player_id != player_id:
                continue
            others = [other for other in teams if other is not team]
            return Place(
                sitting=sitting,
                table=row.table.number,
                team=t + 1,
                seat=s * len(teams) + t + 1,
                partners=tuple(other.who for other in seats if other is not seat),
                opponents=tuple(_names(other) for other in others),
                score=team.score,
                opponent_scores=tuple(other.score for other in others),
                status=row.status_text,
                won=team in row.winners,
            )
    return None


def places(page: NightPage, player_id: int) -> list[Place]:
    """The player's place in each sitting drawn so far, first sitting first."""
    found = []
    for sitting in page.sittings:
        place = next((p for row in sitting.tables if (p := _place_at(sitting.sitting.number, row, player_id))), None)
        if place is None and any(bye.player_id == player_id for bye in sitting.byes):
            place = Place(sitting=sitting.sitting.number, table=None)
        if place is not None:
            found.append(place)
    return found


@dataclass(frozen=True)
class ResultLine:
    """A standings row as the players' pages print it: whole numbers where they are whole."""

    rank: int | None
    name: str
    player_ids: tuple[int, ...]
    games: int
    wins: str
    points: str
    vp: str


def result_line(row: Row) -> ResultLine:
    def shown(key: str) -> str:
        return number(row.values[key], METRICS[key].places, trim=True)

    return ResultLine(
        row.rank, row.name, row.player_ids, row.values["games"], shown("wins"), shown("points"), shown("vp")
    )


@dataclass
class SeatPage:
    """What /n/<token>/ shows: the night, its players to choose from, and the one chosen."""

    night: Night
    people: list[Person]
    player: Person | None
    places: list[Place] = field(default_factory=list)
    result: ResultLine | None = None  # the player's night so far: finished games only
    standings: list[ResultLine] = field(default_factory=list)  # the night's results, once it is closed


def seat_page(*, night: Night, player_id: int | None) -> SeatPage:
    """The night's players, and ``player_id``'s places and result (nobody's if not of this night).
    Closed: the night's results (standings) too, below the player's own games and place."""
    page = night_selectors.night_page(night=night)
    people = night_players(night=night, page=page)
    player = next((p for p in people if p.pk == player_id), None)
    rows = night_standings_rows(night) if player is not None or night.is_closed else []
    result = next((row for row in rows if player is not None and row.player_ids == (player.pk,)), None)
    return SeatPage(
        night=night,
        people=people,
        player=player,
        places=places(page, player.pk) if player else [],
        result=result,
        standings=rows if night.is_closed else [],
    )


# The room's screen

SEATING_A_VIEW = 33  # names on one screen of the seating (three columns of eleven)
TABLES_A_VIEW = 12
STANDINGS_A_VIEW = 8


@dataclass(frozen=True)
class Seated:
    name: str
    where: str  # "Table 3", "Sitting out"


@dataclass(frozen=True)
class Progress:
    table: int
    words: str  # "Round 2 of 4", "Finished", "Not started"
    finished: bool
    settled: str = ""  # how its result was settled ("Agreed", "Confirmed by the organiser", …); empty while not


@dataclass
class Screen:
    """The room's screen: its views in the order they take turns, each a page of one kind."""

    night: Night
    sitting: int  # the sitting shown (the last drawn), 0 before the first draw
    seating: list[list[Seated]]
    progress: list[list[Progress]]
    standings: list[list[ResultLine]]
    standings_hidden: bool  # hidden during the last sitting, as the organiser chose


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def seating_by_name(current: SittingRow) -> list[Seated]:
    """The sitting's players by name, each with their table or "Sitting out"."""
    seated = [
        Seated(seat.who, _("Table %(number)s") % {"number": row.table.number})
        for row in current.tables
        for team in row.teams
        for seat in team.seats.all()
    ]
    seated += [Seated(bye.player.name, _("Sitting out")) for bye in current.byes]
    return sorted(seated, key=lambda s: sort_key(s.name))


def _progress(row: TableRow) -> Progress:
    if row.table.left_out:
        return Progress(row.table.number, _("Left out"), True)
    if row.game.is_finished:
        words = _("Finished")
    elif not row.rounds_played:
        words = _("Not started")
    elif row.max_rounds:
        words = _("Round %(n)s of %(m)s") % {"n": row.rounds_played, "m": row.max_rounds}
    else:
        words = _("Round %(n)s") % {"n": row.rounds_played}
    how = row.settlement
    return Progress(row.table.number, words, row.game.is_finished, how.word if how.settled else "")


def standings_hidden(night: Night, sittings_drawn: int) -> bool:
    """Whether the screen leaves the standings out now: the organiser asked for it and the last
    planned sitting is drawn and the night still open."""
    return night.screen_hides_last_standings and not night.is_closed and sittings_drawn >= night.sittings_planned


def screen(*, night: Night) -> Screen:
    page = night_selectors.night_page(night=night)
    current = page.current
    hidden = standings_hidden(night, len(page.sittings))
    rows = [] if hidden else night_standings_rows(night)
    return Screen(
        night=night,
        sitting=current.sitting.number if current else 0,
        seating=_chunks(seating_by_name(current), SEATING_A_VIEW) if current else [],
        progress=_chunks([_progress(row) for row in current.tables], TABLES_A_VIEW) if current else [],
        standings=_chunks(rows, STANDINGS_A_VIEW),
        standings_hidden=hidden,
    )


def night_standings_rows(night: Night) -> list[ResultLine]:
    """The night's standings (finished games only), ranked by the season's rule."""
    result = standings_selectors.night_standings(night=night)
    return [result_line(row) for row in result.rows + result.unranked]
