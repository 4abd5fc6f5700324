"""Names as a search compares them and as a list sorts them (league/clubs/names.py)."""

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
