"""A club made in a browser at phone width: sign up, make a club, add two players, and an
invite link opened by a second person in another browser joins them as scorekeeper. axe finds
nothing serious on the sign-in and sign-up pages on the way (tests/e2e/axe.py)."""

import pytest
from playwright.sync_api import expect

from league.models import Membership, Role
from tests.e2e import axe
from tests.e2e.test_layout import check_axe

PHONE = {"width": 390, "height": 844}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_an_organiser_makes_a_club_and_invites_a_scorekeeper(live_server, browser):
    olga = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, base_url=live_server.url)
    page = olga.new_page()
    page.goto("/", wait_until="domcontentloaded")
    failures: dict[str, list[str]] = {}  # axe on the sign-in and sign-up pages, as the flow loads them
    page.get_by_role("link", name="Sign in").click()
    expect(page.get_by_role("link", name="No account yet? Sign up")).to_be_visible()
    check_axe(page, failures, "sign in")
    page.get_by_role("link", name="No account yet? Sign up").click()
    expect(page.get_by_label("Password confirmation")).to_be_visible()
    check_axe(page, failures, "sign up")
    page.get_by_label("Username").fill("olga")
    page.get_by_label("Password", exact=True).fill("tables of four")
    page.get_by_label("Password confirmation").fill("tables of four")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Your clubs")).to_be_visible()

    page.get_by_role("link", name="New club").click()
    page.get_by_label("Club name").fill("Tuesday Club")
    page.get_by_role("button", name="Make the club").click()
    expect(page.get_by_role("heading", name="Tuesday Club")).to_be_visible()

    page.get_by_role("link", name="The roster").click()
    page.get_by_role("link", name="Add a player").click()
    page.get_by_label("Name").fill("Dora")
    page.get_by_role("button", name="Save and add another").click()
    page.get_by_label("Name").fill("Ezra")
    page.get_by_label("Email (optional)").fill("ezra@example.com")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".player-name")).to_have_count(2)
    expect(page.locator(".player-list")).to_contain_text("Dora")
    expect(page.locator(".player-list")).to_contain_text("Ezra")

    page.get_by_role("link", name="Tuesday Club").click()
    page.get_by_role("link", name="Members and invites").click()
    page.get_by_role("radio", name="Scorekeeper").check()
    page.get_by_role("button", name="Make an invite link").click()
    link = page.get_by_label("The link").input_value()
    assert link.startswith(live_server.url + "/invites/")

    sam = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, base_url=live_server.url)
    other = sam.new_page()
    other.goto(link, wait_until="domcontentloaded")
    expect(other.get_by_role("heading", name="Join Tuesday Club")).to_be_visible()
    other.get_by_role("link", name="Sign up to join").click()
    other.get_by_label("Username").fill("sam")
    other.get_by_label("Password", exact=True).fill("scores in pencil")
    other.get_by_label("Password confirmation").fill("scores in pencil")
    other.get_by_role("button", name="Sign up").click()
    other.get_by_role("button", name="Join Tuesday Club").click()
    expect(other.get_by_text("You are scorekeeper here.")).to_be_visible()
    expect(other.get_by_role("link", name="New club game")).to_be_visible()
    assert Membership.objects.get(user__username="sam").role == Role.SCOREKEEPER

    page.get_by_role("link", name="Back to the members").click()
    expect(page.locator(".member-list")).to_contain_text("sam")
    olga.close()
    sam.close()
    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)
