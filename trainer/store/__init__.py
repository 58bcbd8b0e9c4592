"""The store: SQLite through sqlite-utils. Every function takes the database first.

- :mod:`trainer.store.db`: ``open_db(path)``, ``transaction(db)``, ``utc_now()``
- :mod:`trainer.store.migrations`: ``migrate(db)`` and the ``@migration`` list
- :mod:`trainer.store.users`: guests, accounts, sign-in checks
- :mod:`trainer.store.attempts`: the append-only attempts every drill records
- :mod:`trainer.store.throttle`: failed sign-in counting
"""

from trainer.store.db import open_db, transaction, utc_now
from trainer.store.migrations import migrate

__all__ = ["migrate", "open_db", "transaction", "utc_now"]
