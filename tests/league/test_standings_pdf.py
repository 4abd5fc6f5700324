"""The standings PDF and the night results PDF, read back with PDFium (tests/pdf_reading.py).

The numbers are those of the season worked out by hand in test_standings.py (fixture ``autumn``):
Bob 4,234 points, 2,117 average, 24.50 VP, 12.25 VP a game; Finn and Gus share rank 5.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Night
from league.nights.results_pdf import night_results_pdf
from league.results import metrics as standings
from league.standings.pdf import number, standings_pdf
from league.standings.selectors import Standings, season_standings
from tests.league.factories import club, member, night, season, table_result
from tests.pdf_reading import read

pytestmark = pytest.mark.django_db


def page_texts(content: bytes) -> list[str]:
    """Each page's text as laid out: a line of text a line, a table row is a line."""
    return ["\n".join(line.text for line in page.lines) for page in read(content).pages]


def lines_of(content: bytes) -> list[str]:
    return [flat(line) for text in page_texts(content) for line in text.splitlines() if line.strip()]


def flat(text: str) -> str:
    return " ".join(text.split())


def page_size(content: bytes) -> tuple[float, float]:
    return read(content).sizes[0]


def many(the_season, players: int, *, one_night_every: int = 0, scale: int = 1) -> Standings:
    """Standings of ``players`` players (two a team, two teams a table, two nights), built with
    the standings functions themselves; every ``one_night_every``-th player played one night only."""
    results = []
    for day in (1, 2):
        for table in range(players // 4):
            seats = [(4 * table + i, f"Player {4 * table + i + 1:03d}") for i in range(4)]
            for side in (0, 1):
                team = tuple(seats[2 * side : 2 * side + 2])
                if day == 2 and one_night_every and team[0][0] % one_night_every == 0:
                    continue
                total = (1000 + 37 * team[0][0] + (500 if side else 0) + 100 * day) * scale
                results.append(standings.TeamResult(day * 1000 + table, day, date(2026, 10, day), total, team))
    records = standings.player_records(results, [], 5000).values()
    min_nights = 2 if one_night_every else 0
    rows, unranked = standings.rank(records, by="vp", min_nights=min_nights)
    return Standings(the_season.club, the_season, None, "vp", min_nights, None, rows, unranked)


def test_numbers_have_thousands_separators_and_the_metrics_places():
    assert number(4234) == "4,234"
    assert number(Decimal("2117.00"), 2) == "2,117.00"
    assert number(Decimal("12.25"), 2) == "12.25"
    assert number(-1500) == "−1,500"
    assert number(None) == "–"


def test_the_season_standings_with_every_players_numbers(autumn):
    autumn.min_nights = 2
    autumn.best_nights = 3
    autumn.save()
    content = standings_pdf(season_standings(season=autumn))
    (text,) = page_texts(content)
    assert page_size(content) == (612, 792)  # Letter, portrait: the columns fit it
    lines = lines_of(content)
    assert lines[0].startswith("Tuesday Club Printed ")
    assert lines[1:3] == [
        "Autumn 2026 · standings",
        "Ranked by VP average, then points · best 3 nights count · 2 nights to be ranked",
    ]
    assert lines[-1] == "Bookkeeper · Tuesday Club · Autumn 2026 · standings Page 1 of 1"
    assert "Rank Player N G Bye W Pts Avg VP VP/G Best" in lines
    # rank, name (Bob's second game is not agreed: marked), nights, games, byes, wins, points,
    # average, VP, VP average, best game
    assert "1 Ann 2 2 0 2 9,000 4,500 34.00 17.00 6,000" in lines
    assert "3 Bob † 2 2 0 2 4,234 2,117 24.50 12.25 3,000" in lines
    assert "4 Finn † 2 2 0 0.5 3,500 1,750 21.50 10.75 2,500" in lines
    assert "4 Gus † 2 2 0 0.5 3,500 1,750 21.50 10.75 2,500" in lines  # a tie shares the rank
    assert "7 Eve 2 2 0 0.5 2,500 1,250 12.00 6.00 2,500" in lines
    divider = lines.index("Not yet ranked (fewer than 2 nights)")
    assert lines.index("7 Eve 2 2 0 0.5 2,500 1,250 12.00 6.00 2,500") < divider
    assert lines[divider + 1 : divider + 5] == [
        "Hana 1 1 0 0.5 2,500 2,500 12.00 12.00 2,500",
        "Ivy 1 1 0 0 500 500 6.00 6.00 500",
        "Jon 1 1 0 0 500 500 6.00 6.00 500",
        "Kai 1 1 1 0 0 0 0.00 0.00 0",
    ]
    legend = flat(text[text.index("N = Nights") :])
    assert "N = Nights · G = Games · Bye = Byes · W = Wins · Pts = Points · Avg = Average" in legend
    assert "VP = Victory points · VP/G = VP average · Best = Best game" in legend
    assert "† includes a game not yet agreed at its table" in legend


def test_another_ranking_rule_is_named_and_ordered_by(autumn):
    lines = lines_of(standings_pdf(season_standings(season=autumn, by="wins")))
    assert lines[2] == "Ranked by wins, then points"  # no minimum: everyone ranked, no divider
    assert not any("Not yet ranked" in line for line in lines)
    ranks = [line.split()[:2] for line in lines if re.match(r"^\d+ [A-Z][a-z]+ ", line)]
    assert ranks[:8] == [["1", "Ann"], ["2", "Bob"], ["3", "Cleo"], ["4", "Dan"]] + [
        ["5", "Finn"],
        ["5", "Gus"],
        ["7", "Eve"],
        ["7", "Hana"],
    ]


def test_a_hundred_and_twenty_players_take_forty_rows_a_page_and_the_header_on_each(autumn):
    content = standings_pdf(many(autumn, 120, one_night_every=10))
    texts = page_texts(content)
    assert len(texts) >= 3
    rows_per_page = [len(re.findall(r"Player \d{3}", text)) for text in texts]
    assert sum(rows_per_page) == 120
    assert all(rows >= 40 for rows in rows_per_page[:-1]), rows_per_page
    for i, text in enumerate(texts, start=1):
        lines = [flat(line) for line in text.splitlines()]
        assert lines[0].startswith("Tuesday Club") and lines[1] == "Autumn 2026 · standings"
        assert "Rank Player N G Bye W Pts Avg VP VP/G Best" in lines  # the header row on every page
        assert "Tuesday Club" in text and "Autumn 2026 · standings" in text
        assert f"Page {i} of {len(texts)}" in text
    # the divider goes over with the unranked rows: it never ends a page
    divider = [i for i, text in enumerate(texts) if "Not yet ranked (fewer than 2 nights)" in text]
    assert divider and "Player" in texts[divider[0]].split("Not yet ranked")[1]


def test_no_player_goes_over_alone_and_the_divider_heads_each_page_of_the_unranked(autumn):
    # Issue 19: a page's last rows go over in threes at least, whatever the count of players.
    # (48 players, every third one night only, once printed 47 rows, then one on page 2.)
    for players, every in ((48, 3), (52, 0)):
        texts = page_texts(standings_pdf(many(autumn, players, one_night_every=every)))
        rows_per_page = [len(re.findall(r"Player \d{3}", text)) for text in texts]
        assert sum(rows_per_page) == players
        assert len(rows_per_page) == 1 or rows_per_page[-1] >= 3, (players, rows_per_page)
    # Half the players not yet ranked: their rows run over pages, each headed by the divider.
    texts = page_texts(standings_pdf(many(autumn, 120, one_night_every=2)))
    unranked_pages = [i for i, text in enumerate(texts) if "Not yet ranked (fewer than 2 nights)" in text]
    assert len(unranked_pages) >= 2 and unranked_pages[-1] == len(texts) - 1
    assert min(c.size for c in read(standings_pdf(many(autumn, 8))).pages[0].chars) >= 7  # the legend, the page line
    assert unranked_pages == list(range(unranked_pages[0], len(texts)))


def test_large_print_is_larger_and_keeps_every_number(autumn):
    result = season_standings(season=autumn)
    normal, large = standings_pdf(result), standings_pdf(result, large_print=True)
    assert "3 Bob † 2 2 0 2 4,234 2,117 24.50 12.25 3,000" in lines_of(large)
    big = many(autumn, 120)
    assert len(page_texts(standings_pdf(big, large_print=True))) > len(page_texts(standings_pdf(big)))
    assert page_size(normal) == (612, 792)  # portrait: the columns fit it
    assert page_size(large) == (792, 612)  # 16 pt type (issue 19): eleven columns take landscape
    # a long season's millions of points: large print needs the width of landscape, normal print not
    long_season = many(autumn, 12, scale=1000)
    long_large = standings_pdf(long_season, large_print=True)
    assert page_size(long_large) == (792, 612)
    assert page_size(standings_pdf(long_season)) == (612, 792)
    millions = re.compile(r"1 Player \d{3} 2 2 0 2 \d,\d{3},000 \d,\d{3},000 .*")
    assert any(millions.fullmatch(line) for line in lines_of(long_large))


def test_a4(autumn):
    content = standings_pdf(season_standings(season=autumn), paper="a4")
    assert [round(side) for side in page_size(content)] == [595, 842]
    assert "Bob †" in page_texts(content)[0]
    with pytest.raises(ValueError):
        standings_pdf(season_standings(season=autumn), paper="legal")


def test_partnership_standings_say_team(autumn):
    from league.standings.selectors import team_standings

    lines = lines_of(standings_pdf(team_standings(season=autumn)))
    assert lines[1] == "Autumn 2026 · partnership standings"
    assert "Rank Team N G W Pts Avg VP VP/G Best" in lines
    assert "1 Ann & Cleo 1 1 1 6,000 6,000 20.00 20.00 6,000" in lines


def test_a_nights_results_then_its_standings(autumn):
    first = Night.objects.get(season=autumn, date=date(2026, 10, 6))
    lines = lines_of(night_results_pdf(first))
    assert lines[1] == "Autumn 2026 · results of Tuesday 6 October 2026"
    assert "Table Players Total Result Settled" in lines
    # table 1: Ann & Bob won 3,000 to 1,000, agreed; table 2 three teams, two tied first
    assert "1 Ann & Bob 3,000 Winner Agreed" in lines
    assert "Cleo & Dan 1,000" in lines
    assert "2 Eve & Finn 2,500 Tied first Agreed" in lines  # two teams level on top share the win
    assert "Gus & Hana 2,500 Tied first" in lines
    assert "Ivy & Jon 500" in lines
    assert "Sat out: Kai" in lines
    standings_at = lines.index("Night standings")
    assert standings_at > lines.index("Ivy & Jon 500")
    # No nights column: on one night it says only what games and byes say
    assert "Rank Player G Bye W Pts Avg VP VP/G Best" in lines[standings_at:]
    assert "1 Ann 1 0 1 3,000 3,000 14.00 14.00 3,000" in lines[standings_at:]
    assert "1 Bob 1 0 1 3,000 3,000 14.00 14.00 3,000" in lines[standings_at:]  # level: shared
    assert "11 Kai 0 1 0 0 0 0.00 0.00 –" in lines[standings_at:]  # a bye, no game
    assert "N = Nights" not in " ".join(lines)


def test_an_unagreed_table_says_so(autumn):
    second = Night.objects.get(season=autumn, date=date(2026, 10, 13))
    lines = lines_of(night_results_pdf(second))
    assert "2 Bob & Dan 1,234 Winner Not agreed yet" in lines
    assert "Finn & Gus 1,000" in lines
    assert "1 Ann & Cleo 6,000 Winner Agreed" in lines
    assert "3 Bob † 1 0 1 1,234 1,234 10.50 10.50 1,234" in lines  # the night's standings mark it too


def test_a_tables_status_wraps_inside_the_page_in_large_print(autumn):
    # Issue 19: "Round 1 of 4 entered" ran into the margin; it wraps in its column now.
    the_night = night(autumn.club, players=0, season=season(autumn.club, name="Winter"))
    long = "Marie-Thérèse Lefèvre-Dubois & Bartholomew of Leeds"
    table_result(the_night, 1, 1, [(long, 1200), ("C & D", 900)], finished=False)
    content = night_results_pdf(the_night, paper="a4", large_print=True)
    text = " ".join(lines_of(content))
    assert "Round 1 of 4" in text and "entered" in text  # on two lines, in its column
    for page in read(content).pages:
        assert max(w.x1 for w in page.words) <= page.width - 36 + 0.5
        assert min(c.size for c in page.chars) >= 12  # large print


def results_url(the_night, query: str = "") -> str:
    return f"/clubs/{the_night.club.slug}/nights/{the_night.pk}/results.pdf{query}"


def _night_of(tables: int, a_club, name: str) -> Night:
    the_season = season(a_club, name=name)
    the_night = night(a_club, players=0, season=the_season)
    for t in range(1, tables + 1):
        table_result(the_night, 1, t, [(f"A{t} & B{t}", 1000 + t), (f"C{t} & D{t}", 900)], agreed=t % 2 == 0)
    return the_night


@pytest.mark.engine
def test_the_results_view_reads_as_many_queries_for_15_tables_as_for_2(client):
    friday = club("friday", "Friday Club")
    client.force_login(member(friday, "viewer"))
    counts = []
    for tables, name in ((2, "Small"), (15, "Large")):
        the_night = _night_of(tables, friday, name)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(results_url(the_night))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        lines = lines_of(response.content)
        agreed = "Agreed" if tables % 2 == 0 else "Not agreed yet"  # even tables agreed at the table
        assert f"{tables} A{tables} & B{tables} {number(1000 + tables)} Winner {agreed}" in lines
        won = number(1000 + tables)
        mark = "" if tables % 2 == 0 else " †"
        assert f"1 A{tables}{mark} 1 0 1 {won} {won} 10.20 10.20 {won}" in lines  # the night's standings
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 15, counts  # the session, the night, its page (7), its standings (4)


def test_the_results_view_takes_paper_and_large_print_and_names_a_bad_paper(client):
    friday = club("friday", "Friday Club")
    client.force_login(member(friday, "viewer"))
    the_night = _night_of(2, friday, "Autumn")
    a4 = client.get(results_url(the_night, "?paper=a4&large_print=1"))
    assert a4.status_code == 200
    assert round(min(page_size(a4.content))) == 595
    name = f"friday-{the_night.date:%Y-%m-%d}-results-large-print.pdf"  # its own name beside the normal one
    assert a4["Content-Disposition"] == f'attachment; filename="{name}"'
    bad = client.get(results_url(the_night, "?paper=legal"))
    assert bad.status_code == 400 and b"letter or a4" in bad.content
    assert client.get(f"/clubs/friday/nights/{the_night.pk + 999}/results.pdf").status_code == 404


def test_a_season_with_no_games_yet_says_so():
    lines = lines_of(standings_pdf(season_standings(season=season(club("friday", "Friday Club")))))
    assert "Rank Player N G Bye W Pts Avg VP VP/G Best" in lines
    assert "No finished games yet." in lines


def test_wins_and_averages_print_as_whole_numbers_where_they_are_whole(autumn):
    # Ann & Bob: a tie (half a win), then two wins; 21,475 points in 3 games, an average of 7,158.33
    ann_bob, cleo_dan = ((1, "Ann"), (2, "Bob")), ((3, "Cleo"), (4, "Dan"))
    results = []
    for game, (ours, theirs) in enumerate([(7000, 7000), (7000, 100), (7475, 100)], start=1):
        day = date(2026, 10, game)
        results += [
            standings.TeamResult(game, game, day, ours, ann_bob),
            standings.TeamResult(game, game, day, theirs, cleo_dan),
        ]
    rows, unranked = standings.rank(standings.player_records(results, [], 5000).values(), by="vp", min_nights=0)
    lines = lines_of(standings_pdf(Standings(autumn.club, autumn, None, "vp", 0, None, rows, unranked)))
    ann = next(line for line in lines if " Ann " in f" {line} ")
    assert ann.split()[:8] == ["1", "Ann", "3", "3", "0", "2.5", "21,475", "7,158"]
    cleo = next(line for line in lines if " Cleo " in f" {line} ")
    assert cleo.split()[5:8] == ["0.5", "7,200", "2,400"]


def test_each_number_is_formatted_once(autumn, monkeypatch):
    """Issue 39 item 3: every number of the standings PDF was formatted three times (the widths
    twice, the cells once): 300 rows made the PDF grow 64–72× the floor."""
    from league.standings import pdf as standings_pdf_module

    result = season_standings(season=autumn)
    calls = []
    real = standings_pdf_module.number
    monkeypatch.setattr(standings_pdf_module, "number", lambda *args, **kw: calls.append(args) or real(*args, **kw))
    standings_pdf(result)
    rows = len(result.rows) + len(result.unranked)
    assert rows and len(calls) == rows * len(standings_pdf_module.columns(result))


def test_the_french_night_results_with_ties_overprint_nothing(autumn):
    """Issue 36 item 6: "Premiers ex æquo" ran over the next column on every tied table."""
    from django.utils import translation

    first = Night.objects.get(season=autumn, date=date(2026, 10, 6))
    with translation.override("fr"):
        content = night_results_pdf(first)
    text = " ".join(page_texts(content))
    assert "Premiers ex æquo" in text
    for page in read(content).pages:
        words = page.words
        for i, one in enumerate(words):
            for other in words[i + 1 :]:
                same_line = one.top < other.bottom - 1 and other.top < one.bottom - 1
                overlap = one.x0 < other.x1 - 0.5 and other.x0 < one.x1 - 0.5
                assert not (same_line and overlap), (one.text, other.text)
