"""What the commands share: printing JSON and text any terminal takes, writing the ``--out`` file."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import CommandError

from scoresheet.paper.print_language import codes


def is_text(value: str) -> bool:
    """False when ``value`` holds bytes that were not UTF-8 (kept by Python as lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def printable(text: object, limit: int | None = None) -> str:
    """``text`` safe to print on any terminal, cut to ``limit`` characters if one is given.

    A file name given on the command line may hold bytes that are not UTF-8; Python keeps
    them as lone surrogates, which a UTF-8 standard output refuses to print.
    """
    text = str(text).encode("utf-8", "backslashreplace").decode("utf-8")
    return text if limit is None or len(text) <= limit else text[: limit - 1] + "…"


def out_path(value: str) -> Path:
    """The ``--out`` file, checked before any work is done: its folder exists and it is not a folder."""
    out = Path(value)
    try:
        is_folder, parent_exists = out.is_dir(), out.parent.is_dir()
    except OSError as exc:  # a name longer than the file system allows, …
        raise CommandError(f"--out: {printable(out, 80)}: {exc.strerror or exc}.", returncode=2) from None
    if is_folder:
        raise CommandError(
            f"--out: {printable(out)} is a folder; give the name of the PDF file to write.", returncode=2
        )
    if not parent_exists:
        raise CommandError(f"--out: the folder {printable(out.parent)} does not exist.", returncode=2)
    return out


def write_pdf(out: Path, content: bytes) -> None:
    try:
        out.write_bytes(content)
    except OSError as exc:  # no permission, a full disk, a read-only file system …
        raise CommandError(f"--out: cannot write {printable(out)}: {exc.strerror or exc}.", returncode=2) from None


def to_json(output: object, encoding: str | None) -> str:
    """The output as JSON the terminal can print.

    Text is printed as itself. Where it cannot be (a lone surrogate echoed in a message,
    or a terminal that is not UTF-8), every non-ASCII character is written as a \\u escape
    instead: the same JSON to any program that reads it.
    """
    text = json.dumps(output, indent=2, ensure_ascii=False)
    try:
        text.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return json.dumps(output, indent=2)
    return text


def add_language(parser) -> None:
    """The ``--language`` of a command that prints for people."""
    parser.add_argument("--language", default="en", help=f"the language printed: {' or '.join(codes())} (default: en)")


def language(options: dict) -> str:
    """The ``--language`` given, checked: a language Bookkeeper speaks, else one line and status 2."""
    code = options["language"]
    if code not in codes():
        raise CommandError(f"--language: {' or '.join(codes())}, not “{printable(code, limit=40)}”.", returncode=2)
    return code
