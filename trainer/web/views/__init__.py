"""The web's views: each module holds one blueprint, and answers the URLs under it.

Which file answers a URL: ``/drills/<slug>`` :mod:`.drills` (the drill road, where every answer
is graded and stored), ``/drills/basic-strategy`` :mod:`.strategy_quiz`, ``/table``
:mod:`.table`, ``/counting`` :mod:`.counting`, ``/dealing/catch`` :mod:`.catch_dealer`; the
others are named for their pages. They are registered in :mod:`trainer.web`; the helpers
they share sit beside this package, in ``trainer/web/``.
"""
