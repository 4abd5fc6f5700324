"""Ratings learned from games, in plain Python: no queries, nothing saved.

Each player has a rating (the estimate of their skill, 25 for a newcomer) and an uncertainty
(8.3 for a newcomer, shrinking as they play). A game is one ranking of its teams, best total
first (equal totals share a place), and OpenSkill's Plackett–Luce model moves every player of every
team by how surprising the result was given all the ratings at the table: a strong player who
loses with a weak partner against two average players loses little, since a loss was likely.
A 3-team table is one ranking of three teams. Before each game the model also says each team's
chance of winning it: the page's "expected" beside what the game gave ("got").

With ``margins``, a game's victory points (the standings' table-relative VP, ``game_vp``) also
weigh in: a win by more than ``MARGIN_VP`` VP moves the ratings more than a narrow one (the
library's ``margin``: a factor of log(1 + difference ÷ margin)).

OpenSkill (openskill.py, MIT licence) is kept up to date, pure Python with optional compiled
parts, and made for teams of any size and any number of teams per game, which is what a club
that rotates partners at 2- and 3-team tables needs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date as Date
from fractions import Fraction

from openskill.models import PlackettLuce

from league.results.metrics import game_vp, win_shares

MARGIN_VP = 4  # a win by more than 12–8 in VP counts for more than a narrow one, with margins

# The performance spread β: how much one game's result strays from the players' skill, i.e. how
# much luck the game holds. OpenSkill's 25/6 suits games of skill; card games hold more luck, so
# β is learnt from the club's own games (``fit_beta``) among these, 25/6 × 1 to × 8.
DEFAULT_BETA = 25 / 6
BETAS = tuple(DEFAULT_BETA * f for f in (0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8))
FALLBACK_BETA = DEFAULT_BETA * 2  # too few games to learn from: a card game's luck, not chess's
FIT_AT_LEAST = 40  # scored games below which β is not learnt
FIT_WINDOW = 500  # β is learnt from the club's latest games: a long history costs no more


@dataclass(frozen=True)
class RatedGame:
    """One counted game: its teams' players (ids) and totals, in the order the teams sat."""

    game: int
    date: Date
    season: int
    teams: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    blowout: int = 2000  # the season's blowout margin, for the game's VP

    def win_shares(self) -> list[Fraction]:
        return win_shares(self.totals)


@dataclass(frozen=True)
class Step:
    """A player's rating after one game."""

    game: int
    date: Date
    season: int
    rating: float
    uncertainty: float


@dataclass
class PlayerRating:
    player: int
    rating: float
    uncertainty: float
    games: int = 0
    history: list[Step] = field(default_factory=list)

    def season_end(self, season: int) -> Step | None:
        """The rating after the player's last game of ``season`` (None if they played none)."""
        return next((step for step in reversed(self.history) if step.season == season), None)


@dataclass
class Ratings:
    players: dict[int, PlayerRating]
    # game id → player id → the chance their team had of winning it, from the ratings before it
    expected: dict[int, dict[int, float]]
    beta: float = DEFAULT_BETA  # the performance spread they were learnt with
    # How good their predictions are (league.ratings.evaluation): the calibration bins and the
    # held-out evaluation, made with them for the club's ratings page.
    quality: object | None = None

    def ranked(self) -> list[PlayerRating]:
        """Every rated player, the highest rating first."""
        return sorted(self.players.values(), key=lambda p: (-p.rating, p.uncertainty, p.player))


def new_model(beta: float = DEFAULT_BETA) -> PlackettLuce:
    return PlackettLuce(margin=MARGIN_VP, beta=beta)


def learn(games: Iterable[RatedGame], *, margins: bool = False, beta: float = DEFAULT_BETA) -> Ratings:
    """Every player's rating after ``games`` (in date order), with each game's expected result."""
    model = new_model(beta)
    state: dict[int, object] = {}
    players: dict[int, PlayerRating] = {}
    expected: dict[int, dict[int, float]] = {}
    for game in games:
        if len(game.teams) < 2:
            continue
        teams = [[state.get(pk) or model.rating() for pk in team] for team in game.teams]
        before = first_place_chances(model, teams)
        expected[game.game] = {pk: chance for team, chance in zip(game.teams, before) for pk in team}
        if margins:
            scores = [float(vp) for vp in game_vp(game.totals, game.blowout)]
            teams = model.rate(teams, scores=scores)
        else:
            teams = model.rate(teams, ranks=[-total for total in game.totals])
        for team, rated in zip(game.teams, teams):
            for pk, rating in zip(team, rated):
                state[pk] = rating
                player = players.setdefault(pk, PlayerRating(pk, rating.mu, rating.sigma))
                player.rating, player.uncertainty = rating.mu, rating.sigma
                player.games += 1
                player.history.append(Step(game.game, game.date, game.season, rating.mu, rating.sigma))
    return Ratings(players, expected, beta)


def learn_fitted(games: Sequence[RatedGame], *, margins: bool = False) -> Ratings:
    """``learn`` with the luck of the club's own game (β by ``fit_beta`` on its latest games)."""
    games = list(games)
    return learn(games, margins=margins, beta=fit_beta(games[-FIT_WINDOW:], margins=margins))


def fit_beta(games: Sequence[RatedGame], *, margins: bool = False) -> float:
    """The β that foretold ``games`` best, each from the ratings learnt from the games before it
    only (its expected chance is made before the game is learnt: held out, one game at a time):
    the least mean log-loss of the winner's chance over the later four fifths (the first fifth
    only warms the ratings up). Too few games: ``FALLBACK_BETA``."""
    games = list(games)
    scored = [g for g in games[len(games) // 5 :] if _single_winner(g)]
    if len(scored) < FIT_AT_LEAST:
        return FALLBACK_BETA

    def loss(beta: float) -> float:
        expected = learn(games, margins=margins, beta=beta).expected
        total = 0.0
        for game in scored:
            winner = game.teams[game.win_shares().index(max(game.win_shares()))]
            total -= math.log(max(expected[game.game][winner[0]], 1e-9))
        return total / len(scored)

    return min(BETAS, key=loss)


def _single_winner(game: RatedGame) -> bool:
    shares = game.win_shares()
    return len(game.teams) >= 2 and shares.count(max(shares)) == 1


def first_place_chances(model: PlackettLuce, teams: Sequence[Sequence]) -> list[float]:
    """Each team's chance of finishing first, by the Plackett–Luce model the ratings learn with: a team's
    strength is exp(its players' summed rating ÷ c), c² being every team's summed variance plus the
    model's β² each, and its chance its strength over the table's. (The library's ``predict_win``
    compares teams in pairs on another scale and is far too sure of itself for card games.)"""
    c = math.sqrt(sum(sum(p.sigma**2 for p in team) + model.beta**2 for team in teams))
    sums = [sum(p.mu for p in team) for team in teams]
    top = max(sums)
    strengths = [math.exp((total - top) / c) for total in sums]
    return [strength / sum(strengths) for strength in strengths]


def chances(ratings: Ratings, teams: Sequence[Sequence[int]]) -> list[float]:
    """Each team's chance of winning a game at a table of ``teams`` (player ids), as ``ratings`` stand
    (a player not yet rated counts as a newcomer)."""
    model = new_model(ratings.beta)
    known = ratings.players
    rated = [
        [model.rating(known[pk].rating, known[pk].uncertainty) if pk in known else model.rating() for pk in team]
        for team in teams
    ]
    return first_place_chances(model, rated)
