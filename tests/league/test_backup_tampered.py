"""A tampered club backup (ISSUE18, item 7): import_club checks every row before it writes any, and
refuses with exit status 2 and a line naming the table, row and field; it links no account that
exists here unless told to (--link-accounts), or leaves them out (--skip-accounts)."""

from __future__ import annotations

import copy
import io
import json
import re
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from league.exchange.backup import CLUB_ROWS, _model
from league.models import Club, Membership, Player, Role
from scoresheet.models import Game, TeamRound
from tests.league.built_once import built_once
from tests.league.test_backup import a_club_with_history, export, standings_of

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture(scope="module")
def backup(django_db_setup, django_db_blocker, tmp_path_factory) -> SimpleNamespace:
    """The club with history, its backup file and that file's document, built and exported once for
    the module, not once a case (each test in a savepoint of the module's transaction:
    tests/league/built_once.py)."""
    folder = tmp_path_factory.mktemp("backup")

    def build():
        club = a_club_with_history()
        path = export("tuesday", folder)
        return SimpleNamespace(club=club, path=path, document=json.loads(open(path).read()))

    yield from built_once(django_db_blocker, build)


@pytest.fixture
def document(backup) -> dict:
    """The backup's document, a deep copy of its own for each test to tamper with."""
    return copy.deepcopy(backup.document)


def counts() -> dict[str, int]:
    """How many rows every table a backup restores holds, and the accounts."""
    rows = {label: _model(label)._base_manager.count() for label, _ in CLUB_ROWS}
    return {**rows, "accounts": User.objects.count()}


def first(tables, label, **where) -> dict:
    return next(row for row in tables[label] if all(row.get(k) == v for k, v in where.items()))


def bad_date(t):
    t["league.Night"][0]["date"] = "2026-02-30"


def bad_datetime(t):
    t["league.Club"][0]["created_at"] = "yesterday"


def naive_datetime(t):
    t["scoresheet.Game"][0]["created_at"] = "2026-11-24T19:00:00"


def bad_boolean(t):
    t["league.Player"][0]["active"] = "yes"


def bad_uuid(t):
    t["league.HistoricalPlayer"][0]["history_change_id"] = "not-a-uuid"


def number_as_text(t):
    t["league.Seat"][0]["position"] = "1"


def negative_count(t):
    t["scoresheet.TeamRound"][0]["melded_points"] = -5


def unknown_role(t):
    t["league.Membership"][0]["role"] = "god"


def junk_rules_snapshot(t):
    t["scoresheet.Game"][0]["rules_document"] = {"junk": True}


def junk_house_rules(t):
    t["scoresheet.Variant"][0]["document"] = ["not", "rules"]


def disagreeing_total(t):
    t["scoresheet.TeamRound"][0]["total"] += 1000


def entries_that_cannot_be_scored(t):
    t["scoresheet.TeamRound"][0]["books"] = {"clean": "two"}


def house_rules_made_a_preset(t):
    t["scoresheet.Variant"][0].update(is_preset=True, club_id=None)


def history_by_user_id(t):
    t["scoresheet.HistoricalGame"][0]["history_user_id"] = 1


def member_without_username(t):
    t["league.Membership"][0]["user_id"] = {"user": None}


def reference_as_text(t):
    t["league.Seat"][0]["player_id"] = "abc"


def table_not_a_list(t):
    t["league.Player"] = {"name": "Ann"}


def row_not_an_object(t):
    t["league.Player"].append("Ann")


def bad_email(t):
    t["league.Player"][0]["email"] = "not an email"


def name_too_long(t):
    t["league.Player"][0]["name"] = "x" * 1000


def member_mapped_onto_root(t):
    t["league.Membership"][0]["user_id"] = {"user": "root"}


# Issue 34, item 5: seven of these were restored with exit 0.
def seats_removed(t):
    del t["league.Seat"]


def unknown_table(t):
    t["auth.User"] = [{"id": 1, "username": "mallory", "is_superuser": True}]


def unknown_field(t):
    t["league.Membership"][0]["is_superuser"] = True


def nul_in_a_name(t):
    t["league.Player"][0]["name"] = "Ann\x00Bob"


def empty_token(t):
    t["scoresheet.Game"][0]["token"] = ""


def duplicate_tokens(t):
    t["scoresheet.Game"][1]["share_token"] = t["scoresheet.Game"][0]["share_token"]


def huge_id(t):
    t["league.Player"][0]["id"] = 10**30


def huge_reference(t):
    t["league.Attendance"][0]["player_id"] = 10**30


@pytest.mark.parametrize(
    "tamper, message",
    [
        (bad_date, "league.Night #N, date: '2026-02-30' is not a date"),
        (bad_datetime, "league.Club #N, created_at: 'yesterday' is not a date and time"),
        (naive_datetime, "created_at: '2026-11-24T19:00:00' has no time zone"),
        (bad_boolean, "active: 'yes' is not true or false"),
        (bad_uuid, "league.HistoricalPlayer #N, history_change_id: 'not-a-uuid' is not a UUID"),
        (number_as_text, "position: '1' is not a whole number"),
        (negative_count, "melded_points: Ensure this value is greater than or equal to 0."),
        (unknown_role, "role: 'god' is not one of"),
        (junk_rules_snapshot, "rules_document: not rules Bookkeeper can read"),
        (junk_house_rules, "scoresheet.Variant #"),
        (disagreeing_total, "but its entries score"),
        (entries_that_cannot_be_scored, "cannot be scored under their game's rules"),
        (house_rules_made_a_preset, "a backup holds only the club's own house rules"),
        (history_by_user_id, "history_user_id: 1: an account is named by its username"),
        (member_without_username, "user_id: names no account"),
        (reference_as_text, "player_id: 'abc' is not the id of a row"),
        (table_not_a_list, "league.Player: the table is not a list of rows"),
        (row_not_an_object, "not a row with a whole-number id"),
        (bad_email, "email: Enter a valid email address."),
        (name_too_long, "name: Ensure this value has at most"),
        (member_mapped_onto_root, "root (organiser)"),
        (seats_removed, "league.Seat: the table is missing"),
        (unknown_table, "auth.User: no such table in a club backup"),
        (unknown_field, "league.Membership #N, is_superuser: no such column in this table"),
        (nul_in_a_name, "league.Player #N, name: holds a NUL character"),
        (empty_token, "scoresheet.Game, token: a row has it empty"),
        (duplicate_tokens, "scoresheet.Game, share_token: 1 value(s) given to more than one row"),
        (huge_id, "league.Player row 1: not a row with a whole-number id"),
        (huge_reference, "player_id: 1000000000000000000000000000000 is not the id of a row"),
    ],
)
def test_a_tampered_backup_is_refused_with_exit_2_and_writes_nothing(tmp_path, document, tamper, message):
    User.objects.create_superuser("root", "root@example.com", "x")
    tamper(document["tables"])
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document))
    before = counts()
    with pytest.raises(CommandError) as raised:
        call_command("import_club", str(path), "--slug", "copy", stdout=io.StringIO())
    assert raised.value.returncode == 2
    assert re.search(re.escape(message).replace(r"\#N", r"#\d+"), str(raised.value))  # #N: the row's id
    assert counts() == before


def test_a_tampered_backup_names_each_problem_on_a_line_of_its_own(tmp_path, document):
    bad_date(document["tables"])
    bad_boolean(document["tables"])
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as raised:
        call_command("import_club", str(path), "--slug", "copy")
    lines = str(raised.value).splitlines()
    assert lines[0] == "The backup cannot be restored:"
    assert any(line.startswith("league.Night #") and "date" in line for line in lines)
    assert any(line.startswith("league.Player #") and "active" in line for line in lines)


@pytest.mark.parametrize("slug", ["t-seats removed", "Tuesday", "new", "x" * 61, "tuesday/2", "café"])
def test_a_slug_no_page_can_address_is_refused_as_the_club_form_would(tmp_path, document, slug):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document))
    before = counts()
    with pytest.raises(CommandError) as raised:
        call_command("import_club", str(path), "--slug", slug, stdout=io.StringIO())
    assert raised.value.returncode == 2
    assert "cannot be a club's address" in str(raised.value)
    assert counts() == before


def test_existing_accounts_are_listed_and_linked_or_skipped_only_when_asked(backup):
    tuesday, path = Club.objects.get(pk=backup.club.pk), backup.path
    before = counts()
    with pytest.raises(CommandError) as raised:
        call_command("import_club", path, "--slug", "copy")
    assert raised.value.returncode == 2
    assert "olga (organiser)" in str(raised.value) and "--link-accounts" in str(raised.value)
    assert counts() == before

    call_command("import_club", path, "--slug", "copy", "--skip-accounts", stdout=io.StringIO())
    copy = Club.objects.get(slug="copy")
    assert not Membership.objects.filter(club=copy).exists()
    assert standings_of(copy) == standings_of(tuesday)

    call_command("import_club", path, "--slug", "linked", "--link-accounts", stdout=io.StringIO())
    linked = Membership.objects.get(club__slug="linked")
    assert (linked.user.username, linked.role) == ("olga", Role.ORGANISER)


def test_an_account_missing_here_is_created_without_a_password(tmp_path, document):
    document["tables"]["league.Membership"][0]["user_id"] = {"user": "newcomer"}
    path = tmp_path / "newcomer.json"
    path.write_text(json.dumps(document))
    call_command("import_club", str(path), "--slug", "copy", stdout=io.StringIO())
    member = Membership.objects.get(club__slug="copy")
    assert member.user.username == "newcomer" and not member.user.has_usable_password()
    assert Game.objects.filter(club__slug="copy").count() == Game.objects.filter(club__slug="tuesday").count()
    assert TeamRound.objects.filter(round__game__club__slug="copy").count() > 0
    assert Player.objects.filter(club__slug="copy").count() == Player.objects.filter(club__slug="tuesday").count()
