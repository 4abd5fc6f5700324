"""A club's seasons: the organiser creates and edits them, members read their rules in words."""

import html

import pytest

from league.models import Role, Season, Seat
from league.nights import services as night_services
from scoresheet.games import services as scoresheet_services
from scoresheet.models import Variant
from tests.league.factories import club, member, night

pytestmark = pytest.mark.django_db


@pytest.fixture
def tuesday():
    return club("tuesday", "Tuesday Club")


@pytest.fixture
def organiser(client, tuesday):
    client.force_login(member(tuesday, "olga", Role.ORGANISER))
    return client


def preset(slug: str) -> Variant:
    return Variant.objects.get(slug=slug)


def season_data(**changes) -> dict:
    data = {
        "name": "Autumn 2026",
        "start": "2026-09-01",
        "end": "2026-11-30",
        "variant": preset("hand-and-foot").pk,
        "ranking": "vp",
        "min_nights": "3",
        "best_nights": "8",
        "blowout_margin": "",
    }
    return {**data, **changes}


def page(response) -> str:
    return html.unescape(response.content.decode())


def test_a_season_may_go_on_with_no_last_day(organiser, tuesday):
    response = organiser.post("/clubs/tuesday/seasons/new/", season_data(end=""), follow=True)
    season = Season.objects.get(club=tuesday)
    assert season.end is None
    assert "from 1 Sep 2026, going on" in page(response)
    assert "from 1 Sep 2026, going on" in page(organiser.get("/clubs/tuesday/seasons/"))


def test_the_organiser_creates_a_season_and_reads_its_rules_in_words(organiser, tuesday):
    response = organiser.post("/clubs/tuesday/seasons/new/", season_data(), follow=True)
    season = Season.objects.get(club=tuesday)
    assert (season.name, str(season.start), str(season.end)) == ("Autumn 2026", "2026-09-01", "2026-11-30")
    assert (season.variant.slug, season.ranking, season.min_nights, season.best_nights) == ("hand-and-foot", "vp", 3, 8)
    assert season.blowout_margin == 5000  # left empty: the hand-and-foot family's margin
    text = page(response)
    assert "Ranked by victory points per game (then points)." in text
    assert "Players need 3 nights to be ranked." in text
    assert "The best 8 nights of each player count." in text
    assert "A win by 5,000 or more is a full 20–0 in VP." in text
    assert season.early_games == "played" and "A game finished early counts as played." in text  # not sent


def test_the_organiser_says_how_a_game_finished_early_counts(organiser, tuesday):
    response = organiser.post("/clubs/tuesday/seasons/new/", season_data(early_games="scaled"), follow=True)
    assert Season.objects.get(club=tuesday).early_games == "scaled"
    assert "A game finished early is scaled up to a full game" in page(response)
    response = organiser.post("/clubs/tuesday/seasons/new/", season_data(name="Winter", early_games="ignored"))
    assert response.status_code == 400 and not Season.objects.filter(name="Winter").exists()


@pytest.mark.parametrize(
    ("slug", "margin"), [("hand-and-foot-6-deck", 5000), ("hand-knee-and-foot", 10000), ("canasta", 2500)]
)
def test_an_empty_blowout_margin_is_the_usual_one_of_the_variants_family(organiser, tuesday, slug, margin):
    organiser.post("/clubs/tuesday/seasons/new/", season_data(variant=preset(slug).pk))
    assert Season.objects.get(club=tuesday).blowout_margin == margin


def test_a_margin_given_is_kept_and_the_defaults_are_plain(organiser, tuesday):
    data = season_data(blowout_margin="4000", min_nights="0", best_nights="", ranking="wins")
    response = organiser.post("/clubs/tuesday/seasons/new/", data, follow=True)
    assert Season.objects.get(club=tuesday).blowout_margin == 4000
    text = page(response)
    assert "Ranked by wins (then points)." in text
    assert "Every player is ranked" in text
    assert "Every night counts." in text
    assert "A win by 4,000 or more" in text


def test_a_season_can_play_the_clubs_house_rules(organiser, tuesday):
    house = scoresheet_services.house_rules_copy(club=tuesday, source=preset("canasta"), name="Our Canasta")
    assert organiser.post("/clubs/tuesday/seasons/new/", season_data(variant=house.pk)).status_code == 302
    season = Season.objects.get(club=tuesday)
    assert (season.variant, season.blowout_margin) == (house, 2500)


def test_the_organiser_edits_a_season(organiser, tuesday):
    organiser.post("/clubs/tuesday/seasons/new/", season_data())
    season = Season.objects.get(club=tuesday)
    form = organiser.get(f"/clubs/tuesday/seasons/{season.pk}/edit/")
    assert 'value="Autumn 2026"' in form.content.decode() and 'value="5000"' in form.content.decode()
    data = season_data(name="Fall 2026", ranking="average", min_nights="1", best_nights="1", blowout_margin="6000")
    response = organiser.post(f"/clubs/tuesday/seasons/{season.pk}/edit/", data, follow=True)
    season.refresh_from_db()
    assert (season.name, season.ranking, season.min_nights, season.best_nights) == ("Fall 2026", "average", 1, 1)
    assert season.blowout_margin == 6000
    text = page(response)
    assert "Ranked by average points per game." in text
    assert "Players need 1 night to be ranked." in text
    assert "Only each player's best night counts." in text
    # Keeping its own name is not a clash with itself.
    assert organiser.post(f"/clubs/tuesday/seasons/{season.pk}/edit/", data).status_code == 302


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"end": "2026-08-31"}, "end", "The last day cannot be before the first day."),
        ({"best_nights": "0"}, "best_nights", "greater than or equal to 1"),
        ({"blowout_margin": "-5"}, "blowout_margin", "greater than or equal to 1"),
        ({"blowout_margin": "0"}, "blowout_margin", "greater than or equal to 1"),
        ({"min_nights": "-1"}, "min_nights", "greater than or equal to 0"),
        ({"name": "   "}, "name", "This field is required."),
        ({"start": "31/02/2026"}, "start", "Enter a valid date."),
        ({"ranking": "luck"}, "ranking", "Select a valid choice."),
    ],
)
def test_bad_input_is_refused_beside_its_field_and_nothing_is_saved(organiser, tuesday, changes, field, message):
    response = organiser.post("/clubs/tuesday/seasons/new/", season_data(**changes))
    assert response.status_code == 400
    assert message in response.context["form"].errors[field][0]
    assert message in page(response)
    assert not Season.objects.exists()


def test_a_variant_of_another_club_is_not_a_choice(organiser, tuesday):
    friday = club("friday", "Friday Club")
    theirs = scoresheet_services.house_rules_copy(club=friday, source=preset("hand-and-foot"), name="Friday rules")
    form = organiser.get("/clubs/tuesday/seasons/new/").content.decode()
    assert "Friday rules" not in form and "Hand and Foot" in form
    response = organiser.post("/clubs/tuesday/seasons/new/", season_data(variant=theirs.pk))
    assert response.status_code == 400
    assert "Select a valid choice" in response.context["form"].errors["variant"][0]
    assert not Season.objects.exists()


@pytest.mark.engine
def test_a_name_is_unique_in_the_club_but_not_across_clubs(organiser, tuesday):
    Season.objects.create(
        club=club("friday", "Friday Club"),
        name="Autumn 2026",
        start="2026-09-01",
        end="2026-11-30",
        variant=preset("canasta"),
        blowout_margin=2500,
    )
    assert organiser.post("/clubs/tuesday/seasons/new/", season_data()).status_code == 302
    response = organiser.post("/clubs/tuesday/seasons/new/", season_data(name="autumn 2026"))
    assert response.status_code == 400
    assert "already has a season of this name" in response.context["form"].errors["name"][0]
    assert Season.objects.filter(club=tuesday).count() == 1


def test_an_edit_refused_changes_nothing(organiser, tuesday):
    organiser.post("/clubs/tuesday/seasons/new/", season_data())
    season = Season.objects.get(club=tuesday)
    response = organiser.post(
        f"/clubs/tuesday/seasons/{season.pk}/edit/", season_data(name="Renamed", end="2026-01-01")
    )
    assert response.status_code == 400
    season.refresh_from_db()
    assert (season.name, str(season.end)) == ("Autumn 2026", "2026-11-30")


def test_members_find_the_seasons_from_the_club_page(client, tuesday):
    Season.objects.create(
        club=tuesday,
        name="Spring",
        start="2026-03-01",
        end="2026-05-31",
        variant=preset("canasta"),
        blowout_margin=2500,
    )
    client.force_login(member(tuesday, "vic", Role.VIEWER))
    assert "/clubs/tuesday/seasons/" in client.get("/clubs/tuesday/").content.decode()
    listing = client.get("/clubs/tuesday/seasons/").content.decode()
    assert "Spring" in listing and "Canasta" in listing
    assert "New season" not in listing  # a viewer does not create seasons
    season_page = page(client.get(f"/clubs/tuesday/seasons/{Season.objects.get().pk}/"))
    assert "A win by 2,500 or more is a full 20–0 in VP." in season_page
    assert "Edit the season" not in season_page


def test_the_database_refuses_a_season_that_ends_before_it_starts(tuesday):
    from django.db import IntegrityError

    with pytest.raises(IntegrityError):
        Season.objects.create(
            club=tuesday,
            name="Backwards",
            start="2026-05-01",
            end="2026-04-30",
            variant=preset("canasta"),
            blowout_margin=2500,
        )


def test_the_season_says_which_tables_its_nights_allow_and_refuses_a_table_its_rules_lack(organiser):
    refused = organiser.post("/clubs/tuesday/seasons/new/", season_data(table_shapes="2x2,2x3"))
    assert refused.status_code == 400 and not Season.objects.exists()
    assert "2x3 is not a table of this variant" in page(refused)
    organiser.post("/clubs/tuesday/seasons/new/", season_data(table_shapes="all"))
    season = Season.objects.get()
    assert season.table_shapes == "all"
    # A night of the season whose own box is blank allows what the season does: all 13 players at
    # Hand and Foot play (with partnership tables only, one would sit out).
    the_night = night(season.club, players=13, season=season)
    sitting = night_services.sitting_draw(night=the_night)
    assert Seat.objects.filter(team__game__table__sitting=sitting).count() == 13
    assert not sitting.byes.exists()
