"""Accounts, clubs, members and invites, through the client."""

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.utils import timezone

from league.clubs import services
from league.models import Club, Invite, Membership, Role
from scoresheet.models import Game, Variant
from tests.league.factories import PASSWORD, club, member, player, user

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]


# Accounts


def test_sign_up_makes_an_account_and_signs_in(client):
    response = client.post(
        "/accounts/signup/", {"username": "ann", "password1": "tables of four", "password2": "tables of four"}
    )
    assert response.status_code == 302
    assert response["Location"] == "/clubs/"
    assert User.objects.get(username="ann").check_password("tables of four")
    assert client.get("/clubs/").status_code == 200


def test_sign_up_refuses_a_weak_password_next_to_the_field(client):
    response = client.post("/accounts/signup/", {"username": "ann", "password1": "12345678", "password2": "12345678"})
    assert response.status_code == 400
    assert "This password is too common." in response.content.decode()
    assert 'class="field has-error"' in response.content.decode()
    assert not User.objects.filter(username="ann").exists()


def test_sign_up_goes_on_to_next_but_never_off_site(client):
    fields = {"password1": "tables of four", "password2": "tables of four"}
    response = client.post("/accounts/signup/", {"username": "ann", "next": "/clubs/new/", **fields})
    assert response["Location"] == "/clubs/new/"
    client.post("/accounts/logout/")
    response = client.post("/accounts/signup/", {"username": "bob", "next": "https://evil.example/", **fields})
    assert response["Location"] == "/clubs/"


def test_sign_in_and_out(client):
    user("ann")
    page = client.get("/")
    assert "Sign in" in page.content.decode()
    response = client.post("/accounts/login/", {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == "/clubs/"
    page = client.get("/").content.decode()
    assert "Sign out" in page and ">Clubs<" in page
    assert client.get("/accounts/logout/").status_code == 405  # signing out is a POST
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/clubs/").status_code == 302


def test_a_wrong_password_is_said(client):
    user("ann")
    response = client.post("/accounts/login/", {"username": "ann", "password": "nope"})
    assert response.status_code == 200
    assert "do not match an account" in response.content.decode()


def test_password_change(client):
    ann = user("ann")
    client.force_login(ann)
    response = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": "another long password", "new_password2": "another long password"},
    )
    assert response["Location"] == "/accounts/password_change/done/"
    ann.refresh_from_db()
    assert ann.check_password("another long password")


def test_password_reset_by_mail(client):
    ann = user("ann")
    response = client.post("/accounts/password_reset/", {"email": "ann@example.com"})
    assert response["Location"] == "/accounts/password_reset/done/"
    assert len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/accounts/reset/" in line)
    path = link.split("testserver", 1)[1]
    form = client.get(path, follow=True)
    assert "Choose a new password" in form.content.decode()
    response = client.post(
        form.redirect_chain[-1][0], {"new_password1": "fresh long words", "new_password2": "fresh long words"}
    )
    assert response["Location"] == "/accounts/reset/done/"
    ann.refresh_from_db()
    assert ann.check_password("fresh long words")


MAIL_SETTINGS = "EMAIL_BACKEND EMAIL_HOST EMAIL_PORT EMAIL_HOST_USER EMAIL_USE_TLS DEFAULT_FROM_EMAIL".split()


def mail_settings(**env: str) -> list[str]:
    """The mail settings Django reads with only ``env`` set (a fresh interpreter)."""
    inherited = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_") and k != "DEFAULT_FROM_EMAIL"}
    code = f"from django.conf import settings as s; print(*(getattr(s, n, '-') for n in {MAIL_SETTINGS!r}), sep='|')"
    env = {**inherited, "DJANGO_SETTINGS_MODULE": "config.settings", **env}
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    return out.stdout.strip().split("|")


@pytest.mark.process
def test_reset_mail_goes_to_the_console_unless_an_smtp_host_is_set():
    assert mail_settings()[0] == "django.core.mail.backends.console.EmailBackend"
    smtp = mail_settings(
        EMAIL_HOST="smtp.example.com", EMAIL_PORT="2525", EMAIL_HOST_USER="club", DEFAULT_FROM_EMAIL="club@example.com"
    )
    assert smtp == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.example.com",
        "2525",
        "club",
        "True",
        "club@example.com",
    ]


# Clubs


def test_a_signed_in_person_makes_a_club_and_is_its_organiser(client):
    ann = user("ann")
    client.force_login(ann)
    response = client.post("/clubs/new/", {"name": "Tuesday Club"})
    assert response["Location"] == "/clubs/tuesday-club/"
    assert Membership.objects.get(club__slug="tuesday-club", user=ann).role == Role.ORGANISER
    page = client.get("/clubs/tuesday-club/").content.decode()
    assert "Tuesday Club" in page and "ann" in page


def test_club_slugs_are_unique(client):
    client.force_login(user("ann"))
    for _ in range(3):
        client.post("/clubs/new/", {"name": "Tuesday Club"})
    client.post("/clubs/new/", {"name": "New"})
    client.post("/clubs/new/", {"name": "???"})
    assert sorted(Club.objects.values_list("slug", flat=True)) == [
        "club",
        "new-2",
        "tuesday-club",
        "tuesday-club-2",
        "tuesday-club-3",
    ]


def test_a_club_needs_a_name(client):
    client.force_login(user("ann"))
    response = client.post("/clubs/new/", {"name": "   "})
    assert response.status_code == 400
    assert "field-error" in response.content.decode()
    assert not Club.objects.exists()


def start_data(first: str, second: str) -> dict:
    """The start form of a two-team Hand and Foot game."""
    return {
        "variant": Variant.objects.get(slug="hand-and-foot").pk,
        "mode": "teams",
        "team_count": 2,
        "name": "",
        "team_1": first,
        "team_2": second,
    }


def test_a_scorekeeper_starts_a_club_game_and_the_club_page_lists_it(client, presets):
    tuesday = club()
    player(tuesday, "Dora")
    client.force_login(member(tuesday, "ann", Role.SCOREKEEPER))
    page = client.get("/clubs/tuesday/games/new/").content.decode()
    assert '<p class="crumbs"><a href="/clubs/tuesday/">Tuesday Club</a></p>' in page and "<h1>New game</h1>" in page
    response = client.post("/clubs/tuesday/games/new/", start_data("Us", "Them"))
    game = Game.objects.get()
    assert response["Location"] == f"/g/{game.token}/"  # every game starts at its play address
    assert game.club == tuesday
    casual = client.post("/games/new/", start_data("Casual", "Game"))
    assert casual.status_code == 302
    assert Game.objects.filter(club=None).count() == 1
    page = client.get("/clubs/tuesday/").content.decode()
    assert "Us vs Them" in page and f'href="/games/{game.id}/"' in page  # members read it at its id
    assert "Casual vs Game" not in page
    assert "Dora" in page and "ann" in page


def test_the_casual_score_sheet_needs_no_account(client, presets):
    response = client.post("/games/new/", start_data("Us", "Them"))
    assert response.status_code == 302
    assert Game.objects.get().club is None


# Members


@pytest.fixture
def tuesday():
    return club()


def test_the_organiser_changes_a_role(client, tuesday):
    ann = member(tuesday, "ann", Role.ORGANISER)
    bob = member(tuesday, "bob", Role.VIEWER)
    client.force_login(ann)
    bob_membership = Membership.objects.get(user=bob)
    response = client.post(f"/clubs/tuesday/members/{bob_membership.id}/role/", {"role": "scorekeeper"})
    assert response["Location"] == "/clubs/tuesday/members/"
    bob_membership.refresh_from_db()
    assert bob_membership.role == Role.SCOREKEEPER


def test_an_unknown_role_is_refused(client, tuesday):
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    bob = Membership.objects.get(user=member(tuesday, "bob"))
    response = client.post(f"/clubs/tuesday/members/{bob.id}/role/", {"role": "king"}, follow=True)
    assert "Choose a role" in response.content.decode()
    bob.refresh_from_db()
    assert bob.role == Role.VIEWER


def test_the_organiser_removes_a_member(client, tuesday):
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    bob = Membership.objects.get(user=member(tuesday, "bob"))
    client.post(f"/clubs/tuesday/members/{bob.id}/remove/")
    assert not Membership.objects.filter(pk=bob.pk).exists()


def test_a_member_of_another_club_cannot_be_touched_through_this_one(client, tuesday):
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    other = club("friday", "Friday")
    carl = Membership.objects.get(user=member(other, "carl"))
    assert client.post(f"/clubs/tuesday/members/{carl.id}/remove/").status_code == 404
    assert client.post(f"/clubs/tuesday/members/{carl.id}/role/", {"role": "organiser"}).status_code == 404
    carl.refresh_from_db()
    assert carl.role == Role.VIEWER


class TestTheLastOrganiser:
    def test_cannot_leave(self, client, tuesday):
        ann = member(tuesday, "ann", Role.ORGANISER)
        client.force_login(ann)
        response = client.post("/clubs/tuesday/members/leave/", follow=True)
        assert "only organiser" in response.content.decode()
        assert Membership.objects.filter(user=ann, role=Role.ORGANISER).exists()

    def test_cannot_be_demoted(self, client, tuesday):
        ann = member(tuesday, "ann", Role.ORGANISER)
        client.force_login(ann)
        mine = Membership.objects.get(user=ann)
        response = client.post(f"/clubs/tuesday/members/{mine.id}/role/", {"role": "viewer"}, follow=True)
        assert "the club&#x27;s only organiser" in response.content.decode()
        mine.refresh_from_db()
        assert mine.role == Role.ORGANISER

    def test_cannot_be_removed(self, client, tuesday):
        ann = member(tuesday, "ann", Role.ORGANISER)
        client.force_login(ann)
        mine = Membership.objects.get(user=ann)
        response = client.post(f"/clubs/tuesday/members/{mine.id}/remove/", follow=True)
        assert "the club&#x27;s only organiser" in response.content.decode()
        assert Membership.objects.filter(pk=mine.pk).exists()

    def test_can_leave_once_there_is_another(self, client, tuesday):
        ann = member(tuesday, "ann", Role.ORGANISER)
        member(tuesday, "bob", Role.ORGANISER)
        client.force_login(ann)
        response = client.post("/clubs/tuesday/members/leave/")
        assert response["Location"] == "/clubs/"
        assert not Membership.objects.filter(user=ann).exists()
        assert client.get("/clubs/tuesday/").status_code == 404


def test_a_viewer_leaves(client, tuesday):
    member(tuesday, "ann", Role.ORGANISER)
    bob = member(tuesday, "bob")
    client.force_login(bob)
    client.post("/clubs/tuesday/members/leave/")
    assert not Membership.objects.filter(user=bob).exists()


# Invites


def make_invite(client, role="scorekeeper") -> str:
    """The organiser makes an invite; the path of the link it shows."""
    page = client.post("/clubs/tuesday/members/invites/new/", {"role": role}).content.decode()
    start = page.index("http://testserver/invites/")
    return page[start : page.index('"', start)].removeprefix("http://testserver")


def test_an_invite_link_joins_the_club_with_its_role(client, tuesday):
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    link = make_invite(client, "scorekeeper")
    invite = Invite.objects.get()
    assert link.split("/")[2] not in invite.token_hash  # only the hash is stored
    bob = user("bob")
    client.force_login(bob)
    page = client.get(link)
    assert "Join Tuesday Club" in page.content.decode()
    response = client.post(link)
    assert response["Location"] == "/clubs/tuesday/"
    assert Membership.objects.get(user=bob).role == Role.SCOREKEEPER
    invite.refresh_from_db()
    assert invite.used_by == bob


def test_an_invite_opened_signed_out_signs_up_then_joins(client, tuesday):
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    link = make_invite(client, "viewer")
    client.post("/accounts/logout/")
    page = client.get(link).content.decode()
    assert f"/accounts/signup/?next={link}" in page
    response = client.post(
        "/accounts/signup/",
        {"username": "cleo", "password1": "tables of four", "password2": "tables of four", "next": link},
    )
    assert response["Location"] == link
    client.post(link)
    assert Membership.objects.get(user__username="cleo").role == Role.VIEWER


def test_an_invite_works_once(client, tuesday):
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    link = make_invite(client)
    client.force_login(user("bob"))
    client.post(link)
    client.force_login(user("cleo"))
    response = client.post(link)
    assert response.status_code == 410
    assert "already been used" in response.content.decode()
    assert not Membership.objects.filter(user__username="cleo").exists()


def test_an_invite_expires(client, tuesday):
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    link = make_invite(client)
    Invite.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    client.force_login(user("bob"))
    response = client.post(link)
    assert response.status_code == 410
    assert "expired" in response.content.decode()
    assert not Membership.objects.filter(user__username="bob").exists()


def test_a_made_up_invite_is_not_found(client, tuesday):
    client.force_login(user("bob"))
    response = client.post("/invites/not-a-real-token/")
    assert response.status_code == 404
    assert not Membership.objects.filter(user__username="bob").exists()


def test_an_invite_never_lowers_a_role(tuesday):
    ann = member(tuesday, "ann", Role.ORGANISER)
    invite, _ = services.invite_create(club=tuesday, role=Role.VIEWER, by=ann)
    assert services.invite_accept(invite=invite, user=ann).role == Role.ORGANISER


def test_a_club_game_can_be_played_by_the_clubs_house_rules_and_no_other_clubs(client, presets):
    from scoresheet.games import services as scoresheet_services

    tuesday, friday = club(), club("friday", "Friday Club")
    hand_and_foot = Variant.objects.get(slug="hand-and-foot")
    ours = scoresheet_services.house_rules_copy(club=tuesday, source=hand_and_foot, name="Our Hand and Foot")
    theirs = scoresheet_services.house_rules_copy(club=friday, source=hand_and_foot, name="Their Hand and Foot")
    client.force_login(member(tuesday, "ann", Role.SCOREKEEPER))

    page = client.get("/clubs/tuesday/games/new/").content.decode()
    assert "Our Hand and Foot" in page and "Their Hand and Foot" not in page
    assert "Our Hand and Foot" not in client.get("/games/new/").content.decode()  # the casual start: presets only

    response = client.post("/clubs/tuesday/games/new/", {**start_data("Us", "Them"), "variant": ours.pk})
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.club, game.variant) == (tuesday, ours)
    refused = client.post("/clubs/tuesday/games/new/", {**start_data("Us", "Them"), "variant": theirs.pk})
    assert refused.status_code == 400
    assert Game.objects.count() == 1


def test_a_new_club_is_offered_the_organisers_language(client):
    """Issue 36 item 7: the club's language (of its emails and prints) is offered when the club is
    made, from the organiser's; it was English until changed."""
    client.force_login(user("anne"))
    page = client.get("/clubs/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<option value="fr" selected>' in page
    client.post("/clubs/new/", {"name": "Club du mardi"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert Club.objects.get(name="Club du mardi").language == "fr"
    client.post("/clubs/new/", {"name": "Friday Club", "language": "en"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert Club.objects.get(name="Friday Club").language == "en"


def test_the_club_page_lists_the_active_roster_and_marks_the_member_reading_it(client):
    tuesday = club()
    val = member(tuesday, "val", Role.VIEWER)
    player(tuesday, "Val", user=val)
    player(tuesday, "Ann")
    player(tuesday, "Gone", active=False)
    client.force_login(val)
    page = client.get("/clubs/tuesday/").content.decode()
    roster = page[page.index('<ul class="name-list">') :]
    roster = roster[: roster.index("</ul>")]
    assert roster == '<ul class="name-list"><li>Ann</li><li>Val <span class="badge">you</span></li>'
