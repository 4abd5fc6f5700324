"""A club's house-rules pages: copy, edit every kind of value, bad input, who may do what."""

import html
import re

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from league.models import Club, Membership, Role
from scoresheet.games import services
from scoresheet.models import Variant
from scoresheet.rules.house_rules import initial_values
from scoresheet.rules.loading import load_rules
from tests.preset_samples import representative_and_drawn_presets
from tests.scoresheet.house_rules_data import form_data

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


# --- the rules fields of issue 11: each has its boxes -------------------------------------------


def new_fields(document: dict) -> dict:
    """The parts of a document that the issue-11 boxes write, as they are in the document."""
    return {
        "positive_with_books": document["red_threes"].get("positive_with_books"),
        "melded_against_without_books": document.get("melded_against_without_books"),
        "books_to_win": document["game_end"].get("books_to_win"),
        "special hands": {e["key"]: e.get("replaces_round_score") for e in document.get("extras", [])},
        "going_out_by_players": document.get("going_out_by_players"),
    }


# The four presets that hold every kind of rule, and a few drawn from the others (all of them over
# the CI runs): tests/preset_samples.py. test_the_page_sent_back_untouched_saves_the_same_rules
# above sends four presets back on every run too.
@representative_and_drawn_presets
def test_every_preset_copied_and_sent_back_untouched_gives_the_same_rules(organiser, club, slug):
    with transaction.atomic():  # each preset's copy is made in a club without the last one's
        preset_copied_and_sent_back_untouched_gives_the_same_rules(organiser, club, slug)
        transaction.set_rollback(True)


def preset_copied_and_sent_back_untouched_gives_the_same_rules(organiser, club, slug):
    house = services.house_rules_copy(club=club, source=Variant.objects.get(slug=slug))
    before = house.document
    data = as_the_browser_sends(organiser.get(edit_url(club, house)).content.decode())
    response = organiser.post(edit_url(club, house), data)
    assert response.status_code == 302, re.findall(r'field-error" role="alert">([^<]*)', response.content.decode())
    house.refresh_from_db()
    assert load_rules(house.document) == load_rules(before)  # every value, the notes and sources too
    assert new_fields(house.document) == new_fields(before)  # a field the preset leaves out stays out


def copy_of(club, slug):
    return services.house_rules_copy(club=club, source=Variant.objects.get(slug=slug), name="Ours")


def saved(organiser, club, house, changes: dict) -> dict:
    """Send the edit page with ``changes``; it must save. The saved document."""
    data = {**form_data(house.document), **changes}
    data = {k: v for k, v in data.items() if v is not None}  # None: the box is not sent (a tick left off)
    response = organiser.post(edit_url(club, house), data)
    assert response.status_code == 302, re.findall(r'field-error" role="alert">([^<]*)', response.content.decode())
    house.refresh_from_db()
    return house.document


def rules_card_page(organiser, club, house) -> str:
    return html.unescape(organiser.get(f"/clubs/{club.slug}/rules/{house.slug}/").content.decode())


def refused(organiser, club, house, changes: dict) -> str:
    """Send the edit page with ``changes``; it must be refused with nothing saved. The page."""
    before = house.document
    data = {**form_data(house.document), **changes}
    data = {k: v for k, v in data.items() if v is not None}
    response = organiser.post(edit_url(club, house), data)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert "Nothing was saved" in page
    house.refresh_from_db()
    assert house.document == before
    return page


def message_next_to(page: str, box: str) -> str:
    """The text of a box's own block: its input, its hint and its problem."""
    start = page.index(f'id="{box}"')
    return page[start : page.index("</div>", start)]


def test_red_threes_that_count_only_with_enough_books_are_set_shown_and_cleared(organiser, club):
    house = copy_of(club, "canasta")
    # 3 canastas for the red threes to count, fewer: against the side; Classic's "against a team
    # that has not melded" goes (the two cannot be on together)
    document = saved(
        organiser,
        club,
        house,
        {"red_positive_with_books": "3", "red_below": "against", "red_negative_when_not_melded": None},
    )
    assert document["red_threes"]["positive_with_books"] == {"books": 3, "otherwise": "against"}
    assert not document["red_threes"].get("negative_when_not_melded")  # false, as the tick always writes
    rules = load_rules(document)
    assert (rules.red_threes.positive_with_books, rules.red_threes.below) == (3, "against")
    page = rules_card_page(organiser, club, house)
    assert "Red threes of a side with fewer than 3 canastas" in page and "count against the side" in page
    # fewer than 3: nothing instead
    document = saved(organiser, club, house, {"red_below": "nothing"})
    assert document["red_threes"]["positive_with_books"] == {"books": 3, "otherwise": "nothing"}
    assert "count nothing" in rules_card_page(organiser, club, house)
    # the box emptied: red threes count whatever the books, whatever the choice below it says
    document = saved(organiser, club, house, {"red_positive_with_books": "", "red_below": "against"})
    assert "positive_with_books" not in document["red_threes"]
    assert "fewer than 3" not in rules_card_page(organiser, club, house)


def test_bolivian_red_threes_rule_comes_off_when_its_box_is_emptied(organiser, club):
    house = copy_of(club, "bolivian-canasta")
    # the page shows Bolivian's reading: 2 canastas, fewer count against the side
    shown = as_the_browser_sends(organiser.get(edit_url(club, house)).content.decode())
    assert (shown["red_positive_with_books"], shown["red_below"]) == ("2", "against")
    document = saved(organiser, club, house, {"red_positive_with_books": ""})
    assert "positive_with_books" not in document["red_threes"]
    assert load_rules(document).red_threes.positive_with_books is None


@pytest.mark.parametrize(
    "changes, box, message",
    [
        ({"red_positive_with_books": "-2"}, "id_red_positive_with_books", "must be a whole number of 0 or more"),
        ({"red_positive_with_books": "0"}, "id_red_positive_with_books", "must be between 1 and 20 books"),
        ({"red_positive_with_books": "two"}, "id_red_positive_with_books", "Enter a whole number"),
        # red threes that cannot be laid cannot need books to count
        ({"red_positive_with_books": "2", "red_laid_value": ""}, "id_red_positive_with_books", "can be laid"),
        # Classic's tick left on beside it
        ({"red_positive_with_books": "2"}, "id_red_negative_when_not_melded", "Leave it unticked"),
    ],
)
def test_a_bad_number_of_books_for_red_threes_is_refused_next_to_its_box(organiser, club, changes, box, message):
    house = copy_of(club, "canasta")
    page = refused(organiser, club, house, changes)
    assert message in message_next_to(page, box)


def test_melded_cards_against_a_side_with_no_book_are_ticked_shown_and_unticked(organiser, club):
    house = copy_of(club, "hand-and-foot")
    document = saved(organiser, club, house, {"melded_against_without_books": "on"})
    assert document["melded_against_without_books"] is True
    assert load_rules(document).melded_against_without_books
    assert "Cards on the table of a side with no book" in rules_card_page(organiser, club, house)
    document = saved(organiser, club, house, {"melded_against_without_books": None})  # the tick taken off
    assert "melded_against_without_books" not in document
    assert "Cards on the table of a side with no book" not in rules_card_page(organiser, club, house)


def test_american_melded_cards_rule_comes_off_when_unticked_and_nonsense_is_refused(organiser, club):
    house = copy_of(club, "canasta-modern-american")
    page = refused(organiser, club, house, {"melded_against_without_books": "maybe"})
    assert "Tick the box or leave it empty" in message_next_to(page, "id_melded_against_without_books")
    document = saved(organiser, club, house, {"melded_against_without_books": None})
    assert "melded_against_without_books" not in document
    assert not load_rules(document).melded_against_without_books


def test_books_that_win_the_game_at_once_are_set_shown_and_cleared(organiser, club):
    house = copy_of(club, "hand-and-foot")
    # 7 books in one round: 5,000 on top and the game is won
    document = saved(organiser, club, house, {"books_to_win": "7", "books_to_win_bonus": "5000"})
    assert document["game_end"] == {"rounds": 4, "books_to_win": {"books": 7, "bonus": 5000}}
    page = rules_card_page(organiser, club, house)
    assert "7 books in one round: +5,000 and the game is won" in page
    # no bonus: the win alone
    document = saved(organiser, club, house, {"books_to_win_bonus": ""})
    assert document["game_end"]["books_to_win"] == {"books": 7}
    assert "7 books in one round: the game is won" in rules_card_page(organiser, club, house)
    # the books emptied: no such win (a bonus left in its box goes with it)
    document = saved(organiser, club, house, {"books_to_win": "", "books_to_win_bonus": "5000"})
    assert document["game_end"] == {"rounds": 4}
    assert "the game is won" not in rules_card_page(organiser, club, house)


def test_the_seven_canastas_of_3_red_4_black_are_off_in_the_preset_and_a_club_turns_them_on(organiser, club):
    # PRODUCT.md, More presets: the preset has the seven-canasta win off; a club turns it on in house rules
    house = copy_of(club, "hand-and-foot-3-red-4-black")
    values, _ = initial_values(house.document)
    assert (values["books_to_win"], values["books_to_win_bonus"]) == (None, None)
    document = saved(organiser, club, house, {"books_to_win": "7", "books_to_win_bonus": "5000"})
    assert document["game_end"] == {"rounds": 4, "books_to_win": {"books": 7, "bonus": 5000}}
    assert load_rules(document).game_end.books_to_win.books == 7
    assert "7 canastas in one round: +5,000 and the game is won" in rules_card_page(organiser, club, house)
    document = saved(organiser, club, house, {"books_to_win": ""})
    assert "books_to_win" not in document["game_end"]
    assert load_rules(document).game_end.books_to_win is None


@pytest.mark.parametrize(
    "changes, box, message",
    [
        ({"books_to_win": "-7"}, "id_books_to_win", "must be a whole number of 0 or more"),
        ({"books_to_win": "0"}, "id_books_to_win", "must be between 1 and 50 books"),
        ({"books_to_win": "seven"}, "id_books_to_win", "Enter a whole number"),
        ({"books_to_win": "7", "books_to_win_bonus": "lots"}, "id_books_to_win_bonus", "Enter a whole number"),
    ],
)
def test_a_bad_number_of_books_to_win_is_refused_next_to_its_box(organiser, club, house, changes, box, message):
    page = refused(organiser, club, house, changes)
    assert message in message_next_to(page, box)


def test_a_special_hand_is_set_shown_and_made_an_ordinary_extra_again(organiser, club):
    house = copy_of(club, "canasta")
    # a new extra row: the straight scores 3,000 for the side that shows it; the others' box left
    # empty: they score 0
    document = saved(
        organiser,
        club,
        house,
        {"extras-TOTAL_FORMS": "1", "extras-0-label": "Straight", "extras-0-replaces_caller": "3000"},
    )
    assert document["extras"] == [
        {"key": "straight", "label": "Straight", "replaces_round_score": {"caller": 3000, "others": 0}, "note": ""}
    ]
    straight = load_rules(document).extra("straight")
    assert (straight.replaces_round_score.caller, straight.replaces_round_score.others) == (3000, 0)
    assert straight.max_per_round == 1
    page = rules_card_page(organiser, club, house)
    assert "Special hands" in page and "3,000; the others 0" in page
    # both boxes emptied and points typed: an ordinary extra of 100 points
    document = saved(
        organiser,
        club,
        house,
        {"extras-0-replaces_caller": "", "extras-0-replaces_others": "", "extras-0-amount": "100"},
    )
    assert "replaces_round_score" not in document["extras"][0] and document["extras"][0]["amount"] == 100
    assert load_rules(document).special_hands == ()
    assert "Special hands" not in rules_card_page(organiser, club, house)


def test_british_acaba_shows_in_its_boxes_and_its_scores_can_change(organiser, club):
    house = copy_of(club, "british-canasta")
    _, lists = initial_values(house.document)
    assert (lists["extras"][0]["replaces_caller"], lists["extras"][0]["replaces_others"]) == (0, 1500)
    # Acaba: the caller still scores 0, every other side 2,000 instead of 1,500
    document = saved(organiser, club, house, {"extras-0-replaces_others": "2000"})
    assert document["extras"][0]["replaces_round_score"] == {"caller": 0, "others": 2000}
    assert "amount" not in document["extras"][0] and "max_per_round" not in document["extras"][0]
    assert "0; the others 2,000" in rules_card_page(organiser, club, house)


@pytest.mark.parametrize(
    "changes, box, message",
    [
        ({"extras-0-amount": "50"}, "id_extras-0-amount", "Leave it empty for a special hand"),
        ({"extras-0-max_per_round": "2"}, "id_extras-0-max_per_round", "must be 1 for a special hand"),
        ({"extras-0-replaces_others": "lots"}, "id_extras-0-replaces_others", "Enter a whole number"),
        ({"extras-0-replaces_caller": "200000"}, "id_extras-0-replaces_caller", "between -100,000 and 100,000"),
    ],
)
def test_a_bad_special_hand_is_refused_next_to_its_box(organiser, club, changes, box, message):
    house = copy_of(club, "british-canasta")  # its one extra is Acaba: caller 0, others 1,500
    page = refused(organiser, club, house, changes)
    assert message in message_next_to(page, box)


def test_going_out_at_some_tables_is_set_shown_and_cleared(organiser, club):
    house = copy_of(club, "hand-and-foot")
    # at 4 players in teams: 3 clean and 1 dirty book (named by label, in any case, or by key)
    # and 1 more of any kind; playing on their own: 1 clean book
    document = saved(
        organiser,
        club,
        house,
        {
            "tables-TOTAL_FORMS": "2",
            "tables-0-players": "4",
            "tables-0-partners": "yes",
            "tables-0-books": "clean book: 3, dirty: 1",
            "tables-0-any_books": "1",
            "tables-1-partners": "no",
            "tables-1-books": "Clean book: 1",
        },
    )
    assert document["going_out_by_players"] == [
        {"players": [4], "partners": True, "books": {"clean": 3, "dirty": 1}, "any_books": 1},
        {"partners": False, "books": {"clean": 1}},
    ]
    rules = load_rules(document)
    assert rules.going_out_books(1, players=4, partners=True) == ({"clean": 3, "dirty": 1}, 1)
    assert rules.going_out_books(1, players=3, partners=False) == ({"clean": 1}, 0)
    page = rules_card_page(organiser, club, house)
    assert "Going out needs: 4 players in teams" in page and "Going out needs: without partners" in page
    assert "Going out needs: at other tables" in page
    # the page shows the rows with the book kinds' names
    _, lists = initial_values(document)
    assert lists["tables"][0] == {
        "players": "4",
        "partners": "yes",
        "books": "Clean book: 3, Dirty book: 1",
        "any_books": 1,
    }
    # both rows removed: the book kinds' own needs everywhere again
    document = saved(organiser, club, house, {"tables-0-DELETE": "on", "tables-1-DELETE": "on"})
    assert "going_out_by_players" not in document
    assert "Going out needs: at other tables" not in rules_card_page(organiser, club, house)


def test_3_red_4_black_tables_come_off_when_removed(organiser, club):
    house = copy_of(club, "hand-and-foot-3-red-4-black")
    _, lists = initial_values(house.document)
    assert [row["books"] for row in lists["tables"]] == [
        "Red canasta: 3, Black canasta: 4",
        "Red canasta: 1, Black canasta: 2",
    ]
    document = saved(organiser, club, house, {"tables-0-DELETE": "on", "tables-1-DELETE": "on"})
    assert "going_out_by_players" not in document
    assert load_rules(document).going_out_by_players == ()


@pytest.mark.parametrize(
    "row, box, message",
    [
        # a book kind the variant does not have
        (
            {"tables-0-partners": "yes", "tables-0-books": "Purple book: 1"},
            "id_tables-0-books",
            "“Purple book” is not one of the book kinds: write one of Clean book, Dirty book, Wild book",
        ),
        (
            {"tables-0-partners": "yes", "tables-0-books": "Clean book: one"},
            "id_tables-0-books",
            "Write each book kind and its number",
        ),
        (
            {"tables-0-partners": "yes", "tables-0-books": "Clean book: -1"},
            "id_tables-0-books",
            "Write each book kind and its number",
        ),
        ({"tables-0-players": "4, six"}, "id_tables-0-players", "Write whole numbers separated by commas"),
        ({"tables-0-players": "9"}, "id_tables-0-players", "must be between 2 and 8"),
        (
            {"tables-0-partners": "no", "tables-0-any_books": "-1"},
            "id_tables-0-any_books",
            "must be a whole number of 0 or more",
        ),
        ({"tables-0-partners": "maybe"}, "id_tables-0-partners", "Select a valid choice"),
        # which tables? neither players nor partners
        ({"tables-0-any_books": "3"}, "id_tables-0-players", "Say which tables"),
    ],
)
def test_a_bad_going_out_row_is_refused_next_to_its_box(organiser, club, house, row, box, message):
    page = refused(organiser, club, house, {"tables-TOTAL_FORMS": "1", **row})
    assert message in message_next_to(page, box)


@pytest.mark.parametrize(
    "box, text",
    [
        ("team_counts", "2, " + "9" * 5000),  # more digits than Python reads as a number
        ("decks_by_players", "4: " + "9" * 5000),
        ("tables-0-players", "9" * 5000),
    ],
)
def test_a_number_far_too_long_in_a_list_box_is_refused_not_a_server_error(organiser, club, house, box, text):
    changes = {box: text, "decks_by": "by_players", "tables-TOTAL_FORMS": "1", "tables-0-partners": "yes"}
    page = refused(organiser, club, house, changes)
    assert "Write " in message_next_to(page, f"id_{box}")
