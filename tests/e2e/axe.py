"""axe-core in the browser tests: the engine behind browsers' accessibility audits, vendored in
tests/e2e/vendor/axe-core/ (users never load it). ``problems(page)`` runs every rule of axe on
the page as it is and returns what is serious or critical, each as one readable line.

axe goes in through Playwright's evaluate (the debugging protocol), which the pages'
Content-Security-Policy does not govern: the page is checked with its own policy in force, and
any test's browser can run it."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
SOURCE = AXE.read_text(encoding="utf-8") + "\n;void 0"  # a script, not a function: it sets window.axe
BLOCKING = ("serious", "critical")
ALSO = ("heading-order",)  # moderate for axe, but a screen reader's outline of the page skips a level

# Every rule (runOnly not set); the result lists only the violations. Besides axe's own rules, every
# id an aria-describedby names must be on the page: axe passes a field if one of its ids exists.
RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  const missing = [...document.querySelectorAll("[aria-describedby]")].flatMap(el =>
    el.getAttribute("aria-describedby").split(/\\s+/).filter(id => id && !document.getElementById(id))
      .map(id => ({id: "aria-describedby-missing", impact: "serious", help: `no element with id ${id}`,
                   nodes: [{target: [el.id ? "#" + el.id : el.outerHTML.slice(0, 80)]}]})));
  return [...result.violations, ...missing].map(v => ({
    id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map(n => n.target.join(" ")),
  }));
}"""


def problems(page) -> list[str]:
    """The serious and critical accessibility violations on ``page`` (and the heading order's):
    "id (impact): help — targets"."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(SOURCE)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {', '.join(v['targets'][:5])}"
        for v in page.evaluate(RUN)
        if v["impact"] in BLOCKING or v["id"] in ALSO
    ]


def report(failures: dict[str, list[str]]) -> str:
    """The problems found, page by page, to read in a failed test's message."""
    return "\n".join(f"{name}:\n  " + "\n  ".join(found) for name, found in failures.items())
