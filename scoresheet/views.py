"""Pages: home (the game list), variants and their rules cards, a game, a round's entry."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST

from league.access import club_member
from league.models import Role
from league.nights import selectors as night_selectors
from scoresheet import device, forms, history, pdf, printing, qrcode, selectors, services
from scoresheet.links import GameLinks
from scoresheet.models import KEEP_DELETED, Game, Variant
from scoresheet.rules import RulesError
from scoresheet.rules_card import key_numbers, rules_card


def home(request):
    """This device's games and a member's clubs' games (never everyone's), 20 a page: in progress
    first, a search by game, team or player name, a filter by status."""
    search = forms.GamesFilterForm(request.GET)
    filters = search.filters()
    games = _visible_games(request)
    page = selectors.games_page(games=games, **filters, number=request.GET.get("page"))
    _with_addresses(request, page.object_list)
    context = {
        "search": search,
        "page": page,
        "filtered": any(filters.values()),
        "statuses": search.fields["status"].choices,
        "status": filters["status"],
        "deleted_count": selectors.deleted_games_count(games=_visible_games(request, Role.SCOREKEEPER)),
        "nothing_found": _nothing_found(**filters),
        # The games the session knows (deleted ones too): my_games.js adds only those it does not.
        "device_games": device.game_ids(request),
    }
    return render(request, "scoresheet/home.html", context)


def _visible_games(request, role: str = Role.VIEWER):
    return selectors.visible_games(device_ids=device.game_ids(request), user=request.user, role=role)


def _with_addresses(request, games: list[Game]) -> list[Game]:
    """Give each listed game ``links``: a game this device holds at its play address, another
    (a member's club game) at its club address."""
    mine = set(device.game_ids(request))
    for game in games:
        game.links = GameLinks.for_play(game) if game.pk in mine else GameLinks.home_of(game)
    return games


def _nothing_found(*, query: str, status: str) -> str:
    """ "No finished game matches “Ann”." and the like, for an empty search."""
    game = {"in_progress": "game in progress", "finished": "finished game"}.get(status, "game")
    if query:
        return f"No {game} matches “{query}”."
    return "No game in progress." if status == "in_progress" else "No finished game yet."


def games_deleted(request):
    """Recently deleted: this device's and a scorekeeper's clubs' games that can still be restored."""
    games = _visible_games(request, Role.SCOREKEEPER)
    page = selectors.deleted_games_page(games=games, number=request.GET.get("page"))
    _with_addresses(request, page.object_list)
    return render(request, "scoresheet/games_deleted.html", {"page": page, "keep_days": KEEP_DELETED.days})


def variant_list(request):
    return render(request, "scoresheet/variant_list.html", {"families": selectors.variant_families()})


def variant_detail(request, slug):
    variant = get_object_or_404(Variant, slug=slug, club__isnull=True)  # house rules live on their club's pages
    try:
        rules = variant.rules
    except RulesError as exc:
        return render(request, "scoresheet/variant_broken.html", {"variant": variant, "errors": exc.errors})
    return render(
        request, "scoresheet/variant_detail.html", {"variant": variant, "rules": rules, "card": rules_card(rules)}
    )


def game_new(request, club=None):
    """The start form; ``club`` is set when a scorekeeper starts a game inside their club (league.clubs.views)."""
    # A club's scorekeepers pick from the presets and the club's house rules; anyone else, the presets.
    variants = selectors.variants_for_club(club) if club is not None else None
    if request.method == "POST":
        form = forms.GameStartForm(request.POST, variants=variants)
        if form.is_valid():
            data = form.cleaned_data
            game = services.game_create(
                variant=data["variant"],
                mode=data["mode"],
                teams=data["teams"],
                name=data["name"],
                first_dealer=data["first_dealer"],
                club=club,
            )
            # The device that started the game keeps its address: it is listed on its home page.
            device.remember(request, game)
            return redirect(GameLinks.for_play(game).game)
        status = 400
    else:
        slug = request.GET.get("variant") or "hand-and-foot"
        initial = {"variant": Variant.objects.filter(slug=slug, club__isnull=True).first()}
        form = forms.GameStartForm(initial=initial, variants=variants)
        status = 200
    usable = selectors.usable_variants(variants)
    sides = {
        v.pk: {"teams": list(rules.setup.team_counts), "individuals": list(rules.setup.individual_counts)}
        for v, rules in usable
    }
    names = selectors.names_used(games=_visible_games(request))
    context = {
        "form": form,
        "sides": sides,
        "picker": _variant_picker(form, {v.pk: rules for v, rules in usable}),
        "names": names,
        "lineups": names.lineups,
        "club": club,
    }
    return render(request, "scoresheet/game_new.html", context, status=status)


def _variant_picker(form, rules_by_pk) -> list[dict]:
    """Each variant's radio with its one-line summary and key numbers (none for broken house rules)."""
    cards = []
    for radio in form["variant"]:
        rules = rules_by_pk.get(radio.data["value"].value)
        cards.append(
            {
                "radio": radio,
                "summary": rules.summary if rules else "These rules cannot be used: see the rules page.",
                "numbers": key_numbers(rules) if rules else (),
            }
        )
    return cards


def _club_game(request, game_id, role: str, *, deleted: bool | None = False):
    """A club's game at /games/<id>/ for a member of its club with ``role``, and the membership.
    A casual game is never reached by its id, only by its tokens: 404, as for a game that does
    not exist. ``deleted``: only a deleted game (still restorable), only one not deleted
    (False), or either (None)."""
    game = get_object_or_404(
        Game.objects.select_related("club", "table__sitting__night__club"), pk=game_id, club__isnull=False
    )
    membership = club_member(request, game.club.slug, role)
    is_deleted = game.deleted_at is not None
    if deleted is not None and deleted != is_deleted:
        raise Http404("No such game")
    if is_deleted and game.deleted_at <= selectors.deleted_after():
        raise Http404("No such game")  # kept no longer: as good as purged
    return game, membership


def _member_links(game, membership) -> GameLinks:
    """A club's game at its id: read only for a viewer."""
    return GameLinks.for_game(game, read_only=not membership.can(Role.SCOREKEEPER))


def game_detail(request, game_id):
    game, membership = _club_game(request, game_id, Role.VIEWER, deleted=None)
    links = _member_links(game, membership)
    if game.deleted_at is not None:
        if links.read_only:
            raise Http404("No such game")  # restoring is a scorekeeper's
        return deleted_game_page(request, game, links)
    return game_page(request, game, links, can_renew=membership.can(Role.ORGANISER))


def deleted_game_page(request, game, links: GameLinks):
    """A deleted game's address: what happened, and "Restore" until it is purged."""
    context = {"game": game, "kept_until": game.deleted_at + KEEP_DELETED, "links": links}
    return render(request, "scoresheet/game_deleted.html", context, status=404)


def game_page(request, game, links: GameLinks, *, can_renew: bool = False):
    """The game page at any of its addresses (scoresheet.links): the links say which, and so
    what it offers ("delete", "agree", nothing at all on a share link). ``can_renew``: a club
    organiser, who may renew the game's tokens from the club's address."""
    sheet = selectors.game_sheet(game=game)
    context = {
        "game": game,
        "sheet": sheet,
        "card": rules_card(sheet.rules),
        "links": links,
        "table_header": night_selectors.table_header(game=game),
        "hand_over": _hand_over(request, game, links, can_renew),
        "history": history.game_history(game=game, teams=sheet.teams),
        "can_undo": links.undo is not None and _may_change(request, game),
    }
    return render(request, "scoresheet/game_detail.html", context)


def _hand_over(request, game, links: GameLinks, can_renew: bool) -> dict | None:
    """ "Hand this game to another phone": the play address as a QR code and the read-only share
    link, for whoever may play the game here (not on a share link, nor for a club's viewer; a
    table link has its own, on the table pack)."""
    if links.read_only or links.is_table_link:
        return None
    play = request.build_absolute_uri(GameLinks.for_play(game).game)
    return {
        "play": play,
        "qr": qrcode.svg(play, title="The address to play this game"),
        "share": request.build_absolute_uri(GameLinks.for_share(game).game),
        # The holder of the play address renews its tokens; at the club's address, an organiser.
        "renew": links.renew if links.namespace == "play" or can_renew else None,
    }


def _may_change(request, game) -> bool:
    """A closed night's game is changed by the club's organisers only (its table link is closed)."""
    table = game.table
    if table is None or not table.sitting.night.is_closed:
        return True
    try:
        club_member(request, table.sitting.night.club.slug, Role.ORGANISER)
    except Http404:
        return False
    return True


def _check_may_change(request, game) -> None:
    if not _may_change(request, game):
        raise Http404("No such game")


@require_POST
def game_undo(request, game_id):
    game, membership = _club_game(request, game_id, Role.SCOREKEEPER)
    return undo(request, game, _member_links(game, membership))


def undo(request, game, links: GameLinks):
    """Take back the game's last change (services.game_undo); the history shows the undo too."""
    _check_may_change(request, game)
    try:
        done = services.game_undo(game=game)
    except services.UndoRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Undone. {done}")
    return redirect(links.game)


def round_edit(request, game_id, number):
    game, membership = _club_game(request, game_id, Role.SCOREKEEPER)
    links = _member_links(game, membership)
    return round_entry(request, game, number, links)


def round_entry(request, game, number, links: GameLinks):
    """Enter the next round, or correct an earlier one."""
    _check_may_change(request, game)
    if request.method == "POST":
        return _round_save(request, game, number, links)
    page = _round_page(game, number)
    if not page.is_open:
        return _game_over(request, game, links)
    form = forms.RoundForm(
        rules=page.sheet.rules,
        teams=page.sheet.teams,
        number=number,
        went_out=_saved_went_out(page),
        initial=[forms.initial_from_entry(v) for v in page.saved] if page.saved else None,
    )
    return render(request, "scoresheet/round_form.html", _round_context(page, form, links))


def _saved_went_out(page: selectors.RoundPage) -> int | str | None:
    """Who went out in a round being corrected (a team, or nobody); None for a new round, where
    the scorekeeper chooses: nothing is preselected."""
    if not page.saved:
        return None
    return forms.RoundForm.NOBODY if page.went_out is None else page.went_out


def _round_save(request, game, number, links: GameLinks):
    """Check the form against the rules and teams only, and let round_record read and score the game,
    once, under its lock. The whole sheet is read only to show the form again when the round is refused."""
    form = forms.RoundForm(request.POST, rules=game.rules, teams=selectors.game_teams(game=game), number=number)
    entries = None
    conflict = False
    reason = request.POST.get("reason", "")[:REASON_LENGTH]
    reason_error = ""
    if form.is_valid():
        try:
            services.round_record(
                game=game,
                number=number,
                entries=form.entries(),
                version=request.POST.get("version", ""),
                confirmed=request.POST.get("confirm_warnings", "").split(),  # the "Save anyway" button
                reason=reason,
            )
        except services.RoundNeedsConfirmation:
            entries = form.entries()  # shown scored, with the warnings and "Save anyway"
        except services.RoundConflict as exc:
            # Someone saved this round meanwhile: both versions side by side, and a choice. The form
            # comes back with what was typed and the round's new version, so "Save mine" replaces theirs.
            entries, conflict = form.entries(), True
            form.add_problems(exc.problems)  # said in words too, where there is no saved round to show
        except services.RoundInvalid as exc:
            reason_error = " ".join(p.message for p in exc.problems if p.field == "reason")
            form.add_problems([p for p in exc.problems if p.field != "reason"])
        else:
            messages.success(request, f"Round {number} saved.")
            if request.headers.get("X-Requested-With") == "fetch":
                # round_form.js saves with fetch: this answer is the confirmation that lets it
                # forget the draft it kept of what was typed. The game page shows the message.
                return JsonResponse({"saved": True, "url": links.game})
            return redirect(links.game)
    page = _round_page(game, number, entries)
    if not page.is_open:
        return _game_over(request, game, links)
    context = {**_round_context(page, form, links), "reason": reason, "reason_error": reason_error}
    context["conflict"] = _conflict(page, links) if conflict else None
    return render(request, "scoresheet/round_form.html", context, status=409 if context["conflict"] else 400)


def _conflict(page: selectors.RoundPage, links: GameLinks) -> dict | None:
    """Round ``page.number`` as someone else saved it and as this form has it, team by team; None
    when the round is not saved (a form whose version was lost or forged: refused in words only)."""
    if page.number > len(page.sheet.rounds):
        return None
    theirs = page.sheet.rounds[page.number - 1].result
    mine = page.preview
    return {
        "rows": [
            {
                "team": team.name,
                "theirs": theirs.scores[i].total,
                "mine": mine.scores[i].total if mine else None,
                "differs": mine is None or mine.scores[i].total != theirs.scores[i].total,
            }
            for i, team in enumerate(page.sheet.teams)
        ],
        "keep_theirs": links.game,
    }


REASON_LENGTH = 100  # as the history keeps it


def _round_page(game, number, entries=None) -> selectors.RoundPage:
    page = selectors.round_page(sheet=selectors.game_sheet(game=game), number=number, entries=entries)
    if page is None:
        raise Http404("No such round")
    return page


def _game_over(request, game, links: GameLinks):
    messages.info(
        request,
        "The game is over: no more rounds can be entered."
        + (" Reopen it below to add one." if game.is_finished else ""),
    )
    return redirect(links.game)


def _round_context(page, form, links: GameLinks):
    preview = page.preview
    columns = [
        {
            "team": team,
            "form": team_form,
            "requirement": requirement,
            "score": preview.scores[i] if preview else None,
            "running": preview.running_totals[i] if preview else None,
        }
        for i, (team, team_form, requirement) in enumerate(zip(page.sheet.teams, form.team_forms, page.requirements))
    ]
    return {
        "game": page.sheet.game,
        "sheet": page.sheet,
        "form": form,
        "number": page.number,
        "version": page.version,
        "is_new": page.is_new,
        "columns": columns,
        "warnings": page.warnings,
        "checks": page.checks,
        "confirm_codes": page.confirm_codes,
        "bar": _bar(page),
        "links": links,
        "table_header": night_selectors.table_header(game=page.sheet.game),
        # A late correction says why (services.round_record); asked up front, not after a refusal.
        "needs_reason": not page.is_new and _late(page.sheet.game),
    }


def _late(game) -> bool:
    """Finished, or on a closed night (read from the table the page loaded with the game)."""
    return game.is_finished or (game.table is not None and game.table.sitting.night.is_closed)


def _bar(page: selectors.RoundPage) -> list[dict]:
    """Each team's round total and game total after it, for the bar beside Save; the round
    total is None until the round as typed can be scored."""
    preview = page.preview
    return [
        {
            "name": team.name,
            "round": preview.scores[i].total if preview else None,
            "running": preview.running_totals[i] if preview else page.totals_before[i],
        }
        for i, team in enumerate(page.sheet.teams)
    ]


@require_POST
def round_preview(request, game_id, number):
    game, _ = _club_game(request, game_id, Role.SCOREKEEPER)
    return round_preview_answer(request, game, number)


def round_preview_answer(request, game, number):
    """The breakdown of the round as typed so far (the server's computation is the truth)."""
    page = _round_page(game, number)
    if not page.is_open:
        return JsonResponse({"ok": False, "teams": [], "warnings": ""})
    sheet = page.sheet
    form = forms.RoundForm(request.POST, rules=sheet.rules, teams=sheet.teams, number=number)
    if not form.is_valid(complete=False):
        # Say what is wrong as it is typed, not only when Save is pressed.
        return JsonResponse(
            {
                "ok": False,
                "teams": [
                    render_to_string("scoresheet/_breakdown.html", {"invalid": True, "errors": team_form.error_texts()})
                    for team_form in form.team_forms
                ],
                "warnings": render_to_string(
                    "scoresheet/_warnings.html", {"errors": [e for e in [form.went_out_error, *form.errors] if e]}
                ),
                "bar": render_to_string("scoresheet/_round_bar.html", {"bar": _bar(page)}),
            }
        )
    page = selectors.round_page(sheet=sheet, number=number, entries=form.entries())
    return JsonResponse(
        {
            "ok": True,
            "teams": [
                render_to_string("scoresheet/_breakdown.html", {"score": score, "running": running})
                for score, running in zip(page.preview.scores, page.preview.running_totals)
            ],
            "warnings": render_to_string(
                "scoresheet/_warnings.html",
                {"warnings": page.warnings, "checks": page.checks, "confirm_codes": page.confirm_codes},
            ),
            "bar": render_to_string("scoresheet/_round_bar.html", {"bar": _bar(page)}),
        }
    )


@require_POST
def game_finish(request, game_id):
    game, membership = _club_game(request, game_id, Role.SCOREKEEPER)
    links = _member_links(game, membership)
    return finish(request, game, links)


def finish(request, game, links: GameLinks):
    _check_may_change(request, game)
    services.game_finish(game=game)
    messages.success(request, "Game finished.")
    return redirect(links.game)


@require_POST
def game_reopen(request, game_id):
    game, membership = _club_game(request, game_id, Role.SCOREKEEPER)
    links = _member_links(game, membership)
    return reopen(request, game, links)


def reopen(request, game, links: GameLinks):
    _check_may_change(request, game)
    services.game_reopen(game=game)
    messages.success(request, "Game reopened: you can add and correct rounds.")
    return redirect(links.game)


def game_delete(request, game_id):
    game, membership = _club_game(request, game_id, Role.SCOREKEEPER)
    links = _member_links(game, membership)
    return delete(request, game, links)


def delete(request, game, links: GameLinks):
    """Ask first (a page of its own: no script needed), then move the game to "Recently deleted"."""
    if request.method == "POST":
        services.game_delete(game=game)
        messages.success(
            request, f"“{game}” deleted. You can restore it from Recently deleted for {KEEP_DELETED.days} days."
        )
        return redirect("scoresheet:home")
    teams = selectors.with_team_totals([game])[0].teams.all()
    context = {"game": game, "teams": teams, "keep_days": KEEP_DELETED.days, "links": links}
    return render(request, "scoresheet/game_delete.html", context)


@require_POST
def game_restore(request, game_id):
    game, membership = _club_game(request, game_id, Role.SCOREKEEPER, deleted=True)
    links = _member_links(game, membership)
    return restore(request, game, links)


def restore(request, game, links: GameLinks):
    services.game_restore(game=game)
    messages.success(request, f"“{game}” restored.")
    return redirect(links.game)


@require_POST
def game_renew(request, game_id):
    """A club organiser renews the game's play and share tokens (its club address stays)."""
    game, membership = _club_game(request, game_id, Role.ORGANISER)
    links = _member_links(game, membership)
    return renew(request, game, links)


def renew(request, game, links: GameLinks):
    game = services.game_tokens_renew(game=game)
    messages.success(request, "New addresses made: the old play and share links no longer open this game.")
    return redirect(links.game if links.namespace == "scoresheet" else GameLinks.for_play(game).game)


def _pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def print_sheets(request):
    """Blank score sheets for any variant: a form, and the PDF when it is sent."""
    if "variant" not in request.GET:
        initial = {"variant": request.GET.get("v", "hand-and-foot")}
        return render(request, "scoresheet/print_sheets.html", {"form": forms.PrintSheetForm(initial=initial)})
    form = forms.PrintSheetForm(request.GET)
    if not form.is_valid():
        return render(request, "scoresheet/print_sheets.html", {"form": form}, status=400)
    d = form.cleaned_data
    data = pdf.SheetData(teams=d["names"], date=d["date"], table=d["table"])
    options = pdf.Options(
        paper=d["paper"], large_print=d["large_print"], copies=d["copies"], rules_card=d["rules_card"]
    )
    return _pdf_response(pdf.score_sheet(d["rules"], data, options), f"{d['variant']}-score-sheet.pdf")


def game_pdf(request, game_id):
    game, _ = _club_game(request, game_id, Role.VIEWER)
    return filled_sheet_pdf(request, game)


def filled_sheet_pdf(request, game):
    """The game's filled score sheet as a PDF (rounds so far, totals, the winner)."""
    paper = request.GET.get("paper", "letter")
    if paper not in pdf.PAPERS:
        raise Http404("Unknown paper size")
    sheet = selectors.game_sheet(game=game)
    options = pdf.Options(paper=paper, large_print=request.GET.get("large_print") == "1")
    return _pdf_response(
        pdf.score_sheet(sheet.rules, printing.game_sheet_data(sheet), options), f"game-{game.id}-score-sheet.pdf"
    )
