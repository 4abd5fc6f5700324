"""The five rules the sources state that the schema learned in issue 11.

Each extension: it loads, a bad value is refused naming its field, worked examples score
as the source says (arithmetic in comments; `000 L437` = shared/seeds/000_…, line 437, as
quoted in shared/rules/VARIANTS.md), and it shows on the rules card, on the blank sheet
PDF and through the score_game command. The documents are Classic Canasta (CN-1) or
Hand and Foot (HF-1) with one field added, as the presets written as changes to them are.
"""

from __future__ import annotations

import copy
import html
import io
import json
import tempfile

import pytest
from django.core.management import call_command

from scoresheet.models import Round, Variant
from scoresheet.paper import pdf, sheets
from scoresheet.rules.card import rules_card
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import preset_document
from scoresheet.rules.schema import RulesError
from scoresheet.scoring.engine import Entry, check_and_score_game, score_entries, score_entry
from scoresheet.scoring.round_problems import round_warnings
from tests.pdf_reading import read

# --- helpers ---------------------------------------------------------------------------------


def document(base: str, slug: str, **changes) -> dict:
    """A preset's document with a new slug and ``changes``: a value, or a function of the document."""
    doc = preset_document(base)
    doc["slug"], doc["name"] = slug, f"Test {slug}"
    for key, change in changes.items():
        if callable(change):
            change(doc)
        else:
            doc[key] = change
    return doc


def problems(doc: dict) -> dict[str, str]:
    with pytest.raises(RulesError) as caught:
        load_rules(doc)
    return {problem.field: problem.message for problem in caught.value.errors}


def card_text(rules) -> str:
    return " | ".join(f"{row.label}: {row.value} {row.note}" for s in rules_card(rules) for row in s.rows)


def sheet_text(rules) -> str:
    content = sheets.score_sheet(rules, pdf.SheetData(teams=["Us", "Them"]), pdf.Options())
    return read(content).text


def score_game(doc: dict, teams: list[str], rounds: list) -> tuple[dict, int]:
    """Run the score_game command on a game of the variant ``doc`` (stored as a house variant)."""
    Variant.objects.create(slug=doc["slug"], name=doc["name"], family=doc["family"], document=doc)
    game = {"variant": doc["slug"], "teams": teams, "rounds": rounds}
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as file:
        json.dump(game, file)
        file.flush()
        out = io.StringIO()
        try:
            call_command("score_game", file.name, stdout=out)
        except SystemExit as exc:
            return json.loads(out.getvalue()), exc.code
    return json.loads(out.getvalue()), 0


def total(rules, entry: Entry) -> int:
    return score_entry(rules, entry).total


# --- 1. red threes that count only with N books (Bolivian CN-4, Cuban CN-6) ------------------------


def bolivian_threes(doc):
    # "Red threes count positive only when two or more canastas have been fused." (000 L437)
    doc["red_threes"]["negative_when_not_melded"] = False
    doc["red_threes"]["positive_with_books"] = {"books": 2, "otherwise": "against"}


def cuban_threes(doc):
    # "Threes are only scored if canastas are made" (000 L445)
    doc["red_threes"]["negative_when_not_melded"] = False
    doc["red_threes"]["positive_with_books"] = {"books": 1}


BOLIVIAN = document("canasta", "test-bolivian", red_threes=bolivian_threes)
CUBAN = document("canasta", "test-cuban", red_threes=cuban_threes)


def test_red_threes_with_two_books_count_positively():
    rules = load_rules(BOLIVIAN)
    # 2 natural canastas × 500 = 1000; 2 red threes × 100 = 200 (000 L403); 600 melded → 1800
    entry = Entry(books={"clean": 2}, red_threes=2, melded_points=600)
    assert total(rules, entry) == 1000 + 200 + 600


def test_red_threes_with_fewer_books_count_against_when_the_variant_says_so():
    rules = load_rules(BOLIVIAN)
    # 1 natural canasta 500; 2 red threes, only 1 canasta: −2 × 100 = −200; 400 melded → 700
    entry = Entry(books={"clean": 1}, red_threes=2, melded_points=400)
    score = score_entry(rules, entry)
    assert score.total == 500 - 200 + 400
    assert "Red threes laid 2 × −100 (fewer than 2 canastas)" in [line.label for line in score.lines]


def test_all_four_red_threes_with_fewer_books_lose_the_set_bonus_too():
    rules = load_rules(BOLIVIAN)
    # 4 red threes × 100 + the 400 set bonus for all four (000 L403) = 800, against: −800; 1 canasta 300
    entry = Entry(books={"dirty": 1}, red_threes=4, melded_points=300)
    assert total(rules, entry) == 300 - 400 - 400 + 300


def test_cuban_red_threes_without_a_canasta_count_nothing():
    rules = load_rules(CUBAN)
    # no canasta: 3 red threes × 0 = 0; 150 melded − 20 in hand → 130
    entry = Entry(red_threes=3, melded_points=150, hand_points=20)
    score = score_entry(rules, entry)
    assert score.total == 150 - 20
    assert "Red threes laid 3 × 0 (fewer than 1 canasta)" in [line.label for line in score.lines]
    # with one canasta: 500 + 3 × 100 = 800, + 700 melded → 1500
    assert total(rules, Entry(books={"clean": 1}, red_threes=3, melded_points=700)) == 500 + 300 + 700


def test_red_threes_books_are_validated_by_name():
    doc = copy.deepcopy(BOLIVIAN)
    doc["red_threes"]["positive_with_books"] = {"books": 0, "otherwise": "sometimes", "many": 1}
    found = problems(doc)
    assert "between 1 and 20" in found["red_threes.positive_with_books.books"]
    assert "nothing, against" in found["red_threes.positive_with_books.otherwise"]
    assert "is not a field" in found["red_threes.positive_with_books.many"]
    doc = copy.deepcopy(BOLIVIAN)
    doc["red_threes"]["negative_when_not_melded"] = True
    assert "leave it out" in problems(doc)["red_threes.negative_when_not_melded"]


def test_red_threes_books_on_the_card_the_sheet_and_score_game(db):
    rules = load_rules(BOLIVIAN)
    assert "Red threes of a side with fewer than 2 canastas: count against the side" in card_text(rules)
    assert "count only with 2 or more canastas; otherwise they count against the side" in sheet_text(rules)
    # Us: 2 naturals 1000 + 2 red threes 200 + 600 melded + going out 100 = 1900
    # Them: 1 mixed 300 + 1 red three against −100 + 400 melded = 600
    result, status = score_game(
        BOLIVIAN,
        ["Us", "Them"],
        [
            [
                {"books": {"clean": 2}, "red_threes": 2, "melded_points": 600, "went_out": True},
                {"books": {"dirty": 1}, "red_threes": 1, "melded_points": 400},
            ]
        ],
    )
    assert status == 0, result
    assert result["totals"] == [1900, 600]


# --- 2. a special hand that replaces the round (British Acaba CN-7, American special hands CN-2) ---


def acaba(doc):
    # "immediately loses the round, giving the opposing player or team 1,500 points and gaining 0 points" (000 L441)
    doc["extras"].append(
        {"key": "acaba", "label": "Acaba called", "replaces_round_score": {"caller": 0, "others": 1500}}
    )


def straight(doc):
    # "Straight … That's worth 3,000." "The team only gets the points for the special hand" (000 L428)
    doc["extras"].append(
        {"key": "straight", "label": "Straight shown", "replaces_round_score": {"caller": 3000, "others": 0}}
    )


BRITISH = document("canasta", "test-british", extras=acaba)
AMERICAN = document("canasta", "test-american", extras=straight)


def test_acaba_scores_1500_for_the_other_side_and_0_for_the_caller_whatever_else_was_entered():
    rules = load_rules(BRITISH)
    # Us called Acaba: Us 0, Them 1,500; Them's canasta (500) and melded points are ignored.
    caller = Entry(books={"clean": 1}, melded_points=300, extras={"acaba": 1})
    other = Entry(books={"clean": 1}, melded_points=800, red_threes=2)
    scores = score_entries(rules, [caller, other])
    assert [s.total for s in scores] == [0, 1500]
    assert scores[0].lines[0].label == (
        "Acaba called: the round scores 0 for this side and 1,500 for the other side; nothing else counts"
    )
    assert len(scores[1].lines) == 1


def test_american_straight_scores_3000_for_the_side_that_shows_it():
    rules = load_rules(AMERICAN)
    # Them shows a straight: Them 3,000; Us 0 though Us had 2 canastas (1000) on the table.
    scores = score_entries(rules, [Entry(books={"clean": 2}, melded_points=700), Entry(extras={"straight": 1})])
    assert [s.total for s in scores] == [0, 3000]


def test_two_special_hands_in_one_round_are_refused():
    rules = load_rules(BRITISH)
    found, result = check_and_score_game(
        rules, [[Entry(extras={"acaba": 1}), Entry(extras={"acaba": 1})]], team_count=2
    )
    assert result is None
    assert any("Only one special hand" in p.message and p.team == 1 for p in found)


def test_a_special_hand_round_has_no_going_out_warnings():
    rules = load_rules(BRITISH)
    assert round_warnings(rules, [Entry(extras={"acaba": 1}), Entry()], number=1) == []


def test_special_hands_are_validated_by_name():
    doc = copy.deepcopy(BRITISH)
    doc["extras"][-1]["replaces_round_score"] = {"caller": "none", "others": 1500, "winner": 1}
    doc["extras"][-1]["amount"] = 10
    doc["extras"][-1]["max_per_round"] = 2
    found = problems(doc)
    assert "whole number" in found["extras[0].replaces_round_score.caller"]
    assert "is not a field" in found["extras[0].replaces_round_score.winner"]
    assert "leave it out" in found["extras[0].amount"]
    doc["extras"][-1]["replaces_round_score"] = {"caller": 0, "others": 1500}
    assert "must be 1" in problems(doc)["extras[0].max_per_round"]
    doc["extras"][-1]["replaces_round_score"] = [0, 1500]
    assert "must be an object" in problems(doc)["extras[0].replaces_round_score"]


def test_acaba_on_the_card_the_sheet_and_score_game(db):
    rules = load_rules(BRITISH)
    card = card_text(rules)
    assert "Acaba called: 0; the others 1,500" in card  # the caller 0, the other side 1,500 (000 L441)
    assert ": It replaces the round: the side that calls it scores the first value, every other side" in card
    # the pad heads its column "Acaba called", the note under it
    assert "Acaba called: replaces the round: 0 for this side, 1,500 for the other sides" in sheet_text(rules)
    # Round 1: Us 500 + 400 melded + 100 out = 1000; Them 300 + 200 = 500. Round 2: Them calls Acaba → Us +1500.
    result, status = score_game(
        BRITISH,
        ["Us", "Them"],
        [
            [
                {"books": {"clean": 1}, "melded_points": 400, "went_out": True},
                {"books": {"dirty": 1}, "melded_points": 200},
            ],
            [{"books": {"clean": 1}, "melded_points": 300}, {"extras": {"acaba": 1}}],
        ],
    )
    assert status == 0, result
    assert result["totals"] == [1000 + 1500, 500 + 0]
    assert result["rounds"][1]["warnings"] == []
    assert result["rounds"][1]["scores"][0]["lines"] == [
        {
            "label": "Acaba called by another side: the round scores 1,500 for this side; nothing else counts",
            "points": 1500,
        }
    ]
    result, status = score_game(
        dict(BRITISH, slug="test-british-2"),
        ["Us", "Them"],
        [[{"extras": {"acaba": 2}}, {}]],
    )
    assert status == 2 and result["errors"][0]["field"] == "extras"


# --- 3. melded cards count against a side with no canasta (American CN-2) --------------------------

AGAINST = document("canasta", "test-against", melded_against_without_books=True)


def test_melded_cards_of_a_side_with_no_canasta_count_against_it():
    rules = load_rules(AGAINST)
    # "If a team does not have complete canastas … any cards that have been fused will count against
    # that team" (000 L432): no canasta, 250 melded → −250; 90 left in hand → −90; total −340
    score = score_entry(rules, Entry(melded_points=250, hand_points=90))
    assert score.total == -250 - 90
    assert "Cards on the table (no canasta: count against)" in [line.label for line in score.lines]
    # "A team with at least one canasta gets bonus points for these cards as usual": 500 + 250 = 750
    assert total(rules, Entry(books={"clean": 1}, melded_points=250)) == 750


def test_melded_against_is_validated_by_name():
    assert (
        "true or false" in problems(dict(AGAINST, melded_against_without_books="yes"))["melded_against_without_books"]
    )


def test_melded_against_on_the_card_the_sheet_and_score_game(db):
    rules = load_rules(AGAINST)
    assert "Cards on the table of a side with no canasta: count against the side" in card_text(rules)
    assert "Cards on the table (+): count against a side with no canasta" in sheet_text(rules)
    # Us: 1 natural 500 + 600 melded + 100 out = 1200; Them: no canasta, 350 melded → −350, − 40 in hand → −390
    result, status = score_game(
        AGAINST,
        ["Us", "Them"],
        [[{"books": {"clean": 1}, "melded_points": 600, "went_out": True}, {"melded_points": 350, "hand_points": 40}]],
    )
    assert status == 0, result
    assert result["totals"] == [1200, -390]


# --- 4. a number of books that ends the game at once (HF-5's seven canastas) -------------------------


def seven_books(doc):
    # "any player/team that manages to meld 7 canastas in a hand (natural or mixed) will automatically
    # receive 5000 points and thus win the game." (000 L476)
    doc["game_end"]["books_to_win"] = {"books": 7, "bonus": 5000}


SEVEN = document("hand-and-foot", "test-seven", game_end=seven_books)


def test_seven_books_in_a_round_score_5000_and_end_the_game():
    rules = load_rules(SEVEN)
    # Round 1 (HF-1, 002 L57–61): Us 1 clean 500 + 300 melded = 800;
    #   Them 2 clean 1000 + 2 dirty 600 + 1 wild 1500 + 900 melded + 100 out = 4100
    # Round 2: Us 4 clean 2000 + 3 dirty 900 = 2900, + 1200 melded + 5000 for 7 books = 9100 → 9900
    #   Them 1 clean 500 + 200 melded = 700 → 4800. The game ends after round 2 of 4; Us wins.
    rounds = [
        [
            Entry(books={"clean": 1}, melded_points=300),
            Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=900, went_out=True),
        ],
        [Entry(books={"clean": 4, "dirty": 3}, melded_points=1200), Entry(books={"clean": 1}, melded_points=200)],
    ]
    found, result = check_and_score_game(rules, rounds, team_count=2)
    assert found == []
    assert result.totals == (800 + 9100, 4100 + 700)
    assert result.finished and result.winners == (0,)
    assert result.rounds[1].scores[0].lines[-1].label == "7 books in one round: wins the game"
    # a third round is past the end
    found, _ = check_and_score_game(rules, [*rounds, [Entry(), Entry()]], team_count=2)
    assert found[0].round == 3 and "7 books were made in round 2" in found[0].message


def test_the_side_with_seven_books_wins_even_behind_on_points():
    doc = copy.deepcopy(SEVEN)
    doc["game_end"]["books_to_win"] = {"books": 7}  # no bonus: the books alone win
    rules = load_rules(doc)
    # Us 7 clean = 3500; Them earlier 2 wild = 3000 + 1 wild = 1500 … Them leads 9000 to 3500 but Us wins.
    rounds = [
        [Entry(), Entry(books={"wild": 5}, melded_points=1500)],  # Them 5 × 1500 + 1500 = 9000
        [Entry(books={"clean": 7}), Entry()],  # Us 7 × 500 = 3500
    ]
    found, result = check_and_score_game(rules, rounds, team_count=2)
    assert result.totals == (3500, 9000)
    assert result.finished and result.winners == (0,)


def test_books_to_win_is_validated_by_name():
    doc = copy.deepcopy(SEVEN)
    doc["game_end"]["books_to_win"] = {"books": 0, "bonus": "lots", "at_once": True}
    found = problems(doc)
    assert "between 1 and 50" in found["game_end.books_to_win.books"]
    assert "whole number" in found["game_end.books_to_win.bonus"]
    assert "is not a field" in found["game_end.books_to_win.at_once"]


def test_books_to_win_on_the_card_the_sheet_and_score_game(db):
    rules = load_rules(SEVEN)
    assert "Ends at once: 7 books in one round: +5,000 and the game is won" in card_text(rules)
    assert "7 books in one round: +5,000 and the game is won" in sheet_text(rules)
    # Us: 4 clean 2000 + 3 dirty 900 + 1000 melded + 5000 = 8900; Them 1 dirty 300 + 100 melded = 400
    result, status = score_game(
        SEVEN,
        ["Us", "Them"],
        [[{"books": {"clean": 4, "dirty": 3}, "melded_points": 1000}, {"books": {"dirty": 1}, "melded_points": 100}]],
    )
    assert status == 0, result
    assert result["totals"] == [8900, 400]
    assert result["finished"] is True and result["winner"] == "Us"


# --- 5. going-out requirements by table (HF-5) --------------------------------------------------


def by_table(doc):
    # "three red … and four black … canastas. If playing a single game (i.e. no partners), one red
    # canasta and two black canasta are required." (000 L456)
    doc["going_out_by_players"] = [
        {"partners": True, "books": {"clean": 3, "dirty": 4}},
        {"partners": False, "books": {"clean": 1, "dirty": 2}},
    ]
    doc["setup"]["individual_counts"] = [2, 3, 4]


HF5 = document("hand-and-foot", "test-by-table", going_out_by_players=by_table)


def going_out_warning(rules, entry, **table) -> str | None:
    warnings = round_warnings(rules, [entry, Entry()], number=1, **table)
    return next((w.message for w in warnings if w.team == 0 and w.field == "went_out"), None)


def test_partners_need_three_clean_and_four_dirty_books_to_go_out():
    rules = load_rules(HF5)
    short = Entry(books={"clean": 2, "dirty": 2, "wild": 1}, went_out=True)  # HF-1's own need, not HF-5's
    assert going_out_warning(rules, short, partners=True) == (
        "Went out without the books the variant requires: missing 1 clean book, 2 dirty books."
    )
    assert going_out_warning(rules, Entry(books={"clean": 3, "dirty": 4}, went_out=True), partners=True) is None


def test_players_on_their_own_need_one_clean_and_two_dirty():
    rules = load_rules(HF5)
    assert going_out_warning(rules, Entry(books={"clean": 1, "dirty": 2}, went_out=True), partners=False) is None
    assert "missing 1 dirty book" in going_out_warning(
        rules, Entry(books={"clean": 1, "dirty": 1}, went_out=True), partners=False
    )


def test_requirements_by_number_of_players():
    doc = document(
        "hand-and-foot",
        "test-by-players",
        going_out_by_players=[{"players": [4], "books": {"clean": 2}}, {"players": [6], "any_books": 5}],
    )
    doc["setup"]["team_counts"] = [2, 3]
    rules = load_rules(doc)
    # 2 teams of 2 = 4 players: 2 clean books
    assert going_out_warning(rules, Entry(books={"clean": 2}, went_out=True)) is None
    # 3 teams of 2 = 6 players: 5 books of any kind; 4 entered → 1 missing
    entries = [Entry(books={"clean": 4}, went_out=True), Entry(), Entry()]
    messages = [w.message for w in round_warnings(rules, entries, number=1) if w.field == "went_out" and w.team == 0]
    assert messages == ["Went out without the books the variant requires: missing 1 book of any kind."]


def test_going_out_by_players_is_validated_by_name():
    doc = copy.deepcopy(HF5)
    doc["going_out_by_players"] = [
        {"books": {"clean": 1}},
        {"players": [1], "books": {"red": 2, "dirty": -1}, "partners": "yes", "rounds": 2},
        "four",
    ]
    found = problems(doc)
    assert "needs 'players'" in found["going_out_by_players[0]"]
    assert "between 2 and 8" in found["going_out_by_players[1].players[0]"]
    assert "is not a book kind" in found["going_out_by_players[1].books.red"]
    assert "0 or more" in found["going_out_by_players[1].books.dirty"]
    assert "true or false" in found["going_out_by_players[1].partners"]
    assert "is not a field" in found["going_out_by_players[1].rounds"]
    assert "must be an object" in found["going_out_by_players[2]"]


def test_going_out_by_players_on_the_card_the_sheet_and_score_game(db):
    rules = load_rules(HF5)
    card = card_text(rules)
    assert "Going out needs: with partners: 3 clean books and 4 dirty books" in card
    assert "Going out needs: without partners: 1 clean book and 2 dirty books" in card
    assert "Going out needs: with partners 3 clean books and 4 dirty books" in sheet_text(rules)
    # score_game has no table size: 2 teams play in partnerships where the variant allows teams.
    # Us went out with 2 clean, 2 dirty, 1 wild (1000 + 600 + 1500 + 100 out = 3200): warned, scored.
    result, status = score_game(
        HF5, ["Us", "Them"], [[{"books": {"clean": 2, "dirty": 2, "wild": 1}, "went_out": True}, {}]]
    )
    assert status == 0, result
    assert result["totals"] == [3200, 0]
    warnings = result["rounds"][0]["warnings"]
    assert [w["message"] for w in warnings if w["team"] == "Us" and w["field"] == "went_out"] == [
        "Went out without the books the variant requires: missing 1 clean book, 2 dirty books."
    ]


# --- all optional: the presets load unchanged -------------------------------------------------


def test_existing_presets_have_none_of_the_new_fields():
    from scoresheet.rules.preset_rules import presets

    for rules in presets()[:8]:  # the eight presets before issue 11; its own use the new fields
        assert rules.red_threes.positive_with_books is None
        assert rules.special_hands == ()
        assert rules.melded_against_without_books is False
        assert rules.game_end.books_to_win is None
        assert rules.going_out_by_players == ()


# --- through the pages: the round form, the saved totals, the game page ----------------------------


def web_game(doc: dict, mode: str = "teams"):
    from scoresheet.games.services import TeamData, game_create

    variant = Variant.objects.create(slug=doc["slug"], name=doc["name"], family=doc["family"], document=doc)
    return game_create(variant=variant, mode=mode, teams=[TeamData("Us"), TeamData("Them")])


def post_round(client, game, number: int, *teams: dict, went_out="none"):
    data = {"went_out": str(went_out), "version": "new"}
    for i, fields in enumerate(teams):
        data.update({f"t{i}-{name}": value for name, value in fields.items()})
    return client.post(f"/g/{game.token}/rounds/{number}/", data)


def test_acaba_is_a_tick_box_on_the_round_form_and_saves_0_and_1500(client, db):
    from scoresheet.models import TeamRound

    game = web_game(BRITISH)
    form = client.get(f"/g/{game.token}/rounds/1/").content.decode()
    assert 'name="t0-extra_acaba"' in form and 'type="checkbox"' in form.split('name="t0-extra_acaba"')[0][-300:]
    # Them calls Acaba; Us had a natural canasta (500) and 400 melded: ignored. Us 1,500, Them 0.
    response = post_round(
        client, game, 1, {"book_clean": 1, "melded_points": 400}, {"extra_acaba": "on"}, went_out="none"
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    saved = TeamRound.objects.filter(round__game=game).order_by("team__position")
    assert [t.total for t in saved] == [1500, 0]
    assert saved[1].extras == {"acaba": 1}
    page = client.get(f"/g/{game.token}/").content.decode()
    assert "1,500" in page


def test_a_special_hand_needs_nobody_chosen_as_going_out(client, db):
    from scoresheet.models import TeamRound

    game = web_game(BRITISH)
    form = html.unescape(client.get(f"/g/{game.token}/rounds/1/").content.decode())
    assert "A special hand ends the round: no need to choose." in form
    # Us calls Acaba and nobody is chosen under "Who went out?": the hand ended at once, so the
    # round saves with Us 0 and Them 1,500 (000 L441).
    response = post_round(client, game, 1, {"extra_acaba": "on"}, {"melded_points": 200}, went_out="")
    assert response.status_code == 302, response.content.decode()[:2000]
    saved = TeamRound.objects.filter(round__game=game).order_by("team__position")
    assert [t.total for t in saved] == [0, 1500]
    assert not any(t.went_out for t in saved)
    # Without a special hand the choice is still needed.
    response = post_round(client, game, 2, {"melded_points": 200}, {"melded_points": 100}, went_out="")
    assert response.status_code == 400
    assert "Choose who went out, or Nobody" in response.content.decode()


def test_seven_books_end_the_game_on_the_page(client, db):
    game = web_game(SEVEN)
    # Us 4 clean 2000 + 3 dirty 900 + 1000 melded + 5000 = 8900; Them nothing. No round 2 can be added.
    response = post_round(client, game, 1, {"book_clean": 4, "book_dirty": 3, "melded_points": 1000}, {})
    assert response.status_code == 302, response.content.decode()[:2000]
    game_page = client.get(f"/g/{game.token}/").content.decode()
    assert f'href="/g/{game.token}/rounds/2/' not in game_page  # no next round to enter
    assert "8,900" in game_page
    post_round(client, game, 2, {}, {})  # refused (the page says why): the round is not saved
    assert Round.objects.filter(game=game).count() == 1
