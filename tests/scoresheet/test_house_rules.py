"""House variants: copied from a preset into a club, offered to that club only, never rewriting a game."""

import copy
import re
from pathlib import Path

import pytest
from django.conf import settings

from league.models import Club
from scoresheet.games import selectors, services
from scoresheet.games.forms import GameStartForm
from scoresheet.models import Variant
from scoresheet.rules.house_rules import HouseRulesEditor, RulesForm, initial_values
from scoresheet.rules.house_rules_table import BOXES, LISTS
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset_document
from tests.scoresheet.house_rules_data import form_data

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(slug="tuesday", name="Tuesday Club")


def test_a_copy_belongs_to_the_club_and_keeps_the_presets_document(club):
    preset = Variant.objects.get(slug="hand-and-foot")
    house = services.house_rules_copy(club=club, source=preset, name="Our Hand and Foot")
    assert (house.club, house.based_on, house.is_preset) == (club, preset, False)
    assert house.slug == "tuesday-our-hand-and-foot"
    assert house.document["slug"] == house.slug and house.document["name"] == "Our Hand and Foot"
    for key in ("sources", "notes", "not_stated", "book_kinds", "meld_schedule"):
        assert house.document[key] == preset.document[key]
    assert load_rules(house.document).name == "Our Hand and Foot"
    assert Variant.objects.get(slug="hand-and-foot").document == preset.document  # the preset is untouched


def test_copying_twice_gives_two_slugs(club):
    preset = Variant.objects.get(slug="canasta")
    first = services.house_rules_copy(club=club, source=preset)
    second = services.house_rules_copy(club=club, source=preset)
    assert first.slug == "tuesday-canasta-classic-tuesday-club"
    assert second.slug == first.slug + "-2"


def test_a_house_variant_can_be_copied_in_its_club_only(club):
    house = services.house_rules_copy(club=club, source=Variant.objects.get(slug="canasta"))
    again = services.house_rules_copy(club=club, source=house, name="Canasta to 7500")
    assert again.based_on == house
    other = Club.objects.create(slug="friday", name="Friday")
    with pytest.raises(ValueError):
        services.house_rules_copy(club=other, source=house)


def test_a_club_picks_from_the_presets_and_its_own_house_rules(club):
    other = Club.objects.create(slug="friday", name="Friday")
    ours = services.house_rules_copy(club=club, source=Variant.objects.get(slug="hand-and-foot"))
    theirs = services.house_rules_copy(club=other, source=Variant.objects.get(slug="hand-and-foot"))
    offered = selectors.variants_for_club(club)
    assert ours in offered and theirs not in offered
    assert offered[: len(selectors.variants_list())] == selectors.variants_list()
    form = GameStartForm(variants=offered)
    slugs = [v.slug for v in form.fields["variant"].queryset]
    assert slugs[-1] == ours.slug and theirs.slug not in slugs


def test_the_casual_start_form_lists_no_club_s_house_rules(client, club):
    house = services.house_rules_copy(club=club, source=Variant.objects.get(slug="hand-and-foot"))
    assert house not in GameStartForm().fields["variant"].queryset
    response = client.get("/games/new/")
    assert house.name not in response.content.decode()
    data = {"variant": house.pk, "mode": "teams", "team_count": 2}
    response = client.post("/games/new/", data)
    assert response.status_code == 400
    assert "Choose one of the variants listed." in response.content.decode()
    # nor the public rules pages
    assert client.get(f"/variants/{house.slug}/").status_code == 404
    assert house.name not in client.get("/variants/").content.decode()
    assert house.name not in client.get("/print/").content.decode()


def game_page(client, game):
    """The game's page without its CSRF token (a new one each time)."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", client.get(f"/g/{game.token}/").content.decode())


def test_editing_a_house_variant_never_changes_a_game_already_played(client, club):
    from scoresheet.scoring.engine import Entry

    house = services.house_rules_copy(club=club, source=Variant.objects.get(slug="hand-and-foot"))
    game = services.game_create(
        variant=house, mode="teams", teams=[services.TeamData("Ann", ""), services.TeamData("Bob", "")]
    )
    services.round_record(
        game=game, number=1, entries=[Entry(books={"clean": 1}, melded_points=100), Entry(melded_points=50)]
    )
    before = game_page(client, game)
    document = copy.deepcopy(house.document)
    document["book_kinds"][0]["bonus"] = 900
    services.house_rules_save(variant=house, document=document)
    game.refresh_from_db()
    assert game.rules.book_kind("clean").bonus == 500
    assert game_page(client, game) == before
    assert not re.search(r"(?<![\w-])900(?![\w-])", before)  # as a number: a token may hold the digits
    # a correction of round 1 still scores with the game's rules: 500 for the clean book
    services.round_record(
        game=game, number=1, entries=[Entry(books={"clean": 1}, melded_points=105), Entry(melded_points=50)]
    )
    assert game.teams.first().entries.get().total == 605


def test_presets_are_read_only(club):
    preset = Variant.objects.get(slug="hand-and-foot")
    with pytest.raises(ValueError):
        services.house_rules_save(variant=preset, document=preset.document)


@pytest.mark.parametrize("slug", PRESET_SLUGS)
def test_every_preset_through_the_editor_untouched_gives_the_same_rules_and_new_fields(slug):
    document = preset_document(slug)
    editor = HouseRulesEditor(document, form_data(document))
    assert editor.is_valid(), (editor.top_errors, editor.form.errors)
    assert load_rules(editor.document) == load_rules(document)
    # the issue-11 fields: written back as they were, and left out where the preset leaves them out
    for part in ("red_threes", "game_end"):
        for key in ("positive_with_books", "books_to_win"):
            assert editor.document[part].get(key) == document[part].get(key), (part, key)
    for key in ("melded_against_without_books", "going_out_by_players"):
        assert editor.document.get(key) == document.get(key), key
    specials = [(e["key"], e.get("replaces_round_score"), "amount" in e) for e in editor.document["extras"]]
    assert specials == [(e["key"], e.get("replaces_round_score"), "amount" in e) for e in document["extras"]]


def test_a_book_kind_renamed_in_the_same_form_is_still_found_by_its_old_name():
    document = preset_document("hand-and-foot-3-red-4-black")
    # "Red canasta" becomes "Ruby canasta"; the tables' rows still say "Red canasta: 3" and "Red canasta: 1"
    editor = HouseRulesEditor(document, form_data(document, **{"kinds-0-label": "Ruby canasta"}))
    assert editor.is_valid(), (editor.top_errors, editor.form.errors)
    assert editor.document["going_out_by_players"] == document["going_out_by_players"]
    assert initial_values(editor.document)[1]["tables"][0]["books"] == "Ruby canasta: 3, Black canasta: 4"


def test_a_book_kind_whose_label_would_not_read_back_is_written_by_its_key():
    document = preset_document("hand-and-foot-3-red-4-black")
    document["book_kinds"][0]["label"] = "Red canasta, natural"  # a comma: the box would read two kinds
    document["book_kinds"][1]["label"] = "red CANASTA"  # and the second is no longer the same as it
    _, lists = initial_values(document)
    assert lists["tables"][0]["books"] == "clean: 3, red CANASTA: 4"
    editor = HouseRulesEditor(document, form_data(document))
    assert editor.is_valid(), (editor.top_errors, editor.form.errors)
    assert editor.document["going_out_by_players"] == document["going_out_by_players"]


def test_every_box_of_the_rules_form_comes_from_the_table_of_rules_fields_and_is_on_the_page():
    names = [box.name for box in BOXES]
    assert len(names) == len(set(names))
    assert sorted(RulesForm().fields) == sorted(names)
    page = (Path(settings.BASE_DIR) / "templates" / "house_rules" / "edit.html").read_text()
    assert [name for name in names if f"field=form.{name} " not in page] == []
    assert [prefix for prefix in LISTS if f'prefix="{prefix}"' not in page] == []
