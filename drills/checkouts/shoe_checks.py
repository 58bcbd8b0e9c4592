"""The true count and bet checkout's items: a shoe dealt in ten stretches, and after each the
learner's true count (right within one) and their bet (the ramp's bet for the true count, or for
a count one either side of it: the step the true count's allowance may reach).

The shoe is a seed: ``rules.decks`` packs shuffled by ``random.Random(seed)``, three quarters of
it dealt in :data:`CHECKS` equal stretches. A check's notation names the system, the rounding,
the seed and the stretch::

    count hi-lo floor half 8f3a2c 4      # the true count after the fifth stretch
    bet hi-lo floor half 8f3a2c 4        # the bet there

The ramp is the bet-sizing drill's (:mod:`drills.bet_sizing`): the Kelly ramp for the rules and
system at the default bankroll and risk of ruin.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction

from drills.base import Drill, Grade, InvalidQuestionError, Question
from drills.bet_sizing import DEFAULT_RISK, default_bankroll
from drills.caches import Caches
from drills.checkouts.items import read_signed
from drills.count_study import study_for
from drills.counting.preferences import CONVENTIONS, RESOLUTIONS
from drills.counting.true_count import tray_true_count
from drills.payout.money import money_text, read_amount
from drills.refusals import NO_ROUNDING
from trainer.engine.counting import SYSTEMS, CountingSystem
from trainer.engine.deck.cards import Card, pack
from trainer.engine.indices import BetRamp, bet_ramp
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, money, say, signed

CHECKS = 10
DEALT = Fraction(3, 4)  # the share of the shoe dealt before the cut card
_NOTATION_RE = re.compile(
    r"(?P<sort>count|bet) (?P<system>[a-z0-9-]{1,20}) (?P<convention>[a-z]{1,10})"
    r" (?P<resolution>[a-z]{1,10}) (?P<seed>[0-9a-f]{1,16}) (?P<check>[0-9])"
)


def shoe_notations(rng: random.Random, system: CountingSystem, prefs: tuple[str, str]) -> list[str]:
    """Each check's two items, in order: the count, then the bet."""
    seed = f"{rng.getrandbits(48):x}"
    head = f"{system.slug} {prefs[0]} {prefs[1]} {seed}"
    return [f"{sort} {head} {check}" for check in range(CHECKS) for sort in ("count", "bet")]


class _Check:
    """A check read from its notation: the stretch shown, and the counts after it."""

    def __init__(self, notation: str, rules: Rules) -> None:
        found = _NOTATION_RE.fullmatch(notation[:100])
        if not found or found["system"] not in SYSTEMS or not SYSTEMS[found["system"]].balanced:
            raise InvalidQuestionError.said_as(N_("that is not a check of a shoe"))
        if found["convention"] not in CONVENTIONS or found["resolution"] not in RESOLUTIONS:
            raise InvalidQuestionError.said_as(NO_ROUNDING)
        self.sort = found["sort"]
        self.system = SYSTEMS[found["system"]]
        self.convention, self.resolution = found["convention"], found["resolution"]
        cards = [str(card) for card in pack(rules.decks)]
        random.Random(int(found["seed"], 16)).shuffle(cards)
        size = len(cards)
        stretch = int(size * DEALT) // CHECKS
        check = int(found["check"])
        self.shown = tuple(Card.parse(c) for c in cards[check * stretch : (check + 1) * stretch])
        self.dealt = (check + 1) * stretch
        self.size = size
        seen = (Card.parse(c) for c in cards[: self.dealt])
        self.running = sum((self.system.tag(card) for card in seen), Fraction(0))
        self.true = tray_true_count(
            self.running, rules.decks, self.dealt, self.convention, self.resolution
        )

    def ramp(self, rules: Rules, caches: Caches | None) -> BetRamp:
        table = study_for(rules, self.system, caches=caches).edge
        return bet_ramp(table, default_bankroll(rules), float(DEFAULT_RISK))


class ShoeCheck(Drill):
    """One check of the shoe: the true count (``count ...``) or the bet (``bet ...``)."""

    slug = "checkout-shoe"

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        check = _Check(notation, rules)
        prompt = (
            say("Your true count now, in %(system)s?", system=check.system.name)
            if check.sort == "count"
            else say("Your bet now, by your ramp?")
        )
        view = {
            "cards": check.shown if check.sort == "count" else (),
            "dealt": check.dealt,
            "size": check.size,
            "sort": check.sort,
        }
        return Question(notation=notation, prompt=prompt, view=view)

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        check = _Check(notation, rules)
        if check.sort == "count":
            given = read_signed(answer_text)
            return Grade(
                correct=abs(given - check.true) <= 1,
                answer=signed(given),
                right_answer=signed(check.true),
                explanation=say(
                    "The running count was %(running)s with %(dealt)s cards dealt: a true "
                    "count of %(true)s.",
                    running=signed(check.running),
                    dealt=check.dealt,
                    true=signed(check.true),
                ),
            )
        bet = Fraction(read_amount(answer_text[:20], signed=False))
        ramp = check.ramp(rules, caches)
        step = [ramp.bet_at(float(check.true + off)) for off in (-1, 0, 1)]
        return Grade(
            correct=min(step) <= bet <= max(step),
            answer=money_text(bet),
            right_answer=money_text(step[1]),
            explanation=say(
                "At a true count of %(true)s the ramp bets %(bet)s.",
                true=signed(check.true),
                bet=money(step[1]),
            ),
        )


SHOE_CHECK = ShoeCheck()
