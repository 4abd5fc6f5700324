"""The roster: add, edit, deactivate, merge, and "this is me", through the client."""

import pytest
from django.apps import apps
from django.db import connection, models

from league.clubs import services
from league.models import Player, Role
from tests.league.factories import club, member, player

pytestmark = pytest.mark.django_db


@pytest.fixture
def tuesday():
    return club()


@pytest.fixture
def organiser(client, tuesday):
    account = member(tuesday, "olga", Role.ORGANISER)
    client.force_login(account)
    return account


def test_add_a_player(client, organiser, tuesday):
    response = client.post("/clubs/tuesday/players/new/", {"name": " Dora ", "email": "dora@example.com", "phone": ""})
    assert response["Location"] == "/clubs/tuesday/players/"
    dora = Player.objects.get()
    assert (dora.club, dora.name, dora.email, dora.active) == (tuesday, "Dora", "dora@example.com", True)
    assert "Dora" in client.get("/clubs/tuesday/players/").content.decode()


def test_save_and_add_another_comes_back_to_the_form(client, organiser):
    response = client.post("/clubs/tuesday/players/new/", {"name": "Dora", "another": ""})
    assert response["Location"] == "/clubs/tuesday/players/new/"


def test_bad_fields_are_named_and_nothing_is_saved(client, organiser):
    response = client.post("/clubs/tuesday/players/new/", {"name": "  ", "email": "not-an-email", "phone": "call me"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "This field is required." in page or "Enter the player" in page
    assert "Enter a valid email address." in page
    assert "A phone number has digits in it." in page
    assert page.count('class="field has-error"') == 3
    assert not Player.objects.exists()


def test_edit_a_player(client, organiser, tuesday):
    dora = player(tuesday, "Dora")
    assert 'value="Dora"' in client.get(f"/clubs/tuesday/players/{dora.id}/").content.decode()
    client.post(f"/clubs/tuesday/players/{dora.id}/", {"name": "Dora Diaz", "email": "", "phone": "555 0100"})
    dora.refresh_from_db()
    assert (dora.name, dora.phone) == ("Dora Diaz", "555 0100")


def test_a_bad_edit_keeps_the_player_as_it_was(client, organiser, tuesday):
    dora = player(tuesday, "Dora", email="dora@example.com")
    response = client.post(f"/clubs/tuesday/players/{dora.id}/", {"name": "Dora Diaz", "email": "nope"})
    assert response.status_code == 400
    dora.refresh_from_db()
    assert (dora.name, dora.email) == ("Dora", "dora@example.com")


def test_deactivate_and_reactivate(client, organiser, tuesday):
    dora = player(tuesday, "Dora")
    client.post(f"/clubs/tuesday/players/{dora.id}/active/", {"active": "0"})
    dora.refresh_from_db()
    assert not dora.active
    page = client.get("/clubs/tuesday/players/").content.decode()
    assert "Not active" in page and "Reactivate" in page
    assert "Dora" not in client.get("/clubs/tuesday/").content.decode()  # the club page lists active players
    client.post(f"/clubs/tuesday/players/{dora.id}/active/", {"active": "1"})
    dora.refresh_from_db()
    assert dora.active


def test_a_player_of_another_club_is_not_found(client, organiser):
    stranger = player(club("friday", "Friday"), "Stan")
    assert client.get(f"/clubs/tuesday/players/{stranger.id}/").status_code == 404
    assert client.post(f"/clubs/tuesday/players/{stranger.id}/active/", {"active": "0"}).status_code == 404
    stranger.refresh_from_db()
    assert stranger.active


# "This is me"


def test_a_member_says_this_is_me_and_takes_it_back(client, tuesday):
    vic = member(tuesday, "vic", Role.VIEWER)
    client.force_login(vic)
    dora = player(tuesday, "Dora")
    client.post(f"/clubs/tuesday/players/{dora.id}/me/", {"me": "1"})
    dora.refresh_from_db()
    assert dora.user == vic
    assert "Not me" in client.get("/clubs/tuesday/players/").content.decode()
    client.post(f"/clubs/tuesday/players/{dora.id}/me/", {"me": "0"})
    dora.refresh_from_db()
    assert dora.user is None


def test_this_is_me_moves_from_another_player(client, tuesday):
    vic = member(tuesday, "vic")
    client.force_login(vic)
    dora, dee = player(tuesday, "Dora", user=vic), player(tuesday, "Dee")
    client.post(f"/clubs/tuesday/players/{dee.id}/me/", {"me": "1"})
    dora.refresh_from_db()
    dee.refresh_from_db()
    assert (dora.user, dee.user) == (None, vic)


def test_nobody_takes_a_player_linked_to_someone_else(client, tuesday):
    sam = member(tuesday, "sam")
    dora = player(tuesday, "Dora", user=sam)
    client.force_login(member(tuesday, "vic"))
    response = client.post(f"/clubs/tuesday/players/{dora.id}/me/", {"me": "1"}, follow=True)
    assert "already linked to another member" in response.content.decode()
    response = client.post(f"/clubs/tuesday/players/{dora.id}/me/", {"me": "0"}, follow=True)
    assert "is not linked to you" in response.content.decode()
    dora.refresh_from_db()
    assert dora.user == sam


def test_a_removed_member_loses_the_link_and_the_player_stays(client, organiser, tuesday):
    vic = member(tuesday, "vic")
    dora = player(tuesday, "Dora", user=vic)
    membership = vic.memberships.get()
    client.post(f"/clubs/tuesday/members/{membership.id}/remove/")
    dora.refresh_from_db()
    assert dora.user is None


# Merging


def test_merge_asks_first_then_merges(client, organiser, tuesday):
    dora, dee = player(tuesday, "Dora"), player(tuesday, "Dee", email="dee@example.com", phone="555")
    page = client.get(f"/clubs/tuesday/players/{dora.id}/merge/?other={dee.id}").content.decode()
    assert "Merge Dee into Dora" in page
    assert Player.objects.count() == 2
    response = client.post(f"/clubs/tuesday/players/{dora.id}/merge/", {"other": dee.id, "confirm": ""})
    assert response["Location"] == "/clubs/tuesday/players/"
    dora.refresh_from_db()
    assert list(Player.objects.all()) == [dora]
    assert (dora.email, dora.phone) == ("dee@example.com", "555")  # blanks filled from the merged entry


def test_merge_moves_the_account_link(organiser, tuesday):
    vic = member(tuesday, "vic")
    dora, dee = player(tuesday, "Dora"), player(tuesday, "Dee", user=vic)
    services.player_merge(keep=dora, merge=dee)
    dora.refresh_from_db()
    assert dora.user == vic


def test_merge_refuses_two_accounts(organiser, tuesday):
    dora = player(tuesday, "Dora", user=member(tuesday, "vic"))
    dee = player(tuesday, "Dee", user=member(tuesday, "sam"))
    with pytest.raises(services.LeagueError, match="two different members"):
        services.player_merge(keep=dora, merge=dee)
    assert Player.objects.count() == 2


def test_merge_refuses_players_of_different_clubs(client, organiser, tuesday):
    dora = player(tuesday, "Dora")
    stranger = player(club("friday", "Friday"), "Stan")
    with pytest.raises(services.LeagueError, match="same club"):
        services.player_merge(keep=dora, merge=stranger)
    # and through the page, a player of another club is not a choice at all
    response = client.post(f"/clubs/tuesday/players/{dora.id}/merge/", {"other": stranger.id, "confirm": ""})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert Player.objects.count() == 2


def test_a_player_cannot_be_merged_into_itself(organiser, tuesday):
    dora = player(tuesday, "Dora")
    with pytest.raises(services.LeagueError):
        services.player_merge(keep=dora, merge=dora)


@pytest.fixture
def later_model(transactional_db):
    """A model added after the roster (as seats and results will be), pointing at Player."""

    class LaterSeat(models.Model):
        player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
        table = models.PositiveSmallIntegerField()

        class Meta:
            app_label = "league"

        def __str__(self) -> str:
            return f"table {self.table}"

    with connection.schema_editor() as editor:
        editor.create_model(LaterSeat)
    yield LaterSeat
    with connection.schema_editor() as editor:
        editor.delete_model(LaterSeat)
    del apps.all_models["league"]["laterseat"]
    apps.clear_cache()


@pytest.mark.django_db(transaction=True)
def test_merge_moves_rows_of_models_it_does_not_name(later_model):
    tuesday = club()
    dora, dee = player(tuesday, "Dora"), player(tuesday, "Dee")
    later_model.objects.create(player=dora, table=1)
    later_model.objects.create(player=dee, table=2)
    later_model.objects.create(player=dee, table=3)
    services.player_merge(keep=dora, merge=dee)
    assert sorted(later_model.objects.values_list("player_id", "table")) == [(dora.id, 1), (dora.id, 2), (dora.id, 3)]
    assert not Player.objects.filter(pk=dee.pk).exists()
