"""Irregularities: a round of 000 in which something has gone wrong; the learner, as the dealer,
chooses the remedy the text gives among those a dealer would weigh, and the engine plays the
round on from it to its settlement.

000's whole list ("Нарушения правил"): too many cards dealt, a card the player did not ask for,
a card shown in the pack, one card only (with and without a dealer natural), no cards, a card
dealt face up, and the dealer's natural not announced before the first player is offered a card.

The right choice is read off the engine, never written per question: each choice claims the
remedies the misdealt seat is allowed (each remedy tried on the situation,
:func:`~drills.dealing.misdealt.allowed_remedies`), how its bet settles, or whether the dealer's
21 counts as a natural; the one whose claim the engine bears out is right, and a situation where
not exactly one does is not a question. Notation: :mod:`drills.dealing.misdealt`. The answer is
a choice's slug.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from drills.base import (
    AsksOnItsPage,
    Drill,
    Grade,
    InvalidAnswerError,
    InvalidQuestionError,
    LearnerState,
    NamesItsRules,
    Question,
)
from drills.caches import Caches
from drills.dealing.choices import PageOption, gist, in_fixed_order
from drills.dealing.misdealt import KINDS, RULES, Played, make, read_played
from drills.dealing.table_words import card_words, result_view
from trainer.engine.play.round import Outcome
from trainer.engine.rulebook.rule_words import summary_lines
from trainer.engine.rulebook.rules import Rules
from trainer.words import N_, dealing_at, number, quoted, say

__all__ = ["CHOICES", "DRILL", "Choice", "Irregularities"]


@dataclass(frozen=True)
class Choice:
    """One remedy a dealer might weigh, and what it claims of the engine's round: the remedies
    the misdealt seat is allowed (``remedies``, names of :data:`~drills.dealing.misdealt.REMEDIES`;
    a name the engine has not, such as ``redeal``, is never allowed), how its bet settles
    (``outcome``), or whether the dealer's 21 counts as a natural (``natural``)."""

    slug: str
    label: str
    remedies: frozenset[str] | None = None
    outcome: Outcome | None = None
    natural: bool | None = None

    def holds(self, played: Played) -> bool:
        """Whether the engine's round bears the claim out."""
        if self.remedies is not None and self.remedies != played.allowed:
            return False
        if self.outcome is not None and self.outcome is not played.outcome:
            return False
        return self.natural is None or self.natural is played.result.dealer_natural


def _remedy(slug: str, label: str, *names: str, outcome: Outcome | None = None) -> Choice:
    return Choice(slug, label, frozenset(names), outcome)


_REDEAL = _remedy(
    "redeal", N_("Void the round: every bet goes back and the cards are dealt again"), "redeal"
)
_EXPOSED = (
    _remedy(
        "offer",
        N_(
            "Offer it to the player: he may take it or refuse it; refused, the next player to draw "
            "may take it; refused again, it goes to the discards"
        ),
        "take-exposed",
        "refuse-exposed",
    ),
    _remedy("must-take", N_("It is his card: he must take it"), "take-exposed"),
    _remedy("discard", N_("Put it in the discards and deal him the next card"), "dealer-discards"),
)

CHOICES: dict[str, tuple[Choice, ...]] = {
    "extra-card": (
        _remedy(
            "keep-two",
            N_("The player keeps any two of his cards; the others go to the discards face up"),
            "keep-two",
        ),
        _remedy("withdraw", N_("The player takes his bet back and sits the round out"), "withdraw"),
        _remedy("back", N_("Take the last card back and deal it to the next in line"), "card-back"),
        _REDEAL,
    ),
    "unasked-card": (*_EXPOSED, _REDEAL),
    "shown-card": (
        *_EXPOSED,
        _remedy(
            "reshuffle", N_("Gather the pack and shuffle it again before dealing on"), "reshuffle"
        ),
    ),
    "one-card": (
        _remedy(
            "choose",
            N_("The player may take his bet back, or take the missing card when his turn comes"),
            "withdraw",
            "take-missing",
        ),
        _remedy(
            "missing",
            N_("He gets the missing card when his turn comes: the bet stands"),
            "take-missing",
        ),  # fmt: skip
        _remedy(
            "withdraw",
            N_("His bet is returned and he sits the round out: he has no choice"),
            "withdraw",
        ),  # fmt: skip
        _REDEAL,
    ),
    "one-card-natural": (
        Choice(
            "withdrawn",
            N_("His bet is withdrawn: returned to him, neither lost nor paid"),
            outcome=Outcome.WITHDRAWN,
        ),  # fmt: skip
        Choice(
            "lost",
            N_("The dealer's natural takes it, as it takes every bet without a natural"),
            outcome=Outcome.LOSE,
        ),  # fmt: skip
        Choice(
            "push", N_("It is a tie: his one card cannot lose to a natural"), outcome=Outcome.PUSH
        ),
        _REDEAL,
    ),
    "no-cards": (
        _remedy(
            "withdrawn",
            N_("His bet is withdrawn: it goes back to him and he sits the round out"),
            outcome=Outcome.WITHDRAWN,
        ),  # fmt: skip
        _remedy(
            "in-turn", N_("He gets his two cards when his turn comes, and plays"), "take-missing"
        ),
        Choice(
            "lost",
            N_("Without cards he cannot beat the dealer: his bet is lost"),
            outcome=Outcome.LOSE,
        ),  # fmt: skip
        _REDEAL,
    ),
    "face-up": (
        _remedy(
            "choose",
            N_("The player may accept the card and play on, or take his bet back"),
            "accept",
            "withdraw",
        ),
        _remedy("stands", N_("The card stands: he plays on with it"), "accept"),
        _remedy(
            "replace", N_("Put it in the discards and deal him the next card face down"), "replace"
        ),  # fmt: skip
        _REDEAL,
    ),
    "late-natural": (
        Choice(
            "plain-21",
            N_(
                "His 21 counts as a 21 of three or more cards: the round is played on, and a "
                "player's natural still wins"
            ),
            remedies=frozenset(),
            natural=False,
        ),
        Choice(
            "natural", N_("He shows it now and collects every bet without a natural"), natural=True
        ),
        _REDEAL,
    ),
}

TITLES = {
    "extra-card": N_("Too many cards dealt"),
    "unasked-card": N_("A card the player did not ask for"),
    "shown-card": N_("A card shown in the pack"),
    "one-card": N_("One card only"),
    "one-card-natural": N_("One card only, and the dealer has a natural"),
    "no-cards": N_("No cards"),
    "face-up": N_("A card dealt face up"),
    "late-natural": N_("The dealer's natural not announced"),
}

# What 000 says of each ("Нарушения правил"), in the learner's language (marked here, said
# where shown).
TEXT = {
    "extra-card": N_(
        "a player dealt too many cards may keep any two of them and discard the rest face up."
    ),
    "unasked-card": N_(
        "a card dealt unasked the player may accept or refuse; if he refuses, the next player "
        "to draw may take it; if he refuses too, it goes to the discards."
    ),
    "shown-card": N_(
        "a card that shows in the pack the player may accept or refuse; if he refuses, the "
        "next player to draw may take it; if he refuses too, it goes to the discards."
    ),
    "one-card": N_(
        "a player dealt one card only may take his bet back, or take the missing card in his turn."
    ),
    "one-card-natural": N_(
        "a player dealt one card only withdraws his bet when the dealer has a natural."
    ),
    "no-cards": N_("a player who is dealt no cards withdraws his bet."),
    "face-up": N_(
        "a player dealt a card face up instead of face down may accept it or take his bet back."
    ),
    "late-natural": N_(
        "a natural the dealer does not announce before he offers a card to the first player "
        "counts as a 21 of three or more cards."
    ),
}


def what_happened(played: Played) -> str:
    """The situation in a sentence, as the dealer meets it."""
    q = played.question
    exposed = card_words(played.table["exposed"]) if played.table["exposed"] else ""
    return say(_HAPPENED[q.kind], seat=number(q.seat + 1), card=exposed)


_HAPPENED = {
    "extra-card": N_("You dealt seat %(seat)s three cards instead of two."),
    "unasked-card": N_(
        "At seat %(seat)s's turn you dealt him a card he did not ask for: %(card)s."
    ),
    "shown-card": N_("At seat %(seat)s's turn the next card showed face up in the pack: %(card)s."),
    "one-card": N_("You dealt seat %(seat)s one card only."),
    "one-card-natural": N_(
        "You dealt seat %(seat)s one card only; he chose to take the missing card in turn. Then "
        "you looked under your up card: you have a natural."
    ),
    "no-cards": N_("You dealt seat %(seat)s no cards at all."),
    "face-up": N_("You dealt seat %(seat)s's second card face up instead of face down."),
    "late-natural": N_(
        "You looked under your up card and have a natural, but said nothing and offered seat "
        "%(seat)s, the first to draw, a card."
    ),
}


def decision_words(played: Played) -> str:
    """What the player decided, where the text left him a choice, in a sentence."""
    q = played.question
    words = q.decision
    seat = number(q.seat + 1)
    if q.kind == "extra-card":
        return say(
            "Seat %(seat)s kept his cards %(first)s and %(second)s; the other went to the "
            "discards.",
            seat=seat,
            first=words[1],
            second=words[2],
        )
    if words in (("bet-back",), ("withdraw",)):
        return say("Seat %(seat)s took his bet back.", seat=seat)
    if words == ("missing",):
        return say("Seat %(seat)s took the missing card in his turn.", seat=seat)
    if q.kind == "face-up":
        return say("Seat %(seat)s accepted the card.", seat=seat)
    return say(_DECIDED[words], seat=seat) if words in _DECIDED else ""


_DECIDED = {
    ("accept",): N_("Seat %(seat)s took it."),
    ("refuse",): N_(
        "Seat %(seat)s refused it, and nobody after him was to draw: it went to the discards."
    ),
    ("refuse", "accept"): N_("Seat %(seat)s refused it; the next player to draw took it."),
    ("refuse", "refuse"): N_(
        "Seat %(seat)s refused it, so did the next player to draw: it went to the discards."
    ),
}


class Irregularities(Drill, AsksOnItsPage, NamesItsRules):
    slug = "irregularities"
    title = N_("Irregularities")
    description = N_(
        "Something has gone wrong in the deal of a permanent-bank round (text 000): too many "
        "cards, one card, none, a card face up or shown in the pack, a natural not announced. "
        "Choose what the text says the dealer does; the round is then played on."
    )
    template = "drills/dealing.html"
    situation_template = "drills/_irregularity_situation.html"
    brisk_ms = 6_000
    slow_ms = 20_000
    titles = TITLES

    @property
    def option(self) -> PageOption:
        """The page's one option, in the learner's language."""
        return PageOption(
            "kind",
            say("Irregularity"),
            {kind: say(title) for kind, title in TITLES.items()},
            say("Any of the text's list"),
            say("New situation"),
        )

    def new_question(
        self,
        rng: random.Random,
        rules: Rules,
        learner: LearnerState,
        *,
        caches: Caches | None = None,
    ) -> Question:
        kind = learner.options.get("kind", "")
        if kind not in KINDS:
            kind = rng.choice(list(KINDS))
        return self.question(str(make(kind, rng)), rules, caches=caches)

    def rules_for(self, notation: str, rules: Rules) -> Rules:
        """Always 000's rules: the irregularities are its list."""
        return RULES

    def skill(self, notation: str, rules: Rules) -> str:
        """The irregularity (``"extra-card"``): the notation's first field."""
        return notation.split("|", 1)[0]

    def answer_words(self, answer: str) -> str:
        """A stored answer (a remedy's words, marked for the catalogue) in the learner's,
        quoted as its button\'s (“…”, «…»), as the verdict names it."""
        return quoted(say(answer))

    def skill_words(self, key: str) -> str:
        """The irregularity's title (``"Too many cards dealt"``)."""
        return say(TITLES[key]) if key in TITLES else super().skill_words(key)

    def question(self, notation: str, rules: Rules, *, caches: Caches | None = None) -> Question:
        played = read_played(notation)
        _right_choice(played)  # a situation the text resolves one way
        choices = in_fixed_order(
            str(played.question), CHOICES[played.question.kind], lambda c: c.slug
        )
        return Question(
            notation=str(played.question),
            prompt=_in_000s_words(N_("What does the dealer do?")),
            view={
                "title": say(TITLES[played.question.kind]),
                "happened": what_happened(played),
                "table": played.table,
                "choices": [(str(n), c.slug, say(c.label)) for n, c in enumerate(choices, start=1)],
                # Each answer as stored (its English label) in the learner's words, for the
                # verdict's line (templates/drills/dealing.html).
                "said": {c.label: say(c.label) for c in choices},
                "short": {c.label: gist(say(c.label)) for c in choices},
                "result": result_view(played.result),
                "rules_lines": summary_lines(RULES),
            },
        )

    def grade(
        self, notation: str, answer_text: str, rules: Rules, *, caches: Caches | None = None
    ) -> Grade:
        played = read_played(notation)
        right = _right_choice(played)
        chosen = _choice(played.question.kind, answer_text)
        return Grade(
            correct=chosen.slug == right.slug,
            answer=chosen.label,
            right_answer=right.label,
            explanation=explain(played, chosen, right),
        )

    def answer_text(self, form: Any) -> str:
        return str(form.get("answer", ""))[:40]


def _right_choice(played: Played) -> Choice:
    holding = [c for c in CHOICES[played.question.kind] if c.holds(played)]
    if len(holding) != 1:
        raise InvalidQuestionError.said_as(
            N_("that situation is not one the text resolves one way")
        )
    return holding[0]


def _choice(kind: str, answer: str) -> Choice:
    """The choice an answer names (by slug, or by its label, as stored).

    :raises InvalidAnswerError: for one this question does not offer.
    """
    for choice in CHOICES[kind]:
        if answer in (choice.slug, choice.label):
            return choice
    raise InvalidAnswerError(say("Choose one of the remedies offered (press its number)."))


def explain(played: Played, chosen: Choice, right: Choice) -> str:
    """The text's rule, the player's decision and the round played on, in sentences."""
    parts = [say("The permanent bank's rules (text 000) say: %(rule)s",
                 rule=say(TEXT[played.question.kind]))]  # fmt: skip
    if chosen.slug != right.slug:
        parts.append(say("“%(choice)s” is not what the text says.", choice=say(chosen.label)))
    decided = decision_words(played)
    if decided:
        parts.append(decided)
    view = result_view(played.result)
    parts.append(say("Played on: %(lines)s.", lines="; ".join(view["lines"])))
    # The text's rule is the why, one sentence on its own line; the rest goes behind Details.
    return parts[0] + "\n" + " ".join(parts[1:])


DRILL = Irregularities()


def _in_000s_words(text: str) -> str:
    """``text`` with the dealer named as 000 names him (its situation's labels are said so on
    the page, whatever game the learner plays: «Сдающий (вы)» beside «Что делает дилер?»)."""
    with dealing_at("000"):
        return say(text)
