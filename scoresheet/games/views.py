"""Pages: home (the game list), variants and their rules cards, a game, a round's entry."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe

from scoresheet.addresses import clubs, doors, qrcode, site
from scoresheet.addresses.access import GameAccess, game_view
from scoresheet.addresses.links import GameLinks
from scoresheet.browser import device
from scoresheet.display import fmt
from scoresheet.games import forms, history, round_forms, selectors, services, start_picker, undoing
from scoresheet.models import KEEP_DELETED, Game, Variant
from scoresheet.paper import pdf, print_language, printing, sheets
from scoresheet.rules.card import rules_card
from scoresheet.rules.schema import RulesError


def home(request):
    """This device's games and a member's clubs' games (never everyone's), 20 a page: in progress
    first, a search by game, team or player name, a filter by status."""
    search = forms.GamesFilterForm(request.GET)
    filters = search.filters()
    games = _visible_games(request)
    parts = selectors.visible_parts(device_ids=device.game_ids(request), user=request.user)
    page = selectors.games_page(games=games, parts=parts, **filters, number=request.GET.get("page"))
    _with_addresses(request, page.object_list)
    context = {
        "search": search,
        "page": page,
        "filtered": any(filters.values()),
        "statuses": search.fields["status"].choices,
        "status": filters["status"],
        "deleted_count": selectors.deleted_games_count(games=_restorable_games(request)),
        "nothing_found": _nothing_found(**filters),
        # The games the session knows (deleted ones too): my_games.js adds only those it does not.
        "device_games": device.game_ids(request),
    }
    return render(request, "scoresheet/home.html", context)


def _visible_games(request, role: str = clubs.VIEWER):
    return selectors.visible_games(device_ids=device.game_ids(request), user=request.user, role=role)


def _with_addresses(request, games: list[Game]) -> list[Game]:
    """Give each listed game ``links``: a game this device holds at its play address, another
    (a member's club game) at its club address."""
    mine = set(device.game_ids(request))
    for game in games:
        game.links = GameLinks.for_play(game) if game.pk in mine else GameLinks.home_of(game)
    return games


def _restorable_games(request):
    return selectors.restorable_games(device_ids=device.game_ids(request), user=request.user)


def _nothing_found(*, query: str, status: str) -> str:
    """ "No finished game matches “Ann”." and the like, for an empty search."""
    if query:
        words = {"query": query}
        if status == "in_progress":
            return gettext("No game in progress matches “%(query)s”.") % words
        if status == "finished":
            return gettext("No finished game matches “%(query)s”.") % words
        return gettext("No game matches “%(query)s”.") % words
    return gettext("No game in progress.") if status == "in_progress" else gettext("No finished game yet.")


def games_deleted(request):
    """Recently deleted: this device's casual games and an organiser's clubs' games that can
    still be restored."""
    games = _restorable_games(request)
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
            try:
                game = services.game_create(
                    variant=data["variant"],
                    mode=data["mode"],
                    teams=data["teams"],
                    name=data["name"],
                    first_dealer=data["first_dealer"],
                    club=club,
                )
            except services.GameInvalid as exc:  # the form checks first: this is what it did not foresee
                form.add_problems(exc.problems)
            else:
                # The device that started the game keeps its address: it is listed on its home page.
                device.remember(request, game)
                response = redirect(GameLinks.for_play(game).game)
                start_picker.remember_variant(response, data["variant"])
                return response
        status = 400
    else:
        initial = {"variant": start_picker.first_choice(request, club)}
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
        "picker": start_picker.cards(form, {v.pk: rules for v, rules in usable}),
        "names": names,
        "lineups": names.lineups,
        "club": club,
    }
    return render(request, "scoresheet/game_new.html", context, status=status)


# A game's pages, the same under each of its doors (scoresheet.addresses.game_urls); scoresheet.addresses.access
# decides who may do what. Each is called with the visitor's GameAccess: the game, its links.


@require_safe
@game_view(doors.READ)
def game(request, access: GameAccess):
    """The game page; a deleted game's address says what happened (to whoever may restore it)."""
    if access.visitor == doors.PLAY_LINK:
        # Whoever opens the play address holds the game: it joins this device's list.
        device.remember(request, access.game)
    if access.game.deleted_at is not None:
        return deleted_game_page(request, access)
    return game_page(request, access)


def deleted_game_page(request, access: GameAccess):
    """A deleted game's address: what happened, and "Restore" until it is purged."""
    game = access.game
    context = {"game": game, "kept_until": game.deleted_at + KEEP_DELETED, "links": access.links}
    return render(request, "scoresheet/game_deleted.html", context, status=404)


def game_page(request, access: GameAccess):
    """The game page at any of its doors: the links say what it offers ("delete", "agree",
    nothing at all on a share link)."""
    game = access.game
    sheet = selectors.game_sheet(game=game)
    context = {
        "game": game,
        "sheet": sheet,
        "card": rules_card(sheet.rules),
        "links": access.links,
        **clubs.page_extras(game),  # a night table's header
        "hand_over": _hand_over(request, access),
        **_history(game, sheet.teams, can_undo=access.can(doors.UNDO)),
    }
    return render(request, "scoresheet/game_detail.html", context)


def _history(game, teams, *, can_undo: bool) -> dict:
    """The game's history, and what Undo and Redo would take back (for whoever may undo)."""
    changes = history.game_changes(game=game, teams=teams)
    offers = undoing.undoing(changes=changes, teams=teams)
    return {
        "history": history.game_history(game=game, teams=teams, changes=changes, redos=offers.redos),
        "undo": offers.undo if can_undo else None,
        "redo": offers.redo if can_undo else None,
    }


def _hand_over(request, access: GameAccess) -> dict | None:
    """ "Hand this game to another phone": the play address as a QR code and the read-only share
    link, for whoever may play the game here (not on a share link, nor for a club's viewer; a
    table link has its own, on the table pack). A club night's game has none at all: its table's
    link is its address, and stops with the night (a play token would not)."""
    links = access.links
    if links.read_only or links.is_table_link or access.game.table_id is not None:
        return None
    play = site.absolute(request, GameLinks.for_play(access.game).game)
    return {
        "play": play,
        "qr": qrcode.svg(play, title=gettext("The address to play this game")),
        "share": site.absolute(request, GameLinks.for_share(access.game).game),
        # The holder of the play address renews its tokens; at the club's address, an organiser.
        "renew": links.renew if access.can(doors.RENEW) else None,
    }


@require_POST
@game_view(doors.UNDO)
def undo(request, access: GameAccess):
    """Take back the game's last change (undoing.game_undo), the one the form names: a second
    tap finds it gone and undoes nothing more. The history shows the undo too."""
    return _undo_or_redo(request, access, undoing.game_undo, gettext("Undone"))


@require_POST
@game_view(doors.UNDO)
def redo(request, access: GameAccess):
    """Put back what the last undo took back (undoing.game_redo), the one the form names."""
    return _undo_or_redo(request, access, undoing.game_redo, gettext("Redone"))


def _undo_or_redo(request, access: GameAccess, service, done_word: str):
    try:
        done = service(game=access.game, change=request.POST.get("change", ""))
    except undoing.UndoRefused as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, gettext("%(done_word)s. %(done)s") % {"done_word": done_word, "done": done})
    return redirect(access.links.game)


@game_view(doors.ENTER)
def round_edit(request, access: GameAccess, number):
    """Enter the next round, or correct an earlier one. "Enter round N" asks for a new round
    (``?new``): if round N was entered meanwhile (another phone), the game page says so instead of
    opening its correction."""
    game, links = access.game, access.links
    if request.method == "POST":
        return _round_save(request, access, number)
    page = _round_page(game, number)
    if "new" in request.GET and not page.is_new:
        messages.info(
            request, _already_entered(game, number) + " " + gettext("Check it on the sheet; Edit corrects it.")
        )
        return redirect(links.game)
    if not page.is_open:
        return _game_over(request, game, links)
    form = round_forms.RoundForm(
        rules=page.sheet.rules,
        teams=page.sheet.teams,
        number=number,
        went_out=_saved_went_out(page),
        initial=[round_forms.initial_from_entry(v) for v in page.saved] if page.saved else None,
    )
    return render(request, "scoresheet/round_form.html", _round_context(page, form, access))


def _saved_went_out(page: selectors.RoundPage) -> int | str | None:
    """Who went out in a round being corrected (a team, or nobody); None for a new round, where
    the scorekeeper chooses: nothing is preselected."""
    if not page.saved:
        return None
    return round_forms.RoundForm.NOBODY if page.went_out is None else page.went_out


def _round_save(request, access: GameAccess, number):
    """Check the form against the rules and teams only, and let round_record read and score the game,
    once, under its lock. The whole sheet is read only to show the form again when the round is refused."""
    game, links = access.game, access.links
    form = round_forms.RoundForm(request.POST, rules=game.rules, teams=selectors.game_teams(game=game), number=number)
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
                save_key=_save_key(request),
            )
        except services.RoundNeedsConfirmation:
            entries = form.entries()  # shown scored, with the warnings and "Save anyway"
        except services.RoundTaken:
            # A new round's form, and the round was entered meanwhile: theirs stands, the game page
            # says so, with what this form would have scored to compare.
            return _round_taken(request, access, number, form.entries())
        except services.RoundConflict as exc:
            # Someone saved this round meanwhile: both versions side by side, and a choice. The form
            # comes back with what was typed and the round's new version, so "Save mine" replaces theirs.
            entries, conflict = form.entries(), True
            form.add_problems(exc.problems)  # said in words too, where there is no saved round to show
        except services.RoundInvalid as exc:
            reason_error = " ".join(p.message for p in exc.problems if p.field == "reason")
            form.add_problems([p for p in exc.problems if p.field != "reason"])
        else:
            messages.success(request, gettext("Round %(number)s saved.") % {"number": number})
            if request.headers.get("X-Requested-With") == "fetch":
                # round_form.js saves with fetch: this answer is the confirmation that lets it
                # forget the draft it kept of what was typed. The game page shows the message.
                return JsonResponse({"saved": True, "url": links.game})
            return redirect(links.game)
    page = _round_page(game, number, entries)
    if not page.is_open:
        return _game_over(request, game, links)
    context = {**_round_context(page, form, access), "reason": reason, "reason_error": reason_error}
    context["conflict"] = _conflict(page, links) if conflict else None
    return render(request, "scoresheet/round_form.html", context, status=409 if context["conflict"] else 400)


def _save_key(request) -> str:
    """The key round_form.js gives each save (a uuid), so a save sent twice is stored once; none
    from a form posted without script, or a key too long to be one."""
    key = request.POST.get("save_key", "").strip()
    return key if len(key) <= SAVE_KEY_LENGTH else ""


SAVE_KEY_LENGTH = 64  # as RoundSave keeps it


def _already_entered(game, number: int) -> str:
    """ "Round 2 was already entered by the table link of Table 1, sitting 1 at 21:14." """
    return gettext("Round %(number)s was already entered%(by)s.") % {
        "number": number,
        "by": history.round_entered_by(game=game, number=number),
    }


def _round_taken(request, access: GameAccess, number: int, entries) -> HttpResponse:
    """The game page, saying round ``number`` was entered meanwhile and what this form held (not saved)."""
    page = _round_page(access.game, number, entries)
    typed = ", ".join(f"{team.name} {fmt(score.total)}" for team, score in zip(page.sheet.teams, page.preview.scores))
    messages.info(
        request,
        _already_entered(access.game, number)
        + " "
        + gettext("What you typed was not saved (%(typed)s): check round %(number)s on the sheet; Edit corrects it.")
        % {"typed": typed, "number": number},
    )
    return redirect(access.links.game)


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
        gettext("The game is over: no more rounds can be entered.")
        + (" " + gettext("Reopen it below to add one.") if game.is_finished else ""),
    )
    return redirect(links.game)


BAR_NAME_ROOM = 14  # characters of a team's name that fit beside Save on two lines of a 390 px phone


def _round_context(page, form, access: GameAccess):
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
        # Names longer than a third of a phone's width: the bar gives them the whole width (issue 35).
        "long_names": any(len(team.name) > BAR_NAME_ROOM for team in page.sheet.teams),
        "warnings": page.warnings,
        "checks": page.checks,
        "confirm_codes": page.confirm_codes,
        "bar": _bar(page),
        "links": access.links,
        **clubs.page_extras(page.sheet.game),  # a night table's header
        # A late correction says why (services.round_record); asked up front, not after a refusal.
        "needs_reason": not page.is_new and access.needs_reason,
    }


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
@game_view(doors.ENTER)
def round_preview(request, access: GameAccess, number):
    """The breakdown of the round as typed so far (the server's computation is the truth)."""
    page = _round_page(access.game, number)
    if not page.is_open:
        return JsonResponse({"ok": False, "teams": [], "warnings": ""})
    sheet = page.sheet
    form = round_forms.RoundForm(request.POST, rules=sheet.rules, teams=sheet.teams, number=number)
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
    chosen = form.went_out_value != ""
    page = selectors.round_page(sheet=sheet, number=number, entries=form.entries(), went_out_chosen=chosen)
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
@game_view(doors.FINISH)
def finish(request, access: GameAccess):
    services.game_finish(game=access.game)
    messages.success(request, gettext("Game finished."))
    return redirect(access.links.game)


@require_POST
@game_view(doors.REOPEN)
def reopen(request, access: GameAccess):
    services.game_reopen(game=access.game)
    messages.success(request, gettext("Game reopened: you can add and correct rounds."))
    return redirect(access.links.game)


@game_view(doors.DELETE)
def delete(request, access: GameAccess):
    """Ask first (a page of its own: no script needed), then move the game to "Recently deleted"."""
    game = access.game
    if request.method == "POST":
        services.game_delete(game=game)
        messages.success(
            request,
            gettext("“%(game)s” deleted. You can restore it from Recently deleted for %(days)s days.")
            % {"game": game, "days": KEEP_DELETED.days},
        )
        return redirect("scoresheet:home")
    teams = selectors.with_team_totals([game])[0].teams.all()
    context = {"game": game, "teams": teams, "keep_days": KEEP_DELETED.days, "links": access.links}
    return render(request, "scoresheet/game_delete.html", context)


@require_POST
@game_view(doors.RESTORE)
def restore(request, access: GameAccess):
    services.game_restore(game=access.game)
    messages.success(request, gettext("“%(game)s” restored.") % {"game": access.game})
    return redirect(access.links.game)


@require_POST
@game_view(doors.RENEW)
def renew(request, access: GameAccess):
    """New play and share tokens: the old links no longer open the game (a club's address stays)."""
    game = services.game_tokens_renew(game=access.game)
    messages.success(request, gettext("New addresses made: the old play and share links no longer open this game."))
    # The play address moved with its token: the holder follows it to the new one.
    return redirect(GameLinks.for_play(game).game if access.visitor == doors.PLAY_LINK else access.links.game)


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
    name = pdf.file_name(f"{d['variant']}-score-sheet", options.large_print)
    return _pdf_response(sheets.score_sheet(d["rules"], data, options), name)


@game_view(doors.PRINT)
def pdf_sheet(request, access: GameAccess):
    """The game's filled score sheet as a PDF (rounds so far, totals, the winner)."""
    game = access.game
    paper = request.GET.get("paper", "letter")
    if paper not in pdf.PAPERS:
        raise Http404("Unknown paper size")
    sheet = selectors.game_sheet(game=game)
    options = pdf.Options(paper=paper, large_print=request.GET.get("large_print") == "1")
    with print_language.printing_for(printing.game_club(game)):  # the club's language, else the page's
        content = sheets.score_sheet(sheet.rules, printing.game_sheet_data(sheet), options)
    return _pdf_response(content, pdf.file_name(f"game-{game.id}-score-sheet", options.large_print))
