"""The import pages (upload → preview → confirm) and the workbook downloads, through the client;
and the roster workbook in and out."""

from __future__ import annotations

from datetime import timedelta
from io import BytesIO

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from league.models import KeptUpload, Night, Player, Role
from scoresheet.models import Game
from tests.league.factories import club, member, player, season
from tests.league.test_import_results import GOOD, HEADER, workbook

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    tuesday = club()
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    return tuesday


def upload(name: str, content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/octet-stream")


def kept() -> list:
    """The uploads waiting for their confirm (in the database, for any app server)."""
    return list(KeptUpload.objects.order_by("id"))


def test_upload_previews_then_confirm_writes(client, organiser):
    autumn = season(organiser, name="Autumn")
    player(organiser, "Ann")
    response = client.post(
        "/clubs/tuesday/import/results/", {"season": autumn.pk, "file": upload("r.xlsx", workbook(GOOD))}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "4 games on 2 nights of Autumn" in page
    assert "Bob, Cleo, Dan" in page and 'New players <span class="muted">(10)' in page
    assert Game.objects.count() == 0 and Night.objects.count() == 0  # a preview writes nothing
    [waiting] = kept()
    upload_name = response.context["confirm"].initial["upload"]
    assert (waiting.token, waiting.club, waiting.owner.username) == (upload_name, organiser, "olga")

    response = client.post(
        "/clubs/tuesday/import/results/", {"upload": upload_name, "season": autumn.pk, "replace": ""}
    )
    assert response.status_code == 302 and response["Location"] == f"/clubs/tuesday/seasons/{autumn.pk}/"
    assert Game.objects.filter(club=organiser).count() == 4 and Night.objects.filter(season=autumn).count() == 2
    assert kept() == []  # used once, then deleted
    # the same confirm again: the file is gone, nothing is written twice
    again = client.post("/clubs/tuesday/import/results/", {"upload": upload_name, "season": autumn.pk})
    assert again.status_code == 400 and "upload the file again" in again.content.decode()
    assert Game.objects.count() == 4


def test_only_the_member_who_uploaded_confirms_it_and_only_as_that_import(client, organiser):
    autumn = season(organiser, name="Autumn")
    preview = client.post(
        "/clubs/tuesday/import/results/", {"season": autumn.pk, "file": upload("r.xlsx", workbook(GOOD))}
    )
    upload_name = preview.context["confirm"].initial["upload"]
    as_roster = client.post("/clubs/tuesday/import/roster/", {"upload": upload_name})
    assert as_roster.status_code == 400 and "upload the file again" in as_roster.content.decode()
    client.force_login(member(organiser, "oscar", Role.ORGANISER))  # another organiser of the club
    other = client.post("/clubs/tuesday/import/results/", {"upload": upload_name, "season": autumn.pk})
    assert other.status_code == 400 and "upload the file again" in other.content.decode()
    assert len(kept()) == 1 and Game.objects.count() == 0  # still waiting for olga


def test_an_upload_over_a_day_old_is_refused_and_swept_away(client, organiser):
    autumn = season(organiser, name="Autumn")

    def preview() -> str:
        response = client.post(
            "/clubs/tuesday/import/results/", {"season": autumn.pk, "file": upload("r.xlsx", workbook(GOOD))}
        )
        return response.context["confirm"].initial["upload"]

    old = preview()
    KeptUpload.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    response = client.post("/clubs/tuesday/import/results/", {"upload": old, "season": autumn.pk})
    assert response.status_code == 400 and "over a day old" in response.content.decode()
    fresh = preview()
    assert [upload.token for upload in kept()] == [fresh]  # the old one is gone with the next upload
    assert Game.objects.count() == 0


def test_a_bad_file_shows_every_problem_and_keeps_nothing(client, organiser):
    autumn = season(organiser, name="Autumn")
    rows = [HEADER, *GOOD[1:]]
    rows[2] = ["2026-09-01", 1, 1, "Cleo & Dan", "Cleo, Dan", "lots", ""]
    rows.append(["2026-13-01", 5, 1, "Solo", "", 10, ""])
    response = client.post(
        "/clubs/tuesday/import/results/", {"season": autumn.pk, "file": upload("r.xlsx", workbook(rows))}
    )
    assert response.status_code == 400
    problems = response.context["problems"]
    assert [(p.sheet, p.row, p.column) for p in problems] == [("Results", 3, "Score"), ("Results", 11, "Date")]
    page = response.content.decode()
    assert "Nothing was imported: 2 problems to fix" in page and "is not a whole number" in page
    assert kept() == [] and Game.objects.count() == 0


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"x" * (5 * 1024 * 1024 + 10), "5 MB at most"),
        (b"Date,Table\n", "not an xlsx workbook"),
    ],
    ids=["too big", "not xlsx"],
)
def test_upload_limits_are_answered_with_a_message(client, organiser, content, words):
    autumn = season(organiser, name="Autumn")
    response = client.post("/clubs/tuesday/import/results/", {"season": autumn.pk, "file": upload("r.xlsx", content)})
    assert response.status_code == 400
    assert words in response.content.decode()


def test_without_a_season_the_page_asks_for_one(client, organiser):
    response = client.get("/clubs/tuesday/import/results/")
    assert "Make a season first" in response.content.decode()


def test_the_season_workbook_downloads(client, organiser):
    autumn = season(organiser, name="Autumn")
    from league.exchange import imports as import_services

    import_services.results_import(data=workbook(GOOD), club_slug="tuesday", season_name="Autumn")
    response = client.get(f"/clubs/tuesday/seasons/{autumn.pk}/results.xlsx")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="tuesday-autumn-results.xlsx"'
    wb = openpyxl.load_workbook(BytesIO(response.content))
    assert wb.sheetnames == ["Results", "Game log", "Tables"]
    assert len(list(wb["Results"].iter_rows(min_row=2))) == len(GOOD) - 1
    assert wb["Game log"].max_row == 1  # imported totals have no rounds to log
    tables = list(wb["Tables"].iter_rows(values_only=True))
    assert tables[0] == ("Date", "Table", "Game", "Settled", "Rounds", "Reason")
    assert tables[1:] and {row[3] for row in tables[1:]} == {"Imported"}  # nobody agreed an imported game


# The roster workbook


ROSTER = [
    ["Name", "Email", "Phone", "Active"],
    ["Ann", "ann@example.com", "555 0101", "yes"],
    ["  bob  ", None, None, None],
    ["Cleo", "", "", "no"],
    ["Dan", None, "555 0104", 1],
]


def test_roster_upload_previews_then_confirm_writes(client, organiser):
    player(organiser, "Bob", email="bob@example.com")
    response = client.post("/clubs/tuesday/import/roster/", {"file": upload("roster.xlsx", workbook(ROSTER, "Roster"))})
    assert response.status_code == 200
    roster = response.context["roster"]
    assert [row.name for row in roster.new] == ["Ann", "Cleo", "Dan"]
    assert roster.changed == [] and roster.unchanged == 1  # bob: blank cells keep what the roster has
    assert Player.objects.count() == 1
    upload_name = response.context["confirm"].initial["upload"]
    response = client.post("/clubs/tuesday/import/roster/", {"upload": upload_name})
    assert response.status_code == 302
    players = {p.name: (p.email, p.phone, p.active) for p in Player.objects.filter(club=organiser)}
    assert players == {
        "Ann": ("ann@example.com", "555 0101", True),
        "Bob": ("bob@example.com", "", True),
        "Cleo": ("", "", False),
        "Dan": ("", "555 0104", True),
    }
    assert kept() == []


def test_a_roster_row_changes_the_player_of_that_name(client, organiser):
    dora = player(organiser, "Dora", phone="1")
    rows = [["name", "active", "phone"], ["DORA", "false", "2"]]
    response = client.post("/clubs/tuesday/import/roster/", {"file": upload("r.xlsx", workbook(rows, "Players"))})
    [(changed, _, words)] = response.context["roster"].changed
    assert changed == dora and words == ["phone 2", "not active"]


@pytest.mark.parametrize(
    ("row", "column"),
    [
        (["Ann", None, None, None], "Name"),  # Ann is in row 2 already
        (["Eve", "not-an-email", None, None], "Email"),
        (["Eve", None, None, "maybe"], "Active"),
        (["", "e@example.com", None, None], "Name"),
    ],
    ids=["duplicate name", "bad email", "bad active", "no name"],
)
def test_bad_roster_rows_are_named_and_nothing_is_written(client, organiser, row, column):
    rows = [*ROSTER, row]
    response = client.post("/clubs/tuesday/import/roster/", {"file": upload("r.xlsx", workbook(rows, "Roster"))})
    assert response.status_code == 400
    assert [(p.sheet, p.row, p.column) for p in response.context["problems"]] == [("Roster", 6, column)]
    assert Player.objects.count() == 0


def test_the_roster_exports_and_imports_back_unchanged(client, organiser):
    player(organiser, "Ann", email="ann@example.com", phone="555")
    player(organiser, "Bob", active=False)
    response = client.get("/clubs/tuesday/players/roster.xlsx")
    wb = openpyxl.load_workbook(BytesIO(response.content))
    ws = wb["Roster"]
    assert [c.value for c in ws[1]] == ["Name", "Email", "Phone", "Active"]
    assert ws.freeze_panes == "A2" and all(c.font.bold for c in ws[1])
    assert list(ws.iter_rows(min_row=2, values_only=True)) == [
        ("Ann", "ann@example.com", "555", "yes"),
        ("Bob", None, None, "no"),
    ]
    again = client.post("/clubs/tuesday/import/roster/", {"file": upload("r.xlsx", response.content)})
    plan = again.context["roster"]
    assert plan.new == [] and plan.changed == [] and plan.unchanged == 2
