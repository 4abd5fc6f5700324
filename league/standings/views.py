"""Standings pages: a season's (club viewers, or anyone while the organiser has made it public),
a night's, and a player's record; each standings table also as an xlsx workbook and a PDF.

Every view reads through ``league.standings.selectors`` and shows one table per ranking view
(``?by=vp|wins|points|average``, and ``partnerships`` when the season seats fixed partners).
"""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from league.access import club_night, club_player, club_season
from league.clubs import services
from league.models import Player, Role, Season
from league.rankings import PARTNERSHIPS, RANKINGS, RATING, ranking_rule
from league.ratings.selectors import KeptRatings, rating_nights
from league.results.metrics import METRICS, RATED_GAMES, match_vp
from league.standings.charts import line_chart
from league.standings.charts import number as chart_number
from league.standings.pdf import standings_pdf
from league.standings.rating_quality import rating_quality
from league.standings.selectors import (
    SHOWN,
    Standings,
    has_fixed_partners,
    night_standings,
    night_standings_views,
    player_season,
    season_rating_standings,
    season_standings,
    season_standings_views,
    team_standings,
)
from league.standings.tables import legend, number, standings_table
from league.standings.xlsx import standings_workbook
from scoresheet.display import day
from scoresheet.paper.pdf import file_name
from scoresheet.paper.print_language import printing_for

# The player page's charts: night by night of the season, and the rating over every season.
CHARTS = {"points": gettext_lazy("Points"), "vp": gettext_lazy("VP"), "rating": gettext_lazy("Rating")}

# The words of the page's switch: a ranking rule's short name, or the partnerships view's.
VIEW_LABELS = (
    {key: rule.short for key, rule in RANKINGS.items()} | {RATING.key: RATING.short} | {"partnerships": PARTNERSHIPS}
)
PAPERS = ("letter", "a4")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def pdf_writer():
    """The standings PDF function (looked up here, so that a test can stand in for it)."""
    return standings_pdf


# --- season ------------------------------------------------------------------------------------


def season_standings_page(request, slug, season_id):
    season, membership = club_season(request, slug, season_id, Role.VIEWER)
    season.club = membership.club
    return _season_page(request, season, membership=membership)


def public_standings(request, slug, season_id):
    """The season's standings for anyone, read-only, only while the organiser has it public."""
    season = Season.objects.select_related("club", "variant").filter(club__slug=slug, pk=season_id).first()
    if season is None or not season.public:
        raise Http404("No such standings")
    return _season_page(request, season, membership=None)


def _season_page(request, season: Season, membership):
    club = season.club
    fixed = has_fixed_partners(season=season)
    views = [*RANKINGS, RATING.key, "partnerships"] if fixed else [*RANKINGS, RATING.key]
    view = request.GET.get("by") if request.GET.get("by") in views else season.ranking
    export = request.GET.get("export")
    if export == "xlsx":
        workbook = standings_workbook(season_standings_views(season=season, partnerships=fixed))
        return _download(workbook, XLSX, _filename(club.name, season.name, "standings", "xlsx"))
    if view == "partnerships":
        result = team_standings(season=season)
    elif view == RATING.key:
        ratings = KeptRatings(club=club)
        result = season_rating_standings(season=season, ratings=ratings)
    else:
        result = season_standings(season=season, by=view)
    if export == "pdf":
        return _pdf(request, result, _filename(club.name, season.name, view, "pdf"))

    def link(row):
        url = reverse("league:player-record", args=[club.slug, row.player_ids[0]])
        return f"{url}?season={season.pk}"

    players_linked = membership is not None and not result.teams
    context = _context(request, result, views, view, link if players_linked else None)
    context |= {"membership": membership, "public": membership is None}
    if view == RATING.key:
        context["quality"] = rating_quality(ratings.whole.quality)
    return render(request, "league/standings.html", context)


# --- night -------------------------------------------------------------------------------------


def night_standings_page(request, slug, night_id):
    night, membership = club_night(request, slug, night_id, Role.VIEWER)
    views = [*RANKINGS]
    view = request.GET.get("by") if request.GET.get("by") in views else night.season.ranking
    name = f"{night.date:%Y-%m-%d}"
    export = request.GET.get("export")
    if export == "xlsx":
        workbook = standings_workbook(night_standings_views(night=night))
        return _download(workbook, XLSX, _filename(night.club.name, name, "standings", "xlsx"))
    result = night_standings(night=night, by=view)
    if export == "pdf":
        return _pdf(request, result, _filename(night.club.name, name, view, "pdf"))

    def link(row):
        url = reverse("league:player-record", args=[night.club.slug, row.player_ids[0]])
        return f"{url}?season={night.season_id}"

    context = _context(request, result, views, view, link) | {"membership": membership, "public": False}
    return render(request, "league/standings.html", context)


# --- both --------------------------------------------------------------------------------------


def _context(request, result: Standings, views: list[str], view: str, link) -> dict:
    ranked = standings_table(result, result.rows, request, link=link)
    unranked = standings_table(result, result.unranked, request, link=link, prefix="unranked-")
    ranked.caption, unranked.caption = gettext("Standings"), gettext("Not yet ranked")
    switch = [(key, gettext(VIEW_LABELS[key]), _query(request, by=key), key == view) for key in views]
    by_words = ranking_rule(result.ranked_by).words_shown
    return {
        "club": result.club,
        "season": result.season,
        "night": result.night,
        "result": result,
        "table": ranked,
        "unranked_table": unranked,
        "legend": legend(result),
        "switch": switch,
        "view": view,
        "by_words": by_words,
        "by_rating": result.ranked_by == RATING.key,
        "rated_games": RATED_GAMES,
        "vp_example": _vp_example(result.season.blowout_margin),
        "xlsx_url": _query(request, export="xlsx"),
        "pdf_url": _query(request, export="pdf"),
        "pdf_large_url": _query(request, export="pdf", large_print="1"),
    }


def _vp_example(blowout: int) -> dict:
    """A win by a fifth of the blowout margin, for the paragraph on victory points: 12–8."""
    margin = max(1, blowout // 5)
    return {"margin": margin, "win": match_vp(margin, 0, blowout), "loss": match_vp(0, margin, blowout)}


def _query(request, **changes) -> str:
    """This page's address with ``changes`` made to its query (a new view starts on page 1, unsorted)."""
    query = request.GET.copy()
    for key in ("export", "large_print", "paper"):
        query.pop(key, None)
    if "by" in changes:
        for key in ("sort", "page", "unranked-sort", "unranked-page"):
            query.pop(key, None)
    for key, value in changes.items():
        query[key] = value
    return "?" + query.urlencode()


def _pdf(request, result: Standings, filename: str) -> HttpResponse:
    writer = pdf_writer()
    if writer is None:
        raise Http404("The standings PDF is not available yet")
    paper = request.GET.get("paper", "letter")
    if paper not in PAPERS:
        return HttpResponseBadRequest("Paper is letter or a4.", content_type="text/plain; charset=utf-8")
    large_print = request.GET.get("large_print") == "1"
    with printing_for(result.club):  # the club's language, whatever the page's
        content = writer(result, paper=paper, large_print=large_print)
    return _download(content, "application/pdf", file_name(filename.removesuffix(".pdf"), large_print))


def _download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _filename(club: str, period: str, what: str, extension: str) -> str:
    return f"{slugify(club) or 'club'}-{slugify(period) or 'season'}-{what}.{extension}"


# --- the organiser's switch for the public page ------------------------------------------------


@require_POST
def season_public(request, slug, season_id):
    season, membership = club_season(request, slug, season_id, Role.ORGANISER)
    public = request.POST.get("public") == "1"
    services.season_publish(season=season, public=public)
    if public:
        messages.success(
            request,
            gettext("The standings of %(season)s are public: anyone with the link can see them.")
            % {"season": season.name},
        )
    else:
        messages.success(
            request, gettext("The standings of %(season)s are no longer public.") % {"season": season.name}
        )
    return redirect("league:season-detail", membership.club.slug, season.pk)


# --- a player's record -------------------------------------------------------------------------


def player_record(request, slug, player_id):
    player, membership = club_player(request, slug, player_id, Role.VIEWER)  # a deleted one has no page
    club = membership.club
    seasons = list(club.seasons.all())
    asked = request.GET.get("season", "")
    season = next((s for s in seasons if str(s.pk) == asked), seasons[0] if seasons else None)
    context = {"club": club, "membership": membership, "player": player, "seasons": seasons, "season": season}
    if season is None:
        return render(request, "league/player_record.html", context)
    season.club = club
    ratings = KeptRatings(club=club)  # from every season's games, kept under the club's results version
    record = player_season(season=season, player_id=player.pk, ratings=ratings)
    chart = request.GET.get("chart") if request.GET.get("chart") in CHARTS else "points"
    shown = [METRICS[key] for key in (*SHOWN, "rating")]  # the standings' columns, in their order, and the rating
    share = ratings.player(player.pk)  # the player's own rating and chances, not the whole club's
    rating = share.rating
    for game in record.games:
        game.expected = _expected(share.expected, game.game_id)
    context |= {
        "record": record,
        "metrics": [(m, _shown(record.row, m)) for m in shown],
        "rating": rating,
        "rated_games": RATED_GAMES,
        "chart": chart,
        "companions": [
            (gettext("Most frequent partners"), record.partners),
            (gettext("Most frequent opponents"), record.opponents),
        ],
        "chart_svg": _chart(player, record, chart, rating) if record.nights else None,
        "chart_urls": [(key, label, _query(request, chart=key), key == chart) for key, label in CHARTS.items()],
        "rating_steps": rating_nights(rating) if rating else [],
    }
    return render(request, "league/player_record.html", context)


def _expected(chances: dict[int, float], game_id: int) -> str:
    """The player's team's chance of winning the game, from the ratings before it: "62%" (– if none)."""
    chance = chances.get(game_id)
    return "–" if chance is None else f"{chance:.0%}"


def _shown(row, metric) -> str:
    value = None if row is None else row.values[metric.key]
    return "–" if value is None else number(value, metric.places, metric.trim)


def _chart(player: Player, record, chart: str, rating):
    if chart == "rating":
        if rating is None:
            return None
        points = [(day(step.date, "short year"), Decimal(f"{step.rating:.1f}")) for step in rating_nights(rating)]
        words = "; ".join(f"{day} {chart_number(value, 1)}" for day, value in points)
        return line_chart(
            points,
            title=gettext("Rating: %(name)s") % {"name": player.name},
            description=gettext("Rating after each night, every season: %(values)s.") % {"values": words},
            places=1,
        )
    points = [(day(night.date, "no year"), night.vp if chart == "vp" else night.points) for night in record.nights]
    places = 2 if chart == "vp" else 0
    words = "; ".join(f"{day} {number(value, places)}" for day, value in points)
    if chart == "vp":
        title = gettext("VP per night: %(player)s")
        description = gettext("VP per night, night by night: %(values)s.")
    else:
        title = gettext("Points per night: %(player)s")
        description = gettext("Points per night, night by night: %(values)s.")
    return line_chart(
        points, title=title % {"player": player.name}, description=description % {"values": words}, places=places
    )
