"""PDFs read back for the tests, with PDFium (pypdfium2): each page's size and text, its characters
with their boxes, type size, angle, colour and font, the words and lines they make, and the straight
edges its paths draw (table rules, boxes). PDFium is C: it reads a sheet 10 to 100 times faster
than pdfminer, which pdfplumber is built on.

Coordinates are pdfplumber's: points from the page's top left corner, ``top`` and ``bottom`` going
down the page. A document is parsed once for all the tests of a process that read the same bytes
(``read``), and each page reads its text, characters and paths only when a test first asks for
them. A document's PDFium objects (the document, each page loaded, its text layer) stay open while
the document is kept, so a page is parsed once for its text, characters, fonts and paths, not once
for each; they are closed when the document is dropped from ``read``'s cache, or when the tests end.
"""

from __future__ import annotations

import atexit
import ctypes
import functools
import math
from typing import NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as raw

LINE_TOLERANCE = 3  # points: characters standing this close to one height are on one line (pdfplumber's 3)
WORD_GAP = 3  # points: characters further apart than this start a new word (pdfplumber's default)


class Char(NamedTuple):
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float  # from the top of the page, as ``top``: where the letters stand
    size: float  # the type size in points, whichever way the character stands
    upright: bool
    angle: float  # radians, clockwise (PDFium's way): a heading standing on end to read upwards is 3π/2
    color: tuple[float, float, float]  # its fill, red, green and blue from 0 to 1


class Word(NamedTuple):
    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    baseline: float
    size: float
    upright: bool


class Line(NamedTuple):
    """A line of text: its words left to right, joined by single spaces."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float


class Edge(NamedTuple):
    """A straight stretch of a path: a table's rule, a side of a box. ``orientation`` is "h" or "v"."""

    x0: float
    x1: float
    top: float
    bottom: float
    orientation: str


def squash(text: str) -> str:
    """Text with every run of white space as one space (wrapped lines join up again)."""
    return " ".join(text.split())


class Page:
    def __init__(self, document: pdfium.PdfDocument, index: int, size: tuple[float, float]):
        self._document = document
        self._index = index
        self.number = index + 1
        self.width, self.height = size

    @functools.cached_property
    def _page(self) -> pdfium.PdfPage:
        return self._document[self._index]

    @functools.cached_property
    def _textpage(self) -> pdfium.PdfTextPage:
        return self._page.get_textpage()

    @functools.cached_property
    def raw_text(self) -> str:
        """The page's text in the order it is printed, PDFium's line breaks kept."""
        return self._textpage.get_text_range()

    @functools.cached_property
    def text(self) -> str:
        return squash(self.raw_text)

    def picture(self, dpi: int):
        """The page as PDFium paints it on screen, in grey at ``dpi`` dots an inch (a PIL image)."""
        return self._page.render(scale=dpi / 72, grayscale=True).to_pil()

    @functools.cached_property
    def chars(self) -> tuple[Char, ...]:
        """Every character printed (not the spaces and line breaks PDFium puts between words)."""
        return self._chars(self._textpage.raw)

    def _chars(self, textpage) -> tuple[Char, ...]:
        box = raw.FS_RECTF()
        red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
        x, y = ctypes.c_double(), ctypes.c_double()
        found = []
        for index in self._printed(textpage):
            raw.FPDFText_GetLooseCharBox(textpage, index, box)
            raw.FPDFText_GetCharOrigin(textpage, index, x, y)
            raw.FPDFText_GetFillColor(textpage, index, red, green, blue, alpha)
            angle = raw.FPDFText_GetCharAngle(textpage, index)
            left, right, top, bottom = box.left, box.right, box.top, box.bottom
            found.append(
                Char(
                    chr(raw.FPDFText_GetUnicode(textpage, index)),
                    left if left < right else right,
                    right if left < right else left,
                    self.height - (top if top > bottom else bottom),
                    self.height - (bottom if top > bottom else top),
                    self.height - y.value,
                    round(raw.FPDFText_GetFontSize(textpage, index), 3),
                    abs(math.sin(angle)) < 1e-3,
                    angle,
                    (red.value / 255, green.value / 255, blue.value / 255),
                )
            )
        return tuple(found)

    @staticmethod
    def _printed(textpage) -> list[int]:
        """The indexes of the characters printed, not those PDFium put between words."""
        return [i for i in range(raw.FPDFText_CountChars(textpage)) if raw.FPDFText_IsGenerated(textpage, i) != 1]

    @functools.cached_property
    def fonts(self) -> tuple[str, ...]:
        """The name of each character's font, in the order of ``chars`` ("DejaVuSans-Bold")."""
        name = ctypes.create_string_buffer(256)
        flags = ctypes.c_int()
        found = []
        textpage = self._textpage.raw
        for index in self._printed(textpage):
            raw.FPDFText_GetFontInfo(textpage, index, name, len(name), flags)
            found.append(name.value.decode("latin-1"))
        return tuple(found)

    @functools.cached_property
    def words(self) -> tuple[Word, ...]:
        return words_of(self.chars)

    @functools.cached_property
    def lines(self) -> tuple[Line, ...]:
        """The lines of text top to bottom, each read left to right (a table's row is one line)."""
        return lines_of(self.words)

    @functools.cached_property
    def edges(self) -> tuple[Edge, ...]:
        """The horizontal and vertical stretches of every path (lines, the sides of rectangles)."""
        return self._edges(self._page)

    def _edges(self, page: pdfium.PdfPage) -> tuple[Edge, ...]:
        found = []
        x, y = ctypes.c_float(), ctypes.c_float()
        for obj in page.get_objects(filter=(raw.FPDF_PAGEOBJ_PATH,)):
            m = obj.get_matrix()
            points, start = [], None
            for index in range(raw.FPDFPath_CountSegments(obj.raw)):
                segment = raw.FPDFPath_GetPathSegment(obj.raw, index)
                raw.FPDFPathSegment_GetPoint(segment, x, y)
                point = (m.a * x.value + m.c * y.value + m.e, m.b * x.value + m.d * y.value + m.f)
                kind = raw.FPDFPathSegment_GetType(segment)
                if kind == raw.FPDF_SEGMENT_MOVETO:
                    start = point
                elif kind == raw.FPDF_SEGMENT_LINETO and points:
                    found.append(self._edge(points[-1], point))
                points.append(point)
                if raw.FPDFPathSegment_GetClose(segment) and start is not None:
                    found.append(self._edge(point, start))
            # a Bézier curve draws no straight edge
        return tuple(edge for edge in found if edge is not None)

    def _edge(self, a: tuple[float, float], b: tuple[float, float]) -> Edge | None:
        (ax, ay), (bx, by) = a, b
        if abs(ax - bx) < 0.01 and abs(ay - by) < 0.01:
            return None  # a point (a path's start closing on itself)
        if abs(ay - by) < 0.01:
            orientation = "h"
        elif abs(ax - bx) < 0.01:
            orientation = "v"
        else:
            return None
        return Edge(min(ax, bx), max(ax, bx), self.height - max(ay, by), self.height - min(ay, by), orientation)


def words_of(chars) -> tuple[Word, ...]:
    """The characters grouped into words: on one line, upright or not alike, the same size, no space
    or gap wider than ``WORD_GAP`` between them. Upright words read left to right; a word standing
    on end reads along its line, upwards or downwards as it is turned."""
    found = []
    upright = [c for c in chars if c.upright]
    on_end = [c for c in chars if not c.upright]
    for line in _clusters(upright, key=lambda c: c.baseline):
        found += _words(sorted(line, key=lambda c: c.x0), start=lambda c: c.x0, end=lambda c: c.x1)
    for line in _clusters(on_end, key=lambda c: c.x0):
        if math.sin(line[0].angle) < 0:  # reads upwards
            found += _words(sorted(line, key=lambda c: -c.bottom), start=lambda c: -c.bottom, end=lambda c: -c.top)
        else:
            found += _words(sorted(line, key=lambda c: c.top), start=lambda c: c.top, end=lambda c: c.bottom)
    return tuple(sorted(found, key=lambda w: (round(w.top), w.x0)))


def _words(chars, start, end) -> list[Word]:
    words, current = [], []
    for char in chars:
        if current and (start(char) - end(current[-1]) > WORD_GAP or char.size != current[-1].size):
            words.append(current)
            current = []
        if char.text.isspace():
            if current:
                words.append(current)
            current = []
            continue
        current.append(char)
    if current:
        words.append(current)
    return [
        Word(
            text="".join(c.text for c in word),
            x0=min(c.x0 for c in word),
            x1=max(c.x1 for c in word),
            top=min(c.top for c in word),
            bottom=max(c.bottom for c in word),
            baseline=word[0].baseline,
            size=word[0].size,
            upright=word[0].upright,
        )
        for word in words
    ]


def _clusters(items, key) -> list[list]:
    """``items`` in groups whose ``key`` runs up by no more than ``LINE_TOLERANCE`` a step."""
    groups: list[list] = []
    last = None
    for item in sorted(items, key=key):
        if last is None or key(item) - last > LINE_TOLERANCE:
            groups.append([])
        groups[-1].append(item)
        last = key(item)
    return groups


def lines_of(words) -> tuple[Line, ...]:
    """Upright words grouped into lines by where they stand (type of several sizes on one line
    makes one line), each read left to right; a word standing on end is a line of its own."""
    lines = [Line(w.text, w.x0, w.x1, w.top, w.bottom) for w in words if not w.upright]
    for group in _clusters([w for w in words if w.upright], key=lambda w: w.baseline):
        group.sort(key=lambda w: w.x0)
        lines.append(
            Line(
                text=" ".join(w.text for w in group),
                x0=min(w.x0 for w in group),
                x1=max(w.x1 for w in group),
                top=min(w.top for w in group),
                bottom=max(w.bottom for w in group),
            )
        )
    return tuple(sorted(lines, key=lambda line: line.top))


class Document:
    def __init__(self, content: bytes):
        self._pdfium = pdfium.PdfDocument(content)
        self.pages = tuple(Page(self._pdfium, i, self._pdfium.get_page_size(i)) for i in range(len(self._pdfium)))

    def __len__(self) -> int:
        return len(self.pages)

    @property
    def texts(self) -> list[str]:
        """Each page's text, white space squashed."""
        return [page.text for page in self.pages]

    @property
    def text(self) -> str:
        """All the pages' text, white space squashed."""
        return " ".join(self.texts)

    @property
    def sizes(self) -> list[tuple[float, float]]:
        """Each page's width and height, in points."""
        return [(page.width, page.height) for page in self.pages]


@functools.lru_cache(maxsize=64)
def read(content: bytes) -> Document:
    """The PDF, parsed once for every test in this process that reads the same bytes."""
    assert content.startswith(b"%PDF-"), content[:100]
    return Document(content)


# The documents kept are dropped when the tests end, before pypdfium2 closes its library (it warns
# of each object it finds open then); dropping one closes it and its pages.
atexit.register(read.cache_clear)


def texts(content: bytes) -> list[str]:
    return read(content).texts


def text(content: bytes) -> str:
    return read(content).text


def lines(content: bytes) -> list[str]:
    """Every printed line of every page, top to bottom, left to right (a table row is one line)."""
    return [line.text for page in read(content).pages for line in page.lines]


def embedded_fonts(content: bytes) -> dict[str, bool]:
    """The fonts the pages use, by name, and whether each is embedded in the file."""
    found = {}
    name = ctypes.create_string_buffer(256)
    for page in read(content).pages:
        for obj in page._page.get_objects(filter=(raw.FPDF_PAGEOBJ_TEXT,)):
            font = raw.FPDFTextObj_GetFont(obj.raw)
            raw.FPDFFont_GetBaseFontName(font, name, len(name))
            found[name.value.decode("latin-1")] = bool(raw.FPDFFont_GetIsEmbedded(font))
    return found
