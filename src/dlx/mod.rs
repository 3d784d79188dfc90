//! A generic exact-cover engine: Knuth's Algorithm X with dancing links.
//!
//! Nothing here knows about sudoku. The words are Knuth's (TAOCP 7.2.2.1, `dlx1.w`):
//!
//! * an **item** is something to be covered. *Primary* items must be covered exactly once;
//!   *secondary* items at most once.
//! * an **option** is a set of items that are covered together.
//! * a **solution** is a set of options that covers every primary item exactly once and no
//!   secondary item twice. An option made only of secondary items is never part of one: it could
//!   be added to any solution or left out, and the search, which branches on primary items, never
//!   picks it (Knuth's convention).
//!
//! # The algorithm
//!
//! Algorithm X searches depth first. At each level it picks one uncovered primary item *i* and
//! tries, one after another, every option that still contains *i*. Trying an option *covers* each
//! of its items: the item leaves the set of items still to cover, and every other option that
//! contains it is *hidden*, because choosing it later would cover that item twice. When no primary
//! item is left, the options chosen on the way down form a solution. When an item has no option
//! left, the branch is dead and the search backs up, *uncovering* in exactly the reverse order.
//!
//! The steps, numbered as Knuth numbers them:
//!
//! * **X1** Initialise: level `l = 0`.
//! * **X2** Enter level `l`: if no primary item is active, visit the solution `x[0..l]`, go to X8.
//!   (Here X2 and X3 are one scan: choosing finds that no primary item is left.)
//! * **X3** Choose an item `i` (below).
//! * **X4** Cover `i`; let `x[l]` be the first option in `i`'s list.
//! * **X5** Try `x[l]`: if it is back at `i`'s header, every option was tried: go to X7.
//!   Otherwise cover the other items of `x[l]`, set `l = l + 1`, go to X2.
//! * **X6** Try again: uncover the other items of `x[l]` (right to left), move `x[l]` down, go to X5.
//! * **X7** Backtrack: uncover `i`.
//! * **X8** Leave level `l`: stop if `l = 0`, else `l = l - 1` and go to X6.
//!
//! The search here is iterative, with the choices `x[0..l]` on an explicit stack, so it can stop
//! after *k* solutions (*k* = 2 proves uniqueness), be cancelled from another thread, report its
//! statistics, and be driven one move at a time to show how it works. Sudoku boards reach depths
//! of over a thousand (1,296 on 36×36), so recursion is out anyway.
//!
//! ## Choosing the item (X3)
//!
//! The item with the fewest remaining options is chosen (Knuth's *minimum remaining values*
//! heuristic), the leftmost one on ties. Walking the list of active items to find it would wait
//! on every `next` link; instead each item keeps its length in one byte as well (its *tag*: the
//! length up to 254, and 255 while it is covered), and choosing reads the primary items' tags
//! straight through, 64 at a time: the minimum of a block is a handful of vector instructions
//! (`pminub` on x86-64), the scan stops at a block holding a 0 (a dead end: nothing beats it),
//! and then the first item of the best block with that tag is the answer. Only if every active
//! item has 254 options or more does it read the exact lengths. Keeping the tags costs `hide` and
//! `unhide` one plain byte store per link, with no branch and no read.
//!
//! Every block is a whole 64 bytes: the tail of the items is read as the 64 bytes that end at the
//! last item, overlapping the block before (its minimum is taken only if it is below every
//! earlier block's, so the first match cannot lie in the overlap), so the compiler unrolls each
//! block's minimum with no tail loop. The first item with the best tag is then found with four
//! SSE2 byte comparisons and their bit masks (portable word-at-a-time code elsewhere). The two
//! took choosing from about 280 to 150 instructions a node on forum-hardest, the whole search
//! from 2,723 to 2,529 thousand instructions a puzzle, 17-clue from 149 to 141 thousand
//! (cachegrind, 200 and 2,000 puzzles).
//!
//! Where the CPU has AVX2 (checked at run time; the standard library caches the answer), the
//! scan reads 32 tags per instruction and reduces only once: the minimum of every 32-byte lane,
//! the tail again read as one overlapping lane, then a single reduction of that lane to the
//! smallest tag, then the first lane holding it. Without a reduction per block it gives up the
//! stop at a block holding a 0, which cost less than it saved. It took 17-clue from 106.1 to
//! 103.5 thousand instructions a puzzle, serg from 77.8 to 76.2, magictour from 410 to 399 and
//! forum-hardest from 1,831 to 1,776 (cachegrind); alternating timed runs, best of 6 to 8:
//! 17-clue 0.739 s to 0.641 s, magictour 0.082 s to 0.075 s, 5,000 forum-hardest 1.30 s to
//! 1.27 s, same trees.
//!
//! **Narrow matrices.** When every item has fewer than 254 options (every sudoku up to 64×64),
//! a tag is the item's exact length, and the link operations keep only the tags: hiding a node
//! decrements one byte, where it used to read the 32-bit length, write it back and store the tag
//! worked out from it. A covered item's length is set aside in `len` when it is covered and put
//! back when it is uncovered (hiding never touches a covered item). Whether a matrix is narrow is
//! decided when a search starts; the link operations and the search loop are compiled twice,
//! narrow and wide, and the loop picks one per search, so neither pays a test per link. Adding
//! options after a narrow search first brings the lengths up to date from the tags. Forum-hardest
//! went from 2,448 to 2,270 thousand instructions a puzzle and magictour from 520 to 488
//! thousand; 3,000 forum-hardest puzzles from 0.85 s to 0.79 s (best of five). The tests run the
//! wide mode too, on matrices given one secondary item with 300 options of its own.
//!
//! The tags replaced two bit sets of the items of length 0 and 1 (choosing was then "lowest bit
//! of the zero set, else of the one set", with a full scan when both were empty). Every hide had
//! to read, modify and write a word of each set, and consecutive hides hit the same few words, so
//! each waited for the last one's store; the byte tags have no such chain. On the 17-clue set
//! this took the time from 1.15 s to 1.05 s, on forum-hardest from 25.0 s to 23.1 s and on the
//! 16×16 test3 set from 12.7 s to 11.1 s (best of alternating runs of `sudoku-dlx bench`).
//!
//! ## Breaking ties by conflict weights
//!
//! Minimum remaining values says which items are tightest, not which of the tightest to take,
//! and on a hard problem dozens of items tie at two options. [`Search::with_conflict_weights`]
//! counts, for each item, how often the search has found it with no option left (a dead end
//! names the item that caused it), and among the items with the fewest options takes the one
//! counted most often, the leftmost on a tie. The item with the fewest options is still always
//! chosen, so forced moves come first as before; only the order among equals changes. This is the
//! *weighted degree* heuristic of constraint programming (Boussemart, Hemery, Lecoutre and Sais,
//! 2004) used as a tie-break: an item that keeps ending branches is one the difficulty hangs on,
//! and branching on it early finds the dead ends near the root, where a refutation prunes the
//! most. The weights live for one search and start at zero; since few items ever get one, they
//! are also kept in a list, and a tie-break reads only that list (a batch of easy puzzles pays
//! next to nothing).
//!
//! Measured with `sudoku-dlx bench`, nodes per puzzle before → after (pairs on, as below):
//! 9×9 forum-hardest (first 10,000) 2,278 → 1,367, time 4.2–4.4 s → 2.9–3.0 s; magictour 390 →
//! 257, 0.11–0.15 s → 0.074 s; 17-clue 77.4 → 72.0 and serg 62.0 → 61.8, time within noise.
//! 16×16 test3 688,008 (with the escalation below) → 358,509 without it, 8.5 s → 1.6 s; test6
//! 54,382 → 1,526, 0.50 s → 0.01 s; test4 (206 puzzles) 0.66 s in all, median 1.9 ms.
//!
//! ## Pruning by pairs
//!
//! Minimum remaining values takes every forced move (an item with one option) before it
//! branches, but it only sees items one at a time. [`Search::with_pruning`] adds one rule that
//! looks at two: if an active primary item *a* has exactly two options left and both contain
//! another item *b*, then whichever option covers *a* covers *b* too, so every other option of
//! *b* can be in no solution and is removed. (On a sudoku this is the *locked candidates* rule: a
//! symbol with two places left in a box, both in one row, can go nowhere else in that row.) The
//! solutions are exactly the same; the tree is smaller, because a removal often leaves some item
//! with one option or none, which the next choice takes at once.
//!
//! The rule runs where the search is about to branch (the chosen item has two options or more),
//! before it branches; removed options go on a trail and come back, in reverse order, when the
//! search backs up out of that level (or, for a lazily restoring search, when the matrix is next
//! used). Three things keep it cheap:
//!
//! * a copy of the tags is kept at each pass on the current path, and a pass looks only at items
//!   that have come down to two options since the last one (going deeper only takes options
//!   away, so an item that had two then has the same two now and was looked at then);
//! * a memo per item keeps what was found for its current pair of options (which items two
//!   options share never changes), so a pair met again is not read again;
//! * passes are rationed to one per 32 nodes of the search on average, since a pass pays only
//!   where the tree below it is big (the sudoku solver spaces them 256 nodes apart below 16×16:
//!   there the first pass, at the first branching, is the one that pays, and later ones cost
//!   more than they save. Instructions a puzzle, spacing 32 → 256, cachegrind: serg 94.3 →
//!   88.2 thousand, forum-hardest 2,080 → 2,014 thousand, 17-clue 124.6 → 125.0 thousand,
//!   magictour 448 → 455 thousand; serg, ten alternating runs, best 0.088 → 0.082 s. On 16×16
//!   wider spacing loses: test3 1.39 s at 32, 1.51 s at 64, 1.54 s at 128);
//! * a problem may declare items whose options never share another item two by two
//!   ([`Matrix::set_pairless_items`]; a sudoku's cell items: two digits of one cell meet in no
//!   row, column or box), and the rule passes over them. That took serg (puzzles with several
//!   solutions, where a pass rarely pays) from 101 to 97 thousand instructions a puzzle, about
//!   5% of its time, and every other set 1–2%, with the same trees.
//!
//! Measured with `sudoku-dlx bench` and `--solver dlx-plain` (the same engine without pruning),
//! nodes per puzzle: 17-clue 116.4 → 82.3, magictour top1465 647 → 391, forum-hardest 2,518 →
//! 2,271, serg 62.3 → 62.0, 16×16 test3 3.29 million → 1.49 million. Time, best of alternating
//! runs: 17-clue 1.04 s → 0.82 s, magictour 0.160 s → 0.109 s, 16×16 test3 10.0 s → 4.9 s;
//! forum-hardest about the same (first 5,000 puzzles 2.09 s → 2.05 s, though single runs ranged
//! up to 17% slower on this noisy machine); serg 0.094 s → 0.107 s, puzzles with several
//! solutions where two are found within about 60 nodes and a pass rarely pays for itself.

//! ## Pairs of pairs, and wider locked sets (big boards)
//!
//! Two more rules, off unless asked for ([`Search::with_pairs_of_pairs`],
//! [`Search::with_pruning_width`]), keep the search exact and make it reason further per node:
//!
//! * **Wider locked sets.** The pair rule, for items with up to *w* options: if every option of
//!   item *a* contains item *b*, the other options of *b* go. On a sudoku with *w* the longer side
//!   of a box, this is every case of locked candidates (a symbol's places in a box all in one row).
//! * **Pairs of pairs.** Take two items *a* and *b* with two options each, whose options meet
//!   through some third item. A solution covers *a* with one of its options and *b* with one of
//!   its own, and the two must not clash (or be one option holding both). Of the four
//!   combinations only those are possible; an item that every possible combination covers is
//!   covered by them in every solution, so its other options go. On a sudoku this is the naked
//!   pair (two cells of a unit with the same two candidates: the unit's two symbols are theirs)
//!   and the hidden pair (two symbols of a unit with the same two places: the two cells are
//!   theirs), found here without a word about cells or symbols.
//!
//! Both cost far more per pass than pairs alone (partners are found by walking the lists the
//! options meet), and they pay only where the tree without them is out of reach. Measured with
//! `sudoku-dlx bench` on this machine:
//!
//! * 25×25 "medium" puzzles (`generate --box 5 --grade medium --count 10 --seed 7`, puzzles that
//!   need locked candidates and pairs): with pairs alone (the engine before) the first of them
//!   was not solved within 60 s, nor the file by `--solver dlx-plain`; with pairs of pairs alone,
//!   at every branching, 7 of 10 within 10 s each and the file not within 200 s; with both rules,
//!   all 10 in 12 ms (1.4 ms median, 370 nodes a puzzle: hardly a wrong turn
//!   on 355 empty cells). The 25×25 easy library: 5.3 ms → 0.8 ms.
//! * 16×16 test3 (15 forum puzzles): both rules halve the tree (1.48 → 0.63 million nodes a
//!   puzzle) but take 19–21 s against 8.3 s; the wider rule alone saves 2% of the nodes for 55%
//!   more time. On 9×9 the pair rule alone is best (see above).
//!
//! So the sudoku solver turns both on from 25×25 up, and keeps pairs alone below that. How often
//! to prune there is a trade: on the ten 25×25 medium puzzles, a pass at every branching took
//! 20 ms, one per 8 nodes 12 ms, one per 32 nodes 290 ms (5,700 nodes a puzzle); but counting two
//! solutions of the *empty* 36×36 board took 6.1 s (a million nodes) pruning at every branching,
//! 0.39 s at one pass per 8 nodes and 10 ms at one per 32: the extra removals steer the choice of
//! item, and on a board with millions of solutions that can lead a long way down a dead end. So
//! the solver prunes once per 8 nodes, and adds the two rules only once a quarter of the cells
//! are filled (every puzzle worth the name): the empty 36×36 board then takes 6 ms.
//!
//! ## Escalating on a big tree
//!
//! Below 25×25 most searches end within a few thousand nodes and the strong rules cost more than
//! they save, but a few 16×16 puzzles take tens of millions of nodes with pairs alone, and there
//! the strong rules cut the tree a thousandfold. [`Search::with_escalation`] keeps the cheap rule
//! until the search has tried a number of options, then switches to the strong ones (once per 8
//! nodes) for the rest of the search. Measured with `sudoku-dlx bench`, a puzzle at a time for
//! test4, before the conflict weights:
//!
//! | 16×16 forum set | pairs alone | escalating after 1,000,000 | after 100,000 |
//! |---|---|---|---|
//! | test6 (20) | 28–33 s; puzzle 14: 84 million nodes, 22 s | 1.6 s | 0.53–0.57 s, every puzzle under 0.2 s |
//! | test4 (206) | first 26: median 7.6 s, max 16.6 s | median 0.26 s, max 7.4 s, 75 s in all | median 0.05 s, p90 0.37 s, max 7.0 s, 44 s in all |
//! | test3 (15) | 5.3–5.9 s, max 0.96 s | 9.9 s, max 1.9 s | 15.4–15.9 s, max 2.4 s |
//!
//! test3's puzzles take one to two million nodes each with pairs alone, just past the switch, and
//! the strong rules halve their trees but cost about four times as much per node; the other sets
//! gain far more than test3 loses.
//!
//! The conflict weights then did better on every one of these sets than escalating had (test6's
//! worst puzzle, 84 million nodes with pairs alone, takes a few thousand), and with them an
//! escalation after 100,000 nodes made test3 twice as slow (3.3 s against 1.6 s) while gaining
//! nothing elsewhere. So the sudoku solver now escalates only after 1,000,000 nodes, a safety net
//! that no puzzle of the 9×9 and 16×16 sets reaches.
//!
//! The strong pass itself was made cheaper too: the walk that finds an item's partners also
//! records which combinations of their options clash (an option met through item *t* clashes in
//! *t*), which for a partner outside the item's own options is every clash there is, so the
//! partners with three or four combinations left, most of them, are passed over without reading
//! their options again; and eight unchanged tags are skipped with one comparison. On a test3
//! puzzle that took the instructions from 1,784 million to 991 million (cachegrind), and 25×25
//! medium from 4.3–5.0 ms to 3.0 ms.
//!
//! ## Ending early
//!
//! The search counts the levels whose option is not the last in its item's list. When a level is
//! left and that count is zero, nothing above has anything left to try: the rest of the search
//! would only uncover. A search made with [`Search::restore_lazily`] stops there and hands the
//! undoing to the matrix: it notes the level and state it stopped at and leaves the matrix its
//! stacks (which the matrix keeps for the next search anyway), so handing over costs the same
//! however deep it stopped. The matrix unwinds from them before it is next searched or extended,
//! or forgets them if it is [`reset`](Matrix::reset) first. The sudoku solver rebuilds its matrix
//! for every puzzle, so it never pays for that final climb, which on an easy puzzle is half the
//! work. (Handing over used to queue two undo operations a level; noting the state instead took
//! 17-clue from 112.0 to 110.1 thousand instructions a puzzle, serg from 80.2 to 78.7.) An
//! ordinary search uncovers everything before it reports [`Event::Done`].
//!
//! ## The inner loop
//!
//! [`Search::step`] drives a state machine (one state per step above) so that the window can show
//! every move. Counting and enumerating do not pay for it: they run the same moves as two plain
//! loops, "enter a level and try its first option" and "back up to the nearest level with an
//! option left", with no dispatch on a state between moves (that dispatch was an indirect jump
//! with a new target almost every move). A proptest checks that stepping some moves and then
//! running the fast path makes exactly the moves of one fast run.
//!
//! The four link operations index the arena and the tags without bounds checks. Every link and
//! every `top` stored in them is an index that [`Matrix::reset`] or the option builders created,
//! and the link operations only copy links between nodes, so every index is in range; debug
//! builds (and so the tests) assert it. This, with the bulk option builder below, the vector
//! scans of the tags and of an item table, and the comparison of two blocks of four (below), is
//! the crate's only `unsafe` code; it cut the instructions per forum-hardest puzzle by a sixth.
//!
//! There is no list of active items. Knuth keeps one (each item's `prev` and `next`) for X2's
//! test and X3's walk; here X3 reads the tags, where a covered item's tag says it is covered,
//! and X2 is the scan finding every tag covered. Covering and uncovering an item are then only
//! its options' links and its tag: keeping the list had cost 17-clue 103.8 thousand instructions
//! a puzzle against 99.9 now, serg 76.5 against 73.4, magictour 400 against 380 and
//! forum-hardest 1,782 against 1,690 (cachegrind); best of alternating timed runs, 5,000
//! forum-hardest 1.170 s against 1.138 s, magictour 0.064 s against 0.061 s. Same trees.
//!
//! Building is part of the cost when a matrix is made per problem (a 17-clue sudoku takes about
//! as long to build as to search twice over). [`Matrix::add_options`] takes a batch of options of
//! one width, checks them, reserves room in the arena once and writes the nodes straight into it
//! (without zeroing it first: about 2% of the 17-clue time); the sudoku mapping, whose options are
//! well formed by construction, links each option the moment it finds it, through a
//! crate-internal sink that checks them only in debug builds, except for the one check the
//! unchecked writes rely on, that every item is in range (writing the options down first and
//! linking them afterwards cost 2,300 instructions more a 17-clue puzzle). It links a cell's
//! options as one family (one cell item, then entry `v` of three item tables for each symbol
//! `v` the cell allows), checked once for the family: room for all of it, and each table's
//! largest entry, worked out once per puzzle, in range. Checking every option (room, and each
//! item clamped into range) had cost 17-clue 110.1 thousand instructions a puzzle against 106.2
//! then, serg 78.7 against 77.8 (cachegrind).
//!
//! The family's loop keeps the arena's pointers (nodes, tops, lengths) in locals, and is compiled
//! once for blocks of four and once for spacers: with the lengths behind a `&mut Vec`, the
//! compiler loaded the vector's buffer again after every store into the arena, and the layout
//! was tested per option. Room is checked for as many options as the mask's highest bit allows
//! (baseline x86-64 has no population count instruction, and the sudoku's room allows every
//! symbol of every cell). 58 instructions an option became 50; 17-clue 78.6 → 75.5 thousand
//! instructions a puzzle, 0.471 s → 0.458 s (best of seven alternating runs). The largest
//! entry of the item table is found with AVX2 where the CPU has it (SSE2 has no unsigned 32-bit
//! maximum): 73.4 → 72.5 thousand. And the sudoku's numbering runs over every symbol of a
//! unit, writing an entry for the given ones too (never read) and counting up by the symbol's
//! bit, with no branch on which symbols are missing: 14 fewer mispredicted branches a 17-clue
//! puzzle under cachegrind's model for 200 more instructions, 0.457 s → 0.450 s, twice.
//!
//! In blocks of four, option `k` starts at `blocks_from + 4k`, so no start is written per
//! option (option numbers from nodes by a shift): 17-clue 75.7 → 74.7 thousand instructions.
//! The scan for the item to branch on hands back the length it found with the item, which the search had
//! looked up twice more per node: 74.7 → 73.4 thousand.
//!
//! Building the full matrix once per geometry (all 729 options of a 9×9) and applying each
//! puzzle's givens by covering their options, then copying the saved links back for the next
//! puzzle (the issue's first suggestion) was measured against building per puzzle and lost: a
//! 17-clue puzzle's givens hide about 260 options of the full matrix, which costs about as much
//! as linking the 460 left, and the copy back comes on top (17-clue 0.879 s against 0.781 s,
//! serg 0.134 s against 0.096 s, best of three alternating runs; same trees).
//!
//! Tried and measured, and not kept: cyclic `right` links instead of spacers (tried twice; the
//! second time, with a `right` field in 16-byte nodes, it removed the spacer test's mispredictions
//! but was no faster), padding nodes to 16 bytes, a third bit set for items of length 2, a chunked
//! minimum scan of the 32-bit `len` array (slower than the bit sets then, 1.28 s against 1.17 s
//! on 17-clue; the byte tags read a quarter as much), stopping a cover as soon as an item empties,
//! and finding an option's nodes by arithmetic when all options have one width but the spacers
//! stay (tried three times: 19% fewer instructions and half the mispredicted branches under
//! cachegrind, but no faster or 7% slower: the division by the stride, five, sat on the critical
//! path that the well-predicted spacer walk keeps off it; the blocks of four below do the same
//! with one `xor`). For pruning: a 64-bit signature of each
//! option's items, to pass over pairs of options with nothing in common without reading them
//! (it cost the 17-clue build 20,000 instructions a puzzle and saved nothing on serg), reading
//! the second option's items into a small array once for the test whether two options meet
//! (tried three times; the last time serg went from 69.6 to 73.0 thousand instructions a
//! puzzle), and
//! pruning only the item about to be branched on (its removals are ones either branch makes
//! anyway: the 17-clue tree did not shrink at all).
//!
//! Tried after the blocks of four, and not kept (alternating timed runs, best of seven or nine):
//! numbering the sudoku's items without a branch on whether a cell is given (it added 2,400 to
//! 4,000 instructions a 17-clue puzzle for the 20 to 70 mispredicted branches it removed, and the
//! time did not move), walking only the empty cells to link their options (the same), linking a
//! cell item's nodes with their final links and touching its header once a family (more
//! instructions: the loop ran out of registers), finding the first lane with the minimum tag
//! without an early exit (4,300 more instructions for 51 fewer mispredictions, 0.572 s both
//! ways), and `node_in` as three unrolled tests in blocks of four (1–3% fewer instructions,
//! no change in time).
//!
//! Tried in the seventh session, and not kept (cachegrind on 2,000 17-clue puzzles unless
//! said): remembering the last item whose tag fell to one (or to one or none) and taking it
//! without the scan, a forced move for free: a zero elsewhere then goes unseen until the scan
//! comes back, and the trees grew (17-clue 76.9 → 80.0 nodes, magictour 333 → 391; with zeros
//! too, 77.8 and 368), more instructions on every set; covering an option's other items inlined
//! into the search loop (72.5 → 73.3 thousand: register spills); sizing the arena's headers
//! first and writing them in place, with or without the tops in the same loop (72.5 → 74.6:
//! the inlining around it changed); one item table with three starts instead of three tables
//! (70.7 → 70.8); numbering the row·symbol items in a loop of their own (no change: the
//! compiler had split it already); and pruning every 64 or every 1,024 nodes on 9×9 (64: 5%
//! fewer nodes on magictour and forum-hardest for more instructions; 1,024: the reverse).
//!
//! In the eighth session (cachegrind on 2,000 puzzles; times are the best of six to eight
//! alternating runs of `sudoku-dlx bench` on the 49,158 17-clue puzzles): the scan's last
//! reduction to one byte became SSE4.1's `phminposuw` on eight words instead of four shifts and
//! minimums (17-clue 70.7 → 70.3 thousand instructions, 0.351 → 0.345 s); a family's shared item
//! is counted in its length once, by the number of options linked (70.3 → 69.5 thousand, the
//! build alone 0.110 → 0.107 s); and the search loop is compiled a second time for AVX2 and BMI,
//! picked at run time, so that the AVX2 scan, a `target_feature` function, inlines into it
//! instead of being called at every node (69.5 → 68.1 thousand, 0.341 → 0.337 s; serg 52.3 →
//! 51.2, magictour 230 → 225). A proptest runs both compilations and compares every move.
//! Choosing then took a short way for a forced move or a dead end (no tie-break by weight, no
//! escalation or pruning test: those moved to `Pruner::branch`, reached only when the item has
//! two options or more): 68.1 → 66.2 thousand instructions on 17-clue, 225 → 217 on magictour,
//! 966 → 935 on forum-hardest, but no change in time (17-clue 0.337 s both ways, 5,000
//! forum-hardest 0.66 s). Kept for the clearer split; two more cuts that behaved the same were
//! not, since each added unchecked or vector code that only a measured win would justify: the
//! loop's own reads of links made unchecked (−0.6% instructions) and the tags worked out from the
//! lengths sixteen at a time with SSE2 (−1.0%). The search here is bound by its chain of
//! dependent loads (choose, then the list walks of the covers, each waiting on the last), not by
//! the number of instructions around them, which an out-of-order core runs alongside.
//!
//! Tried then, and not kept: taking a forced move without the scan, three more ways. Keeping the
//! lowest (tag, item) as a running minimum in every unlink put a dependency chain through all of
//! them (+3% time); noting the last item to fall to 0 or 1 in a slot cost a store per unlink
//! (+6%); collecting every item at 1 when a scan finds one and taking them one by one, checking
//! each tag, cost more in collecting than the scans it saved (+11%, and 17-clue 75.5 → 76.3
//! nodes, since a dead end elsewhere goes unseen meanwhile). The lengths of the row, column and
//! box items counted by the sudoku mapping with byte counters, one addition per cell instead of
//! one per node (0.343 → 0.361 s: the counting and the 243 additions to the lengths cost more
//! than the 1,380 increments they replaced). A node written as one eight-byte store in the build
//! (+3.7% instructions, −0.6% time). Pairs of pairs at the first branching on 9×9 (17-clue 75.5
//! → 69.2 nodes, 0.35 → 0.91 s). The item families numbered in other orders (same trees within
//! 0.3%; magictour 278 → 280–286 nodes). `cover_others` and `uncover_others` inlined into the
//! loop as well (0.341 → 0.353 s: the loop ran out of registers). The family's item tables
//! passed as one table with three starts, the updates of a cover in blocks of four counted from
//! its length before the walk, the headers numbered in a loop of their own and the search's
//! flags copied into locals all added instructions (1–3%). Two build settings were
//! measured and left alone for other reasons: `panic = "abort"` (1.5% faster on 17-clue, but a
//! panic in a worker thread would then take the window and the player's board down with it,
//! where now the window reports the lost worker), and the whole binary compiled for x86-64-v3
//! (2.8% faster, but it would not start on a CPU without AVX2; the loop's run-time choice gets
//! half of that).
//!
//! In the ninth session, building turned out to be bound by its stores, not its instructions.
//! An option in blocks of four took 23: two a node for its links (the compiler writes `up` and
//! `down` apart), one a node for its top, the predecessor's `down` and the header's `up` a node,
//! and three length increments. Each node is now written as one eight-byte word and the four
//! tops as two, 17 stores an option: 17-clue 0.334 → 0.327 s (best of twelve alternating runs;
//! 2.9% faster by the geometric mean of the twelve pairs), magictour 1.3% faster, serg and
//! 16×16 test4 within 1%, although packing the words costs 3.0 thousand more instructions a
//! 17-clue puzzle (66.1 → 69.1 thousand). Writing only the nodes as words, or only the tops,
//! got about half of it each. (That is also why a node written as one word looked like nothing
//! in the eighth session, above: the tops still cost their four stores.) Keeping the cell
//! item's last node in a register instead of its header's `up` saved a store an option but ran
//! the loop out of registers (4.4 thousand more instructions, 1% slower).
//!
//! Tried in the ninth session, and not kept (cachegrind on the first 2,000 puzzles of 17-clue
//! and of serg, whole runs; times are the best of six to eight alternating runs of
//! `sudoku-dlx bench` on the full 17-clue file, on a machine whose runs spread by 10–40%):
//!
//! * A template: every option of the geometry (729 on 9×9) laid out once, with fixed item
//!   numbers, and per puzzle only the options the givens allow linked again, the givens' items
//!   left out as covered from the start. No item numbering and no `tops` written per puzzle:
//!   6.6 thousand fewer instructions a 17-clue puzzle (−9.8%), 3.1 thousand fewer on serg,
//!   same trees; but no faster (0.346 s both ways), because the arena of 729 options, 39 KB,
//!   no longer fits the 32 KB L1 cache with the rest of the search's data: 332 more L1 misses a
//!   puzzle than the 177 of the compact matrix (whole runs, cachegrind's 32 KB 8-way model).
//!   With 16-bit `tops` (29 KB) there were still 237 more, and the time still did not move.
//!   With 16-bit links as well (4-byte nodes; a quick hack good for 9×9 only, to see whether a
//!   generic index type through the engine would pay): 20 KB, 68 more misses a puzzle than the
//!   compact matrix with the same small nodes, 3.8 thousand fewer instructions a 17-clue
//!   puzzle, and 0.335 against 0.338 s, under 1%: not worth the refactor. The small nodes
//!   alone changed nothing either (same instructions, 0.337 against 0.336 s; nor did 16-bit
//!   `tops` alone, 0.350 against 0.346 s): the compact matrix already fits the L1 cache.
//! * Fixed item numbers without the template (the open items not numbered; the givens' items
//!   left out): the numbering saved about what the longer scans of 324 tags instead of about
//!   256 cost (17-clue −0.4 thousand instructions a puzzle, serg +1.0), and no faster.
//! * Covering by counting down the item's length instead of walking to the header, so that the
//!   loop's exit does not wait on the chain of `down` loads: 17 fewer mispredicted branches a
//!   17-clue puzzle under cachegrind's model, 0.5 thousand more instructions, and times within
//!   the noise (17-clue 0.343 against 0.344 s, 10,000 forum-hardest 1.408 against 1.399 s).
//! * The `down` of each item's last node written once at the end of linking rather than a node
//!   at a time (one store fewer a node): 1.4 thousand more instructions a 17-clue puzzle, the
//!   loop over the items costing more than the stores it saved.
//! * The unit items numbered eight symbols at a time from a table of prefix counts: 1.6
//!   thousand more instructions (the compiler did not vectorise the widening).
//! * Pruning at every branching on 9×9 (or every 8 nodes) instead of every 256: 17-clue 76.9 →
//!   72.5 nodes on the sample and 0.6 thousand fewer instructions, but serg 12.6 (9.5) thousand
//!   more (its puzzles have many solutions, and the search stops at two); every 32 nodes, 74.9
//!   nodes and 0.2 thousand more on 17-clue, 3.3 thousand more on serg.
//! * The whole binary for x86-64-v2 (with `popcnt`): 1.4 thousand more instructions, no faster.
//! * After the stores were cut (twelve alternating runs each, against the kept build): the cell
//!   item's nodes linked to the blocks before and after, a family's ends put right once (two
//!   stores fewer an option, but 2.0 thousand more instructions, no faster); no length saved
//!   when an item is covered, the options put back counted instead (1.0 thousand fewer
//!   instructions, 1.9% slower); the item table written without being cleared first (no
//!   change); and the search without counting its link updates (no faster).
//!
//! # The layout
//!
//! Everything lives in one flat array of nodes, addressed by `u32` indices (an index is half the
//! size of a pointer, so twice as many links fit in the cache). With `n` items:
//!
//! ```text
//!  index:   0    1 .. n        n+1      ...  option 0  ...  spacer  ...  option 1 ...  spacer
//!          ┌───┬───┬───┬───┬─────────┬─────┬─────┬─────┬─────────┬─────┬─────┬─────────┐
//!  nodes:  │ - │ a │ b │ c │ spacer₀ │ a₀  │ c₀  │     │ spacer₁ │ b₁  │ c₁  │ spacer₂ │
//!          └───┴───┴───┴───┴─────────┴─────┴─────┴─────┴─────────┴─────┴─────┴─────────┘
//!                headers      up: -      top=a  top=c    up: a₀     top=b top=c  up: b₁
//!                            down: c₀                   down: c₁                 down: -
//! ```
//!
//! * Node `i` for `1 ≤ i ≤ n` is the **header** of item `i`: the head of a circular, doubly linked
//!   vertical list (`up`, `down`) of every node of every active option containing `i`.
//! * Each **option** is a contiguous run of nodes, one per item, so an option needs no left/right
//!   links: its neighbours are at `x + 1` and `x - 1`. Runs are separated by **spacer** nodes (their
//!   `top` is 0); a spacer's `up` is the first node of the option before it and its
//!   `down` the last node of the option after it, so a walk that reaches a spacer wraps around to
//!   the other end of its own option.
//! * Each regular node's `top` is its item. The tops live in an array of their own beside the
//!   nodes (same index), since they never change: a node is then just its two links, eight
//!   bytes, addressed by a scaled index with no multiplication, its links loaded as one word.
//!   Against twelve-byte nodes that held their top, this took the instructions a puzzle from
//!   122.0 to 113.1 thousand on 17-clue, 85.9 to 81.1 on serg, 454 to 415 on magictour and 2,012
//!   to 1,832 on forum-hardest (cachegrind); best of alternating runs, 17-clue 0.587 → 0.559 s,
//!   3,000 forum-hardest 0.667 → 0.646 s, serg 0.079 → 0.077 s, 16×16 test3 1.37 → 1.34 s.
//! * Each item also has its length (`len`, the number of its active options) and its one-byte
//!   tag in two small arrays of their own, which is what X3 reads.
//!
//! ## Blocks of four
//!
//! Every option of the sudoku mapping has exactly four items (its cell, row·symbol,
//! column·symbol and box·symbol). When every option of a matrix has four, the options are laid
//! out as blocks of four nodes with no spacers, each starting at a multiple of four:
//!
//! ```text
//!  index:   0 .. n   (padding)  4k   4k+1  4k+2  4k+3   4k+4  4k+5  4k+6  4k+7
//!          ┌───┬───┬─────────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐
//!  nodes:  │ headers │   ...   │ a₀  │ b₀  │ c₀  │ d₀  │ a₁  │ e₁  │ f₁  │ g₁  │
//!          └───┴───┴─────────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┘
//!                               option 0                option 1
//! ```
//!
//! The other three nodes of node `p`'s option are then `p ^ 1`, `p ^ 2` and `p ^ 3`: hiding an
//! option is three unlinks with no walk, no spacer test and no loop exit to predict, and so is
//! covering an option's other items (step X5) and undoing both. The order among those three
//! differs from Knuth's left-to-right for a node inside its option, which changes nothing: the
//! three hides touch three different lists, and the three covers leave the same matrix in any
//! order (an option holding two of the items is hidden by whichever cover comes first), so the
//! search makes the same choices, visits the same nodes and counts the same updates, which
//! the oracle tests check against the same options laid out with spacers. Building writes no
//! spacers either. Walks that pruning makes round an option go through
//! `Matrix::next_node`, which is `(q & !3) | ((q + 1) & 3)` here and the spacer
//! test otherwise.
//!
//! The layout is picked when the first options are added in bulk
//! ([`Matrix::add_options`], or the sudoku mapping's builder) four items wide; adding an option
//! of another width lays the matrix out again with spacers. The link operations and the search
//! loop are compiled for both layouts, as for narrow and wide, and a search picks one when it
//! starts. Where arithmetic on a stride of five (the spacers kept) had put a multiplication on
//! the critical path and lost, the `xor` costs one cycle. Instructions a puzzle, spacers → blocks
//! (cachegrind, `sudoku-dlx bench`): 17-clue 90.3 → 78.2 thousand, serg 67.0 → 59.6, magictour
//! 329.9 → 245.6, forum-hardest 1,453 → 1,041; time, best of alternating runs (seven, five for
//! forum-hardest, three for 16×16): 17-clue 0.538 s → 0.494 s, serg 0.076 s → 0.072 s,
//! magictour 0.060 s → 0.052 s, 5,000 forum-hardest 1.045 s → 0.908 s, 16×16 test3 1.31 s →
//! 1.16 s. Same trees.
//!
//! Pruning by pairs asks where an item's two options meet. Walking the first option and, for
//! each of its items, the second took nine tests, each a branch; in blocks of four each option's
//! items are four consecutive `top`s, so the two blocks are compared all against all with four
//! SSE2 compares (the second block rotated), the pair that is the item itself is dropped from
//! the 16-bit mask, and none, one or many pairs are read off it. 17-clue 72.5 → 70.7 thousand
//! instructions a puzzle, serg 56.6 → 53.0, magictour 236.5 → 232.0, forum-hardest 1,011 → 997;
//! best of alternating runs, 17-clue 0.444 s → 0.438 s, serg 0.061 s → 0.058 s. Same trees.
//!
//! Cover, hide, uncover and unhide are exactly `dlx1.w`'s; the comments at those functions say why
//! their walking orders matter. Hide walks an option in two loops (right from the node to the
//! spacer, then from the option's first node back to it) instead of one that tests every node
//! for a spacer and for the end: neither loop needs both tests, and the links changed are
//! counted once, by the option's width. That took 17-clue from 98.8 to 94.4 thousand
//! instructions a puzzle, serg 72.8 to 70.9, magictour 376 to 351 and forum-hardest 1,671 to
//! 1,549 (cachegrind); in time, best of alternating runs, 17-clue 0.570 → 0.546 s and 5,000
//! forum-hardest 1.079 s both ways (the links' loads and stores, not the instructions around
//! them, set the pace there). Same trees.
//!
//! # Example
//!
//! Knuth's example from *Dancing Links* (2000): items `a`–`g`, six options, one solution.
//!
//! ```
//! use sudoku_dlx::dlx::Matrix;
//!
//! let mut m = Matrix::new(7, 0)?;
//! let (a, b, c, d, e, f, g) = (0, 1, 2, 3, 4, 5, 6);
//! m.add_option([c, e, f])?;    // option 0
//! m.add_option([a, d, g])?;    // option 1
//! m.add_option([b, c, f])?;    // option 2
//! m.add_option([a, d])?;       // option 3
//! m.add_option([b, g])?;       // option 4
//! m.add_option([d, e, g])?;    // option 5
//!
//! let mut search = m.search();
//! let mut solution: Vec<usize> = search.first().unwrap().iter().map(|o| o.index()).collect();
//! solution.sort();
//! assert_eq!(solution, vec![0, 3, 4]); // {c e f}, {a d}, {b g}
//! drop(search);
//! assert_eq!(m.search().count(10), 1);
//! # Ok::<(), sudoku_dlx::dlx::DlxError>(())
//! ```

mod build;
mod choose;
mod links;
mod matrix;
mod node;
mod prune;
mod report;
mod scratch;
mod search;
#[cfg(test)]
mod testing;
mod unchecked;
mod unwind;

pub(crate) use build::ItemTable;
pub use matrix::{DlxError, ItemId, Matrix, OptionId};
pub use prune::MAX_PRUNE_WIDTH;
pub use report::{Event, Outcome, Stats};
pub use search::Search;
