"""002's deal method 3 at a table of N reading punters: the table's own equilibrium, searched for
by a double oracle on dealt rounds (issue 27).

    .venv/bin/python bench/method3_oracle.py --punters N [--rounds R] [--steps S] [--seed S]
        [--gap G] [--start FILE] [--keep DIR] [--out FILE] [--rules NOTATION]
    .venv/bin/python bench/method3_oracle.py --punters N --confirm ROUNDS --keep DIR --seed S
        [--out FILE]

Each size's figures in ``--out`` (JSON) name the command that made them. ``--confirm``
measures a search kept in ``--keep`` again on fresh rounds (:func:`confirm`), its search's
figures in its output; the engine's dealer at a table doubles by the chances found
(``chances``: :mod:`trainer.engine.banker.method3_table` reads them from
``trainer/engine/data/method3_equilibria.json``, the confirmations' tables by size: docs/table.md
has the commands, 2,500 or 8,000 rounds a search, 8,000 fresh rounds a confirmation, seeds 27
and 28).

The table's game is the dealer's doubling chances ``p`` (by first card) against the punters'
play. Against punters reading ``p`` (each the best answer to it, reading the table's shown
cards: ``bench/method3_reading.py``'s reader) the bank gets ``E(p)``; ``max E(p)`` is the
table's value, and any ``E(p)`` is a lower bound on it. Against a mix of the punters' plays the
dealer's best answer gets an upper bound. Both are measured on the same dealt rounds
(``method3_reading.gains_round``: dealt once, played not doubled and doubled, every first card
of the dealer's weighed in, every turn enumerated exactly), so each play's bank results at the
table by first card (``[2, 10]``) are known, and the bank's result is linear in ``p`` against
each: a cut ``U_k(p) = c_k + e_k . p``.

The search (a double oracle): the plays so far are the heads-up equilibrium's answers, the game's
answer to ``p*`` and the best answers to ``method3_reading.FITTED_EXTRA``'s chances; each step
solves ``max t`` over ``p`` with ``t <= U_k(p)`` for every play (the restricted game, exactly:
:func:`.method3_mixed._solve`), whose ``t`` is the dealer's best answer to the punters' best mix
of those plays (an upper bound) and whose ``p`` is his best mix against them: the punters' best
answer to that ``p``, reading it, joins the plays, measured on the same rounds, and its
``E(p)`` is a lower bound. It stops when the two are within ``--gap`` or after ``--steps``.

The bounds chosen on the rounds they are measured on read too close (the best of noisy figures),
so the last step is cross-fitted: the dealer's ``p`` and the punters' mix are chosen on one
half of the rounds and measured on the other, both ways (``E(p)`` measured is unbiased; the
dealer's best answer on the measuring half to the mix errs upwards, as an upper bound may).
The width is paired (the same rounds), its standard error over rounds.

What is approximated, as in ``method3_reading``: the other punters' cards are dealt by the game's
play (not the play measured), and a face-down card's "not" is not read (``method3_nots.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import method3_reading as bench  # noqa: E402
import numpy as np  # noqa: E402

from trainer.engine.banker.method3_mixed import _cut, _solve, answer_to  # noqa: E402
from trainer.engine.rulebook.rules import Rules  # noqa: E402


def measure(
    game: bench.Game, readers: bench.Readers, punters: int, rounds: int, seed: int
) -> np.ndarray:
    """What each of ``readers`` takes off the bank, by round, ``[R, K, 2, 10]``: the same rounds
    for every call with the same ``seed`` (the deal draws on its own generator alone)."""
    game.reading(None, readers)
    rng = random.Random(f"{seed} {punters} oracle")
    return np.array([bench.gains_round(game, punters, rng) for _ in range(rounds)])


def joined(one: bench.Readers, two: bench.Readers) -> bench.Readers:
    assert one.banks is not None and two.banks is not None
    return bench.Readers(
        np.concatenate([one.weights, two.weights]),
        np.concatenate([one.chances, two.chances]),
        one.redoubling + two.redoubling,
        {d: np.concatenate([one.hits[d], two.hits[d]]) for d in (False, True)},
        {d: np.concatenate([one.splits[d], two.splits[d]]) for d in (False, True)},
        one.bank,
        np.concatenate([one.banks, two.banks]),
    )


def answering(rules: Rules, chances: np.ndarray) -> bench.Readers:
    """The punters' best answer to ``chances``, reading them (one play)."""
    answer = answer_to(rules, chances)
    return bench.Readers(
        np.zeros(1),
        np.asarray([chances], dtype=float),
        (answer.redoubling,),
        {d: np.asarray([answer.plays[d].hits]) for d in (False, True)},
        {d: np.asarray([answer.plays[d].splits]) for d in (False, True)},
        None,
        np.asarray([answer.bank]),
    )


def restricted(rules: Rules, kept: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """The restricted game on the plays' bank tables ``kept`` (``[K, 2, 10]``): its value ``t``,
    the dealer's chances and the punters' mix (the cuts' duals)."""
    t, found, duals = _solve([_cut(rules, each) for each in kept])
    return float(t), np.array([float(x) for x in found]), np.array([float(x) for x in duals])


def best_answer(
    mix: np.ndarray, banks: np.ndarray, taken: np.ndarray, share: np.ndarray
) -> np.ndarray:
    """The dealer's best answer's result by round to the punters' ``mix``: doubling on the first
    cards where, on these rounds, it gains against the mix (``[R]``)."""
    kept = np.einsum("k,rkij->rij", mix, banks[None] - taken)
    doubles = kept[:, 1].mean(axis=0) > kept[:, 0].mean(axis=0)
    result: np.ndarray = np.where(doubles, kept[:, 1], kept[:, 0]) @ share
    return result


def at_each(
    banks: np.ndarray, taken: np.ndarray, chances: np.ndarray, share: np.ndarray
) -> np.ndarray:
    """The bank's result by round, the dealer doubling with each of the plays' chances, against
    each play: ``[R, K (chances), K (play)]``."""
    kept = banks[None] - taken  # [R, J, 2, 10]
    mixed = (1 - chances[None, :, None]) * kept[:, None, :, 0] + chances[None, :, None] * kept[
        :, None, :, 1
    ]  # [R, K, J, 10]
    result: np.ndarray = mixed @ share
    return result


def lower_bound(each: np.ndarray) -> tuple[int, np.ndarray]:
    """From :func:`at_each`'s means (``[K, J]``): the chances whose worst play (the punters'
    best answer among the plays) leaves the bank most, and each chances' worst (``[K]``). A
    lower bound on the table's value where the plays hold the best answer to those chances (the
    search adds it)."""
    worst = each.min(axis=1)
    return int(np.argmax(worst)), worst


def cross_fitted(
    rules: Rules, banks: np.ndarray, taken: np.ndarray, chances: np.ndarray, share: np.ndarray
) -> list[dict[str, object]]:
    """The bounds chosen on one half of the rounds and measured on the other, both ways: the
    lower, the chances :func:`lower_bound` chooses on the choosing half, against the play worst
    for the bank on the measuring half (a minimum: it errs low); the upper, the dealer's best
    answer to the restricted game's mix (a maximum: it errs high); the width paired by round."""
    half = len(taken) // 2
    folds: list[dict[str, object]] = []
    for fit, test in ((slice(0, half), slice(half, None)), (slice(half, None), slice(0, half))):
        best, _ = lower_bound(at_each(banks, taken[fit], chances, share).mean(axis=0))
        _, _, mix = restricted(rules, banks - taken[fit].mean(axis=0))
        rows = at_each(banks, taken[test], chances[best : best + 1], share)[:, 0]  # [R, J]
        lower = rows[:, int(np.argmin(rows.mean(axis=0)))]
        upper = best_answer(mix, banks, taken[test], share)
        width = upper - lower
        folds.append(
            {
                "lower": float(lower.mean()),
                "lower_se": float(lower.std(ddof=1)) / len(lower) ** 0.5,
                "chances": [round(float(x), 4) for x in chances[best]],
                "upper": float(upper.mean()),
                "upper_se": float(upper.std(ddof=1)) / len(upper) ** 0.5,
                "mix": [round(float(x), 4) for x in mix],
                "width": float(width.mean()),
                "width_se": float(width.std(ddof=1)) / len(width) ** 0.5,
            }
        )
    return folds


def summary(
    rules: Rules, banks: np.ndarray, taken: np.ndarray, chances: np.ndarray, share: np.ndarray
) -> dict[str, object]:
    """On every round: the dealer's chances the search found best (:func:`lower_bound`), the
    bank's edge there against the punters reading them (the engine's table, ``edge``), the
    lower bound (against the play worst for the bank there), the upper (the dealer's best
    answer to the restricted game's mix), and the width, paired, each with its standard
    error."""
    best, _ = lower_bound(at_each(banks, taken, chances, share).mean(axis=0))
    rows = at_each(banks, taken, chances[best : best + 1], share)[:, 0]  # [R, J]
    _, _, mix = restricted(rules, banks - taken.mean(axis=0))
    series = {
        "edge": rows[:, best],
        "lower": rows[:, int(np.argmin(rows.mean(axis=0)))],
        "upper": best_answer(mix, banks, taken, share),
    }
    series["width"] = series["upper"] - series["lower"]
    found: dict[str, object] = {"chances": [float(x) for x in chances[best]]}
    for name, each in series.items():
        found[name] = float(each.mean())
        found[name + "_se"] = float(each.std(ddof=1)) / len(each) ** 0.5
    found["mix"] = [round(float(x), 4) for x in mix]
    return found


def search(
    game: bench.Game,
    punters: int,
    rounds: int,
    seed: int,
    steps: int,
    gap: float,
    start: list[np.ndarray] | None = None,
    keep: Path | None = None,
) -> dict[str, object]:
    """The double oracle at a table of ``punters`` (module doc), printed as it goes; ``start``:
    more chances whose best answers are among the first plays (another size's search's);
    ``keep``: a folder to keep the rounds' figures in."""
    rules, started = game.rules, time.perf_counter()
    share = np.asarray(game.shoe, dtype=float) / sum(game.shoe)
    extra = [np.asarray(game.game.chances, dtype=float)]
    extra += [bench._with(game.game.chances, cards) for cards in bench.FITTED_EXTRA]
    extra += list(start or [])
    readers = bench.mixed_readers(rules, extra)
    readers = bench.Readers(
        readers.weights, readers.chances, readers.redoubling, readers.hits, readers.splits,
        readers.bank, readers.banks,
    )  # fmt: skip
    taken = measure(game, readers, punters, rounds, seed)
    assert readers.banks is not None
    history = []
    for step in range(steps + 1):
        banks = readers.banks
        assert banks is not None
        kept = banks - taken.mean(axis=0)
        t, chances, mix = restricted(rules, kept)
        k, own = lower_bound(at_each(banks, taken, readers.chances, share).mean(axis=0))
        history.append(
            {"step": step, "plays": len(banks), "upper": t, "lower": float(own[k]),
             "lower_chances": [round(float(x), 4) for x in readers.chances[k]],
             "next": [round(float(x), 4) for x in chances],
             "mix": [round(float(x), 4) for x in mix], "seconds": time.perf_counter() - started}
        )  # fmt: skip
        print(
            f"  step {step}: {len(banks)} plays, restricted value {t:+.4%}, lower bound "
            f"{own[k]:+.4%} (at play {k}'s chances {np.round(readers.chances[k], 3)}); next p "
            f"{np.round(chances, 3)}; {time.perf_counter() - started:.0f} s",
            flush=True,
        )
        if t - own[k] <= gap or step == steps:
            break
        new = answering(rules, chances)
        readers = joined(readers, new)
        taken = np.concatenate([taken, measure(game, new, punters, rounds, seed)], axis=1)
    assert readers.banks is not None
    folds = cross_fitted(rules, readers.banks, taken, readers.chances, share)
    for fold in folds:
        print(
            f"  cross-fitted: lower {fold['lower']:+.4%} ± {fold['lower_se']:.4%} (at "
            f"{fold['chances']}), upper {fold['upper']:+.4%} ± "
            f"{fold['upper_se']:.4%}, width {fold['width']:+.4%} ± {fold['width_se']:.4%}",
            flush=True,
        )
    found = summary(rules, readers.banks, taken, readers.chances, share)
    print(
        f"  on every round: the dealer at {np.round(found['chances'], 4)}: the edge "
        f"{found['edge']:+.4%} ± {found['edge_se']:.4%}; bounds {found['lower']:+.4%} to "
        f"{found['upper']:+.4%}, width {found['width']:+.4%} ± {found['width_se']:.4%}",
        flush=True,
    )
    table = {
        "command": "bench/method3_oracle.py " + " ".join(sys.argv[1:]),
        "punters": punters,
        "rounds": rounds,
        "seed": seed,
        **found,
        "history": history,
        "chances_read": readers.chances.tolist(),
        "folds": folds,
        "seconds": time.perf_counter() - started,
    }
    if keep is not None:  # every play's results by round, for --confirm
        np.savez(keep / f"{punters}.npz", banks=readers.banks, taken=taken, chances=readers.chances)
        (keep / f"{punters}.json").write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    return table


def confirm(
    game: bench.Game, punters: int, rounds: int, seed: int, keep: Path
) -> dict[str, object]:
    """The search's choices (kept in ``keep`` by :func:`search`) measured again on fresh rounds
    (``seed``): the dealer's chances found against the punters reading them (the engine's table:
    ``edge``, unbiased, the choice made on other rounds), and p* so (paired: what the chances
    found gain the bank over it), and against each play of the mix; the
    dealer's best answer to the mix found (``upper``: chosen on these rounds, so it errs high,
    by some hundredths of a point where he is near indifferent); the width paired by round; and
    what doubling on each first card gains him against the mix (``gains``, ± ``gains_se``)."""
    rules, started = game.rules, time.perf_counter()
    share = np.asarray(game.shoe, dtype=float) / sum(game.shoe)
    kept = np.load(keep / f"{punters}.npz")
    banks, taken, chances = kept["banks"], kept["taken"], kept["chances"]
    best, _ = lower_bound(at_each(banks, taken, chances, share).mean(axis=0))
    _, _, mix = restricted(rules, banks - taken.mean(axis=0))
    # The game's p* too (one punter's equilibrium, which the dealer at a table kept before):
    # the chances found against it on the same rounds.
    p_star = int(np.argmin(np.abs(chances - np.asarray(game.game.chances)).sum(axis=1)))
    plays = sorted({best, p_star, *(int(k) for k in np.flatnonzero(mix > 1e-9))})
    readers = answering(rules, chances[plays[0]])
    for k in plays[1:]:
        readers = joined(readers, answering(rules, chances[k]))
    assert readers.banks is not None
    fresh = measure(game, readers, punters, rounds, seed)
    weights = mix[plays] / mix[plays].sum()
    at_star = at_each(readers.banks, fresh, chances[p_star : p_star + 1], share)[:, 0]
    rows = at_each(readers.banks, fresh, chances[best : best + 1], share)[:, 0]  # [R, plays]
    against = np.einsum("k,rkij->rij", weights, readers.banks[None] - fresh)  # [R, 2, 10]
    gains = against[:, 1] - against[:, 0]
    series = {
        "edge": rows[:, plays.index(best)],
        "lower": rows[:, int(np.argmin(rows.mean(axis=0)))],
        "upper": best_answer(weights, readers.banks, fresh, share),
    }
    series["width"] = series["upper"] - series["lower"]
    series["edge_at_p_star"] = at_star[:, plays.index(p_star)]
    series["gain_over_p_star"] = series["edge"] - series["edge_at_p_star"]
    found: dict[str, object] = {
        "rounds": rounds,
        "seed": seed,
        "chances": [float(x) for x in chances[best]],
        "mix": {str(k): round(float(w), 4) for k, w in zip(plays, weights, strict=True)},
        "gains": [float(x) for x in gains.mean(axis=0)],
        "gains_se": [float(x) / rounds**0.5 for x in gains.std(axis=0, ddof=1)],
    }
    for name, each in series.items():
        found[name] = float(each.mean())
        found[name + "_se"] = float(each.std(ddof=1)) / len(each) ** 0.5
    found["seconds"] = time.perf_counter() - started
    print(
        f"  fresh rounds ({rounds:,}, seed {seed}): the dealer at "
        f"{np.round(found['chances'], 4)}: the edge {found['edge']:+.4%} ± "
        f"{found['edge_se']:.4%}; bounds {found['lower']:+.4%} to {found['upper']:+.4%}, width "
        f"{found['width']:+.4%} ± {found['width_se']:.4%}; at p* {found['edge_at_p_star']:+.4%} "
        f"(paired: {found['gain_over_p_star']:+.4%} ± {found['gain_over_p_star_se']:.4%}); "
        f"doubling's gains against the mix "
        f"{np.round(found['gains'], 4)} ± {np.round(found['gains_se'], 4)}",
        flush=True,
    )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="twenty-one-home")
    parser.add_argument("--punters", type=int, nargs="+", required=True)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--gap", type=float, default=0.0002, help="stop within this (a fraction)")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--keep", type=Path, help="a folder to keep every round's figures in")
    parser.add_argument(
        "--start", type=Path, help="an earlier --out: its plays' chances join the first plays"
    )
    parser.add_argument(
        "--confirm", type=int, metavar="ROUNDS", help="the --keep search measured again, fresh"
    )
    args = parser.parse_args()
    if args.confirm:
        if args.keep is None:
            parser.error("--confirm reads the search kept in --keep")
        game = bench.Game(Rules.parse(args.rules))
        confirmed = []
        for n in args.punters:
            print(f"{n} punter(s), the search confirmed:", flush=True)
            table = confirm(game, n, args.confirm, args.seed, args.keep)
            searched = json.loads((args.keep / f"{n}.json").read_text("utf-8"))
            confirmed.append({"command": "bench/method3_oracle.py " + " ".join(sys.argv[1:]),
                              "punters": n, **table, "search": searched})  # fmt: skip
            if args.out is not None:
                document = {"rules": game.rules.notation(), "tables": confirmed}
                args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        return
    start = None
    if args.start is not None:
        tables = json.loads(args.start.read_text("utf-8"))["tables"]
        start = [np.asarray(c, dtype=float) for table in tables for c in table["chances_read"]]
        start = list({tuple(np.round(c, 12)): c for c in start}.values())
    game = bench.Game(Rules.parse(args.rules))
    found = []
    for n in args.punters:
        print(f"{n} punter(s), {args.rounds:,} rounds:", flush=True)
        table = search(game, n, args.rounds, args.seed, args.steps, args.gap, start, args.keep)
        found.append(table)
        if args.out is not None:
            document = {"rules": game.rules.notation(), "tables": found}
            args.out.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
