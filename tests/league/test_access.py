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
