"""Clubs, members and players for the league tests (plain functions, as hc/test.py's users)."""

from django.contrib.auth.models import User

from league.models import Club, Membership, Player, Role

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

    from league import night_services

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
    for n in range(start + 1, start + players + 1):
        night_services.check_in(night=the_night, player=player(club, f"P{n:02d}"))
    return the_night


def _variant(slug: str):
    from scoresheet.models import Variant

    return Variant.objects.get(slug=slug)
