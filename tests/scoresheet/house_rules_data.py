"""The house-rules edit page's form data, for the tests of the editor and of its page."""

from __future__ import annotations

from scoresheet.rules.house_rules import initial_values


def form_data(document: dict, **changes) -> dict:
    """What the edit page sends back for ``document``: every box as the page fills it in, with ``changes``."""
    values, lists = initial_values(document)
    data = {k: ("" if v is None else ("on" if v is True else v)) for k, v in values.items() if v is not False}
    for prefix, rows in lists.items():
        data[f"{prefix}-TOTAL_FORMS"] = len(rows)
        data[f"{prefix}-INITIAL_FORMS"] = len(rows)
        for i, row in enumerate(rows):
            data.update({f"{prefix}-{i}-{key}": "" if value is None else value for key, value in row.items()})
    return {**data, **changes}
