"""Any rules the strategy chart was worked out for can be the ones the learner drills with: a
counter going to a new casino (8 decks, hits soft 17, 6:5) worked its chart out and could drill
nothing but the presets (a walk). The chart's page offers "Drill with these rules"; the quiz
and the counting drills then ask under them; a form naming rules that cannot be played, or an
address off the site, changes nothing."""

from __future__ import annotations

import html
import re
from typing import Any

from trainer.engine.rulebook.rules import Rules

NEW_CASINO = Rules.parse("vegas-6d-s17 decks=8 dealer_hits_soft_17=true blackjack_pays=6:5")


def _chosen(client: Any) -> str | None:
    with client.session_transaction() as session:
        return session.get("rules")


def test_the_chart_of_any_rules_offers_to_drill_with_them_and_the_drills_then_ask_under_them(
    client: Any, strategy_charts: None
) -> None:
    address = f"/strategy?rules={NEW_CASINO.notation()}"
    page = html.unescape(client.get(address).get_data(as_text=True))
    form = re.search(r'<form method="post" action="/rules" class="drill-these">(.*?)</form>',
                     page, re.S)  # fmt: skip
    assert form is not None, page[:3000]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form[1]))
    assert Rules.parse(fields["rules"]) == NEW_CASINO
    sent = client.post("/rules", data=fields)
    assert sent.status_code == 303 and sent.headers["Location"].endswith(fields["next"])
    assert _chosen(client) == NEW_CASINO.notation()
    again = html.unescape(client.get(address).get_data(as_text=True))
    assert 'class="drill-these"' not in again and "These are the rules you drill with" in again
    # The quiz and a counting drill ask under them (their hidden rules field), as the footer says
    # (bet sizing and the deviations wait for their count study first: not worked out here).
    for drill in ("/drills/basic-strategy", "/drills/true-count"):
        asked = html.unescape(client.get(drill, follow_redirects=True).get_data(as_text=True))
        found = re.search(r'<input type="hidden" name="rules" value="([^"]*)">', asked)
        assert found is not None and Rules.parse(found[1]) == NEW_CASINO, drill
    # The rules page offers the plain preset again (its name is the chosen rules' own).
    rules_page = client.get("/rules").get_data(as_text=True)
    assert '<input type="hidden" name="preset" value="vegas-6d-s17">' in rules_page


def test_rules_that_cannot_be_played_or_an_address_off_the_site_change_nothing(
    client: Any, csrf: Any
) -> None:
    for bad in ("vegas-6d-s17 decks=0", "no-such-preset", "vegas-6d-s17 " + "decks=2 " * 400):
        sent = client.post("/rules", data={"csrf_token": csrf(), "rules": bad})
        assert sent.status_code == 400, bad
        assert "rules" in sent.get_data(as_text=True).lower()
        assert _chosen(client) is None
    off = client.post(
        "/rules",
        data={"csrf_token": csrf(), "rules": NEW_CASINO.notation(), "next": "//evil.example/"},
    )
    assert off.status_code == 303 and off.headers["Location"].startswith("/rules")
    assert client.post("/rules", data={"rules": NEW_CASINO.notation()}).status_code in (400, 403)


def test_the_index_chart_of_any_rules_offers_to_drill_with_them(
    client: Any, strategy_charts: None, count_studies: None
) -> None:
    with client.session_transaction() as session:
        session["rules"] = "double-deck"  # drilling another game: the suite's warm study shown
    page = html.unescape(client.get("/indices?rules=vegas-6d-s17").get_data(as_text=True))
    form = re.search(r'<form method="post" action="/rules" class="drill-these">(.*?)</form>',
                     page, re.S)  # fmt: skip
    assert form is not None, page[:3000]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form[1]))
    # Its ramp's "Practise it" links lead to the drills, which ask under the learner's rules.
    assert "The drills ask under your own rules, not these" in page
    sent = client.post("/rules", data=fields)
    assert sent.status_code == 303 and sent.headers["Location"].startswith("/indices?")
    assert _chosen(client) == "vegas-6d-s17"
    chosen = html.unescape(client.get(sent.headers["Location"]).get_data(as_text=True))
    assert "These are the rules you drill with" in chosen
    assert "The drills ask under your own rules, not these" not in chosen


def _post(client: Any, path: str, **data: str) -> Any:
    with client.session_transaction() as session:
        token = str(session.setdefault("_csrf", "test-csrf-token-0123456789"))
    return client.post(path, data={"csrf_token": token, **data})


def test_the_rules_drilled_with_come_back_with_the_account(app: Any) -> None:
    """Chosen signed in, the rules come back on signing in again (a walk's new casino's rules
    were the default again after signing out and in); chosen as a visitor, they go to an
    account that has none of its own, and an account's own win over a browser's."""
    account = {"username": "counter", "password": "a long password 1"}
    client = app.test_client()
    assert _post(client, "/signup", **account).status_code == 303
    assert _post(client, "/rules", rules=NEW_CASINO.notation()).status_code == 303
    assert _post(client, "/signout").status_code == 303
    assert _chosen(client) is None  # the browser forgets them: they are the account's
    assert _post(client, "/signin", **account).status_code == 303
    assert _chosen(client) == NEW_CASINO.notation()
    # Another browser, a visitor who chose the double deck, then signs in: the account's own.
    other = app.test_client()
    assert _post(other, "/rules", preset="double-deck").status_code == 303
    assert _post(other, "/signin", **account).status_code == 303
    assert _chosen(other) == NEW_CASINO.notation()
    # A new account takes the rules its browser chose as a visitor.
    third = app.test_client()
    assert _post(third, "/rules", preset="double-deck").status_code == 303
    new = {"username": "newcomer", "password": "a long password 2"}
    assert _post(third, "/signup", **new).status_code == 303
    assert _post(third, "/signout").status_code == 303
    assert _post(third, "/signin", **new).status_code == 303
    assert _chosen(third) == "double-deck"


def test_changed_rules_keep_their_options_closed_their_summary_counting_them(
    client: Any, strategy_charts: None
) -> None:
    """Open whenever a rule was changed, the options put the indices some 4,700 px down a
    phone (a walk): closed, their summary says how many were changed."""
    page = client.get(f"/strategy?rules={NEW_CASINO.notation()}").get_data(as_text=True)
    assert '<details class="rule-options-box">' in page
    assert "Change any rule (3 changed from" in page
