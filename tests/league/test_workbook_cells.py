"""Number cells no spreadsheet program writes, and a sheet declaring an XML entity (issue 34, item 4):
each is a problem of its row (or of the file), refused with exit 2 by import_results and listed by
the import page's preview; never a traceback or a 500."""

from __future__ import annotations

import re
import zipfile
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from league.models import Role
from scoresheet.models import Game
from tests.league.factories import club, member, season
from tests.league.test_import_results import GOOD, refused, workbook, write

pytestmark = pytest.mark.django_db

SHEET = "xl/worksheets/sheet1.xml"


def tampered(change) -> bytes:
    """The good results workbook with its first sheet's XML changed by ``change``."""
    source = BytesIO(workbook(GOOD))
    out = BytesIO()
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for part in old.infolist():
            data = old.read(part)
            if part.filename == SHEET:
                data = change(data.decode()).encode()
            new.writestr(part, data)
    return out.getvalue()


def score_cell(text: str):
    """Row 2's Score (column F) holding ``text`` as its number."""
    return lambda xml: re.sub(r'(<c r="F2"[^>]*>)<v>[^<]*</v>', rf"\1<v>{text}</v>", xml, count=1)


NUMBERS = {
    "5,000 digits": "9" * 5000,
    "NaN": "NaN",
    "INF": "INF",
    "-INF": "-INF",
    "1e400": "1e400",
    "words": "twelve",
}


@pytest.mark.parametrize("text", NUMBERS.values(), ids=NUMBERS.keys())
def test_a_number_cell_no_program_writes_is_a_problem_of_its_row(tmp_path, text):
    data = tampered(score_cell(text))
    assert text in zipfile.ZipFile(BytesIO(data)).read(SHEET).decode()  # the change took
    errors = refused(write(tmp_path, data), "--club", "tuesday", "--season", "Autumn")
    assert [(e["sheet"], e["row"], e["column"]) for e in errors] == [("Results", 2, "F")]
    assert "number" in errors[0]["message"]
    assert not Game.objects.exists()


@pytest.mark.parametrize("used", [True, False], ids=["used", "declared only"])
def test_a_sheet_declaring_an_external_entity_is_refused_as_a_file(tmp_path, used):
    def entity(xml: str) -> str:
        declaration = '<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        xml = declaration + xml  # openpyxl writes no XML declaration before it
        return score_cell("&x;")(xml) if used else xml

    data = tampered(entity)
    assert zipfile.ZipFile(BytesIO(data)).read(SHEET).startswith(b"<!DOCTYPE")  # the change took
    errors = refused(write(tmp_path, data), "--club", "tuesday", "--season", "Autumn")
    assert [(e["row"], e["column"]) for e in errors] == [(None, None)]
    assert "DOCTYPE" in errors[0]["message"]
    assert "passwd" not in str(errors) and "root:" not in str(errors)
    assert not Game.objects.exists()


@pytest.mark.parametrize("text", ["NaN", "9" * 5000])
def test_the_import_page_lists_a_bad_number_cell_and_never_answers_500(client, text):
    tuesday = club()
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    autumn = season(tuesday, name="Autumn")
    upload = SimpleUploadedFile("r.xlsx", tampered(score_cell(text)), content_type="application/octet-stream")
    response = client.post("/clubs/tuesday/import/results/", {"season": autumn.pk, "file": upload})
    assert response.status_code == 400  # the upload page again, its problems listed (as every refusal)
    problems = response.context["problems"]
    assert [(p.row, p.column) for p in problems] == [(2, "F")]
    assert "number" in problems[0].message
    assert "no number a spreadsheet holds" in response.content.decode()
    assert not Game.objects.exists()
