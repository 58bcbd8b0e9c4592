"""Numbers, money and dates written the Russian way on Russian pages (``10 000``, ``7,50``,
``4 дек.``), while what a form, a link or a stored answer carries stays in its ASCII notation
(it is read back); and the table's set-up and summary in Russian words."""

from __future__ import annotations

import html
import re
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import app_config
from trainer import words
from trainer.web import table_view
from trainer.web.charts import Day, describe, trend_chart
from trainer.web.keys import KEY_SETS, key_letter

NBSP = "\u00a0"
ENGLISH_MONTHS = re.compile(r"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b")


@pytest.fixture
def app(tmp_path: Path, strategy_charts: None) -> Any:
    from trainer import create_app

    return create_app(app_config(tmp_path, LANGUAGES=("en", "ru")))


def _in(app: Any, language: str) -> Any:
    return app.test_request_context(headers={"Accept-Language": language})


DAYS = [Day(date(2026, 11, 5) + (date(2026, 1, 2) - date(2026, 1, 1)) * n, n % 3, n % 2)
        for n in range(30)]  # fmt: skip


def test_the_progress_charts_write_their_dates_in_the_pages_language(app: Any) -> None:
    with _in(app, "ru"):
        chart = str(trend_chart(DAYS, title="Т", chart_id="t"))
        said = describe(DAYS)
    assert not ENGLISH_MONTHS.search(chart), chart
    assert "нояб." in chart and "дек." in chart  # the axis: "5 нояб.", "4 дек."
    assert "4 дек. 2026\u202fг." in said and "Dec" not in said
    assert "Точность изменилась" in said
    with _in(app, "en"):
        english = str(trend_chart(DAYS, title="T", chart_id="t"))
    assert "Nov" in english and "Dec" in english


@pytest.mark.parametrize(
    ("most", "labels"), [(3, ["0", "2", "4"]), (1, ["0", "1", "2"]), (8, ["0", "4", "8"])]
)
def test_the_answers_scale_labels_each_line_with_the_count_it_stands_at(
    app: Any, most: int, labels: list[str]
) -> None:
    # At a most of 3 answers the middle line (1.5) read "2" (a walk): the scale tops at an even
    # number, and a bar of the most is that share of the height.
    days = [Day(date(2026, 12, 7), most, 1)]
    with _in(app, "en"):
        chart = str(trend_chart(days, title="T", chart_id="t"))
    assert (
        re.findall(r'<text class="axis" x="[^"]+" y="[^"]+" text-anchor="end">(\d+)</text>', chart)
        == labels
    )
    top = int(labels[-1])
    grid = [float(y) for y in re.findall(r'<line class="grid" x1="[^"]+" y1="([0-9.]+)"', chart)]
    bar = re.search(
        r'<rect class="bar" x="[^"]+" y="[^"]+" width="[^"]+" height="([0-9.]+)"', chart
    )
    assert bar and float(bar[1]) == pytest.approx((grid[0] - grid[-1]) * most / top, abs=0.1)


def test_money_and_shares_are_written_the_russian_way(app: Any) -> None:
    with _in(app, "ru"):
        assert table_view.money(Fraction(15, 2)) == "7,50"
        assert table_view.money(10000) == f"10{NBSP}000"
        assert table_view.signed_money(Fraction(-5, 2)) == "\u22122,50"
        assert words.percent(Fraction(33, 10000), 2) == f"0,33{NBSP}%"
        # An EV with its sign reads as a sentence writes it ("стоять −25,19 %").
        assert words.percent(-0.2519, 2, sign=True) == f"\u221225,19{NBSP}%"
        assert words.percent(Fraction(3, 200), 2, sign=True) == f"+1,50{NBSP}%"
        # What forms carry stays ASCII, and an amount typed the Russian way reads as meant.
        assert table_view.money_notation(Fraction(15, 2)) == "7.50"
        assert table_view.money_notation(10000) == "10000"
        assert words.plain_amount(f"1{NBSP}000,50") == "1000.50"
    with _in(app, "en"):
        assert words.percent(-0.2519, 2, sign=True) == "\u221225.19%"
        assert table_view.money(Fraction(15, 2)) == "7.50"
        assert table_view.money(10000) == "10,000"
        assert words.plain_amount("1,000.50") == "1000.50"


def test_the_russian_table_set_up_writes_its_limits_the_russian_way_and_fills_ascii(
    app: Any,
) -> None:
    client = app.test_client()
    page = client.get("/table/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert f"от 5 до 1{NBSP}000 на бокс" in page
    bankroll = re.search(r'name="bankroll"[^>]*value="([^"]+)"', page)
    assert bankroll is not None and re.fullmatch(r"[0-9]+(\.[0-9]{2})?", bankroll[1])


def test_the_keys_letters_are_one_cyrillic_letter_each_and_differ_within_each_form(
    app: Any,
) -> None:
    with _in(app, "ru"):
        letters = [[key_letter(key, label) for key, label in keys] for keys in KEY_SETS]
    assert all(re.fullmatch("[А-ЯЁ]", letter) for shown in letters for letter in shown), letters
    assert all(len(set(shown)) == len(shown) for shown in letters), letters
    assert letters[0] == ["П", "С", "У", "Р", "Д"]  # стоять С, сдаться Д
    with _in(app, "en"):
        assert [key_letter(key, label) for key, label in KEY_SETS[0]] == list("HSDPR")


def test_surrender_is_a_verb_on_its_button_and_the_rules_noun_elsewhere(app: Any) -> None:
    """The play's button says Сдаться, as the verdicts' сдаваться; the rule stays сарэнда
    («Сарэнда: поздняя»); a word with no play's own translation is said as ever."""
    with _in(app, "ru"):
        assert words.say_as("play", "Surrender") == "Сдаться"
        assert words.say("Surrender") == "Сарэнда"
        assert words.say_as("play", "Hit") == words.say("Hit") == "Прикупить"
    with _in(app, "en"):
        assert words.say_as("play", "Surrender") == words.say("Surrender") == "Surrender"


# The Russian bank (004 dealt face down) names the punter's hit "Draw": its button showed the
# Latin H, which reads as a Cyrillic Н (and is Р on a Russian keyboard).
@pytest.mark.parametrize("rules", ["vegas-6d-s17", "russian-bank"])
def test_the_russian_quiz_shows_each_buttons_letter_beside_its_latin_key(
    app: Any, rules: str
) -> None:
    client = app.test_client()
    page = client.get(f"/drills/basic-strategy?rules={rules}", headers={"Accept-Language": "ru"})
    text = page.get_data(as_text=True)
    assert page.status_code == 200, text[-2000:]
    buttons = re.findall(r"<button[^>]*data-key=\"(\w)\"[^>]*>(.*?)</button>", text, re.S)
    assert buttons, text[-2000:]
    for _key, inside in buttons:
        shown = re.search(r"<kbd>(.)</kbd>", inside)
        assert shown is not None and re.fullmatch("[А-ЯЁ]", shown[1]), inside
    assert re.search(r'data-key="S" data-key-local="С" aria-keyshortcuts="S С"', text) or all(
        key in "IN" for key, _ in buttons
    )  # an insurance question (an ace up) shows В and Б
    assert all("Сдаться <kbd>Д</kbd>" in inside for key, inside in buttons if key == "R")


def test_the_table_set_up_offers_its_choices_in_russian(app: Any) -> None:
    page = app.test_client().get("/table/", headers={"Accept-Language": "ru"})
    text = page.get_data(as_text=True)
    for russian in ("Отклонения по индексу (ходы по вашему счёту)", "Счёт (текущий и истинный)",
                    "Тренировка: каждая ошибка показывается сразу", "Проверка: ошибки показываются",
                    "Останавливать из-за неё игру", "Показать её и играть дальше"):  # fmt: skip
        assert russian in text
    for english in ("Deviations (", "Counts (", "Training:", "Test:", "Stop the table for it"):
        assert english not in text


CASINO = {"others": "1", "boxes": "1", "bankroll": "1000", "unit": "10", "system": "hi-lo",
          "convention": "floor", "resolution": "half", "graded": ["strategy", "counts"],
          "mode": "training", "stop_at": "0.05", "unpriced": "note"}  # fmt: skip


def test_the_tables_settings_and_its_errors_are_said_in_russian(app: Any) -> None:
    from werkzeug.datastructures import MultiDict

    from drills.table_session import TableSpec
    from drills.table_settings import settings_words
    from drills.table_sums import error_words
    from trainer.engine.rulebook.rules import Rules

    spec = TableSpec.from_form(Rules.parse("single-deck"), MultiDict(CASINO))
    with _in(app, "ru"):
        said = settings_words(spec)
        assert error_words("play", "S", "H") == "вы остановились, а верно было прикупать"
        assert error_words("rc", "0", "\u22123") == "вы назвали текущий счёт 0, а он был \u22123"
        assert error_words("dealer", "draw", "stand") == ("вы прикупили карту, а верно было стоять")
    assert said == (
        "ещё 1 место, 1 ваш бокс; Hi-Lo (с округлением вниз, колоды с точностью до половины "
        "колоды); оценивается: базовая стратегия, счёт; режим тренировки, остановка на ошибках "
        "ценой от 0,05 ставки, кроме ошибок счёта"
    )
    with _in(app, "en"):
        assert error_words("play", "S", "H") == "you stood, where hitting was right"
        assert settings_words(spec).startswith("1 other seat, 1 box of yours; Hi-Lo (rounded down")
        # Basic strategy and insurance graded (a newcomer's table): no count named.
        plays_only = TableSpec.from_form(
            Rules.parse("single-deck"),
            MultiDict({**CASINO, "graded": ["strategy", "insurance"]}),
        )
        assert settings_words(plays_only).startswith("1 other seat, 1 box of yours; graded: basic")


def test_the_progress_pages_mastery_is_said_in_russian(app: Any) -> None:
    from drills.strategy_cells import cells_for
    from tests.web.test_progress_skill import answer, item
    from trainer import store
    from trainer.engine.rulebook.rules import find_preset
    from trainer.store import users

    db = store.open_db(app.config["DATABASE"])
    try:
        guest = users.create_guest(db)
        answer(db, guest.id, 0, correct=True, answer="H")
        for key in ("hard 16 v 10", "soft 18 v 9", "pairs 8-8 v A"):
            item(db, guest.id, "basic-strategy", f"vegas-6d-s17: {key}")
        item(db, guest.id, "running-count", "hi-lo 6d at 2 cards/s", reviews=10, lapses=1)
        db.commit()
    finally:
        db.close()
    client = app.test_client()
    with client.session_transaction() as session:
        session["uid"], session["gen"] = guest.id, 0
    page = client.get("/progress", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    cells = len(cells_for(find_preset("vegas-6d-s17")))
    assert f"Базовая стратегия</th><td>3 из {cells} клеток таблицы</td><td>по правилам: " in page
    speed = f"Скорость счёта</th><td>2 карты в секунду</td><td>Hi-Lo, с точностью 90{NBSP}% и выше"
    assert speed in page


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_table_page_draws_its_figures_bold_not_as_tags(app: Any, language: str) -> None:
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    sat = client.post("/table/", data={**CASINO, "csrf_token": "test-csrf-token-0123456789"})
    assert sat.status_code == 303
    page = client.get(sat.headers["Location"]).get_data(as_text=True)
    assert "&lt;strong" not in page
    tray = re.search(r"<span>[^<]*<strong>\d+</strong>[^<]*312[^<]*</span>", page)  # 6 decks
    assert tray is not None, page[page.find("table-money") :][:600]
    if language == "ru":
        assert "<kbd>Д</kbd>" in page  # "Другая сумма"


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"others": "9"}, "Другие места: от 0 до 6."),
        ({"bankroll": "много"}, "Банкролл «много» — это не сумма."),
        ({"mode": "blitz"}, "Выберите режим тренировки или проверки."),
        ({"unit": "2"}, "Единица ставки 2 вне лимитов этого стола (от 5 до 1\u00a0000 на бокс)"),
    ],
)
def test_a_table_refused_in_russian_says_why_in_russian(
    app: Any, changes: dict[str, str], said: str
) -> None:
    client = app.test_client()
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    refused = client.post(
        "/table/",
        data={**CASINO, **changes, "csrf_token": "test-csrf-token-0123456789"},
        headers={"Accept-Language": "ru"},
    )
    assert refused.status_code == 400
    assert said in html.unescape(refused.get_data(as_text=True))


def test_an_amount_typed_the_russian_way_sets_the_table_up(app: Any) -> None:
    client = app.test_client()
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    sat = client.post(
        "/table/",
        data={**CASINO, "bankroll": "1\u00a0000,50", "csrf_token": "test-csrf-token-0123456789"},
        headers={"Accept-Language": "ru"},
    )
    assert sat.status_code == 303
    page = client.get(sat.headers["Location"], headers={"Accept-Language": "ru"})
    assert '<strong class="bankroll">1\u00a0000,50</strong>' in page.get_data(as_text=True)


def test_a_table_step_refused_in_russian_says_why_in_russian(app: Any) -> None:
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru"
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    sat = client.post("/table/", data={**CASINO, "csrf_token": "test-csrf-token-0123456789"})
    url = sat.headers["Location"]
    page = client.get(url).get_data(as_text=True)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page))
    refused = client.post(f"{url}/step", data={**fields, "units": "9"})
    assert refused.status_code == 400
    assert "Ставьте от 1 до 8 единиц." in refused.get_data(as_text=True)


def test_a_table_plays_verdict_is_said_in_each_requests_language(
    app: Any, count_studies: None
) -> None:
    """The work behind a table play is kept across requests (``work_out``'s cache); its
    verdict is said in the language of the request that reads it, whichever came first."""
    from drills.table_play import explain, work_out
    from trainer.engine.rulebook.rules import Rules

    notation, rules = "TS 2H v 3D hi-lo floor half rc +12 played 52", Rules.parse("vegas-6d-s17")
    said = {}
    for language in ("en", "ru", "en"):
        with _in(app, language):
            said[language] = explain(work_out(notation, rules), "H")
    assert said["en"].startswith("The index says stand at +2 or above; at your true count of +2")
    assert said["ru"].startswith("Индекс говорит: стоять при счёте +2 и выше; при вашем истинном")
    assert "Жёсткие 12 против 3 (2 карты): по таблице — прикупать." in said["ru"]


def test_one_reader_takes_each_languages_grouping_and_leaves_what_it_cannot_read(
    app: Any,
) -> None:
    with _in(app, "en"):
        assert words.plain_amount(" 1,000 ") == "1000"
        assert words.plain_amount("12,345,678.5") == "12345678.5"
        assert words.plain_amount("7,50") == "7,50"  # not 750: refused, as typed
        assert words.plain_amount("1,00,000") == "1,00,000"
    with _in(app, "ru"):
        assert words.plain_amount(f"10{NBSP}000") == "10000"
        assert words.plain_amount("1 000,5") == "1000.5"
        assert words.plain_amount("1.000,50") == "1.000,50"  # not 1.0005


@pytest.mark.parametrize(
    ("language", "bankroll", "rounds"),
    [("en", "1,000", "10,000"), ("ru", f"1{NBSP}000,50", "10 000")],
)
def test_the_simulator_reads_numbers_as_the_language_writes_them(
    app: Any, language: str, bankroll: str, rounds: str
) -> None:
    app.config["SIMULATION_LAUNCH"] = False
    client = app.test_client()
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    form = {"preset": "vegas-6d-s17", "system": "hi-lo", "csrf_token": "test-csrf-token-0123456789"}
    headers = {"Accept-Language": language}
    started = client.post(
        "/simulate", data={**form, "bankroll": bankroll, "rounds": rounds}, headers=headers
    )
    assert started.status_code == 303
    refused = client.post("/simulate", data={**form, "bankroll": "7,5.0"}, headers=headers)
    text = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 400
    assert 'id="bankroll-error"' in text and "7,5.0" in text


def test_the_table_refuses_an_amount_quoting_it_as_typed(app: Any) -> None:
    client = app.test_client()
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    for language, typed in (("en", "7,50"), ("ru", "1.000,50")):
        refused = client.post(
            "/table/",
            data={**CASINO, "bankroll": typed, "csrf_token": "test-csrf-token-0123456789"},
            headers={"Accept-Language": language},
        )
        assert refused.status_code == 400
        assert typed in html.unescape(refused.get_data(as_text=True))


@pytest.mark.usefixtures("count_studies")  # the why of a play at a count reads its indices
def test_every_play_reads_right_on_both_sides_of_a_contrast(app: Any) -> None:
    """After «а не» Russian says the play imperfective («а не удваивать»), and the verdict's
    words are one set for both slots: every play is imperfective, so both read right and a
    list of the plays' EVs does not mix «стоять» with «удвоить». A mistake's cost is its first
    line's, not said again in the why (a walk read it twice)."""
    from drills.play_why import play_why
    from drills.strategy_chart import PLAY_KEYS, choice_words
    from drills.table_play import explain, work_out
    from trainer.engine.rulebook.rules import Rules

    notation, rules = "TS 2H v 3D hi-lo floor half rc +12 played 52", Rules.parse("vegas-6d-s17")
    with _in(app, "ru"):
        said = {key: choice_words(label) for key, label in PLAY_KEYS.items()}
        line = words.say("Not quite: %(right)s, not %(answer)s.", right=said["P"], answer=said["D"])
        why = explain(work_out(notation, rules), "H")
    assert said == {"H": "прикупать", "S": "стоять", "D": "удваивать", "P": "разделять",
                    "R": "сдаваться"}  # fmt: skip
    assert line == "Неверно: нужно разделять, а не удваивать."
    assert "обходится" not in why and "%" in why, why  # (the cost: the first line's, once)
    assert "удвоить" not in why and "стоять" in why and "удваивать" in why, why
    with _in(app, "ru"):  # the why's two plays, whichever they are (it said «удвоить … прикупать»)
        doubling = play_why({"D": 0.2, "H": 0.1}, "D")
        surrendering = play_why({"R": -0.5, "P": -0.6}, "R")
    assert doubling.startswith("В среднем удваивать здесь") and "прикупать" in doubling
    assert "сдаваться" in surrendering and "разделять пару" in surrendering, surrendering


def test_a_time_keeps_its_unit_on_its_line(app: Any) -> None:
    """At 390 px the quiz's figures left «с» alone on a line: a time is written with a no-break
    space, by the one helper where it stands alone and in every sentence of the catalogue."""
    from pathlib import Path

    with _in(app, "ru"):
        assert words.seconds(0.2, 1) == f"0,2{NBSP}с"
        assert words.seconds(1500).endswith(f"{NBSP}с") and " " not in words.seconds(1500)
    with _in(app, "en"):
        assert words.seconds(2) == f"2{NBSP}s"
    catalogue = Path(app.root_path, "translations/ru/LC_MESSAGES/messages.po").read_text("utf-8")
    assert "%(seconds)s с" not in catalogue and ")s %%" not in catalogue


def test_decks_and_a_conversion_from_them_are_said_in_their_russian_forms(app: Any) -> None:
    from drills.counting.checkpoint import about_decks
    from drills.counting.true_count import DRILL as TRUE
    from trainer.engine.rulebook.rules import find_preset

    rules = find_preset("vegas-6d-s17")
    with _in(app, "ru"):
        # It said «это 5 колоды» (a learner's walk): the unit follows its number.
        assert [about_decks(Fraction(n)) for n in (1, 2, 5)] == ["1 колода", "2 колоды", "5 колод"]
        assert about_decks(Fraction(5, 2)) == "2,5 колоды"
        grade = TRUE.grade("hi-lo floor half 6d rc -20 played 52 decks", "-4", rules)
        assert grade.explanation.startswith("Колод осталось: 5. ")


def test_the_russian_table_set_up_writes_its_stop_the_russian_way_and_reads_it_back(
    app: Any,
) -> None:
    # It read «0.05» beside «от 0,05 ставки» and the shoe's «0,75» (a learner's walk).
    client = app.test_client()
    page = client.get("/table/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    stop = re.search(r'name="stop_at"[^>]*value="([^"]+)"', page)
    assert stop is not None and stop[1] == "0,05"
    english = client.get("/table/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert re.search(r'name="stop_at"[^>]*value="0.05"', english)


def test_an_amount_below_zero_is_said_to_be_so(app: Any) -> None:
    # "-5" was refused as "not an amount" («это не сумма», a Russian reader's walk): an amount
    # it is, below zero, and the refusal says that.
    client = app.test_client()
    with client.session_transaction() as session:
        session["_csrf"] = "test-csrf-token-0123456789"
    form = {"rules": "vegas-6d-s17", "others": "0", "boxes": "1", "unit": "5", "system": "hi-lo",
            "convention": "floor", "resolution": "half", "graded": ["strategy"], "mode": "test",
            "csrf_token": "test-csrf-token-0123456789"}  # fmt: skip
    russian = {"Accept-Language": "ru"}
    setup = client.post("/table/", data={**form, "bankroll": "-100"}, headers=russian)
    assert setup.status_code == 400
    assert "Банкролл должен быть больше 0." in html.unescape(setup.get_data(as_text=True))
    url = client.post("/table/", data={**form, "bankroll": "500"}).headers["Location"]
    page = client.get(url).get_data(as_text=True)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    bet = client.post(f"{url}/step", data={**fields, "bet0": "-5"}, headers=russian)
    assert bet.status_code == 400
    said = html.unescape(bet.get_data(as_text=True))
    assert "Ставка — это сумма больше нуля, а не «-5»." in said, re.findall(
        r"role=\"alert\"[^>]*>([^<]*)", said
    )
