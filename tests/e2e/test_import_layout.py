"""The import pages in a browser at phone (390 px) and desktop (1280 px) widths: the upload form,
the preview of a good file and the table of a bad file's problems fit the screen with 44 px
targets, and axe finds nothing serious. Screenshots as test_layout.shoot says."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e import axe
from tests.e2e.test_layout import _session_cookie, check_axe, check_fits, each_width, shoot, viewport
from tests.league.factories import season, user
from tests.league.test_import_results import GOOD, HEADER, workbook

TARGETS = ", select, input[type=file]"
HEADINGS = {"preview": "What the file will add", "problems": "Nothing was imported"}


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_the_import_pages_fit_the_screen(live_server, page, presets, tmp_path):
    from league.clubs import services as league

    olga = user("olga")
    club = league.club_create(name="Tuesday Night Hand and Foot Club", by=olga)
    season(club, name="Autumn 2026")
    page.context.add_cookies([_session_cookie(olga, live_server)])
    page.set_viewport_size(viewport("phone"))
    url = f"{live_server.url}/clubs/{club.slug}/import/results/"

    good, bad = tmp_path / "good.xlsx", tmp_path / "bad.xlsx"
    good.write_bytes(
        workbook(
            [*GOOD, ["2026-09-08", 2, 1, "Ezra Featherstonehaugh-Wilkins", "", 10, ""]]
            + [["2026-09-08", 2, 1, "Grandmother Wilhelmina", "", 20, ""]]
        )
    )
    rows = [HEADER, *GOOD[1:]]
    rows[2] = ["2026-09-01", 1, 1, "Cleo & Dan", "Cleo, Dan", "a great many points", ""]
    rows.append(["2026-09-08", 3, 1, "Solo", "Ann & Bob", 10, "no-such-rules-at-all-anywhere"])
    bad.write_bytes(workbook(rows))

    failures: dict[str, list[str]] = {}
    for name, path in (("preview", good), ("problems", bad)):
        assert page.goto(url).status == 200
        for width in each_width(page):
            check_fits(page, "import upload", width, TARGETS)
            if name == "preview":  # the upload form, once
                check_axe(page, failures, f"import ({width})")
        page.set_input_files("input[type=file]", str(path))
        page.get_by_role("button", name="Check the file").click()
        expect(page.get_by_role("heading", name=HEADINGS[name])).to_be_visible()
        for width in each_width(page):
            shoot(page, f"import-{name}-{width}")
            check_fits(page, f"import {name}", width, TARGETS)
            check_axe(page, failures, f"import {name} ({width})")
    assert page.get_by_text("Nothing was imported").is_visible()
    assert not failures, "serious or critical accessibility problems:\n" + axe.report(failures)
