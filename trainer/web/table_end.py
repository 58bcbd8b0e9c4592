"""What a played-out table's summary adds: the cover of the shoe's bets in words
(:mod:`drills.table_cover`). The drill round offered before the next shoe is
:mod:`trainer.web.table_drill_round`'s."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from drills.table_cover import SHARE_ROUNDS, bets_of, cover_of, session_cover
from drills.table_session import TableSpec
from trainer import words
from trainer.engine.play.table_game import TableGame
from trainer.engine.rulebook.rules import Rules
from trainer.store import tables
from trainer.web import table_view
from trainer.web.caches import app_caches
from trainer.web.support import get_db
from trainer.words import N_

__all__ = ["cover_words", "session_cover_words"]

# The counter's signs a session's bets show (drills.table_cover.SessionCover.signs), each a
# sentence of the summary.
_SIGNS = {
    "count": N_("The true count predicts your bets across the shoes: a casino reads a bet that "
                "follows the count as a counter's."),
    "shuffle": N_("Your bet changes at half the dealer's shuffles or more, as a counter's does: "
                  "it falls back to the minimum, or jumps from it. An ordinary player's bet "
                  "stays as it was."),
    "spread": N_("The same smallest and largest bet in every shoe: a ramp played to the letter."),
}  # fmt: skip


def _share(explained: float | None) -> str | None:
    """The count's share of the bets' variance, in percent (None: too few rounds to judge)."""
    return None if explained is None else words.number(explained * 100)


def _given_up(given_up: Fraction) -> dict[str, Any]:
    """What the cover gave up beside the ramp's bets, as money, and whether the learner's bets
    gained instead (expected more than the ramp's): each sign has its own sentence."""
    return {"given_up": table_view.money(abs(given_up)), "gained": given_up < 0}


def cover_words(
    spec: TableSpec, game: TableGame, stored: tables.StoredTable | None = None
) -> dict[str, Any] | None:
    """The shoe's cover in words, where it is scored (None: not, or too few rounds bet), and
    (``session``) the session's, where ``stored`` is the table and its session has one."""
    if "cover" not in spec.graded:
        return None
    found = cover_of(spec, game, caches=app_caches())
    session = session_cover_words(stored, spec, game) if stored is not None else None
    if found is None:
        return {"shoe": None, "session": session} if session else None
    return {
        "shoe": True,
        "rounds": found.rounds,
        "explained": _share(found.explained),
        "share_rounds": SHARE_ROUNDS,
        "spread": words.number(found.spread, 1),
        "off_the_top": None if found.off_the_top is None else words.number(found.off_the_top, 2),
        "came_in": found.came_in,
        "jump": words.number(found.largest_jump, 1),
        "ramp_ev": table_view.signed_money(found.ramp_ev),
        "your_ev": table_view.signed_money(found.your_ev),
        **_given_up(found.given_up),
        "session": session,
    }


def session_cover_words(
    stored: tables.StoredTable, spec: TableSpec, game: TableGame
) -> dict[str, Any] | None:
    """The cover of the learner's session so far (this shoe and the shoes before it at the
    same rules, counting system and cover graded, each started within
    :data:`trainer.store.tables.SESSION_GAP` of the next), in words; None where it is not
    scored or fewer than two shoes were bet in."""
    if "cover" not in spec.graded:
        return None
    caches = app_caches()
    shoes = []
    for table in tables.session_before(get_db(), stored):
        before = TableSpec.from_stored(Rules.parse(table.rules), table.setup)
        if before.system != spec.system or "cover" not in before.graded:
            continue
        played = [s.step for s in tables.steps_of(get_db(), table.id) if s.state == "played"]
        then = TableGame(before.setup(table.seed), game.chart)
        then.play(played, before.bankroll)
        shoes.append(bets_of(before, then, caches=caches))
    shoes.append(bets_of(spec, game, caches=caches))
    found = session_cover(shoes, spec.rules.min_bet)
    if found is None:
        return None
    money = table_view.money
    return {
        "shoes": found.shoes,
        "rounds": found.rounds,
        "explained": _share(found.explained),
        "share_rounds": SHARE_ROUNDS,
        "spreads": [
            words.say("%(low)s to %(high)s", low=money(low), high=money(high))
            for low, high in found.spreads
        ],
        "same_spread": found.same_spread,
        "shuffles": found.shuffles,
        "changed": found.changed,
        "fell": found.fell,
        "change": words.number(found.largest_change, 1),
        "off_the_top": found.off_the_top,
        "from_the_top": found.from_the_top,
        "late": found.shoes - found.from_the_top,  # shoes come into after their first round
        "watched": found.watched,
        **_given_up(found.given_up),
        "signs": [words.say(_SIGNS[sign]) for sign in found.signs],
    }
