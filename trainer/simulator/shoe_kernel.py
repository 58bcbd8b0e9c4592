"""The kernel's shoe (numba): its random stream, the shuffle, cut card, burn, deal and refill,
and the count the player reads from it, mirroring :class:`trainer.engine.deck.shoe.Shoe` (the
comments name the method each piece plays). Every array is the caller's (:mod:`.kernel`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from trainer.simulator import slots as S

# Compiled once and cached on disk beside the module. Without numba's reference counting
# (``_nrt=False``: no function here allocates; the caller passes every array in), since with it
# each call that passes arrays counts references atomically: some 100 ns a call, ten times a
# card's deal. The numpy error model: a division by zero gives inf or nan, never an exception.
jit = njit(cache=True, error_model="numpy", _nrt=False)  # type: ignore[call-overload]

# Shoe state (st)
# ROUND_START: where the round's cards begin in the discard tray (they go there as dealt).
NEXT, END, CUT, NDISC, NBURN, RC, ROUND_START, REFILLED, SHUFFLES, LOGPOS, EMPTY = range(11)
STATE = 11


@jit
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@jit
def next_u64(rng):
    """xoshiro256** (Blackman and Vigna, 2018): the next 64 random bits."""
    s0, s1, s2, s3 = rng[0], rng[1], rng[2], rng[3]
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    rng[0], rng[1], rng[2], rng[3] = s0, s1, s2, s3
    return result


@jit
def below(rng, n):
    """A uniform whole number in 0..n-1: Lemire's multiply-and-reject on 32 bits (the
    remainder, a division, is worked out only in the rare case that needs it)."""
    bound = np.uint64(n)
    m = (next_u64(rng) >> np.uint64(32)) * bound
    low = m & np.uint64(0xFFFFFFFF)
    if low < bound:
        limit = (np.uint64(1 << 32) - bound) % bound
        while low < limit:
            m = (next_u64(rng) >> np.uint64(32)) * bound
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@jit
def _copy(to, at, source, start, n):
    """``to[at:at + n] = source[start:start + n]`` without a check that may raise."""
    for i in range(n):
        to[at + i] = source[start + i]


@jit
def _shuffle(cards, n, rng, p, log, st):
    """Fisher-Yates on ``cards[:n]``; the order is logged when tracing (the referee's)."""
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    if p[S.TRACE]:
        at = st[LOGPOS]
        log[at] = n
        _copy(log, at + 1, cards, 0, n)
        st[LOGPOS] = at + 1 + n


@jit
def _half_even(num, den):
    """``round(Fraction(num, den))`` as Python rounds it: halves to even."""
    q = num // den
    r = num - q * den
    if 2 * r > den or (2 * r == den and q % 2 == 1):
        q += 1
    return q


@jit
def _deal_from(cards, n, rng, p, st, burned, value, tag, log):
    """Shoe._deal_from: shuffle ``cards[:n]``, burn (002: never an ace), set the cut card."""
    _shuffle(cards, n, rng, p, log, st)
    burn = p[S.BURN]
    nburn = 0
    if burn and n > burn:
        if p[S.BURN_ACE_RESHUFFLES]:
            others = False
            for i in range(n):
                if value[cards[i]] != 1:
                    others = True
                    break
            while others:
                ace = False
                for i in range(burn):
                    if value[cards[i]] == 1:
                        ace = True
                if not ace:
                    break
                _shuffle(cards, n, rng, p, log, st)
        for i in range(burn):
            burned[i] = cards[i]
        nburn = burn
    # The burned cards stay at the top of the stack too; dealing starts below them.
    st[NBURN] = nburn
    st[NEXT] = nburn
    st[END] = n
    if p[S.PEN_NUM] >= p[S.PEN_DEN]:
        cut = n
    else:
        cut = max(1, min(n, _half_even(p[S.PEN_NUM] * n, p[S.PEN_DEN])))
    st[CUT] = cut
    st[SHUFFLES] += 1
    if p[S.BURN_SHOWN]:
        for i in range(nburn):
            st[RC] += tag[burned[i]]


@jit
def shuffle_shoe(shoe, rng, p, st, cv):
    """Shoe.shuffle: the undealt cards, the discards and the burned cards, shuffled again."""
    cards, disc, burned, log = shoe
    value, _, tag = cv
    start, n = st[NEXT], st[END] - st[NEXT]
    for i in range(n):  # forward: each card moves up the stack, never over one not yet moved
        cards[i] = cards[start + i]
    nd = st[NDISC]
    _copy(cards, n, disc, 0, nd)
    n += nd
    nb = st[NBURN]
    _copy(cards, n, burned, 0, nb)
    n += nb
    st[NDISC] = 0
    st[RC] = p[S.IRC]
    _deal_from(cards, n, rng, p, st, burned, value, tag, log)


@jit
def draw(shoe, rng, p, st, cv):
    """Shoe.draw: the next card; an empty stack mid-round is refilled from the discards."""
    cards, disc, burned, log = shoe
    value, _, tag = cv
    if st[NEXT] >= st[END]:
        nd, nb = st[ROUND_START], st[NBURN]  # earlier rounds' discards, the burned cards
        if nd + nb == 0:
            # No raise here: a function that may raise makes every call to it slow (some
            # 100 ns a card); the block stops after the round instead (run_block).
            st[EMPTY] = 1
            return cards[0]
        _copy(cards, 0, disc, 0, nd)
        _copy(cards, nd, burned, 0, nb)
        playing = st[NDISC] - nd  # this round's cards stay out, first in the tray
        _copy(disc, 0, disc, nd, playing)
        st[NDISC], st[ROUND_START] = playing, 0
        st[REFILLED] = 1
        _deal_from(cards, nd + nb, rng, p, st, burned, value, tag, log)
    at = st[NEXT]
    if p[S.FRESH]:  # a full shoe each round: shuffled card by card as they are dealt
        j = at + below(rng, st[END] - at)
        cards[at], cards[j] = cards[j], cards[at]
    card = cards[at]
    st[NEXT] = at + 1
    disc[st[NDISC]] = card  # to the tray at once: it holds the round's from ROUND_START on
    st[NDISC] += 1
    st[RC] += tag[card]
    return card


@jit
def needs_shuffle(p, st):
    """Shoe.needs_shuffle: the cut card is out, or fewer cards left than the reserve."""
    return st[NEXT] >= st[CUT] or st[END] - st[NEXT] < p[S.RESERVE]


# -- the count ------------------------------------------------------------------------------------


@jit
def count_now(p, st):
    """The count the player reads: the true count (exact decks left) or the running count."""
    rc = st[RC] / p[S.SCALE]
    if not p[S.BALANCED]:
        return rc
    left = st[END] - st[NEXT]
    return rc * 52.0 / left if left > 0 else rc


@jit
def count_row(p, st):
    """The row of the count tables: the floor of the count, within the tables' counts."""
    if p[S.NCOUNT] == 1:
        return 0
    row = np.int64(np.floor(count_now(p, st))) - p[S.COUNT_LO]
    return min(max(row, 0), p[S.NCOUNT] - 1)


@jit
def count_bucket(p, st):
    """The start-of-round count's report bucket: nearest whole count, halves away from 0 (or
    its floor, as the penetration studies count)."""
    c = count_now(p, st)
    if p[S.BUCKET_FLOOR]:
        whole = np.floor(c)
    else:
        whole = np.floor(abs(c) + 0.5)
        whole = whole if c >= 0 else -whole
    b = np.int64(whole) - p[S.BUCKET_LO]
    return min(max(b, 0), p[S.NBUCKET] - 1)
