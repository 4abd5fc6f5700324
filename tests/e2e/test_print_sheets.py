"""A player on a phone prints blank score sheets: choose the rules, name the teams, download the
PDF; too many copies are said on the form, with nothing downloaded and nothing typed lost."""

import pytest
from playwright.sync_api import expect

from tests.pdf_reading import read

PHONE = {"width": 390, "height": 844}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_print_sheets_on_a_phone_refuses_too_many_copies_then_downloads_the_pdf(live_server, page, presets, tmp_path):
    page.set_viewport_size(PHONE)
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    page.goto(live_server.url + "/print/", wait_until="domcontentloaded")
    expect(page.get_by_role("heading", name="Print score sheets")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Too many copies: the error and no download.
    page.get_by_label("Name 1 (optional)").fill("Ann & Bob")
    page.get_by_label("Copies").fill("1000")
    with page.expect_response(lambda r: "/print/?" in r.url) as answer:
        page.get_by_role("button", name="Make the PDF").click()
    assert answer.value.status == 400
    expect(page.get_by_text("At most 50 copies at a time.")).to_be_visible()
    expect(page.get_by_text("No sheet was made.")).to_be_visible()
    expect(page.get_by_label("Copies")).to_have_value("1000")
    expect(page.get_by_label("Name 1 (optional)")).to_have_value("Ann & Bob")  # what was typed is kept
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert downloads == []

    # Put right: the PDF downloads.
    page.get_by_label("Copies").fill("1")
    page.get_by_label("Rules", exact=True).select_option("hand-knee-and-foot")
    page.get_by_label("Name 1 (optional)").fill("Zoë & Søren")
    page.get_by_label("Name 2 (optional)").fill("Дмитрий")
    with page.expect_download() as info:
        page.get_by_role("button", name="Make the PDF").click()
    download = info.value
    assert download.failure() is None
    assert download.suggested_filename == "hand-knee-and-foot-score-sheet.pdf"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)

    document = read(saved.read_bytes())
    assert len(document) == 1
    text = document.text
    assert "Hand Knee and Foot · score sheet" in text
    assert "Zoë & Søren" in text and "Дмитрий" in text
