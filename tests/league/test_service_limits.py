"""The league's services hold their models' limits: a value a model cannot keep is refused with its
field named, and nothing of the write is saved (forms and imports still check first, by field)."""

from datetime import date

import pytest

from league.clubs import services
from league.clubs.services import LeagueError
from league.exchange import imports as import_services
from league.models import Attendance, Club, Membership, Night, Player, Role, Season
from league.nights import services as night_services
from tests.league.factories import club, member, night, player, season, user
from tests.league.test_import_pages import upload, workbook

pytestmark = pytest.mark.django_db

TOO_LONG = "x" * 121  # a player's, club's or season's name holds 120


@pytest.fixture
def tuesday(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return club()


def where(refused: LeagueError) -> list[tuple[str | None, str]]:
    return [(p.field, p.message) for p in refused.problems]


def test_a_player_with_a_name_too_long_is_refused_by_field_and_not_saved(tuesday):
    with pytest.raises(LeagueError) as refused:
        services.player_create(club=tuesday, name=TOO_LONG)
    assert where(refused.value) == [("name", "Player name is 121 characters long: 120 at most.")]
    assert str(refused.value) == "Player name is 121 characters long: 120 at most."
    assert not Player.objects.exists() and not Player.history.exists()


def test_a_player_change_the_model_refuses_leaves_the_player_as_it_was(tuesday):
    dora = player(tuesday, "Dora", phone="555")
    with pytest.raises(LeagueError) as refused:
        services.player_update(player=dora, name="Dora", email="dora@", phone="5" * 41)
    assert [p.field for p in refused.value.problems] == ["email", "phone"]
    dora.refresh_from_db()
    assert (dora.email, dora.phone) == ("", "555")
    assert not Player.history.filter(history_type="~").exists()


def test_players_update_saves_all_of_them_or_none(tuesday):
    ann, bob = player(tuesday, "Ann"), player(tuesday, "Bob")
    ann.phone, bob.phone = "1", "2" * 41
    with pytest.raises(LeagueError) as refused:
        services.players_update(players=[ann, bob], fields=["phone"])
    assert where(refused.value) == [("phone", "Bob: Player phone is 41 characters long: 40 at most.")]
    assert sorted(Player.objects.values_list("phone", flat=True)) == ["", ""]


def test_a_club_with_a_name_too_long_is_not_created_nor_its_organiser(tuesday):
    olga = user("olga")
    with pytest.raises(LeagueError) as refused:
        services.club_create(name=TOO_LONG, by=olga)
    assert [p.field for p in refused.value.problems] == ["name"]
    assert list(Club.objects.all()) == [tuesday] and not Membership.objects.filter(user=olga).exists()


def test_an_unknown_role_is_refused_naming_the_field(tuesday):
    olga = member(tuesday, "olga", Role.ORGANISER)
    with pytest.raises(LeagueError) as refused:
        services.invite_create(club=tuesday, role="boss", by=olga)
    assert where(refused.value) == [("role", "“boss” is not a role.")]


def test_a_season_breaking_its_constraints_is_refused_and_not_saved(tuesday):
    autumn = season(tuesday)
    fields = {"name": "Autumn 2026", "start": date(2026, 9, 1), "end": date(2026, 8, 1), "variant": autumn.variant}
    with pytest.raises(LeagueError) as refused:
        services.season_save(club=tuesday, season=autumn, **fields)
    assert "season_ends_after_start" in str(refused.value)
    autumn.refresh_from_db()
    assert autumn.end == date(2026, 12, 31)
    with pytest.raises(LeagueError) as refused:
        services.season_save(club=tuesday, **{**fields, "name": TOO_LONG, "end": date(2026, 12, 1)})
    assert [p.field for p in refused.value.problems] == ["name"]
    assert Season.objects.count() == 1


def test_a_night_of_too_many_sittings_or_an_unknown_mode_is_refused(tuesday):
    autumn = season(tuesday)
    given = {"club": tuesday, "season": autumn, "date": date(2026, 9, 8), "variant": autumn.variant}
    with pytest.raises(LeagueError) as refused:
        night_services.night_create(**given, mode="rotating", sittings_planned=21)
    assert "night_sittings_planned_range" in str(refused.value)
    with pytest.raises(LeagueError) as refused:
        night_services.night_create(**given, mode="shuffled", sittings_planned=3)
    assert [p.field for p in refused.value.problems] == ["mode", None]  # its choices, and the constraint on them
    assert not Night.objects.exists() and not Night.history.exists()


def test_a_walk_in_with_a_name_too_long_is_neither_added_nor_checked_in(tuesday):
    the_night = night(tuesday, players=0)
    with pytest.raises(LeagueError) as refused:
        night_services.add_and_check_in(night=the_night, name=TOO_LONG)
    assert [p.field for p in refused.value.problems] == ["name"]
    assert not Player.objects.exists() and not Attendance.objects.exists()


def test_drawn_teams_of_long_names_fit_the_score_sheet(tuesday):
    the_night = night(tuesday, players=0)
    for letter in "ABCD":
        night_services.check_in(night=the_night, player=player(tuesday, letter * 120))
    sitting = night_services.sitting_draw(night=the_night)
    teams = [team for table in sitting.tables.all() for team in table.game.teams.all()]
    assert teams and all(len(team.name) == 60 and len(team.players) == 200 for team in teams)
    assert all(team.players.endswith("…") for team in teams)


def test_the_roster_import_refuses_an_email_the_roster_would_by_row_and_column(client, tuesday):
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    rows = [["Name", "Email"], ["Ann", "ann@example.com"], ["Eve", "eve@example.c"]]  # Django wants a longer TLD
    response = client.post("/clubs/tuesday/import/roster/", {"file": upload("r.xlsx", workbook(rows, "Roster"))})
    assert response.status_code == 400
    assert [(p.sheet, p.row, p.column, p.message) for p in response.context["problems"]] == [
        ("Roster", 3, "Email", '"eve@example.c" is not an email address.')
    ]
    assert not Player.objects.exists()


def test_an_import_the_services_refuse_names_the_problem_and_writes_nothing(tuesday, monkeypatch):
    def refuse(*, players):
        raise LeagueError([services.Problem("Refused by the roster.", field="name")])

    monkeypatch.setattr(import_services, "players_create", refuse)
    rows = [["Name"], ["Ann"]]
    with pytest.raises(import_services.Refused) as refused:
        import_services.roster_import(club=tuesday, data=workbook(rows, "Roster"))
    assert [p.message for p in refused.value.problems] == ["Refused by the roster."]
