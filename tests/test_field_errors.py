"""A field's error is tied to its box: the box says it is invalid (aria-invalid) and names the
message's element (aria-describedby), so a screen reader reads the message on the box. Checked on
the pages as sent (parsed HTML): a Django form rendered by league/_fields.html (sign up) and the
round form (a number box, "Who went out?", the reason of a late correction)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from scoresheet.games import services
from tests.scoresheet.test_services import THEM_R1, US_R1, new_game
from tests.scoresheet.test_views_game import THEM_R1 as THEM_FORM_R1
from tests.scoresheet.test_views_game import US_R1 as US_FORM_R1
from tests.scoresheet.test_views_game import raw, round_data, version_of

pytestmark = pytest.mark.django_db

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Page(HTMLParser):
    """The form boxes of a page (their attributes) and the text of every element with an id."""

    def __init__(self, html: str):
        super().__init__()
        self.boxes: list[dict] = []
        self.texts: dict[str, str] = {}
        self._open: list[str | None] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("input", "select", "textarea") and attrs.get("type") != "hidden":
            self.boxes.append(attrs)
        if attrs.get("id"):
            self.texts.setdefault(attrs["id"], "")
        if tag not in VOID:
            self._open.append(attrs.get("id"))

    def handle_endtag(self, tag):
        if tag not in VOID and self._open:
            self._open.pop()

    def handle_data(self, data):
        for element_id in filter(None, self._open):
            self.texts[element_id] += data

    def named(self, name: str) -> list[dict]:
        found = [box for box in self.boxes if box.get("name") == name]
        assert found, f"no box named {name}"
        return found

    def description(self, box: dict) -> str:
        """What the box's aria-describedby names, read out; every id it names is on the page."""
        ids = (box.get("aria-describedby") or "").split()
        missing = [i for i in ids if i not in self.texts]
        assert not missing, f"{box.get('name')}: aria-describedby names {missing}, not on the page"
        return " ".join(self.texts[i].strip() for i in ids)

    def invalid(self) -> set[str]:
        return {box["name"] for box in self.boxes if box.get("aria-invalid") == "true"}


def test_a_sign_up_field_in_error_is_marked_and_described_by_its_message(client):
    response = client.post(
        "/accounts/signup/", {"username": "", "password1": "a long enough password", "password2": "another one"}
    )
    assert response.status_code == 400
    page = Page(response.content.decode())
    assert page.invalid() == {"username", "password2"}  # the first password is fine as it is
    (username,) = page.named("username")
    assert "This field is required." in page.description(username)
    (password2,) = page.named("password2")
    assert "The two password fields didn’t match." in page.description(password2)
    (password1,) = page.named("password1")
    assert "aria-invalid" not in password1
    assert "at least 8 characters" in page.description(password1)  # its help text, under the id Django names


def test_a_round_form_field_in_error_is_marked_and_described_by_its_message(client):
    game = new_game()
    response = client.post(
        f"/g/{game.token}/rounds/1/", round_data({**US_FORM_R1, "book_clean": "１２"}, THEM_FORM_R1, went_out="")
    )
    assert response.status_code == 400
    page = Page(response.content.decode())
    (book_clean,) = page.named("t0-book_clean")
    assert page.description(book_clean) == "Enter a whole number with the digits 0–9."
    radios = page.named("went_out")
    assert all(radio.get("aria-invalid") == "true" for radio in radios)
    assert {page.description(radio) for radio in radios} == {"Choose who went out, or Nobody (the pile ran out)."}
    assert page.invalid() == {"t0-book_clean", "went_out"}
    for box in page.boxes:  # every other box's description (if any) is on the page too
        page.description(box)


def test_the_reason_of_a_late_correction_is_marked_and_described_when_it_is_missing(client):
    game = new_game()
    services.round_record(game=game, number=1, entries=[US_R1, THEM_R1])
    services.game_finish(game=game)
    content = raw(client.get(f"/g/{game.token}/rounds/1/"))
    (reason,) = Page(content).named("reason")
    assert "aria-invalid" not in reason
    data = round_data(US_FORM_R1, {**THEM_FORM_R1, "hand_points": "85"}, went_out=0, version=version_of(content))
    page = Page(raw(client.post(f"/g/{game.token}/rounds/1/", data)))
    (reason,) = page.named("reason")
    assert reason.get("aria-invalid") == "true"
    assert "Say why you correct this round" in page.description(reason)
    assert page.invalid() == {"reason"}
