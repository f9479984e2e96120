# Saustall: `make run` and `make test` are the only set-up commands a newcomer needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
# The modules setup.py compiles with mypyc: a change rebuilds them (`make test` stays compiled).
COMPILED := $(shell sed -n 's|^    "\(saustall/.*\.py\)",$$|src/\1|p' setup.py)

.PHONY: run test fuzz wire-fuzz steady bench bench-compare bench-rl bench-server simulate-100k arena \
	typecheck play clean rl-differential bench-batched census kill-test cluster-events \
	slowloris fuzz-files facts-overhead

# The toy game of docs/plugins.md, a separate package: the tests play it through every surface.
TOY_GAME := tests/fixtures/saustall-nim

$(STAMP): pyproject.toml setup.py $(COMPILED) $(TOY_GAME)/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m pip install --quiet -e $(TOY_GAME)
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/saustall serve

play: $(STAMP)
	$(VENV)/bin/saustall play drecksau

test: $(STAMP)
	bash scripts/system-deps.sh
	$(PY) -m pytest -n auto

# Long runs outside `make test`: new hypothesis examples (many) against every ruleset.
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=explore SAUSTALL_EXAMPLES=$${EXAMPLES:-100} $(PY) -m pytest -n auto tests/conformance

# Files from people: EXAMPLES mutated records (real ones of every game) and as many mutated
# score ledgers (default 1,000 each) through the loader and the CLI, with the tally.
.PHONY: fuzz-files
fuzz-files: $(STAMP)
	SAUSTALL_FILE_FUZZ_EXAMPLES=$${EXAMPLES:-1000} $(PY) -m pytest --timeout 0 -rP -m long \
	  tests/cli/test_file_fuzz.py

# Hidden information over the wire: GAMES full games (default 10,000) in PARTS parallel
# parts (a server each), every message compared with the engine's view for its recipient.
wire-fuzz: $(STAMP)
	SAUSTALL_WIRE_GAMES=$${GAMES:-10000} SAUSTALL_WIRE_PARTS=$${PARTS:-2} $(PY) -m pytest \
	  -n $${PARTS:-2} --timeout 0 -rP -m long tests/server/test_hidden_information.py

# The batched Drecksau simulator against the scalar engine: GAMES seeded games (default
# 10,000) over every ruleset and player count, every state compared, in PARTS processes.
rl-differential: $(STAMP)
	SAUSTALL_RL_GAMES=$${GAMES:-10000} $(PY) -m pytest -n $${PARTS:-2} --timeout 0 -rP \
	  --durations=5 -m long tests/rl/test_batched.py

# The batched simulator's actions/s at batch 1, 64, 1,024 and 16,384 (one core, CPU time).
bench-batched: $(STAMP)
	$(PY) -m benchmarks.batched $(ARGS)

# The whole suite RUNS times in a row (default 10), counting failed runs: a flaky test shows.
steady: $(STAMP)
	bash scripts/system-deps.sh
	bash scripts/steady.sh $${RUNS:-10}

typecheck: $(STAMP)
	$(PY) -m mypy

# `make bench ARGS=--json`; `make bench-compare` adds OpenSpiel (the `bench` extra) and
# measures Saustall against its hearts and skat. The benchmarks live in benchmarks/ (not in
# the wheel) and run from the repository's root.
bench: $(STAMP)
	$(PY) -m benchmarks.engine $(ARGS)

bench-compare: $(STAMP)
	$(PY) -c 'import pyspiel' 2>/dev/null || $(PY) -m pip install --quiet -e '.[bench]'
	$(PY) -m benchmarks.compare $(ARGS)

# Steps/s of the RL environments (saustall.rl) against PettingZoo's leduc_holdem_v4 and
# RLCard, side by side (the `rl-bench` extra); `make bench-rl ARGS="--runs 9 --json"`.
bench-rl: $(STAMP)
	$(PY) -c 'import rlcard, pygame' 2>/dev/null || $(PY) -m pip install --quiet -e '.[rl-bench]'
	$(PY) -m benchmarks.rl_envs $(ARGS)

# 100,000 random-bot games of 2-player Dirty Pig on WORKERS processes (default 2), with the
# elapsed time and the peak memory; GAMES=10000 for a shorter run (memory stays flat).
simulate-100k: $(STAMP)
	/usr/bin/time -f "%e s elapsed, max RSS %M KB" $(VENV)/bin/saustall simulate drecksau \
	  --ruleset dirty-pig --players 2 --bots random --games $${GAMES:-100000} \
	  --workers $${WORKERS:-2} $(ARGS)

# What the games' own facts cost: GAMES (default 100,000) 2-player Dirty Pig games on WORKERS
# (default 2) with facts and with --no-facts, ROUNDS interleaved rounds (default 3): the
# median ratio of CPU and wall time (bar: 1.3) and the memory as the games stream in.
facts-overhead: $(STAMP)
	$(PY) -m benchmarks.facts_overhead --games $${GAMES:-100000} --workers $${WORKERS:-2} \
	  --rounds $${ROUNDS:-3} $(ARGS)

# Duplicate matches of the Drecksau bots in 2-player Dirty Pig (GAMES deals, default 2,000,
# each played by every pairing in both seat orders), with the HTML report (docs/arena.md).
arena: $(STAMP)
	$(VENV)/bin/saustall arena drecksau --ruleset dirty-pig --players 2 \
	  --bots $${BOTS:-random,heuristic,racer} --games $${GAMES:-2000} \
	  --json arena.json --report arena.html $(ARGS)

# The Saukopf game-kind census (issue 11): DEALS deals (default 10,000) played by a table of
# the bot BOT (default expert, the strongest) in each ruleset of RULESETS (default saukopf
# and dreihaxer), each deal only until its contract is fixed (docs/arena.md, `saustall census`);
# prints the throw-in rate and the mix of game kinds (unplayed ones at 0), on WORKERS processes.
census: $(STAMP)
	for ruleset in $${RULESETS:-saukopf dreihaxer}; do \
	  $(VENV)/bin/saustall census --ruleset $$ruleset --bot $${BOT:-expert} \
	    --deals $${DEALS:-10000} --workers $${WORKERS:-2} $(ARGS) || exit 1; \
	done

# KILLS (default 20) times: a table's owning process is SIGKILLed mid-game (turn-based and
# real-time Pigasus in turn), its game must go on on the other within 5 s, nothing
# acknowledged lost (two `saustall serve` processes on a throwaway PostgreSQL).
kill-test: $(STAMP)
	bash scripts/system-deps.sh
	SAUSTALL_KILLS=$${KILLS:-20} $(PY) -m pytest --timeout 0 -rP -m long \
	  tests/server/test_cluster.py -k kills_in_a_row

# GAMES (default 50) games over two `saustall serve` processes on a throwaway PostgreSQL
# (Dirty Pig, every fifth real-time Pigasus), a person on each and a bot: every client's
# action events must be the record's actions, each once and in order.
cluster-events: $(STAMP)
	bash scripts/system-deps.sh
	SAUSTALL_CLUSTER_GAMES=$${GAMES:-50} $(PY) -m pytest --timeout 0 -rP -m long \
	  tests/server/test_cluster_delivery.py -k fifty_games

# 1,100 slowloris connections from 127.0.0.1 against a real `saustall serve` under
# `ulimit -n 1024`: /api/health from 127.0.0.2 must answer 10 of 10 times, the held
# connections must be closed within 30 s (then the same as a connect flood, reopening at once).
slowloris: $(STAMP)
	$(PY) -m pytest --timeout 0 -rP -m long tests/server/test_slowloris.py

# ... and one process against two over one (throwaway) PostgreSQL, side by side: at
# machine speed (saturation: ROUNDS interleaved rounds, default 3, each run on a fresh
# database), then 1,000 players at human pace.
bench-server: $(STAMP)
	$(PY) -m benchmarks.server
	$(PY) -m benchmarks.server --tables 20 --seconds 40 --spectators 1000
	bash scripts/system-deps.sh
	$(PY) -m benchmarks.server --processes 2 --database postgres --compare --warmup 3 \
	  --rounds $${ROUNDS:-3}
	$(PY) -m benchmarks.server --processes 2 --database postgres --compare \
	  --tables 500 --think 1 --seconds 40 --warmup 10

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build src/saustall/_compiled_sources.json
	find src -name '*.so' -delete
