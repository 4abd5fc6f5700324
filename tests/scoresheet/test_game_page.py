"""The game page at the table: the totals first, who won and by how much, what each team
still needs in a target-score game, and who deals next. Through the test client.

The rounds and their worked totals are those of test_views_game.py (FOUR_ROUNDS: Hand and
Foot, HF-1, seed 002).
"""

from __future__ import annotations

import html
import re

import pytest

from scoresheet.models import Game
from scoresheet.scoring import dealing
from tests.scoresheet.test_views_game import (
    FOUR_ROUNDS,
    GAME_PAGE_QUERIES,
    SMALL_CANASTA_ROUND,
    page_text,
    play,
    raw,
    round_data,
    section,
    start_data,
    start_game,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _presets(presets):
    """Every test here needs the preset variants."""


def game_page(client, game: Game) -> str:
    response = client.get(f"/g/{game.token}/")
    assert response.status_code == 200
    return page_text(response)


def scoreboard(text: str) -> str:
    return section(text, '<section class="scoreboard', "</section>")


def standing(text: str, team: str) -> str:
    """One team's entry at the top of the page: its name, total, meld and notes."""
    match = re.search(
        rf'<li class="standing[^"]*">\s*<span class="standing-name">{re.escape(team)}<.*?</li>', text, re.S
    )
    assert match, f"no standing for {team}"
    return match.group(0)


def plain(fragment: str) -> str:
    """The words of a piece of the page, without tags or runs of spaces."""
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


# --- the totals first ---------------------------------------------------------------------------


def test_each_teams_total_is_at_the_top_with_its_next_opening_meld_and_the_leader_marked(client):
    game = start_game(client, team_1="Us", team_2="Them", players_1="Ann & Bob")
    play(client, game, FOUR_ROUNDS[:2])
    text = game_page(client, game)
    # the totals come before the round list, and the Enter button between them
    assert text.index('<section class="scoreboard') < text.index("Enter round 3") < text.index('<table class="sheet">')
    top = scoreboard(text)
    assert "Totals after round 2 of 4" in top
    # Us 4,345 + 1,140 = 5,485; Them 1,115 + 4,100 = 5,215: Us lead by 5,485 − 5,215 = 270
    us, them = standing(top, "Us"), standing(top, "Them")
    assert '<span class="standing-total num">5,485</span>' in us
    assert '<span class="standing-total num">5,215</span>' in them
    assert "standing-lead" in us and "standing-lead" not in them
    assert "Leads by 270" in plain(us) and "Leads" not in plain(them)
    assert "<small>Ann & Bob</small>" in us
    # round 3 opening meld: 120 (002 L68)
    assert "Round 3 meld 120" in plain(us) and "Round 3 meld 120" in plain(them)


def test_before_the_first_round_nobody_leads(client):
    game = start_game(client)
    top = scoreboard(game_page(client, game))
    assert top.count('<span class="standing-total num">0</span>') == 2
    assert "Leads" not in top and "standing-lead" not in top
    assert "Round 1 meld 50" in plain(top)  # 002 L66


def test_a_negative_total_is_shown_with_a_minus_sign_in_red(client):
    game = start_game(client)
    # Us: 100 melded − 400 in hand = −300; Them: 50 melded
    play(client, game, [round_data({"melded_points": "100", "hand_points": "400"}, {"melded_points": "50"})])
    us = standing(scoreboard(game_page(client, game)), "Us")
    assert '<span class="standing-total num neg">−300</span>' in us


def test_edit_on_a_past_round_is_a_button(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:2])
    content = raw(client.get(f"/g/{game.token}/"))
    for number in (1, 2):
        assert (
            f'<a class="button round-edit" href="/g/{game.token}/rounds/{number}/" aria-label="Edit round {number}">'
            "Edit</a>" in content
        )


# --- the end of the game ----------------------------------------------------------------------


def test_the_last_round_finishes_the_game_the_page_says_who_won_and_nothing_is_left_to_tap(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS)
    game.refresh_from_db()
    assert game.is_finished and game.finished_at is not None  # the fourth round's save finished it (HF-1: 4 deals)
    text = game_page(client, game)
    # Us 10,295 against Them 6,320: 10,295 − 6,320 = 3,975
    assert re.search(
        r'winner-label">Winner</p>\s*<p class="winner-title">Us</p>\s*<p class="winner-margin">won by 3,975</p>', text
    )
    top = scoreboard(text)
    assert (
        "Final totals" in top
        and "Winner" in plain(standing(top, "Us"))
        and "Winner" not in plain(standing(top, "Them"))
    )
    assert '<span class="standing-total num">10,295</span>' in standing(top, "Us")
    # nothing is left to tap: no "Finish the game", no round 5; Reopen stays
    assert "Finish the game" not in text and f'action="/g/{game.token}/finish/"' not in text
    assert "Enter round" not in top and "meld" not in plain(top)
    assert f'<form method="post" action="/g/{game.token}/reopen/">' in text


def test_a_tie_at_the_end_names_both_teams_and_their_total(client):
    game = start_game(client, "hand-and-foot-canasta")
    # three rounds (001 L25) of 300 melded each: 900 and 900, level
    play(client, game, [round_data({"melded_points": "300"}, {"melded_points": "300"})] * 3)
    top = scoreboard(game_page(client, game))
    assert "A tie: Us and Them at 900" in plain(top)
    assert "Winner" not in plain(top) and "standing-lead" not in top  # level: nobody is ahead
    # the optional fourth round (001 L25) is still offered, after Finish
    assert top.index("Finish the game") < top.index("Enter round 4 (optional)")
    client.post(f"/g/{game.token}/finish/")
    assert re.search(
        r'winner-label">A tie</p>.*<p class="winner-margin">level at 900</p>', game_page(client, game), re.S
    )


# --- a target score ----------------------------------------------------------------------------


def test_a_canasta_game_shows_what_each_team_still_needs_to_reach_5000(client):
    game = start_game(client, "canasta")
    play(client, game, [SMALL_CANASTA_ROUND] * 3)
    top = scoreboard(game_page(client, game))
    assert "Game to 5,000" in plain(top)  # 000 L405
    # Us 3 × 100 = 300: 5,000 − 300 = 4,700 to go; Them 3 × 50 = 150: 5,000 − 150 = 4,850
    assert "Needs 4,700 more" in plain(standing(top, "Us"))
    assert "Needs 4,850 more" in plain(standing(top, "Them"))


def test_a_team_that_reaches_the_target_is_marked_and_the_game_is_over(client):
    game = start_game(client, "canasta")
    # Us: natural canasta 500 + 4,600 melded + going out 100 = 5,200; Them: 50 melded. More on the
    # table than one team's cards are worth: the table confirms it once ("Save anyway").
    data = round_data({"book_clean": "1", "melded_points": "4600"}, {"melded_points": "50"}, went_out=0)
    asked = client.post(f"/g/{game.token}/rounds/1/", data)
    assert asked.status_code == 400 and "Save anyway" in asked.content.decode()
    codes = re.search(r'name="confirm_warnings" value="([^"]+)"', asked.content.decode()).group(1)
    saved = client.post(f"/g/{game.token}/rounds/1/", {**data, "confirm_warnings": html.unescape(codes)})
    assert saved.status_code == 302
    text = game_page(client, game)
    top = scoreboard(text)
    assert "Reached 5,000" in plain(standing(top, "Us"))
    assert "Needs 4,950 more" in plain(standing(top, "Them"))  # 5,000 − 50
    # reaching the target ended the game with the round that reached it: finished, nothing to tap
    assert "Winner Us won by 5,150" in plain(section(text, '<section class="winner"', "</section>"))  # 5,200 − 50
    assert "Final totals" in top and "Finish the game" not in text


def test_a_round_count_game_says_nothing_about_a_target(client):
    game = start_game(client)
    play(client, game, FOUR_ROUNDS[:1])
    top = scoreboard(game_page(client, game))
    assert "Needs" not in top and "Reached" not in top and "Game to" not in top


# --- who deals ---------------------------------------------------------------------------------


def test_the_deal_goes_round_the_players_alternating_between_the_teams(client):
    # seats going left: Ann (Us), Cléo (Them), Bob (Us), Søren (Them); Bob is seat 2
    game = start_game(client, players_1="Ann & Bob", players_2="Cléo and Søren", first_dealer="2")
    assert game.first_dealer == 2
    assert "Deals round 1: Bob (Us)" in plain(scoreboard(game_page(client, game)))
    play(client, game, FOUR_ROUNDS[:1])
    assert "Deals round 2: Søren (Them)" in plain(scoreboard(game_page(client, game)))
    play_from(client, game, 2, FOUR_ROUNDS[1:3])
    assert "Deals round 4: Cléo (Them)" in plain(scoreboard(game_page(client, game)))  # Ann dealt round 3


def play_from(client, game, first: int, rounds) -> None:
    for number, data in enumerate(rounds, start=first):
        assert client.post(f"/g/{game.token}/rounds/{number}/", data).status_code == 302


def test_with_only_team_names_the_deal_goes_round_the_teams(client):
    game = start_game(client, first_dealer="1")
    assert "Deals round 1: Them" in plain(scoreboard(game_page(client, game)))
    play(client, game, FOUR_ROUNDS[:1])
    assert "Deals round 2: Us" in plain(scoreboard(game_page(client, game)))


def test_when_the_teams_name_different_numbers_of_players_the_deal_goes_round_the_teams(client):
    game = start_game(client, players_1="Ann & Bob", players_2="Cléo", first_dealer="1")
    assert "Deals round 1: Them" in plain(scoreboard(game_page(client, game)))


def test_individual_players_deal_in_turn(client):
    game = start_game(client, "canasta", mode="individuals", team_count=3, first_dealer="2")
    assert "Deals round 1: Player 3" in plain(scoreboard(game_page(client, game)))
    play(client, game, [round_data({"melded_points": "100"}, {"melded_points": "50"}, {"melded_points": "70"})])
    assert "Deals round 2: Player 1" in plain(scoreboard(game_page(client, game)))


def test_a_game_without_a_first_dealer_says_nothing_about_dealing(client):
    game = start_game(client, players_1="Ann & Bob", players_2="Cléo & Søren")
    assert game.first_dealer is None
    assert "Deals" not in game_page(client, game)


def test_no_dealer_is_named_once_no_round_is_to_come(client):
    game = start_game(client, first_dealer="0")
    play(client, game, FOUR_ROUNDS)
    assert "Deals" not in game_page(client, game)


# --- choosing the first dealer on the start form -----------------------------------------------


def test_the_start_form_offers_the_seats_in_the_order_the_deal_goes(client):
    response = client.get("/games/new/")
    content = raw(response)
    assert '<label for="id_first_dealer" class="label">Who deals first? (optional)</label>' in content
    options = re.findall(
        r'<option value="([^"]*)"[^>]*>([^<]*)</option>', section(content, 'name="first_dealer"', "</select>")
    )
    assert options == [("", "Not chosen"), ("0", "Us"), ("1", "Them")]


def test_a_refused_start_form_lists_the_players_typed(client):
    data = start_data(players_1="Ann & Bob", players_2="Cléo & Søren", team_1="Same", team_2="same", first_dealer="3")
    response = client.post("/games/new/", data)
    assert response.status_code == 400
    select = section(page_text(response), 'name="first_dealer"', "</select>")
    labels = re.findall(r"<option [^>]*>([^<]*)</option>", select)
    assert labels == ["Not chosen", "Ann (Same)", "Cléo (same)", "Bob (Same)", "Søren (same)"]
    assert re.search(r'<option value="3" selected>Søren \(same\)</option>', select)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("2", "Choose who deals first again: the teams or players have changed."),  # two teams, no players: seats 0, 1
        ("-1", "Choose who deals first from the list."),
        ("Ann", "Choose who deals first from the list."),
        ("²", "Choose who deals first from the list."),
        ("5" * 5000, "That number has far too many digits."),
    ],
)
def test_a_first_dealer_not_at_the_table_is_refused_by_name(client, value, message):
    response = client.post("/games/new/", start_data(first_dealer=value))
    assert response.status_code == 400
    text = page_text(response)
    assert message in text
    assert re.search(
        r'id="id_first_dealer".*?</select>\s*<p id="id_first_dealer_error" class="field-error" role="alert">',
        text,
        re.S,
    )
    assert not Game.objects.exists()


# --- a constant number of queries ----------------------------------------------------------------


@pytest.mark.parametrize("played", [1, 6])
def test_the_game_page_with_a_dealer_and_a_target_takes_the_same_few_queries(
    client, django_assert_max_num_queries, played
):
    game = start_game(client, "canasta", players_1="Ann & Bob", players_2="Cléo & Søren", first_dealer="1")
    play(client, game, [SMALL_CANASTA_ROUND] * played)
    with django_assert_max_num_queries(GAME_PAGE_QUERIES):
        response = client.get(f"/g/{game.token}/")
    # seat 1 dealt round 1: round played + 1 is dealt by seat (1 + played) mod 4
    seat = ["Ann (Us)", "Cléo (Them)", "Bob (Us)", "Søren (Them)"][(1 + played) % 4]
    assert f"Deals round {played + 1}: {seat}" in plain(scoreboard(page_text(response)))
    # Us 100 a round: 5,000 − 100 × played still to go
    assert f"Needs {5000 - 100 * played:,} more" in page_text(response)


# --- the seats, as a pure function ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "names"),
    [
        ("Ann & Bob", ["Ann", "Bob"]),
        ("Ann, Bob", ["Ann", "Bob"]),
        ("Ann and Bob", ["Ann", "Bob"]),
        ("Ann / Bob + Cy", ["Ann", "Bob", "Cy"]),
        ("Alexandra & Andy", ["Alexandra", "Andy"]),  # "and" inside a name is not a separator
        ("  ", []),
        ("Zoë", ["Zoë"]),
    ],
)
def test_player_names_split_as_tables_write_them(players, names):
    assert dealing.player_names(players) == names


def test_seats_alternate_between_the_teams_and_the_deal_moves_one_seat_a_round():
    table = dealing.seats([("Us", "Ann & Bob"), ("Them", "Cléo & Søren"), ("Others", "Dan & Eve")])
    assert [seat.label for seat in table] == [
        "Ann (Us)",
        "Cléo (Them)",
        "Dan (Others)",
        "Bob (Us)",
        "Søren (Them)",
        "Eve (Others)",
    ]
    # Søren (seat 4) deals round 1; round 3 two seats on, round 7 six on: round the table once
    assert [dealing.dealer(table, 4, n).dealer for n in (1, 2, 3, 7)] == ["Søren", "Eve", "Ann", "Søren"]


def test_seats_are_the_teams_without_players_or_for_individuals():
    assert [s.label for s in dealing.seats([("Us", ""), ("Them", "Cléo & Søren")])] == ["Us", "Them"]
    assert [s.label for s in dealing.seats([("Ann", "Ann & Bob"), ("Cléo", "x & y")], by_players=False)] == [
        "Ann",
        "Cléo",
    ]
