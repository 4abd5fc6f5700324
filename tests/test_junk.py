"""Junk at every door: random values posted to every form of every page (and sent as query
strings), as an organiser who may use them all and as a stranger, never answer a 500.

The pages are found by walking the URL configuration, so a page added later is tried too; a
route whose address this test cannot fill in fails it, naming the route. The values are
hypothesis' text, numbers and lists, with what breaks forms most often mixed in: very long
text, digits of other scripts, negative and huge numbers, NUL and lone surrogates, dates that do
not exist. Each page's field names are read from the page itself.

Examples per run: the hypothesis profile's, at most 50 (25 locally, 50 in CI), each trying
JUNK_PER_EXAMPLE pages with four requests each: 400 requests locally, 800 in CI.
"""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.clubs import player_links
from league.models import Membership, Player, Role
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Variant
from scoresheet.scoring.engine import Entry
from tests.league.factories import club, member, night, player, season

pytestmark = pytest.mark.django_db(transaction=False)

JUNK_PER_EXAMPLE = 4
SKIPPED = {"admin/"}  # Django's own admin: not ours to test

NASTY = st.sampled_from(
    [
        "",
        " ",
        "-1",
        "0",
        "1e9",
        "99999999999999999999999999",
        "１２",
        "١٢",
        "𝟓",
        "NaN",
        "2026-02-30",
        "24/13/2026",
        "\x00",
        "<script>alert(1)</script>",
        "' OR 1=1 --",
        "x" * 5000,
        "on",
        "seat:999999",
        "bye:-1",
        "none",
    ]
)
# Text as a browser can send it (no lone surrogates: those cannot be encoded; bytes that are not
# UTF-8 at all are sent raw below).
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
VALUE = st.one_of(NASTY, TEXT, st.integers().map(str), st.booleans().map(str))
RAW = [b"%ff%fe=%ed%a0%80", b"a=%00&a=%0", b"&&==&%", "\u00e9=\u00e9".encode("latin-1")]


def routes(patterns=None, prefix=""):
    """Every route of the site as (its pattern text, its view's keyword names)."""
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        text = prefix + str(pattern.pattern)
        if any(text.startswith(skip) for skip in SKIPPED):
            continue
        if isinstance(pattern, URLResolver):
            yield from routes(pattern.url_patterns, text)
        elif isinstance(pattern, URLPattern):
            yield text, list(pattern.pattern.converters)


@pytest.fixture
def world(presets):
    tuesday = club("tuesday", "Tuesday Club")
    organiser = member(tuesday, "olga", Role.ORGANISER)
    other = Membership.objects.get(user=member(tuesday, "tim", Role.VIEWER))
    autumn = season(tuesday, name="Autumn")
    the_night = night(tuesday, players=8, season=autumn, date=date(2026, 11, 24))
    sitting = night_services.sitting_draw(night=the_night)
    table = sitting.tables.order_by("number").first()
    casual = scoresheet_services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[scoresheet_services.TeamData("Us"), scoresheet_services.TeamData("Them")],
    )
    entries = [
        Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True),
        Entry(books={"clean": 1}),
    ]
    scoresheet_services.round_record(game=casual, number=1, entries=entries)
    house = scoresheet_services.house_rules_copy(club=tuesday, source=Variant.objects.get(slug="hand-and-foot"))
    values = {
        "slug": "tuesday",
        "night_id": the_night.pk,
        "number": 1,
        "player_id": Player.objects.filter(club=tuesday).first().pk,
        "season_id": autumn.pk,
        "membership_id": other.pk,
        "table_id": table.pk,
        "game_id": casual.pk,
        "variant_slug": house.slug,
        "language": "fr",  # the JavaScript's strings
        "uidb64": "MQ",  # Django's password reset link: user 1, with a token that is not one
    }
    tokens = {"t/": table.token, "invites/": "no-such-invite", "accounts/reset/": "no-such-token"}
    tokens["g/"] = getattr(casual, "token", "")
    tokens["s/"] = getattr(casual, "share_token", "")
    # A player's own page and "no more emails", from a results email (the stop link first: p/ holds it).
    spare = Player.objects.filter(club=tuesday).first()
    tokens["p/stop/"] = player_links.opt_out_token(spare)
    tokens["p/"] = player_links.page_token(spare)
    tokens["n/"] = the_night.token  # "where do I sit"
    return organiser, values, tokens, player(tuesday, "Spare")


def address(route: str, names: list[str], values: dict, tokens: dict) -> str:
    url = route
    for name in names:
        if name == "token":
            value = next((token for prefix, token in tokens.items() if route.startswith(prefix)), None)
        else:
            value = values.get(name)
        assert value not in (None, ""), f"test_junk cannot fill <{name}> of {route}: add it to the world"
        url = re.sub(rf"<(?:\w+:)?{name}>", str(value), url)
    return "/" + url


def field_names(content: str) -> list[str]:
    names = set(re.findall(r'name="([^"]+)"', content)) - {"csrfmiddlewaretoken"}
    return sorted(names) or ["junk"]


def test_every_route_is_reachable_by_this_test(world):
    _, values, tokens, _ = world
    for route, names in routes():
        address(route, names, values, tokens)


@settings(
    max_examples=min(settings.default.max_examples, 50),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    deadline=None,
)
@given(data=st.data())
def test_junk_posted_to_any_page_never_answers_a_500(client, world, data):
    organiser, values, tokens, _ = world
    client.raise_request_exception = False
    if data.draw(st.booleans(), label="signed in"):
        client.force_login(organiser)
    else:
        client.logout()
    every = list(routes())
    for _ in range(JUNK_PER_EXAMPLE):
        route, names = data.draw(st.sampled_from(every), label="route")
        url = address(route, names, values, tokens)
        page = client.get(url)
        assert page.status_code < 500, f"GET {url}: {page.status_code}"
        fields = field_names(page.content.decode(errors="replace")) if page.status_code == 200 else ["junk"]
        junk = {name: data.draw(st.one_of(VALUE, st.lists(VALUE, max_size=3)), label=name) for name in fields}
        query = data.draw(st.dictionaries(st.sampled_from(fields), VALUE, max_size=3), label="query")
        response = client.post(url, junk)
        assert response.status_code < 500, f"POST {url} {junk!r}: {response.status_code}"
        response = client.get(url, query)
        assert response.status_code < 500, f"GET {url} {query!r}: {response.status_code}"
        raw = data.draw(st.sampled_from(RAW), label="raw body")
        response = client.post(url, raw, content_type="application/x-www-form-urlencoded")
        assert response.status_code < 500, f"POST {url} {raw!r}: {response.status_code}"
