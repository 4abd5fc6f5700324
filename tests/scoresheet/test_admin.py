"""The admin only looks: a game's snapshot, its rounds' values and the presets cannot be changed
or deleted there (they change through the services, which keep totals and pages in step)."""

import pytest
from django.contrib.auth.models import User

from scoresheet.games import services
from scoresheet.models import Game, Round, TeamRound, Variant
from scoresheet.scoring.engine import Entry

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    client.force_login(User.objects.create_superuser("root", "root@example.com", "a long enough password"))
    return client


@pytest.fixture
def game():
    variant = Variant.objects.get(slug="hand-and-foot")
    game = services.game_create(
        variant=variant, mode="teams", teams=[services.TeamData("Us"), services.TeamData("Them")]
    )
    entries = [
        Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True),
        Entry(books={"clean": 1}),
    ]
    services.round_record(game=game, number=1, entries=entries)
    return game


def test_a_game_its_rounds_and_the_presets_can_be_looked_at(staff, game):
    preset = Variant.objects.get(slug="hand-and-foot")
    for url in (
        f"/admin/scoresheet/game/{game.pk}/change/",
        f"/admin/scoresheet/round/{Round.objects.get(game=game).pk}/change/",
        f"/admin/scoresheet/variant/{preset.pk}/change/",
    ):
        page = staff.get(url)
        assert page.status_code == 200
        assert 'name="_save"' not in page.content.decode()  # no Save button: a view, not a form


def test_nothing_is_changed_or_deleted_through_the_admin(staff, game):
    preset = Variant.objects.get(slug="hand-and-foot")
    document = dict(preset.document)
    snapshot = dict(game.rules_document)
    totals = list(TeamRound.objects.order_by("pk").values_list("total", flat=True))
    changed = dict(document, name="Edited")
    assert staff.post(f"/admin/scoresheet/variant/{preset.pk}/change/", {"document": str(changed)}).status_code == 403
    assert staff.post(f"/admin/scoresheet/game/{game.pk}/change/", {"name": "x"}).status_code == 403
    assert staff.post(f"/admin/scoresheet/game/{game.pk}/delete/", {"post": "yes"}).status_code == 403
    round_ = Round.objects.get(game=game)
    assert staff.post(f"/admin/scoresheet/round/{round_.pk}/delete/", {"post": "yes"}).status_code == 403
    preset.refresh_from_db()
    game.refresh_from_db()
    assert preset.document == document and game.rules_document == snapshot
    assert list(TeamRound.objects.order_by("pk").values_list("total", flat=True)) == totals
    assert Game.objects.filter(pk=game.pk).exists()
