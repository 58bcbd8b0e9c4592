"""Markup and addresses kept by their arguments, where they depend on nothing else: the card
macros' markup, the templates' site-relative addresses, the htmx panel's footer, and pieces of a
page kept by what they show with what changes each time filled in (:class:`KeptPieces`). Nothing
is kept while templates reload as they change (``make dev``)."""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from flask import Flask, current_app, g, request, url_for
from jinja2 import Environment
from markupsafe import Markup, escape

from trainer.engine.rulebook.rules import Rules
from trainer.engine.words import game_named
from trainer.web.catalogue import request_locale


class PureMacros:
    """A template's macros with each call's markup kept by its arguments, for a template whose
    macros depend on their arguments alone (no context, no caller), such as the cards: a card
    is drawn the same every time, and drawing a hand again cost some 15 us, four hands an
    answer. A call whose arguments cannot be a key is simply made. The request's language is
    part of the key: a card's name is read aloud in it ("ace of spades", "туз пик"). A full
    store forgets its oldest markup, not all of it (two-card hands alone are some 1,300 by
    their cards, each under two labels in the quiz: a store of 4,096 emptied over and over, and
    each hand drawn again cost some 40 us)."""

    def __init__(self, module: Any, size: int = 8192) -> None:
        self._module = module
        self._size = size
        self._kept: dict[Any, Any] = {}

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        macro = getattr(self._module, name)
        kept = self._kept

        def call(*args: Any, **kwargs: Any) -> Any:
            # Each value with its type (an equal Markup and str render differently); a list,
            # such as [up card], as a tuple.
            key = (
                name,
                request_locale(),
                game_named(),
                tuple((type(a), tuple(a) if type(a) is list else a) for a in args),
                tuple(sorted((k, type(v), v) for k, v in kwargs.items())),
            )
            try:
                return kept[key]
            except KeyError:
                pass
            except TypeError:  # an argument that cannot be a key
                return macro(*args, **kwargs)
            while len(kept) >= self._size:
                try:
                    del kept[next(iter(kept))]
                except (KeyError, RuntimeError, StopIteration):  # (another thread's meanwhile)
                    break
            kept[key] = markup = macro(*args, **kwargs)
            return markup

        return call


def kept_card_macros(env: Environment) -> PureMacros:
    """The card macros (``_cards.html``), kept, and the templates' global ``kept_cards``: set
    before the module is made, since a module sees the globals of its making, so that its own
    ``hand`` draws each card through the kept ``card`` (a hand not kept yet is quick too)."""
    kept = PureMacros(None)
    env.globals["kept_cards"] = kept
    kept._module = env.get_template("_cards.html").module
    return kept


class KeptUrls:
    """The templates' ``url_for``, each address kept by its arguments: a site-relative address
    depends on the endpoint, its values and where the app is mounted alone (the static files'
    version included), and building one took 5 to 15 us, five of them a quiz answer. An
    external address, an anchor or anything else asked with ``_`` is simply built."""

    def __init__(self, app: Flask, size: int = 4096) -> None:
        self._build = app.url_for
        self._size = size
        self._kept: dict[Any, str] = {}

    def __call__(self, endpoint: str, **values: Any) -> str:
        if any(name.startswith("_") for name in values):
            return self._build(endpoint, **values)
        blueprint = request.blueprint if endpoint.startswith(".") else None
        try:
            key = (request.script_root, blueprint, endpoint, tuple(sorted(values.items())))
            return self._kept[key]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key
            return self._build(endpoint, **values)
        if len(self._kept) >= self._size:
            self._kept.clear()
        self._kept[key] = address = self._build(endpoint, **values)
        return address


def oob_footer(page_rules: Rules, current: Rules) -> bytes:
    """The htmx panel's footer (``_footer_rules.html``, swapped out of band), kept per app by
    its rules, the mount point and the request's language (the footer is written in it: an htmx
    answer in Russian must not be handed a footer kept from an English page)."""
    env = current_app.jinja_env
    footers: dict[tuple[Any, ...], bytes] = current_app.extensions.setdefault("trainer.footers", {})
    key = (request.script_root, request_locale(), page_rules, current)
    kept = None if env.auto_reload else footers.get(key)
    if kept is None:
        kept = (
            env.get_template("_footer_rules.html")
            .render(oob=True, page_rules=page_rules, current_rules=current, url_for=url_for)
            .encode()
        )
        if len(footers) >= 1024:
            footers.clear()
        footers[key] = kept
    return kept


class KeptPieces:
    """A template's piece kept by everything it shows, with the values that change every time
    (a submission token, the cards of this hand) filled in: the templates' ``kept_piece``, called
    with a call block whose arguments are those values::

        {% call(token, cards) kept_piece("a name", (token, cards_markup), question.prompt, ...) %}
          ...{{ token }}...{{ cards }}...
        {% endcall %}

    The block is drawn once per key (the name, the request's language and mount point, and the
    values after ``fills``) with a hole for each fill, then kept; each call fills the holes, as
    the block would have written them (escaped, unless markup). So the key must name everything
    else the block reads, and the block may only write a fill (as often as it likes, or not at
    all: a fill for each play, of which the hand answered writes its own), never look into it.
    A hole written otherwise than whole (a fill cut, or changed by a filter), a key that cannot
    be one, or ``when`` false: the block is simply drawn. ``on`` false (a test drawing both
    ways) keeps nothing."""

    def __init__(self, size: int = 4096) -> None:
        self.on = True
        self._size = size
        # Least recently used first: a full store forgets its oldest piece, not all of them (a
        # preset's quiz in one language keeps some 1,800; two languages, or several presets,
        # cleared a store of 2,048 over and over).
        self._kept: OrderedDict[Any, tuple[tuple[str, ...], tuple[int, ...]]] = OrderedDict()

    def __len__(self) -> int:
        return len(self._kept)

    def kept(self, name: str) -> int:
        """How many pieces named ``name`` are kept."""
        return sum(1 for key in self._kept if key[0] == name)

    def __call__(
        self,
        name: str,
        fills: Sequence[Any],
        *key: Any,
        caller: Callable[..., str],
        when: bool = True,
    ) -> Markup:
        if not (self.on and when):
            return self._drawn(name, Markup(caller(*fills)))
        try:
            found_key = self._key(name, fills, key)
            kept = self._kept.get(found_key)
        except TypeError:  # a value that cannot be a key
            return self._drawn(name, Markup(caller(*fills)))
        if kept is None:
            kept = _with_holes(caller, fills)
            if kept is None:
                return self._drawn(name, Markup(caller(*fills)))
            self._keep(found_key, kept)
        else:  # (forgotten by another thread meanwhile: ``kept`` is still whole)
            with suppress(KeyError):
                self._kept.move_to_end(found_key)
        return self._drawn(name, _filled(kept, fills))

    def filled(self, name: str, fills: Sequence[Any], *key: Any) -> Markup | None:
        """The piece ``name`` kept by ``key``, with ``fills`` filled in, as a template's call
        would draw it (:mod:`trainer.web.quiz_panel` puts a panel together from them); None
        where it is not kept (or nothing is)."""
        if not self.on:
            return None
        try:
            found_key = self._key(name, fills, key)
            kept = self._kept.get(found_key)
        except TypeError:
            return None
        if kept is None:
            return None
        with suppress(KeyError):
            self._kept.move_to_end(found_key)
        return _filled(kept, fills)

    def keep_drawn(self, name: str, drawn: str, parts: Sequence[Markup], *key: Any) -> bool:
        """Keep ``drawn`` as the piece ``name`` with a hole for each of ``parts`` (markup found
        in it, in that order, each once), so that :meth:`filled` puts it together again from
        other parts; whether it was kept (not where a part is not found, or nothing is kept)."""
        if not self.on:
            return False
        chunks, start = [], 0
        for part in parts:
            found = drawn.find(part, start) if part else -1
            if found < 0:
                return False
            chunks.append(drawn[start:found])
            start = found + len(part)
        chunks.append(drawn[start:])
        fills = tuple(Markup(part) for part in parts)
        try:
            found_key = self._key(name, fills, key)
        except TypeError:
            return False
        self._keep(found_key, (tuple(chunks), tuple(range(len(parts)))))
        return True

    def _key(self, name: str, fills: Sequence[Any], key: tuple[Any, ...]) -> tuple[Any, ...]:
        """What a piece is kept by (a TypeError where a value cannot be a key)."""
        return (
            name,
            request_locale(),
            game_named(),  # the dealer in the game's text's word («Дилер» at 002: a walk)
            request.script_root,
            tuple(map(type, fills)),  # (a Markup fill is written as it is, text escaped)
            _frozen(key),
        )

    def _keep(
        self, found_key: tuple[Any, ...], kept: tuple[tuple[str, ...], tuple[int, ...]]
    ) -> None:
        while len(self._kept) >= self._size:
            try:
                self._kept.popitem(last=False)
            except KeyError:  # emptied by another thread meanwhile
                break
        self._kept[found_key] = kept

    @staticmethod
    def _drawn(name: str, markup: Markup) -> Markup:
        """``markup``, noted (by its name) where a panel being drawn notes its pieces
        (:func:`noting_pieces`)."""
        noted = g.get(_NOTED)
        if noted is not None:
            noted.append((name, markup))
        return markup


_NOTED = "kept_pieces_drawn"


@contextmanager
def noting_pieces() -> Iterator[list[tuple[str, Markup]]]:
    """Within it, each piece a template draws (kept or not) is noted in the list yielded, in
    the order drawn: (its name, its markup)."""
    noted: list[tuple[str, Markup]] = []
    setattr(g, _NOTED, noted)
    try:
        yield noted
    finally:
        g.pop(_NOTED, None)


def _filled(kept: tuple[tuple[str, ...], tuple[int, ...]], fills: Sequence[Any]) -> Markup:
    """A kept piece with its holes filled, as the block would have written each fill."""
    chunks, order = kept
    written = [chunks[0]]
    for index, chunk in zip(order, chunks[1:], strict=True):
        fill = fills[index]
        written.append(fill if type(fill) is Markup else escape(fill))
        written.append(chunk)
    return Markup("".join(written))


_HOLE = "\x00kept-hole-{}\x00"
_HOLES = re.compile("\x00kept-hole-([0-9]+)\x00")


def _with_holes(
    caller: Callable[..., str], fills: Sequence[Any]
) -> tuple[tuple[str, ...], tuple[int, ...]] | None:
    """The block drawn with a hole for each fill: the text between the holes and the fill each
    hole takes, in the order written; None where a hole is not written whole (what is left of
    one, cut or changed by a filter, still holds its NUL)."""
    holes = [_HOLE.format(index) for index in range(len(fills))]
    marked = (Markup(h) if type(f) is Markup else h for h, f in zip(holes, fills, strict=True))
    drawn = str(caller(*marked))
    chunks, order, start = [], [], 0
    for found in _HOLES.finditer(drawn):
        index = int(found.group(1))
        if index >= len(fills):
            return None
        chunks.append(drawn[start : found.start()])
        order.append(index)
        start = found.end()
    chunks.append(drawn[start:])
    if any("\x00" in chunk for chunk in chunks):
        return None
    return tuple(chunks), tuple(order)


def _frozen(value: Any) -> Any:
    """``value`` as a key: lists, tuples and dicts as tuples of their items (in order), each
    value with its type (an equal markup and text, or 0.0 and -0.0, are written apart)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return (kind, tuple(map(_frozen, value)))
    if kind is dict:
        return (kind, tuple(value), tuple(map(_frozen, value.values())))
    if kind is float:
        return (kind, repr(value))
    hash(value)  # TypeError where it cannot be a key
    return (kind, value)
