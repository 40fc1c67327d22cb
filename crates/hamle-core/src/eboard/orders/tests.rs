use super::*;
use crate::announce::Lang;
use crate::eboard::assemble::{Assembler, Mismatch, Settings};
use crate::eboard::sensed::{Observation, Sensed};
use crate::game::{
    BoardKind, Edition, FlagRule, Game, Player, Procedure, Profile, Seat, Setup, StartPosition,
    TimeControl,
};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, CastlingMode, Move};

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal")
}

fn mv(pos: &Chess, uci: &str) -> Move {
    uci.parse::<UciMove>()
        .expect("UCI")
        .to_move(pos)
        .expect("legal")
}

fn place(square: Square) -> BoardOp {
    BoardOp::Place {
        square,
        promotion: None,
    }
}

/// `pos`'s board as the table records it, with `lifted` already lifted into the hand.
fn recorded(pos: &Chess, lifted: Option<Square>) -> PhysicalBoard {
    let board = PhysicalBoard::new(BoardKind::Tactile, pos);
    match lifted {
        Some(sq) => board.after(BoardOp::Lift(sq)).expect("a piece to lift"),
        None => board,
    }
}

#[test]
fn board_ops_bring_the_record_to_the_board_in_an_order_the_table_takes() {
    use Square::*;
    let promote = |square, role| BoardOp::Place {
        square,
        promotion: Some(role),
    };
    // (position, move, piece already in the hand, the events expected)
    let cases: Vec<(&str, &str, Option<Square>, Vec<BoardOp>)> = vec![
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4",
            None,
            vec![BoardOp::Lift(E2), place(E4)],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e2e4",
            Some(E2),
            vec![place(E4)],
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "e4d5",
            Some(E4),
            vec![BoardOp::Remove(D5), place(D5)],
        ),
        (
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
            "e4d5",
            None,
            vec![BoardOp::Lift(E4), BoardOp::Remove(D5), place(D5)],
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1g1",
            None,
            vec![BoardOp::Lift(E1), place(G1), BoardOp::Lift(H1), place(F1)],
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "e1g1",
            Some(H1),
            vec![place(F1), BoardOp::Lift(E1), place(G1)],
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
            "e8c8",
            None,
            vec![BoardOp::Lift(E8), place(C8), BoardOp::Lift(A8), place(D8)],
        ),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "e5d6",
            None,
            vec![BoardOp::Lift(E5), place(D6), BoardOp::Remove(D5)],
        ),
        (
            "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
            "e7e8n",
            Some(E7),
            vec![promote(E8, Role::Knight)],
        ),
        (
            "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1",
            "e7d8q",
            None,
            vec![
                BoardOp::Lift(E7),
                BoardOp::Remove(D8),
                promote(D8, Role::Queen),
            ],
        ),
    ];
    for (fen, uci, lifted, expected) in cases {
        let pos = position(fen);
        let mut after = pos.clone();
        after.play_unchecked(mv(&pos, uci));
        let ops = board_ops(&recorded(&pos, lifted), after.board(), pos.turn());
        assert_eq!(ops.as_ref(), Ok(&expected), "{fen} {uci} {lifted:?}");
    }
}

#[test]
fn what_the_tables_board_events_cannot_say_is_unreachable() {
    let start = Chess::default();
    // A piece from nowhere.
    let mut extra = Board::new();
    extra.set_piece_at(
        Square::E4,
        Piece {
            color: Color::White,
            role: Role::Queen,
        },
    );
    assert_eq!(
        board_ops(&recorded(&start, None), &extra, Color::White),
        Err(Unmapped::Unreachable)
    );
    // The piece in the hand has nowhere to go.
    let mut without_e2 = Board::new();
    without_e2.discard_piece_at(Square::E2);
    assert_eq!(
        board_ops(
            &recorded(&start, Some(Square::E2)),
            &without_e2,
            Color::White
        ),
        Err(Unmapped::Unreachable)
    );
    // Pieces changing places need a second hand (a Chess960 castling onto the rook's square).
    let pos = position("4k3/8/8/8/8/8/8/5KR1 w - - 0 1");
    let swapped: Board = "4k3/8/8/8/8/8/8/5RK1".parse().expect("board");
    assert_eq!(
        board_ops(&recorded(&pos, None), &swapped, Color::White),
        Err(Unmapped::Unreachable)
    );
    // Nothing to do.
    assert_eq!(
        board_ops(&recorded(&start, None), &Board::new(), Color::White),
        Ok(vec![])
    );
}

#[test]
fn intents_map_to_board_commands_or_say_why_not() {
    let pos = position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    let white_pawn = Piece {
        color: Color::White,
        role: Role::Pawn,
    };
    let black_pawn = Piece {
        color: Color::Black,
        role: Role::Pawn,
    };
    let board = |op| Command::Board {
        board: Color::White,
        op,
    };
    let touched = |square, piece| Intent::Touched { square, piece };
    let fresh = recorded(&pos, None);
    let holding = recorded(&pos, Some(Square::E4));
    type Expected = Result<Vec<Command>, Unmapped>;
    let cases: Vec<(Intent, &PhysicalBoard, Expected)> = vec![
        (
            touched(Square::E4, white_pawn),
            &fresh,
            Ok(vec![board(BoardOp::Lift(Square::E4))]),
        ),
        (
            touched(Square::D5, black_pawn),
            &holding,
            Ok(vec![board(BoardOp::Remove(Square::D5))]),
        ),
        (
            touched(Square::D2, white_pawn),
            &holding,
            Err(Unmapped::HandFull),
        ),
        (
            touched(Square::E4, white_pawn),
            &holding,
            Err(Unmapped::NotOnRecord(Square::E4)),
        ),
        (
            Intent::Placed(mv(&pos, "e4d5")),
            &holding,
            Ok(vec![
                board(BoardOp::Remove(Square::D5)),
                board(place(Square::D5)),
            ]),
        ),
        (Intent::InSync, &fresh, Ok(vec![])),
        (
            Intent::PromotionNeeded {
                from: Square::E7,
                to: Square::E8,
            },
            &fresh,
            Err(Unmapped::NothingToRecord),
        ),
        (
            Intent::Mismatch(Mismatch::default()),
            &fresh,
            Err(Unmapped::NothingToRecord),
        ),
    ];
    for (intent, recorded, expected) in cases {
        assert_eq!(
            commands(&intent, Color::White, recorded, &pos),
            expected,
            "{intent:?}"
        );
    }
}

/// One player's sensor board at a real table: what stands on it, and its assembler.
struct EBoard {
    board: Board,
    assembler: Assembler,
}

/// A game in the physical procedure: White visually impaired on a tactile board, Black sighted,
/// both boards electronic.
struct Table {
    game: Game,
    boards: ByColor<EBoard>,
    now: u64,
    /// Every command the table took, in order.
    sent: Vec<Command>,
}

impl Table {
    fn new(fen: &str) -> Table {
        let player = |name: &str, vi: bool| Player {
            name: name.to_owned(),
            visually_impaired: vi,
            board: if vi {
                BoardKind::Tactile
            } else {
                BoardKind::Normal
            },
            assistant: false,
            computer: None,
        };
        let setup = Setup {
            time_control: TimeControl::fischer(600_000, 0),
            players: ByColor {
                white: player("Anna", true),
                black: player("Berk", false),
            },
            languages: [Lang::De; 6],
            profile: Profile::new(Edition::Fide2023, Procedure::Physical, FlagRule::Claim),
            event: Default::default(),
            start: StartPosition::from_fen(fen).expect("a start position"),
        };
        let game = Game::new(setup);
        let eboard = |color| {
            let mut e = EBoard {
                board: game.position().board().clone(),
                assembler: Assembler::new(color, Settings::default()),
            };
            let snapshot = Observation::Snapshot(Sensed::pieces(e.board.clone()));
            e.assembler.observe(&snapshot, 0, game.position());
            e
        };
        let boards = ByColor {
            white: eboard(Color::White),
            black: eboard(Color::Black),
        };
        let mut table = Table {
            game,
            boards,
            now: 0,
            sent: Vec::new(),
        };
        table.settle();
        table
    }

    /// A command decided and applied; a refusal fails the test.
    fn run(&mut self, seat: Seat, command: Command) {
        let events = self
            .game
            .decide(seat, command, self.now)
            .unwrap_or_else(|r| panic!("{command:?} by {seat:?} refused: {r:?}"));
        for e in &events {
            self.game.apply(e).expect("a decided event applies");
        }
        self.sent.push(command);
    }

    /// The intents of `color`'s board, sent to the table as its player's commands.
    fn send(&mut self, color: Color, intents: Vec<crate::eboard::assemble::Intent>) -> Vec<Intent> {
        for intent in &intents {
            let recorded = self.game.board(color).clone();
            match commands(intent, color, &recorded, self.game.position()) {
                Ok(commands) => {
                    for c in commands {
                        self.run(Seat::player(color), c);
                    }
                }
                Err(Unmapped::NothingToRecord) => {}
                Err(e) => panic!("{intent:?} on {color:?}'s board: {e:?}"),
            }
        }
        intents
    }

    /// Both boards ticked once they have settled (and after the position changed).
    fn settle(&mut self) -> ByColor<Vec<Intent>> {
        self.now += 400;
        let mut out = ByColor::new_with(|_| Vec::new());
        for color in Color::ALL {
            let pos = self.game.position().clone();
            let intents = self.boards.get_mut(color).assembler.tick(self.now, &pos);
            *out.get_mut(color) = self.send(color, intents);
        }
        out
    }

    /// Both boards ticked, their intents returned but not sent.
    fn settle_without_sending(&mut self) -> ByColor<Vec<Intent>> {
        self.now += 400;
        let pos = self.game.position().clone();
        ByColor::new_with(|color| self.boards.get_mut(color).assembler.tick(self.now, &pos))
    }

    /// `color`'s board: `square` lifted (held past the settle time if `hold`).
    fn lift(&mut self, color: Color, square: Square, hold: bool) {
        self.observe(color, Observation::Lifted(square));
        if hold {
            self.settle();
        }
    }

    fn put(&mut self, color: Color, square: Square, piece: Piece) {
        self.observe(
            color,
            Observation::Placed {
                square,
                piece: Some(piece),
            },
        );
    }

    fn observe(&mut self, color: Color, o: Observation) {
        self.now += 100;
        let pos = self.game.position().clone();
        let e = self.boards.get_mut(color);
        e.board = {
            let mut b = e.board.clone();
            match &o {
                Observation::Lifted(sq) => b.discard_piece_at(*sq),
                Observation::Placed { square, piece } => {
                    if let Some(p) = piece {
                        b.set_piece_at(*square, *p)
                    }
                }
                Observation::Snapshot(_) => {}
            }
            b
        };
        let intents = e.assembler.observe(&o, self.now, &pos);
        self.send(color, intents);
    }

    /// `m`, a move of `pos`, made on `color`'s board: each piece it moves or takes lifted, the
    /// king first (castling as 4.4 asks), the first held past the settle time when `hold`; then
    /// each placed.
    fn make(&mut self, color: Color, pos: &Chess, m: Move, hold: bool) {
        let mut after = pos.clone();
        after.play_unchecked(m);
        let before = self.boards.get(color).board.clone();
        let lifts: Vec<Square> = Square::ALL
            .into_iter()
            .filter(|sq| {
                before.piece_at(*sq).is_some()
                    && before.piece_at(*sq) != after.board().piece_at(*sq)
            })
            .collect();
        let mut lifts = lifts;
        lifts.sort_by_key(|sq| before.piece_at(*sq).map(|p| p.role) != Some(Role::King));
        for (i, sq) in lifts.iter().enumerate() {
            self.lift(color, *sq, hold && i == 0);
        }
        for sq in Square::ALL {
            if let Some(p) = after
                .board()
                .piece_at(sq)
                .filter(|p| before.piece_at(sq) != Some(*p))
            {
                self.put(color, sq, p);
            }
        }
    }

    /// The mover's whole turn: his move made on his board (announced too, for White), the
    /// clock pressed; then the opponent makes it on his own board.
    fn turn(&mut self, uci: &str, hold: bool) {
        let pos = self.game.position().clone();
        let mover = pos.turn();
        let m = mv(&pos, uci);
        self.make(mover, &pos, m, hold);
        let intents = self.settle();
        assert_eq!(intents.get(mover).last(), Some(&Intent::Placed(m)), "{uci}");
        if mover == Color::White {
            self.run(Seat::White, Command::Announce(m));
        }
        self.run(Seat::player(mover), Command::PressClock);
        let after = self.settle();
        assert_eq!(
            after.get(mover),
            &[Intent::InSync],
            "{uci}: the mover's board"
        );
        assert!(
            matches!(after.get(!mover).as_slice(), [Intent::Mismatch(_)]),
            "{uci}: the other board lacks the move: {:?}",
            after.get(!mover)
        );
        self.make(!mover, &pos, m, false);
        let caught_up = self.settle();
        assert_eq!(caught_up.get(!mover), &[Intent::InSync], "{uci}: caught up");
        for color in Color::ALL {
            assert!(
                self.game.board(color).matches(self.game.position()),
                "{uci}: {color:?}'s record"
            );
        }
    }
}

#[test]
fn a_game_played_on_two_sensor_boards_goes_through_the_table() {
    let start = "r3k2r/6P1/8/8/2p5/8/3P4/R3K2R w KQkq - 0 1";
    let moves = [
        ("e1g1", true),
        ("e8c8", true),
        ("d2d4", false),
        ("c4d3", true),
        ("g7h8n", false),
        ("d8h8", false),
    ];
    let mut t = Table::new(start);
    let mut expected = position(start);
    for (uci, hold) in moves {
        t.turn(uci, hold);
        expected.play_unchecked(mv(&expected, uci));
    }
    assert_eq!(t.game.position().board(), expected.board());
    assert_eq!(t.game.moves().len(), moves.len());
}

#[test]
fn a_capture_begun_with_the_captured_piece_is_a_touch_the_table_takes() {
    let mut t = Table::new("4k3/p7/8/8/2p5/1B6/P7/4K3 w - - 0 1");
    // The black pawn taken off first and held: a touch of the opponent's piece.
    t.lift(Color::White, Square::C4, true);
    assert_eq!(t.game.board(Color::White).board.piece_at(Square::C4), None);
    t.turn("b3c4", false);
    assert_eq!(t.game.moves().len(), 1);
}

#[test]
fn castling_begun_with_the_rook_held_is_the_rooks_move_at_the_table() {
    let mut t = Table::new("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1");
    // The rook lifted and held (touched), put on f1 and held (Rf1 shown, released: 4.6), then
    // the king: 4.4.2 allows no castling, and the table refuses the king's lift.
    t.lift(Color::White, Square::H1, true);
    let rook = Piece {
        color: Color::White,
        role: Role::Rook,
    };
    t.put(Color::White, Square::F1, rook);
    t.settle();
    assert_eq!(t.game.board(Color::White).hand, None);
    t.observe(Color::White, Observation::Lifted(Square::E1));
    let intents = t.settle_without_sending();
    let recorded = t.game.board(Color::White).clone();
    let lift_king = commands(
        &intents.white[0],
        Color::White,
        &recorded,
        t.game.position(),
    )
    .expect("a board command");
    assert_eq!(
        t.game.decide(Seat::White, lift_king[0], t.now),
        Err(crate::game::Refusal::MoveReleased)
    );
}

#[test]
fn the_opponents_move_and_ones_own_made_at_once_reach_the_table_in_that_order() {
    let mut t = Table::new("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    t.turn("e2e4", false);
    // Black's move, made on his board only; White's board still shows 1. e4 when both Black's
    // pawn and White's knight go, within one settle time.
    let pos = t.game.position().clone();
    let e5 = mv(&pos, "e7e5");
    t.make(Color::Black, &pos, e5, false);
    t.settle();
    t.run(Seat::Black, Command::PressClock);
    t.settle();
    let after_e5 = t.game.position().clone();
    let nf3 = mv(&after_e5, "g1f3");
    t.make(Color::White, &pos, e5, false);
    t.make(Color::White, &after_e5, nf3, false);
    let intents = t.settle();
    assert_eq!(intents.white, [Intent::Placed(nf3)]);
    let ops: Vec<BoardOp> = t.sent[t.sent.len() - 4..]
        .iter()
        .filter_map(|c| match c {
            Command::Board { op, .. } => Some(*op),
            _ => None,
        })
        .collect();
    assert_eq!(
        ops,
        [
            BoardOp::Lift(Square::E7),
            place(Square::E5),
            BoardOp::Lift(Square::G1),
            place(Square::F3),
        ]
    );
    t.run(Seat::White, Command::Announce(nf3));
    t.run(Seat::White, Command::PressClock);
    assert_eq!(t.game.moves().len(), 3);
}

#[test]
fn castling_king_first_slowly_keeps_one_piece_in_the_tables_hand() {
    let mut t = Table::new("r3k2r/p7/8/8/8/8/P7/R3K2R w KQkq - 0 1");
    let (king, rook) = (piece_of('K'), piece_of('R'));
    // The king lifted and held, put into g1's hole and left there, then the rook lifted and
    // held: the record must put the king down before it can lift the rook (one hand).
    t.lift(Color::White, Square::E1, true);
    t.put(Color::White, Square::G1, king);
    t.settle();
    t.lift(Color::White, Square::H1, true);
    assert_eq!(
        t.game.board(Color::White).hand,
        Some((rook, Square::H1)),
        "the rook is in the record's hand"
    );
    let touched: Vec<Square> = t.game.ply().touches.iter().map(|x| x.square).collect();
    assert_eq!(
        touched,
        [Square::E1, Square::H1],
        "king and rook touched (4.4)"
    );
    t.put(Color::White, Square::F1, rook);
    let placed = t.settle();
    let castle = mv(t.game.position(), "e1g1");
    assert_eq!(placed.white, [Intent::Placed(castle)]);
    t.run(Seat::White, Command::Announce(castle));
    t.run(Seat::White, Command::PressClock);
    assert_eq!(
        t.game.moves().iter().map(|p| p.mv).collect::<Vec<_>>(),
        [castle]
    );
}

#[test]
fn a_promotion_placed_with_the_pawn_takes_the_announced_piece_at_the_table() {
    let mut t = Table::new("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let pos = t.game.position().clone();
    let knight = mv(&pos, "b7b8n");
    t.run(Seat::White, Command::Announce(knight));
    t.lift(Color::White, Square::B7, true);
    t.put(Color::White, Square::B8, piece_of('P'));
    let asked = t.settle();
    assert_eq!(
        asked.white,
        [Intent::PromotionNeeded {
            from: Square::B7,
            to: Square::B8
        }]
    );
    // What the bridge does when it reads the table's `announced`.
    let announced = t.game.ply().announced.map(|(m, _)| m);
    t.boards.white.assembler.set_announced(announced, &pos);
    let placed = t.settle();
    assert_eq!(placed.white, [Intent::Placed(knight)]);
    t.run(Seat::White, Command::PressClock);
    assert_eq!(
        t.game.moves().iter().map(|p| p.mv).collect::<Vec<_>>(),
        [knight]
    );
    assert_eq!(
        t.game.board(Color::White).board.piece_at(Square::B8),
        Some(piece_of('N'))
    );
}

#[test]
fn a_captured_piece_knocked_back_in_plays_no_false_move_at_the_table() {
    let mut t = Table::new("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // A white knight from beside the board lands on e2 while Black thinks.
    t.put(Color::White, Square::E2, piece_of('N'));
    t.settle();
    // Black's ...Nf6, made on both boards by hand (the stray knight stays on e2).
    let pos = t.game.position().clone();
    t.make(Color::Black, &pos, mv(&pos, "g8f6"), false);
    t.settle();
    t.run(Seat::Black, Command::PressClock);
    t.lift(Color::White, Square::G8, false);
    t.put(Color::White, Square::F6, piece_of('n'));
    t.settle();
    // White lifts his knight of g1: his board now shows Ng1-e2's pieces.
    t.lift(Color::White, Square::G1, false);
    let said = t.settle();
    assert!(
        said.white.iter().all(|i| !matches!(i, Intent::Placed(_))),
        "{said:?}"
    );
    assert_eq!(t.game.moves().len(), 1, "no move played");
    assert!(
        t.game
            .board(Color::White)
            .hand
            .is_none_or(|(p, _)| p == piece_of('N')),
        "only the knight of g1 may be in the hand"
    );
    assert_eq!(
        t.game.board(Color::White).board.piece_at(Square::E2),
        None,
        "the stray knight is not on the record"
    );
}

fn piece_of(c: char) -> Piece {
    Piece::from_char(c).expect("a piece letter")
}
