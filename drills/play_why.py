"""The one sentence of why under a play's verdict, computed from the plays' EVs (never written
per cell): what the right play and the next best win or lose on average, in % of the bet."""

from __future__ import annotations

from collections.abc import Mapping

from trainer.words import N_, number, say

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


# What a play does to the bet on average, in plain words ("loses 18.30% of the bet", not "is
# worth −18.30%": a newcomer read the right play's minus sign as the right play losing money
# for nothing); the second play's without "of the bet".
_RESULTS = {
    (-1, True): N_("loses %(share)s%% of the bet"),
    (1, True): N_("wins %(share)s%% of the bet"),
    (-1, False): N_("loses %(share)s%%"),
    (1, False): N_("wins %(share)s%%"),
}


def _result(ev: float, whole: bool) -> str:
    share = round(abs(ev) * 100, 2)
    if not share:
        return say("breaks even")
    return say(_RESULTS[(1 if ev > 0 else -1, whole)], share=number(share, 2))


def play_why(evs: Mapping[str, float], right: str, chosen: str | None = None) -> str:
    """``"On average hitting loses 25.00% of the bet here, standing 29.00%."``: the right
    play's EV beside the play ``chosen`` (a wrong answer's), else the best of the others' (the
    right play's alone where it is the only one)."""
    others = sorted((key for key in evs if key != right and key in _DOING),
                    key=lambda key: -evs[key])  # fmt: skip
    result = _result(evs[right], whole=True)
    if not others:
        return say("On average %(play)s %(result)s here.", play=_doing(right, evs[right]),
                   result=result)  # fmt: skip
    runner = chosen if chosen in others else others[0]
    return say(
        "On average %(play)s %(result)s here, %(other)s %(other_result)s.",
        play=_doing(right, evs[right]),
        result=result,
        other=_doing(runner, evs[runner]),
        other_result=_result(evs[runner], whole=False),
    )
