"""A sitting's flags kept as their English words (sittings drawn before flags were kept as their
kind and what they name) become stored flags, so that every page says them in its reader's
language; words of no known flag stay as they are. The words' patterns are copied here as they
were written (league.nights.seating.flags no longer reads words)."""

import re

from django.db import migrations

_NTH = r"(?P<nth>\d+)(?:st|nd|rd|th)"
_WORDS = [
    ("bye again", re.compile(rf"(?P<who>.+) sits out this sitting, for the {_NTH} time tonight")),
    (
        "bye this season",
        re.compile(r"(?P<who>.+) sits out this sitting: not yet tonight, (?P<n>\d+) before this season"),
    ),
    ("bye", re.compile(r"(?P<who>.+) sits out this sitting: not yet tonight")),
    ("partners", re.compile(rf"repeat partners: (?P<a>.+?) & (?P<b>.+) \({_NTH} time\)")),
    ("opponents", re.compile(rf"repeat opponents: (?P<a>.+?) & (?P<b>.+) \({_NTH} time\)")),
    (
        "alone",
        re.compile(r"(?P<names>.+) play on their own at table (?P<n>\d+) \(the night allows tables without partners\)"),
    ),
    (
        "apart",
        re.compile(r"partnership apart: (?P<team>.+) \((?:(?P<away>.+) not playing|no table for this partnership)\)"),
    ),
    ("new", re.compile(r"new partnership: (?P<team>.+)")),
]


def _from_words(words: str) -> dict | str:
    """A flag kept as its English words, as a stored flag; words it does not know, as they are."""
    for kind, pattern in _WORDS:
        match = pattern.fullmatch(words)
        if match is None:
            continue
        if kind.startswith("bye"):
            tonight = int(match["nth"]) - 1 if kind == "bye again" else 0
            season = int(match["n"]) if kind == "bye this season" else 0
            return {"kind": "bye", "who": match["who"], "tonight": tonight, "season": season}
        if kind in ("partners", "opponents"):
            return {"kind": kind, "a": match["a"], "b": match["b"], "time": int(match["nth"])}
        if kind == "alone":
            *most, last = match["names"].rsplit(" and ", 1)
            return {"kind": "alone", "names": [*(most[0].split(", ") if most else []), last], "table": match["n"]}
        away = match.groupdict().get("away")
        return {"kind": kind, "team": match["team"].split(" & "), "away": away.split(" & ") if away else []}
    return words


def flags_as_kinds(apps, schema_editor):
    Sitting = apps.get_model("league", "Sitting")
    changed = []
    for sitting in Sitting.objects.exclude(flags=[]).only("pk", "flags").iterator():
        flags = [flag if isinstance(flag, dict) else _from_words(str(flag)) for flag in sitting.flags]
        if flags != sitting.flags:
            sitting.flags = flags
            changed.append(sitting)
    Sitting.objects.bulk_update(changed, ["flags"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("league", "0019_player_claims")]
    operations = [migrations.RunPython(flags_as_kinds, migrations.RunPython.noop)]
