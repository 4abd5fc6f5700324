"""Smaller holes closed: a deleted player has no record page and is not checked in; a name is
one name however it was typed (Unicode composed, no invisible characters, spaces collapsed) at
every way in; a secret address's pages are not stored by caches; behind the proxy, sign-in's
lockout counts the visitor's own address. (The seating command's limit on sittings:
tests/league/test_seating_command.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client

from league.clubs import services as club_services
from league.models import Attendance, Player, Role
from league.nights import services as night_services
from scoresheet.models import Game
from tests.league.factories import close_night, club, member, night, player
from tests.league.test_import_results import HEADER, run, write
from tests.league.test_substitutes import seats
from tests.league.test_substitutes import table as table  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db

REPO = Path(__file__).resolve().parents[2]
ZERO_WIDTH_SPACE, NO_BREAK_SPACE, WORD_JOINER = "\u200b", "\u00a0", "\u2060"


def signed_in(the_club, name: str, role: str) -> Client:
    visitor = Client()
    visitor.force_login(member(the_club, name, role))
    return visitor


# --- a deleted player --------------------------------------------------------------------------


def test_a_deleted_players_record_page_is_not_found(presets):
    tuesday = club()
    gone, kept = player(tuesday, "Gone"), player(tuesday, "Kept")
    club_services.player_delete(player=gone)
    viewer = signed_in(tuesday, "val", Role.VIEWER)
    assert viewer.get(f"/clubs/tuesday/players/{kept.pk}/record/").status_code == 200
    assert viewer.get(f"/clubs/tuesday/players/{gone.pk}/record/").status_code == 404


def test_a_deleted_player_is_not_checked_in(presets):
    tuesday = club()
    the_night = night(tuesday, players=0)
    gone = player(tuesday, "Gone")
    club_services.player_delete(player=gone)
    organiser = signed_in(tuesday, "olga", Role.ORGANISER)
    toggle = f"/clubs/tuesday/nights/{the_night.pk}/checkin/{gone.pk}/"
    answer = organiser.post(toggle, {"present": "1"}, headers={"Accept": "application/json"})
    assert answer.status_code == 400 and "Gone was deleted from the roster" in answer.json()["error"]
    page = organiser.post(toggle, {"present": "1"}, follow=True)
    assert "Gone was deleted from the roster: restore them from Recently deleted first." in page.content.decode()
    assert not Attendance.objects.filter(player=gone).exists()


# --- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "typed, kept",
    [
        (f"Ann{ZERO_WIDTH_SPACE}", "Ann"),
        (f"{WORD_JOINER}Ann{NO_BREAK_SPACE}{NO_BREAK_SPACE}Lee ", "Ann Lee"),
        ("Cle\u0301o", "Cléo"),  # an e and a combining accent: the é of one key
        ("Dan\u200e\tLee", "Dan Lee"),  # a left-to-right mark, a tab
    ],
)
def test_the_roster_form_keeps_a_name_clean(presets, typed, kept):
    tuesday = club()
    organiser = signed_in(tuesday, "olga", Role.ORGANISER)
    assert organiser.post("/clubs/tuesday/players/new/", {"name": typed}).status_code == 302
    assert Player.objects.get(club=tuesday).name == kept


def test_a_name_of_invisible_characters_only_is_no_name(presets):
    tuesday = club()
    organiser = signed_in(tuesday, "olga", Role.ORGANISER)
    page = organiser.post("/clubs/tuesday/players/new/", {"name": ZERO_WIDTH_SPACE * 3})
    assert page.status_code == 400 and "Enter the player&#x27;s name." in page.content.decode()
    assert not Player.objects.exists()


def test_check_ins_add_knows_ann_with_an_invisible_character_is_ann(presets):
    tuesday = club()
    the_night = night(tuesday, players=0)
    player(tuesday, "Ann")
    organiser = signed_in(tuesday, "olga", Role.ORGANISER)
    page = organiser.post(f"/clubs/tuesday/nights/{the_night.pk}/checkin/", {"name": f"Ann{ZERO_WIDTH_SPACE}"})
    assert page.status_code == 400 and "Ann is already on the roster" in page.content.decode()
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann"]


def test_a_substitutes_new_name_is_kept_clean(table):  # noqa: F811 - the fixture
    seat = night_services.seat_substitute_new(seat=seats(table)[0], name=f"Xe{ZERO_WIDTH_SPACE}na\u200e")
    assert seat.player.name == "Xena"
    with pytest.raises(club_services.LeagueError, match="Zed is already on the roster"):
        night_services.seat_substitute_new(seat=seats(table)[1], name=f"Z{WORD_JOINER}ed")


def test_import_results_reads_ann_with_an_invisible_character_as_ann(tmp_path):
    tuesday = club()
    rows = [
        HEADER,
        ["2026-09-01", 1, 1, "Ann", "", 900, "hand-and-foot"],
        ["2026-09-01", 1, 1, "Bob", "", 800, "hand-and-foot"],
        ["2026-09-08", 1, 1, f"Ann{ZERO_WIDTH_SPACE}", "", 700, "hand-and-foot"],
        ["2026-09-08", 1, 1, "Bo\u0062", "", 600, "hand-and-foot"],
        ["2026-09-15", 1, 1, f"{NO_BREAK_SPACE}ann", "", 500, "hand-and-foot"],
        ["2026-09-15", 1, 1, "Cle\u0301o", "", 400, "hand-and-foot"],
        ["2026-09-22", 1, 1, "Cléo", "", 300, "hand-and-foot"],
        ["2026-09-22", 1, 1, "Bob", "", 200, "hand-and-foot"],
    ]
    output, status = run(write(tmp_path, rows), "--club", "tuesday", "--season", "Autumn")
    assert status == 0, output
    assert sorted(Player.objects.filter(club=tuesday).values_list("name", flat=True)) == ["Ann", "Bob", "Cléo"]
    ann = Player.objects.get(club=tuesday, name="Ann")
    assert Game.objects.filter(teams__seats__player=ann).count() == 3


# --- secret addresses are not stored -----------------------------------------------------------


def test_every_page_at_a_play_share_or_table_link_says_no_store(presets):
    the_night = night(club(), players=8)
    table = night_services.sitting_draw(night=the_night).tables.get(number=1)
    game = table.game
    visitor = Client()
    for address in (
        f"/g/{game.token}/",
        f"/g/{game.token}/sheet.pdf",
        f"/g/{game.token}/rounds/1/",
        f"/s/{game.share_token}/",
        f"/t/{table.token}/",
        f"/t/{table.token}/rounds/1/",
        "/g/no-such-token/",  # not found: the answer is not kept either
        "/t/no-such-token/rounds/1/",
    ):
        response = visitor.get(address)
        assert response.status_code in (200, 404), address
        assert "no-store" in response.get("Cache-Control", ""), address
    close_night(the_night)
    final = visitor.get(f"/t/{table.token}/")  # a closed night's table link: the final sheet, read only
    assert final.status_code == 200 and "no-store" in final["Cache-Control"]
    closed = visitor.get(f"/t/{table.token}/rounds/1/")  # any other page of it: the "closed" page
    assert closed.status_code == 404 and "no-store" in closed["Cache-Control"]
    assert "no-store" not in Client().get("/").get("Cache-Control", "")


# --- sign-in behind the proxy ------------------------------------------------------------------


def settings_say(code: str, **env: str) -> str:
    """What ``code`` prints with the settings a club runs on (config/settings.py, DEBUG on)."""
    inherited = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "BEHIND_HTTPS_PROXY", "DATABASE_URL")}
    setup = "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; django.setup(); "
    done = subprocess.run(
        [sys.executable, "-c", setup + code],
        cwd=REPO,
        env={**inherited, "DEBUG": "1", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


ADDRESS_OF = (
    "from axes.helpers import get_client_ip_address; from django.test import RequestFactory; import json; "
    "request = RequestFactory().get('/', REMOTE_ADDR='127.0.0.1', HTTP_X_FORWARDED_FOR='6.6.6.6, 203.0.113.7'); "
    "print(json.dumps(get_client_ip_address(request)))"
)


@pytest.mark.process
def test_behind_the_proxy_sign_in_counts_the_forwarded_address():
    """The last X-Forwarded-For entry is the one the proxy adds (those before it, the visitor's own)."""
    assert json.loads(settings_say(ADDRESS_OF, BEHIND_HTTPS_PROXY="1")) == "203.0.113.7"
    assert json.loads(settings_say(ADDRESS_OF)) == "127.0.0.1"  # no proxy: the header is anyone's to send


def test_behind_the_proxy_one_visitors_wrong_passwords_lock_out_only_that_visitor(settings):
    settings.AXES_CLIENT_IP_CALLABLE = "config.proxy.client_address"  # what BEHIND_HTTPS_PROXY=1 sets
    User.objects.create_user("olga", password="the right password")
    typos = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        typos.post("/accounts/login/", {"username": "olga", "password": "wrong"})
    assert typos.post("/accounts/login/", {"username": "olga", "password": "the right password"}).status_code == 429
    olga = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.2")
    signed = olga.post("/accounts/login/", {"username": "olga", "password": "the right password"})
    assert signed.status_code == 302 and signed.wsgi_request.user.is_authenticated
    assert AccessAttempt.objects.filter(ip_address="203.0.113.7").exists()
    # A made-up header with no address in it counts as the connection's.
    junk = Client(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="<script>")
    junk.post("/accounts/login/", {"username": "olga", "password": "wrong"})
    assert AccessAttempt.objects.filter(ip_address="127.0.0.1").exists()
