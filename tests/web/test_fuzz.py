"""Every route and every form field with malformed values: no 5xx, nothing stored from a
rejected request, every reflected value escaped.

Our own generator (seeded, so a failure replays): it reads the forms of every page the app
shows (their fields and hidden values, as a browser would send them), then sends each route
mutated requests: fields missing, replaced by huge, negative, NaN, Unicode, NUL, CR/LF, markup
or template text, tampered hidden fields and CSRF tokens, and wrong methods. It stops after
``BUDGET_SECONDS`` (or ``MAX_REQUESTS``), whichever comes first.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from drills import registry
from tests.conftest import app_config

BUDGET_SECONDS = 15
MAX_REQUESTS = 4000
SEED = 20261201

MARKUP = '"><script>alert(1)</script>'
VALUES = [
    "",
    " ",
    "-1",
    "0",
    "-0",
    "1e400",
    "1e9999999",
    "-1e400",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "0x10",
    "1/0",
    "2/0",
    "9" * 400,
    "9" * 5000,
    "1" * 60_000,
    "\x00",
    "a\x00b",
    "a\r\nSet-Cookie: x=1",
    "/\t/evil.example",
    "//evil.example",
    "\u202e\u200b",
    "é",
    "１２",
    "💥" * 50,
    MARKUP,
    "<b>bold</b>",
    "{{ 7*7 }}",
    "{% raw %}",
    "${7*7}",
    "../../etc/passwd",
    "null",
    "[]",
    "{}",
    "true",
    "'",
    '"',
    "vegas-6d-s17 decks=1e400",
    "vegas-6d-s17 decks=99999999999999999999",
    "vegas-6d-s17 nope=1",
    "AS 6H",
    "TS 6H v 9D",
]
PATH_VALUES = ["0", "-1", "99999999999", "x", "%00", "..", "é", "a" * 300, "1e400"]
# Ids past what the store can hold (SQLite's integers end at 2**63 - 1), below it, in other
# notations and scripts: every one a 404 or a 400, never a 500.
PATH_VALUES += [str(2**63 - 1), str(2**63), str(2**63 + 1), "9" * 30, "9" * 4000, str(-(2**63) - 1)]
PATH_VALUES += ["+1", "007", "1.0", "0x1F", "１２", "٣", "1%0A", "a%2Fb", "A" * 64, "A" * 65]
# Throttle bookkeeping: a refused sign-in or chart is counted there on purpose.
BOOKKEEPING = {"sign_in_failures", "expensive_work", "_migrations"}


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)
    choices: dict[str, set[str]] = field(default_factory=dict)


class _Forms(HTMLParser):
    """The forms of a page: action, method, and every named field with its value."""

    def __init__(self, page_url: str) -> None:
        super().__init__()
        self.page_url = page_url
        self.forms: list[Form] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            action = a.get("action") or self.page_url
            self.forms.append(Form(action, (a.get("method") or "get").upper()))
        elif tag in ("input", "button", "select", "textarea") and a.get("name") and self.forms:
            form = self.forms[-1]
            form.fields.setdefault(a["name"], a.get("value", ""))
            form.choices.setdefault(a["name"], set()).add(a.get("value", ""))
        elif tag == "a" and a.get("href", "").startswith("/"):
            self.links.append(a["href"])


@pytest.fixture
def fuzz_app(tmp_path: Path) -> Any:
    from trainer import create_app

    # New charts are refused at once (429), so no request computes for seconds.
    return create_app(
        app_config(
            tmp_path,
            EXPENSIVE_WORK_PER_WINDOW=0,
            PROPAGATE_EXCEPTIONS=False,  # an exception is a 500 to report, not a crash
            SIGNIN_MAX_FAILURES_PER_ADDRESS=10**6,
            SIGNIN_MAX_FAILURES_PER_ACCOUNT=10**6,
        )
    )


def row_counts(db: Any) -> dict[str, int]:
    tables = [t for t in db.table_names() if t not in BOOKKEEPING]
    return {t: db.execute(f"SELECT count(*) FROM [{t}]").fetchone()[0] for t in tables}


def harvest(client: Any) -> tuple[list[Form], list[str]]:
    """The forms and local links of the pages a learner reaches from the home page."""
    pages = ["/", "/drills/", "/strategy", "/rules", "/progress", "/mistakes", "/account"]
    pages += ["/signin", "/signup", "/drills/basic-strategy/timed", "/learners/1/attempts"]
    pages += [f"/drills/{slug}" for slug in registry()]
    pages += ["/simulate", "/table/"]  # the forms that queue jobs
    forms: list[Form] = []
    # The job routes: a study's and a chart's progress, a run's page, the health check.
    links: list[str] = [
        "/count-jobs/progress?rules=vegas-6d-s17&system=hi-lo&next=/",
        "/chart-jobs/progress?rules=vegas-6d-s17&next=/",
        "/simulate/1",
        "/healthz",
    ]
    for url in pages:
        response = client.get(url, follow_redirects=True)
        parser = _Forms(urlsplit(response.request.url).path)
        parser.feed(response.get_data(as_text=True))
        forms += parser.forms
        links += parser.links
    return forms, sorted(set(links))


def with_argument(rule: str, name: str, value: str) -> str:
    """The route ``rule`` with its argument ``name`` (``<name>``, ``<rowid:name>`` ...) given."""
    return re.sub(rf"<(?:\w+:)?{name}>", lambda _: value, rule)


def mutated(form: dict[str, str], rng: random.Random, names: list[str]) -> dict[str, str]:
    data = dict(form)
    for _ in range(rng.randint(1, 3)):
        move = rng.random()
        name = rng.choice(list(data) or names)
        if move < 0.2:
            data.pop(name, None)  # a missing field
        elif move < 0.3:
            data[rng.choice(names)] = rng.choice(VALUES)  # a field from another form
        else:
            data[name] = rng.choice(VALUES)
    return data


def check(response: Any, before: dict[str, int], db: Any, what: str) -> list[str]:
    problems = []
    status = response.status_code
    body = response.get_data(as_text=True)
    if status >= 500:
        problems.append(f"{status} for {what}")
    if MARKUP in body or "<b>bold</b>" in body:
        problems.append(f"unescaped markup reflected ({status}) for {what}")
    if status >= 400 and row_counts(db) != before:
        problems.append(f"a refused request ({status}) stored something: {what}")
    return problems


@pytest.mark.long
def test_malformed_requests_never_fail_store_or_reflect(fuzz_app: Any, db: Any) -> None:
    rng = random.Random(SEED)
    client = fuzz_app.test_client()
    forms, links = harvest(client)
    assert len(forms) >= 10 and links
    names = sorted({name for form in forms for name in form.fields})
    rules = [r for r in fuzz_app.url_map.iter_rules() if r.endpoint != "static"]
    problems: list[str] = []
    sent = 0
    stop = time.monotonic() + BUDGET_SECONDS
    while time.monotonic() < stop and sent < MAX_REQUESTS and len(problems) < 2000:
        before = row_counts(db)
        pick = rng.random()
        headers = {"HX-Request": "true"} if rng.random() < 0.5 else {}
        if pick < 0.55:  # a real form with some fields broken
            form = rng.choice(forms)
            data = mutated(form.fields, rng, names)
            if rng.random() < 0.1:
                data["csrf_token"] = rng.choice(["", "é" * 30, "x" * 5000, MARKUP])
            if rng.random() < 0.1 and "csrf_token" in data:
                headers["X-CSRF-Token"] = "tampered-token"
            if form.method == "POST":
                response = client.post(form.action, data=data, headers=headers)
            else:
                response = client.get(form.action, query_string=data, headers=headers)
            what = f"{form.method} {form.action} {data!r}"[:600]
        elif pick < 0.8:  # a link with its query broken
            link = urlsplit(rng.choice(links))
            query = mutated({n: rng.choice(VALUES) for n in rng.sample(names, 2)}, rng, names)
            response = client.get(link.path, query_string=query, headers=headers)
            what = f"GET {link.path} {query!r}"[:600]
        else:  # any route, its path parts malformed, any method
            rule = rng.choice(rules)
            path = rule.rule
            for arg in rule.arguments:
                value = rng.choice(PATH_VALUES + list(registry()))
                path = with_argument(path, arg, value)
            method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH"])
            data = {rng.choice(names): rng.choice(VALUES)}
            response = client.open(path, method=method, data=data, headers=headers)
            what = f"{method} {path} {data!r}"[:600]
        problems += check(response, before, db, what)
        response.close()
        sent += 1
    assert sent >= 200, f"only {sent} requests in {BUDGET_SECONDS} s"
    assert problems == [], "\n".join(problems)


@pytest.mark.long
def test_every_route_with_any_path_value_is_never_a_server_error(fuzz_app: Any, db: Any) -> None:
    """Each route with an argument, each argument given each of the path values in turn (the
    others a drill's name), sent as GET and as POST (with the session's CSRF token): a 4xx,
    never a 5xx, and nothing stored."""
    client = fuzz_app.test_client()
    client.get("/drills/hand-totals")  # a learner with a session and a CSRF token
    with client.session_transaction() as session:
        token = session["_csrf"]
    before = row_counts(db)
    problems = []
    for rule in fuzz_app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for arg in rule.arguments:
            for value in PATH_VALUES:
                path = with_argument(rule.rule, arg, value)
                for other in rule.arguments - {arg}:
                    path = with_argument(path, other, "hand-totals")
                for method in ("GET", "POST"):
                    response = client.open(path, method=method, data={"csrf_token": token})
                    if not 400 <= response.status_code < 500:
                        problems.append(f"{method} {path[:100]}: {response.status_code}")
                    response.close()
    assert problems == []
    assert row_counts(db) == before


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/counting/sessions", {"kind": "countdown", "speed": "fast"}),
        ("/counting/sessions", {"kind": "running", "cards": "1/0", "speed": "2"}),
        ("/drills/running-count", None),
    ],
)
def test_a_counting_set_up_fragment_for_htmx_renders(
    client: Any, csrf: Any, path: str, data: dict[str, str] | None
) -> None:
    """Found by the fuzz test: the set-up form's block, rendered alone for htmx, named macros
    defined outside it (a 500 for every htmx request with a bad set-up)."""
    headers = {"HX-Request": "true"}
    if data is None:
        response = client.get(path, query_string={"system": "hi-lo"}, headers=headers)
    else:
        response = client.post(path, data={"csrf_token": csrf(), **data}, headers=headers)
    assert response.status_code < 500
