//! Unit tests for scoresheets, reconciliation and adjournment (their words: `crate::words::sheet`).

use shakmaty::{Board, ByColor, Chess, Color, Piece, Position, Square};

use super::adjourn::{AdjournError, Opened, Sealing, Session};
use super::fixtures::{fixture, sheet, uci_moves};
use super::reconcile::{
    BoardEdit, BoardWatch, BranchKind, Difference, Disagreement, EditError, LogEntry,
    ReconcileError, Step, apply_steps, diff, edits_for, instructions, reconcile, reconcile_at,
};
use super::*;
use crate::announce::{AnnounceError, Lang};

fn piece(c: char) -> Piece {
    Piece::from_char(c).expect("piece letter")
}

fn board(fen: &str) -> Board {
    fen.parse().expect("board fen")
}

#[test]
fn slots_and_plies() {
    for (ply, number, color, shown) in [
        (0, 1, Color::White, "1."),
        (1, 1, Color::Black, "1..."),
        (2, 2, Color::White, "2."),
        (41, 21, Color::Black, "21..."),
    ] {
        let slot = Numbering::INITIAL.slot(ply);
        assert_eq!(slot, Slot::new(number, color));
        assert_eq!(Numbering::INITIAL.ply(slot), Some(ply));
        assert_eq!(slot.to_string(), shown);
    }
    assert_eq!(Numbering::INITIAL.ply(Slot::new(0, Color::White)), None);
}

#[test]
fn a_game_from_a_set_up_position_is_numbered_from_its_move_number() {
    // Black to move at move 37: the first half-move is 37..., then 38. White.
    let start: Chess = "7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 37"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    let n = Numbering::of(&start);
    assert_eq!(n.first(), Slot::new(37, Color::Black));
    for (ply, number, color) in [
        (0, 37, Color::Black),
        (1, 38, Color::White),
        (2, 38, Color::Black),
        (3, 39, Color::White),
    ] {
        assert_eq!(n.slot(ply), Slot::new(number, color));
        assert_eq!(n.ply(Slot::new(number, color)), Some(ply));
        assert_eq!(n.mover(ply), color);
    }
    // Before the start there is nothing to write.
    assert_eq!(n.ply(Slot::new(37, Color::White)), None);
    assert_eq!(n.ply(Slot::new(1, Color::White)), None);
    let mut s = Scoresheet::numbered(Color::White, Lang::En, n);
    assert_eq!(
        s.write(Slot::new(36, Color::Black), Writing::text("Kg8", 0)),
        Err(SheetError::NoSuchSlot)
    );
    s.write(Slot::new(37, Color::Black), Writing::text("Kg8", 0))
        .unwrap();
    s.write(Slot::new(38, Color::White), Writing::text("Qd5+", 1))
        .unwrap();
    let read = s.read(&start);
    assert_eq!(read.stop, None);
    assert_eq!(read.moves.len(), 2);
    let slots: Vec<Slot> = s.entries().map(|(slot, _)| slot).collect();
    assert_eq!(
        slots,
        vec![Slot::new(37, Color::Black), Slot::new(38, Color::White)]
    );
}

#[test]
fn corrections_keep_history_and_strikes_count() {
    let mut s = Scoresheet::new(Color::White, Lang::De);
    let e4 = Slot::new(1, Color::White);
    s.write(e4, Writing::text("Bauer Eva drei", 1)).unwrap();
    s.write(e4, Writing::text("Bauer Eva vier", 2).with_draw_offer())
        .unwrap();
    let entry = s.entry(e4).unwrap();
    assert!(entry.corrected());
    assert_eq!(entry.history().len(), 2);
    assert_eq!(entry.history()[0].text, "Bauer Eva drei");
    let current = entry.current().unwrap();
    assert_eq!(current.text, "Bauer Eva vier");
    assert!(current.draw_offer);

    s.strike(e4, 3).unwrap();
    assert!(s.entry(e4).unwrap().current().is_none());
    assert_eq!(s.entry(e4).unwrap().history().len(), 3);
    assert_eq!(s.written_plies(), 0);
    assert_eq!(
        s.strike(Slot::new(5, Color::Black), 4),
        Err(SheetError::NothingToStrike(Slot::new(5, Color::Black)))
    );
    assert_eq!(
        s.write(Slot::new(0, Color::White), Writing::text("e4", 0)),
        Err(SheetError::NoSuchSlot)
    );
    assert_eq!(
        s.write(e4, Writing::text("x".repeat(MAX_ENTRY_BYTES + 1), 0)),
        Err(SheetError::EntryTooLong)
    );
}

#[test]
fn auto_record_is_the_players_choice_and_stays_his() {
    let mut s = Scoresheet::new(Color::Black, Lang::Tr);
    assert_eq!(
        s.record_accepted(0, "Piyon e dört", false, None, 0),
        Err(SheetError::AutoRecordOff)
    );
    s.set_auto_record(true);
    let audio = AudioRef {
        id: "rec-1".into(),
        mime: "audio/ogg".into(),
    };
    s.record_accepted(0, "Piyon e dört", false, Some(audio.clone()), 10)
        .unwrap();
    s.record_accepted(1, "Piyon e beş", true, None, 20).unwrap();
    let first = s
        .entry(Numbering::INITIAL.slot(0))
        .unwrap()
        .current()
        .unwrap();
    assert_eq!(first.source, Source::Auto);
    assert_eq!(first.audio, Some(audio));
    // He corrects an automatic entry like any other.
    s.write(Numbering::INITIAL.slot(1), Writing::text("Piyon e beş", 30))
        .unwrap();
    let second = s.entry(Numbering::INITIAL.slot(1)).unwrap();
    assert_eq!(second.current().unwrap().source, Source::Written);
    assert_eq!(second.history()[0].source, Source::Auto);
    let read = s.read(&Chess::default());
    assert_eq!(read.moves, uci_moves(&["e2e4", "e7e5"]));
}

/// (language, entries, moves read, stop ply and whether it is a missing entry)
type ReadCase<'a> = (Lang, &'a [&'a str], usize, Option<(Ply, bool)>);

#[test]
fn reading_sheets_in_each_language() {
    // (language, entries, moves read, stop ply and whether it is a missing entry)
    let cases: &[ReadCase] = &[
        (Lang::De, &["e4", "e5", "Sf3", "Sc6", "Lb5"], 5, None),
        (
            Lang::De,
            &["Bauer Eva vier", "Bauer Eva fünf", "Springer Felix drei"],
            3,
            None,
        ),
        (
            Lang::Tr,
            &["Piyon e dört", "Piyon e beş", "At fe üç"],
            3,
            None,
        ),
        (Lang::En, &["e4", "e5", "Nf3", "Nc6", "Bb5"], 5, None),
        (Lang::En, &["e2e4", "e7e5", "g1f3"], 3, None),
        // Illegal third entry: stop there.
        (Lang::En, &["e4", "e5", "Ke3", "Nc6"], 2, Some((2, false))),
        // Not understood.
        (Lang::De, &["e4", "Blumenkohl"], 1, Some((1, false))),
        // Ambiguous: the knights on b1 and f3 both reach d2.
        (
            Lang::En,
            &["d4", "d5", "Nf3", "Nf6", "Bf4", "Bf5", "Nd2"],
            6,
            Some((6, false)),
        ),
    ];
    for (lang, texts, moves, stop) in cases {
        let s = sheet(Color::White, *lang, texts);
        let read = s.read(&Chess::default());
        assert_eq!(read.moves.len(), *moves, "{lang} {texts:?}: {read:?}");
        assert_eq!(
            read.stop
                .as_ref()
                .map(|s| (s.ply, s.reason == StopReason::Missing)),
            *stop,
            "{lang} {texts:?}"
        );
    }
    // A gap before a later entry stops the reading as missing.
    let mut s = sheet(Color::White, Lang::En, &["e4", "e5"]);
    s.write(Numbering::INITIAL.slot(3), Writing::text("Nc6", 0))
        .unwrap();
    let read = s.read(&Chess::default());
    assert_eq!(read.moves.len(), 2);
    let stop = read.stop.unwrap();
    assert_eq!((stop.ply, stop.reason), (2, StopReason::Missing));
    // The ambiguous case names the candidates.
    let s = sheet(
        Color::White,
        Lang::En,
        &["d4", "d5", "Nf3", "Nf6", "Bf4", "Bf5", "Nd2"],
    );
    assert!(matches!(
        s.read(&Chess::default()).stop.unwrap().reason,
        StopReason::NotAMove(AnnounceError::Ambiguous(_))
    ));
}

#[test]
fn diff_lists_squares_in_order() {
    let start = Board::new();
    let after = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    assert_eq!(
        diff(&after, &start),
        vec![
            Difference {
                square: Square::E2,
                found: None,
                expected: Some(piece('P'))
            },
            Difference {
                square: Square::E4,
                found: Some(piece('P')),
                expected: None
            },
        ]
    );
    assert!(diff(&start, &start).is_empty());
}

#[test]
fn instructions_table() {
    let n = piece('N');
    let b = piece('B');
    let p = piece('p');
    let q = piece('Q');
    // (board, target, steps)
    let cases: Vec<(&str, &str, Vec<Step>)> = vec![
        // Same board: nothing to do.
        ("8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8", vec![]),
        // A knight on the wrong square: moved, not removed and added.
        (
            "8/8/8/8/8/5N2/8/8",
            "8/8/8/8/8/8/8/6N1",
            vec![Step::Move {
                piece: n,
                from: Square::F3,
                to: Square::G1,
            }],
        ),
        // A pawn too many, a queen missing.
        (
            "8/8/8/4p3/8/8/8/8",
            "8/8/8/8/8/8/8/3Q4",
            vec![
                Step::Remove {
                    piece: p,
                    from: Square::E5,
                },
                Step::Add {
                    piece: q,
                    to: Square::D1,
                },
            ],
        ),
        // A chain: knight g1 -> f3 needs f3 free, the bishop on f3 goes to e2 first.
        (
            "8/8/8/8/8/5B2/8/6N1",
            "8/8/8/8/8/5N2/4B3/8",
            vec![
                Step::Move {
                    piece: b,
                    from: Square::F3,
                    to: Square::E2,
                },
                Step::Move {
                    piece: n,
                    from: Square::G1,
                    to: Square::F3,
                },
            ],
        ),
        // A swap: knight and bishop change places; one goes beside the board.
        (
            "8/8/8/8/8/5B2/8/6N1",
            "8/8/8/8/8/5N2/8/6B1",
            vec![
                Step::SetAside {
                    piece: b,
                    from: Square::F3,
                },
                Step::Move {
                    piece: n,
                    from: Square::G1,
                    to: Square::F3,
                },
                Step::PutBack {
                    piece: b,
                    to: Square::G1,
                },
            ],
        ),
        // A captured piece not removed (the capture's victim still there under nothing:
        // the capturer stands on its origin, victim on target square).
        (
            "8/8/8/3p4/4P3/8/8/8",
            "8/8/8/3P4/8/8/8/8",
            vec![
                Step::Remove {
                    piece: p,
                    from: Square::D5,
                },
                Step::Move {
                    piece: piece('P'),
                    from: Square::E4,
                    to: Square::D5,
                },
            ],
        ),
    ];
    for (from, to, expected) in cases {
        let (from_board, target) = (board(from), board(to));
        let steps = instructions(&from_board, &target);
        assert_eq!(steps, expected, "{from} -> {to}");
        assert_eq!(
            apply_steps(&from_board, &steps),
            Ok(target.clone()),
            "{from}"
        );
        let mut watch = BoardWatch::new(from_board.clone(), target.clone());
        let mut done = watch.matches();
        for edit in edits_for(&steps) {
            done = watch.apply(edit).unwrap();
        }
        assert!(done && watch.remaining().is_empty(), "{from}");
    }
}

#[test]
fn steps_in_a_wrong_order_are_refused() {
    let n = piece('N');
    let b = board("8/8/8/8/8/5B2/8/6N1");
    assert_eq!(
        apply_steps(
            &b,
            &[Step::Move {
                piece: n,
                from: Square::G1,
                to: Square::F3
            }]
        ),
        Err(super::reconcile::StepError::Occupied { square: Square::F3 })
    );
    let mut watch = BoardWatch::new(b.clone(), Board::empty());
    assert_eq!(
        watch.apply(BoardEdit::Lift { square: Square::A1 }),
        Err(EditError::Empty { square: Square::A1 })
    );
    assert_eq!(
        watch.apply(BoardEdit::Place {
            square: Square::F3,
            piece: n
        }),
        Err(EditError::Occupied { square: Square::F3 })
    );
    assert_eq!(watch.board(), &b);
    assert_eq!(watch.remaining().len(), 2);
}

#[test]
fn branch_one_fixes_the_board_that_differs() {
    let mut f = fixture(
        &["e4", "e5", "Sf3"],
        &["e4", "e5", "Nf3"],
        &["e2e4", "e7e5", "g1f3"],
    );
    // Black played the white knight to h3 on his board.
    f.boards.black.discard_piece_at(Square::F3);
    f.boards.black.set_piece_at(Square::H3, piece('N'));
    let ruling = reconcile(&f.case());
    assert_eq!(ruling.branch, BranchKind::SheetsAgree);
    assert_eq!(ruling.ply, 3);
    assert_eq!(ruling.take_back, 0);
    assert_eq!(ruling.clocks, None);
    assert_eq!(ruling.boards_to_fix(), vec![Color::Black]);
    assert_eq!(
        ruling.steps.black,
        vec![Step::Move {
            piece: piece('N'),
            from: Square::H3,
            to: Square::F3
        }]
    );
    assert!(
        ruling
            .log
            .contains(&LogEntry::Branch(BranchKind::SheetsAgree))
    );
    // The sheets may lag two half-moves behind the game and still confirm it.
    let f = fixture(&["e4"], &["e4"], &["e2e4", "e7e5", "g1f3"]);
    assert_eq!(reconcile(&f.case()).branch, BranchKind::SheetsAgree);
    let f = fixture(&[], &[], &["e2e4", "e7e5", "g1f3"]);
    let ruling = reconcile(&f.case());
    assert_eq!(ruling.branch, BranchKind::SheetsDiffer);
    assert!(
        ruling
            .log
            .contains(&LogEntry::Disagreement(Disagreement::Unwritten {
                written: 0,
                official: 3
            }))
    );
}

#[test]
fn branch_two_goes_back_to_the_last_agreement() {
    // White wrote and played Nc3 at ply 2; Black's sheet and the game say Nf3.
    let mut f = fixture(
        &["e4", "e5", "Sc3", "Sc6"],
        &["e4", "e5", "Nf3", "Nc6"],
        &["e2e4", "e7e5", "g1f3", "b8c6"],
    );
    f.boards.white = position_at(&f.start, &uci_moves(&["e2e4", "e7e5", "b1c3", "b8c6"]), 4)
        .board()
        .clone();
    let ruling = reconcile(&f.case());
    assert_eq!(ruling.branch, BranchKind::SheetsDiffer);
    assert_eq!(ruling.ply, 2);
    assert_eq!(ruling.take_back, 2);
    assert_eq!(
        ruling.clocks,
        Some(ClockRecord {
            ply: 2,
            white_ms: 598_000,
            black_ms: 596_000
        })
    );
    let target = position_at(&f.start, &f.official, 2);
    for color in Color::ALL {
        assert_eq!(
            apply_steps(f.boards.get(color), ruling.steps.get(color)),
            Ok(target.board().clone())
        );
    }
    assert!(ruling.log.contains(&LogEntry::TakeBack { from: 4, to: 2 }));
    assert!(
        ruling
            .log
            .contains(&LogEntry::Disagreement(Disagreement::Sheets { ply: 2 }))
    );
}

#[test]
fn arbiter_override_and_missing_clock() {
    let mut f = fixture(&["e4", "e5"], &["e4", "e5"], &["e2e4", "e7e5"]);
    let ruling = reconcile_at(&f.case(), 1).unwrap();
    assert_eq!(ruling.branch, BranchKind::ArbiterOverride);
    assert_eq!(ruling.take_back, 1);
    assert!(ruling.log.contains(&LogEntry::Override { ply: 1 }));
    assert_eq!(
        reconcile_at(&f.case(), 3),
        Err(ReconcileError::PlyBeyondGame {
            ply: 3,
            official: 2
        })
    );
    f.clocks.retain(|c| c.ply != 0);
    let ruling = reconcile_at(&f.case(), 0).unwrap();
    assert_eq!(ruling.clocks, None);
    assert!(
        ruling
            .log
            .contains(&LogEntry::ClockRecordMissing { ply: 0 })
    );
}

#[test]
fn later_clock_records_win() {
    let records = [
        ClockRecord {
            ply: 4,
            white_ms: 10,
            black_ms: 10,
        },
        ClockRecord {
            ply: 4,
            white_ms: 20,
            black_ms: 30,
        },
    ];
    assert_eq!(clock_at(&records, 4), Some(records[1]));
    assert_eq!(clock_at(&records, 3), None);
    assert_eq!(records[1].remaining(Color::Black), 30);
}

fn session() -> Session {
    Session {
        players: ByColor {
            white: "Anna".into(),
            black: "Can".into(),
        },
        clocks: ClockRecord {
            ply: 0,
            white_ms: 1_800_000,
            black_ms: 1_500_000,
        },
        used_ms: ByColor {
            white: 3_600_000,
            black: 3_900_000,
        },
        draw_offer: Some(Color::White),
        resume_at_ms: 1_700_000_000_000,
    }
}

#[test]
fn adjournment_seal_resume_open() {
    let moves = uci_moves(&["e2e4", "e7e5", "g1f3"]);
    let pos = position_at(&Chess::default(), &moves, 3);
    let mut sealing = Sealing::begin(&pos, &moves, Lang::De, session()).unwrap();
    assert_eq!(sealing.sealer(), Color::Black);
    sealing.write("Springer Felix sechs").unwrap();
    sealing.write("Springer Cäsar sechs").unwrap(); // changed before stopping the clock
    assert_eq!(sealing.write("x".repeat(300)), Err(AdjournError::TooLong));
    let envelope = sealing.stop_clock();
    assert_eq!(envelope.move_number, 2);
    assert_eq!(envelope.sealer, Color::Black);
    assert_eq!(envelope.draw_offer, Some(Color::White));
    assert_eq!(envelope.clocks.ply, 3);
    assert_eq!(envelope.used_ms.black, 3_900_000);
    assert_eq!(
        envelope.fen,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    let resumed = envelope.resume().unwrap();
    assert_eq!(resumed.position, pos);
    assert_eq!(resumed.replier, Color::White);
    assert_eq!(resumed.clocks.black_ms, 1_500_000);
    let opened = envelope.open(&resumed.position);
    let Opened::Played { mv, .. } = opened.clone() else {
        panic!("{opened:?}")
    };
    assert_eq!(mv.to(), Square::C6);

    // Ambiguous, illegal, not understood and missing sealed moves lose.
    let ambiguous_pos = position_at(
        &Chess::default(),
        &uci_moves(&["d2d4", "d7d5", "g1f3", "g8f6", "c1f4", "c8f5"]),
        6,
    );
    let cases: [(Option<&str>, &Chess, &str); 4] = [
        (Some("Springer David zwei"), &ambiguous_pos, "ambiguous"),
        (Some("König Eva drei"), &pos, "illegal"),
        (Some("Blumenkohl"), &pos, "unclear"),
        (None, &pos, "missing"),
    ];
    for (text, at, reason) in cases {
        let mut sealing = Sealing::begin(at, &[], Lang::De, session()).unwrap();
        if let Some(t) = text {
            sealing.write(t).unwrap();
        }
        let envelope = sealing.stop_clock();
        let opened = envelope.open(at);
        let Opened::Loses { loser, error } = &opened else {
            panic!("{reason}: {opened:?}")
        };
        assert_eq!(*loser, at.turn());
        let code = match error {
            None => "missing",
            Some(AnnounceError::Ambiguous(_)) => "ambiguous",
            Some(AnnounceError::Illegal(_)) => "illegal",
            Some(AnnounceError::NotUnderstood(_)) => "unclear",
        };
        assert_eq!(code, reason);
    }

    // A finished game has nothing to seal.
    let mate = position_at(
        &Chess::default(),
        &uci_moves(&["f2f3", "e7e5", "g2g4", "d8h4"]),
        4,
    );
    assert_eq!(
        Sealing::begin(&mate, &[], Lang::En, session()),
        Err(AdjournError::GameOver)
    );
}

/// D.2.9 in a game set up from a FEN: the arbiter's override to half-move 0 takes the official
/// game back to the set-up position (not the initial one), with the clocks of the start.
#[test]
fn the_arbiter_takes_a_set_up_game_back_to_its_start() {
    use super::desk::{Desk, DeskCommand, Note};
    use crate::game::{
        BoardKind, EventInfo, FlagRule, Game, Player, Procedure, Profile, Recorded, Seat, Setup,
        StartPosition, TimeControl,
    };
    let player = |name: &str| Player {
        name: name.to_owned(),
        visually_impaired: false,
        board: BoardKind::Normal,
        assistant: false,
        computer: None,
    };
    let start = StartPosition::from_fen("7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40").unwrap();
    let mut game = Game::new(Setup {
        time_control: TimeControl::fischer(60_000, 0),
        players: ByColor {
            white: player("Anna"),
            black: player("Berk"),
        },
        languages: [Lang::En; 6],
        profile: Profile::new(
            crate::game::Edition::Fide2023,
            Procedure::Physical,
            FlagRule::Automatic,
        ),
        event: EventInfo::default(),
        start: start.clone(),
    });
    let mut desk = Desk::new(&game);
    assert_eq!(
        desk.numbering(),
        Numbering::new(Slot::new(40, Color::Black))
    );
    let play = |desk: &mut Desk, game: &mut Game, recs: Vec<Recorded>| {
        let mut notes = Vec::new();
        for rec in recs {
            notes.push(desk.apply(&rec, game));
            game.apply(&rec).unwrap();
        }
        notes
    };
    // Black's move and White's answer as recorded; both boards still show the start.
    for (by, uci, at) in [(Seat::Black, "h8g8", 1_000), (Seat::White, "d1d5", 2_000)] {
        let rec = Recorded {
            seq: game.seq() + 1,
            at_ms: at,
            event: crate::game::Event::Moved {
                by,
                uci: uci.parse().unwrap(),
            },
            clock: game.clock(at),
        };
        play(&mut desk, &mut game, vec![rec]);
    }
    assert_eq!(desk.move_clocks(2).len(), 2);
    let compared = desk
        .decide(&game, Seat::Arbiter, DeskCommand::CompareBoards, 3_000)
        .unwrap();
    play(&mut desk, &mut game, compared);
    let ruled = desk
        .decide(
            &game,
            Seat::Arbiter,
            DeskCommand::Rule {
                ply: Some(0),
                expect: None,
            },
            4_000,
        )
        .unwrap();
    let notes = play(&mut desk, &mut game, ruled);
    let Some(Some(Note::Ruled(ruling))) = notes.first() else {
        panic!("a ruling: {notes:?}");
    };
    assert_eq!(ruling.ply, 0);
    assert_eq!(ruling.position, *start.position());
    assert_eq!(ruling.clocks.map(|c| c.white_ms), Some(60_000));
    // The boards show the set-up position already: nothing to move on them.
    assert!(ruling.steps.white.is_empty() && ruling.steps.black.is_empty());
    assert_eq!(game.position(), start.position());
    assert!(game.moves().is_empty());
    let closed = desk.follow_up(&game, 5_000);
    assert!(matches!(
        closed.first().map(|r| &r.event),
        Some(crate::game::Event::Reconciled)
    ));
}

/// Issue 18: D.2.9 is refused when the sheets cannot decide, a ruling is checked against the
/// consequence the arbiter confirmed, and undoing it plays the moves taken back again with the
/// clocks as they were, the boards set to that position.
#[test]
fn rulings_are_refused_on_empty_or_lagging_sheets_confirmed_and_undone() {
    use super::desk::{Desk, DeskCommand, DeskRefusal, Note};
    use crate::game::{
        BoardKind, ClockReading, Event, EventInfo, FlagRule, Game, Player, Procedure, Profile,
        Recorded, Seat, Setup, StartPosition, TimeControl,
    };
    let player = |name: &str| Player {
        name: name.to_owned(),
        visually_impaired: false,
        board: BoardKind::Normal,
        assistant: false,
        computer: None,
    };
    let mut game = Game::new(Setup {
        time_control: TimeControl::fischer(60_000, 0),
        players: ByColor {
            white: player("Anna"),
            black: player("Berk"),
        },
        languages: [Lang::En; 6],
        profile: Profile::new(
            crate::game::Edition::Fide2023,
            Procedure::Physical,
            FlagRule::Automatic,
        ),
        event: EventInfo::default(),
        start: StartPosition::initial(),
    });
    let mut desk = Desk::new(&game);
    let play = |desk: &mut Desk, game: &mut Game, recs: Vec<Recorded>| {
        let mut notes = Vec::new();
        for rec in recs {
            notes.push(desk.apply(&rec, game));
            game.apply(&rec).unwrap();
        }
        notes
    };
    // Four half-moves recorded; both boards still show the start; nobody wrote a sheet.
    let ucis = ["e2e4", "e7e5", "g1f3", "b8c6"];
    for (i, uci) in ucis.iter().enumerate() {
        let at = 1_000 * (i as u64 + 1);
        let rec = Recorded {
            seq: game.seq() + 1,
            at_ms: at,
            event: Event::Moved {
                by: if i % 2 == 0 { Seat::White } else { Seat::Black },
                uci: uci.parse().unwrap(),
            },
            clock: game.clock(at),
        };
        play(&mut desk, &mut game, vec![rec]);
    }
    let compared = desk
        .decide(&game, Seat::Arbiter, DeskCommand::CompareBoards, 5_000)
        .unwrap();
    play(&mut desk, &mut game, compared);
    let before: ClockReading = game.clock(6_000);
    let rule = |ply, expect| DeskCommand::Rule { ply, expect };
    // Empty sheets cannot decide: refused, nothing changes.
    assert_eq!(
        desk.decide(&game, Seat::Arbiter, rule(None, None), 6_000),
        Err(DeskRefusal::SheetsEmpty)
    );
    // One sheet written up, the other empty: the sheets lag behind the game.
    for (i, text) in ["e4", "e5"].iter().enumerate() {
        let write = DeskCommand::Write {
            slot: Numbering::INITIAL.slot(i),
            text: (*text).into(),
            draw_offer: false,
            audio: None,
        };
        let recs = desk.decide(&game, Seat::White, write, 6_000).unwrap();
        play(&mut desk, &mut game, recs);
    }
    assert_eq!(
        desk.decide(&game, Seat::Arbiter, rule(None, None), 6_000),
        Err(DeskRefusal::SheetsBehind {
            written: 0,
            official: 4
        })
    );
    // The override back to the start, confirmed with another consequence: refused.
    assert_eq!(
        desk.decide(&game, Seat::Arbiter, rule(Some(0), Some(3)), 6_000),
        Err(DeskRefusal::RulingChanged { take_back: 4 })
    );
    // Nothing to undo yet.
    assert_eq!(
        desk.decide(&game, Seat::Arbiter, DeskCommand::UndoRuling, 6_000),
        Err(DeskRefusal::NothingToUndo)
    );
    let ruled = desk
        .decide(&game, Seat::Arbiter, rule(Some(0), Some(4)), 6_000)
        .unwrap();
    let notes = play(&mut desk, &mut game, ruled);
    let Some(Some(Note::Ruled(ruling))) = notes.first() else {
        panic!("a ruling: {notes:?}");
    };
    assert_eq!((ruling.ply, ruling.take_back), (0, 4));
    assert!(game.moves().is_empty());
    assert_eq!(game.undoable().map(|u| u.moves.len()), Some(4));
    // Undone: the four half-moves again, the clocks as before the ruling, the boards (at the
    // start) to be set to the position after them.
    let undone = desk
        .decide(&game, Seat::Arbiter, DeskCommand::UndoRuling, 7_000)
        .unwrap();
    assert_eq!(undone.len(), 1);
    assert_eq!(
        undone[0].event,
        Event::Ruled {
            by: Seat::Arbiter,
            branch: BranchKind::Undo,
            ply: 4
        }
    );
    assert_eq!(undone[0].clock.white_ms, before.white_ms);
    assert_eq!(undone[0].clock.black_ms, before.black_ms);
    assert_eq!(undone[0].clock.running, None);
    let notes = play(&mut desk, &mut game, undone);
    let Some(Some(Note::Ruled(undo))) = notes.first() else {
        panic!("an undone ruling: {notes:?}");
    };
    let uci: Vec<String> = game.moves().iter().map(|m| m.uci().to_string()).collect();
    assert_eq!(uci, ucis);
    assert_eq!(undo.branch, BranchKind::Undo);
    assert_eq!(undo.ply, 4);
    assert!(undo.log.contains(&LogEntry::Undone { plies: 4 }));
    assert_eq!(undo.position, *game.position());
    assert!(!undo.steps.white.is_empty() && !undo.steps.black.is_empty());
    assert!(desk.case().and_then(|c| c.fixing.as_ref()).is_some());
    assert_eq!(desk.rulings().len(), 2);
    assert!(game.undoable().is_none());
    assert_eq!(
        desk.decide(&game, Seat::Arbiter, DeskCommand::UndoRuling, 8_000),
        Err(DeskRefusal::NothingToUndo)
    );
    // Only the arbiter undoes.
    assert_eq!(
        desk.decide(&game, Seat::White, DeskCommand::UndoRuling, 8_000),
        Err(DeskRefusal::Forbidden)
    );
}

/// Issue 31: a German or Turkish sheet reads international SAN as well (an assistant writing
/// N, B, R, Q), so the D.2.9 comparison finds the same moves as on a sheet in the language's
/// own letters; the language's own `K` keeps its meaning (the Turkish rook).
#[test]
fn a_german_or_turkish_sheet_reads_international_san_as_well() {
    let international = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Qf6", "d3", "Bd6", "Re1",
        "b5", "Nc3", "Rb8",
    ];
    let cases: [(Lang, [&str; 16]); 3] = [
        (
            Lang::De,
            [
                "e4", "e5", "Sf3", "Sc6", "Lb5", "a6", "Lxc6", "dxc6", "O-O", "Df6", "d3", "Ld6",
                "Te1", "b5", "Sc3", "Tb8",
            ],
        ),
        (
            Lang::Tr,
            [
                "e4", "e5", "Af3", "Ac6", "Fb5", "a6", "Fxc6", "dxc6", "O-O", "Vf6", "d3", "Fd6",
                "Ke1", "b5", "Ac3", "Kb8",
            ],
        ),
        (Lang::En, international),
    ];
    let both = |lang: Lang, texts: &[&str]| {
        let read = sheet(Color::White, lang, texts).read(&Chess::default());
        (read.moves, read.stop)
    };
    let (expected, stop) = both(Lang::En, &international);
    assert_eq!(expected.len(), 16, "{stop:?}");
    for (lang, own) in cases {
        let (read, stop) = both(lang, &own);
        assert_eq!(read, expected, "{lang} own letters: {stop:?}");
        let (read, stop) = both(lang, &international);
        assert_eq!(read, expected, "{lang} international letters: {stop:?}");
    }
    // Mixed on one sheet, and the pawn on the b-file still read by its lowercase b.
    let mixed = [
        "e4", "e5", "Sf3", "Nc6", "Bb5", "a6", "Lxc6", "dxc6", "O-O", "Qf6", "d3", "Ld6", "Re1",
        "b5", "Nc3", "Tb8",
    ];
    assert_eq!(both(Lang::De, &mixed).0, expected);
    // The Turkish K is the rook (Kale), never the English king: "Ke1" moves the rook here.
    let tr = sheet(Color::White, Lang::Tr, &own_prefix()).read(&Chess::default());
    let last = tr.moves.last().map(|m| (m.role(), m.from(), m.to()));
    assert_eq!(
        last,
        Some((shakmaty::Role::Rook, Some(Square::F1), Square::E1))
    );
    assert_eq!(tr.moves.len(), 13);
}

/// A Turkish sheet up to White's rook move `Ke1` after castling.
fn own_prefix() -> [&'static str; 13] {
    [
        "e4", "e5", "Af3", "Ac6", "Fb5", "a6", "Fxc6", "dxc6", "O-O", "Vf6", "d3", "Fd6", "Ke1",
    ]
}
