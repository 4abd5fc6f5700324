"""The presets of issue 11 (PRODUCT.md "More presets"): their public slugs and keys, their key
numbers from shared/rules/VARIANTS.md, what the sources leave unsaid, and every new slug through
the public surface: ``score_game``, ``blank_sheet`` on one page, ``variants`` and the variants page.

Seed references: ``000 L434`` is line 434 of shared/seeds/000_70710ec92c87a8bf.txt; ``002 L57``
line 57 of 002_f28d0dd582eed8e7.txt. The worked games are in test_examples_hand_and_foot.py and
test_examples_canasta.py.
"""

from __future__ import annotations

import dataclasses
import html
import io
import json
import re

import pytest
from django.core.management import call_command

from scoresheet.games import services
from scoresheet.games.services import TeamData
from scoresheet.models import Game, Variant
from scoresheet.paper import canasta_pad
from scoresheet.rules.card import NOT_WRITTEN, rules_card
from scoresheet.rules.loading import load_rules
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset, preset_document
from scoresheet.rules.schema import FAMILIES
from tests.pdf_reading import read
from tests.preset_samples import representative_and_drawn_from
from tests.scoresheet import test_examples_canasta, test_examples_hand_and_foot

P = pytest.param

# PRODUCT.md "More presets": slug → (name, book kinds, extras). Public: score_game uses the keys.
MORE = {
    "hand-and-foot-earl": ("Hand and Foot, Earl's alternates", ("clean", "dirty", "wild"), ("perfect_cut",)),
    "hand-and-foot-basic": ("Hand and Foot, basic (red and black books)", ("clean", "dirty"), ()),
    "hand-and-foot-saskatchewan": ("Hand and Foot, Saskatchewan", ("clean", "dirty", "wild"), ()),
    "hand-and-foot-brouillette": (
        "Hand and Foot, Brouillette (higher scoring, no partners)",
        ("clean", "dirty", "black_threes"),
        ("exact_draw",),
    ),
    "hand-and-foot-brouillette-partners": (
        "Hand and Foot, Brouillette partners",
        ("clean", "dirty", "black_threes"),
        ("exact_draw",),
    ),
    "hand-and-foot-brouillette-partners-low": (
        "Hand and Foot, Brouillette partners (lower scoring)",
        ("clean", "dirty", "black_threes"),
        ("exact_draw",),
    ),
    "hand-and-foot-gocc": ("Hand and Foot, GOCC score sheet", ("clean", "dirty", "wild"), ("perfect_cut",)),
    "hand-and-foot-3-red-4-black": (
        "Hand and Foot, three red and four black canastas",
        ("clean", "dirty"),
        (),
    ),
    "canasta-modern-american": (
        "Modern American Canasta",
        ("clean", "dirty", "sevens", "aces", "wild_twos", "wild_jokers", "wild"),
        # PRODUCT.md's five, then the special hands (issue 11: "the Modern American special hands")
        (
            "sevens_unfinished",
            "aces_unfinished",
            "wild_unfinished",
            "sevens_held",
            "aces_held",
            "special_straight",
            "special_pairs",
            "special_pairs_wild",
            "special_garbage",
        ),
    ),
    "samba": ("Samba", ("clean", "dirty", "samba"), ()),
    "bolivian-canasta": ("Bolivian Canasta", ("clean", "dirty", "wild", "escalera"), ()),
    "brazilian-canasta": ("Brazilian Canasta", ("clean", "dirty", "wild"), ()),
    "cuban-canasta": ("Cuban Canasta", ("clean", "dirty", "wild"), ("black_threes_removed",)),
    "british-canasta": ("British Canasta (Acaba)", ("clean", "dirty"), ("acaba",)),
}
SLUGS = tuple(MORE)
FAMILY = {slug: "hand-and-foot" if slug.startswith("hand-and-foot") else "canasta" for slug in SLUGS}
WORKED = [
    *test_examples_hand_and_foot.GAMES,
    P(test_examples_hand_and_foot.THREE_RED_FOUR_BLACK, id="hand-and-foot-3-red-4-black"),
    *test_examples_canasta.GAMES,
]


# --- the public contract -------------------------------------------------------------------------


def test_every_new_preset_is_published():
    assert set(SLUGS) <= set(PRESET_SLUGS)
    assert len(PRESET_SLUGS) == len(set(PRESET_SLUGS))


@pytest.mark.parametrize("slug", SLUGS)
def test_slug_name_family_and_keys_are_product_mds(slug):
    rules = preset(slug)
    name, kinds, extras = MORE[slug]
    assert (rules.slug, rules.name, rules.family) == (slug, name, FAMILY[slug])
    assert tuple(k.key for k in rules.book_kinds) == kinds
    assert tuple(e.key for e in rules.extras) == extras


@pytest.mark.parametrize("slug", SLUGS)
def test_the_document_loads_as_it_is_stored_and_says_where_it_comes_from(slug):
    document = preset_document(slug)
    assert load_rules(document) == preset(slug)
    assert document["summary"] and "\n" not in document["summary"]
    assert all(source["seed"].endswith(".txt") and re.search(r"\d", source["lines"]) for source in document["sources"])
    assert all(k.bonus > 0 for k in preset(slug).book_kinds)


def test_every_new_slug_has_a_worked_game():
    assert {g.values[0].slug for g in WORKED} == set(SLUGS)


# --- key numbers, each from VARIANTS.md ----------------------------------------------------------


def bonuses(r):
    return {k.key: k.bonus for k in r.book_kinds}


def required(r, number=1):
    return {k.key: k.required_in_round(number) for k in r.book_kinds if k.required_in_round(number)}


def threes(r):
    red = r.red_threes
    return (red.laid_value, red.held_penalty, r.black_three_penalty, r.card_values["black_threes"])


def red_sets(r):
    return tuple((b.min_count, b.bonus) for b in r.red_threes.set_bonuses)


def going_out(r):
    return (r.going_out_bonus, r.concealed_bonus, r.required_any_books)


def extras(r):
    return {e.key: (e.amount, e.max_per_round) for e in r.extras}


def meld(r):
    s = r.meld_schedule
    return s.by_round if s.basis == "round" else tuple((b.low, b.high, b.requirement) for b in s.bands)


def end(r):
    return (r.game_end.rounds, r.game_end.target_score)


def piles(r):
    return r.setup.piles


CLASSIC_BANDS = ((None, 0, 15), (0, 1500, 50), (1500, 3000, 90))  # CN-1 (000 L387), inherited
H_AND_F = (50, 90, 120, 150)

CASES = [
    # hand-and-foot-earl: HF-1 (002 L55-69) + "Black threes are worth 100 points, not just 5" (000 L264)
    P("hand-and-foot-earl", bonuses, {"clean": 500, "dirty": 300, "wild": 1500}, id="earl:bonuses"),
    P("hand-and-foot-earl", required, {"clean": 2, "dirty": 2, "wild": 1}, id="earl:go-out"),
    P("hand-and-foot-earl", threes, (100, 100, 100, None), id="earl:threes"),
    P("hand-and-foot-earl", going_out, (100, None, 0), id="earl:going-out"),
    P("hand-and-foot-earl", extras, {"perfect_cut": (100, 1)}, id="earl:perfect-cut"),  # 000 L260
    P("hand-and-foot-earl", meld, H_AND_F, id="earl:meld"),
    P("hand-and-foot-earl", end, (4, None), id="earl:4-deals"),
    # hand-and-foot-basic: red book 500, black 300 (000 L850-851); 1 + 1 to go out (000 L858);
    # threes through sevens 5 (000 L830); red ±100 and going out not stated (C-04, C-06)
    P("hand-and-foot-basic", bonuses, {"clean": 500, "dirty": 300}, id="basic:bonuses"),
    P("hand-and-foot-basic", required, {"clean": 1, "dirty": 1}, id="basic:go-out"),
    P("hand-and-foot-basic", threes, (100, 100, 5, None), id="basic:threes"),
    P("hand-and-foot-basic", going_out, (0, None, 0), id="basic:going-out-0"),
    P("hand-and-foot-basic", meld, H_AND_F, id="basic:meld"),  # 000 L834-837
    P("hand-and-foot-basic", piles, (("hand", 11), ("foot", 11)), id="basic:11-11"),  # 000 L839-840
    P("hand-and-foot-basic", end, (4, None), id="basic:4-rounds"),  # 000 L832
    # hand-and-foot-saskatchewan: 11 + 13 (000 L751); 1C + 1D + 1W (000 L757); R4 hidden canasta (000 L755)
    P("hand-and-foot-saskatchewan", bonuses, {"clean": 500, "dirty": 300, "wild": 1500}, id="sask:bonuses"),
    P("hand-and-foot-saskatchewan", required, {"clean": 1, "dirty": 1, "wild": 1}, id="sask:go-out"),
    P("hand-and-foot-saskatchewan", threes, (100, 100, 5, None), id="sask:threes"),
    P("hand-and-foot-saskatchewan", going_out, (100, None, 0), id="sask:going-out"),
    P("hand-and-foot-saskatchewan", meld, (50, 90, 120, "a concealed canasta"), id="sask:meld"),
    P("hand-and-foot-saskatchewan", piles, (("hand", 11), ("foot", 13)), id="sask:11-13"),
    # hand-and-foot-brouillette: 500/300 (000 L796), black-three stack 300 at −5 a card (000 L800),
    # red −500 (000 L796); R4 2C + 2D (000 L797); HF-8 exact 22 +100, one a player (000 L775)
    P("hand-and-foot-brouillette", bonuses, {"clean": 500, "dirty": 300, "black_threes": 300}, id="br:bonuses"),
    P("hand-and-foot-brouillette", required, {"clean": 1, "dirty": 1}, id="br:go-out-1-3"),
    P("hand-and-foot-brouillette", lambda r: required(r, 4), {"clean": 2, "dirty": 2}, id="br:go-out-4"),
    P("hand-and-foot-brouillette", threes, (None, 500, 5, -5), id="br:threes"),
    P("hand-and-foot-brouillette", extras, {"exact_draw": (100, 1)}, id="br:exact-22"),
    P("hand-and-foot-brouillette", lambda r: r.setup.team_counts, (), id="br:no-partners"),
    # partners: 2C + 2D in rounds 1-3, 4C + 4D in round 4 (000 L802); high 500/300/300, low 300/100/100
    P(
        "hand-and-foot-brouillette-partners",
        bonuses,
        {"clean": 500, "dirty": 300, "black_threes": 300},
        id="brp:bonuses",
    ),
    P(
        "hand-and-foot-brouillette-partners-low",
        bonuses,
        {"clean": 300, "dirty": 100, "black_threes": 100},
        id="brp-low:bonuses",
    ),
    *[
        P(slug, required, {"clean": 2, "dirty": 2}, id=f"{slug}:go-out-1-3")
        for slug in ("hand-and-foot-brouillette-partners", "hand-and-foot-brouillette-partners-low")
    ],
    *[
        P(slug, lambda r: required(r, 4), {"clean": 4, "dirty": 4}, id=f"{slug}:go-out-4")
        for slug in ("hand-and-foot-brouillette-partners", "hand-and-foot-brouillette-partners-low")
    ],
    P("hand-and-foot-brouillette-partners", extras, {"exact_draw": (100, 2)}, id="brp:exact-22-a-player"),
    # hand-and-foot-gocc: "Perfect Cut – 100 pts. Going Out – 300 pts. Clean Books – 500 ea" (000 L668)
    P("hand-and-foot-gocc", lambda r: r.book_kind("clean").bonus, 500, id="gocc:clean-500"),
    P("hand-and-foot-gocc", going_out, (300, None, 0), id="gocc:going-out-300"),
    P("hand-and-foot-gocc", extras, {"perfect_cut": (100, 1)}, id="gocc:perfect-cut-100"),
    # samba: samba 1,500; six red threes 1,000; 150 from 7,000; to 10,000 (000 L434); 15 cards, 3 decks
    P("samba", bonuses, {"clean": 500, "dirty": 300, "samba": 1500}, id="samba:bonuses"),
    P("samba", red_sets, ((6, 400),), id="samba:six-red-1000"),
    P("samba", threes, (100, None, 5, 5), id="samba:threes"),
    P("samba", going_out, (100, 100, 1), id="samba:going-out"),
    P("samba", meld, (*CLASSIC_BANDS, (3000, 7000, 120), (7000, None, 150)), id="samba:bands"),
    P("samba", end, (None, 10000), id="samba:to-10000"),
    P("samba", piles, (("hand", 15),), id="samba:15-cards"),
    P("samba", lambda r: r.setup.decks_for(4), 3, id="samba:3-decks"),
    # brazilian: wild 2,000; five red 1,000, six 1,200; bands from 5,000; to 10,000 (000 L439)
    P("brazilian-canasta", bonuses, {"clean": 500, "dirty": 300, "wild": 2000}, id="brazil:bonuses"),
    P("brazilian-canasta", red_sets, ((4, 400), (5, 500), (6, 600)), id="brazil:red-sets"),
    P(
        "brazilian-canasta",
        meld,
        (
            *CLASSIC_BANDS,
            (3000, 5000, 120),
            (5000, 7000, 150),
            (7000, 8000, "a canasta"),
            (8000, 9000, 200),
            (9000, None, "a natural canasta"),
        ),
        id="brazil:bands",
    ),
    P("brazilian-canasta", end, (None, 10000), id="brazil:to-10000"),
    P("brazilian-canasta", lambda r: r.setup.decks_for(4), 3, id="brazil:3-decks-for-six-red-threes"),
    # hand-and-foot-3-red-4-black: natural 500, mixed 300, out 100 (000 L467); red −300, black −5 (L459);
    # 3 red + 4 black with partners, 1 + 2 without (L456)
    P("hand-and-foot-3-red-4-black", bonuses, {"clean": 500, "dirty": 300}, id="hf5:bonuses"),
    P("hand-and-foot-3-red-4-black", threes, (None, 300, 5, None), id="hf5:threes"),
    P("hand-and-foot-3-red-4-black", going_out, (100, 100, 0), id="hf5:going-out"),
    P(
        "hand-and-foot-3-red-4-black",
        lambda r: [(t.partners, t.books) for t in r.going_out_by_players],
        [(True, {"clean": 3, "dirty": 4}), (False, {"clean": 1, "dirty": 2})],
        id="hf5:going-out-by-table",
    ),
    # seven canastas winning at once (L476) is a variation, off in the preset: four hands (L462)
    P("hand-and-foot-3-red-4-black", lambda r: (r.game_end.rounds, r.game_end.books_to_win), (4, None), id="hf5:7"),
    P("hand-and-foot-3-red-4-black", meld, H_AND_F, id="hf5:meld"),  # L462
    P("hand-and-foot-3-red-4-black", piles, (("hand", 11), ("foot", 11)), id="hf5:11-11"),  # L453
    # canasta-modern-american (000 L410-432)
    P(
        "canasta-modern-american",
        bonuses,
        {
            "clean": 500,
            "dirty": 300,
            "sevens": 2500,
            "aces": 2500,
            "wild_twos": 3000,
            "wild_jokers": 2500,
            "wild": 2000,
        },
        id="american:bonuses",
    ),
    P(
        "canasta-modern-american",
        lambda r: {e.key: e.amount for e in r.extras if e.replaces_round_score is None},
        {
            "sevens_unfinished": -2500,
            "aces_unfinished": -2500,
            "wild_unfinished": -2000,
            "sevens_held": -1500,
            "aces_held": -1500,
        },
        id="american:penalties",
    ),
    P(
        "canasta-modern-american",
        lambda r: {e.key: (e.replaces_round_score.caller, e.replaces_round_score.others) for e in r.special_hands},
        {
            "special_straight": (3000, 0),
            "special_pairs": (2500, 0),
            "special_pairs_wild": (2000, 0),
            "special_garbage": (2000, 0),
        },
        id="american:special-hands",
    ),
    P("canasta-modern-american", lambda r: r.melded_against_without_books, True, id="american:melded-against"),
    P("canasta-modern-american", meld, ((None, 1500, 50), (1500, 3000, 90), (3000, None, 180)), id="american:bands"),
    P("canasta-modern-american", end, (None, 5000), id="american:to-5000"),
    P("canasta-modern-american", piles, (("hand", 13),), id="american:13-cards"),
    # bolivian-canasta (000 L437)
    P(
        "bolivian-canasta",
        bonuses,
        {"clean": 500, "dirty": 300, "wild": 2500, "escalera": 1500},
        id="bolivian:bonuses",
    ),
    P("bolivian-canasta", required, {"escalera": 1}, id="bolivian:escalera-to-go-out"),
    P("bolivian-canasta", going_out, (100, 100, 2), id="bolivian:and-one-other"),
    P("bolivian-canasta", threes, (100, None, 100, 5), id="bolivian:black-held-100"),
    P(
        "bolivian-canasta",
        lambda r: (r.red_threes.positive_with_books, r.red_threes.below),
        (2, "against"),
        id="bolivian:red-with-2",
    ),
    P("bolivian-canasta", end, (None, 15000), id="bolivian:to-15000"),
    # cuban-canasta (000 L445)
    P("cuban-canasta", red_sets, ((2, 100), (3, 200), (4, 600)), id="cuban:100-300-500-1000"),
    P(
        "cuban-canasta",
        lambda r: (r.red_threes.positive_with_books, r.red_threes.below),
        (1, "nothing"),
        id="cuban:only-with-canastas",
    ),
    P("cuban-canasta", lambda r: r.book_kind("wild").bonus, 2000, id="cuban:wild-from-2000"),
    P("cuban-canasta", extras, {"black_threes_removed": (100, 1)}, id="cuban:black-threes-removed"),
    P("cuban-canasta", meld, (*CLASSIC_BANDS, (3000, 5000, 120), (5000, None, 150)), id="cuban:bands"),
    P("cuban-canasta", end, (None, 7500), id="cuban:to-7500"),
    P("cuban-canasta", lambda r: r.setup.decks_for(4), 2, id="cuban:2-decks"),
    # british-canasta (000 L441): CN-1 and Acaba
    P("british-canasta", bonuses, {"clean": 500, "dirty": 300}, id="british:bonuses"),
    P(
        "british-canasta",
        lambda r: (r.extra("acaba").replaces_round_score.caller, r.extra("acaba").replaces_round_score.others),
        (0, 1500),
        id="british:acaba",
    ),
    P("british-canasta", meld, (*CLASSIC_BANDS, (3000, None, 120)), id="british:bands"),
    P("british-canasta", end, (None, 5000), id="british:to-5000"),
]


@pytest.mark.parametrize(("slug", "read", "expected"), CASES)
def test_preset_number_matches_variants_md(slug, read, expected):
    assert read(preset(slug)) == expected


# --- what the sources leave unsaid ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "flags"),
    [
        P("hand-and-foot-earl", set(), id="earl"),
        P("hand-and-foot-saskatchewan", set(), id="saskatchewan"),
        P("hand-and-foot-brouillette", set(), id="brouillette"),
        P("samba", set(), id="samba"),
        P("brazilian-canasta", set(), id="brazilian"),
        P("british-canasta", set(), id="british"),
        P("hand-and-foot-3-red-4-black", set(), id="3-red-4-black"),
        # the escalera's value and what red threes count below two canastas (000 L437)
        P("bolivian-canasta", {"book_kinds.escalera.bonus", "red_threes.positive_with_books"}, id="bolivian"),
        # the wild canasta's 2,000-4,000 "depending on the number of twos" (000 L445, C-26)
        P("cuban-canasta", {"book_kinds.wild.bonus"}, id="cuban"),
        # red threes kept in hand (laying them is optional, 000 L419)
        P("canasta-modern-american", {"red_threes.held_penalty"}, id="american"),
        # HF-6: red threes' value and the going-out bonus are not stated (C-04, C-06)
        P("hand-and-foot-basic", {"red_threes.laid_value", "red_threes.held_penalty", "going_out_bonus"}, id="basic"),
    ],
)
def test_not_stated_flags(slug, flags):
    assert set(preset(slug).not_stated) == flags


def test_gocc_flags_everything_its_cut_off_sheet_leaves_out():
    flags = set(preset("hand-and-foot-gocc").not_stated)
    assert {"card_values", "book_kinds.dirty.bonus", "book_kinds.wild.bonus", "going_out_bonus"} - flags == {
        "going_out_bonus"  # the sheet states it: 300
    }
    assert {"red_threes.laid_value", "red_threes.held_penalty", "meld_schedule", "game_end"} <= flags


def card_rows(slug):
    return {(row.label, row.value): row.note for section in rules_card(preset(slug)) for row in section.rows}


def test_basic_tells_players_which_values_are_not_in_its_written_rules():
    rows = card_rows("hand-and-foot-basic")
    assert rows[("Red threes laid", "+100")] == NOT_WRITTEN
    assert rows[("Red threes caught", "−100")] == NOT_WRITTEN
    assert rows[("Going out", "0")] == NOT_WRITTEN


def test_gocc_tells_players_what_its_sheet_leaves_out():
    rows = card_rows("hand-and-foot-gocc")
    assert rows[("Red threes laid", "+100")] == NOT_WRITTEN
    assert any(value.startswith("Not in the written rules: the usual values") for _, value in rows)  # card values
    good_to_know = [
        row.value for s in rules_card(preset("hand-and-foot-gocc")) if s.title == "Good to know" for row in s.rows
    ]
    assert any(
        "Dirty books 300, wild books 1,500" in text and "a club that plays others can change" in text
        for text in good_to_know
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_players_see_plain_good_to_know_notes_without_source_names(slug):
    card = rules_card(preset(slug))
    notes = [row.value for section in card if section.title == "Good to know" for row in section.rows]
    assert notes, "every new preset tells players something"
    text = " ".join(row.label + row.value + row.note for section in card for row in section.rows)
    assert ".txt" not in text and "VARIANTS" not in text and not re.search(r"\bL\d+", text)


# --- through the commands ------------------------------------------------------------------------


def entry_json(entry) -> dict:
    """An Entry as score_game's JSON input: only the fields it sets."""
    out = {}
    for f in dataclasses.fields(entry):
        value = getattr(entry, f.name)
        if value not in (None, 0, False, {}, (), []):
            out[f.name] = dict(value) if isinstance(value, dict) else value
    return out


@pytest.mark.django_db
@pytest.mark.parametrize("game", WORKED)
def test_score_game_scores_every_new_slug_as_the_worked_game(game, tmp_path):
    document = {
        "variant": game.slug,
        "teams": list(game.teams),
        "rounds": [[entry_json(e) for e in r.entries] for r in game.rounds],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()
    call_command("score_game", str(path), stdout=out)
    scored = json.loads(out.getvalue())
    assert scored["variant"] == game.slug
    assert [tuple(s["total"] for s in r["scores"]) for r in scored["rounds"]] == [r.totals for r in game.rounds]
    assert [tuple(r["meld_requirements"]) for r in scored["rounds"]] == [r.meld for r in game.rounds]
    assert scored["totals"] == list(game.rounds[-1].running)
    assert scored["finished"] is True
    assert scored["winner"] == game.teams[game.winners[0]]


@pytest.mark.django_db
@representative_and_drawn_from(SLUGS)
def test_blank_sheet_and_rules_card_print_on_one_page_in_normal_print_or_two_for_a_long_pad(tmp_path, slug):
    """Modern American (the representative preset among the new ones) and a few drawn from the others,
    all of them over CI's draws; the rest of the presets in test_pdf.py."""
    out = tmp_path / f"{slug}.pdf"
    call_command("blank_sheet", variant=slug, out=str(out), stdout=io.StringIO())
    pages = read(out.read_bytes()).texts
    assert preset(slug).name in pages[0]
    if canasta_pad.is_pad(preset(slug)) and len(pages) == 2:
        # A canasta pad keeps at least 10 hands on page 1; a card that would leave fewer goes over.
        assert "Good to know" not in pages[0] and "Good to know" in pages[1]
    else:
        assert len(pages) == 1
        assert "Good to know" in pages[0]  # the rules card is on the same page


@pytest.mark.django_db
def test_variants_command_lists_the_new_presets_with_their_family():
    out = io.StringIO()
    call_command("variants", "--json", stdout=out)
    listed = {row["slug"]: row for row in json.loads(out.getvalue())}
    for slug in SLUGS:
        assert listed[slug] == {"slug": slug, "name": MORE[slug][0], "family": FAMILY[slug]}


# --- the variants page: grouped by family, most played first --------------------------------------


def family_sections(client) -> list[tuple[str, list[str]]]:
    content = client.get("/variants/").content.decode()
    sections = re.findall(r'<h2 id="family-[^"]+">(.*?)</h2>(.*?)</ul>', content, re.S)
    return [(html.unescape(title), re.findall(r'href="/variants/([^/]+)/"', body)) for title, body in sections]


def play(slug: str, times: int = 1, *, deleted: bool = False) -> None:
    for _ in range(times):
        game = services.game_create(
            variant=Variant.objects.get(slug=slug), mode=Game.Mode.TEAMS, teams=[TeamData("Us"), TeamData("Them")]
        )
        if deleted:
            services.game_delete(game=game)


@pytest.mark.django_db
def test_variants_page_groups_every_preset_by_family_in_published_order_before_any_game(client):
    sections = family_sections(client)
    assert [title for title, _ in sections] == ["Hand and Foot", "Hand Knee and Foot", "Canasta"]
    listed = [slug for _, slugs in sections for slug in slugs]
    assert sorted(listed) == sorted(PRESET_SLUGS)
    for title, slugs in sections:
        assert slugs == [s for s in PRESET_SLUGS if s in slugs]  # the published order inside a family
        assert {FAMILIES[preset(s).family] for s in slugs} == {title}


@pytest.mark.django_db
def test_variants_page_shows_each_description(client):
    text = html.unescape(client.get("/variants/").content.decode())
    for slug in PRESET_SLUGS:
        assert preset(slug).summary in text


@pytest.mark.django_db
def test_the_most_played_family_and_variant_come_first(client):
    play("samba", 3)
    play("brazilian-canasta", 1)
    play("hand-and-foot-gocc", 2)
    play("hand-and-foot", 2, deleted=True)  # deleted games do not count
    sections = family_sections(client)
    # Canasta 3 + 1 = 4 games, Hand and Foot 2, Hand Knee and Foot 0
    assert [title for title, _ in sections] == ["Canasta", "Hand and Foot", "Hand Knee and Foot"]
    assert sections[0][1][:2] == ["samba", "brazilian-canasta"]
    assert sections[0][1][2] == "canasta"  # unplayed ones keep the published order
    assert sections[1][1][0] == "hand-and-foot-gocc"
    assert sections[1][1][1] == "hand-and-foot"


@pytest.mark.django_db
def test_variants_page_takes_the_same_queries_with_many_games(client, django_assert_max_num_queries):
    client.get("/variants/")  # warm up: the session and any one-off lookups
    play("samba", 5)
    play("hand-and-foot", 5)
    with django_assert_max_num_queries(3):
        assert client.get("/variants/").status_code == 200
