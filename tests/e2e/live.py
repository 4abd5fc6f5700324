"""The live part of a page (static/js/live.js) on a stopped clock: the test moves the clock on and
waits for the page's answers, never for the real time a busy machine may need to answer."""

from __future__ import annotations

from playwright.sync_api import expect

ASKS = 6  # at most this many asks to get two answers (an ask may fail on a busy machine: it asks again)


def the_page_asks_again(page) -> None:
    """Moves the page's stopped clock on (it asks every 5 s) until the server has answered two more
    of its asks: the second left after everything the test did before this call (the first may
    have been on its way already, with what the server said then). An ask that failed (the page
    says it could not update) does not count; the page asks again."""
    box = page.locator("[data-live]")
    stamp = page.locator("[data-live-stamp]")
    answered = []
    for _ in range(ASKS):
        before = box.get_attribute("data-refreshes") or "0"
        page.clock.run_for(5_000)
        expect(box).not_to_have_attribute("data-refreshes", before, timeout=30_000)
        said = stamp.text_content() if stamp.count() else "Updated"
        if said.startswith("Updated"):
            answered.append(said)
        if len(answered) == 2:
            return
    raise AssertionError(f"the page's asks were not answered: the last said {said!r}")
