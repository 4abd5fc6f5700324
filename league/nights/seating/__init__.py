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

Modes, a module each as Tabbycat's draw generators: ``rotating`` (new partners each sitting),
``whist`` (rotating by a whist design where one applies), ``fixed`` (the partnerships of sitting
1 stay; opponents change), ``progressive`` (``progressive_next``: each table's winners move up a
table and split), ``manual`` (the organiser places everyone; ``problems`` checks it).

Where things are: ``shapes`` the tables and ``layout``; ``sittings`` what a draw gives and the
``History`` it adds to; ``byes`` who sits out; ``apart`` pairs kept apart; ``costs`` and
``search`` the local search; ``flags`` the compromises in words; ``drawing`` the entry points
``draw`` and ``draw_night``. This package exposes the names the rest of the app uses.
"""

from league.nights.seating.byes import pick_byes
from league.nights.seating.drawing import MODES, MOST_SITTINGS, draw, draw_night
from league.nights.seating.manual import problems
from league.nights.seating.progressive import progressive_next
from league.nights.seating.shapes import (
    STANDARD,
    Shape,
    decks_at,
    layout,
    parse_shapes,
    partnership_shapes,
    table_shapes,
)
from league.nights.seating.sittings import History, Night, Pair, Player, Sitting, Table
from league.nights.seating.whist import bound, most_opponents_bound

__all__ = [
    "MODES",
    "MOST_SITTINGS",
    "STANDARD",
    "History",
    "Night",
    "Pair",
    "Player",
    "Shape",
    "Sitting",
    "Table",
    "bound",
    "most_opponents_bound",
    "decks_at",
    "draw",
    "draw_night",
    "layout",
    "parse_shapes",
    "partnership_shapes",
    "pick_byes",
    "problems",
    "progressive_next",
    "table_shapes",
]
