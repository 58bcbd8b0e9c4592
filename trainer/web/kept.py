"""Markup and addresses kept by their arguments, where they depend on nothing else: the card
macros' markup, the templates' site-relative addresses, the htmx panel's footer. Nothing is kept
while templates reload as they change (``make dev``)."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request, url_for
from flask_babel import get_locale

from trainer.engine.rulebook.rules import Rules


class PureMacros:
    """A template's macros with each call's markup kept by its arguments, for a template whose
    macros depend on their arguments alone (no context, no caller), such as the cards: a card
    is drawn the same every time, and drawing a hand again cost some 15 us, four hands an
    answer. A call whose arguments cannot be a key is simply made. The request's language is
    part of the key: a card's name is read aloud in it ("ace of spades", "туз пик")."""

    def __init__(self, module: Any, size: int = 4096) -> None:
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
                str(get_locale()),
                tuple((type(a), tuple(a) if type(a) is list else a) for a in args),
                tuple(sorted((k, type(v), v) for k, v in kwargs.items())),
            )
            try:
                return kept[key]
            except KeyError:
                pass
            except TypeError:  # an argument that cannot be a key
                return macro(*args, **kwargs)
            if len(kept) >= self._size:
                kept.clear()
            kept[key] = markup = macro(*args, **kwargs)
            return markup

        return call


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
    key = (request.script_root, str(get_locale()), page_rules, current)
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
