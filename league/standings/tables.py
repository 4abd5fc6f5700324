"""Standings as django-tables2 tables: Rank, Player, then a column for every metric the standings show.

The rows are the selector's rows turned into plain dicts, so django-tables2 sorts them in Python
(``?sort=points``: best first on the first click) and pages them 50 at a time. Each sortable
value has a sort key beside it: an empty value (a best game with no game) sorts last, and the
players below the minimum nights, in their own table, keep no rank.
"""

from __future__ import annotations

import html
import inspect
from collections.abc import Callable
from decimal import Decimal

import django_tables2 as tables
import django_tables2.utils
from django.core.paginator import EmptyPage
from django.utils.formats import localize
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from league.clubs.names import sort_key
from league.rankings import ranking_rule
from league.results.metrics import Metric, Row
from league.standings.selectors import Standings
from scoresheet.display import localized

PER_PAGE = 50
LAST = Decimal("-1e30")  # an empty value sorts after every number

# django-tables2 asks Python for the signature of a cell's render method (``inspect.signature``,
# to pass it only the arguments it takes) once for every cell: a quarter of a standings page's
# time. A function's arguments never change, nor do a method's whichever object it is bound to,
# so each is worked out once (the first time, as django-tables2 does) and remembered here.
_signature = django_tables2.utils.signature
_signatures: dict[tuple[Callable, bool], tuple] = {}
REMEMBERED = 512  # functions at most: more (functions made on the fly) and it starts again


def signature(fn) -> tuple:
    function = getattr(fn, "__func__", fn)
    if not inspect.isfunction(function):
        return _signature(fn)
    key = (function, function is not fn)
    known = _signatures.get(key)
    if known is None:
        if len(_signatures) >= REMEMBERED:
            _signatures.clear()
        known = _signatures[key] = _signature(fn)
    return known


django_tables2.utils.signature = signature


def number(value, places: int, trim: bool = False) -> str:
    """A number with thousands separators and the metric's decimals: 12,345 or 24.50; trimmed of
    trailing zeros if asked (wins: 1, 0.5, 0.33)."""
    text = f"{value:,.{places}f}"
    return localized(text.rstrip("0").rstrip(".") if trim and "." in text else text)


def _ordering(metric: Metric) -> dict:
    """The header's class names for the direction the rows are in (▼ best first): the first sort of
    a higher-is-better column is by the reversed key, which django-tables2 would call ascending."""
    if metric.higher_is_better:
        return {"ascending": "desc", "descending": "asc"}
    return {}


class MetricColumn(tables.Column):
    """One metric: its abbreviation as the header (its name as the tooltip), right-aligned numbers.
    A phone shows only the numbers the rows are ranked by beside the name (``ranked_by``); the others
    (``col-more``) are a tap away, behind "All columns" (static/css), so that no table is wider
    than a 390 px screen."""

    def __init__(self, metric: Metric, *, ranked_by: bool = False, **kwargs):
        self.metric = metric
        direction = "-" if metric.higher_is_better else ""
        cells = "num col-key" if ranked_by else "num col-more"
        super().__init__(
            accessor=metric.key,
            verbose_name=format_html('<abbr title="{}">{}</abbr>', metric.name_shown, metric.abbr_shown),
            order_by=(f"{direction}sort_{metric.key}", "sort_rank", "sort_name"),
            attrs={
                "th": {"class": cells, "title": metric.name_shown, "_ordering": _ordering(metric)},
                "td": {"class": cells},
            },
            empty_values=(None,),
            default="–",
            **kwargs,
        )

    def render(self, value):
        return number(value, self.metric.places, self.metric.trim)


class StandingsTable(tables.Table):
    rank = tables.Column(
        verbose_name=_("Rank"),
        order_by=("sort_rank", "sort_name"),
        attrs={"th": {"class": "num col-rank"}, "td": {"class": "num col-rank"}},
        empty_values=(None,),
        default="",
    )
    name = tables.Column(
        verbose_name=_("Player"),
        order_by=("sort_name",),
        attrs={"th": {"class": "col-name"}, "td": {"class": "col-name"}},
    )

    class Meta:
        template_name = "league/_standings_table.html"
        attrs = {"class": "standings-table"}
        orderable = True

    def __init__(self, *args, teams: bool = False, link: Callable[[Row], str | None] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.link = link
        if teams:
            self.columns["name"].column.verbose_name = gettext("Partnership")

    def render_name(self, value, record):
        url = self.link(record["row"]) if self.link else None  # for the rows shown only: one page of them
        if url:
            name = format_html('<a href="{}">{}</a>', url, value)
        else:
            name = format_html("{}", value)
        if record["unconfirmed"]:
            n = record["unconfirmed"]
            unagreed = ngettext("%(n)s game not yet agreed", "%(n)s games not yet agreed", n) % {"n": n}
            name = format_html('{} <small class="unagreed">{}</small>', name, unagreed)
        return name

    def body(self) -> SafeString:
        """The rows of the page shown, as django-tables2's template renders them (each cell by its
        column's ``render`` or the table's ``render_<column>``, its default when empty, in a cell
        with the column's attributes), made here in one pass: through the template's lookups, a
        page of 50 rows of 11 cells took longer than everything else on the page."""
        columns = [
            (bound.accessor, bound.column, bound.default, bound.attrs["td"].as_html(), self._renderer(bound))
            for bound in self.columns
        ]
        rows = []
        for number, row in enumerate(self.paginated_rows):
            record = row.record
            cells = []
            for key, column, default, attrs, render in columns:
                value = record.get(key)
                cell = default if value in column.empty_values else render(value, record)
                cells.append(f"<td {attrs}>{_html(cell)}</td>")
            rows.append(f'<tr class="{"odd" if number % 2 else "even"}">{"".join(cells)}</tr>')
        return mark_safe("\n".join(rows))  # each cell escaped (_html), the attributes by as_html

    def _renderer(self, bound) -> Callable:
        """How a cell of ``bound``'s column is rendered: (value, record) → what the cell shows."""
        own = getattr(self, f"render_{bound.name}", None)
        if own is not None:
            return own
        return lambda value, record: bound.column.render(value)


def _html(value) -> str:
    """``value`` as ``{{ value }}`` prints it: localized, escaped unless safe (``conditional_escape``
    without its lazy-text wrappers, which cost more than the escaping on 550 cells)."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return html.escape(str(localize(value)))


def table_rows(rows: list[Row]) -> list[dict]:
    """The rows as django-tables2 takes them: the values and their sort keys (each with its ``Row``,
    which the player's link is made from once the row is on the page shown)."""
    data = []
    for row in rows:
        item = {
            "rank": row.rank,
            "name": row.name,
            "row": row,
            "unconfirmed": row.unconfirmed,
            "sort_rank": row.rank if row.rank is not None else 10**9,
            "sort_name": sort_key(row.name),  # the reader's order: Ægir among the A's
        }
        for key, value in row.values.items():
            item[key] = value
            item[f"sort_{key}"] = LAST if value is None else value
        data.append(item)
    return data


def standings_table(result: Standings, rows: list[Row], request, *, link=None, prefix: str = "") -> StandingsTable:
    """A sortable table of ``rows`` (the ranked or the unranked ones), paged 50 at a time. The
    metrics the rows are ranked by come first after the name (VP/G, then Pts), then the others."""
    keys = ranking_rule(result.ranked_by).sort
    metrics = sorted(result.metrics, key=lambda m: keys.index(m.key) if m.key in keys else len(keys))
    shown = keys[:2]  # on a phone: the ranking's numbers (VP/G, then Pts) beside the name
    extra = [(metric.key, MetricColumn(metric, ranked_by=metric.key in shown)) for metric in metrics]
    table = StandingsTable(table_rows(rows), extra_columns=extra, prefix=prefix, teams=result.teams, link=link)
    tables.RequestConfig(request, paginate=False).configure(table)  # the sort asked for
    # The page number only: a size from the address could ask for a page of a million rows.
    page = request.GET.get(table.prefixed_page_field, "")
    try:
        table.paginate(per_page=PER_PAGE, page=int(page) if page.isascii() and page.isdigit() else 1)
    except EmptyPage:
        table.paginate(per_page=PER_PAGE, page=table.paginator.num_pages)
    return table


def legend(result: Standings):
    """What each abbreviation means, for the line under the table."""
    return format_html_join(" · ", "<abbr>{}</abbr> {}", ((m.abbr_shown, _lower(m.name_shown)) for m in result.metrics))


def _lower(name: str) -> str:
    """ "Points" → "points", but "VP average" stays as it is."""
    return name if name[:2].isupper() else name[:1].lower() + name[1:]
