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
