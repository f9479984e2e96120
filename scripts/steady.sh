#!/usr/bin/env bash
# Runs the whole test suite N times in a row and says how many runs failed, with the
# failing tests of each: the proof that `make test` is steady (make steady RUNS=N).
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
logs=test-artifacts/steady
mkdir -p "$logs"
failed=0
for i in $(seq 1 "$runs"); do
  if .venv/bin/python -m pytest -n auto -p no:cacheprovider >"$logs/run-$i.log" 2>&1; then
    echo "run $i/$runs: $(tail -n 1 "$logs/run-$i.log")"
  else
    failed=$((failed + 1))
    echo "run $i/$runs FAILED: $(tail -n 1 "$logs/run-$i.log")"
    grep -E '^(FAILED|ERROR) ' "$logs/run-$i.log" | sed 's/^/    /'
  fi
done
echo "$((runs - failed)) passed, $failed failed (runs of the whole suite; logs in $logs/)"
[ "$failed" -eq 0 ]
