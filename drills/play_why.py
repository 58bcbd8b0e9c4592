"""The one sentence of why under a play's verdict, computed from the plays' EVs (never written
per cell): what the right play and the next best are worth on average, in % of the bet."""

from __future__ import annotations

from collections.abc import Mapping

from trainer.words import N_, say, signed

__all__ = ["play_why"]

# Each play as the subject of the why's sentence.
_DOING = {
    "H": N_("hitting"),
    "S": N_("standing"),
    "D": N_("doubling"),
    "P": N_("splitting"),
    "R": N_("surrendering"),
}


# Doubling and splitting stake a second bet: past a whole bet either way, their worth says so
# (a walker read "doubling −116.02% of the bet" as a mistake in the figures).
_DOING_TWO_BETS = {"D": N_("doubling (two bets)"), "P": N_("splitting (two bets)")}


def _doing(key: str, ev: float) -> str:
    if key in _DOING_TWO_BETS and abs(ev) > 1:
        return say(_DOING_TWO_BETS[key])
    return say(_DOING[key])


def play_why(evs: Mapping[str, float], right: str, chosen: str | None = None) -> str:
    """``"On average hitting is worth −25.00% of the bet here, standing −29.00%."``: the right
    play's EV beside the play ``chosen`` (a wrong answer's), else the best of the others' (the
    right play's alone where it is the only one)."""
    worth = signed(evs[right] * 100, 2)
    others = sorted((key for key in evs if key != right and key in _DOING),
                    key=lambda key: -evs[key])  # fmt: skip
    if not others:
        return say("On average %(play)s is worth %(worth)s%% of the bet here.",
                   play=_doing(right, evs[right]), worth=worth)  # fmt: skip
    runner = chosen if chosen in others else others[0]
    return say(
        "On average %(play)s is worth %(worth)s%% of the bet here, %(other)s %(other_worth)s%%.",
        play=_doing(right, evs[right]),
        worth=worth,
        other=_doing(runner, evs[runner]),
        other_worth=signed(evs[runner] * 100, 2),
    )
