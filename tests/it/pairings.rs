//! The pairings list and the TRF reader (`hamle::pairings`), table-driven over the files of
//! `tests/data/pairings/`: each file with what it must give, a round's boards or the problem
//! and its line.

use std::path::PathBuf;

use hamle::pairings::{
    BoardResult, Counted, Paired, Pairings, csv_results, parse_list, parse_trf, trf_results,
};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pairings")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn player(p: &Paired) -> String {
    let mut parts = vec![p.name.clone()];
    if let Some(rank) = p.rank {
        parts.push(format!("#{rank}"));
    }
    if let Some(id) = &p.fide_id {
        parts.push(id.clone());
    }
    if p.visually_impaired {
        parts.push("vi".into());
    }
    if p.assistant {
        parts.push("assistant".into());
    }
    if let Some(b) = p.board {
        parts.push(b.key().into());
    }
    if let Some(l) = p.lang {
        parts.push(l.code().into());
    }
    parts.join(" / ")
}

/// One line per board, `board: white | black`, and the event and site first when given.
fn shown(p: &Pairings) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(e) = &p.event {
        out.push(format!("event: {e}"));
    }
    if let Some(s) = &p.site {
        out.push(format!("site: {s}"));
    }
    for b in &p.boards {
        out.push(format!(
            "{}: {} | {}",
            b.board,
            player(&b.white),
            player(&b.black)
        ));
    }
    for b in &p.byes {
        let id = b.fide_id.as_deref().unwrap_or("-");
        out.push(format!(
            "bye: #{} {} / {id} / {}",
            b.rank,
            b.name,
            b.kind.code()
        ));
    }
    out
}

/// (file, round for a TRF file, the boards given or `error <line> <problem>`).
const CASES: &[(&str, u32, &[&str])] = &[
    (
        "round.list",
        0,
        &[
            "1: Anna Weiss / 4600001 / vi / de | Ben Kraus / 4600002 / en",
            "2: Ayşe Yılmaz / vi / assistant / tr | Berk Demir",
            "3: Clara Schulz | Deniz Arslan / 4600006 / vi / normal / en",
            "10: Emil Meyer | Frieda Koch",
        ],
    ),
    ("fields.list", 0, &["error 2 fields"]),
    ("board.list", 0, &["error 2 board"]),
    ("duplicate-board.list", 0, &["error 3 duplicate-board"]),
    ("name.list", 0, &["error 2 name"]),
    ("fide-id.list", 0, &["error 1 fide-id"]),
    ("option.list", 0, &["error 1 option"]),
    ("player-twice.list", 0, &["error 2 player-twice"]),
    ("empty.list", 0, &["error 0 empty"]),
    ("bidi-name.list", 0, &["error 3 name"]),
    (
        "open.trf",
        1,
        &[
            "event: Blind Open 2026",
            "site: Hamburg",
            "1: Weiss, Anna / #1 / 4600001 / vi / de | Braun, Ida / #11 / 4600011",
            "2: Kaya, Jale / #12 / 4600012 | Kraus, Ben / #2 / 4600002",
            "3: Yilmaz, Ayse / #3 / 4600003 | Lange, Karl / #13 / 4600013",
            "4: Sahin, Lale / #14 / 4600014 | Demir, Berk / #4 / 4600004 / vi / assistant / tr",
            "5: Schulz, Clara / #5 / 4600005 | Vogel, Mia / #15 / 4600015",
            "6: Ozturk, Nuri / #16 / 4600016 | Arslan, Deniz / #6 / 4600006",
            "7: Meyer, Emil / #7 / 4600007 | Frank, Otto / #17 / 4600017",
            "8: Aydin, Pelin / #18 / 4600018 | Koch, Frieda / #8 / 4600008",
            "9: Celik, Gul / #9 / 4600009 / vi / normal / en | Berg, Rosa / #19 / 4600019",
            "10: Gunes, Selim / #20 / 4600020 | Wolf, Hans / #10 / 4600010",
        ],
    ),
    (
        "open.trf",
        2,
        &[
            "event: Blind Open 2026",
            "site: Hamburg",
            "1: Weiss, Anna / #1 / 4600001 / vi / de | Kraus, Ben / #2 / 4600002",
            "2: Demir, Berk / #4 / 4600004 / vi / assistant / tr | Yilmaz, Ayse / #3 / 4600003",
            "3: Schulz, Clara / #5 / 4600005 | Arslan, Deniz / #6 / 4600006",
            "4: Koch, Frieda / #8 / 4600008 | Meyer, Emil / #7 / 4600007",
            "5: Celik, Gul / #9 / 4600009 / vi / normal / en | Wolf, Hans / #10 / 4600010",
            "6: Kaya, Jale / #12 / 4600012 | Braun, Ida / #11 / 4600011",
            "7: Lange, Karl / #13 / 4600013 | Sahin, Lale / #14 / 4600014",
            "8: Ozturk, Nuri / #16 / 4600016 | Vogel, Mia / #15 / 4600015",
            "9: Frank, Otto / #17 / 4600017 | Aydin, Pelin / #18 / 4600018",
            "10: Gunes, Selim / #20 / 4600020 | Berg, Rosa / #19 / 4600019",
        ],
    ),
    ("open.trf", 3, &["error 0 empty"]),
    // The trial's round: by starting rank alone, 10-4 would be board 4 and 12-6 board 6; by
    // C.04.2 (scores before round 3: 1 and 7 on 2, 2 3 5 6 8 9 12 on 1, 4 and 10 on 1/2,
    // 11 on 0) 12-6 (1 + 1) comes before 5-11 (1 + 0) and 10-4 (1/2 + 1/2). Mutlu, absent
    // in rounds 1 and 2, has a half-point bye.
    (
        "c0402.trf",
        3,
        &[
            "event: Trial Open 2026",
            "site: Hamburg",
            "1: Aksoy, Ada / #1 / 4700001 | Genc, Gul / #7 / 4700007",
            "2: Hahn, Hilde / #8 / 4700008 | Bauer, Ben / #2 / 4700002",
            "3: Cetin, Cem / #3 / 4700003 | Isik, Ilker / #9 / 4700009",
            "4: Lorenz, Lea / #12 / 4700012 | Fuchs, Fritz / #6 / 4700006",
            "5: Eren, Ela / #5 / 4700005 | Kilic, Kaan / #11 / 4700011",
            "6: Jung, Jan / #10 / 4700010 | Dietz, Dana / #4 / 4700004",
            "bye: #13 Mutlu, Mert / 4700013 / H",
        ],
    ),
    // Round 1: every score 0, so the order of the better starting rank.
    (
        "c0402.trf",
        1,
        &[
            "event: Trial Open 2026",
            "site: Hamburg",
            "1: Aksoy, Ada / #1 / 4700001 | Kilic, Kaan / #11 / 4700011",
            "2: Bauer, Ben / #2 / 4700002 | Lorenz, Lea / #12 / 4700012",
            "3: Cetin, Cem / #3 / 4700003 | Hahn, Hilde / #8 / 4700008",
            "4: Dietz, Dana / #4 / 4700004 | Isik, Ilker / #9 / 4700009",
            "5: Eren, Ela / #5 / 4700005 | Fuchs, Fritz / #6 / 4700006",
            "6: Genc, Gul / #7 / 4700007 | Jung, Jan / #10 / 4700010",
            "bye: #13 Mutlu, Mert / 4700013 / Z",
        ],
    ),
    ("bye.trf", 1, &["error 4 bye"]),
    ("mismatch.trf", 1, &["error 5 mismatch"]),
    ("unknown-rank.trf", 1, &["error 28 unknown-rank"]),
    ("start-rank.trf", 1, &["error 8 start-rank"]),
    ("opponent.trf", 1, &["error 8 opponent"]),
];

#[test]
fn every_pairings_file_gives_its_boards_or_names_its_line() {
    let mut failures = Vec::new();
    for (file, round, want) in CASES {
        let text = data(file);
        let got = if file.ends_with(".trf") {
            parse_trf(&text, *round)
        } else {
            parse_list(&text)
        };
        let got = match got {
            Ok(p) => shown(&p),
            Err(e) => vec![format!("error {} {}", e.line, e.problem.key())],
        };
        if got != *want {
            failures.push(format!(
                "{file} round {round}:\n  want {want:#?}\n  got  {got:#?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_refused_option_is_named() {
    let e = parse_list(&data("option.list")).unwrap_err();
    assert_eq!(e.problem, hamle::pairings::Problem::Option("blind".into()));
}

/// Round 3 of `c0402.trf` as it was played: a win, a draw, a forfeit, a game that lasted
/// less than one move, a game still in play, a loss; Mutlu's half-point bye.
fn round_three_results() -> (Pairings, Vec<BoardResult>) {
    use hamle::game::{EndReason, Ending, GameResult};
    let pairings = parse_trf(&data("c0402.trf"), 3).unwrap();
    let end = |result, reason| Ending { result, reason };
    let played = [
        Some(Counted::of(
            end(GameResult::WhiteWins, EndReason::Checkmate),
            41,
        )),
        Some(Counted::of(end(GameResult::Draw, EndReason::Agreement), 2)),
        // White never came: the arbiter declared a forfeit, Black the winner.
        Some(Counted::of(
            end(GameResult::BlackWins, EndReason::Forfeit),
            0,
        )),
        // White resigned after his first move, before Black's.
        Some(Counted::of(
            end(GameResult::BlackWins, EndReason::Resignation),
            1,
        )),
        None,
        Some(Counted::of(
            end(GameResult::BlackWins, EndReason::Arbiter),
            30,
        )),
    ];
    let boards = pairings
        .boards
        .iter()
        .zip(played)
        .map(|(p, counted)| BoardResult {
            board: p.board,
            white: p.white.clone(),
            black: p.black.clone(),
            counted,
        })
        .collect();
    (pairings, boards)
}

/// A TRF16 player line read as the FIDE specification lays it out (C.04 Annex 2), not as
/// hamle writes it: starting rank in columns 5-8, name 15-47, FIDE number 58-68, and round
/// `r`'s opponent in 92+10(r-1) to 95+10(r-1), colour 97+10(r-1), result 99+10(r-1).
fn spec_read(line: &str, round: usize) -> (u32, String, String, String, char, char) {
    let chars: Vec<char> = line.chars().collect();
    let field = |from: usize, to: usize| -> String {
        (from..=to)
            .filter_map(|c| chars.get(c - 1))
            .collect::<String>()
            .trim()
            .to_owned()
    };
    let at = |c: usize| chars.get(c - 1).copied().unwrap_or(' ');
    let base = 92 + 10 * (round - 1);
    (
        field(5, 8).parse().unwrap(),
        field(15, 47),
        field(58, 68),
        field(base, base + 3),
        at(base + 5),
        at(base + 7),
    )
}

/// Issue 31, item 3: a forfeit counts by its reason, not by how many moves were made: the
/// arbiter's result of a game nobody moved in is not a forfeit (the interim rule counted it
/// as one), a double forfeit is `-` for both and `0F-0F` in the list.
#[test]
fn a_forfeit_is_counted_by_its_reason_and_a_double_forfeit_is_minus_for_both() {
    use hamle::game::{EndReason, Ending, GameResult};
    use shakmaty::Color;
    let end = |result, reason| Ending { result, reason };
    let declared = Counted::of(end(GameResult::BlackWins, EndReason::Arbiter), 0);
    assert_eq!(declared, Counted::Unrated(GameResult::BlackWins));
    assert_eq!(
        (declared.code(Color::White), declared.code(Color::Black)),
        ('L', 'W')
    );
    let double = Counted::of(end(GameResult::DoubleForfeit, EndReason::Forfeit), 0);
    assert_eq!(double, Counted::Forfeit { winner: None });
    assert_eq!(
        (double.code(Color::White), double.code(Color::Black)),
        ('-', '-')
    );
    assert_eq!(double.listed(), "0F-0F");
    let white = Counted::of(end(GameResult::WhiteWins, EndReason::Forfeit), 0);
    assert_eq!(
        (white.code(Color::White), white.code(Color::Black)),
        ('+', '-')
    );
    assert_eq!(white.listed(), "1F-0F");
}

#[test]
fn a_rounds_results_go_back_as_trf16_lines_by_starting_rank() {
    let (pairings, boards) = round_three_results();
    let text = trf_results("Trial Open 2026", "Hamburg", 3, &boards, &pairings.byes).unwrap();
    assert_eq!(text, data("c0402-round3.results.trf"));
    let read: Vec<String> = text
        .split("\r\n")
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            let (rank, name, id, opp, colour, result) = spec_read(l, 3);
            format!("{rank} {name} {id} {opp} {colour} {result}")
        })
        .collect();
    // Board 5 is still in play: neither Eren (5) nor Kilic (11) has a line.
    assert_eq!(
        read,
        [
            "1 Aksoy, Ada 4700001 0007 w 1",
            "2 Bauer, Ben 4700002 0008 b =",
            "3 Cetin, Cem 4700003 0009 w -",
            "4 Dietz, Dana 4700004 0010 b 1",
            "6 Fuchs, Fritz 4700006 0012 b W",
            "7 Genc, Gul 4700007 0001 b 0",
            "8 Hahn, Hilde 4700008 0002 w =",
            "9 Isik, Ilker 4700009 0003 b +",
            "10 Jung, Jan 4700010 0004 w 0",
            "12 Lorenz, Lea 4700012 0006 w L",
            "13 Mutlu, Mert 4700013 0000 - H",
        ]
    );
    // Read back by hamle's own reader, the round's pairs are the ones it was made from.
    let back = parse_trf(&text, 3).unwrap();
    let pairs = |p: &Pairings| -> Vec<(Option<u32>, Option<u32>)> {
        let mut v: Vec<_> = p
            .boards
            .iter()
            .map(|b| (b.white.rank, b.black.rank))
            .collect();
        v.sort();
        v
    };
    let mut without_five = pairings.clone();
    without_five.boards.retain(|b| b.board != 5);
    assert_eq!(pairs(&back), pairs(&without_five));
    assert_eq!(back.byes, pairings.byes);
}

#[test]
fn a_rounds_results_go_back_as_a_plain_list_by_board() {
    let (_, boards) = round_three_results();
    assert_eq!(csv_results(&boards), data("c0402-round3.results.csv"));
}

#[test]
fn a_round_from_a_pairings_list_has_no_trf_results() {
    let list = parse_list(&data("round.list")).unwrap();
    let boards: Vec<BoardResult> = list
        .boards
        .iter()
        .map(|p| BoardResult {
            board: p.board,
            white: p.white.clone(),
            black: p.black.clone(),
            counted: None,
        })
        .collect();
    assert_eq!(
        trf_results("", "", 1, &boards, &[]),
        Err(hamle::pairings::NoStartingRank { board: 1 })
    );
}

#[test]
fn a_list_field_a_spreadsheet_would_run_is_quoted_away() {
    let p = |name: &str| Paired {
        name: name.into(),
        ..Paired::default()
    };
    let boards = [BoardResult {
        board: 7,
        white: p("=HYPERLINK(\"x\")"),
        black: p("Plain"),
        counted: None,
    }];
    assert_eq!(
        csv_results(&boards),
        "board,white,black,result\r\n7,\"'=HYPERLINK(\"\"x\"\")\",Plain,*\r\n"
    );
}
