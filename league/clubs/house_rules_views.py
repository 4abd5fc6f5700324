"""A club's house rules: the list, copying a preset, the rules card with what differs, the editor.

Every page checks the member's role with ``club_member`` (a 404 for anyone else): viewers read,
organisers copy and edit. Presets have no edit page: they are edited as a club's copy.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from league.access import club_member
from league.models import Role
from scoresheet.games import selectors, services
from scoresheet.games.limits import max_length
from scoresheet.models import Variant
from scoresheet.rules.card import rules_card
from scoresheet.rules.diff import marked_card, rules_changes
from scoresheet.rules.house_rules import HouseRulesEditor
from scoresheet.rules.schema import RulesError


def _house_variant(club, variant_slug: str) -> Variant:
    return get_object_or_404(Variant.objects.select_related("based_on"), slug=variant_slug, club=club)


def house_rules_list(request, slug):
    membership = club_member(request, slug, Role.VIEWER)
    club = membership.club
    context = {
        "club": club,
        "can_edit": membership.can(Role.ORGANISER),
        "house_variants": selectors.club_house_variants(club),
        "sources": selectors.variants_for_club(club),
    }
    return render(request, "house_rules/list.html", context)


@require_POST
def house_rules_copy(request, slug):
    club = club_member(request, slug, Role.ORGANISER).club
    source = next((v for v in selectors.variants_for_club(club) if v.slug == request.POST.get("source")), None)
    if source is None:
        messages.error(request, gettext("Choose the rules to copy from the list."))
        return redirect("house_rules:list", slug)
    try:
        variant = services.house_rules_copy(
            club=club, source=source, name=request.POST.get("name", "")[: max_length(Variant, "name")]
        )
    except RulesError:
        messages.error(
            request, gettext("The rules of %(source)s are broken and cannot be copied.") % {"source": source}
        )
        return redirect("house_rules:list", slug)
    messages.success(
        request, gettext("Copied %(source)s. Change what your club plays differently.") % {"source": source}
    )
    return redirect("house_rules:edit", slug, variant.slug)


def house_rules_detail(request, slug, variant_slug):
    membership = club_member(request, slug, Role.VIEWER)
    variant = _house_variant(membership.club, variant_slug)
    try:
        rules = variant.rules
    except RulesError as exc:
        return render(request, "scoresheet/variant_broken.html", {"variant": variant, "errors": exc.errors})
    base = _base_rules(variant)
    context = {
        "club": membership.club,
        "variant": variant,
        "rules": rules,
        "can_edit": membership.can(Role.ORGANISER),
        "base": base,
        "changes": rules_changes(rules, base) if base else [],
        "card": marked_card(rules, base) if base else rules_card(rules),
    }
    return render(request, "house_rules/detail.html", context)


def _base_rules(variant: Variant):
    """The rules it was copied from, when they still exist and load."""
    try:
        return variant.based_on.rules if variant.based_on else None
    except RulesError:
        return None


def house_rules_edit(request, slug, variant_slug):
    membership = club_member(request, slug, Role.ORGANISER)
    variant = _house_variant(membership.club, variant_slug)
    editor = HouseRulesEditor(variant.document, request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        if editor.is_valid():
            services.house_rules_save(variant=variant, document=editor.document)
            messages.success(
                request,
                gettext("Saved %(variant)s. Games already started keep their rules.") % {"variant": variant},
            )
            return redirect("house_rules:detail", slug, variant.slug)
        status = 200 if editor.adding else 400
    context = {"club": membership.club, "variant": variant, "editor": editor, "form": editor.form}
    return render(request, "house_rules/edit.html", context, status=status)
