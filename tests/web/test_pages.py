"""The layout: navigation, htmx and the drills that exist on every page; readable errors."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest

from drills import registry
from drills.path import GAME_DRILLS

NAV = ["All drills", "Progress", "Mistakes", "Rules", "Account"]


@pytest.mark.parametrize(
    "path", ["/", "/drills/", "/drills/hand-totals", "/progress", "/mistakes", "/rules", "/account"]
)
def test_every_page_has_the_navigation_and_htmx(client: Any, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for label in NAV:
        assert f">{label}</a>" in page
    assert re.search(r'<script src="/static/vendor/htmx.min.js\?v=[0-9a-f]{12}" defer>', page)
    assert 'name="viewport"' in page
    assert "X-CSRF-Token" in page  # htmx sends the token on every request


def test_the_home_page_links_every_drill_of_the_registry(client: Any) -> None:
    # A game's own drills (a punter's stakes, dealing, the auction) at a game that has them:
    # "Bidding for the deal" read at Las Vegas, where nobody deals in turn (a walk). Every drill
    # stays on the drills page (test below).
    page = client.get("/").get_data(as_text=True)
    with client.session_transaction() as session:
        session["rules"] = "twenty-one-home"
    home = client.get("/").get_data(as_text=True)
    for drill in registry().values():  # a step's link may ask its mix ("?mix=casino")
        link = rf'<a href="/drills/{drill.slug}(\?[^"]*)?">{re.escape(drill.title)}</a>'
        assert re.search(link, home if drill.slug in GAME_DRILLS else page), drill.slug
        assert (re.search(link, page) is None) is (drill.slug in GAME_DRILLS), drill.slug


def test_the_drills_page_lists_every_drill_once_under_its_step(client: Any) -> None:
    page = client.get("/drills/").get_data(as_text=True)
    assert page.count('class="drill-item"') == len(registry())
    running, true = page.index('id="step-running"'), page.index('id="step-true"')
    assert running < page.index('href="/drills/running-count"') < true
    assert true < page.index('href="/drills/true-count"')
    # The checkouts the drills lead to, after the last step (found only in a phone's menu).
    assert page.rindex('class="drill-item"') < page.index('id="checkouts"')
    assert 'href="/checkouts/"' in page.split('id="checkouts"', 1)[1]


def test_the_current_page_is_marked_in_the_navigation(client: Any) -> None:
    page = client.get("/rules").get_data(as_text=True)
    assert 'href="/rules" aria-current="page"' in page


@pytest.mark.parametrize(
    ("drill", "marked"),
    [("running-count", "Counting drills"), ("true-count", "Counting drills"),
     ("hand-totals", "All drills")],
)  # fmt: skip
def test_a_counting_drill_is_marked_under_counting_drills(
    client: Any, drill: str, marked: str
) -> None:
    """A running count's page marked "All drills" in the menu (a walk)."""
    page = client.get(f"/drills/{drill}", follow_redirects=True).get_data(as_text=True)
    current = re.findall(r'aria-current="page">([^<]+)</a>', page)
    assert current == [marked]


def test_pages_send_security_headers(client: Any) -> None:
    response = client.get("/")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"


def test_a_missing_page_is_a_readable_404(client: Any) -> None:
    response = client.get("/no/such/page")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert "Page not found" in page and "Back to the home page" in page


def test_a_refusal_is_headed_in_plain_words(client: Any) -> None:
    # A walk read the heading "Bad Request" above a rule refused as jargon.
    response = client.get("/strategy?rules=nonsense")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "<h1>Not accepted</h1>" in page and "Bad Request" not in page


@pytest.mark.usefixtures("count_studies")  # /indices shows its form once the study is there
@pytest.mark.parametrize("path", ["/strategy", "/indices"])
def test_a_rules_form_filled_to_its_limits_sends_an_address_the_server_reads(
    client: Any, path: str
) -> None:
    # 5,000 digits typed into "Decks" made an address past gunicorn's request line (4,094
    # bytes): its bare "URI Too Long" page, no way back (a walk). Every typed field is bounded,
    # and the form filled to those bounds, in Cyrillic (six bytes a letter once encoded), fits.
    page = client.get(path).get_data(as_text=True)
    form = page[page.index('<details class="rule-options-box"') :].split("</details>")[0]
    typed = re.findall(r'<input id="rule-field-[^"]+" name="([^"]+)"[^>]*>', form)
    bounds = re.findall(r'<input id="rule-field-[^"]+" name="[^"]+"[^>]*maxlength="(\d+)"', form)
    assert typed and len(bounds) == len(typed)
    fields = [(name, "я" * int(bound)) for name, bound in zip(typed, bounds, strict=True)]
    for name, options in re.findall(
        r'<select id="rule-field-[^"]+" name="([^"]+)"[^>]*>(.*?)</select>', form, re.S
    ):
        fields.append((name, max(re.findall(r'value="([^"]*)"', options), key=len)))
    hidden = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', page)
    address = f"GET {path}?{urlencode([*hidden, ('preset', 'vegas-6d-s17'), *fields])} HTTP/1.1"
    assert len(address) < 4094


def test_a_wrong_method_is_a_readable_405(client: Any) -> None:
    response = client.get("/signout")
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]


def test_the_rules_page_lists_the_presets(client: Any) -> None:
    from trainer.engine.rulebook.rule_words import PRESET_TEXTS, PRESET_TITLES
    from trainer.engine.rulebook.rules import PRESETS

    page = client.get("/rules").get_data(as_text=True)
    for name in PRESETS:
        # A source text's game marked with its text, as the page's sources say they are.
        text = PRESET_TEXTS.get(name)
        marked = f" (text {text})" if text else ""
        assert f"<h2>{PRESET_TITLES[name]}{marked}</h2>" in page
        assert f'id="preset-{name}"' in page  # linked to by its name
        assert f"<code>{name}</code>" not in page  # the notation is not for the learner to read


def test_the_secret_key_is_made_on_first_start_and_kept(tmp_path: Any) -> None:
    from trainer import create_app

    config = {"INSTANCE_PATH": str(tmp_path / "inst"), "DATABASE": str(tmp_path / "db.sqlite3")}
    first = create_app(dict(config))
    key_file = tmp_path / "inst" / "secret_key"
    assert key_file.exists()
    assert oct(key_file.stat().st_mode & 0o777) == "0o600"
    assert len(first.config["SECRET_KEY"]) >= 32
    assert create_app(dict(config)).config["SECRET_KEY"] == first.config["SECRET_KEY"]


def test_importing_the_engine_does_not_import_flask() -> None:
    import subprocess
    import sys

    code = "import sys, trainer.engine; print('flask' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_htmx_is_served_from_static_vendor(client: Any) -> None:
    response = client.get("/static/vendor/htmx.min.js")
    assert response.status_code == 200, "static/vendor/htmx.min.js is missing: run `make setup`"
    assert b'version:"2.0.11"' in response.data  # the version pinned in package-lock.json
    response.close()


def test_one_answer_is_one_answer(client: Any, hidden_fields: Any) -> None:
    fields = hidden_fields(client.get("/drills/hand-totals").get_data(as_text=True))
    answer = {**fields, "kind": "hard", "total": "12"}
    assert (
        client.post("/drills/hand-totals/answer", data=answer, follow_redirects=True).status_code
        == 200
    )
    account = client.get("/account").get_data(as_text=True)
    assert "1 answer so far" in account and "1 answers" not in account


def test_the_rules_page_says_what_the_sources_are(client: Any) -> None:
    page = client.get("/rules").get_data(as_text=True)
    section = page.split('id="sources-heading"', 1)[1]
    for number in ("000", "002", "003", "004"):
        assert f"Source {number}" in section
    assert "vingt-et-un" in section and "banking game" in section


@pytest.mark.parametrize(
    ("referrer", "back"),
    [
        ("http://localhost/rules?from=menu", "/rules?from=menu"),
        ("http://evil.example/rules", None),  # another site's page: no link to it
        ("http://localhost//evil.example/x", None),  # a path that names another site
        ("", None),
    ],
)
def test_a_refused_form_links_back_to_the_page_it_came_from(
    client: Any, csrf: Any, referrer: str, back: str | None
) -> None:
    # A coach's class form refused gave a page whose only link was the home page's (a walk).
    headers = {"Referer": referrer} if referrer else {}
    data = {"csrf_token": csrf(), "rules": "no-such-rules", "next": "/rules"}
    response = client.post("/rules/choose", data=data, headers=headers)
    assert response.status_code in (400, 404)
    links = re.findall(r'<a href="([^"]+)">Back to the page you came from</a>', response.text)
    assert links == ([back] if back else [])
