"""What cannot be right in a round and what is worth a look (plain Python, no database).

``entry_errors`` and ``round_errors`` what cannot be right (the input is refused);
``round_warnings`` what is legal to record but worth a look; ``round_checks`` what Save asks to
confirm (going out short of the books it needs, and ``plausibility``'s numbers the cards hardly
allow). ``special_hand`` which side called a special hand, which replaces the round's scoring.
Teams are addressed by their index.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from django.utils import translation
from django.utils.translation import get_language, gettext, ngettext

from scoresheet.display import fmt, typed
from scoresheet.problems import Problem
from scoresheet.rules.fields import MAX_COUNT, MAX_POINTS, count_of, fields_by_key, rules_word
from scoresheet.rules.preset_rules import name_shown
from scoresheet.rules.schema import CARD_CLASS_LABELS, CARD_CLASSES, Extra, Rules
from scoresheet.scoring.engine_tables import EngineTables, engine_tables
from scoresheet.scoring.engine_tables import going_out_needs as _going_out_needs
from scoresheet.scoring.plausibility import Check, plausibility_checks
from scoresheet.scoring.team_entry import Entry, melded_points


def special_hand(rules: Rules, entries: Sequence[Entry]) -> tuple[int, Extra] | None:
    """The side that called or showed a special hand this round, and which hand; None if nobody did."""
    return special_hand_in(engine_tables(rules), entries)


def special_hand_in(tables: EngineTables, entries: Sequence[Entry]) -> tuple[int, Extra] | None:
    hands = tables.special_hands
    if not hands:
        return None
    for index, entry in enumerate(entries):
        for extra in hands:
            if entry.extras.get(extra.key, 0) > 0:
                return index, extra
    return None


def entry_errors(rules: Rules, entry: Entry, *, number: int, team: int) -> list[Problem]:
    """What cannot be right in one team's entry."""
    found = _Found(number, team)
    labels = fields_by_key(rules)  # "Clean books", "Cards on the table", "Cards left in hand and foot"
    _book_errors(rules, entry, found, labels)
    _three_errors(rules, entry, found)
    _points_errors(rules, entry, found, labels)
    _going_out_and_extra_errors(rules, entry, found)
    _adjustment_errors(entry, found)
    return found.problems


class _Found:
    """The problems found so far in one team's entry of round ``number``."""

    def __init__(self, number: int, team: int) -> None:
        self.number, self.team = number, team
        self.problems: list[Problem] = []

    def fail(self, field_name: str, message: str, key: str | None = None) -> None:
        self.problems.append(Problem(message, round=self.number, team=self.team, field=field_name, key=key))

    def check_count(self, field_name: str, what: str, value: int, key: str | None = None) -> None:
        words = {"what": what, "value": typed(value)}
        if value < 0:
            self.fail(field_name, gettext("%(what)s cannot be negative (%(value)s).") % words, key)
        elif value > MAX_COUNT:
            self.fail(field_name, gettext("%(what)s: %(value)s is more than any game holds.") % words, key)


def _book_errors(rules: Rules, entry: Entry, found: _Found, labels: dict) -> None:
    for key, count in entry.books.items():
        kind = rules.book_kind(key)
        if kind is None:
            kinds = ", ".join(k.key for k in rules.book_kinds)
            words = {"key": key, "rules": name_shown(rules.name), "kinds": kinds}
            found.fail("books", gettext("'%(key)s' is not a book kind in %(rules)s (it has %(kinds)s).") % words, key)
        else:
            found.check_count("books", labels[f"books.{key}"].label, count, key)


def _three_errors(rules: Rules, entry: Entry, found: _Found) -> None:
    named = {"rules": name_shown(rules.name)}
    found.check_count("red_threes", gettext("Red threes laid"), entry.red_threes)
    found.check_count("red_threes_held", gettext("Red threes caught"), entry.red_threes_held)
    found.check_count("black_threes_held", gettext("Black threes caught"), entry.black_threes_held)
    if entry.red_threes > 0 and rules.red_threes.laid_value is None:
        found.fail("red_threes", gettext("Red threes cannot be laid down in %(rules)s; count them as caught.") % named)
    if entry.red_threes_held > 0 and rules.red_threes.held_penalty is None:
        found.fail(
            "red_threes_held",
            gettext("Red threes are laid as soon as they are drawn in %(rules)s; count them as laid.") % named,
        )


def _points_errors(rules: Rules, entry: Entry, found: _Found, labels: dict) -> None:
    named = {"rules": name_shown(rules.name)}
    step = rules.points_step
    for field_name, value, cards in (
        ("melded_points", entry.melded_points, entry.melded_cards),
        ("hand_points", entry.hand_points, entry.hand_cards),
    ):
        if cards is not None:
            cards_field = field_name.replace("_points", "_cards")
            for key, count in cards.items():
                if key not in CARD_CLASSES:
                    words = {"key": key, "classes": ", ".join(CARD_CLASSES)}
                    found.fail(cards_field, gettext("'%(key)s' is not a card class (%(classes)s).") % words, key)
                else:
                    found.check_count(cards_field, rules_word(CARD_CLASS_LABELS[key]), count, key)
            if (
                cards_field == "melded_cards"
                and cards.get("black_threes", 0) > 0
                and rules.card_values["black_threes"] is None
            ):
                found.fail(cards_field, gettext("Black threes cannot be melded in %(rules)s.") % named, "black_threes")
            continue
        words = {"what": labels[field_name].label, "value": typed(value), "step": step}
        if value < 0:
            found.fail(
                field_name, gettext("%(what)s cannot be negative (%(value)s); enter the points as counted.") % words
            )
        elif value > MAX_POINTS:
            found.fail(field_name, gettext("%(what)s: %(value)s is more points than any hand holds.") % words)
        elif value % step:
            found.fail(
                field_name,
                gettext("%(what)s must be a multiple of %(step)s, as every card is (%(value)s is not).") % words,
            )


def _going_out_and_extra_errors(rules: Rules, entry: Entry, found: _Found) -> None:
    named = {"rules": name_shown(rules.name)}
    if entry.concealed and not entry.went_out:
        found.fail("concealed", gettext("Going out concealed needs going out too."))
    if entry.concealed and rules.concealed_bonus is None:
        found.fail("concealed", gettext("%(rules)s has no bonus for going out concealed.") % named)

    for key, count in entry.extras.items():
        extra = rules.extra(key)
        if extra is None:
            known = ", ".join(e.key for e in rules.extras) or gettext("none")
            words = {"key": key, "rules": name_shown(rules.name), "known": known}
            found.fail("extras", gettext("'%(key)s' is not an extra in %(rules)s (it has %(known)s).") % words, key)
            continue
        label = rules_word(extra.label)
        found.check_count("extras", label, count, key)
        if extra.max_per_round is not None and count > extra.max_per_round:
            words = {"extra": label, "most": extra.max_per_round, "count": typed(count)}
            found.fail("extras", gettext("%(extra)s: at most %(most)s a round, not %(count)s.") % words, key)


def _adjustment_errors(entry: Entry, found: _Found) -> None:
    for adjustment in entry.adjustments:
        if not adjustment.label.strip():
            found.fail("adjustments", gettext("Every adjustment needs a label that says what it is for."))
        elif len(adjustment.label) > 100:
            found.fail("adjustments", gettext("An adjustment label can be at most 100 characters."))
        if abs(adjustment.points) > MAX_POINTS:
            words = {"label": adjustment.label[:30], "points": typed(adjustment.points)}
            found.fail("adjustments", gettext("Adjustment '%(label)s': %(points)s is out of range.") % words)


# --- one round ----------------------------------------------------------------------------


def round_errors(rules: Rules, entries: Sequence[Entry], *, number: int, team_count: int) -> list[Problem]:
    """What cannot be right in a round: each entry's errors, then the round as a whole."""
    if len(entries) != team_count:
        words = {"number": number, "entries": len(entries), "teams": team_count}
        # Counted by the entries; English says "entries" for one too (the score_game contract's words).
        message = ngettext(
            "Round %(number)s has %(entries)s entries; there are %(teams)s teams.",
            "Round %(number)s has %(entries)s entries; there are %(teams)s teams.",
            len(entries),
        )
        return [Problem(message % words, round=number)]
    problems = [p for i, e in enumerate(entries) for p in entry_errors(rules, e, number=number, team=i)]
    out = [i for i, e in enumerate(entries) if e.went_out]
    for i in out[1:]:
        problems.append(
            Problem(gettext("Only one team can go out in a round."), round=number, team=i, field="went_out")
        )
    called = [(i, x) for i, e in enumerate(entries) for x in rules.special_hands if e.extras.get(x.key, 0) > 0]
    for i, extra in called[1:]:
        problems.append(
            Problem(
                gettext("Only one special hand can be called in a round (%(hand)s is already entered).")
                % {"hand": rules_word(called[0][1].label)},
                round=number,
                team=i,
                field="extras",
                key=extra.key,
            )
        )
    limit = 2 * rules.setup.max_decks(team_count)
    red = sum(max(e.red_threes, 0) + max(e.red_threes_held, 0) for e in entries)
    if limit and red > limit:
        problems.append(
            Problem(
                gettext("Round %(number)s has %(red)s red threes; the decks hold only %(limit)s.")
                % {"number": number, "red": red, "limit": limit},
                round=number,
                field="red_threes",
            )
        )
    return problems


def round_warnings(
    rules: Rules, entries: Sequence[Entry], *, number: int, partners: bool | None = None
) -> list[Problem]:
    """Legal to record, but worth a look. ``partners``: whether the table plays in partnerships
    (None: as the variant usually does at that many sides), for going-out requirements by table."""
    return round_warnings_for(
        rules, engine_tables(rules), entries, number=number, partners=partners, language=get_language()
    )


def round_warnings_for(
    rules: Rules,
    tables: EngineTables,
    entries: Sequence[Entry],
    *,
    number: int,
    partners: bool | None,
    language: str | None,
) -> list[Problem]:
    """``round_warnings`` with the variant\'s tables and the language already looked up (once a game)."""
    warnings: list[Problem] = []
    if special_hand_in(tables, entries) is not None:
        return warnings  # the round is the special hand's: nobody went out, no books count
    needs = None
    for i, entry in enumerate(entries):
        if entry.went_out:
            if needs is None:
                needs = _going_out_needs(rules, len(entries), number, partners)
            short = went_out_short(rules, entry, needs, number=number, team=i)
            if short is not None:
                warnings.append(short.problem)
        least = _least_book_points(tables, entry)
        if least and (entry.melded_points if entry.melded_cards is None else melded_points(rules, entry)) < least:
            warnings.append(
                Problem(
                    gettext(
                        "The books entered hold at least %(least)s points of cards, "
                        "but only %(melded)s were entered as melded."
                    )
                    % {"least": fmt(least), "melded": fmt(melded_points(rules, entry))},
                    round=number,
                    team=i,
                    field="melded_points",
                )
            )
    if entries and not any(e.went_out for e in entries):
        warnings.append(_nobody_went_out(language, number))
    return warnings


@cache
def _nobody_went_out(language: str | None, number: int) -> Problem:
    """The warning of round ``number`` when nobody went out of it, in ``language``: made once, not
    every round of every game (a ``Problem`` is frozen, so one can be shared)."""
    with translation.override(language):
        message = gettext("Nobody went out: right only if the draw pile ran out. No going-out bonus is paid.")
    return Problem(message, round=number, field="went_out")


def going_out_needs(
    rules: Rules, sides: int, *, number: int, partners: bool | None = None
) -> tuple[dict[str, int], int]:
    """What going out needs in round ``number`` at a table of ``sides``: books of each kind, and books
    of any kind. ``partners`` None: as the variant usually plays at that many sides."""
    return _going_out_needs(rules, sides, number, partners)


def went_out_short(rules: Rules, entry: Entry, needs, *, number: int, team: int) -> Check | None:
    """A side that went out without the books going out needs (``going_out_needs``): legal to
    record, as the table played it, but asked before Save like the plausibility checks."""
    if not entry.went_out:
        return None
    required, required_any = needs
    short = {key: n - entry.books.get(key, 0) for key, n in required.items() if entry.books.get(key, 0) < n}
    missing = [count_of(n, rules.book_kind(key).label) for key, n in short.items()]
    short_any = max(required_any - sum(entry.books.values()), 0)
    if short_any:
        missing.append(ngettext("%(n)s book of any kind", "%(n)s books of any kind", short_any) % {"n": short_any})
    if not missing:
        return None
    words = {"missing": ", ".join(missing)}
    problem = Problem(
        gettext("Went out without the books the variant requires: missing %(missing)s.") % words,
        round=number,
        team=team,
        field="went_out",
    )
    names = ("went_out_short", *(f"{key}={n}" for key, n in short.items()), short_any)
    return Check(problem, gettext("went out missing %(missing)s") % words, names)


def round_checks(rules: Rules, entries: Sequence[Entry], *, number: int, partners: bool | None = None) -> list[Check]:
    """What Save asks to confirm in a round: going out without the books it needs, and the numbers
    the cards hardly allow (``plausibility.plausibility_checks``)."""
    checks = []
    if special_hand(rules, entries) is None and any(e.went_out for e in entries):  # a special hand has no going out
        needs = _going_out_needs(rules, len(entries), number, partners)
        checks += [c for i, e in enumerate(entries) if (c := went_out_short(rules, e, needs, number=number, team=i))]
    return checks + plausibility_checks(rules, entries, number=number, team_count=len(entries))


def minimum_book_points(rules: Rules, entry: Entry) -> int:
    """The fewest card points the entered books can hold: size × cheapest card that fits. Black
    threes count where they can be melded (Brouillette's black-three stacks, −5 each), and no
    card counts below 0: a book of cards that take points off sets no least."""
    return _least_book_points(engine_tables(rules), entry)


def _least_book_points(tables: EngineTables, entry: Entry) -> int:
    books = entry.books
    total = 0
    for key, least in tables.least_book_points:
        count = books.get(key, 0)
        if count > 0:
            total += count * least
    return total
