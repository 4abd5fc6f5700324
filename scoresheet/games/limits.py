"""A model's own limits, checked by the service that writes it, before it writes.

``problems(instance, fields)`` runs Django's checks of those fields (length, choices, blank, a
number's range, an email's form: ``Model.clean_fields``, which makes no query) and names each value
the model refuses as a ``Problem`` with its field. So no form, import or command copies a limit
to guard the database: forms still check first, to put their message beside the box, reading
the limit from the model (``max_length(Model, "name")``).

Relations are never checked here (Django would query for each), nor unique fields: the database
refuses those, and the caller that can do better asks first.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from scoresheet.problems import Problem, Refused


def max_length(model, name: str) -> int:
    """The most characters ``model``'s field ``name`` holds."""
    return model._meta.get_field(name).max_length


def problems(instance, fields: Iterable[str], *, constraints: bool = False, **where) -> list[Problem]:
    """Every value of ``fields`` that ``instance``'s model refuses, as a Problem naming the field
    (and ``where`` it is: a round, a team …); none when all fit.

    ``constraints`` checks too the model's constraints on those fields alone (a query each: for a
    write made now and then, never in a loop).
    """
    names = set(fields)
    exclude = [f.name for f in instance._meta.concrete_fields if f.name not in names]
    errors = {}
    try:
        instance.clean_fields(exclude=exclude)
    except ValidationError as exc:
        errors = exc.update_error_dict(errors)
    if constraints:
        try:
            instance.validate_constraints(exclude=exclude)
        except ValidationError as exc:
            errors = exc.update_error_dict(errors)
    return [
        Problem(_message(instance, name, error), field=None if name == NON_FIELD_ERRORS else name, **where)
        for name, found in errors.items()
        for error in found
    ]


def check(
    instance, fields: Iterable[str], *, refuse: type[Refused] = Refused, constraints: bool = False, **where
) -> None:
    """Raise ``refuse`` with every problem of ``problems(instance, fields, …)``, if there is one."""
    found = problems(instance, fields, constraints=constraints, **where)
    if found:
        raise refuse(found)


def _message(instance, name: str, error: ValidationError) -> str:
    """ "Player name is 130 characters long: 120 at most.", or Django's message after the field's name."""
    text = error.message % error.params if error.params else error.message
    if name == NON_FIELD_ERRORS:  # a constraint on several fields: its message says which
        return text
    meta = instance._meta
    label = f"{meta.verbose_name} {meta.get_field(name).verbose_name}".capitalize()
    if error.code == "max_length":
        return f"{label} is {error.params['show_value']} characters long: {error.params['limit_value']} at most."
    return f"{label}: {text}"
