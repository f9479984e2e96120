"""Fuzzing the files from people: real records of every game (and a real score ledger),
mutated in their bytes, their values and their structure, then loaded and run through the
CLI. Each either loads and replays (exit 0, nothing raw printed) or is refused with the
typed error (``RecordError`` / ``InputFileError``; on the command line one ``error:``
line and exit 2); never any other exception, never a traceback.

The default suite draws a few dozen examples; ``make fuzz-files`` draws 1,000 of each
(``EXAMPLES=N`` for another count) and prints how they ended.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saustall.core import GameRecord, RecordError, get
from tests.cli.bad_files import RAW_CONTROLS, REAL_RECORDS, assert_refused, run

LONG_EXAMPLES = int(os.environ.get("SAUSTALL_FILE_FUZZ_EXAMPLES", "1000"))
DEEP = "__deep__"
"""A placeholder value, replaced in the JSON text by brackets nested deep."""


def fresh_record(game: str, ruleset: str, players: int, seed: int) -> bytes:
    """A record written now: random play, stopped part way for the long games."""
    state = get(game, ruleset).new_state(players, seed)
    rng = random.Random(seed)
    for _ in range(150):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state.record().to_json().encode()


SEED_RECORDS: list[bytes] = [path.read_bytes() for path in REAL_RECORDS.values()] + [
    fresh_record("drecksau", "sauschoen-tournament", 3, 4),
    fresh_record("saukopf", "dreihaxer", 3, 5),
    fresh_record("pigasus", "pigasus", 3, 6),
]
"""Real records of every game: Saustall 0.1's and fresh ones."""

TROUBLE = ["\x1b[2J", "\x1b]8;;https://evil.example/\x07x\x1b]8;;\x07", "[/bold]", "\u202e",
           "\x9b2J", "", "pass", 10**400, -(10**400), 2**64, -1, 0, 1e308, float("nan"), True]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                    st.integers(min_value=-(10**400), max_value=10**400),
                    st.text(max_size=20), st.sampled_from(TROUBLE), st.just(DEEP))
ODD_DIGITS = ["\u00b2", "\u0663", "\uff11", "9" * 5000, "0" * 4301 + "1"]
"""Digits put into an action's text: ones ``str.isdigit`` takes and ``int`` refuses (a
superscript two, runs past ``int``'s 4,300 digits), ones ``int`` reads though the notation
is ASCII (Arabic-Indic, fullwidth)."""
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)


def paths(doc: Any) -> list[tuple[Any, ...]]:
    """Every place in a parsed document (containers and leaves), the root excluded."""
    found: list[tuple[Any, ...]] = []
    todo: list[tuple[tuple[Any, ...], Any]] = [((), doc)]
    while todo:
        where, value = todo.pop()
        items = value.items() if isinstance(value, dict) else (
            enumerate(value) if isinstance(value, list) else ())
        for key, item in items:
            found.append((*where, key))
            todo.append(((*where, key), item))
    return found


def place(doc: Any, where: tuple[Any, ...]) -> tuple[Any, Any]:
    """The container holding ``where`` and its key there."""
    for key in where[:-1]:
        doc = doc[key]
    return doc, where[-1]


def dump(doc: Any, depth: int) -> bytes:
    """``doc`` as JSON, each placeholder nested ``depth`` levels deep."""
    text = json.dumps(doc, ensure_ascii=False)
    return text.replace(json.dumps(DEEP), "[" * depth + "]" * depth).encode()


@st.composite
def mutants(draw: st.DrawFn, seeds: list[bytes], kinds: tuple[str, ...] | None = None
            ) -> bytes:
    """One of ``seeds``, mutated in its bytes, values or structure (once or a few times), or
    in the digits of an action; ``kinds`` narrows the mutations drawn from."""
    original = draw(st.sampled_from(seeds))
    record = b'"actions"' in original
    kind = draw(st.sampled_from(kinds or ["bytes", "values", "structure", "sound"]
                                + (["digits"] if record else [])))
    if kind == "digits":  # a record's action with odd digits in place of its own or added
        doc = json.loads(original)
        actions = doc["actions"]
        with_digits = [i for i, text in enumerate(actions) if re.search("[0-9]", text)]
        at = draw(st.sampled_from(with_digits or range(len(actions))))
        odd = draw(st.sampled_from(ODD_DIGITS))
        text = actions[at]
        actions[at] = (re.sub("[0-9]+", lambda _: odd, text, count=1) if at in with_digits
                       else f"{text} {odd}")
        return json.dumps(doc, ensure_ascii=draw(st.booleans())).encode()
    if kind == "sound":  # what a sound file may hold: any meta, a game cut short, layout
        doc = json.loads(original)
        if "actions" in doc:  # a record
            doc["meta"] = draw(st.dictionaries(st.text(max_size=8), VALUES, max_size=4))
            if draw(st.booleans()):
                doc.pop("winners", None)
                del doc["actions"][draw(st.integers(0, len(doc["actions"]))):]
        indent = draw(st.sampled_from([None, 0, 1, 2, 4]))
        return json.dumps(doc, ensure_ascii=draw(st.booleans()), indent=indent).replace(
            json.dumps(DEEP), "[]").encode()
    if kind == "bytes":
        data = bytearray(original)
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(data)))
            op = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "repeat"]))
            if op == "flip" and at < len(data):
                data[at] ^= 1 << draw(st.integers(0, 7))
            elif op == "insert":
                data[at:at] = draw(st.binary(min_size=1, max_size=6)
                                   | st.sampled_from([b"[", b"{", b'"', b"\\", b",", b"\x1b"]))
            elif op == "delete":
                del data[at:at + draw(st.integers(1, 12))]
            elif op == "truncate":
                del data[at:]
            else:
                data[at:at] = data[at:at + draw(st.integers(1, 40))] * draw(st.integers(1, 50))
        return bytes(data)
    doc = json.loads(original)
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(doc)))
        container, key = place(doc, where)
        if kind == "values":
            container[key] = draw(VALUES)
        elif isinstance(container, dict):
            op = draw(st.sampled_from(["delete", "add", "wrap"]))
            if op == "delete":
                del container[key]
            elif op == "add":
                container[draw(st.text(max_size=10))] = draw(VALUES)
            else:
                container[key] = [container[key]]
        else:  # a list: actions, winners
            op = draw(st.sampled_from(["delete", "repeat", "swap", "shuffle"]))
            if op == "delete":
                del container[key:key + draw(st.integers(1, 30))]
            elif op == "repeat":
                container[key:key] = container[key:key + 5] * draw(st.integers(1, 5))
            elif op == "swap":
                other = draw(st.integers(0, len(container) - 1))
                container[key], container[other] = container[other], container[key]
            else:
                random.Random(draw(st.integers(0, 99))).shuffle(container)
        if not paths(doc):
            break
    return dump(doc, draw(st.sampled_from([2, 63, 64, 1023, 1025, 100_000])))


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def check_record(text: bytes, workdir: Path) -> str:
    """Load, replay and run ``saustall replay`` on ``text``; how it ended."""
    try:
        GameRecord.from_json(text).replay()
        loaded = "replays"
    except RecordError:  # InputFileError too: either is the typed error
        loaded = "refused"
    path = workdir / "mutant.json"
    path.write_bytes(text)
    result = run("replay", str(path))
    if result.exit_code == 0:
        assert loaded == "replays", result.output
        assert result.stderr == "" and not RAW_CONTROLS.search(result.output)
    else:
        assert loaded == "refused", result.output
        assert_refused(result, path)
    return loaded


def ledger_seed(workdir: Path) -> bytes:
    """A real ledger of three deals, written by the score keeper."""
    path = workdir / "abend.json"
    for args in (["new", str(path), "--players", "Sepp,Resi,Alois,Zenzi"],
                 ["add", str(path), "--game", "sauerei", "--declarer", "Sepp", "--partner",
                  "Zenzi", "--bid", "61", "--points", "59", "--laufende", "mit 1",
                  "--kontra", "Resi"],
                 ["add", str(path), "--game", "hauer", "--declarer", "1", "--bid", "65",
                  "--points", "51", "--laufende", "ohne 2", "--kontra", "resi", "--re",
                  "Sepp", "--spiess"],
                 ["add", str(path), "--game", "wutz", "--declarer", "Alois", "--bid", "61",
                  "--points", "0", "--tricks", "0", "--laufende", "ohne 1"]):
        result = run("saukopf", "score", *args)
        assert result.exit_code == 0, result.output
    return path.read_bytes()


def check_ledger(text: bytes, workdir: Path) -> str:
    """``saustall saukopf score show`` on ``text``; how it ended."""
    path = workdir / "mutant-ledger.json"
    path.write_bytes(text)
    result = run("saukopf", "score", "show", str(path))
    if result.exit_code == 0:
        assert result.stderr == "" and not RAW_CONTROLS.search(result.output)
        return "shown"
    assert_refused(result, path)
    return "refused"


def fuzz(examples: int) -> settings:
    """Hypothesis settings for ``examples`` mutants (slow ones, large ones allowed)."""
    return settings(deadline=None, max_examples=examples,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@fuzz(30)
@given(text=mutants(SEED_RECORDS))
def test_a_mutated_record_replays_or_is_refused(text: bytes, workdir: Path) -> None:
    check_record(text, workdir)


@fuzz(12)
@given(text=mutants(SEED_RECORDS, kinds=("digits",)))
def test_a_record_with_odd_digits_in_an_action_replays_or_is_refused(
        text: bytes, workdir: Path) -> None:
    """Drawn apart from the others, so that the default suite's few examples hold some."""
    check_record(text, workdir)


def test_a_mutated_ledger_is_shown_or_refused(workdir: Path) -> None:
    seed = ledger_seed(workdir)

    @fuzz(20)
    @given(text=mutants([seed]))
    def each(text: bytes) -> None:
        check_ledger(text, workdir)

    each()


@pytest.mark.long
def test_a_thousand_mutated_records_and_ledgers(workdir: Path) -> None:
    """``make fuzz-files``: LONG_EXAMPLES of each; prints the tally."""
    tally: Counter[str] = Counter()
    seed = ledger_seed(workdir)

    @fuzz(LONG_EXAMPLES)
    @given(text=mutants(SEED_RECORDS))
    def each_record(text: bytes) -> None:
        tally["record " + check_record(text, workdir)] += 1

    @fuzz(LONG_EXAMPLES)
    @given(text=mutants([seed]))
    def each_ledger(text: bytes) -> None:
        tally["ledger " + check_ledger(text, workdir)] += 1

    each_record()
    each_ledger()
    print(f"\nfuzz-files: {sum(tally.values())} mutated files, every one replayed/shown or "
          f"refused with one error line: {dict(sorted(tally.items()))}")
