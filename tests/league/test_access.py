"""The one access check of club pages: a member with the role asked for, or a 404 for anyone else."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404
from django.test import RequestFactory

from league.access import club_member
from league.models import Club, Membership, Role

pytestmark = pytest.mark.django_db


def request_by(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


@pytest.fixture
def club():
    return Club.objects.create(slug="tuesday", name="Tuesday Club")


def member(club, name, role):
    user = User.objects.create_user(name, password="a long enough password")
    Membership.objects.create(club=club, user=user, role=role)
    return user


@pytest.mark.parametrize(
    ("role", "asked", "allowed"),
    [
        (Role.VIEWER, Role.VIEWER, True),
        (Role.VIEWER, Role.SCOREKEEPER, False),
        (Role.VIEWER, Role.ORGANISER, False),
        (Role.SCOREKEEPER, Role.VIEWER, True),
        (Role.SCOREKEEPER, Role.SCOREKEEPER, True),
        (Role.SCOREKEEPER, Role.ORGANISER, False),
        (Role.ORGANISER, Role.VIEWER, True),
        (Role.ORGANISER, Role.SCOREKEEPER, True),
        (Role.ORGANISER, Role.ORGANISER, True),
    ],
)
def test_each_role_includes_the_ones_below_it(club, role, asked, allowed):
    request = request_by(member(club, "ann", role))
    if allowed:
        assert club_member(request, "tuesday", asked).club == club
    else:
        with pytest.raises(Http404):
            club_member(request, "tuesday", asked)


def test_a_member_of_another_club_and_a_visitor_get_the_same_404_as_a_club_that_does_not_exist(club):
    other = Club.objects.create(slug="friday", name="Friday Club")
    outsider = member(other, "bob", Role.ORGANISER)
    for user, slug in ((outsider, "tuesday"), (AnonymousUser(), "tuesday"), (outsider, "no-such-club")):
        with pytest.raises(Http404) as refused:
            club_member(request_by(user), slug)
        assert str(refused.value) == "No such club"


def test_a_clubs_night_player_season_and_table_are_looked_up_within_the_members_club(client):
    """The scoped lookups (``club_night``, ``club_player``, ``club_season``, ``night_table``): the
    organiser of one club naming another club's night, player, season or table under their own
    club's address gets the 404 anyone gets, and nothing of the other club changes."""
    from league.nights import services as night_services
    from tests.league.factories import club as make_club
    from tests.league.factories import member as make_member
    from tests.league.factories import night as make_night
    from tests.league.factories import player as make_player

    tuesday, friday = make_club("tuesday", "Tuesday Club"), make_club("friday", "Friday Club")
    olga = make_member(tuesday, "olga", Role.ORGANISER)
    theirs = make_night(friday, players=4)
    table = night_services.sitting_draw(night=theirs).tables.get()
    dora = make_player(friday, "Dora")
    client.force_login(olga)
    for address in (
        f"/clubs/tuesday/nights/{theirs.pk}/",
        f"/clubs/tuesday/nights/{theirs.pk}/screen/",
        f"/clubs/tuesday/nights/{theirs.pk}/standings/",
        f"/clubs/tuesday/players/{dora.pk}/",
        f"/clubs/tuesday/players/{dora.pk}/record/",
        f"/clubs/tuesday/seasons/{theirs.season_id}/",
        f"/clubs/tuesday/seasons/{theirs.season_id}/results.xlsx",
    ):
        assert client.get(address).status_code == 404, address
    for address, data in (
        (f"/clubs/tuesday/nights/{theirs.pk}/close/tables/{table.pk}/", {"action": "leave_out", "reason": "Mine"}),
        (f"/clubs/tuesday/nights/{theirs.pk}/delete/", {}),
        (f"/clubs/tuesday/players/{dora.pk}/", {"name": "Not Dora"}),
    ):
        assert client.post(address, data).status_code == 404, address
    table.refresh_from_db()
    assert not table.left_out and friday.players.get(pk=dora.pk).name == "Dora" and friday.nights.live().count() == 1
