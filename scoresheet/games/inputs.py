"""The round form's boxes, written out in Python: the same markup as Django's widget templates.

A round form has some 150 boxes; each rendered through Django's ``input.html`` and
``attrs.html`` templates costs about as much as the rest of the page (issue 21). These widgets
write the same ``<input>`` tag themselves: type, name, the value when there is one, then each
attribute in order (``True`` as a bare name, ``False`` left out), everything escaped as the
templates escape it.
"""

from __future__ import annotations

from django import forms
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe


def _text(value) -> str:
    """A value as the templates print it: ``|stringformat:'s'``, then escaped unless safe already."""
    return conditional_escape(value if isinstance(value, SafeString) else str(value))


class InputInPython:
    """Render an ``<input>`` widget without its template (the same markup, see the module's docstring)."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        parts = [f'<input type="{conditional_escape(widget["type"])}" name="{conditional_escape(widget["name"])}"']
        if widget["value"] is not None:
            parts.append(f' value="{_text(widget["value"])}"')
        for key, item in widget["attrs"].items():
            if item is not False:
                parts.append(
                    f" {conditional_escape(key)}" if item is True else f' {conditional_escape(key)}="{_text(item)}"'
                )
        return mark_safe("".join(parts) + ">")  # noqa: S308 - every part escaped above


class NumberInput(InputInPython, forms.NumberInput):
    pass


class TextInput(InputInPython, forms.TextInput):
    pass
