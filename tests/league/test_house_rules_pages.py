"""A club's house-rules pages: copy, edit every kind of value, bad input, who may do what."""

import html
import re

import pytest
from django.contrib.auth.models import User

from league.models import Club, Membership, Role
from scoresheet import services
from scoresheet.house_rules import initial_values
from scoresheet.models import Variant
from scoresheet.rules import load_rules

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(slug="tuesday", name="Tuesday Club")


def member(club, name, role):
    user = User.objects.create_user(name, password="a long enough password")
    Membership.objects.create(club=club, user=user, role=role)
    return user


@pytest.fixture
def organiser(client, club):
    client.force_login(member(club, "olga", Role.ORGANISER))
    return client


@pytest.fixture
def house(club):
    return services.house_rules_copy(club=club, source=Variant.objects.get(slug="hand-and-foot"), name="Our H&F")


def form_data(document) -> dict:
    """What the edit page sends back unchanged: every box as the page fills it in."""
    values, lists = initial_values(document)
    data = {k: ("" if v is None else ("on" if v is True else v)) for k, v in values.items() if v is not False}
    for prefix, rows in lists.items():
        data[f"{prefix}-TOTAL_FORMS"] = len(rows)
        data[f"{prefix}-INITIAL_FORMS"] = len(rows)
        for i, row in enumerate(rows):
            for key, value in row.items():
                data[f"{prefix}-{i}-{key}"] = "" if value is None else value
    return data


def as_the_browser_sends(page: str) -> dict:
    """The form of an edit page as a browser sends it untouched: the blank rows, selects and ticks too."""
    data = {}
    for tag in re.findall(r"<input[^>]*>", page):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]+)"', tag)
        if not name or (kind and kind[1] in ("radio", "checkbox") and "checked" not in tag):
            continue
        if kind and kind[1] == "submit":
            continue
        default = "on" if kind and kind[1] == "checkbox" else ""  # what a browser sends for a valueless tick
        data[name[1]] = html.unescape(value[1]) if value else default
    for name, options in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', options) or re.search(
            r'<option value="([^"]*)"', options
        )
        data[name] = chosen[1]
    for name, text in re.findall(r'<textarea name="([^"]+)"[^>]*>(.*?)</textarea>', page, re.S):
        data[name] = html.unescape(text).removeprefix("\n")
    return data


def edit_url(club, variant):
    return f"/clubs/{club.slug}/rules/{variant.slug}/edit/"


def test_the_organiser_copies_a_preset_and_lands_on_its_editor(organiser, club):
    response = organiser.post(f"/clubs/{club.slug}/rules/copy/", {"source": "canasta", "name": "Canasta to 7500"})
    variant = Variant.objects.get(club=club)
    assert response.status_code == 302 and response["Location"] == edit_url(club, variant)
    assert variant.name == "Canasta to 7500" and variant.based_on.slug == "canasta"
    page = organiser.get(edit_url(club, variant)).content.decode()
    assert 'value="Canasta to 7500"' in page and "Natural canasta" in page


def test_sending_the_form_unchanged_keeps_the_rules(organiser, club, house):
    before = load_rules(house.document)
    response = organiser.post(edit_url(club, house), form_data(house.document))
    assert response.status_code == 302, response.content.decode()[:3000]
    house.refresh_from_db()
    after = load_rules(house.document)
    for key in ("card_values", "red_threes", "book_kinds", "extras", "meld_schedule", "game_end", "setup"):
        assert getattr(after, key) == getattr(before, key), key
    assert house.document["sources"] == Variant.objects.get(slug="hand-and-foot").document["sources"]


@pytest.mark.parametrize("slug", ["hand-and-foot", "canasta", "hand-knee-and-foot", "hand-and-foot-canasta"])
def test_the_page_sent_back_untouched_saves_the_same_rules(organiser, club, slug):
    house = services.house_rules_copy(club=club, source=Variant.objects.get(slug=slug))
    before = load_rules(house.document)
    data = as_the_browser_sends(organiser.get(edit_url(club, house)).content.decode())
    response = organiser.post(edit_url(club, house), data)
    assert response.status_code == 302, re.findall(r'field-error" role="alert">([^<]*)', response.content.decode())
    house.refresh_from_db()
    after = load_rules(house.document)
    for key in ("card_values", "red_threes", "book_kinds", "extras", "meld_schedule", "game_end", "setup"):
        assert getattr(after, key) == getattr(before, key), key
    assert (after.summary, after.player_notes) == (before.summary, before.player_notes)


def test_every_kind_of_value_round_trips_and_shows_on_the_rules_card(organiser, club, house):
    data = form_data(house.document)
    data.update(
        {
            "name": "Tuesday Hand and Foot",
            "kinds-0-bonus": "700",  # clean book
            "kinds-1-DELETE": "on",  # no dirty books
            "kinds-3-label": "Sevens book",  # a new kind
            "kinds-3-bonus": "2000",
            "kinds-3-cards": "natural",
            "kinds-TOTAL_FORMS": "4",
            "red_laid_value": "",  # red threes cannot be laid
            "red_held_penalty": "300",
            "black_held_penalty": "10",
            "card_jokers": "60",
            "going_out_bonus": "250",
            "concealed_bonus": "100",
            "extras-0-DELETE": "on",
            "extras-1-label": "Exact draw",
            "extras-1-amount": "-50",
            "extras-1-max_per_round": "2",
            "extras-TOTAL_FORMS": "2",
            "meld_basis": "score",
            "meldband-0-low": "",
            "meldband-0-high": "3000",
            "meldband-0-requirement": "50",
            "meldband-1-low": "3000",
            "meldband-1-high": "",
            "meldband-1-requirement": "a clean book",
            "meldband-TOTAL_FORMS": "2",
            "end_by": "score",
            "target_score": "10000",
            "team_counts": "2, 3, 4",
            "decks_by": "fixed",
            "decks_fixed": "5",
        }
    )
    response = organiser.post(edit_url(club, house), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    house.refresh_from_db()
    rules = load_rules(house.document)
    assert rules.name == "Tuesday Hand and Foot" and house.name == rules.name
    assert [(k.key, k.bonus) for k in rules.book_kinds] == [("clean", 700), ("wild", 1500), ("sevens_book", 2000)]
    assert (rules.red_threes.laid_value, rules.red_threes.held_penalty) == (None, 300)
    assert (rules.black_three_penalty, rules.card_values["jokers"]) == (10, 60)
    assert (rules.going_out_bonus, rules.concealed_bonus) == (250, 100)
    assert [(e.key, e.amount, e.max_per_round) for e in rules.extras] == [("exact_draw", -50, 2)]
    assert [(b.low, b.high, b.requirement) for b in rules.meld_schedule.bands] == [
        (None, 3000, 50),
        (3000, None, "a clean book"),
    ]
    assert (rules.game_end.target_score, rules.game_end.rounds) == (10000, None)
    assert (rules.setup.team_counts, rules.setup.decks_fixed) == ((2, 3, 4), 5)
    page = organiser.get(f"/clubs/{club.slug}/rules/{house.slug}/").content.decode()
    assert "Differs from Hand and Foot" in page
    assert "was 500 in Hand and Foot" in page  # the clean book's row
    assert "First to 10,000 points" in page and "Exact draw" in page


def test_several_bad_fields_are_each_named_next_to_their_box_and_nothing_is_saved(organiser, club, house):
    before = house.document
    data = form_data(house.document)
    data.update(
        {
            "name": " ",
            "kinds-3-label": "Clean",  # a new kind: its key cannot be "clean" again
            "kinds-3-bonus": "abc",
            "kinds-TOTAL_FORMS": "4",
            "going_out_bonus": "",
            "meld_basis": "score",
            "meldband-0-low": "0",
            "meldband-0-high": "",
            "meldband-0-requirement": "50",
            "meldband-TOTAL_FORMS": "1",
            "end_by": "rounds",
            "rounds": "99",
            "team_counts": "2, three",
        }
    )
    response = organiser.post(edit_url(club, house), data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was saved" in page
    for box, message in [
        ("id_name", "must not be empty"),
        ("id_kinds-3-bonus", "Enter a whole number"),
        ("id_going_out_bonus", "is required"),
        ("id_meldband-0-low", "must be null so that every score has a band"),
        ("id_rounds", "must be between 1 and 50"),
        ("id_team_counts", "Write whole numbers separated by commas"),
    ]:
        start = page.index(f'id="{box}"')
        end = page.index("</div>", start)
        assert message in page[start:end], (box, message)
    house.refresh_from_db()
    assert house.document == before


def test_add_a_row_shows_one_more_row_and_saves_nothing(organiser, club, house):
    data = {**form_data(house.document), "more": "extras", "going_out_bonus": "999"}
    response = organiser.post(edit_url(club, house), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="extras-1-label"' in page and "Nothing was saved" not in page  # one row sent, two shown
    house.refresh_from_db()
    assert house.document["going_out_bonus"] == 100


@pytest.mark.parametrize("who", ["scorekeeper", "viewer", "other club", "anonymous"])
def test_only_the_clubs_organisers_edit(client, club, house, who):
    if who == "other club":
        client.force_login(member(Club.objects.create(slug="friday", name="Friday"), "fred", Role.ORGANISER))
    elif who != "anonymous":
        client.force_login(member(club, who, who))
    assert client.get(edit_url(club, house)).status_code == 404
    assert client.post(edit_url(club, house), form_data(house.document)).status_code == 404
    assert client.post(f"/clubs/{club.slug}/rules/copy/", {"source": "canasta"}).status_code == 404
    can_read = who in ("scorekeeper", "viewer")
    assert client.get(f"/clubs/{club.slug}/rules/{house.slug}/").status_code == (200 if can_read else 404)
    assert client.get(f"/clubs/{club.slug}/rules/").status_code == (200 if can_read else 404)
    house.refresh_from_db()
    assert Variant.objects.filter(club=club).count() == 1


def test_presets_have_no_edit_page(organiser, club):
    assert organiser.get(f"/clubs/{club.slug}/rules/hand-and-foot/edit/").status_code == 404
    assert organiser.get(f"/clubs/{club.slug}/rules/hand-and-foot/").status_code == 404


def test_another_clubs_house_rules_cannot_be_copied_or_edited(organiser, club):
    friday = Club.objects.create(slug="friday", name="Friday")
    theirs = services.house_rules_copy(club=friday, source=Variant.objects.get(slug="canasta"))
    assert organiser.get(edit_url(club, theirs)).status_code == 404
    organiser.post(f"/clubs/{club.slug}/rules/copy/", {"source": theirs.slug})
    assert not Variant.objects.filter(club=club).exists()
