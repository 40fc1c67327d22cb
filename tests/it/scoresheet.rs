//! D.2.9 in many random games: a wrong move on one board, or a wrong scoresheet entry, and
//! the reconciliation (plus following its instructions) always brings both boards and the
//! official game back to one position, with the clocks at the readings kept for it.

use hamle::announce::{Lang, Style};
use hamle::sample::random_game;
use hamle::scoresheet::reconcile::{
    BoardWatch, BranchKind, Case, Ruling, apply_steps, diff, edits_for, reconcile,
};
use hamle::scoresheet::{ClockRecord, Scoresheet, Slot, Writing, clock_at, position_at};
use hamle::words::sheet::{Listener, say_log, say_ruling, say_step};
use hamle::words::speaker::Speaker;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{Board, ByColor, Chess, Color, Move, Piece, Position, Role, Square};

const GAMES: u64 = 400;

/// A move made by hand on a physical board, whatever stands there (the board may already be
/// wrong): lift the piece from its square, take off whatever stands on the destination (and
/// the pawn taken en passant), put the piece (or the promoted piece) down, and move the rook
/// when castling.
fn play_physically(board: &mut Board, m: &Move) {
    match *m {
        Move::Castle { king, rook } => {
            let side = m.castling_side().expect("castle");
            let k = board.remove_piece_at(king);
            let r = board.remove_piece_at(rook);
            let rank = king.rank();
            if let Some(k) = k {
                board.set_piece_at(Square::from_coords(side.king_to_file(), rank), k);
            }
            if let Some(r) = r {
                board.set_piece_at(Square::from_coords(side.rook_to_file(), rank), r);
            }
        }
        Move::EnPassant { from, to } => {
            if let Some(p) = board.remove_piece_at(from) {
                board.discard_piece_at(Square::from_coords(to.file(), from.rank()));
                board.set_piece_at(to, p);
            }
        }
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => {
            if let Some(p) = board.remove_piece_at(from) {
                let placed = match promotion {
                    Some(role) => Piece { role, ..p },
                    None => p,
                };
                board.discard_piece_at(to);
                board.set_piece_at(to, placed);
            }
        }
        Move::Put { .. } => unreachable!("no drops in chess"),
    }
}

fn random_lang(rng: &mut StdRng) -> Lang {
    Lang::ALL[rng.random_range(0..3)]
}

/// A player's sheet of `moves`, as he would say them in his language.
fn written_sheet(owner: Color, lang: Lang, moves: &[Move], rng: &mut StdRng) -> Scoresheet {
    let speaker = Speaker::new(lang);
    let mut sheet = Scoresheet::new(owner, lang);
    let mut pos = Chess::default();
    for (ply, m) in moves.iter().enumerate() {
        let style = if rng.random_bool(0.5) {
            Style::Short
        } else {
            Style::Full
        };
        let text = speaker.say_move(&pos, *m, style);
        sheet
            .write(Slot::of_ply(ply), Writing::text(text, ply as u64))
            .unwrap();
        pos.play_unchecked(*m);
    }
    sheet
}

fn clock_records(plies: usize, rng: &mut StdRng) -> Vec<ClockRecord> {
    let (mut white, mut black) = (5_400_000u64, 5_400_000u64);
    (0..=plies)
        .map(|ply| {
            if ply > 0 {
                let spent = rng.random_range(1_000..120_000);
                if ply % 2 == 1 {
                    white = white.saturating_sub(spent);
                } else {
                    black = black.saturating_sub(spent);
                }
            }
            ClockRecord {
                ply,
                white_ms: white,
                black_ms: black,
            }
        })
        .collect()
}

struct Table {
    official: Vec<Move>,
    clocks: Vec<ClockRecord>,
    sheets: ByColor<Scoresheet>,
    boards: ByColor<Board>,
}

impl Table {
    fn rule(&self, start: &Chess) -> Ruling {
        reconcile(&Case {
            start,
            official: &self.official,
            clocks: &self.clocks,
            sheets: ByColor {
                white: &self.sheets.white,
                black: &self.sheets.black,
            },
            boards: ByColor {
                white: &self.boards.white,
                black: &self.boards.black,
            },
        })
    }

    /// Carries the ruling out: the official game taken back, each player following his
    /// steps (checked step by step and by the board watch), the clocks restored. Then
    /// everything must show one position.
    fn carry_out(mut self, start: &Chess, ruling: &Ruling, what: &str) {
        let clock_now = *self.clocks.last().unwrap();
        self.official
            .truncate(self.official.len() - ruling.take_back);
        let official = position_at(start, &self.official, self.official.len());
        assert_eq!(official, ruling.position, "{what}");
        for color in Color::ALL {
            let steps = ruling.steps.get(color);
            let board = self.boards.get(color);
            let fixed = apply_steps(board, steps)
                .unwrap_or_else(|e| panic!("{what}: {color:?} steps not possible: {e:?}"));
            assert_eq!(&fixed, official.board(), "{what}: {color:?}");
            let mut watch = BoardWatch::new(board.clone(), official.board().clone());
            let mut done = watch.matches();
            for edit in edits_for(steps) {
                done = watch.apply(edit).unwrap();
            }
            assert!(done, "{what}: {color:?} watch");
            // A piece is never removed and added back when it could be moved.
            let removed: Vec<Piece> = steps
                .iter()
                .filter_map(|s| match s {
                    hamle::scoresheet::reconcile::Step::Remove { piece, .. } => Some(*piece),
                    _ => None,
                })
                .collect();
            let added: Vec<Piece> = steps
                .iter()
                .filter_map(|s| match s {
                    hamle::scoresheet::reconcile::Step::Add { piece, .. } => Some(*piece),
                    _ => None,
                })
                .collect();
            assert!(
                removed.iter().all(|p| !added.contains(p)),
                "{what}: {color:?} removes and adds the same piece: {steps:?}"
            );
        }
        let clock_after = ruling.clocks.unwrap_or(clock_now);
        let expected = clock_at(&self.clocks, ruling.ply).unwrap();
        assert_eq!(
            (clock_after.white_ms, clock_after.black_ms),
            (expected.white_ms, expected.black_ms),
            "{what}: clocks"
        );
    }
}

/// A legal move other than `not` in `pos`, if there is one.
fn other_move(pos: &Chess, not: &Move, rng: &mut StdRng) -> Option<Move> {
    let others: Vec<Move> = pos.legal_moves().into_iter().filter(|m| m != not).collect();
    (!others.is_empty()).then(|| others[rng.random_range(0..others.len())])
}

#[test]
fn wrong_move_on_one_board() {
    let start = Chess::default();
    let mut branch_one = 0;
    for seed in 0..GAMES {
        let mut rng = StdRng::seed_from_u64(seed);
        let plies = rng.random_range(2..100);
        let game = random_game(&mut rng, plies);
        if game.is_empty() {
            continue;
        }
        let k = rng.random_range(0..game.len());
        let pos_k = position_at(&start, &game, k);
        let Some(wrong) = other_move(&pos_k, &game[k], &mut rng) else {
            continue;
        };
        // The wrong board is noticed after 0 to 3 more half-moves made on it by hand.
        let seen = (k + 1 + rng.random_range(0..4)).min(game.len());
        let official = game[..seen].to_vec();
        let victim = if rng.random_bool(0.5) {
            Color::White
        } else {
            Color::Black
        };
        let right = position_at(&start, &official, seen).board().clone();
        let mut wrong_board = pos_k.board().clone();
        play_physically(&mut wrong_board, &wrong);
        for m in &official[k + 1..] {
            play_physically(&mut wrong_board, m);
        }
        // Each player may not have written the last one or two half-moves yet.
        let lag = |rng: &mut StdRng| seen - rng.random_range(0..=2usize.min(seen));
        let (wl, bl) = (lag(&mut rng), lag(&mut rng));
        let (wlang, blang) = (random_lang(&mut rng), random_lang(&mut rng));
        let table = Table {
            clocks: clock_records(seen, &mut rng),
            sheets: ByColor {
                white: written_sheet(Color::White, wlang, &official[..wl], &mut rng),
                black: written_sheet(Color::Black, blang, &official[..bl], &mut rng),
            },
            boards: ByColor::new_with(|c| {
                if c == victim {
                    wrong_board.clone()
                } else {
                    right.clone()
                }
            }),
            official,
        };
        let what = format!("seed {seed}: wrong move at ply {k}, seen at {seen}");
        let ruling = table.rule(&start);
        assert_eq!(ruling.branch, BranchKind::SheetsAgree, "{what}");
        assert_eq!(ruling.take_back, 0, "{what}");
        assert!(ruling.steps.get(!victim).is_empty(), "{what}");
        if wrong_board != right {
            assert_eq!(ruling.boards_to_fix(), vec![victim], "{what}");
            branch_one += 1;
        }
        // Everything said about it is words, in every language.
        for lang in Lang::ALL {
            for s in say_ruling(lang, &ruling, Listener::Player(victim)) {
                assert!(!s.is_empty() && !s.contains(['\u{2068}', '\u{2069}']));
            }
            for e in &ruling.log {
                assert!(!say_log(lang, e).is_empty());
            }
        }
        table.carry_out(&start, &ruling, &what);
    }
    assert!(branch_one > GAMES as usize / 2, "{branch_one}");
}

#[test]
fn wrong_scoresheet_entry() {
    let start = Chess::default();
    let mut tested = 0;
    for seed in 0..GAMES {
        let mut rng = StdRng::seed_from_u64(10_000 + seed);
        let plies = rng.random_range(2..100);
        let game = random_game(&mut rng, plies);
        if game.is_empty() {
            continue;
        }
        let k = rng.random_range(0..game.len());
        let pos_k = position_at(&start, &game, k);
        let Some(wrong) = other_move(&pos_k, &game[k], &mut rng) else {
            continue;
        };
        let writer = if rng.random_bool(0.5) {
            Color::White
        } else {
            Color::Black
        };
        let (wlang, blang) = (random_lang(&mut rng), random_lang(&mut rng));
        let mut sheets = ByColor {
            white: written_sheet(Color::White, wlang, &game, &mut rng),
            black: written_sheet(Color::Black, blang, &game, &mut rng),
        };
        let sheet = sheets.get_mut(writer);
        let garbage = rng.random_bool(0.2);
        let text = if garbage {
            // Not a move at all.
            match sheet.lang {
                Lang::De => "Springer Zebra",
                Lang::Tr => "At zebra",
                Lang::En => "knight zebra",
            }
            .to_owned()
        } else {
            Speaker::new(sheet.lang).say_move(&pos_k, wrong, Style::Full)
        };
        sheet
            .write(Slot::of_ply(k), Writing::text(text, 99))
            .unwrap();
        // The writer played what he wrote; later half-moves went onto his board by hand.
        let mut writer_board = pos_k.board().clone();
        if !garbage {
            play_physically(&mut writer_board, &wrong);
        } else {
            play_physically(&mut writer_board, &game[k]);
        }
        for m in &game[k + 1..] {
            play_physically(&mut writer_board, m);
        }
        let right = position_at(&start, &game, game.len()).board().clone();
        let table = Table {
            clocks: clock_records(game.len(), &mut rng),
            sheets,
            boards: ByColor::new_with(|c| {
                if c == writer {
                    writer_board.clone()
                } else {
                    right.clone()
                }
            }),
            official: game.clone(),
        };
        let what = format!("seed {seed}: wrong entry at ply {k} of {}", game.len());
        let ruling = table.rule(&start);
        assert_eq!(ruling.branch, BranchKind::SheetsDiffer, "{what}");
        assert_eq!(ruling.ply, k, "{what}");
        assert_eq!(ruling.take_back, game.len() - k, "{what}");
        assert_eq!(ruling.clocks, clock_at(&table.clocks, k), "{what}");
        for lang in Lang::ALL {
            for color in Color::ALL {
                for s in say_ruling(lang, &ruling, Listener::Player(color)) {
                    assert!(!s.is_empty(), "{what}");
                }
            }
        }
        table.carry_out(&start, &ruling, &what);
        tested += 1;
    }
    assert!(tested > GAMES as usize * 3 / 4, "{tested}");
}

/// The scenario from the issue, word for word.
#[test]
fn knight_in_the_wrong_hole() {
    let mut board = Board::new();
    board.discard_piece_at(Square::G1);
    board.set_piece_at(
        Square::F3,
        Piece {
            color: Color::White,
            role: Role::Knight,
        },
    );
    let d = diff(&board, &Board::new());
    assert_eq!(d.len(), 2);
    let steps = hamle::scoresheet::reconcile::instructions(&board, &Board::new());
    assert_eq!(
        say_step(Lang::De, &steps[0]),
        "Nimm den weißen Springer von Felix drei, setze ihn auf Gustav eins."
    );
}
