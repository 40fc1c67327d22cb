//! The bridge's side of the protocol (`docs/protocol.md`), as JSON: the `hello` of a board's
//! bridge, its `board` events, `board_status` reports and `board_sensed` raw readings, and what
//! it reads from the server's
//! `state` (the game's position, whether boards are kept, and the table's record of its own
//! board). Pure: values in, values out.

use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Board, CastlingMode, Chess, Color, Move, Piece, Square};

use crate::announce::Lang;
use crate::eboard::{BoardStatus, SquareSensed};
use crate::game::{BoardKind, BoardOp, ClockReading, PhysicalBoard};

fn color_key(c: Color) -> &'static str {
    c.fold_wb("white", "black")
}

/// The bridge's greeting: the seat's token, a fresh state, as a board's bridge.
pub fn hello(token: &str, lang: Option<Lang>) -> Value {
    let mut h = json!({"type": "hello", "v": 1, "token": token, "eboard": true});
    if let Some(l) = lang {
        h["lang"] = json!(l.code());
    }
    h
}

/// A board event of `color`'s board.
pub fn board(color: Color, op: BoardOp) -> Value {
    let mut m = json!({"type": "board", "board": color_key(color)});
    match op {
        BoardOp::Lift(sq) => {
            m["action"] = json!("lift");
            m["square"] = json!(sq.to_string());
        }
        BoardOp::Remove(sq) => {
            m["action"] = json!("remove");
            m["square"] = json!(sq.to_string());
        }
        BoardOp::Touch(sq) => {
            m["action"] = json!("touch");
            m["square"] = json!(sq.to_string());
        }
        BoardOp::Place { square, promotion } => {
            m["action"] = json!("place");
            m["square"] = json!(square.to_string());
            if let Some(role) = promotion {
                m["promotion"] = json!(role.char().to_string());
            }
        }
        BoardOp::Move {
            from,
            to,
            promotion,
        } => {
            let mut uci = format!("{from}{to}");
            if let Some(role) = promotion {
                uci.push(role.char());
            }
            m["action"] = json!("move");
            m["uci"] = json!(uci);
        }
    }
    m
}

/// `board_sensed`: `color`'s board's raw readings, each `(ago_ms, square, what it showed)`,
/// oldest first (at most [`crate::game::MAX_READINGS`]).
pub fn sensed(color: Color, readings: &[(u64, Square, SquareSensed)]) -> Value {
    let readings: Vec<Value> = readings
        .iter()
        .map(|&(ago, square, found)| {
            let found = match found {
                SquareSensed::Empty => "empty".to_owned(),
                SquareSensed::Occupied => "occupied".to_owned(),
                SquareSensed::Piece(p) => p.char().to_string(),
            };
            json!({"ago_ms": ago, "square": square.to_string(), "found": found})
        })
        .collect();
    json!({"type": "board_sensed", "board": color_key(color), "readings": readings})
}

fn piece_on(square: Square, piece: Option<Piece>) -> Value {
    json!({"square": square.to_string(), "piece": piece.map(|p| p.char().to_string())})
}

/// `board_status` for `status`.
pub fn status(status: &BoardStatus) -> Value {
    let mut m = json!({"type": "board_status", "status": status.key()});
    match status {
        BoardStatus::Mismatch(mm) => {
            m["missing"] = mm
                .missing
                .iter()
                .map(|&(sq, p)| piece_on(sq, Some(p)))
                .collect();
            m["extra"] = mm.extra.iter().map(|&(sq, p)| piece_on(sq, p)).collect();
            m["wrong"] = mm
                .wrong
                .iter()
                .map(|w| {
                    json!({
                        "square": w.square.to_string(),
                        "found": w.found.char().to_string(),
                        "expected": w.expected.char().to_string(),
                    })
                })
                .collect();
        }
        BoardStatus::PromotionNeeded { from, to } => {
            m["from"] = json!(from.to_string());
            m["to"] = json!(to.to_string());
        }
        BoardStatus::Holding { square, piece } => {
            m["square"] = json!(square.to_string());
            m["piece"] = json!(piece.char().to_string());
        }
        _ => {}
    }
    m
}

/// What the bridge needs of the game, read from a `state`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameView {
    pub position: Chess,
    /// The game is played with boards at the table (the physical procedure): the bridge sends
    /// board events; otherwise a move placed on the board is sent as the move.
    pub physical: bool,
    /// The table's record of the bridge's board (physical procedure).
    pub recorded: Option<PhysicalBoard>,
    /// The game is over: nothing more to send.
    pub over: bool,
    /// The move announced at the table and not played yet (`table.announced`).
    pub announced: Option<Move>,
    /// The table's clock when the state was made (`clock`).
    pub clock: Option<ClockReading>,
}

/// The game as `state` shows it, for `color`'s board; `None` if the state cannot be read.
pub fn game_view(state: &Value, color: Color) -> Option<GameView> {
    let fen: Fen = state["fen"].as_str()?.parse().ok()?;
    let position: Chess = fen.into_position(CastlingMode::Standard).ok()?;
    let physical = state["rules"]["procedure"] == "physical";
    let recorded = if physical {
        Some(recorded_board(
            &state["table"][format!("{}_board", color_key(color))],
        )?)
    } else {
        None
    };
    let announced = state["table"]["announced"]
        .as_str()
        .and_then(|uci| uci.parse::<UciMove>().ok())
        .and_then(|uci| uci.to_move(&position).ok());
    let clock = &state["clock"];
    let clock = match (clock["white_ms"].as_u64(), clock["black_ms"].as_u64()) {
        (Some(white_ms), Some(black_ms)) => Some(ClockReading {
            white_ms,
            black_ms,
            running: match clock["running"].as_str() {
                Some("white") => Some(Color::White),
                Some("black") => Some(Color::Black),
                _ => None,
            },
        }),
        _ => None,
    };
    Some(GameView {
        position,
        physical,
        recorded,
        over: state["status"] == "over",
        announced,
        clock,
    })
}

/// A board of `state.table`: `{"kind", "placement", "hand": {"piece", "from"} | null}`.
fn recorded_board(b: &Value) -> Option<PhysicalBoard> {
    let kind = match b["kind"].as_str()? {
        "tactile" => BoardKind::Tactile,
        "normal" => BoardKind::Normal,
        _ => return None,
    };
    let board: Board = b["placement"].as_str()?.parse().ok()?;
    let hand = match &b["hand"] {
        Value::Null => None,
        h => {
            let mut piece = h["piece"].as_str()?.chars();
            let p = Piece::from_char(piece.next()?)?;
            let from: Square = h["from"].as_str()?.parse().ok()?;
            Some((p, from))
        }
    };
    Some(PhysicalBoard { kind, board, hand })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eboard::assemble::{Mismatch, WrongPiece};
    use crate::server::wire::{ClientMsg, decode};
    use shakmaty::Role;

    /// What the bridge sends, the server reads back as the same values.
    #[test]
    fn the_server_reads_what_the_bridge_sends() {
        let statuses = [
            BoardStatus::Connected,
            BoardStatus::Lost,
            BoardStatus::Back,
            BoardStatus::InSync,
            BoardStatus::PromotionNeeded {
                from: Square::G2,
                to: Square::H1,
            },
            BoardStatus::Holding {
                square: Square::E2,
                piece: Piece::from_char('P').unwrap(),
            },
            BoardStatus::Mismatch(Mismatch {
                missing: vec![(Square::F3, Piece::from_char('N').unwrap())],
                extra: vec![
                    (Square::E5, Some(Piece::from_char('p').unwrap())),
                    (Square::H4, None),
                ],
                wrong: vec![WrongPiece {
                    square: Square::D1,
                    found: Piece::from_char('q').unwrap(),
                    expected: Piece::from_char('Q').unwrap(),
                }],
            }),
        ];
        for s in statuses {
            let mut m = status(&s);
            m["id"] = json!(1);
            match decode(&m.to_string()) {
                Ok(ClientMsg::BoardStatus(b)) => {
                    assert_eq!(b.status, s);
                    assert_eq!(b.problem(), None, "{m}");
                }
                other => panic!("{m}: {other:?}"),
            }
        }
        let ops = [
            BoardOp::Lift(Square::E2),
            BoardOp::Remove(Square::D5),
            BoardOp::Touch(Square::G8),
            BoardOp::Place {
                square: Square::E8,
                promotion: Some(Role::Knight),
            },
            BoardOp::Move {
                from: Square::E7,
                to: Square::E5,
                promotion: None,
            },
        ];
        for op in ops {
            let mut m = board(Color::Black, op);
            m["id"] = json!(2);
            match decode(&m.to_string()) {
                Ok(ClientMsg::Board(b)) => assert_eq!((b.board, b.op), (Color::Black, op)),
                other => panic!("{m}: {other:?}"),
            }
        }
        let raw = [
            (250, Square::G8, SquareSensed::Empty),
            (
                180,
                Square::F6,
                SquareSensed::Piece(Piece::from_char('n').unwrap()),
            ),
            (0, Square::H6, SquareSensed::Occupied),
        ];
        let mut m = sensed(Color::Black, &raw);
        m["id"] = json!(3);
        match decode(&m.to_string()) {
            Ok(ClientMsg::BoardSensed(b)) => {
                use crate::game::SquareReading;
                assert_eq!(b.board, Color::Black);
                assert_eq!(
                    b.readings,
                    vec![
                        (250, Square::G8, SquareReading::Empty),
                        (
                            180,
                            Square::F6,
                            SquareReading::Piece(Piece::from_char('n').unwrap())
                        ),
                        (0, Square::H6, SquareReading::Occupied),
                    ]
                );
            }
            other => panic!("{m}: {other:?}"),
        }
        match decode(&hello("00ff", Some(Lang::Tr)).to_string()) {
            Ok(ClientMsg::Hello(h)) => {
                assert!(h.eboard);
                assert_eq!(h.lang, Some(Lang::Tr));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_state_gives_the_position_and_the_record_of_the_board() {
        let state = json!({
            "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "status": "playing",
            "clock": {"white_ms": 5_399_000, "black_ms": 5_400_000, "running": "white"},
            "rules": {"procedure": "physical"},
            "table": {
                "white_board": {"kind": "tactile", "placement": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R", "hand": {"piece": "N", "from": "g1"}},
                "black_board": {"kind": "normal", "placement": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "hand": null}
            }
        });
        let white = game_view(&state, Color::White).expect("readable");
        assert!(white.physical && !white.over);
        assert_eq!(
            white.clock,
            Some(ClockReading {
                white_ms: 5_399_000,
                black_ms: 5_400_000,
                running: Some(Color::White)
            })
        );
        let recorded = white.recorded.expect("a record");
        assert_eq!(recorded.kind, BoardKind::Tactile);
        assert_eq!(
            recorded.hand,
            Some((Piece::from_char('N').unwrap(), Square::G1))
        );
        assert_eq!(recorded.board.piece_at(Square::G1), None);
        let black = game_view(&state, Color::Black).expect("readable");
        assert_eq!(black.recorded.expect("a record").board, Board::new());
        // A digital game keeps no boards.
        let digital = json!({"fen": state["fen"], "status": "over", "rules": {"procedure": "digital"}, "table": null});
        let view = game_view(&digital, Color::White).expect("readable");
        assert!(!view.physical && view.over && view.recorded.is_none());
        assert_eq!(game_view(&json!({"fen": "nonsense"}), Color::White), None);
    }
}
