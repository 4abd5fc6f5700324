"""A forgotten password can be recovered: an email at sign-up (optional, said why), editable on the
account page, one account an address; an organiser emails a member a reset link from the club's
members page. Mail is Django's locmem backend in tests: mail.outbox."""

import html

import pytest
from django.contrib.auth.models import User
from django.core import mail

from league.models import Membership, Role
from tests.league.factories import club, member

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "fresh long words"
SIGNUP = {"username": "ann", "password1": "tables of four", "password2": "tables of four"}


def text(response) -> str:
    return html.unescape(response.content.decode())


def reset_link(message) -> str:
    return next(line for line in message.body.splitlines() if "/accounts/reset/" in line).strip()


def choose_password(client, link: str) -> None:
    """Follow the emailed link and choose NEW_PASSWORD there."""
    form = client.get(link.split("testserver", 1)[-1] if "testserver" in link else link, follow=True)
    assert "Choose a new password" in text(form)
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done["Location"] == "/accounts/reset/done/"


def test_sign_up_asks_for_an_email_and_says_why_then_forgot_password_reaches_it(client):
    page = text(client.get("/accounts/signup/"))
    assert 'name="email"' in page
    assert "Email (optional)" in page and "to send you a link to choose a new password if you forget yours" in page
    assert client.post("/accounts/signup/", {**SIGNUP, "email": " Ann@Example.com "}).status_code == 302
    assert User.objects.get(username="ann").email == "Ann@example.com"  # the domain in lower case, as Django keeps it

    client.post("/accounts/logout/")
    client.post("/accounts/password_reset/", {"email": "ann@example.com"})
    [message] = mail.outbox
    assert message.to == ["Ann@example.com"]
    choose_password(client, reset_link(message))
    assert User.objects.get(username="ann").check_password(NEW_PASSWORD)


def test_sign_up_without_an_email_still_works(client):
    assert client.post("/accounts/signup/", SIGNUP).status_code == 302
    assert User.objects.get(username="ann").email == ""


def test_sign_up_refuses_an_email_another_account_has_in_any_case(client):
    User.objects.create_user("bob", email="bob@example.com", password="pw-bob-long-1")
    response = client.post("/accounts/signup/", {**SIGNUP, "email": "BOB@example.com"})
    assert response.status_code == 400
    assert "Another account has this email address" in text(response)
    assert not User.objects.filter(username="ann").exists()


def test_the_account_page_changes_and_clears_the_email(client):
    assert client.get("/accounts/me/")["Location"].startswith("/accounts/login/")  # signed in only
    ann = User.objects.create_user("ann", password="pw-ann-long-1")
    User.objects.create_user("bob", email="bob@example.com", password="pw-bob-long-1")
    client.force_login(ann)
    assert "/accounts/me/" in text(client.get("/clubs/"))  # "Your account", from the clubs page
    page = text(client.get("/accounts/me/"))
    assert "Signed in as <strong>ann</strong>" in page and "/accounts/password_change/" in page
    assert "to send you a link to choose a new password" in page

    response = client.post("/accounts/me/", {"email": "ann@example.com"}, follow=True)
    assert "Your email address is ann@example.com." in text(response)
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"
    assert 'value="ann@example.com"' in text(client.get("/accounts/me/"))
    assert client.post("/accounts/me/", {"email": "ann@example.com"}).status_code == 302  # her own: kept

    refused = client.post("/accounts/me/", {"email": "Bob@Example.com"})
    assert refused.status_code == 400 and "Another account has this email address" in text(refused)
    refused = client.post("/accounts/me/", {"email": "not an address"})
    assert refused.status_code == 400
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"

    client.post("/accounts/me/", {"email": ""})
    ann.refresh_from_db()
    assert ann.email == ""


@pytest.fixture
def tuesday():
    the_club = club("tuesday", "Tuesday Club")
    olga = member(the_club, "olga", Role.ORGANISER)
    dora = member(the_club, "dora", Role.SCOREKEEPER)  # dora@example.com
    return the_club, olga, dora


def members_url(dora) -> str:
    membership = Membership.objects.get(user=dora)
    return f"/clubs/tuesday/members/{membership.pk}/password-reset/"


def test_an_organiser_emails_a_member_a_reset_link_that_works(client, tuesday, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    the_club, olga, dora = tuesday
    client.force_login(olga)
    page = text(client.get("/clubs/tuesday/members/"))
    assert f'action="{members_url(dora)}"' in page and "Send a password reset link" in page
    response = client.post(members_url(dora), follow=True)
    assert "A link to choose a new password is on its way to dora's email." in text(response)
    [message] = mail.outbox
    assert message.to == ["dora@example.com"] and message.subject == "Your Bookkeeper password"
    assert "olga, an organiser of Tuesday Club, sent you a link" in message.body
    link = reset_link(message)
    assert link.startswith("http://192.168.1.20:8000/accounts/reset/")  # at the site's address
    client.logout()
    choose_password(client, link.removeprefix("http://192.168.1.20:8000"))
    dora.refresh_from_db()
    assert dora.check_password(NEW_PASSWORD)


def test_no_link_for_a_member_without_an_email_and_none_from_a_scorekeeper(client, tuesday):
    the_club, olga, dora = tuesday
    dora.email = ""
    dora.save()
    client.force_login(olga)
    assert "No email: no reset link" in text(client.get("/clubs/tuesday/members/"))
    response = client.post(members_url(dora), follow=True)
    assert "dora has no email address on their account, so no link can be sent." in text(response)
    client.force_login(dora)
    olga_link = members_url(olga)
    assert client.post(olga_link).status_code == 404  # a scorekeeper is no organiser
    assert client.get(members_url(olga)).status_code in (404, 405)
    assert mail.outbox == []
