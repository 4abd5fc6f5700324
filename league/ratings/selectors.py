"""A club's counted games read for the ratings, and the ratings learned from them.

"Counted" is the standings' rule (``league.results.querysets.counted``: finished, not deleted, its night
not deleted, its table not left out), a game counts for the players the standings credit (a
substitute's rounds weighed: ``credited_players``) and a game finished early counts as its season
says (``early_games_counted``: as played, scaled, or left out). A few queries, whatever the
club's size; nothing is stored in the database, so a corrected, deleted or imported game changes
the ratings the next time they are read.

Learning them takes a while for a big club (0.8 s of CPU for 5,000 games), so ``KeptRatings`` keeps
what it learned in Django's cache with a fingerprint of what they are learned from (``league.kept``,
``ratings_fingerprint``: the club's results version, one query by the club's key), and each
player's share beside it (their rating and chances: what their page shows). A correction, a deleted or
restored game or night, a table left out, a substitute, a merged player, an import or a season's
rules move the version on (``league.results.version``), and the ratings are learned again, so the page never
shows ratings the games no longer give.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import openskill
from django.db.models import Sum
from django.db.models.functions import Coalesce

from league.kept import code_version, fingerprint, kept, kept_part
from league.models import Club, Season, Seat
from league.ratings import learning
from league.ratings.evaluation import Bin, Evaluation, calibration, evaluate
from league.ratings.learning import PlayerRating, RatedGame, Ratings, Step, learn_fitted
from league.results.credited import credited_players
from league.results.metrics import TeamResult, early_games_counted
from league.results.querysets import counted
from league.results.version import results_version
from scoresheet.games.early import early_games
from scoresheet.models import Team


def club_games(*, club: Club, season: Season | None = None) -> list[RatedGame]:
    """The club's counted games (or one season's) in the order they were played: by date, sitting,
    table."""
    where = {"game__table__sitting__night__club": club}
    if season is not None:
        where["game__table__sitting__night__season"] = season
    rows = (
        Team.objects.filter(counted("game__"), **where)
        .annotate(final=Coalesce(Sum("entries__total"), 0))
        .order_by(
            "game__table__sitting__night__date",
            "game__table__sitting__number",
            "game__table__number",
            "game_id",
            "position",
        )
        .values_list(
            "id",
            "game_id",
            "final",
            "game__table__sitting__night_id",
            "game__table__sitting__night__date",
            "game__table__sitting__night__season_id",
            "game__table__sitting__night__season__blowout_margin",
            "game__table__sitting__night__season__early_games",
        )
    )
    seats = Seat.objects.filter(counted("team__game__"), **{f"team__{key}": value for key, value in where.items()})
    players = credited_players(seats)
    results = [
        TeamResult(game=game, night=night, date=day, total=final, players=tuple(players.get(team, ())))
        for team, game, final, night, day, *_ in rows
    ]
    seasons = {game: (season, blowout, early) for _, game, _, _, _, season, blowout, early in rows}
    return _games(_early_counted(results, seasons), seasons)


def _early_counted(results: list[TeamResult], seasons: dict[int, tuple[int, int, str]]) -> list[TeamResult]:
    """``results`` with each game finished early counted as its season says (the standings' rule)."""
    totals: dict[int, list[int]] = {}
    for result in results:
        totals.setdefault(result.game, []).append(result.total)
    early = {game: (short.played, short.of) for game, short in early_games(list(totals), totals).items()}
    if not early:
        return results
    return [kept for result in results for kept in early_games_counted([result], early, seasons[result.game][2])]


def _games(results: list[TeamResult], seasons: dict[int, tuple[int, int, str]]) -> list[RatedGame]:
    """The results as one ``RatedGame`` each (a game whose seats were never filled is left out)."""
    by_game: dict[int, list[TeamResult]] = {}
    for result in results:
        by_game.setdefault(result.game, []).append(result)
    return [
        RatedGame(
            game=game,
            date=teams[0].date,
            season=seasons[game][0],
            teams=tuple(tuple(pk for pk, _ in team.players) for team in teams),
            totals=tuple(team.total for team in teams),
            blowout=seasons[game][1],
        )
        for game, teams in by_game.items()
        if all(team.players for team in teams)
    ]


def club_ratings(*, club: Club, season: Season | None = None) -> Ratings:
    """Every player's rating learned from the club's counted games (or one season's): from the
    cache when nothing they are learned from has changed since (``KeptRatings``), learned again
    otherwise."""
    return KeptRatings(club=club, season=season).whole


@dataclass(frozen=True)
class PlayerShare:
    """One player's share of the club's ratings, all their page shows of them: their rating (None
    before their first game) and the chance their team had of winning each of their games."""

    rating: PlayerRating | None
    expected: dict[int, float]  # game id → chance, from the ratings before the game


@dataclass(frozen=True)
class Quality:
    """How well the club's ratings foretell its games: each game foretold from the games before it
    (calibration bins), and the held-out log-loss beside a coin's and the win rates'."""

    calibration: list[Bin]
    evaluation: Evaluation

    @property
    def scored(self) -> int:
        return sum(b.games for b in self.calibration)


class KeptRatings:
    """The club's ratings (or one season's) as of their fingerprint, made once (one query) when
    this is made: read whole, or one player's share alone, only when asked. The share is kept
    under its own key beside the whole (``league.kept.kept``), written when the whole is
    learned, so a player's page reads a few kilobytes, not the whole club's history."""

    def __init__(self, *, club: Club, season: Season | None = None):
        self.club, self.season = club, season
        self.key = f"ratings:{club.pk}:{'all' if season is None else season.pk}"
        self.fingerprint = ratings_fingerprint(club=club, season=season)

    @cached_property
    def whole(self) -> Ratings:
        def work() -> Ratings:
            games = club_games(club=self.club, season=self.season)
            ratings = learn_fitted(games)
            ratings.quality = Quality(calibration(games, ratings.expected), evaluate(games))
            return ratings

        return kept(self.key, self.fingerprint, work, _shares)

    def player(self, player_id: int) -> PlayerShare:
        """The player's share, read alone when kept (``kept_part``)."""
        return kept_part(self.key, self.fingerprint, _share_name(player_id), lambda: self.whole, _share(player_id))

    def season_end(self, season_id: int) -> dict[int, float]:
        """Player id → their rating after their last game of the season (those who played one)."""
        players = self.whole.players.items()
        return {pk: step.rating for pk, rated in players if (step := rated.season_end(season_id))}


def _share_name(player_id: int) -> str:
    return f"player:{player_id}"


def _share(player_id: int):
    def share(ratings: Ratings) -> PlayerShare:
        expected = {game: chances[player_id] for game, chances in ratings.expected.items() if player_id in chances}
        return PlayerShare(ratings.players.get(player_id), expected)

    return share


def _shares(ratings: Ratings) -> dict[str, PlayerShare]:
    """Every rated player's share, by its part name: the expected chances turned player by player."""
    expected: dict[int, dict[int, float]] = {}
    for game, chances in ratings.expected.items():
        for player_id, chance in chances.items():
            expected.setdefault(player_id, {})[game] = chance
    return {_share_name(pk): PlayerShare(rating, expected.get(pk, {})) for pk, rating in ratings.players.items()}


# The code that learns them: a new release that learns differently does not read the old ones.
_CODE = code_version([__file__, learning.__file__], openskill.__version__)


def ratings_fingerprint(*, club: Club, season: Season | None = None) -> str:
    """What the club's ratings (or one season's) are learned from, as one short text: the club's
    results version (``league.results.version``: moved on by every write that changes a counted game, who is
    credited with it, a player or a season's rules) and the code that learns them. One query, by the
    club's key: the same whatever the club's history."""
    version = results_version(club.pk)
    return fingerprint(_CODE, {"club": club.pk, "results": version, "season": season and season.pk})


def rating_nights(rating: PlayerRating) -> list[Step]:
    """The player's rating after each night they played (the last game's of the night), in order."""
    nights: dict = {}
    for step in rating.history:
        nights[step.date] = step
    return list(nights.values())
