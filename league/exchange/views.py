"""Importing and exporting a club's workbooks (PRODUCT.md, "Spreadsheets").

An import is two steps, as pretix's: the upload is checked and previewed (what will be created,
or every problem by sheet, row and column); the organiser confirms, and the file is checked
again and written in one transaction. Between the two the file waits on the server under
var/imports/ with a random name (the club's id in front, so no other club's form can name it),
which the confirm form carries; it is deleted once used, and any left over a day is swept away.
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext

from league.access import club_member
from league.exchange import exports as export_selectors
from league.exchange import imports as import_services
from league.exchange.forms import ConfirmForm, ResultsUploadForm, RosterUploadForm
from league.exchange.workbooks import Refused
from league.models import Role, Season
from scoresheet.problems import Problem

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
KEEP_UPLOAD = 24 * 3600  # seconds an unconfirmed upload is kept


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
    upload = _keep(club, data)
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
    data = _take(club, confirm.cleaned_data["upload"]) if confirm.is_valid() and season else None
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
    context.update(roster=plan, confirm=ConfirmForm(initial={"upload": _keep(club, data)}))
    return render(request, "league/import_preview.html", context)


def _roster_confirm(request, club, context):
    confirm = ConfirmForm(request.POST)
    data = _take(club, confirm.cleaned_data["upload"]) if confirm.is_valid() else None
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


# The uploaded file between preview and confirm


def _uploads() -> Path:
    folder = Path(settings.VAR_DIR) / "imports"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _keep(club, data: bytes) -> str:
    """Keep ``data`` until it is confirmed; its random name goes in the confirm form."""
    folder = _uploads()
    for old in folder.glob("*.xlsx"):
        if old.stat().st_mtime < time.time() - KEEP_UPLOAD:
            old.unlink(missing_ok=True)
    name = secrets.token_urlsafe(24)
    (folder / f"{club.pk}-{name}.xlsx").write_bytes(data)
    return name


def _take(club, name: str) -> bytes | None:
    """The kept file, deleted as it is read (a confirm form is used once); None if it is gone."""
    path = _uploads() / f"{club.pk}-{name}.xlsx"
    try:
        data = path.read_bytes()
    except OSError:
        return None
    path.unlink(missing_ok=True)
    return data


# Exports


def results_export(request, slug, season_id):
    membership = club_member(request, slug, Role.VIEWER)
    season = get_object_or_404(Season, club=membership.club, pk=season_id)
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
