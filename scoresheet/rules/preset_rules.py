"""The presets (plain Python, no database): their documents in ``presets/<slug>.json``, each
loaded and checked once.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from scoresheet.rules.loading import load_rules
from scoresheet.rules.schema import Rules, said

PRESETS_DIR = Path(__file__).resolve().parent / "presets"

PRESET_SLUGS = (
    "hand-and-foot",
    "hand-and-foot-6-deck",
    "hand-and-foot-canasta",
    "hand-and-foot-11-card",
    "hand-and-foot-individual",
    "hand-knee-and-foot",
    "hand-knee-and-foot-by-round",
    "canasta",
    # issue 11: the rest of the sources' rule sets (PRODUCT.md "More presets")
    "hand-and-foot-earl",
    "hand-and-foot-basic",
    "hand-and-foot-saskatchewan",
    "hand-and-foot-brouillette",
    "hand-and-foot-brouillette-partners",
    "hand-and-foot-brouillette-partners-low",
    "hand-and-foot-gocc",
    "hand-and-foot-3-red-4-black",
    "canasta-modern-american",
    "samba",
    "bolivian-canasta",
    "brazilian-canasta",
    "cuban-canasta",
    "british-canasta",
)


def preset_document(slug: str) -> dict:
    """The JSON document of a preset (a fresh copy); KeyError for an unknown slug."""
    if slug not in PRESET_SLUGS:
        raise KeyError(slug)
    return json.loads((PRESETS_DIR / f"{slug}.json").read_text(encoding="utf-8"))


@cache
def preset(slug: str) -> Rules:
    """A preset's validated rules; KeyError for an unknown slug."""
    return load_rules(preset_document(slug))


def presets() -> list[Rules]:
    return [preset(slug) for slug in PRESET_SLUGS]


@cache
def _translations_by_name() -> dict[str, dict[str, dict[str, str]]]:
    return {rules.name: rules.translations for rules in presets()}


def name_shown(name: str) -> str:
    """A rule set's name in the page's language: a preset's ("Hand and Foot, six decks") from its
    document's translations ("Hand and Foot, six jeux"), wherever it is kept (a variant, a game's
    snapshot); any other name (a club's house rules) as typed."""
    return said(_translations_by_name().get(name, {}), name)
