"""The quiz panel's pieces kept by what they show (``trainer.web.kept.KeptPieces``): every page
and panel the quiz answers with is, byte for byte, the one drawn with nothing kept (English and
Russian, plain forms and htmx, plays and insurance by the count, a resent answer, a refused
one, under three rule sets), whether the template drew it or it was put together in Python
from the kept pieces (``trainer.web.quiz_panel``, most htmx answers), and pieces were drawn from
what was kept for other hands; a fill is written as the block would write it, wherever and as
often as it does, and a piece that looks into a fill is drawn each time."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from markupsafe import Markup

from drills.strategy_quiz import work_out
from tests.conftest import app_config, sealed
from trainer.engine.rulebook.rules import Rules
from trainer.web import quiz_panel, support
from trainer.web.kept import KeptPieces

QUIZ = "/drills/basic-strategy"
_BUTTON = re.compile(r'<button type="submit" name="answer" value="([A-Z])"([^>]*)>')


@pytest.fixture
def app(tmp_path: Any, strategy_charts: None) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, RNG_SEED=5))


class _Drawn(list[tuple[str, str]]):
    """(afresh, kept) pairs, and the panels put together in Python among them."""

    def __init__(self) -> None:
        super().__init__()
        self.put_together: list[str] = []


@pytest.fixture
def drawn(app: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every page drawn for the app, each drawn with nothing kept and then with its pieces kept
    (twice: kept the first time, or from another hand's), and every panel put together from
    kept pieces beside the one drawn with nothing kept: (afresh, kept) pairs."""
    pieces = app.jinja_env.globals["kept_piece"]
    assert pieces.on  # keeping is the served app's way
    seen = _Drawn()
    put_together = quiz_panel.assembled
    drawn_block = support.render_block

    def beside_afresh(context: dict[str, Any]) -> str | None:
        put = put_together(context)
        if put is not None:
            pieces.on = False
            try:
                fresh = drawn_block(context["drill"].template, "panel", **context)
            finally:
                pieces.on = True
            seen.append((fresh, put))
            seen.put_together.append(fresh)
        return put

    monkeypatch.setattr(quiz_panel, "assembled", beside_afresh)

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
        if not plain:  # first the same play as another answer (its own token, sealed as the
            # page would): the real one's verdict is then put together from the kept pieces
            token = f"{fields['token'][:-2]}a{n % 10}"
            other = {
                **sealed({**fields, "token": token}, "basic-strategy"),
                "answer": sent["answer"],
            }
            assert client.post(f"{QUIZ}/answer", data=other, headers=htmx).status_code == 200
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
    _answer_all(client, hidden_fields, "rules=double-deck&mix=cells", 40, headers)
    _answer_all(client, hidden_fields, "rules=russian-bank", 20, headers)  # no up card shown
    _answer_all(client, hidden_fields, "rules=twenty-one-home&mix=cells", 30, headers)  # the double
    panels = [pair for pair in drawn if 'id="feedback"' in pair[0]]
    assert len(panels) > 100
    for fresh, kept in drawn:
        assert kept == fresh
    # Put together in Python (after the first answers, which keep the pieces): every kind of
    # answer (the five plays, insurance), right and wrong, to hard, soft and paired hands.
    put = drawn.put_together  # type: ignore[attr-defined]
    assert len(put) > 60
    words = _WORDS[language]
    yours = {play for fresh in put for play in re.findall(words[0], fresh)}
    assert len(yours) >= 6 and (words[1] is None or set(words[1]) < yours), yours  # insurance
    assert {"right", "wrong"} <= {m for fresh in put for m in _JUDGED.findall(fresh)}
    hands = {_hand_kind(fresh, words[2]) for fresh in put}
    assert {"hard", "soft", "pair"} <= hands
    assert any(words[3] in fresh for fresh in put)  # 004 as dealt: no banker card shown
    # The forms were drawn from those kept for other hands (other cards, tokens and times).
    asked = {m for fresh, _ in drawn for m in re.findall(r'name="question" value="([^"]+)"', fresh)}
    assert len(asked) > 40
    assert 0 < app.jinja_env.globals["kept_piece"].kept("strategy question") < len(asked) // 4


# The play marked as the learner's, the plays every kind of which must be seen, an ace's name and
# what 004's feedback says for the banker's card, in each language.
_WORDS: dict[str, tuple[str, tuple[str, ...] | None, str, str]] = {
    "en": (
        r'<th scope="row">([^<(]+?)(?: \([^)]+\))? \(yours\)</th>',
        ("Hit", "Stand", "Double", "Split", "Surrender"),
        "ace of",
        "The banker shows no card",
    ),
    "ru": (
        r'<th scope="row">([^<(]+?)(?: \([^)]+\))? \(ваше\)</th>',
        None,  # (the same five plays, in Russian)
        "туз",
        "Банкомёт не показывает карт",
    ),
}
_JUDGED = re.compile(r'<section id="feedback" class="feedback (right|wrong)"')


def _hand_kind(panel: str, ace: str) -> str:
    """Whether the two-card hand answered in ``panel`` is a pair, soft or hard (by its cards'
    names read aloud)."""
    shown = panel.split('class="verdict-shown"', 1)[1].split("</div>\n  </div>", 1)[0]
    hand = shown.rsplit('role="group"', 1)[1]
    names = re.findall(r'aria-label="([^"]+)"', hand)[1:]  # (the first is the group's)
    ranks = [name.split(" ")[0] for name in names]
    if len(ranks) == 2 and ranks[0] == ranks[1]:
        return "pair"
    return "soft" if any(name.startswith(ace) for name in names) else "hard"


def test_verdicts_on_other_cells_and_other_plays_are_drawn_from_one_kept(
    app: Any, client: Any, hidden_fields: Any, drawn: list[tuple[str, str]]
) -> None:
    """A verdict is kept by the shape of its cell (the plays in the order of their EVs, the
    right one), not by the EVs, the why or the play chosen: answers to many cells, each
    answered two ways, draw far fewer verdicts than the verdicts they show, and each is the
    one drawn afresh (a served worker drew one for most answers when they were kept by the
    cell's EVs and the why, which names the play chosen)."""
    client.get("/")
    page = client.get(f"{QUIZ}?rules=vegas-6d-s17&mix=pairs&wait=1").get_data(as_text=True)
    shown = set()
    for n in range(24):
        fields = hidden_fields(page)
        keys = [key for key, attrs in _BUTTON.findall(page) if "disabled" not in attrs]
        assert len(keys) >= 2  # a pair (or insurance): more than one play to answer
        play = work_out(fields["question"], Rules.parse(fields["rules"]))
        runner = max((k for k in keys if k != play.right and k in play.evs), key=play.evs.get)
        for answer in (runner, play.right):  # one question answered two ways, the right last
            token = f"{fields['token'][:-2]}t{n % 10}{answer}"  # its own token, sealed
            sent = {**sealed({**fields, "token": token}, "basic-strategy"), "answer": answer}
            response = client.post(f"{QUIZ}/answer", data=sent, headers={"HX-Request": "true"})
            assert response.status_code == 200
            page = response.get_data(as_text=True)
            shown.add(page.split('id="feedback"', 1)[1].split("</section>", 1)[0])
    pieces = app.jinja_env.globals["kept_piece"]
    assert len(shown) > 30  # other cells' verdicts, each naming its own answer
    assert pieces.kept("strategy verdict") <= len(shown) // 3
    assert len(drawn) > 30
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


@pytest.mark.parametrize("rules", ["russian-bank", "vegas-6d-s17"])
def test_no_page_speaks_of_the_dealers_double_where_no_dealer_doubles(
    client: Any, hidden_fields: Any, rules: str
) -> None:
    """The dealer's double (whether he doubled, the EV table's caption saying it was read) is
    spoken of at 002's deal method 3 alone: 004's quiz (its punter's play has no double to
    read) said «Сдатчик не удвоил ставки» under every question and verdict, and "(these two
    cards, the dealer's double read)" under every EV table (a reader's walk)."""
    client.get("/")
    page = client.get(f"{QUIZ}?rules={rules}&wait=1").get_data(as_text=True)
    assert "dealer-double" not in page and "double the stakes" not in page
    for _ in range(6):
        fields = hidden_fields(page)
        keys = [key for key, attrs in _BUTTON.findall(page) if "disabled" not in attrs]
        sent = {**fields, "answer": keys[0]}
        response = client.post(f"{QUIZ}/answer", data=sent, headers={"HX-Request": "true"})
        assert response.status_code == 200
        page = response.get_data(as_text=True)
        caption = re.findall(r"<caption>(.*?)</caption>", page)
        assert caption and "double" not in caption[0], caption
        assert "dealer-double" not in page and "double the stakes" not in page
