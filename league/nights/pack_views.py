"""A sitting's printouts as PDFs: the table pack (scorekeepers) and the seating chart (viewers), which
carries the QR code of the night's "where do I sit" page."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.urls import reverse

from league.access import club_member
from league.models import Role, Sitting
from league.nights import pdf as league_pdf
from league.nights import player_views, wall_chart_pdf
from league.nights.pack_selectors import sitting_pack
from scoresheet.addresses import site
from scoresheet.paper import pdf
from scoresheet.paper.print_language import printing_for
from scoresheet.querysets import not_deleted


def table_link(request, token: str) -> str:
    """A table's link as its QR code carries it: the full address of the table's game page, at
    SITE_URL when it is set (scoresheet.addresses.site)."""
    return site.absolute(request, reverse("tables:game", args=[token]))


def _sitting(request, slug: str, night_id: int, number: int, role: str) -> Sitting:
    """Sitting ``number`` of the club's night ``night_id`` (not deleted); a 404 for anyone without ``role``."""
    membership = club_member(request, slug, role)
    sitting = (
        Sitting.objects.select_related("night__club")
        .filter(not_deleted("night__"), night_id=night_id, night__club=membership.club, number=number)
        .first()
    )
    if sitting is None:
        raise Http404("No such sitting")
    return sitting


def _paper(request) -> str | None:
    paper = request.GET.get("paper", "letter")
    return paper if paper in pdf.PAPERS else None


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _filename(sitting: Sitting, what: str, large_print: bool = False) -> str:
    return pdf.file_name(
        f"{sitting.night.club.slug}-{sitting.night.date:%Y-%m-%d}-sitting-{sitting.number}-{what}", large_print
    )


def table_pack(request, slug: str, night_id: int, number: int):
    sitting = _sitting(request, slug, night_id, number, Role.SCOREKEEPER)
    paper = _paper(request)
    if paper is None:
        return HttpResponseBadRequest("Paper is letter or a4.", content_type="text/plain; charset=utf-8")
    pack = sitting_pack(sitting=sitting)
    if not pack.tables:
        raise Http404("This sitting has no tables")
    options = pdf.Options(paper=paper, large_print=request.GET.get("large_print") == "1", rules_card="same")
    with printing_for(sitting.night.club):  # the club's language, whatever the organiser's page
        content = league_pdf.table_pack(pack, lambda token: table_link(request, token), options)
    return _pdf(content, _filename(sitting, "tables", options.large_print))


def seating_chart(request, slug: str, night_id: int, number: int):
    sitting = _sitting(request, slug, night_id, number, Role.VIEWER)
    paper = _paper(request)
    if paper is None:
        return HttpResponseBadRequest("Paper is letter or a4.", content_type="text/plain; charset=utf-8")
    seat_link = player_views.seat_link(request, sitting.night)
    with printing_for(sitting.night.club):
        content = wall_chart_pdf.seating_chart(sitting_pack(sitting=sitting), paper, seat_link=seat_link)
    return _pdf(content, _filename(sitting, "seating"))
