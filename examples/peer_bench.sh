#!/usr/bin/env bash
# floodit's `exact` beside the public exact Flood-It solvers, whole process, CPU seconds.
#
#   examples/peer_bench.sh DATASET [BOARDS] [REPEATS]
#
# Runs the first BOARDS boards (default all) of a one-board-a-line data set (`data/*.txt`,
# corner pivot) through every solver it finds, REPEATS times (default 3), interleaved (round 1
# of every solver, then round 2, ...), and prints one markdown row: per solver the median CPU
# time (user + system, whole process), the peak resident memory of that run and the total
# moves. A solver that is not found is skipped and shown as "—".
#
# The peers build from their public repositories, outside this one:
#   FLOODIT=target/release/floodit   (default; `cargo build --release`)
#   FLOODIT_BASE=path/to/other/floodit   optional second floodit build, e.g. main's, for before/after
#   COLORFILL_DIR=dir   ColorFill (github.com/smack42/ColorFill) compiled with
#       javac -encoding UTF-8 -cp "lib/*" -d build $(find src -name '*.java')
#     and run as `java -cp build:lib/* colorfill.ui.Starter -benchmark FILE AStarPuchertStrategy`
#   PUCHERT=path/to/floodit   Aaron Puchert's solver (github.com/aaronpuchert/floodit), `make`
#   TERMINAL_FLOOD_JAR=path   terminal-flood (github.com/Flolle/terminal-flood), built with
#       kotlinc ≥ 1.5; run as `java -jar JAR -solutionsForDataset 1 astar_a ul FILE`
# Puchert's solver runs one thread per core: its CPU time is still what counts.
set -euo pipefail

data=${1:?usage: peer_bench.sh DATASET [BOARDS] [REPEATS]}
boards=${2:-0}
repeats=${3:-3}
floodit=${FLOODIT:-target/release/floodit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The first BOARDS non-empty lines (awk reads the whole file: a `head` would end the pipe early,
# which `pipefail` reports as a failure).
awk -v n="$boards" 'NF && (n == 0 || ++k <= n)' "$data" >"$work/boards.txt"
side=$(head -n 1 "$work/boards.txt" | tr -d '\r\n' | wc -c | awk '{ printf "%d", sqrt($1) }')

# Each solver's command; its output goes to "$work/out", its timing to "$work/time".
command_of() {
    case $1 in
        floodit) echo "$floodit bench $work/boards.txt --solver exact --threads 1" ;;
        floodit_base) echo "$FLOODIT_BASE bench $work/boards.txt --solver exact --threads 1" ;;
        colorfill) echo "java -cp $COLORFILL_DIR/build:$COLORFILL_DIR/lib/* colorfill.ui.Starter -benchmark $work/boards.txt AStarPuchertStrategy" ;;
        puchert) echo "$PUCHERT $side $side $work/boards.txt" ;;
        terminal_flood) echo "java -jar $TERMINAL_FLOOD_JAR -solutionsForDataset 1 astar_a ul $work/boards.txt" ;;
    esac
}
# The total moves from a solver's output.
moves_of() {
    case $1 in
        floodit | floodit_base) sed -n 's/.*moves *total \([0-9]*\).*/\1/p' "$work/out" | head -n 1 ;;
        colorfill) sed -n 's/.*solutions with *\([0-9]*\) steps.*/\1/p' "$work/out" | tail -n 1 ;;
        puchert) awk '{ n += length($1) } END { print n }' "$work/out" ;;
        terminal_flood) sed -n 's/Total score: \([0-9]*\).*/\1/p' "$work/out" ;;
    esac
}

solvers=()
[ -x "$floodit" ] && solvers+=(floodit)
[ -n "${FLOODIT_BASE:-}" ] && [ -x "$FLOODIT_BASE" ] && solvers+=(floodit_base)
[ -n "${COLORFILL_DIR:-}" ] && [ -d "$COLORFILL_DIR/build/colorfill" ] && command -v java >/dev/null && solvers+=(colorfill)
[ -n "${PUCHERT:-}" ] && [ -x "$PUCHERT" ] && solvers+=(puchert)
[ -n "${TERMINAL_FLOOD_JAR:-}" ] && [ -f "$TERMINAL_FLOOD_JAR" ] && command -v java >/dev/null && solvers+=(terminal_flood)
touch "$work/runs"

for round in $(seq "$repeats"); do
    for s in "${solvers[@]}"; do
        rm -f "$work"/boards.txt_solution_* "$work/solutions.txt"
        # shellcheck disable=SC2046 # the command's words, split on purpose
        (cd "$work" && /usr/bin/time -f '%U %S %M' -o "$work/time" $(command_of "$s") >"$work/out" 2>&1) || true
        read -r user sys peak <"$work/time" || true
        cpu=$(awk -v u="${user:-0}" -v s="${sys:-0}" 'BEGIN { printf "%.2f", u + s }')
        echo "$s $round $cpu ${peak:-0} $(moves_of "$s")" >>"$work/runs"
    done
done

# One row: median CPU seconds over the rounds, with that run's peak memory and the moves.
label=$(basename "$data")
[ "$boards" -gt 0 ] && label+=", first $boards"
row="| $label |"
for s in floodit floodit_base colorfill puchert terminal_flood; do
    if grep -q "^$s " "$work/runs" 2>/dev/null; then
        row+=$(grep "^$s " "$work/runs" | sort -k3 -n | awk -v n="$repeats" 'NR == int((n + 1) / 2) {
            printf " %.2f s, %d MB, %s moves |", $3, $4 / 1024, ($5 == "" ? "?" : $5) }')
    else
        row+=" — |"
    fi
done
echo "| data set | floodit | floodit (base) | ColorFill A* | Puchert | terminal-flood astar_a |"
echo "|---|---|---|---|---|---|"
echo "$row"
echo "load: $(uptime | sed 's/.*load average/load average/')" >&2
