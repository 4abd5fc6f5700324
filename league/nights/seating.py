"""Who sits where with whom: the seating of a club night (PRODUCT.md, "The league" → "Seating").

Plain Python, no database, in the manner of Tabbycat's draw generators: the input is the
players present and their history (partners, opponents and byes so far), the output is a
``Sitting`` of tables and byes that carries a flag for every compromise it had to make
("repeat partners: Ann & Bob (2nd time)"). The web and the ``seating`` command run this code.

How a sitting is drawn:

1. **Tables.** ``table_shapes(rules)`` lists the shapes a variant allows; ``layout`` picks
   the mix of shapes that seats the most players, preferring partnership tables to players
   on their own, then the standard table (the first shape: 2 teams of 2). Only what no mix
   can seat gets a bye.
2. **Byes** go to the players with the fewest byes so far (this night plus ``past``), ties
   broken at random.
3. **Seats.** A randomized local search: place everyone at random, then swap players (or,
   in fixed mode, whole partnerships) while a swap lowers the cost, from a fixed number of
   random starts; the best seating wins. The cost, compared in this order: repeat partners
   within the night, repeat opponents within the night, then the same two for earlier
   nights (``past``). Every pair counts the times it already met, so a third meeting costs
   more than a second. A seeded ``random.Random`` makes a draw the same for the same seed.

Modes: ``rotating`` (new partners each sitting), ``fixed`` (the partnerships of sitting 1
stay; opponents change), ``progressive`` (``progressive_next``: each table's winners move up
a table and split), ``manual`` (the organiser places everyone; ``problems`` checks it).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from league.nights import whist_designs

Player = Hashable  # a name in the command, a roster id in the web
Pair = frozenset

MODES = ("fixed", "rotating", "progressive", "manual")
MOST_SITTINGS = 20  # a night's sittings, at most (the night form's and the database's limit too)
TRIES = 24  # random starts of the local search per sitting; it stops early on a seating with no repeat
WEIGHT = 10**9  # the cost is lexicographic: one night repeat outweighs any number of season repeats


@dataclass(frozen=True, order=True)
class Shape:
    """A table: ``teams`` sides of ``players_per_team`` each; players_per_team 1 = everyone on their own."""

    teams: int
    players_per_team: int

    @property
    def size(self) -> int:
        return self.teams * self.players_per_team

    @property
    def individual(self) -> bool:
        return self.players_per_team == 1

    @property
    def code(self) -> str:
        """TEAMSxPLAYERS, as ``--shapes`` and the night form write it: 2x2, 3x2, 3x1."""
        return f"{self.teams}x{self.players_per_team}"

    @property
    def odd(self) -> bool:
        """Any table but two teams of two: its seats rotate like byes (PRODUCT.md, "Seating")."""
        return self != STANDARD

    def __str__(self) -> str:
        if self.individual:
            return f"{self.teams} on their own"
        return f"{self.teams} teams of {self.players_per_team}"


STANDARD = Shape(2, 2)


def table_shapes(rules) -> list[Shape]:
    """The table shapes a variant allows, the standard one first.

    From ``rules.setup``: every allowed number of partnerships with every allowed team size
    (hand-and-foot: 2 and 3 teams of 2; canasta: 2 teams of 2 or of 3), then the individual
    player counts of 3 or more (PRODUCT.md: Hand and Foot "3 players on their own"). A
    two-player game is not a club-night table, so it is used only by a variant with no
    other shape. Partnership shapes come before individual ones, smaller before larger.
    """
    setup = rules.setup
    partnerships = sorted(
        (Shape(teams, size) for teams in setup.team_counts for size in setup.players_per_team if size >= 2),
        key=lambda s: (s.size, s.teams),
    )
    individual = [Shape(n, 1) for n in sorted(setup.individual_counts) if n >= 3]
    shapes = partnerships + individual
    if not shapes and setup.individual_counts:
        shapes = [Shape(min(setup.individual_counts), 1)]
    return shapes


def partnership_shapes(shapes: Sequence[Shape]) -> list[Shape]:
    """A night's shapes when the organiser says nothing: partnership tables only, byes for the
    rest (a variant with no partnership table keeps its own shapes)."""
    return [s for s in shapes if not s.individual] or list(shapes)


def parse_shapes(text: str, shapes: Sequence[Shape]) -> list[Shape]:
    """The shapes named by ``text`` ("all", or "2x2,3x2,…"), in the variant's order; "" = the default.

    Raises ValueError naming a shape the variant does not have."""
    text = (text or "").strip().lower()
    if not text:
        return partnership_shapes(shapes)
    if text == "all":
        return list(shapes)
    named = [part.strip() for part in text.split(",")]
    known = {s.code: s for s in shapes}
    for code in named:
        if code not in known:
            allowed = ", ".join(known) or "none"
            raise ValueError(f"{code or '(empty)'} is not a table of this variant (it has {allowed})")
    return [s for s in shapes if s.code in named]


def decks_at(rules, shape: Shape) -> int:
    """How many decks a table of ``shape`` needs, by the variant's setup (Hand and Foot: players + 1)."""
    return rules.setup.decks_for(shape.size)


def layout(count: int, shapes: Sequence[Shape]) -> tuple[list[Shape], int]:
    """The tables for ``count`` players and how many byes are left over.

    Seats the most players a mix of ``shapes`` can; among the mixes that do, the fewest
    players on their own, then the fewest away from the standard table (``shapes[0]``),
    then shapes listed earlier. A small dynamic programme over seat totals: the preference
    adds up table by table, so the best mix for a total extends a best mix for a smaller one.
    """
    best: list[tuple[tuple[int, int, int], list[Shape]] | None] = [None] * (count + 1)
    best[0] = ((0, 0, 0), [])
    for total in range(1, count + 1):
        for index, shape in enumerate(shapes):
            before = best[total - shape.size] if shape.size <= total else None
            if before is None:
                continue
            cost = (
                before[0][0] + (shape.size if shape.individual else 0),
                before[0][1] + (0 if index == 0 else shape.size),
                before[0][2] + index,
            )
            if best[total] is None or cost < best[total][0]:
                best[total] = (cost, before[1] + [shape])
    seated = max(total for total in range(count + 1) if best[total] is not None)
    tables = sorted(best[seated][1], key=lambda s: list(shapes).index(s))
    return tables, count - seated


@dataclass
class History:
    """How often each pair were partners or opponents, and each player's byes.

    Pairs are ``frozenset({a, b})``. ``after(sitting)`` gives the history with a sitting added.
    """

    partners: Counter = field(default_factory=Counter)
    opponents: Counter = field(default_factory=Counter)
    byes: Counter = field(default_factory=Counter)
    odd: Counter = field(default_factory=Counter)  # byes and seats at any table but 2 teams of 2
    counts: Counter = field(default_factory=Counter)  # sittings played, by the number of players in them

    def after(self, sitting: Sitting) -> History:
        partners, opponents, byes = Counter(self.partners), Counter(self.opponents), Counter(self.byes)
        odd, counts = Counter(self.odd), Counter(self.counts)
        for table in sitting.tables:
            partners.update(table.partner_pairs())
            opponents.update(table.opponent_pairs())
            if table.shape.odd:
                odd.update(table.players)
        byes.update(sitting.byes)
        odd.update(sitting.byes)
        counts[len(sitting.byes) + sum(len(t.players) for t in sitting.tables)] += 1
        return History(partners, opponents, byes, odd, counts)

    def repeats(self) -> dict[str, int]:
        """Meetings beyond the first: a pair partnered three times makes two repeats."""
        return {
            "partners": sum(n - 1 for n in self.partners.values() if n > 1),
            "opponents": sum(n - 1 for n in self.opponents.values() if n > 1),
        }


@dataclass(frozen=True)
class Table:
    number: int
    teams: tuple[tuple[Player, ...], ...]

    @property
    def players(self) -> list[Player]:
        return [p for team in self.teams for p in team]

    @property
    def shape(self) -> Shape:
        return Shape(len(self.teams), len(self.teams[0]) if self.teams else 0)

    def partner_pairs(self) -> list[Pair]:
        return [Pair(pair) for team in self.teams for pair in itertools.combinations(team, 2)]

    def opponent_pairs(self) -> list[Pair]:
        return [Pair((a, b)) for one, other in itertools.combinations(self.teams, 2) for a in one for b in other]


@dataclass(frozen=True)
class Sitting:
    """One game of the night at every table, the byes, and the compromises made (``flags``)."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[Player, ...] = ()
    flags: tuple[str, ...] = ()

    def partnerships(self) -> list[tuple[Player, ...]]:
        return [team for table in self.tables for team in table.teams if len(team) > 1]


@dataclass(frozen=True)
class Night:
    sittings: tuple[Sitting, ...]
    history: History  # the night's own history, all sittings included


# --- drawing -----------------------------------------------------------------------------


def draw(
    mode: str,
    players: Sequence[Player],
    shapes: Sequence[Shape],
    history: History | None = None,
    *,
    past: History | None = None,
    partnerships: Iterable[Sequence[Player]] = (),
    number: int = 1,
    seed: int | str | None = None,
    apart: Iterable[Iterable[Player]] = (),
    planned: int | None = None,
) -> Sitting:
    """Seat ``players`` for sitting ``number`` of a night.

    ``history`` is this night's so far, ``past`` the earlier nights of the season. In
    ``fixed`` mode, ``partnerships`` are the teams of sitting 1 (none for sitting 1 itself);
    ``progressive`` draws its first sitting like ``rotating`` (after that, ``progressive_next``).
    ``apart`` are pairs never seated at one table. In rotating mode at tables of two teams of
    two, a whist design (``whist_designs``) seats the night while the night so far is its start,
    if the ``planned`` sittings are too many for every opponent to be new (below that the search
    often repeats nobody, where any two sittings of a cyclic design share an opposing pair).
    Raises ValueError for a mode that cannot be drawn, fewer players than the smallest table, or
    pairs kept apart that no seating keeps apart (the message says why).
    """
    if mode not in ("fixed", "rotating", "progressive"):
        raise ValueError(f"cannot draw mode {mode!r}: fixed, rotating or progressive")
    history, past = history or History(), past or History()
    rng = _rng(seed, number)
    tables, bye_count = _tables_for(players, shapes)
    apart = _apart_among(apart, players)
    if mode == "rotating" and not apart and (planned is None or bound(len(players), [STANDARD], planned)["opponents"]):
        designed = _design_sitting(players, tables, bye_count, number, history, past, seed)
        if designed is not None:
            return Sitting(designed.number, designed.tables, designed.byes, tuple(_flags(designed, history, past)))
    byes = pick_byes(players, bye_count, history, past, rng)
    seated = [p for p in players if p not in set(byes)]
    cost = _Cost(history, past, apart)
    if mode == "fixed" and partnerships:
        fixed = [tuple(team) for team in partnerships]
        best = _search(lambda: _fixed_start(seated, tables, fixed, rng), _fixed_moves(fixed), cost, rng)
    else:
        tables = sorted(tables, key=lambda s: s.odd)  # the standard tables first, as numbered
        odd_players = _odd_seats(seated, sum(s.size for s in tables if s.odd), history, past, rng)
        try:
            places = _apart_places(seated, odd_players, tables, apart, rng)
        except ValueError:  # a pair kept apart both given the one odd (or the one standard) table
            odd_players, places = _odd_seats_apart(seated, odd_players, tables, apart, history, past, rng)
        best = _search(
            lambda: _random_start(seated, tables, rng, odd_players, places()),
            _seat_moves_within([s.odd for s in tables], lambda p: history.odd[p] + past.odd[p]),
            cost,
            rng,
        )
    _refuse_together(best, apart, len(players))
    sitting = _sitting(number, best, byes)
    if mode == "fixed" and partnerships:
        fixed = [tuple(team) for team in partnerships]
        # a fixed partnership meeting again is the plan, not a compromise
        flags = _flags(
            sitting, history, past, planned={Pair(pair) for team in fixed for pair in itertools.combinations(team, 2)}
        )
        flags += _fixed_flags(sitting, fixed, players)
    else:
        flags = _flags(sitting, history, past)
    return Sitting(sitting.number, sitting.tables, sitting.byes, tuple(flags))


def draw_night(
    mode: str,
    players: Sequence[Player],
    shapes: Sequence[Shape],
    sittings: int,
    *,
    past: History | None = None,
    arrivals: Mapping[int, Sequence[Player]] | None = None,
    seed: int | str | None = None,
    apart: Iterable[Iterable[Player]] = (),
) -> Night:
    """Draw ``sittings`` sittings in a row, each knowing the ones before it.

    ``arrivals`` maps a sitting number to the players who arrive late and play from it on.
    In fixed mode the partnerships of sitting 1 hold for the night. Progressive mode needs
    each table's winners, so it is drawn sitting by sitting with ``progressive_next``.
    """
    if mode not in ("fixed", "rotating"):
        raise ValueError(f"cannot draw a whole night in mode {mode!r}: fixed or rotating")
    if sittings < 1:
        raise ValueError("a night has at least one sitting")
    present = list(players)
    history, drawn, partnerships = History(), [], ()
    seed = random.randrange(2**32) if seed is None else seed  # one seed for the night: a design needs it
    apart = [tuple(pair) for pair in apart]
    for number in range(1, sittings + 1):
        present += [p for p in (arrivals or {}).get(number, ()) if p not in present]
        sitting = draw(
            mode,
            present,
            shapes,
            history,
            past=past,
            partnerships=partnerships,
            number=number,
            seed=seed,
            apart=apart,
            planned=sittings,
        )
        if mode == "fixed" and number == 1:
            partnerships = tuple(sitting.partnerships())
        history = history.after(sitting)
        drawn.append(sitting)
    return Night(tuple(drawn), history)


def progressive_next(
    previous: Sitting,
    winners: Mapping[int, int],
    players: Sequence[Player],
    shapes: Sequence[Shape],
    history: History,
    *,
    past: History | None = None,
    seed: int | str | None = None,
    apart: Iterable[Iterable[Player]] = (),
) -> Sitting:
    """The next sitting of a progressive night, as at a progressive card party.

    ``winners`` maps each table number to the index of its winning team. The winners of
    every table move up one table (table 1 is the head table); the head table's winners
    stay and its first losing team goes down to the last table; everyone else stays. Byes
    of the last sitting and late arrivals join at the last table. At every table the new
    teams split the old partnerships (the search keeps everyone at their table and avoids
    repeat partners). Where tables change size (a bye, a winner of a table of players on
    their own), the players fill the tables from the head down in that order.
    ``history`` must include ``previous``. Pairs kept apart whom the movement brings to one
    table are refused (ValueError): the organiser seats that sitting by hand.
    """
    past = past or History()
    rng = _rng(seed, previous.number + 1)
    ladder = _ladder(previous, winners)
    ladder += [p for p in previous.byes if p not in ladder]
    ladder += [p for p in players if p not in ladder]
    present = set(players)
    ladder = [p for p in ladder if p in present]
    tables, bye_count = _tables_for(ladder, shapes)
    byes = pick_byes(ladder, bye_count, history, past, rng)
    seated = [p for p in ladder if p not in set(byes)]
    start, at = [], 0
    for shape in tables:
        start.append(_split(seated[at : at + shape.size], shape))
        at += shape.size
    apart = _apart_among(apart, players)
    best = _search(
        lambda: [[list(team) for team in table] for table in start],
        _within_table_moves,
        _Cost(history, past, apart),
        rng,
    )
    _refuse_together(best, apart, len(players), "the winners' moves bring")
    sitting = _sitting(previous.number + 1, best, byes)
    return Sitting(sitting.number, sitting.tables, sitting.byes, tuple(_flags(sitting, history, past)))


def _ladder(previous: Sitting, winners: Mapping[int, int]) -> list[Player]:
    """Everyone of ``previous`` in order of the table they move to, head table first."""
    tables = sorted(previous.tables, key=lambda t: t.number)
    moving = []  # per table: the team that leaves it (winners, or the head table's demoted losers)
    staying = []
    for position, table in enumerate(tables):
        won = winners.get(table.number, 0)
        if not 0 <= won < len(table.teams):
            raise ValueError(f"table {table.number}: no team {won}")
        if position == 0:
            losers = [i for i in range(len(table.teams)) if i != won]
            leaving = losers[0] if len(tables) > 1 else None
        else:
            leaving = won
        moving.append(list(table.teams[leaving]) if leaving is not None else [])
        staying.append([p for i, team in enumerate(table.teams) if i != leaving for p in team])
    ladder = []
    for position in range(len(tables)):
        arriving = moving[position + 1] if position + 1 < len(tables) else []
        ladder += arriving + staying[position]
        if position == len(tables) - 1 and len(tables) > 1:
            ladder += moving[0]  # the head table's losers go to the foot
    return ladder


def pick_byes(
    players: Sequence[Player], count: int, history: History, past: History, rng: random.Random
) -> tuple[Player, ...]:
    """The ``count`` players with the fewest byes so far (night and season), then the fewest odd
    seats (PRODUCT.md: nobody has a second before everyone present has had one), ties at random."""
    keyed = [
        (history.byes[p] + past.byes[p], history.odd[p] + past.odd[p], rng.random(), i) for i, p in enumerate(players)
    ]
    chosen = sorted(keyed)[:count]
    return tuple(players[k[-1]] for k in sorted(chosen, key=lambda k: k[-1]))


# --- manual seatings ----------------------------------------------------------------------


def problems(sitting: Sitting, players: Sequence[Player], shapes: Sequence[Shape]) -> list[str]:
    """What is wrong with a seating (the organiser's manual one, or any): [] when it is sound.

    Everyone present is seated exactly once or has a bye; nobody else is; every table has
    a shape the variant allows; tables are numbered 1, 2, 3 …
    """
    found = []
    present = set(players)
    places = Counter(p for table in sitting.tables for p in table.players)
    places.update(sitting.byes)
    for p in players:
        if places[p] == 0:
            found.append(f"{p} is present but neither seated nor on a bye")
        elif places[p] > 1:
            found.append(f"{p} has {places[p]} places")
    found += [f"{p} is seated but not present" for p in places if p not in present]
    for table in sitting.tables:
        sizes = {len(team) for team in table.teams}
        if len(sizes) != 1 or table.shape not in shapes:
            teams = " + ".join(str(len(team)) for team in table.teams) or "nobody"
            allowed = "; ".join(str(s) for s in shapes)
            found.append(f"table {table.number}: {teams} is not a table this variant allows ({allowed})")
    numbers = [t.number for t in sitting.tables]
    if numbers != list(range(1, len(numbers) + 1)):
        found.append(f"tables are numbered {numbers}, not 1 to {len(numbers)}")
    return found


# --- the search -------------------------------------------------------------------------
# A seating while searching: tables → teams → players, as lists so that swaps are cheap.


def _rng(seed, number: int) -> random.Random:
    return random.Random(None if seed is None else f"{seed}:{number}")


def _tables_for(players: Sequence[Player], shapes: Sequence[Shape]) -> tuple[list[Shape], int]:
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    if not shapes:
        raise ValueError("the variant allows no table shape")
    smallest = min(s.size for s in shapes)
    if len(players) < smallest:
        raise ValueError(f"{len(players)} players cannot fill a table: the smallest has {smallest}")
    return layout(len(players), shapes)


class _Weights(dict):
    """A pair's weight by the ordered pair ``(a, b)``, worked out by ``weigh`` the first time it is
    asked for and kept."""

    def __init__(self, weigh: Callable[[Pair], int]):
        super().__init__()
        self.weigh = weigh

    def __missing__(self, key: tuple[Player, Player]) -> int:
        weight = self[key] = self.weigh(Pair(key))
        return weight


class _Cost:
    """The cost of a table: pairs kept apart above all, then partner and opponent pairs weighted by
    how often they met.

    The search asks it of the same pairs again and again (hundreds of thousands of times for a long
    night), so each pair's weight as partners and as opponents is worked out once and kept
    (``_Weights``; the histories never change: ``History.after`` makes a new one)."""

    def __init__(self, history: History, past: History, apart: set[Pair] = frozenset()):
        self.history, self.past, self.apart = history, past, apart
        self.kept = {p for pair in apart for p in pair}
        self._apart = {(a, b) for pair in apart if len(pair) == 2 for a, b in itertools.permutations(pair)}
        h, p = history, past
        self._partners = _Weights(lambda pair: h.partners[pair] * WEIGHT**3 + p.partners[pair] * WEIGHT)
        self._opponents = _Weights(lambda pair: h.opponents[pair] * WEIGHT**2 + p.opponents[pair])

    def table(self, teams: list[list[Player]]) -> int:
        total = 0
        if self.kept:
            here = [p for team in teams for p in team if p in self.kept]
            total += sum(pair in self._apart for pair in itertools.combinations(here, 2)) * WEIGHT**4
        partners, opponents = self._partners, self._opponents
        for team in teams:
            for pair in itertools.combinations(team, 2):
                total += partners[pair]
        for one, other in itertools.combinations(teams, 2):
            for a in one:
                for b in other:
                    total += opponents[a, b]
        return total


def _search(start, moves, cost: _Cost, rng: random.Random):
    """Best of ``TRIES`` local searches from random starts; stops at the first seating that costs 0."""
    best, best_cost = None, None
    for _ in range(TRIES):
        seating = start()
        total = _descend(seating, moves, cost, rng)
        if best_cost is None or total < best_cost:
            best, best_cost = seating, total
        if best_cost == 0:
            break
    return best


def _descend(seating, moves, cost: _Cost, rng: random.Random) -> int:
    """Apply improving swaps until none is left; returns the seating's cost."""
    costs = [cost.table(table) for table in seating]
    allowed = getattr(moves, "allowed", None)
    improved = True
    while improved:
        improved = False
        candidates = list(moves(seating))
        rng.shuffle(candidates)
        for a, b in candidates:
            if allowed is not None and not allowed(seating, a, b):
                continue
            touched = {a[0], b[0]}
            before = sum(costs[t] for t in touched)
            _swap(seating, a, b)
            after = {t: cost.table(seating[t]) for t in touched}
            if sum(after.values()) < before:
                for t, c in after.items():
                    costs[t] = c
                improved = True
            else:
                _swap(seating, a, b)
    return sum(costs)


def _swap(seating, a: tuple, b: tuple) -> None:
    """Swap two seats (table, team, seat) or two whole teams (table, team)."""
    if len(a) == 3:
        (ta, ga, sa), (tb, gb, sb) = a, b
        seating[ta][ga][sa], seating[tb][gb][sb] = seating[tb][gb][sb], seating[ta][ga][sa]
    else:
        (ta, ga), (tb, gb) = a, b
        seating[ta][ga], seating[tb][gb] = seating[tb][gb], seating[ta][ga]


def _seats(seating) -> list[tuple[int, int, int]]:
    return [(t, g, s) for t, table in enumerate(seating) for g, team in enumerate(table) for s in range(len(team))]


def _seat_moves_within(odd: list[bool], had):
    """Rotating mode: any two players in different teams may swap; a player at an odd table only
    with one at a standard table who has had as many odd seats (``had``), so the odd seats still
    go to those who had fewest."""

    def moves(seating):
        return [(a, b) for a, b in itertools.combinations(_seats(seating), 2) if a[:2] != b[:2]]

    def allowed(seating, a, b) -> bool:  # asked at the swap: earlier swaps may have moved the players
        return odd[a[0]] == odd[b[0]] or had(seating[a[0]][a[1]][a[2]]) == had(seating[b[0]][b[1]][b[2]])

    moves.allowed = allowed
    return moves


def _within_table_moves(seating):
    """Progressive mode: players stay at the table they moved to; only the teams change."""
    return [(a, b) for a, b in itertools.combinations(_seats(seating), 2) if a[0] == b[0] and a[1] != b[1]]


def _fixed_moves(fixed: list[tuple[Player, ...]]):
    """Fixed mode: whole partnerships swap tables; players outside one swap seats among themselves."""
    partnerships = set(fixed)

    def moves(seating):
        kept = [
            (t, g)
            for t, table in enumerate(seating)
            for g, team in enumerate(table)
            if len(team) > 1 and tuple(team) in partnerships
        ]
        swaps = [
            (a, b)
            for a, b in itertools.combinations(kept, 2)
            if a[0] != b[0] and len(seating[a[0]][a[1]]) == len(seating[b[0]][b[1]])
        ]
        loose = [(t, g, s) for t, g, s in _seats(seating) if (t, g) not in set(kept)]
        swaps += [(a, b) for a, b in itertools.combinations(loose, 2) if a[:2] != b[:2]]
        return swaps

    return moves


def _random_start(seated, tables: list[Shape], rng: random.Random, odd_players=(), places=None):
    """Everyone at random, the ``odd_players`` at the odd tables; ``places`` (player → table index)
    are kept where they are (they keep pairs apart)."""
    places = places or {}
    odd_set = set(odd_players)
    pools = {False: [p for p in seated if p not in odd_set], True: list(odd_players)}
    for pool in pools.values():
        rng.shuffle(pool)
    start = []
    for t, shape in enumerate(tables):
        mine = [p for p, at in places.items() if at == t]
        rest = [p for p in pools[shape.odd] if p not in places][: shape.size - len(mine)]
        pools[shape.odd] = [p for p in pools[shape.odd] if p not in rest]
        table = mine + rest
        rng.shuffle(table)
        start.append(_split(table, shape))
    return start


def _odd_seats(seated, count: int, history: History, past: History, rng: random.Random) -> list[Player]:
    """The ``count`` players who take the odd tables' seats: the fewest odd seats so far first."""
    if not count:
        return []
    keyed = sorted((history.odd[p] + past.odd[p], rng.random(), i) for i, p in enumerate(seated))
    return [seated[i] for _, _, i in keyed[:count]]


def _odd_seats_apart(seated, odd_players, tables: list[Shape], apart: set[Pair], history: History, past: History, rng):
    """The odd seats (and the places of the players kept apart) when the fair choice of odd seats
    leaves a pair kept apart with no way to sit apart (both on the one odd, or the one standard,
    table): each way of putting the players kept apart on the odd or the standard side is tried,
    the fewest changes to the fair choice first, the other seats filled as fairly as before.
    ValueError when no way keeps every pair apart."""
    kept = sorted({p for pair in apart for p in pair} & set(seated), key=str)
    odd_seats = sum(s.size for s in tables if s.odd)
    fair = set(odd_players)
    others = sorted((p for p in seated if p not in kept), key=lambda p: (p not in fair, history.odd[p] + past.odd[p]))
    ways = []
    for sides in itertools.product((False, True), repeat=len(kept)):
        odd_kept = [p for p, side in zip(kept, sides) if side]
        if len(odd_kept) <= odd_seats and len(kept) - len(odd_kept) <= len(seated) - odd_seats:
            ways.append((sum((p in fair) != side for p, side in zip(kept, sides)), odd_kept))
    for _, odd_kept in sorted(ways, key=lambda way: way[0]):
        odd = set(odd_kept) | set(others[: odd_seats - len(odd_kept)])
        chosen = [p for p in seated if p in odd]
        try:
            return chosen, _apart_places(seated, chosen, tables, apart, rng)
        except ValueError:
            continue
    return odd_players, _apart_places(seated, odd_players, tables, apart, rng)  # raises, saying why


def _apart_among(apart, players) -> set[Pair]:
    here = set(players)
    return {Pair(pair) for pair in apart if len(set(pair)) == 2 and set(pair) <= here}


def _apart_places(seated, odd_players, tables: list[Shape], apart: set[Pair], rng: random.Random):
    """A function giving, for each start of the search, tables for the players kept apart (in
    random order of tables) that keep every pair apart; ValueError when none exists.

    A small backtracking over the players in such pairs only (most kept apart first); tables
    still empty and of one shape are tried once."""
    kept = [p for p in seated if any(p in pair for pair in apart)]
    if not kept:
        return dict
    odd_set = set(odd_players)
    kept.sort(key=lambda p: -sum(p in pair for pair in apart))

    def search(order):
        free = {t: tables[t].size for t in order}
        at: dict = {}

        def place(i):
            if i == len(kept):
                return True
            p, tried = kept[i], set()
            for t in order:
                empty = free[t] == tables[t].size
                key = (tables[t], True) if empty else (t, False)
                if free[t] == 0 or tables[t].odd != (p in odd_set) or key in tried:
                    continue
                if any(Pair((p, q)) in apart for q, u in at.items() if u == t):
                    continue
                tried.add(key)
                at[p], free[t] = t, free[t] - 1
                if place(i + 1):
                    return True
                del at[p]
                free[t] += 1
            return False

        return at if place(0) else None

    first = search(list(range(len(tables))))
    if first is None:
        pairs = " and ".join(" & ".join(sorted(str(p) for p in pair)) for pair in sorted(apart, key=sorted_names))
        raise ValueError(
            f"{pairs} must be kept apart, but the {len(seated)} players seated this sitting fill "
            f"{len(tables)} table{'s' if len(tables) != 1 else ''}: no seating keeps them apart"
        )

    def places():
        order = list(range(len(tables)))
        rng.shuffle(order)
        return search(order) or first

    return places


def sorted_names(pair) -> list[str]:
    return sorted(str(p) for p in pair)


def _refuse_together(seating, apart: set[Pair], count: int, why: str = "") -> None:
    """Raise ValueError when the search left a pair kept apart at one table (the search tries its
    best; fixed partnerships and progressive moves can leave no way)."""
    for t, table in enumerate(seating, start=1):
        here = [p for team in table for p in team]
        for a, b in itertools.combinations(here, 2):
            if Pair((a, b)) in apart:
                because = why or f"the partnerships of sitting 1 and {count} players leave"
                raise ValueError(
                    f"{a} and {b} must be kept apart, but {because} no seating without them both at table {t}"
                )


def _split(players: list[Player], shape: Shape) -> list[list[Player]]:
    n = shape.players_per_team
    return [list(players[i * n : (i + 1) * n]) for i in range(shape.teams)]


def _fixed_start(seated: list[Player], tables: list[Shape], fixed: list[tuple[Player, ...]], rng: random.Random):
    """Intact partnerships into team places of their size, at random; everyone else in the seats left."""
    here = set(seated)
    intact = [list(team) for team in fixed if all(p in here for p in team)]
    rng.shuffle(intact)
    slots = [(t, g, shape.players_per_team) for t, shape in enumerate(tables) for g in range(shape.teams)]
    rng.shuffle(slots)
    seating = [[None] * shape.teams for shape in tables]
    for t, g, size in slots:
        if size > 1:
            team = next((team for team in intact if len(team) == size), None)
            if team is not None:
                intact.remove(team)
                seating[t][g] = team
    placed = {p for table in seating for team in table if team for p in team}
    loose = [p for p in seated if p not in placed]
    rng.shuffle(loose)
    for t, g, size in slots:
        if seating[t][g] is None:
            seating[t][g], loose = loose[:size], loose[size:]
    return seating


def _sitting(number: int, seating, byes: Sequence[Player]) -> Sitting:
    tables = tuple(Table(i, tuple(tuple(team) for team in table)) for i, table in enumerate(seating, start=1))
    return Sitting(number, tables, tuple(byes))


# --- flags ------------------------------------------------------------------------------


@cache
def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _flags(sitting: Sitting, history: History, past: History, planned: set[Pair] = frozenset()) -> list[str]:
    """Every compromise of a drawn sitting, in seating order; ``planned`` partner pairs are none."""
    flags = []
    for table in sitting.tables:
        if table.shape.individual:
            names = _and([str(p) for p in table.players])
            flags.append(
                f"{names} play on their own at table {table.number} (the night allows tables without partners)"
            )
    for table in sitting.tables:
        for team in table.teams:
            for a, b in itertools.combinations(team, 2):
                met = history.partners[Pair((a, b))]
                if met and Pair((a, b)) not in planned:
                    flags.append(f"repeat partners: {a} & {b} ({ordinal(met + 1)} time)")
    for table in sitting.tables:
        for one, other in itertools.combinations(table.teams, 2):
            for a in one:
                for b in other:
                    met = history.opponents[Pair((a, b))]
                    if met:
                        flags.append(f"repeat opponents: {a} & {b} ({ordinal(met + 1)} time)")
    for p in sitting.byes:
        tonight, season = history.byes[p], past.byes[p]
        if tonight:
            flags.append(f"{p} sits out this sitting, for the {ordinal(tonight + 1)} time tonight")
        elif season:
            flags.append(f"{p} sits out this sitting: not yet tonight, {season} before this season")
        else:
            flags.append(f"{p} sits out this sitting: not yet tonight")
    return flags


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _fixed_flags(sitting: Sitting, fixed: list[tuple[Player, ...]], players: Sequence[Player]) -> list[str]:
    """Fixed mode: the partnerships of sitting 1 that could not sit together, and why."""
    together = {frozenset(team) for team in sitting.partnerships()}
    off = set(sitting.byes) | {p for team in fixed for p in team if p not in set(players)}
    flags = []
    for team in fixed:
        if frozenset(team) in together:
            continue
        away = [str(p) for p in team if p in off]
        why = f"{' & '.join(away)} not playing" if away else "no table for this partnership"
        flags.append(f"partnership apart: {' & '.join(str(p) for p in team)} ({why})")
    fixed_sets = {frozenset(team) for team in fixed}
    for team in sitting.partnerships():
        if frozenset(team) not in fixed_sets:
            flags.append(f"new partnership: {' & '.join(str(p) for p in team)}")
    return flags


# --- whist designs and bounds -------------------------------------------------------------

DESIGN_CANDIDATES = 6  # ways of giving players the design's points; the one with fewest season repeats wins


def _design_sitting(players, tables, bye_count, number, history: History, past: History, seed) -> Sitting | None:
    """Sitting ``number`` of a whist design for ``players``, or None where none applies.

    It applies at tables of two teams of two, with the byes a design has (none for 4k players,
    one for 4k + 1), while the night so far is the design's start (no late arrival, no swap).
    The season goes on where it stopped: a night starts at the sitting of the design after those
    the season has already played with this many players. Players take the design's points in
    the order of their byes this season (fewest first, so they sit out first), ties at random
    from the night's seed; of a few such orders, the one with the fewest season repeats.
    """
    count = len(players)
    rounds = whist_designs.ordered(count)
    if seed is None or rounds is None or any(s != STANDARD for s in tables) or bye_count != count % 4:
        return None
    start = past.counts[count] % len(rounds)
    rng = random.Random(f"{seed}:design")
    best, best_cost = None, None
    for _ in range(DESIGN_CANDIDATES):
        keyed = sorted((past.byes[p], past.odd[p], rng.random(), i) for i, p in enumerate(players))
        point_of = {players[k[-1]]: (start + j) % count for j, k in enumerate(keyed)}
        who = {point: p for p, point in point_of.items()}
        cost = _Cost(History(), past)
        total = sum(
            cost.table([[who[a], who[b]], [who[c], who[d]]]) for sitting in rounds for (a, b), (c, d) in sitting
        )
        if best_cost is None or total < best_cost:
            best, best_cost = who, total
    made = [_design_at(rounds, start + n - 1, best, n) for n in range(1, number + 1)]
    before = History()
    for sitting in made[:-1]:
        before = before.after(sitting)
    if (before.partners, before.opponents, before.byes) != (history.partners, history.opponents, history.byes):
        return None
    return made[-1]


def _design_at(rounds, index: int, who: dict, number: int) -> Sitting:
    sitting = rounds[index % len(rounds)]
    tables = tuple(
        Table(t, ((who[a], who[b]), (who[c], who[d]))) for t, ((a, b), (c, d)) in enumerate(sitting, start=1)
    )
    seated = {p for table in tables for p in table.players}
    return Sitting(number, tables, tuple(p for p in who.values() if p not in seated))


def bound(count: int, shapes: Sequence[Shape], sittings: int) -> dict[str, int]:
    """The fewest repeats (as ``History.repeats`` counts them) any seating of ``count`` players
    for ``sittings`` sittings can have, by counting: the night holds M partner (opponent)
    meetings and there are only count × (count − 1) / 2 pairs, so at least M − pairs meetings
    are repeats. Whist designs reach it at 4k and 4k + 1 players over a full round."""
    tables, _ = layout(count, shapes)
    pairs = count * (count - 1) // 2
    partner = sum(s.teams * (s.players_per_team * (s.players_per_team - 1) // 2) for s in tables)
    opponent = sum(s.teams * (s.teams - 1) // 2 * s.players_per_team**2 for s in tables)
    return {
        "partners": max(0, partner * sittings - pairs),
        "opponents": max(0, opponent * sittings - pairs),
    }
