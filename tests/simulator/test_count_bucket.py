"""The kernel's report bucket of a round's count (:func:`bucket_now`), worked out in whole
numbers, is the exact count's: nearest whole count with halves away from 0 (or its floor),
within the table, for every running count, cards left and scale."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from trainer.simulator import slots as S
from trainer.simulator.shoe_kernel import END, NEXT, RC, STATE, bucket_now
from trainer.simulator.tables import P

LO, NBUCKET = -10, 21


def _exact(rc: int, left: int, scale: int, balanced: bool, floor: bool) -> int:
    count = Fraction(rc * 52, left * scale) if balanced and left > 0 else Fraction(rc, scale)
    if floor:
        whole = math.floor(count)
    else:
        whole = math.floor(abs(count) + Fraction(1, 2))
        whole = whole if count >= 0 else -whole
    return min(max(whole - LO, 0), NBUCKET - 1)


@given(
    rc=st.integers(-400, 400),
    left=st.integers(0, 416),
    scale=st.sampled_from([1, 2, 3, 4]),
    balanced=st.booleans(),
    floor=st.booleans(),
)
def test_the_bucket_is_the_exact_counts(
    rc: int, left: int, scale: int, balanced: bool, floor: bool
) -> None:
    p = [0] * len(P)
    p[S.SCALE], p[S.BALANCED], p[S.BUCKET_FLOOR] = scale, int(balanced), int(floor)
    p[S.BUCKET_LO], p[S.NBUCKET] = LO, NBUCKET
    state = np.zeros(STATE, np.int64)
    state[RC], state[NEXT], state[END] = rc, 416 - left, 416
    assert bucket_now(tuple(p), state) == _exact(rc, left, scale, balanced, floor)


def test_a_half_count_goes_away_from_zero() -> None:
    # 104 cards left (two decks): a running count of 1 is a true count of 1/2, of -3 of -3/2.
    assert _exact(1, 104, 1, True, False) + LO == 1
    assert _exact(-3, 104, 1, True, False) + LO == -2
    p = [0] * len(P)
    p[S.SCALE], p[S.BALANCED], p[S.BUCKET_LO], p[S.NBUCKET] = 1, 1, LO, NBUCKET
    state = np.zeros(STATE, np.int64)
    state[NEXT], state[END] = 312 - 104, 312
    for rc, whole in ((1, 1), (-1, -1), (3, 2), (-3, -2), (2, 1), (0, 0)):
        state[RC] = rc
        assert bucket_now(tuple(p), state) + LO == whole
