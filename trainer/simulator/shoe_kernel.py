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
#
# ``hot``: the functions of a round, which LLVM is told to inline always (``forceinline``, its
# ``alwaysinline``; left to itself it called them, each call passing every array's fields on
# the stack); so the round is one function whose arrays' fields stay in registers. Measured on
# ``bench/simulate.py``'s flat game beside its C loop: 2.3 to 8-9 million rounds a second, the
# compile time unchanged (numba's own ``inline="always"`` was as fast but compiled for 50 s).
# ``jit``: the rare ones (a shuffle, a refill, a split), called, and said so: a function
# compiled for an inlined caller would otherwise inherit its forceinline.
jit = njit(cache=True, error_model="numpy", _nrt=False, forceinline=False)  # type: ignore[call-overload]
hot = njit(cache=True, error_model="numpy", _nrt=False, forceinline=True)  # type: ignore[call-overload]

# Shoe state (st)
# ROUND_START: where the round's cards begin in the discard tray (they go there as dealt).
NEXT, END, CUT, NDISC, NBURN, RC, ROUND_START, REFILLED, SHUFFLES, LOGPOS, EMPTY = range(11)
STATE = 11


@hot
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@hot
def _step(s):
    """xoshiro256** (Blackman and Vigna, 2018): the next 64 random bits of state ``s`` (four
    uint64, as a tuple: in registers, where a loop keeps it) and the state after them."""
    s0, s1, s2, s3 = s
    result = _rotl(s1 * np.uint64(5), 7) * np.uint64(9)
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, (s0, s1, s2, s3)


@hot
def _bounded(s, bound):
    """A uniform whole number in 0..bound-1 from state ``s``, and the state after it: Lemire's
    multiply-and-reject on 32 bits (the remainder, a division, is worked out only in the rare
    case that needs it)."""
    x, s = _step(s)
    m = (x >> np.uint64(32)) * bound
    low = m & np.uint64(0xFFFFFFFF)
    if low < bound:
        limit = (np.uint64(1 << 32) - bound) % bound
        while low < limit:
            x, s = _step(s)
            m = (x >> np.uint64(32)) * bound
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32)), s


@hot
def below(rng, n):
    """A uniform whole number in 0..n-1 from the stream ``rng`` (its state, four uint64)."""
    j, s = _bounded((rng[0], rng[1], rng[2], rng[3]), np.uint64(n))
    rng[0], rng[1], rng[2], rng[3] = s
    return j


@jit
def _copy(to, at, source, start, n):
    """``to[at:at + n] = source[start:start + n]`` without a check that may raise, forward
    (so ``start`` above ``at`` in one array is safe). In unsigned indices: a signed one gets
    numba's fix for a negative index at every card, which keeps LLVM from copying in vectors
    (a shuffle's copies took some 250 ns a shoe, 20 times as long; ``bench/simulate.py``)."""
    a, b = np.uint64(at), np.uint64(start)
    for i in range(np.uint64(n)):
        to[a + i] = source[b + i]


@jit
def _shuffle(cards, n, rng, p, log, st):
    """Fisher-Yates on ``cards[:n]``; the order is logged when tracing (the referee's)."""
    # The stream's state in locals through the loop: in the array, each number's state was
    # stored and loaded again (the cards might be the same memory, for all the compiler knows).
    s = (rng[0], rng[1], rng[2], rng[3])
    for i in range(n - 1, 0, -1):
        j, s = _bounded(s, np.uint64(i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    rng[0], rng[1], rng[2], rng[3] = s
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
    _copy(cards, 0, cards, start, n)  # the undealt cards to the top, in order
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
def _refill(shoe, rng, p, st, cv):
    """Shoe.draw's refill of an empty stack mid-round from the discards (out of line: rare);
    ``st[EMPTY]`` is set where there are none."""
    cards, disc, burned, log = shoe
    value, _, tag = cv
    nd, nb = st[ROUND_START], st[NBURN]  # earlier rounds' discards, the burned cards
    if nd + nb == 0:
        # No raise here: a function that may raise makes every call to it slow (some 100 ns
        # a card); the block stops after the round instead (run_block).
        st[EMPTY] = 1
        return
    # The count goes on of the new pile (Shoe.out_of_pile): the cards going back into it
    # are taken out of the count, this round's stay in (a hole card as it was: still out).
    rc = st[RC]
    for i in range(nd):
        rc -= tag[disc[i]]
    if p[S.BURN_SHOWN]:
        for i in range(nb):
            rc -= tag[burned[i]]
    st[RC] = rc
    _copy(cards, 0, disc, 0, nd)
    _copy(cards, nd, burned, 0, nb)
    playing = st[NDISC] - nd  # this round's cards stay out, first in the tray
    _copy(disc, 0, disc, nd, playing)
    st[NDISC], st[ROUND_START] = playing, 0
    st[REFILLED] = 1
    _deal_from(cards, nd + nb, rng, p, st, burned, value, tag, log)


@jit
def _swap_in(cards, at, end, rng):
    """A random one of the undealt ``cards[at:end]`` brought to ``at`` (a fresh shoe's deal)."""
    j = at + below(rng, end - at)
    cards[at], cards[j] = cards[j], cards[at]


@hot
def draw(shoe, rng, p, st, cv):
    """Shoe.draw: the next card; an empty stack mid-round is refilled from the discards."""
    cards, disc = shoe[0], shoe[1]
    tag = cv[2]
    if st[NEXT] >= st[END]:
        _refill(shoe, rng, p, st, cv)
        if st[EMPTY]:
            return cards[0]
    at = st[NEXT]
    if p[S.FRESH]:  # a full shoe each round: shuffled card by card as they are dealt
        _swap_in(cards, at, st[END], rng)
    card = cards[at]
    st[NEXT] = at + 1
    disc[st[NDISC]] = card  # to the tray at once: it holds the round's from ROUND_START on
    st[NDISC] += 1
    st[RC] += tag[card]
    return card


@hot
def needs_shuffle(p, st):
    """Shoe.needs_shuffle: the cut card is out, or fewer cards left than the reserve."""
    return st[NEXT] >= st[CUT] or st[END] - st[NEXT] < p[S.RESERVE]


# -- the count ------------------------------------------------------------------------------------


@hot
def count_now(p, st):
    """The count the player reads: the true count (exact decks left) or the running count."""
    left = st[END] - st[NEXT]
    if not p[S.BALANCED] or left <= 0:
        return st[RC] / p[S.SCALE]
    # One division of whole numbers (a division's latency is a round's largest single cost):
    # the floor and the nearest whole of the exact count, since no count lies nearer a whole
    # or half count than 1 / (2 * left * scale) without being on it.
    return (st[RC] * 52) / (left * p[S.SCALE])


@hot
def row_at(p, c):
    """The row of the count tables at count ``c``: its floor, within the tables' counts."""
    if p[S.NCOUNT] == 1:
        return 0
    row = np.int64(np.floor(c)) - p[S.COUNT_LO]
    return min(max(row, 0), p[S.NCOUNT] - 1)


@hot
def count_row(p, st):
    """The row of the count tables now (the count worked out only where the tables have more
    than one)."""
    if p[S.NCOUNT] == 1:
        return 0
    return row_at(p, count_now(p, st))


@hot
def bucket_now(p, st):
    """The report bucket of the exact count now (the count at the start of a round): the
    nearest whole count, halves away from 0 (or its floor, as the penetration studies count).

    The count is the fraction :func:`count_now` divides out, rounded in whole numbers: the
    same bucket (no count lies nearer a whole or half count than a float's error without being
    on it), without the float division, the floor and the conversions, some tenth of a flat
    round's time (``bench/simulate.py``)."""
    num, den = st[RC], p[S.SCALE]
    left = st[END] - st[NEXT]
    if p[S.BALANCED] and left > 0:
        num, den = num * 52, left * den
    if p[S.BUCKET_FLOOR]:
        whole = num // den
    else:
        whole = (2 * abs(num) + den) // (2 * den)
        whole = whole if num >= 0 else -whole
    b = whole - p[S.BUCKET_LO]
    return min(max(b, 0), p[S.NBUCKET] - 1)


@hot
def boxes_at(p, read, sitting):
    """The player's boxes this round at the count they read, and whether they sit in: at
    ``SPOTS_AT`` or more ``SPOTS`` boxes (more spots at a good count), else ``SEATS``.
    Back-counting (``WONG``), a player watching sits in at ``WONG_IN`` or more, one sitting in
    leaves below ``WONG_OUT`` (and at the shuffle: the kernel's run), and one watching has
    none."""
    if p[S.WONG]:
        sitting = read >= (p[S.WONG_OUT] if sitting else p[S.WONG_IN])
        if not sitting:
            return np.int64(0), False
    return (p[S.SPOTS] if read >= p[S.SPOTS_AT] else p[S.SEATS]), True


# -- the player's count errors (tables.CountNoise) ------------------------------------------------


@hot
def _uniform(rng):
    """A uniform number in (0, 1) from the count noise's stream (``rng[4:8]``, apart from the
    shoe's: a miscount never moves a card)."""
    x, s = _step((rng[4], rng[5], rng[6], rng[7]))
    rng[4], rng[5], rng[6], rng[7] = s
    return (np.float64(x >> np.uint64(11)) + 0.5) * (1.0 / 9007199254740992.0)


@hot
def _normal(rng):
    """A standard normal number (Box and Muller, 1958) from the count noise's stream."""
    return np.sqrt(-2.0 * np.log(_uniform(rng))) * np.cos(2.0 * np.pi * _uniform(rng))


@hot
def misread(rng, p, f, st, walk):
    """What the player's count is off by now, added to the running count the round reads (and
    taken off after it): none without count errors; else the running count's error so far
    this shoe (``walk``, in tags), then for a balanced count the decks left misjudged
    (``f[DECK_SD]``) and the conversion off (``f[TC_SD]``), as the nearest count the shoe's
    running count can make (tables.CountNoise). In the kernel's scaled running-count units."""
    if not p[S.COUNT_NOISE]:
        return 0
    scale = p[S.SCALE]
    off = walk * scale
    left = st[END] - st[NEXT]
    if not p[S.BALANCED] or left <= 0:
        shift = np.int64(np.floor(off + 0.5))
    else:
        decks = max(left / 52.0 + f[S.F_DECK_SD] * _normal(rng), 0.25)
        read = (st[RC] + off) / (scale * decks) + f[S.F_TC_SD] * _normal(rng)
        shift = np.int64(np.floor(read * left * scale / 52.0 + 0.5)) - st[RC]
    st[RC] += shift
    return shift


@hot
def walked(rng, p, f, st, walk, seen):
    """The running count's error after a round that dealt from ``seen`` on: a random walk of
    ``f[RC_SD]`` a card (no error without count errors)."""
    if not p[S.COUNT_NOISE]:
        return walk
    return walk + f[S.F_RC_SD] * np.sqrt(max(st[NEXT] - seen, 0)) * _normal(rng)
