"""A club's backup: export_club writes everything of the club, import_club restores it (under its
own slug in an empty place, or under another); the standings and every game's sheet come back the
same. Bad files are refused with one line and write nothing."""

from __future__ import annotations

import io
import json
from datetime import date
from types import SimpleNamespace

import pytest
from django.core.management import CommandError, call_command

from league.clubs.kept_apart import keep_apart
from league.exchange.backup import CLUB_ROWS
from league.models import Club, KeptApart, Membership, Night, Player, Role, Seat
from league.nights import services as night_services
from league.standings.selectors import season_standings
from scoresheet.games import selectors
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Game, Round, Variant
from scoresheet.paper import printing, sheets
from scoresheet.scoring.engine import Entry
from tests.league.built_once import built_once
from tests.league.factories import club, member, night, season
from tests.pdf_reading import read

pytestmark = pytest.mark.django_db


def a_club_with_history() -> Club:
    """House rules, a season, a night of two sittings (rounds entered, one game agreed), a member."""
    tuesday = club("tuesday", "Tuesday Club")
    member(tuesday, "olga", Role.ORGANISER)
    house = scoresheet_services.house_rules_copy(
        club=tuesday, source=Variant.objects.get(slug="hand-and-foot"), name="Our rules"
    )
    autumn = season(tuesday, name="Autumn")
    the_night = night(tuesday, players=9, season=autumn, date=date(2026, 11, 24))
    for number in (1, 2):
        sitting = night_services.sitting_draw(night=the_night)
        for game in Game.objects.filter(table__sitting=sitting):
            teams = game.teams.count()
            entries = [Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300 + 10 * number, went_out=True)]
            entries += [Entry(books={"clean": 1}, melded_points=100 * i, hand_points=20) for i in range(1, teams)]
            scoresheet_services.round_record(game=game, number=1, entries=entries)
            scoresheet_services.game_finish(game=game)
        first = sitting.tables.order_by("number").first()
        for team in first.game.teams.all():
            night_services.table_agree(table=first, team=team, device=f"phone-{team.pk}")
    # a late correction, with its reason: the history holds the entries it replaced
    game = first.game
    teams = game.teams.count()
    corrected = [Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=400, went_out=True)]
    corrected += [Entry(books={"clean": 1}, melded_points=100 * i, hand_points=20) for i in range(1, teams)]
    scoresheet_services.round_record(game=game, number=1, entries=corrected, reason="Miscounted the melds")
    assert house.club == tuesday
    return tuesday


def sheet_texts(the_club: Club) -> dict[str, str]:
    """Every game's filled sheet, as the text of its PDF, by game name."""
    texts = {}
    for game in Game.objects.filter(club=the_club).order_by("name"):
        sheet = selectors.game_sheet(game=game)
        content = sheets.score_sheet(sheet.rules, printing.game_sheet_data(sheet))
        texts[game.name] = "\n".join(page.raw_text for page in read(content).pages)
    return texts


def histories(the_club: Club) -> dict[str, list]:
    """Every game's history as its page tells it, by game name."""
    from scoresheet.games import history

    return {
        game.name: [
            (e.when, e.text, e.details, e.reason) for e in history.game_history(game=game, teams=list(game.teams.all()))
        ]
        for game in Game.objects.filter(club=the_club).order_by("name")
    }


def standings_of(the_club: Club) -> dict:
    result = season_standings(season=the_club.seasons.get(name="Autumn"))
    data = {key: value for key, value in result.as_json().items() if key != "club"}
    # which games each player has not yet agreed (the agreements come back too)
    return data | {"not agreed": {row.name: row.unconfirmed for row in result.rows + result.unranked}}


def export(slug: str, tmp_path) -> str:
    path = tmp_path / f"{slug}.json"
    call_command("export_club", slug, "--out", str(path), stdout=io.StringIO())
    return str(path)


@pytest.fixture(scope="class")
def backup(django_db_setup, django_db_blocker, tmp_path_factory) -> SimpleNamespace:
    """The club with history, two of its players kept apart, and its backup, built and exported once
    for the restores of TestOneBackup (each test in a savepoint of the class's transaction, as in
    tests/league/built_once.py; the tests after the class see an empty database)."""
    folder = tmp_path_factory.mktemp("backup")

    def build():
        tuesday = a_club_with_history()
        last, first = tuesday.players.order_by("-name")[:2]
        keep_apart(player=last, other=first)  # "never seat with", the later player first
        return SimpleNamespace(club=tuesday, path=export("tuesday", folder))

    yield from built_once(django_db_blocker, build)


@pytest.fixture
def tuesday(backup) -> Club:
    """The exported club as stored, a copy of its own for each test."""
    return Club.objects.get(pk=backup.club.pk)


class TestOneBackup:
    """Restores of the one backup the class's fixture exports."""

    @pytest.mark.engine
    def test_a_club_restored_under_another_slug_has_the_same_standings_and_sheets(self, backup, tuesday):
        path = backup.path
        out = io.StringIO()
        call_command("import_club", path, "--slug", "tuesday-copy", "--link-accounts", stdout=out)
        assert "Restored club tuesday-copy" in out.getvalue()
        copy = Club.objects.get(slug="tuesday-copy")
        assert standings_of(copy) == standings_of(tuesday)
        assert sheet_texts(copy) == sheet_texts(tuesday)
        copied_histories = histories(copy)
        assert copied_histories == histories(tuesday)
        assert any("Miscounted the melds" in entry[3] for entries in copied_histories.values() for entry in entries)
        assert Membership.objects.get(club=copy).user.username == "olga"
        assert copy.house_variants.get().slug == "tuesday-copy-our-rules"
        assert (
            Seat.objects.filter(team__game__club=copy).count() == Seat.objects.filter(team__game__club=tuesday).count()
        )
        kept = [(pair.first.name, pair.second.name) for pair in KeptApart.objects.filter(club=copy)]
        assert kept == [(pair.first.name, pair.second.name) for pair in KeptApart.objects.filter(club=tuesday)]
        assert len(kept) == 1
        # the copy's table links are its own: both clubs' printed packs keep working
        tokens = set(Night.objects.get(club=copy).sittings.values_list("tables__token", flat=True))
        assert tokens.isdisjoint(Night.objects.get(club=tuesday).sittings.values_list("tables__token", flat=True))

    @pytest.mark.engine
    def test_a_club_restored_into_an_empty_place_is_the_club_it_was(self, backup, tuesday):
        before_standings, before_sheets, before_histories = (
            standings_of(tuesday),
            sheet_texts(tuesday),
            histories(tuesday),
        )
        path = backup.path
        document = json.loads(open(path).read())
        # An empty database: the club and everything of it gone (accounts stay, as in another database).
        Game.objects.filter(club=tuesday).delete()
        Night.objects.filter(club=tuesday).delete()
        tuesday.delete()
        assert not Player.objects.exists() and not Round.objects.exists()
        call_command("import_club", path, "--link-accounts", stdout=io.StringIO())  # olga's account is still here
        restored = Club.objects.get(slug="tuesday")
        assert standings_of(restored) == before_standings
        assert sheet_texts(restored) == before_sheets
        assert histories(restored) == before_histories
        assert restored.players.count() == len(document["tables"]["league.Player"])
        night_row = document["tables"]["league.Night"][0]
        restored_night = Night.objects.get(club=restored)
        assert (restored_night.seed, str(restored_night.date)) == (night_row["seed"], night_row["date"])

    def test_restoring_over_an_existing_club_is_refused(self, backup):
        path = backup.path
        with pytest.raises(CommandError, match="exists already"):
            call_command("import_club", path)
        assert Club.objects.count() == 1


@pytest.mark.parametrize(
    "content, message",
    [
        ("not json", "is not JSON"),
        ('{"format": "something else"}', "not a Bookkeeper club backup"),
        ('{"format": "bookkeeper-club-backup", "version": 99}', "version 99"),
        ('{"format": "bookkeeper-club-backup", "version": 1, "club": "x", "tables": []}', "no tables"),
        (  # every table there (export_club writes them all), a player of a club the backup does not hold
            json.dumps(
                {
                    "format": "bookkeeper-club-backup",
                    "version": 1,
                    "club": "x",
                    "tables": {
                        **{label: [] for label, _ in CLUB_ROWS},
                        "league.Player": [{"id": 1, "club_id": 5, "name": "A"}],
                    },
                }
            ),
            "names a league.club #5",
        ),
    ],
)
def test_a_bad_backup_is_refused_in_one_line_and_writes_nothing(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CommandError) as raised:
        call_command("import_club", str(path))
    assert raised.value.returncode == 2 and message in str(raised.value)
    assert not Club.objects.exists() and not Player.objects.exists()


def test_an_unknown_club_or_an_unwritable_file_is_one_line(tmp_path):
    with pytest.raises(CommandError, match="No club 'nope'"):
        call_command("export_club", "nope", "--out", str(tmp_path / "x.json"))
    club("tuesday")
    with pytest.raises(CommandError, match="Cannot write"):
        call_command("export_club", "tuesday", "--out", str(tmp_path))
