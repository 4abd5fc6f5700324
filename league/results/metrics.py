"""Standings: every number defined once (PRODUCT.md, "The league" → "Standings"). Plain Python.

The input is each finished game's team totals and who sat in each team; the output is one
``Record`` per player (or per partnership) with the games they played, and rows ranked by the
season's rule. How the numbers are made:

- A game gives every player of a team the team's numbers: its total (``points``), its share of
  the win (the top total shares 1 win: a tie of two gives 0.5 each) and its victory points.
- **Victory points** are table-relative, so that a player is measured against the people at the
  same table and not against the cards other tables were dealt: every pair of teams at a table
  is a match; with margin m and the season's blowout margin B, x = 10 × min(|m|, B) / B rounded
  half up to 1 decimal; the higher total gets 10 + x, the lower 10 − x, equal totals 10 each.
  A team's VP for the game is the mean of its matches, rounded half up to 2 decimals.
- **Metrics** are registered in ``METRICS`` (key, name, abbreviation, how it is computed, which way
  is better), as Tabbycat's ``standings/metrics.py`` does: a club's new metric is one entry.
- **Ranking** (``rank``): the ranking rule's metrics (``league.rankings``), each the way its metric
  is better (most points first, fewest byes first); players equal on every one share a rank and
  the next is skipped (1, 2, 2, 4); rows by rank, then name. Players
  with fewer nights than the minimum come after, without a rank. With "best N nights", only each
  player's N best nights (by the ranking keys, computed on that night alone) count; ``nights``
  still counts every night played, since it decides who is ranked.
- **A game finished early** (fewer rounds than its rules play) counts as the season says
  (``early_games_counted``, applied to the team results before anything else): as played, scaled
  up to a full game, or left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date as Date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache

from django.utils.translation import gettext, gettext_noop, pgettext, pgettext_lazy

from league.rankings import RANKINGS, ranking_rule

VP_PER_MATCH = 10  # a drawn match is 10–10; a blowout 20–0


def half_up(value: Fraction | Decimal | int, places: int) -> Decimal:
    """``value`` rounded half up (2.345 → 2.35, never to even) to ``places`` decimals."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


# --- one game ---------------------------------------------------------------------------------


def match_vp(mine: int, theirs: int, blowout: int) -> Decimal:
    """The VP one team takes from a match against another: 10 + x for the higher total."""
    x = half_up(Fraction(VP_PER_MATCH * min(abs(mine - theirs), blowout), blowout), 1)
    if mine > theirs:
        return VP_PER_MATCH + x
    if mine < theirs:
        return VP_PER_MATCH - x
    return Decimal(VP_PER_MATCH)


def game_vp(totals: Sequence[int], blowout: int) -> list[Decimal]:
    """Each team's VP for a game: the mean of its matches with every other team at the table.
    Worked out once for the same totals and margin (a season's standings read every game's on
    every view, and the arithmetic is in exact fractions)."""
    return list(_game_vp(tuple(totals), blowout))


@lru_cache(maxsize=2**14)
def _game_vp(totals: tuple[int, ...], blowout: int) -> tuple[Decimal, ...]:
    if len(totals) < 2:
        return tuple(Decimal(VP_PER_MATCH) for _ in totals)
    return tuple(
        half_up(
            Fraction(sum(match_vp(mine, theirs, blowout) for j, theirs in enumerate(totals) if j != i))
            / (len(totals) - 1),
            2,
        )
        for i, mine in enumerate(totals)
    )


def win_shares(totals: Sequence[int]) -> list[Fraction]:
    """The teams with the highest total share one win equally."""
    top = max(totals, default=None)
    winners = sum(1 for total in totals if total == top)
    return [Fraction(1, winners) if total == top else Fraction(0) for total in totals]


# --- a player's season ------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamResult:
    """A team's final total in a finished game, and the players who sat in it."""

    game: int
    night: int
    date: Date
    total: int
    players: tuple[tuple[int, str], ...]  # (player id, name) of each seat
    confirmed: bool = True


# --- games finished early -----------------------------------------------------------------------

EARLY_AS_PLAYED, EARLY_SCALED, EARLY_LEFT_OUT = "played", "scaled", "left_out"  # league.models.EarlyGames


def early_games_counted(
    results: Iterable[TeamResult], early: Mapping[int, tuple[int, int | None]], how: str
) -> list[TeamResult]:
    """The games' team results as the season counts a game finished early (``early``: game id →
    (rounds played, the rules' rounds, None for a game to a target score)): as played; scaled up to
    a full game, each total × the rules' rounds ÷ the rounds played, half up to a whole point (a
    game to a target score stays as played); or left out. Applied before any number is made, so
    wins and VP follow the totals that count."""
    if how == EARLY_LEFT_OUT:
        return [result for result in results if result.game not in early]
    if how != EARLY_SCALED:
        return list(results)
    counted = []
    for result in results:
        played, of = early.get(result.game, (0, None))
        if of is not None and played:
            result = replace(result, total=int(half_up(Fraction(result.total * of, played), 0)))
        counted.append(result)
    return counted


@dataclass(frozen=True)
class Played:
    """One game as it counts for a player (or a partnership): the team's numbers."""

    game: int
    night: int
    date: Date
    points: int
    win: Fraction
    vp: Decimal
    confirmed: bool


@dataclass
class Record:
    """Everything one player (or partnership) did in the period: their games and byes."""

    key: tuple[int, ...]  # the player id, or the partnership's player ids
    name: str
    games: list[Played] = field(default_factory=list)
    byes: int = 0
    rating: float | None = None  # the player's rating at the period's end (league.ratings), when read

    def nights(self) -> set[int]:
        return {p.night for p in self.games}


def played_games(results: Iterable[TeamResult], blowout: int) -> dict[int, list[tuple[TeamResult, Played]]]:
    """Each game's teams with what the game gives them (points, win share, VP), by game id."""
    by_game: dict[int, list[TeamResult]] = {}
    for result in results:
        by_game.setdefault(result.game, []).append(result)
    played = {}
    for game, teams in by_game.items():
        totals = [team.total for team in teams]
        wins, vps = win_shares(totals), game_vp(totals, blowout)
        played[game] = [
            (team, Played(game, team.night, team.date, team.total, win, vp, team.confirmed))
            for team, win, vp in zip(teams, wins, vps)
        ]
    return played


def player_records(
    results: Iterable[TeamResult], byes: Iterable[tuple[int, str]], blowout: int
) -> dict[tuple[int, ...], Record]:
    """One record per player: every game they sat in, and their byes ((player id, name) each)."""
    records: dict[tuple[int, ...], Record] = {}
    for teams in played_games(results, blowout).values():
        for team, played in teams:
            for pk, name in team.players:
                records.setdefault((pk,), Record((pk,), name)).games.append(played)
    for pk, name in byes:
        records.setdefault((pk,), Record((pk,), name)).byes += 1
    return records


def partnership_records(results: Iterable[TeamResult], blowout: int) -> dict[tuple[int, ...], Record]:
    """One record per partnership (the same players together), for fixed-partnership standings."""
    records: dict[tuple[int, ...], Record] = {}
    for teams in played_games(results, blowout).values():
        for team, played in teams:
            members = sorted(team.players, key=lambda p: p[1].casefold())
            key = tuple(sorted(pk for pk, _ in team.players))
            name = " & ".join(name for _, name in members)
            records.setdefault(key, Record(key, name)).games.append(played)
    return records


# --- metrics ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    abbr: str
    compute: Callable[[Record, list[Played]], int | Decimal | None]  # (record, the games that count)
    places: int = 0  # decimals shown (the value keeps its own: JSON gives an average to 2 decimals)
    trim: bool = False  # shown without trailing zeros: a win 1 and a half win 0.5, not 1.00 and 0.50
    higher_is_better: bool = True
    help: str = ""

    @property
    def name_shown(self) -> str:
        """The name in the page's language (the workbook, JSON and commands keep ``name``)."""
        return gettext(self.name)

    @property
    def abbr_shown(self) -> str:
        return pgettext("standings column", self.abbr)


# A rating is shown (and ranked) once a player has played this many games of the period: before
# that it says more about the newcomer's starting rating than about how they play.
RATED_GAMES = 10


def _rating(record: Record, games: list[Played]) -> Decimal | None:
    if record.rating is None or len(record.games) < RATED_GAMES:
        return None
    return half_up(Decimal(repr(record.rating)), 1)


def _average(games: list[Played], value: Callable[[Played], int | Decimal]) -> Decimal:
    if not games:
        return Decimal(0).quantize(Decimal("0.01"))
    return half_up(Fraction(sum(value(p) for p in games)) / len(games), 2)


METRICS: dict[str, Metric] = {
    metric.key: metric
    for metric in [
        Metric(
            "nights",
            gettext_noop("Nights"),
            "N",
            lambda r, g: len(r.nights()),
            help="Nights with at least one game",
        ),
        Metric(
            "games",
            gettext_noop("Games"),
            "G",
            lambda r, g: len(g),
            help="Finished games played",
        ),
        Metric(
            "byes",
            gettext_noop("Byes"),
            "Bye",
            lambda r, g: r.byes,
            higher_is_better=False,
            help="Sittings sat out",
        ),
        Metric(
            "wins",
            gettext_noop("Wins"),
            "W",
            lambda r, g: half_up(sum((p.win for p in g), Fraction(0)), 2),
            places=2,
            trim=True,
        ),
        Metric(
            "points",
            gettext_noop("Points"),
            "Pts",
            lambda r, g: sum(p.points for p in g),
        ),
        Metric(
            "average",
            gettext_noop("Average"),
            "Avg",
            lambda r, g: _average(g, lambda p: p.points),
        ),
        Metric(
            "vp",
            gettext_noop("Victory points"),
            "VP",
            lambda r, g: sum((p.vp for p in g), Decimal(0)),
            places=2,
        ),
        Metric(
            "vp_average",
            gettext_noop("VP average"),
            "VP/G",
            lambda r, g: _average(g, lambda p: p.vp),
            places=2,
        ),
        Metric(
            "best_game",
            gettext_noop("Best game"),
            "Best",
            lambda r, g: max((p.points for p in g), default=None),
        ),
        Metric(
            "rating",
            gettext_noop("Rating"),
            "Rtg",
            _rating,
            places=1,
            help=f"Learned from every game, partners and opponents included; shown from {RATED_GAMES} games on",
        ),
    ]
}

# --- ranking ----------------------------------------------------------------------------------


@dataclass
class Row:
    rank: int | None
    name: str
    player_ids: tuple[int, ...]
    values: dict[str, int | Decimal | None]
    unconfirmed: int  # games counted that nobody agreed to at the table yet
    counted_nights: int  # nights whose games count (fewer than ``nights`` with "best N nights")


def values_of(record: Record, games: list[Played]) -> dict[str, int | Decimal | None]:
    return {key: metric.compute(record, games) for key, metric in METRICS.items()}


def counted_games(record: Record, by: str, best_nights: int | None) -> list[Played]:
    """The games that count: all of them, or those of the player's ``best_nights`` best nights
    (best by the ranking keys computed on that night alone; on a tie, the earlier night)."""
    if best_nights is None or len(record.nights()) <= best_nights:
        return list(record.games)
    nights = sorted({(p.date, p.night) for p in record.games})
    scored = []
    for order, (_, night) in enumerate(nights):
        games = [p for p in record.games if p.night == night]
        scored.append((_best_first(values_of(record, games), by), order, night))
    best = {night for _, _, night in sorted(scored)[:best_nights]}
    return [p for p in record.games if p.night in best]


def _best_first(values: dict[str, int | Decimal | None], by: str) -> tuple[Decimal, ...]:
    """The ranking rule's values as sort keys, the best the smallest: a higher-is-better value
    negated, a lower-is-better one as it is; an empty value (no best game) last either way."""
    keys = []
    for key in ranking_rule(by).sort:
        value = values[key]
        if value is None:
            keys.append(Decimal(10**18))
        else:
            keys.append(-Decimal(value) if METRICS[key].higher_is_better else Decimal(value))
    return tuple(keys)


def rank(
    records: Iterable[Record],
    *,
    by: str = "vp",
    min_nights: int = 0,
    best_nights: int | None = None,
    name_order: Callable[[str], object] = str.casefold,
) -> tuple[list[Row], list[Row]]:
    """The ranked rows, and those below the minimum nights (no rank), each by rank then name
    (``name_order``: the pages pass the reader's collation, league.clubs.names.sort_key)."""
    if by not in RANKINGS and by != "rating":
        raise ValueError(f"unknown ranking {by!r}: {', '.join(RANKINGS)}")
    keys = ranking_rule(by).sort
    rows = []
    for record in records:
        games = counted_games(record, by, best_nights)
        values = values_of(record, games)
        values["nights"] = len(record.nights())
        unconfirmed = sum(1 for p in games if not p.confirmed)
        rows.append(Row(None, record.name, record.key, values, unconfirmed, len({p.night for p in games})))

    def order(row: Row):
        return (_best_first(row.values, by), name_order(row.name), row.player_ids)

    ranked = sorted((r for r in rows if r.values["nights"] >= min_nights), key=order)
    unranked = sorted((r for r in rows if r.values["nights"] < min_nights), key=order)
    for position, (row, before) in enumerate(zip(ranked, [None, *ranked]), start=1):
        same = before is not None and all(row.values[k] == before.values[k] for k in keys)
        row.rank = before.rank if same else position
    return ranked, unranked


# The columns' abbreviations, listed for the translation catalogue (``Metric.abbr_shown``).
ABBREVIATIONS = (
    pgettext_lazy("standings column", "N"),
    pgettext_lazy("standings column", "G"),
    pgettext_lazy("standings column", "Bye"),
    pgettext_lazy("standings column", "W"),
    pgettext_lazy("standings column", "Pts"),
    pgettext_lazy("standings column", "Avg"),
    pgettext_lazy("standings column", "VP"),
    pgettext_lazy("standings column", "VP/G"),
    pgettext_lazy("standings column", "Best"),
    pgettext_lazy("standings column", "Rtg"),
)
