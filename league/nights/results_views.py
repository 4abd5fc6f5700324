"""A night's results as a PDF: every table's game and totals, then the night's standings (viewers)."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseBadRequest

from league.access import club_member
from league.models import Night, Role
from league.nights.results_pdf import night_results_pdf
from scoresheet.paper import pdf
from scoresheet.paper.print_language import printing_for


def night_results(request, slug: str, night_id: int):
    membership = club_member(request, slug, Role.VIEWER)
    nights = Night.objects.live().select_related("club", "season", "variant")
    night = nights.filter(pk=night_id, club=membership.club).first()
    if night is None:
        raise Http404("No such night")
    paper = request.GET.get("paper", "letter")
    if paper not in pdf.PAPERS:
        return HttpResponseBadRequest("Paper is letter or a4.", content_type="text/plain; charset=utf-8")
    large_print = request.GET.get("large_print") == "1"
    with printing_for(night.club):
        content = night_results_pdf(night, paper=paper, large_print=large_print)
    response = HttpResponse(content, content_type="application/pdf")
    name = pdf.file_name(f"{night.club.slug}-{night.date:%Y-%m-%d}-results", large_print)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
