"""``score_game`` answers any input with JSON, never a traceback (issue 6, section 7).

Each input goes to standard input as bytes, as a shell pipe gives them. Standard output is a
strict UTF-8 stream, as a terminal's is, so text that cannot be printed (a lone surrogate)
fails here as it would for a user. Whatever the input, the command exits 0 with the scored
game or 2 with ``{"errors": [{"round", "team", "field", "message"}]}`` (PRODUCT.md), and what
it prints is strict JSON (no NaN or Infinity).
"""

from __future__ import annotations

import io
import json
import sys
from unittest import mock

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

OUTPUT_KEYS = {"variant", "teams", "rounds", "totals", "next_meld_requirements", "finished", "winner"}
ERROR_KEYS = {"round", "team", "field", "message"}
GAME = {"variant": "canasta", "teams": ["A", "B"], "rounds": [[{"melded_points": 120}, {"hand_points": 50}]]}
BOM = b"\xef\xbb\xbf"


def run(stdin: bytes | str, *args: str, encoding: str = "utf-8") -> tuple[int, str]:
    """Run score_game; (exit status, what it printed). Any exception but SystemExit fails the test."""
    stdin_stream = io.StringIO(stdin) if isinstance(stdin, str) else io.TextIOWrapper(io.BytesIO(stdin))
    printed = io.BytesIO()
    stdout = io.TextIOWrapper(printed, encoding=encoding, errors="strict", newline="\n")
    status = 0
    with mock.patch.object(sys, "stdin", stdin_stream):
        try:
            call_command("score_game", *args, stdout=stdout)
        except SystemExit as exc:
            status = exc.code
    stdout.flush()
    return status, printed.getvalue().decode(encoding)


def refuse_constant(name: str):
    raise AssertionError(f"{name} is not JSON")


def answer(stdin: bytes | str, *args: str) -> tuple[int, dict]:
    """The exit status and the parsed answer, checked against the contract."""
    status, text = run(stdin, *args)
    assert status in (0, 2), text
    output = json.loads(text, parse_constant=refuse_constant)
    if status == 2:
        assert set(output) == {"errors"}
        assert output["errors"], "exit 2 names at least one problem"
        for error in output["errors"]:
            assert set(error) == ERROR_KEYS
            assert isinstance(error["message"], str) and error["message"]
    else:
        assert set(output) == OUTPUT_KEYS
    return status, output


def game(**changes) -> bytes:
    return json.dumps({**GAME, **changes}).encode()


def raw_game(entry_text: str) -> bytes:
    """GAME with the first team's entry in round 1 written as raw JSON text."""
    return (f'{{"variant": "canasta", "teams": ["A", "B"], "rounds": [[{entry_text}, {{}}]]}}').encode()


def nested(levels: int, inner=1):
    value = inner
    for _ in range(levels):
        value = [value]
    return value


# (input, expected exit status, a word of the message or the field named)
JUNK = {
    "empty": (b"", 2, "not valid JSON"),
    "white-space": (b" \n\t ", 2, "not valid JSON"),
    "bom-only": (BOM, 2, "not valid JSON"),
    "bom-then-game": (BOM + game(), 0, None),
    "utf-16": (json.dumps(GAME).encode("utf-16"), 2, "not UTF-8"),
    "latin-1": ('{"variant": "canasta", "teams": ["Café", "B"], "rounds": []}'.encode("latin-1"), 2, "not UTF-8"),
    "nul-byte": (b"\x00", 2, "not valid JSON"),
    "1000-nested-lists": (b"[" * 1000 + b"]" * 1000, 2, "nested too deeply"),
    "1000-nested-objects": (b'{"a":' * 1000 + b"1" + b"}" * 1000, 2, "nested too deeply"),
    "100000-unclosed-brackets": (b"[" * 100_000, 2, "nested too deeply"),
    "25-deep-in-a-round": (game(rounds=[nested(25)]), 2, "nested too deeply"),
    "20-deep-teams": (game(teams=nested(19)), 2, "teams"),  # deep enough, and still just a wrong field
    "int-4301-digits": (raw_game('{"melded_points": %s}' % ("1" * 4301)), 2, "too many digits"),
    "int-4301-digits-alone": (b"1" * 4301, 2, "too many digits"),
    "int-minus-4301-digits": (raw_game('{"hand_points": -%s}' % ("9" * 4301)), 2, "too many digits"),
    # past 15 digits a number is not read at all (issue 18); up to them, the field says what is wrong
    "int-4300-digits": (raw_game('{"melded_points": %s}' % ("5" * 4300)), 2, "too many digits"),
    "int-4300-digit-book-count": (raw_game('{"books": {"clean": %s}}' % ("1" * 4300)), 2, "too many digits"),
    "int-4300-digit-adjustment": (
        raw_game('{"adjustments": [{"label": "x", "points": %s}]}' % ("1" * 4300)),
        2,
        "too many digits",
    ),
    "int-16-digits": (raw_game('{"melded_points": %s}' % ("5" * 16)), 2, "too many digits"),
    "int-15-digits": (raw_game('{"melded_points": %s}' % ("5" * 15)), 2, "melded_points"),
    "int-15-digit-book-count": (raw_game('{"books": {"clean": %s}}' % ("1" * 15)), 2, "books"),
    "float-1e309": (raw_game('{"melded_points": 1e309}'), 2, "melded_points"),
    "float-minus-1e309": (raw_game('{"red_threes": -1e309}'), 2, "red_threes"),
    "float-1e-400": (raw_game('{"melded_points": 1e-400}'), 2, "melded_points"),
    "float-1E2": (raw_game('{"melded_points": 1E2}'), 2, "melded_points"),
    "float-count-1.0": (raw_game('{"books": {"clean": 1.0}}'), 2, "books"),
    "nan": (raw_game('{"melded_points": NaN}'), 2, "melded_points"),
    "infinity": (raw_game('{"hand_points": Infinity}'), 2, "hand_points"),
    "minus-infinity-in-books": (raw_game('{"books": {"clean": -Infinity}}'), 2, "books"),
    "nan-alone": (b"NaN", 2, None),
    "surrogate-team": (b'{"variant": "canasta", "teams": ["\\ud800", "B"], "rounds": []}', 2, "teams"),
    "surrogates-reversed-team": (b'{"variant": "canasta", "teams": ["\\udc00\\ud800", "B"], "rounds": []}', 2, "teams"),
    "surrogate-variant": (b'{"variant": "\\ud800", "teams": ["A", "B"], "rounds": []}', 2, "variant"),
    "surrogate-game-key": (b'{"variant": "canasta", "teams": ["A", "B"], "rounds": [], "\\udfff": 1}', 2, None),
    "surrogate-entry-key": (raw_game('{"\\ud800": 1}'), 2, None),
    "surrogate-book-kind": (raw_game('{"books": {"\\ud800": 1}}'), 2, "books"),
    "surrogate-adjustment-label": (raw_game('{"adjustments": [{"label": "\\ud800", "points": 5}]}'), 2, "adjustments"),
    "emoji-team": (b'{"variant": "canasta", "teams": ["\\ud83d\\ude00", "B"], "rounds": []}', 0, None),
    "raw-control-character": (b'{"variant": "canasta", "teams": ["A\x01", "B"], "rounds": []}', 2, "not valid JSON"),
    "escaped-nul-in-team": (b'{"variant": "canasta", "teams": ["A\\u0000", "B"], "rounds": []}', 0, None),
    "fullwidth-digits": (raw_game('{"melded_points": １２}'), 2, "not valid JSON"),
    "arabic-indic-digit-after-a-digit": (raw_game('{"melded_points": 1٢}'), 2, "not valid JSON"),
    "20000-rounds": (game(rounds=[[{}, {}]] * 20_000), 2, "rounds"),
    "100000-teams": (game(teams=[f"T{i}" for i in range(100_000)]), 2, "teams"),
    "million-character-name": (game(teams=["x" * 1_000_000, "B"]), 2, "teams"),
    "over-10-MB": (b" " * 10_000_001, 2, "larger than"),
    "duplicate-keys": (b'{"variant": "canasta", "variant": "nope", "teams": ["A", "B"], "rounds": []}', 2, "variant"),
    "trailing-garbage": (game() + b"x", 2, "not valid JSON"),
    "number-alone": (b"1", 2, None),
    "string-alone": (b'"game"', 2, None),
    "null-alone": (b"null", 2, None),
    "list-alone": (b"[]", 2, None),
}


@pytest.mark.parametrize(("stdin", "status", "named"), JUNK.values(), ids=JUNK.keys())
def test_junk_input_gets_a_json_answer(stdin, status, named):
    got, output = answer(stdin)
    assert got == status, output
    if named is not None:
        assert any(named == e["field"] or named in e["message"] for e in output["errors"]), output


def test_a_lone_surrogate_in_a_team_name_is_refused_naming_teams():
    _, output = answer(b'{"variant": "canasta", "teams": ["Us\\ud800", "Them"], "rounds": []}')
    assert output["errors"] == [
        {
            "round": None,
            "team": None,
            "field": "teams",
            "message": "A team name holds a broken character: a lone UTF-16 surrogate (\\ud800 to \\udfff).",
        }
    ]


def test_every_lone_surrogate_is_named_by_round_team_and_field():
    status, output = answer(
        b'{"variant": "canasta", "teams": ["A", "B"], "rounds": [[{}, {}], '
        b'[{"adjustments": [{"label": "x\\udfff", "points": 5}]}, {"books": {"\\ud800": 1}}]], '
        b'"\\ud801": 1}'
    )
    assert status == 2
    assert [(e["round"], e["team"], e["field"]) for e in output["errors"]] == [
        (2, "A", "adjustments"),
        (2, "B", "books"),
        (None, None, None),
    ]


def test_a_lone_surrogate_echoed_in_a_message_is_printed_as_an_escape():
    # --variant comes from the command line, where bytes that are not UTF-8 become lone surrogates
    status, text = run(game(), "--variant", "nope\udcff")
    assert status == 2
    assert "\\udcff" in text  # the JSON escape, which any reader turns back into the same string
    assert json.loads(text)["errors"][0]["message"] == "Unknown variant 'nope\udcff'. `manage.py variants` lists them."


def test_a_text_stream_holding_a_lone_surrogate_as_standard_input_is_answered():
    # a text stream in place of standard input (an embedding program) may hold what bytes cannot
    status, output = answer('{"variant": "canasta", "teams": ["\ud800", "B"], "rounds": []}')
    assert status == 2 and output["errors"][0]["field"] == "teams"


def test_a_terminal_that_is_not_utf8_gets_escapes_with_the_same_meaning():
    status, text = run(game(teams=["Zoë", "Søren"]), encoding="ascii")
    assert status == 0
    assert text.isascii()
    assert json.loads(text)["teams"] == ["Zoë", "Søren"]


@pytest.mark.parametrize(
    "variant",
    ["\udcff", "", "x" * 10_000, "canasta\x00"],
    ids=["not-utf8-argument", "empty", "10000-characters", "nul"],
)
def test_junk_variant_option_gets_a_json_answer(variant):
    status, output = answer(game(), "--variant", variant)
    assert status == 2
    assert any(e["field"] == "variant" for e in output["errors"])


@pytest.mark.parametrize("path", ["/", "/no/such/file.json", "/dev/null"], ids=["a-folder", "missing", "empty"])
def test_a_file_argument_that_is_no_game_gets_a_json_answer(path):
    status, output = answer(b"", path)
    assert status == 2


# --- generated junk: how many examples is set by the hypothesis profile ------------------------

PROBE = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
any_character = st.characters(exclude_categories=())  # surrogates included
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(any_character, max_size=8)
    | st.sampled_from([10**40, -(10**40), 4345, 0, -5])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(any_character, max_size=6), children, max_size=3)
    ),
    max_leaves=12,
)
games = st.fixed_dictionaries(
    {
        "variant": st.sampled_from(["canasta", "hand-and-foot", "hand-knee-and-foot"]) | st.text(any_character),
        "teams": st.lists(st.text(any_character, min_size=1, max_size=6), min_size=1, max_size=5) | json_values,
        "rounds": st.lists(
            st.lists(
                st.dictionaries(
                    st.sampled_from(
                        [
                            "books",
                            "melded_points",
                            "hand_points",
                            "red_threes",
                            "went_out",
                            "adjustments",
                            "extras",
                            "hand_cards",
                        ]
                    ),
                    json_values,
                    max_size=4,
                ),
                max_size=4,
            ),
            max_size=3,
        ),
    },
)


@PROBE
@given(data=st.binary(max_size=200))
def test_any_bytes_get_a_json_answer(data):
    answer(data)


@PROBE
@given(document=games)
def test_junk_games_with_any_characters_get_a_json_answer(document):
    # ensure_ascii writes a lone surrogate as its \\u escape; NaN and Infinity as their literals
    answer(json.dumps(document, ensure_ascii=True, allow_nan=True).encode())


@PROBE
@given(cuts=st.lists(st.tuples(st.integers(0, 200), st.binary(max_size=3)), min_size=1, max_size=4))
def test_a_valid_game_with_bytes_changed_gets_a_json_answer(cuts):
    data = bytearray(game())
    for at, replacement in cuts:
        at %= len(data)
        data[at : at + 1] = replacement
    answer(bytes(data))
