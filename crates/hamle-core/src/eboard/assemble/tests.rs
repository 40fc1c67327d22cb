use super::*;
use crate::eboard::testing::Rng;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Role};

const DATA: &str = include_str!("../../../tests/data/eboard/assemble.txt");

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci(m: &Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

fn square(s: &str) -> Square {
    s.parse().unwrap_or_else(|_| panic!("not a square: {s}"))
}

fn piece_char(p: Piece) -> char {
    p.char()
}

/// An intent as the data file writes it.
fn render(intent: &Intent) -> String {
    match intent {
        Intent::Touched { square, piece } => format!("touched {square} {}", piece_char(*piece)),
        Intent::Put { square, piece } => format!("put {square} {}", piece_char(*piece)),
        Intent::Placed(m) => format!("placed {}", uci(m)),
        Intent::PromotionNeeded { from, to } => format!("promotion {from} {to}"),
        Intent::InSync => "in-sync".to_owned(),
        Intent::Held { square, piece } => format!("held {square} {}", piece_char(*piece)),
        Intent::Mismatch(m) => {
            let mut out = "mismatch".to_owned();
            if !m.missing.is_empty() {
                out.push_str(" missing");
                for (sq, p) in &m.missing {
                    out.push_str(&format!(" {sq}={}", piece_char(*p)));
                }
            }
            if !m.extra.is_empty() {
                out.push_str(" extra");
                for (sq, p) in &m.extra {
                    out.push_str(&format!(" {sq}={}", p.map_or('?', piece_char)));
                }
            }
            if !m.wrong.is_empty() {
                out.push_str(" wrong");
                for w in &m.wrong {
                    out.push_str(&format!(
                        " {}={}/{}",
                        w.square,
                        piece_char(w.found),
                        piece_char(w.expected)
                    ));
                }
            }
            out
        }
    }
}

/// What a board of this kind shows of `board`.
fn sensed(board: &Board, occupancy: bool) -> Sensed {
    if occupancy {
        Sensed::occupancy(board.occupied())
    } else {
        Sensed::pieces(board.clone())
    }
}

struct Case {
    name: String,
    fen: String,
    seat: Color,
    occupancy: bool,
    settle_ms: u64,
    start: Option<Board>,
    /// (at, step, expected intents)
    steps: Vec<(u64, String, Vec<String>)>,
}

fn parse(file: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for line in file.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "case" {
            out.push(Case {
                name: value.to_owned(),
                fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
                seat: Color::White,
                occupancy: false,
                settle_ms: 300,
                start: None,
                steps: Vec::new(),
            });
            continue;
        }
        let case = out.last_mut().expect("a line before the first case");
        match key {
            "fen" => case.fen = value.to_owned(),
            "seat" => {
                case.seat = match value {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => panic!("seat {value}"),
                }
            }
            "board" => case.occupancy = value == "occupancy",
            "settle" => case.settle_ms = value.parse().expect("milliseconds"),
            "start" => case.start = Some(value.parse().expect("a board FEN")),
            "at" => {
                let (step, expected) = value.split_once("->").unwrap_or((value, ""));
                let (at, step) = step.trim().split_once(' ').expect("at MS STEP");
                let expected = expected
                    .split(';')
                    .map(str::trim)
                    .filter(|e| !e.is_empty())
                    .map(str::to_owned)
                    .collect();
                case.steps
                    .push((at.parse().expect("milliseconds"), step.to_owned(), expected));
            }
            _ => panic!("case {}: unknown line {line}", case.name),
        }
    }
    out
}

fn run(case: &Case) {
    let mut pos = position(&case.fen);
    let mut asm = Assembler::new(
        case.seat,
        Settings {
            settle_ms: case.settle_ms,
        },
    );
    let start = case.start.clone().unwrap_or_else(|| pos.board().clone());
    let first = asm.observe(
        &Observation::Snapshot(sensed(&start, case.occupancy)),
        0,
        &pos,
    );
    assert_eq!(first, [], "case {}", case.name);
    if case.start.is_none() {
        assert_eq!(asm.deadline(), Some(case.settle_ms), "case {}", case.name);
        assert_eq!(
            asm.tick(case.settle_ms, &pos),
            [Intent::InSync],
            "case {}",
            case.name
        );
    }
    for (at, step, expected) in &case.steps {
        let words: Vec<&str> = step.split_whitespace().collect();
        let got = match words.as_slice() {
            ["lift", sq] => asm.observe(&Observation::Lifted(square(sq)), *at, &pos),
            ["place", sq, p] => {
                let piece = match *p {
                    "?" => None,
                    p => Some(
                        Piece::from_char(p.chars().next().unwrap_or(' '))
                            .unwrap_or_else(|| panic!("piece {p}")),
                    ),
                };
                let piece = piece.filter(|_| !case.occupancy);
                asm.observe(
                    &Observation::Placed {
                        square: square(sq),
                        piece,
                    },
                    *at,
                    &pos,
                )
            }
            ["snapshot", fen] => {
                let board: Board = fen.parse().expect("a board FEN");
                asm.observe(
                    &Observation::Snapshot(sensed(&board, case.occupancy)),
                    *at,
                    &pos,
                )
            }
            ["tick"] => asm.tick(*at, &pos),
            ["hand", "none"] => {
                asm.set_hand(None, &pos);
                asm.tick(*at, &pos)
            }
            ["hand", sq, p] => {
                let piece = Piece::from_char(p.chars().next().unwrap_or(' '))
                    .unwrap_or_else(|| panic!("piece {p}"));
                asm.set_hand(Some((piece, square(sq))), &pos);
                asm.tick(*at, &pos)
            }
            ["settle-now"] => asm.settle_now(&pos),
            ["announce", m] => {
                let m = (*m != "none").then(|| {
                    m.parse::<UciMove>()
                        .expect("UCI")
                        .to_move(&pos)
                        .expect("legal")
                });
                asm.set_announced(m, &pos);
                asm.tick(*at, &pos)
            }
            ["play", m, "quiet"] => {
                let m = m
                    .parse::<UciMove>()
                    .expect("UCI")
                    .to_move(&pos)
                    .expect("legal");
                pos.play_unchecked(m);
                Vec::new()
            }
            ["play", m] => {
                let m = m
                    .parse::<UciMove>()
                    .expect("UCI")
                    .to_move(&pos)
                    .expect("legal");
                pos.play_unchecked(m);
                asm.tick(*at, &pos)
            }
            _ => panic!("case {}: unknown step {step}", case.name),
        };
        let got: Vec<String> = got.iter().map(render).collect();
        assert_eq!(&got, expected, "case {}, at {at} {step}", case.name);
    }
}

#[test]
fn the_data_files_cases_give_their_intents() {
    let cases = parse(DATA);
    assert!(cases.len() >= 35, "{} cases", cases.len());
    // Every case runs; the failing ones are named together.
    let failed: Vec<&str> = cases
        .iter()
        .filter(|case| std::panic::catch_unwind(|| run(case)).is_err())
        .map(|case| case.name.as_str())
        .collect();
    assert!(failed.is_empty(), "failed cases: {failed:#?}");
}

#[test]
fn nothing_counts_before_a_whole_board_is_seen() {
    let pos = Chess::default();
    let mut asm = Assembler::new(Color::White, Settings::default());
    assert_eq!(asm.observe(&Observation::Lifted(Square::E2), 0, &pos), []);
    assert_eq!(asm.deadline(), None);
    assert_eq!(asm.tick(10_000, &pos), []);
    assert_eq!(asm.sensed(), None);
    let snapshot = Observation::Snapshot(Sensed::pieces(Board::new()));
    assert_eq!(asm.observe(&snapshot, 20_000, &pos), []);
    assert_eq!(asm.deadline(), Some(20_300));
    assert_eq!(asm.tick(20_300, &pos), [Intent::InSync]);
    assert_eq!(asm.deadline(), None);
}

#[test]
fn time_running_backwards_delays_nothing_and_breaks_nothing() {
    let pos = Chess::default();
    let mut asm = Assembler::new(Color::White, Settings::default());
    let snapshot = Observation::Snapshot(Sensed::pieces(Board::new()));
    asm.observe(&snapshot, 5_000, &pos);
    // An observation stamped before the last change counts as made at it.
    assert_eq!(
        asm.observe(&Observation::Lifted(Square::E2), 1_000, &pos),
        []
    );
    assert_eq!(asm.deadline(), Some(5_300));
    let placed = Observation::Placed {
        square: Square::E4,
        piece: Some(Piece {
            color: Color::White,
            role: Role::Pawn,
        }),
    };
    assert_eq!(asm.observe(&placed, 0, &pos), []);
    assert_eq!(asm.tick(5_299, &pos), []);
    let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    assert_eq!(asm.tick(5_300, &pos), [Intent::Placed(e4)]);
    assert_eq!(asm.tick(u64::MAX, &pos), []);
}

#[test]
fn a_zero_settle_time_judges_every_state() {
    let pos = Chess::default();
    let mut asm = Assembler::new(Color::White, Settings { settle_ms: 0 });
    let snapshot = Observation::Snapshot(Sensed::pieces(Board::new()));
    assert_eq!(asm.observe(&snapshot, 0, &pos), [Intent::InSync]);
    assert_eq!(
        asm.observe(&Observation::Lifted(Square::G1), 1, &pos),
        [Intent::Touched {
            square: Square::G1,
            piece: Piece {
                color: Color::White,
                role: Role::Knight
            }
        }]
    );
}

/// The squares a move changes, as a board reports them: lifts of the squares it empties or
/// changes, placements of the squares it fills or changes.
fn reports(before: &Board, after: &Board, occupancy: bool) -> Vec<Observation> {
    let mut out = Vec::new();
    for sq in Square::ALL {
        let (b, a) = (before.piece_at(sq), after.piece_at(sq));
        if b != a {
            if b.is_some() {
                out.push(Observation::Lifted(sq));
            }
            if let Some(p) = a {
                out.push(Observation::Placed {
                    square: sq,
                    piece: (!occupancy).then_some(p),
                });
            }
        }
    }
    out
}

/// `steps` in a random order in which a square's lift still comes before its placement.
fn shuffle_keeping_lift_before_place(steps: &mut [Observation], rng: &mut Rng) {
    for i in (1..steps.len()).rev() {
        steps.swap(i, rng.below(i + 1));
    }
    let square = |o: &Observation| match o {
        Observation::Lifted(sq) | Observation::Placed { square: sq, .. } => Some(*sq),
        Observation::Snapshot(_) => None,
    };
    for i in 0..steps.len() {
        for j in i + 1..steps.len() {
            if matches!(steps[i], Observation::Placed { .. })
                && matches!(steps[j], Observation::Lifted(_))
                && square(&steps[i]) == square(&steps[j])
            {
                steps.swap(i, j);
            }
        }
    }
}

/// Positions from random games, with castling, en passant and promotion among their moves.
fn positions(rng: &mut Rng) -> Vec<Chess> {
    let mut out: Vec<Chess> = [
        "r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        "4k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 2",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
    ]
    .map(position)
    .into();
    for _ in 0..20 {
        let mut pos = Chess::default();
        for _ in 0..rng.below(80) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            out.push(pos.clone());
        }
    }
    out
}

#[test]
fn every_legal_move_reported_in_any_order_within_the_settle_time_is_placed() {
    let mut rng = Rng::new(33);
    for pos in positions(&mut rng) {
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            for occupancy in [false, true] {
                let mut steps = reports(pos.board(), after.board(), occupancy);
                shuffle_keeping_lift_before_place(&mut steps, &mut rng);
                let mut asm = Assembler::new(pos.turn(), Settings::default());
                let snapshot = Observation::Snapshot(sensed(pos.board(), occupancy));
                asm.observe(&snapshot, 0, &pos);
                assert_eq!(asm.tick(300, &pos), [Intent::InSync]);
                let mut got = Vec::new();
                for (i, step) in steps.iter().enumerate() {
                    got.extend(asm.observe(step, 1000 + 50 * i as u64, &pos));
                }
                got.extend(asm.tick(10_000, &pos));
                let expected = if occupancy && m.is_promotion() {
                    Intent::PromotionNeeded {
                        from: m.from().expect("a pawn's move"),
                        to: m.to(),
                    }
                } else {
                    Intent::Placed(m)
                };
                assert_eq!(
                    got,
                    [expected],
                    "{} {}, steps {steps:?}",
                    Fen::from_position(&pos, shakmaty::EnPassantMode::Legal),
                    uci(&m)
                );
            }
        }
    }
}

#[test]
fn every_legal_move_made_slowly_ends_placed_after_touches_of_its_pieces_only() {
    let mut rng = Rng::new(34);
    for pos in positions(&mut rng) {
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(m);
            let mut steps = reports(pos.board(), after.board(), false);
            // Lifts first, in a random order, so that every piece is seen in the air.
            steps.sort_by_key(|s| !matches!(s, Observation::Lifted(_)));
            let lifts = steps
                .iter()
                .filter(|s| matches!(s, Observation::Lifted(_)))
                .count();
            for i in (1..lifts).rev() {
                steps.swap(i, rng.below(i + 1));
            }
            let mut asm = Assembler::new(pos.turn(), Settings::default());
            asm.observe(
                &Observation::Snapshot(Sensed::pieces(pos.board().clone())),
                0,
                &pos,
            );
            asm.tick(300, &pos);
            let mut got = Vec::new();
            for (i, step) in steps.iter().enumerate() {
                got.extend(asm.observe(step, 1000 * (i as u64 + 1), &pos));
            }
            got.extend(asm.tick(100_000, &pos));
            let context = format!(
                "{} {}: {got:?}",
                Fen::from_position(&pos, shakmaty::EnPassantMode::Legal),
                uci(&m)
            );
            assert_eq!(got.last(), Some(&Intent::Placed(m)), "{context}");
            let touched: Vec<Square> = got
                .iter()
                .filter_map(|i| match i {
                    Intent::Touched { square, .. } => Some(*square),
                    _ => None,
                })
                .collect();
            let changed: Vec<Square> = steps
                .iter()
                .filter_map(|s| match s {
                    Observation::Lifted(sq) => Some(*sq),
                    _ => None,
                })
                .collect();
            assert_eq!(touched, changed, "{context}");
            assert!(
                got.iter().all(|i| !matches!(i, Intent::Mismatch(_))),
                "{context}"
            );
        }
    }
}
