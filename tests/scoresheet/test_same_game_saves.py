"""Two people, one sheet: many devices saving the same round of the same game at the same moment.

Each thread has its own database connection (two or eight real connections at once, on SQLite's
file and on PostgreSQL in .ci/run's database pass). Whatever the order, the round is stored once,
with one device's values and the totals those values make; every other device is told that
someone else saved it (RoundConflict), and nothing is half-saved. The same form sent twice (a
double tap) records once.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from scoresheet.games import services
from scoresheet.models import Game, Round, TeamRound, Variant
from scoresheet.scoring.engine import Entry

DEVICES = 8  # the overlap is the point, not the number: 8 threads still save at one moment


def new_game() -> Game:
    return services.game_create(
        variant=Variant.objects.get(slug="hand-and-foot"),
        mode="teams",
        teams=[services.TeamData("Us"), services.TeamData("Them")],
    )


def entries_of(device: int) -> list[Entry]:
    """Device ``device``'s round 1: Us go out with 2 clean (2 × 500, HF-1 002 L57) + 2 dirty (2 × 300)
    + 1 wild (1,500, 002 L59), the books going out needs, + 100 for going out (002 L60) + 10 × device
    melded; Them 1 clean (500) + 100 melded. Us = 3,200 + 10 × device; Them = 600."""
    return [
        Entry(books={"clean": 2, "dirty": 2, "wild": 1}, melded_points=10 * device, went_out=True),
        Entry(books={"clean": 1}, melded_points=100),
    ]


def save_at_once(game: Game, devices: int, entries) -> dict[int, str]:
    """``devices`` threads save round 1 of ``game`` from a form opened on a new round, together."""
    together = threading.Barrier(devices)
    outcomes: dict[int, str] = {}

    def device(n: int) -> None:
        try:
            together.wait(timeout=60)
            services.round_record(game=game, number=1, entries=entries(n), version="new")
            outcomes[n] = "saved"
        except services.RoundConflict:
            outcomes[n] = "conflict"
        except Exception as error:  # noqa: BLE001 — anything else is a failure to report
            outcomes[n] = f"{type(error).__name__}: {error}"
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=(n,)) for n in range(1, devices + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


@pytest.mark.parametrize("devices", [2, DEVICES])
@pytest.mark.django_db(transaction=True)
def test_devices_saving_one_round_at_once_store_it_once(presets, devices):
    game = new_game()
    outcomes = save_at_once(game, devices, entries_of)
    assert sorted(set(outcomes.values())) <= ["conflict", "saved"], outcomes
    winners = [n for n, outcome in outcomes.items() if outcome == "saved"]
    assert len(winners) == 1 and len(outcomes) == devices
    assert Round.objects.filter(game=game).count() == 1
    totals = list(TeamRound.objects.filter(round__game=game).order_by("team__position").values_list("total", flat=True))
    assert totals == [3200 + 10 * winners[0], 600]


@pytest.mark.django_db(transaction=True)
def test_the_same_form_sent_twice_at_once_records_once(presets):
    game = new_game()
    outcomes = save_at_once(game, 2, lambda n: entries_of(7))  # a double tap: the same values twice
    assert sorted(outcomes.values()) == ["saved", "saved"]  # the second is the first, already done
    assert Round.objects.filter(game=game).count() == 1
    assert TeamRound.objects.filter(round__game=game).count() == 2


@pytest.mark.django_db(transaction=True)
def test_devices_on_games_of_their_own_and_on_one_game_at_once(presets):
    """Tables on their own games and as many devices on one common game, all at once:
    every round is in the database exactly once and every total is right."""
    games = [new_game() for _ in range(DEVICES)]
    common = new_game()
    together = threading.Barrier(2 * DEVICES)
    outcomes: dict[tuple[str, int], str] = {}

    def device(kind: str, n: int, game: Game) -> None:
        try:
            together.wait(timeout=60)
            services.round_record(game=game, number=1, entries=entries_of(n), version="new")
            outcomes[kind, n] = "saved"
        except services.RoundConflict:
            outcomes[kind, n] = "conflict"
        except Exception as error:  # noqa: BLE001
            outcomes[kind, n] = f"{type(error).__name__}: {error}"
        finally:
            connection.close()

    threads = [threading.Thread(target=device, args=("own", n, games[n - 1])) for n in range(1, DEVICES + 1)]
    threads += [threading.Thread(target=device, args=("common", n, common)) for n in range(1, DEVICES + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)
    assert [outcomes["own", n] for n in range(1, DEVICES + 1)] == ["saved"] * DEVICES
    common_outcomes = [outcomes["common", n] for n in range(1, DEVICES + 1)]
    assert common_outcomes.count("saved") == 1 and common_outcomes.count("conflict") == DEVICES - 1
    for n, game in enumerate(games, start=1):
        assert list(
            TeamRound.objects.filter(round__game=game).order_by("team__position").values_list("total", flat=True)
        ) == [3200 + 10 * n, 600]
    assert Round.objects.count() == DEVICES + 1
    assert TeamRound.objects.count() == 2 * (DEVICES + 1)
