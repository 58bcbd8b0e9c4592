"""The dealer in the words of each game's text, in Russian: 002's club and home twenty-one say
сдатчик, 000's permanent bank сдающий, the others дилер; in the rules' summaries (each game's
own, whichever the learner plays) and on the drills at those games. English keeps "dealer"."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from trainer.engine.rulebook import rule_words
from trainer.engine.rulebook.rules import Rules
from trainer.words import dealer_named, dealing_at, plural, say


def test_each_form_of_the_word_takes_the_texts_form() -> None:
    sentence = "Дилер стоит на 17; у дилера туз, дилеру везёт."
    with dealing_at("002"):
        assert dealer_named(sentence) == "Сдатчик стоит на 17; у сдатчика туз, сдатчику везёт."
        assert dealer_named("The dealer stands") == "The dealer stands"
    with dealing_at("000"):
        assert dealer_named(sentence) == "Сдающий стоит на 17; у сдающего туз, сдающему везёт."
    with dealing_at("003"):
        assert dealer_named(sentence) == sentence
    # The punters likewise: 002's text says игрок, 004's понтер (the catalogue's понтёр); a
    # walk found «понтёры» and «игроки» side by side at 002. A quote of 004's text stays.
    punters = "Понтёр прикупает; карты понтёров, ставка понтёру, «понтерам по две карты»."
    with dealing_at("002"):
        said = dealer_named(punters)
        assert said == "Игрок прикупает; карты игроков, ставка игроку, «понтерам по две карты»."
    with dealing_at("004"):
        assert dealer_named(punters) == punters
        # 004's players are its punters: «Игроки не удваивают» read beside «Понтёр А» (a walk);
        # a co-bettor (соигрок) is another word.
        players = "Игроки не удваивают; карты игроков, ставка игроку, соигроки."
        said = dealer_named(players)
        assert said == "Понтёры не удваивают; карты понтёров, ставка понтёру, соигроки."
    with dealing_at("003"):
        assert dealer_named("Игроки не удваивают") == "Игроки не удваивают"


@pytest.mark.parametrize("chosen", ["vegas-6d-s17", "twenty-one-club"])
def test_each_games_summary_says_its_own_word_whatever_the_learner_plays(
    app: Any, chosen: str
) -> None:
    with app.test_request_context(headers={"Accept-Language": "ru"}) as request:
        request.session["rules"] = chosen
        words = {
            name: " ".join(rule_words.summary_lines(Rules.parse(name)))
            for name in ("twenty-one-club", "twenty-one-home", "permanent-bank", "vegas-6d-s17")
        }
    for name in ("twenty-one-club", "twenty-one-home"):
        assert "Сдатчик" in words[name] and "илер" not in words[name]
    assert "Сдающий" in words["permanent-bank"] and "илер" not in words["permanent-bank"]
    assert "Дилер" in words["vegas-6d-s17"] and "сдатчик" not in words["vegas-6d-s17"].lower()
    # The sources' lines too: each in its own text's words, not the learner's game's.
    with app.test_request_context(headers={"Accept-Language": "ru"}) as request:
        request.session["rules"] = chosen
        sources = rule_words.source_words()
    assert "сдатчик" in sources["002"] and "дилер" not in sources["002"]
    assert "сдатчик" not in sources["000"] and "сдатчик" not in sources["003"]


def test_a_drill_at_the_club_game_says_its_texts_word(client: Any) -> None:
    def question(rules: str, language: str) -> str:
        with client.session_transaction() as session:
            session["rules"] = rules
        page = client.get("/drills/basic-strategy", headers={"Accept-Language": language})
        block = re.search(r"<main.*?</form>", page.get_data(as_text=True), re.S)
        assert block is not None
        return html.unescape(block.group(0))

    club = question("twenty-one-club", "ru")
    assert "сдатчика" in club.lower() and "дилер" not in club.lower()
    assert "дилера" in question("vegas-6d-s17", "ru").lower()
    assert "dealer" in question("twenty-one-club", "en").lower()


def test_the_quizs_rule_form_names_the_rules_as_their_text_does(client: Any) -> None:
    """The form changing a rule is said in the words of the rules it changes, whatever the
    learner's own game: 004's read «Дилер с перебором платит» beside its rules' «Банкомёт с
    перебором платит» (a walk)."""
    with client.session_transaction() as session:
        session["rules"] = "vegas-6d-s17"
    page = client.get(
        "/drills/basic-strategy?rules=russian-bank", headers={"Accept-Language": "ru"}
    )
    form = html.unescape(page.get_data(as_text=True))
    assert "Банкомёт с перебором платит" in form and "Наибольшее число понтёров" in form
    assert "Дилер с перебором платит" not in form
    vegas = html.unescape(
        client.get("/drills/basic-strategy", headers={"Accept-Language": "ru"}).get_data(True)
    )
    assert "Дилер с перебором платит" in vegas and "Наибольшее число игроков" in vegas


def test_the_rules_page_reads_each_games_choices_in_its_own_words(client: Any) -> None:
    """What each text leaves open, in its own words whichever game the learner plays: at 002
    the punters are игроки, and 004's stay понтёры beside it."""
    with client.session_transaction() as session:
        session["rules"] = "twenty-one-home"
    page = html.unescape(client.get("/rules", headers={"Accept-Language": "ru"}).get_data(True))
    start, bank = page.index('id="preset-twenty-one-home"'), page.index('id="preset-russian-bank"')
    home = page[start : page.find('<li class="preset', start + 1)]
    assert "понтёр" not in home and "Что видят игроки при третьем способе сдачи" in home
    # 004's readings in its own word, not the learner's game's (it said «Игрок видит»).
    assert "Понтёр видит только свои карты" in page[bank : page.find('<li class="p', bank)]


def test_the_dealers_double_says_the_texts_word_under_any_table(app: Any) -> None:
    """002's double (deal method 3) is re-drilled under the learner's own table too, where
    the word is not turned: its situation says игроки in the catalogue itself."""
    from trainer.words import say

    with app.test_request_context(headers={"Accept-Language": "ru"}), dealing_at(None):
        assert say("The punters' stakes: %(stakes)s.", stakes="3") == "Ставки игроков: 3."
        said = say("Your first card (the punters' cards are unknown to you)")
        assert said == "Ваша первая карта (карты игроков вам неизвестны)"


def test_a_question_re_drilled_from_another_game_says_its_own_games_word(
    client: Any, csrf: Any, db: Any, hidden_fields: Any
) -> None:
    """A 002 question re-drilled at a Las Vegas table: asked in 002's words (the dealer's call
    said «Ошибся ли дилер», its rules beside it «Сдатчик»), its verdict too (the hand drawn
    beside «Дилер» on the next question's page), then the next, the learner's own, in theirs."""
    from tests.conftest import store_answer
    from tests.web.test_resend import action_of, sign_up

    def text(page: str) -> str:
        return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))

    user_id = sign_up(client, csrf)  # at the default table, Las Vegas
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru"
    home = "twenty-one-home"
    call = f"{home}|649562111997|30|1"
    store_answer(db, user_id, "a-call", drill="catch-the-dealer", question=call,
                 rules=home, answer="no", right_answer="yes", correct=False)  # fmt: skip
    store_answer(db, user_id, "a-play", drill="basic-strategy", question="TS 6H v 9D",
                 rules=home, answer="S", right_answer="H", correct=False)  # fmt: skip
    data = {"drill": "catch-the-dealer", "sort": "newest", "csrf_token": csrf()}
    asked = client.get(client.post("/mistakes/review", data=data).headers["Location"])
    assert "Ошибся ли сдатчик в этом раунде?" in text(asked.get_data(as_text=True))
    data = {**data, "drill": "basic-strategy"}
    asked = client.get(client.post("/mistakes/review", data=data).headers["Location"])
    page = asked.get_data(as_text=True)
    assert "У сдатчика открыта" in text(page)
    answer = {**hidden_fields(page), "answer": "S"}
    shown = client.post(action_of(page), data=answer, follow_redirects=True).get_data(True)
    verdict, following = shown.split('id="feedback"')[1].split('id="question-heading"')
    assert "Сдатчик 9" in text(verdict) and "илер" not in text(verdict.split("<details")[0])
    assert "У дилера открыта" in text(following)  # the learner's own table's question


def test_a_message_of_both_player_dealt_games_says_each_ones_punters(app: Any) -> None:
    """The dealer's draw at 002's home game and at 004's bank: the catalogue says понтёры
    (004's word), turned to игроки at 002; it said «Все игроки» at 004's bank too."""
    from trainer.words import plural, say

    stood = "Every punter has stood or is out: draw as you like."
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        with dealing_at("004"):
            assert say(stood).startswith("Все понтёры остановились или выбыли")
            said = plural(stood[:-1] + " (at most %(count)s card drawn).",
                          stood[:-1] + " (at most %(count)s cards drawn).", 3)  # fmt: skip
            assert said.startswith("Все понтёры остановились") and "не больше 3 карт" in said
        with dealing_at("002"):
            assert say(stood).startswith("Все игроки остановились или выбыли")


def test_a_past_answer_from_another_game_is_listed_in_its_own_games_words(
    client: Any, csrf: Any, db: Any
) -> None:
    """A 002 round got wrong, then back at Las Vegas: its entry on the mistakes page says
    «Сдатчик» by its rules' «Сдатчик останавливается» (the walk found «Дилер: «17»» there, and
    «дилер: платит 100» by a box), as the Las Vegas round's beside it says «Дилер»."""
    from tests.conftest import store_answer
    from tests.web.test_resend import sign_up

    def text(page: str) -> str:
        return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))

    user_id = sign_up(client, csrf)  # at the default table, Las Vegas
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "ru"
    for token, rules in (("home", "twenty-one-home"), ("vegas", "vegas-6d-s17")):
        store_answer(db, user_id, token, drill="catch-the-dealer", rules=rules,
                     question=f"{rules}|649562111997|30|1", answer="foul",
                     right_answer="next", correct=False)  # fmt: skip
    page = client.get("/mistakes").get_data(as_text=True)
    items = page.split('<li class="mistake">')[1:3]
    vegas, home = (text(item.split("</ol>")[0]) for item in items)
    assert "Сдатчик: «" in home and "илер" not in home, home
    assert "Дилер: «" in vegas and "сдатчик" not in vegas.lower(), vegas


@pytest.mark.parametrize("page", ["/", "/drills/"])
def test_a_page_of_every_game_says_the_catalogues_dealer_whatever_the_learner_plays(
    client: Any, csrf: Any, page: str
) -> None:
    """The home page and the drills' list name the casino dealer's drills: not 004's банкомёт
    because the learner chose 004 (a learner's walk found «Поймай банкомёта»)."""
    chosen = client.post("/rules", data={"preset": "russian-bank", "csrf_token": csrf()})
    assert chosen.status_code == 303
    said = client.get(page, headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Упражнения дилера" in said and "Поймай дилера" in said
    # The drills' names (the basic-strategy step of the path speaks of 004's banker: his cards
    # are not seen there).
    assert "Упражнения банкомёта" not in said and "Поймай банкомёта" not in said
    assert said.lower().count("банкомёт") == said.count("не видя карт банкомёта") * 2


def test_the_dealing_tables_summary_says_each_games_dealer(app: Any) -> None:
    """The table where the learner deals (002 home, 004) sums up in its game's word: 004's
    talia said «решения сдатчика» (002's word, written into the catalogue) where its banker
    dealt."""
    expected = {"002": "сдатчика", "004": "банкомёта", "000": "сдающего"}
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        for text, word in expected.items():
            with dealing_at(text):
                assert say("Perfect dealer play expected").endswith(f"игры {word}")
                assert say("Only your choices as the dealer").endswith(f"решения {word}")
                choices = plural(
                    "%(count)s choice as the dealer", "%(count)s choices as the dealer", 3, count=3
                )
                assert choices == f"3 решения {word}"


@pytest.mark.parametrize(
    ("drill", "query"),
    [("irregularities", ""), ("procedure", "?point=deal"), ("procedure", "")],
)
def test_a_drill_of_another_texts_game_asks_in_its_words(
    client: Any, csrf: Any, hidden_fields: Any, drill: str, query: str
) -> None:
    """A question under its own text's rules (000's irregularities, a procedure of 000, 002 or
    003) is said in that text's words, not those of the learner's game: at 004 they said
    «Вам (банкомёту)» (a learner's walk)."""
    chosen = client.post("/rules", data={"preset": "russian-bank", "csrf_token": csrf()})
    assert chosen.status_code == 303
    russian = {"Accept-Language": "ru"}
    for turn in range(6):
        page = client.get(f"/drills/{drill}{query}", headers=russian).get_data(as_text=True)
        main = page.split("<main")[1].split('id="drill-settings"')[0]
        assert "банкомёт" not in main.lower(), main
        # Answered (the first choice, plainly and by htmx): the verdict and the question shown
        # again in its words too (a second walk found «Верно: «Вам (банкомёту)…»»).
        form = hidden_fields(page)
        choice = re.search(r'<button type="submit" name="answer" value="([^"]+)"', page)
        assert choice is not None
        headers = {**russian, **({"HX-Request": "true"} if turn % 2 else {})}
        answered = client.post(
            f"/drills/{drill}/answer{query}",
            data={**form, "answer": html.unescape(choice[1])},
            headers=headers,
            follow_redirects=True,
        )
        assert answered.status_code == 200
        said = answered.get_data(as_text=True)
        said = said.split("<main")[1] if "<main" in said else said
        assert "банкомёт" not in said.lower(), said


def test_a_casino_dealers_drill_refused_at_004_keeps_its_name(client: Any, csrf: Any) -> None:
    """Catch the dealer refused at 004 (its banker draws as he judges best) is still the casino
    dealer's drill: its pages were titled «Поймай банкомёта» (a learner's walk)."""
    chosen = client.post("/rules", data={"preset": "russian-bank", "csrf_token": csrf()})
    assert chosen.status_code == 303
    russian = {"Accept-Language": "ru"}
    for address in ("/drills/catch-the-dealer", "/dealing/catch"):
        said = client.get(address, headers=russian).get_data(as_text=True)
        assert "Поймай дилера" in said and "Поймай банкомёта" not in said, address
        assert "банкомёт прикупает так, как выгоднее банку" in said, address


def test_a_quiz_under_another_games_rules_is_graded_in_its_words(
    client: Any, csrf: Any, hidden_fields: Any
) -> None:
    """A Las Vegas hand's insurance verdict said «у банкомёта под тузом» to a learner whose
    game is 004 (a walk): the quiz grades in its own rules' words."""
    chosen = client.post("/rules", data={"preset": "russian-bank", "csrf_token": csrf()})
    assert chosen.status_code == 303
    russian = {"Accept-Language": "ru"}
    for _ in range(90):  # a hand against an ace asks insurance first (1 in 13)
        page = client.get("/drills/basic-strategy?rules=vegas-6d-s17", headers=russian)
        text = page.get_data(as_text=True)
        # a natural against the ace asks even money instead, whose verdict speaks of the natural
        if 'value="I"' in text and "Взять равные деньги" not in text:
            break
    else:
        pytest.fail("no insurance question in 90 hands")
    form = {**hidden_fields(text), "answer": "I"}
    said = client.post("/drills/basic-strategy/answer", data=form, headers=russian)
    verdict = html.unescape(client.get(said.headers["Location"], headers=russian).get_data(True))
    feedback = verdict.split('id="feedback-heading"')[1].split("</section>")[0]
    assert "у дилера под тузом" in feedback and "банкомёт" not in feedback.lower()


@pytest.mark.parametrize(
    ("preset", "seats"), [("twenty-one-home", "игроки"), ("russian-bank", "понтёры")]
)
def test_the_table_set_up_names_the_other_seats_as_the_learners_text_does(
    client: Any, csrf: Any, preset: str, seats: str
) -> None:
    """The set-up's sentence on holding the deal or the bank named the other seats «понтёры»
    at 002 too, whose text says игроки (a walk)."""
    chosen = client.post("/rules", data={"preset": preset, "csrf_token": csrf()})
    assert chosen.status_code == 303
    page = client.get("/table/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert f"на остальных местах {seats}, каждый ставит минимум стола" in html.unescape(page)
