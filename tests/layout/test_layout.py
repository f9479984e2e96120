"""The package's shape: no import cycles, and no game named where no game belongs.

What counts as game-neutral, and why each exception is one, is in ``docs/plugins.md``
(*Game-neutral modules*); this file is its executable form.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.layout.imports import PACKAGE_ROOT, cycles, import_graph

KNOWN_CYCLES: list[list[str]] = []
"""The cycles left, each with its reason; a new one, or a larger one, fails."""

GAME_WORDS = re.compile(r"drecksau|dirty|sauschoen|sauschön|saukopf|dreihaxer|schafkopf|"
                        r"pigasus", re.IGNORECASE)

NEUTRAL = ["core", "arena", "cli", "server", "testing", "web/static/js", "bots",
           "analysis.py", "stats.py", "__init__.py", "_compiled.py"]
"""Game-neutral code, by path under ``src/saustall``."""

BOTS_PACKAGE = {"__init__.py", "base.py", "describe.py", "policy.py"}
"""All that ``saustall/bots/`` holds: the bot protocol, its registry, the level texts
common to every game and the learned-policy bot (a network over an environment's
observation; each game gives its encoder and its policy files). A game's bots live in its own package (``games/<game>/bots/``)."""

RENDERERS = "web/static/js/games/"
"""The page's game renderers: ``<name>.js``, and the folder ``<name>/`` of its own parts
(art, rules), looked up by the names the catalogue gives. Only ``index.js`` is neutral."""


def exempt(path: str) -> bool:
    """Whether ``path`` (under ``src/saustall``) is inside :data:`NEUTRAL` but may name
    games: a game's renderer or a part of it (docs/plugins.md says why)."""
    rest = path.removeprefix(RENDERERS)
    return rest != path and rest != "index.js"


def test_the_import_graph_has_no_cycle_but_the_known_ones() -> None:
    graph = import_graph()
    assert len(graph) > 100 and "saustall.core.registry" in graph  # it read the package
    found = cycles(graph)
    new = [component for component in found if component not in KNOWN_CYCLES]
    assert new == [], f"import cycles: {new}"


def test_the_core_imports_no_game_and_nothing_outside_itself() -> None:
    graph = import_graph()
    for module in (name for name in graph if name.startswith("saustall.core.")):
        outside = {target for target in graph[module]
                   if not target.startswith("saustall.core") and target != "saustall"}
        assert outside == set(), f"{module} imports {sorted(outside)}"


def test_the_import_graph_reads_function_level_imports() -> None:
    # bots.base imports the registry inside the function that first needs it
    assert "saustall.core.registry" in import_graph()["saustall.bots.base"]


def _neutral_files() -> list[Path]:
    files: list[Path] = []
    for entry in NEUTRAL:
        path = PACKAGE_ROOT / entry
        files += sorted(path.rglob("*")) if path.is_dir() else [path]
    return [f for f in files if f.suffix in (".py", ".js")
            and not exempt(f.relative_to(PACKAGE_ROOT).as_posix())]


def test_no_game_neutral_module_names_a_game() -> None:
    files = _neutral_files()
    assert any(f.name == "registry.py" for f in files) and any(f.name == "index.js"
                                                               for f in files)
    named = {f.relative_to(PACKAGE_ROOT).as_posix(): sorted(set(
        word.lower() for word in GAME_WORDS.findall(f.read_text(encoding="utf-8"))))
        for f in files}
    assert {path: words for path, words in named.items() if words} == {}


def test_the_exemption_is_the_renderers_and_their_own_folders() -> None:
    games = PACKAGE_ROOT / RENDERERS
    renderers = {f.stem for f in games.glob("*.js")} - {"index"}
    assert renderers  # the built-in games have renderers
    folders = {d.name for d in games.iterdir() if d.is_dir()}
    assert folders <= renderers, f"a folder without its renderer: {folders - renderers}"
    assert not exempt(RENDERERS + "index.js") and not exempt("web/static/js/art.js")


def test_the_bots_package_holds_only_what_every_game_shares() -> None:
    bots = PACKAGE_ROOT / "bots"
    found = {path.relative_to(bots).as_posix() for path in bots.rglob("*")
             if path.suffix == ".py" or (path.is_dir() and path.name != "__pycache__")}
    assert found == BOTS_PACKAGE, "a game's bots belong in games/<game>/bots/"
    assert all(entry == "bots" or not entry.startswith("bots/") for entry in NEUTRAL)
    assert not any(exempt(f"bots/{name}") for name in BOTS_PACKAGE)


def test_every_game_keeps_its_bots_in_its_own_package() -> None:
    # each built-in game registers its bots from modules of its own package
    from saustall.core import registry

    for name in ("drecksau", "saukopf", "pigasus"):
        reference = registry.support(name).register_bots
        assert reference is not None and reference.startswith(f"saustall.games.{name}.")
        assert (PACKAGE_ROOT / "games" / name / "bots" / "__init__.py").is_file()
    graph = import_graph()
    for module, targets in graph.items():
        game = module.split(".")[2] if module.startswith("saustall.games.") else None
        for target in targets:
            if ".bots." in target and target.startswith("saustall.games."):
                owner = target.split(".")[2]
                assert game is None or game == owner, f"{module} imports {target}"
