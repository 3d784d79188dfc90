//! The KSudoku reader's tests: each construct of a shape file against the shapes built here,
//! KSudoku's numbers and cell order, the replay of a saved game's history, and each error with
//! its line. (The writer's round trips are in `ksudoku_write.rs`.)

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use super::*;

/// A shape file of one `<graph>` with these attributes and children.
fn file(attributes: &str, children: &str) -> String {
    format!(
        "<!DOCTYPE ksudoku-graph>\n<ksudoku-graph>\n <graph {attributes}>\n{children} </graph>\n</ksudoku-graph>\n"
    )
}

fn units(s: &Shape) -> BTreeSet<Vec<usize>> {
    s.units().map(|(_, c)| c.to_vec()).collect()
}

fn same_board(a: &Shape, b: &Shape) {
    assert_eq!(a.layout(), b.layout());
    assert_eq!(a.symbols(), b.symbols());
    assert!(a.cells().eq(b.cells()), "cells");
    assert_eq!(units(a), units(b), "units");
}

fn error(text: &str) -> ReadError {
    read(text, None).unwrap_err()
}

#[test]
fn cell_indices_go_column_by_column() {
    let l = Layout {
        width: 5,
        height: 4,
        depth: 3,
    };
    for k in 0..l.positions() {
        assert_eq!(ksudoku_index(l, position_of(l, k)), k);
    }
    // x = 1, y = 2, z = 0 is KSudoku's (1*4 + 2)*3 + 0 = 18.
    assert_eq!(position_of(l, 18), l.position(1, 2, 0));
    // On a flat board the first sizeY indices are column 0, top to bottom.
    let flat = Layout::flat(9, 9);
    assert_eq!(position_of(flat, 1), 9);
    assert_eq!(position_of(flat, 9), 1);
}

#[test]
fn numbers_are_read_as_c_reads_them() {
    assert_eq!(c_int("0x1F"), Some(31));
    assert_eq!(c_int("017"), Some(15));
    assert_eq!(c_int(" 9 "), Some(9));
    assert_eq!(c_int("0"), Some(0));
    assert_eq!(c_int("-3"), Some(-3));
    assert_eq!(c_int("08"), None);
    assert_eq!(c_int("nine"), None);
    assert_eq!(c_int("--1"), None);
    assert_eq!(c_int(""), None);
}

#[test]
fn ksudoku_files_are_told_by_their_root() {
    assert!(is_ksudoku("<!DOCTYPE ksudoku>\n<ksudoku>\n <game/>"));
    assert!(is_ksudoku(
        "\u{feff}<?xml version=\"1.0\"?>\n<!-- a shape -->\n<!DOCTYPE ksudoku-graph>\n<ksudoku-graph>"
    ));
    assert!(is_ksudoku("<ksudoku/>"));
    assert!(!is_ksudoku("<ksudokus>"));
    assert!(!is_ksudoku("<sudoku>"));
    assert!(!is_ksudoku("..3.2.6..9..3.5..1..18.64....81.29..7"));
    assert!(!is_ksudoku("<!-- never closed"));
}

#[test]
fn the_built_in_types_are_the_plain_square_and_cube() {
    for n in [4, 9, 16, 25] {
        let s = read_shape(&file(&format!("order=\"{n}\" type=\"sudoku\""), ""), None).unwrap();
        same_board(&s, &Shape::named("Sudoku", Some(n)).unwrap());
        assert_eq!(s.name(), "PlainSudoku");
    }
    for n in [9, 16, 25] {
        let s = read_shape(&file(&format!("order=\"{n}\" type=\"roxdoku\""), ""), None).unwrap();
        same_board(&s, &Shape::named("Roxdoku", Some(n)).unwrap());
    }
    // Every other attribute and child is ignored by the built-in types.
    let s = read_shape(
        &file(
            "order=\"9\" type=\"sudoku\" sizeX=\"2\"",
            "<clique size=\"2\">0 1</clique>",
        ),
        None,
    )
    .unwrap();
    assert_eq!(s.cell_count(), 81);
}

#[test]
fn sudokugroups_place_grids_by_index_with_or_without_blocks() {
    // TinySamurai: five 4×4 grids at (0,0), (6,0), (3,3), (0,6), (6,6): index x*10 + y.
    let grids: String = [0, 60, 33, 6, 66]
        .iter()
        .map(|at| format!("  <sudokugroups at=\"{at}\" withblocks=\"1\"/>\n"))
        .collect();
    let attrs = "sizeX=\"10\" sizeY=\"10\" sizeZ=\"1\" order=\"4\" type=\"custom\" name=\"TinySamurai\" specific-type=\"TinySamurai\"";
    let s = read_shape(&file(attrs, &grids), None).unwrap();
    same_board(&s, &Shape::named("TinySamurai", None).unwrap());
    assert_eq!(s.name(), "TinySamurai");
    // Holes: the positions of no grid.
    assert!(!s.is_cell(Layout::flat(10, 10).position(5, 0, 0)));
    // Without blocks: rows and columns only; withblocks defaults to 1 and only "1" means blocks.
    let plain = |wb: &str| {
        let s = read_shape(
            &file(
                "sizeX=\"4\" sizeY=\"4\" sizeZ=\"1\" order=\"4\" type=\"custom\"",
                &format!("<sudokugroups {wb}/>"),
            ),
            None,
        )
        .unwrap();
        s.unit_count()
    };
    assert_eq!(plain("withblocks=\"0\""), 8);
    assert_eq!(plain("withblocks=\"yes\""), 8);
    assert_eq!(plain(""), 12);
}

#[test]
fn roxdokugroups_and_cliques() {
    // DoubleRoxdoku: cubes at index 0 and 36 = (2,2,0) of a 5×5×3 board.
    let s = read_shape(
        &file(
            "sizeX=\"5\" sizeY=\"5\" sizeZ=\"3\" order=\"9\" type=\"custom\"",
            "<roxdokugroups at=\"0\"/><roxdokugroups at=\"36\"/>",
        ),
        None,
    )
    .unwrap();
    same_board(&s, &Shape::named("DoubleRoxdoku", None).unwrap());
    // A 4×4 of rows, columns and four cliques listed column by column (index x*4 + y).
    let s = read_shape(
        &file(
            "sizeX=\"4\" sizeY=\"4\" sizeZ=\"1\" order=\"4\" type=\"custom\"",
            "<sudokugroups withblocks=\"0\"/>\n<!-- a comment -->\n<unknown/>\n\
             <clique size=\"4\"> 0  4  1  5 </clique>\n<clique size=\"4\">2 6 3 7</clique>\n\
             <clique size=\"4\">8 12 9 13</clique><clique size=\"4\">10\n14 11 15 99</clique>",
        ),
        None,
    )
    .unwrap();
    same_board(&s, &Shape::named("4x4", None).unwrap());
    assert_eq!(s.unit_name(8), Some(Unit::Group(0)));
}

#[test]
fn the_word_mathdoku_is_the_callers_order() {
    let text = file(
        "sizeZ=\"1\" order=\"Mathdoku\" type=\"custom\" specific-type=\"Mathdoku\"",
        "<sudokugroups withblocks=\"0\"/>",
    );
    let s = read_shape(&text, None).unwrap();
    assert_eq!((s.symbols(), s.cell_count(), s.unit_count()), (6, 36, 12));
    let s = read_shape(&text, Some(4)).unwrap();
    assert_eq!((s.symbols(), s.cell_count()), (4, 16));
    let e = read_shape(&text, Some(12)).unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("3 to 9"), "{e}");
}

#[test]
fn cages_are_killer_or_mathdoku_by_the_specific_type() {
    let cages = "<sudokugroups withblocks=\"0\"/>\n\
        <cage operator=\"0\" value=\"2\" size=\"1\"> 0 </cage>\n\
        <cage operator=\"1\" value=\"2\" size=\"2\"> 4 8 </cage>\n\
        <cage operator=\"2\" value=\"1\" size=\"2\"> 12 13 </cage>\n\
        <cage operator=\"3\" value=\"6\" size=\"3\"> 1 2 3 </cage>\n\
        <cage operator=\"4\" value=\"7\" size=\"2\"> 5 9 </cage>\n";
    let attrs = "sizeX=\"4\" sizeY=\"4\" sizeZ=\"1\" order=\"4\" type=\"custom\" specific-type=\"mathdoku\"";
    let s = read_shape(&file(attrs, cages), None).unwrap();
    let l = s.layout();
    let ops: Vec<(Operation, u64, Vec<usize>)> = s
        .math_cages()
        .iter()
        .map(|c| (c.op, c.target, c.cells.clone()))
        .collect();
    assert_eq!(
        ops,
        [
            (Operation::Given, 2, vec![0]),
            (Operation::Divide, 2, vec![1, 2]),
            (Operation::Subtract, 1, vec![3, 7]),
            (Operation::Multiply, 6, vec![4, 8, 12]),
            (Operation::Add, 7, vec![5, 6]),
        ]
    );
    assert_eq!(position_of(l, 13), 7);
    let killer = "<sudokugroups/>\n<cage operator=\"4\" value=\"3\" size=\"2\"> 0 4 </cage>\n\
                  <cage operator=\"0\" value=\"4\" size=\"1\"> 15 </cage>";
    let attrs = "sizeX=\"4\" sizeY=\"4\" sizeZ=\"1\" order=\"4\" type=\"custom\" specific-type=\"KillerSudoku\"";
    let s = read_shape(&file(attrs, killer), None).unwrap();
    assert_eq!(
        s.cages(),
        [
            Cage {
                cells: vec![0, 1],
                sum: 3
            },
            Cage {
                cells: vec![15],
                sum: 4
            }
        ]
    );
}

#[test]
fn a_saved_game_has_givens_a_solution_and_its_history_replayed() {
    let text = "<!DOCTYPE ksudoku>\n<ksudoku>\n <game had-help=\"1\" msecs-elapsed=\"4500\">\n  <puzzle>\n   \
        <graph order=\"4\" type=\"sudoku\" specific-type=\"Plain\"/>\n   \
        <values>b_______________</values>\n   <solution>bdcecebddbececdb</solution>\n  </puzzle>\n  \
        <history>\n   <simple-event index=\"1\" value=\"3\"/>\n   \
        <simple-event index=\"4\" markers=\"0110\"/>\n   \
        <simple-event index=\"2\" given=\"true\" value=\"2\"/>\n   \
        <simple-event index=\"5\" value=\"0x4\"/>\n   <simple-event index=\"5\" markers=\"1\"/>\n   \
        <complex-event><simple-event index=\"6\" value=\"1\"/></complex-event>\n  </history>\n </game>\n</ksudoku>\n";
    let g = read(text, None).unwrap();
    let l = g.shape.layout();
    let at = |k: usize| position_of(l, k);
    assert_eq!(g.givens[at(0)], 1);
    assert_eq!(g.givens[at(2)], 2);
    assert_eq!(g.givens.iter().filter(|&&v| v != 0).count(), 2);
    assert_eq!(g.entries[at(1)], 3);
    assert_eq!(g.entries[at(5)], 0, "marks empty the cell");
    assert_eq!(g.notes[at(5)], 0b1);
    assert_eq!(g.notes[at(4)], 0b110);
    assert_eq!(
        g.entries[at(6)],
        0,
        "a complex event is nothing, as in KSudoku"
    );
    assert_eq!((g.elapsed_ms, g.had_help), (4500, true));
    let solution = g.solution.unwrap();
    assert_eq!(solution_line(&g.shape, &solution), "bdcecebddbececdb");
    // Row 1 of the solution, in reading order: index 0, 4, 8, 12.
    assert_eq!(&solution[..4], [1, 2, 3, 4]);
    assert_eq!(read_game(text, None).unwrap().givens, g.givens);
}

#[test]
fn holes_are_dots_and_the_solution_line_keeps_them() {
    let text = file(
        "sizeX=\"3\" sizeY=\"2\" sizeZ=\"1\" order=\"2\" type=\"custom\"",
        "<clique size=\"2\">0 2</clique><clique size=\"2\">1 3</clique>\
         <clique size=\"2\">0 1</clique><clique size=\"2\">2 3</clique>",
    );
    let s = read_shape(&text, None).unwrap();
    assert_eq!(s.cell_count(), 4);
    let values: Vec<u8> = (0..6).map(|p| (p % 3) as u8).collect();
    // Index k is x = k / 2, y = k % 2; the third column (indices 4, 5) is in no group.
    assert_eq!(solution_line(&s, &values), "__bb..");
}

/// `(line, words)`: the error is on that line and its message holds the words.
fn check(text: &str, line: usize, words: &str) {
    let e = error(text);
    assert_eq!(e.line, line, "{e}");
    assert!(e.message.contains(words), "'{words}' not in: {e}");
}

#[test]
fn every_error_names_its_line() {
    let custom = "sizeX=\"4\" sizeY=\"4\" sizeZ=\"1\" order=\"4\" type=\"custom\"";
    check("<ksudoku-graph>\n<graph>\n</ksudoku-graph>", 3, "XML");
    check(&file("type=\"sudoku\"", ""), 3, "no order");
    check(
        &file("order=\"nine\" type=\"sudoku\"", ""),
        3,
        "'nine' is not a whole number",
    );
    check(&file("order=\"65\" type=\"sudoku\"", ""), 3, "out of range");
    check(
        &file("order=\"9\" type=\"hexagon\"", ""),
        3,
        "sudoku, roxdoku and custom",
    );
    check(&file("order=\"9\"", ""), 3, "no type");
    check(
        &file("sizeX=\"4\" sizeZ=\"1\" order=\"4\" type=\"custom\"", ""),
        3,
        "no sizeY",
    );
    check(
        &file(
            "sizeX=\"100000\" sizeY=\"100000\" sizeZ=\"100000\" order=\"4\" type=\"custom\"",
            "",
        ),
        3,
        "at most",
    );
    check(
        &file(
            "sizeX=\"0\" sizeY=\"4\" sizeZ=\"1\" order=\"4\" type=\"custom\"",
            "",
        ),
        3,
        "out of range",
    );
    check(
        &file(custom, "<sudokugroups at=\"5\"/>\n"),
        4,
        "past the board's 16 cells",
    );
    check(
        &file(custom, "\n<clique size=\"4\">0 1 2 x</clique>\n"),
        5,
        "'x' is not a cell index",
    );
    check(
        &file(custom, "<clique size=\"4\">0 1 2 16</clique>\n"),
        4,
        "reaches cell index 16",
    );
    check(
        &file(custom, "<clique size=\"0\">0</clique>\n"),
        4,
        "out of range",
    );
    check(
        &file(custom, "<clique size=\"2\">0 0</clique>\n"),
        4,
        "twice",
    );
    check(
        &file(custom, "<clique size=\"5\">0 1 2 3 4</clique>\n"),
        4,
        "at most 4",
    );
    check(
        &file(custom, "<clique size=\"2\"> </clique>\n"),
        4,
        "no cells",
    );
    check(
        &file(
            custom,
            "<cage operator=\"4\" value=\"3\" size=\"2\">0 1</cage>\n",
        ),
        4,
        "Mathdoku and KillerSudoku graphs only",
    );
    let killer = format!("{custom} specific-type=\"KillerSudoku\"");
    check(
        &file(
            &killer,
            "<sudokugroups/>\n<cage operator=\"3\" value=\"3\" size=\"2\">0 1</cage>\n",
        ),
        5,
        "operators 1 to 3",
    );
    check(
        &file(
            &killer,
            "<sudokugroups/>\n<cage operator=\"4\" value=\"30\" size=\"2\">0 1</cage>\n",
        ),
        5,
        "cannot add up to 30",
    );
    check(
        &file(
            &killer,
            "<sudokugroups/>\n<cage operator=\"4\" value=\"3\" size=\"2\">0 1</cage>\n<cage operator=\"4\" value=\"3\" size=\"2\">1 2</cage>\n",
        ),
        6,
        "the cage on line 5",
    );
    let math = format!("{custom} specific-type=\"Mathdoku\"");
    check(
        &file(
            &math,
            "<sudokugroups/>\n<cage operator=\"2\" value=\"1\" size=\"3\">0 1 2</cage>\n",
        ),
        5,
        "subtraction (operator 2) takes 2 cells",
    );
    check(
        &file(
            &math,
            "<sudokugroups/>\n<cage operator=\"7\" value=\"1\" size=\"1\">0</cage>\n",
        ),
        5,
        "out of range",
    );
    check(&file(custom, ""), 3, "no cells");
    check("<ksudoku>\n <other/>\n</ksudoku>", 1, "neither");
    let too_big = " ".repeat(MAX_BYTES + 1);
    check(&too_big, 1, "at most 4 MiB");
}

#[test]
fn saved_game_errors_name_their_line() {
    let game = |puzzle: &str, history: &str| {
        format!(
            "<!DOCTYPE ksudoku>\n<ksudoku>\n <game>\n  <puzzle>\n   <graph order=\"4\" type=\"sudoku\"/>\n{puzzle}  </puzzle>\n  <history>\n{history}  </history>\n </game>\n</ksudoku>\n"
        )
    };
    let values = "   <values>________________</values>\n";
    check(
        &game("   <values>___</values>\n", ""),
        6,
        "3 characters; the board has 16",
    );
    check(
        &game("   <values>_______________z</values>\n", ""),
        6,
        "'z' is no value",
    );
    check(
        &game("   <values>_______________.</values>\n", ""),
        6,
        "'.' marks a hole",
    );
    check(&game("", ""), 4, "no <values>");
    check(
        &game(&format!("{values}{values}"), ""),
        7,
        "a second <values>",
    );
    check(
        &game(values, "   <simple-event index=\"16\" value=\"1\"/>\n"),
        9,
        "out of range",
    );
    check(
        &game(values, "   <simple-event index=\"1\" value=\"5\"/>\n"),
        9,
        "out of range",
    );
    check(
        &game(values, "   <simple-event index=\"1\"/>\n"),
        9,
        "exactly one of",
    );
    check(
        &game(values, "   <simple-event index=\"1\" markers=\"00001\"/>\n"),
        9,
        "5 marks",
    );
    let text = game(values, "");
    check(
        &text.replace(" <game>", " <game msecs-elapsed=\"-5\">"),
        3,
        "out of range",
    );
    check(
        &text.replace("</game>", "</game><game/>"),
        10,
        "a second <game>",
    );
    // A letter on a hole.
    let holes = "<!DOCTYPE ksudoku>\n<ksudoku><game><puzzle>\n<graph order=\"2\" type=\"custom\" sizeX=\"3\" sizeY=\"2\" sizeZ=\"1\">\
        <clique size=\"2\">0 2</clique><clique size=\"2\">1 3</clique></graph>\n<values>____b_</values>\n</puzzle></game></ksudoku>";
    check(holes, 4, "a hole");
}
