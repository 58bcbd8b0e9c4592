"""The quiz panel's pieces kept by what they show (``trainer.web.kept.KeptPieces``): every page
and panel the quiz answers with is, byte for byte, the one drawn with nothing kept (English and
Russian, plain forms and htmx, plays and insurance by the count, a resent answer, a refused
one), and pieces were drawn from what was kept for other hands; a fill is written as the block
would write it, wherever and as often as it does, and a piece that looks into a fill is drawn
each time."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from markupsafe import Markup

from drills.strategy_quiz import work_out
from tests.conftest import app_config, sealed
from trainer.engine.rulebook.rules import Rules
from trainer.web import support
from trainer.web.kept import KeptPieces

QUIZ = "/drills/basic-strategy"
_BUTTON = re.compile(r'<button type="submit" name="answer" value="([A-Z])"([^>]*)>')


@pytest.fixture
def app(tmp_path: Any, strategy_charts: None) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, RNG_SEED=5))


@pytest.fixture
def drawn(app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every page drawn for the app, each drawn with nothing kept and then with its pieces kept
    (twice: kept the first time, or from another hand's): (afresh, kept) pairs."""
    pieces = app.jinja_env.globals["kept_piece"]
    assert pieces.on  # keeping is the served app's way
    seen: list[tuple[str, str]] = []

    def both_ways(draw: Callable[..., str]) -> Callable[..., str]:
        def drawn_twice(*args: Any, **context: Any) -> str:
            pieces.on = False
            try:
                fresh = draw(*args, **context)
            finally:
                pieces.on = True
            for _ in range(2):
                kept = draw(*args, **context)
                seen.append((fresh, kept))
            return kept

        return drawn_twice

    monkeypatch.setattr(support, "render_block", both_ways(support.render_block))
    monkeypatch.setattr(support, "render_template", both_ways(support.render_template))
    yield seen


def _answer_all(
    client: Any, read: Callable[[str], dict[str, str]], query: str, answers: int, headers: dict
) -> None:
    client.get("/", headers=headers)
    page = client.get(f"{QUIZ}?{query}&wait=1", headers=headers).get_data(as_text=True)
    htmx = {**headers, "HX-Request": "true"}
    for n in range(answers):
        fields = read(page)
        keys = [key for key, attrs in _BUTTON.findall(page) if "disabled" not in attrs]
        assert keys, page[:2000]
        if n % 7 == 3:  # one the rules do not allow: refused, the form drawn with the error
            refused = {"H", "S", "D", "P", "R"} - set(keys)
            if refused and "insurance" not in fields["question"]:
                sent = {**fields, "answer": sorted(refused)[0]}
                assert client.post(f"{QUIZ}/answer", data=sent, headers=htmx).status_code == 400
        sent = {**fields, "answer": keys[n % len(keys)]}
        plain = n % 5 == 0  # a plain form: on to its verdict's page
        response = client.post(
            f"{QUIZ}/answer", data=sent, headers=headers if plain else htmx, follow_redirects=True
        )
        assert response.status_code == 200
        if n % 9 == 4:  # sent again: its stored grade, "counted once"
            again = client.post(f"{QUIZ}/answer", data=sent, headers=htmx)
            assert again.status_code == 200
        page = response.get_data(as_text=True)


# Insurance by the count reads vegas-6d-s17's Hi-Lo study: run alone on a cold cache, its
# answers otherwise waited (202) for the study to be worked out.
@pytest.mark.usefixtures("count_studies")
@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_panel_is_the_one_drawn_afresh(
    app: Any, client: Any, hidden_fields: Any, drawn: list[tuple[str, str]], language: str
) -> None:
    headers = {"Accept-Language": language}
    _answer_all(client, hidden_fields, "rules=vegas-6d-s17&mix=pairs", 40, headers)
    _answer_all(client, hidden_fields, "rules=vegas-6d-s17&mix=shoe&insurance=count", 30, headers)
    panels = [pair for pair in drawn if 'id="feedback"' in pair[0]]
    assert len(panels) > 100
    for fresh, kept in drawn:
        assert kept == fresh
    # The forms were drawn from those kept for other hands (other cards, tokens and times).
    asked = {m for fresh, _ in drawn for m in re.findall(r'name="question" value="([^"]+)"', fresh)}
    assert len(asked) > 40
    assert 0 < app.jinja_env.globals["kept_piece"].kept("strategy question") < len(asked) // 4


def test_two_answers_to_one_question_share_its_cells_kept_verdict(
    app: Any, client: Any, hidden_fields: Any, drawn: list[tuple[str, str]]
) -> None:
    client.get("/")
    page = client.get(f"{QUIZ}?rules=vegas-6d-s17&mix=pairs&wait=1").get_data(as_text=True)
    fields = hidden_fields(page)
    keys = [key for key, attrs in _BUTTON.findall(page) if "disabled" not in attrs]
    assert len(keys) >= 2  # a pair (or insurance): more than one play to answer
    verdicts = []
    for n, answer in enumerate(keys[:2]):  # the same question answered twice, each its own way
        token = f"{fields['token'][:-2]}t{n}"  # a new answer: its own token, sealed as a page would
        sent = {**sealed({**fields, "token": token}, "basic-strategy"), "answer": answer}
        response = client.post(f"{QUIZ}/answer", data=sent, headers={"HX-Request": "true"})
        assert response.status_code == 200
        text = response.get_data(as_text=True)
        verdicts.append(text.split('id="feedback"', 1)[1].split("</section>", 1)[0])
    assert verdicts[0] != verdicts[1]  # each names its own answer
    pieces = app.jinja_env.globals["kept_piece"]
    assert pieces.kept("strategy feedback") == 2  # one per answer
    assert pieces.kept("strategy verdict") == 1  # the second drawn from the first's cell
    for fresh, kept in drawn:
        assert kept == fresh


def test_the_feedback_names_the_hand_answered_not_the_one_kept(
    client: Any, hidden_fields: Any
) -> None:
    client.get("/")
    seen = set()
    page = client.get(f"{QUIZ}?rules=vegas-6d-s17&mix=pairs&wait=1").get_data(as_text=True)
    for _ in range(30):
        fields = hidden_fields(page)
        play = work_out(fields["question"], Rules.parse(fields["rules"]))
        sent = {**fields, "answer": play.right}
        response = client.post(f"{QUIZ}/answer", data=sent, headers={"HX-Request": "true"})
        page = response.get_data(as_text=True)
        feedback = page.split('id="feedback"', 1)[1].split("</section>", 1)[0]
        names = re.findall(r'aria-label="([^"]+ of [a-z]+)"', feedback)
        assert len(names) == 3, feedback  # the up card and the pair answered, by suit
        seen.add(tuple(names))
    assert len(seen) > 10


def _piece(app: Any, source: str) -> Any:
    return app.jinja_env.from_string(source)


def test_a_fill_is_written_as_the_block_writes_it(app: Any) -> None:
    template = _piece(
        app,
        '{% call(a, b) kept_piece("t", (a, b), k) %}<p title="{{ a }}">{{ b }}·{{ k }}</p>'
        "{% endcall %}",
    )
    pieces = app.jinja_env.globals["kept_piece"]
    with app.test_request_context("/"):
        for a, b in [("<x>", Markup("<i>1</i>")), ('"q"', Markup("<b>2</b>")), ("&", 3)]:
            for k in ("one", "two"):
                kept = template.render(a=a, b=b, k=k)
                pieces.on = False
                try:
                    assert kept == template.render(a=a, b=b, k=k)
                finally:
                    pieces.on = True
    assert len(pieces) == 4  # by the key and whether b is markup: not by the fills' values


def test_a_fill_written_twice_or_not_at_all_is_kept_and_one_looked_into_is_not(app: Any) -> None:
    pieces = app.jinja_env.globals["kept_piece"]
    both = _piece(
        app, '{% call(a, b) kept_piece("t", (a, b)) %}[{{ a }}|{{ a }}]{% endcall %}|{{ b }}'
    )
    with app.test_request_context("/"):
        assert both.render(a="<x>", b="y") == "[&lt;x&gt;|&lt;x&gt;]|y"
        assert both.render(a="zz", b="w") == "[zz|zz]|w"
    assert len(pieces) == 1
    cut = _piece(
        app,
        '{% call(a) kept_piece("u", (a,)) %}{{ a[1:] }}{% endcall %}'
        '{% call(a) kept_piece("v", (a,)) %}{{ a | upper }}{% endcall %}',
    )
    with app.test_request_context("/"):
        assert cut.render(a="xy") == "yXY"
        assert cut.render(a="abc") == "bcABC"
    assert len(pieces) == 1  # a fill cut or changed by a filter: drawn each time


def test_a_key_that_cannot_be_one_draws_the_piece(app: Any) -> None:
    pieces = KeptPieces()
    with app.test_request_context("/"):
        drawn = pieces("t", ("a",), {"a": [1]}, object(), caller=lambda a: Markup(f"<{a}>"))
        assert drawn == Markup("<a>")
        assert pieces("t", ("b",), {1, 2}, caller=lambda a: Markup(f"[{a}]")) == "[b]"
    assert len(pieces) == 1  # the dict is a key (its items, in order); the set is not


def test_a_full_store_forgets_its_least_recently_used_piece(app: Any) -> None:
    pieces = KeptPieces(size=2)
    drawn: list[str] = []

    def draw(name: str) -> str:
        def caller(a: Any) -> Markup:
            drawn.append(name)
            return Markup(f"<{name}>") + a

        return str(pieces(name, ("!",), caller=caller))

    with app.test_request_context("/"):
        assert [draw("a"), draw("b"), draw("a"), draw("c")] == ["<a>!", "<b>!", "<a>!", "<c>!"]
        assert drawn == ["a", "b", "c"] and len(pieces) == 2  # "a" used again, kept
        assert [draw("a"), draw("b")] == ["<a>!", "<b>!"]
    assert drawn == ["a", "b", "c", "b"]  # "b" was the one forgotten, drawn again
