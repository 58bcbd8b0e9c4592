"""002's method-3 tree: the node index the table's punters read their play by
(:func:`.method3_tree.node_index`, its own walk) is the tree's own, node for node and in its
order, with and without splits."""

from __future__ import annotations

import pytest

from trainer.engine.banker.method3_tree import Tree, node_index
from trainer.engine.rulebook.rules import find_preset


@pytest.mark.parametrize("changes", [{}, {"max_split_hands": 1, "decks": 2}])
def test_the_node_index_is_the_trees_own_in_its_order(changes: dict[str, int]) -> None:
    rules = find_preset("twenty-one-home").replace(**changes)  # type: ignore[arg-type]
    tree = Tree(rules, worked=False)
    nodes, starts = node_index(rules)
    assert list(nodes.items()) == list(tree._index.items())
    assert list(starts) == tree.starts
    assert len(nodes) > 10_000
