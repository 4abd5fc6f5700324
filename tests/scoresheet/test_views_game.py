"""The score sheet's pages, driven through the test client with literal URLs.

Every test checks what the page says *and* what the database holds. Expected numbers are
worked out by hand; each comment names its source line. `002 L57` = shared/seeds/002_…,
line 57, as quoted in shared/rules/VARIANTS.md (HF-1 … CN-1); `C-09` is a conflict in
VARIANTS.md §3.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scoresheet.models import Game, Round, Team, TeamRound, Variant
from scoresheet.rules.preset_rules import PRESET_SLUGS
from scoresheet.scoring import engine as scoring

pytestmark = pytest.mark.django_db

PRESET_NAMES = {
    "hand-and-foot": "Hand and Foot",
    "hand-and-foot-6-deck": "Hand and Foot, six decks",
    "hand-and-foot-canasta": "Hand and Foot Canasta (8-card canastas)",
    "hand-and-foot-11-card": "Hand and Foot, 11 cards (red threes against)",
    "hand-and-foot-individual": "Hand and Foot, no partners",
    "hand-knee-and-foot": "Hand Knee and Foot",
    "hand-knee-and-foot-by-round": "Hand Knee and Foot (Triple Play), meld by round",
    "canasta": "Canasta (classic)",
}


@pytest.fixture(autouse=True)
def _presets(presets):
    """Every test here needs the eight preset variants."""


# --- helpers ---------------------------------------------------------------------------------


def vpk(slug: str) -> int:
    return Variant.objects.get(slug=slug).pk


def page_text(response) -> str:
    """The page as a reader sees the characters (entities such as &amp; decoded)."""
    return html.unescape(response.content.decode())


def raw(response) -> str:
    return response.content.decode()


def start_data(slug="hand-and-foot", *, mode="teams", team_count=2, **names) -> dict:
    data = {"variant": vpk(slug), "mode": mode, "team_count": team_count, "name": ""}
    for i in range(1, 5):
        data[f"team_{i}"] = ""
        data[f"players_{i}"] = ""
    data.update(names)
    return data


def start_game(client, slug="hand-and-foot", **kwargs) -> Game:
    before = set(Game.objects.values_list("pk", flat=True))
    response = client.post("/games/new/", start_data(slug, **kwargs))
    assert response.status_code == 302, page_text(response)[:3000]
    (new_pk,) = set(Game.objects.values_list("pk", flat=True)) - before
    game = Game.objects.get(pk=new_pk)
    assert response["Location"] == f"/g/{game.token}/"  # a casual game's only address: its play token
    return game


def round_data(*teams: dict, went_out="none", version="new") -> dict:
    """POST data for a round: one dict of field → value per team, prefixed t0, t1 …"""
    data = {"went_out": str(went_out), "version": version}
    for i, fields in enumerate(teams):
        for name, value in fields.items():
            data[f"t{i}-{name}"] = value
    return data


def counts(game: Game | None = None) -> tuple[int, int]:
    rounds = Round.objects.all()
    entries = TeamRound.objects.all()
    if game is not None:
        rounds, entries = rounds.filter(game=game), entries.filter(round__game=game)
    return rounds.count(), entries.count()


def totals(game: Game, number: int) -> list[int]:
    return list(
        TeamRound.objects.filter(round__game=game, round__number=number)
        .order_by("team__position")
        .values_list("total", flat=True)
    )


def input_tag(content: str, name: str) -> str:
    match = re.search(rf'<input[^>]*\bname="{re.escape(name)}"[^>]*>', content)
    assert match, f"no input named {name}"
    return match.group(0)


def input_value(content: str, name: str) -> str | None:
    match = re.search(r'\bvalue="([^"]*)"', input_tag(content, name))
    return html.unescape(match.group(1)) if match else None


def form_field_names(content: str, prefix: str = "t0-") -> set[str]:
    return {name[len(prefix) :] for name in re.findall(rf'\bname="({re.escape(prefix)}[^"]+)"', content)}


def version_of(content: str) -> str:
    return input_value(content, "version")


def section(content: str, start: str, end: str | None = None) -> str:
    """The part of the page between two markers (to tell 'In progress' from 'Finished')."""
    head = content.index(start)
    tail = content.index(end, head) if end else len(content)
    return content[head:tail]


# Hand and Foot (HF-1, seed 002), the PRODUCT.md example round:
#   Us:   clean 2 × 500 + dirty 2 × 300 + wild 1 × 1500 (002 L57–59) = 3100
#         + 1 red three laid × 100 (002 L61) + 1045 melded + going out 100 (002 L60)
#         = 3100 + 100 + 1045 + 100 = 4345
#   Them: clean 500 + dirty 300 + 610 melded − 1 red three held × 100 (002 L55)
#         − 2 black threes × 5 (002 L113) − 185 left in hand = 800 + 610 − 100 − 10 − 185 = 1115
US_R1 = {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "red_threes": "1", "melded_points": "1045"}
THEM_R1 = {
    "book_clean": "1",
    "book_dirty": "1",
    "red_threes_held": "1",
    "black_threes_held": "2",
    "melded_points": "610",
    "hand_points": "185",
}
# Round 2: Us clean 500 + dirty 300 + 400 melded − 60 in hand = 1140 (running 4345 + 1140 = 5485)
#          Them 2 × 500 + 2 × 300 + 1500 + 900 melded + 100 going out = 4100 (running 1115 + 4100 = 5215)
US_R2 = {"book_clean": "1", "book_dirty": "1", "melded_points": "400", "hand_points": "60"}
THEM_R2 = {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "melded_points": "900"}
# Round 3: Us 2 × 500 + 2 × 300 + 1500 + 800 melded + 100 going out = 4000 (running 9485)
#          Them 500 + 300 melded − 120 in hand = 680 (running 5895)
US_R3 = {"book_clean": "2", "book_dirty": "2", "book_wild": "1", "melded_points": "800"}
THEM_R3 = {"book_clean": "1", "melded_points": "300", "hand_points": "120"}
# Round 4, nobody went out (the pile ran out, 002 L134: no going-out bonus):
#          Us 500 + 350 melded − 40 in hand = 810 (running 9485 + 810 = 10295)
#          Them dirty 300 + 200 melded − 75 in hand = 425 (running 5895 + 425 = 6320)
US_R4 = {"book_clean": "1", "melded_points": "350", "hand_points": "40"}
THEM_R4 = {"book_dirty": "1", "melded_points": "200", "hand_points": "75"}

FOUR_ROUNDS = [
    round_data(US_R1, THEM_R1, went_out=0),
    round_data(US_R2, THEM_R2, went_out=1),
    round_data(US_R3, THEM_R3, went_out=0),
    round_data(US_R4, THEM_R4, went_out="none"),
]


def play(client, game: Game, rounds) -> None:
    for number, data in enumerate(rounds, start=1):
        response = client.post(f"/g/{game.token}/rounds/{number}/", data)
        assert response.status_code == 302, page_text(response)[:3000]
        assert response["Location"] == f"/g/{game.token}/"


# --- home ------------------------------------------------------------------------------------


def test_home_lists_games_in_progress_and_finished_separately_with_team_totals(client):
    empty = client.get("/")
    assert empty.status_code == 200
    assert "<title>Bookkeeper</title>" in raw(empty)
    assert "No games on this device yet: start one above" in page_text(empty)

    running = start_game(client, team_1="Ann & Bob", team_2="Cléo & Søren")
    play(client, running, FOUR_ROUNDS[:1])  # 4345 and 1115 (see US_R1 / THEM_R1)
    done = start_game(client, team_1="North", team_2="South")
    play(client, done, [round_data(THEM_R1, US_R1, went_out=1)])  # North 1115, South 4345
    assert client.post(f"/g/{done.token}/finish/").status_code == 302

    response = client.get("/")
    assert response.status_code == 200
    text = page_text(response)
    in_progress = section(text, '<h3 class="game-group">In progress</h3>', '<h3 class="game-group">Finished</h3>')
    finished = section(text, '<h3 class="game-group">Finished</h3>')
    assert "Ann & Bob vs Cléo & Søren" in in_progress
    assert re.search(r"Ann & Bob <b[^>]*>4,345</b>", in_progress)
    assert re.search(r"Cléo & Søren <b[^>]*>1,115</b>", in_progress)
    assert "North" not in in_progress
    assert "North vs South" in finished
    assert re.search(r"North <b[^>]*>1,115</b>", finished)
    assert re.search(r"South <b[^>]*>4,345</b>", finished)
    assert "Ann & Bob" not in finished
    assert f'href="/g/{running.token}/"' in in_progress
    assert f'href="/g/{done.token}/"' in finished
    done.refresh_from_db()
    running.refresh_from_db()
    assert done.status == Game.Status.FINISHED and running.status == Game.Status.IN_PROGRESS


def test_home_shows_zero_for_a_game_without_rounds(client):
    start_game(client, team_1="Ann", team_2="Bob")
    text = page_text(client.get("/"))
    assert re.search(r"Ann <b[^>]*>0</b>", text) and re.search(r"Bob <b[^>]*>0</b>", text)


# --- variants --------------------------------------------------------------------------------


def test_variants_page_lists_every_preset(client):
    response = client.get("/variants/")
    assert response.status_code == 200
    content = raw(response)
    assert content.count('class="variant-item"') == len(PRESET_SLUGS)
    text = page_text(response)
    for slug, name in PRESET_NAMES.items():
        assert f'href="/variants/{slug}/"' in content
        assert f'<span class="variant-name">{name}</span>' in text


def test_hand_knee_and_foot_rules_card_shows_book_values_and_meld_bands(client):
    response = client.get("/variants/hand-knee-and-foot/")
    assert response.status_code == 200
    text = page_text(response)
    assert "<h1>Hand Knee and Foot</h1>" in text
    # "CANASTA OF 7'S……5,000 POINTS EA / CANASTA OF 5'S……3,000 / WILD CARDS……2,500" (004 L87–95)
    for label, value in (
        ("Sevens books", "5,000"),
        ("Fives books", "3,000"),
        ("Wild books", "2,500"),
        ("Clean books", "500"),
        ("Dirty books", "300"),
    ):
        assert re.search(rf'<th scope="row">{label}</th>\s*<td[^>]*>{value}<small>', text), label
    # "UP TO 15,000……50 / 15,000 TO 30,000……90 / 30,000 TO 50,000……120 / OVER 50,000……150"
    # (004 L59–67), bands lower-bound inclusive (C-09)
    assert "Opening meld by the team's score before the round" in text
    for label, value in (
        ("Below 15,000", "50 points"),
        ("15,000 to 29,995", "90 points"),
        ("30,000 to 49,995", "120 points"),
        ("50,000 and up", "150 points"),
    ):
        assert re.search(rf'<th scope="row">{label}</th>\s*<td[^>]*>{value}</td>', text), label
    assert 'href="/games/new/?variant=hand-knee-and-foot"' in raw(response)


def test_an_unknown_variant_is_404(client):
    response = client.get("/variants/nope/")
    assert response.status_code == 404
    assert "Not found" in page_text(response)


# --- starting a game -------------------------------------------------------------------------


def test_new_game_form_preselects_the_variant_from_the_link(client):
    response = client.get("/games/new/?variant=canasta")
    assert response.status_code == 200
    assert re.search(rf'<input[^>]*value="{vpk("canasta")}"[^>]*checked', raw(response))


def test_starting_a_game_creates_it_with_a_copy_of_the_rules_and_its_teams(client):
    response = client.post(
        "/games/new/",
        start_data(
            "hand-knee-and-foot",
            team_1="Ann & Bob",
            players_1="Ann, Bob",
            team_2="Cléo",
            players_2="Cléo, Dee",
            name="Tuesday at Ann's",
        ),
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.token}/"
    variant = Variant.objects.get(slug="hand-knee-and-foot")
    assert game.variant == variant
    assert game.rules_document == variant.document
    assert game.mode == Game.Mode.TEAMS and game.status == Game.Status.IN_PROGRESS and game.finished_at is None
    assert game.name == "Tuesday at Ann's"
    assert [(t.position, t.name, t.players) for t in game.teams.order_by("position")] == [
        (0, "Ann & Bob", "Ann, Bob"),
        (1, "Cléo", "Cléo, Dee"),
    ]

    page = client.get(f"/g/{game.token}/")
    assert page.status_code == 200
    text = page_text(page)
    assert "<h1>Tuesday at Ann's</h1>" in text
    assert "Hand Knee and Foot" in text
    assert "No rounds yet." in text
    assert f'href="/g/{game.token}/rounds/1/?new"' in raw(page)  # "Enter round 1", a new round


def test_blank_team_names_become_us_and_them_and_name_the_game(client):
    response = client.post("/games/new/", start_data("hand-and-foot"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert [t.name for t in game.teams.order_by("position")] == ["Us", "Them"]
    assert game.name == "Us vs Them"
    assert "<h1>Us vs Them</h1>" in page_text(client.get(f"/g/{game.token}/"))


def test_blank_player_names_become_player_1_and_2_for_individuals(client):
    response = client.post("/games/new/", start_data("hand-and-foot-individual", mode="individuals"))
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.mode == Game.Mode.INDIVIDUALS
    assert [t.name for t in game.teams.order_by("position")] == ["Player 1", "Player 2"]
    assert game.name == "Player 1 vs Player 2"


def test_three_teams_get_a_third_default_name(client):
    response = client.post("/games/new/", start_data("hand-and-foot", team_count=3, team_1="Ann"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert [t.name for t in game.teams.order_by("position")] == ["Ann", "Them", "Team 3"]
    assert game.name == "Ann vs Them vs Team 3"


BAD_STARTS = [
    # (id, slug, overrides, field whose error is shown, message)
    ("unknown-variant", "hand-and-foot", {"variant": "99999"}, "variant", "Choose one of the variants listed."),
    ("five-teams", "hand-and-foot", {"team_count": "5"}, "team_count", "Choose 2 to 4."),
    ("one-team", "hand-and-foot", {"team_count": "1"}, "team_count", "Choose 2 to 4."),
    ("count-not-a-number", "hand-and-foot", {"team_count": "x"}, "team_count", "Choose 2 to 4."),
    # HF-2: "two teams of either 2 or 3 players each" (003 L11)
    (
        "six-deck-three-teams",
        "hand-and-foot-6-deck",
        {"team_count": "3"},
        "team_count",
        "Hand and Foot, six decks is played by 2 teams.",
    ),
    # HF-8: no partners (000 L759–793)
    (
        "individual-as-teams",
        "hand-and-foot-individual",
        {"mode": "teams"},
        "mode",
        "Hand and Foot, no partners is played by individual players only.",
    ),
    (
        "duplicate-names",
        "hand-and-foot",
        {"team_2": "ANN & bob"},
        "team_2",
        "“ANN & bob” is already the name of another team.",
    ),
    (
        "duplicate-of-a-default",
        "hand-and-foot",
        {"team_1": "", "team_2": "us"},
        "team_2",
        "“us” is already the name of another team.",
    ),
    (
        "name-500-chars",
        "hand-and-foot",
        {"team_2": "N" * 500},
        "team_2",
        "A name can be at most 60 characters (this one has 500).",
    ),
]


@pytest.mark.parametrize(
    "slug,overrides,field,message", [case[1:] for case in BAD_STARTS], ids=[case[0] for case in BAD_STARTS]
)
def test_bad_start_input_is_refused_next_to_its_field_and_creates_nothing(client, slug, overrides, field, message):
    data = start_data(
        slug, team_1="Ann & Bob", players_1="Ann, Bob", team_2="Cléo", players_2="Cléo, Dee", name="Tuesday at Ann's"
    )
    data.update(overrides)
    response = client.post("/games/new/", data)

    assert response.status_code == 400
    text = page_text(response)
    assert text.count(message) == 1
    content = raw(response)
    # the message sits in the field's own block (after its input or radios, before the next field)
    if field.startswith("team_"):
        block = section(content, f'name="{field}"', 'name="players_')
    elif field == "variant":
        block = section(content, "<legend>Rules</legend>", "</fieldset>")
    else:
        block = section(content, f'name="{field}"', 'name="team_1"')
    assert "field-error" in block and message in html.unescape(block)
    # nothing created
    assert Game.objects.count() == 0 and Team.objects.count() == 0
    # the rest of the form as typed
    for name, value in (
        ("team_1", data["team_1"]),
        ("players_1", "Ann, Bob"),
        ("players_2", "Cléo, Dee"),
        ("name", "Tuesday at Ann's"),
    ):
        assert input_value(content, name) == (value or None), name  # an empty input has no value=""
    if field != "team_2":
        assert input_value(content, "team_2") == data["team_2"]
    if field != "mode":
        assert re.search(r'<input[^>]*name="mode"[^>]*value="{}"[^>]*checked'.format(data["mode"]), content)


def test_a_500_character_name_is_kept_in_the_form_to_be_shortened(client):
    data = start_data("hand-and-foot", team_1="A" * 500)
    response = client.post("/games/new/", data)
    assert response.status_code == 400
    assert input_value(raw(response), "team_1") == "A" * 500
    assert Game.objects.count() == 0


def test_team_names_are_shown_as_text_not_markup(client):
    game = start_game(client, team_1="<b>Bold</b>", team_2="Tom & Jerry")
    assert [t.name for t in game.teams.order_by("position")] == ["<b>Bold</b>", "Tom & Jerry"]
    for url in ("/", f"/g/{game.token}/", f"/g/{game.token}/rounds/1/"):
        content = raw(client.get(url))
        assert "<b>Bold</b>" not in content, url
        assert "&lt;b&gt;Bold&lt;/b&gt;" in content, url


@pytest.fixture
def broken_variant():
    """A house-rules variant whose document does not load (services.game_create refuses to start it)."""
    return Variant.objects.create(
        slug="broken", name="Broken", family="hand-and-foot", document={"slug": "broken", "name": "Broken"}
    )


def test_a_broken_house_rules_variant_does_not_break_the_new_game_page(client, broken_variant):
    response = client.get("/games/new/")
    assert response.status_code == 200
    assert "Hand Knee and Foot" in page_text(response)


def test_starting_a_game_with_broken_house_rules_is_refused_not_a_server_error(client, broken_variant):
    response = client.post("/games/new/", start_data("broken"))
    assert response.status_code == 400
    assert Game.objects.count() == 0 and Team.objects.count() == 0


def test_the_rules_card_of_broken_house_rules_is_not_a_server_error(client, broken_variant):
    assert client.get("/variants/").status_code == 200
    assert client.get("/variants/broken/").status_code in (200, 404)


# --- the round form: fields -------------------------------------------------------------------


# The fields every variant has (TeamEntryForm): black threes held, card points or card counts
# (no black threes unless they can be melded), two adjustment rows.
COMMON_FIELDS = {
    "black_threes_held",
    "count_cards",
    "melded_points",
    "hand_points",
    "melded_jokers",
    "melded_twos",
    "melded_aces",
    "melded_eights_to_kings",
    "melded_fours_to_sevens",
    "hand_jokers",
    "hand_twos",
    "hand_aces",
    "hand_eights_to_kings",
    "hand_fours_to_sevens",
    "adjustment_1_label",
    "adjustment_1_points",
    "adjustment_2_label",
    "adjustment_2_points",
}
VARIANT_FIELDS = {
    # HF-1: clean/dirty/wild piles (002 L57–59), red threes laid +100 and held −100 (002 L55, L61),
    # optional perfect cut (000 L259–260)
    "hand-and-foot": {"book_clean", "book_dirty", "book_wild", "red_threes", "red_threes_held", "extra_perfect_cut"},
    # HF-3: "3s are used for discard ONLY" (001 L23): no red threes laid; held −100 (001 L83)
    "hand-and-foot-canasta": {"book_clean", "book_dirty", "red_threes_held"},
    # CN-1: red threes are laid at once (never held), black threes can be melded, concealed +100 (000 L398)
    "canasta": {"book_clean", "book_dirty", "red_threes", "melded_black_threes", "concealed"},
    # HKF-1: five book kinds (004 L87–95), red threes laid/held, knee penalty (004 L27)
    "hand-knee-and-foot": {
        "book_sevens",
        "book_fives",
        "book_wild",
        "book_clean",
        "book_dirty",
        "red_threes",
        "red_threes_held",
        "extra_knee_penalty",
    },
}


@pytest.mark.parametrize("slug", list(VARIANT_FIELDS))
def test_the_round_form_has_exactly_the_variants_fields(client, slug):
    game = start_game(client, slug)
    response = client.get(f"/g/{game.token}/rounds/1/")
    assert response.status_code == 200
    content = raw(response)
    expected = COMMON_FIELDS | VARIANT_FIELDS[slug]
    assert form_field_names(content, "t0-") == expected
    assert form_field_names(content, "t1-") == expected
    assert form_field_names(content, "t2-") == set()
    assert version_of(content) == "new"
    # every number input brings up the phone's number pad
    number_inputs = re.findall(r'<input[^>]*type="number"[^>]*>', content)
    assert len(number_inputs) == 2 * (len(expected) - 3 - ("concealed" in expected))  # minus checkbox, 2 labels
    # every count and points box opens the number keypad; adjustments keep a keyboard with a minus key
    assert all('inputmode="numeric"' in tag for tag in number_inputs if "adjustment_" not in tag)
    assert counts() == (0, 0)


def test_hand_and_foot_canasta_has_no_red_threes_laid_but_has_red_threes_held(client):
    game = start_game(client, "hand-and-foot-canasta")
    content = raw(client.get(f"/g/{game.token}/rounds/1/"))
    assert 'name="t0-red_threes"' not in content
    assert 'name="t0-red_threes_held"' in content
    assert "Red threes caught × −100" in page_text(client.get(f"/g/{game.token}/rounds/1/"))


def test_canasta_has_concealed_and_no_red_threes_held(client):
    game = start_game(client, "canasta")
    response = client.get(f"/g/{game.token}/rounds/1/")
    content = raw(response)
    assert 'name="t0-concealed"' in content and 'name="t1-concealed"' in content
    assert 'name="t0-red_threes_held"' not in content
    assert "Going out concealed +100" in page_text(response)  # "additional 100 points for going blind" (000 L398)


def test_hand_knee_and_foot_has_a_sevens_book_field_labelled_with_its_value(client):
    game = start_game(client, "hand-knee-and-foot")
    response = client.get(f"/g/{game.token}/rounds/1/")
    content = raw(response)
    tag = input_tag(content, "t0-book_sevens")
    assert 'inputmode="numeric"' in tag
    assert re.search(r'<label for="id_t0-book_sevens">Sevens books × 5,000</label>', page_text(response))


def test_books_threes_and_extras_have_one_tap_picks_up_to_4_or_their_limit(client):
    # HF-2: at most 2 exact cuts a round (003 L39–40); counted cards are typed, no picks.
    game = start_game(client, "hand-and-foot-6-deck")
    content = html.unescape(raw(client.get(f"/g/{game.token}/rounds/1/")))
    picks = {}
    for label, n in re.findall(
        r'<button type="button" class="pick" data-pick="\d+" tabindex="-1" '
        r'aria-label="([^"]*): (\d+)"',
        content,
    ):
        picks.setdefault(label, []).append(int(n))
    assert picks == {
        "Clean canastas × 500": [0, 1, 2, 3, 4] * 2,  # one row per team
        "Dirty canastas × 300": [0, 1, 2, 3, 4] * 2,
        "Joker canastas × 1,500": [0, 1, 2, 3, 4] * 2,
        "Red threes laid × 100": [0, 1, 2, 3, 4] * 2,
        "Red threes caught × −100": [0, 1, 2, 3, 4] * 2,
        "Black threes caught × −5": [0, 1, 2, 3, 4] * 2,
        "Exact cut × 100": [0, 1, 2] * 2,
    }


# --- the round form: saving -------------------------------------------------------------------


def test_saving_round_1_records_each_teams_total_and_shows_them_on_the_game_page(client):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/", round_data(US_R1, THEM_R1, went_out=0))
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.token}/"

    assert totals(game, 1) == [4345, 1115]  # see US_R1 / THEM_R1
    us, them = TeamRound.objects.filter(round__game=game).order_by("team__position")
    assert us.books == {"clean": 2, "dirty": 2, "wild": 1} and us.red_threes == 1 and us.melded_points == 1045
    assert us.went_out is True and them.went_out is False
    assert them.books == {"clean": 1, "dirty": 1}
    assert (them.red_threes_held, them.black_threes_held, them.hand_points) == (1, 2, 185)
    assert us.melded_cards is None and us.hand_cards is None
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS

    page = client.get(f"/g/{game.token}/")
    text = page_text(page)
    assert "Round 1 saved." in text
    assert re.search(r'<span class="round-score">4,345</span><span class="running">4,345</span>', text)
    assert re.search(r'<span class="round-score">1,115</span><span class="running">1,115</span>', text)
    # next round's opening meld: "Round 2 .......... 90 points" (002 L66–69)
    next_round = section(text, '<section class="scoreboard panel', "</section>")
    assert "Round 2" in next_round
    assert next_round.count('<span class="meld-value">90</span>') == 2
    assert "Enter round 2" in next_round
    # the breakdown says where the numbers come from
    assert "Wild books 1 × 1,500" in text and "Going out" in text


def test_the_second_round_adds_to_the_running_totals(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:2])
    assert totals(game, 1) == [4345, 1115] and totals(game, 2) == [1140, 4100]  # see US_R2 / THEM_R2
    text = page_text(client.get(f"/g/{game.token}/"))
    # running: 4345 + 1140 = 5485; 1115 + 4100 = 5215
    assert re.search(r'<span class="round-score">1,140</span><span class="running">5,485</span>', text)
    assert re.search(r'<span class="round-score">4,100</span><span class="running">5,215</span>', text)
    total_row = section(text, '<tr class="sheet-total">', "</tr>")
    assert ">5,485<" in total_row and ">5,215<" in total_row
    # round 3: 120 (002 L68)
    assert (
        section(text, '<section class="scoreboard panel', "</section>").count('<span class="meld-value">120</span>')
        == 2
    )


def test_the_opening_meld_follows_the_score_in_hand_knee_and_foot(client):
    game = start_game(client, "hand-knee-and-foot", team_1="Blue", team_2="Gold")
    # Blue: sevens 5000 + fives 3000 + 2 wild × 2500 + clean 500 + dirty 300 = 13,800 (004 L87–97)
    #       + 1,000 melded + going out 200 (004 L99) = 15,000
    # Gold: the same 13,800 + 1,195 melded = 14,995
    books = {"book_sevens": "1", "book_fives": "1", "book_wild": "2", "book_clean": "1", "book_dirty": "1"}
    play(client, game, [round_data({**books, "melded_points": "1000"}, {**books, "melded_points": "1195"}, went_out=0)])
    assert totals(game, 1) == [15000, 14995]
    text = page_text(client.get(f"/g/{game.token}/"))
    # "UP TO 15,000……50 / 15,000 TO 30,000……90" (004 L59–67); 15,000 is in the 90 band (C-09)
    next_round = section(text, '<section class="scoreboard panel', "</section>")
    # each team's total at the top of the page, and the opening meld its total calls for
    card = (
        r'<span class="standing-name">{}</span>\s*<span class="standing-total num">{}</span>'
        r'(?:(?!</li>).)*<span class="meld-value">{}</span>'
    )
    assert re.search(card.format("Blue", "15,000", "90"), next_round, re.S)
    assert re.search(card.format("Gold", "14,995", "50"), next_round, re.S)
    # the round 2 form shows the same requirement per team
    form = page_text(client.get(f"/g/{game.token}/rounds/2/"))
    assert form.count("Meld 90") == 1 and form.count("Meld 50") == 1


def test_count_cards_mode_computes_melded_and_hand_points_from_card_values(client):
    game = start_game(client)
    data = round_data(
        {
            "count_cards": "on",
            "melded_points": "500",  # ignored while counting cards
            "melded_jokers": "2",
            "melded_twos": "3",
            "melded_aces": "4",
            "melded_eights_to_kings": "10",
            "melded_fours_to_sevens": "7",
            "hand_aces": "1",
            "hand_fours_to_sevens": "3",
        },
        {"melded_points": "100"},
    )
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 302
    # Card values (002 L47–50): jokers 50, twos and aces 20, eight–king 10, four–seven 5.
    # Melded: 2 × 50 + 3 × 20 + 4 × 20 + 10 × 10 + 7 × 5 = 100 + 60 + 80 + 100 + 35 = 375
    # In hand: 1 ace × 20 + 3 × 5 = 35, counted against (002 L45). Nobody went out.
    # Us: 375 − 35 = 340. Them: 100 melded.
    assert totals(game, 1) == [340, 100]
    us = TeamRound.objects.get(round__game=game, team__position=0)
    assert us.melded_points == 0 and us.hand_points == 0
    assert us.melded_cards == {"jokers": 2, "twos": 3, "aces": 4, "eights_to_kings": 10, "fours_to_sevens": 7}
    assert us.hand_cards == {"jokers": 0, "twos": 0, "aces": 1, "eights_to_kings": 0, "fours_to_sevens": 3}
    text = page_text(client.get(f"/g/{game.token}/"))
    assert re.search(r'<span class="round-score">340</span>', text)
    assert re.search(r"Cards on the table</td><td[^>]*>375<", text)
    assert re.search(r"Cards left in hand and foot</td><td[^>]*>−35<", text)


def test_an_adjustment_with_a_label_is_added_to_the_total(client):
    game = start_game(client)
    data = round_data({**US_R1, "adjustment_1_label": "Misdeal", "adjustment_1_points": "-100"}, THEM_R1, went_out=0)
    assert client.post(f"/g/{game.token}/rounds/1/", data).status_code == 302
    assert totals(game, 1) == [4345 - 100, 1115]
    assert TeamRound.objects.get(round__game=game, team__position=0).adjustments == [
        {"label": "Misdeal", "points": -100}
    ]


def test_the_same_save_twice_is_one_save_and_not_a_conflict(client):
    # A double tap on Save, or Save pressed again after the answer was lost: both posts carry
    # the version the form was opened with ("new"); the second finds round 1 saved, as sent.
    game = start_game(client)
    data = round_data(US_R1, THEM_R1, went_out=0)
    first = client.post(f"/g/{game.token}/rounds/1/", data)
    second = client.post(f"/g/{game.token}/rounds/1/", data)
    assert first.status_code == second.status_code == 302
    assert second["Location"] == f"/g/{game.token}/"
    text = page_text(client.get(second["Location"]))
    assert "Round 1 saved." in text
    assert "someone else" not in text
    assert counts(game) == (1, 2)
    assert totals(game, 1) == [4345, 1115]


def test_the_same_correction_twice_is_one_save_and_leaves_the_round_as_corrected(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    version = version_of(raw(client.get(f"/g/{game.token}/rounds/1/")))
    data = round_data({**US_R1, "melded_points": "1545"}, THEM_R1, went_out=0, version=version)  # 4,845
    assert client.post(f"/g/{game.token}/rounds/1/", data).status_code == 302
    corrected = Round.objects.get(game=game, number=1).updated_at
    again = client.post(f"/g/{game.token}/rounds/1/", data)
    assert again.status_code == 302
    assert "someone else" not in page_text(client.get(again["Location"]))
    assert Round.objects.get(game=game, number=1).updated_at == corrected  # not written twice
    assert totals(game, 1) == [4845, 1115]


def test_a_save_sent_by_the_page_script_is_confirmed_so_it_can_forget_its_draft(client):
    # round_form.js saves with fetch and forgets what it kept of the typing only on this answer.
    game = start_game(client)
    response = client.post(
        f"/g/{game.token}/rounds/1/", round_data(US_R1, THEM_R1, went_out=0), headers={"X-Requested-With": "fetch"}
    )
    assert response.status_code == 200
    assert response.json() == {"saved": True, "url": f"/g/{game.token}/"}
    assert totals(game, 1) == [4345, 1115]
    assert "Round 1 saved." in page_text(client.get(f"/g/{game.token}/"))
    refused = client.post(
        f"/g/{game.token}/rounds/2/",
        round_data({**US_R2, "melded_points": "401"}, THEM_R2, went_out=1),
        headers={"X-Requested-With": "fetch"},
    )
    assert refused.status_code == 400  # the page with the reasons, as without the script
    assert "Round 2 was not saved." in page_text(refused)
    assert counts(game) == (1, 2)


def went_out_radios(content: str) -> dict[str, bool]:
    """Each "Who went out?" choice and whether it is checked."""
    return {
        html.unescape(value): "checked" in tag
        for tag, value in re.findall(r'(<input type="radio" name="went_out" value="([^"]*)"[^>]*>)', content)
    }


def test_a_new_round_has_nobody_chosen_for_the_scorekeeper(client):
    game = start_game(client)
    assert went_out_radios(raw(client.get(f"/g/{game.token}/rounds/1/"))) == {"0": False, "1": False, "none": False}


def test_a_correction_shows_who_went_out_as_saved(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS)  # round 4: nobody went out
    assert went_out_radios(raw(client.get(f"/g/{game.token}/rounds/2/"))) == {"0": False, "1": True, "none": False}
    assert went_out_radios(raw(client.get(f"/g/{game.token}/rounds/4/"))) == {"0": False, "1": False, "none": True}


def test_a_round_without_who_went_out_is_refused_and_keeps_what_was_typed(client):
    game = start_game(client)
    data = round_data(US_R1, THEM_R1)
    del data["went_out"]
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 400
    content = raw(response)
    went_out = section(content, '<fieldset class="panel went-out', "</fieldset>")
    assert "Choose who went out, or Nobody (the pile ran out)." in html.unescape(went_out)
    assert input_value(content, "t0-melded_points") == "1045"
    assert input_value(content, "t1-hand_points") == "185"
    assert counts() == (0, 0)


@pytest.mark.parametrize(
    "t0,t1",
    [
        ({}, {}),
        ({"book_clean": "0", "melded_points": "0", "hand_points": ""}, {"black_threes_held": "0"}),
        # counting cards, every count 0 (and points typed before the switch do not count)
        ({"count_cards": "on", "melded_jokers": "0", "melded_points": "300"}, {"count_cards": "on"}),
    ],
    ids=["nothing-sent", "all-zero", "counted-cards-all-zero"],
)
def test_a_round_with_nothing_entered_is_refused(client, t0, t1):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/", round_data(t0, t1, went_out="none"))
    assert response.status_code == 400
    assert "Nothing was entered for round 1" in page_text(response)
    assert counts() == (0, 0)


@pytest.mark.parametrize(
    "t0",
    [
        {"hand_points": "40"},
        {"adjustment_1_label": "Misdeal", "adjustment_1_points": "-100"},
        {"count_cards": "on", "hand_twos": "1"},
    ],
    ids=["one-number", "an-adjustment", "one-counted-card"],
)
def test_a_round_with_one_thing_entered_is_not_blank(client, t0):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/", round_data(t0, {}, went_out="none"))
    assert response.status_code == 302, page_text(response)[:3000]
    assert counts(game) == (1, 2)


# --- the round form: bad input ---------------------------------------------------------------


BAD_ROUNDS = [
    # (id, slug, data for t0, data for t1, went_out, message, typed values that must come back)
    (
        "negative-count",
        "hand-and-foot",
        {**US_R1, "book_clean": "-1"},
        THEM_R1,
        "0",
        "Cannot be negative.",
        {"t0-book_clean": "-1"},
    ),
    (
        "count-not-a-number",
        "hand-and-foot",
        {**US_R1, "book_dirty": "abc"},
        THEM_R1,
        "0",
        "Enter a whole number with the digits 0–9.",
        {"t0-book_dirty": "abc"},
    ),
    # every card value is a multiple of 5 (002 L47–51)
    (
        "points-not-a-multiple-of-5",
        "hand-and-foot",
        {**US_R1, "melded_points": "1047"},
        THEM_R1,
        "0",
        "Cards on the table must be a multiple of 5, as every card is (1047 is not).",
        {"t0-melded_points": "1047"},
    ),
    (
        "concealed-without-going-out",
        "canasta",
        {"book_clean": "1", "melded_points": "300", "concealed": "on"},
        {"melded_points": "120"},
        "none",
        "Going out concealed needs going out too.",
        {"t0-melded_points": "300"},
    ),
    # HF-1: one deck more than players (002 L153): 4 players → 5 decks → 10 red threes; 6 + 4 + 1 = 11
    (
        "more-red-threes-than-the-decks-hold",
        "hand-and-foot",
        {**US_R1, "red_threes": "6"},
        {**THEM_R1, "red_threes": "4", "red_threes_held": "1"},
        "0",
        "Round 1 has 11 red threes; the decks hold only 10.",
        {"t0-red_threes": "6", "t1-red_threes": "4"},
    ),
    (
        "went-out-not-a-team",
        "hand-and-foot",
        US_R1,
        THEM_R1,
        "7",
        "Choose who went out, or Nobody (the pile ran out).",
        {"t0-melded_points": "1045"},
    ),
    (
        "adjustment-without-label",
        "hand-and-foot",
        {**US_R1, "adjustment_1_points": "-100"},
        THEM_R1,
        "0",
        "Say what the adjustment is for.",
        {"t0-adjustment_1_points": "-100"},
    ),
    (
        "two-teams-cannot-both-be-chosen",
        "hand-and-foot",
        US_R1,
        THEM_R1,
        "0,1",
        "Choose who went out, or Nobody (the pile ran out).",
        {"t1-melded_points": "610"},
    ),
]


@pytest.mark.parametrize(
    "slug,t0,t1,went_out,message,kept", [case[1:] for case in BAD_ROUNDS], ids=[case[0] for case in BAD_ROUNDS]
)
def test_bad_round_input_is_refused_with_its_message_and_saves_nothing(client, slug, t0, t1, went_out, message, kept):
    game = start_game(client, slug)
    response = client.post(f"/g/{game.token}/rounds/1/", round_data(t0, t1, went_out=went_out))
    assert response.status_code == 400
    text = page_text(response)
    assert "Round 1 was not saved." in text
    assert message in text
    content = raw(response)
    for name, value in kept.items():
        assert input_value(content, name) == value, name
    if "concealed" in t0:
        assert "checked" in input_tag(content, "t0-concealed")
    assert counts() == (0, 0)
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


def test_an_extra_over_its_limit_is_refused_and_saves_nothing(client):
    # HF-2: up to 2 exact cuts a round, the hand's and the foot's (003 L39–40)
    game = start_game(client, "hand-and-foot-6-deck")
    response = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({"melded_points": "200", "extra_perfect_cut": "3"}, {"melded_points": "100"}),
    )
    assert response.status_code == 400
    content = raw(response)
    assert "Round 1 was not saved." in page_text(response)
    block = section(content, '<label for="id_t0-extra_perfect_cut">', '<div class="field')
    assert "field-error" in block
    assert input_value(content, "t0-extra_perfect_cut") == "3"
    assert counts() == (0, 0)


def test_an_extra_over_its_limit_says_what_the_limit_is(client):
    # "Exact cut × 100" allows at most 2 a round (003 L39–40); the page should say so rather than
    # call 3 cuts "more than any game holds".
    game = start_game(client, "hand-and-foot-6-deck")
    response = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({"melded_points": "200", "extra_perfect_cut": "3"}, {"melded_points": "100"}),
    )
    assert response.status_code == 400
    block = html.unescape(section(raw(response), '<label for="id_t0-extra_perfect_cut">', '<div class="field'))
    assert re.search(r"at most 2", block), block


def test_an_invalid_correction_leaves_the_saved_round_as_it_was(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    version = version_of(raw(client.get(f"/g/{game.token}/rounds/1/")))
    response = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({**US_R1, "melded_points": "1047"}, THEM_R1, went_out=0, version=version),
    )
    assert response.status_code == 400
    assert "Correct round 1" in page_text(response)
    assert counts(game) == (1, 2)
    assert totals(game, 1) == [4345, 1115]


# RoundForm.is_valid reads went_out with `raw.isdigit() and int(raw)`: "²".isdigit() is True but
# int("²") raises ValueError, and so does int() of a 5,000-digit string (Python's 4,300-digit limit).
UNREADABLE_WENT_OUT = pytest.mark.parametrize("went_out", ["²", "5" * 5000], ids=["superscript-two", "5000-digits"])


@UNREADABLE_WENT_OUT
def test_went_out_that_int_cannot_read_is_refused_not_a_server_error(client, went_out):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/", round_data(US_R1, THEM_R1, went_out=went_out))
    assert response.status_code == 400
    assert "Choose who went out, or Nobody (the pile ran out)." in page_text(response)
    assert counts() == (0, 0)


@UNREADABLE_WENT_OUT
def test_preview_with_went_out_that_int_cannot_read_is_not_a_server_error(client, went_out):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/preview/", round_data(US_R1, THEM_R1, went_out=went_out))
    assert response.status_code == 200
    assert response.json()["ok"] is False


# --- rounds that cannot be entered --------------------------------------------------------------


def test_the_last_round_finishes_the_game_and_no_fifth_round_is_offered(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS)
    assert counts(game) == (4, 8)
    assert [totals(game, n) for n in (1, 2, 3, 4)] == [[4345, 1115], [1140, 4100], [4000, 680], [810, 425]]
    response = client.get(f"/g/{game.token}/")
    text = page_text(response)
    # "A complete game consists of four deals." (002 L17): the fourth round's save finished the game
    assert "Finish the game" not in text and "Final totals" in text
    assert "Enter round 5" not in text
    assert f"/g/{game.token}/rounds/5/" not in raw(response)
    assert '<p class="winner-margin">won by 3,975</p>' in text  # 10,295 against 6,320: 10,295 − 6,320 = 3,975
    total_row = section(text, '<tr class="sheet-total">', "</tr>")
    assert ">10,295<" in total_row and ">6,320<" in total_row


def test_round_5_of_a_4_round_game_cannot_be_opened_or_saved(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS)

    response = client.get(f"/g/{game.token}/rounds/5/")
    assert response.status_code == 302 and response["Location"] == f"/g/{game.token}/"
    assert "no more rounds can be entered" in page_text(client.get(f"/g/{game.token}/"))

    response = client.post(f"/g/{game.token}/rounds/5/", round_data(US_R1, THEM_R1, went_out=0))
    assert response.status_code in (302, 404)
    if response.status_code == 302:
        assert response["Location"] == f"/g/{game.token}/"
    assert counts(game) == (4, 8)
    assert not Round.objects.filter(game=game, number=5).exists()


@pytest.mark.parametrize("number", [0, 3, 7])
def test_a_round_number_that_is_not_the_next_or_an_earlier_one_is_404(client, number):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    assert client.get(f"/g/{game.token}/rounds/{number}/").status_code == 404
    response = client.post(f"/g/{game.token}/rounds/{number}/", round_data(US_R2, THEM_R2, went_out=1))
    assert response.status_code == 404
    assert client.post(f"/g/{game.token}/rounds/{number}/preview/", round_data(US_R2, THEM_R2)).status_code == 404
    assert counts(game) == (1, 2)


def test_an_unknown_game_is_404(client):
    assert client.get("/games/99999/").status_code == 404
    assert client.get("/games/99999/rounds/1/").status_code == 404
    assert client.post("/games/99999/rounds/1/", round_data(US_R1, THEM_R1, went_out=0)).status_code == 404
    assert client.post("/games/99999/rounds/1/preview/", round_data(US_R1, THEM_R1)).status_code == 404
    assert client.post("/games/99999/finish/").status_code == 404
    assert client.post("/games/99999/reopen/").status_code == 404
    assert counts() == (0, 0)


# --- the live preview ----------------------------------------------------------------------------


def test_preview_returns_each_teams_breakdown_and_saves_nothing(client):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/preview/", round_data(US_R1, THEM_R1, went_out=0))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["ok"] is True
    assert len(body["teams"]) == 2
    us, them = (html.unescape(t) for t in body["teams"])
    assert re.search(r"Round total</th><td[^>]*>4,345<", us)  # see US_R1
    assert re.search(r"Round total</th><td[^>]*>1,115<", them)  # see THEM_R1
    assert "Red threes caught 1 × −100" in them
    assert counts() == (0, 0)


def test_preview_of_round_2_shows_the_game_total_after_it(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    body = client.post(f"/g/{game.token}/rounds/2/preview/", FOUR_ROUNDS[1]).json()
    us, them = (html.unescape(t) for t in body["teams"])
    # 4345 + 1140 = 5485; 1115 + 4100 = 5215
    assert re.search(r"Game total after this round</td><td[^>]*>5,485<", us)
    assert re.search(r"Game total after this round</td><td[^>]*>5,215<", them)
    assert counts(game) == (1, 2)


@pytest.mark.parametrize(
    "data,message",
    [
        (round_data({**US_R1, "book_clean": "abc"}, THEM_R1, went_out=0), "Enter a whole number with the digits 0–9."),
        (round_data({**US_R1, "melded_points": "1047"}, THEM_R1, went_out=0), "must be a multiple of 5"),
        (round_data(US_R1, THEM_R1, went_out="7"), "Choose who went out, or Nobody (the pile ran out)."),
        # 2 teams of hand-and-foot: 5 decks (002 L153), 10 red threes; 20 entered
        (round_data({**US_R1, "red_threes": "10"}, {"red_threes": "10"}), "the decks hold only 10"),
    ],
    ids=["not-a-number", "not-a-multiple-of-5", "went-out-not-a-team", "too-many-red-threes"],
)
def test_preview_of_invalid_input_says_not_ok_and_what_is_wrong(client, data, message):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/preview/", data)
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is False
    assert len(body["teams"]) == 2
    assert all("Not counted yet" in t or "Counted once the marked fields are fixed." in t for t in body["teams"])
    assert message in html.unescape(" ".join(body["teams"]) + body["warnings"])
    assert counts() == (0, 0)


def test_preview_before_who_went_out_is_chosen_counts_nobody_and_fills_the_bar(client):
    # The bar beside Save shows each team's round total and game total as typed; who went out
    # is chosen last by many scorekeepers, so the preview does not wait for it.
    game = start_game(client, team_1="Ann", team_2="Bob")
    play(client, game, FOUR_ROUNDS[:1])  # 4,345 and 1,115
    data = round_data(US_R2, {"book_clean": "1", "hand_points": "185"})  # 1,140; 500 − 185 = 315
    del data["went_out"]
    body = client.post(f"/g/{game.token}/rounds/2/preview/", data).json()
    assert body["ok"] is True
    bar = html.unescape(body["bar"])
    teams = re.findall(
        r'bar-name">([^<]*)<.*?bar-round[^>]*>([^<]*)<.*?bar-running[^>]*>([^<]*)<', bar, flags=re.DOTALL
    )
    assert teams == [("Ann", "1,140", "5,485"), ("Bob", "315", "1,430")]
    assert counts(game) == (1, 2)


def test_preview_only_answers_post(client):
    game = start_game(client)
    assert client.get(f"/g/{game.token}/rounds/1/preview/").status_code == 405


# --- editing a round ---------------------------------------------------------------------------


def test_editing_round_1_shows_the_saved_values(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    response = client.get(f"/g/{game.token}/rounds/1/")
    assert response.status_code == 200
    content = raw(response)
    assert "Correct round 1" in page_text(response)
    for name, value in (
        ("t0-book_clean", "2"),
        ("t0-book_dirty", "2"),
        ("t0-book_wild", "1"),
        ("t0-red_threes", "1"),
        ("t0-melded_points", "1045"),
        ("t0-hand_points", "0"),
        ("t1-book_clean", "1"),
        ("t1-red_threes_held", "1"),
        ("t1-black_threes_held", "2"),
        ("t1-melded_points", "610"),
        ("t1-hand_points", "185"),
    ):
        assert input_value(content, name) == value, name
    assert re.search(r'<input type="radio" name="went_out" value="0" checked>', content)
    assert not re.search(r'name="went_out" value="none" checked', content)
    round_1 = Round.objects.get(game=game, number=1)
    assert version_of(content) == round_1.updated_at.isoformat()


def test_editing_a_counted_round_shows_the_card_counts(client):
    game = start_game(client)
    data = round_data({"count_cards": "on", "melded_aces": "4", "hand_twos": "1"}, {"melded_points": "50"})
    assert client.post(f"/g/{game.token}/rounds/1/", data).status_code == 302
    assert totals(game, 1) == [4 * 20 - 20, 50]  # aces 4 × 20 melded − one two 20 in hand (002 L48)
    content = raw(client.get(f"/g/{game.token}/rounds/1/"))
    assert "checked" in input_tag(content, "t0-count_cards")
    assert input_value(content, "t0-melded_aces") == "4"
    assert input_value(content, "t0-hand_twos") == "1"


def test_a_correction_recomputes_the_totals_on_the_game_page(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:2])
    version = version_of(raw(client.get(f"/g/{game.token}/rounds/1/")))
    # Us melded 1045 → 1545: round 1 4345 + 500 = 4845; running after round 2 4845 + 1140 = 5985
    # and the going-out moves nowhere; Them unchanged (1115, then 5215)
    response = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({**US_R1, "melded_points": "1545"}, THEM_R1, went_out=0, version=version),
    )
    assert response.status_code == 302 and response["Location"] == f"/g/{game.token}/"
    assert totals(game, 1) == [4845, 1115]
    assert totals(game, 2) == [1140, 4100]
    assert counts(game) == (2, 4)
    assert TeamRound.objects.get(round__game=game, round__number=1, team__position=0).melded_points == 1545
    text = page_text(client.get(f"/g/{game.token}/"))
    assert re.search(r'<span class="round-score">4,845</span><span class="running">4,845</span>', text)
    assert re.search(r'<span class="round-score">1,140</span><span class="running">5,985</span>', text)
    total_row = section(text, '<tr class="sheet-total">', "</tr>")
    assert ">5,985<" in total_row and ">5,215<" in total_row


def test_a_correction_can_change_who_went_out(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    version = version_of(raw(client.get(f"/g/{game.token}/rounds/1/")))
    # Nobody out: Us loses the 100 going-out bonus (002 L134): 4345 − 100 = 4245
    response = client.post(f"/g/{game.token}/rounds/1/", round_data(US_R1, THEM_R1, went_out="none", version=version))
    assert response.status_code == 302
    assert totals(game, 1) == [4245, 1115]
    assert not TeamRound.objects.filter(round__game=game, went_out=True).exists()


def test_a_stale_correction_is_refused_and_the_first_save_stands(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    old_version = version_of(raw(client.get(f"/g/{game.token}/rounds/1/")))
    # Scorekeeper A corrects melded 1045 → 1545 (4845)
    first = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({**US_R1, "melded_points": "1545"}, THEM_R1, went_out=0, version=old_version),
    )
    assert first.status_code == 302
    round_1 = Round.objects.get(game=game, number=1)
    saved_version = round_1.updated_at.isoformat()
    assert saved_version != old_version
    # Scorekeeper B, whose form was opened before A's save, corrects melded 1045 → 1095
    second = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({**US_R1, "melded_points": "1095"}, THEM_R1, went_out=0, version=old_version),
    )
    assert second.status_code == 409
    text = page_text(second)
    assert "Someone else saved round 1 while you were typing" in text
    # Side by side: A's saved round (Us 4,845) and B's (Us 4,395 = 4,345 + 50); Them the same
    words = " ".join(re.sub(r"<[^>]+>", " ", text).split())
    assert "Us 4,845 4,395" in words and "Them 1,115 1,115" in words
    assert "Keep theirs" in text and "Save mine instead" in text
    content = raw(second)
    assert f'href="/g/{game.token}/" data-keep-theirs' in content
    assert input_value(content, "t0-melded_points") == "1095"  # B's values are kept to compare
    assert version_of(content) == saved_version  # saving again now replaces A's values on purpose
    round_1.refresh_from_db()
    assert round_1.updated_at.isoformat() == saved_version
    assert totals(game, 1) == [4845, 1115]
    assert counts(game) == (1, 2)
    # "Save mine instead": the same form sent again, with the version it came back with
    third = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({**US_R1, "melded_points": "1095"}, THEM_R1, went_out=0, version=saved_version),
    )
    assert third.status_code == 302
    assert totals(game, 1) == [4395, 1115]
    assert counts(game) == (1, 2)


def test_a_new_round_someone_else_already_added_is_not_replaced_and_the_game_page_says_so(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])  # saved with version "new"
    response = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({**US_R1, "melded_points": "1095"}, THEM_R1, went_out=0, version="new"),
    )
    assert response.status_code == 302 and response["Location"] == f"/g/{game.token}/"
    # what this form held: Us 4,345 + 50 more melded = 4,395; Them 1,115
    text = page_text(client.get(f"/g/{game.token}/"))
    assert "Round 1 was already entered at " in text
    assert "What you typed was not saved (Us 4,395, Them 1,115)" in text
    assert totals(game, 1) == [4345, 1115]


# --- finishing ---------------------------------------------------------------------------------


def test_finishing_a_game_shows_the_winner_and_reopening_brings_it_back(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS)
    response = client.post(f"/g/{game.token}/finish/")
    assert response.status_code == 302 and response["Location"] == f"/g/{game.token}/"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.finished_at is not None

    text = page_text(client.get(f"/g/{game.token}/"))
    assert "Game finished." in text
    assert re.search(r'winner-label">Winner</p>\s*<p class="winner-title">Us</p>', text)  # 10,295 vs 6,320
    assert '<p class="winner-margin">won by 3,975</p>' in text  # 10,295 − 6,320
    assert re.search(r'<span class="standing-name">Us</span>\s*<span class="standing-total num">10,295</span>', text)
    assert re.search(r'<span class="standing-name">Them</span>\s*<span class="standing-total num">6,320</span>', text)
    assert "Reopen the game" in text and "Finish the game" not in text

    response = client.post(f"/g/{game.token}/reopen/")
    assert response.status_code == 302 and response["Location"] == f"/g/{game.token}/"
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS and game.finished_at is None
    text = page_text(client.get(f"/g/{game.token}/"))
    assert "Game reopened" in text
    assert "Finish the game" in text and "winner-title" not in text


def test_finish_only_answers_post(client):
    game = start_game(client)
    assert client.get(f"/g/{game.token}/finish/").status_code == 405
    assert client.get(f"/g/{game.token}/reopen/").status_code == 405
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS and game.finished_at is None


def test_finishing_early_stops_new_rounds_but_keeps_corrections(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    text = page_text(client.get(f"/g/{game.token}/"))
    assert "Finish the game early" in text
    assert client.post(f"/g/{game.token}/finish/").status_code == 302
    text = page_text(client.get(f"/g/{game.token}/"))
    assert re.search(r'winner-title">Us</p>', text) and "Enter round 2" not in text  # 4,345 against 1,115
    # a new round is not offered, nor saved
    assert client.get(f"/g/{game.token}/rounds/2/").status_code == 302
    assert client.post(f"/g/{game.token}/rounds/2/", FOUR_ROUNDS[1]).status_code == 302
    assert counts(game) == (1, 2)
    # correcting round 1 still works, with a reason (the game is finished)
    version = version_of(raw(client.get(f"/g/{game.token}/rounds/1/")))
    data = round_data(US_R1, {**THEM_R1, "hand_points": "85"}, went_out=0, version=version)
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 400 and "Say why you correct this round" in page_text(response)
    response = client.post(f"/g/{game.token}/rounds/1/", {**data, "reason": "Them held 85, not 185"})
    assert response.status_code == 302
    assert totals(game, 1) == [4345, 1215]  # 100 fewer points left in hand: 1115 + 100
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_finishing_twice_keeps_the_first_finish_time(client):
    game = start_game(client)
    client.post(f"/g/{game.token}/finish/")
    game.refresh_from_db()
    first = game.finished_at
    client.post(f"/g/{game.token}/finish/")
    game.refresh_from_db()
    assert game.finished_at == first
    assert "Finished with no rounds" in page_text(client.get(f"/g/{game.token}/"))


def test_a_tie_names_both_teams(client):
    game = start_game(client)
    play(client, game, [round_data({"melded_points": "300"}, {"melded_points": "300"})])
    client.post(f"/g/{game.token}/finish/")
    # 300 each: equal totals
    text = page_text(client.get(f"/g/{game.token}/"))
    assert re.search(r'winner-label">A tie</p>\s*<p class="winner-title">Us and Them</p>', text)


# --- query counts -------------------------------------------------------------------------------


# The game, its teams, its rounds, their team entries (selectors.game_sheet), and the session
# (the play address notes the game as one of this device's: scoresheet.browser.device); its history: the
# game's, the rounds' and the entries' history rows (scoresheet.games.history.game_history).
GAME_PAGE_QUERIES = 5 + 3
# the session (this device's games), the count, a page of games, their teams with summed totals,
# which of them were finished early (selectors.games_page), the deleted games
HOME_PAGE_QUERIES = 6


def test_the_game_page_takes_the_same_few_queries_for_1_or_4_rounds(client, django_assert_max_num_queries):
    one = start_game(client, team_1="A", team_2="B")
    play(client, one, FOUR_ROUNDS[:1])
    four = start_game(client, team_1="C", team_2="D")
    play(client, four, FOUR_ROUNDS)
    for game in (one, four):
        with django_assert_max_num_queries(GAME_PAGE_QUERIES):
            assert client.get(f"/g/{game.token}/").status_code == 200


def test_the_home_page_takes_the_same_few_queries_for_2_or_7_games(client, django_assert_max_num_queries):
    for i in range(2):
        play(client, start_game(client, team_1=f"A{i}", team_2=f"B{i}"), FOUR_ROUNDS[:1])
    with django_assert_max_num_queries(HOME_PAGE_QUERIES):
        first = client.get("/")
    assert raw(first).count('class="game-item"') == 2
    for i in range(2, 7):
        game = start_game(client, team_1=f"A{i}", team_2=f"B{i}")
        play(client, game, FOUR_ROUNDS[:2])
        if i % 3 == 0:
            client.post(f"/g/{game.token}/finish/")
    with django_assert_max_num_queries(HOME_PAGE_QUERIES):
        second = client.get("/")
    assert raw(second).count('class="game-item"') == 7


# Saving reads the game once: the view reads the game and its teams to check the form (2), then
# round_record, in its transaction (a savepoint and its release inside the test's transaction: 2),
# locks the game and reads its teams, rounds and their entries (4), then writes.
# The device that started the game has a session (its list of games): the page reads it, once, to
# know whether someone is signed in (the menu).
ROUND_PAGE_QUERIES = 4 + 1  # the game, its teams, its rounds, their team entries (selectors.game_sheet)
PREVIEW_QUERIES = 4  # the same: the totals before the round come from the scored sheet
# writes: the round, its two entries one by one, the game's updated_at, each with its history row
NEW_ROUND_QUERIES = 2 + 2 + 4 + 2 + 4 + 2 + 1  # and the session
# writes: the round's updated_at, its entries deleted (read, each with its history row), inserted one
# by one (each with its history row), the game; the round and the game with their history rows
CORRECTION_QUERIES = 2 + 2 + 4 + 2 + 1 + 2 + 4 + 2 + 2 + 1  # and the session
# Canasta plays to 5,000 (000 L405): rounds of 100 and 50 melded can go on past ten rounds.
SMALL_CANASTA_ROUND = round_data({"melded_points": "100"}, {"melded_points": "50"})


def entry_reads(queries) -> int:
    """How many times the game's entries were read (the biggest part of reading a game)."""
    return sum(q["sql"].startswith("SELECT") and 'FROM "scoresheet_teamround"' in q["sql"] for q in queries)


@pytest.mark.parametrize("played", [1, 5])
def test_the_round_pages_take_the_same_few_queries_for_1_or_5_rounds(client, django_assert_max_num_queries, played):
    game = start_game(client, "canasta")
    play(client, game, [SMALL_CANASTA_ROUND] * played)
    new = played + 1
    with django_assert_max_num_queries(ROUND_PAGE_QUERIES):
        assert client.get(f"/g/{game.token}/rounds/{new}/").status_code == 200
    with django_assert_max_num_queries(ROUND_PAGE_QUERIES):
        correction_page = client.get(f"/g/{game.token}/rounds/1/")
    assert "Correct round 1" in page_text(correction_page)
    with django_assert_max_num_queries(PREVIEW_QUERIES):
        preview = client.post(f"/g/{game.token}/rounds/{new}/preview/", SMALL_CANASTA_ROUND)
    # the game total after the new round: (played + 1) × 100 and × 50
    assert preview.json()["ok"] is True
    assert f">{(played + 1) * 100:,}<" in html.unescape(preview.json()["teams"][0])

    with django_assert_max_num_queries(NEW_ROUND_QUERIES) as saving:
        response = client.post(f"/g/{game.token}/rounds/{new}/", SMALL_CANASTA_ROUND)
    assert response.status_code == 302
    assert entry_reads(saving.captured_queries) == 1
    assert totals(game, new) == [100, 50]

    # round 1 corrected: 100 → 200 melded
    version = version_of(raw(correction_page))
    correction = round_data({"melded_points": "200"}, {"melded_points": "50"}, version=version)
    with django_assert_max_num_queries(CORRECTION_QUERIES) as correcting:
        response = client.post(f"/g/{game.token}/rounds/1/", correction)
    assert response.status_code == 302
    # the game's entries once; and the corrected round's own two, read to be deleted with their history
    assert entry_reads(correcting.captured_queries) == 2
    assert totals(game, 1) == [200, 50]
    assert counts(game) == (new, 2 * new)


def test_saving_a_round_scores_each_entry_of_the_game_once(client, monkeypatch):
    game = start_game(client, "canasta")
    play(client, game, [SMALL_CANASTA_ROUND] * 10)
    scored = []
    score_entry = scoring.score_entry

    def counted(rules, entry):
        scored.append(entry)
        return score_entry(rules, entry)

    monkeypatch.setattr(scoring, "score_entry", counted)
    response = client.post(f"/g/{game.token}/rounds/11/", SMALL_CANASTA_ROUND)
    assert response.status_code == 302
    assert len(scored) == 11 * 2  # eleven rounds of two teams, each entry scored once
    assert totals(game, 11) == [100, 50]


# --- junk input ------------------------------------------------------------------------------------


TEAM_KEYS = sorted(
    f"t{i}-{name}"
    for i in (0, 1, 2)  # t2: a team the game does not have
    for name in COMMON_FIELDS | VARIANT_FIELDS["hand-and-foot"] | {"concealed", "book_sevens"}
)
junk_value = st.one_of(
    st.text(max_size=12),
    st.integers(min_value=-(10**6), max_value=10**6).map(str),
    st.integers(min_value=10**6, max_value=10**40).map(str),
    st.integers(min_value=-(10**40), max_value=-1).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "on",
            "none",
            "new",
            "0",
            "1",
            "2",
            "-0",
            "1.0",
            "1.5",
            "1e3",
            "0x10",
            "½",
            "٣",
            "²",
            "Ⅻ",
            "१०",
            "\x00",
            "5" * 5000,
            "1045",
            "99",
            "100",
            "1000",
        ]
    ),
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # example count: tests/conftest.py
@given(
    fields=st.dictionaries(st.sampled_from(TEAM_KEYS), junk_value, max_size=20),
    went_out=st.one_of(st.none(), st.sampled_from(["0", "1", "none"]), junk_value),
    version=st.one_of(st.none(), st.just("new"), junk_value),
)
@example(fields={}, went_out="²", version="new")  # the 500 of test_went_out_that_int_cannot_read_…
def test_junk_round_input_never_errors_and_never_half_saves(client, fields, went_out, version):
    data = dict(fields)  # None: the key is missing from the POST
    if went_out is not None:
        data["went_out"] = went_out
    if version is not None:
        data["version"] = version
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code in (302, 400)
    # all of the round or none of it
    assert counts(game) == ((1, 2) if response.status_code == 302 else (0, 0))
    preview = client.post(f"/g/{game.token}/rounds/1/preview/", data)
    assert preview.status_code == 200
    assert json.loads(preview.content)["ok"] in (True, False)
    if response.status_code == 302:  # what was saved can be shown and edited
        assert client.get(f"/g/{game.token}/").status_code == 200
        assert client.get(f"/g/{game.token}/rounds/1/").status_code == 200


def test_one_save_names_every_problem_in_every_column(client):
    # Us: 1047 melded is not a multiple of 5 (every card value is, 002 L47-51), a variant check;
    # Them: −2 red threes is refused by the form itself. Both are reported by the same Save.
    game = start_game(client)
    response = client.post(
        f"/g/{game.token}/rounds/1/",
        round_data({**US_R1, "melded_points": "1047"}, {**THEM_R1, "red_threes": "-2"}, went_out=0),
    )
    assert response.status_code == 400
    text = page_text(response)
    assert "must be a multiple of 5" in text and "Cannot be negative." in text
    assert counts() == (0, 0)


# --- numbers are plain digits, tick boxes mean what was sent ----------------------------------


@pytest.mark.parametrize("typed", ["１２", "𝟓", "١٢٣", "+2", "2.0", "2e1"])
def test_a_number_not_written_with_0_to_9_is_refused_next_to_its_field(client, typed):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/", round_data({**US_R1, "book_clean": typed}, THEM_R1))
    assert response.status_code == 400
    text = page_text(response)
    assert "Clean books: Enter a whole number with the digits 0–9." in text  # in the summary, with its field
    assert re.search(
        r'id_t0-book_clean"[^>]*>\s*<div class="picks"[^>]*>(\s*<button[^>]*>\d</button>)+\s*</div>\s*'
        r'<p id="id_t0-book_clean_error" class="field-error" role="alert">'
        r"Enter a whole number with the digits 0–9.</p>",
        text,
    )
    assert counts(game) == (0, 0)  # nothing saved


def test_count_cards_sent_as_off_counts_points(client):
    game = start_game(client)
    response = client.post(
        f"/g/{game.token}/rounds/1/", round_data({**US_R1, "count_cards": "off"}, THEM_R1, went_out=0)
    )
    assert response.status_code == 302
    # the points typed count, not the (empty) card counts: 4,345 and 1,115, as in ROUND_1 above
    assert totals(game, 1) == [4345, 1115]


def test_count_cards_sent_as_nonsense_is_refused(client):
    game = start_game(client)
    response = client.post(f"/g/{game.token}/rounds/1/", round_data({**US_R1, "count_cards": "maybe"}, THEM_R1))
    assert response.status_code == 400
    assert "Tick the box or leave it empty (on or off)." in page_text(response)
    assert counts(game) == (0, 0)


def test_a_new_round_sent_with_a_lost_version_is_refused_in_words(client):
    """No version (a form that lost it, or a forged one) on a round nobody saved: refused, and said,
    without a side-by-side of a round that does not exist."""
    game = start_game(client)
    data = round_data(US_R1, THEM_R1, went_out=0)
    data.pop("version", None)
    response = client.post(f"/g/{game.token}/rounds/1/", data)
    assert response.status_code == 400
    assert "saved by someone else" in page_text(response)
    assert "while you were typing" not in page_text(response)
    assert counts(game) == (0, 0)
