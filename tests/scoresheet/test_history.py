"""The game's history: every change recorded with who, when, before and after; shown in plain
words on the game page; undo of the last change; a reason for late corrections."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User

from scoresheet.games import history, services, undoing
from scoresheet.models import Game, Round, TeamRound
from tests.scoresheet.test_services import THEM_R1, THEM_R2, US_R1, US_R2, new_game, sheet
from tests.scoresheet.test_views_game import THEM_R1 as THEM_FORM_R1
from tests.scoresheet.test_views_game import US_R1 as US_FORM_R1
from tests.scoresheet.test_views_game import page_text, raw, round_data, section, version_of

pytestmark = pytest.mark.django_db

# Them's hand was 85, not 185: 1115 + 100 = 1215 (tests/scoresheet/test_services.py)
THEM_R1_85 = THEM_R1.__class__(**{**THEM_R1.__dict__, "hand_points": 85})


def texts(game) -> list[str]:
    game = Game.objects.get(pk=game.pk)
    return [e.text for e in history.game_history(game=game, teams=list(game.teams.all()))]


def take_back(client, game_url: str, what: str = "undo", **kwargs):
    """Tap "Undo the last change" (or "Redo") on the game page: its form carries the change it names."""
    page = raw(client.get(game_url))
    form = section(page, f'action="{game_url}{what}/"')
    change = re.search(r'name="change" value="([^"]+)"', form).group(1)
    return client.post(f"{game_url}{what}/", {"change": change}, **kwargs)


def entries(game):
    game = Game.objects.get(pk=game.pk)
    return history.game_history(game=game, teams=list(game.teams.all()))


def test_each_change_is_one_entry_in_plain_words_newest_first():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1_85])
    services.game_finish(game=game)
    found = entries(game)
    assert [e.text.split(" at ")[0] for e in found] == [
        "Game finished",
        "Round 1 corrected",
        "Round 2 entered",
        "Round 1 entered",
        "Game started",
    ]
    assert found[1].details == ["Them 1,115 → 1,215"]  # only the team whose total changed
    assert found[2].details == ["Us 1,140", "Them 4,100"]


def test_the_history_keeps_the_values_before_and_after_a_correction():
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1_85])
    them = game.teams.get(name="Them")
    rows = TeamRound.history.filter(team_id=them.pk).order_by("history_date", "history_id")
    assert [(r.history_type, r.hand_points, r.total) for r in rows] == [
        ("+", 185, 1115),
        ("-", 185, 1115),
        ("+", 85, 1215),
    ]


def test_a_correction_of_a_finished_game_needs_a_reason_which_is_recorded_and_shown(client):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.game_finish(game=game)
    with pytest.raises(services.RoundInvalid, match="Say why"):
        services.round_record(game=game, number=1, entries=[US_R1, THEM_R1_85], reason="   ")
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1_85], reason="Them held 85")
    assert entries(game)[0].reason == "Them held 85"
    text = page_text(client.get(f"/g/{game.token}/"))
    assert "Round 1 corrected at" in text and "Them 1,115 → 1,215" in text and "Them held 85" in text


def test_the_round_form_asks_for_the_reason_only_once_the_game_is_finished(client):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    assert 'name="reason"' not in raw(client.get(f"/g/{game.token}/rounds/1/"))
    services.game_finish(game=game)
    content = raw(client.get(f"/g/{game.token}/rounds/1/"))
    assert 'name="reason"' in content
    data = round_data(US_FORM_R1, {**THEM_FORM_R1, "hand_points": "85"}, went_out=0, version=version_of(content))
    refused = client.post(f"/g/{game.token}/rounds/1/", data)
    assert refused.status_code == 400 and "Say why you correct this round" in page_text(refused)
    assert sheet(game).result.totals == (4345, 1115)  # nothing saved
    assert client.post(f"/g/{game.token}/rounds/1/", {**data, "reason": "Miscounted"}).status_code == 302
    assert sheet(game).result.totals == (4345, 1215)


def test_a_signed_in_member_is_named_as_who_made_the_change(client):
    olga = User.objects.create_user("olga", password="pw-olga-123")
    client.force_login(olga)
    game = new_game()
    client.post(f"/g/{game.token}/rounds/1/", round_data(US_FORM_R1, THEM_FORM_R1, went_out=0))
    assert texts(game)[0].startswith("Round 1 entered by olga at ")
    assert Round.history.get(game_id=game.pk).history_user == olga


def test_undo_takes_back_an_entry_a_correction_and_a_finish_each_recorded(client):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1_85])
    services.game_finish(game=game)

    assert take_back(client, f"/g/{game.token}/").status_code == 302  # finish → reopened
    game.refresh_from_db()
    assert not game.is_finished
    assert take_back(client, f"/g/{game.token}/").status_code == 302  # the correction → 185 again
    assert sheet(game).result.totals == (4345 + 1140, 1115 + 4100)
    assert take_back(client, f"/g/{game.token}/").status_code == 302  # then round 2's entry: taken off
    assert sheet(game).result.totals == (4345, 1115)
    assert take_back(client, f"/g/{game.token}/").status_code == 302  # then round 1's: no round left
    assert not game.rounds.exists()
    assert "Undo the last change" not in page_text(client.get(f"/g/{game.token}/"))  # the start is not undone
    found = texts(game)
    assert [t.split(" at ")[0] for t in found[:4]] == ["Undo", "Undo", "Undo", "Undo"]
    assert found[0].endswith("round 1 removed") and found[2].endswith("round 1 corrected")
    assert found[3].endswith("game reopened")


def test_undo_of_a_round_entered_takes_it_off_and_the_page_says_so(client):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    response = take_back(client, f"/g/{game.token}/", follow=True)
    assert "Round 2 taken off" in page_text(response)
    assert list(game.rounds.values_list("number", flat=True)) == [1]
    assert sheet(game).result.totals == (4345, 1115)
    history_part = section(raw(response), 'id="history-title"')
    assert (
        "Undo at" in history_part and "round 2 removed" in history_part and "Us 1,140 taken off" in page_text(response)
    )


def test_undo_with_nothing_to_undo_says_so():
    with pytest.raises(undoing.UndoRefused, match="nothing to undo"):
        undoing.game_undo(game=new_game())


@pytest.mark.parametrize("changes", [1, 10])
def test_the_game_page_reads_its_history_in_a_constant_number_of_queries(
    client, django_assert_max_num_queries, changes
):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    for _ in range(changes - 1):
        services.game_finish(game=game)
        services.game_reopen(game=game)
    with django_assert_max_num_queries(12):
        response = client.get(f"/g/{game.token}/")
    assert response.content.decode().count('class="history-entry"') >= changes


def test_undo_names_the_change_it_takes_back_and_who_made_it(client):
    olga = User.objects.create_user("olga", password="pw-olga-123")
    client.force_login(olga)
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    client.post(f"/g/{game.token}/rounds/2/", round_data(US_FORM_R1, THEM_FORM_R1, went_out=0))
    page = page_text(client.get(f"/g/{game.token}/"))
    asked = re.search(r'data-confirm="(Undo: [^"]*)"', page).group(1)
    assert re.fullmatch(r"Undo: round 2 entered by olga at \d\d:\d\d\?", asked), asked
    assert re.search(r"Takes back: round 2 entered by olga at \d\d:\d\d", page)
    assert "Redo" not in page  # nothing undone yet


def test_a_second_tap_on_undo_takes_back_nothing_more(client):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    form = section(raw(client.get(f"/g/{game.token}/")), f'action="/g/{game.token}/undo/"')
    change = re.search(r'name="change" value="([^"]+)"', form).group(1)
    assert client.post(f"/g/{game.token}/undo/", {"change": change}).status_code == 302
    again = client.post(f"/g/{game.token}/undo/", {"change": change}, follow=True)  # the same form, tapped twice
    assert "Nothing was undone: the change you saw was taken back already" in page_text(again)
    assert list(game.rounds.values_list("number", flat=True)) == [1]  # round 1 is still there
    refused = client.post(f"/g/{game.token}/undo/", follow=True)  # a form that names no change
    assert "Nothing was undone" in page_text(refused) and game.rounds.count() == 1


def test_redo_puts_back_exactly_what_each_undo_took_back_in_turn(client):
    game = new_game()
    url = f"/g/{game.token}/"
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1_85])  # Them 1,115 → 1,215
    services.game_finish(game=game)
    corrected = (4345 + 1140, 1215 + 4100)
    for _ in range(3):  # finish, correction, round 2
        take_back(client, url)
    assert sheet(game).result.totals == (4345, 1115) and not Game.objects.get(pk=game.pk).is_finished
    page = page_text(client.get(url))
    assert re.search(r'data-confirm="Redo: round 2 entered at \d\d:\d\d\?"', page)

    assert re.search(
        r"Redone. Put back: round 2 entered at \d\d:\d\d.", page_text(take_back(client, url, "redo", follow=True))
    )
    assert sheet(game).result.totals == (4345 + 1140, 1115 + 4100)
    assert "Put back: round 1 corrected at" in page_text(take_back(client, url, "redo", follow=True))  # 85
    assert sheet(game).result.totals == corrected
    assert "Put back: game finished at" in page_text(take_back(client, url, "redo", follow=True))
    assert Game.objects.get(pk=game.pk).is_finished
    page = page_text(client.get(url))
    assert "Redo" not in page.replace("Redo at", "")  # all put back: nothing left to redo
    shown = re.findall(r'<span class="history-text">([^<]*)</span>', page)
    assert [t.split(" at ")[0] for t in shown[:6]] == ["Redo", "Redo", "Redo", "Undo", "Undo", "Undo"]
    assert shown[0].endswith("game finished") and shown[1].endswith("round 1 corrected")

    take_back(client, url)  # Undo now takes back the redo: the game is open again, round 1 as corrected
    assert not Game.objects.get(pk=game.pk).is_finished and sheet(game).result.totals == corrected


def test_a_new_change_after_an_undo_drops_the_redo(client):
    game = new_game()
    url = f"/g/{game.token}/"
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.round_record(game=game, number=2, entries=[US_R2, THEM_R2])
    take_back(client, url)
    form = section(raw(client.get(url)), f'action="{url}redo/"')
    undo_id = re.search(r'name="change" value="([^"]+)"', form).group(1)
    services.round_record(game=game, number=2, entries=[US_R1, THEM_R1])  # another round 2
    assert "Redo" not in page_text(client.get(url))
    refused = client.post(f"{url}redo/", {"change": undo_id}, follow=True)
    assert "There is nothing to redo." in page_text(refused)
    assert sheet(game).result.totals == (4345 * 2, 1115 * 2)  # the new round 2 stays
