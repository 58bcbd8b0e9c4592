"""The hands a total-dependent strategy reaches, weighted, and its decisions' options summed over
them (numba): the walks of :func:`.optimum.evaluate`, compiled.

A walk starts from the hands the strategy hits first (or a pair's split hands) with their
weights, and goes card by card: a hand's weight passes to each longer hand in proportion to the
card's probability. On each hand where a decision is made it adds the hand's weighted values of
the options to that decision's totals, by (soft, total). Totals are arrays ``[soft, total]``;
``seen`` marks the decisions met. The hands are taken shortest first (:mod:`.hand_table`), so
every weight a hand receives has arrived before it passes its own on.

Where the strategy stands on a later decision, hitting's total is the exact one (the hand's
value of hitting and playing on by the strategy, which the core has worked out for every hand
anyway); the Python walk put a bound there and worked the exact value out when it mattered.
"""

from __future__ import annotations

from trainer.engine.jit import jit

__all__ = ["later_walk", "split_walk_totals"]


@jit
def _pass_on(i, w, weights, out, p, comp, total, counts, hard, cards, child):  # type: ignore[no-untyped-def]
    """Add ``w`` times each live card's probability to the longer hand's ``weights`` (a split
    hand has ``out`` more cards of value index ``p`` out of the shoe)."""
    left = total - cards[i] - out
    if left <= 0:
        return
    for v in range(min(21 - hard[i], 10)):
        have = comp[v] - counts[i, v] - (out if v == p else 0)
        if have > 0:
            weights[child[i, v]] += w * (have / left)


@jit
def later_walk(  # type: ignore[no-untyped-def]
    reach, order, comp, total, counts, hard, totals, soft, cards, child, may_draw, stand_on,
    stand, play, hit, perfect, later_hits, later_s, later_h, later_seen,
):  # fmt: skip
    """The unsplit hands reached after a first hit (``reach``: weights of two-card hands):
    each later decision's stand and hit totals (:func:`.optimum._later_hands`)."""
    weights = reach.copy()
    for n in range(order.shape[0]):
        i = order[n]
        w = weights[i]
        if w == 0.0:
            continue
        t = totals[i]
        if cards[i] > 2:
            if t >= 21 or stand_on[t] or not may_draw[cards[i]]:
                continue
            if t > 11:
                s = 1 if soft[i] else 0
                later_seen[s, t] = True
                later_s[s, t] += w * stand[i]
                if later_hits[s, t]:
                    later_h[s, t] += w * play[i]
                else:
                    later_h[s, t] += w * hit[i]
                    continue
        _pass_on(i, w, weights, 0, -1, comp, total, counts, hard, cards, child)


@jit
def split_walk_totals(  # type: ignore[no-untyped-def]
    first, order, p, comp, total, counts, hard, totals, soft, cards, child, may_draw, stand_on,
    stand, play, hit, double, may_double, later_hits, split_double, split_hits,
    later_s, later_h, later_seen, split_s, split_h, split_d, split_seen, split_d_seen,
):  # fmt: skip
    """A pair's split hands reached (``first``: the two-card split hands' weights per level):
    the split decision's totals on two cards, the later decisions' after
    (:func:`.optimum._split_hands`)."""
    weights = first.copy()
    levels = weights.shape[1]
    for n in range(order.shape[0]):
        i = order[n]
        row = weights[i]
        reached = False
        for j in range(levels):
            if row[j] != 0.0:
                reached = True
        if not reached:
            continue
        t = totals[i]
        c = cards[i]
        if t >= 21 or stand_on[t] or not may_draw[c]:
            continue
        s = 1 if soft[i] else 0
        if c == 2:
            split_seen[s, t] = True
            split_s[s, t] += _dot(row, stand[i])
            split_h[s, t] += _dot(row, hit[i])
            if may_double[i]:
                split_d_seen[s, t] = True
                split_d[s, t] += _dot(row, double[i])
                if split_double[s, t]:
                    continue
            if not split_hits[s, t]:
                continue
        elif t > 11:
            later_seen[s, t] = True
            later_s[s, t] += _dot(row, stand[i])
            if later_hits[s, t]:
                later_h[s, t] += _dot(row, play[i])
            else:
                later_h[s, t] += _dot(row, hit[i])
                continue
        for j in range(levels):
            if row[j] != 0.0:
                _pass_on(
                    i, row[j], weights[:, j], j + 1, p, comp, total, counts, hard, cards, child
                )


@jit
def _dot(a, b):  # type: ignore[no-untyped-def]
    s = 0.0
    for j in range(a.shape[0]):
        s += a[j] * b[j]
    return s
