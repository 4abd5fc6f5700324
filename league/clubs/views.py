"""Pages of accounts, clubs, members and the roster.

Every club page and action starts with ``club_member(request, slug, ROLE)``: anyone without
that role in that club gets the same 404 as for a club that does not exist.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from league import languages, time_zones
from league.access import club_member, club_player
from league.clubs import claims, forms, kept_apart, selectors, services
from league.clubs.names import finds, search_key, sort_key
from league.models import Membership, Player, PlayerClaim, Role
from scoresheet.addresses import site
from scoresheet.games import views as scoresheet_views
from scoresheet.games.limits import max_length

# Accounts


def signup(request):
    """A new account, signed in at once; ``next`` (an invite, say) is where it goes after."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}):
        next_url = ""
    form = forms.SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user = services.user_create(username=data["username"], password=data["password1"], email=data["email"])
        except services.LeagueError as exc:  # the address was taken meanwhile
            form.add_error("email", str(exc))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect(next_url or "league:club-list")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form, "next": next_url}, status=status)


@login_required
def account(request):
    """The signed-in account: its email address (where a forgotten password's link goes) and
    its password."""
    form = forms.EmailForm(request.POST or None, user=request.user, initial={"email": request.user.email})
    if request.method == "POST" and form.is_valid():
        try:
            services.user_email_set(user=request.user, email=form.cleaned_data["email"])
        except services.LeagueError as exc:
            form.add_error("email", str(exc))
        else:
            email = request.user.email
            messages.success(
                request,
                (
                    gettext("Your email address is %(email)s.") % {"email": email}
                    if email
                    else gettext("Your account has no email now.")
                ),
            )
            return redirect("league:account")
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/account.html", {"form": form}, status=status)


# Clubs


@login_required
def club_list(request):
    memberships = selectors.user_memberships(user=request.user)
    return render(request, "league/club_list.html", {"memberships": memberships})


@login_required
def club_new(request):
    organisers = languages.usable(translation.get_language()) or settings.LANGUAGE_CODE  # the page's: theirs
    form = forms.ClubNewForm(request.POST or None, initial={"language": organisers})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        club = services.club_create(name=data["name"], by=request.user, language=data["language"] or organisers)
        messages.success(request, gettext("%(club)s is made, with you as its organiser.") % {"club": club.name})
        return redirect("league:club-detail", club.slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "league/club_new.html", {"form": form}, status=status)


def club_detail(request, slug):
    membership = club_member(request, slug, Role.VIEWER)
    club = membership.club
    context = {
        "club": club,
        "membership": membership,
        "members": selectors.club_members(club=club),
        "players": selectors.club_roster_names(club=club, user=request.user),
        "games": selectors.club_games(club=club),
    }
    return render(request, "league/club_detail.html", context)


def club_settings(request, slug):
    """The organiser names the club and chooses the time zone its pages show times in."""
    club = club_member(request, slug, Role.ORGANISER).club
    form = forms.ClubSettingsForm(
        request.POST or None, initial={"name": club.name, "time_zone": club.time_zone, "language": club.language}
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.club_settings_save(club=club, **form.cleaned_data)
        except services.LeagueError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                gettext("Saved: %(club)s shows its times in %(time_zone)s.")
                % {"club": club.name, "time_zone": club.time_zone},
            )
            return redirect("league:club-detail", club.slug)
    status = 400 if request.method == "POST" else 200
    context = {"club": club, "form": form, "time_zones": time_zones.listed_zones()}
    return render(request, "league/club_settings.html", context, status=status)


def club_game_new(request, slug):
    """The start form of today; the game it starts belongs to the club."""
    membership = club_member(request, slug, Role.SCOREKEEPER)
    return scoresheet_views.game_new(request, club=membership.club)


# Members and invites


def member_list(request, slug):
    membership = club_member(request, slug, Role.ORGANISER)
    club = membership.club
    context = {
        "club": club,
        "membership": membership,
        "members": selectors.club_members(club=club),
        "invites": selectors.club_open_invites(club=club),
        "roles": Role.choices,
    }
    return render(request, "league/member_list.html", context)


def _club_membership(club, membership_id) -> Membership:
    return get_object_or_404(Membership.objects.select_related("user", "club"), club=club, pk=membership_id)


@require_POST
def member_role(request, slug, membership_id):
    club = club_member(request, slug, Role.ORGANISER).club
    member = _club_membership(club, membership_id)
    form = forms.RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose a role: organiser, scorekeeper or viewer."))
        return redirect("league:member-list", slug)
    try:
        services.member_role_change(membership=member, role=form.cleaned_data["role"])
    except services.LeagueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            gettext("%(username)s is now %(role)s.")
            % {"username": member.user.username, "role": member.get_role_display().lower()},
        )
    if member.user_id == request.user.id and member.role != Role.ORGANISER:
        return redirect("league:club-detail", slug)  # no longer allowed on the members page
    return redirect("league:member-list", slug)


@require_POST
def member_remove(request, slug, membership_id):
    club = club_member(request, slug, Role.ORGANISER).club
    member = _club_membership(club, membership_id)
    try:
        services.member_remove(membership=member)
    except services.LeagueError as exc:
        messages.error(request, str(exc))
        return redirect("league:member-list", slug)
    messages.success(
        request,
        gettext("%(username)s is no longer a member of %(club)s.")
        % {"username": member.user.username, "club": club.name},
    )
    if member.user_id == request.user.id:
        return redirect("league:club-list")
    return redirect("league:member-list", slug)


@require_POST
def member_password_reset(request, slug, membership_id):
    """Email a member a link to choose a new password (they forgot theirs); the organiser never sees it."""
    membership = club_member(request, slug, Role.ORGANISER)
    member = _club_membership(membership.club, membership_id)
    try:
        services.member_password_reset_send(membership=member, by=request.user, site_url=site.absolute(request, "/"))
    except services.LeagueError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            gettext("A link to choose a new password is on its way to %(username)s's email.")
            % {"username": member.user.username},
        )
    return redirect("league:member-list", slug)


@require_POST
def member_leave(request, slug):
    membership = club_member(request, slug, Role.VIEWER)
    try:
        services.member_remove(membership=membership)
    except services.LeagueError:
        messages.error(
            request, gettext("You are the club's only organiser: make another member an organiser before you leave.")
        )
        return redirect("league:club-detail", slug)
    messages.success(request, gettext("You have left %(club)s.") % {"club": membership.club.name})
    return redirect("league:club-list")


@require_POST
def invite_new(request, slug):
    membership = club_member(request, slug, Role.ORGANISER)
    form = forms.RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose the role the invite gives: organiser, scorekeeper or viewer."))
        return redirect("league:member-list", slug)
    invite, token = services.invite_create(club=membership.club, role=form.cleaned_data["role"], by=request.user)
    link = site.absolute(request, reverse("league:invite-accept", args=[token]))
    return render(request, "league/invite_made.html", {"club": membership.club, "invite": invite, "link": link})


def invite_accept(request, token):
    """Whoever holds the link sees what it is for; signed in, they join with one tap."""
    invite = selectors.invite_by_token(token)
    if invite is None:
        return render(request, "league/invite_problem.html", {"problem": "This invite link is not valid."}, status=404)
    problem = services.invite_problem(invite)
    if problem:
        return render(request, "league/invite_problem.html", {"problem": problem}, status=410)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            membership = services.invite_accept(invite=invite, user=request.user)
        except services.LeagueError as exc:
            return render(request, "league/invite_problem.html", {"problem": str(exc)}, status=410)
        messages.success(
            request,
            gettext("You are a member of %(club)s (%(role)s).")
            % {"club": invite.club.name, "role": membership.get_role_display().lower()},
        )
        return redirect("league:club-detail", invite.club.slug)
    return render(request, "league/invite_accept.html", {"invite": invite, "here": request.path})


# The roster


def player_list(request, slug):
    membership = club_member(request, slug, Role.VIEWER)
    club = membership.club
    players = sorted(selectors.club_players(club=club), key=lambda player: sort_key(player.name))
    everyone = len(players)
    query = " ".join(request.GET.get("q", "").split())[: max_length(Player, "name")]
    if query:  # without the page's script; with it, the list narrows as one types (static/js/find_name.js)
        players = [player for player in players if finds(query, player.name)]
    for player in players:
        player.key = search_key(player.name)  # what the script compares, in the item's data-name
    context = {
        "club": club,
        "membership": membership,
        "everyone": everyone,
        "query": query,
        "active": [p for p in players if p.active],
        "inactive": [p for p in players if not p.active],
        "claims": claims.pending_claims(club=club) if membership.can(Role.ORGANISER) else [],
    }
    return render(request, "league/player_list.html", context)


@require_POST
def player_claim(request, slug, player_id):
    """The organiser approves or refuses a claim on a player from a results email's link."""
    player, membership = club_player(request, slug, player_id, Role.ORGANISER)
    claim = PlayerClaim.objects.filter(player=player, pk=_whole(request.POST.get("claim"))).first()
    if claim is None:
        messages.error(request, gettext("That request is gone: someone decided it already."))
        return redirect("league:player-list", slug)
    approve = request.POST.get("decision") == "approve"
    try:
        claims.claim_decide(claim=claim, approve=approve)
    except services.LeagueError as exc:
        messages.error(request, str(exc))
    else:
        words = gettext("%(user)s is %(player)s now.") if approve else gettext("%(user)s is not linked to %(player)s.")
        messages.success(request, words % {"user": claim.user.get_username(), "player": player.name})
    return redirect("league:player-list", slug)


def _whole(text) -> int:
    """``text`` as a row id, or 0 (no row) when it is not one."""
    text = (text or "").strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else 0


def player_new(request, slug):
    membership = club_member(request, slug, Role.SCOREKEEPER)
    form = forms.PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = services.player_create(club=membership.club, **form.cleaned_data)
        messages.success(request, gettext("%(player)s is on the roster.") % {"player": player.name})
        if "another" in request.POST:
            return redirect("league:player-new", slug)
        return redirect("league:player-list", slug)
    status = 400 if request.method == "POST" else 200
    return render(request, "league/player_form.html", {"club": membership.club, "form": form}, status=status)


def player_edit(request, slug, player_id):
    player, membership = club_player(request, slug, player_id, Role.SCOREKEEPER)
    initial = {"name": player.name, "email": player.email, "phone": player.phone}
    initial["results_email"] = not player.email_opt_out
    form = forms.RosterPlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        opted_out = not data.pop("results_email")
        services.player_update(player=player, **data)
        if opted_out != player.email_opt_out:
            services.player_email_opt_out_set(player=player, opted_out=opted_out)
        messages.success(request, gettext("%(player)s is saved.") % {"player": player.name})
        return redirect("league:player-list", slug)
    status = 400 if request.method == "POST" else 200
    context = {
        "club": membership.club,
        "membership": membership,
        "form": form,
        "player": player,
        "merge_form": forms.MergeForm(player=player),
        "apart_form": kept_apart.KeptApartForm(player=player),
        "kept_apart": kept_apart.kept_apart_from(player=player),
    }
    return render(request, "league/player_form.html", context, status=status)


@require_POST
def player_active(request, slug, player_id):
    player, membership = club_player(request, slug, player_id, Role.ORGANISER)
    active = request.POST.get("active") == "1"
    services.player_set_active(player=player, active=active)
    messages.success(
        request,
        (gettext("%(player)s is active again.") if active else gettext("%(player)s is no longer active."))
        % {"player": player.name},
    )
    return redirect("league:player-list", slug)


def player_merge(request, slug, player_id):
    """Merge another entry of the same person into this one: ask first, then do it (POST)."""
    player, membership = club_player(request, slug, player_id, Role.ORGANISER)
    form = forms.MergeForm(request.POST or request.GET or None, player=player)
    if not form.is_valid():
        context = {"club": membership.club, "player": player, "form": form}
        return render(request, "league/player_merge.html", context, status=400 if form.is_bound else 200)
    other = form.cleaned_data["other"]
    if request.method != "POST" or "confirm" not in request.POST:
        context = {"club": membership.club, "player": player, "other": other, "form": form, "confirm": True}
        return render(request, "league/player_merge.html", context)
    try:
        services.player_merge(keep=player, merge=other)
    except services.LeagueError as exc:
        messages.error(request, str(exc))
        return redirect("league:player-edit", slug, player.id)
    messages.success(
        request, gettext("%(other)s is merged into %(player)s.") % {"other": other.name, "player": player.name}
    )
    return redirect("league:player-list", slug)


@require_POST
def player_me(request, slug, player_id):
    """ "This is me" (link) or "not me" (unlink) for the signed-in member."""
    player, membership = club_player(request, slug, player_id, Role.VIEWER)
    try:
        if request.POST.get("me") == "1":
            services.player_link_user(player=player, user=request.user)
            messages.success(request, gettext("You are %(player)s on this roster.") % {"player": player.name})
        else:
            services.player_unlink_user(player=player, user=request.user)
            messages.success(request, gettext("You are no longer linked to %(player)s.") % {"player": player.name})
    except services.LeagueError as exc:
        messages.error(request, str(exc))
    return redirect("league:player-list", slug)
