"""Checkouts: formal tests with fixed pass criteria, taken against the server's clock with no
hints (:mod:`drills.checkouts.criteria`: what each asks and what passes it;
:mod:`drills.checkouts.plan`: its items and where a run stands; :mod:`drills.checkouts.items`
and :mod:`drills.checkouts.shoe_checks`: the items no practice drill asks)."""
