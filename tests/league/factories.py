"""Clubs, members and players for the league tests (plain functions, as hc/test.py's users)."""

from django.contrib.auth.models import User
from django.db import transaction

from league.models import Attendance, Club, Membership, Player, Role
from scoresheet.games import history

PASSWORD = "a long enough password"


def user(name: str) -> User:
    return User.objects.create_user(name, email=f"{name}@example.com", password=PASSWORD)


def club(slug: str = "tuesday", name: str = "Tuesday Club") -> Club:
    return Club.objects.create(slug=slug, name=name)


def member(club: Club, name: str, role: str = Role.VIEWER) -> User:
    account = user(name)
    Membership.objects.create(club=club, user=account, role=role)
    return account


def player(club: Club, name: str, **fields) -> Player:
    return Player.objects.create(club=club, name=name, **fields)


def season(club: Club, variant: str = "hand-and-foot", name: str = "Autumn 2026", **fields):
    from datetime import date

    from league.models import Season, default_blowout
    from scoresheet.models import Variant

    rules = Variant.objects.get(slug=variant)
    return Season.objects.create(
        club=club,
        name=name,
        start=fields.pop("start", date(2026, 9, 1)),
        end=fields.pop("end", date(2026, 12, 31)),
        variant=rules,
        blowout_margin=fields.pop("blowout_margin", default_blowout(rules.family)),
        **fields,
    )


def night(club: Club, players: int = 8, mode: str = "rotating", variant: str = "hand-and-foot", **fields):
    """A night of ``club`` (a season made for it unless given) with ``players`` new players checked in."""
    from datetime import date

    from league.nights import services as night_services

    the_season = fields.pop("season", None) or season(club, variant)
    the_night = night_services.night_create(
        club=club,
        season=the_season,
        date=fields.pop("date", date(2026, 11, 24)),
        variant=the_season.variant if variant == the_season.variant.slug else _variant(variant),
        mode=mode,
        sittings_planned=fields.pop("sittings_planned", 3),
    )
    start = Player.objects.filter(club=club).count()
    newcomers = [Player(club=club, name=f"P{n:02d}") for n in range(start + 1, start + players + 1)]
    check_in_all(the_night, history.bulk_create(Player, newcomers))
    return the_night


def check_in_all(the_night, players) -> None:
    """``players`` ticked present at ``the_night``, whose first sitting is not drawn yet: the attendances
    and their history rows ``league.nights.services.check_in`` writes, in one change "checked_in" and
    two statements (not some twenty statements a player: the suite builds some 170 nights)."""
    with transaction.atomic(), history.change("checked_in"):
        history.bulk_create(Attendance, [Attendance(night=the_night, player=one, from_sitting=1) for one in players])


def _variant(slug: str):
    from scoresheet.models import Variant

    return Variant.objects.get(slug=slug)


def table_result(the_night, sitting: int, table: int, teams, *, finished: bool = True, agreed: bool = False):
    """A table of ``the_night`` whose game ended with the given totals: ``teams`` is
    [("Ann & Bob", 3000), …], players found (or put) on the roster by name. The total is entered
    as one round's adjustment, as an imported result is."""
    from django.utils import timezone

    from league.models import Agreement, Seat, Sitting, Table
    from scoresheet.games import history, services
    from scoresheet.scoring.engine import Adjustment, Entry

    the_sitting, _ = Sitting.objects.get_or_create(night=the_night, number=sitting)
    the_table = Table.objects.create(sitting=the_sitting, number=table, token=f"t-{the_night.pk}-{sitting}-{table}")
    game = services.game_create(
        variant=the_night.variant,
        mode="teams",
        teams=[services.TeamData(name, name) for name, _ in teams],
        club=the_night.club,
    )
    game.table = the_table
    game.save(update_fields=["table"])
    # The players read in one query and the seats written in one (each with its history row, as
    # saving them one by one writes): a factory called hundreds of times in the suite.
    names = [names.split(" & ") for names, _ in teams]
    known = {}
    for who in Player.objects.filter(club=the_night.club, name__in=[name for team in names for name in team]):
        known.setdefault(who.name, who)  # the first of a name, as .first() found it
    the_teams = list(game.teams.order_by("position"))
    seats = []
    for team, team_names in zip(the_teams, names):
        for position, name in enumerate(team_names):
            if name not in known:
                known[name] = player(the_night.club, name)
            seats.append(Seat(team=team, position=position, player=known[name]))
    history.bulk_create(Seat, seats)
    entries = [Entry(adjustments=[Adjustment("Final score", total)]) for _, total in teams]
    services.round_record(game=game, number=1, entries=entries)
    if finished:
        services.game_finish(game=game)
    if agreed:  # every team, as each would from its own phone
        now = timezone.now()
        history.bulk_create(Agreement, [Agreement(team=team, at=now, device=f"phone-{team.pk}") for team in the_teams])
    return game


def close_night(the_night, reason: str = "Closing for the test"):
    """Close ``the_night`` as an organiser would who leaves out every table not settled yet
    (a game not finished, or not agreed by every team)."""
    from league.models import Table
    from league.nights import selectors as night_selectors
    from league.nights import services as night_services

    for row in night_selectors.unsettled(night=the_night):
        night_services.table_settle(
            table=Table.objects.get(pk=row.table.pk), action="leave_out", reason=reason, by=None
        )
    return night_services.night_close(night=the_night)
