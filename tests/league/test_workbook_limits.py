"""Workbooks that explode (issue 18, items 1 and 5): a small file that unpacks to far more than a
results sheet needs is refused in seconds, with one message and nothing written, through
import_results (exit 2, the JSON errors of PRODUCT.md "Spreadsheets") and the upload pages (a form
error, or the problems table); and a cell of thousands of digits is a problem of its row.

The bombs are built here: a valid workbook from openpyxl whose sheet or shared strings are
rewritten, streamed into a deflated member (20 million blank rows pack into a few hundred KB).
"""

from __future__ import annotations

import time
import zipfile
from collections.abc import Callable, Iterable
from datetime import date
from functools import cache
from io import BytesIO

import pytest

from league.exchange.workbooks import reading as xlsx
from league.models import Player
from scoresheet.models import Game
from tests.league.factories import season
from tests.league.test_import_pages import organiser, upload  # noqa: F401 — organiser is a fixture
from tests.league.test_import_results import GOOD, HEADER, counts, refused, run, workbook, write

pytestmark = pytest.mark.django_db

SHEET, STRINGS, TYPES = "xl/worksheets/sheet1.xml", "xl/sharedStrings.xml", "[Content_Types].xml"
STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
MB = 1024 * 1024
ONE_GAME = [HEADER, [date(2026, 9, 1), 1, 1, "Ann", "", 500, ""], [date(2026, 9, 1), 1, 1, "Bob", "", 300, ""]]


def rebuilt(data: bytes, parts: dict[str, Callable[[bytes], Iterable[bytes]]], extra=()) -> bytes:
    """``data`` with each named part rewritten by its function (given the part's bytes, it yields
    the new ones, streamed into a deflated member), and ``extra`` (name, chunks) parts added."""
    out = BytesIO()
    with zipfile.ZipFile(BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename in parts:
                with target.open(info.filename, "w", force_zip64=True) as member:
                    for chunk in parts[info.filename](source.read(info.filename)):
                        member.write(chunk)
            else:
                target.writestr(info.filename, source.read(info.filename))
        for name, chunks in extra:
            with target.open(name, "w", force_zip64=True) as member:
                for chunk in chunks:
                    member.write(chunk)
    return out.getvalue()


def before_end_of(tag: bytes, chunks: Callable[[], Iterable[bytes]]) -> Callable[[bytes], Iterable[bytes]]:
    """A part rewritten with ``chunks`` put just before its closing ``tag``."""

    def rewrite(part: bytes) -> Iterable[bytes]:
        head, closing, tail = part.rpartition(tag)
        yield head
        yield from chunks()
        yield closing + tail

    return rewrite


def blank_rows(count: int, chunk: int = 1_000_000) -> Callable[[], Iterable[bytes]]:
    def rows():
        for start in range(0, count, chunk):
            yield b"<row/>" * min(chunk, count - start)

    return rows


def long_string(size: int) -> Callable[[], Iterable[bytes]]:
    def chunks():
        yield b"<si><t>"
        for _ in range(size // MB):
            yield b"a" * MB
        yield b"</t></si>"

    return chunks


@cache  # built once for the command and the page
def twenty_million_blank_rows() -> bytes:
    return rebuilt(workbook(ONE_GAME), {SHEET: before_end_of(b"</sheetData>", blank_rows(20_000_000))})


def with_shared_strings(data: bytes, chunks: Callable[[], Iterable[bytes]], **parts) -> bytes:
    """``data`` (openpyxl writes its text inline) with a table of shared strings, as Excel writes one:
    its part, streamed from ``chunks``, and its entry in the package's content types."""
    entry = f'<Override PartName="/{STRINGS}" ContentType="{STRINGS_TYPE}"/>'.encode()
    table = [b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">', *chunks(), b"</sst>"]
    return rebuilt(data, {TYPES: before_end_of(b"</Types>", lambda: [entry]), **parts}, [(STRINGS, table)])


@cache
def a_40_mb_shared_string() -> bytes:
    """The 1 GB shared string of the probe, at 40 MB: over the cap all the same, and built in a second."""
    return with_shared_strings(workbook(ONE_GAME), long_string(40 * MB))


def timed_refusal(tmp_path, content: bytes) -> tuple[list[dict], float]:
    path = write(tmp_path, content)
    started = time.monotonic()
    errors = refused(path, "--club", "tuesday", "--season", "Autumn")
    return errors, time.monotonic() - started


# The two bombs of the probe, through import_results


def test_twenty_million_blank_rows_are_refused_in_seconds_and_nothing_is_written(tmp_path):
    content = twenty_million_blank_rows()
    assert len(content) < 5 * MB  # it passes the upload cap: what it unpacks to is what is refused
    before = counts()
    errors, seconds = timed_refusal(tmp_path, content)
    assert errors == [{"sheet": None, "row": None, "column": None, "message": errors[0]["message"]}]
    assert "30 MB" in errors[0]["message"] and SHEET in errors[0]["message"]
    assert counts() == before
    print(f"20 million blank rows ({len(content):,} bytes): refused in {seconds:.2f} s")


def test_a_huge_shared_string_is_refused_in_seconds_and_nothing_is_written(tmp_path):
    content = a_40_mb_shared_string()
    assert len(content) < 5 * MB
    before = counts()
    errors, seconds = timed_refusal(tmp_path, content)
    assert len(errors) == 1 and "30 MB" in errors[0]["message"] and STRINGS in errors[0]["message"]
    assert counts() == before
    print(f"a 40 MB shared string ({len(content):,} bytes): refused in {seconds:.2f} s")


# Each limit on its own, each under the others


def test_blank_rows_count_toward_the_row_limit(tmp_path):
    """30,000 blank rows unpack to 180 KB: under the size cap, over the 20,000 rows."""
    content = rebuilt(workbook(ONE_GAME), {SHEET: before_end_of(b"</sheetData>", blank_rows(30_000))})
    errors = refused(write(tmp_path, content), "--club", "tuesday", "--season", "Autumn")
    assert errors == [{"sheet": "Results", "row": None, "column": None, "message": errors[0]["message"]}]
    assert "over 20,000 rows" in errors[0]["message"]
    assert Game.objects.count() == 0


def test_a_row_numbered_far_below_counts_the_rows_it_skips(tmp_path):
    far = lambda: [b'<row r="5000000"><c r="A5000000" t="inlineStr"><is><t>x</t></is></c></row>']  # noqa: E731
    content = rebuilt(workbook(ONE_GAME), {SHEET: before_end_of(b"</sheetData>", far)})
    errors = refused(write(tmp_path, content), "--club", "tuesday", "--season", "Autumn")
    assert len(errors) == 1 and "over 20,000 rows" in errors[0]["message"]


def test_a_row_of_more_cells_than_a_sheet_has_columns_is_refused(tmp_path):
    wide = lambda: [b"<row>", b"<c/>" * 20_000, b"</row>"]  # noqa: E731
    content = rebuilt(workbook(ONE_GAME), {SHEET: before_end_of(b"</sheetData>", wide)})
    errors = refused(write(tmp_path, content), "--club", "tuesday", "--season", "Autumn")
    assert len(errors) == 1 and "16,384 cells" in errors[0]["message"] and errors[0]["sheet"] == "Results"


def test_a_part_read_whole_on_opening_has_a_limit_on_its_entries(tmp_path):
    """150,000 tiny shared strings unpack to 3 MB, and openpyxl would build each: refused unread."""
    content = with_shared_strings(workbook(ONE_GAME), lambda: [b"<si><t>a</t></si>" * 150_000])
    errors = refused(write(tmp_path, content), "--club", "tuesday", "--season", "Autumn")
    assert len(errors) == 1 and "over 200,000 entries" in errors[0]["message"] and STRINGS in errors[0]["message"]


def test_the_parts_together_have_a_limit_too(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsx, "MAX_UNPACKED_TOTAL", 2 * MB)  # the same check as at 100 MB, with a small file
    extra = [(f"xl/media/image{i}.png", [b"a" * MB]) for i in range(3)]  # each part under the 30 MB
    content = rebuilt(workbook(ONE_GAME), {}, extra)
    errors = refused(write(tmp_path, content), "--club", "tuesday", "--season", "Autumn")
    assert len(errors) == 1 and "unpacks to 3 MB" in errors[0]["message"]


def test_an_import_that_reads_past_its_time_budget_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsx, "READ_SECONDS", 0)  # every workbook is then too slow to read
    errors = refused(write(tmp_path, GOOD), "--club", "tuesday", "--season", "Autumn")
    assert len(errors) == 1 and "took over 0 seconds" in errors[0]["message"]
    assert Game.objects.count() == 0


def test_a_workbook_within_every_limit_still_imports(tmp_path):
    """A few blank rows and a shared string of a few KB are fine."""
    content = with_shared_strings(
        workbook(ONE_GAME),
        lambda: [b"<si><t>", b"a" * 5000, b"</t></si>"],
        **{SHEET: before_end_of(b"</sheetData>", blank_rows(100))},
    )
    path = write(tmp_path, content)
    output, status = run(path, "--club", "tuesday", "--season", "Autumn")
    assert status == 0, output
    assert Game.objects.count() == 1


# Numbers too large (item 5): a row error naming the row and the column


@pytest.mark.parametrize("column", ["Score", "Table", "Game"])
def test_a_5000_digit_number_is_a_problem_of_its_row_and_column(tmp_path, column):
    rows = [list(row) for row in ONE_GAME]
    rows[2][HEADER.index(column)] = "7" * 5000
    errors = refused(write(tmp_path, rows), "--club", "tuesday", "--season", "Autumn")
    mine = [e for e in errors if (e["row"], e["column"]) == (3, column)]
    assert len(mine) == 1 and "too many digits" in mine[0]["message"], errors
    assert len(mine[0]["message"]) < 200  # the message does not repeat the 5,000 digits
    assert Game.objects.count() == 0


# Through the upload pages


def test_the_upload_pages_refuse_both_bombs_as_a_form_error_and_keep_nothing(client, organiser, tmp_path):  # noqa: F811
    autumn = season(organiser, name="Autumn")
    pages = [
        ("/clubs/tuesday/import/results/", {"season": autumn.pk}, twenty_million_blank_rows(), SHEET),
        ("/clubs/tuesday/import/roster/", {}, a_40_mb_shared_string(), STRINGS),
    ]
    for url, data, content, part in pages:
        started = time.monotonic()
        response = client.post(url, {**data, "file": upload("r.xlsx", content)})
        seconds = time.monotonic() - started
        assert response.status_code == 400
        assert response.context["form"].errors["file"] == [response.context["form"].errors["file"][0]]
        message = response.context["form"].errors["file"][0]
        assert "30 MB" in message and part in message and message in response.content.decode()
        print(f"{url}: refused in {seconds:.2f} s")
    assert not (tmp_path / "imports").exists() or not any((tmp_path / "imports").iterdir())
    assert Game.objects.count() == 0 and Player.objects.count() == 0


def test_a_5000_digit_score_uploaded_is_a_problem_not_a_server_error(client, organiser):  # noqa: F811
    autumn = season(organiser, name="Autumn")
    rows = [list(row) for row in ONE_GAME]
    rows[1][HEADER.index("Score")] = "9" * 5000
    response = client.post(
        "/clubs/tuesday/import/results/", {"season": autumn.pk, "file": upload("r.xlsx", workbook(rows))}
    )
    assert response.status_code == 400
    [problem] = response.context["problems"]
    assert (problem.sheet, problem.row, problem.column) == ("Results", 2, "Score")
    assert "too many digits" in problem.message
