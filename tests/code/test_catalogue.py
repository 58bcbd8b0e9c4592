"""The translations' catalogues: every message the code and the templates give a learner is in
each language's catalogue, translated, not fuzzy, with the same named placeholders as the English
(a dropped or renamed ``%(name)s`` would fail, or say the wrong thing, at the moment a learner reads
it). ``make messages`` brings the catalogues up to date; ``make setup`` compiles them."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from trainer.engine.words import KEYWORDS

# One worker runs the file (--dist loadgroup): the catalogue's extraction (some seconds)
# made once, not on each worker.
pytestmark = pytest.mark.xdist_group("catalogue")

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "trainer/translations").glob("*/LC_MESSAGES/messages.po"))
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """Every message in the code and templates now, as `make messages` finds them (babel.cfg)."""
    out = tmp_path_factory.mktemp("messages") / "messages.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "--quiet",
            "extract",
            "-F",
            "babel.cfg",
            *(part for keyword in KEYWORDS for part in ("-k", keyword)),
            "-o",
            str(out),
            ".",
        ],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return _read(out)


def _ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, tuple) else (message.id,)


def _strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, tuple) else (message.string,)


def _placeholders(text: str) -> set[str]:
    return {name for name in PLACEHOLDER.findall(text) if name}


def test_there_is_a_russian_catalogue() -> None:
    assert [path.parts[-3] for path in CATALOGUES] == ["ru"]


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parts[-3])
def test_every_message_is_in_the_catalogue(path: Path, extracted: Catalog) -> None:
    catalogue = _read(path)
    missing = [
        message.id
        for message in extracted
        if message.id and catalogue.get(message.id, message.context) is None
    ]
    assert not missing, f"run `make messages` and translate: {missing[:10]}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parts[-3])
def test_every_message_is_translated_and_none_is_fuzzy(path: Path) -> None:
    catalogue = _read(path)
    fuzzy = [message.id for message in catalogue if message.id and message.fuzzy]
    empty = [message.id for message in catalogue if message.id and not all(_strings(message))]
    assert not fuzzy, f"fuzzy (check and clear the flag): {fuzzy[:10]}"
    assert not empty, f"untranslated: {empty[:10]}"
    plural_forms = catalogue.num_plurals
    short = [m.id for m in catalogue if m.pluralizable and len(_strings(m)) != plural_forms]
    assert not short, f"plural forms missing: {short[:10]}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parts[-3])
def test_a_translation_keeps_every_named_placeholder(path: Path) -> None:
    wrong = []
    for message in _read(path):
        if not message.id:
            continue
        wanted = set().union(*(_placeholders(text) for text in _ids(message)))
        for text in _strings(message):
            if text and _placeholders(text) != wanted:
                wrong.append((message.id, text))
    assert not wrong, wrong[:5]


def test_the_placeholder_check_sees_a_dropped_or_renamed_name() -> None:
    assert _placeholders("%(count)s колоды, %(rest)s%%") == {"count", "rest"}
    assert _placeholders("%(cuont)s колоды") != _placeholders("%(count)s decks")


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parts[-3])
def test_no_message_could_break_out_of_an_attribute(path: Path) -> None:
    """Jinja prints a catalogue message as markup, unescaped, and templates print some into
    attributes (``aria-label="{{ _(...) }}"``): a straight double quote or an angle bracket in
    one would end the attribute or open a tag. Russian quotes with «»."""
    unsafe = [
        text
        for message in _read(path)
        if message.id
        for text in (*_ids(message), *_strings(message))
        if any(mark in text for mark in '"<>')
    ]
    assert not unsafe, unsafe[:5]


def test_a_time_keeps_its_unit_on_its_line() -> None:
    """A time in a sentence is written by ``words.seconds`` ("12.5\u00a0s", "12,5\u00a0с":
    a no-break space), never as "%(seconds)s s", whose plain space let the unit wrap alone onto
    a line of its own at 390 px (the helper's own message aside: it puts the no-break space)."""
    unit = re.compile(r"%\(\w+\)s s\b")
    (russian,) = (_read(path) for path in CATALOGUES if path.parts[-3] == "ru")
    english = [text for message in russian if message.id for text in _ids(message)]
    split = [text for text in english if unit.search(text) and text != "%(seconds)s s"]
    assert not split, split


# What a refusal's page shows the learner: werkzeug's ``abort`` and HTTP exceptions' description.
_REFUSALS = {"abort", "BadRequest", "NotFound", "Forbidden", "TooManyRequests", "Gone", "Conflict"}


def _said_literally(call: ast.Call) -> list[ast.expr]:
    """The texts a refusal shows that are written in place (a string or an f-string), where
    the learner's language could not reach them."""
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    if name not in _REFUSALS:
        return []
    shown = call.args[1:] if name == "abort" else call.args
    shown += [word.value for word in call.keywords if word.arg == "description"]
    return [text for text in shown if isinstance(text, ast.Constant | ast.JoinedStr)
            and (not isinstance(text, ast.Constant) or isinstance(text.value, str))]  # fmt: skip


def test_every_refusal_a_learner_reads_goes_through_the_catalogue() -> None:
    """A 4xx page's words in the web layer and the drills are said (``say``, ``plural``), never
    a string or f-string written in the ``abort``/exception call: a Russian learner would read
    them in English (the job limits' 429 and the drill round's 400s did)."""
    found = []
    for path in sorted([*(ROOT / "trainer/web").rglob("*.py"), *(ROOT / "drills").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                found += [f"{path.relative_to(ROOT)}:{t.lineno}" for t in _said_literally(node)]
    assert not found, found


# A drill's refusals of a question, an answer or a page option, and how each must be said.
_DRILL_REFUSALS = {"InvalidQuestionError", "InvalidAnswerError", "InvalidOptionError"}
# Made from a catalogue message: marked and said where the learner reads it (the question's).
_SAID_LATER = {"said_as", "said_plural", "caused_by"}


def _said_now(text: ast.expr) -> bool:
    """Whether ``text`` is said through the catalogue where it is written (``say``, ``plural``,
    or a choice of two such)."""
    if isinstance(text, ast.IfExp):
        return _said_now(text.body) and _said_now(text.orelse)
    return isinstance(text, ast.Call) and getattr(text.func, "id", "") in ("say", "plural")


def _unsaid_refusal(call: ast.Call) -> bool:
    """Whether ``call`` makes a drill's refusal a learner would read in English: a question's
    not from a catalogue message (``.said_as``, ``.caused_by``: the error page says it in the
    learner's language), an answer's or an option's not said where it is made."""
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.value.id in _DRILL_REFUSALS and func.attr not in _SAID_LATER
    if not isinstance(func, ast.Name) or func.id not in _DRILL_REFUSALS:
        return False
    if func.id == "InvalidQuestionError":  # unless given its catalogue form (``said=``)
        return not any(word.arg == "said" for word in call.keywords)
    return not call.args or not _said_now(call.args[0])


def test_every_drill_refusal_has_its_words_in_the_catalogue() -> None:
    """A forged question, a malformed answer or a page option a drill refuses is said in the
    learner's language with what was wrong: never an English string or f-string, which a
    Russian learner read as a bare «его запись не удаётся прочитать» or in English (194
    question refusals did)."""
    found = []
    for path in sorted([*(ROOT / "trainer").rglob("*.py"), *(ROOT / "drills").rglob("*.py")]):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [
            f"{path.relative_to(ROOT)}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and _unsaid_refusal(node)
        ]
    assert not found, (len(found), found[:10])
