"""No import circles among the project's modules: two modules that import each other are one
concept split in two, or a third module not yet written.

Every import counts, wherever it is written: at the top, under ``if TYPE_CHECKING:``, or inside
a function (an import moved into a function hides a circle from Python, not from a reader).
Relative imports are resolved, and ``from package import name`` is an import of
``package.name`` where that is a module.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("trainer", "drills")


def module_files(base: Path, roots: tuple[str, ...]) -> dict[str, Path]:
    """Every module under ``roots`` (folders of ``base``) by its dotted name; a package is its
    ``__init__.py``."""
    found = {}
    for root in roots:
        for path in sorted((base / root).rglob("*.py")):
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules among ``modules`` that the module ``name`` (at ``path``) imports, anywhere in
    its text."""

    def known(dotted: str) -> str | None:
        # The longest known module the name is in: "trainer.engine.deck.cards.Card" is an
        # import of trainer.engine.deck.cards.
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(filter(None, (known(alias.name) for alias in node.names)))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                member = f"{base}.{alias.name}"
                target = member if member in modules else known(base)
                if target:
                    found.add(target)
    found.discard(name)
    return found


def import_cycles(base: Path, roots: tuple[str, ...]) -> list[frozenset[str]]:
    """Each set of modules that import one another round a circle (the strongly connected
    components of the import graph with more than one module), by Tarjan's algorithm."""
    modules = module_files(base, roots)
    graph = {name: sorted(imports_of(name, path, modules)) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[frozenset[str]] = []

    def visit(start: str) -> None:
        # Iterative, so that a deep chain of imports cannot exhaust Python's recursion.
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for target in edges:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph[target])))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        cycles.append(frozenset(component))

    for name in graph:
        if name not in index:
            visit(name)
    return cycles


def test_no_module_imports_itself_round_a_circle() -> None:
    circles = [sorted(cycle) for cycle in import_cycles(ROOT, CHECKED)]
    assert sorted(circles) == []


def write(base: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = base / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_check_finds_a_circle_hidden_under_type_checking_and_in_a_function(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        {
            "made/__init__.py": "",
            "made/up/__init__.py": "",
            "made/up/first.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from made.up.second import Second\n"
            ),
            "made/up/second.py": "def later():\n    from . import first\n",
            "made/up/alone.py": "import made.up.first\n",
        },
    )
    assert import_cycles(tmp_path, ("made",)) == [frozenset({"made.up.first", "made.up.second"})]


def test_the_check_resolves_a_name_to_its_module_or_its_package(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "made/__init__.py": "from made.leaf import VALUE\n",
            "made/leaf.py": "VALUE = 1\n",
            "made/user.py": "from made import leaf\nfrom made import VALUE\n",
            "made/deep/__init__.py": "",
            "made/deep/inner.py": "from ..user import leaf\nfrom .. import user\n",
        },
    )
    modules = module_files(tmp_path, ("made",))
    assert imports_of("made.user", modules["made.user"], modules) == {"made.leaf", "made"}
    assert imports_of("made.deep.inner", modules["made.deep.inner"], modules) == {"made.user"}
    assert import_cycles(tmp_path, ("made",)) == []
