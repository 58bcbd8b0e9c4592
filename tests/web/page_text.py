"""What a learner reads on a page, and the engine's notation that must not be in it.

:func:`visible_text` is a page's text as a learner reads it: the rendered HTML's text, without
its attributes (``href``, ``value``, ``name``...), hidden inputs, ``<script>``, ``<style>`` and
``<template>``. :func:`notation_in` finds the engine's notation in such a text: card codes
("4H", "TD"), running and true count notation ("rc hi-lo 6d:"), and the rules' option names
("dealer_hits_soft_17", "decks=2"). :func:`forms_of` reads a page's forms (their action and
fields) so that a test can answer them as a browser would.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from trainer.engine.rulebook.rules import Rules

_SKIPPED = {"script", "style", "template"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}  # fmt: skip


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIPPED:
            self.skipping += 1
        elif tag in ("br", "p", "li", "tr", "div", "h1", "h2", "h3", "td", "th", "dt", "dd"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED and self.skipping:
            self.skipping -= 1

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def visible_text(page: str) -> str:
    """The text a learner reads in ``page`` (see the module's docstring), one line per block,
    runs of spaces made one."""
    parser = _Text()
    parser.feed(page)
    parser.close()
    lines = (re.sub(r"\s+", " ", line).strip() for line in "".join(parser.parts).split("\n"))
    return "\n".join(line for line in lines if line)


_OPTION_NAMES = sorted(
    (f.name for f in dataclasses.fields(Rules) if "_" in f.name), key=len, reverse=True
)
_PLAIN_OPTIONS = [f.name for f in dataclasses.fields(Rules) if "_" not in f.name]
NOTATION = {
    "card code": re.compile(r"(?<![\w.,:/-])(?:10|[2-9TJQKA])[CDHS](?![\w-])"),
    "count notation": re.compile(r"(?<![\w-])(?:rc|tc)(?![\w-])"),
    "option name": re.compile(r"(?<!\w)(?:" + "|".join(_OPTION_NAMES) + r")(?!\w)"),
    "option setting": re.compile(r"(?<!\w)(?:" + "|".join(_PLAIN_OPTIONS) + r")=\S"),
}


def notation_in(text: str) -> list[str]:
    """Each piece of the engine's notation in ``text``, as "kind 'match' in: line"."""
    found = []
    for line in text.splitlines():
        for kind, pattern in NOTATION.items():
            for match in pattern.finditer(line):
                found.append(f"{kind} {match.group(0)!r} in: {line[:160]}")
    return found


@dataclass
class Form:
    """One form of a page: where it posts, its classes, and its fields (the hidden ones, the
    text boxes' values, the checked radio buttons, the selects' chosen options) and its
    submit buttons' (name, value)."""

    action: str
    method: str
    classes: str
    fields: dict[str, str] = field(default_factory=dict)
    buttons: list[tuple[str, str, bool]] = field(default_factory=list)  # name, value, disabled
    boxes: list[str] = field(default_factory=list)  # the names of its text boxes
    radios: dict[str, list[str]] = field(default_factory=dict)


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.current: Form | None = None
        self.select: str | None = None
        self.first_option: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.current = Form(
                action=found.get("action", ""),
                method=found.get("method", "get").lower(),
                classes=found.get("class", ""),
            )
            self.forms.append(self.current)
            return
        form = self.current
        if form is None:
            return
        name = found.get("name", "")
        if tag == "input" and name:
            kind = found.get("type", "text")
            if kind == "radio":
                form.radios.setdefault(name, []).append(found.get("value", ""))
                if "checked" in found:
                    form.fields[name] = found.get("value", "")
            elif kind == "checkbox":
                if "checked" in found:
                    form.fields[name] = found.get("value", "on")
            elif kind == "submit":
                form.buttons.append((name, found.get("value", ""), "disabled" in found))
            else:
                form.fields[name] = found.get("value", "")
                if kind != "hidden":
                    form.boxes.append(name)
        elif tag == "button" and found.get("type", "submit") == "submit":
            form.buttons.append((name, found.get("value", ""), "disabled" in found))
        elif tag == "select" and name:
            self.select, self.first_option = name, None
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = found.get("value", "")
                form.fields.setdefault(self.select, self.first_option)
            if "selected" in found:
                form.fields[self.select] = found.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def forms_of(page: str) -> list[Form]:
    """The forms of ``page``, in its order."""
    parser = _Forms()
    parser.feed(page)
    parser.close()
    return parser.forms


class _Verdict(HTMLParser):
    """A verdict's text in three parts: its first line (the heading), what shows without
    opening anything (the situation drawn, class "verdict-shown", left out), and what is behind
    its Details (a disclosure inside it, such as the rules line, counted there)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: dict[str, list[str]] = {"line": [], "shown": [], "details": []}
        self.stack: list[str] = []
        self.details = 0
        self.skip_at: int | None = None
        self.line_at: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        found = {name: value or "" for name, value in attrs}
        self.stack.append(tag)
        if tag == "details":
            self.details += 1
        if self.skip_at is None and "verdict-shown" in found.get("class", "").split():
            self.skip_at = len(self.stack)
        if found.get("id") == "feedback-heading":
            self.line_at = len(self.stack)

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID or tag not in self.stack:
            return
        while self.stack:
            depth = len(self.stack)
            popped = self.stack.pop()
            if popped == "details":
                self.details -= 1
            if self.skip_at == depth:
                self.skip_at = None
            if self.line_at == depth:
                self.line_at = None
            if popped == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.details:
            self.parts["details"].append(data)
        elif self.line_at is not None:
            self.parts["line"].append(data)
        elif self.skip_at is None:
            self.parts["shown"].append(data)


def verdict_parts(section: str) -> tuple[str, str, str]:
    """A verdict section's first line, its other words shown at once (the situation drawn left
    out), and the words behind its Details."""
    parser = _Verdict()
    parser.feed(section)
    parser.close()
    return tuple(re.sub(r"\s+", " ", " ".join(parser.parts[k])).strip()
                 for k in ("line", "shown", "details"))  # type: ignore[return-value]  # fmt: skip
