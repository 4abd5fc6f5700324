"""Many new rows written as plain INSERT statements, for an import's tens of thousands of rows.

Django's ``bulk_create`` builds its SQL value by value (each through its field's
``get_db_prep_save``): for an import of 20,000 results rows, some 110,000 rows and as many history
rows, that took most of the import's time. Here each column's conversion is chosen once: numbers,
text, flags and keys go to the database as they are, and the other values (dates, JSON, UUIDs) are
converted once for each distinct object (an import's rows share their moment and their rules
snapshot). The rows are the same as ``bulk_create`` writes: the same columns, the fields'
``auto_now`` and ``auto_now_add`` set, the new keys set on the objects.
"""

from __future__ import annotations

import functools
from operator import attrgetter

from django.db import connections, models, router
from django.db.models.base import ModelState
from django.utils import timezone

# Fields whose Python values (int, str, bool or None) the database adapters take as they are.
_AS_THEY_ARE = (models.IntegerField, models.CharField, models.TextField, models.BooleanField)
_MOST_ROWS = 100  # rows a statement at most (a statement's parameters are limited too: _rows_a_statement)


def new(model, **values):
    """A new ``model`` row as ``model(**values)`` makes it, its other fields at their defaults,
    given by attribute name (``team_id``, not ``team``), for ``create``: some five times quicker
    for the tens of thousands of an import (no signal is sent: nothing here listens to a model's
    ``pre_init`` or ``post_init``)."""
    obj = model.__new__(model)
    obj._state = ModelState()
    own = obj.__dict__
    for attname, field in _fields(model):
        own[attname] = values.pop(attname) if attname in values else field.get_default()
    if values:
        raise TypeError(f"{model.__name__} has no field {', '.join(values)}")
    return obj


@functools.cache
def _fields(model) -> list[tuple[str, models.Field]]:
    return [(f.attname, f) for f in model._meta.concrete_fields]


def _as_they_are(field) -> bool:
    if field.is_relation:
        return isinstance(field.target_field, _AS_THEY_ARE) and not field.target_field.is_relation
    return isinstance(field, _AS_THEY_ARE) and type(field).get_db_prep_save is models.Field.get_db_prep_save


def values(fields, objs, connection, fixed: dict | None = None, known: dict | None = None) -> list[tuple]:
    """Each object's row: its fields' values ready for the database (``fixed``: attribute names
    whose value is the same for every row, and that value; ``known``: the values converted so far, by
    attribute name and object, kept from one call to the next by a caller writing the same objects'
    values twice, as their rows and their history rows)."""
    known = {} if known is None else known
    fixed = fixed or {}
    columns = []
    for field in fields:
        if field.attname in fixed:
            value = fixed[field.attname]
            columns.append([field.get_db_prep_save(value, connection) if value is not None else None] * len(objs))
            continue
        raw = list(map(attrgetter(field.attname), objs))
        columns.append(raw if _as_they_are(field) else _converted(field, raw, connection, known))
    return list(zip(*columns))


def _converted(field, raw: list, connection, known: dict) -> list:
    """The column's values converted, each distinct object once (an empty dict or list once)."""
    # known: (attribute, id(value) or the type of an empty value) → (value, converted); the value is
    # kept there so that its id stays its own
    out = []
    for value in raw:
        if value is None:
            out.append(None)
            continue
        key = (field.attname, type(value) if isinstance(value, dict | list) and not value else id(value))
        if key not in known:
            known[key] = (value, field.get_db_prep_save(value, connection))
        out.append(known[key][1])
    return out


def _rows_a_statement(connection, columns: int) -> int:
    most = 65_535 if connection.vendor != "sqlite" else 999  # PostgreSQL's protocol; SQLite's default
    if connection.vendor == "sqlite":
        try:
            import sqlite3

            most = connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
        except AttributeError:  # Python before 3.11
            pass
    return max(1, min(_MOST_ROWS, most // max(1, columns)))


def create(model, objs: list, known: dict | None = None) -> list:
    """Insert ``objs`` (new, without keys) as ``model.objects.bulk_create(objs)`` does, and give
    each its key; Django's own ``bulk_create`` where the database cannot return the new keys."""
    connection = connections[router.db_for_write(model)]
    if not objs:
        return objs
    if not connection.features.can_return_rows_from_bulk_insert or any(obj.pk is not None for obj in objs):
        return model.objects.bulk_create(objs)
    meta = model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    now = timezone.now()
    for f in fields:
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            for obj in objs:
                setattr(obj, f.attname, now)
    quote = connection.ops.quote_name
    head = "INSERT INTO {} ({}) VALUES ".format(quote(meta.db_table), ", ".join(quote(f.column) for f in fields))
    one = "({})".format(", ".join(["%s"] * len(fields)))
    size = _rows_a_statement(connection, len(fields))
    with connection.cursor() as cursor:
        for start in range(0, len(objs), size):
            batch = objs[start : start + size]
            rows = values(fields, batch, connection, known=known)
            sql = f"{head}{', '.join([one] * len(batch))} RETURNING {quote(meta.pk.column)}"
            cursor.execute(sql, [value for row in rows for value in row])
            for obj, (key,) in zip(batch, cursor.fetchall()):
                obj.pk = key
                obj._state.adding, obj._state.db = False, connection.alias
    return objs


def insert(model, rows: list[list], fields) -> None:
    """Plain inserts of ``rows`` (each the values of ``fields``, ready for the database), a
    statement at a time, no key read back: a history's rows."""
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        quote(model._meta.db_table),
        ", ".join(quote(f.column) for f in fields),
        ", ".join(["%s"] * len(fields)),
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
