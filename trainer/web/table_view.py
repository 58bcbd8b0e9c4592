"""What the learner sees of a table: the round as a player at that table would see it (face-down
cards stay backs, the dealer's hole card hidden until he plays), the settlement with every
payout, and the money. Data only: the templates draw it, and never call the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from werkzeug.exceptions import HTTPException

from drills.count_study import StudyNotForGameError, StudyPendingError
from drills.counting.miscount import Price, play_words, table_prices
from drills.face_down_play import FACE_DOWN_KEYS
from drills.strategy_chart import PLAY_KEYS, offered
from drills.table_session import TableSpec
from drills.table_sums import Sums
from trainer.engine.deck.cards import Card
from trainer.engine.play.round import HandResult, Phase, Round, RoundResult, SeatResult
from trainer.engine.play.settlement import is_natural, settle_hand
from trainer.engine.play.table_game import PLAYS, Ask, PlayedRound, TableGame
from trainer.engine.rulebook.rule_words import PRESET_TEXTS
from trainer.web.caches import app_caches
from trainer.web.table_deal import deal_passed
from trainer.web.table_errors import by_kind, error_view, group
from trainer.web.table_money import decimal, money, money_notation, signed_money
from trainer.web.views.count_jobs import study_or_start
from trainer.words import N_, say
from trainer.words import number as written

__all__ = ["HandView", "SeatView", "burned_shown", "decimal", "money", "money_notation",
           "round_view", "settlement_lines", "signed_money"]  # fmt: skip

_OUTCOMES = {
    "blackjack": N_("blackjack"),
    "win": N_("wins"),
    "push": N_("pushes"),
    "lose": N_("loses"),
    "bust": N_("busts"),
    "surrender": N_("surrendered"),
    "withdrawn": N_("withdrawn"),
}
# A settled hand: its total and outcome, or the game's natural and its outcome.
_HAND_OUTCOMES = {
    "win": N_("%(total)s wins"),
    "push": N_("%(total)s pushes"),
    "lose": N_("%(total)s loses"),
    "bust": N_("%(total)s busts"),
    "surrender": N_("%(total)s surrendered"),
    "withdrawn": N_("%(total)s withdrawn"),
}


@dataclass(frozen=True)
class HandView:
    held: tuple[tuple[Card, bool], ...]  # each card and whether it is face up to the learner
    stake: str
    total: str  # "" while a card is face down
    acting: bool = False
    outcome: str = ""
    net: str = ""
    # At a paced table, each card the step just brought: (its place in the dealing order,
    # whether it is turned face up rather than dealt); None for a card shown before.
    reveal: tuple[tuple[int, bool] | None, ...] = ()
    natural: bool = False  # ``total`` is the game's name for a natural, shown as it is
    doubled: bool = False  # doubled down: its stake (twice another seat's) says why it stood


@dataclass(frozen=True)
class SeatView:
    label: str
    learner: bool
    hands: tuple[HandView, ...]
    insurance: str = ""
    net: str = ""
    box: int = 0  # the learner's box number (1, 2, 3), 0 for another seat


@dataclass(frozen=True)
class RoundView:
    number: int
    seats: tuple[SeatView, ...]
    dealer: tuple[tuple[Card, bool], ...]
    dealer_total: str
    done: bool
    lines: tuple[str, ...] = field(default=())
    dealer_label: str = ""  # "Dealer" when empty
    dealer_reveal: tuple[tuple[int, bool] | None, ...] = ()  # as HandView.reveal


def _total(cards: tuple[Card, ...], faces: tuple[bool, ...], natural: str = "") -> str:
    """A hand's total once every card is shown; a natural (``natural``, the game's word: a
    hand not split) by its name: the dealer's box read "soft 21" above "the dealer has
    blackjack" (a walk). None for one card: an ace alone read «Дилер · мягкие 11» (a walk)."""
    if not all(faces) or len(cards) < 2:
        return ""
    if natural and is_natural(cards):
        return natural
    hard = sum(card.value for card in cards)
    soft = any(card.value == 1 for card in cards) and hard <= 11
    return say("soft %(total)s", total=written(hard + 10)) if soft else written(hard)


def _who(game: TableGame, number: int) -> tuple[int | None, tuple[int, ...]]:
    """Who deals round ``number`` and who sits at each seat (player numbers, 0 the learner)."""
    if number <= len(game.rounds):
        record = game.rounds[number - 1].record
        return record.dealer, record.seat_players
    return game.table.dealer, game.table.seat_players  # the round in play


def _seat_label(
    game: TableGame, seat: int, box: int, players: tuple[int, ...] | None, boxes: int = 1
) -> str:
    """A seat as the table names it: the learner's box (``box`` of their ``boxes``, 0 for
    another's; numbered only where they play more than one: a walk read «Место 1 · Ваш бокс 1 ·
    Место 3») or its number; where the players deal (``players``: who sits at each seat), you
    or a name."""
    if players is not None:
        return say("You") if box else game.table.names[players[seat]]
    if not box:
        return say("Seat %(seat)s", seat=written(seat + 1))
    return say("Your box %(box)s", box=written(box)) if boxes > 1 else say("Your box")


def round_view(game: TableGame, round_: Round, number: int) -> RoundView:
    """The round as the learner sees it now (in play, or settled)."""
    learner = game.learner_seats_in(number)
    rotating = game.setup.deals  # the players deal: seats by who sits there this round
    dealer_player, players = _who(game, number)
    done = round_.phase is Phase.DONE
    result = round_.result if done else None
    acting_seat, acting_hand = round_.current_seat, round_.current_hand_index
    seats, natural = [], _natural_word(game)
    for seat in range(round_.seat_count):
        mine = seat in learner
        faces = round_.shown(seat) if (done or mine) else round_.shown_in_play(seat)
        if mine and not done:
            faces = tuple((True,) * len(hand) for hand in faces)
        hands = []
        doubled = round_.doubled(seat)
        for index, (hand, shown, stake) in enumerate(
            zip(round_.hands(seat), faces, round_.stakes(seat), strict=True)
        ):
            settled = result.seats[seat].hands[index] if result is not None else None
            view = _hand_view(
                round_, hand, shown, stake, settled, natural if len(faces) == 1 else ""
            )
            acting = seat == acting_seat and index == acting_hand
            hands.append(replace(view, acting=acting, doubled=doubled[index]))
        box = seat - learner.start + 1 if mine else 0
        label = _seat_label(game, seat, box, players if rotating else None, len(learner))
        insurance = round_.insurance(seat)
        net = _seat_net(result.seats[seat], mine) if result is not None else ""
        seats.append(
            SeatView(label, mine, tuple(hands), money(insurance) if insurance else "", net, box)
        )
    dealer_faces = round_.dealer_shown if done else round_.dealer_shown_in_play
    dealer_cards = round_.dealer_cards
    bank = game.setup.rules.players_bank
    house = "" if rotating else PRESET_TEXTS.get(game.setup.rules.name, "")
    label = say(_HOUSE_DEALERS.get(house, N_("Dealer")))  # its text's word
    if game.learner_deals(number):  # the learner deals: their own cards, every one seen
        dealer_faces = (True,) * len(dealer_cards)
        label = say("You, the banker") if bank else say("You, the dealer")
    elif rotating and dealer_player is not None:
        name = game.table.names[dealer_player]
        label = (
            say("%(name)s, the banker", name=name) if bank else say("%(name)s, dealing", name=name)
        )
    lines = settlement_lines(game, round_, number) if done else ()
    return RoundView(
        number,
        tuple(seats),
        tuple(zip(dealer_cards, dealer_faces, strict=True)),
        _total(dealer_cards, dealer_faces, natural),
        done,
        lines,
        label,
    )


def settlement_lines(game: TableGame, round_: Round, number: int) -> tuple[str, ...]:
    """Every payout of the learner's boxes (or, dealing, of the bank), in words."""
    result = round_.result
    if result is None:
        return ()
    learner = game.learner_seats_in(number)
    natural = _natural_word(game)
    lines = [_dealer_line(game, result)]
    passed = deal_passed(game, number)
    if game.learner_deals(number):
        return (*lines, *_bank_lines(game, number, result), *passed)
    for seat in learner:
        box = seat - learner.start + 1
        named = _box_name(box, len(learner))
        settled = result.seats[seat]
        for index, hand in enumerate(settled.hands, start=1):
            which = _which(game.setup.deals, named, index if len(settled.hands) > 1 else 0)
            values = {
                "which": which,
                "outcome": _hand_outcome(hand, natural),
                "stake": money(hand.bet),
                "net": signed_money(hand.net),
            }
            if hand.bonus is not None:
                line = say(
                    "%(which)s: %(outcome)s; stake %(stake)s, result %(net)s (bonus: %(bonus)s).",
                    bonus=hand.bonus.value,
                    **values,
                )
            else:
                line = say("%(which)s: %(outcome)s; stake %(stake)s, result %(net)s.", **values)
            lines.append(line)
        if len(settled.stakes) > 1:
            lines.append(
                say(
                    "%(box)s: your share %(share)s on your %(stake)s; the co-bettors' "
                    "%(shares)s on their %(stakes)s.",
                    box=named,
                    share=signed_money(settled.shares[0]),
                    stake=money(settled.stakes[0]),
                    shares=", ".join(signed_money(share) for share in settled.shares[1:]),
                    stakes=", ".join(money(stake) for stake in settled.stakes[1:]),
                )
            )
        if settled.insurance:
            lines.append(
                say(
                    "%(box)s: insurance %(insurance)s, %(net)s.",
                    box=named,
                    insurance=money(settled.insurance),
                    net=signed_money(settled.insurance_net),
                )
            )
    return (*lines, *passed)


# By who deals (002's club сдатчик, 000's сдающий): the dealer, the settlement's opening lines.
_HOUSE_DEALERS = {"002": N_("The club's dealer"), "000": N_("The bank's dealer")}
_DEALER_LINES = {  # natural, bust, a total
    "banker": (N_("The banker has a dealt 21."), N_("The banker has %(total)s, bust."),
               N_("The banker has %(total)s.")),
    "home": (N_("The player dealing has blackjack."), N_("The player dealing has %(total)s, bust."),
             N_("The player dealing has %(total)s.")),
    "002": (N_("The club's dealer has blackjack."), N_("The club's dealer has %(total)s, bust."),
            N_("The club's dealer has %(total)s.")),
    "000": (N_("The bank's dealer has blackjack."), N_("The bank's dealer has %(total)s, bust."),
            N_("The bank's dealer has %(total)s.")),
    "dealer": (N_("The dealer has blackjack."), N_("The dealer has %(total)s, bust."),
               N_("The dealer has %(total)s.")),
}  # fmt: skip


def _dealer_line(game: TableGame, result: RoundResult) -> str:
    """The dealer's hand (by who deals: :data:`_DEALER_LINES`) as the settlement opens with it."""
    house = PRESET_TEXTS.get(game.setup.rules.name, "")
    who = "banker" if game.setup.rules.players_bank else "home" if game.setup.deals else house
    natural, bust, total = _DEALER_LINES.get(who, _DEALER_LINES["dealer"])
    said = natural if result.dealer_natural else bust if result.dealer_total > 21 else total
    return say(said, total=written(result.dealer_total))


def _box_name(box: int, boxes: int) -> str:
    """The learner's box ``box`` of their ``boxes`` as the table and its settlement name it:
    numbered only where they play more than one (a walk read «Место 1 · Ваш бокс 1 · Место 3»:
    the one box numbered beside the seats' numbers)."""
    return say("Box %(box)s", box=written(box)) if boxes > 1 else say("Your box")


def _which(deals: bool, box: str, hand: int) -> str:
    """Whose hand a settlement line is: the learner's (where the players deal) or a box's
    (``box``, its name), and which of its hands after a split (``hand`` 0: the only one)."""
    if deals:
        return say("You, hand %(hand)s", hand=written(hand)) if hand else say("You")
    if hand:
        return say("%(box)s, hand %(hand)s", box=box, hand=written(hand))
    return box


def _hand_view(
    round_: Round,
    hand: Any,
    shown: tuple[bool, ...],
    stake: Fraction,
    settled: Any,
    natural: str,
) -> HandView:
    """A box's hand as the learner sees it: its cards, stake, total (``natural``, the game's
    word for a natural, where it is one not split) and, settled or paid at once, its outcome."""
    total = _total(hand.cards, shown, natural)
    named = bool(natural) and total == natural  # "blackjack", not "total blackjack"
    outcome = settled.outcome.value if settled else ""
    if named and outcome == "blackjack":
        outcome = "win"  # "blackjack wins +2", not "blackjack blackjack +2" (a walk)
    said, won = say(_OUTCOMES[outcome]) if outcome else "", settled and settled.net
    if named and not settled and (paid := _paid_at_once(round_, hand.cards, stake)):
        said, won = say("paid at once"), paid
    return HandView(
        held=tuple(zip(hand.cards, shown, strict=True)),
        stake=money(stake),
        total=total,
        outcome=said,
        net=signed_money(won or 0) if said else "",
        natural=named,
    )


def _paid_at_once(round_: Round, cards: tuple[Card, ...], stake: Fraction) -> Fraction | None:
    """What a natural not split wins while the round is still played, where the dealer's
    natural was looked for before anyone drew (so he has none): the texts settle it at once
    (002: «предъявляют, и немедленно происходит расчет»), the engine at the round's end; None
    where the dealer's natural is not known yet, or the players hold the bank."""
    rules = round_.rules
    if rules.players_bank or rules.hole_card != "peek" or not stake:
        return None
    found = settle_hand(rules, cards, round_.dealer_cards, stake, dealer_natural=False)
    return found.net


def _natural_word(game: TableGame) -> str:
    """A natural as the game calls it: 004's "dealt 21", everywhere else a blackjack."""
    return say("a dealt 21") if game.setup.rules.players_bank else say("blackjack")


def _hand_outcome(hand: HandResult, natural: str) -> str:
    """A settled hand in words: ``"18 wins"``, ``"blackjack"`` (paid as one), ``"blackjack
    pushes"`` (``natural``: the game's word for a natural)."""
    outcome = hand.outcome.value
    if not hand.natural:
        return say(_HAND_OUTCOMES.get(outcome, _OUTCOMES[outcome]), total=written(hand.total))
    if outcome == "blackjack":
        return natural
    return say(_HAND_OUTCOMES.get(outcome, _OUTCOMES[outcome]), total=natural)


def _seat_net(settled: SeatResult, mine: bool) -> str:
    """A seat's net as its label shows it: the learner's own share where co-bettors are on
    their box, beside the box's (a box of three at −10 each read "Your box 1 · −30", and the
    learner believed they had lost 30: a walk)."""
    if not mine or len(settled.shares) < 2:
        return signed_money(settled.net)
    return say("%(mine)s for you (%(box)s the box)", mine=signed_money(settled.shares[0]),
               box=signed_money(settled.net))  # fmt: skip


def burned_shown(game: TableGame) -> tuple[Card, ...]:
    """The burned cards the table was shown at the shuffle (002's, face up under the pack): the
    learner counts them, so the page shows them while the shoe is dealt."""
    return game.table.shoe.burned_seen


def _bank_lines(game: TableGame, number: int, result: RoundResult) -> list[str]:
    """Where the learner deals: each punter's hand settled against the bank, and its net."""
    lines = []
    players = _who(game, number)[1]
    for seat, settled in enumerate(result.seats):
        name = game.table.names[players[seat]]
        for index, hand in enumerate(settled.hands, start=1):
            which = name
            if len(settled.hands) > 1:
                which = say("%(name)s, hand %(hand)s", name=name, hand=written(index))
            lines.append(
                say(
                    "%(which)s: %(outcome)s; stake %(stake)s, the bank %(net)s.",
                    which=which,
                    outcome=_hand_outcome(hand, _natural_word(game)),
                    stake=money(hand.bet),
                    net=signed_money(-hand.net),
                )
            )
    lines.append(say("The bank: %(net)s.", net=signed_money(result.bank_net)))
    return lines


def last_round(game: TableGame, ask: Ask) -> PlayedRound | None:
    """The round played just before the one the table waits at (its settlement is shown):
    where no round is on the felt, or where the next round's first card is already dealt and
    the table waits for the bet on it (a punter at twenty-one-home)."""
    if not game.rounds or not (ask.round is None or ask.kind == "bet"):
        return None
    played = game.rounds[-1]
    return played if played.record.number == ask.number - 1 or ask.round is None else None


def money_view(game: TableGame, bankroll: Fraction) -> dict[str, Any]:
    net = game.learner_net
    return {"bankroll": money(bankroll + net), "net": signed_money(net)}


# -- the step asked, and the feedback on it --------------------------------------------------------

# The learner dealing: each step's keys (key, label, allowed).
DEALER_KEYS = {
    "deal": [("D", N_("Deal the round"), True)],
    "double": [("D", N_("Double every bet"), True), ("N", N_("Do not double"), True)],
    "draw": [("H", N_("Draw a card"), True), ("S", N_("Stand"), True)],
    # A punter at 002 home, the dealer having doubled every bet.
    "redouble": [("D", N_("Double your stake again"), True), ("N", N_("Do not redouble"), True)],
}
# The keep button of a held step, by the step's first word (a play's letter: "Keep my play").
_KEEP = {
    "bet": N_("Keep my bet"),
    "insure": N_("Keep my answer"),
    "count": N_("Keep my count"),
} | dict.fromkeys(("draw", "stand", "double", "redouble"), N_("Keep my choice"))


def held_word(held: str | None) -> str:
    """The keep button's words for the mistake held (its step): my bet, my answer, my
    choice, my play."""
    if held is None:
        return say("Keep my play")
    return say(_KEEP.get(held.split(" ")[0], N_("Keep my play")))


def step_keys(ask: Ask) -> dict[str, Any]:
    """What the step's form needs to know of the round: the plays allowed, a natural."""
    round_ = ask.round
    if ask.kind in DEALER_KEYS:
        # The labels in English: the buttons say them, and find their letters by them
        # (trainer/web/keys.py), in the learner's language.
        return {"natural": False, "play_keys": DEALER_KEYS[ask.kind]}
    if round_ is None or ask.seat is None:
        return {"natural": False, "play_keys": []}
    hand = round_.hands(ask.seat)[0]
    # 004 dealt face down draws, as its quiz says it ("Hit" at its table: a walk).
    plays = FACE_DOWN_KEYS if round_.rules.deal_faces == "all-down" else PLAY_KEYS
    keys = [
        (key, label, ask.kind == "play" and ask.why_illegal(PLAYS[key]) is None)
        for key, label in offered(plays, round_.rules).items()
    ]
    most = money(round_.max_insurance(ask.seat)) if ask.kind == "insurance" else ""
    return {"natural": hand.is_two_card_21, "play_keys": keys, "most_insurance": most}


# Why a step sent is not played: its form names none, it was played already (from another tab
# or an old page: "stale"; or just now, by a form sent twice: "played").
_REFUSALS = {
    "no step": N_("This form names no step of the table; it is shown as it is now."),
    "stale": N_(
        "That step was already played (from another tab, or a page from before): nothing was "
        "stored; the table is shown as it is now."
    ),
    "played": N_("That step was already played; nothing was stored."),
}


def refusal(why: str) -> str:
    """Why the step sent was not played, in words (``why``: a key of :data:`_REFUSALS`)."""
    return say(_REFUSALS[why])


def waits_for(ask: Ask) -> str:
    """What the table waits for, in words."""
    return say(_WAITS_FOR[ask.kind])


_WAITS_FOR = {
    "deal": N_("The table waits for the deal."),
    "double": N_("The table waits for your choice to double the bets or not."),
    "redouble": N_("The table waits for your choice to redouble or not."),
    "draw": N_("The table waits for your draw."),
    "count": N_("The table waits for the count."),
    "bet": N_("The table waits for your bet."),
    "insurance": N_("The table waits for your answer to insurance."),
    "play": N_("The table waits for your play."),
    "over": N_("The table waits for nothing: it is over."),
}


# -- the shoe's summary ----------------------------------------------------------------------------


def summary_view(spec: TableSpec, game: TableGame, sums: Sums) -> dict[str, Any]:
    """The shoe's summary as the page shows it: rounds, result, errors by kind, luck and skill
    (``sums``: :func:`drills.table_sums.sums_of`), each error with the round it was made in."""
    dealt_rounds = sum(1 for p in game.rounds if spec.deals and not p.learner)
    luck = sums.luck
    return {
        "ended": _ended(spec, game),
        "rounds": len(game.rounds),
        "dealt": dealt_rounds,  # rounds the learner dealt (or banked); in the rest, boxes
        "punted": len(game.rounds) - dealt_rounds,
        "result": signed_money(game.learner_net),
        "outcome": _outcome(game.learner_net),
        "kinds": [
            {"kind": k, "count": v.count, "cost": money(v.cost), "bets": written(v.bets, 2)}
            for k, v in sorted(sums.kinds.items())
        ],
        "groups": [group(k, v, spec) for k, v in sorted(sums.kinds.items())],
        "by_kind": by_kind(spec, sums),
        "mistakes": sum(v.count for v in sums.kinds.values()),
        "taken_back": sum(1 for error in sums.errors if error.taken_back),
        "errors": [error_view(error) for error in sums.errors],
        "luck": None
        if luck is None
        else {
            part: signed_money(getattr(luck, part))
            for part in ("perfect", "yours", "skill", "luck")
        },
        "cost": money(sums.cost),
        **table_miscount(spec, game, sums),
    }


def table_miscount(spec: TableSpec, game: TableGame, sums: Sums) -> dict[str, Any]:
    """The count errors' price (:func:`drills.counting.miscount.table_prices`) beside them in
    the shoe's summary, and their totals; none at 004 dealt face down (no count study describes
    it). A count study gone since the table sat down (a cache cleared) is asked for again, and
    while it is worked out the page says so (``miscount_pending``)."""
    found, pending = _priced(spec, game, sums)
    if pending:
        try:
            study, _ = study_or_start(spec.rules, spec.system)
        except HTTPException:  # past the learner's share of new work: said as being worked out
            study = None
        if study is not None:  # worked out in this request (where jobs run inline: tests)
            found, pending = _priced(spec, game, sums)
    total = {f"miscount_lost{end}": sum((getattr(p, part).lost for p in found), Fraction(0))
             for end, part in (("", "until_next"), ("_end", "to_end"))}  # fmt: skip
    return {"miscounts": found, "miscount_pending": pending, "play_words": play_words(), **total}


def _priced(spec: TableSpec, game: TableGame, sums: Sums) -> tuple[list[Price], bool]:
    """The priced count errors, and whether the count study was missing."""
    try:
        return (
            table_prices(spec, game, sums.checks, app_caches(), sums.true_checks,
                         sums.convert_checks, sums.check_rounds)
            if sums.checks else []
        ), False  # fmt: skip
    except StudyPendingError:
        return [], True
    except StudyNotForGameError:
        return [], False


def _ended(spec: TableSpec, game: TableGame) -> str:
    """How the learner's table ended: the shoe played out, the deal or bank passed on, or
    the bankroll spent."""
    table, first = game.table, game.setup.first_dealer
    if game.ended:
        return say("You ended the table after round %(round)s", round=written(len(game.rounds)))
    if game.spent:
        return say("Your bankroll cannot cover the table minimum")
    if not spec.rules.players_bank or table.dealer in (None, first):
        pack = spec.deals or spec.rules.dealt_to_the_end  # 000, 002: a pack, not a shoe
        return say("The pack is played out") if pack else say("The shoe is played out")
    if table.dealer == 0:
        return say("The talia is played out and the bank passes to you")
    return say(
        "The talia is played out and the bank passes to %(name)s", name=table.names[table.dealer]
    )


def _outcome(net: Fraction) -> str:
    """The result in words: ``"you won 11"``, ``"you lost 2.50"``, ``"you broke even"``."""
    if net == 0:
        return say("you broke even")
    if net > 0:
        return say("you won %(amount)s", amount=money(net))
    return say("you lost %(amount)s", amount=money(-net))
