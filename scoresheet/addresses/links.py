"""Where a game's pages are. Four doors (scoresheet.addresses.doors), each with the same pages under its
own address (scoresheet.addresses.game_urls) and URL namespace:

- "play": /g/<game token>/… — a casual game's only address, and any game's for whoever holds
  its play token (the device that started it, a phone it was handed to by QR code);
- "share": /s/<share token>/ — the score sheet read only: no forms, no links to actions;
- "games": /games/<id>/… — a club's game, for the club's members (league.doors);
- "tables": /t/<table token>/… — a night table's game for the players at that table (league.doors).

The game page and the round form are the same templates whichever the door; they take every
address from a GameLinks, so a page only ever links on within the door it was opened at, and
only to what that door offers its visitor.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from scoresheet.addresses import doors

# Each page's URL name (the same under every door) and what a visitor must be offered to see it.
_PAGES = {
    "game": ("game", doors.READ),
    "round_edit": ("round-edit", doors.ENTER),
    "round_preview": ("round-preview", doors.ENTER),
    "finish": ("finish", doors.FINISH),
    "reopen": ("reopen", doors.REOPEN),
    "undo": ("undo", doors.UNDO),
    "redo": ("redo", doors.UNDO),  # who may undo may redo
    "pdf": ("pdf", doors.PRINT),
    "delete": ("delete", doors.DELETE),
    "restore": ("restore", doors.RESTORE),
    "renew": ("renew", doors.RENEW),
    "agree": ("agree", doors.AGREE),
}


@dataclass(frozen=True)
class GameLinks:
    namespace: str  # the door: "play", "share", "games" or "tables" (see the module's docstring)
    key: int | str
    offers: frozenset[str]  # what the door offers this visitor: a page not offered has no link

    @classmethod
    def at(cls, door: str, key: int | str, offers: frozenset[str] | None = None) -> GameLinks:
        """The game at ``door`` with ``key``; ``offers``: the door's whole offer unless given."""
        return cls(door, key, doors.get(door).offers if offers is None else offers)

    @classmethod
    def for_play(cls, game) -> GameLinks:
        """The game at its play token."""
        return cls.at("play", game.token)

    @classmethod
    def for_share(cls, game) -> GameLinks:
        """The game's read-only share link."""
        return cls.at("share", game.share_token)

    @classmethod
    def home_of(cls, game) -> GameLinks:
        """The address a list links a game at: a club's game at its id (its members' lists),
        a casual one at its play token (the device's own list)."""
        return cls.at("games", game.pk) if game.club_id is not None else cls.for_play(game)

    @property
    def is_table_link(self) -> bool:
        return doors.get(self.namespace).visitor == doors.TABLE_LINK

    @property
    def read_only(self) -> bool:
        """Nothing to change here: a share link, or a club's viewer."""
        return doors.ENTER not in self.offers

    def _url(self, page: str, *args) -> str | None:
        name, needs = _PAGES[page]
        return reverse(f"{self.namespace}:{name}", args=[self.key, *args]) if needs in self.offers else None

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
    def redo(self) -> str | None:
        return self._url("redo")

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
