"""Claiming a roster entry from a results email's forwarded link (issue 34 item 6): an organiser of
another club claimed Dora, and the real Dora was then told her entry was taken. Now the link is
made at once only for the account with the roster's email or a member of the club; anyone
else's claim waits for the club's organiser, who approves or refuses it on the roster page."""

from __future__ import annotations

import html
import re

import pytest

from league.clubs import player_links
from league.models import Player, PlayerClaim, Role
from tests.league.factories import club, member, player, user

pytestmark = pytest.mark.django_db


@pytest.fixture
def tuesday():
    return club("tuesday", "Tuesday Club")


def claim(client, account, dora: Player):
    client.force_login(account)
    page = f"/p/{player_links.page_token(dora)}/"
    return html.unescape(client.post(page + "claim/", follow=True).content.decode())


def test_a_stranger_with_a_forwarded_link_only_asks_and_the_real_player_still_claims(client, tuesday):
    dora = player(tuesday, "Dora", email="dora@example.com")
    stranger = member(club("friday", "Friday Club"), "fiona", Role.ORGANISER)  # another club's organiser
    page = claim(client, stranger, dora)
    assert "Asked: Tuesday Club's organiser will check that you are Dora" in page
    assert "You asked to be Dora: Tuesday Club's organiser will check it" in page
    assert Player.objects.get(pk=dora.pk).user is None
    assert PlayerClaim.objects.filter(player=dora, user=stranger).count() == 1
    claim(client, stranger, dora)  # asking twice is one request
    assert PlayerClaim.objects.filter(player=dora).count() == 1

    real = user("dora")  # her account's email is the roster's: linked at once
    page = claim(client, real, dora)
    assert "Dora of Tuesday Club is linked to your account." in page
    assert Player.objects.get(pk=dora.pk).user == real


def test_a_member_of_the_club_is_linked_at_once(client, tuesday):
    dora = player(tuesday, "Dora")  # no email on the roster
    vic = member(tuesday, "vic")
    assert "Dora of Tuesday Club is linked to your account." in claim(client, vic, dora)
    assert Player.objects.get(pk=dora.pk).user == vic


def test_the_organiser_approves_or_refuses_on_the_roster_page(client, tuesday):
    dora, ed = player(tuesday, "Dora"), player(tuesday, "Ed")
    olga = member(tuesday, "olga", Role.ORGANISER)
    viewer = member(tuesday, "vic")
    asker, other = user("dee"), user("eddie")
    claim(client, asker, dora)
    claim(client, other, ed)

    client.force_login(viewer)  # a viewer neither sees the requests nor decides them
    assert "Asking to be linked" not in client.get("/clubs/tuesday/players/").content.decode()
    mine = PlayerClaim.objects.get(player=dora)
    answer = client.post(f"/clubs/tuesday/players/{dora.pk}/claim/", {"claim": mine.pk, "decision": "approve"})
    assert answer.status_code == 404 and Player.objects.get(pk=dora.pk).user is None

    client.force_login(olga)
    roster = " ".join(
        re.sub(r"<[^>]+>", " ", html.unescape(client.get("/clubs/tuesday/players/").content.decode())).split()
    )
    assert "Asking to be linked (2)" in roster
    assert "dee asks to be Dora (dee@example.com)" in roster
    done = client.post(
        f"/clubs/tuesday/players/{dora.pk}/claim/", {"claim": mine.pk, "decision": "approve"}, follow=True
    )
    assert "dee is Dora now." in html.unescape(done.content.decode())
    assert Player.objects.get(pk=dora.pk).user == asker and not PlayerClaim.objects.filter(player=dora).exists()

    eds = PlayerClaim.objects.get(player=ed)
    for bad in ("", "x", "99999999999999999999", str(mine.pk)):  # none of Ed's requests: nothing changes
        client.post(f"/clubs/tuesday/players/{ed.pk}/claim/", {"claim": bad, "decision": "approve"})
    assert Player.objects.get(pk=ed.pk).user is None
    done = client.post(f"/clubs/tuesday/players/{ed.pk}/claim/", {"claim": eds.pk, "decision": "refuse"}, follow=True)
    assert "eddie is not linked to Ed." in html.unescape(done.content.decode())
    assert Player.objects.get(pk=ed.pk).user is None and not PlayerClaim.objects.exists()
