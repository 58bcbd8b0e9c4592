"""Procedure: the learner deals as the source texts prescribe (000, 002's club game, 003) and is
asked at each point what the dealer must do: where the next card of the deal goes, whether he
may look at his hole card, how and when a player's natural is settled, what he does when the
joker, the burned card or the cut card comes, when too few cards are left, when the card to
burn is an ace, and what he offers a box.

Every right answer is the engine's (:mod:`drills.dealing.procedure_points`): the round's own
deal, the shoe's burn and reshuffle, the settlement, and the procedure rules of
:mod:`trainer.engine.rulebook.procedure`. Notation ``point|preset|arguments``; the answer is a
choice's slug (or its words, as stored).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from drills.base import (
    AsksOnItsPage,
    Drill,
    Grade,
    InvalidAnswerError,
    LearnerState,
    NamesItsRules,
    PastAttempt,
    Question,
)
from drills.caches import Caches
from drills.dealing.choices import PageOption, gist, in_fixed_order
from drills.dealing.procedure_points import POINTS, Answer, read_point
from trainer.engine.rulebook.rule_words import short_summary, title
from trainer.engine.rulebook.rules import Rules, find_preset, preset_names
from trainer.words import N_, quoted, say

__all__ = ["DRILL", "Procedure"]

# What each text says at each point, by (point, preset): the rule as a clause that follows
# its text's name (:data:`SAYS`), so that the verdict's why names the text it quotes.
TEXT: dict[tuple[str, str], str] = {
    ("deal", "permanent-bank"): N_(
        "each player gets one card face down, the dealer one face up; then everyone, the dealer "
        "too, one more face down."
    ),
    ("deal", "twenty-one-club"): N_(
        "the cards are dealt one at a time from the dealer's left (deal method 1); everyone, "
        "the dealer included, gets one card face down, then one face up."
    ),
    ("deal", "casino-boxes"): N_(
        "the boxes' cards go face up, the dealer's one card face up; his second card comes "
        "only after every box has played (as the trainer reads it)."
    ),
    ("peek", "permanent-bank"): N_(
        "with a ten, a face or an ace up the dealer may look at his hole card for a natural; "
        "with any other card he may not until his turn to draw."
    ),
    ("peek", "casino-boxes"): N_(
        "the dealer's second card is dealt after every box has played, so there is no hole "
        "card to look at."
    ),
    ("natural", "permanent-bank"): N_(
        "a natural against a dealer without one is paid one and a half times the bet, and the "
        "dealer settles the naturals before he turns to the first player on his left."
    ),
    ("natural", "twenty-one-club"): N_(
        "a natural is shown and settled at once, paid one and a half times the bet."
    ),
    ("dealer-natural", "permanent-bank"): N_(
        "a dealer with a natural collects the bets of the players without one, never more than "
        "their original bets; a player's natural against it ties, and he takes his chips back. "
        "He has looked under his ten or ace, so it is shown before anyone draws."
    ),
    ("dealer-natural", "twenty-one-club"): N_(
        "a natural is shown and the round settled at once; against the dealer's natural only "
        "another natural escapes, as a tie."
    ),
    ("stop", "permanent-bank"): N_(
        "the dealer deals until he reaches the joker; then he shuffles the played cards, has "
        "them cut, puts the joker under them face up and deals on."
    ),
    ("stop", "twenty-one-club"): N_(
        "the deal goes on until the dealer reaches the card lying face up under the pack; then "
        "he shuffles, the pack is cut, and the deal goes on."
    ),
    ("stop", "casino-boxes"): N_(
        "it deals to a cut card, and the round under way is finished before the shuffle."
    ),
    ("reserve", "permanent-bank"): N_(
        "before any deal the dealer may gather, shuffle and have cut all the cards if he thinks "
        "there are too few for the round. The trainer reads too few as fewer than 15 cards: too "
        "few for the next deal."
    ),
    ("burn", "twenty-one-club"): N_(
        "the dealer burns a card by showing it and putting it face up under the pack; an ace "
        "may not be burned: the pack is shuffled and cut again."
    ),
    ("burn", "casino-boxes"): N_(
        "one card is burned after the shuffle, unseen; any card, an ace too (the ace rule is "
        "the club game's own, text 002)."
    ),
    ("offer", "casino-boxes"): N_(
        "against an ace up the dealer offers insurance, and even money to a natural; he offers "
        "a double on 9, 10 and 11; he never offers surrender (a player may ask for it)."
    ),
}
# Each text by its game's name and its number, saying the rule that follows.
SAYS: dict[str, str] = {
    "permanent-bank": N_("The permanent bank's rules (text 000) say: %(rule)s"),
    "twenty-one-club": N_("The club rules (text 002) say: %(rule)s"),
    "casino-boxes": N_("The casino rules (text 003) say: %(rule)s"),
}


# Points a text says nothing of, where the trainer's game deals as it does (an interpretation).
INTERPRETED = frozenset(
    {("burn", "casino-boxes"), ("peek", "casino-boxes"), ("stop", "casino-boxes")}
)
SAYS_NOTHING: dict[str, str] = {
    "casino-boxes": N_("The casino rules (text 003) say nothing of this; the trainer's casino: "
                       "%(rule)s"),
}  # fmt: skip


def says(point: str, preset: str) -> str:
    """What the text of ``preset``'s game says at ``point``, naming the text (or that it says
    nothing of it, and how the trainer's game deals: :data:`INTERPRETED`)."""
    told = SAYS_NOTHING if (point, preset) in INTERPRETED else SAYS
    return say(told[preset], rule=say(TEXT[(point, preset)]))


# "A whole deal, point by point": the points of each text's game in the order a deal meets them
# (the burn after the shuffle, the deal, the hole card, naturals, offers, the end of the pack).
ROUNDS: dict[str, tuple[str, ...]] = {
    "permanent-bank": ("reserve", "deal", "peek", "natural", "stop"),
    "twenty-one-club": ("burn", "deal", "natural", "stop"),
    "casino-boxes": ("burn", "deal", "peek", "offer", "stop"),
}
IN_ORDER = "round"


def next_in_round(rng: random.Random, recent: tuple[PastAttempt, ...]) -> tuple[str, str]:
    """The point and preset after the learner's last answer in its text's deal, or the first
    point of a deal under a text drawn at random."""
    if recent:
        point, _, rest = recent[0].question.partition("|")
        preset = rest.partition("|")[0]
        order = ROUNDS.get(preset, ())
        if point in order and order.index(point) + 1 < len(order):
            return order[order.index(point) + 1], preset
    preset = rng.choice(list(ROUNDS))
    return ROUNDS[preset][0], preset


def _step(notation: str) -> tuple[int, int] | None:
    """Where the question's point comes in its text's deal (point, of so many), if it does."""
    point, preset, _ = notation.split("|", 2)
    order = ROUNDS[preset]
    return (order.index(point) + 1, len(order)) if point in order else None


class Procedure(Drill, AsksOnItsPage, NamesItsRules):
    slug = "procedure"
    title = N_("Dealing procedure")
    description = N_(
        "Deal as the old texts prescribe for the permanent bank, club twenty-one and casino "
        "blackjack with boxes: where the next card goes, the hole card, naturals, the joker "
        "and the burned card, reshuffling, and what the dealer offers. Choose what the dealer "
        "must do."
    )
    template = "drills/dealing.html"
    situation_template = "drills/_procedure_situation.html"
    brisk_ms = 4_000
    slow_ms = 15_000
    points = {
        IN_ORDER: N_("A whole deal, point by point"),
        **{slug: point.title for slug, point in POINTS.items()},
    }

    @property
    def option(self) -> PageOption:
        """The page's one option, in the learner's language."""
        return PageOption(
            "point",
            say("Point of the deal"),
            {slug: say(title) for slug, title in self.points.items()},
            say("Any point"),
            say("New question"),
        )

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        slug = learner.options.get("point", "")
        if slug == IN_ORDER:
            slug, preset = next_in_round(rng, learner.recent)
            point = POINTS[slug]
        else:
            point = POINTS.get(slug) or POINTS[rng.choice(list(POINTS))]
            preset = rng.choice(point.presets)
        arguments = point.make(rng, find_preset(preset))
        return self.question(f"{point.slug}|{preset}|{arguments}", rules, caches=caches)

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        """The preset the question names: the text whose procedure it asks."""
        return read_point(notation)[1]

    def skill(self, notation: str, rules: Rules) -> str:
        """The point under its preset (``"burn twenty-one-club"``)."""
        point, preset, _ = notation.split("|", 2)
        return f"{point} {preset}"

    def answer_words(self, answer: str) -> str:
        """A stored answer (a choice's words, marked for the catalogue) in the learner's,
        quoted as its button\'s (“…”, «…»), as the verdict names it."""
        return quoted(say(answer))

    def skill_words(self, key: str) -> str:
        """The point's title, and its preset as the footer names it."""
        point, _, preset = key.partition(" ")
        if point not in POINTS or preset not in preset_names():
            return super().skill_words(key)
        return f"{say(POINTS[point].title)} ({short_summary(find_preset(preset))})"

    def _answer(self, notation: str) -> tuple[str, Rules, Answer]:
        point, rules, arguments = read_point(notation)
        return point.slug, rules, point.answer(rules, arguments)

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        point, played_under, answer = self._answer(notation)
        choices = in_fixed_order(notation, answer.choices, lambda c: c[0])
        return Question(
            notation=notation,
            prompt=answer.prompt,
            view={
                "point": point,
                "title": say(POINTS[point].title),
                "game": title(played_under),
                "prompt": answer.prompt,
                "choices": [
                    (str(n), slug, answer.said.get(label) or say(label))
                    for n, (slug, label) in enumerate(choices, 1)
                ],
                # Each answer (stored in English) in the learner's words, for the verdict.
                "said": {label: answer.said.get(label) or say(label) for _, label in choices},
                "short": {
                    label: gist(answer.said.get(label) or say(label)) for _, label in choices
                },  # fmt: skip
                "step": _step(notation),
                "interpreted": (point, played_under.name) in INTERPRETED,
                **answer.view,
            },
        )

    def answer_text(self, form: Mapping[str, str]) -> str:
        return str(form.get("answer", ""))[:100]

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        point, played_under, answer = self._answer(notation)
        labels = dict(answer.choices)
        chosen = next(
            (slug for slug, label in answer.choices if answer_text in (slug, label)), None
        )
        if chosen is None:
            raise InvalidAnswerError(say("Choose one of the answers offered (press its number)."))
        return Grade(
            correct=chosen == answer.right,
            answer=labels[chosen],
            right_answer=labels[answer.right],
            explanation=says(point, played_under.name),
        )


DRILL = Procedure()
