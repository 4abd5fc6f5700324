"""Blank round blocks drawn once a document and stamped on every sheet that has them (issue 21).

The sheets of a table pack are blank sheets of the same rules: their round blocks differ only in
the teams' names over their columns. Laying out and drawing a block is most of a sheet's cost
(some 200 cells, their rules and shading, 28 paragraphs), so a document's ``Stamps`` draws each
block's frame (everything but the names) once, as a PDF form (an XObject), and each sheet's
block is that form with its own names written over it: the page looks the same, in one
``Do`` and a few words instead of a table.

A frame serves every block of the same rules, rounds, rows and width whose names wrap to the
same heights (the names' row is as tall as its tallest name), so it has the very geometry a
table of those names would have: its rows' heights are taken from one such table, laid out.
A block that must split over a page (it never does: ``pdf.row_parts`` cuts them to fit) falls
back to that table.

The names are drawn in their cells as reportlab's ``Table.draw`` draws any cell (its
``_drawCell``, at the cell's ``_spanRects`` rectangle): reportlab is pinned (requirements.txt).
A page drawn this way renders pixel for pixel as the table would, and reads the same (PDFium
and pdftotext take a form's text where it is shown), but a reader of the page's own path
objects no longer finds the block's rules in them: only the table pack is stamped.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import get_language
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table

from scoresheet.paper import pdf
from scoresheet.paper.sheet_rows import Row
from scoresheet.rules.schema import Rules

OVERHANG = 4  # points around a frame's form: its outer rules are drawn half outside the table


class Shell:
    """A blank block's frame (the block without its names), laid out once, drawn once a document as form ``name``."""

    def __init__(self, table: Table, name: str, width: float):
        self.table = table
        self.name = name
        self.size = table.wrap(width, 72_000)

    def stamp(self, canv: Canvas) -> None:
        if not canv.hasForm(self.name):
            width, height = self.size
            canv.beginForm(self.name, -OVERHANG, -OVERHANG, width + OVERHANG, height + OVERHANG)
            self.table.drawOn(canv, 0, 0)
            canv.endForm()
        canv.doForm(self.name)

    def write(self, canv: Canvas, cells: dict[tuple[int, int], list[Paragraph]]) -> None:
        """The names' cells over the frame, each where the table of them would draw it."""
        table = self.table
        table.canv, table._curcellstyle = canv, None
        canv.saveState()
        for (column, row), cell in cells.items():
            x, y, width, height = table._spanRects[column, row]
            table._drawCell(cell, table._cellStyles[row][column], (x, y), (width, height))
        canv.restoreState()
        del table.canv


class StampedBlock(Flowable):
    """One sheet's blank round block: its shell's form, and its teams' names over it."""

    def __init__(self, shell: Shell, cells: dict[tuple[int, int], list[Paragraph]], table: Callable[[], Table]):
        super().__init__()
        self.shell, self.cells, self.table = shell, cells, table
        self.hAlign = shell.table.hAlign
        self.width, self.height = shell.size

    def wrap(self, available_width, available_height):
        return self.shell.size

    def split(self, available_width, available_height):
        return self.table().split(available_width, available_height)

    def draw(self):
        self.shell.stamp(self.canv)
        self.shell.write(self.canv, self.cells)


class Stamps:
    """The round blocks' shells of one document, by what makes them the same: ``round_block`` makes
    a sheet's blocks with them (``pdf.round_sheet_pages``'s ``block``). One for one document:
    its forms are named within it."""

    def __init__(self):
        self.shells: dict[tuple, tuple[Rules, Shell]] = {}

    def round_block(
        self, rules: Rules, data: pdf.SheetData, numbers: list[int], width: float, m: pdf.Metrics, rows: list[Row]
    ) -> Flowable:
        if data.rounds:  # a filled sheet's numbers make each block its own
            return pdf.round_block(rules, data, numbers, width, m, rows)
        teams = len(data.teams)
        _, points_w = pdf.block_widths(width, len(numbers), teams, m)
        made: dict[tuple, list[Paragraph]] = {}  # a team's heading, the same in every round but its meld
        cells = {}
        for g, number in enumerate(numbers):
            for t in range(teams):
                words = pdf.team_heading_words(rules, data, number, t, m.count + points_w, m)
                if words not in made:
                    made[words] = pdf.team_heading(words, m, pdf.WrappedOnce)
                cells[1 + 2 * teams * g + 2 * t, 1] = made[words]
        heights = tuple(sum(p.wrap(m.count + points_w - 6, 72_000)[1] for p in cell) for cell in made.values())
        key = (get_language(), tuple(numbers), width, m, tuple(rows), tuple(data.next_requirements), heights)

        def table() -> Table:
            return pdf.round_block(rules, data, numbers, width, m, rows)

        if (id(rules), key) not in self.shells:
            # The rows' heights of a table of such names: laid out once for the rules object and
            # kept on it (as its blocks' heights are, ``pdf.block_height``), for every pack.
            kept = rules.__dict__.setdefault("_block_row_heights", {})
            if key not in kept:
                laid = table()
                laid.wrap(width, 72_000)
                kept[key] = tuple(laid._rowHeights)
            bare = pdf.round_block(rules, data, numbers, width, m, rows, names=False, row_heights=list(kept[key]))
            self.shells[id(rules), key] = (rules, Shell(bare, f"RoundBlock{len(self.shells)}", width))
        return StampedBlock(self.shells[id(rules), key][1], cells, table)
