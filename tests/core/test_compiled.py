"""The optional compiled core (setup.py, ``saustall/_compiled.py``).

The compiled engine must play exactly the games the pure one plays; pure Python must be
what ``SAUSTALL_PURE_PYTHON=1`` gives; a stale build must never be used; and the install
must fall back to pure Python, with a notice, when it cannot compile.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import saustall
from saustall import _compiled
from tests.drecksau.differential import case_digest
from tests.saukopf.test_differential import session_digest

ROOT = Path(__file__).resolve().parents[2]
EXTENSION = importlib.machinery.EXTENSION_SUFFIXES[0]
PURE = {**os.environ, _compiled.PURE_ENV: "1"}

# A few seeded games of each compiled engine: every legal list, view and record digested.
DIGEST_SCRIPT = """
import json, sys
import saustall
from tests.drecksau.differential import case_digest
from tests.saukopf.test_differential import session_digest
print(json.dumps({"compiled": saustall.compiled_modules(),
                  "digests": [case_digest("dirty-pig", 3, 4, games=4),
                              case_digest("sauschoen", 4, 2, games=2),
                              *[session_digest(r, s) for r in ("saukopf", "dreihaxer")
                                for s in range(4)]]}))
"""


def run_python(code: str, env: dict[str, str], cwd: Path = ROOT) -> str:
    """Run ``code`` in a fresh interpreter; its standard output."""
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, check=True,
                          capture_output=True, text=True, timeout=300)
    return done.stdout


def built() -> bool:
    """Whether this checkout has a current compiled build (and pure Python is not asked)."""
    return _compiled.compiled_allowed(_compiled.recorded_sources())


def test_pure_python_plays_the_same_games_as_this_process() -> None:
    pure = json.loads(run_python(DIGEST_SCRIPT, PURE))
    assert pure["compiled"] == []  # the subprocess really ran pure Python
    here = [case_digest("dirty-pig", 3, 4, games=4), case_digest("sauschoen", 4, 2, games=2),
            *[session_digest(r, s) for r in ("saukopf", "dreihaxer") for s in range(4)]]
    assert pure["digests"] == here


# The Saukopf search bot's playouts and hand ratings are compiled too: its bids, declarations
# and cards must not change with the build.
SEARCH_SCRIPT = """
import json
from saustall.games.saukopf.census import CensusJob, play_contract
from saustall.bots.base import make_bot
from saustall.core import get
game = get("saukopf", "saukopf")
state = game.new_state(4, 11, {"deals": 1})
bots = [make_bot("saukopf", "club", seat) for seat in range(4)]
for _ in range(12):  # the bidding, the declaration and the first cards
    p = state.current_player
    state.apply(bots[p].choose(state.view(p), state.legal_actions(p)), p)
print(json.dumps({"contracts": [play_contract(CensusJob("dreihaxer", 3, "club", 2), i)
                                for i in range(3)], "history": state.history}))
"""


def test_the_saukopf_search_bot_decides_the_same_compiled_and_pure() -> None:
    here = json.loads(run_python(SEARCH_SCRIPT, dict(os.environ)))
    assert json.loads(run_python(SEARCH_SCRIPT, PURE)) == here


def test_this_process_runs_compiled_exactly_when_a_current_build_exists() -> None:
    running = saustall.compiled_modules()
    if built():
        assert running == sorted(_compiled.recorded_sources())
        from saustall.games.drecksau import game

        assert game.__file__ is not None and game.__file__.endswith(EXTENSION)
    else:  # no build here (no compiler, or SAUSTALL_PURE_PYTHON=1): nothing compiled runs
        assert running == []


def load_setup() -> ModuleType:
    """setup.py as a module (its ``setup()`` call runs only as a script)."""
    spec = importlib.util.spec_from_file_location("saustall_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("env", "reason"), [
    ({"SAUSTALL_PURE_PYTHON": "1"}, "SAUSTALL_PURE_PYTHON=1"),
    ({"CC": "/nonexistent/cc"}, "no C compiler found"),
])
def test_the_install_falls_back_to_pure_python_with_a_notice(
        env: dict[str, str], reason: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    setup = load_setup()
    monkeypatch.setattr(setup, "SOURCES_FILE", tmp_path / "sources.json")
    (tmp_path / "sources.json").write_text("{}")
    monkeypatch.delenv("SAUSTALL_PURE_PYTHON", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel"])
    assert setup.extensions() == []
    notice = capsys.readouterr().err.strip().splitlines()
    assert notice == [f"saustall: installing pure Python, no compiled core ({reason})"]
    assert not (tmp_path / "sources.json").exists()  # an old build's record is forgotten


def test_the_install_falls_back_without_mypyc(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    setup = load_setup()
    monkeypatch.setattr(setup, "forget_sources", lambda: None)
    monkeypatch.delenv("SAUSTALL_PURE_PYTHON", raising=False)
    monkeypatch.setitem(sys.modules, "mypyc.build", None)  # import fails
    monkeypatch.setattr(sys, "argv", ["setup.py", "build_ext"])
    assert setup.extensions() == []
    assert "(mypyc is not installed)" in capsys.readouterr().err


def fake_package(tmp_path: Path) -> Path:
    """A package ``fakepkg`` with a module both as source and as a (fake) extension."""
    package = tmp_path / "fakepkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "mod.py").write_text("VALUE = 1\n")
    (package / f"mod{EXTENSION}").write_bytes(b"not a real extension")
    return package


def test_the_finder_loads_the_source_instead_of_an_extension(tmp_path: Path) -> None:
    package = fake_package(tmp_path)
    finder = _compiled.PureFallbackFinder(prefix="fakepkg.")
    spec = finder.find_spec("fakepkg.mod", [str(package)])
    assert spec is not None and spec.origin == str(package / "mod.py")
    assert finder.find_spec("otherpkg.mod", [str(package)]) is None
    (package / "plain.py").write_text("")  # no extension: the usual finders do it
    assert finder.find_spec("fakepkg.plain", [str(package)]) is None


def test_a_changed_source_disables_the_compiled_build(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    package = fake_package(tmp_path)
    monkeypatch.delenv(_compiled.PURE_ENV, raising=False)
    recorded = {"fakepkg.mod": __import__("hashlib").sha256(b"VALUE = 1\n").hexdigest()}
    assert _compiled.compiled_allowed(recorded, tmp_path / "fakepkg")
    (package / "mod.py").write_text("VALUE = 2\n")
    assert _compiled.stale_modules(recorded, tmp_path / "fakepkg") == ["fakepkg.mod"]
    assert not _compiled.compiled_allowed(recorded, tmp_path / "fakepkg")
    assert not _compiled.compiled_allowed({}, tmp_path / "fakepkg")  # no build recorded
    (package / "mod.py").write_text("VALUE = 1\n")
    monkeypatch.setenv(_compiled.PURE_ENV, "1")
    assert not _compiled.compiled_allowed(recorded, tmp_path / "fakepkg")


def test_a_stale_build_runs_the_changed_source(tmp_path: Path) -> None:
    # A copy of the package whose recorded hash of one module no longer matches: every
    # module loads from source (the compiled ones call each other: all or none).
    copy = tmp_path / "src"
    shutil.copytree(ROOT / "src", copy, ignore=shutil.ignore_patterns("*.egg-info"))
    sources = copy / "saustall" / "_compiled_sources.json"
    recorded = json.loads(sources.read_text()) if sources.exists() else {}
    code = ("import json, saustall.games.drecksau.game as g, saustall; "
            "print(json.dumps([saustall.compiled_modules(), g.__file__]))")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    env.pop(_compiled.PURE_ENV, None)
    if built():  # the unchanged copy runs compiled, like the checkout
        running, where = json.loads(run_python(code, env, cwd=tmp_path))
        assert running == sorted(recorded) and where.endswith(EXTENSION)
    recorded["saustall.games.drecksau.game"] = "0" * 64
    sources.write_text(json.dumps(recorded))
    running, where = json.loads(run_python(code, env, cwd=tmp_path))
    assert running == []
    assert where == str(copy / "saustall" / "games" / "drecksau" / "game.py")


# Draws, shuffles of every deck length and states of the random stream from edge keys.
STREAM_SCRIPT = """
import json
from saustall.core.rng import Rng
out = []
for key in (0, 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 987654321987654321):
    rng = Rng(0, key=key)
    for length in range(0, 120):
        deck = list(range(length))
        rng.shuffle(deck)
        out.append([deck, rng._state, rng.randrange(1000), rng.randrange(2**64), rng.random()])
    out.append([rng.spawn()._state, rng.clone()._state, Rng("seed")._state, Rng(2**70)._state])
print(json.dumps(out))
"""


def test_pure_python_draws_the_same_stream_as_this_process() -> None:
    # The compiled core draws with 64-bit words, pure Python with unsigned ints.
    pure = json.loads(run_python(STREAM_SCRIPT, PURE))
    here = json.loads(run_python(STREAM_SCRIPT, {**os.environ, _compiled.PURE_ENV: "0"}))
    assert pure == here
