"""A table link's QR code for the table pack, drawn as one filled path.

The modules are reportlab's (its QR encoder, error correction M, the 4-module quiet zone), and
so are the rectangles: one a run of dark modules in a row, where reportlab's ``QrCodeWidget``
is placed at. The widget makes each rectangle a shape of its own, rendered one by one (~360 a
code, a third of the pack's time, issue 21); here they are the subpaths of one path, filled once.
A link's runs are worked out once, however many times a sheet's head is laid out.
"""

from __future__ import annotations

import functools
import itertools

from reportlab.graphics.barcode import qrencoder
from reportlab.lib import colors
from reportlab.platypus import Flowable

BORDER = 4  # the quiet zone, in modules


@functools.lru_cache(maxsize=256)
def _runs(link: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """The code's modules a side, and its dark runs: (row, first column, length)."""
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(link)
    code.make()
    runs = []
    for r, row in enumerate(code.modules):
        c = 0
        for dark, group in itertools.groupby(map(bool, row)):
            count = len(list(group))
            if dark:
                runs.append((r, c, count))
            c += count
    return code.getModuleCount(), tuple(runs)


class QrCode(Flowable):
    """``link`` as a QR code whose modules take ``symbol`` square, its quiet zone around them."""

    def __init__(self, link: str, symbol: float):
        super().__init__()
        self.modules, self.runs = _runs(link)
        self.box = symbol / self.modules
        self.width = self.height = self.box * (self.modules + 2 * BORDER)

    def wrap(self, available_width, available_height):
        return self.width, self.height

    def draw(self):
        path = self.canv.beginPath()
        for row, column, count in self.runs:
            top = self.height - (row + BORDER + 1) * self.box
            path.rect((column + BORDER) * self.box, top, count * self.box, self.box)
        self.canv.setFillColor(colors.black)
        self.canv.drawPath(path, stroke=0, fill=1)
