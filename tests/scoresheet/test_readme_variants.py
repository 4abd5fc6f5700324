"""The README's "What each variant prints" table says what the presets allow on paper, and a
number of teams a variant does not allow is refused with the numbers it does."""

import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoresheet.paper import canasta_pad
from scoresheet.rules.preset_rules import PRESET_SLUGS, preset

README = Path(__file__).resolve().parents[2] / "README.md"


def said(counts: tuple[int, ...]) -> str:
    """(2, 3, 4) as the README says it: "2, 3 or 4"; none: "—"."""
    if not counts:
        return "—"
    return " or ".join(filter(None, [", ".join(map(str, counts[:-1])), str(counts[-1])]))


def readme_rows() -> dict[str, list[str]]:
    section = README.read_text().split("### What each variant prints")[1].split("\n## ")[0]
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| (.+) \|$", section, flags=re.MULTILINE)
    return {slug: [cell.strip() for cell in cells.split(" | ")] for slug, cells in rows}


def test_the_readme_table_says_what_each_preset_allows_and_prints():
    rows = readme_rows()
    assert list(rows) == list(PRESET_SLUGS)
    for slug in PRESET_SLUGS:
        rules = preset(slug)
        expected = [
            said(rules.setup.team_counts),
            said(rules.setup.individual_counts),
            "a pad of hands" if canasta_pad.is_pad(rules) else "round blocks",
        ]
        assert rows[slug] == expected, slug


def test_the_readme_promises_no_team_count_a_variant_refuses():
    assert "2–4 teams" not in README.read_text()
    assert said((2, 3, 4)) == "2, 3 or 4" and said((2,)) == "2" and said(()) == "—"


@pytest.mark.parametrize(
    ("slug", "teams", "allowed"),
    [
        ("hand-and-foot", 4, "2 or 3"),
        ("hand-knee-and-foot", 3, "2"),
        ("canasta-modern-american", 3, "2"),
        ("british-canasta", 4, "2 or 3"),
    ],
)
def test_a_team_count_the_variant_does_not_allow_is_refused_naming_the_ones_it_does(db, tmp_path, slug, teams, allowed):
    out = tmp_path / "sheet.pdf"
    with pytest.raises(CommandError, match=f"is played by {allowed} teams or players"):
        call_command("blank_sheet", "--variant", slug, "--teams", str(teams), "--out", str(out))
    assert not out.exists()
