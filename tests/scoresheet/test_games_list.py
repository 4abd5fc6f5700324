"""Finding games: the home page's pages, search and filter; deleting a game, "Recently deleted",
restoring and purging; and starting one: the variant picker and the names typed before.

Driven through the test client and call_command; the database is checked after each step.
"""

from __future__ import annotations

import html
import io
import re
from datetime import timedelta
from urllib.parse import parse_qs

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoresheet.games import services
from scoresheet.models import Game, Team, Variant
from scoresheet.scoring.engine import Entry
from tests.device import hold

pytestmark = pytest.mark.django_db

# Hand and Foot, the PRODUCT.md example round: Us 4,345, Them 1,115 (see test_services.py).
US_R1 = Entry(books={"clean": 2, "dirty": 2, "wild": 1}, red_threes=1, melded_points=1045, went_out=True)
THEM_R1 = Entry(
    books={"clean": 1, "dirty": 1}, red_threes_held=1, black_threes_held=2, melded_points=610, hand_points=185
)


@pytest.fixture(autouse=True)
def _presets(presets):
    """Every test here needs the preset variants."""


def new_game(*teams, name="", slug="hand-and-foot", played=False, finished=False) -> Game:
    game = services.game_create(
        variant=Variant.objects.get(slug=slug),
        mode=Game.Mode.TEAMS,
        teams=[services.TeamData(*team) if isinstance(team, tuple) else services.TeamData(team) for team in teams],
        name=name,
    )
    if played:
        services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    if finished:
        services.game_finish(game=game)
    return Game.objects.get(pk=game.pk)


def numbered_games(count: int, start: int = 0) -> list[Game]:
    """Games "North i vs South i", started in that order (the latest last): one service call for
    them all, as an import starts many (the list is tested here, not how each game starts)."""
    variant = Variant.objects.get(slug="hand-and-foot")
    started = services.games_create(
        games=[
            services.GameData(
                variant=variant,
                mode=Game.Mode.TEAMS,
                teams=[services.TeamData(f"North {i}"), services.TeamData(f"South {i}")],
            )
            for i in range(start, start + count)
        ]
    )
    return [game for game, _ in started]


def text(response) -> str:
    return html.unescape(response.content.decode())


def started_here(client) -> None:
    """This device started every game there is (the list shows a device its own games only:
    which games those are is tested in test_access.py; here, the list's order, pages and search)."""
    hold(client, *Game.objects.all())


def titles(response) -> list[str]:
    return [html.unescape(t) for t in re.findall(r'class="game-item-title">([^<]*)<', response.content.decode())]


# --- the list: pages, order ---------------------------------------------------------------


def test_the_list_shows_20_games_a_page_in_progress_first_the_latest_first(client):
    finished = new_game("Ann", "Bob", finished=True)
    numbered_games(24)
    started_here(client)
    first = client.get("/")
    assert first.status_code == 200
    assert titles(first) == [f"North {i} vs South {i}" for i in range(23, 3, -1)]
    assert "Games 1–20 of 25" in text(first)
    assert 'href="?page=2"' in first.content.decode()

    second = client.get("/?page=2")
    assert titles(second) == [*(f"North {i} vs South {i}" for i in range(3, -1, -1)), "Ann vs Bob"]
    content = text(second)
    heading = '<h3 class="game-group">{}</h3>'.format
    assert content.index(heading("In progress")) < content.index("North 0") < content.index(heading("Finished"))
    assert content.index(heading("Finished")) < content.index("Ann vs Bob")
    assert f'href="/g/{finished.token}/"' in second.content.decode()  # at its play address
    assert "Games 21–25 of 25" in content


@pytest.mark.parametrize("page", ["junk", "0", "-1", "9999", "1e3", "", "\x00"])
def test_a_page_number_that_is_not_one_gives_a_page_not_an_error(client, page):
    numbered_games(21)
    started_here(client)
    response = client.get("/", {"page": page})
    assert response.status_code == 200
    assert len(titles(response)) in (1, 20)


def test_a_game_shows_its_variant_and_each_teams_total(client):
    new_game("Ann & Bob", "Cléo & Søren", slug="canasta")
    new_game("North", "South", played=True)
    started_here(client)
    content = text(client.get("/"))
    assert re.search(r"North <b[^>]*>4,345</b>", content) and re.search(r"South <b[^>]*>1,115</b>", content)
    assert re.search(r"Ann & Bob <b[^>]*>0</b>", content)  # no rounds: 0, not blank
    assert "Canasta (classic) · " in content and "Hand and Foot · " in content


def test_the_list_names_the_rules_a_game_was_played_with_even_after_its_variant_is_gone(client):
    house = Variant.objects.create(
        slug="our-rules",
        name="Our rules",
        family="hand-and-foot",
        document={**Variant.objects.get(slug="hand-and-foot").document, "slug": "our-rules", "name": "Our rules"},
    )
    game = services.game_create(variant=house, mode="teams", teams=[services.TeamData("A"), services.TeamData("B")])
    house.delete()
    game.refresh_from_db()
    assert game.variant is None
    started_here(client)
    assert "Our rules · " in text(client.get("/"))


def test_the_list_reads_no_rules_snapshot_and_takes_the_same_queries_for_25_or_200_games(
    client, django_assert_max_num_queries
):
    numbered_games(20)
    new_game("Ann", "Bob", played=True, finished=True)
    numbered_games(4, start=20)
    services.game_delete(game=new_game("Gone", "Away"))
    started_here(client)
    # the session (this device's games), the count, the page's games, their teams, which of them
    # were finished early (the rules' end only), the deleted
    with django_assert_max_num_queries(6) as few:
        assert client.get("/?page=2").status_code == 200
    numbered_games(175, start=24)
    started_here(client)
    with django_assert_max_num_queries(6) as many:
        response = client.get("/?page=2")
    assert len(titles(response)) == 20
    assert len(few.captured_queries) == len(many.captured_queries)
    assert not any("rules_document" in q["sql"] and "game_end" not in q["sql"] for q in many.captured_queries)
    with django_assert_max_num_queries(6):
        assert client.get("/?q=north+1&status=in_progress&page=3").status_code == 200


# --- search and filter --------------------------------------------------------------------


@pytest.mark.engine
def test_search_finds_a_game_by_its_name_a_team_or_a_player_in_any_case(client):
    tuesday = new_game(("Ann & Bob", "Ann, Bob"), ("Cléo & Søren", "Cléo, Søren"), name="Tuesday at Ann's")
    other = new_game(("North", "Nils, Nora"), ("South", "Sam, Sue"))
    started_here(client)
    assert titles(client.get("/", {"q": "tuesday"})) == [str(tuesday)]
    assert titles(client.get("/", {"q": "CLÉO &"})) == [str(tuesday)]
    assert titles(client.get("/", {"q": "cleo, soren"})) == [str(tuesday)]  # accents can be left out
    assert titles(client.get("/", {"q": "sue"})) == [str(other)]
    # both teams match: the game is listed once
    assert titles(client.get("/", {"q": "  s  "})) == [str(other), str(tuesday)]
    response = client.get("/", {"q": "nobody"})
    assert titles(response) == []
    assert "No game matches “nobody”." in text(response)


def test_the_filter_shows_games_in_progress_or_finished_and_keeps_the_search(client):
    running = new_game("Ann", "Bob")
    done = new_game("Ann", "Cléo", finished=True)
    new_game("North", "South", finished=True)
    started_here(client)
    assert titles(client.get("/", {"status": "in_progress"})) == [str(running)]
    assert titles(client.get("/", {"status": "finished", "q": "ann"})) == [str(done)]
    response = client.get("/", {"q": "ann", "status": "finished"})
    content = response.content.decode()
    # the search keeps the filter, and the filter links keep the search
    assert '<input type="hidden" name="status" value="finished">' in content
    assert links(response) == {
        "All": {"q": ["ann"]},
        "In progress": {"q": ["ann"], "status": ["in_progress"]},
        "Finished": {"q": ["ann"], "status": ["finished"]},
    }
    assert re.search(r'aria-current="page">Finished<', content)


def links(response) -> dict[str, dict]:
    """The filter's links: label → the query they ask for."""
    nav = re.search(r'<nav class="filter".*?</nav>', response.content.decode(), re.S).group(0)
    return {
        label: parse_qs(html.unescape(href)[1:]) for href, label in re.findall(r'href="([^"]*)"[^>]*>([^<]*)<', nav)
    }


def test_the_pages_keep_the_search_and_the_filter(client):
    numbered_games(45)
    started_here(client)
    response = client.get("/", {"q": "north", "status": "in_progress", "page": "2"})
    pages = [
        parse_qs(html.unescape(href)[1:])
        for href in re.findall(r'href="([^"]*)" rel="(?:prev|next)"', response.content.decode())
    ]
    assert pages == [{"q": ["north"], "status": ["in_progress"], "page": [str(n)]} for n in (1, 3)]
    assert titles(response)[0] == "North 24 vs South 24"


@pytest.mark.parametrize(
    "params, message",
    [
        ({"status": "lost"}, "Show: choose all, in progress or finished."),
        ({"q": "x" * 101}, "Search: at most 100 characters (this has 101)."),
        ({"q": "a\x00b"}, "Null characters are not allowed."),
    ],
)
def test_a_bad_search_or_filter_is_named_and_the_games_are_still_listed(client, params, message):
    game = new_game("Ann", "Bob")
    started_here(client)
    response = client.get("/", params)
    assert response.status_code == 200
    assert message in text(response)
    assert titles(response) == [str(game)]


def test_junk_in_the_query_string_is_not_a_server_error(client):
    new_game("Ann", "Bob")
    started_here(client)
    for query in ["q=%ED%A0%80", "q=%FF%FE", "status=%00", "q=%25%5F", "page=%00&q=_", "q[]=1&status[]=2"]:
        assert client.get("/?" + query).status_code == 200, query
    # LIKE's wildcards are searched for as typed
    assert titles(client.get("/", {"q": "%"})) == [] and titles(client.get("/", {"q": "_"})) == []


def test_an_empty_list_says_how_to_start(client):
    response = client.get("/")
    assert "No games on this device yet: start one above" in text(response)
    assert "Recently deleted" not in text(response)
    assert "No game in progress." in text(client.get("/?status=in_progress"))


# --- delete, recently deleted, restore, purge ---------------------------------------------


def test_delete_asks_first_then_the_game_leaves_the_list_and_its_pages(client):
    game = new_game("Ann", "Bob", played=True)
    other = new_game("North", "South")
    started_here(client)
    response = client.get(f"/g/{game.token}/")
    assert f'action="/g/{game.token}/delete/"' in response.content.decode()

    confirm = client.get(f"/g/{game.token}/delete/")
    assert confirm.status_code == 200
    assert "Delete this game?" in text(confirm) and "Ann vs Bob" in text(confirm)
    assert "For 30 days you can restore it" in text(confirm)
    game.refresh_from_db()
    assert game.deleted_at is None  # asking deletes nothing

    response = client.post(f"/g/{game.token}/delete/")
    assert response.status_code == 302 and response["Location"] == "/"
    game.refresh_from_db()
    assert game.deleted_at is not None and game.rounds.count() == 1  # kept, with its rounds
    home = client.get("/")
    assert titles(home) == [str(other)]
    assert "“Ann vs Bob” deleted." in text(home)
    assert 'href="/games/deleted/">Recently deleted (1)' in home.content.decode()
    assert "Ann" not in "".join(titles(client.get("/", {"q": "ann"})))

    page = client.get(f"/g/{game.token}/")
    assert page.status_code == 404
    assert "This game was deleted on" in text(page) and f'action="/g/{game.token}/restore/"' in text(page)
    for url in [f"/g/{game.token}/rounds/1/", f"/g/{game.token}/rounds/2/", f"/g/{game.token}/sheet.pdf"]:
        assert client.get(url).status_code == 404, url
    for url in [f"/g/{game.token}/finish/", f"/g/{game.token}/rounds/2/", f"/g/{game.token}/delete/"]:
        assert client.post(url).status_code == 404, url
    assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PROGRESS


def test_recently_deleted_lists_the_deleted_games_and_restore_brings_one_back_as_it_was(client):
    game = new_game("Ann", "Bob", played=True, finished=True)
    played_at = game.updated_at
    started_here(client)
    client.post(f"/g/{game.token}/delete/")
    listed = client.get("/games/deleted/")
    assert listed.status_code == 200
    assert titles(listed) == ["Ann vs Bob"]
    assert re.search(r"Ann <b[^>]*>4,345</b>", text(listed))

    response = client.post(f"/g/{game.token}/restore/")
    assert response.status_code == 302 and response["Location"] == f"/g/{game.token}/"
    game.refresh_from_db()
    assert game.deleted_at is None and game.status == Game.Status.FINISHED
    assert game.updated_at == played_at  # deleting and restoring is not playing
    assert "“Ann vs Bob” restored." in text(client.get(f"/g/{game.token}/"))
    assert titles(client.get("/games/deleted/")) == []
    assert "No game was deleted in the last 30 days." in text(client.get("/games/deleted/"))
    assert client.post(f"/g/{game.token}/restore/").status_code == 404  # not deleted
    assert client.get(f"/g/{game.token}/restore/").status_code == 405


def test_deleting_twice_keeps_the_first_date(client):
    game = new_game("Ann", "Bob")
    client.post(f"/g/{game.token}/delete/")
    first = Game.objects.get(pk=game.pk).deleted_at
    services.game_delete(game=game)
    assert Game.objects.get(pk=game.pk).deleted_at == first


def deleted_days_ago(game: Game, days: float) -> None:
    """As if the game had been deleted ``days`` ago."""
    Game.objects.filter(pk=game.pk).update(deleted_at=timezone.now() - timedelta(days=days))


def test_purge_deleted_games_removes_those_deleted_more_than_30_days_ago(client):
    old = new_game("Old", "Game", played=True)
    recent = new_game("Recent", "Game", played=True)
    kept = new_game("Kept", "Game")
    for game in (old, recent):
        services.game_delete(game=game)
    deleted_days_ago(old, 30.01)
    deleted_days_ago(recent, 29.9)
    started_here(client)
    # past 30 days a game is gone, even before the purge runs
    assert client.get(f"/g/{old.token}/").status_code == 404
    assert "was deleted" not in text(client.get(f"/g/{old.token}/"))
    assert client.post(f"/g/{old.token}/restore/").status_code == 404
    assert titles(client.get("/games/deleted/")) == ["Recent vs Game"]

    out = io.StringIO()
    call_command("purge_deleted_games", stdout=out)
    assert out.getvalue().strip() == "Purged 1 game deleted more than 30 days ago."
    assert set(Game.objects.values_list("pk", flat=True)) == {recent.pk, kept.pk}
    assert not Team.objects.filter(game_id=old.pk).exists()
    call_command("purge_deleted_games", stdout=out)
    assert "Purged 0 games" in out.getvalue()


def test_deleting_a_game_purges_the_expired_ones_where_no_cron_runs(client):
    old = new_game("Old", "Game")
    services.game_delete(game=old)
    deleted_days_ago(old, 31)
    client.post(f"/g/{new_game('Ann', 'Bob').token}/delete/")
    assert not Game.objects.filter(pk=old.pk).exists()


def test_recently_deleted_is_paged(client, django_assert_max_num_queries):
    for game in numbered_games(23):
        services.game_delete(game=game)
    started_here(client)
    with django_assert_max_num_queries(4):  # the session, the count, the page's games, their teams
        first = client.get("/games/deleted/")
    assert len(titles(first)) == 20 and titles(first)[0] == "North 22 vs South 22"
    assert len(titles(client.get("/games/deleted/?page=2"))) == 3


# --- starting a game: the picker and the names typed before ------------------------------


def test_the_picker_shows_each_variants_summary_and_key_numbers(client):
    content = text(client.get("/games/new/"))
    for variant in Variant.objects.all():
        assert variant.document["summary"] in content, variant.slug
    canasta = content[content.index("Canasta (classic)") :]
    assert re.search(
        r"to 5,000</span>\s*<span>natural 500 · mixed 300</span>\s*<span>meld 15/50/90/120 by score", canasta
    )
    assert "3 rounds (+1 optional)" in content  # Hand and Foot Canasta
    assert "sevens 5,000 · fives 3,000 · wild 2,500 · clean 500 · dirty 300" in content
    # each radio is named by its variant alone, and described by the numbers and the summary
    radio = re.search(r'<input type="radio" name="variant" value="(\d+)"[^>]*>', content).group(0)
    assert 'aria-labelledby="id_variant_0-name"' in radio and 'aria-describedby="id_variant_0-about"' in radio


def test_a_broken_house_rules_variant_is_in_the_picker_with_a_note(client):
    Variant.objects.create(slug="broken", name="Broken", family="hand-and-foot", document={"slug": "broken"})
    content = text(client.get("/games/new/"))
    assert "Broken" in content and "These rules cannot be used" in content


def datalist(content: str, list_id: str) -> list[str]:
    body = re.search(rf'<datalist id="{list_id}">(.*?)</datalist>', content, re.S).group(1)
    return [html.unescape(v) for v in re.findall(r'<option value="([^"]*)">', body)]


def test_the_start_form_offers_the_names_used_before_the_latest_first(client):
    new_game(("Ann & Bob", "Ann, Bob"), ("Cléo & Søren", ""))
    new_game(("ann & bob", "Ann, Bob"), "Them")  # "Them", a blank name's default, is not offered
    new_game(("<b>Zoë</b>", "Zoë, Yann"), ("Ann & Bob", "Ann, Bernard"))
    services.game_delete(game=new_game("Deleted", "Game"))
    started_here(client)
    content = client.get("/games/new/").content.decode()
    # grouped by name and players, the latest first; "ann & bob" is "Ann & Bob" again
    assert datalist(content, "team-names") == ["Ann & Bob", "<b>Zoë</b>", "Cléo & Søren"]
    assert datalist(content, "player-names") == ["Ann, Bernard", "Zoë, Yann", "Ann, Bob"]
    assert "&lt;b&gt;Zoë&lt;/b&gt;" in content and "<b>Zoë</b>" not in content
    assert 'list="team-names"' in content and 'list="player-names"' in content


def test_at_most_20_names_are_offered_in_one_query(client, django_assert_max_num_queries):
    for i in range(3):
        new_game(f"Team A{i}", f"Team B{i}")
    started_here(client)
    with CaptureQueriesContext(connection) as few:
        client.get("/games/new/")
    for i in range(3, 30):
        new_game((f"Team A{i}", f"Players A{i}"), f"Team B{i}")
    started_here(client)
    with CaptureQueriesContext(connection) as many:
        content = client.get("/games/new/").content.decode()
    assert len(few.captured_queries) == len(many.captured_queries)
    names = datalist(content, "team-names")
    assert len(names) == 20 and names[:2] == ["Team B29", "Team A29"]
    assert len(datalist(content, "player-names")) == 20


def test_the_start_form_offers_no_names_from_other_devices_games(client):
    new_game(("Ann & Bob", "Ann, Bob"), ("Cléo & Søren", "Cléo, Søren"))  # started elsewhere
    content = client.get("/games/new/").content.decode()
    assert datalist(content, "team-names") == [] and datalist(content, "player-names") == []
    assert "Cléo" not in content
