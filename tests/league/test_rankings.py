"""The ranking rules' registry: rank() compares each rule's metrics the way each metric is better."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

from league.rankings import RANKINGS, RankingRule
from league.results.metrics import METRICS, Played, Record, rank


def played(game: int, points: int) -> Played:
    return Played(game, 1, date(2026, 10, 6), points, Fraction(0), Decimal(10), True)


def test_a_lower_is_better_metric_ranks_the_smallest_first(monkeypatch):
    # A club's rule "fewest byes, then points": byes is lower-is-better, points higher-is-better.
    assert not METRICS["byes"].higher_is_better and METRICS["points"].higher_is_better
    rule = RankingRule("byes", "Fewest byes", "Byes", "fewest byes (then points)", ("byes", "points"))
    monkeypatch.setitem(RANKINGS, rule.key, rule)
    records = [
        Record((1,), "Ann", [played(1, 1000)], byes=2),
        Record((2,), "Bob", [played(2, 500)], byes=0),
        Record((3,), "Cleo", [played(3, 2000)], byes=1),
        Record((4,), "Dan", [played(4, 700)], byes=0),
        Record((5,), "Eve", [played(5, 700)], byes=0),
    ]
    rows, unranked = rank(records, by="byes")
    # no byes first (Dan and Eve level on 700 share 1st, then Bob's 500), then 1 bye, then 2
    assert [(row.rank, row.name) for row in rows] == [(1, "Dan"), (1, "Eve"), (3, "Bob"), (4, "Cleo"), (5, "Ann")]
    assert unranked == []


def test_every_rule_compares_known_metrics():
    for rule in RANKINGS.values():
        assert rule.sort and all(key in METRICS for key in rule.sort), rule.key
    assert list(RANKINGS) == ["vp", "wins", "points", "average"]  # the public slugs of --by and ?by=
