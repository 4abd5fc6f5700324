"""The score sheet's services hold their models' limits: a game, a team or a round's values the
models cannot keep are refused with where they are (team, round, field), and nothing is saved."""

import pytest

from scoresheet.games import services
from scoresheet.games.services import GameData, GameInvalid, RoundInvalid, TeamData
from scoresheet.models import Game, Round, Team, TeamRound, Variant
from scoresheet.problems import Problem
from scoresheet.scoring import engine as scoring
from scoresheet.scoring.engine import Entry

pytestmark = pytest.mark.django_db


def hand_and_foot() -> Variant:
    return Variant.objects.get(slug="hand-and-foot")


def test_a_team_name_too_long_starts_no_game_and_says_which_team():
    with pytest.raises(GameInvalid) as refused:
        services.game_create(
            variant=hand_and_foot(), mode="teams", teams=[TeamData("Us"), TeamData("T" * 61, players="P" * 201)]
        )
    assert [(p.team, p.field, p.message) for p in refused.value.problems] == [
        (1, "name", "Team name is 61 characters long: 60 at most."),
        (1, "players", "Team players is 201 characters long: 200 at most."),
    ]
    assert not Game.objects.exists() and not Team.objects.exists() and not Game.history.exists()


def test_games_create_starts_every_game_or_none():
    good = GameData(variant=hand_and_foot(), mode="teams", teams=[TeamData("Us"), TeamData("Them")])
    bad = GameData(variant=hand_and_foot(), mode="pairs", teams=[TeamData("Us"), TeamData("Them")])
    with pytest.raises(GameInvalid) as refused:
        services.games_create(games=[good, bad, good])
    assert [p.field for p in refused.value.problems] == ["mode"]
    assert not Game.objects.exists()


def test_a_first_dealer_off_the_table_is_refused_naming_the_field():
    with pytest.raises(GameInvalid) as refused:
        services.game_create(
            variant=hand_and_foot(), mode="teams", teams=[TeamData("Us"), TeamData("Them")], first_dealer=9
        )
    assert [p.field for p in refused.value.problems] == ["first_dealer"]
    assert not Game.objects.exists()


def test_a_round_value_the_model_cannot_hold_is_refused_even_if_scoring_missed_it(monkeypatch):
    game = services.game_create(variant=hand_and_foot(), mode="teams", teams=[TeamData("Us"), TeamData("Them")])
    check = scoring.check_and_score_game

    def forgetful(rules, rounds, **kwargs):  # a scoring check that lets a negative count through
        _, result = check(rules, [[Entry()] * 2 for _ in rounds], **kwargs)
        return [], result

    monkeypatch.setattr(scoring, "check_and_score_game", forgetful)
    with pytest.raises(RoundInvalid) as refused:
        services.round_record(game=game, number=1, entries=[Entry(), Entry(red_threes=-1)])
    [problem] = refused.value.problems
    assert (problem.round, problem.team, problem.field) == (1, 1, "red_threes")
    assert problem.message.startswith("Team round red threes: ")
    assert not Round.objects.exists() and not TeamRound.objects.exists()


def test_the_start_page_puts_a_refusal_of_the_service_beside_its_box(client, monkeypatch):
    def refuse(**kwargs):
        raise GameInvalid([Problem("Refused by the game's model.", team=1, field="name")])

    monkeypatch.setattr(services, "game_create", refuse)
    data = {"variant": hand_and_foot().pk, "mode": "teams", "team_count": "2", "team_1": "Us", "team_2": "Them"}
    response = client.post("/games/new/", data)
    assert response.status_code == 400
    assert response.context["form"].errors == {"team_2": ["Refused by the game's model."]}
