"""Standings as django-tables2 tables: Rank, Player, then a column for every metric the standings show.

The rows are the selector's rows turned into plain dicts, so django-tables2 sorts them in Python
(``?sort=points``: best first on the first click) and pages them 50 at a time. Each sortable
value has a sort key beside it: an empty value (a best game with no game) sorts last, and the
players below the minimum nights, in their own table, keep no rank.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from decimal import Decimal

import django_tables2 as tables
import django_tables2.utils
from django.core.paginator import EmptyPage
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from league.standings.metrics import Metric, Row
from league.standings.rankings import ranking_rule
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


# Counts beside the ranking's numbers: a phone hides them (static/css, .col-minor), so that the
# column the rows are ranked by stays beside the name on a 390 px screen.
MINOR = ("nights", "games", "byes", "best_game")


class MetricColumn(tables.Column):
    """One metric: its abbreviation as the header (its name as the tooltip), right-aligned numbers."""

    def __init__(self, metric: Metric, **kwargs):
        self.metric = metric
        direction = "-" if metric.higher_is_better else ""
        cells = "num col-minor" if metric.key in MINOR else "num"
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

    def __init__(self, *args, teams: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if teams:
            self.columns["name"].column.verbose_name = gettext("Partnership")

    def render_name(self, value, record):
        if record["url"]:
            name = format_html('<a href="{}">{}</a>', record["url"], value)
        else:
            name = format_html("{}", value)
        if record["unconfirmed"]:
            n = record["unconfirmed"]
            unagreed = ngettext("%(n)s game not yet agreed", "%(n)s games not yet agreed", n) % {"n": n}
            name = format_html('{} <small class="unagreed">{}</small>', name, unagreed)
        return name


def table_rows(rows: list[Row], link: Callable[[Row], str | None] | None) -> list[dict]:
    """The rows as django-tables2 takes them: the values, their sort keys, the link to each player."""
    data = []
    for row in rows:
        item = {
            "rank": row.rank,
            "name": row.name,
            "url": link(row) if link else None,
            "unconfirmed": row.unconfirmed,
            "sort_rank": row.rank if row.rank is not None else 10**9,
            "sort_name": row.name.casefold(),
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
    extra = [(metric.key, MetricColumn(metric)) for metric in metrics]
    table = StandingsTable(table_rows(rows, link), extra_columns=extra, prefix=prefix, teams=result.teams)
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
