"""Names as a search compares them and as a list sorts them (league/clubs/names.py)."""

import pytest

from league.clubs.names import finds, search_key, sort_key


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


def test_a_search_finds_a_name_holding_each_word_typed_in_any_order():
    assert finds("doeuf jer", "Jérôme Dœuf") and finds("  THORSSON  aegir ", "Ægir Þórsson")
    assert finds("", "Zoé Martin")  # nothing typed: everyone
    assert not finds("aegir zoe", "Ægir Þórsson")  # every word, not any


def test_the_browser_spells_out_the_same_letters_as_the_server():
    """static/js/search_key.js folds what is typed for the lists that narrow as one types; the names'
    keys come from search_key: the two must spell out the same letters (the browser test compares
    their results on names)."""
    import json
    import re
    from pathlib import Path

    from league.clubs import names

    script = (Path(__file__).resolve().parents[2] / "static" / "js" / "search_key.js").read_text(encoding="utf-8")
    table = re.search(r"var SPELLED_OUT = (\{.*?\});", script, re.S).group(1)
    assert json.loads(table) == {chr(code): text for code, text in names._SPELLED_OUT.items()}


@pytest.mark.django_db
def test_the_roster_finds_names_as_a_reader_types_them(client):
    """The roster's "Find a player" (without the script: ?q=; with it the list narrows as one
    types, each name carrying its key): "aegir" finds Ægir Þórsson, "doeuf" Jérôme Dœuf, among
    the active players and those not active alike."""
    import re

    from league.models import Role
    from tests.league.factories import club, member, player

    tuesday = club("tuesday", "Tuesday Club")
    client.force_login(member(tuesday, "vic", Role.VIEWER))
    for name in ("Zoé Martin", "Ægir Þórsson", "Björn Ek"):
        player(tuesday, name)
    gone = player(tuesday, "Jérôme Dœuf")
    gone.active = False
    gone.save()

    def listed(**query):
        page = client.get("/clubs/tuesday/players/", query).content.decode()
        return re.findall(
            r'<li class="player" data-name="([^"]*)">\s*<span class="player-name"><a [^>]*>([^<]*)</a>', page
        )

    assert listed() == [
        ("aegir thorsson", "Ægir Þórsson"),
        ("bjorn ek", "Björn Ek"),
        ("zoe martin", "Zoé Martin"),
        ("jerome doeuf", "Jérôme Dœuf"),  # not active: the second list
    ]
    assert listed(q="aegir") == [("aegir thorsson", "Ægir Þórsson")]
    assert listed(q="DOEUF") == [("jerome doeuf", "Jérôme Dœuf")]
    nobody = client.get("/clubs/tuesday/players/", {"q": "Xavier"}).content.decode()
    assert "Nobody on the roster matches that name." in nobody and listed(q="Xavier") == []
    assert "data-find-none hidden" not in nobody


@pytest.mark.django_db
def test_players_tied_in_the_standings_are_listed_as_a_reader_sorts_names(client):
    """Partners tie on every number: Ægir Þórsson comes among the A's, before Björn and Zoé, on
    the night's standings and when the season's table is sorted by name."""
    import re

    from league.models import Role
    from league.standings import selectors
    from tests.league.factories import club, member, night, season, table_result

    tuesday = club("tuesday", "Tuesday Club")
    autumn = season(tuesday, name="Autumn")
    the_night = night(tuesday, players=0, season=autumn)
    table_result(the_night, 1, 1, [("Zoé Martin & Ægir Þórsson", 3000), ("Björn Ek & Émile Roy", 1000)], agreed=True)
    ranked = [row.name for row in selectors.night_standings(night=the_night).rows]
    assert ranked == ["Ægir Þórsson", "Zoé Martin", "Björn Ek", "Émile Roy"]
    client.force_login(member(tuesday, "vic", Role.VIEWER))
    page = client.get(f"/clubs/tuesday/seasons/{autumn.pk}/standings/", {"sort": "name"}).content.decode()
    order = re.findall(r"(Ægir Þórsson|Zoé Martin|Björn Ek|Émile Roy)</a>", page)
    assert order == ["Ægir Þórsson", "Björn Ek", "Émile Roy", "Zoé Martin"]
