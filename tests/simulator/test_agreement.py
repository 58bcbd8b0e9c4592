"""The simulator plays the engine's game: the same shuffled shoes dealt through the compiled
kernel and through the engine's Table and Round give the same net, round by round, for every
preset (002 home's dealer never doubling the bets; 004 as its text deals it, every card face
down, the punters on the chart of one column and the engine's own banker playing his best
against the kernel's table of his play, and as its face-up reading) and some options changed;
and its flat-bet edge with a full shoe each round is the strategy engine's exact house edge
(004's: the fixed point's), within three standard errors."""

from __future__ import annotations

import itertools

import pytest

from trainer.engine.banker.face_down import banker_draws
from trainer.engine.banker.face_down_chart import one_column_chart
from trainer.engine.counting import find_system
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.engine.strategy import chart
from trainer.simulator.face_down_tables import banker_hands, face_down_tables
from trainer.simulator.referee import engine_nets, kernel_trace
from trainer.simulator.run import prepare, run, warm
from trainer.simulator.summary import summarise
from trainer.simulator.tables import P

HI_LO = find_system("hi-lo")
# 004 as its text deals it (every card face down, the banker's best play) and its face-up reading.
FACE_UP = "deal_faces=casino banker_best=false"
FACE_DOWN = [name for name in preset_names() if find_preset(name).deal_faces == "all-down"]
PLAYED = [*preset_names(), *(f"{name} {FACE_UP}" for name in FACE_DOWN)]
VARIANTS = [
    "russian-bank decks=1",
    "russian-bank dealer_stands_on=15",
    "vegas-6d-s17 surrender=early",
    "vegas-6d-s17 double_on=10-11 resplit_aces=true blackjack_pays=6:5",
    "vegas-6d-h17 double_after_split=false max_split_hands=2 surrender_vs_ace=false",
    "casino-boxes no_hole_card_loses=original surrender=late",
    "single-deck split_aces_one_card=false split_by=value",
    "double-deck dealer_hits_soft_17=false dealer_stands_on=16 burn_cards=3 penetration=1/2",
]


def _agree(notation: str, seats: int, rounds: int) -> None:
    rules = Rules.parse(notation)
    job = prepare(rules, chart=chart(rules), system=HI_LO, seats=seats, seed=7, trace=True)
    nets, orders = kernel_trace(job, rounds)
    engine = engine_nets(rules, job, orders, rounds)
    differ = [i for i, (a, b) in enumerate(zip(nets, engine, strict=True)) if abs(a - b) > 1e-9]
    assert not differ, (
        f"round {differ[0] + 1}: kernel {nets[differ[0]]}, engine {engine[differ[0]]}"
    )
    assert len(orders) > 1  # the shoe was shuffled again on the way, as often in the engine


@pytest.mark.parametrize("seats", [1, 3])
@pytest.mark.parametrize("notation", PLAYED)
def test_every_preset_plays_the_engines_rounds(notation: str, seats: int) -> None:
    _agree(notation, seats, 1500)


@pytest.mark.parametrize("notation", VARIANTS)
def test_rule_options_play_the_engines_rounds(notation: str) -> None:
    _agree(notation, 2, 1500)


@pytest.mark.long
@pytest.mark.parametrize("seats", [1, 4])
def test_the_kernels_banker_is_the_engines_best_banker(seats: int) -> None:
    """Every hand the banker may draw to, against every table of punters standing: the
    kernel's table says what the engine's banker_draws says."""
    rules = find_preset("russian-bank")
    tables = face_down_tables(rules, seats)
    drawn = range(4)  # max_draws=3: a punter standing drew 0 to 3 cards
    assert tables.bank.shape == (len(banker_hands(rules)), tables.base**4)
    states = {hand: i for i, hand in enumerate(banker_hands(rules))}
    checked = 0
    for counts in itertools.product(range(seats + 1), repeat=len(drawn)):
        if not 0 < sum(counts) <= seats:
            continue
        column = sum(n * tables.base**d for d, n in zip(drawn, counts, strict=True))
        punters = [(1.0, d) for d, n in zip(drawn, counts, strict=True) for _ in range(n)]
        for hand, state in states.items():
            if len(hand) >= 2:
                assert bool(tables.bank[state, column]) == banker_draws(rules, hand, punters)
                checked += 1
    assert checked > 5_000
    assert tables.bank.any() and not tables.bank.all()


def test_a_wrong_rule_in_the_kernel_is_caught() -> None:
    """The referee can fail: the kernel told the dealer stands on soft 17 where he hits."""
    rules = Rules.parse("vegas-6d-h17")
    job = prepare(rules, chart=chart(rules), system=HI_LO, seats=2, seed=7, trace=True)
    job.params.ints[P["h17"]] = 0
    nets, orders = kernel_trace(job, 1500)
    engine = engine_nets(rules, job, orders, 1500)
    assert any(abs(a - b) > 1e-9 for a, b in zip(nets, engine, strict=True))


def test_the_engine_gathers_the_kernels_cards_at_each_shuffle() -> None:
    rules = Rules.parse("permanent-bank")
    job = prepare(rules, chart=chart(rules), system=HI_LO, seats=2, seed=3, trace=True)
    job.params.ints[P["reserve"]] = 0  # the kernel forgets 000's reserve: other cards gathered
    _, orders = kernel_trace(job, 400)
    with pytest.raises(AssertionError, match="gathered other cards"):
        engine_nets(rules, job, orders, 400)


# Rounds for the edge check: a standard error of about 0.08 points; seconds, not minutes.
EDGE_ROUNDS = 2_000_000


@pytest.mark.parametrize(
    "notation", ["vegas-6d-s17 surrender=none", "single-deck", "casino-boxes", "twenty-one-club"]
)
def test_flat_bet_edge_on_a_full_shoe_is_the_exact_edge(notation: str) -> None:
    rules = Rules.parse(notation)
    exact = chart(rules)
    job = prepare(rules, chart=exact, system=HI_LO, seed=11, fresh=True)
    warm(job)
    sums = run(job, EDGE_ROUNDS)
    found = summarise(
        sums,
        rules=notation,
        seats=1,
        min_bet=rules.min_bet,
        bucket_lo=-10,
        bankroll=None,
        seconds=1.0,
        compile_seconds=0.0,
        settings={},
    )
    assert abs(-found.player_edge_percent - exact.house_edge) < 3 * found.se_percent
    assert 0.03 < found.se_percent < 0.1


def test_the_russian_bank_as_dealt_has_the_fixed_points_edge() -> None:
    """Issue 27: the kernel deals 004 as its text does (every card face down, the banker playing
    his best), each round from a full pack, one punter flat: its edge is the engine's fixed
    point's, +14.83% for the punter (a house edge of -14.83%), within three standard errors.
    The fixed point deals the punter's and the banker's cards as if apart (its one named
    approximation); the kernel deals both from one pack, so this measures that too."""
    rules = find_preset("russian-bank")
    exact = one_column_chart(rules).house_edge
    job = prepare(rules, chart=chart(rules), system=HI_LO, seed=13, fresh=True)
    warm(job)
    found = summarise(
        run(job, EDGE_ROUNDS),
        rules="russian-bank",
        seats=1,
        min_bet=rules.min_bet,
        bucket_lo=-10,
        bankroll=None,
        seconds=1.0,
        compile_seconds=0.0,
        settings={},
    )
    assert exact == pytest.approx(-14.83, abs=0.01)
    assert abs(-found.player_edge_percent - exact) < 3 * found.se_percent
    assert 0.03 < found.se_percent < 0.2
