"""Write the sample workbooks the README and the import pages offer for download:
static/samples/results-sample.xlsx and roster-sample.xlsx. Run it after changing their shape:

    .venv/bin/python scripts/make_samples.py

They are written by league.exchange.workbooks, the code that writes the exports, so a sample is exactly the
shape an import reads.
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from league.exchange import workbooks as xlsx  # noqa: E402  (after the path: the script runs from anywhere)

# Two nights: a night of two sittings at two tables (one a table of three teams), then a
# night of single players (Players blank: the team is one player of that name).
RESULTS = [
    (date(2026, 9, 1), 1, 1, "Ann & Bob", "Ann & Bob", 5230, "hand-and-foot"),
    (date(2026, 9, 1), 1, 1, "Cleo & Dan", "Cleo & Dan", 3815, "hand-and-foot"),
    (date(2026, 9, 1), 2, 1, "Eve & Fay", "Eve & Fay", 4100, "hand-and-foot"),
    (date(2026, 9, 1), 2, 1, "Gus & Hal", "Gus & Hal", 2950, "hand-and-foot"),
    (date(2026, 9, 1), 2, 1, "Ivy & Jo", "Ivy & Jo", -120, "hand-and-foot"),
    (date(2026, 9, 1), 1, 2, "Ann & Cleo", "Ann & Cleo", 4460, "hand-and-foot"),
    (date(2026, 9, 1), 1, 2, "Bob & Eve", "Bob & Eve", 4705, "hand-and-foot"),
    (date(2026, 9, 1), 2, 2, "Dan & Fay", "Dan & Fay", 3300, "hand-and-foot"),
    (date(2026, 9, 1), 2, 2, "Gus & Ivy", "Gus & Ivy", 3310, "hand-and-foot"),
    (date(2026, 9, 8), 1, 1, "Ann", None, 2890, "hand-and-foot-individual"),
    (date(2026, 9, 8), 1, 1, "Hal", None, 3120, "hand-and-foot-individual"),
    (date(2026, 9, 8), 1, 1, "Jo", None, 1985, "hand-and-foot-individual"),
]
ROSTER = [
    ("Ann", "ann@example.com", "555 0101", "yes"),
    ("Bob", None, "555 0102", "yes"),
    ("Cleo", "cleo@example.com", None, "yes"),
    ("Dan", None, None, "no"),
]


def main() -> None:
    out = ROOT / "static" / "samples"
    out.mkdir(parents=True, exist_ok=True)
    (out / "results-sample.xlsx").write_bytes(xlsx.results_workbook(RESULTS, xlsx.GAME_LOG_START, []))
    (out / "roster-sample.xlsx").write_bytes(xlsx.roster_workbook(ROSTER))
    print(f"Wrote {out / 'results-sample.xlsx'} and {out / 'roster-sample.xlsx'}")


if __name__ == "__main__":
    main()
