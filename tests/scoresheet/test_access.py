"""Who can see what: a game is reached at its secret addresses, never by guessing its id.

The issue's report: a stranger with a fresh browser saw every game on the home page, and
read, corrected and finished again any game by its id (3 of 3 tries). Here the same tries,
each with a fresh client, and the tokens' rules: long, random, compared in constant time,
404 when wrong or renewed, never in the access log.
"""

from __future__ import annotations

import html
import logging
import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.test import Client
from django.utils import timezone

from league.models import Role
from scoresheet.addresses import tokens
from scoresheet.games import services
from scoresheet.models import Game, Round, Variant
from tests.league.factories import club, member
from tests.scoresheet.test_views_game import FOUR_ROUNDS, THEM_R1, US_R1, play, round_data, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _presets(presets):
    """Every test here needs the preset variants."""


def text(response) -> str:
    return html.unescape(response.content.decode())


def snapshot(game: Game) -> tuple:
    """What a stranger must not change: status, rounds and their totals, deleted or not."""
    game = Game.objects.get(pk=game.pk)
    totals = list(Round.objects.filter(game=game).values_list("number", "entries__total").order_by("number", "id"))
    return game.status, game.deleted_at, totals


def every_action(game: Game, prefix: str) -> list[tuple[str, str, dict]]:
    """Every page and action of a game under an address prefix: (method, url, data)."""
    return [
        ("get", prefix, {}),
        ("get", f"{prefix}rounds/1/", {}),
        ("post", f"{prefix}rounds/1/", round_data(THEM_R1, US_R1, went_out=1)),  # a correction
        ("get", f"{prefix}rounds/3/", {}),
        ("post", f"{prefix}rounds/3/", round_data(US_R1, THEM_R1, went_out=0)),  # a new round
        ("post", f"{prefix}rounds/1/preview/", round_data(US_R1, THEM_R1)),
        ("post", f"{prefix}finish/", {}),
        ("post", f"{prefix}reopen/", {}),
        ("get", f"{prefix}delete/", {}),
        ("post", f"{prefix}delete/", {}),
        ("post", f"{prefix}restore/", {}),
        ("post", f"{prefix}renew/", {}),
        ("get", f"{prefix}sheet.pdf", {}),
    ]


# --- a stranger, by the game's id -------------------------------------------------------------


@pytest.mark.parametrize("finished", [False, True], ids=["in progress", "finished"])
def test_a_stranger_gets_404_for_a_casual_game_and_every_action_by_its_id(client, finished):
    game = start_game(client, team_1="Ann & Bob", team_2="Cléo & Søren")
    play(client, game, FOUR_ROUNDS[:2])
    if finished:
        assert client.post(f"/g/{game.token}/finish/").status_code == 302
    before = snapshot(game)
    # The three tries of the issue (read, correct, finish again), and every other action, 3 times.
    for _ in range(3):
        stranger = Client()
        for method, url, data in every_action(game, f"/games/{game.pk}/"):
            response = getattr(stranger, method)(url, data)
            assert response.status_code == 404, (method, url)
            assert "Ann &amp; Bob" not in response.content.decode()
    assert snapshot(game) == before
    # Not even the device that started it: a casual game has no address by id.
    assert client.get(f"/games/{game.pk}/").status_code == 404


def test_a_stranger_gets_404_for_a_club_game_by_its_id_and_a_member_by_role(client):
    tuesday = club()
    owner = Client()
    owner.force_login(member(tuesday, "ann", Role.ORGANISER))
    response = owner.post("/clubs/tuesday/games/new/", start_data())
    game = Game.objects.get()
    assert response["Location"] == f"/g/{game.token}/"
    play(owner, game, FOUR_ROUNDS[:1])
    before = snapshot(game)

    outsider = Client()
    outsider.force_login(member(club("friday", "Friday Club"), "eve", Role.ORGANISER))
    for stranger in (Client(), outsider):
        for method, url, data in every_action(game, f"/games/{game.pk}/"):
            assert getattr(stranger, method)(url, data).status_code == 404, (method, url)

    viewer = Client()
    viewer.force_login(member(tuesday, "val", Role.VIEWER))
    page = viewer.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and "4,345" in text(page)
    assert no_game_forms(page)
    assert game.token not in page.content.decode() and game.share_token not in page.content.decode()
    assert viewer.get(f"/games/{game.pk}/sheet.pdf").status_code == 200
    for method, url, data in every_action(game, f"/games/{game.pk}/")[1:-1]:
        assert getattr(viewer, method)(url, data).status_code == 404, (method, url)
    assert snapshot(game) == before

    scorekeeper = Client()
    scorekeeper.force_login(member(tuesday, "sam", Role.SCOREKEEPER))
    assert scorekeeper.post(f"/games/{game.pk}/rounds/2/", FOUR_ROUNDS[1]).status_code == 302
    assert scorekeeper.post(f"/games/{game.pk}/renew/").status_code == 404  # renewing is the organiser's
    assert Game.objects.get(pk=game.pk).rounds.count() == 2


def start_data() -> dict:
    from tests.scoresheet.test_views_game import start_data as data

    return data("hand-and-foot", team_1="Us", team_2="Them")


def no_game_forms(page) -> bool:
    """No form that changes anything: only the menu's sign-out, the language switch and printing the sheet."""
    forms = re.findall(r'<form[^>]*action="([^"]*)"', page.content.decode())
    allowed = ("/accounts/", "/i18n/")
    return forms and all(action.startswith(allowed) or action.endswith("/sheet.pdf") for action in forms)


# --- the home page -------------------------------------------------------------------------------


def test_the_home_page_of_a_fresh_browser_lists_no_game_it_did_not_start(client):
    mine = start_game(client, team_1="Ann", team_2="Bob")
    other = Client()
    theirs = start_game(other, team_1="Zoë", team_2="Yann")
    services.game_delete(game=start_game(other, team_1="Gone", team_2="Away"))

    fresh = text(Client().get("/"))
    assert "game-item" not in fresh and "Zoë" not in fresh and "Ann" not in fresh
    assert "No games on this device yet" in fresh and "Recently deleted" not in fresh
    assert "Gone" not in text(Client().get("/games/deleted/"))
    assert "Zoë" not in text(Client().get("/?q=zo"))

    home = text(client.get("/"))
    assert f'href="/g/{mine.token}/"' in home and "Ann vs Bob" in home
    assert "Zoë" not in home and theirs.token not in home
    assert "Zoë vs Yann" in text(other.get("/"))


def test_a_member_sees_their_clubs_games_at_the_clubs_address_and_no_other_clubs(client):
    tuesday, friday = club(), club("friday", "Friday Club")
    ours = services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Club Us"), services.TeamData("Club Them")],
        club=tuesday,
    )
    services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Friday Us"), services.TeamData("Friday Them")],
        club=friday,
    )
    client.force_login(member(tuesday, "val", Role.VIEWER))
    home = text(client.get("/"))
    assert "Club Us vs Club Them" in home and f'href="/games/{ours.pk}/"' in home
    assert "Friday" not in home and ours.token not in home


def test_opening_a_play_address_adds_the_game_to_that_devices_list(client):
    game = start_game(client, team_1="Ann", team_2="Bob")
    phone = Client()
    assert "Ann vs Bob" not in text(phone.get("/"))
    assert phone.get(f"/g/{game.token}/").status_code == 200  # scanned from the QR code
    assert f'href="/g/{game.token}/"' in text(phone.get("/"))
    sharer = Client()
    sharer.get(f"/s/{game.share_token}/")
    assert "Ann vs Bob" not in text(sharer.get("/"))  # reading the score is not holding the game


# --- the share link ------------------------------------------------------------------------------


def test_the_share_link_shows_the_totals_and_nothing_to_act_on(client):
    game = start_game(client, team_1="Ann & Bob", team_2="Cléo & Søren")
    play(client, game, FOUR_ROUNDS[:2])
    reader = Client()
    response = reader.get(f"/s/{game.share_token}/")
    assert response.status_code == 200
    page = text(response)
    assert "Totals after round 2" in page
    assert re.search(r'standing-total num">5,485<', page) and re.search(r'standing-total num">5,215<', page)
    content = response.content.decode()
    # The foot of every page switches the reader's language (a cookie): nothing about the game.
    content = re.sub(r'<footer class="language-switch">.*?</footer>', "", content, flags=re.S)
    assert "<form" not in content and "<button" not in content and "<input" not in content
    assert game.token not in content  # the play address is not handed out with the score
    for address in re.findall(r'(?:href|action|src)="([^"]*)"', content):
        # the menu (home, new game, rules, print, sign in), the page itself, static files: nothing of this game's
        assert not re.search(rf"/g/|/games/{game.pk}/|rounds/|finish|reopen|delete|sheet\.pdf", address), address
    assert "Edit" not in page and "Enter round" not in page and "Finish the game" not in page
    assert "Hand this game to another phone" not in page

    before = snapshot(game)
    for url in [
        f"/s/{game.share_token}/rounds/3/",
        f"/s/{game.share_token}/finish/",
        f"/s/{game.share_token}/sheet.pdf",
    ]:
        assert reader.post(url, round_data(US_R1, THEM_R1, went_out=0)).status_code == 404, url
    assert reader.post(f"/s/{game.share_token}/", {}).status_code == 405  # it only shows
    assert snapshot(game) == before


def test_the_share_link_follows_the_game_and_stops_when_it_is_deleted(client):
    game = start_game(client, team_1="Ann", team_2="Bob")
    reader = Client()
    assert "No rounds yet" in text(reader.get(f"/s/{game.share_token}/"))
    play(client, game, FOUR_ROUNDS[:1])
    assert "4,345" in text(reader.get(f"/s/{game.share_token}/"))
    client.post(f"/g/{game.token}/delete/")
    assert reader.get(f"/s/{game.share_token}/").status_code == 404


def test_the_play_page_hands_the_game_over_with_a_qr_code_and_the_share_link(client):
    game = start_game(client, team_1="Ann", team_2="Bob")
    page = client.get(f"/g/{game.token}/").content.decode()
    hand_over = page[page.index("Hand this game to another phone") :]
    assert re.search(r'<svg viewBox="0 0 \d+ \d+" class="segno">', hand_over)  # drawn on the page
    assert f'value="http://testserver/g/{game.token}/"' in hand_over
    assert f'value="http://testserver/s/{game.share_token}/"' in hand_over
    assert 'data-copy="share-link"' in hand_over and "js/copy.js" in page
    assert "style=" not in hand_over  # the CSP allows no inline style, in the SVG either


# --- the tokens ----------------------------------------------------------------------------------


def test_each_game_has_two_long_random_tokens_of_its_own(client):
    games = [start_game(client, team_1=f"A{i}", team_2=f"B{i}") for i in range(5)]
    values = [t for g in games for t in (g.token, g.share_token)]
    assert len(set(values)) == 10
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{43}", t) for t in values)  # 32 random bytes


@pytest.mark.parametrize(
    "wrong",
    [
        lambda t: t[:-1],  # a prefix
        lambda t: t + "x",
        lambda t: t[:-1] + ("A" if t[-1] != "A" else "B"),  # one character off
        lambda t: t.swapcase(),
        lambda t: t * 2,  # too long to be a token
        lambda t: "%00",
        lambda t: "x" * 5000,
    ],
    ids=["prefix", "longer", "one off", "case", "doubled", "nul", "5000 chars"],
)
def test_a_wrong_token_answers_404(client, wrong):
    game = start_game(client, team_1="Ann", team_2="Bob")
    play(client, game, FOUR_ROUNDS[:1])
    before = snapshot(game)
    bad = wrong(game.token)
    stranger = Client()
    for method, url, data in every_action(game, f"/g/{bad}/"):
        assert getattr(stranger, method)(url, data).status_code == 404, (method, url)
    assert stranger.get(f"/s/{wrong(game.share_token)}/").status_code == 404
    assert stranger.get(f"/s/{game.token}/").status_code == 404  # the play token is not a share token
    assert stranger.get(f"/g/{game.share_token}/").status_code == 404  # nor the other way round
    assert snapshot(game) == before


def test_tokens_are_compared_in_constant_time_in_one_place(client, monkeypatch):
    game = start_game(client, team_1="Ann", team_2="Bob")
    compared = []
    real = tokens.hmac.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", spy)
    assert Client().get(f"/g/{game.token}/").status_code == 200
    assert Client().get(f"/s/{game.share_token}/").status_code == 200
    assert compared == [(game.token.encode(), game.token.encode()), (game.share_token.encode(),) * 2]
    assert tokens.same_token("abc", "abc") and not tokens.same_token("abc", "abd")
    assert not tokens.same_token("", "") and not tokens.same_token("abc", "")


def test_renewing_the_tokens_makes_the_old_addresses_404(client):
    game = start_game(client, team_1="Ann", team_2="Bob")
    play(client, game, FOUR_ROUNDS[:1])
    old_play, old_share = game.token, game.share_token
    phone = Client()
    assert phone.get(f"/g/{old_play}/").status_code == 200  # a phone it was handed to

    response = client.post(f"/g/{old_play}/renew/")
    game.refresh_from_db()
    assert game.token != old_play and game.share_token != old_share
    assert response.status_code == 302 and response["Location"] == f"/g/{game.token}/"
    assert "the old play and share links no longer open this game" in text(client.get(response["Location"]))
    for method, url, data in every_action(game, f"/g/{old_play}/"):
        assert getattr(phone, method)(url, data).status_code == 404, (method, url)
    assert phone.get(f"/s/{old_share}/").status_code == 404
    assert Client().get(f"/s/{game.share_token}/").status_code == 200
    # The device that renewed keeps the game, at its new address; the old phone's list loses it.
    assert f'href="/g/{game.token}/"' in text(client.get("/"))
    assert old_play not in text(phone.get("/")) and "Ann vs Bob" in text(phone.get("/"))  # listed, new address
    assert Game.objects.get(pk=game.pk).rounds.count() == 1


def test_a_club_organiser_renews_a_club_games_tokens_at_its_address(client):
    tuesday = club()
    client.force_login(member(tuesday, "ann", Role.ORGANISER))
    client.post("/clubs/tuesday/games/new/", start_data())
    game = Game.objects.get()
    old = game.token
    page = text(client.get(f"/games/{game.pk}/"))
    assert f'action="/games/{game.pk}/renew/"' in page
    response = client.post(f"/games/{game.pk}/renew/")
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert Client().get(f"/g/{old}/").status_code == 404
    assert Client().get(f"/g/{Game.objects.get().token}/").status_code == 200


def test_a_deleted_game_is_404_to_strangers_and_restorable_by_its_holder(client):
    game = start_game(client, team_1="Ann", team_2="Bob")
    client.post(f"/g/{game.token}/delete/")
    assert Client().post(f"/games/{game.pk}/restore/").status_code == 404
    assert Client().get(f"/s/{game.share_token}/").status_code == 404
    assert client.post(f"/g/{game.token}/restore/").status_code == 302
    Game.objects.filter(pk=game.pk).update(deleted_at=timezone.now() - timedelta(days=31))
    assert client.get(f"/g/{game.token}/").status_code == 404
    assert "was deleted" not in text(client.get(f"/g/{game.token}/"))


# --- never logged ---------------------------------------------------------------------------------


def test_the_access_log_of_make_serve_names_no_token(tmp_path):
    """`make serve` runs gunicorn with --access-logfile - from the repository, where gunicorn
    reads gunicorn.conf.py: the line it logs has the path and the Referer, without the token."""
    from gunicorn.config import Config
    from gunicorn.glogging import Logger

    token = tokens.new_token()
    config = Config()
    namespace = {}
    exec(open("gunicorn.conf.py").read(), namespace)  # noqa: S102 - the repository's own settings file
    config.set("logger_class", namespace["logger_class"])
    config.set("accesslog", str(tmp_path / "access.log"))
    logger_class = config.logger_class
    assert issubclass(logger_class, Logger)
    logger = logger_class(config)
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/g/{token}/rounds/2/?x=1",
        "PATH_INFO": f"/g/{token}/rounds/2/",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": f"https://scores.example.org/s/{token}/",
        "REMOTE_ADDR": "10.0.0.1",
    }
    response = SimpleNamespace(status="302 Found", sent=0, headers=[])
    logger.access(response, SimpleNamespace(headers=[]), environ, timedelta(seconds=0))
    for handler in logger.access_log.handlers:
        handler.flush()
    line = (tmp_path / "access.log").read_text()
    assert '"POST /g/…/rounds/2/?x=1 HTTP/1.1" 302' in line and "/s/…/" in line
    assert token not in line

    # Without the redacting logger (plain gunicorn), the same line does carry the token.
    plain = Config()
    plain.set("accesslog", str(tmp_path / "plain.log"))
    Logger(plain).access(response, SimpleNamespace(headers=[]), environ, timedelta(seconds=0))
    assert token in (tmp_path / "plain.log").read_text()
    logging.shutdown()
