"""The standings tables' cells: django-tables2 asks each cell's render method for its arguments, and
the answer is remembered per function (league.standings.tables.signature). The page is the same,
byte for byte, as when django-tables2 asks Python every time."""

from __future__ import annotations

import re

import django_tables2.utils
import pytest
from django.template import Context, Template

from league.standings import tables
from league.standings.selectors import season_standings
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


STOCK_ROWS = Template(  # django-tables2's own loop over the rows (its django_tables2/table.html)
    "{% for row in table.paginated_rows %}<tr {{ row.attrs.as_html }}>{% for column, cell in row.items %}"
    "<td {{ column.attrs.td.as_html }}>{{ cell }}</td>{% endfor %}</tr>{% endfor %}"
)


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["", "?sort=-name", "?sort=best_game&page=1"])
def test_the_rows_made_in_one_pass_are_the_cells_django_tables2_makes(rf, query):
    autumn = build_autumn()
    result = season_standings(season=autumn)
    request = rf.get(f"/standings/{query}")

    def link(row):
        return f"/players/{row.player_ids[0]}/?a=1&b=<2>"  # escaped in the attribute either way

    def fresh():
        return tables.standings_table(result, result.rows + result.unranked, request, link=link)

    stock = STOCK_ROWS.render(Context({"table": fresh()}))
    assert "Ann" in stock and "&lt;2&gt;" in stock and "not yet agreed" in stock
    assert re.sub(r">\s+<", "><", str(fresh().body())) == re.sub(r">\s+<", "><", stock)
