"""Standings read from the database: a season's, a night's, and a season's partnerships.

The team totals are summed by the database (one query: every finished game's teams with the sum
of their round totals); the seats and byes are one query each; ``league.results.metrics`` does the
rest in Python (win shares and victory points are per table, then per player). So a page of
standings reads the same few queries for a club of 20 players or 200, and a corrected round
changes them at once: nothing is stored.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import date as date_type
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace

from django.db.models import Q, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import ngettext, pgettext

from league.clubs.names import sort_key
from league.kept import kept, kept_part
from league.models import Bye, Club, Night, Season, Seat, SeatingMode
from league.rankings import RANKINGS
from league.ratings.selectors import KeptRatings
from league.results import metrics as standings
from league.results.credited import credited_players, seat_rounds
from league.results.metrics import METRICS, Metric, Row
from league.results.querysets import agreed_value, counted, counted_games, settlement_columns
from league.results.settlement import Settlement, settlement_of
from league.results.substitutes import SeatRounds
from league.standings.fingerprint import season_fingerprint
from scoresheet.games.early import Shortfall, early_games
from scoresheet.models import Game, Team
from scoresheet.querysets import not_deleted

# The columns a standings table shows, in order (the JSON shape of PRODUCT.md has its own).
SHOWN = ("nights", "games", "byes", "wins", "points", "average", "vp", "vp_average", "best_game")
JSON_KEYS = ("nights", "games", "wins", "points", "average", "vp", "vp_average")


@dataclass
class Standings:
    club: Club
    season: Season
    night: Night | None
    ranked_by: str
    min_nights: int
    best_nights: int | None
    rows: list[Row]
    unranked: list[Row]
    teams: bool = False  # rows are partnerships, not players
    early: int = 0  # games finished early in the period (counted as the season says: Season.early_games)

    @property
    def metrics(self) -> list[Metric]:
        shown = [key for key in SHOWN if not (self.teams and key == "byes")]
        if self.ranked_by == "rating":
            shown.append("rating")
        return [METRICS[key] for key in shown]

    @property
    def unconfirmed(self) -> int:
        return sum(row.unconfirmed for row in self.rows + self.unranked)

    @property
    def early_words(self) -> str:
        """The footnote of the page and the PDF: "1 game finished early (…). It counts as played."."""
        if not self.early:
            return ""
        early = ngettext(
            "%(n)s game finished early (fewer rounds than the rules play).",
            "%(n)s games finished early (fewer rounds than the rules play).",
            self.early,
        ) % {"n": self.early}
        return f"{early} {self.season.early_games_words()}"

    def as_json(self) -> dict:
        """PRODUCT.md's ``standings --json`` shape."""
        return {
            "club": self.club.name,
            "season": self.season.name,
            "ranked_by": self.ranked_by,
            "min_nights": self.min_nights,
            "rows": [self._json_row(row) for row in self.rows],
            "unranked": [self._json_row(row) for row in self.unranked],
        }

    def _json_row(self, row: Row) -> dict:
        """The contract's keys, then what the page shows beside them: the row's byes, its counted games
        not yet agreed (the page's "not yet agreed" mark) and, with "best N nights", the nights that
        count (the player page's "Only the best N nights count"; null without the rule)."""
        out = {"rank": row.rank, "player": row.name}
        for key in JSON_KEYS:
            value = row.values[key]
            out[key] = float(value) if isinstance(value, Decimal) else value
        out["byes"] = row.values["byes"]
        out["unconfirmed"] = row.unconfirmed
        out["best"] = row.counted_nights if self.best_nights else None
        return out


def _rank(records, **how) -> tuple[list[Row], list[Row]]:
    """``standings.rank``, players tied at a rank listed as a reader sorts names (Ægir among the A's)."""
    return standings.rank(records, name_order=sort_key, **how)


def _team_results(**where) -> list[standings.TeamResult]:
    """The counted games' teams matching ``where`` (lookups from Team), with their totals and seats."""
    # A deleted game, or any game of a deleted night, counts for nothing until restored.
    where |= {"game__table__isnull": False}
    teams = (
        Team.objects.filter(counted("game__"), **where)
        .annotate(final=Coalesce(Sum("entries__total"), 0), confirmed=agreed_value("game__"))
        .order_by("game_id", "position")
        .values_list(
            "id",
            "game_id",
            "final",
            "game__table__sitting__night_id",
            "game__table__sitting__night__date",
            "confirmed",
        )
    )
    seats = Seat.objects.filter(counted("team__game__"), **{f"team__{key}": value for key, value in where.items()})
    players = credited_players(seats)  # whom each game counts for, a substitute's rounds weighed
    return [
        standings.TeamResult(
            game=game, night=night, date=date, total=final, players=tuple(players.get(team, ())), confirmed=confirmed
        )
        for team, game, final, night, date, confirmed in teams
    ]


def _counted_results(season: Season, **where) -> tuple[list[standings.TeamResult], int]:
    """``_team_results`` as the season counts its games finished early, and the number of those games."""
    results = _team_results(**where)
    games = Game.objects.filter(counted(), **{key.removeprefix("game__"): value for key, value in where.items()})
    totals: dict[int, list[int]] = {}
    for result in results:
        totals.setdefault(result.game, []).append(result.total)
    early = {game: (short.played, short.of) for game, short in early_games(games, totals).items()}
    return standings.early_games_counted(results, early, season.early_games), len(early)


def _byes(**where):
    """The byes of the live nights matching ``where`` (lookups from Bye), as (player id, name)."""
    return Bye.objects.filter(not_deleted("sitting__night__"), **where).values_list("player_id", "player__name")


def season_standings(
    *,
    season: Season,
    by: str | None = None,
    min_nights: int | None = None,
    ratings: KeptRatings | None = None,
    before: date_type | None = None,
) -> Standings:
    """The season's players, ranked by its rule (or ``by``), with its minimum nights and best N;
    with ``ratings`` (the club's) their rating metric too, at the season's end; with ``before``,
    as they stood with the nights before that date only (a player's place change).

    Kept in the cache (``league.kept``) under a fingerprint of everything they are worked out from
    (``league.standings.fingerprint``: the club's results version, one query), so that a big season
    is ranked once after each change rather than on every page; ranked by the season's own rule,
    each player's share is kept beside them (``player_standing``). ``before`` is worked out each
    time (a night's results emails)."""
    by = by or season.ranking
    min_nights = season.min_nights if min_nights is None else min_nights

    def work() -> tuple[list[Row], list[Row], int]:
        at_end = None if ratings is None else ratings.season_end(season.pk)
        return _season_rows(season, by=by, min_nights=min_nights, ratings=at_end, before=before)

    if before is None:
        key, fingerprint = _kept_as(season, by, min_nights, ratings)
        own_rule = (by, min_nights) == (season.ranking, season.min_nights)
        rows, unranked, early = kept(key, fingerprint, work, _player_shares if own_rule else None)
    else:
        rows, unranked, early = work()
    return Standings(season.club, season, None, by, min_nights, season.best_nights, rows, unranked, early=early)


def _kept_as(season: Season, by: str, min_nights: int, ratings: KeptRatings | None) -> tuple[str, str]:
    """The key and the fingerprint the season's standings are kept under."""
    key = f"standings:{season.pk}:{by}:{min_nights}:{'rated' if ratings is not None else 'plain'}"
    rated = None if ratings is None else ratings.fingerprint
    return key, season_fingerprint(season=season, by=by, min_nights=min_nights, ratings=rated)


@dataclass(frozen=True)
class PlayerStanding:
    """A player's share of the season's standings (ranked by its rule): all their page shows of them."""

    row: Row | None  # their row (rank and every metric), None without a game or bye
    ranked: bool
    rating_rank: tuple[int, int] | None = None  # their place by rating among those with one shown, of how many


def player_standing(*, season: Season, player_id: int, ratings: KeptRatings | None = None) -> PlayerStanding:
    """The player's share of the season's standings ranked by its own rule (with their rating if
    ``ratings``), read alone from the cache when kept at the standings' fingerprint; else from the
    whole (``season_standings``, which keeps every player's share when it works them out)."""
    key, fingerprint = _kept_as(season, season.ranking, season.min_nights, ratings)

    def whole() -> tuple[list[Row], list[Row], int]:
        result = season_standings(season=season, ratings=ratings)
        return result.rows, result.unranked, result.early

    return kept_part(key, fingerprint, _share_name(player_id), whole, lambda kept: _player_share(kept, player_id))


def _share_name(player_id: int) -> str:
    return f"player:{player_id}"


def _player_shares(kept: tuple[list[Row], list[Row], int]) -> dict[str, PlayerStanding]:
    """Every player's share of the standings as kept (ranked rows, then those not ranked)."""
    rows, unranked, _ = kept
    ranks = _rating_ranks(rows + unranked)
    shares = {}
    for ranked, group in ((True, rows), (False, unranked)):
        for row in group:
            shares[_share_name(row.player_ids[0])] = PlayerStanding(row, ranked, ranks.get(row.player_ids[0]))
    return shares


def _player_share(kept: tuple[list[Row], list[Row], int], player_id: int) -> PlayerStanding:
    return _player_shares(kept).get(_share_name(player_id), PlayerStanding(None, False))


def _season_rows(
    season: Season, *, by: str, min_nights: int, ratings: dict[int, float] | None, before: date_type | None
) -> tuple[list[Row], list[Row], int]:
    """The ranked rows, those not ranked and the games finished early: plain data, as kept."""
    period = {"season": season} | ({"date__lt": before} if before else {})
    results, early = _counted_results(
        season, **{f"game__table__sitting__night__{key}": value for key, value in period.items()}
    )
    byes = _byes(**{f"sitting__night__{key}": value for key, value in period.items()})
    records = standings.player_records(results, byes, season.blowout_margin).values()
    for record in records:
        record.rating = (ratings or {}).get(record.key[0])
    rows, unranked = _rank(records, by=by, min_nights=min_nights, best_nights=season.best_nights)
    return rows, unranked, early


def night_standings(*, night: Night, by: str | None = None) -> Standings:
    """One night's players, ranked by the season's rule (or ``by``); everyone who played is ranked."""
    season = night.season
    by = by or season.ranking
    results, early = _counted_results(season, game__table__sitting__night=night)
    records = standings.player_records(results, _byes(sitting__night=night), season.blowout_margin).values()
    rows, unranked = _rank(records, by=by)
    return Standings(night.club, season, night, by, 0, None, rows, unranked, early=early)


def team_standings(*, season: Season, by: str | None = None) -> Standings:
    """The season's partnerships (the same players together), for fixed partnerships."""
    by = by or season.ranking
    results, early = _counted_results(season, game__table__sitting__night__season=season)
    records = standings.partnership_records(results, season.blowout_margin).values()
    rows, unranked = _rank(records, by=by, min_nights=season.min_nights, best_nights=season.best_nights)
    return Standings(
        season.club, season, None, by, season.min_nights, season.best_nights, rows, unranked, teams=True, early=early
    )


# --- every view of a page, from one read (a workbook has a sheet for each) ---------------------


def season_rating_standings(*, season: Season, ratings: KeptRatings) -> Standings:
    """The season's players ranked by their rating at the season's end (from ``ratings``, the
    club's), then points; those whose rating is not shown yet (fewer than ``RATED_GAMES`` games of
    the season) below, not ranked. The season's minimum nights does not apply: the rating's own
    threshold does."""
    result = season_standings(season=season, by="rating", min_nights=0, ratings=ratings)
    rated = [row for row in result.rows if row.values["rating"] is not None]
    waiting = sorted((row for row in result.rows if row.values["rating"] is None), key=lambda row: sort_key(row.name))
    for row in waiting:
        row.rank = None
    result.rows, result.unranked = rated, waiting
    return result


def season_standings_views(*, season: Season, partnerships: bool = False) -> list[Standings]:
    """The season's standings under every ranking rule (vp, wins, points, average), and its
    partnerships ranked by the season's rule if asked: one read of the games for all of them."""
    results, early = _counted_results(season, game__table__sitting__night__season=season)
    byes = _byes(sitting__night__season=season)
    records = standings.player_records(results, byes, season.blowout_margin).values()
    views = []
    for by in RANKINGS:
        rows, unranked = _rank(records, by=by, min_nights=season.min_nights, best_nights=season.best_nights)
        views.append(
            Standings(season.club, season, None, by, season.min_nights, season.best_nights, rows, unranked, early=early)
        )
    if partnerships:
        teams = standings.partnership_records(results, season.blowout_margin).values()
        rows, unranked = _rank(teams, by=season.ranking, min_nights=season.min_nights, best_nights=season.best_nights)
        views.append(
            Standings(
                season.club,
                season,
                None,
                season.ranking,
                season.min_nights,
                season.best_nights,
                rows,
                unranked,
                True,
                early,
            )
        )
    return views


def night_standings_views(*, night: Night) -> list[Standings]:
    """One night's standings under every ranking rule, from one read."""
    season = night.season
    results, early = _counted_results(season, game__table__sitting__night=night)
    records = standings.player_records(results, _byes(sitting__night=night), season.blowout_margin).values()
    views = []
    for by in RANKINGS:
        rows, unranked = _rank(records, by=by)
        views.append(Standings(night.club, season, night, by, 0, None, rows, unranked, early=early))
    return views


def has_fixed_partners(*, season: Season) -> bool:
    """Whether any night of the season seats fixed partnerships: its standings then show partnerships too."""
    return season.nights.live().filter(mode=SeatingMode.FIXED).exists()


# --- one player's season ------------------------------------------------------------------------


@dataclass
class PlayerGame:
    """One finished game of a player, as their page lists it."""

    game_id: int
    date: date_type
    night_id: int
    sitting: int
    table: int
    partners: list[str]
    opponents: list[str]  # each other team, by its players' names
    score: int
    opponent_scores: list[int]
    vp: Decimal
    win: Fraction  # the share of the win: 1, ½ (a tie on top), 0
    confirmed: bool
    rounds: str = ""  # who played which rounds of a seat shared with a substitute: "Bob rounds 1–2, Cleo rounds 3–4"
    early: Shortfall | None = None  # finished early: the rounds played of the rules' (as played here)
    expected: str = ""  # the chance of winning the ratings gave before the game ("62%"), on the player's page
    settled: Settlement | None = None  # how its table's result was settled: agreed, confirmed by the organiser…

    @property
    def result(self) -> str:
        if self.win == 1:
            return "won"
        return "tie" if self.win else "lost"

    @property
    def result_words(self) -> str:
        """The result as the page or email says it, in its language: "Won", "Tie", "Lost"."""
        return {
            "won": pgettext("a game's result", "Won"),
            "tie": pgettext("a game's result", "Tie"),
            "lost": pgettext("a game's result", "Lost"),
        }[self.result]


@dataclass
class Companion:
    """A partner or an opponent, and the player's record with (or against) them."""

    player_id: int
    name: str
    games: int = 0
    wins: Fraction = Fraction(0)

    @property
    def wins_shown(self) -> Decimal:
        return standings.half_up(self.wins, 2)


@dataclass
class NightTotal:
    night_id: int
    date: date_type
    points: int
    vp: Decimal


@dataclass
class PlayerSeason:
    games: list[PlayerGame]
    row: Row | None  # the player's standings row (rank and every metric), None without a game or bye
    ranked: bool
    partners: list[Companion]
    opponents: list[Companion]
    nights: list[NightTotal]
    # Games the player played some rounds of that count for the substitute they shared the seat with.
    shared: list[PlayerGame] = field(default_factory=list)
    # The player's place among the season's players ranked by rating (those with a rating shown), and their number.
    rating_rank: tuple[int, int] | None = None


def player_season(*, season: Season, player_id: int, ratings: KeptRatings | None = None) -> PlayerSeason:
    """A player's finished games of the season with who sat where, their standings row (with their
    rating if ``ratings``: the club's), their most frequent partners and opponents and their points
    and VP night by night, each game finished early marked (its score as played; the standings
    count it as the season says). Four queries (one for the standings' fingerprint), whatever
    the number of games or seasons; the standings row is read alone from the cache (``player_standing``)."""
    sat = Q(teams__seats__player_id=player_id) | Q(teams__seats__replaced_id=player_id)
    played = counted_games().filter(sat, table__sitting__night__season=season)
    by_game, seats, early = _games_read(played)
    games, shared, partners, opponents = [], [], {}, {}
    for game_teams in by_game.values():
        credited = {team[0]: [seat.counts_for for seat in seats.get(team[0], ())] for team in game_teams}
        mine = next((i for i, team in enumerate(game_teams) if _sits(player_id, seats.get(team[0], ()))), None)
        if mine is None:
            continue
        counted_here = player_id in {pk for pk, _ in credited[game_teams[mine][0]]}
        game = _player_game(game_teams, mine, credited, seats, player_id, season.blowout_margin)
        game.early = early.get(game.game_id)
        if not counted_here:  # they played fewer rounds than their substitute: the game is theirs
            shared.append(game)
            continue
        for pk, name in credited[game_teams[mine][0]]:
            if pk != player_id:
                _count(partners, pk, name, game.win)
        for team in game_teams[:mine] + game_teams[mine + 1 :]:
            for pk, name in credited[team[0]]:
                _count(opponents, pk, name, game.win)
        games.append(game)
    standing = player_standing(season=season, player_id=player_id, ratings=ratings)
    companions = _most_frequent(partners), _most_frequent(opponents)
    return PlayerSeason(games, standing.row, standing.ranked, *companions, _nights(games), shared, standing.rating_rank)


def _rating_ranks(rows: list[Row]) -> dict[int, tuple[int, int]]:
    """Each player's place by rating among the rows whose rating is shown, and how many they are;
    those whose rating is not (too few games) have none. Equal ratings share a place."""
    rated = {row.player_ids[0]: row.values["rating"] for row in rows}
    rated = {pk: rating for pk, rating in rated.items() if rating is not None}
    ordered = sorted(rated.values())
    return {pk: (1 + len(ordered) - bisect_right(ordered, rating), len(ordered)) for pk, rating in rated.items()}


def _games_read(played) -> tuple[dict[int, list[tuple]], dict[int, list[SeatRounds]], dict[int, Shortfall]]:
    """The teams of the ``played`` games (with their totals, night, sitting and table) grouped by
    game in the order they were played, their seats, and which finished early: three queries."""
    teams = list(
        Team.objects.filter(game__in=played)
        .annotate(
            final=Coalesce(Sum("entries__total"), 0), confirmed=agreed_value("game__"), **settlement_columns("game__")
        )
        .order_by("game__table__sitting__night__date", "game__table__sitting__number", "game_id", "position")
        .values_list(
            "id",
            "game_id",
            "final",
            "game__table__sitting__night_id",
            "game__table__sitting__night__date",
            "game__table__sitting__number",
            "game__table__number",
            "confirmed",
            *SETTLED_READ,
        )
    )
    seats = seat_rounds(Seat.objects.filter(team_id__in=[team[0] for team in teams]))
    by_game: dict[int, list[tuple]] = {}
    for team in teams:
        by_game.setdefault(team[1], []).append(team)
    early = early_games(played, {game: [team[2] for team in game_teams] for game, game_teams in by_game.items()})
    return by_game, seats, early


def night_player_games(*, night: Night) -> dict[int, list[PlayerGame]]:
    """Every counted game of the night as each player's page lists it, by player id (the players a
    game counts for: a substitute's shared seat goes to whoever played more of it). Three queries,
    however many players."""
    by_game, seats, early = _games_read(counted_games().filter(table__sitting__night=night))
    games: dict[int, list[PlayerGame]] = {}
    for game_teams in by_game.values():
        credited = {team[0]: [seat.counts_for for seat in seats.get(team[0], ())] for team in game_teams}
        for mine, team in enumerate(game_teams):
            for pk, _name in credited[team[0]]:
                game = _player_game(game_teams, mine, credited, seats, pk, night.season.blowout_margin)
                game.early = early.get(game.game_id)
                games.setdefault(pk, []).append(game)
    return games


def _sits(player_id: int, seats: list[SeatRounds]) -> bool:
    return any(player_id in (seat.player[0], seat.replaced and seat.replaced[0]) for seat in seats)


def _player_game(game_teams, mine: int, credited, seats, player_id: int, blowout: int) -> PlayerGame:
    """One game as the player's page lists it: the team they sat in (``mine``), as the game counts for it."""
    totals = [team[2] for team in game_teams]
    vps, wins = standings.game_vp(totals, blowout), standings.win_shares(totals)
    team_id, game, score, night, day, sitting, table, confirmed, *settled = game_teams[mine]
    others = [team for i, team in enumerate(game_teams) if i != mine]
    splits = [seat.split for team in game_teams for seat in seats.get(team[0], ()) if seat.split]
    return PlayerGame(
        game_id=game,
        date=day,
        night_id=night,
        sitting=sitting,
        table=table,
        partners=[name for pk, name in credited[team_id] if pk != player_id],
        opponents=[" & ".join(name for _, name in credited[team[0]]) for team in others],
        score=score,
        opponent_scores=[team[2] for team in others],
        vp=vps[mine],
        win=wins[mine],
        confirmed=confirmed,
        rounds="; ".join(splits),
        settled=_settlement(confirmed, *settled),
    )


# What a player's game reads of how its table's result was settled (league.results.settlement).
SETTLED_READ = (
    "every_team",
    "by_organiser",
    "game__entered_as_totals",
    "game__table__settled_how",
    "game__table__settled_reason",
    "game__table__settled_rounds",
    "game__table__settled_rounds_due",
)


def _settlement(agreed, every_team, by_organiser, imported, how, reason, rounds, due) -> Settlement:
    table = SimpleNamespace(settled_how=how, settled_reason=reason, settled_rounds=rounds, settled_rounds_due=due)
    return settlement_of(
        left_out=False,  # a counted game
        agreed=agreed,
        every_team=every_team,
        by_organiser=by_organiser,
        imported=imported,
        table=table,
    )


def _count(companions: dict[int, Companion], pk: int, name: str, win: Fraction) -> None:
    companion = companions.setdefault(pk, Companion(pk, name))
    companion.games += 1
    companion.wins += win


def _most_frequent(companions: dict[int, Companion], limit: int = 8) -> list[Companion]:
    return sorted(companions.values(), key=lambda c: (-c.games, -c.wins, sort_key(c.name)))[:limit]


def _nights(games: list[PlayerGame]) -> list[NightTotal]:
    nights: dict[int, NightTotal] = {}
    for game in games:
        night = nights.setdefault(game.night_id, NightTotal(game.night_id, game.date, 0, Decimal(0)))
        night.points += game.score
        night.vp += game.vp
    return sorted(nights.values(), key=lambda n: (n.date, n.night_id))
