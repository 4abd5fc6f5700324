"""The rules a season's standings are ranked by (PRODUCT.md, "Standings"), each said once: its key
(the public slug of ``standings --by`` and the page's ``?by=``), its names and words as the season
form, the standings page, the workbook and the PDF show them, and the metrics it compares.

``league.results.metrics.rank`` compares the ``sort`` metrics in order, each the way its metric is better
(``Metric.higher_is_better``); a club's new ranking rule is one entry here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop


@dataclass(frozen=True)
class RankingRule:
    key: str  # "vp": the public slug
    name: str  # "Victory points": the season form's choice
    short: str  # "VP": the page's switch and the workbook's sheet
    words: str  # "victory points per game (then points)", after "Ranked by"
    sort: tuple[str, ...]  # the metrics compared (league.results.metrics.METRICS), the first first

    @property
    def sentence(self) -> str:
        """The rule as the season's page says it: "Ranked by wins (then points)."."""
        return gettext("Ranked by %(words)s.") % {"words": self.words_shown}

    @property
    def name_shown(self) -> str:
        """``name`` in the page's language (the season form's choice)."""
        return gettext(self.name)

    @property
    def short_shown(self) -> str:
        """``short`` in the page's language (the standings page's switch; the workbook's sheet keeps it)."""
        return gettext(self.short)

    @property
    def words_shown(self) -> str:
        """``words`` in the page's language (the workbook and the commands keep them in English)."""
        return gettext(self.words)


RANKINGS: dict[str, RankingRule] = {
    rule.key: rule
    for rule in [
        RankingRule(
            "vp",
            gettext_noop("Victory points"),
            gettext_noop("VP"),
            gettext_noop("victory points per game (then points)"),
            ("vp_average", "points"),
        ),
        RankingRule(
            "wins", gettext_noop("Wins"), gettext_noop("Wins"), gettext_noop("wins (then points)"), ("wins", "points")
        ),
        RankingRule(
            "points", gettext_noop("Points"), gettext_noop("Points"), gettext_noop("total points"), ("points",)
        ),
        RankingRule(
            "average",
            gettext_noop("Average"),
            gettext_noop("Average"),
            gettext_noop("average points per game"),
            ("average",),
        ),
    ]
}

# The ratings' ranking (league.ratings): a view of the season's standings page beside the rules
# above, never a season's own rule, a command's ``--by`` or a workbook's sheet (those four are the
# public contract). Only players whose rating is shown (``metrics.RATED_GAMES``) are ranked by it.
RATING = RankingRule(
    "rating",
    gettext_noop("Rating"),
    gettext_noop("Rating"),
    gettext_noop("rating, learned from every game with partners and opponents (then points)"),
    ("rating", "points"),
)


def ranking_rule(key: str) -> RankingRule:
    """The rule named ``key``: one of ``RANKINGS``, or the ratings' (``RATING``)."""
    return RATING if key == RATING.key else RANKINGS[key]


# The view of fixed partnerships beside the ranking views (ranked by the season's rule): its
# switch on the page and its sheet in the workbook.
PARTNERSHIPS = gettext_noop("Partnerships")
