"""The scoring engine: pure functions from rules and entered values to scores.

Nothing here touches the database. ``score_game(rules, rounds)`` scores a whole game;
``round_problems.round_errors`` says what cannot be right (the input is refused),
``round_problems.round_warnings`` what is legal to record but worth a look, and
``plausibility.plausibility_warnings`` what the table's cards hardly allow (a round's warnings
hold both). Teams are addressed by their index.

A team's round score (shared/design/PRODUCT.md, "The scoring model"):
    Σ books × bonus + melded points + red threes laid (+ set bonus)
    − red threes held − black threes held − hand points
    + going out (+ concealed) + Σ extras × amount + Σ adjustments
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import get_language, gettext, ngettext

from scoresheet.display import adjustment_label, fmt
from scoresheet.problems import Problem  # also scoring.Problem, as forms, views and services name it
from scoresheet.rules.fields import (
    book_word,
    books_word,
    fields_by_key,
    rules_word,
)
from scoresheet.rules.preset_rules import name_shown
from scoresheet.rules.schema import MeldSchedule, Rules
from scoresheet.scoring.engine_tables import EngineTables, engine_tables
from scoresheet.scoring.plausibility import plausibility_warnings
from scoresheet.scoring.round_problems import round_errors, round_warnings_for, special_hand_in
from scoresheet.scoring.team_entry import (  # also scoring.Entry …, as the rest of the project names them
    Adjustment,  # noqa: F401
    Entry,
    hand_points,
    melded_points,
)


@dataclass(frozen=True)
class Line:
    key: str
    label: str
    points: int


class TeamScore:
    """A team's round score: its total, and the breakdown lines that add up to it.

    The lines are words (labels in the page's language), and most scores are only added up (running
    totals, standings, ratings): they are built the first time they are read, in the language that
    was active when the round was scored, so they read exactly as if built then.
    """

    __slots__ = ("total", "_lines", "_unbuilt")

    def __init__(self, total: int, lines: Sequence[Line] | None = None, *, unbuilt=None) -> None:
        self.total = total
        self._lines = None if lines is None else tuple(lines)
        self._unbuilt = unbuilt  # (rules, entry, language) until the lines are built

    @property
    def lines(self) -> tuple[Line, ...]:
        if self._lines is None:
            rules, entry, language = self._unbuilt
            if get_language() == language:
                self._lines = _entry_lines(rules, entry)
            else:
                with translation.override(language):
                    self._lines = _entry_lines(rules, entry)
            self._unbuilt = None
        return self._lines

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TeamScore):
            return NotImplemented
        return self.total == other.total and self.lines == other.lines

    def __hash__(self) -> int:
        return hash((self.total, self.lines))

    def __repr__(self) -> str:
        return f"TeamScore(total={self.total!r}, lines={self.lines!r})"

    def __reduce__(self):
        return (TeamScore, (self.total, self.lines))


@dataclass(frozen=True)
class RoundResult:
    number: int
    meld_requirements: tuple[int | str, ...]
    scores: tuple[TeamScore, ...]
    running_totals: tuple[int, ...]
    warnings: tuple[Problem, ...]
    wins_game: tuple[int, ...] = ()  # sides that won the game at once this round (game_end.books_to_win)


@dataclass(frozen=True)
class GameResult:
    rounds: tuple[RoundResult, ...]
    totals: tuple[int, ...]
    next_meld_requirements: tuple[int | str, ...]
    finished: bool
    winners: tuple[int, ...]  # indexes of the leading teams once finished; several on a tie


# --- small helpers ------------------------------------------------------------------------


def black_threes_held(entry: Entry) -> int:
    """Black threes caught in hand, whether entered as a count or among the hand's cards."""
    from_cards = (entry.hand_cards or {}).get("black_threes", 0)
    return entry.black_threes_held + from_cards


def has_melded(rules: Rules, entry: Entry) -> bool:
    return sum(entry.books.values()) > 0 or melded_points(rules, entry) > 0


def books_made(entry: Entry) -> int:
    return sum(max(n, 0) for n in entry.books.values())


def wins_game(rules: Rules, entry: Entry) -> bool:
    """Has the side made enough books this round to win the game at once (game_end.books_to_win)?"""
    target = rules.game_end.books_to_win
    return target is not None and books_made(entry) >= target.books


def meld_requirement(rules: Rules, number: int, score_before: int) -> int | str:
    return rules.meld_schedule.requirement(number, score_before)


def _meld_requirements(schedule: MeldSchedule, number: int, scores_before: Sequence[int]) -> tuple[int | str, ...]:
    """Each side's opening meld in round ``number`` (``meld_requirement``)."""
    if schedule.basis == "round":  # the same for every side, whatever its score
        return (schedule.requirement(number, 0),) * len(scores_before)
    return tuple([schedule.requirement(number, score) for score in scores_before])


# --- one team, one round ------------------------------------------------------------------


def score_entry(rules: Rules, entry: Entry) -> TeamScore:
    """A team's round score as breakdown lines that add up to the total, labelled as the fields are."""
    return TeamScore(entry_total(rules, engine_tables(rules), entry), unbuilt=(rules, entry, _language()))


# The active language while a game or a round is scored, looked up once for all its entries (a
# lookup costs more than scoring an entry); unset, each score looks it up.
_SCORING_LANGUAGE: ContextVar[tuple[str | None]] = ContextVar("scoring_language")


def _language() -> str | None:
    held = _SCORING_LANGUAGE.get(None)
    return get_language() if held is None else held[0]


def entry_total(rules: Rules, tables: EngineTables, entry: Entry) -> int:
    """A team's round score, added up as the lines of ``_entry_lines`` add up (no words)."""
    books = entry.books
    total = 0
    for key, bonus in tables.book_bonuses:
        total += books.get(key, 0) * bonus
    red = rules.red_threes
    if entry.red_threes and red.laid_value is not None:
        sign = red.sign(books_made(entry), has_melded(rules, entry))
        total += entry.red_threes * sign * red.laid_value
        bonus = red.set_bonus(entry.red_threes)
        if bonus and sign:
            total += sign * bonus.bonus
    if red.held_penalty is not None:
        total -= entry.red_threes_held * red.held_penalty
    black_threes = entry.black_threes_held + (entry.hand_cards.get("black_threes", 0) if entry.hand_cards else 0)
    total -= black_threes * rules.black_three_penalty  # black_threes_held(entry)
    melded = entry.melded_points if entry.melded_cards is None else melded_points(rules, entry)
    if melded and rules.melded_against_without_books and not books_made(entry):
        total -= melded
    else:
        total += melded
    total -= entry.hand_points if entry.hand_cards is None else hand_points(rules, entry)
    if entry.went_out:
        total += rules.going_out_bonus
        if entry.concealed and rules.concealed_bonus is not None:
            total += rules.concealed_bonus
    if entry.extras:
        extras = entry.extras
        for key, amount in tables.counted_extras:
            total += extras.get(key, 0) * amount
    target = rules.game_end.books_to_win
    if target is not None and books_made(entry) >= target.books:
        total += target.bonus
    for adjustment in entry.adjustments:
        total += adjustment.points
    return total


def _entry_lines(rules: Rules, entry: Entry) -> tuple[Line, ...]:
    """The breakdown lines of a team's round score, in the active language."""
    fields = fields_by_key(rules)
    lines: list[Line] = []

    def add(key: str, points: int, label: str | None = None) -> None:
        lines.append(Line(key, label or fields[key].line_label(), points))

    def add_count(key: str, count: int, value: int | None = None, suffix: str = "") -> None:
        if count:
            value = fields[key].value if value is None else value
            lines.append(Line(key, fields[key].line_label(count, value) + suffix, count * value))

    for kind in rules.book_kinds:
        add_count(f"books.{kind.key}", entry.books.get(kind.key, 0))

    red = rules.red_threes
    if entry.red_threes and red.laid_value is not None:
        # Canasta: red threes count against a team that has not melded (000 L404); Bolivian and
        # Cuban: only a side with enough books scores them (000 L437, L445).
        sign = red.sign(books_made(entry), has_melded(rules, entry))
        suffix = ""
        if sign <= 0 and red.positive_with_books is not None:
            n = red.positive_with_books
            suffix = " " + gettext("(fewer than %(n)s %(books)s)") % {"n": n, "books": books_word(rules, n)}
        elif sign < 0:
            suffix = " " + gettext("(no meld)")
        add_count("red_threes", entry.red_threes, sign * red.laid_value, suffix)
        bonus = red.set_bonus(entry.red_threes)
        if bonus and sign:
            words = {"label": fields["red_threes"].label, "n": bonus.min_count}
            add("red_threes_bonus", sign * bonus.bonus, gettext("%(label)s: bonus for %(n)s or more") % words + suffix)
    if red.held_penalty is not None:
        add_count("red_threes_held", entry.red_threes_held)
    add_count("black_threes_held", black_threes_held(entry))

    melded = melded_points(rules, entry)
    if melded and rules.melded_against_without_books and not books_made(entry):
        # American: "any cards that have been fused will count against that team" (000 L432).
        words = {"label": fields["melded_points"].label, "book": rules_word(book_word(rules))}
        add("melded_points", -melded, gettext("%(label)s (no %(book)s: count against)") % words)
    elif melded:
        add("melded_points", melded)
    left = hand_points(rules, entry)
    if left:
        add("hand_points", -left)

    if entry.went_out:
        add("went_out", rules.going_out_bonus)
        if entry.concealed and rules.concealed_bonus is not None:
            add("concealed", rules.concealed_bonus)

    for extra in rules.extras:
        if extra.replaces_round_score is None:
            add_count(f"extras.{extra.key}", entry.extras.get(extra.key, 0))

    if wins_game(rules, entry):
        target = rules.game_end.books_to_win
        words = {"n": target.books, "books": books_word(rules, 2)}
        add("books_to_win", target.bonus, gettext("%(n)s %(books)s in one round: wins the game") % words)

    for adjustment in entry.adjustments:
        add("adjustments", adjustment.points, adjustment_label(adjustment.label))

    return tuple(lines)


def score_entries(rules: Rules, entries: Sequence[Entry]) -> tuple[TeamScore, ...]:
    """Every side's round score. A special hand (Acaba, the American special hands) replaces the
    whole round: its values for every side, one line each saying so, and nothing else counts."""
    return _score_entries(rules, engine_tables(rules), entries, get_language())


def _score_entries(
    rules: Rules, tables: EngineTables, entries: Sequence[Entry], language: str | None
) -> tuple[TeamScore, ...]:
    called = special_hand_in(tables, entries)
    if called is None:
        return tuple([score_entry(rules, e) for e in entries])
    caller, extra = called
    hand = extra.replaces_round_score
    words = {"hand": rules_word(extra.label), "caller": fmt(hand.caller), "others": fmt(hand.others)}
    scores = []
    for index in range(len(entries)):
        if index != caller:
            label = gettext("%(hand)s by another side: the round scores %(others)s for this side; nothing else counts")
            points = hand.others
        elif len(entries) == 2:
            label = gettext(
                "%(hand)s: the round scores %(caller)s for this side and %(others)s for the other side; "
                "nothing else counts"
            )
            points = hand.caller
        else:
            label = gettext(
                "%(hand)s: the round scores %(caller)s for this side and %(others)s for each other side; "
                "nothing else counts"
            )
            points = hand.caller
        scores.append(TeamScore(total=points, lines=(Line(f"extras.{extra.key}", label % words, points),)))
    return tuple(scores)


# --- the whole game -----------------------------------------------------------------------


def won_at_once(results: Sequence[RoundResult]) -> RoundResult | None:
    """The round in which a side won the game at once (game_end.books_to_win), if any."""
    return next((r for r in results if r.wins_game), None)


def finished_after(rules: Rules, rounds_played: int, totals: Sequence[int]) -> bool:
    end = rules.game_end
    if end.target_score is not None:
        return rounds_played > 0 and max(totals) >= end.target_score
    return rounds_played >= end.rounds


def check_and_score_game(
    rules: Rules, rounds: Sequence[Sequence[Entry]], *, team_count: int, partners: bool | None = None
) -> tuple[list[Problem], GameResult | None]:
    """Check a game and score it in the same pass: every problem, and the result when there is none.

    Checking needs the totals before each round (is it past the game's end?), so the rounds are
    scored as they are checked; whoever saves what it checked uses this result, not a second pass.
    """
    tables, language = engine_tables(rules), get_language()
    held = _SCORING_LANGUAGE.set((language,))
    try:
        problems: list[Problem] = []
        totals: tuple[int, ...] = (0,) * team_count
        results: list[RoundResult] = []
        for number, entries in enumerate(rounds, start=1):
            if past_the_end(rules, number, totals, results):
                problems.append(Problem(beyond_end_message(rules, number, results), round=number))
                break
            errors = round_errors(rules, entries, number=number, team_count=team_count)
            problems += errors
            if errors:
                continue
            result = _score_round(rules, tables, entries, number, totals, partners=partners, language=language)
            results.append(result)
            totals = result.running_totals
    finally:
        _SCORING_LANGUAGE.reset(held)
    if problems:
        return problems, None
    return [], game_result(rules, results, team_count=team_count)


def past_the_end(rules: Rules, number: int, totals_before: Sequence[int], results: Sequence[RoundResult] = ()) -> bool:
    """Is round ``number`` beyond the game's end, given the totals after the round before (and the
    rounds before it, in which a side may have won at once)?"""
    if won_at_once(results) is not None:
        return True
    end = rules.game_end
    if end.target_score is not None:
        return number > 1 and max(totals_before) >= end.target_score
    return number > end.max_rounds


def rules_ended(rules: Rules, result: GameResult) -> bool:
    """Is the game over by its rules: its end reached (the last round played, a target reached, a
    side won at once) and no round can follow? A game that may still play optional extra rounds is
    not: the table says when it stops."""
    rounds = result.rounds
    return result.finished and past_the_end(rules, len(rounds) + 1, result.totals, rounds)


def beyond_end_message(rules: Rules, number: int, results: Sequence[RoundResult] = ()) -> str:
    won = won_at_once(results)
    if won is not None:
        return gettext("Round %(number)s comes after the game ended: %(n)s %(books)s were made in round %(won)s.") % {
            "number": number,
            "n": rules.game_end.books_to_win.books,
            "books": books_word(rules, 2),
            "won": won.number,
        }
    end = rules.game_end
    if end.target_score is not None:
        return gettext("Round %(number)s comes after the game ended: a team reached %(target)s.") % {
            "number": number,
            "target": fmt(end.target_score),
        }
    # Counted by the rounds; English says "rounds" for one too (the score_game contract's words).
    return ngettext(
        "Round %(number)s is beyond the game's end: %(rules)s has %(rounds)s rounds.",
        "Round %(number)s is beyond the game's end: %(rules)s has %(rounds)s rounds.",
        end.max_rounds,
    ) % {"number": number, "rules": name_shown(rules.name), "rounds": end.max_rounds}


def score_round(
    rules: Rules,
    entries: Sequence[Entry],
    *,
    number: int,
    totals_before: Sequence[int],
    partners: bool | None = None,
) -> RoundResult:
    language = get_language()
    held = _SCORING_LANGUAGE.set((language,))
    try:
        return _score_round(
            rules, engine_tables(rules), entries, number, totals_before, partners=partners, language=language
        )
    finally:
        _SCORING_LANGUAGE.reset(held)


def _score_round(
    rules: Rules,
    tables: EngineTables,
    entries: Sequence[Entry],
    number: int,
    totals_before: Sequence[int],
    *,
    partners: bool | None,
    language: str | None,
) -> RoundResult:
    scores = _score_entries(rules, tables, entries, language)
    warnings = round_warnings_for(rules, tables, entries, number=number, partners=partners, language=language)
    warnings += plausibility_warnings(rules, entries, number=number, team_count=len(entries))
    target = rules.game_end.books_to_win
    return RoundResult(
        number=number,
        meld_requirements=_meld_requirements(rules.meld_schedule, number, totals_before),
        scores=scores,
        running_totals=tuple([t + s.total for t, s in zip(totals_before, scores)]),
        warnings=tuple(warnings),
        wins_game=()
        if target is None or special_hand_in(tables, entries) is not None
        else tuple(i for i, e in enumerate(entries) if books_made(e) >= target.books),
    )


def score_game(
    rules: Rules, rounds: Sequence[Sequence[Entry]], *, team_count: int, partners: bool | None = None
) -> GameResult:
    """Score every round in order. Assumes ``check_and_score_game`` found no problem."""
    tables, language = engine_tables(rules), get_language()
    held = _SCORING_LANGUAGE.set((language,))
    try:
        totals: tuple[int, ...] = (0,) * team_count
        results = []
        for number, entries in enumerate(rounds, start=1):
            result = _score_round(rules, tables, entries, number, totals, partners=partners, language=language)
            results.append(result)
            totals = result.running_totals
    finally:
        _SCORING_LANGUAGE.reset(held)
    return game_result(rules, results, team_count=team_count)


def game_result(rules: Rules, results: Sequence[RoundResult], *, team_count: int) -> GameResult:
    """The game after its scored rounds: totals, the next opening melds, whether it is over and who won."""
    totals = results[-1].running_totals if results else (0,) * team_count
    won = won_at_once(results) if rules.game_end.books_to_win is not None else None  # none without
    finished = won is not None or finished_after(rules, len(results), totals)
    # A side that won at once wins, whatever the totals (HF-5 "and thus win the game", 000 L476);
    # of several in the same round, the higher total.
    contenders = won.wins_game if won is not None else range(team_count)
    best = max([totals[i] for i in contenders])
    return GameResult(
        rounds=tuple(results),
        totals=totals,
        next_meld_requirements=_meld_requirements(rules.meld_schedule, len(results) + 1, totals),
        finished=finished,
        winners=tuple([i for i in contenders if totals[i] == best]) if finished else (),
    )
