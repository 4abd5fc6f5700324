"""A score sheet's pages and its PDF, whatever its kind: round blocks for Hand and Foot
(``scoresheet.paper.pdf``) or a pad of hands for the canasta family (``scoresheet.paper.canasta_pad``),
chosen by the rules."""

from __future__ import annotations

from scoresheet.paper import canasta_pad, pdf
from scoresheet.rules.schema import Rules


def sheet_pages(
    rules: Rules,
    data: pdf.SheetData,
    options: pdf.Options,
    *,
    key: str = "sheet",
    head: pdf.Head | None = None,
    before_rules: pdf.Head | None = None,
    block: pdf.BlockMaker | None = None,
) -> pdf.SheetPages:
    """The pages of one score sheet; ``head`` heads its first page in place of the title line and
    the names, ``before_rules`` goes just before the rules card (at the end if there is none);
    ``block`` makes a sheet's round blocks (``pdf.round_block`` unless given: a pack's stamped ones)."""
    pdf.check_options(options)
    pdf.register_fonts()
    if canasta_pad.is_pad(rules):
        return canasta_pad.pad_pages(rules, data, options, key=key, head=head, before_rules=before_rules)
    return pdf.round_sheet_pages(rules, data, options, key=key, head=head, before_rules=before_rules, block=block)


PLAIN = pdf.Options()  # Letter, normal print, one copy, the rules card on the sheet


def score_sheet(rules: Rules, data: pdf.SheetData, options: pdf.Options = PLAIN) -> bytes:
    """The score sheet as PDF bytes: ``options.copies`` copies, each starting a new page.

    A copy's first page opens with the full header; any later page of it (more rounds, large
    print, the rules card on the back) carries a running header with the game and date line
    and the team names, so a loose page still says whose it is.
    """
    return pdf.build([sheet_pages(rules, data, options)], options, title=pdf.sheet_title(rules))
