"""How numbers and words are shown to players: on pages, in messages and on paper."""

from __future__ import annotations


def fmt(n: int) -> str:
    """5000 → "5,000"; -1000 → "−1,000" (a real minus sign, as printed sheets do)."""
    return f"−{abs(n):,}" if n < 0 else f"{n:,}"


def signed(n: int) -> str:
    """500 → "+500", -100 → "−100", 0 → "0"."""
    return f"+{fmt(n)}" if n > 0 else fmt(n)


def plural(label: str, count: int) -> str:
    return label if count == 1 else f"{label}s"


def join_and(parts: list[str]) -> str:
    """["a", "b", "c"] → "a, b and c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
