"""The draw (plain Python, no database): a sitting, or a whole night, in the mode asked for.

Each mode seats in its own module: ``rotating`` (and the first sitting of a progressive night),
``whist`` (rotating by a whist design, where one applies), ``fixed``; ``progressive`` draws each
sitting after the first from the winners; ``manual`` checks the organiser's seating.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from league.nights.seating import fixed, rotating, whist
from league.nights.seating.apart import apart_among
from league.nights.seating.byes import pick_byes
from league.nights.seating.search import seeded_rng, tables_for
from league.nights.seating.shapes import STANDARD, Shape
from league.nights.seating.sittings import History, Night, Player, Sitting

MODES = ("fixed", "rotating", "progressive", "manual")
MOST_SITTINGS = 20  # a night's sittings, at most (the night form's and the database's limit too)


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
    rng = seeded_rng(seed, number)
    tables, bye_count = tables_for(players, shapes)
    apart = apart_among(apart, players)
    if (
        mode == "rotating"
        and not apart
        and (planned is None or whist.bound(len(players), [STANDARD], planned)["opponents"])
    ):
        designed = whist.seat(players, tables, bye_count, number, history, past, seed)
        if designed is not None:
            return designed
    byes = pick_byes(players, bye_count, history, past, rng)
    seated = [p for p in players if p not in set(byes)]
    if mode == "fixed" and partnerships:
        teams = [tuple(team) for team in partnerships]
        return fixed.seat(
            number=number,
            players=players,
            seated=seated,
            byes=byes,
            tables=tables,
            fixed=teams,
            history=history,
            past=past,
            apart=apart,
            rng=rng,
        )
    return rotating.seat(
        number=number,
        players=players,
        seated=seated,
        byes=byes,
        tables=tables,
        history=history,
        past=past,
        apart=apart,
        rng=rng,
    )


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
