"""Where a game's pages are. Four kinds of address:

- "play": /g/<game token>/… — a casual game's only address, and any game's for whoever holds
  its play token (the device that started it, a phone it was handed to by QR code);
- "share": /s/<share token>/ — the score sheet read only: no forms, no links to actions;
- "scoresheet": /games/<id>/… — a club's game, for the club's members (league.access);
- "tables": /t/<table token>/… — a night table's game for the players at that table.

The game page and the round form are the same templates whichever the address; they take every
address from a GameLinks, so a page only ever links on within the address it was opened at.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

# The URL names of each page, per kind of address. A page missing from a kind is not offered
# there: a table link offers no delete (whoever holds it may play the game, not remove it) and
# only a table link has "agree"; a share link offers nothing but the sheet.
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
        "restore": "game-restore",
        "renew": "game-renew",
    },
    "play": {
        "game": "game",
        "round_edit": "round-edit",
        "round_preview": "round-preview",
        "finish": "finish",
        "reopen": "reopen",
        "undo": "undo",
        "pdf": "pdf",
        "delete": "delete",
        "restore": "restore",
        "renew": "renew",
    },
    "share": {
        "game": "game",
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
    namespace: str  # "play", "share", "scoresheet" or "tables": see the module's docstring
    key: int | str
    viewer: bool = False  # a club's viewer at /games/<id>/: the sheet and its PDF, nothing to change

    @classmethod
    def for_game(cls, game, *, read_only: bool = False) -> GameLinks:
        """A club's game at its id (members only; ``read_only`` for a member who may only read)."""
        return cls("scoresheet", game.pk, viewer=read_only)

    @classmethod
    def for_table(cls, table) -> GameLinks:
        return cls("tables", table.token)

    @classmethod
    def for_play(cls, game) -> GameLinks:
        """The game at its play token."""
        return cls("play", game.token)

    @classmethod
    def for_share(cls, game) -> GameLinks:
        """The game's read-only share link."""
        return cls("share", game.share_token)

    @classmethod
    def home_of(cls, game) -> GameLinks:
        """The address a list links a game at: a club's game at its id (its members' lists),
        a casual one at its play token (the device's own list)."""
        return cls.for_game(game) if game.club_id is not None else cls.for_play(game)

    @property
    def is_table_link(self) -> bool:
        return self.namespace == "tables"

    @property
    def read_only(self) -> bool:
        """Nothing to change here: a share link, or a club's viewer."""
        return self.namespace == "share" or self.viewer

    def _url(self, page: str, *args) -> str | None:
        if self.viewer and page not in ("game", "pdf"):
            return None
        name = _NAMES[self.namespace].get(page)
        return reverse(f"{self.namespace}:{name}", args=[self.key, *args]) if name else None

    @property
    def game(self) -> str:
        return self._url("game")

    def round_edit(self, number: int) -> str | None:
        return self._url("round_edit", number)

    def round_preview(self, number: int) -> str | None:
        return self._url("round_preview", number)

    @property
    def finish(self) -> str | None:
        return self._url("finish")

    @property
    def reopen(self) -> str | None:
        return self._url("reopen")

    @property
    def undo(self) -> str | None:
        return self._url("undo")

    @property
    def pdf(self) -> str | None:
        return self._url("pdf")

    @property
    def delete(self) -> str | None:
        """None where the game cannot be deleted from (a table link, a share link)."""
        return self._url("delete")

    @property
    def restore(self) -> str | None:
        return self._url("restore")

    @property
    def renew(self) -> str | None:
        """Where the game's tokens are renewed (the old addresses then answer 404)."""
        return self._url("renew")

    @property
    def agree(self) -> str | None:
        """None but for a table link."""
        return self._url("agree")
