"""Whom each counted game is credited to, read from the database: each team's players in seat
order, a substitute's rounds weighed (the rule is ``league.results.substitutes``).

The standings, the ratings and the results workbook all credit a game through ``credited_players``,
so the three name the same players for it.
"""

from __future__ import annotations

from django.db.models import Count, F, Q

from league.results.substitutes import SeatRounds


def seat_rounds(seats) -> dict[int, list[SeatRounds]]:
    """Each team's seats in seat order, with who played them and how many rounds each, from a
    queryset of seats: one query (the rounds are counted by the database)."""
    rows = (
        seats.annotate(
            before=Count("team__game__rounds", filter=Q(team__game__rounds__number__lt=F("from_round"))),
            after=Count("team__game__rounds", filter=Q(team__game__rounds__number__gte=F("from_round"))),
        )
        .order_by("team_id", "position")
        .values_list("team_id", "player_id", "player__name", "replaced_id", "replaced__name", "before", "after")
    )
    teams: dict[int, list[SeatRounds]] = {}
    for team, pk, name, replaced, replaced_name, before_count, after_count in rows:
        left = (replaced, replaced_name) if replaced is not None else None
        teams.setdefault(team, []).append(SeatRounds((pk, name), left, before_count, after_count))
    return teams


def credited_players(seats) -> dict[int, list[tuple[int, str]]]:
    """Each team's players as (id, name) in seat order, as the game counts for them: the player
    of each seat who played more of its rounds (``league.results.substitutes``). One query."""
    return {team: [seat.counts_for for seat in team_seats] for team, team_seats in seat_rounds(seats).items()}
