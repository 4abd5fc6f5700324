"""Which presets a test runs over: all 22 where that is cheap, a few otherwise.

A test that renders and parses PDFs or fills the database for each preset runs for the four
presets that between them hold every kind of rule (books by kind, a knee, meld by round and by
score, a target score, special hands, penalties in one row) and for a few more that hypothesis
draws from the other presets: a different few on each run, so the CI runs (HYPOTHESIS_PROFILE=ci,
more draws) go through all of them in time. A draw that fails is kept in hypothesis' database
and tried first on the next run.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scoresheet.rules.preset_rules import PRESET_SLUGS

# Hand and Foot (books by kind, meld by score), Hand Knee and Foot (a knee, five book kinds),
# Canasta (a target score instead of rounds) and Modern American Canasta (meld by round, special
# hands, penalties sharing a row, a sheet printed upright).
REPRESENTATIVE = ("hand-and-foot", "hand-knee-and-foot", "canasta", "canasta-modern-american")
OTHERS = tuple(slug for slug in PRESET_SLUGS if slug not in REPRESENTATIVE)
# Hypothesis always tries the first of OTHERS; the rest are drawn at random.
DRAWN = {"ci": 6}.get(os.environ.get("HYPOTHESIS_PROFILE", "dev"), 2)


def representative_and_drawn_presets(test):
    """Run ``test`` with ``slug`` each representative preset and a few drawn from the others.

    The test may use function-scoped fixtures (the test client, the database) only if what one
    preset leaves behind does not matter to the next: they are set up once for all the presets.
    """
    return representative_and_drawn_from(PRESET_SLUGS)(test)


def representative_and_drawn_from(slugs):
    """``representative_and_drawn_presets`` among ``slugs`` only (the canasta pads, say): the
    representative presets among them, and a few drawn from the rest of them."""
    slugs = tuple(slugs)
    chosen = tuple(slug for slug in REPRESENTATIVE if slug in slugs)
    others = tuple(slug for slug in slugs if slug not in chosen)
    assert chosen and others, slugs

    def decorate(test):
        drawn = given(slug=st.sampled_from(others))(test)
        for slug in reversed(chosen):
            drawn = example(slug=slug)(drawn)
        return settings(max_examples=DRAWN, suppress_health_check=[HealthCheck.function_scoped_fixture])(drawn)

    return decorate
