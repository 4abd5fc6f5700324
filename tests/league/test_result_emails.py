"""A night's results by email (issue 23): closing queues one email a player with an address who has
not opted out, ``send_emails`` sends each once (plain text and HTML), the night page shows the log,
and the email's signed links open the player's own page (until they expire) and stop the emails."""

from __future__ import annotations

import re
import time
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.core.mail.backends import locmem
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import EmailStatus, Night, Player, ResultEmail, Role
from league.nights.result_emails import results_emails_send
from tests.league.factories import club, member, night, player, season, table_result

pytestmark = pytest.mark.django_db

SITE = "http://testserver"


@pytest.fixture
def tuesday():
    return club("tuesday", "Tuesday Club")


@pytest.fixture
def organiser(client, tuesday):
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    return client


def played_night(the_club, *, players: int = 12, emails: int = 9, opted_out: int = 1, **fields) -> Night:
    """A night of ``players`` (P01…) at tables of two pairs, every game agreed; the first ``emails``
    players have an address, the last ``opted_out`` of those said no more emails."""
    the_night = night(the_club, players=players, **fields)
    names = list(Player.objects.filter(attendances__night=the_night).order_by("name").values_list("name", flat=True))
    for table, four in enumerate(zip(*[iter(names)] * 4), start=1):
        teams = [(f"{four[0]} & {four[1]}", 3000 + 100 * table), (f"{four[2]} & {four[3]}", 2000)]
        table_result(the_night, 1, table, teams, agreed=True)
    for n, name in enumerate(names[:emails], start=1):
        Player.objects.filter(club=the_club, name=name).update(
            email=f"{name.lower()}@example.com", email_opt_out=n > emails - opted_out
        )
    return the_night


def close(client, the_night: Night):
    return client.post(f"/clubs/{the_night.club.slug}/nights/{the_night.pk}/close/", follow=True)


def links(message) -> tuple[str, str]:
    """The player's page and the stop link of an email, as paths."""
    page, stop = re.findall(rf"{SITE}(/p/\S+/)", message.body)
    return page, stop


def test_closing_a_night_of_12_with_9_addresses_and_1_opted_out_emails_8_players_once(organiser, tuesday):
    the_night = played_night(tuesday)
    response = close(organiser, the_night)
    assert "8 players get their results by email" in response.content.decode()
    assert mail.outbox == []  # closing only queues: the sending is in the background
    assert ResultEmail.objects.filter(status=EmailStatus.QUEUED).count() == 8

    close(organiser, the_night)  # a second tap
    call_command("send_emails", stdout=open("/dev/null", "w"))
    call_command("send_emails", stdout=open("/dev/null", "w"))  # and a second sender

    assert sorted(m.to[0] for m in mail.outbox) == [f"p{n:02d}@example.com" for n in range(1, 9)]
    assert set(ResultEmail.objects.values_list("status", flat=True)) == {EmailStatus.SENT}


def test_each_email_has_the_players_games_and_places_in_plain_text_and_html(organiser, tuesday):
    the_night = played_night(tuesday)
    close(organiser, the_night)
    call_command("send_emails", stdout=open("/dev/null", "w"))
    message = next(m for m in mail.outbox if m.to == ["p05@example.com"])
    assert message.subject == "Your results: Tuesday Club, 24 November 2026"
    # Table 2: P05 & P06 3,200 v P07 & P08 2,000; a win by less than the blowout margin.
    assert "Sitting 1, table 2: with P06, against P07 & P08" in message.body
    assert "3,200 v 2,000 · Won · VP" in message.body
    assert "The night: place 3 of 12 players" in message.body  # 3,300 and 3,400 won by more
    assert "Autumn 2026 standings: place 3 (new in the standings)." in message.body
    html_part, kind = message.alternatives[0]
    assert kind == "text/html"
    assert "<td>P06</td>" in html_part and "<td>P07 &amp; P08</td>" in html_part
    page, stop = links(message)
    assert f'href="{SITE}{page}"' in html_part and f'href="{SITE}{stop}"' in html_part
    assert message.extra_headers["List-Unsubscribe"] == f"<{SITE}{stop}>"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_place_change_is_against_the_season_before_the_night(organiser, tuesday):
    import datetime

    autumn = season(tuesday)
    first = played_night(tuesday, season=autumn, date=datetime.date(2026, 11, 17))
    close(organiser, first)
    call_command("send_emails", stdout=open("/dev/null", "w"))
    # The second night, the same players (night() adds new ones: seat the first night's instead).
    second = night(tuesday, players=0, season=autumn, date=datetime.date(2026, 11, 24))
    # P01 & P02 (who won the first night) lose now, P11 & P12 (who lost it) win by the blowout margin.
    table_result(second, 1, 1, [("P01 & P02", 0), ("P11 & P12", 9000)], agreed=True)
    from league.nights import services as night_services

    for name in ("P01", "P02", "P11", "P12"):
        night_services.check_in(night=second, player=Player.objects.get(name=name))
    Player.objects.filter(name="P11").update(email="p11@example.com")
    mail.outbox.clear()
    close(organiser, second)
    call_command("send_emails", stdout=open("/dev/null", "w"))
    by_address = {m.to[0]: m.body for m in mail.outbox}
    assert set(by_address) == {"p01@example.com", "p02@example.com", "p11@example.com"}
    # Before: P09 & P10 won by most (1-2), then P05 & P06, P01 & P02 (5-6); P11 & P12 lost by most (11-12).
    assert "Autumn 2026 standings: place 1 (up 10 places)." in by_address["p11@example.com"]
    assert "Autumn 2026 standings: place 11 (down 6 places)." in by_address["p01@example.com"]


def test_the_log_is_on_the_night_page_for_organisers_only(organiser, client, tuesday):
    the_night = played_night(tuesday, players=4, emails=2, opted_out=0)
    page = f"/clubs/tuesday/nights/{the_night.pk}/"
    assert "When the night closes, each player with an email address" in organiser.get(page).content.decode()
    close(organiser, the_night)
    assert organiser.get(page).content.decode().count('<span class="email-status email-queued">Queued</span>') == 2
    with mock.patch("django.core.mail.backends.locmem.EmailBackend.send_messages", side_effect=OSError("refused")):
        call_command("send_emails", stdout=open("/dev/null", "w"))
    text = organiser.get(page).content.decode()
    assert text.count("email-failed") == 2 and "OSError: refused" in text
    assert "p01@example.com" in text
    viewer = club_viewer(tuesday)
    assert "p01@example.com" not in viewer.get(page).content.decode()


def club_viewer(the_club):
    from django.test import Client

    viewer = Client()
    viewer.force_login(member(the_club, "vic", Role.VIEWER))
    return viewer


def test_the_emailed_link_opens_the_players_own_page_and_expires(organiser, client, tuesday):
    the_night = played_night(tuesday, players=4, emails=2, opted_out=0)
    close(organiser, the_night)
    call_command("send_emails", stdout=open("/dev/null", "w"))
    message = next(m for m in mail.outbox if m.to == ["p02@example.com"])
    page, _ = links(message)
    client.logout()
    response = client.get(page)
    text = response.content.decode()
    assert response.status_code == 200 and "<h1>P02</h1>" in text and "Autumn 2026" in text
    assert '<td class="wraps" data-label="Partners">P01</td>' in text  # their partner that night
    assert response["X-Robots-Tag"] == "noindex, nofollow"
    assert "Have an account? Link this player to it" in text

    # A link signed 31 days ago (the default lasts 30) no longer opens it.
    month_ago = time.time() - 31 * 86400
    ResultEmail.objects.update(status=EmailStatus.QUEUED, claimed_at=None)
    mail.outbox.clear()
    with mock.patch("django.core.signing.time.time", return_value=month_ago):
        call_command("send_emails", stdout=open("/dev/null", "w"))
    old, _ = links(next(m for m in mail.outbox if m.to == ["p02@example.com"]))
    expired = client.get(old)
    assert expired.status_code == 410 and "This link has expired" in expired.content.decode()


def test_a_tampered_link_says_so(client, tuesday):
    from league.clubs import player_links

    ann = player(tuesday, "Ann")
    token = player_links.page_token(ann)
    other = player(tuesday, "Bob")
    forged = token.replace(f"{ann.pk}:", f"{other.pk}:", 1)
    for path in (f"/p/{forged}/", "/p/made-up/", f"/p/stop/{token}/"):  # a page token is no stop token
        response = client.get(path)
        assert response.status_code == 404, path
        assert "This link does not work" in response.content.decode()


@pytest.mark.parametrize("payload", ["dora", "", "1.5", "-3", "١٢", "9" * 40])
def test_a_validly_signed_link_to_no_players_number_does_not_work(client, tuesday, payload):
    """Signed with the site's key and the links' salts, but not a player's number: 404, never a 500."""
    from django.core import signing

    from league.clubs import player_links

    player(tuesday, "Ann")
    page = signing.TimestampSigner(salt=player_links.PAGE_SALT).sign(payload)
    stop = signing.Signer(salt=player_links.OPT_OUT_SALT).sign(payload)
    for path in (f"/p/{page}/", f"/p/stop/{stop}/"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert "This link does not work" in response.content.decode()


def test_one_tap_opts_out_and_the_organiser_can_turn_it_back_on(organiser, client, tuesday):
    from league.clubs import player_links

    ann = player(tuesday, "Ann", email="ann@example.com")
    stop = f"/p/stop/{player_links.opt_out_token(ann)}/"
    shown = client.get(stop)
    assert "No more emails</button>" in shown.content.decode()
    assert not Player.objects.get(pk=ann.pk).email_opt_out  # a GET (a mail scanner's) changes nothing
    done = client.post(stop)  # the mail program's one-click POST carries no CSRF token
    assert done.status_code == 200 and "will get no more results emails" in done.content.decode()
    assert Player.objects.get(pk=ann.pk).email_opt_out

    edit = f"/clubs/tuesday/players/{ann.pk}/"
    assert 'name="results_email"' in organiser.get(edit).content.decode()
    organiser.post(edit, {"name": "Ann", "email": "ann@example.com", "phone": "", "results_email": "on"})
    assert not Player.objects.get(pk=ann.pk).email_opt_out
    organiser.post(edit, {"name": "Ann", "email": "ann@example.com", "phone": ""})
    assert Player.objects.get(pk=ann.pk).email_opt_out


def test_a_signed_in_user_links_the_player_from_the_emailed_page(client, tuesday):
    from league.clubs import player_links
    from tests.league.factories import user

    ann = player(tuesday, "Ann", email="Ann@Example.com")
    page = f"/p/{player_links.page_token(ann)}/"
    to_login = client.post(page + "claim/")
    assert to_login.status_code == 302 and to_login["Location"].startswith("/accounts/login/")
    account = user("ann")
    account.email = "ann@example.com"  # the roster's email (case aside): the club can tell it is her
    account.save()
    client.force_login(account)
    assert "This is me: link Ann to ann" in client.get(page).content.decode()
    client.post(page + "claim/")
    assert Player.objects.get(pk=ann.pk).user == account
    assert "Ann is linked to your account." in client.get(page).content.decode()


def test_sending_reads_the_same_queries_for_4_players_as_for_12_and_marks_each_email_as_it_goes(organiser, tuesday):
    small = played_night(tuesday, players=4, emails=4, opted_out=0)
    close(organiser, small)
    with CaptureQueriesContext(connection) as few:
        assert results_emails_send().sent == 4
    big = played_night(tuesday, players=12, emails=12, opted_out=0, season=season(tuesday, name="Winter"))
    close(organiser, big)
    with CaptureQueriesContext(connection) as many:
        assert results_emails_send().sent == 12

    def marks(queries) -> int:  # the one write per email that says it was handed over
        return sum(1 for q in queries if q["sql"].startswith('UPDATE "league_resultemail" SET "status"'))

    assert (marks(few), marks(many)) == (4, 12)
    assert len(many) - marks(many) == len(few) - marks(few) <= 30


class KilledAfter(locmem.EmailBackend):
    """The mail server as a sender killed after it has handed over ``limit`` messages sees it: the
    next message never leaves, and nothing after it in the sender runs (KeyboardInterrupt is what
    a Ctrl-C or SIGINT raises; no `except Exception` catches it)."""

    limit = 4

    def send_messages(self, messages):
        if len(mail.outbox) >= self.limit:
            raise KeyboardInterrupt
        return super().send_messages(messages)


def test_a_sender_killed_between_messages_sends_the_rest_once_and_never_the_sent_again(organiser, tuesday, settings):
    played = played_night(tuesday, players=8, emails=8, opted_out=0)
    close(organiser, played)
    settings.EMAIL_BACKEND = f"{__name__}.KilledAfter"
    with pytest.raises(KeyboardInterrupt):
        call_command("send_emails")
    assert len(mail.outbox) == 4
    rows = ResultEmail.objects.filter(night=played)
    handed_over = {m.to[0] for m in mail.outbox}
    assert set(rows.filter(status=EmailStatus.SENT).values_list("address", flat=True)) == handed_over
    assert rows.filter(status=EmailStatus.QUEUED, claimed_at__isnull=False).count() == 4  # still this sender's

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    call_command("send_emails")  # a minute later: the dead sender's claim is not yet stale
    assert len(mail.outbox) == 4
    rows.filter(status=EmailStatus.QUEUED).update(claimed_at=timezone.now() - timedelta(hours=2))
    call_command("send_emails")  # an hour on: the claim is given back and the rest sent
    assert len(mail.outbox) == 8
    assert sorted(m.to[0] for m in mail.outbox) == sorted(rows.values_list("address", flat=True))
    assert rows.filter(status=EmailStatus.SENT).count() == 8


def test_merging_two_entries_keeps_either_ones_no_more_emails(tuesday):
    from league.clubs import services

    dora, dee = player(tuesday, "Dora"), player(tuesday, "Dee", email="dee@example.com", email_opt_out=True)
    services.player_merge(keep=dora, merge=dee)
    dora.refresh_from_db()
    assert (dora.email, dora.email_opt_out) == ("dee@example.com", True)


def test_each_player_is_written_to_in_their_own_language(organiser, tuesday):
    """Issue 36 item 7: the results emails were in the club's language only. A player whose roster
    entry is linked to an account that chose French reads French; the others, the club's."""
    from league.models import Preferences
    from tests.league.factories import user

    the_night = played_night(tuesday, players=4, emails=4, opted_out=0)
    p01 = Player.objects.get(club=tuesday, name="P01")
    account = user("pat")
    Preferences.objects.create(user=account, language="fr")
    Player.objects.filter(pk=p01.pk).update(user=account)
    close(organiser, the_night)
    results_emails_send()
    subjects = {message.to[0]: message.subject for message in mail.outbox}
    assert subjects["p01@example.com"] == "Vos résultats : Tuesday Club, 24 novembre 2026"
    assert subjects["p02@example.com"] == "Your results: Tuesday Club, 24 November 2026"
