"""A player's record: the games of the hand-computed season of test_standings.py, their totals
(the standings row), partners and opponents with the record with each, and the chart."""

from __future__ import annotations

import re
from datetime import date

import pytest

from league.standings.charts import line_chart, nice_step
from tests.league.factories import member, night, season, table_result

pytestmark = pytest.mark.django_db


@pytest.fixture
def viewer(client, autumn):  # noqa: F811
    client.force_login(member(autumn.club, "vic"))
    return client


def record_url(season, name: str, **query) -> str:
    from urllib.parse import urlencode

    player = season.club.players.get(name=name)
    query = {"season": season.pk, **query}
    return f"/clubs/{season.club.slug}/players/{player.pk}/record/?{urlencode(query)}"


def text(html: str) -> str:
    """The page's words, tags out and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def section(html: str, heading: str) -> str:
    start = html.index(heading)
    return text(html[start : html.index("</section>", start)])


def test_bobs_games_as_he_played_them(viewer, autumn):  # noqa: F811
    page = viewer.get(record_url(autumn, "Bob")).content.decode()
    games = section(page, "Games <span")
    # 6 Oct: with Ann 3,000 v Cleo & Dan 1,000, 14 VP, won; 13 Oct: with Dan 1,234 v Finn & Gus 1,000, 10.5 VP
    assert "6 Oct 1 Ann Cleo &amp; Dan 3,000 v 1,000 14.00 Won" in games
    assert "13 Oct 2 Dan Finn &amp; Gus 1,234 v 1,000 10.50 Won not yet agreed" in games


def test_a_three_team_table_and_a_tie_on_top(viewer, autumn):  # noqa: F811
    games = section(viewer.get(record_url(autumn, "Eve")).content.decode(), "Games <span")
    assert "6 Oct 2 Finn Gus &amp; Hana; Ivy &amp; Jon 2,500 v 2,500, 500 12.00 Tie" in games
    assert "13 Oct 1 Kai Ann &amp; Cleo 0 v 6,000 0.00 Lost" in games


def test_the_totals_are_the_standings_row(viewer, autumn):  # noqa: F811
    totals = section(viewer.get(record_url(autumn, "Bob")).content.decode(), "Totals")
    assert "Rank 3" in totals
    for words in ("Nights 2", "Games 2", "Byes 0", "Wins 2", "Points 4,234", "Average 2,117"):
        assert words in totals
    assert "Victory points 24.50" in totals and "VP average 12.25" in totals
    kai = section(viewer.get(record_url(autumn, "Kai")).content.decode(), "Totals")
    assert "Rank 11" in kai and "Byes 1" in kai


def test_below_the_minimum_nights_the_page_says_so(viewer, autumn):  # noqa: F811
    autumn.min_nights = 2
    autumn.save()
    totals = section(viewer.get(record_url(autumn, "Hana")).content.decode(), "Totals")
    assert "Not yet ranked: fewer than 2 nights" in totals and "Points 2,500" in totals


def test_partners_and_opponents_with_the_record_with_each(viewer, autumn):  # noqa: F811
    page = viewer.get(record_url(autumn, "Ann")).content.decode()
    partners = section(page, "Most frequent partners")
    assert "Bob 1 1" in partners and "Cleo 1 1" in partners
    opponents = section(page, "Most frequent opponents")
    # Cleo and Dan on night 1, Kai and Eve on night 2: Ann won both
    assert opponents.index("Cleo 1 1") < opponents.index("Dan 1 1") < opponents.index("Eve 1 1")
    eve = viewer.get(record_url(autumn, "Eve")).content.decode()
    assert "Gus 1 0.5" in section(eve, "Most frequent opponents")  # the tie on top: half a win
    bob = autumn.club.players.get(name="Bob")
    assert f'href="/clubs/tuesday/players/{bob.pk}/record/?season={autumn.pk}"' in page


def test_the_chart_of_points_and_of_vp_night_by_night(viewer, autumn):  # noqa: F811
    page = viewer.get(record_url(autumn, "Ann")).content.decode()
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert '<title id="chart-title">Points per night: Ann</title>' in svg
    assert "Points per night, night by night: 6 Oct 3,000; 13 Oct 6,000." in svg
    assert svg.count("<circle") == 2 and "<polyline" in svg
    assert ">6 Oct</text>" in svg and ">3,000</text>" in svg and ">6,000</text>" in svg
    assert "The numbers" in page  # the same values as a table under the chart
    vp = viewer.get(record_url(autumn, "Ann", chart="vp")).content.decode()
    assert "VP per night, night by night: 6 Oct 14.00; 13 Oct 20.00." in vp
    assert "<script" not in page.split("</header>")[1] and "style=" not in page


def test_the_season_picker(viewer, autumn):  # noqa: F811
    spring = season(autumn.club, name="Spring 2027", start=date(2027, 1, 1), end=date(2027, 4, 30))
    page = viewer.get(record_url(spring, "Ann")).content.decode()
    assert f'<option value="{autumn.pk}">Autumn 2026</option>' in page
    assert "No finished games in Spring 2027." in page and "<svg" not in page
    # without ?season: the club's latest season; a season id of nothing: the same
    ann = autumn.club.players.get(name="Ann")
    for query in ("", "?season=nope"):
        assert (
            "No finished games in Spring 2027."
            in viewer.get(f"/clubs/tuesday/players/{ann.pk}/record/{query}").content.decode()
        )


def test_a_player_of_another_club_is_not_found(viewer, autumn):  # noqa: F811
    from tests.league.factories import club, player

    stranger = player(club("friday", "Friday"), "Zed")
    assert viewer.get(f"/clubs/tuesday/players/{stranger.pk}/record/").status_code == 404


def test_the_query_count_does_not_grow_with_the_games(viewer, autumn, django_assert_max_num_queries):  # noqa: F811
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        assert viewer.get(record_url(autumn, "Ann")).status_code == 200
    for n in range(30):  # 30 more nights of Ann with new partners and opponents
        the_night = night(
            autumn.club, players=0, season=autumn, date=date(2026, 9, 1 + n % 28).replace(month=9 + n // 28)
        )
        table_result(the_night, 1, 1, [(f"Ann & Q{n}", 1000 + n), (f"R{n} & S{n}", 900)], agreed=True)
    with django_assert_max_num_queries(len(few)):
        page = viewer.get(record_url(autumn, "Ann")).content.decode()
    assert section(page, "Games <span").count(" Won") == 32


def test_nice_steps_and_an_empty_or_negative_chart():
    assert [nice_step(s) for s in (6000, 20, 1, 0)] == [2000, 5, 0.25, 1]
    svg = line_chart([("1 Jan", -500), ("8 Jan", 1500)], title="T <b>", description="D")
    assert "T &lt;b&gt;" in svg and ">-500</text>" in svg
    single = line_chart([("1 Jan", 0)], title="T", description="D")
    assert single.count("<circle") == 1 and "<polyline" not in single
