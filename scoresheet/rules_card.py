"""The rules card: a short summary in plain words, generated from a variant's rules.

Shown on each variant's page, in every game and on the printed sheet. Its rows name the
entry fields as the round form and the sheet do (``fields.entry_fields``). Players see
what the rule is; where a value is not in the written rules, a short plain note says so.
Where a value comes from (source files, our reading of them) stays in the preset JSON
for maintainers and never appears here.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheet import fields
from scoresheet.display import fmt, join_and, plural, signed
from scoresheet.fields import book_word
from scoresheet.rules import CARD_CLASS_LABELS, CARD_CLASSES, Rules

# A value the written rules leave out: what players are told beside it.
NOT_WRITTEN = "Not in the written rules; a club that plays it differently can change it."


@dataclass(frozen=True)
class Row:
    label: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[Row, ...]


def _note(rules: Rules, path: str, note: str = "") -> str:
    """The row's note, with the plain "not in the written rules" remark where that applies."""
    if rules.is_stated(path):
        return note
    return f"{note}. {NOT_WRITTEN}" if note else NOT_WRITTEN


def going_out_needs(rules: Rules, number: int | None = None) -> str:
    """ "2 clean books, 2 dirty books and 1 wild book" for a round (or the usual rounds)."""
    by_kind = {
        kind.key: kind.required_in_round(number) if number else kind.required_to_go_out for kind in rules.book_kinds
    }
    return _books_text(rules, by_kind, rules.required_any_books)


def _books_text(rules: Rules, by_kind: dict[str, int], any_books: int) -> str:
    parts = []
    for kind in rules.book_kinds:
        n = by_kind.get(kind.key, 0)
        if n:
            parts.append(f"{n} {plural(kind.label.lower(), n)}")
    if any_books:
        parts.append(f"{any_books} {plural(book_word(rules), any_books)} of any kind")
    if not parts:  # the row's note says when the written rules leave it out
        return f"no {plural(book_word(rules), 2)}"
    return join_and(parts)


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


def table_text(players: tuple[int, ...], partners: bool | None) -> str:
    """Which tables a going-out requirement is for: "With partners", "4 or 6 players", "3 players on their own"."""
    text = f"{_numbers(players)} players" if players else ""
    if partners is None:
        return text
    if partners:
        return f"{text} in teams" if text else "With partners"
    return f"{text} on their own" if text else "Without partners"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def books_to_win_text(rules: Rules) -> str:
    """ "7 canastas in one round: +5,000 and the game is won" (HF-5)."""
    target = rules.game_end.books_to_win
    bonus = f"{signed(target.bonus)} and " if target.bonus else ""
    return f"{target.books} {plural(book_word(rules), 2)} in one round: {bonus}the game is won"


def game_end_text(rules: Rules) -> str:
    end = rules.game_end
    if end.target_score is not None:
        return f"First to {fmt(end.target_score)} points, at the end of a round; the higher total wins"
    text = f"{end.rounds} {plural('round', end.rounds)}"
    if end.optional_extra_rounds:
        text += f", and {end.optional_extra_rounds} optional {plural('round', end.optional_extra_rounds)}"
    return text + "; the higher total wins"


def key_numbers(rules: Rules) -> tuple[str, ...]:
    """A variant's key numbers in a few words, for choosing one: how long a game lasts, what the
    books are worth, the opening meld ("4 rounds", "clean 500 · dirty 300", "meld 50/90/120/150 by round")."""
    end = rules.game_end
    if end.target_score is not None:
        length = f"to {fmt(end.target_score)}"
    else:
        length = f"{end.rounds} {plural('round', end.rounds)}"
        if end.optional_extra_rounds:
            length += f" (+{end.optional_extra_rounds} optional)"
    word = book_word(rules)
    books = " · ".join(f"{_kind_name(kind.label, word)} {fmt(kind.bonus)}" for kind in rules.book_kinds)
    schedule = rules.meld_schedule
    steps = schedule.by_round if schedule.basis == "round" else tuple(band.requirement for band in schedule.bands)
    meld = "meld " + "/".join(fmt(s) if isinstance(s, int) else s for s in steps) + f" by {schedule.basis}"
    return tuple(part for part in (length, books, meld) if part)


def _kind_name(label: str, word: str) -> str:
    """ "Clean book" → "clean", "Natural canasta" → "natural": the book word goes without saying."""
    words = label.split()
    if len(words) > 1 and words[-1].lower() == word:
        words = words[:-1]
    return " ".join(words).lower()


def rules_card(rules: Rules) -> list[Section]:
    by_key = fields.fields_by_key(rules)
    sections = [
        Section(plural(book_word(rules), 2).capitalize(), _book_rows(rules, by_key)),
        Section("Threes", _three_rows(rules, by_key)),
        Section("Going out and bonuses", _going_out_rows(rules, by_key)),
        Section("Penalties", tuple(_extra_rows(rules, by_key, lambda extra: extra.amount < 0))),
        Section("Special hands", _special_hand_rows(rules, by_key)),
        Section(
            "Opening meld by round"
            if rules.meld_schedule.basis == "round"
            else "Opening meld by the team's score before the round",
            meld_rows(rules),
        ),
        Section("Card values", _card_rows(rules)),
        Section("Game", _game_rows(rules)),
        Section("Good to know", tuple(Row("", note) for note in rules.player_notes)),
    ]
    return [section for section in sections if section.rows]


def _book_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    made_of = {"wild": "wild cards only", "mixed": "with wild cards", "natural": "no wild cards"}
    rows = [Row(by_key[f"books.{kind.key}"].label, fmt(kind.bonus), made_of[kind.cards]) for kind in rules.book_kinds]
    size = f"{rules.book_size} cards" + "".join(
        f"; {n} with {players} players" for players, n in sorted(rules.book_size_by_players.items())
    )
    rows.append(Row(f"A {book_word(rules)} is", size))
    return tuple(rows)


def _three_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    red = rules.red_threes
    rows = []
    if red.laid_value is None:
        rows.append(Row("Red threes laid", "cannot be laid"))
    else:
        rows.append(Row(by_key["red_threes"].label, signed(red.laid_value), _note(rules, "red_threes.laid_value")))
        rows += [
            Row(f"{bonus.min_count} or more red threes", f"{signed(bonus.bonus)} bonus") for bonus in red.set_bonuses
        ]
        if red.negative_when_not_melded:
            rows.append(Row("Red threes of a team that has not melded", "count against the team"))
        if red.positive_with_books is not None:
            n = red.positive_with_books
            rows.append(
                Row(
                    f"Red threes of a side with fewer than {n} {plural(book_word(rules), n)}",
                    "count against the side" if red.below == "against" else "count nothing",
                    _note(rules, "red_threes.positive_with_books"),
                )
            )
    if red.held_penalty is None:
        rows.append(Row("Red threes caught", "never: laid as soon as drawn"))
    else:
        rows.append(
            Row(by_key["red_threes_held"].label, signed(-red.held_penalty), _note(rules, "red_threes.held_penalty"))
        )
    rows.append(
        Row(
            by_key["black_threes_held"].label,
            signed(-rules.black_three_penalty),
            _note(rules, "black_threes.held_penalty"),
        )
    )
    black_melded = rules.card_values["black_threes"]
    rows.append(Row("Black threes melded", "cannot be melded" if black_melded is None else signed(black_melded)))
    return tuple(rows)


def _going_out_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    rows = [Row("Going out needs", going_out_needs(rules), _note(rules, "book_kinds.required_to_go_out"))]
    rounds_with_other_needs = sorted({r for k in rules.book_kinds for r in k.required_by_round})
    rows += [Row(f"In round {number}", going_out_needs(rules, number)) for number in rounds_with_other_needs]
    if rules.going_out_by_players:
        # A small table, one row per kind of table; the variant's usual need holds at any other.
        by_table = [
            Row(
                f"Going out needs: {_lower_first(table_text(r.players, r.partners))}",
                _books_text(rules, r.books, r.any_books),
            )
            for r in rules.going_out_by_players
        ]
        rows[0] = Row("Going out needs: at other tables", rows[0].value, rows[0].note)
        rows = [*by_table, *rows]
    rows.append(Row(by_key["went_out"].label, signed(rules.going_out_bonus), _note(rules, "going_out_bonus")))
    if rules.concealed_bonus is not None:
        rows.append(
            Row(by_key["concealed"].label, f"{signed(rules.concealed_bonus)} more", _note(rules, "concealed_bonus"))
        )
    rows += _extra_rows(rules, by_key, lambda extra: extra.amount >= 0)
    return tuple(rows)


def _extra_rows(rules: Rules, by_key: dict[str, fields.EntryField], which) -> list[Row]:
    """The rows of the extras counted per round (bonuses, penalties) that ``which`` picks."""
    rows = []
    for extra in rules.extras:
        if extra.replaces_round_score is None and which(extra):
            limit = f" (at most {extra.max_per_round} a round)" if extra.max_per_round else ""
            rows.append(Row(by_key[f"extras.{extra.key}"].label, signed(extra.amount) + limit, extra.note))
    return rows


def _special_hand_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    """Acaba, the American special hands: each replaces the round's score for every side."""
    rows = []
    for extra in rules.special_hands:
        hand = extra.replaces_round_score
        value = f"{fmt(hand.caller)}; the others {fmt(hand.others)}"
        rows.append(Row(by_key[f"extras.{extra.key}"].label, value, extra.note))
    if not rows:
        return ()
    remark = "It replaces the round: the side that calls it scores the first value, every other side the second."
    return (Row("", remark), *rows)


def _card_rows(rules: Rules) -> tuple[Row, ...]:
    values = rules.card_values
    note = ""
    if not rules.is_stated("card_values"):
        note = "Not in the written rules: the usual values are used. A club that plays others can change them."
    rows = [Row(CARD_CLASS_LABELS[key], fmt(values[key])) for key in CARD_CLASSES if key != "black_threes"]
    rows.append(Row(f"Cards left in {fields.piles_text(rules)}", "count against you at the same values"))
    if rules.melded_against_without_books:
        rows.append(Row(f"Cards on the table of a side with no {book_word(rules)}", "count against the side"))
    if note:
        rows.append(Row("", note))
    return tuple(rows)


def _game_rows(rules: Rules) -> tuple[Row, ...]:
    rows = [Row("Game", game_end_text(rules))]
    if rules.game_end.books_to_win is not None:
        rows.append(Row("Ends at once", books_to_win_text(rules)))
    if rules.setup.piles:
        rows.append(Row("Deal", ", ".join(f"{name} {cards}" for name, cards in rules.setup.piles)))
    sides = []
    if rules.setup.team_counts:
        sides.append(f"{_numbers(rules.setup.team_counts)} teams")
    if rules.setup.individual_counts:
        sides.append(f"{_numbers(rules.setup.individual_counts)} players on their own")
    rows.append(Row("Played by", " or ".join(sides)))
    return tuple(rows)


def _numbers(ns: tuple[int, ...]) -> str:
    ns = sorted(ns)
    if len(ns) == 1:
        return str(ns[0])
    if ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}–{ns[-1]}"
    return ", ".join(str(n) for n in ns[:-1]) + f" or {ns[-1]}"
