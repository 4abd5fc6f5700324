"""Reads for the workbooks going out: a season's results and game log, a club's roster.

Each returns plain rows for ``league.exchange.workbooks`` to write; a few queries for a whole season.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from django.db.models import Prefetch, Sum, prefetch_related_objects
from django.db.models.functions import Coalesce

from league.exchange import workbooks as xlsx
from league.models import Club, Player, Season, Seat, Table
from league.results.credited import credited_players
from league.results.querysets import counted_games
from league.results.settlement import settlement
from league.results.substitutes import player_in_round
from scoresheet.games.early import early_games
from scoresheet.models import Game, Team, TeamRound
from scoresheet.querysets import not_deleted
from scoresheet.rules.fields import entered_value, entry_fields


def _season_games(season: Season):
    """The season's counted games (finished, of its live nights), by night, sitting and table."""
    return (
        counted_games()
        .filter(table__sitting__night__season=season)
        .select_related("table__sitting__night__variant")
        .order_by("table__sitting__night__date", "table__sitting__night_id", "table__sitting__number", "table__number")
    )


def results_rows(*, season: Season) -> list[tuple]:
    """One row per team per game in the Results shape: Date, Table, Game, Team, Players, Score, Variant.

    Players are those the game counts for: of a seat a substitute took, the one who played more of
    its rounds (``league.results.substitutes``), so the sheet imports back to the same standings;
    the Game log says who played each round. Only the columns the sheet shows are read (three
    queries): no game's rules snapshot, no entry."""
    games = _season_games(season)
    where = {
        pk: (day, table, sitting, variant)
        for pk, day, table, sitting, variant in games.values_list(
            "pk",
            "table__sitting__night__date",
            "table__number",
            "table__sitting__number",
            "table__sitting__night__variant__slug",
        )
    }
    teams = (
        Team.objects.filter(game__in=games.values("pk"))
        .annotate(score=Coalesce(Sum("entries__total"), 0))
        .values_list("game_id", "pk", "name", "score")
    )
    by_game: dict[int, list[tuple]] = {}
    for game, *team in teams.order_by("game_id", "position"):
        by_game.setdefault(game, []).append(team)
    players = credited_players(Seat.objects.filter(team__game__in=games.values("pk")))
    rows = []
    for pk, (day, table, sitting, variant) in where.items():
        for team, name, score in by_game.get(pk, ()):
            names = [player for _, player in players.get(team, ())] or [name]
            shown = "" if len(names) == 1 and xlsx.name_key(names[0]) == xlsx.name_key(name) else names
            rows.append((day, table, sitting, name, " & ".join(shown) or None, score, variant))
    return rows


def game_log(*, season: Season) -> tuple[list[str], list[tuple]]:
    """The Game log: a header (where, then every entry field key of the season's variants, then
    Total, then Finished early) and one row per team per round of the games entered round by round.
    "Finished early" says how a game finished early fell short ("2 of 4 rounds"): the Results sheet
    takes no other column, so the mark is here."""
    games = {game.pk: game for game in _season_games(season).filter(entered_as_totals=False)}
    entries = (
        TeamRound.objects.filter(round__game_id__in=list(games))
        .select_related("round", "team")
        .order_by("round__game_id", "round__number", "team__position")
    )
    fields_of, keys = {}, []
    for game in games.values():
        document = json.dumps(game.rules_document, sort_keys=True)
        if document not in fields_of:
            fields_of[document] = entry_fields(game.rules)
            keys += [f.key for f in fields_of[document] if f.key not in keys]
        game.log_fields = fields_of[document]
    order = {pk: i for i, pk in enumerate(games)}
    seats: dict[int, list[tuple]] = {}
    for team, *seat in (
        Seat.objects.filter(team__game_id__in=list(games))
        .order_by("team_id", "position")
        .values_list("team_id", "player__name", "replaced__name", "from_round")
    ):
        seats.setdefault(team, []).append(seat)
    early = {game: short.text for game, short in early_games(list(games)).items()}
    rows = [
        (
            *_log_row(games[entry.round.game_id], entry, keys, seats.get(entry.team_id, ())),
            early.get(entry.round.game_id),
        )
        for entry in sorted(entries, key=lambda e: (order[e.round.game_id], e.round.number, e.team.position))
    ]
    return [*xlsx.GAME_LOG_START, *keys, "Total", xlsx.GAME_LOG_EARLY], rows


def _log_row(game: Game, entry: TeamRound, keys: list[str], seats) -> tuple:
    values = entry.entered_values()
    by_key = {f.key: f for f in game.log_fields}
    cells = []
    for key in keys:
        field = by_key.get(key)
        group = key.partition(".")[0]
        if field is None or (group in ("melded_cards", "hand_cards") and values.get(group) is None):
            cells.append(None)  # not a field of this game's variant, or entered as points
        elif key == "adjustments":
            cells.append(sum(a["points"] for a in values["adjustments"] or ()))
        else:
            cells.append(entered_value(field, values))
    sitting = game.table.sitting
    return (
        sitting.night.date,
        game.table.number,
        sitting.number,
        entry.team.name,
        " & ".join(player_in_round(*seat, entry.round.number) for seat in seats) or None,
        entry.round.number,
        *cells,
        entry.total,
    )


def tables_rows(*, season: Season) -> list[tuple]:
    """One row per table of the season's live nights, in the Tables shape: Date, Table, Game,
    Settled (agreed, confirmed by the organiser, finished as it stands, left out, imported, or not
    yet agreed), Rounds ("3 of 4", finished as it stands) and the organiser's Reason. Three queries."""
    tables = (
        Table.objects.filter(sitting__night__season=season)
        .filter(not_deleted("sitting__night__"), not_deleted("game__"))
        .select_related("sitting__night", "game")
        .defer("game__rules_document")
        .order_by("sitting__night__date", "sitting__night_id", "sitting__number", "number")
    )
    tables = list(tables)
    games = [table.game for table in tables]
    prefetch_related_objects(games, Prefetch("teams", queryset=Team.objects.select_related("agreement")))
    rows = []
    for table in tables:
        how = settlement(table, table.game, list(table.game.teams.all()))
        rounds = ""
        if how.rounds is not None:
            rounds = f"{how.rounds} of {how.rounds_due}" if how.rounds_due else str(how.rounds)
        rows.append(
            (table.sitting.night.date, table.number, table.sitting.number, how.word, rounds or None, how.reason or None)
        )
    return rows


def results_workbook(*, season: Season) -> bytes:
    header, log = game_log(season=season)
    return xlsx.results_workbook(results_rows(season=season), header, log, tables_rows(season=season))


def roster_rows(*, club: Club) -> Iterator[tuple]:
    for player in Player.objects.filter(club=club).order_by("name", "id"):
        yield (player.name, player.email or None, player.phone or None, "yes" if player.active else "no")


def roster_workbook(*, club: Club) -> bytes:
    return xlsx.roster_workbook(roster_rows(club=club))
