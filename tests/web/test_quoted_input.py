"""What a learner typed, named back in a refusal, stands between their language's quotation
marks («nope» in Russian, “nope” in English), never Python's ``repr`` quotes ('nope') inside a
sentence: issue 30's walk found «Упражнения 'nope' нет.» on the 404 page of an unknown drill."""

from __future__ import annotations

import html
from typing import Any

import pytest

RUSSIAN = {"Accept-Language": "ru"}


@pytest.mark.parametrize(
    ("url", "status", "russian", "english"),
    [
        ("/drills/nope", 404, "Упражнения «nope» нет.", "There is no drill called “nope”."),
        ("/mistakes?sort=loudest", 400, "«loudest»", "not “loudest”."),
        ("/mistakes?page=two", 400, "«two»", "Page “two” is not"),
        ("/drills/basic-strategy?mix=odd", 400, "«odd»", "called “odd”."),
        ("/strategy?cell=hard.99", 400, "«hard.99»", "“hard.99” is not a chart cell"),
    ],
)
def test_a_refusal_quotes_what_was_typed_in_the_languages_own_marks(
    client: Any, url: str, status: int, russian: str, english: str
) -> None:
    said = client.get(url, headers=RUSSIAN)
    assert said.status_code == status
    page = html.unescape(said.get_data(as_text=True))
    assert russian in page
    assert "'" not in page.split("<main", 1)[1].split("</main>", 1)[0]
    said = client.get(url, headers={"Accept-Language": "en"})
    assert said.status_code == status
    assert english in html.unescape(said.get_data(as_text=True))


def test_a_usernames_refused_characters_are_quoted_in_the_languages_marks(
    client: Any, csrf: Any
) -> None:
    page = client.post(
        "/signup",
        data={"csrf_token": csrf(), "username": "a b<", "password": "x" * 12},
        headers=RUSSIAN,
    )
    assert page.status_code == 400
    text = html.unescape(page.get_data(as_text=True))
    assert "но не «<»." in text


def test_a_quoted_control_character_shows_and_a_long_text_is_cut(client: Any) -> None:
    # A NUL and a line break typed went back into the sentence as they were (a CR/LF inside
    # a refusal's line), and 5,000 characters were quoted whole.
    page = html.unescape(client.get("/drills/basic-strategy?mix=o%00d%0D%0Ad").get_data(True))
    assert "called “o\ufffdd\ufffd\ufffdd”." in page and "\x00" not in page
    said = client.get("/mistakes?sort=" + "x" * 300)
    assert said.status_code == 400
    page = html.unescape(said.get_data(as_text=True))
    assert "not “" + "x" * 39 + "\u2026”." in page and "x" * 40 + "”" not in page
