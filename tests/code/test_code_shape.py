"""Habits that keep the code a newcomer can live in: the layers import only downwards, no module
or function grows past what one person can hold, and the docs name what the code has."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
import pytest

from drills import DRILLS
from trainer.engine.rulebook.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60
# Functions still being split by the engine's own work; shrink this, never grow it.
LONG_FUNCTIONS_ALLOWED: set[tuple[str, str]] = set()
# A longer function says why in a comment starting so, just above it or first in its body.
WHY_LONG = re.compile(r"#\s*Long because\b")
# A longer module says why in its docstring, in a sentence starting so.
WHY_LONG_MODULE = re.compile(r"\bLong because\b")

# Layer -> the top-level packages and trainer subpackages it must never import.
CONTRACT = {
    "trainer/engine": ("flask", "werkzeug", "jinja2", "sqlite_utils", "drills", "trainer.web",
                       "trainer.store"),
    "drills": ("flask", "werkzeug", "sqlite_utils", "trainer.web", "trainer.store"),
    "trainer/store": ("flask", "trainer.web", "drills"),
}  # fmt: skip


def modules(*roots: str) -> list[Path]:
    return sorted(p for root in roots for p in (ROOT / root).rglob("*.py"))


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", CONTRACT)
def test_each_layer_imports_only_what_lies_below_it(layer: str) -> None:
    broken = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in modules(layer)
        for name in sorted(imported(path))
        if any(name == bad or name.startswith(bad + ".") for bad in CONTRACT[layer])
    ]
    assert broken == []


@pytest.mark.long
def test_no_module_or_function_is_too_long_to_hold() -> None:
    """A module past the cap says why in its docstring ("Long because ..."), a function in a
    comment ("# Long because ...")."""
    too_long = []
    for path in modules("trainer", "drills"):
        where = str(path.relative_to(ROOT))
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        says_why = WHY_LONG_MODULE.search(ast.get_docstring(tree) or "")
        if len(lines) > MAX_MODULE_LINES and not says_why:
            too_long.append(f"{where}: {len(lines)} lines")
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length <= MAX_FUNCTION_LINES or (where, node.name) in LONG_FUNCTIONS_ALLOWED:
                continue
            start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
            near = lines[max(start - 3, 0) : node.body[0].lineno + 1]
            if not any(WHY_LONG.search(line) for line in near):
                too_long.append(f"{where}: {node.name} is {length} lines")
    assert too_long == []


def docs_text() -> str:
    parts = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return "\n".join(part.read_text(encoding="utf-8") for part in parts)


def test_the_docs_describe_every_drill_command_and_rule_option(app: object) -> None:
    text = docs_text()
    lower = text.lower()
    assert [d.slug for d in DRILLS if d.title.lower() not in lower and d.slug not in text] == []
    cli = app.cli  # type: ignore[attr-defined]
    commands = cli.list_commands(click.Context(cli))
    assert [c for c in commands if f"flask --app trainer {c}" not in text] == []
    assert [option for option in Rules.option_names() if f"`{option}`" not in text] == []


def readme_layout() -> list[str]:
    """The paths the README's Layout block names, each from the root ("trainer/engine")."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Layout", 1)[1].split("```", 2)[1]
    parents: list[str] = []
    paths = []
    for line in block.splitlines():
        if not line.strip():
            continue
        depth = (len(line) - len(line.lstrip())) // 2
        name = line.split()[0]
        parents = parents[:depth]
        paths.append("/".join([*parents, name.rstrip("/")]))
        if name.endswith("/"):
            parents.append(name.rstrip("/"))
    return paths


def test_the_readmes_layout_names_only_files_that_exist() -> None:
    assert [path for path in readme_layout() if not (ROOT / path).exists()] == []


# The folders a newcomer needs to see in the README's Layout, beside the packages below.
LAYOUT_FOLDERS = ("trainer", "templates", "static", "drills", "tests", "bench", "docs")


def top_level_packages() -> list[str]:
    """Each package directly under trainer/, and drills/ with every package under it."""
    inits = [*(ROOT / "trainer").glob("*/__init__.py"), *(ROOT / "drills").rglob("__init__.py")]
    return sorted({init.parent.relative_to(ROOT).as_posix() for init in inits})


def test_the_readmes_layout_names_every_top_level_package() -> None:
    named = set(readme_layout())
    assert [path for path in (*LAYOUT_FOLDERS, *top_level_packages()) if path not in named] == []
