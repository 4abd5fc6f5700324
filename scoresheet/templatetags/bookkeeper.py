"""Template filters for numbers as a score sheet prints them, a form field's box and errors,
and the script tag of the JavaScript's strings."""

from django import template
from django.urls import reverse
from django.utils import translation
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from scoresheet.browser import catalog
from scoresheet.display import day, elided, fmt, players_shown
from scoresheet.games import field_boxes
from scoresheet.rules.preset_rules import name_shown

register = template.Library()


@register.filter
def pts(value):
    """1500 → "1,500"; -100 → "−100" (a real minus sign)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return fmt(value)


@register.filter
def meld(value):
    """An opening-meld requirement: a number of points, or the variant's words."""
    return fmt(value) if isinstance(value, int) and not isinstance(value, bool) else value


@register.simple_tag
def field_box(field, kind=""):
    """A form field's label, box, one-tap picks ("picks") and errors (scoresheet.games.field_boxes)."""
    return field_boxes.box(field, kind)


@register.simple_tag
def field_errors(field):
    """A form field's errors, tied to its box (scoresheet.games.field_boxes)."""
    return field_boxes.errors(field)


# A game's round addresses (scoresheet.addresses.links.GameLinks): {{ links|round_edit:3 }}. Filters, as
# a template cannot pass an argument to a method.


@register.filter
def round_edit(links, number):
    return links.round_edit(number)


@register.filter
def round_new(links, number):
    """ "Enter round N": the round's address asking for a new round, so that a link left open
    after another phone entered it does not open its correction (views.round_edit)."""
    return f"{links.round_edit(number)}?new"


@register.filter
def round_preview(links, number):
    return links.round_preview(number)


@register.simple_tag
def catalog_script():
    """The script tag of the JavaScript's strings in the page's language, at their versioned
    address (scoresheet.browser.catalog_views)."""
    url = reverse("javascript-catalog", args=[translation.get_language()])
    return format_html('<script src="{}?v={}" defer></script>', url, catalog.version())


# Dates on pages, in the reader's language (scoresheet.display.day): {{ night.date|day }}.
register.filter("day", day)
register.filter("players", players_shown)  # a team's, a substitute's words in the page's language
register.filter("rules_name", name_shown)  # a preset's name in the page's language


@register.filter(name="elided")
def elided_filter(text, name):
    """``{% blocktranslate … asvar said %}…{{ said|elided:player.name }}``: "de Anne" made "d’Anne"
    in French (``display.elided``), the name matched as the sentence holds it (escaped)."""
    if isinstance(text, SafeString):
        return mark_safe(elided(text, conditional_escape(str(name))))
    return elided(str(text), str(name))
