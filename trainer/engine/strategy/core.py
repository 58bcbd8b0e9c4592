"""The compiled core of the exact EVs (numba): the dealer's outcomes and the player's values of
every hand at once, for one shoe and up card, over arrays.

What it computes is defined in :mod:`.dealer` and :mod:`.ev`; this module does that arithmetic
for every hand of the :class:`~.hand_table.HandTable` in compiled loops instead of one Python
call per hand:

- :func:`dealer_outcomes`: each hand's dealer outcome probabilities with its cards out of the
  shoe. The hands are walked depth first, so each hand's per-entry probabilities are its
  parent's times one factor per entry (the factor of :mod:`.dealer`), kept on a stack as deep
  as the longest hand.
- :func:`stand_values`: standing on each hand (its outcomes times the pay of each).
- :func:`player_values`: playing on (perfectly, or by a chart's codes), hitting and doubling,
  from the longest hands back.
- :func:`split_stands` and :func:`split_values`: the same for one pair's split hands, a value
  per level of pair cards out (the method and its one approximation are in :mod:`.ev`).

Every product and sum is the one the per-hand Python walk it replaced made, in the same order,
except where a hand's probabilities are derived through another parent and where the walks'
totals are summed in another order (the last bits may differ: well within the 1e-9 to which
``tests/strategy/test_engine_output.py`` holds every chart and study).

The kernels are numba's (:mod:`trainer.engine.jit`), compiled where first called (and cached on
disk), or ahead of time into an extension module of their own at set-up
(:mod:`.aot`): the engine calls them through :mod:`.kernels`, which picks the one there is.
"""

from __future__ import annotations

import numpy as np

from trainer.engine.jit import jit

__all__ = [
    "base_probabilities",
    "dealer_outcomes",
    "player_values",
    "split_stands",
    "split_values",
    "stand_values",
]

BUST = 22
BJ = 23


@jit
def _base_probabilities(comp, total, mults, orders, lengths, out):  # type: ignore[no-untyped-def]
    """Each dealer entry's probability from the whole shoe: its orders times the falling
    factorials of the counts it draws, over that of the shoe's cards (see :mod:`.dealer`)."""
    for e in range(orders.shape[0]):
        out[e] = 0.0
        k = lengths[e]
        if k > total:
            continue
        p = orders[e]
        for v in range(10):
            m = mults[e, v]
            have = comp[v]
            for j in range(m):
                p *= have - j
        if p:
            for j in range(k):
                p /= total - j
        out[e] = p


@jit
def _take(prev, cur, v, avail, left, pair_of, pair_m, pair_k, factors):  # type: ignore[no-untyped-def]
    """``cur``: the entries' probabilities once a card of value index ``v`` leaves a shoe of
    ``left`` cards holding ``avail`` of them (``prev`` before it)."""
    if avail <= 0:
        cur[:] = 0.0
        return
    scale = 1.0 / avail
    for q in range(pair_m.shape[1]):
        k = pair_k[v, q]
        factors[q] = (avail - pair_m[v, q]) * scale * left / (left - k) if left > k else 0.0
    index = pair_of[v]
    for e in range(prev.shape[0]):
        cur[e] = prev[e] * factors[index[e]]


@jit
def _sums(probs, starts, row):  # type: ignore[no-untyped-def]
    """Each outcome's probability: the sum of its entries (the table is sorted by outcome)."""
    n = starts.shape[0]
    for o in range(n):
        end = starts[o + 1] if o + 1 < n else probs.shape[0]
        s = 0.0
        for e in range(starts[o], end):
            s += probs[e]
        row[o] = s


@jit
def dealer_outcomes(  # type: ignore[no-untyped-def]
    comp, total, mults, orders, lengths, pair_of, pair_m, pair_k, starts, counts, parent, added
):
    """Each hand's outcome probabilities (rows: hands, columns: the table's outcomes): the
    hand's entries are its parent's times the factor of the card added (:func:`_take`), each
    outcome the sum of its entries (:func:`_sums`), both in one pass over the entries."""
    hands = counts.shape[0]
    entries = orders.shape[0]
    outcomes = starts.shape[0]
    deepest = 0
    for i in range(hands):
        deepest = max(deepest, counts[i].sum())
    stack = np.empty((deepest + 1, entries))
    out = np.empty((hands, outcomes))
    factors = np.empty(pair_m.shape[1])
    _base_probabilities(comp, total, mults, orders, lengths, stack[0])
    _sums(stack[0], starts, out[0])
    for i in range(1, hands):
        par = parent[i]
        v = added[i]
        depth = 0
        for w in range(10):
            depth += counts[par, w]
        avail = comp[v] - counts[par, v]
        # What _take and _sums do, inlined on purpose (da0de865): one pass over the entries
        # multiplies and sums them, where calling both took two; same terms, same order, so
        # the same bits. Keep the two in step with _take and _sums.
        prev = stack[depth]
        cur = stack[depth + 1]
        if avail <= 0:
            cur[:] = 0.0
            out[i] = 0.0
            continue
        left = total - depth
        scale = 1.0 / avail
        for q in range(pair_m.shape[1]):
            k = pair_k[v, q]
            factors[q] = (avail - pair_m[v, q]) * scale * left / (left - k) if left > k else 0.0
        index = pair_of[v]
        for o in range(outcomes):
            end = starts[o + 1] if o + 1 < outcomes else entries
            s = 0.0
            for e in range(starts[o], end):
                p = prev[e] * factors[index[e]]
                cur[e] = p
                s += p
            out[i, o] = s
    return out


@jit
def _pay(code, total, bonus, has_bonus, peek_like, collects, bust_pays, ties, voids):  # type: ignore[no-untyped-def]
    """What standing on ``total`` pays against one dealer outcome: nothing lost to his natural
    where it is settled before play (else ``collects``), at least ``bust_pays`` when he busts, a
    21's bonus where one is due (not against his 21 where ``voids``: a tie pays no bonus), else
    win, lose (a tie too where ``ties`` go to him) or push."""
    if code == BJ:
        return 0.0 if peek_like else -collects
    if code == BUST:
        paid = bonus if has_bonus and bonus != 0.0 else 1.0
        return paid if paid >= bust_pays else bust_pays
    if has_bonus and not (code == 21 and voids):
        return bonus
    if total > code:
        return 1.0
    if total < code or ties:
        return -1.0
    return 0.0


@jit
def stand_values(  # type: ignore[no-untyped-def]
    out, codes, totals, bonus_kind, bonuses, peek_like, collects, bust_pays, ties, voids
):
    """Standing on each hand: its outcomes times what each pays (``bonuses`` by kind, NaN
    where the rules pay none)."""
    hands = out.shape[0]
    stand = np.empty(hands)
    for i in range(hands):
        total = totals[i]
        bonus = bonuses[bonus_kind[i]] if total == 21 else np.nan
        has_bonus = not np.isnan(bonus)
        s = 0.0
        for o in range(codes.shape[0]):
            s += out[i, o] * _pay(
                codes[o], total, bonus, has_bonus, peek_like, collects, bust_pays, ties, voids
            )
        stand[i] = s
    return stand


@jit
def _bust_mass(counts, extra_card, extra, comp, from_value, left, safe, peek_like, natural):  # type: ignore[no-untyped-def]
    """Sum over the busting next cards of count x busted value, the removed cards being
    ``counts`` plus ``extra`` of value index ``extra_card``: -1 a card, or where a natural is
    settled before play, -1 times P(the hole card makes none) once that card is out (less
    where the card drawn is the one that would have made it)."""
    gone = 0
    for v in range(safe, 10):
        gone += counts[v]
    if extra_card >= safe:
        gone += extra
    busting = from_value[safe] - gone
    if busting <= 0:
        return 0.0
    if not peek_like or natural < 0 or left <= 1:
        return -float(busting)
    naturals = comp[natural] - counts[natural] - (extra if extra_card == natural else 0)
    mass = -busting * (1.0 - naturals / (left - 1))
    if natural >= safe and naturals > 0:
        mass -= naturals / (left - 1)
    return mass


@jit
def _draws(i, play, stand, comp, total, counts, hard, cards, child, from_value, peek_like, natural):  # type: ignore[no-untyped-def]
    """Joint EVs of one more card to hand ``i`` and then playing on (``play``) or standing
    (``stand``, by hand index), in one pass over the cards; standing where the shoe is empty."""
    left = total - cards[i]
    if left <= 0:
        return stand[i], stand[i]
    safe = 21 - hard[i]
    hit = 0.0
    double = 0.0
    for v in range(min(safe, 10)):
        have = comp[v] - counts[i, v]
        if have > 0:
            c = child[i, v]
            hit += have * play[c]
            double += have * stand[c]
    if safe < 10:
        mass = _bust_mass(counts[i], -1, 0, comp, from_value, left, safe, peek_like, natural)
        hit += mass
        double += mass
    return hit / left, double / left


@jit
def player_values(  # type: ignore[no-untyped-def]
    stand, comp, total, counts, hard, totals, soft, cards, child, order,
    may_draw, stand_on, any_stand_on, policy_hit, has_policy, from_value, peek_like, natural,
):  # fmt: skip
    """Playing on, hitting and doubling each hand: playing on is hitting a hard 11 or less
    (it cannot do worse), else the best of hit and stand, or a chart's
    ``policy_hit[soft, total]`` where ``has_policy``; standing where the hand may not draw."""
    hands = counts.shape[0]
    play = np.zeros(hands)
    hit = np.zeros(hands)
    double = np.zeros(hands)
    for n in range(order.shape[0]):
        i = order[n]
        t = totals[i]
        can_hit = t < 21 and not stand_on[t] and may_draw[cards[i]]
        hit[i], once = _draws(
            i, play, stand, comp, total, counts, hard, cards, child, from_value, peek_like, natural
        )
        double[i] = 2.0 * once
        if can_hit and t <= 11 and not any_stand_on:
            play[i] = hit[i]
        elif can_hit and has_policy:
            play[i] = hit[i] if policy_hit[1 if soft[i] else 0, t] else stand[i]
        elif can_hit:
            play[i] = hit[i] if hit[i] > stand[i] else stand[i]
        else:
            play[i] = stand[i]
    return play, hit, double


@jit
def base_probabilities(comp, total, mults, orders, lengths):  # type: ignore[no-untyped-def]
    """Each dealer entry's probability from the whole shoe (:func:`_base_probabilities`), for
    every pair's :func:`split_stands` of one shoe and up card."""
    out = np.empty(orders.shape[0])
    _base_probabilities(comp, total, mults, orders, lengths, out)
    return out


@jit
def _anchors(p, levels, base, comp, total, pair_of, pair_m, pair_k, starts, outcomes):  # type: ignore[no-untyped-def]
    """By top card ``t``, the outcomes once the cards leave the shoe in turn: the pair card
    (once for every ``t``), then ``t`` (row 0: the anchor's), then each more pair card (row
    ``j + 1``: ``j + 1`` more out)."""
    entries = base.shape[0]
    factors = np.empty(pair_m.shape[1])
    after_pair = np.empty(entries)
    _take(base, after_pair, p, comp[p], total, pair_of, pair_m, pair_k, factors)
    by_top = np.zeros((10, levels + 1, outcomes))
    prev = np.empty(entries)
    cur = np.empty(entries)
    gone = np.zeros(10)
    for t in range(10):
        prev[:] = after_pair
        gone[:] = 0.0
        gone[p] = 1.0
        for n in range(1, levels + 2):
            v = t if n == 1 else p
            _take(prev, cur, v, comp[v] - gone[v], total - n, pair_of, pair_m, pair_k, factors)
            gone[v] += 1
            _sums(cur, starts, by_top[t, n - 1])
            prev, cur = cur, prev
    return by_top


@jit
def split_stands(  # type: ignore[no-untyped-def]
    p, levels, stand, base, comp, total, pair_of, pair_m, pair_k, starts,
    codes, counts, totals, bonus_kind, bonuses, peek_like, collects, bust_pays, ties, voids,
):  # fmt: skip
    """Standing on each split hand of pair index ``p``, per level: the unsplit hand's value
    plus the other pair cards' effect measured on its anchor (the pair card and the hand's
    highest other card; :meth:`.ev.UpCardAnalysis._split_stand`). ``base``: the entries'
    probabilities from the whole shoe (:func:`base_probabilities`)."""
    hands = counts.shape[0]
    outcomes = codes.shape[0]
    by_top = _anchors(p, levels, base, comp, total, pair_of, pair_m, pair_k, starts, outcomes)
    result = np.zeros((hands, levels))
    pays = np.empty(outcomes)
    for i in range(hands):
        if counts[i, p] < 1 or counts[i].sum() < 2:
            continue
        top = 0
        for v in range(10):
            if counts[i, v] - (1 if v == p else 0) > 0:
                top = v
        t = totals[i]
        bonus = bonuses[bonus_kind[i]] if t == 21 else np.nan
        has_bonus = not np.isnan(bonus)
        for o in range(outcomes):
            pays[o] = _pay(
                codes[o], t, bonus, has_bonus, peek_like, collects, bust_pays, ties, voids
            )
        for j in range(levels):
            s = 0.0
            for o in range(outcomes):
                s += (by_top[top, j + 1, o] - by_top[top, 0, o]) * pays[o]
            result[i, j] = stand[i] + s
    return result


@jit
def _split_draws(  # type: ignore[no-untyped-def]
    i, play, standing, p, levels, comp, total, counts, hard, cards, child, from_value,
    peek_like, natural, both, hit, double, sums,
):  # fmt: skip
    """One more card to split hand ``i`` and then playing on (``play``) into ``hit[i]``, and,
    where ``both``, standing into ``double[i]`` (undoubled), per level (level ``j`` has
    ``j + 1`` more pair cards out: fewer cards left, fewer pair cards to draw, and the busting
    mass with them out; standing where the shoe is empty). One pass over the cards for every
    level, each level's sums in the cards' order (``sums``: a row per sum)."""
    left = total - cards[i]
    safe = 21 - hard[i]
    sums[:, :levels] = 0.0
    for v in range(min(safe, 10)):
        have = comp[v] - counts[i, v]
        if have <= 0 or (v == p and have <= 1):
            continue
        c = child[i, v]
        for j in range(levels):
            if v != p:
                weight = have
            elif have - j - 1 > 0:
                weight = have - j - 1
            else:
                continue
            sums[0, j] += weight * play[c, j]
            if both:
                sums[1, j] += weight * standing[c, j]
    for j in range(levels):
        cards_left = left - j - 1
        if cards_left <= 0:
            hit[i, j] = standing[i, j]
            if both:
                double[i, j] = standing[i, j]
            continue
        mass = 0.0
        if safe < 10:
            mass = _bust_mass(
                counts[i], p, j + 1, comp, from_value, cards_left, safe, peek_like, natural
            )
        hit[i, j] = (sums[0, j] + mass) / cards_left if safe < 10 else sums[0, j] / cards_left
        if both:
            d = (sums[1, j] + mass) if safe < 10 else sums[1, j]
            double[i, j] = d / cards_left


@jit
def split_values(  # type: ignore[no-untyped-def]
    p, levels, standing, comp, total, counts, hard, totals, soft, cards, child, order,
    may_draw, stand_on, any_stand_on, policy_hit, has_policy, from_value, peek_like, natural,
):  # fmt: skip
    """Playing on, hitting and doubling each split hand of pair index ``p``, per level (doubling
    on two cards only: the others are left at 0)."""
    hands = counts.shape[0]
    play = np.zeros((hands, levels))
    hit = np.zeros((hands, levels))
    double = np.zeros((hands, levels))
    sums = np.empty((2, levels))
    for n in range(order.shape[0]):
        i = order[n]
        if counts[i, p] < 1 or cards[i] < 2:
            continue
        t = totals[i]
        can_hit = t < 21 and not stand_on[t] and may_draw[cards[i]]
        # a split hand is doubled on its first two cards only
        _split_draws(
            i, play, standing, p, levels, comp, total, counts, hard, cards, child, from_value,
            peek_like, natural, cards[i] == 2, hit, double, sums,
        )  # fmt: skip
        for j in range(levels):
            double[i, j] *= 2.0
            if can_hit and t <= 11 and not any_stand_on:
                play[i, j] = hit[i, j]
            elif can_hit and has_policy:
                play[i, j] = hit[i, j] if policy_hit[1 if soft[i] else 0, t] else standing[i, j]
            elif can_hit:
                a = standing[i, j]
                b = hit[i, j]
                play[i, j] = a if a > b else b
            else:
                play[i, j] = standing[i, j]
    return play, hit, double
