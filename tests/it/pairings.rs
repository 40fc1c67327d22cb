//! The pairings list and the TRF reader (`hamle::pairings`), table-driven over the files of
//! `tests/data/pairings/`: each file with what it must give, a round's boards or the problem
//! and its line.

use std::path::PathBuf;

use hamle::pairings::{Paired, Pairings, parse_list, parse_trf};

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pairings")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn player(p: &Paired) -> String {
    let mut parts = vec![p.name.clone()];
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
            "1: Weiss, Anna / 4600001 / vi / de | Braun, Ida / 4600011",
            "2: Kaya, Jale / 4600012 | Kraus, Ben / 4600002",
            "3: Yilmaz, Ayse / 4600003 | Lange, Karl / 4600013",
            "4: Sahin, Lale / 4600014 | Demir, Berk / 4600004 / vi / assistant / tr",
            "5: Schulz, Clara / 4600005 | Vogel, Mia / 4600015",
            "6: Ozturk, Nuri / 4600016 | Arslan, Deniz / 4600006",
            "7: Meyer, Emil / 4600007 | Frank, Otto / 4600017",
            "8: Aydin, Pelin / 4600018 | Koch, Frieda / 4600008",
            "9: Celik, Gul / 4600009 / vi / normal / en | Berg, Rosa / 4600019",
            "10: Gunes, Selim / 4600020 | Wolf, Hans / 4600010",
        ],
    ),
    (
        "open.trf",
        2,
        &[
            "event: Blind Open 2026",
            "site: Hamburg",
            "1: Weiss, Anna / 4600001 / vi / de | Kraus, Ben / 4600002",
            "2: Demir, Berk / 4600004 / vi / assistant / tr | Yilmaz, Ayse / 4600003",
            "3: Schulz, Clara / 4600005 | Arslan, Deniz / 4600006",
            "4: Koch, Frieda / 4600008 | Meyer, Emil / 4600007",
            "5: Celik, Gul / 4600009 / vi / normal / en | Wolf, Hans / 4600010",
            "6: Kaya, Jale / 4600012 | Braun, Ida / 4600011",
            "7: Lange, Karl / 4600013 | Sahin, Lale / 4600014",
            "8: Ozturk, Nuri / 4600016 | Vogel, Mia / 4600015",
            "9: Frank, Otto / 4600017 | Aydin, Pelin / 4600018",
            "10: Gunes, Selim / 4600020 | Berg, Rosa / 4600019",
        ],
    ),
    ("open.trf", 3, &["error 0 empty"]),
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
