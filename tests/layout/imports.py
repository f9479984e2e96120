"""The import graph of the ``saustall`` package, read from the source (no import runs).

Every ``import`` and ``from ... import`` counts, at module level or inside a function,
except those under ``if TYPE_CHECKING:`` (they never run). ``from a import b`` is an edge
to ``a.b`` when that is a module, else to ``a``; relative imports are resolved against
the importing module.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[2] / "src" / "saustall"


def module_names(root: Path = PACKAGE_ROOT) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[tuple[str, list[str], int]]:
    """(module, names, level) of every import that runs."""
    found: list[tuple[str, list[str], int]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, [], 0) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", [alias.name for alias in node.names],
                          node.level))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def import_graph(root: Path = PACKAGE_ROOT) -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    modules = module_names(root)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        for target, names, level in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[:len(base) - (level - 1)]
                target = ".".join(base + ([target] if target else []))
            candidates = [f"{target}.{item}" for item in names] or [target]
            for candidate in candidates:
                hit = candidate if candidate in modules else target
                while hit and hit not in modules:  # import a.b.c of a module a.b
                    hit = hit.rpartition(".")[0]
                if hit and hit != name:
                    graph[name].add(hit)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def connect(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


if __name__ == "__main__":
    for component in cycles(import_graph()):
        print(len(component), component)
