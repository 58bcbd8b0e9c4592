"""The templates' compiled code kept for the process (trainer.web.template_code): a second
environment of the same options compiles nothing, one of other options or an edited template
is compiled again, and what each renders is its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jinja2 import DictLoader, Environment

from tests.conftest import app_config
from trainer.web.template_code import TemplateCode


class Counting(Environment):
    """An environment that counts what it compiles."""

    compiled = 0

    def compile(self, *args: Any, **kwargs: Any) -> Any:
        type(self).compiled += 1
        return super().compile(*args, **kwargs)


@pytest.fixture(autouse=True)
def _count() -> None:
    Counting.compiled = 0


def _env(kept: TemplateCode, source: str, **options: Any) -> Counting:
    return Counting(loader=DictLoader({"page.html": source}), bytecode_cache=kept, **options)


def test_a_second_environment_of_the_same_options_compiles_nothing() -> None:
    kept = TemplateCode()
    first = _env(kept, "Hello {{ name }}").get_template("page.html").render(name="a")
    second = _env(kept, "Hello {{ name }}").get_template("page.html").render(name="b")
    assert (first, second) == ("Hello a", "Hello b")
    assert Counting.compiled == 1


def test_an_edited_template_is_compiled_again() -> None:
    kept = TemplateCode()
    _env(kept, "Hello {{ name }}").get_template("page.html")
    assert _env(kept, "Bye {{ name }}").get_template("page.html").render(name="b") == "Bye b"
    assert Counting.compiled == 2


def _shout(value: Any) -> str:
    return str(value).upper()


def test_an_environment_with_another_finalize_gets_its_own_code() -> None:
    kept = TemplateCode()
    plain = _env(kept, "Hello {{ name }}").get_template("page.html").render(name="a")
    loud = _env(kept, "Hello {{ name }}", finalize=_shout).get_template("page.html")
    assert (plain, loud.render(name="a")) == ("Hello a", "Hello A")
    assert _env(kept, "x{{ y }}", autoescape=True).get_template("page.html").render(y="<") == (
        "x&lt;"
    )
    assert Counting.compiled == 3


def test_two_apps_share_the_compiled_templates(app: Any, tmp_path: Path) -> None:
    """The app's environment keeps its code in the process's store."""
    from trainer import create_app
    from trainer.web.template_code import TEMPLATE_CODE

    other = create_app(app_config(tmp_path / "other"))
    assert app.jinja_env.bytecode_cache is TEMPLATE_CODE
    assert other.jinja_env.bytecode_cache is TEMPLATE_CODE
