"""A flat block (one unit on one box every round) adds a round to its count's bucket the
short way (three sums; the bet's filled in after the block) and gets the long way's figures
to the bit. The long way: the same game with a ramp of one unit at every count, which gives
the kernel a count axis (so every round goes the long way) and deals, plays and pays the
same rounds."""

from __future__ import annotations

from trainer.simulator import kernel as K
from trainer.simulator.run import play_block
from trainer.simulator.settings import job_of, settings_from
from trainer.simulator.tables import P

ROUNDS = 20_000


def test_a_flat_blocks_sums_are_the_long_ways_to_the_bit() -> None:
    flat = job_of(settings_from(preset="vegas-6d-s17", rounds=ROUNDS, seed=5))
    ramped = job_of(settings_from(preset="vegas-6d-s17", rounds=ROUNDS, seed=5, ramp="1@-99"))
    assert flat.params.ints[P["ncount"]] == 1 < ramped.params.ints[P["ncount"]]
    short, long = play_block(flat, 0, ROUNDS), play_block(ramped, 0, ROUNDS)
    assert short.acc[K.ROUNDS] == ROUNDS
    assert short.acc.tobytes() == long.acc.tobytes()
    assert short.buckets.tobytes() == long.buckets.tobytes()
    # The bet's sums filled in are the rounds' (one unit each), the net's times the bet the net's.
    assert (short.buckets[:, K.BB] == short.buckets[:, K.BN]).all()
    assert (short.buckets[:, K.BXB] == short.buckets[:, K.BX]).all()
    assert short.buckets[:, K.BN].sum() == ROUNDS
