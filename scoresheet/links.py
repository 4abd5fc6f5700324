"""Where a game's pages are: at its own addresses (/games/<id>/…), or under a night table's link
(/t/<token>/…) for the players at that table, who have no account.

The game page and the round form are the same templates either way; they take every address
from a GameLinks, so a page opened through a table link only ever links on within that link.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

# The URL names of each page, per kind of address. A table link offers no delete: whoever holds
# it may play the game, not remove it; and only a table link has "agree".
_NAMES = {
    "scoresheet": {
        "game": "game-detail",
        "round_edit": "round-edit",
        "round_preview": "round-preview",
        "finish": "game-finish",
        "reopen": "game-reopen",
        "undo": "game-undo",
        "pdf": "game-pdf",
        "delete": "game-delete",
    },
    "tables": {
        "game": "game",
        "round_edit": "round-edit",
        "round_preview": "round-preview",
        "finish": "finish",
        "reopen": "reopen",
        "undo": "undo",
        "pdf": "pdf",
        "agree": "agree",
    },
}


@dataclass(frozen=True)
class GameLinks:
    namespace: str  # "scoresheet" (a game id) or "tables" (a table token)
    key: int | str

    @classmethod
    def for_game(cls, game) -> GameLinks:
        return cls("scoresheet", game.pk)

    @classmethod
    def for_table(cls, table) -> GameLinks:
        return cls("tables", table.token)

    @property
    def is_table_link(self) -> bool:
        return self.namespace == "tables"

    def _url(self, page: str, *args) -> str | None:
        name = _NAMES[self.namespace].get(page)
        return reverse(f"{self.namespace}:{name}", args=[self.key, *args]) if name else None

    @property
    def game(self) -> str:
        return self._url("game")

    def round_edit(self, number: int) -> str:
        return self._url("round_edit", number)

    def round_preview(self, number: int) -> str:
        return self._url("round_preview", number)

    @property
    def finish(self) -> str:
        return self._url("finish")

    @property
    def reopen(self) -> str:
        return self._url("reopen")

    @property
    def undo(self) -> str:
        return self._url("undo")

    @property
    def pdf(self) -> str:
        return self._url("pdf")

    @property
    def delete(self) -> str | None:
        """None where the game cannot be deleted from (a table link)."""
        return self._url("delete")

    @property
    def agree(self) -> str | None:
        """None but for a table link."""
        return self._url("agree")
