"""The standings tables' cells: django-tables2 asks each cell's render method for its arguments, and
the answer is remembered per function (league.standings.tables.signature). The page is the same,
byte for byte, as when django-tables2 asks Python every time."""

from __future__ import annotations

import re

import django_tables2.utils
import pytest

from league.standings import tables
from tests.league.factories import member
from tests.league.test_standings import build_autumn


def _page(client, url: str) -> str:
    """The page without what differs on every request (its CSRF token, its scripts' nonce)."""
    return re.sub(r'(csrfmiddlewaretoken" value="|nonce=")[^"]*', r"\1", client.get(url).content.decode())


@pytest.mark.django_db
def test_the_standings_page_is_the_same_with_the_remembered_signatures(client, monkeypatch):
    autumn = build_autumn()
    client.force_login(member(autumn.club, "vic"))
    url = f"/clubs/tuesday/seasons/{autumn.pk}/standings/?sort=points"
    assert django_tables2.utils.signature is tables.signature
    remembered = _page(client, url)
    assert "Ann" in remembered and "3,000" in remembered
    monkeypatch.setattr(django_tables2.utils, "signature", tables._signature)
    assert _page(client, url) == remembered


def test_a_method_is_asked_once_whichever_object_it_is_bound_to():
    class Column:
        def render(self, value, record):
            return value

    tables._signatures.clear()
    assert tables.signature(Column().render) == (("value", "record"), None)
    assert tables.signature(Column().render) == (("value", "record"), None)
    assert len(tables._signatures) == 1
    assert tables.signature(lambda value, **kwargs: value) == (("value",), "kwargs")
