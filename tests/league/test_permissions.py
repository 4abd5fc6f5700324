"""The permission matrix: every club page and action, with the least role it needs, against
each role of the club, a member of another club and an anonymous visitor.

Allowed: the page answers (200) or the action is done and redirects (302). Anyone else gets
a 404 that names nothing of the club, and the request wrote nothing: no INSERT, UPDATE or DELETE
in any table (this replaced a snapshot of eleven tables read before and after each refusal, which
cost a quarter of the module's time and missed a write to any other table).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.clubs import services
from league.models import Membership, Role, Season, Table
from league.nights import services as night_services
from scoresheet.models import Variant
from tests.league.built_once import built_once
from tests.league.factories import club, member, night, player

pytestmark = pytest.mark.django_db

VIEWER, SCOREKEEPER, ORGANISER = Role.VIEWER, Role.SCOREKEEPER, Role.ORGANISER


@dataclass(frozen=True)
class Case:
    name: str
    method: str
    # {member}: another member's membership id, {player} and {other}: two players, {season}: a season,
    # {night}: a night with 8 players checked in and sitting 1 drawn (a table game each at tables 1, 2),
    # {table}: its table 1, {seat} and {seat2}: a seat of each team at it
    url: str
    least: str  # the least role that may use it
    data: dict = field(default_factory=dict)
    ok: int = 0  # the answer when allowed: 200 for a page, 302 for an action unless given

    @property
    def answer(self) -> int:
        return self.ok or (200 if self.method == "GET" else 302)


START_GAME = {"mode": "teams", "team_count": 2, "name": "", "team_1": "Us", "team_2": "Them"}
SEASON = {
    "name": "Autumn",
    "start": "2026-09-01",
    "end": "2026-11-30",
    "variant": "{variant}",
    "ranking": "vp",
    "min_nights": 0,
}
NIGHT = {"date": "2026-04-07", "season": "{season}", "variant": "", "mode": "rotating", "sittings_planned": 3}

# Every page and action under /clubs/<slug>/.
CASES = [
    Case("club page", "GET", "/clubs/tuesday/", VIEWER),
    Case("roster", "GET", "/clubs/tuesday/players/", VIEWER),
    Case("this is me", "POST", "/clubs/tuesday/players/{player}/me/", VIEWER, {"me": "1"}),
    Case("decide a claim", "POST", "/clubs/tuesday/players/{player}/claim/", ORGANISER, {"decision": "approve"}),
    Case("leave the club", "POST", "/clubs/tuesday/members/leave/", VIEWER),
    Case("club game start form", "GET", "/clubs/tuesday/games/new/", SCOREKEEPER),
    Case("start a club game", "POST", "/clubs/tuesday/games/new/", SCOREKEEPER, START_GAME),
    Case("add player form", "GET", "/clubs/tuesday/players/new/", SCOREKEEPER),
    Case("add a player", "POST", "/clubs/tuesday/players/new/", SCOREKEEPER, {"name": "Zed"}),
    Case("edit player form", "GET", "/clubs/tuesday/players/{player}/", SCOREKEEPER),
    Case("edit a player", "POST", "/clubs/tuesday/players/{player}/", SCOREKEEPER, {"name": "Dora D."}),
    Case("deactivate a player", "POST", "/clubs/tuesday/players/{player}/active/", ORGANISER, {"active": "0"}),
    Case("merge page", "GET", "/clubs/tuesday/players/{player}/merge/?other={other}", ORGANISER),
    Case(
        "merge two players",
        "POST",
        "/clubs/tuesday/players/{player}/merge/",
        ORGANISER,
        {"other": "{other}", "confirm": "1"},
    ),
    Case("keep two players apart", "POST", "/clubs/tuesday/players/{player}/apart/", ORGANISER, {"other": "{other}"}),
    Case("club settings", "GET", "/clubs/tuesday/settings/", ORGANISER),
    Case(
        "save the club settings", "POST", "/clubs/tuesday/settings/", ORGANISER, {"name": "Tuesday", "time_zone": "UTC"}
    ),
    Case("members and invites", "GET", "/clubs/tuesday/members/", ORGANISER),
    Case("change a role", "POST", "/clubs/tuesday/members/{member}/role/", ORGANISER, {"role": "scorekeeper"}),
    Case("remove a member", "POST", "/clubs/tuesday/members/{member}/remove/", ORGANISER),
    Case("email a member a reset link", "POST", "/clubs/tuesday/members/{member}/password-reset/", ORGANISER),
    # The link is shown once, on the page that answers the POST.
    Case("seasons", "GET", "/clubs/tuesday/seasons/", VIEWER),
    Case("a season's page", "GET", "/clubs/tuesday/seasons/{season}/", VIEWER),
    Case("new season form", "GET", "/clubs/tuesday/seasons/new/", ORGANISER),
    Case("create a season", "POST", "/clubs/tuesday/seasons/new/", ORGANISER, SEASON),
    Case("edit season form", "GET", "/clubs/tuesday/seasons/{season}/edit/", ORGANISER),
    Case("edit a season", "POST", "/clubs/tuesday/seasons/{season}/edit/", ORGANISER, SEASON),
    Case("make an invite link", "POST", "/clubs/tuesday/members/invites/new/", ORGANISER, {"role": "viewer"}, ok=200),
    Case("nights", "GET", "/clubs/tuesday/nights/", VIEWER),
    Case("new night form", "GET", "/clubs/tuesday/nights/new/", ORGANISER),
    Case("create a night", "POST", "/clubs/tuesday/nights/new/", ORGANISER, NIGHT),
    Case("the night page", "GET", "/clubs/tuesday/nights/{night}/", VIEWER),
    Case("the night page's live part", "GET", "/clubs/tuesday/nights/{night}/live/", VIEWER),
    Case("the night's whole history", "GET", "/clubs/tuesday/nights/{night}/history/", VIEWER),
    Case("a night's results", "GET", "/clubs/tuesday/nights/{night}/results.pdf", VIEWER),
    Case("the room's screen", "GET", "/clubs/tuesday/nights/{night}/screen/", VIEWER),
    Case("the room screen's views", "GET", "/clubs/tuesday/nights/{night}/screen/views/", VIEWER),
    Case(
        "hide the standings on the screen",
        "POST",
        "/clubs/tuesday/nights/{night}/screen/set/",
        ORGANISER,
        {"hides_last_standings": "1"},
    ),
    Case("check-in", "GET", "/clubs/tuesday/nights/{night}/checkin/", SCOREKEEPER),
    Case("add and tick in a player", "POST", "/clubs/tuesday/nights/{night}/checkin/", SCOREKEEPER, {"name": "Zed"}),
    Case("tick a player in", "POST", "/clubs/tuesday/nights/{night}/checkin/{player}/", SCOREKEEPER, {"present": "1"}),
    Case("draw a sitting", "POST", "/clubs/tuesday/nights/{night}/draw/", ORGANISER),
    Case("what closing the night needs settled", "GET", "/clubs/tuesday/nights/{night}/close/", ORGANISER),
    Case(
        "settle a table",
        "POST",
        "/clubs/tuesday/nights/{night}/close/tables/{table}/",
        ORGANISER,
        {"action": "leave_out", "reason": "They left early"},
    ),
    Case("close the night", "POST", "/clubs/tuesday/nights/{night}/close/", ORGANISER),
    Case("renew a table link", "POST", "/clubs/tuesday/nights/{night}/tables/{table}/renew/", ORGANISER),
    Case("a sitting's seating", "GET", "/clubs/tuesday/nights/{night}/sittings/{number}/", VIEWER),
    Case(
        "swap two seats",
        "POST",
        "/clubs/tuesday/nights/{night}/sittings/{number}/swap/",
        ORGANISER,
        {"first": "seat:{seat}", "second": "seat:{seat2}"},
    ),
    Case(
        "substitute a player",
        "POST",
        "/clubs/tuesday/nights/{night}/sittings/{number}/substitute/",
        ORGANISER,
        {"seat": "{seat}", "player": "{player}"},
    ),
    Case("take back a sitting", "POST", "/clubs/tuesday/nights/{night}/sittings/{number}/cancel/", ORGANISER),
    Case("table pack", "GET", "/clubs/tuesday/nights/{night}/sittings/{number}/pack.pdf", SCOREKEEPER),
    Case("recently deleted", "GET", "/clubs/tuesday/deleted/", ORGANISER),
    Case("delete a night", "POST", "/clubs/tuesday/nights/{night}/delete/", ORGANISER),
    Case("restore a night", "POST", "/clubs/tuesday/nights/{deleted_night}/restore/", ORGANISER),
    Case("delete a player", "POST", "/clubs/tuesday/players/{player}/delete/", ORGANISER),
    Case("restore a player", "POST", "/clubs/tuesday/players/{deleted_player}/restore/", ORGANISER),
    Case("seating chart", "GET", "/clubs/tuesday/nights/{night}/sittings/{number}/chart.pdf", VIEWER),
    # Spreadsheets: an upload without a file, or a confirm naming no kept file, is answered with the form (400).
    Case("import results form", "GET", "/clubs/tuesday/import/results/", ORGANISER),
    Case("upload results", "POST", "/clubs/tuesday/import/results/", ORGANISER, {"season": "{season}"}, ok=400),
    Case(
        "confirm a results import",
        "POST",
        "/clubs/tuesday/import/results/",
        ORGANISER,
        {"upload": "x" * 32, "season": "{season}"},
        ok=400,
    ),
    Case("import roster form", "GET", "/clubs/tuesday/import/roster/", ORGANISER),
    Case("upload a roster", "POST", "/clubs/tuesday/import/roster/", ORGANISER, ok=400),
    Case("confirm a roster import", "POST", "/clubs/tuesday/import/roster/", ORGANISER, {"upload": "x" * 32}, ok=400),
    Case("a season's results workbook", "GET", "/clubs/tuesday/seasons/{season}/results.xlsx", VIEWER),
    Case("the roster workbook", "GET", "/clubs/tuesday/players/roster.xlsx", VIEWER),
    Case("season standings", "GET", "/clubs/tuesday/seasons/{season}/standings/", VIEWER),
    Case("season standings by wins", "GET", "/clubs/tuesday/seasons/{season}/standings/?by=wins&sort=points", VIEWER),
    Case("season standings workbook", "GET", "/clubs/tuesday/seasons/{season}/standings/?export=xlsx", VIEWER),
    Case("make the standings public", "POST", "/clubs/tuesday/seasons/{season}/public/", ORGANISER, {"public": "1"}),
    Case("night standings", "GET", "/clubs/tuesday/nights/{night}/standings/", VIEWER),
    Case("night standings workbook", "GET", "/clubs/tuesday/nights/{night}/standings/?export=xlsx", VIEWER),
    Case("a player's record", "GET", "/clubs/tuesday/players/{player}/record/", VIEWER),
    Case("a player's record in a season", "GET", "/clubs/tuesday/players/{player}/record/?season={season}", VIEWER),
]

# Who asks: a role in the club, or someone with no role in it.
VISITORS = ["organiser", "scorekeeper", "viewer", "member of another club", "anonymous"]


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The club, its people and pages, built once for the module's 450 tests, not once a test
    (each test in a savepoint of the module's transaction: tests/league/built_once.py)."""
    yield from built_once(django_db_blocker, build_world)


def build_world():
    tuesday = club("tuesday", "Tuesday Club")
    people = {
        "organiser": member(tuesday, "olga", ORGANISER),
        "scorekeeper": member(tuesday, "sam", SCOREKEEPER),
        "viewer": member(tuesday, "vic", VIEWER),
        "member of another club": member(club("friday", "Friday Club"), "fred", ORGANISER),
        "anonymous": None,
    }
    target = Membership.objects.get(user=member(tuesday, "tim", VIEWER))
    ids = {
        "member": target.id,
        "player": player(tuesday, "Dora").id,
        "other": player(tuesday, "Dora B").id,
        "variant": Variant.objects.get(slug="hand-and-foot").pk,
    }
    ids["season"] = Season.objects.create(
        club=tuesday,
        name="Spring",
        start="2026-03-01",
        end="2026-05-31",
        variant_id=ids["variant"],
        blowout_margin=5000,
    ).pk
    the_night = night(tuesday, players=8, season=Season.objects.get(pk=ids["season"]))
    night_services.sitting_draw(night=the_night)
    ids["night"] = the_night.pk
    ids["number"] = 1
    table = Table.objects.get(sitting__night=the_night, sitting__number=1, number=1)
    ids["table"] = table.pk
    ids["seat"], ids["seat2"] = (team.seats.first().pk for team in table.game.teams.order_by("position")[:2])
    ids["deleted_night"] = night_services.night_delete(night=night(tuesday, players=4, season=the_night.season)).pk
    ids["deleted_player"] = services.player_delete(player=player(tuesday, "Gone")).pk
    return people, ids, signed_in(people)


def signed_in(people) -> dict[str, str]:
    """Each member's session, signed in once for the module's tests (a sign-in writes a session, a
    log line and the time of the last sign-in: 3 ms each, for the 300 cases of members)."""
    sessions = {}
    for visitor, user in people.items():
        if user is not None:
            browser = Client()
            browser.force_login(user)
            sessions[visitor] = browser.cookies[settings.SESSION_COOKIE_NAME].value
    return sessions


def allowed(visitor: str, least: str) -> bool:
    if visitor not in (VIEWER, SCOREKEEPER, ORGANISER):
        return False
    return Role.rank(visitor) >= Role.rank(least)


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def writes(queries) -> list[str]:
    """The statements among ``queries`` that change a row (a savepoint or a read changes none)."""
    return [query["sql"] for query in queries if query["sql"].lstrip().upper().startswith(WRITES)]


@pytest.mark.parametrize("visitor", VISITORS)
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_permission_matrix(client, world, case, visitor):
    _, ids, sessions = world
    if visitor in sessions:
        client.cookies[settings.SESSION_COOKIE_NAME] = sessions[visitor]
    url = case.url.format(**ids)
    data = {key: str(value).format(**ids) for key, value in case.data.items()}
    if case.name == "start a club game":
        data["variant"] = Variant.objects.get(slug="hand-and-foot").pk
    refused = not allowed(visitor, case.least)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url) if case.method == "GET" else client.post(url, data)
    if not refused:
        assert response.status_code == case.answer, response.content.decode()[:1500]
    else:
        assert response.status_code == 404
        assert "Tuesday" not in response.content.decode()  # not a hint that the club exists
        assert writes(queries) == []  # a refused visitor changes nothing, in any table


def test_the_matrix_covers_every_club_url():
    """A new club page must be added to CASES: every route under clubs/<slug>/ is listed."""
    from django.urls import get_resolver

    from league.urls import club_patterns

    def routes(patterns, prefix=""):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern)

    get_resolver()  # the URLconf loads
    listed = {
        case.url.split("?")[0]
        .removeprefix("/clubs/tuesday/")
        .replace("{member}", "<int:membership_id>")
        .replace("{player}", "<int:player_id>")
        .replace("{season}", "<int:season_id>")
        .replace("{night}", "<int:night_id>")
        .replace("{deleted_night}", "<int:night_id>")
        .replace("{deleted_player}", "<int:player_id>")
        .replace("{number}", "<int:number>")
        .replace("{table}", "<int:table_id>")
        for case in CASES
    }
    assert set(routes(club_patterns)) <= listed


def test_the_public_standings_answer_only_while_public(client, world):
    """Outside clubs/: nobody sees a season's public page while it is off (not even its organiser),
    anyone does while it is on, and only for the club the season belongs to."""
    people, ids, _ = world
    public = f"/standings/tuesday/{ids['season']}/"
    for visitor in VISITORS:
        client.logout()
        if people[visitor] is not None:
            client.force_login(people[visitor])
        assert client.get(public).status_code == 404
        assert client.get(public + "?export=xlsx").status_code == 404
    Season.objects.filter(pk=ids["season"]).update(public=True)
    client.logout()
    assert client.get(public).status_code == 200
    assert client.get(public + "?export=xlsx").status_code == 200
    assert client.get(f"/standings/friday/{ids['season']}/").status_code == 404
    assert client.get(f"/standings/tuesday/{ids['season'] + 1000}/").status_code == 404


@pytest.mark.parametrize("url", ["/clubs/", "/clubs/new/"])
def test_account_pages_send_an_anonymous_visitor_to_sign_in(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_a_club_that_does_not_exist_answers_like_one_that_is_not_yours(client, world):
    people, _, _ = world
    client.force_login(people["member of another club"])
    assert client.get("/clubs/tuesday/").status_code == client.get("/clubs/no-such-club/").status_code == 404
