"""Pages: home (the game list), variants and their rules cards, a game, a round's entry."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_POST

from league import night_selectors
from scoresheet import forms, history, pdf, printing, selectors, services
from scoresheet.links import GameLinks
from scoresheet.models import KEEP_DELETED, Game, Variant
from scoresheet.rules import RulesError
from scoresheet.rules_card import key_numbers, rules_card


def home(request):
    """The games, 20 a page: in progress first, a search by game, team or player name, a filter by status."""
    search = forms.GamesFilterForm(request.GET)
    filters = search.filters()
    page = selectors.games_page(**filters, number=request.GET.get("page"))
    context = {
        "search": search,
        "page": page,
        "filtered": any(filters.values()),
        "statuses": search.fields["status"].choices,
        "status": filters["status"],
        "deleted_count": selectors.deleted_games_count(),
        "nothing_found": _nothing_found(**filters),
    }
    return render(request, "scoresheet/home.html", context)


def _nothing_found(*, query: str, status: str) -> str:
    """ "No finished game matches “Ann”." and the like, for an empty search."""
    game = {"in_progress": "game in progress", "finished": "finished game"}.get(status, "game")
    if query:
        return f"No {game} matches “{query}”."
    return "No game in progress." if status == "in_progress" else "No finished game yet."


def games_deleted(request):
    """Recently deleted: the games that can still be restored."""
    page = selectors.deleted_games_page(number=request.GET.get("page"))
    return render(request, "scoresheet/games_deleted.html", {"page": page, "keep_days": KEEP_DELETED.days})


def variant_list(request):
    return render(request, "scoresheet/variant_list.html", {"variants": selectors.variants_list()})


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
    """The start form; ``club`` is set when a scorekeeper starts a game inside their club (league.views)."""
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
            return redirect("scoresheet:game-detail", game.id)
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
    names = selectors.names_used()
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


def _get_game(game_id: int) -> Game:
    """A game that is not deleted (a deleted game's pages are 404 until it is restored)."""
    return get_object_or_404(
        Game.objects.select_related("table__sitting__night__club"), pk=game_id, deleted_at__isnull=True
    )


def game_detail(request, game_id):
    # With its night table, if it has one: the page starts with the table's club, night and sitting.
    game = get_object_or_404(Game.objects.select_related("table__sitting__night__club"), pk=game_id)
    if game.deleted_at is not None:
        if game.deleted_at <= selectors.deleted_after():
            raise Http404("No such game")  # kept no longer: as good as purged
        context = {"game": game, "kept_until": game.deleted_at + KEEP_DELETED}
        return render(request, "scoresheet/game_deleted.html", context, status=404)
    return game_page(request, game, GameLinks.for_game(game))


def game_page(request, game, links: GameLinks):
    """The game page at its own address or under a table link (league.table_link_views): the
    links say which, and so whether it offers "delete" or "agree"."""
    sheet = selectors.game_sheet(game=game)
    context = {
        "game": game,
        "sheet": sheet,
        "card": rules_card(sheet.rules),
        "links": links,
        "table_header": night_selectors.table_header(game=game),
        "history": history.game_history(game=game, teams=sheet.teams),
        "can_undo": _may_change(request, game),
    }
    return render(request, "scoresheet/game_detail.html", context)


def _may_change(request, game) -> bool:
    """A closed night's game is changed by the club's organisers only (its table link is closed)."""
    table = game.table
    if table is None or not table.sitting.night.is_closed:
        return True
    from league.access import club_member
    from league.models import Role

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
    game = _get_game(game_id)
    return undo(request, game, GameLinks.for_game(game))


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
    game = _get_game(game_id)
    return round_entry(request, game, number, GameLinks.for_game(game))


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
    return render(request, "scoresheet/round_form.html", context, status=400)


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
    return round_preview_answer(request, _get_game(game_id), number)


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
    game = _get_game(game_id)
    return finish(request, game, GameLinks.for_game(game))


def finish(request, game, links: GameLinks):
    _check_may_change(request, game)
    services.game_finish(game=game)
    messages.success(request, "Game finished.")
    return redirect(links.game)


@require_POST
def game_reopen(request, game_id):
    game = _get_game(game_id)
    return reopen(request, game, GameLinks.for_game(game))


def reopen(request, game, links: GameLinks):
    _check_may_change(request, game)
    services.game_reopen(game=game)
    messages.success(request, "Game reopened: you can add and correct rounds.")
    return redirect(links.game)


def game_delete(request, game_id):
    """Ask first (a page of its own: no script needed), then move the game to "Recently deleted"."""
    game = _get_game(game_id)
    if request.method == "POST":
        services.game_delete(game=game)
        messages.success(
            request, f"“{game}” deleted. You can restore it from Recently deleted for {KEEP_DELETED.days} days."
        )
        return redirect("scoresheet:home")
    teams = selectors.with_team_totals([game])[0].teams.all()
    context = {"game": game, "teams": teams, "keep_days": KEEP_DELETED.days}
    return render(request, "scoresheet/game_delete.html", context)


@require_POST
def game_restore(request, game_id):
    game = get_object_or_404(Game, pk=game_id, deleted_at__gt=selectors.deleted_after())
    services.game_restore(game=game)
    messages.success(request, f"“{game}” restored.")
    return redirect("scoresheet:game-detail", game.id)


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
    return filled_sheet_pdf(request, _get_game(game_id))


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
