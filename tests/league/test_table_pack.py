"""A sitting's table pack and wall seating chart, read back as their players would: the PDF's
text with PDFium (tests/pdf_reading.py), its QR codes painted by PDFium and decoded with zxing-cpp; the links at
SITE_URL when it is set, and a warning beside the pack when they are at an address phones cannot open.

The tests that only read build their club and nights once for the module (``nights``) and
fetch each PDF once (``pack``): a pack of two tables in each paper and print size, the sitting
of fifteen tables, and their chart. Those that change a table make their own night.
"""

from __future__ import annotations

import html
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from league.models import Bye, Player, Role, Seat, Table
from league.nights import services as night_services
from scoresheet.paper import pdf
from tests.league.factories import club, member, night, season
from tests.pdf_reading import read
from tests.qr_codes import qr_codes
from tests.scoresheet.sheet_lines import hands_on_pages
from tests.scoresheet.test_pdf_pads import smallest

pytestmark = pytest.mark.django_db

SHEET_TABLE = re.compile(r"Table (\d+) · Sitting (\d+)")


@pytest.fixture(scope="module")
def nights(django_db_setup, django_db_blocker):
    """The club, its scorekeeper and the nights the reading tests share, built once for the module
    inside a transaction rolled back after its last test (each test runs in a savepoint inside it).
    Holds the PDFs fetched so far, by address, so each is made and read once."""
    with django_db_blocker.unblock(), transaction.atomic():
        tuesday = club("tuesday", "Tuesday Club")
        two = drawn(tuesday, 8)
        yield {
            "sam": member(tuesday, "sam", Role.SCOREKEEPER),
            "two": two,
            "modern": drawn(
                tuesday,
                8,
                variant="canasta-modern-american",
                season=season(tuesday, "canasta-modern-american", name="M"),
            ),
            # hand-knee-and-foot seats 2 teams of 2 only: 9 players are two tables and one bye.
            "bye": drawn(
                tuesday, 9, variant="hand-knee-and-foot", season=season(tuesday, "hand-knee-and-foot", name="K")
            ),
            "fifteen": long_names(drawn(tuesday, 60, season=two[0].season)),
            "pdfs": {},
        }
        transaction.set_rollback(True)


@pytest.fixture
def shared(client, nights):
    client.force_login(nights["sam"])
    return client


def long_name(short: str) -> str:
    """A 60-character name that starts with the player's short one ("P27 Marie-Thérèse …")."""
    return f"{short} Marie-Thérèse Lefèvre-Dubois de la Rochefoucauld-Montmorency"[:60].ljust(60, "x")


def long_names(drawn_night):
    """The night's players renamed to 60-character names, after the draw (the pack and chart read them)."""
    the_night, sitting = drawn_night
    for player in Player.objects.filter(attendances__night=the_night):
        player.name = long_name(player.name)
        player.save(update_fields=["name"])
    return the_night, sitting


def pack(client, nights, url: str) -> bytes:
    """The PDF at ``url`` of the shared nights, fetched once for the module."""
    return fetched(client, nights, url)[0]


def fetched(client, nights, url: str) -> tuple[bytes, int]:
    """The PDF at ``url`` of the shared nights and the queries its view made, fetched once for the module."""
    if url not in nights["pdfs"]:
        with CaptureQueriesContext(connection) as queries:
            content = pdf_of(client, url)
        nights["pdfs"][url] = content, len(queries)
    return nights["pdfs"][url]


def drawn(a_club, players: int, **fields):
    the_night = night(a_club, players=players, **fields)
    return the_night, night_services.sitting_draw(night=the_night)


def pack_url(the_night, number: int = 1, query: str = "") -> str:
    return f"/clubs/tuesday/nights/{the_night.pk}/sittings/{number}/pack.pdf{query}"


def chart_url(the_night, number: int = 1, query: str = "") -> str:
    return f"/clubs/tuesday/nights/{the_night.pk}/sittings/{number}/chart.pdf{query}"


def pdf_of(client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"] == "application/pdf"
    return response.content


def page_texts(content: bytes) -> list[str]:
    """Each page's text, its line breaks and runs of spaces made single spaces (text wraps), and
    a link broken before its path ("/t/<token>/" on a line of its own) joined again."""
    texts = read(content).texts
    return [re.sub(r"(https?://\S+) /t/", r"\1/t/", text) for text in texts]


def page_codes(content: bytes, dpi: int) -> list[list]:
    """Each page painted at ``dpi`` in grey, and the QR codes zxing finds on it."""
    return [qr_codes(page.picture(dpi)) for page in read(content).pages]


def page_qr_codes(content: bytes) -> list[list[str]]:
    """The text of every QR code on each page, painted at 72 dpi: two pixels a module of the 3 cm
    code, which decodes; 50 dpi still does, 40 no longer."""
    return [[code.text for code in codes] for codes in page_codes(content, 72)]


def tables_of(sitting) -> list[Table]:
    return list(Table.objects.filter(sitting=sitting).order_by("number"))


def players_at(table: Table) -> list[str]:
    return list(
        Seat.objects.filter(team__game__table=table)
        .order_by("team__position", "position")
        .values_list("player__name", flat=True)
    )


def link(table: Table) -> str:
    return f"http://testserver/t/{table.token}/"


RULES_PAGE = "Rules for every table"
QR_SYMBOL_MM = 45  # the code's modules, from finder pattern to finder pattern
LINK_PT = 9


def table_pages(texts: list[str]) -> list[str]:
    """The pack's pages but its last, which is the rules card printed once for all the tables."""
    assert RULES_PAGE in texts[-1] and "Rules: " in texts[-1]
    assert not any(RULES_PAGE in text or "Rules: " in text for text in texts[:-1])  # no card on a table's page
    return texts[:-1]


def qr_sizes(content: bytes, dpi: int = 50) -> list[tuple[str, float]]:
    """Every QR code of the pack, painted at ``dpi``: its text and the width of its modules in mm."""
    return [
        (code.text, abs(code.position.top_right.x - code.position.top_left.x) * 25.4 / dpi)
        for codes in page_codes(content, dpi)
        for code in codes
    ]


def link_sizes(content: bytes, token: str) -> set[float]:
    """The type sizes of the characters of the printed link that holds ``token`` on the first page."""
    return {
        round(word.size, 2) for word in read(content).pages[0].words if token in word.text or "testserver" in word.text
    }


def table_of_page(text: str) -> int:
    """The one table a page of the pack belongs to (every mention of a table names the same)."""
    found = {int(number) for number, _ in SHEET_TABLE.findall(text)}
    assert len(found) == 1, f"a page names tables {found}: {text[:300]}"
    return found.pop()


def test_the_pack_has_each_tables_sheet_with_its_players_sitting_link_and_qr_code(shared, nights):
    the_night, sitting = nights["two"]
    tables = tables_of(sitting)
    assert len(tables) == 2
    content = pack(shared, nights, pack_url(the_night))
    texts = page_texts(content)
    pages = table_pages(texts)
    by_table: dict[int, str] = {}
    for text in pages:
        by_table[table_of_page(text)] = by_table.get(table_of_page(text), "") + text
    assert list(by_table) == [1, 2]  # in table order
    for table in tables:
        text = by_table[table.number]
        assert f"Table {table.number} · Sitting 1" in text
        assert "Tuesday Club" in text and "Tuesday 24 November 2026" in text
        for name in players_at(table):
            assert name in text
        assert link(table) in text
        assert "Scan to enter this table's scores" in text
        others = [t for t in tables if t != table]
        assert not any(link(other) in text or players_at(other)[0] in text for other in others)
    # every QR code decodes to the link of the table whose page it is on
    assert texts[-1].count("Rules: Hand and Foot") == 1  # the rules card, once for the pack
    found = []
    for text, codes in zip(pages, page_qr_codes(content)[:-1], strict=True):
        for code in codes:
            assert code == link(Table.objects.get(sitting=sitting, number=table_of_page(text)))
            found.append(code)
    assert found == [link(table) for table in tables]  # one a table, in order


def test_a_renewed_link_prints_a_new_qr_code(shared, nights):
    # a night of its own (rolled back after the test): the others' links stay as they are
    tuesday = nights["two"][0].club
    the_night, sitting = drawn(tuesday, 8, season=season(tuesday, name="Renewed"))
    first, second = tables_of(sitting)
    old = link(first)
    night_services.table_link_renew(table=first)
    first.refresh_from_db()
    content = pdf_of(shared, pack_url(the_night))
    codes = [code for page in page_qr_codes(content) for code in page]
    assert codes == [link(first), link(second)]
    assert old not in codes and old not in "".join(page_texts(content))


def test_with_site_url_set_the_pack_prints_every_link_at_it(shared, nights, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    the_night, sitting = nights["two"]
    response = shared.get(pack_url(the_night), HTTP_HOST="127.0.0.1:8000")  # printed from the laptop itself
    assert response.status_code == 200
    content = response.content
    expected = [f"http://192.168.1.20:8000/t/{table.token}/" for table in tables_of(sitting)]
    text = "".join(page_texts(content))
    assert all(address in text for address in expected) and "127.0.0.1" not in text
    assert [code for page in page_qr_codes(content) for code in page] == expected


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_the_night_and_sitting_pages_warn_when_the_printed_links_are_at_a_loopback_address(shared, nights, host):
    the_night, _ = nights["two"]
    warning = (
        f"Phones cannot open these QR codes: they start with http://{host}/, which only this computer opens. "
        "Start the site with HOST=0.0.0.0 make run (or set SITE_URL), then print."
    )
    for page in (f"/clubs/tuesday/nights/{the_night.pk}/", f"/clubs/tuesday/nights/{the_night.pk}/sittings/1/"):
        content = html.unescape(shared.get(page, HTTP_HOST=host).content.decode())
        assert warning in content, page
        assert "only this computer" not in shared.get(page).content.decode()  # at testserver: no warning


def test_served_on_the_network_the_pack_printed_from_the_laptop_carries_its_network_address(
    shared, nights, settings, monkeypatch
):
    """Issue 35 item 13: following the README's make run, the first pack's QR codes carried
    http://127.0.0.1:8000/…, which no phone opens. Served on the network (HOST=0.0.0.0 make run),
    they carry this machine's network address, and no warning is needed."""
    from scoresheet.addresses import site

    settings.SITE_URL, settings.SERVED_ON = "", "0.0.0.0"
    monkeypatch.setattr(site, "network_address", lambda: "192.168.1.20")
    the_night, sitting = nights["two"]
    content = shared.get(pack_url(the_night), HTTP_HOST="127.0.0.1:8000").content
    expected = [f"http://192.168.1.20:8000/t/{table.token}/" for table in tables_of(sitting)]
    assert [code for page in page_qr_codes(content) for code in page] == expected
    night_page = shared.get(f"/clubs/tuesday/nights/{the_night.pk}/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "only this computer" not in night_page
    settings.SERVED_ON = "127.0.0.1"  # served on this computer only: the loopback address, and the warning
    night_page = shared.get(f"/clubs/tuesday/nights/{the_night.pk}/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "only this computer opens" in night_page


def test_served_on_the_network_with_no_address_found_the_warning_says_to_set_site_url(
    shared, nights, settings, monkeypatch
):
    from scoresheet.addresses import site

    settings.SITE_URL, settings.SERVED_ON = "", "0.0.0.0"
    monkeypatch.setattr(site, "network_address", lambda: "")
    the_night, _ = nights["two"]
    page = html.unescape(
        shared.get(f"/clubs/tuesday/nights/{the_night.pk}/sittings/1/", HTTP_HOST="127.0.0.1:8000").content.decode()
    )
    assert (
        "Phones cannot open these QR codes: they start with http://127.0.0.1:8000/, which only this computer opens, "
        "and this computer's network address could not be found. Set SITE_URL=http://ADDRESS:PORT" in page
    )
    assert "HOST=0.0.0.0 make run" not in page  # it is served so already


def test_a_network_without_a_route_out_still_gives_this_machines_address(monkeypatch):
    """A club's own Wi-Fi without the internet has no default route: the address comes from the
    machine's name instead (a private one, not loopback nor link-local)."""
    import socket

    from scoresheet.addresses import site

    class NoRoute:
        def __init__(self, *args):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *args):
            return False

        def connect(self, where):
            raise OSError("Network is unreachable")

    found = [("127.0.1.1",), ("169.254.3.4",), ("192.168.8.23",)]
    monkeypatch.setattr(socket, "socket", NoRoute)
    monkeypatch.setattr(
        socket, "getaddrinfo", lambda *args: [(socket.AF_INET, socket.SOCK_DGRAM, 17, "", (a, 0)) for (a,) in found]
    )
    assert site.network_address.__wrapped__() == "192.168.8.23"
    found[:] = [("127.0.1.1",)]
    assert site.network_address.__wrapped__() == ""


def test_no_warning_when_site_url_is_set(shared, nights, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    the_night, _ = nights["two"]
    content = shared.get(f"/clubs/tuesday/nights/{the_night.pk}/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "only this computer" not in content
    assert f"http://192.168.1.20:8000/t/{tables_of(nights['two'][1])[0].token}/" in content  # the table's link


@pytest.mark.engine
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fifteen_tables_with_long_names_give_one_landscape_page_each_in_the_same_number_of_queries(
    shared, nights, paper
):
    small_night, _ = nights["two"]
    _, small = fetched(shared, nights, pack_url(small_night, query=f"?paper={paper}"))  # the a4 one shared
    big_night, sitting = nights["fifteen"]
    tables = tables_of(sitting)
    assert len(tables) == 15
    assert all(len(name) == 60 for table in tables for name in players_at(table))
    content, big = fetched(shared, nights, pack_url(big_night, query=f"?paper={paper}"))
    assert big == small
    texts = page_texts(content)
    assert len(texts) == 16  # a page a table, and the rules card once
    for width, height in read(content).sizes:
        assert width > height  # landscape, every page
    pages = table_pages(texts)
    assert [table_of_page(text) for text in pages] == list(range(1, 16))
    for table, text in zip(tables, pages, strict=True):
        assert all(name in text for name in players_at(table)) and link(table) in text
        assert "Round 4" in text  # the whole game on the table's page
    found = qr_sizes(content)
    assert [code for code, _ in found] == [link(table) for table in tables]
    # the modules are 45 mm across (a pixel's rounding allowed), 1.2 mm a module for this link
    assert all(width >= QR_SYMBOL_MM - 25.4 / 50 for _, width in found), found
    sizes = link_sizes(content, tables[0].token)
    assert sizes and min(sizes) >= LINK_PT
    assert smallest(content) >= pdf.SMALLEST_TYPE - 0.01  # nothing on a table's page or the card under 7 pt


def test_the_round_blocks_grid_is_drawn_once_for_the_pack_and_each_table_writes_its_names_over_it(shared, nights):
    """The round block under the names (its rows, rules, shading and headings) is the same at every
    table: the pack draws it once, as a PDF form each table's page shows, and writes the table's own
    teams over its rounds."""
    the_night, sitting = nights["two"]
    content = pack(shared, nights, pack_url(the_night))
    assert content.count(b"/Subtype /Form") == 1
    document = pdfium.PdfDocument(content)
    try:
        forms = [len(list(page.get_objects(filter=(pdfium_raw.FPDF_PAGEOBJ_FORM,), max_depth=1))) for page in document]
    finally:
        document.close()
    assert forms == [1, 1, 0]  # a table's page each, and the rules card
    texts = table_pages(page_texts(content))
    for table, text in zip(tables_of(sitting), texts, strict=True):
        assert text.count("Clean books × 500") == 1 and "Round 4 · meld 150" in text  # the form's words
        for team in range(2):
            names = " & ".join(players_at(table)[2 * team : 2 * team + 2])
            assert text.count(names) == 1 + 4, (names, text)  # in the head, and over each of the 4 rounds


def pages_of_tables(texts: list[str]) -> dict[int, list[int]]:
    """Each table's pages (their indexes), which must follow one another in table order."""
    owners = [table_of_page(text) for text in texts]
    assert owners == sorted(owners)
    return {table: [i for i, owner in enumerate(owners) if owner == table] for table in sorted(set(owners))}


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_large_print_pack_gives_a_table_two_pages_its_qr_code_on_the_first(shared, nights, paper):
    """Issue 37 item 3: large print spread a table over 3 pages (rounds 1–2, rounds 3–4, then the
    QR code alone: 46 pages for 15 tables). Now two, the code on the first, over the rounds; with
    fifteen tables of 60-character names, and nothing under 14 pt."""
    big_night, sitting = nights["fifteen"]
    tables = tables_of(sitting)
    content = pack(shared, nights, pack_url(big_night, query=f"?paper={paper}&large_print=1"))
    texts = page_texts(content)
    assert len(texts) == 2 * 15 + 1  # and the rules card once
    pages = pages_of_tables(table_pages(texts))
    assert list(pages) == list(range(1, 16)) and all(len(its) == 2 for its in pages.values())
    codes = page_qr_codes(content)
    for table, (first, second) in zip(tables, pages.values(), strict=True):
        assert codes[first] == [link(table)] and codes[second] == [], table.number
        assert "Round 1" in texts[first] and "Round 4" in texts[second]
        assert "Scan to enter this table's scores" in texts[first]
    assert smallest(content) >= 14 - 0.01
    for width, height in read(content).sizes[:-1]:
        assert width < height  # upright: two rounds across, a page each


def test_a_large_print_pack_of_hand_knee_and_foot_keeps_to_two_pages_a_table(shared, nights):
    """Its 15 rows leave no room over the first block for a code: a 30 mm one goes under the
    second, on the table's second page, not on a page of its own."""
    the_night, sitting = nights["bye"]
    content = pack(shared, nights, pack_url(the_night, query="?large_print=1"))
    pages = pages_of_tables(table_pages(page_texts(content)))
    assert all(len(its) == 2 for its in pages.values())
    codes = page_qr_codes(content)
    for table, its in zip(tables_of(sitting), pages.values(), strict=True):
        assert [code for i in its for code in codes[i]] == [link(table)]


@pytest.mark.parametrize("query", ["?large_print=1", "?paper=a4", "?paper=a4&large_print=1"])
def test_large_print_and_a4_packs_keep_each_tables_pages_together(shared, nights, query):
    the_night, sitting = nights["two"]
    content = pack(shared, nights, pack_url(the_night, query=query))
    texts = table_pages(page_texts(content))
    assert [table_of_page(text) for text in texts] == sorted(table_of_page(text) for text in texts)
    assert {table_of_page(text) for text in texts} == {1, 2}
    codes = [code for page in page_qr_codes(content) for code in page]
    assert codes == [link(table) for table in tables_of(sitting)]
    large = "large_print" in query
    assert smallest(content) >= (pdf.Metrics.for_print(True).least if large else pdf.SMALLEST_TYPE) - 0.01
    if "a4" in query:
        width, height = read(content).sizes[0]
        assert (round(width), round(height)) == ((595, 842) if large else (842, 595))  # large print upright


def test_a_sitting_or_night_that_is_not_there_is_a_404(shared, nights):
    the_night, _ = nights["two"]
    other_night, _ = drawn(club("friday", "Friday Club"), 4)
    for url in (pack_url, chart_url):
        assert shared.get(url(the_night, number=2)).status_code == 404
        assert shared.get(url(other_night)).status_code == 404  # another club's night


def test_an_unknown_paper_is_named(shared, nights):
    the_night, _ = nights["two"]
    for url in (pack_url, chart_url):
        response = shared.get(url(the_night, query="?paper=legal"))
        assert response.status_code == 400
        assert "Paper is letter or a4" in response.content.decode()


INDEX = "Find your name"


def chart_pages(texts: list[str]) -> tuple[list[str], list[str]]:
    """The chart's index pages (first) and its pages of tables."""
    index = [text for text in texts if INDEX in text]
    assert texts[: len(index)] == index and index
    return index, texts[len(index) :]


def assert_index_lists(index: list[str], sitting, byes: list[str]) -> None:
    """Every player of the sitting in the index, in alphabetical order, with their table."""
    entries = [(name, f"Table {table.number}") for table in tables_of(sitting) for name in players_at(table)]
    entries += [(name, "Sitting out") for name in byes]
    text, at = " ".join(index) + " ", 0
    for name, where in sorted(entries, key=lambda entry: entry[0].casefold()):
        found = text.find(f"{name} {where} ", at)
        assert found >= 0, f"{name} {where} not in the index after {text[at : at + 200]}"
        at = found + len(name)


def test_the_chart_names_every_player_and_who_sits_out(shared, nights):
    the_night, sitting = nights["bye"]
    byes = list(Bye.objects.filter(sitting=sitting).values_list("player__name", flat=True))
    assert len(byes) == 1
    index, texts = chart_pages(page_texts(pack(shared, nights, chart_url(the_night))))
    assert len(index) == 1 and len(texts) == 1
    assert_index_lists(index, sitting, byes)
    text = texts[0]
    assert "Sitting 1 · Tuesday Club" in text and "Tuesday 24 November 2026" in text
    for table in tables_of(sitting):
        assert f"Table {table.number}" in text
        assert all(name in text for name in players_at(table))
    assert f"Sitting out: {byes[0]}" in text
    first = tables_of(sitting)[0]
    assert re.search(r"P\d\d & P\d\d vs P\d\d & P\d\d", text)
    assert players_at(first)[0] in text.split("Table 2")[0]
    # each team starts a line of its own, at the left of its table's box under "Table N"; the
    # names in 40 pt or more, to read at 4 m (a night of two tables gets the largest type, 50)
    content = pack(shared, nights, chart_url(the_night))
    words = read(content).pages[-1].words
    boxes = {round(w.x0) for w in words if w.text == "Table"}
    assert {round(w.x0) for w in words if w.text == "vs"} <= boxes  # "vs" at the left edge of a box
    names = [w for w in words if re.fullmatch(r"P\d\d", w.text)]
    assert len(names) == 9 and min(w.size for w in names) >= 40


def test_the_chart_of_fifteen_tables_runs_over_pages_with_the_heading_on_each(shared, nights):
    the_night, sitting = nights["fifteen"]
    every = page_texts(pack(shared, nights, chart_url(the_night)))
    for n, text in enumerate(every, start=1):
        assert "Sitting 1 · Tuesday Club" in text and f"Page {n} of {len(every)}" in text
    index, texts = chart_pages(every)
    assert len(texts) >= 2
    assert_index_lists(index, sitting, [])  # 60 names of 60 characters
    everything = "".join(texts)
    for table in tables_of(sitting):
        assert f"Table {table.number} " in everything
        assert all(name in everything for name in players_at(table))
    # the tables are shared out about evenly: no page holds a lonely table
    counts = [len(re.findall(r"Table \d+", text)) for text in texts]
    assert sum(counts) == 15 and max(counts) - min(counts) <= 1
    assert smallest(pack(shared, nights, chart_url(the_night))) >= pdf.SMALLEST_TYPE - 0.01  # read on the wall


def test_the_charts_index_carries_the_nights_where_do_i_sit_code(shared, nights):
    # Every index page: the QR code of /n/<token>/ (45 mm, as the table pack's), its link under
    # it in 9 pt or more; the 15 tables of long names keep their index beside it.
    for key in ("bye", "fifteen"):
        the_night, _ = nights[key]
        content = pack(shared, nights, chart_url(the_night))
        index, _ = chart_pages(page_texts(content))
        seat_link = f"http://testserver/n/{the_night.token}/"
        found = qr_sizes(content)
        assert [text for text, _ in found] == [seat_link] * len(index)
        assert all(size >= QR_SYMBOL_MM - 1 for _, size in found)
        assert link_sizes(content, the_night.token) and min(link_sizes(content, the_night.token)) >= LINK_PT
        assert all("Where do I sit?" in text for text in index)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_modern_american_pack_keeps_a_table_a_page_and_its_rules_card_once(shared, nights, paper):
    # The score sheet chooses the page's way up (its rows fit one page only upright with the
    # table's heading and QR code); the pack keeps each table to one page whichever it is.
    the_night, sitting = nights["modern"]
    content = pack(shared, nights, pack_url(the_night, query=f"?paper={paper}"))
    texts = page_texts(content)
    assert [table_of_page(text) for text in table_pages(texts)] == [1, 2]
    assert texts[-1].count("Rules: Modern American Canasta") == 1
    codes = [code for page in page_qr_codes(content) for code in page]
    assert codes == [link(table) for table in tables_of(sitting)]


def test_the_charts_index_sorts_names_as_a_reader_expects():
    """Issue 37 item 4: accented names sorted out of order (Björn before Bénédicte, Østergaard
    after Villeneuve)."""
    from types import SimpleNamespace

    from league.nights.wall_chart_pdf import index_entries

    table = SimpleNamespace(number=1, teams=[["Villeneuve", "Østergaard"], ["Björn", "Bénédicte"]])
    sitting = SimpleNamespace(tables=[table], byes=["Ægir"])
    assert [name for name, _ in index_entries(sitting)] == ["Ægir", "Bénédicte", "Björn", "Østergaard", "Villeneuve"]


def test_a_large_print_canasta_pack_gives_a_table_two_pages_of_ten_hands_its_qr_code_on_the_first(shared, nights):
    """Issue 37 item 3, for the canasta pads: the code (30 mm, beside the table's name, the pad
    across the page) on the first page, and a game's ten hands over the two."""
    the_night, sitting = nights["modern"]
    content = pack(shared, nights, pack_url(the_night, query="?large_print=1"))
    texts = page_texts(content)
    card = next(i for i, text in enumerate(texts) if RULES_PAGE in text)  # its 16 pt card takes two pages
    assert card == 4 and all("Table " not in text for text in texts[card:])
    pages = pages_of_tables(texts[:card])
    hands = hands_on_pages(content)
    codes = page_qr_codes(content)
    for table, its in zip(tables_of(sitting), pages.values(), strict=True):
        assert len(its) == 2 and codes[its[0]] == [link(table)] and codes[its[1]] == []
        assert [n for i in its for n in hands[i]] == list(range(1, 11))
    assert smallest(content) >= 14 - 0.01
