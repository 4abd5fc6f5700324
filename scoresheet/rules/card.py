"""The rules card: a short summary in plain words, generated from a variant's rules.

Shown on each variant's page, in every game and on the printed sheet. Its rows name the
entry fields as the round form and the sheet do (``fields.entry_fields``). Players see
what the rule is; where a value is not in the written rules, a short plain note says so.
Where a value comes from (source files, our reading of them) stays in the preset JSON
for maintainers and never appears here.

The card speaks the page's language: its sentences are templates in the catalogue with the
numbers and the rules' own words (book kinds, card classes, piles: ``fields.rules_word``) put
in, never finished sentences. The presets' own sentences (notes, "Good to know") come from their
documents' translations (``Rules.said``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext

from scoresheet.display import fmt, join_and, plural, signed
from scoresheet.rules import fields
from scoresheet.rules.fields import book_word, books_word, count_of, rules_word
from scoresheet.rules.schema import CARD_CLASS_LABELS, CARD_CLASSES, Rules

# A value the written rules leave out: what players are told beside it (``not_written()``: in
# the page's language).
NOT_WRITTEN = gettext_noop("Not in the written rules; a club that plays it differently can change it.")


@dataclass(frozen=True)
class Row:
    label: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class Section:
    title: str
    rows: tuple[Row, ...]
    key: str = ""  # the title in English whatever the language ("Threes"): what compares two cards

    @property
    def name(self) -> str:
        return self.key or self.title


def _section(title: str, rows: tuple[Row, ...]) -> Section:
    """A section titled ``title`` (marked for the catalogue) in the page's language."""
    return Section(gettext(title), rows, key=title)


def not_written() -> str:
    return gettext(NOT_WRITTEN)


def _note(rules: Rules, path: str, note: str = "") -> str:
    """The row's note, with the plain "not in the written rules" remark where that applies."""
    if rules.is_stated(path):
        return note
    return f"{note}. {not_written()}" if note else not_written()


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
            parts.append(count_of(n, kind.label))
    if any_books:
        parts.append(
            gettext("%(count)s %(books)s of any kind") % {"count": any_books, "books": books_word(rules, any_books)}
        )
    if not parts:  # the row's note says when the written rules leave it out
        return gettext("no %(books)s") % {"books": books_word(rules, 2)}
    return join_and(parts)


def meld_rows(rules: Rules) -> tuple[Row, ...]:
    schedule = rules.meld_schedule
    if schedule.basis == "round":
        return tuple(
            Row(gettext("Round %(n)s") % {"n": i}, rules.said(requirement_text(req)))
            for i, req in enumerate(schedule.by_round, start=1)
        )
    rows = []
    for band in schedule.bands:
        if band.low is None:
            label = (
                gettext("Below %(score)s") % {"score": fmt(band.high)}
                if band.high is not None
                else gettext("Any score")
            )
        elif band.high is None:
            label = gettext("%(score)s and up") % {"score": fmt(band.low)}
        else:
            label = gettext("%(low)s to %(high)s") % {"low": fmt(band.low), "high": fmt(band.high - 5)}
        rows.append(Row(label, rules.said(requirement_text(band.requirement))))
    return tuple(rows)


def requirement_text(req: int | str) -> str:
    return gettext("%(score)s points") % {"score": fmt(req)} if isinstance(req, int) else req


def table_text(players: tuple[int, ...], partners: bool | None) -> str:
    """Which tables a going-out requirement is for: "With partners", "4 or 6 players", "3 players on their own"."""
    text = gettext("%(numbers)s players") % {"numbers": _numbers(players)} if players else ""
    if partners is None:
        return text
    if partners:
        return gettext("%(players)s in teams") % {"players": text} if text else gettext("With partners")
    return gettext("%(players)s on their own") % {"players": text} if text else gettext("Without partners")


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def books_to_win_text(rules: Rules) -> str:
    """ "7 canastas in one round: +5,000 and the game is won" (HF-5)."""
    target = rules.game_end.books_to_win
    books = {"count": target.books, "books": books_word(rules, 2), "bonus": signed(target.bonus)}
    if target.bonus:
        return gettext("%(count)s %(books)s in one round: %(bonus)s and the game is won") % books
    return gettext("%(count)s %(books)s in one round: the game is won") % books


def _rounds(n: int) -> str:
    return ngettext("%(n)s round", "%(n)s rounds", n) % {"n": n}


def game_end_text(rules: Rules) -> str:
    end = rules.game_end
    if end.target_score is not None:
        return gettext("First to %(score)s points, at the end of a round; the higher total wins") % {
            "score": fmt(end.target_score)
        }
    text = _rounds(end.rounds)
    if end.optional_extra_rounds:
        extra = end.optional_extra_rounds
        text = ngettext("%(rounds)s, and %(n)s optional round", "%(rounds)s, and %(n)s optional rounds", extra) % {
            "rounds": text,
            "n": extra,
        }
    return gettext("%(length)s; the higher total wins") % {"length": text}


def key_numbers(rules: Rules) -> tuple[str, ...]:
    """A variant's key numbers in a few words, for choosing one: how long a game lasts, what the
    books are worth, the opening meld ("4 rounds", "clean 500 · dirty 300", "meld 50/90/120/150 by round")."""
    end = rules.game_end
    if end.target_score is not None:
        length = gettext("to %(score)s") % {"score": fmt(end.target_score)}
    else:
        length = _rounds(end.rounds)
        if end.optional_extra_rounds:
            length += gettext(" (+%(n)s optional)") % {"n": end.optional_extra_rounds}
    word = book_word(rules)
    books = " · ".join(f"{_kind_name(kind.label, word)} {fmt(kind.bonus)}" for kind in rules.book_kinds)
    schedule = rules.meld_schedule
    steps = schedule.by_round if schedule.basis == "round" else tuple(band.requirement for band in schedule.bands)
    shown = {"steps": "/".join(fmt(s) if isinstance(s, int) else rules.said(s) for s in steps)}
    by_round = schedule.basis == "round"
    meld = (gettext("meld %(steps)s by round") if by_round else gettext("meld %(steps)s by score")) % shown
    return tuple(part for part in (length, books, meld) if part)


def _kind_name(label: str, word: str) -> str:
    """ "Clean book" → "clean", "Natural canasta" → "natural": the book word goes without saying
    (in English; a label in another language is shown whole, its words in another order)."""
    shown = rules_word(label)
    if shown != label:
        return shown.lower()
    words = label.split()
    if len(words) > 1 and words[-1].lower() == word:
        words = words[:-1]
    return " ".join(words).lower()


def rules_card(rules: Rules) -> list[Section]:
    by_key = fields.fields_by_key(rules)
    books = plural(book_word(rules), 2)
    sections = [
        Section(rules_word(books).capitalize(), _book_rows(rules, by_key), key=books.capitalize()),
        _section(gettext_noop("Threes"), _three_rows(rules, by_key)),
        _section(gettext_noop("Going out and bonuses"), _going_out_rows(rules, by_key)),
        _section(gettext_noop("Penalties"), tuple(_extra_rows(rules, by_key, lambda extra: extra.amount < 0))),
        _section(gettext_noop("Special hands"), _special_hand_rows(rules, by_key)),
        _section(
            gettext_noop("Opening meld by round")
            if rules.meld_schedule.basis == "round"
            else gettext_noop("Opening meld by the team's score before the round"),
            meld_rows(rules),
        ),
        _section(gettext_noop("Card values"), _card_rows(rules)),
        _section(gettext_noop("Game"), _game_rows(rules)),
        _section(gettext_noop("Good to know"), tuple(Row("", rules.said(note)) for note in rules.player_notes)),
    ]
    return [section for section in sections if section.rows]


def _book_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    made_of = {
        "wild": gettext("wild cards only"),
        "mixed": gettext("with wild cards"),
        "natural": gettext("no wild cards"),
    }
    rows = [Row(by_key[f"books.{kind.key}"].label, fmt(kind.bonus), made_of[kind.cards]) for kind in rules.book_kinds]
    size = gettext("%(n)s cards") % {"n": rules.book_size} + "".join(
        gettext("; %(n)s with %(players)s players") % {"n": n, "players": players}
        for players, n in sorted(rules.book_size_by_players.items())
    )
    rows.append(Row(gettext("A %(book)s is") % {"book": books_word(rules, 1)}, size))
    return tuple(rows)


def _three_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    red = rules.red_threes
    rows = []
    if red.laid_value is None:
        rows.append(Row(gettext("Red threes laid"), gettext("cannot be laid")))
    else:
        rows.append(Row(by_key["red_threes"].label, signed(red.laid_value), _note(rules, "red_threes.laid_value")))
        rows += [
            Row(
                gettext("%(n)s or more red threes") % {"n": bonus.min_count},
                gettext("%(bonus)s bonus") % {"bonus": signed(bonus.bonus)},
            )
            for bonus in red.set_bonuses
        ]
        if red.negative_when_not_melded:
            rows.append(Row(gettext("Red threes of a team that has not melded"), gettext("count against the team")))
        if red.positive_with_books is not None:
            n = red.positive_with_books
            rows.append(
                Row(
                    gettext("Red threes of a side with fewer than %(n)s %(books)s")
                    % {"n": n, "books": books_word(rules, n)},
                    gettext("count against the side") if red.below == "against" else gettext("count nothing"),
                    _note(rules, "red_threes.positive_with_books"),
                )
            )
    if red.held_penalty is None:
        rows.append(Row(gettext("Red threes caught"), gettext("never: laid as soon as drawn")))
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
    rows.append(
        Row(
            gettext("Black threes melded"),
            gettext("cannot be melded") if black_melded is None else signed(black_melded),
        )
    )
    return tuple(rows)


def _going_out_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    rows = [Row(gettext("Going out needs"), going_out_needs(rules), _note(rules, "book_kinds.required_to_go_out"))]
    rounds_with_other_needs = sorted({r for k in rules.book_kinds for r in k.required_by_round})
    rows += [
        Row(gettext("In round %(n)s") % {"n": number}, going_out_needs(rules, number))
        for number in rounds_with_other_needs
    ]
    if rules.going_out_by_players:
        # A small table, one row per kind of table; the variant's usual need holds at any other.
        by_table = [
            Row(
                gettext("Going out needs: %(table)s") % {"table": _lower_first(table_text(r.players, r.partners))},
                _books_text(rules, r.books, r.any_books),
            )
            for r in rules.going_out_by_players
        ]
        rows[0] = Row(gettext("Going out needs: at other tables"), rows[0].value, rows[0].note)
        rows = [*by_table, *rows]
    rows.append(Row(by_key["went_out"].label, signed(rules.going_out_bonus), _note(rules, "going_out_bonus")))
    if rules.concealed_bonus is not None:
        rows.append(
            Row(
                by_key["concealed"].label,
                gettext("%(bonus)s more") % {"bonus": signed(rules.concealed_bonus)},
                _note(rules, "concealed_bonus"),
            )
        )
    rows += _extra_rows(rules, by_key, lambda extra: extra.amount >= 0)
    return tuple(rows)


def _extra_rows(rules: Rules, by_key: dict[str, fields.EntryField], which) -> list[Row]:
    """The rows of the extras counted per round (bonuses, penalties) that ``which`` picks."""
    rows = []
    for extra in rules.extras:
        if extra.replaces_round_score is None and which(extra):
            limit = gettext(" (at most %(n)s a round)") % {"n": extra.max_per_round} if extra.max_per_round else ""
            rows.append(Row(by_key[f"extras.{extra.key}"].label, signed(extra.amount) + limit, rules.said(extra.note)))
    return rows


def _special_hand_rows(rules: Rules, by_key: dict[str, fields.EntryField]) -> tuple[Row, ...]:
    """Acaba, the American special hands: each replaces the round's score for every side."""
    rows = []
    for extra in rules.special_hands:
        hand = extra.replaces_round_score
        value = gettext("%(caller)s; the others %(others)s") % {"caller": fmt(hand.caller), "others": fmt(hand.others)}
        rows.append(Row(by_key[f"extras.{extra.key}"].label, value, rules.said(extra.note)))
    if not rows:
        return ()
    remark = gettext(
        "It replaces the round: the side that calls it scores the first value, every other side the second."
    )
    return (Row("", remark), *rows)


def _card_rows(rules: Rules) -> tuple[Row, ...]:
    values = rules.card_values
    note = ""
    if not rules.is_stated("card_values"):
        note = gettext("Not in the written rules: the usual values are used. A club that plays others can change them.")
    rows = [Row(rules_word(CARD_CLASS_LABELS[key]), fmt(values[key])) for key in CARD_CLASSES if key != "black_threes"]
    rows.append(
        Row(
            gettext("Cards left in %(piles)s") % {"piles": fields.piles_text(rules)},
            gettext("count against you at the same values"),
        )
    )
    if rules.melded_against_without_books:
        rows.append(
            Row(
                gettext("Cards on the table of a side with no %(book)s") % {"book": books_word(rules, 1)},
                gettext("count against the side"),
            )
        )
    if note:
        rows.append(Row("", note))
    return tuple(rows)


def _game_rows(rules: Rules) -> tuple[Row, ...]:
    rows = [Row(gettext("Game"), game_end_text(rules))]
    if rules.game_end.books_to_win is not None:
        rows.append(Row(gettext("Ends at once"), books_to_win_text(rules)))
    if rules.setup.piles:
        piles = ", ".join(f"{rules_word(name, 'pile')} {cards}" for name, cards in rules.setup.piles)
        rows.append(Row(pgettext("the cards dealt", "Deal"), piles))
    sides = []
    if rules.setup.team_counts:
        sides.append(gettext("%(numbers)s teams") % {"numbers": _numbers(rules.setup.team_counts)})
    if rules.setup.individual_counts:
        sides.append(gettext("%(numbers)s players on their own") % {"numbers": _numbers(rules.setup.individual_counts)})
    rows.append(Row(gettext("Played by"), gettext(" or ").join(sides)))
    return tuple(rows)


def _numbers(ns: tuple[int, ...]) -> str:
    ns = sorted(ns)
    if len(ns) == 1:
        return str(ns[0])
    if ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}–{ns[-1]}"
    return ", ".join(str(n) for n in ns[:-1]) + gettext(" or ") + str(ns[-1])
