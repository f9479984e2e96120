# Saustall: `make run` and `make test` are the only set-up commands a newcomer needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
# The modules setup.py compiles with mypyc: a change rebuilds them (`make test` stays compiled).
COMPILED := $(shell sed -n 's|^    "\(saustall/.*\.py\)",$$|src/\1|p' setup.py)

.PHONY: run test fuzz wire-fuzz steady bench bench-compare bench-rl bench-server simulate-100k arena \
	typecheck play clean rl-differential rl-baselines rl-examples bench-batched census kill-test \
	cluster-events slowloris fuzz-files bench-page newcomer-matrix balance facts-overhead

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

# The batched simulators against the scalar engines: GAMES seeded Drecksau games (default
# 10,000) over every ruleset and player count, TOURNAMENTS Sauschön tournaments (default
# 1,000) over every table size, every state, legal-slot mask and acting seat's
# observation (against the AEC env's) compared; PIGASUS Pigasus games (default 400) tick
# by tick against the parallel env (every seat's observation and mask); GAMES Saukopf
# deals over every game kind of both rulesets; where JAX is installed (the `jax` extra),
# JAX_GAMES games a case (default 2,000) of the JAX back end against the batched simulator;
# in PARTS processes.
rl-differential: $(STAMP)
	SAUSTALL_RL_GAMES=$${GAMES:-10000} SAUSTALL_RL_TOURNAMENTS=$${TOURNAMENTS:-1000} \
	  SAUSTALL_RL_PIGASUS_GAMES=$${PIGASUS:-400} SAUSTALL_RL_JAX_GAMES=$${JAX_GAMES:-2000} \
	  $(PY) -m pytest -n $${PARTS:-2} --timeout 0 -rP --durations=5 -m long \
	  tests/rl/test_batched.py tests/rl/test_batched_tournament.py \
	  tests/rl/test_batched_pigasus.py tests/rl/test_batched_saukopf.py \
	  $$($(PY) -c 'import jax' 2>/dev/null && echo tests/rl/test_jax_drecksau.py)

# The RL library examples (examples/, docs/rl.md): installs the `rl-examples` extra (torch
# 2.13.0 CPU, sb3-contrib, Tianshou: minutes), runs their tests (each example tiny), then
# each example in a small configuration, training and evaluating against the bots (Drecksau's
# MaskablePPO at 20,000 steps: with fewer its greedy policy keeps the untrained net's fixed
# preferences and wins nothing, even against random moves).
# SMALL=0 runs each at its documented default size instead (the figures of docs/rl.md).
rl-examples: $(STAMP)
	$(PY) -c 'import torch, sb3_contrib, tianshou' 2>/dev/null || \
	  $(PY) -m pip install --quiet -e '.[rl-examples]'
	$(PY) -m pytest -n $${PARTS:-2} --timeout 0 -rP -m long tests/rl/test_library_examples.py
	cd examples && if [ "$${SMALL:-1}" = 1 ]; then \
	  ../$(PY) train_dirty_pig.py --games 300 --eval-games 100 && \
	  ../$(PY) maskable_ppo.py --timesteps 20000 --eval-games 100 && \
	  ../$(PY) maskable_ppo.py --game saukopf --timesteps 2000 --eval-games 100 && \
	  ../$(PY) maskable_ppo.py --game pigasus --timesteps 2000 --eval-games 10 && \
	  ../$(PY) cleanrl_ppo_aec.py --total-steps 4096 --eval-games 100 && \
	  ../$(PY) cleanrl_ppo_aec.py --game saukopf --total-steps 4096 --eval-games 100 && \
	  ../$(PY) tianshou_dqn.py --epochs 1 --epoch-steps 1000 --eval-games 100 && \
	  ../$(PY) tianshou_ppo.py --epochs 1 --epoch-steps 5000 --eval-games 100; \
	else \
	  ../$(PY) train_dirty_pig.py && ../$(PY) maskable_ppo.py && \
	  ../$(PY) maskable_ppo.py --game saukopf --timesteps 20000 && \
	  ../$(PY) maskable_ppo.py --game pigasus --timesteps 20000 --eval-games 100 && \
	  ../$(PY) cleanrl_ppo_aec.py && ../$(PY) tianshou_dqn.py && ../$(PY) tianshou_ppo.py; \
	fi

# The batched simulator's actions/s at batch 1, 64, 1,024 and 16,384 (one core, CPU time);
# ARGS="--inplace --observe" with the acting seat's observation every step.
bench-batched: $(STAMP)
	$(PY) -m benchmarks.batched $(ARGS)

# Train the shipped policies again (docs/rl.md, *Baselines*): collect labelled positions,
# clone the teachers, write the policies to OUT (default /tmp/rl-baselines; copy them into
# games/<game>/bots/policies/ to ship), the curves to docs/rl/, then the duplicate arenas.
rl-baselines: $(STAMP)
	$(PY) -c 'import torch' 2>/dev/null || $(PY) -m pip install --quiet -e '.[train]'
	OUT=$${OUT:-/tmp/rl-baselines} PY=$(PY) bash scripts/rl_baselines/train_all.sh

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

# Steps/s of the RL environments (saustall.rl) with an observation every step, side by
# side with PettingZoo's leduc_holdem_v4, RLCard, OpenSpiel's hearts and skat and pgx's
# Leduc on the CPU (the `rl-bench` extra); `make bench-rl ARGS="--runs 9 --json"`,
# `ARGS="--only hearts,skat,pgx,acting-seat,saukopf,dirty-pig 2p env"` for the bars alone.
bench-rl: $(STAMP)
	$(PY) -c 'import rlcard, pygame, pyspiel, pgx' 2>/dev/null || $(PY) -m pip install --quiet -e '.[rl-bench]'
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

# The designer's balance questions (docs/design.md, Reports and studies), each an HTML
# report in $(OUT) (default reports/): Dirty Pig 2p under three bots, Sauschön, a variant
# against the base, Pigasus tie-breaks and team balance (and its levels side by side),
# Saukopf contract worth (the bots' own contracts, and every kind forced: FORCE_BOT,
# FORCE_DEALS per contract).
OUT ?= reports
balance: $(STAMP)
	mkdir -p $(OUT)
	$(VENV)/bin/saustall study drecksau --ruleset dirty-pig --players 2 \
	  --bots random,heuristic,racer --games $${GAMES:-5000} --workers $${WORKERS:-2} \
	  --report $(OUT)/dirty-pig-bots.html
	$(VENV)/bin/saustall study drecksau --ruleset sauschoen --players 2 \
	  --bots random,heuristic,racer --games $${GAMES:-5000} --workers $${WORKERS:-2} \
	  --report $(OUT)/sauschoen-bots.html
	$(VENV)/bin/saustall study drecksau --ruleset dirty-pig --players 2 --bots heuristic,racer \
	  --param pigs_per_player=4 --games $${GAMES:-5000} --workers $${WORKERS:-2} \
	  --report $(OUT)/four-pigs.html
	$(VENV)/bin/saustall simulate pigasus --ruleset pigasus-teams --bots expert,club --rotate \
	  -n $${PIGASUS_GAMES:-400} --workers $${WORKERS:-2} --report $(OUT)/pigasus-teams.html
	$(VENV)/bin/saustall census --worth --bot $${BOT:-expert} --deals $${DEALS:-2000} \
	  --workers $${WORKERS:-2} --report $(OUT)/saukopf-worth.html
	$(VENV)/bin/saustall census --force all --bot $${FORCE_BOT:-club} \
	  --deals $${FORCE_DEALS:-200} --workers $${WORKERS:-2} --report $(OUT)/saukopf-forced.html
	$(VENV)/bin/saustall study pigasus --ruleset pigasus-teams --players 4 \
	  --bots casual,club,expert --games $${PIGASUS_GAMES:-400} --workers $${WORKERS:-2} \
	  --report $(OUT)/pigasus-study.html

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

# The first screen in Debian's Chromium (Playwright): LCP of the home page cold and warm,
# "Play now" to the first hand, Pigasus grab to pending and to verdict; RUNS each (default
# 15), medians and p95 (docs/speed.md). Wall-clock figures: run it on a quiet machine.
bench-page: $(STAMP)
	bash scripts/system-deps.sh
	$(PY) -m benchmarks.page --runs $${RUNS:-15} $(ARGS)

# The newcomer's path (tests/web/test_newcomer_web.py) in all six combinations of English,
# German and French with phone and desktop; `make test` walks three of them.
newcomer-matrix: $(STAMP)
	bash scripts/system-deps.sh
	SAUSTALL_NEWCOMER_MATRIX=1 $(PY) -m pytest -n $${PARTS:-2} -rP tests/web/test_newcomer_web.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build src/saustall/_compiled_sources.json
	find src -name '*.so' -delete
