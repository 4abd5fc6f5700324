"""A form field's box and its errors, as every form page shows them, written out in Python.

The round form shows some 70 boxes, each a label, the input, one-tap picks for a count and the
field's errors. Included as a template for each box, they took most of the form's time (two
template renders a box, the picks' comparisons in the template language); written here they
are plain string work. ``{% field_box %}`` and ``{% field_errors %}`` (templatetags/bookkeeper)
put them on the pages.
"""

from __future__ import annotations

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

PICKS = 4  # a count field offers one-tap picks 0 to 4: most books and threes of a round


def pick_values(field) -> range:
    """The one-tap picks of a count field: 0 to 4, or to the field's own limit if lower."""
    limit = getattr(field.field, "max_value", None)
    return range(0, min(PICKS, limit if limit is not None else PICKS) + 1)


def errors(field) -> SafeString:
    """The errors of ``field`` under the id its box's aria-describedby names (Django marks the box
    aria-invalid); nothing when it has none."""
    if not field.errors:
        return mark_safe("")
    lines = mark_safe("<br>".join(conditional_escape(error) for error in field.errors))  # noqa: S308 - each escaped
    return format_html('<p id="{}_error" class="field-error" role="alert">{}</p>', field.auto_id, lines)


def box(field, kind: str = "") -> SafeString:
    """``field``'s label, box and errors. ``kind``: "picks" (a count with one-tap picks 0–4),
    "count" (a count), or nothing (points, text)."""
    classes = "field" + (" field-count" if kind else " field-points")
    if kind == "picks":
        classes += " field-picks"
    if field.errors:
        classes += " has-error"
    label = conditional_escape(field.label)
    parts = [
        format_html('<div class="{}">\n  <label for="{}">{}</label>\n  ', classes, field.id_for_label, label),
        str(field),  # the widget's markup, safe as Django renders it
        "\n  ",
    ]
    if kind == "picks":
        value = str(field.value())  # as the template compared it: both sides |stringformat:'s'
        buttons = "".join(
            format_html(
                '<button type="button" class="pick" data-pick="{}" tabindex="-1" aria-label="{}: {}"'
                ' aria-pressed="{}">{}</button>',
                n,
                label,
                n,
                "true" if value == str(n) else "false",
                n,
            )
            for n in pick_values(field)
        )
        parts.append(f'\n    <div class="picks" role="group" aria-label="{label}">\n      {buttons}\n    </div>\n  ')
    parts.append(f"\n  {errors(field)}\n\n</div>\n")
    return mark_safe("\n" + "".join(parts))  # noqa: S308 - every part escaped above or rendered by Django
