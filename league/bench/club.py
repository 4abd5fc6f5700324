"""The synthetic club the benchmark measures, built through the project's own services.

Every night but the last is an ordinary club night: a quarter of the roster plays (four a table),
every game has 4 rounds, and the night is closed. The seasons before the last are written as a
club's results workbook and imported (``results_import``: the service that writes many nights at
once, each game its final scores, closed nights of manual seating), so that ten seasons build in
well under five minutes (one by one they took 30). The last season goes through the services one
by one, as the app does: its players check in, a sitting is drawn, every game gets its 4 rounds
through ``round_record`` (the 4th ends it, as Hand and Foot's rules say), each team agrees and the
night is closed. Its last night is a busy one, left open: its first sitting's rounds are each
corrected ``corrections`` times, and a second sitting is drawn whose games have 3 rounds: the round
form, the table pack, the night page and its history are measured there.

Agreements are written in bulk (the service writes exactly that row, no history).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from django.contrib.auth.models import User
from django.utils import timezone

from league.exchange import imports, workbooks
from league.models import Agreement, Club, Membership, Night, Player, Role, Season, Table
from league.nights import services as night_services
from scoresheet.games import services
from scoresheet.models import Game, Variant
from scoresheet.rules.preset_rules import preset
from scoresheet.scoring.engine import Entry, score_game

ROUNDS = 4
SEATS = 4  # two pairs a table


@dataclass(frozen=True)
class Scale:
    """How big a club to build."""

    players: int
    seasons: int
    nights: int  # a season
    tables: int  # a night
    corrections: int  # of each round of the busy night's first sitting


SCALES = {
    "tiny-1": Scale(players=8, seasons=1, nights=2, tables=2, corrections=1),
    "tiny-2": Scale(players=12, seasons=2, nights=2, tables=3, corrections=2),
    "small": Scale(players=20, seasons=1, nights=8, tables=5, corrections=3),
    "full": Scale(players=300, seasons=10, nights=45, tables=12, corrections=15),
}


@dataclass(frozen=True)
class BenchClub:
    """What the figures open: the club, its organiser, its latest season, the busy night, a
    table of that night's second sitting (3 rounds entered) and a player of every season."""

    club: Club
    organiser: User
    season: Season
    night: Night
    table: Table
    player: Player


def entries(number: int, shift: int = 0) -> list[Entry]:
    """Round ``number``'s two entries: plausible Hand and Foot rounds (no warning to confirm)."""
    return [
        Entry(books={"clean": 1 + (number + shift) % 2, "dirty": 1}, melded_points=400 + 5 * number),
        Entry(books={"clean": 1}, melded_points=300, hand_points=45 + 5 * shift, black_threes_held=number % 2),
    ]


def build(scale: Scale, slug: str = "bench") -> BenchClub:
    """The club at ``scale``, under ``slug``."""
    services.presets_load()
    variant = Variant.objects.get(slug="hand-and-foot")
    club = Club.objects.create(slug=slug, name=f"Bench club {slug}")
    organiser = User.objects.create_user(f"{slug}-organiser")
    Membership.objects.create(club=club, user=organiser, role=Role.ORGANISER)
    roster = Player.objects.bulk_create(Player(club=club, name=f"Player {n:03d}") for n in range(scale.players))
    seated = scale.tables * SEATS
    count = 0
    for year in range(scale.seasons):
        start = date(2016 + year, 1, 1)
        season = Season.objects.create(
            club=club,
            name=f"Season {2016 + year}",
            start=start,
            end=date(2016 + year, 12, 31),
            variant=variant,
            blowout_margin=5000,
        )
        if year < scale.seasons - 1:
            _import_season(club, season, scale, roster, first=count)
            count += scale.nights
            continue
        for k in range(scale.nights):
            players = [roster[(count * seated + i) % len(roster)] for i in range(seated)]
            count += 1
            busy = k == scale.nights - 1
            night = night_services.night_create(
                club=club,
                season=season,
                date=start + timedelta(days=7 * k),
                variant=variant,
                mode="rotating",
                sittings_planned=2 if busy else 1,
            )
            for player in players:
                night_services.check_in(night=night, player=player)
            games = _play_sitting(night, ROUNDS, shift=k)
            if busy:
                _correct(games, scale.corrections)
                _play_sitting(night, ROUNDS - 1, shift=k)
            else:
                Agreement.objects.bulk_create(
                    Agreement(team=team, at=timezone.now(), device=f"phone-{team.pk}")
                    for game in games
                    for team in game.teams.all()
                )
                night_services.night_close(night=night)
    table = Table.objects.filter(sitting__night=night, sitting__number=2).order_by("number").first()
    return BenchClub(club=club, organiser=organiser, season=season, night=night, table=table, player=roster[0])


def _play_sitting(night: Night, rounds: int, shift: int) -> list[Game]:
    """Draw the night's next sitting and enter ``rounds`` rounds at every table."""
    sitting = night_services.sitting_draw(night=night)
    games = list(Game.objects.filter(table__sitting=sitting).order_by("table__number"))
    for game in games:
        for number in range(1, rounds + 1):
            services.round_record(game=game, number=number, entries=entries(number, shift))
    return games


def _correct(games: list[Game], times: int) -> None:
    """Correct every round of ``games`` ``times`` times (the game is finished: each says why)."""
    for game in games:
        for number in range(1, ROUNDS + 1):
            for hand in range(1, times + 1):
                services.round_record(game=game, number=number, entries=entries(number, hand), reason="Recount")


def _import_season(club: Club, season: Season, scale: Scale, roster: list[Player], first: int) -> None:
    """The season's nights as a results workbook, imported: the same players at the same tables as
    the services' nights would seat them in turn, each game's final scores those of its 4 rounds."""
    rules = preset("hand-and-foot")
    seated = scale.tables * SEATS
    rows = []
    for k in range(scale.nights):
        totals = score_game(rules, [entries(n, shift=k) for n in range(1, ROUNDS + 1)], team_count=2).totals
        players = [roster[((first + k) * seated + i) % len(roster)].name for i in range(seated)]
        day = season.start + timedelta(days=7 * k)
        for table in range(scale.tables):
            for side in range(2):
                pair = players[SEATS * table + 2 * side : SEATS * table + 2 * side + 2]
                rows.append((day, table + 1, 1, " & ".join(pair), " & ".join(pair), totals[side], ""))
    data = workbooks.results_workbook(rows, workbooks.GAME_LOG_START, [])
    imports.results_import(data=data, club_slug=club.slug, season_name=season.name)
