"""A club's backup: everything of one club as one JSON document, and its restore elsewhere.

``export_club`` writes, model by model in the order they depend on each other, every row that
belongs to the club (found by the lookup ``CLUB_ROWS`` gives each model) with its fields as they
are stored. ``import_club`` creates them again in another database (or the same one under a
new slug), in one transaction: every row gets a new id, and every foreign key is pointed at the
new id of the row it named. Three kinds of reference leave the club and are written by name:
accounts (by username), presets (by slug: they come from their files in every installation),
and nothing else.

A backup is a file anyone may have edited: before anything is written, every row is checked
(``backup_checks``: types, rules documents, round totals, house variants only), and the accounts
it names are looked up. An account missing here is created without a password (the member sets
one with "Forgot your password?"). One that exists here already is linked only when asked
(``accounts=LINK``: its membership, player and history rows are its own again) or left out
(``accounts=SKIP``: its membership is not restored, and its player and history rows name no
account); otherwise (``REFUSE``) the restore is refused with the list, so a backup cannot make
an existing account (``root``, say) a member of the club without the one restoring it knowing.

The fields are read from each model's ``_meta``, so a field added later is backed up without a
change here; a model added later is backed up once it is listed in ``CLUB_ROWS``.

History rows name the row they are the history of (``id``) and the rows it pointed at. A row that
no longer exists (a round's entries replaced by a correction, a round taken back by Undo) is not in
the backup: its history keeps it under the negative of its old id, which no row will ever have, so
the history of one object stays together and never mixes with another's.
"""

from __future__ import annotations

import base64
import datetime
import decimal
import uuid

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.utils.text import slugify

from league.clubs.services import RESERVED_SLUGS
from league.exchange import backup_checks

FORMAT = "bookkeeper-club-backup"
VERSION = 1

# (model label, the lookup from that model to its club's slug), parents before children.
CLUB_ROWS: list[tuple[str, str]] = [
    ("league.Club", "slug"),
    ("league.Membership", "club__slug"),
    ("league.Player", "club__slug"),
    ("league.KeptApart", "club__slug"),  # "never seat with"
    ("scoresheet.Variant", "club__slug"),
    ("league.Season", "club__slug"),
    ("league.Night", "club__slug"),
    ("league.Attendance", "night__club__slug"),
    ("league.Sitting", "night__club__slug"),
    ("league.Table", "sitting__night__club__slug"),
    ("scoresheet.Game", "club__slug"),
    ("scoresheet.Team", "game__club__slug"),
    ("scoresheet.Round", "game__club__slug"),
    ("scoresheet.TeamRound", "round__game__club__slug"),
    ("league.Seat", "team__game__club__slug"),
    ("league.Agreement", "team__game__club__slug"),
    ("league.Bye", "sitting__night__club__slug"),
    # The history (django-simple-history): every change with who, when, why and the values.
    ("league.HistoricalPlayer", "club__slug"),
    ("league.HistoricalNight", "club__slug"),
    ("league.HistoricalAttendance", "night__club__slug"),
    ("league.HistoricalSitting", "night__club__slug"),
    ("league.HistoricalTable", "sitting__night__club__slug"),
    ("scoresheet.HistoricalGame", "club__slug"),
    ("scoresheet.HistoricalTeam", "game__club__slug"),
    ("scoresheet.HistoricalRound", "game__club__slug"),
    ("scoresheet.HistoricalTeamRound", "team__game__club__slug"),
    ("league.HistoricalSeat", "team__game__club__slug"),
    ("league.HistoricalAgreement", "team__game__club__slug"),
    ("league.HistoricalBye", "sitting__night__club__slug"),
]


REFUSE, LINK, SKIP = "refuse", "link", "skip"  # what a restore does with the accounts that exist here


class BackupError(Exception):
    """The backup cannot be restored: the message says why (nothing was written)."""


def _user_model_label() -> str:
    return settings.AUTH_USER_MODEL.lower()


def _model(label: str) -> type[models.Model]:
    return apps.get_model(label)


def _stamps(model) -> list[str]:
    """The fields Django stamps with the time on saving (``auto_now``, ``auto_now_add``)."""
    return [f.attname for f in _fields(model) if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)]


def _fields(model) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if not f.primary_key]


# --- export -----------------------------------------------------------------------------------


def _value(value):
    """A stored value as JSON can hold it (dates as ISO text, decimals and ids as text)."""
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, decimal.Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes | memoryview):
        return base64.b64encode(bytes(value)).decode()
    return value


def export_club(slug: str) -> dict:
    """Everything of club ``slug`` as a JSON-ready document (raises BackupError if there is none)."""
    Club = _model("league.Club")
    if not Club.objects.filter(slug=slug).exists():
        raise BackupError(f"No club {slug!r}.")
    User = get_user_model()
    usernames = dict(User.objects.values_list("pk", User.USERNAME_FIELD))
    Variant = _model("scoresheet.Variant")
    presets = dict(Variant.objects.filter(is_preset=True).values_list("pk", "slug"))
    tables = {}
    for label, lookup in CLUB_ROWS:
        model = _model(label)
        rows = []
        for obj in model._base_manager.filter(**{lookup: slug}).order_by("pk"):
            row = {"id": obj.pk}
            for f in _fields(model):
                raw = getattr(obj, f.attname)
                if f.is_relation and raw is not None:
                    target = f.related_model._meta.label_lower
                    if target == _user_model_label():
                        raw = {"user": usernames.get(raw)}
                    elif target == "scoresheet.variant" and raw in presets:
                        raw = {"preset": presets[raw]}
                row[f.attname] = _value(raw)
            rows.append(row)
        tables[label] = rows
    return {"format": FORMAT, "version": VERSION, "club": slug, "tables": tables}


# --- import -----------------------------------------------------------------------------------


@transaction.atomic
def import_club(document: dict, *, slug: str | None = None, accounts: str = REFUSE) -> models.Model:
    """Create the club of ``document`` (under ``slug`` if given) with all its rows; its new Club.

    ``accounts`` says what to do with the accounts the backup names that exist here already:
    ``REFUSE`` (BackupError listing them), ``LINK`` them by username, or ``SKIP`` them."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("This is not a Bookkeeper club backup.")
    if document.get("version") != VERSION:
        raise BackupError(f"Backup version {document.get('version')!r}: this Bookkeeper reads version {VERSION}.")
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise BackupError("The backup has no tables.")
    old_slug, new_slug = document.get("club"), slug or document.get("club")
    if not isinstance(old_slug, str) or not isinstance(new_slug, str):
        raise BackupError("The backup does not say which club it holds.")
    Club = _model("league.Club")
    too_long = len(new_slug) > Club._meta.get_field("slug").max_length
    if not new_slug or slugify(new_slug) != new_slug or new_slug in RESERVED_SLUGS or too_long:
        raise BackupError(f"{new_slug!r} cannot be a club's address: use lower-case letters, digits and hyphens.")
    if Club.objects.filter(slug=new_slug).exists():
        raise BackupError(f"A club {new_slug!r} exists already: restore it under another slug (--slug).")
    found = backup_checks.problems(tables, [label for label, _ in CLUB_ROWS])
    if found:
        raise BackupError("The backup cannot be restored:\n" + "\n".join(found))
    users = _accounts(tables, accounts)
    new_ids: dict[str, dict[int, int]] = {}
    club = None
    for label, _ in CLUB_ROWS:
        model = _model(label)
        new_ids[label.lower()] = ids = {}
        stamps = _stamps(model)
        for row in tables.get(label, []):
            if label == "league.Membership" and users.get(row["user_id"]["user"]) is None:
                continue  # an existing account left out (SKIP)
            fields = _restored_fields(model, row, new_ids, users, old_slug, new_slug)
            obj = model(**fields)
            obj.skip_history_when_saving = True  # its history is restored from the backup, as it was
            obj.save(force_insert=True)
            kept = {name: fields[name] for name in stamps if fields.get(name) is not None}
            if kept:  # saving stamped them "now"; they keep their time (an agreement is compared with it)
                model._base_manager.filter(pk=obj.pk).update(**kept)
            ids[row["id"]] = obj.pk
            if label == "league.Club":
                club = obj
    if club is None:
        raise BackupError("The backup holds no club.")
    return club


def _accounts(tables: dict, accounts: str) -> dict:
    """Each username the backup names, and the account it is restored as (None: no account).

    Refuses (REFUSE) when some exist here already, listing them with the club role the backup gives them."""
    User = get_user_model()
    user_fields = {
        label: [f.attname for f in _fields(_model(label)) if f.is_relation and f.related_model is User]
        for label, _ in CLUB_ROWS
    }
    named = {
        row[name]["user"]
        for label, _ in CLUB_ROWS
        for row in tables.get(label, [])
        for name in user_fields[label]
        if row.get(name) is not None and row[name]["user"] is not None
    }
    if "" in named:
        raise BackupError("The backup names an account without a username.")
    existing = {
        getattr(u, User.USERNAME_FIELD): u for u in User.objects.filter(**{f"{User.USERNAME_FIELD}__in": named})
    }
    if existing and accounts == REFUSE:
        roles = {row["user_id"]["user"]: row.get("role") for row in tables.get("league.Membership", [])}
        listed = ", ".join(
            f"{name} ({roles[name]})" if name in roles else f"{name} (history or player only)"
            for name in sorted(existing)
        )
        raise BackupError(
            f"The backup names accounts that exist here already: {listed}. Restore with --link-accounts to link "
            "them by username (they get the backup's roles), or --skip-accounts to restore without them."
        )
    users = {name: existing[name] if accounts == LINK else None for name in existing}
    for name in sorted(named - set(existing)):
        user = User(**{User.USERNAME_FIELD: name})
        user.set_unusable_password()  # they set one with "Forgot your password?"
        user.save()
        users[name] = user
    return users


def _is_history(model) -> bool:
    return hasattr(model, "instance_type")  # django-simple-history's historical models


def _restored_fields(model, row: dict, new_ids, users: dict, old_slug: str, new_slug: str) -> dict:
    values = {}
    history = _is_history(model)
    for f in _fields(model):
        if f.attname not in row:
            continue  # a field added since the backup was made: its default
        raw = row[f.attname]
        if f.is_relation and isinstance(raw, dict) and "user" in raw:
            account = users.get(raw["user"])
            raw = account.pk if account is not None else None
        elif history and f.name == "id":
            raw = new_ids.get(model.instance_type._meta.label_lower, {}).get(raw, -raw)
        elif history and f.is_relation and isinstance(raw, int):
            target = f.related_model._meta.label_lower
            raw = new_ids[target].get(raw, -raw) if target in new_ids else raw
        elif f.is_relation and raw is not None:
            raw = _reference(f, raw, new_ids)
        elif raw is not None and isinstance(
            f, models.DateTimeField | models.DateField | models.TimeField | models.UUIDField
        ):
            raw = f.to_python(raw)
        if model._meta.label == "league.Club" and f.name == "slug":
            raw = new_slug
        if model._meta.label == "scoresheet.Variant" and f.name == "slug" and raw.startswith(f"{old_slug}-"):
            raw = new_slug + raw[len(old_slug) :]  # a house variant's slug starts with its club's
        if not history and _is_secret_token(model, f) and model._base_manager.filter(**{f.name: raw}).exists():
            raw = _fresh_token(f)  # the same backup restored twice: the copy gets links of its own
        values[f.attname] = raw
    return values


def _reference(f, raw, new_ids):
    target = f.related_model._meta.label_lower
    if isinstance(raw, dict) and "preset" in raw:
        Variant = _model("scoresheet.Variant")
        preset = Variant.objects.filter(slug=raw["preset"], is_preset=True).first()
        if preset is None:
            raise BackupError(f"The preset {raw['preset']!r} is not in this Bookkeeper: run load_presets first.")
        return preset.pk
    if raw not in new_ids.get(target, {}):
        raise BackupError(f"{f.model._meta.label}.{f.name} names a {target} #{raw} the backup does not hold.")
    return new_ids[target][raw]


def _is_secret_token(model, f) -> bool:
    return f.name in ("token", "share_token") and f.unique


def _fresh_token(f) -> str:
    import secrets

    return secrets.token_urlsafe(32)[: f.max_length]
