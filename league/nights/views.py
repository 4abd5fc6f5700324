"""The organiser's pages of a club night: the list, a new night, check-in, the night page (with its
live part), drawing and taking back sittings, seats, table links, closing.

Every view starts with ``club_member(request, slug, ROLE)`` and reads the night through the
club, so another club's night is a 404. Writes go through ``league.nights.services``; a refusal
(``LeagueError``) becomes a message beside the form or at the top of the night page.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Count
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from league.access import club_member, club_night, night_table
from league.clubs.forms import PlayerForm
from league.clubs.names import finds, search_key, sort_key
from league.clubs.services import LeagueError
from league.models import Attendance, EmailStatus, Night, Player, Role, Sitting
from league.nights import history as league_history
from league.nights import kept_night, player_views
from league.nights import selectors as night_selectors
from league.nights import services as night_services
from league.nights.fairness import night_fairness
from league.nights.forms import NightForm, SubstituteForm, SwapForm
from scoresheet.addresses import site
from scoresheet.addresses.links import GameLinks
from scoresheet.games.limits import max_length
from scoresheet.games.views import REASON_LENGTH


def table_link_path(token: str) -> str:
    """The address of a table link (the table-link pages name it "tables:game")."""
    return reverse("tables:game", args=[token])


def _to_night(night: Night):
    return redirect("league:night-detail", night.club.slug, night.pk)


# The list and a new night


def night_list(request, slug):
    membership = club_member(request, slug, Role.VIEWER)
    club = membership.club
    nights = (
        Night.objects.live()
        .filter(club=club)
        .select_related("season", "variant")
        .annotate(drawn=Count("sittings"))
        .order_by("-date", "-id")
    )
    return render(request, "league/night_list.html", {"club": club, "membership": membership, "nights": nights})


def night_new(request, slug):
    membership = club_member(request, slug, Role.ORGANISER)
    club = membership.club
    form = NightForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            night = night_services.night_create(
                club=club,
                season=data["season"],
                date=data["date"],
                variant=data["variant"],
                mode=data["mode"],
                sittings_planned=data["sittings_planned"],
                table_shapes=data["table_shapes"].strip().lower(),
            )
        except LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, gettext("The night is made. Tick who is here, then draw the first game."))
            return redirect("league:night-checkin", club.slug, night.pk)
    status = 400 if request.method == "POST" else 200
    context = {"club": club, "membership": membership, "form": form, "has_seasons": club.seasons.exists()}
    return render(request, "league/night_new.html", context, status=status)


# The night page and its live part


def _game_link(request, night: Night, row, table_links: bool) -> str:
    """Where the night page links a table's game: its table link for a scorekeeper while the night
    is open (to hand to the table), else the game's own page in the club (every member reads it)."""
    if table_links and not night.is_closed:
        return site.absolute(request, table_link_path(row.table.token))
    return GameLinks.at("games", row.game.pk).game


def _night_context(request, membership, night: Night, stamp: str) -> dict:
    page = kept_night.night_page(night=night, stamp=stamp)
    show_links = membership.can(Role.SCOREKEEPER)
    for sitting in page.sittings:
        for row in sitting.tables:
            row.link = _game_link(request, night, row, show_links)
    played = len(page.sittings)
    return {
        "club": night.club,
        "membership": membership,
        "night": night,
        "page": page,
        "sittings": list(reversed(page.sittings)),  # the game being played first
        "next_number": played + 1,
        "all_played": played >= night.sittings_planned and page.current is not None and page.current.finished,
        "organiser": membership.can(Role.ORGANISER),
        "scorekeeper": show_links,
        "links_warning": site.printed_links_warning(request) if show_links else "",
        "fairness": night_fairness(
            night=night,
            shapes=night_selectors.night_shapes(night=night),
            byes_last=len(page.sittings[-1].byes) if page.sittings else 0,
            sittings=played,
        ),
    }


def night_detail(request, slug, night_id):
    night, membership = club_night(request, slug, night_id, Role.VIEWER)
    shown = league_history.NIGHT_PAGE_CHANGES
    stamp = kept_night.night_fingerprint(night=night)  # what the page shows, as it stands: one query
    history = kept_night.night_history(night=night, latest=shown + 1, stamp=stamp)
    seat_link = player_views.seat_link(request, night)
    context = {
        **_night_context(request, membership, night, stamp),
        "history": history[:shown],
        "more_history": len(history) > shown,
        "seat_link": seat_link,
        "seat_qr": player_views.seat_code(seat_link),
    }
    if membership.can(Role.ORGANISER):
        context["result_emails"] = night.result_emails.select_related("player").order_by("player__name", "pk")
    return render(request, "league/night_detail.html", context)


HISTORY_PAGE = 50  # changes a page of the night's history shows, newest first


def _moment(text: str):
    """``?before=``'s moment (as a page's "Older changes" gives it), or None for anything else."""
    try:
        moment = parse_datetime(text[:40])
    except ValueError:
        return None
    return moment if moment is not None and moment.tzinfo is not None else None


def night_history(request, slug, night_id):
    """Every change of the night, newest first, a page at a time: ``?before=`` the moment of the
    first change the page before left out, this page's first (the night page shows the latest few).
    Changes made at the same moment stay on one page: a page ends before them if they do not all
    fit (an import's rows share their moment)."""
    night, membership = club_night(request, slug, night_id, Role.VIEWER)
    before = _moment(request.GET.get("before", ""))
    entries = league_history.night_history(night=night, latest=HISTORY_PAGE + 1, before=before)
    shown, older = entries[:HISTORY_PAGE], ""
    if len(entries) > HISTORY_PAGE:
        cut = entries[HISTORY_PAGE].when  # the next page starts at this moment
        shown = [entry for entry in shown if entry.when > cut]
        if not shown:  # a whole page of changes at one moment: the page, and the next one after it
            shown, cut = entries[:HISTORY_PAGE], cut - timedelta(microseconds=1)
        older = cut.isoformat()
    context = {"club": night.club, "night": night, "history": shown, "older": older, "newer": before}
    return render(request, "league/night_history.html", context)


def night_live(request, slug, night_id):
    """The sittings part of the night page alone: static/js/live.js swaps it in every few seconds."""
    night, membership = club_night(request, slug, night_id, Role.VIEWER)
    context = _night_context(request, membership, night, kept_night.night_fingerprint(night=night))
    response = render(request, "league/night_live.html", context)
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def night_draw(request, slug, night_id):
    night, membership = club_night(request, slug, night_id, Role.ORGANISER)
    expected = request.POST.get("number", "")
    drawn = night.sittings.count()
    if expected.isdigit() and int(expected) <= drawn:  # a second tap, or another organiser was quicker
        messages.info(request, gettext("Sitting %(expected)s is already drawn.") % {"expected": expected})
        return _to_night(night)
    try:
        sitting = night_services.sitting_draw(night=night)
    except LeagueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request, gettext("Sitting %(number)s is drawn: tell everyone where to sit.") % {"number": sitting.number}
        )
    return _to_night(night)


def night_close(request, slug, night_id):
    """GET: what is left to settle before the night closes, each table with its choices. POST:
    close the night; while a table is not settled, back to that list."""
    night, membership = club_night(request, slug, night_id, Role.ORGANISER)
    if request.method == "POST":
        try:
            night_services.night_close(night=night, site_url=site.absolute(request, "/").rstrip("/"))
        except LeagueError:
            messages.info(
                request, gettext("First settle each table below: finish it, confirm its result or leave it out.")
            )
            return redirect("league:night-close", night.club.slug, night.pk)
        messages.success(request, gettext("The night is closed: the table links show the final sheets only."))
        queued = night.result_emails.filter(status=EmailStatus.QUEUED).count()
        if queued:
            words = ngettext(
                "%(count)d player gets their results by email in a minute or two (below: the log).",
                "%(count)d players get their results by email in a minute or two (below: the log).",
                queued,
            )
            messages.info(request, words % {"count": queued})
        return _to_night(night)
    unsettled = [] if night.is_closed else night_selectors.unsettled(night=night)
    for row in unsettled:
        row.link = _game_link(request, night, row, table_links=False)
    context = {
        "club": night.club,
        "membership": membership,
        "night": night,
        "unsettled": unsettled,
        "reason_length": REASON_LENGTH,
    }
    return render(request, "league/night_close.html", context)


@require_POST
def table_settle(request, slug, night_id, table_id):
    """The organiser settles one table before closing: finish, confirm or leave out, with a reason."""
    night, membership = club_night(request, slug, night_id, Role.ORGANISER)
    table = night_table(night, table_id)
    action = request.POST.get("action", "")
    try:
        night_services.table_settle(
            table=table, action=action, reason=request.POST.get("reason", "")[:REASON_LENGTH], by=request.user
        )
    except LeagueError as exc:
        messages.error(
            request,
            gettext("Table %(number)s of sitting %(sitting)s: %(exc)s")
            % {"number": table.number, "sitting": table.sitting.number, "exc": exc},
        )
    else:
        done = {
            "finish": gettext("finished as it stands"),
            "confirm": gettext("confirmed"),
            "leave_out": gettext("left out of the standings"),
        }
        messages.success(
            request,
            gettext("Table %(number)s of sitting %(sitting)s is %(action)s.")
            % {"number": table.number, "sitting": table.sitting.number, "action": done[action]},
        )
    return redirect("league:night-close", night.club.slug, night.pk)


@require_POST
def table_renew(request, slug, night_id, table_id):
    night, membership = club_night(request, slug, night_id, Role.ORGANISER)
    table = night_table(night, table_id)
    try:
        night_services.table_link_renew(table=table)
    except LeagueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            gettext(
                "Table %(number)s of sitting %(sitting)s has a new link: the old one no longer works. "
                "Print its sheet again or show the table the new link."
            )
            % {"number": table.number, "sitting": table.sitting.number},
        )
    return _to_night(night)


# Check-in


def night_checkin(request, slug, night_id):
    """The roster as tick boxes; the form at the bottom adds someone new and ticks them at once."""
    night, membership = club_night(request, slug, night_id, Role.SCOREKEEPER)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            player = night_services.add_and_check_in(night=night, **form.cleaned_data)
        except LeagueError as exc:
            form.add_error("name", str(exc))
        else:
            messages.success(
                request, gettext("%(player)s is on the roster and here tonight.") % {"player": player.name}
            )
            return redirect("league:night-checkin", night.club.slug, night.pk)
    status = 400 if request.method == "POST" else 200
    return render(
        request, "league/night_checkin.html", _checkin_context(request, membership, night, form), status=status
    )


def _checkin_context(request, membership, night: Night, form) -> dict:
    query = " ".join(request.GET.get("q", "").split())[: max_length(Player, "name")]
    show_inactive = request.GET.get("inactive") == "1"
    attendances = {a.player_id: a for a in Attendance.objects.filter(night=night)}
    players = Player.objects.live().filter(club=night.club)
    if not show_inactive:  # an inactive player already ticked in stays in the list
        players = players.filter(active=True) | players.filter(pk__in=list(attendances))
    # Found and listed as a reader expects: "aegir" finds Ægir, Ægir among the A's (league.clubs.names).
    players = sorted(players, key=lambda player: sort_key(player.name))
    if query:
        players = [player for player in players if finds(query, player.name)]
    rows = []
    for player in players:
        attendance = attendances.get(player.pk)
        here = bool(attendance and attendance.present)
        # key: the name as the search box's script compares it (static/js/search_key.js)
        rows.append({"player": player, "key": search_key(player.name), "here": here, "note": _late_note(attendance)})
    return {
        "club": night.club,
        "membership": membership,
        "night": night,
        "rows": rows,
        "present": sum(a.present for a in attendances.values()),
        "query": query,
        "show_inactive": show_inactive,
        "form": form,
    }


def _late_note(attendance) -> str:
    if attendance is None or not attendance.present or attendance.from_sitting <= 1:
        return ""
    return gettext("plays from sitting %(n)s") % {"n": attendance.from_sitting}


@require_POST
def night_checkin_toggle(request, slug, night_id, player_id):
    """Tick or untick one player. The page's script asks for JSON and updates the box in place;
    without it the form posts as usual and comes back to the list as it was filtered."""
    night, membership = club_night(request, slug, night_id, Role.SCOREKEEPER)
    player = get_object_or_404(Player, club=night.club, pk=player_id)
    here = request.POST.get("present") != "0"
    error = ""
    try:
        if here:
            night_services.check_in(night=night, player=player)
        else:
            night_services.check_out(night=night, player=player)
    except LeagueError as exc:
        error = str(exc)
    attendance = Attendance.objects.filter(night=night, player=player).first()
    if request.headers.get("Accept") == "application/json":
        answer = {
            "present": bool(attendance and attendance.present),
            "note": _late_note(attendance),
            "count": Attendance.objects.filter(night=night, present=True).count(),
            "error": error,
        }
        return JsonResponse(answer, status=400 if error else 200)
    if error:
        messages.error(request, error)
    back = reverse("league:night-checkin", args=[night.club.slug, night.pk])
    kept = {key: request.POST[key] for key in ("q", "inactive") if request.POST.get(key)}
    return redirect(f"{back}?{urlencode(kept)}" if kept else back)


# A sitting: its seating, swaps, substitutes, taking it back


def _sitting_row(night: Night, number: int):
    get_object_or_404(Sitting, night=night, number=number)
    page = night_selectors.night_page(night=night)
    return page, next(row for row in page.sittings if row.sitting.number == number)


def _places(row) -> list[tuple[str, str]]:
    """Every place of the sitting, named by player and table, as ``night_services.seats_swap`` takes them."""
    places = [
        (f"seat:{seat.pk}", f"{seat.player.name} (table {table.table.number})")
        for table in row.tables
        for team in table.teams
        for seat in team.seats.all()
    ]
    return places + [(f"bye:{bye.player_id}", f"{bye.player.name} (sitting out)") for bye in row.byes]


def _seat_choices(row) -> list[tuple[str, str]]:
    return [(str(pk[5:]), name) for pk, name in _places(row) if pk.startswith("seat:")]


def _substitute_form(night: Night, row, data=None) -> SubstituteForm:
    """Who left (a seat of the sitting) and who takes over: anyone on the roster not at a table of
    this sitting, those here tonight first, or a new player."""
    seated = [seat.player_id for table in row.tables for team in table.teams for seat in team.seats.all()]
    players = sorted(
        Player.objects.live().filter(club=night.club).exclude(pk__in=seated), key=lambda player: sort_key(player.name)
    )
    present = set(Attendance.objects.filter(night=night, present=True).values_list("player_id", flat=True))
    return SubstituteForm(data, seats=_seat_choices(row), players=players, present=present)


def sitting_detail(request, slug, night_id, number):
    night, membership = club_night(request, slug, night_id, Role.VIEWER)
    return _sitting_page(request, membership, night, number)


def _sitting_page(request, membership, night, number, swap_form=None, substitute_form=None, status=200):
    page, row = _sitting_row(night, number)
    organiser = membership.can(Role.ORGANISER)
    if organiser:
        swap_form = swap_form or SwapForm(places=_places(row))
        substitute_form = substitute_form or _substitute_form(night, row)
    context = {
        "club": night.club,
        "membership": membership,
        "night": night,
        "row": row,
        "organiser": organiser,
        "scorekeeper": membership.can(Role.SCOREKEEPER),
        "links_warning": site.printed_links_warning(request) if membership.can(Role.SCOREKEEPER) else "",
        "is_last": row is page.current,
        "swap_form": swap_form,
        "substitute_form": substitute_form,
    }
    return render(request, "league/night_sitting.html", context, status=status)


@require_POST
def sitting_swap(request, slug, night_id, number):
    night, membership = club_night(request, slug, night_id, Role.ORGANISER)
    _, row = _sitting_row(night, number)
    form = SwapForm(request.POST, places=_places(row))
    if form.is_valid():
        try:
            night_services.seats_swap(
                sitting=row.sitting, first=form.cleaned_data["first"], second=form.cleaned_data["second"]
            )
        except LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, gettext("Swapped."))
            return redirect("league:sitting-detail", night.club.slug, night.pk, number)
    return _sitting_page(request, membership, night, number, swap_form=form, status=400)


@require_POST
def sitting_substitute(request, slug, night_id, number):
    night, membership = club_night(request, slug, night_id, Role.ORGANISER)
    _, row = _sitting_row(night, number)
    form = _substitute_form(night, row, request.POST)
    if form.is_valid():
        seat = next(
            seat
            for table in row.tables
            for team in table.teams
            for seat in team.seats.all()
            if str(seat.pk) == form.cleaned_data["seat"]
        )
        left = seat.player.name
        try:
            if form.cleaned_data["player"] is None:
                seat = night_services.seat_substitute_new(seat=seat, name=form.cleaned_data["new_name"])
            else:
                seat = night_services.seat_substitute(seat=seat, player=form.cleaned_data["player"])
        except LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            taken = (
                gettext("%(player)s takes %(left)s's seat from round %(round)s; %(left)s is checked out.")
                if seat.from_round > 1
                else gettext("%(player)s takes %(left)s's seat; %(left)s is checked out.")
            )
            messages.success(request, taken % {"player": seat.player.name, "left": left, "round": seat.from_round})
            return redirect("league:sitting-detail", night.club.slug, night.pk, number)
    return _sitting_page(request, membership, night, number, substitute_form=form, status=400)


@require_POST
def sitting_cancel(request, slug, night_id, number):
    night, membership = club_night(request, slug, night_id, Role.ORGANISER)
    sitting = get_object_or_404(Sitting, night=night, number=number)
    try:
        night_services.sitting_cancel(sitting=sitting)
    except LeagueError as exc:
        messages.error(request, str(exc))
        return redirect("league:sitting-detail", night.club.slug, night.pk, number)
    messages.success(
        request, gettext("Sitting %(number)s is taken back: draw it again when everyone is ready.") % {"number": number}
    )
    return _to_night(night)
