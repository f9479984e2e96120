#!/usr/bin/env bash
# The recipe of the shipped policies (docs/rl.md, *Baselines*), end to end: `make rl-baselines`.
# OUT: where data and policies go; PY: the Python with saustall[train]. Seeded throughout.
set -euo pipefail
OUT=${OUT:-/tmp/rl-baselines}
PY=${PY:-python}
HERE=$(dirname "$0")
mkdir -p "$OUT" docs/rl
$PY "$HERE/collect_dirty_pig.py" "$OUT/racer.npz" --games 10000 --teacher racer --seed 1 --save-every 1000
$PY "$HERE/train_bc.py" "$OUT/dirty-pig-2p.npz" "$OUT/racer.npz" --epochs 6 --hidden 256,256 \
    --meta '{"game":"drecksau","ruleset":"dirty-pig","players":2,"teacher":"racer","name":"dirty-pig-2p"}' \
    --curve docs/rl/dirty-pig-2p-bc.csv
$PY "$HERE/collect_saukopf.py" "$OUT/saukopf.npz" --deals 1800 --teacher club --seed 3
$PY "$HERE/train_bc.py" "$OUT/saukopf-cards.npz" "$OUT/saukopf.npz" --epochs 10 --hidden 256,256 \
    --meta '{"game":"saukopf","ruleset":"saukopf","players":4,"teacher":"club","name":"saukopf-cards","plays":"cards only; bidding by heuristic"}' \
    --curve docs/rl/saukopf-cards-bc.csv
$PY "$HERE/duel.py" "$OUT/dirty-pig-2p.npz" --deals 300
$PY "$HERE/duel.py" "$OUT/saukopf-cards.npz" --game saukopf --ruleset saukopf --players 4 --deals 100
$PY "$HERE/plot_curves.py" docs/rl/*.csv --out docs/rl/curves.png
