"""A club's seasons: viewers read the list and each season's rules; organisers create and edit them."""

from __future__ import annotations

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from league.access import club_member, club_season
from league.clubs import services
from league.models import Role
from league.seasons.forms import SeasonForm


def season_list(request, slug):
    membership = club_member(request, slug, Role.VIEWER)
    club = membership.club
    context = {"club": club, "membership": membership, "seasons": club.seasons.select_related("variant")}
    return render(request, "league/season_list.html", context)


def season_detail(request, slug, season_id):
    season, membership = club_season(request, slug, season_id, Role.VIEWER)
    context = {"club": membership.club, "membership": membership, "season": season}
    return render(request, "league/season_detail.html", context)


def season_new(request, slug):
    membership = club_member(request, slug, Role.ORGANISER)
    form = SeasonForm(request.POST or None, club=membership.club)
    return _season_form(request, form, membership.club, season=None)


def season_edit(request, slug, season_id):
    season, membership = club_season(request, slug, season_id, Role.ORGANISER)
    initial = {name: getattr(season, name) for name in SeasonForm.base_fields}
    form = SeasonForm(request.POST or None, initial=initial, club=membership.club, season=season)
    return _season_form(request, form, membership.club, season=season)


def _season_form(request, form, club, season):
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                season = services.season_save(club=club, season=season, **form.cleaned_data)
        except IntegrityError:  # a season of that name saved meanwhile by someone else
            form.add_error("name", "The club already has a season of this name.")
        else:
            messages.success(request, gettext("%(season)s is saved.") % {"season": season.name})
            return redirect("league:season-detail", club.slug, season.pk)
    status = 400 if request.method == "POST" else 200
    context = {"club": club, "form": form, "season": season}
    return render(request, "league/season_form.html", context, status=status)
