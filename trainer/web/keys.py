"""The answer keys' letters in the learner's language: each button of the quiz and the table
answers to its Latin key ("H" for Hit, as today) and, where the catalogue gives one, to a letter
of its own word in the page's language ("П" for Прикупить), shown on the button. The keys are
bound to the character typed (``event.key``, static/js/strategy_quiz.js), so a learner on either
keyboard layout can play.

Each letter is a catalogue message of its own ("The key for Hit (H)"), translated as one
letter, chosen by the translator so that no two buttons shown together share one (стоять and
сдаться both start with С: сдаться is Д). Where the catalogue has none (English), the Latin key.

A strategy chart's cells show the same letters (:func:`chart_letters`): "D/H" reads "У/П" on a
Russian page, as the quiz's buttons do, so a learner reads one set of letters. The notation
(links, hidden fields, exports) keeps the Latin code.
"""

from __future__ import annotations

from trainer.words import N_, N_as, say

__all__ = ["KEY_LETTERS", "KEY_SETS", "chart_letters", "key_letter"]

# TRANSLATORS: each is one letter of the button's word, upper case, that no other button of
# its set (KEY_SETS) uses.
KEY_LETTERS: dict[tuple[str, str], str] = {
    ("H", "Hit"): N_("The key for Hit (H)"),
    ("H", "Draw"): N_("The key for Draw (H)"),  # a punter's hit at 004 (FACE_DOWN_KEYS)
    ("S", "Stand"): N_("The key for Stand (S)"),
    ("D", "Double"): N_("The key for Double (D)"),
    ("P", "Split"): N_("The key for Split (P)"),
    ("R", "Surrender"): N_("The key for Surrender (R)"),
    ("I", "Take insurance"): N_("The key for Take insurance (I)"),
    ("N", "No insurance"): N_("The key for No insurance (N)"),
    ("I", "Take even money"): N_("The key for Take even money (I)"),
    ("N", "No, play the natural"): N_("The key for No, play the natural (N)"),
    ("T", "Take it back"): N_("The key for Take it back (T)"),
    ("K", "Keep"): N_("The key for Keep my play (K)"),
    ("W", "Watch"): N_("The key for Watch (W)"),
    ("L", "Leave"): N_("The key for Leave (L)"),
    ("A", "Another amount"): N_("The key for Another amount (A)"),
    ("D", "Deal the round"): N_("The key for Deal the round (D)"),
    ("D", "Double every bet"): N_("The key for Double every bet (D)"),
    ("N", "Do not double"): N_("The key for Do not double (N)"),
    ("H", "Draw a card"): N_("The key for Draw a card (H)"),
    ("D", "Double your stake again"): N_("The key for Double your stake again (D)"),
    ("N", "Do not redouble"): N_("The key for Do not redouble (N)"),
    ("F", "Foul"): N_("The key for Foul (F)"),  # catch the dealer's calls
    ("N", "Next"): N_("The key for Next (N)"),
}

# The buttons shown together (one form's), whose letters must differ: the plays; insurance;
# even money; a held mistake's; a bet's (with the digits); the dealer's choices; catch the
# dealer's calls. Their labels
# are the buttons' words (the templates say them through the catalogue as plays:
# ``say_as("play", label)``: "Surrender" is a verb on its button, Сдаться, and the rule's name,
# Сарэнда, elsewhere).
KEY_SETS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("H", N_("Hit")), ("S", N_("Stand")), ("D", N_("Double")), ("P", N_("Split")),
     ("R", N_as("play", "Surrender"))),
    (("H", N_("Draw")), ("S", N_("Stand")), ("D", N_("Double")), ("P", N_("Split")),
     ("R", N_as("play", "Surrender"))),  # the same plays dealt face down (drills.face_down_play)
    (("I", N_("Take insurance")), ("N", N_("No insurance"))),
    (("I", N_("Take even money")), ("N", N_("No, play the natural"))),
    (("T", N_("Take it back")), ("K", "Keep")),  # its words say what is kept ("Keep my bet")
    (("W", N_("Watch")), ("A", N_("Another amount"))),
    (("L", N_("Leave")), ("A", N_("Another amount"))),
    (("D", N_("Deal the round")),),
    (("D", N_("Double every bet")), ("N", N_("Do not double"))),
    (("H", N_("Draw a card")), ("S", N_("Stand"))),
    (("D", N_("Double your stake again")), ("N", N_("Do not redouble"))),
    (("F", N_("Foul")), ("N", N_("Next"))),
)  # fmt: skip


def key_letter(key: str, label: str) -> str:
    """The letter the button for ``label`` (its English words; the Latin ``key``) shows in the
    learner's language: the catalogue's, or ``key`` where it gives none."""
    message = KEY_LETTERS.get((key, label))
    if message is None:
        return key
    letter = say(message)
    return letter if len(letter) == 1 and letter.isalpha() else key


# The play each Latin letter of a chart code names (the plays' set of KEY_SETS).
_CHART_PLAYS: dict[str, str] = {
    "H": "Hit",
    "S": "Stand",
    "D": "Double",
    "P": "Split",
    "R": "Surrender",
}


def chart_letters(code: str) -> str:
    """A chart cell's code (``"D/H"``) in the letters of the learner's language, those of the
    quiz's play buttons (``"У/П"`` in Russian; English unchanged); any other character as it is."""
    return "".join(
        key_letter(part, _CHART_PLAYS[part]) if part in _CHART_PLAYS else part for part in code
    )
