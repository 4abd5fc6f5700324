"""The night page says, per table, when the table was last heard from: its latest save or
agreement (a table whose phone lost the hall's Wi-Fi stops being heard from). Opening a page is
not hearing: nothing is written when a table's sheet is only looked at."""

import datetime

import pytest

from league.models import Agreement, Role, Table
from league.nights import services as night_services
from scoresheet.models import Game
from tests.league.factories import club, member, night
from tests.league.test_night_pages import record_round, text

pytestmark = pytest.mark.django_db


def at(hour: int, minute: int) -> datetime.datetime:
    return datetime.datetime(2026, 11, 24, hour, minute, tzinfo=datetime.UTC)


def heard(client, the_night, table: Table) -> str:
    """What the night page says of ``table``: its part of the page, from its heading to its link."""
    page = text(client.get(f"/clubs/tuesday/nights/{the_night.pk}/"))
    return page.split(f"Table {table.number} ", 1)[1].split(f"Table {table.number}’s score sheet")[0]


def test_each_table_says_when_it_was_last_heard_from_by_a_save_or_an_agreement(client, presets):
    tuesday = club("tuesday", "Tuesday Club")
    tuesday.time_zone = "Europe/Paris"  # the club's clock: 21:14 in Paris is 20:14 UTC in November
    tuesday.save(update_fields=["time_zone"])
    client.force_login(member(tuesday, "vic", Role.VIEWER))
    the_night = night(tuesday, players=8)
    sitting = night_services.sitting_draw(night=the_night)
    first, second = Table.objects.filter(sitting=sitting).order_by("number")
    assert "Not heard from yet" in heard(client, the_night, first)

    record_round(first.game)
    Game.objects.filter(pk=first.game.pk).update(updated_at=at(20, 14))
    assert "Last heard from at 21:14 (" in heard(client, the_night, first)
    assert "Not heard from yet" in heard(client, the_night, second)

    client.get(f"/t/{first.token}/")  # the table's phone opens its sheet: not heard from by that
    assert "Last heard from at 21:14 (" in heard(client, the_night, first)

    Agreement.objects.create(team=first.game.teams.first(), at=at(20, 31), device="phone-1")
    assert "Last heard from at 21:31 (" in heard(client, the_night, first)
