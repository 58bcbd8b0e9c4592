"""Accounts in a browser, as a learner would: sign up, sign out, sign in, a wrong password."""

from __future__ import annotations

import itertools

from playwright.sync_api import expect

_names = itertools.count(1)


def fresh_name(prefix: str) -> str:
    return f"{prefix}{next(_names)}"


def test_sign_up_sign_out_sign_in(learner) -> None:
    name = fresh_name("alice")
    learner.sign_up(name, "password alice")
    learner.expect_signed_in(name)
    learner.sign_out()
    expect(learner.page.get_by_role("link", name="Sign in").first).to_be_visible()
    learner.sign_in(name, "password alice")
    learner.expect_signed_in(name)


def test_a_wrong_password_is_refused_readably(learner) -> None:
    name = fresh_name("bob")
    learner.sign_up(name, "password bob")
    learner.sign_out()
    learner.sign_in(name, "not the password")
    expect(learner.page.get_by_role("alert")).to_have_text(
        "That username and password do not match an account."
    )
    learner.expect_signed_out()
    # The name typed is kept; the learner fixes the password and gets in.
    expect(learner.page.get_by_label("Username")).to_have_value(name)
    learner.page.get_by_label("Password").fill("password bob")
    learner.page.get_by_role("button", name="Sign in").click()
    learner.expect_signed_in(name)


def test_a_taken_name_is_refused_readably(learner) -> None:
    name = fresh_name("carol")
    learner.sign_up(name, "password carol")
    learner.sign_out()
    page = learner.page
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill(name.upper())
    page.get_by_label("Password").fill("another password")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("alert")).to_contain_text("is taken")
