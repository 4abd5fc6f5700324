"""An import's rows written as plain inserts (scoresheet.games.plain_inserts, issue 39 item 4) are the
rows Django's ``bulk_create`` writes, and their history rows those simple-history's bulk helper writes."""

from __future__ import annotations

import pytest
from simple_history.utils import bulk_create_with_history

from scoresheet.games import history, plain_inserts
from scoresheet.models import Game, Round, Team, TeamRound, Variant

pytestmark = pytest.mark.django_db

MADE = {"id", "token", "share_token", "created_at", "updated_at"}  # different for each row whoever writes it
HISTORY_MADE = {"history_id", "history_date", "history_change_id", *MADE}


@pytest.fixture(autouse=True)
def _presets(presets):
    """Every test here needs the preset variants."""


def rows(model, pks) -> list[dict]:
    found = model.objects.filter(pk__in=pks).order_by("pk").values()
    return [{k: v for k, v in row.items() if k not in MADE} for row in found]


def history_rows(model, pks) -> list[dict]:
    found = model.history.filter(id__in=pks).order_by("id").values()
    return [{k: v for k, v in row.items() if k not in HISTORY_MADE} for row in found]


def test_rows_written_plainly_are_the_rows_bulk_create_writes():
    variant = Variant.objects.get(slug="hand-and-foot")

    def games(make):
        return [
            make(Game, variant_id=variant.pk, rules_document=variant.document, name=f"Gé {i}", variant_name="H&F")
            for i in range(3)
        ]

    built = Game.objects.bulk_create(games(lambda model, **values: model(**values)))
    plain = plain_inserts.create(Game, games(plain_inserts.new))
    assert all(game.pk and not game._state.adding for game in plain)
    assert rows(Game, [g.pk for g in plain]) == rows(Game, [g.pk for g in built])

    def entries(make, game_rows):
        teams = [
            make(Team, game_id=game.pk, position=p, name=f"T{p}", players="Ann & Bob")
            for game in game_rows
            for p in (0, 1)
        ]
        return teams

    built_teams = Team.objects.bulk_create(entries(lambda model, **values: model(**values), built))
    plain_teams = plain_inserts.create(Team, entries(plain_inserts.new, plain))
    rounds = plain_inserts.create(Round, [plain_inserts.new(Round, game_id=g.pk, number=1) for g in plain + built])
    round_of = {r.game_id: r.pk for r in rounds}

    def totals(make, teams):
        adjustments = [{"label": "Final score (imported)", "points": -45}]
        return [
            make(TeamRound, round_id=round_of[t.game_id], team_id=t.pk, adjustments=adjustments, total=-45)
            for t in teams
        ]

    built_totals = TeamRound.objects.bulk_create(totals(lambda model, **values: model(**values), built_teams))
    plain_totals = plain_inserts.create(TeamRound, totals(plain_inserts.new, plain_teams))

    def strip(found):  # the keys differ: the rows they point at are others
        return [{k: v for k, v in row.items() if k not in ("round_id", "team_id", "game_id")} for row in found]

    assert strip(rows(Team, [t.pk for t in plain_teams])) == strip(rows(Team, [t.pk for t in built_teams]))
    assert strip(rows(TeamRound, [t.pk for t in plain_totals])) == strip(rows(TeamRound, [t.pk for t in built_totals]))


def test_history_rows_written_plainly_are_those_of_simple_historys_bulk_helper():
    variant = Variant.objects.get(slug="hand-and-foot")

    def games():
        return [
            Game(variant=variant, rules_document=variant.document, name=f"G{i}", variant_name="H&F") for i in range(3)
        ]

    with history.change("results_imported"):
        plain = history.bulk_create(Game, games())
        built = bulk_create_with_history(games(), Game, **history._bulk_history())
    assert len(history_rows(Game, [g.pk for g in plain])) == 3
    assert history_rows(Game, [g.pk for g in plain]) == history_rows(Game, [g.pk for g in built])
    change = {row.history_change_id for row in Game.history.filter(id__in=[g.pk for g in plain + built])}
    assert len(change) == 1  # one change, whoever wrote the rows


def test_a_new_row_is_what_the_model_makes_of_the_same_values():
    made = TeamRound(round_id=7, team_id=8, total=12, adjustments=[{"label": "x", "points": 12}])
    new = plain_inserts.new(TeamRound, round_id=7, team_id=8, total=12, adjustments=[{"label": "x", "points": 12}])
    assert {k: v for k, v in vars(new).items() if k != "_state"} == {
        k: v for k, v in vars(made).items() if k != "_state"
    }
    with pytest.raises(TypeError):
        plain_inserts.new(TeamRound, nonsense=1)
