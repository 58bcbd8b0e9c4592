"""The compiled kernel: shoe, deal, play, dealer and settlement over arrays (numba).

It plays the game of :class:`trainer.engine.play.round.Round` at a
:class:`trainer.engine.play.table.Table` step for step, in the same order of cards, so that the
engine can referee it round by round (``tests/simulator/test_agreement.py``); every rule option it
reads is one of the engine's (:mod:`.tables` turns the :class:`~trainer.engine.rulebook.rules.Rules`
into ``p`` and ``f``). The comments name the engine function each piece mirrors.

State lives in small arrays passed in, so a block of rounds allocates nothing per round:

- the shoe: ``cards`` (the stack, ``st[NEXT]..st[END]`` undealt), ``disc`` (the discard tray:
  each card goes there as it is dealt, the round's from ``st[ROUND_START]`` on), ``burned``;
- a hand is a slot ``h`` in the ``hd`` arrays (``seat * MAXH + i``), its fields by column;
- speed (``bench/simulate.py``, beside ``bench/sim_loop.c``'s C loop): as few shoe arrays as
  will do (the round's cards go straight to the tray), the round's functions inlined into one
  (:data:`.shoe_kernel.hot`), the rules' parameters as tuples and the shuffle's state in
  registers, the count's report bucket in whole numbers and the count itself worked out only
  where a bet, a play or the boxes read it, card codes and the shoe's copies in unsigned
  indices (no negative-index fix), a round's first decision resolved once a block
  (:func:`resolve_first`) and a flat round's bucket in three sums (:func:`_unit_block`): from
  2.6 to some 12 million rounds a CPU second, about 0.6 of the C loop's (0.52 before the last
  three). Tried and no faster: hands in int32 (3% slower), ``fastmath`` (no change), the
  dealt cards left in the stack until a shuffle reads the tray (6% slower: the round's code
  laid out worse);
- ``rng``: two xoshiro256** streams (four uint64 each: the shoe's, then the count noise's),
  seeded per block by :mod:`.run`.

Money is in units of the table minimum, as float64 (every payout ratio of the presets is exact
in binary at these sizes: halves, fifths and whole numbers of units).

The shoe is :mod:`.shoe_kernel`. numba's cache on disk notices a change to a module's own
source only, and this module's compiled functions hold the shoe's inlined and the slots' and
tables' indices (:mod:`.slots`, :mod:`.tables`) frozen in, as the shoe's hold the slots': so
when any of those sources changes, the cache files of both compiled modules (this one and the
shoe's) are removed at import and their functions compiled afresh
(:func:`forget_stale_cache`, in numba's own cache directory): a kernel compiled against the
old indices read the parameters at the wrong places and crashed the process.

Long because a round is one compiled unit: its pieces are inlined into one another (``hot``),
and every module more is one more source whose change numba's cache does not see
(``FROZEN_IN``); the shoe, already apart, is the one seam that has a life of its own.
"""

from __future__ import annotations

from pathlib import Path

from trainer.simulator import slots as S
from trainer.simulator.kernel_cache import FROZEN_IN, forget_stale_cache
from trainer.simulator.shoe_kernel import (
    EMPTY,
    END,
    NDISC,
    NEXT,
    RC,
    REFILLED,
    ROUND_START,
    STATE,
    _copy,
    boxes_at,
    bucket_now,
    count_now,
    count_row,
    draw,
    hot,
    jit,
    misread,
    needs_shuffle,
    row_at,
    shuffle_shoe,
    walked,
)
from trainer.simulator.tables import DOUBLE, HIT, SPLIT, STAND, SURRENDER

__all__ = [
    "ACC",
    "BFIELDS",
    "FIELDS",
    "MAXH",
    "STATE",
    "cache_dir",
    "forget_stale_cache",
    "play_round",
    "run_block",
]


MAXH = 8  # hands a seat may hold (max_split_hands is at most 8)
# Hand fields (hd[h, field])
HARD, ACES, N, SPLITF, SPLITACE, DOUBLED, SURR, DONE, NEEDS, ACTED, V0, V1, V2, R0, R1 = range(15)
FIELDS = 15
# Accumulators (acc): per run, then per bucket of the start-of-round count (bk[bucket, field]);
# ROUNDS are all dealt (seen), PLAYED (BP) those sat in, BOXES the player's, DEALT the table's.
ROUNDS, SUMX, SUMB, SUMXX, SUMBB, SUMXB, HANDS, PLAYED, BOXES, DEALT = range(10)
ACC = 10
BN, BX, BB, BXX, BXB, BBB, BP = range(7)
BFIELDS = 7


# -- hands ----------------------------------------------------------------------------------------


@hot
def _total(hd, h):
    hard = hd[h, HARD]
    return hard + 10 if hd[h, ACES] and hard <= 11 else hard


@hot
def _soft(hd, h):
    return hd[h, ACES] and hd[h, HARD] <= 11


@hot
def _add(hd, h, card, value, rank):
    """HandInPlay.add: a card to hand ``h`` (its value and, for the first three, kept)."""
    v = value[card]
    n = hd[h, N]
    if n < 3:
        hd[h, V0 + n] = v
    if n < 2:
        hd[h, R0 + n] = rank[card]
    hd[h, HARD] += v
    if v == 1:
        hd[h, ACES] = 1
    hd[h, N] = n + 1


@hot
def _clear(hd, h):
    for k in range(FIELDS):
        hd[h, k] = 0


@hot
def _natural(hd, h):
    """settlement.is_natural: two cards making 21, not after a split."""
    return hd[h, N] == 2 and not hd[h, SPLITF] and hd[h, HARD] == 11 and hd[h, ACES]


@hot
def _can_split(p, hd, h, nhands):
    """legality.why_not_split is None."""
    if p[S.MAX_SPLIT] < 2 or hd[h, N] != 2:
        return False
    if p[S.SPLIT_BY_RANK]:
        if hd[h, R0] != hd[h, R1]:
            return False
    elif hd[h, V0] != hd[h, V1]:
        return False
    if nhands >= p[S.MAX_SPLIT]:
        return False
    return not (hd[h, V0] == 1 and not p[S.RSA] and nhands >= 2)


@hot
def _can_double(p, hd, h):
    """legality.why_not_double is None."""
    rule = p[S.DOUBLE_ON]
    if rule == 3 or hd[h, N] != 2:
        return False
    if hd[h, SPLITF] and not p[S.DAS]:
        return False
    if hd[h, SPLITACE] and p[S.SPLIT_ACES_ONE]:
        return False
    if rule != 0:
        total = _total(hd, h)
        if _soft(hd, h) or total > 11 or total < (9 if rule == 1 else 10):
            return False
    return not (p[S.MAX_DRAWS] >= 0 and hd[h, N] - 2 >= p[S.MAX_DRAWS])


@hot
def _can_surrender(p, hd, h, nhands, up):
    """legality.why_not_surrender is None."""
    if p[S.SURRENDER] == 0 or hd[h, SPLITF] or nhands > 1:
        return False
    if hd[h, ACTED] or hd[h, N] != 2:
        return False
    return not (not p[S.SURRENDER_VS_ACE] and up == 1)


@hot
def _check_done(p, hd, h, nhands):
    """Round._check_done: a hand stops at a bust, 21, a split ace's card or the draw limit."""
    if _total(hd, h) >= 21:
        hd[h, DONE] = 1
    elif hd[h, SPLITACE] and p[S.SPLIT_ACES_ONE] and hd[h, N] >= 2:
        if not _can_split(p, hd, h, nhands):
            hd[h, DONE] = 1
    elif p[S.MAX_DRAWS] >= 0 and hd[h, N] - 2 >= p[S.MAX_DRAWS]:
        hd[h, DONE] = 1


# -- decisions ------------------------------------------------------------------------------------


@hot
def _legal(p, hd, h, nhands, up, play):
    if play == STAND:
        return True
    if play == HIT:
        if hd[h, SPLITACE] and p[S.SPLIT_ACES_ONE]:
            return False
        return not (p[S.MAX_DRAWS] >= 0 and hd[h, N] - 2 >= p[S.MAX_DRAWS])
    if play == DOUBLE:
        return _can_double(p, hd, h)
    if play == SPLIT:
        return _can_split(p, hd, h, nhands)
    return _can_surrender(p, hd, h, nhands, up)


@hot
def first_cell(p, hd, h):
    """The chart cell of a round's first two cards (tables.CELLS)."""
    v0, v1 = hd[h, V0], hd[h, V1]
    if v0 == v1 and not (v0 == 10 and p[S.SPLIT_BY_RANK] and hd[h, R0] != hd[h, R1]):
        return 25 + v0
    if hd[h, ACES]:
        return 4 + _total(hd, h)
    return _total(hd, h) - 5


@hot
def decide(p, hd, h, nhands, up, row, resolved, split, later):
    """The play for hand ``h``: the strategy's, or its fallback where the rules refuse it (on
    a round's first two cards, as :func:`resolve_first` worked it out for the block)."""
    n = hd[h, N]
    if n == 2 and not hd[h, SPLITF]:
        return resolved[row, up - 1, first_cell(p, hd, h)]
    soft = 1 if _soft(hd, h) else 0
    total = _total(hd, h)
    if n == 2:
        if _can_split(p, hd, h, nhands):
            return SPLIT
        play, fallback = split[row, up - 1, soft, total, 0], split[row, up - 1, soft, total, 1]
    else:
        play = fallback = later[row, up - 1, soft, total]
    if _legal(p, hd, h, nhands, up, play):
        return play
    if _legal(p, hd, h, nhands, up, fallback):
        return fallback
    return STAND


@jit
def resolve_first(p, first, hd, h, resolved):
    """``resolved[row, up - 1, cell]``: the play :func:`decide` makes on a round's first two
    cards of chart cell ``cell`` (``first``'s play, or its fallback where the rules refuse it,
    or stand). Whether the rules allow a play there depends on the cell, the up card and the
    rules alone (two cards, not split, not acted on, the seat's one hand), so it is worked
    out once a block, on a hand of the cell's in slot ``h``, rather than at every round's
    first decision (``bench/simulate.py``: the play's two legality checks, a jump on the play
    each, were some 5% of a flat round)."""
    for cell in range(first.shape[2]):
        _clear(hd, h)
        hd[h, N] = 2
        if cell >= 26:  # a pair of value cell - 25 (same rank)
            v = cell - 25
            hd[h, HARD], hd[h, ACES] = 2 * v, v == 1
            hd[h, V0], hd[h, V1] = v, v
        else:  # hard 5..21 (0..16), soft 13..21 (17..25): two different cards
            hd[h, HARD], hd[h, ACES] = (cell - 14, 1) if cell >= 17 else (cell + 5, 0)
            hd[h, V0], hd[h, V1], hd[h, R1] = 1, 2, 1
        for row in range(first.shape[0]):
            for up in range(1, 11):
                play, fallback = first[row, up - 1, cell, 0], first[row, up - 1, cell, 1]
                if _legal(p, hd, h, 1, up, play):
                    resolved[row, up - 1, cell] = play
                elif _legal(p, hd, h, 1, up, fallback):
                    resolved[row, up - 1, cell] = fallback
                else:
                    resolved[row, up - 1, cell] = STAND


# -- a round --------------------------------------------------------------------------------------


@hot
def _deal(shoe, rng, p, st, cv, hd, nh, dealer):
    """Round._deal_pass twice: every seat, then the dealer. The hole card is left out of the
    count until the dealer shows it; it is returned (-1 when there is none yet)."""
    value, rank, tag = cv
    seats = dealer // MAXH  # the boxes dealt this round
    for s in range(seats):
        nh[s] = 1
        _clear(hd, s * MAXH)
    _clear(hd, dealer)
    hole = -1
    for second in range(2):
        for s in range(seats):
            _add(hd, s * MAXH, draw(shoe, rng, p, st, cv), value, rank)
        if second == 0 or p[S.PEEK]:
            card = draw(shoe, rng, p, st, cv)
            _add(hd, dealer, card, value, rank)
            if p[S.PEEK] and second != p[S.UP_INDEX]:
                hole = card
                st[RC] -= tag[card]
    return hole


@jit
def _split(shoe, rng, p, st, cv, hd, nh, s, h):
    """Round._split: the pair becomes two hands; each gets its second card by the rules."""
    value, rank, _ = cv
    base = s * MAXH
    for k in range(base + nh[s], h + 1, -1):  # make room after h
        for j in range(FIELDS):
            hd[k, j] = hd[k - 1, j]
    o = h + 1
    nh[s] += 1
    v0, r0, v1, r1 = hd[h, V0], hd[h, R0], hd[h, V1], hd[h, R1]
    aces = v0 == 1
    _clear(hd, o)
    hd[o, HARD], hd[o, ACES], hd[o, N], hd[o, V0], hd[o, R0] = v1, v1 == 1, 1, v1, r1
    hd[h, HARD], hd[h, ACES], hd[h, N], hd[h, V0], hd[h, R0] = v0, v0 == 1, 1, v0, r0
    hd[h, V1] = hd[h, V2] = hd[h, R1] = 0
    for k in (h, o):
        hd[k, SPLITF] = 1
        hd[k, SPLITACE] = aces
        hd[k, ACTED] = 0
    _add(hd, h, draw(shoe, rng, p, st, cv), value, rank)
    if p[S.BOTH_FIRST]:
        _add(hd, o, draw(shoe, rng, p, st, cv), value, rank)
        _check_done(p, hd, o, nh[s])
    else:
        hd[o, NEEDS] = 1
    _check_done(p, hd, h, nh[s])


@hot
def _act(shoe, rng, p, st, cv, hd, nh, s, h, play):
    """Round.act: one play on hand ``h`` of seat ``s``."""
    value, rank, _ = cv
    if play == HIT:
        _add(hd, h, draw(shoe, rng, p, st, cv), value, rank)
        hd[h, ACTED] = 1
        _check_done(p, hd, h, nh[s])
    elif play == STAND:
        hd[h, ACTED] = hd[h, DONE] = 1
    elif play == DOUBLE:
        card = draw(shoe, rng, p, st, cv)
        hd[h, DOUBLED] = hd[h, ACTED] = hd[h, DONE] = 1
        _add(hd, h, card, value, rank)
    elif play == SPLIT:
        _split(shoe, rng, p, st, cv, hd, nh, s, h)
    else:
        hd[h, SURR] = hd[h, ACTED] = hd[h, DONE] = 1


@hot
def _play_seats(shoe, rng, p, st, cv, hd, nh, up, strategy, seats):
    """Round._advance and act: every seat's hands in turn, left to right."""
    split, later, resolved = strategy[1], strategy[2], strategy[6]
    fd_punter, fd_hands = strategy[3], strategy[4]
    value, rank, _ = cv
    for s in range(seats):
        i = 0
        while i < nh[s]:
            h = s * MAXH + i
            if hd[h, NEEDS]:
                hd[h, NEEDS] = 0
                _add(hd, h, draw(shoe, rng, p, st, cv), value, rank)
                if _natural(hd, h):
                    hd[h, DONE] = 1
                else:
                    _check_done(p, hd, h, nh[s])
            state = -1  # 004 as dealt: the hand's state in the face-down tables
            while not hd[h, DONE]:
                if p[S.FACE_DOWN]:  # the chart of one column, by the punter's own cards
                    if state < 0:
                        state = fd_hands[fd_hands[0, hd[h, V0]], hd[h, V1]]
                    play = fd_punter[state]
                else:
                    play = decide(p, hd, h, nh[s], up, count_row(p, st), resolved, split, later)
                hard = hd[h, HARD]
                _act(shoe, rng, p, st, cv, hd, nh, s, h, play)
                if p[S.FACE_DOWN]:
                    state = fd_hands[state, hd[h, HARD] - hard]  # the card drawn, if any
            i += 1


@hot
def _waits_for_dealer(hd, nh, seats):
    """dealer_play.waits_for_dealer: a hand not bust, surrendered nor a paid natural."""
    for s in range(seats):
        for i in range(nh[s]):
            h = s * MAXH + i
            if not hd[h, SURR] and hd[h, HARD] <= 21 and hd[h, N] >= 2 and not _natural(hd, h):
                return True
    return False


@hot
def _dealer_draws(shoe, rng, p, st, cv, hd, dealer):
    """dealer_play.dealer_draws: below stands_on (soft 17 too where h17), within max_draws."""
    value, rank, _ = cv
    limit = p[S.MAX_DRAWS]
    while True:
        if limit >= 0 and hd[dealer, N] - 2 >= limit:
            return
        total = _total(hd, dealer)
        if total < p[S.STANDS_ON] or (total == 17 and p[S.H17] and _soft(hd, dealer)):
            _add(hd, dealer, draw(shoe, rng, p, st, cv), value, rank)
        else:
            return


@jit
def _banker_draws(shoe, rng, p, st, cv, hd, nh, dealer, hands, bank):
    """dealer_play.dealer_draws with banker_best (004 as dealt): the banker draws while his
    table (:mod:`.face_down_tables`) says so for his cards and how many standing punters drew
    each number of cards."""
    value, rank, _ = cv
    base = p[S.SEATS] + 1
    column = 0
    for s in range(p[S.SEATS]):
        for i in range(nh[s]):
            h = s * MAXH + i
            if not hd[h, SURR] and hd[h, HARD] <= 21 and hd[h, N] >= 2:
                column += base ** (hd[h, N] - 2)
    state = hands[hands[0, hd[dealer, V0]], hd[dealer, V1]]
    while bank[state, column]:
        card = draw(shoe, rng, p, st, cv)
        _add(hd, dealer, card, value, rank)
        state = hands[state, value[card]]


@hot
def _bonus(f, hd, h):
    """settlement.bonus_of: the ratio a 21 of three, five or six cards earns (002), or 0."""
    n = hd[h, N]
    if n == 3:
        a, b, c = hd[h, V0], hd[h, V1], hd[h, V2]
        if a == 7 and b == 7 and c == 7:
            return f[S.F_SEVENS]
        if a + b + c == 21 and a != b and b != c and a != c and min(a, min(b, c)) == 6:
            return f[S.F_SIX_SEVEN_EIGHT]
        return 0.0
    if n == 5:
        return f[S.F_FIVE]
    if n == 6:
        return f[S.F_SIX]
    return 0.0


@hot
def settle(p, f, hd, h, bet, first, dealer_total, dealer_natural):
    """settlement.settle_core: the net of one hand, in units (``first``: the seat's first
    hand, which a dealer natural takes the whole box's bet from under no_hole_card_loses)."""
    stake = bet * 2.0 if hd[h, DOUBLED] else bet
    if hd[h, SURR]:
        if dealer_natural and p[S.SURRENDER_VOID]:
            return -stake * f[S.F_COLLECTS]
        return -stake / 2.0
    total = _total(hd, h)
    if total > 21:
        return -stake
    natural = _natural(hd, h)
    if dealer_natural:
        if natural:
            return -stake if p[S.TAKES_ALL] or p[S.TIES_DEALER] else 0.0
        at_risk = stake
        if p[S.NHC_ORIGINAL]:  # the original bet only: on a split box, all of it on the first hand
            at_risk = (bet if first else 0.0) if hd[h, SPLITF] else bet
        return -at_risk * f[S.F_COLLECTS]
    if natural:
        return stake * f[S.F_BLACKJACK]
    if total == 21 and hd[h, N] >= 3:
        ratio = _bonus(f, hd, h)
        if ratio > 0.0 and not (dealer_total == 21 and p[S.TIE_VOIDS_BONUS]):
            if dealer_total > 21 and f[S.F_BUST] > ratio:
                ratio = f[S.F_BUST]
            return stake * ratio
    if dealer_total > 21:
        return stake * f[S.F_BUST]
    if total > dealer_total:
        return stake
    if total < dealer_total or p[S.TIES_DEALER]:
        return -stake
    return 0.0


@hot
def play_round(shoe, rng, p, f, st, cv, hd, nh, strategy, insure, bet, mine, seats):
    """One round (Round from the deal to settle) of ``seats`` boxes, the player's the first
    ``mine`` of them (the others' are dealt and played, not counted); the net of the player's
    boxes, in units, and the number of hands they played. Its cards go to the discards."""
    tag = cv[2]
    dealer = seats * MAXH
    st[ROUND_START] = st[NDISC]  # the round's cards go to the tray as they are dealt
    hole = _deal(shoe, rng, p, st, cv, hd, nh, dealer)
    up = hd[dealer, V0 + p[S.UP_INDEX]]
    dealer_natural = False
    insured = 0.0
    if p[S.INSURANCE] and up == 1 and insure[count_row(p, st)]:
        insured = bet / 2.0 * mine
    early = p[S.SURRENDER] == 2 and p[S.PEEK] and (up == 1 or up == 10)
    if early:
        _early_surrender(p, st, hd, up, strategy, seats)
    if p[S.PEEK] and _natural(hd, dealer):
        dealer_natural = True
    else:
        for s in range(seats):
            if _natural(hd, s * MAXH):
                hd[s * MAXH, DONE] = 1
        _play_seats(shoe, rng, p, st, cv, hd, nh, up, strategy, seats)
        if not p[S.PEEK]:
            _add(hd, dealer, draw(shoe, rng, p, st, cv), cv[0], cv[1])
            dealer_natural = _natural(hd, dealer)
        if not dealer_natural and _waits_for_dealer(hd, nh, seats):
            if p[S.FACE_DOWN]:
                _banker_draws(shoe, rng, p, st, cv, hd, nh, dealer, strategy[4], strategy[5])
            else:
                _dealer_draws(shoe, rng, p, st, cv, hd, dealer)
    if hole >= 0:
        st[RC] += tag[hole]
    net = insured * 2.0 if dealer_natural else -insured
    dealer_total = _total(hd, dealer)
    hands = 0
    for s in range(mine):
        for i in range(nh[s]):
            net += settle(p, f, hd, s * MAXH + i, bet, i == 0, dealer_total, dealer_natural)
        hands += nh[s]
    return net, hands


@hot
def _early_surrender(p, st, hd, up, strategy, seats):
    """Round.early_surrender: before the peek, a seat gives up half where its cell says R."""
    first = strategy[0]
    row = count_row(p, st)
    for s in range(seats):
        h = s * MAXH
        cell = first_cell(p, hd, h)
        if first[row, up - 1, cell, 0] == SURRENDER:
            hd[h, SURR] = hd[h, DONE] = hd[h, ACTED] = 1


@hot
def _add_to_bucket(bk, bucket, x, b, played):
    """One round's net ``x`` and bet ``b`` added to its count's bucket (``played``: 1.0 where
    the player sat in, 0.0 where they watched)."""
    bk[bucket, BN] += 1.0
    bk[bucket, BP] += played
    bk[bucket, BX] += x
    bk[bucket, BB] += b
    bk[bucket, BXX] += x * x
    bk[bucket, BXB] += x * b
    bk[bucket, BBB] += b * b


@jit
def _unit_block(p, bets, bk):
    """Whether every round of the block bets one unit on one box, with ``bk`` empty (the
    flat game): then :func:`_add_unit` adds a round to its bucket, and :func:`_unit_sums`
    fills in the bet's sums after the block."""
    if p[S.WONG] or p[S.SPOTS] != p[S.SEATS] or p[S.SEATS] != 1 or p[S.NCOUNT] != 1:
        return False
    if bets[0] != 1.0:
        return False
    for k in range(bk.shape[0]):
        for j in range(BFIELDS):
            if bk[k, j] != 0.0:
                return False
    return True


@hot
def _add_unit(bk, bucket, x):
    """:func:`_add_to_bucket` for a round of one unit on one box: its count, net and square
    (the bet's sums follow from them, :func:`_unit_sums`)."""
    bk[bucket, BN] += 1.0
    bk[bucket, BX] += x
    bk[bucket, BXX] += x * x


@jit
def _unit_sums(bk):
    """The bet's sums of a block of one-unit rounds, as :func:`_add_to_bucket` adds them, to
    the bit: each round adds 1.0 to the bet, its square and the rounds played (whole numbers,
    exact), and ``x * 1.0``, that is ``x``, to the net times the bet, in the order it adds
    ``x`` to the net."""
    for k in range(bk.shape[0]):
        bk[k, BB] = bk[k, BBB] = bk[k, BP] = bk[k, BN]
        bk[k, BXB] = bk[k, BX]


# Long because the run's sums are kept in locals (registers, the note in the body), which a
# helper could not keep.
@jit
def run_block(rounds, rng, p, f, cv, codes, shoe, strategy, insure, bets, acc, bk, nets):
    """Play ``rounds`` rounds from a fresh shoe, adding each round's net ``x`` and total
    initial bet ``b`` (units) to ``acc`` and, by the start-of-round count, to ``bk``. Each
    round's net goes to ``nets`` too, as far as it has room, and when tracing each shuffle's
    order to the log. With ``max_shoes`` the block stops before the pack after that many
    (``acc[ROUNDS]`` says how many rounds were played). Returns -1, or the number of the
    round in which the shoe ran out of cards (the block stops).

    The player's boxes (none, watching) by the count they read (:func:`.boxes_at`), first.

    ``shoe`` is (stack, discards, burned, log, state, hands, hands per seat), every array
    allocated by the caller (:func:`.run.block_arrays`)."""
    st, hd, nh = shoe[4], shoe[5], shoe[6]
    sh = (shoe[0], shoe[1], shoe[2], shoe[3])
    resolve_first(p, strategy[0], hd, hd.shape[0] - 1, strategy[6])
    _copy(sh[0], 0, codes, 0, codes.size)
    for i in range(STATE):
        st[i] = 0
    st[END] = codes.size
    shuffle_shoe(sh, rng, p, st, cv)
    packs = 1
    # The run's sums kept in locals (registers), added to ``acc`` when the block ends: a sum
    # in an array is loaded and stored again each round (LLVM cannot tell the arrays apart).
    n = sx = sb = sxx = sbb = sxb = played = sat = boxes = dealt = 0.0
    sitting = False  # back-counting: whether the player sits in (they start watching)
    # One box count all run unless the player back-counts or spreads: decided once, not a
    # round at a time.
    fixed = not p[S.WONG] and p[S.SPOTS] == p[S.SEATS]
    fixed_seats = p[S.SEATS] + p[S.OTHERS]
    walk = 0.0  # the player's running count error this shoe, where counts are misread
    ran_out = -1
    # The flat game's buckets take three sums a round rather than seven (``bench/simulate.py``).
    unit = _unit_block(p, bets, bk)
    for r in range(rounds):
        if p[S.FRESH]:
            st[NEXT], st[END], st[NDISC], st[RC] = 0, codes.size, 0, p[S.IRC]
        elif needs_shuffle(p, st) or (st[REFILLED] and p[S.SHUFFLE_AFTER_REFILL]):
            if packs == p[S.MAX_SHOES]:
                break  # the packs asked for are dealt (a study's shoes)
            shuffle_shoe(sh, rng, p, st, cv)
            packs += 1
            walk, sitting = 0.0, False  # a back-counter leaves at the shuffle
        st[REFILLED] = 0
        bucket = bucket_now(p, st)  # the exact count's, whatever the player reads
        off, seen = misread(rng, p, f, st, walk), st[NEXT]  # the player's count is off all round
        # The count the player reads, a division, worked out only where a bet, a play or the
        # boxes go by it.
        read = count_now(p, st) if p[S.NCOUNT] > 1 or not fixed else 0.0
        bet = bets[row_at(p, read)]
        if fixed:
            mine, seats = p[S.SEATS], fixed_seats
        else:
            mine, sitting = boxes_at(p, read, sitting)
            seats = max(mine + p[S.OTHERS], 1)
        x, hands = play_round(sh, rng, p, f, st, cv, hd, nh, strategy, insure, bet, mine, seats)
        st[RC] -= off
        walk = walked(rng, p, f, st, walk, seen)
        b = bet * mine
        n += 1.0
        sat += 1.0 if mine else 0.0
        boxes += mine
        dealt += seats
        sx += x
        sb += b
        sxx += x * x
        sbb += b * b
        sxb += x * b
        played += hands
        if unit:
            _add_unit(bk, bucket, x)
        else:
            _add_to_bucket(bk, bucket, x, b, 1.0 if mine else 0.0)
        if r < nets.size:  # the caller asked for each round's net (the referee, paths)
            nets[r] = x
        if st[EMPTY]:
            ran_out = r + 1  # the shoe ran out of cards mid-round: the caller says so
            break
    if unit:
        _unit_sums(bk)
    acc[ROUNDS] += n
    acc[SUMX] += sx
    acc[SUMB] += sb
    acc[SUMXX] += sxx
    acc[SUMBB] += sbb
    acc[SUMXB] += sxb
    acc[HANDS] += played
    acc[PLAYED] += sat
    acc[BOXES] += boxes
    acc[DEALT] += dealt
    return ran_out


def cache_dir() -> Path:
    """The directory numba keeps this module's compiled functions in (its own choice, read
    from the dispatcher; ``__pycache__`` beside the module where numba does not say)."""
    path = getattr(getattr(run_block, "_cache", None), "_cache_path", None)
    return Path(path) if path else Path(__file__).parent / "__pycache__"


# Before any function is called (numba loads a function's cache at its first call).
forget_stale_cache(cache_dir(), *(Path(__file__).with_name(name) for name in FROZEN_IN))
