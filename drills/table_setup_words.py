"""What a table's set-up form is refused for, in the learner's language: each refusal a whole
sentence of the catalogue, by its name (:func:`refusal`), for :mod:`drills.table_session`."""

from __future__ import annotations

from typing import Any

from trainer.words import N_, say

__all__ = ["refusal"]

_REFUSALS = {
    # Whole numbers, by their field.
    "others": N_("Other seats: %(low)s to %(high)s."),
    "boxes": N_("Your boxes: %(low)s to %(high)s."),
    "co_bettors": N_("Co-bettors: %(low)s to %(high)s."),
    "punter_seat": N_("Your seat: %(low)s to %(high)s."),
    # Amounts, by their field.
    "bankroll no amount": N_("Give the bankroll as an amount, such as 1000."),
    "unit no amount": N_("Give the unit as an amount, such as 1000."),
    "bankroll not an amount": N_("The bankroll %(typed)s is not an amount."),
    "unit not an amount": N_("The unit %(typed)s is not an amount."),
    "bankroll too large": N_("The bankroll can be at most %(most)s."),
    "unit too large": N_("The unit can be at most %(most)s."),
    "bankroll not above 0": N_("The bankroll must be above 0."),
    "unit not above 0": N_("The unit must be above 0."),
    "unit over bankroll": N_("The unit is more than the bankroll."),
    "unit outside limits": N_(
        "A unit of %(unit)s is outside this table's limits (%(low)s to %(high)s a box): a bet "
        "of one unit could not be placed."
    ),
    "unit below minimum": N_(
        "A unit of %(unit)s is outside this table's limits (%(low)s or more a box): a bet of "
        "one unit could not be placed."
    ),
    # The rest of the form.
    "stop_at": N_(
        "Stop the table for mistakes costing at least: a number of bets from 0 to %(most)s, "
        "such as 0.05, or a share of a bet, such as 5%%."
    ),
    "unpriced": N_("A mistake with no price (a count check): stop the table for it or play on."),
    "spots": N_("A table has 7 spots: fewer seats or boxes."),
    "system": N_("There is no counting system %(system)s."),
    "rounding": N_("Choose how true counts are rounded."),
    "graded": N_("Choose what is graded from the list."),
    "tray": N_(
        "The discard tray is judged at the count checks of a true count: grade the counts too, "
        "with a balanced system."
    ),
    "mode": N_("Choose training or test mode."),
    "wong": N_(
        "To watch rounds from behind the table, at least one other seat must play them (and the "
        "house must deal)."
    ),
    "pace": N_("Choose the pace from the list."),
    "distraction": N_("Choose the distraction from the list."),
    "punter": N_(
        "You start as a punter only where the players deal (home twenty-one, the Russian banking "
        "game), at a seat from 1 to the other seats (%(others)s)."
    ),
}


def refusal(name: str, **values: Any) -> str:
    """The refusal called ``name``, its placeholders filled from ``values``."""
    return say(_REFUSALS[name], **values)
