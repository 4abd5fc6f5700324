"""Names as a search compares them and as a list sorts them (league/clubs/names.py)."""

import pytest

from league.clubs.names import search_key, sort_key


def test_search_key_folds_case_accents_and_letters_unicode_does_not_decompose():
    assert search_key("Ægir Þórsson") == "aegir thorsson"
    assert search_key("Jérôme Dœuf") == "jerome doeuf"
    assert search_key("Søren  Łukasz STRAẞE") == "soren lukasz strasse"
    # What a reader types finds the name: "aegir" in Ægir, "doeuf" in Dœuf.
    assert search_key("aegir") in search_key("Ægir Þórsson")
    assert search_key("DOEUF") in search_key("Jérôme Dœuf")


def test_sort_key_orders_names_as_a_reader_expects():
    names = ["Zoé", "Villeneuve", "Østergaard", "Björn", "Bénédicte", "Ægir", "bob", "Émile", "Eve"]
    assert sorted(names, key=sort_key) == [
        "Ægir",  # Æ is "ae": among the A's, not after Z
        "Bénédicte",  # é sorts as e, before ö
        "Björn",
        "bob",
        "Émile",
        "Eve",
        "Østergaard",  # among the O's, not after V
        "Villeneuve",
        "Zoé",
    ]


@pytest.mark.django_db
def test_check_in_where_do_i_sit_and_the_roster_find_and_sort_names_as_a_reader_does(client):
    """Issue 35 item 8: "aegir" and "doeuf" found neither Ægir Þórsson nor Jérôme Dœuf, and the
    roster put Ægir after Zoé."""
    import re

    from league.models import Role
    from league.nights import services as night_services
    from tests.league.factories import club, member, night, player

    tuesday = club("tuesday", "Tuesday Club")
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    the_night = night(tuesday, players=0)
    for name in ("Zoé Martin", "Jérôme Dœuf", "Ægir Þórsson", "Björn Ek", "Bénédicte Roy"):
        night_services.check_in(night=the_night, player=player(tuesday, name))
    checkin = f"/clubs/tuesday/nights/{the_night.pk}/checkin/"
    for typed, found in (("aegir", "Ægir Þórsson"), ("doeuf", "Jérôme Dœuf"), ("THORS", "Ægir Þórsson")):
        rows = client.get(checkin, {"q": typed}).context["rows"]
        assert [row["player"].name for row in rows] == [found], typed
    order = ["Ægir Þórsson", "Bénédicte Roy", "Björn Ek", "Jérôme Dœuf", "Zoé Martin"]
    assert [row["player"].name for row in client.get(checkin).context["rows"]] == order
    roster = client.get("/clubs/tuesday/players/").content.decode()
    assert [name for name in re.findall(r">([^<>]+)</a>", roster) if name in order] == order
    seats = client.get(f"/n/{the_night.token}/", {"q": "aegir"}).content.decode()
    assert re.findall(r'data-name="[^"]*"><a [^>]*>([^<]*)</a>', seats) == ["Ægir Þórsson"]
