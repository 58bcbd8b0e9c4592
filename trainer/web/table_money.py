"""The table's amounts: as a learner reads them, in their language (:func:`money`,
:func:`signed_money`), and as the forms carry them and read them back, in ASCII
(:func:`money_notation`, :func:`decimal`)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from trainer.words import MINUS
from trainer.words import money as written_money

__all__ = ["decimal", "money", "money_notation", "signed_money"]


def money(value: Fraction | int) -> str:
    """An amount as the table shows a learner it, in their language: ``25``, ``7.50``,
    ``10,000`` (``7,50`` and ``10 000`` in Russian); a negative with the true minus."""
    return written_money(Fraction(value))


def money_notation(value: Fraction | int) -> str:
    """An amount as a form, a link or a stored answer carries it, read back by the table's
    forms (:data:`drills.table_session.MONEY_RE`): ASCII, ``25``, ``7.50``, ``10000``."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def decimal(value: Fraction) -> str:
    """A fraction written as the form takes it back: ``0.05``, ``1``."""
    return format(Decimal(value.numerator) / value.denominator, "f").rstrip("0").rstrip(".") or "0"


def signed_money(value: Fraction | int) -> str:
    value = Fraction(value)
    return ("+" if value > 0 else "") + money(value) if value >= 0 else MINUS + money(-value)
