"""How often a hand meets an index's cell: exactly, from the rules' deal.

The chance that a round's first hand is dealt the cell of an index play (the player's first two
cards and the dealer's up card, off the top of the rules' full shoe, every card's removal
counted), as a :class:`~fractions.Fraction`:

- a hard or soft total: its two-card hands (a pair is its own cell: 8-8 is not a hard 16);
- a pair: the pair's two cards; where pairs split by rank, a ten-value pair of one rank only
  (a king and a queen are a hard 20);
- insurance: the up card an ace (every hand, before the dealer looks).

With a chart (``later=``), a total's hands of three cards or more are counted too, as the
chart's basic strategy reaches them: from the two-card hands it hits first, card by card, each
hand passing its chance on to the longer ones while the chart hits it (its code read as a
player reads it once doubling and surrender are gone, ``D/H`` as a hit, and its exceptions on
three cards or more); a hand meets a total at most once, so the sum is the chance that a round
meets the cell. That is for a stand-or-hit index (hard 12 against a 3), which a counter plays on
any number of cards; a double, a split or a surrender is on two cards only.

In a game where the dealer peeks under a ten or an ace, no decision is made against a natural:
the chance of one, given the cards seen (the hole card is as likely any unseen card), is taken
out. Left out: split hands (a decision on a hand made by a split), and any limit on the cards a
hand may draw.
"""

from __future__ import annotations

from fractions import Fraction

from trainer.engine.rulebook.rules import Rules
from trainer.engine.strategy.chart import Chart, up_label
from trainer.engine.strategy.dealer import full_shoe

__all__ = ["cell_chance", "two_card_hands"]

TEN_RANKS = 4  # ten, jack, queen, king


def two_card_hands(hand: str) -> list[tuple[int, int]]:
    """The two-card hands (values 1..10, the lower first) of an index table's hand: ``"hard
    16"``, ``"soft 18"``, ``"8-8"``, ``"A-A"``; none for ``"insurance"``."""
    if hand == "insurance":
        return []
    if " " not in hand:
        first = hand.split("-")[0]
        card = 1 if first == "A" else int(first)
        return [(card, card)]
    section, row = hand.split(" ")
    total = int(row)
    if section == "soft":
        return [(1, total - 11)] if 13 <= total <= 21 else []
    return [(a, total - a) for a in range(2, 11) if a < total - a <= 10]


def _up_value(dealer: str) -> int:
    return 1 if dealer == "A" else int(dealer)


def _same_ten_rank(decks: int, up: int) -> Fraction:
    """Of two ten-value cards dealt after the up card, the chance they are of one rank (the
    up card, if a ten-value, one of the four ranks alike)."""
    per_rank = 4 * decks
    shares: list[tuple[Fraction, list[int]]] = []
    if up == 10:
        for taken in range(TEN_RANKS):
            counts = [per_rank - (rank == taken) for rank in range(TEN_RANKS)]
            shares.append((Fraction(1, TEN_RANKS), counts))
    else:
        shares.append((Fraction(1), [per_rank] * TEN_RANKS))
    chance = Fraction(0)
    for share, counts in shares:
        tens = sum(counts)
        chance += share * Fraction(sum(n * (n - 1) for n in counts), tens * (tens - 1))
    return chance


def _no_natural(rules: Rules, shoe: list[int], up: int) -> Fraction:
    """The chance the dealer has no natural, given the cards out of ``shoe`` already (1 where
    the dealer does not peek or the up card makes none)."""
    if rules.hole_card != "peek" or up not in (1, 10):
        return Fraction(1)
    other = 10 if up == 1 else 1
    return 1 - Fraction(shoe[other - 1], sum(shoe))


def cell_chance(rules: Rules, hand: str, dealer: str, *, later: Chart | None = None) -> Fraction:
    """The chance that a round's first hand meets the cell (``"hard 16"``, ``"10"``), or that
    insurance is offered (``"insurance"``, ``"A"``): on its first two cards, and with a chart
    (``later``) a total's hands of three cards or more that the chart hits to (see the
    module's note)."""
    shoe = list(full_shoe(rules.decks))
    up = _up_value(dealer)
    if hand == "insurance":
        return Fraction(shoe[0], sum(shoe)) if rules.insurance and up == 1 else Fraction(0)
    chance_up = Fraction(shoe[up - 1], sum(shoe))
    shoe[up - 1] -= 1
    chance = Fraction(0)
    for a, b in two_card_hands(hand):
        rest = list(shoe)
        left = sum(rest)
        first = Fraction(rest[a - 1], left)
        rest[a - 1] -= 1
        second = Fraction(rest[b - 1], left - 1)
        rest[b - 1] -= 1
        dealt = first * second * (1 if a == b else 2)
        if a == b == 10 and rules.split_by == "rank":
            dealt *= _same_ten_rank(rules.decks, up)
        chance += dealt * _no_natural(rules, rest, up)
    if later is not None and " " in hand:
        section, row = hand.split(" ")
        chance += _later(rules, later, (section == "soft", int(row)), up, shoe)
    return chance_up * chance


Counts = tuple[int, ...]  # cards of each value 1..10 in a hand


def _total(counts: Counts) -> tuple[bool, int]:
    """(soft, total) of a hand."""
    hard = sum(value * n for value, n in enumerate(counts, start=1))
    soft = counts[0] > 0 and hard + 10 <= 21
    return soft, hard + 10 if soft else hard


def _hits_first(chart: Chart, a: int, b: int, up: str) -> bool:
    """Whether the chart's first action on the two-card hand ``a``, ``b`` is a hit."""
    if a == b:
        row = "A-A" if a == 1 else f"{a}-{a}"
        code = chart.codes["pairs"].get(row, {}).get(up, "S")
    else:
        soft, total = _total(tuple((v == a) + (v == b) for v in range(1, 11)))
        code = chart.codes["soft" if soft else "hard"].get(str(total), {}).get(up, "S")
    return code[0] == "H"


def _hits_later(chart: Chart, soft: bool, total: int, up: str) -> bool:
    """Whether the chart hits a hand of three cards or more of ``total``."""
    section, row = ("soft" if soft else "hard"), str(total)
    found = chart.exceptions.get(section, {}).get(row, {}).get(up, {})
    if "three_or_more" in found:
        return found["three_or_more"] == "H"
    code = chart.codes[section].get(row, {}).get(up)
    if code is None:  # a total the chart has no row for: below its rows a hit, above a stand
        return total <= 11
    return code[-1] == "H"


def _later(
    rules: Rules, chart: Chart, target: tuple[bool, int], up: int, shoe: list[int]
) -> Fraction:
    """The chance (given the up card, out of ``shoe``) that the chart's hits reach a hand of
    three cards or more of ``target`` (soft, total)."""
    label, left = up_label(up), sum(shoe)
    level: dict[Counts, Fraction] = {}
    for a in range(1, 11):
        for b in range(a, 11):
            if {a, b} == {1, 10} or not _hits_first(chart, a, b, label):
                continue
            counts = tuple((v == a) + (v == b) for v in range(1, 11))
            dealt = Fraction(shoe[a - 1], left) * Fraction(shoe[b - 1] - (a == b), left - 1)
            level[counts] = dealt * (1 if a == b else 2)
    found, cards = Fraction(0), 2
    while level:
        longer: dict[Counts, Fraction] = {}
        for counts, chance in level.items():
            soft, total = _total(counts)
            if cards > 2:
                if (soft, total) == target:
                    rest = [n - counts[v] for v, n in enumerate(shoe)]
                    found += chance * _no_natural(rules, rest, up)
                if not _hits_later(chart, soft, total, label):
                    continue
            for v in range(10):
                have = shoe[v] - counts[v]
                child = counts[:v] + (counts[v] + 1,) + counts[v + 1 :]
                if have > 0 and _total(child)[1] <= 21:
                    longer[child] = longer.get(child, 0) + chance * Fraction(have, left - cards)
        level, cards = longer, cards + 1
    return found
