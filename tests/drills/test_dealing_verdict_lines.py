"""The dealer's choice drills (irregularities, procedure) answer a wrong choice with a first line
that names the right one, in at most about 15 words, in English and in Russian: it said "Not
quite: the text's rule is just below." where the right remedy was long (issue 26). Every choice
that can be right is answered wrong once, in each language."""

from __future__ import annotations

import html
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from drills.dealing import irregularities, procedure
from drills.dealing.choices import gist
from drills.dealing.misdealt import KINDS, make
from drills.dealing.procedure_points import POINTS
from tests.conftest import _migrated_database, app_config, sealed
from trainer.engine.rulebook.rules import find_preset

RULES = find_preset("vegas-6d-s17")
MOST_WORDS = 15
_VERDICT = re.compile(r'data-verdict="([^"]*)"')
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)"')


def rights(drill: Any, notations: Iterator[str]) -> dict[str, str]:
    """One question for each choice that is right in some question: right label to notation."""
    found: dict[str, str] = {}
    for notation in notations:
        choices = drill.question(notation, RULES).view["choices"]
        right = next(s for _, s, _ in choices if drill.grade(notation, s, RULES).correct)
        found.setdefault(drill.grade(notation, right, RULES).right_answer, notation)
    return found


def irregularity_questions() -> Iterator[str]:
    for kind in KINDS:
        for seed in range(12):
            yield str(make(kind, random.Random(seed)))


def procedure_questions() -> Iterator[str]:
    for point in POINTS.values():
        for preset in point.presets:
            for seed in range(6):
                arguments = point.make(random.Random(seed), find_preset(preset))
                yield f"{point.slug}|{preset}|{arguments}"


CASES = [
    (drill, label, notation)
    for drill, questions in (
        (irregularities.DRILL, irregularity_questions),
        (procedure.DRILL, procedure_questions),
    )
    for label, notation in rights(drill, questions()).items()
]


@pytest.fixture
def bilingual(tmp_path: Path, strategy_charts: None) -> Any:
    from trainer import create_app

    config = app_config(tmp_path, LANGUAGES=("en", "ru"))
    shutil.copyfile(_migrated_database(), config["DATABASE"])
    return create_app(config)


def wrong_line(app: Any, drill: Any, notation: str, language: str) -> tuple[str, str]:
    """The first line of a wrong answer to ``notation``, and the right choice's words on the
    question's own page (its gist where the verdict gives one), in ``language``."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    url = f"/drills/{drill.slug}"
    form = {n: html.unescape(v) for n, v in _HIDDEN.findall(client.get(url).get_data(as_text=True))}
    choices = drill.question(notation, RULES).view["choices"]
    wrong = next(s for _, s, _ in choices if not drill.grade(notation, s, RULES).correct)
    response = client.post(
        f"{url}/answer",
        data=sealed({**form, "question": notation, "answer": wrong}, drill.slug),
        follow_redirects=True,
    )
    assert response.status_code == 200
    [line] = _VERDICT.findall(response.get_data(as_text=True))
    return html.unescape(line), response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("drill", "label", "notation"),
    CASES,
    ids=[f"{d.slug}-{n.split('|')[0]}-{i}" for i, (d, _, n) in enumerate(CASES)],
)
def test_a_wrong_answers_first_line_names_the_right_choice_shortly(
    bilingual: Any, drill: Any, label: str, notation: str
) -> None:
    english, _ = wrong_line(bilingual, drill, notation, "en")
    view = drill.question(notation, RULES).view
    named = gist(view["said"][label])
    # The right one, not the learner's, with the key its button shows (the gist alone did not
    # read as the button's words: a walk).
    [key] = [key for key, _, words in view["choices"] if words == view["said"][label]]
    assert english == f"Not quite. Right: {key}, “{named}”."
    assert len(english.split()) <= MOST_WORDS
    russian, page = wrong_line(bilingual, drill, notation, "ru-RU,ru;q=0.9")
    # («Неверно. Верно: 3» read as "wrong, right": the right answer named as such, a walk.)
    assert russian.startswith(f"Неверно. Правильный ответ: {key}, «") and russian.endswith("».")
    assert len(russian.split()) <= MOST_WORDS
    named_in_russian = russian.removeprefix(f"Неверно. Правильный ответ: {key}, «").removesuffix(
        "»."
    )
    assert named_in_russian and named_in_russian != named
    # The right choice quoted as its button begins («Закрытой карты у вас нет: она приходит,
    # когда сыграют боксы» quoted a gist of its own, read on no button: a walk).
    buttons = re.findall(r"<li><kbd>\d</kbd> ([^<]*)", page)  # the choices answered
    assert any(
        html.unescape(words).startswith(named_in_russian.removesuffix("\u2026"))
        for words in buttons
    ), (named_in_russian, buttons)
    # Under it, one sentence of why: the text's rule, naming the text.
    assert re.search(r'<p class="why">[^<]*00[023]', page)


def test_the_long_choices_have_a_gist_each() -> None:
    """Every choice whose whole words would not fit the line has its gist (else the line runs
    over; the check above meets only the choices right in the questions it draws)."""
    for choices in irregularities.CHOICES.values():
        for choice in choices:
            words = gist(choice.label)
            assert len(words.split()) + 2 <= MOST_WORDS, choice.label
