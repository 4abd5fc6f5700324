"""Converting a team's round entry between ``scoring.Entry`` and plain values.

The same plain shape is used by the database row (``TeamRound``), the score_game JSON
contract and the round form, so one pair of functions serves all three.
"""

from scoresheet.scoring.engine import Adjustment, Entry

COUNT_FIELDS = ("red_threes", "red_threes_held", "black_threes_held")
POINT_FIELDS = ("melded_points", "hand_points")
FLAG_FIELDS = ("went_out", "concealed")
ENTRY_FIELDS = (
    "books",
    *COUNT_FIELDS,
    *POINT_FIELDS,
    *FLAG_FIELDS,
    "extras",
    "adjustments",
    "melded_cards",
    "hand_cards",
)


def entry_from_values(values: dict) -> Entry:
    """Build an Entry from already type-checked plain values (absent = 0, false or empty)."""
    return Entry(
        books=dict(values.get("books") or {}),
        red_threes=values.get("red_threes") or 0,
        red_threes_held=values.get("red_threes_held") or 0,
        black_threes_held=values.get("black_threes_held") or 0,
        melded_points=values.get("melded_points") or 0,
        hand_points=values.get("hand_points") or 0,
        went_out=bool(values.get("went_out")),
        concealed=bool(values.get("concealed")),
        extras=dict(values.get("extras") or {}),
        adjustments=tuple(Adjustment(a["label"], a["points"]) for a in values.get("adjustments") or ()),
        melded_cards=values.get("melded_cards"),
        hand_cards=values.get("hand_cards"),
    )


def entry_to_values(entry: Entry) -> dict:
    return {
        "books": dict(entry.books),
        "red_threes": entry.red_threes,
        "red_threes_held": entry.red_threes_held,
        "black_threes_held": entry.black_threes_held,
        "melded_points": entry.melded_points,
        "hand_points": entry.hand_points,
        "went_out": entry.went_out,
        "concealed": entry.concealed,
        "extras": dict(entry.extras),
        "adjustments": [{"label": a.label, "points": a.points} for a in entry.adjustments],
        "melded_cards": dict(entry.melded_cards) if entry.melded_cards is not None else None,
        "hand_cards": dict(entry.hand_cards) if entry.hand_cards is not None else None,
    }
