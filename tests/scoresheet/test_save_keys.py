"""A round save sent twice with its key (the answer was lost, a queue kept offline sent again) is
stored once; the key is the save's, not a pass to overwrite or to save another round."""

import pytest
from simple_history.utils import get_history_model_for_model

from scoresheet.models import Round, RoundSave
from tests.scoresheet.test_views_game import (
    THEM_R1,
    THEM_R2,
    US_R1,
    US_R2,
    counts,
    round_data,
    start_game,
    totals,
    version_of,
)

pytestmark = pytest.mark.django_db

KEY = "0b7c1a52-3f7e-4a52-9d0e-3a8f6c2d9e41"
FETCH = {"HTTP_X_REQUESTED_WITH": "fetch"}  # as round_form.js and the offline queue send it


@pytest.fixture(autouse=True)
def _presets(presets):
    pass


def entered_rounds() -> int:
    """History rows of rounds created: a save stored twice would leave two."""
    return get_history_model_for_model(Round).objects.filter(history_type="+").count()


def test_a_save_sent_again_with_its_key_is_stored_once_and_answered_as_saved(client):
    game = start_game(client)
    url = f"/g/{game.token}/rounds/1/"
    first = client.post(url, {**round_data(US_R1, THEM_R1, went_out=0), "save_key": KEY}, **FETCH)
    assert first.json() == {"saved": True, "url": f"/g/{game.token}/"}

    again = client.post(url, {**round_data(US_R1, THEM_R1, went_out=0), "save_key": KEY}, **FETCH)

    assert again.json() == first.json()
    assert counts(game) == (1, 2)
    assert entered_rounds() == 1
    assert list(RoundSave.objects.values_list("key", "number")) == [(KEY, 1)]


def test_a_save_sent_again_after_another_phone_corrected_the_round_overwrites_nothing(client):
    """Without the key the old save would come back as "round 1 was entered already" (or, with the
    form's version, overwrite the correction): with it, it is known as done, and theirs stands."""
    game = start_game(client)
    url = f"/g/{game.token}/rounds/1/"
    mine = {**round_data(US_R1, THEM_R1, went_out=0), "save_key": KEY}
    client.post(url, mine, **FETCH)
    corrected = client.post(url, round_data(US_R2, THEM_R2, went_out=1, version=version_of(client.get(url).text)))
    assert corrected.status_code == 302
    assert totals(game, 1) == [1140, 4100]

    again = client.post(url, mine, **FETCH)

    assert again.json()["saved"] is True
    assert totals(game, 1) == [1140, 4100]  # theirs stands: round 2's values, worked out in test_views_game
    assert counts(game) == (1, 2)


def test_a_save_without_a_key_is_checked_as_before(client):
    """The key is not needed (a form posted without script has none): a second different save of
    a new round still meets "entered already"."""
    game = start_game(client)
    url = f"/g/{game.token}/rounds/1/"
    client.post(url, round_data(US_R1, THEM_R1, went_out=0), **FETCH)

    again = client.post(url, round_data(US_R2, THEM_R2, went_out=1))

    assert again.status_code == 302  # back to the game page, saying round 1 was entered already
    assert totals(game, 1) == [4345, 1115]
    assert not RoundSave.objects.exists()


def test_a_key_given_for_another_round_saves_nothing(client):
    game = start_game(client)
    client.post(f"/g/{game.token}/rounds/1/", {**round_data(US_R1, THEM_R1, went_out=0), "save_key": KEY}, **FETCH)

    other = client.post(
        f"/g/{game.token}/rounds/2/", {**round_data(US_R2, THEM_R2, went_out=1), "save_key": KEY}, **FETCH
    )

    assert other.status_code == 400
    assert "This save was made for another round." in other.text
    assert counts(game) == (1, 2)
