"""The rules card: a short human-readable summary generated from a variant's rules.

Shown on each variant's page and in the game; the printed sheet will reuse it.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheet.rules import CARD_CLASS_LABELS, CARD_CLASSES, Rules
from scoresheet.scoring import fmt, plural

NOT_STATED = "not stated by the source"

# Labels for the paths a preset can list under "not_stated".
NOT_STATED_LABELS = {
    "card_values": "Card values",
    "red_threes.laid_value": "Red threes laid",
    "red_threes.held_penalty": "Red threes held",
    "black_threes.held_penalty": "Black threes held",
    "going_out_bonus": "Going-out bonus",
    "concealed_bonus": "Concealed going-out bonus",
    "book_kinds.required_to_go_out": "Books needed to go out",
}


@dataclass(frozen=True)
class Row:
    label: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[Row, ...]


def signed(n: int) -> str:
    return f"+{fmt(n)}" if n > 0 else fmt(n)


def _stated(rules: Rules, path: str, text: str) -> str:
    return text if rules.is_stated(path) else f"{text} ({NOT_STATED})"


def going_out_needs(rules: Rules, number: int | None = None) -> str:
    """"2 clean piles, 2 dirty piles and 1 wild pile" for a round (or the usual rounds)."""
    parts = []
    for kind in rules.book_kinds:
        n = kind.required_in_round(number) if number else kind.required_to_go_out
        if n:
            parts.append(f"{n} {plural(kind.label.lower(), n)}")
    if rules.required_any_books:
        parts.append(f"{rules.required_any_books} {plural('book', rules.required_any_books)} of any kind")
    if not parts:
        return "nothing stated" if not rules.is_stated("book_kinds.required_to_go_out") else "no books"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def meld_rows(rules: Rules) -> tuple[Row, ...]:
    schedule = rules.meld_schedule
    if schedule.basis == "round":
        return tuple(Row(f"Round {i}", requirement_text(req)) for i, req in enumerate(schedule.by_round, start=1))
    rows = []
    for band in schedule.bands:
        if band.low is None:
            label = f"Below {fmt(band.high)}" if band.high is not None else "Any score"
        elif band.high is None:
            label = f"{fmt(band.low)} and up"
        else:
            label = f"{fmt(band.low)} to {fmt(band.high - 5)}"
        rows.append(Row(label, requirement_text(band.requirement)))
    return tuple(rows)


def requirement_text(req: int | str) -> str:
    return f"{fmt(req)} points" if isinstance(req, int) else req


def game_end_text(rules: Rules) -> str:
    end = rules.game_end
    if end.target_score is not None:
        return f"First to {fmt(end.target_score)} points, at the end of a round; the higher total wins"
    text = f"{end.rounds} {plural('round', end.rounds)}"
    if end.optional_extra_rounds:
        text += f", and {end.optional_extra_rounds} optional {plural('round', end.optional_extra_rounds)}"
    return text + "; the higher total wins"


def rules_card(rules: Rules) -> list[Section]:
    values = rules.card_values
    card_rows = []
    for key in CARD_CLASSES:
        if key == "black_threes":
            continue
        card_rows.append(Row(CARD_CLASS_LABELS[key], fmt(values[key])))
    card_rows.append(Row("Cards left in hand", "count against you at the same values"))
    if not rules.is_stated("card_values"):
        card_rows.append(Row("Note", f"card values {NOT_STATED}; the usual values are used"))

    book_rows = [Row(kind.label, fmt(kind.bonus), {"wild": "wild cards only", "mixed": "with wild cards",
                                                  "natural": "no wild cards"}[kind.cards])
                 for kind in rules.book_kinds]
    size = f"{rules.book_size} cards" + "".join(f"; {n} with {players} players"
                                                for players, n in sorted(rules.book_size_by_players.items()))
    book_rows.append(Row("A book is", size))

    rt = rules.red_threes
    three_rows = []
    if rt.laid_value is None:
        three_rows.append(Row("Red three laid", "cannot be laid"))
    else:
        three_rows.append(Row("Red three laid", _stated(rules, "red_threes.laid_value", signed(rt.laid_value))))
        for bonus in rt.set_bonuses:
            three_rows.append(Row(f"{bonus.min_count} or more red threes", f"{signed(bonus.bonus)} bonus"))
        if rt.negative_when_not_melded:
            three_rows.append(Row("Red threes, team not melded", "count against the team"))
    if rt.held_penalty is None:
        three_rows.append(Row("Red three held", "never: laid as soon as drawn"))
    else:
        three_rows.append(Row("Red three held", _stated(rules, "red_threes.held_penalty", signed(-rt.held_penalty))))
    three_rows.append(Row("Black three held", _stated(rules, "black_threes.held_penalty",
                                                      signed(-rules.black_three_penalty))))
    if values["black_threes"] is None:
        three_rows.append(Row("Black three melded", "cannot be melded"))
    else:
        three_rows.append(Row("Black three melded", signed(values["black_threes"])))

    out_rows = [Row("Going out needs", going_out_needs(rules))]
    rounds_with_other_needs = sorted({r for k in rules.book_kinds for r in k.required_by_round})
    for number in rounds_with_other_needs:
        out_rows.append(Row(f"In round {number}", going_out_needs(rules, number)))
    out_rows.append(Row("Going-out bonus", _stated(rules, "going_out_bonus", signed(rules.going_out_bonus))))
    if rules.concealed_bonus is not None:
        out_rows.append(Row("Going out concealed", f"{signed(rules.concealed_bonus)} more"))
    for extra in rules.extras:
        limit = f" (at most {extra.max_per_round} a round)" if extra.max_per_round else ""
        out_rows.append(Row(extra.label, signed(extra.amount) + limit, extra.note))

    meld_title = "Opening meld by round" if rules.meld_schedule.basis == "round" else \
        "Opening meld by the team's score before the round"

    game_rows = [Row("Game", game_end_text(rules))]
    if rules.setup.piles:
        game_rows.append(Row("Deal", ", ".join(f"{name} {cards}" for name, cards in rules.setup.piles)))
    sides = []
    if rules.setup.team_counts:
        sides.append(f"{_numbers(rules.setup.team_counts)} teams")
    if rules.setup.individual_counts:
        sides.append(f"{_numbers(rules.setup.individual_counts)} players on their own")
    game_rows.append(Row("Played by", " or ".join(sides)))

    sections = [
        Section("Books", tuple(book_rows)),
        Section("Threes", tuple(three_rows)),
        Section("Going out and bonuses", tuple(out_rows)),
        Section(meld_title, meld_rows(rules)),
        Section("Card values", tuple(card_rows)),
        Section("Game", tuple(game_rows)),
    ]
    if rules.not_stated:
        sections.append(Section("Not stated by the source", tuple(
            Row(NOT_STATED_LABELS.get(path, path), f"using {_value_in_use(rules, path)} until a club sets it")
            for path in rules.not_stated
        )))
    if rules.notes:
        sections.append(Section("How we read the source", tuple(Row("", note) for note in rules.notes)))
    sections.append(Section("Sources", tuple(Row(f"{s.seed} {s.lines}".strip(), s.what) for s in rules.sources)))
    return sections


def _value_in_use(rules: Rules, path: str) -> str:
    """What the app counts for a value the source leaves out."""
    if path == "card_values":
        return "the usual values"
    if path == "book_kinds.required_to_go_out":
        return "no check"
    value = {
        "red_threes.laid_value": rules.red_threes.laid_value,
        "red_threes.held_penalty": None if rules.red_threes.held_penalty is None else -rules.red_threes.held_penalty,
        "black_threes.held_penalty": -rules.black_three_penalty,
        "going_out_bonus": rules.going_out_bonus,
        "concealed_bonus": rules.concealed_bonus,
    }.get(path)
    return "not allowed" if value is None else signed(value) if value else "0"


def _numbers(ns: tuple[int, ...]) -> str:
    ns = sorted(ns)
    if len(ns) == 1:
        return str(ns[0])
    if ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}–{ns[-1]}"
    return ", ".join(str(n) for n in ns[:-1]) + f" or {ns[-1]}"
