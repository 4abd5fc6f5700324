"""Closing a club night on phones: a correction after both teams agreed asks the table again; the
organiser closing the night is shown the tables still playing and the table not agreed, settles
them (finished as it stands, confirmed on the table's behalf, left out, each with a reason) and
the night standings count them; the night page, the results PDF and the results workbook then say
how each table was settled, in the record's four words; the table link shows the final sheet,
read only."""

import re
from io import BytesIO

import openpyxl
import pytest
from playwright.sync_api import expect

from league.models import Role
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.scoring.engine import Entry
from tests.e2e.test_layout import _session_cookie, viewport
from tests.league.factories import club, member, night
from tests.pdf_reading import read


def play_round(game) -> None:
    entries = [Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=300, went_out=True)]
    entries.append(Entry(books={"clean": 1}, melded_points=100, hand_points=50))
    scoresheet_services.round_record(game=game, number=1, entries=entries, confirmed=["*"])


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_correction_asks_again_and_the_organiser_settles_every_table_before_closing(live_server, browser, presets):
    tuesday = club("tuesday", "Tuesday Club")
    olga = member(tuesday, "olga", Role.ORGANISER)
    the_night = night(tuesday, players=16, sittings_planned=1)
    playing, finished, agreed, stopped = night_services.sitting_draw(night=the_night).tables.order_by("number")
    play_round(playing.game)  # still being played when the organiser wants to close
    play_round(stopped.game)  # … and this one too, but nobody will vouch for it
    for table in (finished, agreed):
        play_round(table.game)
        scoresheet_services.game_finish(game=table.game)
        for team in table.game.teams.all():
            night_services.table_agree(table=table, team=team, device=f"phone-{team.pk}")
    names = [
        seat.player.name
        for table in (playing, finished, agreed)
        for t in table.game.teams.all()
        for seat in t.seats.all()
    ]

    # (b) At table 2, a phone with the table link corrects round 1: both teams are asked again.
    table_phone = browser.new_context(viewport=viewport("phone")).new_page()
    link = f"{live_server.url}/t/{finished.token}/"
    table_phone.goto(link + "rounds/1/", wait_until="domcontentloaded")
    table_phone.locator("#id_t0-melded_points").fill("400")
    table_phone.locator("#correction-reason").fill("Melds miscounted")
    table_phone.get_by_role("button", name="Save round 1").click()
    expect(table_phone.get_by_role("heading", name="Agree with this result?")).to_be_visible()
    expect(table_phone.get_by_role("button", name=re.compile(" agrees?$"))).to_have_count(2)

    # (a) The organiser closes the night: both tables are listed, and settled one by one.
    organiser = browser.new_context(viewport=viewport("phone"))
    organiser.add_cookies([_session_cookie(olga, live_server)])
    page = organiser.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Close the night? …"
    page.goto(f"{live_server.url}/clubs/tuesday/nights/{the_night.pk}/", wait_until="domcontentloaded")
    page.locator("#night-close-early").click()
    expect(page.get_by_text("First settle each table below")).to_be_visible()
    first, second = page.locator(f"#settle-{playing.pk}"), page.locator(f"#settle-{finished.pk}")
    expect(first).to_contain_text("Round 1 of 4 entered")
    expect(second).to_contain_text("Not agreed")
    first.get_by_label("Why").fill("Out of time after round 1")
    first.get_by_role("button", name="Finish it as it stands").click()
    expect(page.get_by_text("Table 1 of sitting 1 is finished as it stands.")).to_be_visible()
    second.get_by_label("Why").fill("Both teams told me they agree")
    second.get_by_role("button", name="Confirm the result").click()
    fourth = page.locator(f"#settle-{stopped.pk}")
    fourth.get_by_label("Why").fill("A player was taken ill")
    fourth.get_by_role("button", name=re.compile("Leave it out")).click()
    expect(page.get_by_text("Every table is settled.")).to_be_visible()
    page.get_by_role("button", name="Close the night").click()
    expect(page.get_by_text("The night is closed: the table links show the final sheets only.")).to_be_visible()
    expect(page.get_by_role("link", name=re.compile("score sheet"))).to_have_count(4)  # every table's game
    # The night page says how each table was settled, with the rounds and the reasons.
    words = {
        playing: "Finished as it stands (round 1 of 4; Out of time after round 1)",
        finished: "Confirmed by the organiser (Both teams told me they agree)",
        agreed: "Agreed",
        stopped: "Left out (A player was taken ill)",
    }
    for table, said in words.items():
        expect(page.locator(".night-table", has_text=f"Table {table.number}").locator(".night-agreed")).to_have_text(
            said
        )
    # … and so do the night's results PDF and the season's results workbook.
    pdf = organiser.request.get(f"{live_server.url}/clubs/tuesday/nights/{the_night.pk}/results.pdf")
    lines = [" ".join(line.text.split()) for p in read(pdf.body()).pages for line in p.lines]
    text = " ".join(lines)
    for said in words.values():
        assert said in text, said
    xlsx = organiser.request.get(f"{live_server.url}/clubs/tuesday/seasons/{the_night.season_id}/results.xlsx")
    sheet = openpyxl.load_workbook(BytesIO(xlsx.body()))["Tables"]
    settled = {row[1]: row[3:] for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert settled == {
        playing.number: ("Finished as it stands", "1 of 4", "Out of time after round 1"),
        finished.number: ("Confirmed by the organiser", None, "Both teams told me they agree"),
        agreed.number: ("Agreed", None, None),
        stopped.number: ("Left out", None, "A player was taken ill"),
    }
    page.get_by_role("link", name="Night standings").click()
    standings = page.locator("main")
    for name in names:  # all eight counted, none marked "not yet agreed"
        expect(standings).to_contain_text(name)
    expect(standings).not_to_contain_text("not yet agreed")
    organiser.close()

    # (c) The table link shows the final sheet, read only.
    table_phone.goto(link, wait_until="domcontentloaded")
    expect(table_phone.get_by_text("The night is closed: this is the final sheet.")).to_be_visible()
    # as corrected: 2 clean × 500 + 2 dirty × 300 + 1 wild × 1,500 + 400 melded + 100 going out
    expect(table_phone.locator(".sheet-total td").first).to_have_text("3,600")
    expect(table_phone.get_by_role("button", name=re.compile("Reopen|Finish|agree|Undo"))).to_have_count(0)
    expect(table_phone.get_by_role("button", name="Print the score sheet (PDF)")).to_be_visible()
    expect(table_phone.get_by_role("link", name=re.compile("round", re.I))).to_have_count(0)
    table_phone.context.close()
