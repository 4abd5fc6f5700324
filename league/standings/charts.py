"""Small charts drawn on the server as SVG: no charting library and nothing fetched by the browser.

``line_chart`` draws one value per point along the x axis (a player's points or VP night by
night): the axes, grid lines at round numbers, the points joined by a line and each labelled
with its value. The SVG scales to its box (viewBox), and carries its title and a description
listing every value for screen readers; the page shows the same numbers in a table too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from scoresheet.display import localized

# A phone shows the chart about 320 px wide: a narrow drawing keeps its 15-unit text readable there.
WIDTH, HEIGHT = 400, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 30, 26, 40  # room for the value labels and the axis labels
MAX_LABELS = 6  # x labels (and values) shown at most, so they do not overlap


def nice_step(span: float, ticks: int = 4) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) dividing ``span`` into about ``ticks`` parts."""
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power:
            return factor * power
    return 10 * power


def number(value: float | Decimal, places: int = 0) -> str:
    """1,500 or 27.5 in English, 1 500 or 27,5 in French (the active language)."""
    return localized(f"{value:,.{places}f}")


def line_chart(
    points: Sequence[tuple[str, float | Decimal]], *, title: str, description: str, places: int = 0
) -> SafeString:
    """An SVG line chart of ``points`` ((x label, value) each, in order), its y axis from 0 (or the
    lowest value if negative) to a round number above the highest."""
    values = [float(value) for _, value in points]
    low, high = min([0.0, *values]), max([0.0, *values])
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    if high == low:
        high = low + step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w / 2 if len(values) == 1 else plot_w * i / (len(values) - 1))

    def y(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-labelledby="chart-title chart-desc"'
        ' xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title>',
        f'<desc id="chart-desc">{escape(description)}</desc>',
    ]
    tick = low
    while tick <= high + step / 2:
        parts.append(
            f'<line class="chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
            f'<text class="chart-tick" x="{LEFT - 8}" y="{y(tick) + 5:.1f}" text-anchor="end">{number(tick)}</text>'
        )
        tick += step
    parts.append(
        f'<line class="chart-axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + plot_h}"/>'
        f'<line class="chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(0):.1f}" y2="{y(0):.1f}"/>'
    )
    if len(values) > 1:
        line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        parts.append(f'<polyline class="chart-line" points="{line}"/>')
    every = max(1, math.ceil(len(values) / MAX_LABELS))
    for i, ((label, value), v) in enumerate(zip(points, values)):
        parts.append(f'<circle class="chart-point" cx="{x(i):.1f}" cy="{y(v):.1f}" r="5"/>')
        if i % every == 0 or i == len(values) - 1:
            parts.append(
                f'<text class="chart-value" x="{x(i):.1f}" y="{y(v) - 10:.1f}" text-anchor="middle">'
                f"{number(value, places)}</text>"
                f'<text class="chart-label" x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 24}" text-anchor="middle">'
                f"{escape(label)}</text>"
            )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text in it is escaped above


def calibration_chart(bins, title: str, description: str) -> SafeString:
    """The ratings' calibration: for each band of the favourite's given chance (50–60 % …), a pale
    bar to the middle of the band (what was foretold) and a green one to how often the favourite
    won (what happened), with the number of games above; a band with no game is left empty."""
    shown = list(bins)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / len(shown)

    def y(share: float) -> float:
        return TOP + plot_h * (1 - share)

    parts = [
        f'<svg class="chart calibration-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-labelledby="calibration-title calibration-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="calibration-title">{escape(title)}</title>',
        f'<desc id="calibration-desc">{escape(description)}</desc>',
    ]
    for tick in (0, 0.5, 1):
        parts.append(
            f'<line class="chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
            f'<text class="chart-tick" x="{LEFT - 8}" y="{y(tick) + 5:.1f}" '
            f'text-anchor="end">{number(tick * 100)}%</text>'
        )
    for i, b in enumerate(shown):
        x = LEFT + i * slot
        mid = (b.low + min(b.high, 1)) / 2
        bar = slot * 0.34
        parts.append(
            f'<rect class="calibration-given" x="{x + slot * 0.14:.1f}" y="{y(mid):.1f}" width="{bar:.1f}" '
            f'height="{plot_h * mid:.1f}"/>'
        )
        if b.games:
            happened = b.won / b.games
            parts.append(
                f'<rect class="calibration-happened" x="{x + slot * 0.52:.1f}" y="{y(happened):.1f}" '
                f'width="{bar:.1f}" height="{plot_h * happened:.1f}"/>'
                f'<text class="chart-label" x="{x + slot * 0.69:.1f}" y="{y(happened) - 5:.1f}" '
                f'text-anchor="middle">{number(b.games)}</text>'
            )
        label = f"{number(b.low * 100)}–{number(min(b.high, 1) * 100)}"
        parts.append(
            f'<text class="chart-tick" x="{x + slot / 2:.1f}" y="{HEIGHT - BOTTOM + 18}" '
            f'text-anchor="middle">{label}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))
