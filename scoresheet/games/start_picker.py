"""The rules picker of the new-game page, phone first: the rules most likely wanted are chosen and
shown first (asked for in the address, else this device's last choice, else the club's latest
game's, else Hand and Foot); the others fold under "Other rules", so that the team names and
Start come within the first two screens of a phone instead of after 22 cards."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext

from scoresheet.models import Game, Variant
from scoresheet.rules.card import key_numbers

LAST_VARIANT = "last_variant"  # the cookie: the rules this device last started a game with
DEFAULT = "hand-and-foot"


def first_choice(request, club=None) -> Variant | None:
    """The variant the form starts with: one the page may offer (a preset, or the club's own)."""
    offered = Variant.objects.filter(Q(club__isnull=True) | Q(club=club) if club else Q(club__isnull=True))
    for slug in (request.GET.get("variant"), request.COOKIES.get(LAST_VARIANT)):
        if slug and (variant := offered.filter(slug=slug[:100]).first()) is not None:
            return variant
    if club is not None:
        latest = Game.objects.live().filter(club=club).order_by("-created_at").values("variant_id")[:1]
        if (variant := offered.filter(pk__in=latest).first()) is not None:
            return variant
    return offered.filter(slug=DEFAULT).first()


def remember_variant(response, variant: Variant) -> None:
    """This device starts its next game with the same rules (a year; nothing else is kept)."""
    response.set_cookie(LAST_VARIANT, variant.slug, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)


def cards(form, rules_by_pk) -> dict:
    """Each variant's radio with its one-line summary and key numbers (none for broken house
    rules), split into the chosen one and the others, folded unless the choice is to be made
    again (no variant chosen, or the one chosen refused)."""
    chosen, others = [], []
    for radio in form["variant"]:
        rules = rules_by_pk.get(radio.data["value"].value)
        card = {
            "radio": radio,
            "summary": rules.summary_shown if rules else gettext("These rules cannot be used: see the rules page."),
            "numbers": key_numbers(rules) if rules else (),
        }
        (chosen if radio.data["selected"] else others).append(card)
    return {"chosen": chosen, "others": others, "open": not chosen or bool(form["variant"].errors)}
