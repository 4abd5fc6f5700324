"""Special hands on the round form: a tick box, never one-tap picks.

PRODUCT.md ("More presets"): "`acaba` is ticked on the side that called it — that side scores 0
for the round and every other side 1,500; an American special hand is ticked on the side that made
it." Each worked example does its arithmetic in the comment, from the VARIANTS.md line quoted; the
rounds go in through the round form as a phone sends it, and the totals come back from the database.
"""

from __future__ import annotations

import pytest

from scoresheet.games import services
from scoresheet.models import TeamRound, Variant
from tests.scoresheet.test_schema_extensions import post_round

pytestmark = pytest.mark.django_db


def new_game(slug: str, *names: str, mode: str = "teams"):
    teams = [services.TeamData(name) for name in names]
    return services.game_create(variant=Variant.objects.get(slug=slug), mode=mode, teams=teams)


def saved_totals(game, number: int) -> list[int]:
    rows = TeamRound.objects.filter(round__game=game, round__number=number).order_by("team__position")
    return [row.total for row in rows]


def field_html(form: str, name: str) -> str:
    """The round form's markup for one box of the first column, from its input to the next box
    (its one-tap picks, if it has any)."""
    start = form.index(f'name="t0-{name}"')
    start = form.rindex("<input", 0, start)
    ends = [form.find(mark, start + 1) for mark in ("<input", "</fieldset>")]
    return form[start : min(end for end in ends if end > 0)]


@pytest.mark.parametrize(
    ("slug", "ticks", "counts"),
    [
        pytest.param("british-canasta", ["extra_acaba"], [], id="acaba"),
        pytest.param(
            "canasta-modern-american",
            # the special hands (000 L428)
            ["extra_special_straight", "extra_special_pairs", "extra_special_pairs_wild", "extra_special_garbage"],
            # "1,500 off for each player caught with three or more sevens": up to 2 a side
            ["extra_sevens_held", "extra_aces_held"],
            id="american",
        ),
    ],
)
def test_what_happens_at_most_once_a_round_is_a_tick_box_and_counts_keep_their_picks(client, slug, ticks, counts):
    game = new_game(slug, "Us", "Them")
    form = client.get(f"/g/{game.token}/rounds/1/").content.decode()
    for name in ticks:
        box = field_html(form, name)
        assert 'type="checkbox"' in box and "data-pick" not in box, name
    for name in counts:
        box = field_html(form, name)
        assert 'type="number"' in box and 'data-pick="2"' in box, name


def test_acaba_ticked_by_one_of_three_players_gives_each_other_player_1500(client):
    # VARIANTS.md CN-7 (000 L441): "A player can say this at any time during their turn and
    # immediately loses the round, giving the opposing player or team 1,500 points and gaining 0
    # points". With three players on their own each other player scores 1,500 (the preset's note).
    game = new_game("british-canasta", "Ann", "Bob", "Cy", mode="individuals")
    # Bob calls Acaba. Ann's natural canasta and 400 melded and Cy's 250 count for nothing:
    # Ann 1,500, Bob 0, Cy 1,500.
    response = post_round(
        client,
        game,
        1,
        {"book_clean": 1, "melded_points": 400},
        {"extra_acaba": "on"},
        {"melded_points": 250},
        went_out="",
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert saved_totals(game, 1) == [1500, 0, 1500]
    assert TeamRound.objects.get(team__name="Bob").extras == {"acaba": 1}


@pytest.mark.parametrize(
    ("extra", "made"),
    [
        # VARIANTS.md CN-2 (000 L428): "Straight 3,000; Pairs 2,500 without wilds, 2,000 with twos,
        # sevens and aces; Garbage 2,000. The hand ends and only the special hand scores"
        pytest.param("special_straight", 3000, id="straight"),
        pytest.param("special_pairs", 2500, id="pairs"),
        pytest.param("special_pairs_wild", 2000, id="pairs-with-wilds"),
        pytest.param("special_garbage", 2000, id="garbage"),
    ],
)
def test_an_american_special_hand_is_ticked_by_the_side_that_made_it_and_only_it_scores(client, extra, made):
    game = new_game("canasta-modern-american", "Us", "Them")
    # Them show the special hand: Them score the hand's value; Us's clean canasta (500) and 300
    # melded are not counted: Us 0.
    response = post_round(
        client, game, 1, {"book_clean": 1, "melded_points": 300}, {f"extra_{extra}": "on"}, went_out=""
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert saved_totals(game, 1) == [0, made]


def test_an_unfinished_sevens_meld_takes_2500_off(client):
    game = new_game("canasta-modern-american", "Us", "Them")
    # VARIANTS.md CN-2 (000 L425): "if the hand ends without either team completing that canasta,
    # that team loses 2,500 points".
    # Us: 1 clean canasta 500 + 600 melded − 2,500 unfinished sevens = −1,400
    # Them go out: 1 mixed canasta 300 + 250 melded + 100 out = 650
    response = post_round(
        client,
        game,
        1,
        {"book_clean": 1, "melded_points": 600, "extra_sevens_unfinished": "1"},
        {"book_dirty": 1, "melded_points": 250},
        went_out=1,
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert saved_totals(game, 1) == [-1400, 650]
    assert TeamRound.objects.get(team__name="Us").extras == {"sevens_unfinished": 1}
    # a count of 0 or 1 (its picks stop at 1), and the correction form shows the 1 typed
    form = client.get(f"/g/{game.token}/rounds/1/").content.decode()
    box = field_html(form, "extra_sevens_unfinished")
    assert 'value="1"' in box and 'data-pick="1"' in box and 'data-pick="2"' not in box
