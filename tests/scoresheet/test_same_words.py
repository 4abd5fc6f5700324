"""Every preset names its entry fields the same way on the form, in the breakdown, on the
blank printed sheet and on the rules card; and players never see our working notes.

The labels are read off the rendered round form (not from the code that makes them) and
then looked for on the other surfaces, so a surface that words a field differently fails.
Each test runs for the presets of tests/preset_samples.py (four, and a few drawn from the rest).
"""

from __future__ import annotations

import html
import json
import re

import pytest

from scoresheet.models import Game, Variant
from scoresheet.paper.sheet_rows import sheet_rows
from scoresheet.rules.fields import entry_fields
from scoresheet.rules.preset_rules import preset
from tests.pdf_reading import read
from tests.preset_samples import representative_and_drawn_presets

pytestmark = pytest.mark.django_db

# What must never reach a player: source file names, line references, internal documents
# and our reading notes (they stay in the preset JSON and the README for maintainers).
WORKING_NOTES = re.compile(
    r"\d{3}_[0-9a-f]{16}\.txt|VARIANTS\.md|\b[Ss]eeds?\b|\bL\d+\b|\b\d{3} L\d|\bC-\d\d\b|\b(?:HF|HKF|CN)-\d"
    r"|(?i:how we read|not stated by the source|until a club sets it)|shared/"
)
# The sheet's rows: every count and points field but the card-by-card counts.
SHEET_FIELD = re.compile(
    r"^(book_\w+|extra_\w+|red_threes|red_threes_held|black_threes_held|melded_points|"
    r"hand_points)$"
)


@pytest.fixture(autouse=True)
def _presets(presets):
    """The preset variants in the database."""


def pdf_text(content: bytes) -> str:
    return read(content).text


def page_text(response) -> str:
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def start_game(client, slug: str) -> Game:
    rules = preset(slug)
    mode = "teams" if rules.setup.team_counts else "individuals"
    counts = rules.setup.team_counts or rules.setup.individual_counts
    data = {"variant": Variant.objects.get(slug=slug).pk, "mode": mode, "team_count": min(counts), "name": ""}
    data.update({f"team_{i}": "" for i in range(1, 5)} | {f"players_{i}": "" for i in range(1, 5)})
    response = client.post("/games/new/", data)
    assert response.status_code == 302
    return Game.objects.latest("id")


def form_labels(text: str) -> dict[str, str]:
    """The first team's field labels on the round form: field name → label."""
    return dict(re.findall(r'<label for="id_t0-(\w+)">([^<]+)</label>', text))


def blank_sheet(client, slug: str) -> str:
    response = client.get(
        "/print/", {"variant": slug, "teams": 2, "paper": "letter", "copies": 1, "rules_card": "same"}
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return pdf_text(response.content)


@representative_and_drawn_presets
def test_every_surface_uses_the_same_words_and_shows_no_working_notes(client, slug):
    """Both checks below on one game and one blank sheet of each preset (each made once)."""
    game = start_game(client, slug)
    pages = {
        "round": page_text(client.get(f"/g/{game.token}/rounds/1/")),
        "rules": page_text(client.get(f"/variants/{slug}/")),
        "blank sheet": blank_sheet(client, slug),
    }
    form_breakdown_sheet_and_rules_card_use_the_same_words(client, slug, game, pages)
    no_page_or_sheet_shows_working_notes(client, slug, game, pages)


def form_breakdown_sheet_and_rules_card_use_the_same_words(client, slug, game, pages):
    form = pages["round"]
    labels = form_labels(form)
    sheet_fields = {name: label for name, label in labels.items() if SHEET_FIELD.match(name)}
    assert any(name.startswith("book_") for name in sheet_fields)
    assert {"black_threes_held", "melded_points", "hand_points"} <= set(sheet_fields)

    # The blank sheet prints each of the form's labels, word for word ("Clean books × 500"),
    # but for fields of a rare sort that share one row on paper (Modern American's penalties):
    # that row sends the reader to the rules card beside it (test_sheet_rows.py).
    sheet = pages["blank sheet"]
    shared = {field for row in sheet_rows(preset(slug)) if len(row.fields) > 1 for field in row.fields}
    form_names = {field.form_name: field.key for field in entry_fields(preset(slug))}
    for name, label in sheet_fields.items():
        if form_names[name] in shared:
            assert "see the rules card" in sheet, (slug, label)
        else:
            assert label in sheet, (slug, label)
    going_out = re.search(r'<p class="hint">(Going out[^.<]*)\.', form).group(1)  # "Going out +100"
    assert going_out in sheet

    # The breakdown of one of everything: count lines read "<name> 1 × <value>", as the form's
    # "<name> × <value>"; points lines carry the form's name without its sign.
    data = {"went_out": "0", "version": "new"}
    # A special hand (Acaba, the American ones) replaces the whole round: it has its own tests
    # (test_schema_extensions.py); here it stays unticked so that every other line shows.
    special = {f"extra_{extra.key}" for extra in preset(slug).special_hands}
    sheet_fields = {name: label for name, label in sheet_fields.items() if name not in special}
    data.update({f"t0-{name}": "5" if name.endswith("_points") else "1" for name in sheet_fields})
    data.update({f"t1-{name}": "0" for name in sheet_fields})
    preview = client.post(f"/g/{game.token}/rounds/1/preview/", data)
    assert preview.status_code == 200
    body = json.loads(preview.content)
    assert body["ok"], body
    breakdown = html.unescape(body["teams"][0])
    for _name, label in sheet_fields.items():
        if " × " in label:
            assert label.replace(" × ", " 1 × ", 1) in breakdown, (slug, label)
        else:
            assert f"<td>{label.rsplit(' (', 1)[0]}</td>" in breakdown, (slug, label)
    assert "<td>Going out" in breakdown

    # The rules card names the books, threes and extras as the form does.
    card = pages["rules"]
    for _name, label in sheet_fields.items():
        if " × " in label:
            assert f'<th scope="row">{label.split(" × ")[0]}</th>' in card, (slug, label)
    hand = sheet_fields["hand_points"].rsplit(" (", 1)[0]  # "Cards left in hand, knee and foot"
    assert f'<th scope="row">{hand}</th>' in card


def no_page_or_sheet_shows_working_notes(client, slug, game, pages):
    pages = {
        "variants": page_text(client.get("/variants/")),
        "rules": pages["rules"],
        "game": page_text(client.get(f"/g/{game.token}/")),
        "round": pages["round"],
        "print form": page_text(client.get("/print/")),
        "blank sheet": pages["blank sheet"],
        "rules on the back": pdf_text(
            client.get(
                "/print/",
                {"variant": slug, "teams": 2, "paper": "a4", "copies": 1, "rules_card": "back", "large_print": "on"},
            ).content
        ),
        "game sheet": pdf_text(client.get(f"/g/{game.token}/sheet.pdf").content),
    }
    for where, text in pages.items():
        # the game's own addresses are random letters ("…-L4/" is no line reference), and so is its QR code
        text = re.sub(
            r"<svg.*?</svg>", "", text.replace(game.token, "TOKEN").replace(game.share_token, "TOKEN"), flags=re.S
        )
        found = WORKING_NOTES.search(text)
        assert found is None, f"{slug}, {where}: {found and text[max(found.start() - 60, 0) : found.end() + 60]!r}"


def test_the_check_finds_working_notes_where_they_are():
    # The pattern itself: each kind of note we used to show is caught, plain words are not.
    for note in (
        "002_f28d0dd582eed8e7.txt L47-51",
        "VARIANTS.md C-13",
        "(000 L404)",
        "How we read the source",
        "not stated by the source",
        "using 0 until a club sets it",
        "HF-1 alternates",
    ):
        assert WORKING_NOTES.search(note), note
    assert WORKING_NOTES.search("Not in the written rules; change it in house rules.") is None
    assert WORKING_NOTES.search("Clean books × 500 · Going out +100 · Round 1 · meld 50") is None
