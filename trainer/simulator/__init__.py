"""The simulator: millions of rounds a second, compiled (numba), refereed by the engine.

The engine (:mod:`trainer.engine`) stays pure Python and is the referee: the kernel
(:mod:`.kernel`) plays the same game over arrays, and the suite deals the same shuffled shoes
through both and compares every round (``tests/simulator/test_agreement.py``). Its strategy is
the strategy engine's chart and computed indices (:mod:`.tables`); a run is cut into blocks
seeded apart, so its figures do not depend on the number of workers (:mod:`.run`).

    settings = settings_from(preset="vegas-6d-s17", rounds=10**7, options=["surrender=none"])
    summary = simulate(settings)          # summary.player_edge_percent, .se_percent, ...
"""

from trainer.simulator.settings import InvalidSettingError, Settings, settings_from, simulate
from trainer.simulator.summary import Summary

__all__ = ["InvalidSettingError", "Settings", "Summary", "settings_from", "simulate"]
