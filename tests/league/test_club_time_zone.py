"""A club's time zone (ISSUE17, item 12): the organiser chooses it in the club's settings (an
unknown name is refused beside the box), and the club's pages, its games' pages and its table
links show every time in it; it goes with the club into a backup and back."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from league.models import Agreement, Club, Role
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game, Variant
from tests.league.factories import club, member, night, table_result
from tests.league.test_backup import a_club_with_history, export
from tests.league.test_table_links import enter_round_1, link, text

pytestmark = pytest.mark.django_db

# 02:14 UTC on 25 November 2026 is 21:14 on the 24th in New York (UTC-5 in November).
CHANGED_AT = datetime(2026, 11, 25, 2, 14, tzinfo=UTC)
NEW_YORK = "on 24 November 2026 at 21:14"
UTC_TIME = "on 25 November 2026 at 02:14"


def every_change_made_at(when: datetime) -> None:
    """Every history row (of every audited model) dated ``when``, as if each change was made then."""
    for model in apps.get_models():
        if model.__name__.startswith("Historical"):
            model.objects.update(history_date=when)


@pytest.fixture
def tuesday():
    the_club = club("tuesday", "Tuesday Club")
    member(the_club, "olga", Role.ORGANISER)
    return the_club


def night_with_a_round(the_club):
    """The club's night, its sitting drawn and a round entered at table 1 through the table link."""
    the_night = night(the_club, players=8)
    table = night_services.sitting_draw(night=the_night).tables.get(number=1)
    return the_night, table


@pytest.mark.parametrize("zone, shown", [("America/New_York", NEW_YORK), ("UTC", UTC_TIME)])
def test_the_history_shows_the_clubs_local_time_on_every_page_of_the_club(client, tuesday, zone, shown):
    Club.objects.filter(pk=tuesday.pk).update(time_zone=zone)
    the_night, table = night_with_a_round(tuesday)
    assert enter_round_1(client, table).status_code == 302
    every_change_made_at(CHANGED_AT)

    # the table link, with no account: its history and what its Undo takes back
    table_page = text(client.get(link(table)))
    assert f"Takes back: round 1 entered by the table link of Table 1, sitting 1 {shown}" in table_page
    # a second phone asks for round 1 as a new round: it was entered meanwhile, and when
    stale = text(client.get(link(table, "rounds/1/?new"), follow=True))
    assert f"Round 1 was already entered by the table link of Table 1, sitting 1 {shown}." in stale
    client.force_login(User.objects.get(username="olga"))
    # the game's own page, for a member
    game_page = text(client.get(f"/games/{table.game.pk}/"))
    assert f"Round 1 entered by the table link of Table 1, sitting 1 {shown}" in game_page
    # the night's history
    night_page = text(client.get(f"/clubs/tuesday/nights/{the_night.pk}/"))
    assert f"Night created {shown}" in night_page and f"Sitting 1 drawn {shown}" in night_page


def test_the_agree_ticks_show_the_clubs_local_time(client, tuesday):
    Club.objects.filter(pk=tuesday.pk).update(time_zone="America/New_York")
    the_night = night(tuesday, players=0)
    game = table_result(the_night, 1, 1, [("Ann & Bob", 3000), ("Cy & Di", 2000)], agreed=True)
    Game.objects.filter(pk=game.pk).update(updated_at=CHANGED_AT)  # finished then, agreed at once
    Agreement.objects.filter(team__game=game).update(at=CHANGED_AT)
    page = text(client.get(link(game.table)))
    assert "✓ Ann & Bob agree at 21:14" in page and "02:14" not in page


def test_a_clubs_zone_lasts_only_for_its_own_pages(client, tuesday):
    """After a New York club's page, a page of no club (this device's games on the home page) is in
    the site's zone again."""
    Club.objects.filter(pk=tuesday.pk).update(time_zone="America/New_York")
    casual = scoresheet_services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[scoresheet_services.TeamData("Us", ""), scoresheet_services.TeamData("Them", "")],
    )
    Game.objects.filter(pk=casual.pk).update(updated_at=CHANGED_AT)
    assert client.get(f"/g/{casual.token}/").status_code == 200  # remembered on this device
    client.force_login(User.objects.get(username="olga"))
    assert client.get("/clubs/tuesday/").status_code == 200
    home = text(client.get("/"))
    assert "25 Nov 2026, 02:14" in home and "21:14" not in home


def test_the_organiser_chooses_the_zone_and_an_unknown_one_is_refused_beside_the_box(client, tuesday):
    client.force_login(User.objects.get(username="olga"))
    assert tuesday.time_zone == "UTC"  # the site's (settings.TIME_ZONE)
    page = text(client.get("/clubs/tuesday/settings/"))
    assert 'name="time_zone"' in page and 'value="UTC"' in page and 'list="time-zones"' in page
    assert '<option value="America/New_York">' in page
    assert 'href="/clubs/tuesday/settings/"' in text(client.get("/clubs/tuesday/"))

    refused = client.post("/clubs/tuesday/settings/", {"name": "Tuesday Club", "time_zone": "Mars/Olympus"})
    assert refused.status_code == 400
    field = text(refused).split('<div class="field has-error">')[1].split('<div class="field')[0]
    assert 'name="time_zone"' in field and "“Mars/Olympus” is not a time zone Bookkeeper knows" in field
    assert Club.objects.get(pk=tuesday.pk).time_zone == "UTC"

    saved = client.post("/clubs/tuesday/settings/", {"name": "Tuesday Night Club", "time_zone": "America/New_York"})
    assert saved.status_code == 302 and saved["Location"] == "/clubs/tuesday/"
    tuesday.refresh_from_db()
    assert (tuesday.name, tuesday.time_zone) == ("Tuesday Night Club", "America/New_York")


def test_only_an_organiser_sees_the_settings(client, tuesday):
    member(tuesday, "sam", Role.SCOREKEEPER)
    client.force_login(User.objects.get(username="sam"))
    assert client.get("/clubs/tuesday/settings/").status_code == 404
    data = {"name": "Taken over", "time_zone": "Asia/Tokyo"}
    assert client.post("/clubs/tuesday/settings/", data).status_code == 404
    assert Club.objects.get(pk=tuesday.pk).time_zone == "UTC"


def test_a_backup_keeps_the_zone_and_refuses_an_unknown_one(tmp_path):
    tuesday = a_club_with_history()
    Club.objects.filter(pk=tuesday.pk).update(time_zone="America/New_York")
    path = export("tuesday", tmp_path)
    document = json.loads(open(path).read())
    assert document["tables"]["league.Club"][0]["time_zone"] == "America/New_York"

    call_command("import_club", path, "--slug", "copy", "--link-accounts", stdout=io.StringIO())
    assert Club.objects.get(slug="copy").time_zone == "America/New_York"

    document["tables"]["league.Club"][0]["time_zone"] = "Mars/Olympus"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(document))
    with pytest.raises(CommandError) as raised:
        call_command("import_club", str(tampered), "--slug", "mars", "--link-accounts", stdout=io.StringIO())
    assert "league.Club #" in str(raised.value) and "time_zone: “Mars/Olympus” is not a time zone" in str(raised.value)
    assert not Club.objects.filter(slug="mars").exists()

    # A backup made before clubs had a zone restores in the site's.
    del document["tables"]["league.Club"][0]["time_zone"]
    older = tmp_path / "older.json"
    older.write_text(json.dumps(document))
    call_command("import_club", str(older), "--slug", "older", "--link-accounts", stdout=io.StringIO())
    assert Club.objects.get(slug="older").time_zone == "UTC"
