"""Manual mode (plain Python, no database): the organiser places everyone; ``problems`` checks the
seating.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from league.nights.seating.shapes import Shape
from league.nights.seating.sittings import Player, Sitting


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
