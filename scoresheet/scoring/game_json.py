"""The score_game JSON contract (shared/design/PRODUCT.md): parse a game, score it, print it.

``score_game_document(data, variant=None, find_rules=...)`` returns ``(output, status)``:
the scored game and 0, or ``{"errors": [...]}`` and 2. Every problem is named with its
round (1-based), team (by name) and field; nothing partial is returned. Problems are
``problems.Problem`` until ``errors_json`` gives them the contract's shape (the command's own
refusals, of input that is no JSON game, too).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from scoresheet.games.limits import max_length
from scoresheet.models import Team
from scoresheet.problems import Problem
from scoresheet.rules.schema import MAX_TEAMS, MIN_TEAMS, Rules, RulesError
from scoresheet.scoring import engine as scoring
from scoresheet.scoring.entries import COUNT_FIELDS, ENTRY_FIELDS, FLAG_FIELDS, POINT_FIELDS, entry_from_values

MAX_ROUNDS = 100
MAX_NAME = max_length(Team, "name")  # a team's name as a score sheet holds it


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _describe(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _parse_counts(raw: Any, field: str, add) -> dict[str, int] | None:
    """An object of key → whole number; None (after reporting) when it is not one."""
    if not isinstance(raw, dict):
        add(field, f"{field} must be an object of counts, not {_describe(raw)}.")
        return None
    out = {}
    for key, value in raw.items():
        if not _is_int(value):
            add(field, f"{field}: '{key}' must be a whole number, not {_describe(value)}.")
        else:
            out[key] = value
    return out


def parse_entry(raw: Any, add) -> dict | None:
    """Type-check one team's entry; ``add(field, message)`` reports each problem."""
    if not isinstance(raw, dict):
        add(None, f"Each entry must be an object, not {_describe(raw)}.")
        return None
    values: dict[str, Any] = {}
    ok = True
    for key in raw:
        if key not in ENTRY_FIELDS:
            add(key, f"'{key}' is not an entry field ({', '.join(ENTRY_FIELDS)}).")
            ok = False
    for key in COUNT_FIELDS + POINT_FIELDS:
        if key in raw:
            if _is_int(raw[key]):
                values[key] = raw[key]
            else:
                add(key, f"{key} must be a whole number, not {_describe(raw[key])}.")
                ok = False
    for key in FLAG_FIELDS:
        if key in raw:
            if isinstance(raw[key], bool):
                values[key] = raw[key]
            else:
                add(key, f"{key} must be true or false, not {_describe(raw[key])}.")
                ok = False
    for key in ("books", "extras", "melded_cards", "hand_cards"):
        if key in raw and raw[key] is not None:
            counts = _parse_counts(raw[key], key, add)
            if counts is None or len(counts) != len(raw[key]):
                ok = False
            values[key] = counts
    for cards, points in (("melded_cards", "melded_points"), ("hand_cards", "hand_points")):
        if raw.get(cards) is not None and points in raw:
            add(cards, f"Give either {points} or {cards}, not both.")
            ok = False
    if "adjustments" in raw:
        adjustments = raw["adjustments"]
        if not isinstance(adjustments, list):
            add("adjustments", 'adjustments must be a list of {"label", "points"}.')
            ok = False
        else:
            for item in adjustments:
                if not (
                    isinstance(item, dict)
                    and set(item) == {"label", "points"}
                    and isinstance(item["label"], str)
                    and _is_int(item["points"])
                ):
                    add(
                        "adjustments",
                        f'Each adjustment must be {{"label": text, "points": whole number}}, not {_describe(item)}.',
                    )
                    ok = False
            if ok:
                values["adjustments"] = adjustments
    return values if ok else None


def score_game_document(
    data: Any, *, variant: str | None = None, find_rules: Callable[[str], Rules | None]
) -> tuple[dict, int]:
    problems: list[Problem] = []

    def fail(message: str, **where) -> None:
        problems.append(Problem(message, **where))

    if not isinstance(data, dict):
        fail('The game must be a JSON object with "variant", "teams" and "rounds".')
        return errors_json(problems, None), 2
    for key in data:
        if key not in ("variant", "teams", "rounds"):
            fail(f"'{key}' is not a game field (variant, teams, rounds).", field=key)

    slug = variant if variant is not None else data.get("variant")
    rules = None
    if not isinstance(slug, str) or not slug:
        fail('Name the variant: "variant" in the game or --variant.', field="variant")
    else:
        try:
            rules = find_rules(slug)
        except RulesError as exc:
            fail(f"The rules of variant '{slug}' are broken ({exc}); fix them before scoring.", field="variant")
        else:
            if rules is None:
                fail(f"Unknown variant '{slug}'. `manage.py variants` lists them.", field="variant")

    teams = _checked_teams(data.get("teams"), fail)

    rounds_raw = data.get("rounds", [])
    if not isinstance(rounds_raw, list):
        fail('"rounds" must be a list of rounds.', field="rounds")
        rounds_raw = []
    elif len(rounds_raw) > MAX_ROUNDS:
        fail(f"At most {MAX_ROUNDS} rounds, not {len(rounds_raw)}.", field="rounds")
        rounds_raw = []

    rounds: list[list[scoring.Entry]] = []
    for number, round_raw in enumerate(rounds_raw, start=1):
        if not isinstance(round_raw, list):
            fail("Each round must be a list with one entry per team.", round=number)
            rounds.append([scoring.Entry()] * len(teams or []))
            continue
        if teams is not None and rules is None and len(round_raw) != len(teams):
            fail(f"Round {number} has {len(round_raw)} entries; there are {len(teams)} teams.", round=number)
        entries = []
        for index, raw in enumerate(round_raw):
            team = index if teams is not None and index < len(teams) else None

            def add(field, message, number=number, team=team):
                fail(message, round=number, team=team, field=field)

            values = parse_entry(raw, add)
            # An entry that is not even well-formed stands in as empty, so that the checks
            # below still name every other problem in the game.
            entries.append(entry_from_values(values) if values is not None else scoring.Entry())
        rounds.append(entries)

    result = None
    if rules is not None and teams is not None:
        game_problems, result = scoring.check_and_score_game(rules, rounds, team_count=len(teams))
        problems += game_problems
    if problems or result is None:
        return errors_json(problems, teams), 2
    return game_result_to_json(rules, teams, result), 0


def _checked_teams(teams: Any, fail: Callable) -> list[str] | None:
    """The game's team names, or None (each problem reported) when they cannot be used."""
    if not isinstance(teams, list) or not all(isinstance(t, str) and t.strip() for t in teams):
        fail('"teams" must be a list of team names.', field="teams")
        return None
    elif not MIN_TEAMS <= len(teams) <= MAX_TEAMS:
        fail(f"A game has {MIN_TEAMS} to {MAX_TEAMS} teams, not {len(teams)}.", field="teams")
        return None
    elif len(set(teams)) != len(teams):
        fail("Team names must differ from each other.", field="teams")
        return None
    elif any(len(t) > MAX_NAME for t in teams):
        fail(f"A team name can be at most {MAX_NAME} characters.", field="teams")
        return None
    # Any 2 to 4 teams are scored, whatever table sizes the variant's source names: the
    # contract lists the checks, and a club may seat its tables differently.
    return teams


def errors_json(problems: Sequence[Problem], teams: Sequence[str] | None) -> dict:
    """The contract's answer for a game that cannot be scored: ``{"errors": [...]}``, one a problem."""
    return {"errors": [problem_to_json(problem, teams) for problem in problems]}


def problem_to_json(problem: Problem, teams: Sequence[str] | None) -> dict:
    """A problem as the contract names it: exactly round, team (by name), field and message.

    ``teams`` is None when the game's teams could not be read; no problem names a team then.
    """
    return {
        "round": problem.round,
        "team": teams[problem.team] if teams is not None and problem.team is not None else None,
        "field": problem.field,
        "message": problem.message,
    }


def game_result_to_json(rules: Rules, teams: list[str], result: scoring.GameResult) -> dict:
    winners = [teams[i] for i in result.winners]
    return {
        "variant": rules.slug,
        "teams": teams,
        "rounds": [
            {
                "number": r.number,
                "meld_requirements": list(r.meld_requirements),
                "scores": [
                    {"total": s.total, "lines": [{"label": line.label, "points": line.points} for line in s.lines]}
                    for s in r.scores
                ],
                "running_totals": list(r.running_totals),
                "warnings": [problem_to_json(w, teams) for w in r.warnings],
            }
            for r in result.rounds
        ],
        "totals": list(result.totals),
        "next_meld_requirements": list(result.next_meld_requirements),
        "finished": result.finished,
        "winner": None if not winners else winners[0] if len(winners) == 1 else winners,
    }
