#!/usr/bin/env bash
# End-to-end test of the real window: start the binary (-b) under a private Xvfb, hover a
# cell, type its symbol, write a pencil mark with Alt and undo it with Ctrl+Z, take a hint and
# fill it, press space, press r, press q, and check from screenshots that the symbol appeared,
# that the note came and went, that the hint showed and filled, that the board filled, that it
# cleared again, that the app exited with 0, and that it saved the game for the next start.
# Then config.toml's board over a saved game: play 9×9 and quit, set `box_size = 4`, start
# again, and check that the board is 16×16, that A types on it, and that the 9×9 game is kept.
# And nothing lost: a symbol typed just before SIGTERM, or before the X window is destroyed from
# outside, is in the save; a second window on the same data directory does not autosave.
# And watch mode: the search moves on the board, and Esc leaves the board as it was.
# And the variants: a bundled X, hyper, jigsaw and killer puzzle each open with their marks
# drawn (shaded diagonals and windows, region lines, dashed cages), and a killer game typed into
# and quit comes back with its cages.
# And the shapes: a Samurai, a Windmill, a 3×3×3 Roxdoku and a 6×6 Mathdoku (tests/data/shapes/)
# each hovered and typed into, given a note in notes mode (m), solved with space, quit with q and
# started again: the board comes back as it was left (the 6×6 one undo away, as the README says
# of a saved game of another size than config.toml's board).
# And the system clipboard: a puzzle put on the X clipboard by another program (xclip) is pasted
# with Ctrl+V, and Ctrl+C puts the board back on it for another program to read (xclip -o),
# in the one-line form and, after File → Copy as, in the TOML form.
# And the player's game: b pauses (the board hidden, the clock stopped) and plays on; the last
# cell typed solves the puzzle and records the best time in records.toml; Ctrl+N opens the New
# game dialog over the board and Esc closes it with the board as it was.
# And printing: `sudoku-dlx print` lays a Samurai and a page of killers out as a PDF, which
# pdftotext reads back (titles, givens, cage sums) and pdftoppm draws for a look.
#
# usage: tests/e2e.sh [-b BINARY] [-o OUTDIR] [-s] PUZZLE_FILE...
#   -b  the binary (default target/release/sudoku-dlx)
#   -o  where screenshots and logs go (default: a temporary folder, printed at the end)
#   -s  also copy each solved board's screenshot to assets/screenshot-SIDExSIDE.png, watch
#       mode's to assets/screenshot-watch-9x9.png and -4x4.png, the variants' to
#       assets/screenshot-variants.png and the shapes' to assets/screenshot-shapes.png
# Needs: Xvfb, xdotool, xclip, ImageMagick (import, convert, compare), poppler-utils (pdftotext,
# pdftoppm), Mesa's GL (see .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=target/release/sudoku-dlx; OUT=""; SAVE=0
while getopts "b:o:s" opt; do
  case $opt in
    b) BIN=$OPTARG ;; o) OUT=$OPTARG ;; s) SAVE=1 ;;
    *) sed -n '2,26p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { sed -n '2,26p' "$0"; exit 2; }
for tool in Xvfb xdotool xclip import convert compare pdftotext pdftoppm; do
  command -v $tool >/dev/null || { echo "e2e: $tool not found" >&2; exit 2; }
done
[ -x "$BIN" ] || { echo "e2e: $BIN not built (cargo build --release)" >&2; exit 2; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
[ -n "$OUT" ] || OUT=$(mktemp -d)
mkdir -p "$OUT"; OUT=$(cd "$OUT" && pwd)

XVFB=""; APP=""; RUNDIR=$(mktemp -d)
log() { echo "[e2e] $*" >&2; }
cleanup() {
  local rc=$?
  [ -n "$APP" ] && kill "$APP" 2>/dev/null || true
  [ -n "$XVFB" ] && kill "$XVFB" 2>/dev/null || true
  rm -rf "$RUNDIR"
  exit $rc
}
trap cleanup EXIT
fail() { log "FAIL: $*"; exit 1; }

# A private X server on a free display (-displayfd), depth 24 (lower depths break GL).
DFILE=$RUNDIR/display
Xvfb -displayfd 9 -screen 0 1280x1024x24 -nolisten tcp -noreset 9>"$DFILE" >"$OUT/xvfb.log" 2>&1 &
XVFB=$!
for _ in $(seq 100); do [ -s "$DFILE" ] && break; sleep 0.1; done
[ -s "$DFILE" ] || fail "Xvfb did not start: $(cat "$OUT/xvfb.log")"
export DISPLAY=:$(tr -dc '0-9' <"$DFILE")
export WINIT_X11_SCALE_FACTOR=1
unset WAYLAND_DISPLAY WAYLAND_SOCKET
export XDG_RUNTIME_DIR=$RUNDIR
# The autosave goes here, never to the user's own data directory.
export SUDOKU_DLX_DATA_DIR=$RUNDIR/data
log "Xvfb on $DISPLAY"

# Changed pixels between the same square of two screenshots.
diffpx() { # A.png B.png X Y HALF
  local g="$(( $5 * 2 ))x$(( $5 * 2 ))+$(( $3 - $5 ))+$(( $4 - $5 ))"
  convert "$1" -crop "$g" +repage "$RUNDIR/a.png"
  convert "$2" -crop "$g" +repage "$RUNDIR/b.png"
  compare -metric AE -fuzz 10% "$RUNDIR/a.png" "$RUNDIR/b.png" null: 2>&1 || true
}

# Changed pixels on the whole board (4 px in from its frame, as `locate` found it) between two
# screenshots taken by `shot`.
boarddiff() { # SHOT_A SHOT_B
  diffpx "$OUT/$1.png" "$OUT/$2.png" $(( LEFT + BOARD / 2 )) $(( TOP + BOARD / 2 )) $(( BOARD / 2 - 4 ))
}

# Starts the binary in $RUNDIR (where a config.toml may be) with the arguments after NAME, waits
# for its window and focuses it. Sets APP and WID; `shot NAME` then screenshots the window.
launch() { # NAME ARGS...
  local name=$1; shift
  (cd "$RUNDIR" && exec "$BIN" "$@") >"$OUT/app-$name.log" 2>&1 &
  APP=$!
  WID=$(timeout 60 xdotool search --sync --onlyvisible --pid "$APP" | head -1) || true
  [ -n "$WID" ] || fail "no window within 60 s: $(cat "$OUT/app-$name.log")"
  # No window manager, so nothing gives the window the keyboard: focus it by hand.
  timeout 10 xdotool windowfocus --sync "$WID" || timeout 10 xdotool windowfocus "$WID" || true
  sleep 1.5
}
shot() { timeout 20 import -display "$DISPLAY" -window "$WID" "$OUT/$1.png"; }

# Finds the board of a SIDE×SIDE game in a first screenshot SIDE-0-start: its frame is the first
# bright line down the middle of the window below the menu bar (TOP), and that line's first and
# last bright pixels are its sides (LEFT, BOARD wide).
locate() { # SIDE
  local side=$1 W
  eval "$(xdotool getwindowgeometry --shell "$WID")"
  W=$WIDTH
  shot "$side-0-start"
  TOP=$(convert "$OUT/$side-0-start.png" -crop "1x600+$(( W / 2 + 3 ))+24" +repage \
      -colorspace gray txt:- \
    | sed -n 's/^0,\([0-9]*\):.*gray(\([0-9.]*\)).*/\1 \2/p' \
    | awk '$2 > 150 && !done { print $1 + 24; done = 1 }')
  [ -n "$TOP" ] || fail "$side: no board frame found in the first screenshot"
  local span
  span=$(convert "$OUT/$side-0-start.png" -crop "${W}x1+0+$(( TOP + 1 ))" +repage \
      -colorspace gray txt:- \
    | sed -n 's/^\([0-9]*\),0:.*gray(\([0-9.]*\)).*/\1 \2/p' \
    | awk '$2 > 150 { if (first == "") first = $1; last = $1 } END { print first, last }')
  LEFT=${span% *}
  BOARD=$(( ${span#* } - LEFT + 1 ))
  [ -n "$LEFT" ] && [ "$BOARD" -gt $(( side * 8 )) ] || fail "$side: the board's frame is not where expected ($span)"
  log "board at x=$LEFT y=$TOP, $BOARD px square"
}
# The centre of cell INDEX of a SIDE×SIDE board, in window coordinates.
cellx() { echo $(( LEFT + ($1 % $2) * BOARD / $2 + BOARD / $2 / 2 )); }
celly() { echo $(( TOP + ($1 / $2) * BOARD / $2 + BOARD / $2 / 2 )); }

# Presses q and checks that the app exits with 0 and leaves a saved game.
quit_ok() { # NAME
  timeout 10 xdotool key q
  local status=""
  for _ in $(seq 100); do kill -0 "$APP" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$APP" 2>/dev/null && fail "$1: still running 10 s after q"
  set +e; wait "$APP"; status=$?; set -e
  APP=""
  [ "$status" = 0 ] || fail "$1: exit status $status after q"
  grep -q '^version = 1' "$SUDOKU_DLX_DATA_DIR/game.toml" 2>/dev/null \
    || fail "$1: no saved game in $SUDOKU_DLX_DATA_DIR after q"
}

run_one() {
  local file=$1
  local puzzle solution side n first last sym
  # (awk reads to the end: `head` would close the pipe early and fail the pipeline)
  puzzle=$(awk '!/^[[:space:]]*(#|$)/ && !done { gsub(/[[:space:]]/, ""); print; done = 1 }' "$file")
  solution=$(printf "%s\n" "$puzzle" | "$BIN" solve -)
  n=${#puzzle}
  side=$(awk -v n="$n" 'BEGIN { s = int(sqrt(n) + 0.5); print s }')
  [ ${#solution} = "$n" ] || fail "$file: the CLI could not solve the first puzzle"
  # The first and last empty cells: type the first one's symbol, watch the last one fill.
  first=$(awk -v p="$puzzle" 'BEGIN { for (i = 1; i <= length(p); i++) { c = substr(p, i, 1); if (c == "." || c == "0") { print i - 1; exit } } }')
  last=$(awk -v p="$puzzle" 'BEGIN { for (i = length(p); i >= 1; i--) { c = substr(p, i, 1); if (c == "." || c == "0") { print i - 1; exit } } }')
  sym=$(printf '%s' "${solution:$first:1}" | tr 'A-Z' 'a-z')
  log "$file: ${side}x${side}, typing '$sym' at cell $first, watching cell $last"

  launch "$side" "$OLDPWD/$file"
  locate "$side"
  local board=$BOARD top=$TOP cell=$(( BOARD / side )) half=$(( BOARD / side / 3 ))
  # The window fits its board: 16x16 cells large enough for legible pencil marks (a quarter
  # of a cell), and no board smaller than 9x9's.
  if [ "$side" -ge 16 ]; then
    [ $cell -ge 44 ] || fail "$side: cells of $cell px: the window did not grow to fit the board"
  fi
  [ $board -ge 440 ] || fail "$side: a $board px board: the window is too small for it"
  [ $half -ge 3 ] || half=3
  local fx fy lx ly
  fx=$(cellx $first $side); fy=$(celly $first $side)
  lx=$(cellx $last $side); ly=$(celly $last $side)

  timeout 10 xdotool mousemove --window "$WID" --sync $fx $fy; sleep 0.5
  shot "$side-1-hovered"
  timeout 10 xdotool type --delay 50 "$sym"; sleep 0.5
  shot "$side-2-typed"

  # A pencil mark in the last empty cell (Alt+symbol), then Ctrl+Z takes it away again.
  local note
  note=$(printf '%s' "${solution:$last:1}" | tr 'A-Z' 'a-z')
  timeout 10 xdotool mousemove --window "$WID" --sync $lx $ly; sleep 0.5
  shot "$side-2a-hovered-last"
  timeout 10 xdotool key "alt+$note"; sleep 0.5
  shot "$side-2b-note"
  timeout 10 xdotool key ctrl+z; sleep 0.5
  shot "$side-2c-undone"
  # (a note sits in its own corner of the cell: compare the whole cell)
  local noted undone whole=$(( cell / 2 - 3 ))
  noted=$(diffpx "$OUT/$side-2a-hovered-last.png" "$OUT/$side-2b-note.png" $lx $ly $whole)
  undone=$(diffpx "$OUT/$side-2a-hovered-last.png" "$OUT/$side-2c-undone.png" $lx $ly $whole)
  log "changed pixels: note=$noted after-undo=$undone"
  [ "${noted%.*}" -ge 3 ] || fail "$side: Alt+$note wrote no pencil mark"
  [ "${undone%.*}" -le 2 ] || fail "$side: Ctrl+Z did not take the pencil mark back"

  # A hint: h highlights the cells of the forced move, h again fills it in.
  local mid=$(( LEFT + board / 2 )) midy=$(( top + board / 2 )) all=$(( board / 2 - 2 ))
  timeout 10 xdotool key h; sleep 0.5
  shot "$side-2d-hint"
  timeout 10 xdotool key h; sleep 0.5
  shot "$side-2e-hint-filled"
  local shown filledhint
  shown=$(diffpx "$OUT/$side-2c-undone.png" "$OUT/$side-2d-hint.png" $mid $midy $all)
  filledhint=$(diffpx "$OUT/$side-2d-hint.png" "$OUT/$side-2e-hint-filled.png" $mid $midy $all)
  log "changed pixels: hint shown=$shown hint filled=$filledhint"
  [ "${shown%.*}" -ge 50 ] || fail "$side: h showed no hint"
  [ "${filledhint%.*}" -ge 20 ] || fail "$side: a second h did not fill the hint in"
  timeout 10 xdotool mousemove --window "$WID" --sync $fx $fy; sleep 0.5
  timeout 10 xdotool key space
  sleep 2
  shot "$side-3-solved"
  timeout 10 xdotool key r; sleep 0.5
  shot "$side-4-reset"

  local typed filled cleared_first cleared_last
  typed=$(diffpx "$OUT/$side-1-hovered.png" "$OUT/$side-2-typed.png" $fx $fy $half)
  filled=$(diffpx "$OUT/$side-2-typed.png" "$OUT/$side-3-solved.png" $lx $ly $half)
  cleared_first=$(diffpx "$OUT/$side-1-hovered.png" "$OUT/$side-4-reset.png" $fx $fy $half)
  cleared_last=$(diffpx "$OUT/$side-1-hovered.png" "$OUT/$side-4-reset.png" $lx $ly $half)
  log "changed pixels: typed=$typed filled=$filled after-reset=$cleared_first,$cleared_last"
  [ "${typed%.*}" -ge 8 ] || fail "$side: the typed symbol did not appear"
  [ "${filled%.*}" -ge 8 ] || fail "$side: the board did not fill"
  [ "${cleared_first%.*}" -le 2 ] && [ "${cleared_last%.*}" -le 2 ] || fail "$side: r did not clear the board"

  quit_ok "$side"
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  log "$side x $side: ok (exit 0, game saved)"
  if [ $SAVE = 1 ]; then cp "$OUT/$side-3-solved.png" "assets/screenshot-${side}x${side}.png"; fi
}

# config.toml chooses the board, over a saved game: play 9×9 and quit; set box_size = 4; start
# again: an empty 16×16 board on which A types, and the 9×9 game kept in the save's history.
config_switch() {
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  launch switch-9
  locate 9
  local x y before after
  x=$(cellx 40 9); y=$(celly 40 9)
  timeout 10 xdotool mousemove --window "$WID" --sync $x $y; sleep 0.5
  shot 9-switch-hovered
  timeout 10 xdotool type --delay 50 5; sleep 0.5
  shot 9-switch-typed
  before=$(diffpx "$OUT/9-switch-hovered.png" "$OUT/9-switch-typed.png" $x $y 8)
  [ "${before%.*}" -ge 8 ] || fail "switch: 5 did not appear on the 9x9 board"
  quit_ok switch-9
  grep -q 'box = "3x3"' "$SUDOKU_DLX_DATA_DIR/game.toml" || fail "switch: the 9x9 game was not saved"
  printf 'box_size = 4\n' >"$RUNDIR/config.toml"
  launch switch-16
  locate 16
  x=$(cellx 17 16); y=$(celly 17 16)
  timeout 10 xdotool mousemove --window "$WID" --sync $x $y; sleep 0.5
  shot 16-switch-hovered
  timeout 10 xdotool type --delay 50 a; sleep 0.5
  shot 16-switch-typed
  after=$(diffpx "$OUT/16-switch-hovered.png" "$OUT/16-switch-typed.png" $x $y 6)
  log "changed pixels: A on the 16x16 board=$after"
  [ "${after%.*}" -ge 8 ] || fail "switch: A did not type on the 16x16 board config.toml asked for"
  quit_ok switch-16
  grep -q 'box = "4x4"' "$SUDOKU_DLX_DATA_DIR/game.toml" || fail "switch: the 16x16 board was not saved"
  grep -q 'box = "3x3"' "$SUDOKU_DLX_DATA_DIR/game.toml" || fail "switch: the 9x9 game was lost from the history"
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  log "config switch: ok (9x9 played and saved; box_size = 4 gives 16x16, A types, 9x9 kept)"
}

# Clicks at window coordinates X Y, holding the button a moment as a hand does.
click() { # X Y
  # (no --sync: the pointer may already be there, and then no motion ever comes)
  timeout 10 xdotool mousemove --window "$WID" "$1" "$2"; sleep 0.3
  timeout 10 xdotool mousedown 1; sleep 0.1; timeout 10 xdotool mouseup 1; sleep 0.4
}

# Play by mouse: click an empty cell, then the symbol picker's button for its symbol, and check
# that the symbol appears; then Erase takes it away. The picker's buttons are found in the
# first screenshot, along a line through its first row: the runs of lit button pixels.
mouse_play() { # PUZZLE_FILE
  local file=$1 puzzle solution first value
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  puzzle=$(awk '!/^[[:space:]]*(#|$)/ && !done { gsub(/[[:space:]]/, ""); print; done = 1 }' "$file")
  solution=$(printf "%s\n" "$puzzle" | "$BIN" solve -)
  first=$(awk -v p="$puzzle" 'BEGIN { for (i = 1; i <= length(p); i++) { c = substr(p, i, 1); if (c == "." || c == "0") { print i - 1; exit } } }')
  value=${solution:$first:1}
  launch mouse-9 "$OLDPWD/$file"
  locate 9
  local x y row spans bx
  x=$(cellx $first 9); y=$(celly $first 9)
  # The picker's first row: the first lit pixel below the board, down its left edge, then 12 px.
  row=$(convert "$OUT/9-0-start.png" -crop "1x200+$(( LEFT + 6 ))+$(( TOP + BOARD + 4 ))" +repage \
      -colorspace gray txt:- \
    | sed -n 's/^0,\([0-9]*\):.*gray(\([0-9.]*\)).*/\1 \2/p' \
    | awk '$2 > 45 && !done { print $1; done = 1 }')
  [ -n "$row" ] || fail "mouse: no symbol picker under the board"
  row=$(( TOP + BOARD + 4 + row + 12 ))
  spans=$(convert "$OUT/9-0-start.png" -crop "$(( LEFT + BOARD ))x1+0+$row" +repage \
      -colorspace gray txt:- \
    | sed -n 's/^\([0-9]*\),0:.*gray(\([0-9.]*\)).*/\1 \2/p' \
    | awk '{ lit = $2 > 45 } lit && start == "" { start = $1 } !lit && start != "" { if ($1 - start > 14) print int((start + $1) / 2); start = "" }')
  bx=$(printf '%s\n' $spans | sed -n "${value}p")
  [ -n "$bx" ] || fail "mouse: no picker button for $value (buttons at: $spans)"
  log "picker row at y=$row, buttons at x: $(echo $spans)"
  click $x $y
  shot 9-mouse-selected
  click $bx $row
  shot 9-mouse-picked
  local written
  written=$(diffpx "$OUT/9-mouse-selected.png" "$OUT/9-mouse-picked.png" $x $y 12)
  log "changed pixels: $value picked into cell $first=$written"
  [ "${written%.*}" -ge 8 ] || fail "mouse: clicking the cell, then $value in the picker, wrote nothing"
  quit_ok mouse-9
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  log "mouse play: ok (a cell clicked, $value picked, written)"
}

# The symbol saved in cell INDEX of the game on the board (the first `board = ` of the save).
saved_cell() { # INDEX
  awk -F'"' '/^board = / { print substr($2, '"$(( $1 + 1 ))"', 1); exit }' "$SUDOKU_DLX_DATA_DIR/game.toml"
}

# Nothing lost: a second window on the same data directory says it will not autosave; a symbol
# typed just before SIGTERM is saved (exit 143); a symbol typed just before the X window is
# destroyed from outside (winit panics) is saved too.
lost_nothing() { # PUZZLE_FILE
  local file=$1 puzzle solution cells x y status second
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  puzzle=$(awk '!/^[[:space:]]*(#|$)/ && !done { gsub(/[[:space:]]/, ""); print; done = 1 }' "$file")
  solution=$(printf "%s\n" "$puzzle" | "$BIN" solve -)
  cells=$(awk -v p="$puzzle" 'BEGIN { for (i = 1; i <= length(p); i++) { c = substr(p, i, 1); if (c == "." || c == "0") printf "%d ", i - 1 } }')
  set -- $cells
  launch term-9 "$OLDPWD/$file"
  locate 9
  (cd "$RUNDIR" && exec "$BIN") >"$OUT/app-second.log" 2>&1 &
  second=$!
  timeout 60 xdotool search --sync --onlyvisible --pid "$second" >/dev/null || fail "lost: no second window"
  sleep 1
  grep -q "another sudoku-dlx window is saving its game" "$OUT/app-second.log" \
    || fail "lost: the second window did not say it will not autosave: $(cat "$OUT/app-second.log")"
  kill -TERM "$second"; wait "$second" || true
  timeout 10 xdotool windowfocus "$WID" || true
  x=$(cellx $1 9); y=$(celly $1 9)
  timeout 10 xdotool mousemove --window "$WID" --sync $x $y; sleep 0.5
  timeout 10 xdotool type --delay 50 "${solution:$1:1}"; sleep 0.3
  kill -TERM "$APP"
  set +e; wait "$APP"; status=$?; set -e
  APP=""
  [ "$status" = 143 ] || fail "lost: exit status $status after SIGTERM (128 + 15 expected)"
  grep -q "SIGTERM received: the game was saved" "$OUT/app-term-9.log" || fail "lost: no word of the save after SIGTERM"
  [ "$(saved_cell $1)" = "${solution:$1:1}" ] || fail "lost: the symbol typed before SIGTERM was not saved"
  log "SIGTERM: exit 143, the symbol typed just before it saved; a second window does not autosave"

  launch close-9
  locate 9
  x=$(cellx $2 9); y=$(celly $2 9)
  timeout 10 xdotool mousemove --window "$WID" --sync $x $y; sleep 0.5
  timeout 10 xdotool type --delay 50 "${solution:$2:1}"; sleep 0.3
  timeout 10 xdotool windowclose "$WID" || true
  for _ in $(seq 100); do kill -0 "$APP" 2>/dev/null || break; sleep 0.1; done
  set +e; wait "$APP"; status=$?; set -e
  APP=""
  [ "$(saved_cell $1)" = "${solution:$1:1}" ] && [ "$(saved_cell $2)" = "${solution:$2:1}" ] \
    || fail "lost: the game was not saved when the X window was destroyed (exit $status)"
  log "X window destroyed: exit $status, both symbols saved"
  rm -rf "$SUDOKU_DLX_DATA_DIR"
}

# Watch mode: on a 9×9 board at a slow speed, two screenshots a second apart differ on the board
# (the search moves), and Esc leaves the board exactly as before w (the same pixels, the same
# save). Then a 4×4 board paused after a few steps, the matrix panel open. With -s the two are
# the README's screenshots.
watch_mode() { # PUZZLE_FILE
  local file=$1 moved left
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  launch watch-9 "$OLDPWD/$file"
  locate 9
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.5
  shot watch-9-before
  timeout 10 xdotool key w; sleep 0.3
  # Twice as fast twice: 16 moves a second.
  timeout 10 xdotool key Prior; timeout 10 xdotool key Prior; sleep 1.5
  shot watch-9-a
  sleep 1
  shot watch-9-b
  moved=$(boarddiff watch-9-a watch-9-b)
  log "watch: $moved board pixels changed in a second of watching"
  [ "${moved%.*}" -ge 200 ] || fail "watch: the board did not change while watching ($moved pixels)"
  timeout 10 xdotool key Escape; sleep 1.5
  shot watch-9-after
  left=$(boarddiff watch-9-before watch-9-after)
  log "watch: $left board pixels differ from before w after Esc"
  [ "${left%.*}" -le 20 ] || fail "watch: Esc did not leave the board as it was ($left pixels differ)"
  quit_ok watch-9
  grep -q '^board = "'"$(awk '!/^[[:space:]]*(#|$)/ && !done { gsub(/[[:space:]]/, ""); print; done = 1 }' "$file" | tr 0 .)"'"' "$SUDOKU_DLX_DATA_DIR/game.toml" \
    || fail "watch: the saved board is not the puzzle as it was: $(grep '^board' "$SUDOKU_DLX_DATA_DIR/game.toml")"
  rm -rf "$SUDOKU_DLX_DATA_DIR"

  printf '1...2.......3...\n' >"$RUNDIR/four.txt"
  launch watch-4 "$RUNDIR/four.txt"
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.3
  timeout 10 xdotool key w; sleep 0.4
  timeout 10 xdotool key space; sleep 0.4
  for _ in $(seq 11); do timeout 10 xdotool key Return; sleep 0.2; done
  sleep 1
  shot watch-4-matrix
  quit_ok watch-4
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  if [ $SAVE = 1 ]; then
    cp "$OUT/watch-9-b.png" assets/screenshot-watch-9x9.png
    cp "$OUT/watch-4-matrix.png" assets/screenshot-watch-4x4.png
  fi
  log "watch mode: ok (the search moves on the board; Esc leaves it as it was)"
}

# The mean brightness (0 to 1) of a small square around X Y of a screenshot.
brightness() { # PNG X Y
  convert "$1" -crop "6x6+$(( $2 - 3 ))+$(( $3 - 3 ))" +repage -colorspace gray -format '%[fx:mean]' info:
}

# The first puzzle's givens of a variant TOML file, on one line.
givens_of() { # FILE
  awk '/^givens = \[/ { f = 1; next } f && /^\]/ { exit } f { gsub(/[ ",]/, ""); printf "%s", $0 }' "$1"
}

# Screenshots the window as NAME, finds its board (locate) and crops it, frame and all, to
# NAME-board.png.
board_shot() { # NAME
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.5
  locate 9
  cp "$OUT/9-0-start.png" "$OUT/$1.png"
  convert "$OUT/$1.png" -crop "$(( BOARD + 8 ))x$(( BOARD + 8 ))+$(( LEFT - 4 ))+$(( TOP - 4 ))" +repage "$OUT/$1-board.png"
}

# Changed pixels between two boards cropped by board_shot (the second scaled to the first: a
# status line of another length may leave the board a few pixels smaller).
board_diff() { # A B
  local size
  size=$(identify -format '%wx%h' "$OUT/$1-board.png")
  convert "$OUT/$2-board.png" -resize "$size!" "$RUNDIR/b2.png"
  compare -metric AE -fuzz 10% "$OUT/$1-board.png" "$RUNDIR/b2.png" null: 2>&1 || true
}

# The variants: each bundled 9×9 variant's first puzzle opens with its marks drawn where the
# same givens on a classic board have none; X and hyper shade their cells (an empty shaded cell
# is lighter than an empty plain one); a killer typed into and quit comes back with its cages.
variants() {
  local lib=assets/puzzles/library kind file line crops="" x y plain marked differ
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  for kind in x hyper jigsaw killer; do
    file=$lib/9x9-$kind-$( [ $kind = killer ] && echo easy || echo medium ).toml
    line=$(givens_of "$file")
    [ ${#line} = 81 ] || line=$(printf '.%.0s' $(seq 81))
    printf '%s\n' "$line" >"$RUNDIR/classic-$kind.txt"
    launch classic-$kind "$RUNDIR/classic-$kind.txt"
    board_shot variant-$kind-classic
    quit_ok classic-$kind
    rm -rf "$SUDOKU_DLX_DATA_DIR"
    launch variant-$kind "$OLDPWD/$file"
    board_shot variant-$kind
    differ=$(board_diff variant-$kind-classic variant-$kind)
    log "$kind: $differ board pixels differ from the same givens on a classic board"
    [ "${differ%.*}" -ge 300 ] || fail "$kind: the variant's marks are not drawn ($differ pixels)"
    case $kind in
      x|hyper)
        # An empty cell on a diagonal (or in a window) against an empty cell on neither.
        local on="" off="" k r c inside
        for k in $(seq 0 80); do
          [ "${line:$k:1}" = . ] || continue
          r=$(( k / 9 )); c=$(( k % 9 ))
          if [ $kind = x ]; then
            inside=$(( r == c || r + c == 8 ))
          else
            inside=$(( r % 4 != 0 && c % 4 != 0 ))
          fi
          if [ $inside = 1 ]; then [ -n "$on" ] || on=$k; else [ -n "$off" ] || off=$k; fi
        done
        [ -n "$on" ] && [ -n "$off" ] || fail "$kind: no empty cells to compare"
        marked=$(brightness "$OUT/variant-$kind.png" $(( $(cellx $on 9) - BOARD / 30 )) $(( $(celly $on 9) - BOARD / 30 )))
        plain=$(brightness "$OUT/variant-$kind.png" $(( $(cellx $off 9) - BOARD / 30 )) $(( $(celly $off 9) - BOARD / 30 )))
        log "$kind: shaded cell $on $marked, plain cell $off $plain"
        awk -v a="$marked" -v b="$plain" 'BEGIN { exit !(a > b + 0.02) }' || fail "$kind: its cells are not shaded"
        ;;
      killer)
        # Type into an empty cell, quit, start again without a file: the killer comes back.
        local empty=${line%%.*}; empty=${#empty}
        x=$(cellx $empty 9); y=$(celly $empty 9)
        timeout 10 xdotool mousemove --window "$WID" --sync $x $y; sleep 0.5
        timeout 10 xdotool type --delay 50 5; sleep 0.5
        board_shot variant-killer-typed
        ;;
    esac
    crops="$crops $OUT/variant-$kind-board.png"
    quit_ok variant-$kind
    [ $kind = killer ] || rm -rf "$SUDOKU_DLX_DATA_DIR"
  done
  grep -q '^cages = ' "$SUDOKU_DLX_DATA_DIR/game.toml" || fail "killer: the save has no cages"
  launch variant-back
  # The pointer over the typed cell and off again, as before quitting: the same selection.
  timeout 10 xdotool mousemove --window "$WID" --sync $x $y; sleep 0.5
  board_shot variant-killer-back
  # Against the killer as left: the same board, cages, typed 5 and all; against the classic
  # board of the same givens, the cages make the difference.
  differ=$(board_diff variant-killer-typed variant-killer-back)
  log "killer: $differ board pixels differ from the game as it was left"
  [ "${differ%.*}" -le 300 ] || fail "killer: the game did not come back as it was left ($differ pixels)"
  differ=$(board_diff variant-killer-classic variant-killer-back)
  [ "${differ%.*}" -ge 3000 ] || fail "killer: the restored game has no cages ($differ pixels)"
  quit_ok variant-back
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  # The four boards side by side (the README's picture, with -s).
  convert $crops +append "$OUT/variants.png"
  if [ $SAVE = 1 ]; then cp "$OUT/variants.png" assets/screenshot-variants.png; fi
  log "variants: ok (X, hyper, jigsaw and killer drawn; a killer game saved and restored)"
}

# A board on a shape lies in a square of slots (holes, and the gaps between a cube's layers, are
# slots too): SW positions across a layer, SD layers side by side in rows of panels, as near a
# square as they go (app/layout.rs). SLOTS is the square's side.
shape_slots() { # WIDTH DEPTH
  SW=$1; SD=$2
  SLOTS=$(awk -v w="$SW" -v d="$SD" 'BEGIN { p = int(sqrt(d)); if (p * p < d) p++
    r = int((d + p - 1) / p); if (p * w + p - 1 != r * w + r - 1) exit 1; print p * w + p - 1 }') \
    || fail "a $SW-wide board of $SD layers is not square"
}
# The slot of position P (as `sudoku-dlx solve` writes a shape's positions: layer by layer, row
# by row).
slot_of() { # P
  awk -v p="$1" -v w="$SW" -v d="$SD" -v n="$SLOTS" 'BEGIN { per = int(sqrt(d)); if (per * per < d) per++
    z = int(p / (w * w)); y = int((p % (w * w)) / w); x = p % w
    print (int(z / per) * (w + 1) + y) * n + (z % per) * (w + 1) + x }'
}

# Finds a shape's board in the screenshot NAME: the box round the bright lines in the upper half
# of the window (the first thing under the menu bar; the picker and the status are further down).
# Holes and gaps may leave the board's middle dark, but its outermost cells lie in that half.
locate_shape() { # NAME
  local box
  eval "$(xdotool getwindowgeometry --shell "$WID")"
  box=$(convert "$OUT/$1.png" -crop "${WIDTH}x$(( HEIGHT / 2 - 26 ))+0+26" +repage \
      -colorspace gray -threshold 59% -format '%@' info:)
  BOARD=${box%%x*}; box=${box#*+}
  LEFT=${box%+*}; TOP=$(( ${box#*+} + 26 ))
  [ "$BOARD" -ge 440 ] || fail "$1: no board of a sensible size found ($box)"
  log "board at x=$LEFT y=$TOP, $BOARD px square, $SLOTS slots a side"
}
# Screenshots the window as NAME and crops the board found by locate_shape to NAME-board.png.
shape_shot() { # NAME
  shot "$1"
  convert "$OUT/$1.png" -crop "${BOARD}x${BOARD}+$LEFT+$TOP" +repage "$OUT/$1-board.png"
}
# Moves the pointer over position P.
hover_pos() { # P
  local s
  s=$(slot_of "$1")
  timeout 10 xdotool mousemove --window "$WID" --sync $(cellx $s $SLOTS) $(celly $s $SLOTS); sleep 0.5
}
# The pixels changed between two board crops (the second scaled to the first), slot by slot:
# "SLOT ALL MIDDLE CORNER" for each slot where any changed, counting the slot without its edges,
# its middle (where a symbol is written) and its bottom right corner (where the last symbol's
# note goes).
changes() { # A B
  local size
  size=$(identify -format '%w' "$OUT/$1-board.png")
  convert "$OUT/$1-board.png" \( "$OUT/$2-board.png" -resize "${size}x${size}!" \) \
      -compose difference -composite -colorspace gray -threshold 10% -transparent black \
      sparse-color:- \
    | tr ' ' '\n' \
    | awk -F, -v s="$size" -v n="$SLOTS" '
        NF >= 2 { c = s / n; sx = int($1 / c); sy = int($2 / c); fx = $1 - sx * c; fy = $2 - sy * c
          k = sy * n + sx
          if (fx < 2 || fy < 2 || fx > c - 2 || fy > c - 2) next
          all[k]++
          if (fx > c * 0.3 && fx < c * 0.7 && fy > c * 0.3 && fy < c * 0.7) mid[k]++
          if (fx > c * 0.7 && fy > c * 0.7) corner[k]++ }
        END { for (k in all) print k, all[k], mid[k] + 0, corner[k] + 0 }' >"$OUT/$2.changes"
}
# A field (2 all, 3 middle, 4 corner) of position P in the changes last written for NAME.
changed() { # NAME P FIELD
  awk -v k="$(slot_of "$2")" -v f="$3" '$1 == k { v = $f } END { print v + 0 }' "$OUT/$1.changes"
}
# The positions of PS whose middle did not change (fewer than 5 pixels), in NAME's changes.
unchanged() { # NAME P...
  local name=$1; shift
  awk -v ps="$*" -v w="$SW" -v d="$SD" -v n="$SLOTS" '
    { mid[$1] = $3 }
    END { per = int(sqrt(d)); if (per * per < d) per++
      k = split(ps, p, " ")
      for (i = 1; i <= k; i++) {
        z = int(p[i] / (w * w)); y = int((p[i] % (w * w)) / w); x = p[i] % w
        s = (int(z / per) * (w + 1) + y) * n + (z % per) * (w + 1) + x
        if (mid[s] + 0 < 5) printf "%s ", p[i] } }' "$OUT/$name.changes"
}

# One shape: open the file, hover its first empty cell and type its symbol; in notes mode (m)
# write the last symbol as a note in an empty cell near the middle, leave notes mode and type
# that cell's symbol; space fills every other empty cell; q, start again: the board as it was.
shape_one() { # NAME WIDTH DEPTH
  local name=$1 file=tests/data/shapes/$1.toml solution puzzle empties a b note last k
  shape_slots "$2" "$3"
  solution=$("$BIN" solve "$file")
  [ ${#solution} = $(( SW * SW * SD )) ] || fail "$name: the CLI did not solve $file"
  puzzle=$(awk -v w="$SW" '/^givens = \[/ { f = 1; next } f && /^\]/ { exit }
    f { gsub(/[ ",]/, ""); while (length($0) < w) $0 = $0 "#"; printf "%s", $0 }' "$file")
  [ -n "$puzzle" ] || puzzle=$(printf '%s' "$solution" | tr -c '#' .)
  [ ${#puzzle} = ${#solution} ] || fail "$name: the givens are not the shape's positions"
  empties=$(awk -v p="$puzzle" 'BEGIN { for (i = 1; i <= length(p); i++) if (substr(p, i, 1) == ".") printf "%d ", i - 1 }')
  a=${empties%% *}
  b=$(for k in $empties; do [ $k -ge $(( ${#solution} / 2 )) ] && { echo $k; break; }; done)
  note=$(printf '%s' "$solution" | tr -d '#' | fold -w1 | sort -u | tail -1)
  log "$name: $(wc -w <<<"$empties") empty cells; typing '${solution:$a:1}' at $a, a note '$note' then '${solution:$b:1}' at $b"

  launch shape-$name "$OLDPWD/$file"
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.5
  shot shape-$name-0-start
  locate_shape shape-$name-0-start
  shape_shot shape-$name-0-start
  hover_pos $a
  shape_shot shape-$name-1-hovered
  timeout 10 xdotool type --delay 50 "${solution:$a:1}"; sleep 0.5
  shape_shot shape-$name-2-typed
  changes shape-$name-1-hovered shape-$name-2-typed
  log "$name: typed at $a: $(changed shape-$name-2-typed $a 3) pixels changed in its middle"
  [ "$(changed shape-$name-2-typed $a 3)" -ge 8 ] || fail "$name: the typed symbol did not appear"

  hover_pos $b
  timeout 10 xdotool key m; sleep 0.5
  shape_shot shape-$name-3-notes-mode
  timeout 10 xdotool type --delay 50 "$note"; sleep 0.5
  shape_shot shape-$name-4-noted
  changes shape-$name-3-notes-mode shape-$name-4-noted
  log "$name: note at $b: $(changed shape-$name-4-noted $b 4) pixels in its corner, $(changed shape-$name-4-noted $b 3) in its middle"
  [ "$(changed shape-$name-4-noted $b 4)" -ge 3 ] || fail "$name: in notes mode, $note wrote no note"
  [ "$(changed shape-$name-4-noted $b 3)" -le 2 ] || fail "$name: in notes mode, $note wrote more than a note"
  timeout 10 xdotool key m; sleep 0.5
  shape_shot shape-$name-5-values-mode
  timeout 10 xdotool type --delay 50 "${solution:$b:1}"; sleep 0.5
  shape_shot shape-$name-6-typed-over
  changes shape-$name-5-values-mode shape-$name-6-typed-over
  [ "$(changed shape-$name-6-typed-over $b 3)" -ge 8 ] || fail "$name: after m again, ${solution:$b:1} was not written as a symbol"

  timeout 10 xdotool key space; sleep 2
  shape_shot shape-$name-7-solved
  changes shape-$name-6-typed-over shape-$name-7-solved
  last=$(unchanged shape-$name-7-solved $(printf '%s\n' $empties | grep -vx -e $a -e $b))
  log "$name: after space, empty cells still empty: ${last:-none}"
  [ -z "$last" ] || fail "$name: space did not fill the board (still empty: $last)"

  # The pointer over the first typed cell and off again, as after the start: the same selection.
  hover_pos $a
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.5
  shape_shot shape-$name-8-left
  quit_ok shape-$name
  launch shape-$name-back
  # config.toml (none here: 9×9) chooses the board over a saved game of other symbols: the 6×6
  # Mathdoku comes back one undo away.
  if [ "$note" != 9 ]; then timeout 10 xdotool key ctrl+z; sleep 0.5; fi
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.5
  shot shape-$name-9-back
  locate_shape shape-$name-9-back
  hover_pos $a
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.5
  shape_shot shape-$name-9-back
  changes shape-$name-8-left shape-$name-9-back
  last=$(awk '$2 >= 8 { n++; if (n <= 8) s = s " " $1 } END { if (n) print n " (slots" s (n > 8 ? " ..." : "") ")" }' "$OUT/shape-$name-9-back.changes")
  log "$name: started again, slots changed from the board as it was left: ${last:-none}"
  [ -z "$last" ] || fail "$name: the board did not come back as it was left, $last differ: $(cat "$OUT/app-shape-$name-back.log")"
  changes shape-$name-0-start shape-$name-9-back
  last=$(unchanged shape-$name-9-back $empties)
  [ -z "$last" ] || fail "$name: the game that came back is not the one played (empty: $last)"
  quit_ok shape-$name-back
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  # For the picture: the board with the note, a margin round it.
  convert "$OUT/shape-$name-4-noted.png" -crop "$(( BOARD + 8 ))x$(( BOARD + 8 ))+$(( LEFT - 4 ))+$(( TOP - 4 ))" +repage "$OUT/shape-$name-picture.png"
  log "$name: ok (typed, a note, space filled it, q and back as it was)"
}

# The system clipboard, shared with other programs: xclip puts a puzzle on it, Ctrl+V pastes it
# onto an empty board; Ctrl+C copies the board, and xclip reads the same line back. A variant
# board copies in the TOML form, which reads back as a puzzle (`sudoku-dlx solve` solves it).
clipboard() { # PUZZLE_FILE
  local puzzle back
  puzzle=$(awk '!/^[[:space:]]*(#|$)/ && !done { gsub(/[[:space:]]/, ""); print; done = 1 }' "$1")
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  launch clip
  shot clip-0-empty
  printf '%s\n' "$puzzle" | timeout 10 xclip -selection clipboard -i
  timeout 10 xdotool key ctrl+v; sleep 1
  shot clip-1-pasted
  local pasted
  pasted=$(compare -metric AE "$OUT/clip-0-empty.png" "$OUT/clip-1-pasted.png" null: 2>&1 || true)
  log "clipboard: pixels changed by the paste: $pasted"
  [ "${pasted%.*}" -ge 200 ] || fail "clipboard: Ctrl+V of xclip's puzzle changed nothing on the board"
  # Another program owns the clipboard now; Ctrl+C takes it back with the board.
  printf 'something else' | timeout 10 xclip -selection clipboard -i
  timeout 10 xdotool key ctrl+c; sleep 1
  back=$(timeout 10 xclip -selection clipboard -o) || fail "clipboard: xclip -o read nothing"
  log "clipboard: xclip -o after Ctrl+C: $back"
  # (the one-line form writes an empty cell as `.`, where the file may have `0`)
  [ "$back" = "$(printf '%s' "$puzzle" | tr 0 .)" ] || fail "clipboard: Ctrl+C put '$back' on the clipboard, not the board '$puzzle'"
  quit_ok clip
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  # A killer from the library, copied: the one-line form cannot hold its cages, so Ctrl+C copies
  # the TOML form, which the command line reads back and solves.
  launch clip-killer "$OLDPWD/assets/puzzles/library/9x9-killer-easy.toml"
  timeout 10 xdotool key ctrl+c; sleep 1
  timeout 10 xclip -selection clipboard -o >"$OUT/clip-killer.toml" || fail "clipboard: nothing copied from the killer"
  grep -q 'cages' "$OUT/clip-killer.toml" || fail "clipboard: the killer's copy has no cages: $(head -c 300 "$OUT/clip-killer.toml")"
  "$BIN" solve --count "$OUT/clip-killer.toml" | grep -qx 1 || fail "clipboard: the killer copied does not read back as a puzzle with one solution"
  shot clip-2-killer
  quit_ok clip-killer
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  log "clipboard: ok (xclip → Ctrl+V, Ctrl+C → xclip -o, a killer copied as TOML)"
}

# The player's game in the real window: pause, a solve recorded, the New game dialog.
player_game() {
  local solved line last sym changed back
  solved=483921657967345821251876493548132976729564138136798245372689514814253769695417382
  line=${solved:0:80}.
  sym=${solved:80:1}
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  printf '%s\n' "$line" >"$RUNDIR/one-left.txt"
  launch game "$RUNDIR/one-left.txt"
  locate 9
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.5
  shot game-0-start
  # b: the cover hides every given; b again: the board is back as it was.
  timeout 10 xdotool key b; sleep 0.8
  shot game-1-paused
  changed=$(boarddiff game-0-start game-1-paused)
  log "player: pause changed $changed board pixels"
  [ "${changed%.*}" -ge 2000 ] || fail "player: b did not hide the board ($changed pixels)"
  timeout 10 xdotool key b; sleep 0.8
  shot game-2-resumed
  back=$(boarddiff game-0-start game-2-resumed)
  log "player: after b again, $back board pixels differ from before the pause"
  [ "${back%.*}" -le 20 ] || fail "player: the board did not come back after the pause ($back pixels)"
  # The last cell typed: solved, and the time is the first best of its kind.
  last=80
  timeout 10 xdotool mousemove --window "$WID" --sync "$(cellx $last 9)" "$(celly $last 9)"; sleep 0.4
  timeout 10 xdotool type --delay 50 "$sym"; sleep 1
  shot game-3-solved
  grep -q '^solved = 1' "$SUDOKU_DLX_DATA_DIR/records.toml" 2>/dev/null \
    || fail "player: no solve in records.toml: $(cat "$SUDOKU_DLX_DATA_DIR/records.toml" 2>&1)"
  grep -q '9×9 (3×3 boxes), easy' "$SUDOKU_DLX_DATA_DIR/records.toml" \
    || fail "player: no best time of its kind in records.toml: $(cat "$SUDOKU_DLX_DATA_DIR/records.toml")"
  # Ctrl+N: the New game dialog over the board; Esc: gone, the board as it was.
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.3
  timeout 10 xdotool key ctrl+n; sleep 1
  shot game-4-new-dialog
  changed=$(boarddiff game-3-solved game-4-new-dialog)
  log "player: the New game dialog changed $changed board pixels"
  [ "${changed%.*}" -ge 2000 ] || fail "player: Ctrl+N showed no dialog ($changed pixels)"
  timeout 10 xdotool key Escape; sleep 0.8
  shot game-5-closed
  back=$(boarddiff game-3-solved game-5-closed)
  [ "${back%.*}" -le 20 ] || fail "player: Esc did not close the dialog with the board as it was ($back pixels)"
  quit_ok game
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  log "player: ok (pause hides and shows the board, a solve recorded, the New game dialog opens and closes)"
}

# Printing: the PDF of a Samurai and of four killers a page, read back by a PDF reader's own
# text extraction (every given of the Samurai, the killers' titles and a cage sum) and drawn
# to PNG (in the output folder, to look at).
print_pdf() {
  "$BIN" print tests/data/shapes/samurai.toml -o "$OUT/print-samurai.pdf" || fail "print: the Samurai"
  "$BIN" print assets/puzzles/library/9x9-killer-easy.toml --per-page 4 --solutions -o "$OUT/print-killers.pdf" || fail "print: the killers"
  local text givens found
  text=$(pdftotext -layout "$OUT/print-samurai.pdf" -) || fail "print: pdftotext could not read the Samurai's PDF"
  givens=$(grep -v '^#\|^shape\|^order\|^title\|^givens\|^\]' tests/data/shapes/samurai.toml | tr -cd '1-9' | wc -c)
  found=$(printf '%s' "$text" | grep -v 'samurai.toml' | tr -cd '1-9' | wc -c)
  log "print: the Samurai's givens: $givens in the file, $found read back from the PDF"
  [ "$found" = "$givens" ] || fail "print: the PDF shows $found givens of the Samurai's $givens"
  text=$(pdftotext "$OUT/print-killers.pdf" -)
  grep -q 'killer 4, easy' <<<"$text" || fail "print: no 'killer 4, easy' title in the killers' PDF"
  grep -q 'Solution: killer 1, easy' <<<"$text" || fail "print: no solutions in the killers' PDF"
  grep -qw '25' <<<"$text" || fail "print: no cage sum 25 in the killers' PDF"
  pdftoppm -r 60 -png -f 1 -l 1 "$OUT/print-samurai.pdf" "$OUT/print-samurai"
  pdftoppm -r 60 -png -f 1 -l 1 "$OUT/print-killers.pdf" "$OUT/print-killers"
  log "print: ok (a Samurai and four killers a page, read back with pdftotext; pages drawn in $OUT)"
}

# The shapes: a Samurai, a Windmill, a 3×3×3 Roxdoku and a 6×6 Mathdoku (tests/data/shapes/,
# one solution each), played and saved as above; with -s, the four boards side by side.
shapes() {
  local spec crops=""
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  for spec in "samurai 21 1" "windmill 21 1" "roxdoku 3 3" "mathdoku-6x6 6 1"; do
    shape_one $spec
    crops="$crops $OUT/shape-${spec%% *}-picture.png"
  done
  # (the boards are of different sizes: the smaller ones centred on the window's colour)
  set -- $crops
  convert "$@" -background "$(convert "$1" -format '%[pixel:p{0,0}]' info:)" \
    -gravity center +append "$OUT/shapes.png"
  if [ $SAVE = 1 ]; then cp "$OUT/shapes.png" assets/screenshot-shapes.png; fi
  log "shapes: ok (Samurai, Windmill, Roxdoku and Mathdoku hovered, typed, noted, solved, saved)"
}

# New games through the dialog: the choice it remembers (as settings.toml keeps it) is a 16×16
# hard board, then a killer; Ctrl+N opens the dialog on it and Enter generates. Each new board
# is screenshot (16x16-hard.png, killer-new.png) and its save read: a 16×16 board with givens,
# then a board with cages.
new_games() {
  local spec name changed
  for spec in 'hard16|side = 16\nboxes = "4x4"\ngrade = "hard"|box = "4x4"' \
              'killer|killer = true\ngrade = "easy"|^cages = '; do
    name=${spec%%|*}
    rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
    mkdir -p "$SUDOKU_DLX_DATA_DIR"
    printf "[new_game]\n$(printf '%s' "$spec" | cut -d'|' -f2)\n" >"$SUDOKU_DLX_DATA_DIR/settings.toml"
    launch "new-$name"
    locate 9
    timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.3
    shot "new-$name-0-empty"
    timeout 10 xdotool key ctrl+n; sleep 1
    shot "new-$name-1-dialog"
    changed=$(boarddiff "new-$name-0-empty" "new-$name-1-dialog")
    [ "${changed%.*}" -ge 2000 ] || fail "new $name: Ctrl+N showed no dialog ($changed pixels)"
    timeout 10 xdotool key Return
    # The generator runs off the UI thread; the board changes when it is done.
    for _ in $(seq 60); do
      sleep 0.5
      shot "new-$name-2-made"
      changed=$(boarddiff "new-$name-0-empty" "new-$name-2-made")
      [ "${changed%.*}" -ge 2000 ] && break
    done
    sleep 1
    shot "new-$name-2-made"
    log "new $name: the new board differs from the empty one in $changed pixels"
    quit_ok "new-$name"
    grep -q "$(printf '%s' "$spec" | cut -d'|' -f3)" "$SUDOKU_DLX_DATA_DIR/game.toml" \
      || fail "new $name: the saved game is not the board asked for: $(head -c 600 "$SUDOKU_DLX_DATA_DIR/game.toml")"
    # (a killer's cages may make its solution unique alone, with no givens at all)
    [ "$name" = killer ] || grep -q '^origins = ".*g' "$SUDOKU_DLX_DATA_DIR/game.toml" \
      || fail "new $name: the new board has no givens"
  done
  if [ $SAVE = 1 ]; then
    cp "$OUT/new-hard16-2-made.png" assets/screenshot-new-16x16.png
  fi
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  log "new games: ok (Ctrl+N, Enter: a 16×16 hard and a killer made through the dialog and saved)"
}

# Colouring and the loupe, as a HoDoKu player uses them: on a classic puzzle every candidate
# filled in (f), three cells coloured (F2, F3, F5), the picked symbol's pencil mark coloured
# (Shift+F4) and shown alone (F7), the board exported as a PNG (File → Export image…); on an
# empty 25×25 board the hovered cell's marks in the loupe.
colours() {
  local changed x y
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  printf '%s\n' ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. \
    >"$RUNDIR/colours.txt"
  launch colours "$RUNDIR/colours.txt"
  locate 9
  timeout 10 xdotool key f; sleep 0.5
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.3
  shot colours-0-notes
  for spec in "0 F2" "10 F3" "20 F5"; do
    x=$(cellx ${spec% *} 9); y=$(celly ${spec% *} 9)
    timeout 10 xdotool mousemove --window "$WID" --sync "$x" "$y"; sleep 0.2
    timeout 10 xdotool key "${spec#* }"; sleep 0.2
  done
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.4
  shot colours-1-cells
  changed=$(diffpx "$OUT/colours-0-notes.png" "$OUT/colours-1-cells.png" "$(cellx 10 9)" "$(celly 10 9)" $(( BOARD / 9 / 2 - 3 )))
  log "colours: r2c2 coloured changed $changed pixels"
  [ "${changed%.*}" -ge 200 ] || fail "colours: F3 did not colour r2c2 ($changed pixels)"
  # The symbol of a given (r1c3 holds 3) is the highlighted one: F7 shows its candidates alone.
  timeout 10 xdotool mousemove --window "$WID" --sync "$(cellx 2 9)" "$(celly 2 9)"; sleep 0.2
  timeout 10 xdotool key F7; sleep 0.3
  timeout 10 xdotool mousemove --window "$WID" --sync "$(cellx 27 9)" "$(celly 27 9)"; sleep 0.2
  timeout 10 xdotool key shift+F4; sleep 0.4
  shot colours-2-filter
  changed=$(boarddiff colours-1-cells colours-2-filter)
  log "colours: the filter changed $changed board pixels"
  [ "${changed%.*}" -ge 2000 ] || fail "colours: F7 hid no pencil marks ($changed pixels)"
  # File → Export image… (the fourth item of the File menu): the dialog's name field has the
  # keyboard; a whole path and Enter write the PNG, which is the board's picture.
  click 20 12
  click 60 108
  timeout 10 xdotool key ctrl+a; sleep 0.2
  timeout 10 xdotool type --delay 20 "$OUT/exported-board.png"; sleep 0.2
  timeout 10 xdotool key Return; sleep 1
  [ -s "$OUT/exported-board.png" ] || fail "export: File → Export image… wrote no $OUT/exported-board.png"
  local size dark
  size=$(identify -format '%w %h %m' "$OUT/exported-board.png") || fail "export: the PNG does not read"
  log "export: the board's picture is $size"
  [ "$size" = "600 600 PNG" ] || fail "export: a 9×9 board's picture should be 600×600 PNG, not $size"
  # The given 3 of r1c3 is dark ink on white: its cell's centre holds dark pixels.
  dark=$(convert "$OUT/exported-board.png" -crop 40x40+140+10 -colorspace gray -threshold 50% \
    -format '%[fx:int(w*h*(1-mean))]' info:)
  [ "$dark" -ge 30 ] || fail "export: no given drawn in r1c3 of the picture ($dark dark pixels)"
  quit_ok colours
  grep -q '^colours = "' "$SUDOKU_DLX_DATA_DIR/game.toml" || fail "colours: the save keeps no colours"
  grep -q '^marks = "' "$SUDOKU_DLX_DATA_DIR/game.toml" || fail "colours: the save keeps no mark colours"
  # The loupe: an empty 25×25 board, every candidate a pencil mark, a cell hovered.
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  printf 'box = "5x5"\n' >"$RUNDIR/config.toml"
  launch loupe
  locate 25
  timeout 10 xdotool key ctrl+f; sleep 0.5
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.3
  shot loupe-0-marks
  x=$(cellx 262 25); y=$(celly 262 25)
  timeout 10 xdotool mousemove --window "$WID" --sync "$x" "$y"; sleep 0.5
  shot loupe-1-hovered
  # The card lies to the right of the cell: count what changed there.
  changed=$(diffpx "$OUT/loupe-0-marks.png" "$OUT/loupe-1-hovered.png" $(( x + BOARD / 25 * 3 )) "$((y + BOARD / 25))" $(( BOARD / 25 * 2 )))
  log "loupe: $changed pixels changed beside the hovered cell"
  [ "${changed%.*}" -ge 1000 ] || fail "loupe: no card beside the hovered 25×25 cell ($changed pixels)"
  quit_ok loupe
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  if [ $SAVE = 1 ]; then
    cp "$OUT/colours-2-filter.png" assets/screenshot-colours.png
    cp "$OUT/loupe-1-hovered.png" assets/screenshot-loupe.png
  fi
  log "colours: ok (cells and a mark coloured, one symbol shown alone, saved, exported as PNG; the loupe on 25×25)"
}

# A technique's hint in three presses, and the steps panel: a finned swordfish is the first step
# of magictour's top-1465 puzzle 125 (it removes 1 from r9c5 and r8c6).
technique_hints() {
  local changed width before
  rm -rf "$SUDOKU_DLX_DATA_DIR" "$RUNDIR/config.toml"
  printf '%s\n' 4..6..3...1..2..6...8..7..19..8..5...4..5..1......2..75.....6...3..8..4......9..5 \
    >"$RUNDIR/fish.txt"
  launch hints "$RUNDIR/fish.txt"
  locate 9
  sleep 2 # the puzzle's solution, worked out in the background
  timeout 10 xdotool mousemove --window "$WID" 2 2; sleep 0.3
  shot hints-0-start
  timeout 10 xdotool key h; sleep 0.5
  shot hints-1-named
  changed=$(boarddiff hints-0-start hints-1-named)
  log "hints: the first press shaded $changed board pixels (six lines)"
  [ "${changed%.*}" -ge 5000 ] || fail "hints: the first press shaded no units ($changed pixels)"
  timeout 10 xdotool key h; sleep 0.5
  shot hints-2-drawn
  for cell in 76 68; do
    changed=$(diffpx "$OUT/hints-1-named.png" "$OUT/hints-2-drawn.png" "$(cellx $cell 9)" "$(celly $cell 9)" $(( BOARD / 9 / 2 - 3 )))
    log "hints: the second press drew $changed pixels in cell $cell (a removal)"
    [ "${changed%.*}" -ge 60 ] || fail "hints: no removal drawn in cell $cell ($changed pixels)"
  done
  timeout 10 xdotool key h; sleep 0.5
  shot hints-3-taken
  changed=$(diffpx "$OUT/hints-2-drawn.png" "$OUT/hints-3-taken.png" "$(cellx 76 9)" "$(celly 76 9)" $(( BOARD / 9 / 2 - 3 )))
  [ "${changed%.*}" -ge 60 ] || fail "hints: the third press changed nothing in r9c5 ($changed pixels)"
  # Edit → Solve step by step… (its seventh item): the window widens for the panel.
  eval "$(xdotool getwindowgeometry --shell "$WID")"; before=$WIDTH
  click 53 12
  click 105 177
  sleep 1.5
  eval "$(xdotool getwindowgeometry --shell "$WID")"; width=$WIDTH
  shot hints-4-steps
  log "hints: the steps panel opened, the window $before -> $width px wide"
  [ "$width" -ge $(( before + 200 )) ] || fail "hints: no steps panel beside the board ($before -> $width px)"
  quit_ok hints
  rm -rf "$SUDOKU_DLX_DATA_DIR"
  if [ $SAVE = 1 ]; then
    cp "$OUT/hints-2-drawn.png" assets/screenshot-hint-fish.png
  fi
  log "hints: ok (a finned swordfish named, drawn and taken; the steps panel opened)"
}

for f in "$@"; do run_one "$f"; done
variants
watch_mode "$1"
mouse_play "$1"
lost_nothing "$1"
config_switch
shapes
clipboard "$1"
player_game
new_games
colours
technique_hints
print_pdf
log "all ok; screenshots in $OUT"
