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
$PY "$HERE/collect_saukopf.py" "$OUT/heuristic.npz" --teacher heuristic --deals 17402 --seed 13 --save-every 100000
$PY "$HERE/train_bc.py" "$OUT/bc_heuristic.npz" "$OUT/heuristic.npz" --epochs 10 --hidden 512,512 \
    --meta '{"game":"saukopf","ruleset":"saukopf","players":4,"teacher":"heuristic","name":"saukopf-cards","plays":"cards only; bidding by heuristic"}' \
    --curve docs/rl/saukopf-cards-heuristic-bc.csv
$PY "$HERE/collect_saukopf.py" "$OUT/club.npz" --deals 1900 --teacher club --seed 11
$PY "$HERE/collect_saukopf.py" "$OUT/dagger.npz" --deals 1800 --teacher club --seed 12 \
    --behaviour policy:saukopf-cards,heuristic
$PY "$HERE/train_bc.py" "$OUT/saukopf-cards.npz" "$OUT/club.npz" "$OUT/dagger.npz" \
    --init "$OUT/bc_heuristic.npz" --epochs 4 --lr 2e-4 --batch 256 \
    --meta '{"game":"saukopf","ruleset":"saukopf","players":4,"teacher":"heuristic, then club","name":"saukopf-cards","plays":"cards only; bidding by heuristic"}' \
    --curve docs/rl/saukopf-cards-club-ft.csv
$PY "$HERE/duel.py" "$OUT/dirty-pig-2p.npz" --deals 300
$PY "$HERE/duel.py" "$OUT/saukopf-cards.npz" --game saukopf --ruleset saukopf --players 4 --deals 100
$PY "$HERE/plot_curves.py" docs/rl/*.csv --out docs/rl/curves.png
