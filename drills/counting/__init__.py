"""The counting drills, and what they share.

Shared: the learner's counting preferences (:mod:`~drills.counting.preferences`), counts, decks
and cards as text (:mod:`~drills.counting.notation`), checkpoints
(:mod:`~drills.counting.checkpoint`) and the discard tray drawn to scale
(:mod:`~drills.counting.tray`).

The drills: true count (:mod:`~drills.counting.true_count`), deck estimation
(:mod:`~drills.counting.decks`), shoe penetration (:mod:`~drills.counting.penetration`, its
studies and chart beside it), and the three played as counting sessions, running count, deck
countdown and counting through a shoe (:mod:`~drills.counting.session`, dealt by
:mod:`~drills.counting.dealing`).
"""
