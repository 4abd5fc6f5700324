"""The game list's pages, at the same cost for a ten-year club as for a new one (issue 39 item 1).

A visitor's list is their device's games and their clubs' games (selectors.visible_games). Read as
one query, the two (or several clubs) cannot be read off an index in the list's order, so the
database sorts every game of them to show 20. Here each part is read on its own, off its index
(``Game.Meta``: ``game_club_list_order`` for a club's games), the first games of each as far as the
page needs, and merged: a page reads at most its own number of games from each part, whatever
their history. With one part (a member of one club on a new phone, or anyone's device) it is one
query, as before.

The list is counted up to ``COUNTED`` games (or a little past the page asked for): past that the
pager says "of more than 1,000" rather than counting a club's every game on each visit.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.utils.functional import cached_property

from scoresheet.models import Game

ORDER = ("-status", "-updated_at", "-id")  # "in_progress" sorts after "finished": games in progress first
COUNTED = 1000


class MergedIds:
    """The ids of the games of ``parts`` (disjoint querysets) in ``ORDER``, sliced as a list is; a
    count that stops at ``counted``."""

    def __init__(self, whole: QuerySet[Game], parts: list[QuerySet[Game]], counted: int):
        self.whole, self.parts, self.counted = whole, parts, counted

    def count(self) -> int:
        return self.whole.order_by()[: self.counted + 1].count()

    def __getitem__(self, cut: slice):
        if len(self.parts) == 1:  # read off its index in the games' own query (a subquery)
            return self.parts[0].order_by(*ORDER).values_list("id", flat=True)[cut]
        keys = []
        for part in self.parts:
            keys += part.order_by(*ORDER).values_list("status", "updated_at", "id")[: cut.stop]
        keys.sort(reverse=True)  # status, then updated_at, then id, each descending: ORDER
        return [pk for _, _, pk in keys[cut]]


class CountedPaginator(Paginator):
    """A paginator over ``MergedIds``: ``more`` when there are more games than were counted (the
    count is then ``MergedIds.counted``, which reaches past the page asked for: it has a next)."""

    @cached_property
    def found(self) -> int:
        return self.object_list.count()

    @cached_property
    def count(self) -> int:
        return min(self.found, self.object_list.counted)

    @cached_property
    def more(self) -> bool:
        return self.found > self.object_list.counted


def paginator(whole: QuerySet[Game], parts: list[QuerySet[Game]], per_page: int, number) -> CountedPaginator:
    """A paginator of ``parts`` (``whole``: all of them in one queryset, for the count), counting at
    least to the page after ``number``."""
    try:
        asked = int(number)
    except (TypeError, ValueError):
        asked = 1
    counted = max(COUNTED, (min(asked, 10**6) + 1) * per_page)
    return CountedPaginator(MergedIds(whole, parts, counted), per_page)
