"""The rules model: one frozen value with every option, validated, and the named presets.

Rule variants are data, not subclasses: a table plays by a :class:`Rules`, and a preset is just
a named :class:`Rules` (``find_preset("casino-boxes")``). A rule set's text notation is its
preset's name and the options that differ from it, ``"vegas-6d-s17 decks=2 surrender=none"``
(:meth:`Rules.parse`, :meth:`Rules.notation`); option names are the fields below, and the replay
and strategy commands, the web forms, URLs, caches and the store all use the notation.
Long because the model is one value: every option's field, its checks and the presets together.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from trainer.engine.rulebook.preset_readings import (
    BONUS_ON_21,
    BUSTED_BANKER,
    HOME_DEALER_DRAWS,
    HOME_NATURALS_TIE,
    JOKER_AND_RESERVE,
    NO_PEEK,
    TALIA,
    THREE_DRAWS,
)
from trainer.engine.rulebook.rule_options import (
    DEAL_FACES,
    FRACTION_OPTIONS,
    MAX_NOTATION_LENGTH,
    MAX_VALUE_LENGTH,
    OPTION_CHOICES,
    InvalidRulesError,
    OptionValueError,
    RulesNotationError,
    UnknownOptionError,
    UnknownPresetError,
    exact_number,
    format_ratio,
    option_to_text,
    parse_ratio,
    read_value,
    said_of,
)
from trainer.engine.words import N_, Said, quoted

__all__ = [
    "DEAL_FACES",
    "OPTION_CHOICES",
    "PRESETS",
    "MAX_NOTATION_LENGTH",
    "InvalidRulesError",
    "OptionValueError",
    "Rules",
    "RulesNotationError",
    "UnknownOptionError",
    "UnknownPresetError",
    "find_preset",
    "exact_number",
    "format_ratio",
    "option_to_text",
    "parse_option",
    "parse_ratio",
    "preset_names",
]


# The deal faces a 002 deal method prescribes (method 1 leaves them to the preset: 002's first
# down and second up, a casino's cards up, 000's players' cards down).
_DEAL_METHOD_FACES = {2: "dealer-second-up", 3: "first-down"}

# The names a Rules may carry (filled in once the presets below exist; until then, any name).
_RULES_NAMES: frozenset[str] = frozenset()
CUSTOM = "custom"  # the name of rules built from the model's defaults rather than a preset


@dataclass(frozen=True, repr=False)
class Rules:
    """Every option of a blackjack table, frozen and validated on construction.

    Field names are the public option names (``RULES.md``; the replay and strategy commands).
    ``name`` is the preset the rules start from; the text notation is that name followed by the
    options that differ from it: ``Rules.parse("vegas-6d-s17 decks=2 surrender=none")``.
    """

    name: str = CUSTOM
    # The pack
    decks: int = 6
    penetration: Fraction = Fraction(3, 4)  # share of the pack dealt before the cut card
    reshuffle_reserve: int = 0  # reshuffle before a round when fewer cards than this are left
    burn_cards: int = 1  # burned after each shuffle
    burn_ace_reshuffles: bool = False  # 002: an ace may not be burned: reshuffle and cut again
    burn_shown: bool = False  # 002: the burned card is shown (so counted); casinos burn unseen
    # The dealer
    dealer_hits_soft_17: bool = False
    dealer_stands_on: int = 17  # the dealer draws below this total (home dealer and banker policy)
    hole_card: str = "peek"  # "peek": dealt and checked under a ten or ace; "none": drawn last
    no_hole_card_loses: str = "all"  # no hole card: what a dealer natural takes ("original" bets)
    dealer_natural_takes_all: bool = False  # 004: a banker's dealt 21 beats a punter's dealt 21
    dealer_natural_must_be_announced: bool = False  # 000: unannounced, it counts as a plain 21
    # 004: the automatic banker plays his best (banker/face_down.py); off: below dealer_stands_on.
    banker_best: bool = False
    # Player options
    double_on: str = "any"
    double_after_split: bool = True
    max_split_hands: int = 4  # 1 means no splitting
    resplit_aces: bool = False
    split_aces_one_card: bool = True
    split_by: str = "rank"
    split_deal_order: str = "in-turn"
    surrender: str = "late"
    surrender_vs_ace: bool = True
    insurance: bool = True
    max_draws: int | None = None  # 004: at most three cards drawn to a hand
    # Payouts
    blackjack_pays: Fraction = Fraction(3, 2)
    dealer_blackjack_collects: Fraction = Fraction(1)  # 002 home: the dealer collects 2:1
    dealer_bust_pays: Fraction = Fraction(1)  # 004: a busted banker pays every stake 2:1
    ties: str = "push"
    tie_pays_bonus: bool = False  # 002: a bonus hand tying the dealer's 21 is paid its premium
    five_card_21_pays: Fraction | None = None
    six_card_21_pays: Fraction | None = None
    seven_seven_seven_pays: Fraction | None = None
    six_seven_eight_pays: Fraction | None = None
    # Betting and table
    min_bet: Fraction = Fraction(1)
    max_bet: Fraction | None = Fraction(1000)  # None: no table maximum (004)
    max_seats: int | None = None  # players besides the dealer (002: 2 to 12); None: any number
    deal_method: int = 1  # 002: 1 and 2 bets first; 3 bets after the first card, dealer doubles
    deal_faces: str = "casino"  # which dealt cards the table sees face up (DEAL_FACES)
    bet_after_deal: bool = False  # 004: stakes are placed after the two cards are dealt
    box_bettors: int = 1  # 003: a box holds its owner and up to two co-bettors
    table_rotation: str = "none"
    deal_auction: bool = False  # 002 home: the deal is sold to the highest bidder when it passes
    interpretation: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name in FRACTION_OPTIONS:
            value = getattr(self, name)
            if value is not None and not isinstance(value, Fraction):
                object.__setattr__(self, name, Fraction(value))
        self._validate()

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def option_names(cls) -> tuple[str, ...]:
        """The public option names, in declaration order (``name`` and notes excluded)."""
        return tuple(
            f.name for f in dataclasses.fields(cls) if f.name not in ("name", "interpretation")
        )

    def replace(self, **options: Any) -> Rules:
        """A copy with some options changed; values may be text (``"3:2"``, ``"true"``).

        The copy keeps the preset's name: its notation lists what now differs from the preset.

        :raises UnknownOptionError: for a name that is not an option.
        :raises OptionValueError: for a value that cannot be read, naming the option.
        :raises InvalidRulesError: for a value out of range or a contradiction, naming the option.
        """
        parsed = {name: parse_option(name, value) for name, value in options.items()}
        if not parsed:
            return self
        return dataclasses.replace(self, **parsed)

    def played(self) -> Rules:
        """The rules the rounds are played by: without 002's auction for the deal, which changes
        who deals, not the play (a chart, the method-3 game and a table's doubling chances
        are the game's without it: at an auction table they were worked out in the request,
        30 s and a worker's timeout, a walk)."""
        return dataclasses.replace(self, deal_auction=False) if self.deal_auction else self

    # -- the text notation ----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Rules from their notation: a preset name, then ``option=value`` words.

        ``Rules.parse("casino-boxes")``, ``Rules.parse("vegas-6d-s17 decks=2 surrender=none")``;
        the options may come in any order, each at most once.

        :raises RulesNotationError: for text too long, empty, or a word that is not option=value.
        :raises UnknownPresetError: when the first word names no preset.
        :raises UnknownOptionError: for an option the rules model does not have.
        :raises OptionValueError: for a value that cannot be read, naming the option.
        :raises InvalidRulesError: for a value out of range or a contradiction, naming the option.
        """
        if not isinstance(text, str):
            raise RulesNotationError(f"a rules notation is text, not {type(text).__name__}")
        if len(text) > MAX_NOTATION_LENGTH:
            raise RulesNotationError(
                f"a rules notation is at most {MAX_NOTATION_LENGTH} characters, not {len(text)}"
            )
        words = text.split()
        if not words:
            raise RulesNotationError.said_as(N_("a rules notation starts with a preset name"))
        base = _base_rules(words[0])
        changes: dict[str, str] = {}
        for word in words[1:]:
            option, equals, value = word.partition("=")
            shown = word[: MAX_VALUE_LENGTH * 2]
            if not equals or not option or not value:
                said = N_("%(word)s is not option=value (like decks=2)")
                raise RulesNotationError.said_as(said, word=quoted(shown))
            if option in changes:
                raise RulesNotationError(f"{option} is given twice", option=option)
            changes[option] = value
        return base.replace(**changes)

    def base(self) -> Rules:
        """The preset these rules start from (the model's defaults for ``custom`` rules)."""
        return _base_rules(self.name)

    def changes(self) -> dict[str, str]:
        """The options that differ from the preset, as their notation text, in option order."""
        return dict(self._changes)

    def notation(self) -> str:
        """The preset's name and the options changed from it: ``"vegas-6d-s17 decks=2"``."""
        return self._notation

    # Worked out once per value (a page names its rules a dozen times; some 8 µs each time).
    # The value is frozen, so what they say of it never changes; ``==`` and ``hash`` ignore them.
    @cached_property
    def _changes(self) -> dict[str, str]:
        base = self.base()
        return {
            option: option_to_text(option, getattr(self, option))
            for option in self.option_names()
            if getattr(self, option) != getattr(base, option)
        }

    @cached_property
    def _notation(self) -> str:
        return " ".join([self.name, *(f"{k}={v}" for k, v in self._changes.items())])

    @property
    def players_bank(self) -> bool:
        """004: one of the players holds the bank, passing it left after each talia."""
        return self.table_rotation == "bank-passes-after-pack"

    @property
    def dealt_to_the_end(self) -> bool:
        """000, 002, 004: the pack is dealt to its end, with no cut card, shoe or tray."""
        return self.penetration >= 1

    @property
    def is_preset(self) -> bool:
        """True when no option differs from the named preset."""
        return not self.changes()

    def __repr__(self) -> str:
        return f"Rules.parse({self.notation()!r})"

    def __hash__(self) -> int:
        # Equal rules have one notation, and it is kept: hashing every field (six fractions)
        # took some 10 us, and rules key many caches, several times a request.
        return hash(self._notation)

    # -- validation -------------------------------------------------------------------------

    def _validate(self) -> None:
        def bad(option: str, why: str) -> InvalidRulesError:
            return InvalidRulesError(f"{option}: {why}", option=option, said=said_of(why))

        if _RULES_NAMES and self.name not in _RULES_NAMES:
            raise UnknownPresetError(
                f"name: unknown preset {self.name[:MAX_VALUE_LENGTH]!r}; "
                f"presets are: {', '.join(sorted(_RULES_NAMES - {CUSTOM}))} (or custom)",
                option="name",
            )
        for option, choices in OPTION_CHOICES.items():
            if getattr(self, option) not in choices:
                given = getattr(self, option)
                raise bad(option, f"must be one of {', '.join(choices)}, not {given!r}")
        if not 1 <= self.decks <= 8:
            raise bad("decks", f"must be 1 to 8, not {self.decks}")
        if not 0 < self.penetration <= 1:
            raise bad("penetration", f"must be above 0 and at most 1, not {self.penetration}")
        if not 0 <= self.burn_cards <= 10:
            raise bad("burn_cards", f"must be 0 to 10, not {self.burn_cards}")
        if not 0 <= self.reshuffle_reserve < 52 * self.decks:
            raise bad("reshuffle_reserve", "must be at least 0 and less than the pack")
        if not 12 <= self.dealer_stands_on <= 21:
            raise bad("dealer_stands_on", f"must be 12 to 21, not {self.dealer_stands_on}")
        if self.dealer_hits_soft_17 and self.dealer_stands_on != 17:
            raise bad("dealer_hits_soft_17", "only applies when dealer_stands_on is 17")
        if not 1 <= self.max_split_hands <= 8:
            raise bad("max_split_hands", f"must be 1 (no split) to 8, not {self.max_split_hands}")
        if self.resplit_aces and self.max_split_hands < 3:
            raise bad("resplit_aces", "needs max_split_hands of 3 or more")
        if self.max_draws is not None and not 1 <= self.max_draws <= 10:
            raise bad("max_draws", f"must be 1 to 10 or none, not {self.max_draws}")
        if self.surrender != "none" and self.max_draws == 0:
            raise bad("surrender", "needs a hand that may act")
        for option in ("blackjack_pays", "dealer_blackjack_collects", "dealer_bust_pays"):
            if not 0 < getattr(self, option) <= 10:
                raise bad(option, "must be a ratio above 0:1 and at most 10:1")
        if self.min_bet <= 0:
            raise bad("min_bet", "must be above 0")
        if self.max_bet is not None and self.max_bet < self.min_bet:
            raise bad("max_bet", f"must be at least min_bet ({self.min_bet})")
        if self.max_seats is not None and not 1 <= self.max_seats <= 50:
            raise bad("max_seats", f"must be 1 to 50 or none, not {self.max_seats}")
        if self.deal_method not in (1, 2, 3):
            raise bad("deal_method", f"must be 1, 2 or 3, not {self.deal_method}")
        if self.deal_method == 3 and self.hole_card != "peek":
            raise bad("deal_method", "3 needs hole_card peek (the dealer gets two cards)")
        faces = _DEAL_METHOD_FACES.get(self.deal_method)
        if faces is not None and self.deal_faces != faces:
            raise bad(
                "deal_faces",
                f"deal method {self.deal_method} deals {DEAL_FACES[faces]}: "
                f"deal_faces must be {faces}, not {self.deal_faces}",
            )
        self._validate_deal_004()
        self._validate_players_deal()
        if not 1 <= self.box_bettors <= 3:
            raise bad("box_bettors", f"must be 1 to 3, not {self.box_bettors}")

    def _validate_players_deal(self) -> None:
        """002's rules of ties and of the deal: combinations no text allows."""

        def bad(option: str, why: str) -> InvalidRulesError:
            return InvalidRulesError(f"{option}: {why}", option=option, said=said_of(why))

        if self.tie_pays_bonus and self.ties == "dealer":
            raise bad("tie_pays_bonus", "where a tie goes to the dealer, it pays nothing at all")
        if self.deal_auction and self.table_rotation != "natural-takes-deal":
            raise bad(
                "deal_auction",
                "only players who deal sell the deal (text 002's home game, where a "
                "natural takes the deal); a table with a house dealer has none to sell",
            )

    def _validate_deal_004(self) -> None:
        """004 as its text deals it: every card face down, and the banker who plays his best
        (``trainer.engine.banker.face_down``): no other text deals so."""

        def bad(option: str, why: str) -> InvalidRulesError:
            return InvalidRulesError(f"{option}: {why}", option=option, said=said_of(why))

        if self.deal_faces == "all-down" and not self.players_bank:
            raise bad(
                "deal_faces",
                "all-down is text 004's deal, where a punter holds the bank "
                "(table_rotation bank-passes-after-pack); no text deals every card face down "
                "at another table",
            )
        if self.deal_faces == "all-down" and self.max_split_hands != 1:
            raise bad("deal_faces", "all-down deals no pairs to split: max_split_hands must be 1")
        if self.banker_best and self.deal_faces != "all-down":
            raise bad(
                "banker_best",
                "the banker's best play is worked out for text 004's deal, every card face "
                "down (deal_faces all-down); with cards face up he stands on dealer_stands_on",
            )

    # -- presentation -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready values (ratios as ``"3:2"``, money as numbers)."""
        out: dict[str, Any] = {}
        for option in self.option_names():
            out[option] = option_to_text(option, getattr(self, option), json_ready=True)
        return out


_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.name not in ("name", "interpretation")}


def parse_option(option: str, value: Any) -> Any:
    """Turn a text value (``"true"``, ``"3:2"``, ``"6"``, ``"none"``) into the option's type.

    Values that already have the right type pass through. Text is bounded before it is read:
    at most :data:`MAX_VALUE_LENGTH` characters, and numbers of modest size without exponents.

    :raises UnknownOptionError: when ``option`` is not an option of the rules model.
    :raises OptionValueError: when the value cannot be read for that option, naming it.
    """
    if option not in _FIELDS:
        shown = option[:MAX_VALUE_LENGTH]
        said = N_("unknown rule option %(option)s"), {"option": quoted(shown)}
        raise UnknownOptionError(f"unknown rule option {shown!r}", option=option, said=said)
    if isinstance(value, str) and len(value) > MAX_VALUE_LENGTH:
        raise OptionValueError(
            f"{option}: a value is at most {MAX_VALUE_LENGTH} characters", option=option
        )
    try:
        return read_value(option, value, _FIELDS[option].default)
    except InvalidRulesError as exc:
        message = str(exc) if str(exc).startswith(f"{option}:") else f"{option}: {exc}"
        raise OptionValueError(message, option=option, said=exc.said) from None
    except (ValueError, ZeroDivisionError, TypeError, OverflowError):
        shown = str(value)[:MAX_VALUE_LENGTH]
        raise OptionValueError(f"{option}: cannot read {shown!r}", option=option) from None


_VEGAS = Rules(
    name="vegas-6d-s17",
    decks=6,
    penetration=Fraction(3, 4),
    dealer_hits_soft_17=False,
    double_on="any",
    double_after_split=True,
    max_split_hands=4,
    resplit_aces=False,
    split_aces_one_card=True,
    surrender="late",
    hole_card="peek",
    blackjack_pays=Fraction(3, 2),
    min_bet=Fraction(5),
    max_bet=Fraction(1000),
)

# What 002's club and home games share: the pack dealt down to the burned card (an ace may not
# be burned), naturals shown at once, no doubling, the variant's one split of a pair by rank with
# one card to each hand, then played as usual.
_TWENTY_ONE = Rules(
    name="twenty-one",
    penetration=Fraction(1),
    burn_cards=1,
    burn_ace_reshuffles=True,
    # "предъявить её и положить крапом вниз под колоду": shown, and put face up at the bottom.
    burn_shown=True,
    hole_card="peek",
    double_on="none",
    double_after_split=False,
    max_split_hands=2,
    split_aces_one_card=False,
    split_by="rank",
    split_deal_order="both-first",
    surrender="none",
    insurance=False,
    # РАСЧЕТЫ, for club and home alike ("ТОЛЬКО В ДОМАШНЕЙ ИГРЕ" changes only ties and the
    # natural): "За 21 в пяти картах - двойную ставку; в шести картах - тройную. За 21 из трех
    # семерок - тройную ставку; в комбинации 8-7-6 - двойную."
    five_card_21_pays=Fraction(2),
    six_card_21_pays=Fraction(3),
    seven_seven_seven_pays=Fraction(3),
    six_seven_eight_pays=Fraction(2),
    min_bet=Fraction(1),
    max_bet=Fraction(100),
    max_seats=12,  # "ЧИСЛО ИГРАЮЩИХ. От двух до двенадцати."
    # Deal method 1: "по одной карте крапом вверх и по одной карте - крапом вниз": every first
    # card face down ("крап", the back, up), every second card face up.
    deal_faces="first-down",
    interpretation=(BONUS_ON_21,),
)

PRESETS: dict[str, Rules] = {
    # 000: Hoyle-style casino game with a permanent bank.
    "permanent-bank": Rules(
        name="permanent-bank",
        decks=2,
        # The joker lies at the bottom and the discards go under it: the whole pack is dealt.
        penetration=Fraction(1),
        # "The dealer may reshuffle if the cards left may not last the round": we take 15 cards.
        reshuffle_reserve=15,
        burn_cards=0,
        dealer_hits_soft_17=False,
        hole_card="peek",
        double_on="none",
        double_after_split=False,
        max_split_hands=2,
        split_aces_one_card=False,  # each split hand gets one card, then draws as usual
        split_by="rank",
        split_deal_order="both-first",
        surrender="none",
        insurance=False,
        dealer_natural_must_be_announced=True,
        min_bet=Fraction(1),
        max_bet=Fraction(10),
        # "one card down to each player, one up to the dealer, then one more down to everyone"
        deal_faces="players-down",
        interpretation=(JOKER_AND_RESERVE,),
    ),
    # 002, club rules: a house dealer, bonus hands.
    "twenty-one-club": dataclasses.replace(
        _TWENTY_ONE,
        name="twenty-one-club",
        decks=2,
    ),
    # 002, home rules: a rotating dealer, bets after the first card, ties to the dealer.
    "twenty-one-home": dataclasses.replace(
        _TWENTY_ONE,
        name="twenty-one-home",
        decks=1,
        dealer_stands_on=17,
        blackjack_pays=Fraction(2),
        dealer_blackjack_collects=Fraction(2),
        ties="dealer",
        deal_method=3,
        table_rotation="natural-takes-deal",
        interpretation=_TWENTY_ONE.interpretation
        + (
            HOME_DEALER_DRAWS,
            HOME_NATURALS_TIE,
        ),
    ),
    # 003: modern European casino with boxes, no hole card.
    "casino-boxes": Rules(
        name="casino-boxes",
        decks=6,
        penetration=Fraction(3, 4),
        hole_card="none",
        no_hole_card_loses="all",
        double_on="9-11",
        double_after_split=True,
        max_split_hands=4,
        resplit_aces=False,
        split_aces_one_card=True,
        split_by="value",
        split_deal_order="in-turn",
        # "После раздачи первых двух карт ... до выхода третьей карты": before the dealer's second
        # card, so a surrender against a ten is given up before a natural is known: early.
        surrender="early",
        surrender_vs_ace=False,
        insurance=True,
        box_bettors=3,
        min_bet=Fraction(10),
        max_bet=Fraction(1000),
        interpretation=(NO_PEEK,),
    ),
    # 004: the Russian banking game.
    "russian-bank": Rules(
        name="russian-bank",
        decks=2,
        penetration=Fraction(1),
        burn_cards=0,
        hole_card="peek",
        dealer_natural_takes_all=True,
        double_on="none",
        double_after_split=False,
        max_split_hands=1,
        surrender="none",
        insurance=False,
        max_draws=3,
        blackjack_pays=Fraction(2),
        dealer_bust_pays=Fraction(2),
        bet_after_deal=True,
        table_rotation="bank-passes-after-pack",
        min_bet=Fraction(1),
        max_bet=None,  # "Каждый понтер ставит какую ему угодно сумму денег."
        # "Банкомет сдает всем понтерам по две карты, не исключая и себя" and "Банкомет первый
        # смотрит свои карты": no card is shown. deal_faces=casino keeps the face-up reading.
        deal_faces="all-down",
        banker_best=True,
        interpretation=(
            # Who sees what and the banker's drawing are readings with an option each
            # (rulebook/readings.py), shown once on the rules page with the text's sentence.
            BUSTED_BANKER,
            TALIA,
            THREE_DRAWS,
        ),
    ),
    "vegas-6d-s17": _VEGAS,
    "vegas-6d-h17": dataclasses.replace(_VEGAS, name="vegas-6d-h17", dealer_hits_soft_17=True),
    "double-deck": dataclasses.replace(
        _VEGAS,
        name="double-deck",
        decks=2,
        penetration=Fraction(2, 3),
        dealer_hits_soft_17=True,
        surrender="none",
        min_bet=Fraction(10),
    ),
    "single-deck": dataclasses.replace(
        _VEGAS,
        name="single-deck",
        decks=1,
        penetration=Fraction(1, 2),
        dealer_hits_soft_17=True,
        double_after_split=False,
        surrender="none",
        min_bet=Fraction(10),
    ),
}


def preset_names() -> tuple[str, ...]:
    """The names of the presets, seed variants first."""
    return tuple(PRESETS)


def find_preset(name: str) -> Rules:
    """The preset of that name.

    :raises UnknownPresetError: naming the presets that exist.
    """
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        shown = str(name)[:MAX_VALUE_LENGTH]
        said: Said = N_("there are no rules called “%(name)s”"), {"name": shown}
        if not shown.strip():  # a form or address that named none
            said = N_("no rules were named"), {}
        message = f"unknown preset {shown!r}; presets are: {', '.join(PRESETS)}"
        raise UnknownPresetError(message, said=said) from None


def _base_rules(name: str) -> Rules:
    """The rules a notation's first word names: a preset, or ``custom`` (the defaults)."""
    if name == CUSTOM:
        return _CUSTOM
    return find_preset(name)


_RULES_NAMES = frozenset(PRESETS) | {CUSTOM}
_CUSTOM = Rules()
