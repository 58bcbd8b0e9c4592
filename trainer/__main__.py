"""``python -m trainer``: the engine's commands (:mod:`trainer.cli`), run as a process of
their own."""

import gc
import os
import sys

from trainer.cli import main

# A command fills memo tables of some 100,000 entries that live until it ends: the cyclic
# collector, run every 700 allocations as by default, would walk them over and over for nothing
# (about 5% of a chart's time). It still runs, less often.
gc.set_threshold(50_000, 20, 20)
# The engine multiplies numpy arrays elementwise and never calls BLAS: the pool of threads that
# OpenBLAS starts when numpy is imported only costs a command some 50 ms of start-up.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

status = main()
# The collector's last pass, as the interpreter ends, walks every object the command made for
# garbage there is none of: 25 ms of a chart's 0.3 s process. Frozen, they are left out of it
# (atexit handlers still run and the modules' objects are still freed).
gc.freeze()
sys.exit(status)
