"""Terminal play and the score keeper, driven by scripted input."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from saustall.games.saukopf import prompts as saukopf_prompts
from saustall.games.saukopf import table_tools as saukopf_tools
from saustall.games.saukopf import terminal as play_saukopf
from saustall.games.saukopf.terminal import SaukopfTerminal
from saustall.games.saukopf.prompts import PromptError, bid_prompt, parse_bid
from saustall.games.saukopf.table_tools import ScoreInputError, build_outcome
from saustall.games.saukopf.rules_text import fit
from saustall.core import GameRecord
from saustall.core.errors import InputFileError
from saustall.games.saukopf.cards import (
    GAME_KINDS, GRAS, HAUER, KNORPEL, SCHWARZ, WUTZ, Declaration, parse_card,
)
from saustall.games.saukopf.game import BID_BASE, PASS, declare_action, is_declare
from saustall.games.saukopf.scoring import DealOutcome

import pytest


def quiet_console() -> Console:
    return Console(file=io.StringIO(), width=120, color_system=None)


def output(console: Console) -> str:
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def plain_answers(prompt: str) -> str:
    """Pass in the bidding, take the first game, suit and move; never am Spieß."""
    if prompt.startswith("Your bid"):
        return "p"
    if "am Spieß" in prompt and prompt.rstrip().endswith("(b back):"):
        return "n"
    if prompt.startswith("Declare "):
        return "y"
    return "1"


def test_human_plays_a_full_session_by_move_numbers(tmp_path: Path) -> None:
    console = quiet_console()
    prompts: list[str] = []

    def first_move(prompt: str) -> str:
        prompts.append(prompt)
        return plain_answers(prompt)

    terminal = SaukopfTerminal(seed=11, deals=2, console=console, input_fn=first_move,
                               record_dir=tmp_path)
    state = terminal.run()
    assert state.is_terminal() and not terminal.quit
    text = output(console)
    assert prompts  # the human was asked
    assert "Your hand:" in text and "Bidding:" in text
    assert "Schlachtfest, deal" in text or "thrown in" in text
    assert "Schlachtmeister:" in text
    assert terminal.record_path is not None and terminal.record_path.exists()
    record = json.loads(terminal.record_path.read_text())
    assert record["game"] == "saukopf" and record["actions"]


def test_human_types_cards_and_gets_clear_errors() -> None:
    console = quiet_console()
    answers = iter(["zz", "130", "?", "61", "", "62"])

    def scripted(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            return "q"

    terminal = SaukopfTerminal(seed=3, deals=1, bots=["heuristic"], console=console,
                               input_fn=scripted)
    state = terminal.run()
    text = output(console)
    assert terminal.quit and not state.is_terminal()
    assert "'zz' is not a bid. Your bid: a number 62-120, s for Schwarz, p to pass." in text
    assert "130 is not a bid: bids are card points from 61 to 120" in text
    assert "Not allowed: a bid must beat the top bid 61" in text
    assert "How to play" in text and "cannot read action" not in text
    assert "You: bids 62" in text


def test_auto_session_shows_the_scoring_breakdown() -> None:
    console = quiet_console()
    terminal = SaukopfTerminal(human=None, seed=2, deals=4, console=console)
    state = terminal.run()
    text = output(console)
    scored = [r for r in state.results if not r["thrown_in"]]
    assert scored
    assert "Schlachtung 2" in text
    assert "Laufende:" in text and "Trumps, high to low" not in text  # no human table
    assert text.count("Trick 8:") == len(scored)


def test_dreihaxer_in_the_terminal() -> None:
    console = quiet_console()
    SaukopfTerminal(ruleset="dreihaxer", human=None, seed=4, deals=3, console=console).run()
    text = output(console)
    assert "Laid aside (count for nobody)" in text
    assert "Trick 10:" in text or "thrown in" in text


def test_play_command_line_runs_and_helps() -> None:
    runner = CliRunner()
    console = quiet_console()
    app = play_saukopf.build_app(console=console)
    result = runner.invoke(app, ["--auto", "--seed", "5", "--deals", "1", "--no-record"])
    assert result.exit_code == 0, result.output
    assert "Session ledger" in output(console)
    assert runner.invoke(app, ["--help"]).exit_code == 0
    bad = runner.invoke(app, ["--bots", "genius", "--auto"])
    assert bad.exit_code == 2 and "unknown bot genius" in output(console)


def test_score_keeper_session(tmp_path: Path) -> None:
    runner = CliRunner()
    console = quiet_console()
    app = saukopf_tools.build_app(console=console)
    ledger = str(tmp_path / "abend.json")
    steps = [
        ["score", "new", ledger, "--players", "Sepp,Resi,Alois,Zenzi"],
        ["score", "add", ledger, "--game", "sauerei", "--declarer", "Sepp", "--partner",
         "Zenzi", "--bid", "61", "--points", "59", "--laufende", "mit 1", "--kontra", "Resi"],
        ["score", "add", ledger, "--game", "hauer", "--declarer", "1", "--bid", "65",
         "--points", "51", "--laufende", "ohne 2", "--kontra", "resi", "--re", "Sepp",
         "--spiess"],
        ["score", "show", ledger],
    ]
    for args in steps:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, output(console)
    text = output(console)
    assert "Resi and Alois win: 6 meat points each" in text
    assert "Gegenhuftreter 3 roughness points" in text
    data = json.loads(Path(ledger).read_text())
    totals, _ = saukopf_tools.ledger_totals(4, saukopf_tools.check_ledger(data))
    assert totals.meat == [0, 22, 22, 16] and totals.roughness == [5, 0, 0, 0]
    assert "Schlachtmeister: Resi and Alois" in text and "Oberrauborstler: Sepp" in text
    assert runner.invoke(app, ["score", "undo", ledger]).exit_code == 0
    assert len(json.loads(Path(ledger).read_text())["deals"]) == 1


def test_the_checked_outcomes_are_the_stored_ones(tmp_path: Path) -> None:
    """check_ledger hands on the outcomes its checks built: each the stored deal, so the
    totals score what the file holds."""
    ledger = str(tmp_path / "abend.json")
    runner = CliRunner()
    app = saukopf_tools.build_app(quiet_console())
    for args in (["score", "new", ledger, "--players", "Sepp,Resi,Alois,Zenzi"],
                 ["score", "add", ledger, "--game", "hauer", "--declarer", "1", "--bid",
                  "schwarz", "--points", "120", "--tricks", "8", "--laufende", "ohne 2",
                  "--kontra", "resi", "--re", "Sepp", "--spiess"],
                 ["score", "add", ledger, "--game", "sauerei", "--declarer", "Sepp",
                  "--partner", "Zenzi", "--bid", "61", "--points", "59", "--laufende",
                  "mit 1"]):
        assert runner.invoke(app, args).exit_code == 0
    data = json.loads(Path(ledger).read_text())
    stored = [DealOutcome(**entry["outcome"]) for entry in data["deals"]]
    assert saukopf_tools.check_ledger(data) == stored
    assert stored[0].bid == SCHWARZ and stored[0].spiess and stored[0].re == 0


def test_a_stored_bid_out_of_range_is_named_in_the_rules_words(tmp_path: Path) -> None:
    """A Schwarz bid is stored as the engine's number for it; the message says so rather
    than offer 121 as a count of card points."""
    data = saukopf_tools.new_ledger(["Sepp", "Resi", "Alois", "Zenzi"])
    outcome = build_outcome(players=4, game="wutz", declarer=0, partner=None, bid=61,
                            points=70, laufende=-2)
    stored = {key: value for key, value in outcome.__dict__.items() if key != "tariff"}
    data["deals"].append({"outcome": {**stored, "bid": 200}})  # as the score keeper stores
    with pytest.raises(InputFileError) as raised:
        saukopf_tools.check_ledger(data)
    assert (f"must be from 61 to 120, or {SCHWARZ} for a Schwarz bid, not 200"
            in str(raised.value))


def test_score_keeper_refuses_impossible_input(tmp_path: Path) -> None:
    runner = CliRunner()
    console = quiet_console()
    app = saukopf_tools.build_app(console=console)
    ledger = str(tmp_path / "l.json")
    runner.invoke(app, ["score", "new", ledger, "--players", "A,B,C,D"])
    result = runner.invoke(app, ["score", "add", ledger, "--game", "knorpel", "--declarer",
                                 "A", "--bid", "70", "--points", "50", "--laufende", "mit 1"])
    assert result.exit_code == 2
    assert "Knorpel needs a bid of at least 91" in output(console)
    result = runner.invoke(app, ["score", "add", ledger, "--game", "wutz", "--declarer",
                                 "Xaver", "--bid", "61", "--points", "50", "--laufende", "+1"])
    assert result.exit_code == 2 and "'Xaver' is not a player" in output(console)
    assert json.loads(Path(ledger).read_text())["deals"] == []


@pytest.mark.parametrize("changes,message", [
    ({"game": "sauerei"}, "name the partner"),
    ({"game": "sauerei", "partner": 0}, "another player"),
    ({"game": "sauerei", "partner": 2, "bid": 70}, "capped at 61"),
    ({"partner": 2}, "is a solo"),
    ({"points": 130}, "0 to 120"),
    ({"points": 50, "opponent_points": 60}, "add up to 120"),
    ({"points": 0}, "--tricks"),
    ({"points": 0, "opponent_points": 120, "tricks": 1, "laufende": -1}, ""),
    ({"laufende": 5}, "only 4 trump"),
    ({"laufende": 0}, "has trumps"),
    ({"game": "vegane-mast", "bid": 121, "laufende": 1, "tricks": 0, "points": 0},
     "no Laufende"),
    ({"kontra": 0}, "opponents"),
    ({"re": 0}, "answers a Huftritt"),
    ({"kontra": 1, "re": 2}, "declarer or partner"),
    ({"players": 3}, "--opponent-points"),
    ({"players": 3, "opponent_points": 10}, "99 to 120"),
    ({"players": 3, "game": "sauerei", "partner": 1}, "solos only"),
    ({"game": "schafkopf"}, "unknown game"),
])
def test_build_outcome_names_the_problem(changes: dict[str, object], message: str) -> None:
    args: dict[str, object] = dict(players=4, game="wutz", declarer=0, partner=None, bid=61,
                                   points=70, laufende=2)
    args.update(changes)
    if message == "":  # a valid deal with a zero-point trick: accepted
        assert build_outcome(**args).declarer_tricks == 1  # type: ignore[arg-type]
        return
    with pytest.raises(ScoreInputError, match=message):
        build_outcome(**args)  # type: ignore[arg-type]


def test_parse_laufende_and_bid() -> None:
    assert saukopf_tools.parse_laufende("mit 3") == 3
    assert saukopf_tools.parse_laufende("ohne2") == -2
    assert saukopf_tools.parse_laufende("keine") == 0
    assert saukopf_tools.parse_bid("Schwarz") == 121
    with pytest.raises(ScoreInputError):
        saukopf_tools.parse_laufende("viele")
    with pytest.raises(ScoreInputError):
        saukopf_tools.parse_bid("60")


ODD_NUMBERS = ["\u00b2", "9" * 5000, "\u0666\u0665"]
"""Digits ``int`` refuses (a superscript two, past its 4,300 digits) or reads though no
one types them for a number here (Arabic-Indic)."""


@pytest.mark.parametrize("text", ODD_NUMBERS)
def test_odd_digits_are_refused_as_input_not_a_crash(text: str) -> None:
    names = ["Sepp", "Resi", "Alois", "Zenzi"]
    for parse in (saukopf_tools.parse_bid, lambda t: saukopf_tools.parse_laufende("mit " + t),
                  lambda t: saukopf_tools.parse_seat(t, names, "declarer")):
        with pytest.raises(ScoreInputError):
            parse(text)
    with pytest.raises(PromptError):
        parse_bid(text)
    with pytest.raises(PromptError):
        saukopf_prompts.pick_suit(text, [GRAS])


def test_the_score_keeper_refuses_a_bid_of_odd_digits_in_one_line(tmp_path: Path) -> None:
    ledger = str(tmp_path / "abend.json")
    console = quiet_console()
    app = saukopf_tools.build_app(console)
    runner = CliRunner()
    assert runner.invoke(app, ["score", "new", ledger, "--players",
                               "Sepp,Resi,Alois,Zenzi"]).exit_code == 0
    result = runner.invoke(app, ["score", "add", ledger, "--game", "wutz", "--declarer",
                                 "Sepp", "--bid", "\u00b2", "--points", "70", "--laufende",
                                 "ohne 2"])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "a bid is 61 to 120 or 'schwarz', not '\u00b2'" in output(console)


# --------------------------------------------------------------------------------------
# Bidding and declaring at the terminal (issue 13)
# --------------------------------------------------------------------------------------

class Answers:
    """Scripted answers; records each prompt with the number of actions played so far."""

    def __init__(self, answers: list[str], then: str = "q") -> None:
        self.answers = list(answers)
        self.then = then
        self.seen: list[tuple[str, int]] = []
        self.terminal: SaukopfTerminal | None = None

    def __call__(self, prompt: str) -> str:
        assert self.terminal is not None
        self.seen.append((prompt, len(self.terminal.state.history)))
        return self.answers.pop(0) if self.answers else self.then


def run_script(answers: list[str], seed: int = 3, then: str = "q",
               **kwargs: Any) -> tuple[SaukopfTerminal, Answers, str]:
    console = quiet_console()
    script = Answers(answers, then)
    # The scripts answer the heuristic bots' bids: the default level may change.
    kwargs.setdefault("bots", ("heuristic",))
    terminal = SaukopfTerminal(seed=seed, deals=1, console=console, input_fn=script,
                               **kwargs)
    script.terminal = terminal
    terminal.run()
    return terminal, script, output(console)


@pytest.mark.parametrize("text, action", [
    ("61", BID_BASE + 61), ("120", BID_BASE + 120), ("bid 65", BID_BASE + 65),
    ("s", BID_BASE + SCHWARZ), ("Schwarz", BID_BASE + SCHWARZ), ("p", PASS), ("pass", PASS),
])
def test_bids_read_as_bids(text: str, action: int) -> None:
    assert parse_bid(text) == action


@pytest.mark.parametrize("text", ["60", "2", "1", "121", "0", "zz", "declare wutz", ""])
def test_small_numbers_are_no_bids_and_no_move_numbers(text: str) -> None:
    with pytest.raises(PromptError):
        parse_bid(text)


def test_numbers_below_61_never_bid_or_pick_a_move() -> None:
    # Resi opens with 61; "60" and "2" once bid 120 and 62; now they change nothing.
    terminal, script, text = run_script(["60", "2", "1", "p"])
    bids = [prompt for prompt, _ in script.seen if prompt.startswith("Your bid")]
    assert bids[0].startswith("Your bid: a number 62-120, s for Schwarz, p to pass")
    assert len({played for _, played in script.seen[:4]}) == 1  # nothing applied
    assert "60 is not a bid" in text and "2 is not a bid" in text and "1 is not a bid" in text
    assert "You: passes (quiekt)" in text and "You: bids" not in text


def test_declaring_takes_two_short_steps_and_a_confirmation() -> None:
    answers = ["120",            # top bid: this hand declares
               "9",              # no such game
               "keiler", "x", "h", "n",  # Keiler, a wrong suit, then Herz, not am Spieß
               "n",              # not confirmed: back to the games
               "wutz", "y", "y"]  # Wutz am Spieß, confirmed
    terminal, script, text = run_script(answers)
    menu = [line for line in text.splitlines() if line.startswith("  ") and ") " in line]
    assert 0 < len(menu) <= 2 * 11  # a short list of games, shown twice, not 84 raw items
    assert "declare hauer" not in text
    assert "There is no game 9: choose 1 to 5" in text
    assert "'x' is not one of the suits you may choose" in text
    prompts = [prompt for prompt, _ in script.seen]
    assert any(p.startswith("Keiler: which suit is trump?") for p in prompts)
    confirms = [(p, n) for p, n in script.seen if p.startswith("Declare ")]
    assert confirms[0][0].startswith("Declare Keiler (Herz) for 120? It cannot be taken back")
    assert confirms[1][0].startswith("Declare Wutz am Spieß for 120?")
    last_confirm = prompts.index(confirms[1][0])
    played = {n for p, n in script.seen[1:last_confirm + 1]}
    assert len(played) == 1  # nothing was declared before the final y
    declared = [a for a in terminal.state.history if is_declare(a)]
    assert declared == [declare_action(Declaration(WUTZ, -1, True))]
    assert "You: declares Wutz am Spieß" in text


def test_a_whole_declaration_can_be_typed_at_once() -> None:
    terminal, _, text = run_script(["120", "hauer gras spiess", "y"])
    declared = [a for a in terminal.state.history if is_declare(a)]
    assert declared == [declare_action(Declaration(HAUER, GRAS, True))]


def test_empty_lines_get_a_short_hint() -> None:
    _, script, text = run_script(["", "120", "", "wutz", "", "n", "", "y", ""])
    assert "cannot read action" not in text
    assert "Your bid: a number 62-120, s for Schwarz, p to pass." in text
    assert "Type the number of a game (1-5) or its name." in text
    assert "Type y for am Spieß, n for the usual order." in text
    assert "Type y to declare, n to choose again." in text
    assert "Type the number of a move" in text


def test_help_explains_games_trumps_and_scoring() -> None:
    _, _, text = run_script(["?", "? games", "? trumps", "? scoring", "? nonsense"])
    flat = " ".join(text.replace("│", " ").split())
    assert "How to play" in flat and "? games" in flat
    for kind in GAME_KINDS:
        assert kind.title in flat
    assert "Sauerei EO GO HO SO EU GU HU SU HA H10 HK H9 H8 H7" in flat
    assert "Wutz EU GU HU SU" in flat and "Vegane Mast none" in flat
    assert "Schlachtung 2" in flat and "Übergrunzer 1" in flat and "Schlachtmeister" in flat
    assert "No help on 'nonsense'" in flat


def test_help_reads_in_an_80_column_terminal() -> None:
    """Each item wraps under its own words: no line runs past the panel, and no sentence
    goes on flush at the panel's edge as if it were a new item."""
    console = Console(file=io.StringIO(), width=80, color_system=None)
    script = Answers(["?", "? games", "? trumps", "? scoring"], "q")
    terminal = SaukopfTerminal(seed=3, deals=1, console=console, input_fn=script,
                               bots=("heuristic",))
    script.terminal = terminal
    terminal.run()
    panels, inside = [], False
    for line in output(console).splitlines():
        if "╭" in line:  # a help panel's top border (the prompt may stand before it)
            inside = any(f" {title} " in line for title in
                         ("How to play", "How to type", "Games", "Trumps", "Scoring"))
        elif "╰" in line:
            inside = False
        elif line.startswith("│") and inside:
            panels.append(line[2:-2])
    assert panels and all(len(line) <= 80 for line in output(console).splitlines())
    starts = ("Saukopf is", "1. ", "2. ", "3. ", "4. ", "Bidding:", "Declaring:", "Otherwise:",
              "? shows", "Every winner", "Laufende:", "Roughness", "Trophies:", "Trumps,",
              "Plain suits", "Suits:", "Am Spieß:", *(kind.title for kind in GAME_KINDS))
    flush = [line for line in panels if line.strip() and not line.startswith(" ")
             and not line.startswith(starts)]
    assert not flush, flush
    # a numbered item goes on under its words, a trump row under its cards
    bidding = next(i for i, line in enumerate(panels) if line.startswith("1. Bidding"))
    assert panels[bidding + 1].startswith("   Schwarz (every trick)")
    assert fit("  Wutz              EU GU HU SU HA H10 HK H9 H8", 40) == (
        "  Wutz              EU GU HU SU HA H10\n                    HK H9 H8")


def test_deals_out_of_range_names_the_range() -> None:
    console = quiet_console()
    result = CliRunner().invoke(play_saukopf.build_app(console=console),
                                ["--auto", "--deals", "0"])
    text = " ".join(output(console).split())
    assert result.exit_code == 2
    assert "must be a whole number from 1 to 100, not 0" in text and "1, 2, 3" not in text


def test_terminal_play_saves_a_record_by_default(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    console = quiet_console()
    app = play_saukopf.build_app(console=console)
    assert CliRunner().invoke(app, ["--auto", "--seed", "5", "--deals", "1"]).exit_code == 0
    saved = list((tmp_path / "records").glob("saukopf-saukopf-5-*.json"))
    assert len(saved) == 1 and "Record saved to" in output(console)
    assert GameRecord.load(saved[0]).replay().is_terminal()
    assert CliRunner().invoke(app, ["--auto", "--seed", "5", "--deals", "1",
                                    "--no-record"]).exit_code == 0
    assert len(list((tmp_path / "records").glob("*.json"))) == 1


def test_the_bid_question_names_the_bids_this_hand_may_make() -> None:
    napf = [PASS, BID_BASE + 61, *(BID_BASE + b for b in range(91, 121)), BID_BASE + SCHWARZ]
    assert bid_prompt(napf) == "Your bid: a number 61 or 91-120, s for Schwarz, p to pass"
    assert bid_prompt([PASS, BID_BASE + SCHWARZ]) == "Your bid: s for Schwarz, p to pass"
    assert bid_prompt([PASS]) == "You have bid twice: p to pass"


def test_knorpel_asks_for_its_card() -> None:
    terminal, script, text = run_script(["120", "knorpel", "zz", "EO", "n", "y"])
    assert any(p.startswith("Knorpel: which card is the only trump?") for p, _ in script.seen)
    assert "Unknown card 'zz'" in text
    declared = [a for a in terminal.state.history if is_declare(a)]
    assert declared == [declare_action(Declaration(KNORPEL, parse_card("EO"), False))]


def test_sentences_about_you_use_the_verb_for_you(tmp_path: Path) -> None:
    # a two-deal session: the human (seat 0) deals one of them
    console = quiet_console()
    terminal = SaukopfTerminal(seed=11, deals=4, console=console, input_fn=plain_answers,
                               record_dir=tmp_path)
    terminal.run()
    text = output(console)
    assert "You deal" in text and "You deals" not in text
    assert "You plays" not in text and "You declares" not in text
    others = [name for name in terminal.names if name != "You"]
    assert any(f"{name} deals" in text for name in others)
