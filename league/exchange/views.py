"""Importing and exporting a club's workbooks (PRODUCT.md, "Spreadsheets").

An import is two steps, as pretix's: the upload is checked and previewed (what will be created,
or every problem by sheet, row and column); the organiser confirms, and the file is checked
again and written in one transaction. Between the two the file waits in the database under a
random name, which the confirm form carries, for that organiser in that club only (kept_uploads):
any app server may answer the confirm.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext

from league.access import club_member, club_season
from league.exchange import exports as export_selectors
from league.exchange import imports as import_services
from league.exchange.forms import ConfirmForm, ResultsUploadForm, RosterUploadForm
from league.exchange.kept_uploads import upload_keep, upload_take
from league.models import Role, Season
from scoresheet.problems import Problem, Refused

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# Imports


def results_import(request, slug):
    membership = club_member(request, slug, Role.ORGANISER)
    club = membership.club
    context = {"club": club, "kind": "results"}
    if request.method == "POST" and "upload" in request.POST:
        return _results_confirm(request, club, context)
    form = ResultsUploadForm(request.POST or None, request.FILES or None, club=club)
    context["form"] = form
    if request.method != "POST" or not form.is_valid():
        return render(request, "league/import_upload.html", context, status=400 if request.method == "POST" else 200)
    season, replace = form.cleaned_data["season"], form.cleaned_data["replace"]
    data = form.cleaned_data["file"].read()
    try:
        plan = import_services.results_plan(data=data, club_slug=club.slug, season_name=season.name, replace=replace)
    except Refused as refused:
        context["problems"] = refused.problems
        return render(request, "league/import_upload.html", context, status=400)
    upload = upload_keep(club=club, owner=request.user, kind="results", data=data)
    context.update(
        plan=plan,
        season=season,
        confirm=ConfirmForm(initial={"upload": upload, "season": season.pk, "replace": replace}),
    )
    return render(request, "league/import_preview.html", context)


def _results_confirm(request, club, context):
    confirm = ConfirmForm(request.POST)
    season = None
    if confirm.is_valid():
        season = Season.objects.filter(club=club, pk=confirm.cleaned_data["season"]).first()
    data = _take(request, club, "results", confirm) if confirm.is_valid() and season else None
    context["form"] = ResultsUploadForm(club=club)
    if data is None:
        context["problems"] = [_expired()]
        return render(request, "league/import_upload.html", context, status=400)
    try:
        plan = import_services.results_import(
            data=data, club_slug=club.slug, season_name=season.name, replace=confirm.cleaned_data["replace"]
        )
    except Refused as refused:  # the season changed since the preview: say what is wrong now
        context["problems"] = refused.problems
        return render(request, "league/import_upload.html", context, status=400)
    messages.success(request, plan.summary())
    return redirect("league:season-detail", club.slug, season.pk)


def roster_import(request, slug):
    membership = club_member(request, slug, Role.ORGANISER)
    club = membership.club
    context = {"club": club, "kind": "roster"}
    if request.method == "POST" and "upload" in request.POST:
        return _roster_confirm(request, club, context)
    form = RosterUploadForm(request.POST or None, request.FILES or None)
    context["form"] = form
    if request.method != "POST" or not form.is_valid():
        return render(request, "league/import_upload.html", context, status=400 if request.method == "POST" else 200)
    data = form.cleaned_data["file"].read()
    try:
        plan = import_services.roster_plan(club=club, data=data)
    except Refused as refused:
        context["problems"] = refused.problems
        return render(request, "league/import_upload.html", context, status=400)
    upload = upload_keep(club=club, owner=request.user, kind="roster", data=data)
    context.update(roster=plan, confirm=ConfirmForm(initial={"upload": upload}))
    return render(request, "league/import_preview.html", context)


def _roster_confirm(request, club, context):
    confirm = ConfirmForm(request.POST)
    data = _take(request, club, "roster", confirm) if confirm.is_valid() else None
    context["form"] = RosterUploadForm()
    if data is None:
        context["problems"] = [_expired()]
        return render(request, "league/import_upload.html", context, status=400)
    try:
        plan = import_services.roster_import(club=club, data=data)
    except Refused as refused:
        context["problems"] = refused.problems
        return render(request, "league/import_upload.html", context, status=400)
    messages.success(request, gettext("The roster is imported: %(plan)s") % {"plan": plan.summary()})
    return redirect("league:player-list", club.slug)


def _expired() -> Problem:
    return Problem("That upload is no longer here (it was used, or is over a day old): upload the file again.")


def _take(request, club, kind: str, confirm: ConfirmForm) -> bytes | None:
    return upload_take(club=club, owner=request.user, kind=kind, token=confirm.cleaned_data["upload"])


# Exports


def results_export(request, slug, season_id):
    season, membership = club_season(request, slug, season_id, Role.VIEWER)
    content = export_selectors.results_workbook(season=season)
    return _download(content, f"{membership.club.slug}-{slugify(season.name) or 'season'}-results.xlsx")


def roster_export(request, slug):
    membership = club_member(request, slug, Role.VIEWER)
    content = export_selectors.roster_workbook(club=membership.club)
    return _download(content, f"{membership.club.slug}-roster.xlsx")


def _download(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=XLSX)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
