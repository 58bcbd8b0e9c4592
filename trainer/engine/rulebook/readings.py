"""The source texts' open readings: where a text can be read more than one way, how a preset
reads it, and the other readings, each a rule change away so its chart and house edge can be
shown beside ours.

The readings with no option to play them otherwise are the presets' ``interpretation`` lines
(:attr:`trainer.engine.rulebook.rules.Rules.interpretation`); these are the ones a learner can try.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import N_

__all__ = ["READINGS", "Alternative", "Reading", "readings_for"]


@dataclass(frozen=True)
class Alternative:
    """Another reading of the text, and the option changes (notation words) that play it."""

    words: str  # a catalogue message, said with ``total`` when it names one
    changes: str  # e.g. "double_on=any"
    total: int | None = None

    def rules(self, ours: Rules) -> Rules:
        """``ours`` read this way instead (the changes made on top of any of ours)."""
        return ours.replace(**dict(word.split("=", 1) for word in self.changes.split()))


@dataclass(frozen=True)
class Reading:
    """One place where a source text is open: what it says, how we read it, the other ways."""

    topic: str  # each a catalogue message
    text: str  # what the source text says, in English
    ours: str  # how the preset reads it
    others: tuple[Alternative, ...]


def _policy() -> tuple[Alternative, ...]:
    return tuple(
        Alternative(N_("The dealer stands on %(total)s"), f"dealer_stands_on={total}", total)
        for total in (12, 13, 14, 15, 16)
    )


READINGS: dict[str, tuple[Reading, ...]] = {
    "casino-boxes": (
        Reading(
            N_("Doubling"),
            N_("“The dealer offers double on 9, 10, 11” (text 003)."),
            N_("Only a hard 9, 10 or 11 may double."),
            (
                Alternative(
                    N_("Any two cards may double; the dealer offers it on 9–11"), "double_on=any"
                ),
            ),
        ),
        Reading(
            N_("A late dealer natural"),
            N_("It speaks of the dealer's first card and never of a peek (text 003)."),
            N_("No hole card: a dealer natural drawn after play takes doubled and split bets too."),
            (
                Alternative(
                    N_("A late dealer natural takes the original bet only"),
                    "no_hole_card_loses=original",
                ),
            ),
        ),
    ),
    "russian-bank": (
        Reading(
            N_("Who sees what"),
            N_(
                "“Банкомет сдает всем понтерам по две карты, не исключая и себя” (the banker deals "
                "two cards to every punter, not excepting himself) and “Банкомет первый смотрит "
                "свои карты” (the banker looks at his cards first): no card is said to be shown "
                "(text 004)."
            ),
            N_(
                "Every card is dealt and drawn face down. A punter sees his own cards only, so his "
                "chart has one column; the banker sees his own and, of each punter, the stake, how "
                "many cards he drew, and that a punter past 21 is out."
            ),
            (
                Alternative(
                    N_(
                        "The punters' cards and the banker's first card face up, the banker "
                        "standing on 17"
                    ),
                    "deal_faces=casino banker_best=false",
                ),
            ),
        ),
        Reading(
            N_("The banker's drawing"),
            N_(
                "“...посредством прикупки, которая возможна как для понтеров, так и для банкомета” "
                "(drawing is open to the punters and to the banker alike): he draws as he likes "
                "(text 004)."
            ),
            N_(
                "The automatic banker plays his best for the bank's money by what he sees, and the "
                "punters' chart is their best against him: each answers the other."
            ),
            tuple(
                Alternative(
                    N_("The banker stands on %(total)s"),
                    f"banker_best=false dealer_stands_on={total}",
                    total,
                )
                for total in range(12, 18)
            ),
        ),
    ),
    "twenty-one-home": (
        Reading(
            N_("The home dealer's drawing"),
            N_("At home the dealer draws as he likes (text 002)."),
            N_("The dealer draws to 16 and stands on 17."),
            _policy(),
        ),
    ),
}


def readings_for(rules: Rules) -> tuple[Reading, ...]:
    """The open readings of the text ``rules`` come from (none for the modern presets)."""
    return READINGS.get(rules.name, ())
