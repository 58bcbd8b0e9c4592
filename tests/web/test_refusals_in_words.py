"""A refusal a learner reads says what was wrong in a learner's sentence, through the catalogue,
in English as in Russian: never the command line's message (an option name like
``deal_faces``, Python's ``repr`` quotes, "unknown preset ''; presets are: ...").
A few representative bad inputs per family of routes: the rules in an address, a drill's
question, the counting pages' fields, the table's and the timed quiz's forms."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.page_text import forms_of, notation_in, visible_text

CSRF = "test-csrf-token-0123456789"
# The command line's phrasing: Python's quotes around a value, its developer words.
DEVELOPER = re.compile(
    r"(?<![\w’])'[^'\s]*'(?![\w])|unknown preset|presets are|invalid literal|Traceback"
    r"|\bNone\b|\bint\(\)|\bfloat\(\)|[a-z]+_[a-z_]+"
)
RULES = "vegas-6d-s17"
GETS = [
    f"/strategy?rules={RULES}+deal_faces%3Dsideways",
    f"/strategy?rules={RULES}+dealer_hits_soft_17%3Dmaybe",
    f"/strategy?rules={RULES}+decks%3D99",
    f"/strategy?rules={RULES}+bogus%3D1",
    "/strategy?rules=nope",
    "/strategy?rules=russian-bank+deal_faces%3Dcasino",  # a combination no text deals
    f"/strategy?rules={RULES}+resplit_aces%3Dtrue+max_split_hands%3D2",
    f"/indices?rules={RULES}&system=nope",
    f"/indices?rules={RULES}&system=hi-lo&bankroll=-5",
    f"/indices?rules={RULES}&system=hi-lo&count=many",
    "/risk?rules=nope",
    f"/risk?rules={RULES}&bankroll=lots",
    "/counting/penetration-chart?preset=",
    "/drills/true-count?system=nope&convention=floor&resolution=half",
    "/drills/true-count?system=hi-lo&convention=sideways&resolution=half",
    "/counting/penetration-chart?preset=nope&system=nope",
    f"/counting/penetration-chart?preset={RULES}&system=nope",
    "/checkouts/nope",
    f"/drills/basic-strategy?rules={RULES}+surrender%3Dsometimes",
]
# A drill's answer form sent back with its question or its answer spoiled.
SPOILED = [
    ("hand-totals", {"question": "zz"}),
    ("hand-totals", {"question": "AH,9Z"}),
    ("hand-totals", {"answer": "twelve"}),
    ("basic-strategy", {"question": "A7v6x"}),
    ("payout-math", {"question": "zz"}),
    ("true-count", {"question": "rc hi-lo 9d:zz"}),
]
POSTS = [
    ("/drills/basic-strategy/timed", {"count": "many"}),
    ("/counting/speed", {"level": "zzz"}),
    ("/your-game", {"bankroll": "lots", "risk": "x"}),
    ("/path/start", {"start": "nope"}),
    ("/table/", {"rules": f"{RULES} deal_faces=sideways"}),
    ("/table/", {"rules": "nope"}),
    ("/counting/sessions", {"kind": "running-count", "rules": "nope"}),
    ("/simulate", {"rules": f"{RULES} dealer_hits_soft_17=2"}),
]


def _leaks(response: Any) -> list[str]:
    text = visible_text(response.get_data(as_text=True))
    found = [
        f"{m.group(0)!r} in: {line[:200]}"
        for line in text.splitlines()
        for m in DEVELOPER.finditer(line)
    ]
    refused = [] if response.status_code in (400, 404) else [f"status {response.status_code}"]
    return found + notation_in(text) + refused


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_refusal_is_a_learners_sentence(client: Any, language: str) -> None:
    headers = {"Accept-Language": language}
    with client.session_transaction() as session:
        session["_csrf"] = CSRF
    leaks = []
    for url in GETS:
        response = client.get(url, headers=headers, follow_redirects=True)
        leaks += [f"GET {url} {response.status_code}: {leak}" for leak in _leaks(response)]
    for url, data in POSTS:
        response = client.post(
            url, data={"csrf_token": CSRF, **data}, headers=headers, follow_redirects=True
        )
        leaks += [f"POST {url} {response.status_code}: {leak}" for leak in _leaks(response)]
    for slug, spoiled in SPOILED:
        page = client.get(f"/drills/{slug}", headers=headers, follow_redirects=True).get_data(
            as_text=True
        )
        forms = forms_of(page)
        form = next((f for f in forms if "/answer" in f.action), None)
        assert form is not None, (slug, page[-300:])
        data = {**form.fields, **{box: "1" for box in form.boxes}, **spoiled}
        response = client.post(form.action.partition("#")[0], data=data, headers=headers)
        assert response.status_code == 400, (slug, spoiled, response.status_code)
        leaks += [f"{slug} {spoiled}: {leak}" for leak in _leaks(response)]
    assert not leaks, "\n".join(leaks)
