"""The engine's import graph: no module imports itself back through others (no import circle),
counting imports made only for type checking and those inside functions.

The layer order itself (surfaces > content > analysis > ai > core) is import-linter's contract in
pyproject.toml, run by scripts/test; this test adds what a layers contract cannot see: a circle
between two modules of the same layer.
"""

from __future__ import annotations

import grimp


def import_circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every import circle, each as the modules along it (first repeated at the end)."""
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: finished
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if state.get(imported) == 1:
                circles.append([*path[path.index(imported) :], imported])
            elif imported not in state:
                visit(imported)
        path.pop()
        state[module] = 2

    for module in sorted(graph.modules):
        if module not in state:
            visit(module)
    return circles


def engine_graph() -> grimp.ImportGraph:
    graph = grimp.build_graph("engine", exclude_type_checking_imports=False)
    # A package's __init__ re-exporting its modules is not a circle: `engine.ai` importing
    # `engine.ai.expert`, which imports `engine.ai.heuristic`, never imports `engine.ai` back
    # unless a module does `from engine.ai import …`, which the check below still sees.
    return graph


def test_the_engine_has_no_import_circle() -> None:
    assert import_circles(engine_graph()) == []


def test_the_circle_finder_sees_a_circle() -> None:
    graph = grimp.ImportGraph()
    for module in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(module)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.c", imported="p.a")
    assert import_circles(graph) == [["p.a", "p.b", "p.c", "p.a"]]
