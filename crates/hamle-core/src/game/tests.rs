use shakmaty::ByColor;

use super::*;
use crate::announce::Lang;
use shakmaty::Color;

fn setup(assistants: bool) -> Setup {
    let player = |name: &str, vi: bool| Player {
        name: name.to_owned(),
        visually_impaired: vi,
        board: if vi {
            BoardKind::Tactile
        } else {
            BoardKind::Normal
        },
        assistant: assistants,
        computer: None,
    };
    Setup {
        time_control: TimeControl::fischer(60_000, 1_000),
        players: ByColor {
            white: player("Anna", true),
            black: player("Berk", false),
        },
        languages: [Lang::De, Lang::Tr, Lang::De, Lang::Tr, Lang::En, Lang::De],
        profile: Default::default(),
        event: Default::default(),
        start: Default::default(),
    }
}

fn mv(game: &Game, uci: &str) -> Move {
    uci.parse::<UciMove>()
        .unwrap()
        .to_move(game.position())
        .unwrap()
}

fn play(game: &mut Game, seat: Seat, uci: &str, now: u64) -> Vec<Recorded> {
    let m = mv(game, uci);
    let events = game.decide(seat, Command::Move(m), now).unwrap();
    for e in &events {
        game.apply(e).unwrap();
    }
    events
}

#[test]
fn fools_mate_ends_the_game_with_two_numbered_events() {
    let mut g = Game::new(setup(true));
    play(&mut g, Seat::White, "f2f3", 0);
    play(&mut g, Seat::BlackAssistant, "e7e5", 1_000);
    play(&mut g, Seat::WhiteAssistant, "g2g4", 2_000);
    let events = play(&mut g, Seat::Black, "d8h4", 3_000);
    assert_eq!(events.len(), 2);
    assert_eq!((events[0].seq, events[1].seq), (4, 5));
    let ending = Ending {
        result: GameResult::BlackWins,
        reason: EndReason::Checkmate,
    };
    assert_eq!(g.status(), Status::Over(ending));
    assert_eq!(g.moves()[3].san.to_string(), "Qh4#");
    assert_eq!(g.clock(99_000).running, None);
    let m = Move::Normal {
        role: shakmaty::Role::Pawn,
        from: shakmaty::Square::A2,
        capture: None,
        to: shakmaty::Square::A3,
        promotion: None,
    };
    assert_eq!(
        g.decide(Seat::White, Command::Move(m), 4_000),
        Err(Refusal::GameOver)
    );
}

#[test]
fn permissions_turn_and_legality() {
    let g = Game::new(setup(false));
    let e4 = mv(&g, "e2e4");
    assert_eq!(
        g.decide(Seat::Black, Command::Move(e4), 0),
        Err(Refusal::NotYourTurn)
    );
    for seat in [Seat::Arbiter, Seat::Spectator, Seat::WhiteAssistant] {
        assert_eq!(
            g.decide(seat, Command::Move(e4), 0),
            Err(Refusal::Forbidden),
            "{seat}"
        );
    }
    for seat in [Seat::White, Seat::Black, Seat::Spectator] {
        assert_eq!(g.decide(seat, Command::Pause, 0), Err(Refusal::Forbidden));
    }
    let illegal = Move::Normal {
        role: shakmaty::Role::Pawn,
        from: shakmaty::Square::E2,
        capture: None,
        to: shakmaty::Square::E5,
        promotion: None,
    };
    assert_eq!(
        g.decide(Seat::White, Command::Move(illegal), 0),
        Err(Refusal::IllegalMove)
    );
}

#[test]
fn pause_resume_and_clock_setting() {
    let mut g = Game::new(setup(false));
    play(&mut g, Seat::White, "e2e4", 0);
    let apply = |g: &mut Game, seat, c, now| {
        let events = g.decide(seat, c, now)?;
        for e in &events {
            g.apply(e).unwrap();
        }
        Ok::<_, Refusal>(events)
    };
    let paused = apply(&mut g, Seat::Arbiter, Command::Pause, 10_000).unwrap();
    assert_eq!(paused[0].clock.black_ms, 50_000);
    assert_eq!(g.clock(500_000).black_ms, 50_000);
    let e5 = mv(&g, "e7e5");
    assert_eq!(
        g.decide(Seat::Black, Command::Move(e5), 11_000),
        Err(Refusal::GamePaused)
    );
    let set = Command::SetClock {
        color: Color::Black,
        remaining_ms: 30_000,
    };
    apply(&mut g, Seat::Arbiter, set, 12_000).unwrap();
    apply(&mut g, Seat::Arbiter, Command::Resume, 20_000).unwrap();
    assert_eq!(g.clock(25_000).black_ms, 25_000);
    assert_eq!(
        apply(&mut g, Seat::Arbiter, Command::Resume, 20_000),
        Err(Refusal::NotPaused)
    );
    let too_long = Command::SetClock {
        color: Color::White,
        remaining_ms: MAX_CLOCK_MS + 1,
    };
    assert_eq!(
        g.decide(Seat::Arbiter, too_long, 0),
        Err(Refusal::InvalidTime)
    );
    apply(
        &mut g,
        Seat::Arbiter,
        Command::End(GameResult::Draw),
        30_000,
    )
    .unwrap();
    assert!(matches!(g.status(), Status::Over(_)));
}

#[test]
fn flag_falls_at_the_deadline() {
    let mut g = Game::new(setup(false));
    play(&mut g, Seat::White, "e2e4", 0);
    assert_eq!(g.flag_deadline(), Some(60_000));
    assert_eq!(g.check_flag(59_999), None);
    let flag = g.check_flag(70_000).unwrap();
    assert_eq!(flag.at_ms, 60_000);
    assert_eq!(flag.clock.black_ms, 0);
    assert!(matches!(
        flag.event,
        Event::Ended {
            ending: Ending {
                result: GameResult::WhiteWins,
                reason: EndReason::Timeout
            },
            by: None
        }
    ));
}

#[test]
fn restore_gives_the_same_game_and_restart_pause_charges_nothing() {
    let mut g = Game::new(setup(false));
    let mut log = Vec::new();
    log.extend(play(&mut g, Seat::White, "e2e4", 0));
    log.extend(play(&mut g, Seat::Black, "c7c5", 4_000));
    let r = Game::restore(setup(false), &log).unwrap();
    assert_eq!(r.seq(), 2);
    assert_eq!(r.position(), g.position());
    assert_eq!(r.clock(9_000), g.clock(9_000));
    let pause = r.restart_pause().unwrap();
    assert_eq!(pause.seq, 3);
    assert_eq!(pause.clock.white_ms, 61_000);
    assert_eq!(pause.clock.running, None);
    // A log with a gap or a foreign move does not restore.
    let mut gap = log.clone();
    gap.remove(0);
    assert!(Game::restore(setup(false), &gap).is_err());
}

#[test]
fn after_an_outage_the_failover_policy_pauses_for_the_arbiter_or_goes_on_at_the_last_event() {
    let mut log = Vec::new();
    let mut g = Game::new(setup(false));
    log.extend(play(&mut g, Seat::White, "e2e4", 0));
    log.extend(play(&mut g, Seat::Black, "c7c5", 4_000));
    // The server comes back at 100 s: 96 s of outage since the last event.
    let pause = Game::restore(setup(false), &log).unwrap();
    let events = pause.restart_events(100_000);
    assert_eq!(events.len(), 1, "pause: the arbiter resumes");
    assert!(matches!(events[0].event, Event::Paused { by: None }));
    let mut continuing = setup(false);
    continuing.profile.failover = Failover::Continue;
    let mut r = Game::restore(continuing, &log).unwrap();
    let at_last = r.clock(4_000);
    let events = r.restart_events(100_000);
    assert_eq!(events.iter().map(|e| e.seq).collect::<Vec<_>>(), [3, 4]);
    assert!(matches!(events[0].event, Event::Paused { by: None }));
    assert_eq!(events[1].event, Event::Resumed { by: Seat::Arbiter });
    assert_eq!(events[1].at_ms, 100_000);
    for e in &events {
        r.apply(e).unwrap();
    }
    // Play goes on with White's clock as it was at the last event: the outage is nobody's.
    assert_eq!(r.status(), Status::Playing);
    let now = r.clock(100_000);
    assert_eq!(now.running, Some(Color::White));
    assert_eq!(now.white_ms, at_last.white_ms);
    assert_eq!(now.black_ms, at_last.black_ms);
    assert_eq!(r.clock(101_000).white_ms, at_last.white_ms - 1_000);
    // No clock running (a game not started, or over): nothing to record.
    assert!(Game::new(setup(false)).restart_events(100_000).is_empty());
}

fn physical(edition: Edition) -> Setup {
    Setup {
        profile: Profile::new(edition, Procedure::Physical, FlagRule::Claim),
        ..setup(true)
    }
}

fn run(game: &mut Game, seat: Seat, c: Command, now: u64) -> Vec<Recorded> {
    let events = game.decide(seat, c, now).unwrap();
    for e in &events {
        game.apply(e).unwrap();
    }
    events
}

fn sq(s: &str) -> shakmaty::Square {
    s.parse().unwrap()
}

#[test]
fn physical_procedure_restores_exactly_from_its_events() {
    let mut g = Game::new(physical(Edition::Fide2023));
    let mut log = Vec::new();
    let w = Color::White;
    let b = Color::Black;
    let ops: Vec<(Seat, Command)> = vec![
        (Seat::White, Command::Adjust),
        (
            Seat::White,
            Command::Board {
                board: w,
                op: BoardOp::Lift(sq("e2")),
            },
        ),
        (
            Seat::White,
            Command::Board {
                board: w,
                op: BoardOp::Place {
                    square: sq("e4"),
                    promotion: None,
                },
            },
        ),
        (Seat::White, Command::Announce(mv(&g, "e2e4"))),
        (Seat::WhiteAssistant, Command::PressClock),
        (
            Seat::Black,
            Command::Board {
                board: b,
                op: BoardOp::Move {
                    from: sq("e2"),
                    to: sq("e4"),
                    promotion: None,
                },
            },
        ),
        (
            Seat::Black,
            Command::Board {
                board: b,
                op: BoardOp::Touch(sq("g8")),
            },
        ),
        (Seat::WhiteAssistant, Command::TalkingClock),
    ];
    for (i, (seat, c)) in ops.into_iter().enumerate() {
        log.extend(run(&mut g, seat, c, 1_000 * i as u64));
    }
    // The touch obliges the knight; a pawn move is refused, the knight may go.
    let e5 = mv(&g, "e7e5");
    assert_eq!(
        g.decide(Seat::Black, Command::Announce(e5), 9_000),
        Err(Refusal::TouchMove {
            rule: Rule::MovePiece,
            square: sq("g8")
        })
    );
    let r = Game::restore(physical(Edition::Fide2023), &log).unwrap();
    assert_eq!(r.seq(), g.seq());
    assert_eq!(r.ply(), g.ply());
    assert_eq!(r.board(w), g.board(w));
    assert_eq!(r.board(b), g.board(b));
    assert_eq!(r.clock(20_000), g.clock(20_000));
    assert_eq!(r.moves_of(w), 1);
    // The talking clock is White's side's alone; asked by White's assistant, the time is
    // told to him only (D.2.10.4), not to his player.
    let told = log.last().unwrap();
    assert!(told.event.visible_to(Seat::WhiteAssistant) && !told.event.visible_to(Seat::White));
    assert!(!told.event.visible_to(Seat::Black) && !told.event.visible_to(Seat::Arbiter));
    // Asked by White himself, his side hears it.
    let asked = Event::ClockTold {
        by: Seat::White,
        color: Color::White,
        white_moves: 1,
        black_moves: 0,
    };
    assert!(asked.visible_to(Seat::White) && asked.visible_to(Seat::WhiteAssistant));
    assert!(!asked.visible_to(Seat::Black) && !asked.visible_to(Seat::Arbiter));
}

#[test]
fn six_ten_and_flag_claims() {
    let mut g = Game::new(Setup {
        time_control: TimeControl::fischer(1_000, 0),
        ..physical(Edition::Seed)
    });
    // No flag: no claim. White's first move starts Black's clock.
    assert_eq!(
        g.decide(Seat::WhiteAssistant, Command::ClaimTime, 0),
        Err(Refusal::NoFlagFallen)
    );
    let e4 = mv(&g, "e2e4");
    run(
        &mut g,
        Seat::White,
        Command::Board {
            board: Color::White,
            op: BoardOp::Lift(sq("e2")),
        },
        0,
    );
    run(
        &mut g,
        Seat::White,
        Command::Board {
            board: Color::White,
            op: BoardOp::Place {
                square: sq("e4"),
                promotion: None,
            },
        },
        0,
    );
    run(&mut g, Seat::White, Command::Announce(e4), 0);
    run(&mut g, Seat::White, Command::PressClock, 0);
    assert_eq!(g.timer_event(500), None);
    let flag = g.timer_event(1_000).unwrap();
    assert_eq!(
        flag.event,
        Event::FlagFell {
            color: Color::Black
        }
    );
    g.apply(&flag).unwrap();
    assert_eq!(g.flag_deadline(), None);
    assert_eq!(
        g.decide(Seat::Black, Command::ClaimTime, 1_500),
        Err(Refusal::NoFlagFallen)
    );
    let end = g
        .decide(Seat::WhiteAssistant, Command::ClaimTime, 1_500)
        .unwrap();
    assert!(matches!(
        end[0].event,
        Event::Ended {
            ending: Ending {
                result: GameResult::WhiteWins,
                reason: EndReason::Timeout
            },
            ..
        }
    ));
    // 6.10: against a lone king the flag gives a draw (can_mate decides).
    let lone: Chess = "8/8/4k3/8/8/8/8/4KQ2 b - - 0 1"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(shakmaty::CastlingMode::Standard)
        .unwrap();
    assert!(!can_mate(&lone, Color::Black));
    assert!(can_mate(&lone, Color::White));
}

fn from_fen(fen: &str, tc: TimeControl, flag: FlagRule) -> Setup {
    Setup {
        time_control: tc,
        profile: Profile::new(Edition::Fide2023, Procedure::Digital, flag),
        start: StartPosition::from_fen(fen).unwrap(),
        ..setup(true)
    }
}

/// White: king, queen, rook, three pawns; Black: the lone king, to move at move 40.
const LONE_KING: &str = "7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40";

#[test]
fn a_game_set_up_with_black_to_move_starts_there() {
    let mut g = Game::new(from_fen(
        LONE_KING,
        TimeControl::fischer(60_000, 0),
        FlagRule::Automatic,
    ));
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.position().fullmoves().get(), 40);
    assert_eq!(g.board(Color::White).board, *g.position().board());
    // White may not move first; no clock runs before the first move, whoever makes it.
    let qd5 = "d1d5".parse::<UciMove>().unwrap();
    assert!(qd5.to_move(g.position()).is_err());
    assert_eq!(g.clock(5_000).running, None);
    assert_eq!(g.flag_deadline(), None);
    let mut log = play(&mut g, Seat::Black, "h8g8", 1_000);
    assert_eq!(g.clock(1_000).running, Some(Color::White));
    log.extend(play(&mut g, Seat::White, "d1d5", 3_000));
    assert_eq!(g.moves()[1].san.to_string(), "Qd5+");
    assert_eq!(g.position().fullmoves().get(), 41);
    // Restored from its events, the game is the same.
    let setup = g.setup().clone();
    let r = Game::restore(setup.clone(), &log).unwrap();
    assert_eq!(r.position(), g.position());
    assert_eq!(r.moves_of(Color::Black), 1);
    // The arbiter takes the game back to its start (D.2.9): the start position, Black to
    // move, each side's move count as before the moves.
    let back = Recorded {
        seq: g.seq() + 1,
        at_ms: 4_000,
        event: Event::Ruled {
            by: Seat::Arbiter,
            branch: super::BranchKind::ArbiterOverride,
            ply: 0,
        },
        clock: g.clock(4_000),
    };
    g.apply(&back).unwrap();
    assert_eq!(g.position(), setup.start.position());
    assert_eq!(g.position().fullmoves().get(), 40);
    assert_eq!((g.moves_of(Color::White), g.moves_of(Color::Black)), (0, 0));
    assert!(g.moves().is_empty());
}

#[test]
fn six_ten_from_a_set_up_position() {
    // Automatic flag rule: White's flag falls, Black has only his king: a draw.
    let mut g = Game::new(from_fen(
        LONE_KING,
        TimeControl::fischer(30_000, 0),
        FlagRule::Automatic,
    ));
    play(&mut g, Seat::Black, "h8g8", 1_000);
    assert_eq!(g.flag_deadline(), Some(31_000));
    assert_eq!(g.timer_event(30_999), None);
    let end = g.timer_event(31_000).unwrap();
    assert_eq!(end.at_ms, 31_000);
    assert_eq!(
        end.event,
        Event::Ended {
            ending: Ending {
                result: GameResult::Draw,
                reason: EndReason::TimeoutDraw,
            },
            by: None,
        }
    );
    assert_eq!((end.clock.white_ms, end.clock.running), (0, None));

    // Claim flag rule: the flag falls, Black claims, a draw all the same.
    let mut g = Game::new(from_fen(
        LONE_KING,
        TimeControl::fischer(30_000, 0),
        FlagRule::Claim,
    ));
    play(&mut g, Seat::Black, "h8g8", 1_000);
    let fell = g.timer_event(31_000).unwrap();
    assert_eq!(
        fell.event,
        Event::FlagFell {
            color: Color::White
        }
    );
    g.apply(&fell).unwrap();
    assert_eq!(
        g.decide(Seat::White, Command::ClaimTime, 32_000),
        Err(Refusal::NoFlagFallen)
    );
    let claim = g.decide(Seat::Black, Command::ClaimTime, 32_000).unwrap();
    assert!(matches!(
        claim[0].event,
        Event::Ended {
            ending: Ending {
                result: GameResult::Draw,
                reason: EndReason::TimeoutDraw
            },
            by: Some(Seat::Black)
        }
    ));

    // The contrast: Black's knight can still mate while White has pawns to block: a loss.
    let mut g = Game::new(from_fen(
        "6k1/8/8/8/8/3n4/5PPP/6K1 b - - 0 50",
        TimeControl::fischer(30_000, 0),
        FlagRule::Automatic,
    ));
    play(&mut g, Seat::Black, "g8f7", 1_000);
    let end = g.timer_event(31_000).unwrap();
    assert!(matches!(
        end.event,
        Event::Ended {
            ending: Ending {
                result: GameResult::BlackWins,
                reason: EndReason::Timeout
            },
            by: None
        }
    ));
}

#[test]
fn start_positions_are_checked_strictly() {
    for (fen, problem) in [
        ("", StartError::Syntax),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            StartError::Syntax,
        ),
        ("8/8/8/8/8/8/8/8 w - - 0 1", StartError::Kings),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", StartError::Kings),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", StartError::Kings),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", StartError::Pawns),
        ("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", StartError::Castling),
        ("4k3/8/8/8/8/8/4P3/4K3 b - e3 0 1", StartError::EnPassant),
        ("4k3/8/8/8/8/8/8/4QK2 w - - 0 1", StartError::Check),
        (
            "7k/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1",
            StartError::Material,
        ),
        // Mate, stalemate and a dead position: the game would be over before it began.
        ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", StartError::Over),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", StartError::Over),
        ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", StartError::Over),
    ] {
        assert_eq!(StartPosition::from_fen(fen).err(), Some(problem), "{fen}");
    }
    // Castling rights as given; the en passant square only when a capture is possible.
    let p = StartPosition::from_fen("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 5 30").unwrap();
    assert_eq!(p.fen(), "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 5 30");
    assert!(!p.is_initial());
    let q = StartPosition::from_fen(" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ")
        .unwrap();
    assert!(q.is_initial());
    assert_eq!(q, StartPosition::default());
}

// --- Issue 18: the start of the game and the arbiter's rules choices ---

fn waiting(default_time_ms: u64) -> Setup {
    let mut s = setup(true);
    s.profile.wait_for_start = true;
    s.profile.default_time_ms = default_time_ms;
    s
}

#[test]
fn a_waiting_game_refuses_play_until_the_arbiter_starts_it_then_whites_clock_runs() {
    let mut g = Game::new(waiting(0));
    assert_eq!(g.status(), Status::Waiting);
    let m = mv(&g, "e2e4");
    assert_eq!(
        g.decide(Seat::White, Command::Move(m), 1_000),
        Err(Refusal::NotStarted)
    );
    assert_eq!(
        g.decide(Seat::Arbiter, Command::Pause, 1_000),
        Err(Refusal::NotStarted)
    );
    assert_eq!(
        g.decide(Seat::Arbiter, Command::Resume, 1_000),
        Err(Refusal::NotStarted)
    );
    assert_eq!(
        g.decide(Seat::White, Command::Start, 1_000),
        Err(Refusal::Forbidden)
    );
    // No clock runs while waiting, and no flag can fall.
    assert_eq!(g.clock(50_000).white_ms, 60_000);
    assert_eq!(g.clock(50_000).running, None);
    let started = run(&mut g, Seat::Arbiter, Command::Start, 10_000);
    assert_eq!(started.len(), 1);
    assert_eq!(started[0].event, Event::Started { by: Seat::Arbiter });
    assert_eq!(started[0].clock.running, Some(Color::White));
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(g.started_at(), Some(10_000));
    // White's clock runs although White has not moved.
    assert_eq!(g.clock(25_000).white_ms, 45_000);
    assert_eq!(g.clock(25_000).black_ms, 60_000);
    assert_eq!(
        g.decide(Seat::Arbiter, Command::Start, 11_000),
        Err(Refusal::AlreadyStarted)
    );
    // The flag of a White who never moves falls 60 s after the start.
    g.apply(&g.decide(Seat::White, Command::Arrive, 10_500).unwrap()[0])
        .unwrap();
    g.apply(&g.decide(Seat::Black, Command::Arrive, 10_600).unwrap()[0])
        .unwrap();
    assert_eq!(g.flag_deadline(), Some(70_000));
    // The first move presses White's clock as any move does.
    play(&mut g, Seat::White, "e2e4", 20_000);
    assert_eq!(g.clock(20_000).white_ms, 51_000);
    assert_eq!(g.clock(20_000).running, Some(Color::Black));
}

#[test]
fn a_game_created_without_the_wait_keeps_todays_start() {
    let mut g = Game::new(setup(true));
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(
        g.decide(Seat::Arbiter, Command::Start, 0),
        Err(Refusal::AlreadyStarted)
    );
    assert_eq!(
        g.decide(Seat::White, Command::Arrive, 0),
        Err(Refusal::Forbidden)
    );
    assert_eq!(g.clock(5_000).running, None);
    play(&mut g, Seat::White, "e2e4", 5_000);
    assert_eq!(g.clock(5_000).white_ms, 61_000);
}

#[test]
fn the_default_time_reports_an_absent_player_once_and_the_arbiter_decides() {
    let mut g = Game::new(waiting(900_000));
    // Black's assistant comes before the start: Black has arrived.
    let arrived = run(&mut g, Seat::BlackAssistant, Command::Arrive, 500);
    assert_eq!(
        arrived[0].event,
        Event::Arrived {
            by: Seat::BlackAssistant,
            color: Color::Black
        }
    );
    assert!(g.arrived(Color::Black) && !g.arrived(Color::White));
    assert_eq!(
        g.decide(Seat::Black, Command::Arrive, 600),
        Err(Refusal::AlreadyStarted)
    );
    // Nothing is due before the start.
    assert_eq!(g.timer_event(10_000_000), None);
    run(&mut g, Seat::Arbiter, Command::Start, 1_000);
    assert_eq!(g.flag_deadline(), Some(61_000));
    // White's flag would fall first (60 s); with a longer clock the default time comes first.
    let mut long = waiting(30_000);
    long.time_control = TimeControl::fischer(5_400_000, 0);
    let mut g = Game::new(long);
    run(&mut g, Seat::Arbiter, Command::Start, 1_000);
    assert_eq!(g.default_time_deadline(), Some(31_000));
    assert_eq!(g.timer_event(30_999), None);
    let over = g.timer_event(31_000).unwrap();
    assert_eq!(
        over.event,
        Event::DefaultTimeOver {
            color: Color::White
        }
    );
    assert_eq!(over.at_ms, 31_000);
    g.apply(&over).unwrap();
    let over = g.timer_event(31_000).unwrap();
    assert_eq!(
        over.event,
        Event::DefaultTimeOver {
            color: Color::Black
        }
    );
    g.apply(&over).unwrap();
    // Reported once each; play goes on (the arbiter lets it) and the clock still runs.
    assert_eq!(g.default_time_deadline(), None);
    assert_eq!(g.status(), Status::Playing);
    assert_eq!(g.clock(41_000).white_ms, 5_360_000);
    // Or the arbiter declares the loss.
    run(
        &mut g,
        Seat::Arbiter,
        Command::End(GameResult::BlackWins),
        50_000,
    );
    assert!(matches!(g.status(), Status::Over(_)));
}

#[test]
fn a_player_who_arrives_in_time_is_not_reported() {
    let mut g = Game::new(waiting(0));
    run(&mut g, Seat::White, Command::Arrive, 100);
    run(&mut g, Seat::Black, Command::Arrive, 200);
    run(&mut g, Seat::Arbiter, Command::Start, 1_000);
    assert_eq!(g.default_time_deadline(), None);
    assert_eq!(g.timer_event(1_001), None);
}

#[test]
fn a_visually_impaired_players_illegal_announcement_counts_only_when_the_profile_says_so() {
    let mut refused = physical(Edition::Fide2023);
    assert_eq!(refused.profile.vi_illegal, ViIllegal::Refused);
    let g = Game::new(refused.clone());
    // White (Anna) is visually impaired; with the default the core refuses the command.
    assert_eq!(
        g.decide(Seat::White, Command::IllegalAnnouncement(None), 1_000),
        Err(Refusal::IllegalMove)
    );
    refused.profile.vi_illegal = ViIllegal::Counts;
    let mut g = Game::new(refused);
    // Not for the sighted player, nor out of turn.
    assert_eq!(
        g.decide(Seat::Black, Command::IllegalAnnouncement(None), 1_000),
        Err(Refusal::IllegalMove)
    );
    let e2e5: UciMove = "e2e5".parse().unwrap();
    let first = run(
        &mut g,
        Seat::WhiteAssistant,
        Command::IllegalAnnouncement(Some(e2e5)),
        1_000,
    );
    assert_eq!(first.len(), 1);
    assert_eq!(
        first[0].event,
        Event::IllegalAnnounced {
            by: Seat::WhiteAssistant,
            color: Color::White,
            uci: Some(e2e5),
            count: 1,
            penalty_ms: 120_000,
        }
    );
    assert_eq!(first[0].clock.black_ms, 180_000);
    assert_eq!(g.illegal_moves(Color::White), 1);
    // The second loses (2023 edition).
    let second = run(
        &mut g,
        Seat::White,
        Command::IllegalAnnouncement(None),
        2_000,
    );
    assert_eq!(second.len(), 2);
    assert_eq!(
        g.status(),
        Status::Over(Ending {
            result: GameResult::BlackWins,
            reason: EndReason::IllegalMoves,
        })
    );
}

#[test]
fn a_touch_report_stops_the_clocks_until_the_ruling_when_the_profile_says_so() {
    for stops in [true, false] {
        let mut s = physical(Edition::Fide2023);
        s.profile.touch_stops_clock = stops;
        let mut g = Game::new(s.clone());
        let mut log = Vec::new();
        let mut step = |g: &mut Game, seat: Seat, c: Command, now: u64| {
            let events = run(g, seat, c, now);
            log.extend(events.clone());
            events
        };
        // 1. e4 by White (announced, made on his tactile board, the clock pressed).
        let e4 = mv(&g, "e2e4");
        step(&mut g, Seat::White, Command::Announce(e4), 1_000);
        let on_white = |op| Command::Board {
            board: Color::White,
            op,
        };
        step(
            &mut g,
            Seat::White,
            on_white(BoardOp::Lift(sq("e2"))),
            1_200,
        );
        let place = BoardOp::Place {
            square: sq("e4"),
            promotion: None,
        };
        step(&mut g, Seat::White, on_white(place), 1_500);
        step(&mut g, Seat::White, Command::PressClock, 2_000);
        assert_eq!(g.clock(2_000).running, Some(Color::Black));
        // White's assistant reports that Black touched g8 at 3 s; the arbiter rules at 13 s.
        let reported = step(
            &mut g,
            Seat::WhiteAssistant,
            Command::ReportTouch(sq("g8")),
            3_000,
        );
        assert_eq!(reported[0].clock.black_ms, 59_000);
        if stops {
            assert_eq!(reported[0].clock.running, None);
            assert_eq!(g.status(), Status::Paused { by: None });
            assert!(g.touch_hold());
            assert_eq!(g.clock(13_000).black_ms, 59_000);
            // Nobody plays on while the report waits.
            assert_eq!(
                g.decide(Seat::Black, Command::OfferDraw, 5_000),
                Err(Refusal::GamePaused)
            );
        } else {
            assert_eq!(reported[0].clock.running, Some(Color::Black));
            assert_eq!(g.status(), Status::Playing);
            assert_eq!(g.clock(13_000).black_ms, 49_000);
        }
        let ruled = step(&mut g, Seat::Arbiter, Command::RuleTouch(true), 13_000);
        assert_eq!(ruled[0].clock.running, Some(Color::Black));
        assert_eq!(g.status(), Status::Playing);
        assert!(!g.touch_hold());
        let expected = if stops { 59_000 } else { 49_000 };
        assert_eq!(g.clock(13_000).black_ms, expected);
        assert_eq!(g.clock(14_000).black_ms, expected - 1_000);
        // The same game restored from its log is the same game.
        let restored = Game::restore(s, &log).unwrap();
        assert_eq!(restored, g);
    }
}

/// A game against the computer (issue 34): the computer plays `computer` at level 3.
fn practice(computer: Color) -> Setup {
    let mut s = setup(false);
    s.players.white.visually_impaired = false;
    s.players.get_mut(computer).computer = Some(3);
    s
}

#[test]
fn a_practice_game_takes_back_the_players_move_and_the_computers_reply() {
    let mut g = Game::new(practice(Color::Black));
    assert_eq!(
        g.decide(Seat::White, Command::TakeBack, 0),
        Err(Refusal::NothingToTakeBack)
    );
    play(&mut g, Seat::White, "e2e4", 0);
    play(&mut g, Seat::Black, "e7e5", 1_000);
    play(&mut g, Seat::White, "g1f3", 3_000);
    play(&mut g, Seat::Black, "b8c6", 4_000);
    let before = g.clone();
    // His turn: his last move and the reply go; he is to move after 1. e4 e5, his clock
    // running with the time it showed when he asked.
    let events = g.decide(Seat::White, Command::TakeBack, 6_000).unwrap();
    assert_eq!(g, before, "deciding changes nothing");
    assert_eq!(events.len(), 1);
    assert_eq!(
        events[0].event,
        Event::TakenBack {
            by: Seat::White,
            ply: 2
        }
    );
    let reading = g.clock(6_000);
    assert_eq!(
        events[0].clock,
        ClockReading {
            running: Some(Color::White),
            ..reading
        }
    );
    g.apply(&events[0]).unwrap();
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.turn(), Color::White);
    assert_eq!(g.moves_of(Color::White), 1);
    assert_eq!(g.moves_of(Color::Black), 1);
    assert_eq!(g.clock(7_000).white_ms, reading.white_ms - 1_000);
    assert!(g.board(Color::White).matches(g.position()));
    // The same moves again give the same position, and restore equals live.
    play(&mut g, Seat::White, "g1f3", 8_000);
    let log: Vec<Recorded> = {
        let mut r = Game::new(practice(Color::Black));
        let mut out = Vec::new();
        for (seat, uci, at) in [
            (Seat::White, "e2e4", 0),
            (Seat::Black, "e7e5", 1_000),
            (Seat::White, "g1f3", 3_000),
            (Seat::Black, "b8c6", 4_000),
        ] {
            out.extend(play(&mut r, seat, uci, at));
        }
        out.extend(events.clone());
        r.apply(&events[0]).unwrap();
        out.extend(play(&mut r, Seat::White, "g1f3", 8_000));
        out
    };
    let restored = Game::restore(practice(Color::Black), &log).unwrap();
    assert_eq!(restored, g);
}

#[test]
fn while_the_computer_thinks_only_the_players_own_move_goes_back() {
    // The computer plays White and has moved first; Black has nothing to take back until
    // his own move.
    let mut g = Game::new(practice(Color::White));
    play(&mut g, Seat::White, "d2d4", 0);
    assert_eq!(
        g.decide(Seat::Black, Command::TakeBack, 500),
        Err(Refusal::NothingToTakeBack)
    );
    play(&mut g, Seat::Black, "g8f6", 1_000);
    let events = g.decide(Seat::Black, Command::TakeBack, 1_500).unwrap();
    assert_eq!(
        events[0].event,
        Event::TakenBack {
            by: Seat::Black,
            ply: 1
        }
    );
    assert_eq!(events[0].clock.running, Some(Color::Black));
    g.apply(&events[0]).unwrap();
    assert_eq!((g.moves().len(), g.turn()), (1, Color::Black));
    // The computer's move stands: it cannot move now, and its stale reply is refused.
    let stale = Move::Normal {
        role: shakmaty::Role::Pawn,
        from: shakmaty::Square::C2,
        capture: None,
        to: shakmaty::Square::C4,
        promotion: None,
    };
    assert_eq!(
        g.decide(Seat::White, Command::Move(stale), 1_600),
        Err(Refusal::NotYourTurn)
    );
}

#[test]
fn take_backs_are_refused_between_people_to_others_and_when_not_playing() {
    let mut people = Game::new(setup(false));
    play(&mut people, Seat::White, "e2e4", 0);
    assert_eq!(
        people.decide(Seat::White, Command::TakeBack, 100),
        Err(Refusal::NotPractice)
    );
    let mut g = Game::new(practice(Color::Black));
    play(&mut g, Seat::White, "e2e4", 0);
    for seat in [
        Seat::Black,
        Seat::Arbiter,
        Seat::Spectator,
        Seat::WhiteAssistant,
    ] {
        assert_eq!(
            g.decide(seat, Command::TakeBack, 100),
            Err(Refusal::Forbidden),
            "{seat}"
        );
    }
    run(&mut g, Seat::Arbiter, Command::Pause, 200);
    assert_eq!(
        g.decide(Seat::White, Command::TakeBack, 300),
        Err(Refusal::GamePaused)
    );
    run(&mut g, Seat::Arbiter, Command::Resume, 400);
    run(&mut g, Seat::White, Command::Resign, 500);
    assert_eq!(
        g.decide(Seat::White, Command::TakeBack, 600),
        Err(Refusal::GameOver)
    );
    // A take-back in a game between people does not apply (a foreign log).
    let foreign = Recorded {
        seq: people.seq() + 1,
        at_ms: 700,
        event: Event::TakenBack {
            by: Seat::White,
            ply: 0,
        },
        clock: people.clock(700),
    };
    assert!(people.apply(&foreign).is_err());
}

#[test]
fn the_arbiter_issues_a_seat_link_again_for_a_seat_the_game_has_also_after_the_end() {
    let mut g = Game::new(setup(true));
    let hash = [7u8; 32];
    for seat in [
        Seat::White,
        Seat::Black,
        Seat::WhiteAssistant,
        Seat::BlackAssistant,
        Seat::Arbiter,
        Seat::Spectator,
    ] {
        assert_eq!(
            g.decide(
                seat,
                Command::IssueLink {
                    seat: Seat::White,
                    hash
                },
                0
            ),
            if seat == Seat::Arbiter {
                Ok(vec![Recorded {
                    seq: 1,
                    at_ms: 0,
                    event: Event::SeatLinkIssued {
                        by: Seat::Arbiter,
                        seat: Seat::White,
                        hash,
                    },
                    clock: g.clock(0),
                }])
            } else {
                Err(Refusal::Forbidden)
            },
            "{seat:?}"
        );
    }
    let issue = |g: &Game, seat| g.decide(Seat::Arbiter, Command::IssueLink { seat, hash }, 0);
    // Not the arbiter's own seat, not an assistant the player does not have.
    assert_eq!(issue(&g, Seat::Arbiter), Err(Refusal::Forbidden));
    assert!(issue(&g, Seat::BlackAssistant).is_ok());
    let without = Game::new(setup(false));
    assert_eq!(
        issue(&without, Seat::BlackAssistant),
        Err(Refusal::Forbidden)
    );
    assert_eq!(
        issue(&without, Seat::WhiteAssistant),
        Err(Refusal::Forbidden)
    );
    assert!(issue(&g, Seat::Spectator).is_ok());
    // Nothing changes in the game: the clocks and the status are as before, also after the end.
    play(&mut g, Seat::White, "e2e4", 1_000);
    run(&mut g, Seat::Arbiter, Command::End(GameResult::Draw), 2_000);
    let before = (g.status(), g.clock(3_000), g.moves().len());
    run(
        &mut g,
        Seat::Arbiter,
        Command::IssueLink {
            seat: Seat::Black,
            hash,
        },
        3_000,
    );
    assert_eq!((g.status(), g.clock(3_000), g.moves().len()), before);
}

/// Issue 31, item 1: a pawn knocked out of its hole and put back binds (D.2.2), until the
/// arbiter releases the touch as not deliberate (D.2.3 / Art. 4.2-4.3); also a touch he
/// upheld on a report, after the fact.
#[test]
fn the_arbiter_releases_a_touch_that_was_not_deliberate() {
    let s = physical(Edition::Fide2023);
    let mut g = Game::new(s.clone());
    let mut log = Vec::new();
    let on_white = |op| Command::Board {
        board: Color::White,
        op,
    };
    // Nothing touched: nothing to release.
    assert_eq!(
        g.decide(Seat::Arbiter, Command::ReleaseTouch, 500),
        Err(Refusal::NoTouch)
    );
    // White's sleeve knocks the e-pawn out of its hole; he puts it back.
    log.extend(run(
        &mut g,
        Seat::White,
        on_white(BoardOp::Lift(sq("e2"))),
        1_000,
    ));
    let back = BoardOp::Place {
        square: sq("e2"),
        promotion: None,
    };
    log.extend(run(&mut g, Seat::White, on_white(back), 1_100));
    let d4 = mv(&g, "d2d4");
    assert_eq!(
        g.decide(Seat::White, Command::Announce(d4), 1_200),
        Err(Refusal::TouchMove {
            rule: Rule::MovePiece,
            square: sq("e2")
        })
    );
    // Only the arbiter releases.
    for seat in [
        Seat::White,
        Seat::WhiteAssistant,
        Seat::Black,
        Seat::Spectator,
    ] {
        assert_eq!(
            g.decide(seat, Command::ReleaseTouch, 1_300),
            Err(Refusal::Forbidden)
        );
    }
    let released = run(&mut g, Seat::Arbiter, Command::ReleaseTouch, 1_400);
    assert_eq!(
        released[0].event,
        Event::TouchReleased {
            by: Seat::Arbiter,
            color: Color::White
        }
    );
    log.extend(released);
    assert_eq!(g.obligation(), None);
    assert!(g.decide(Seat::White, Command::Announce(d4), 1_500).is_ok());
    // Released once, nothing is left to release.
    assert_eq!(
        g.decide(Seat::Arbiter, Command::ReleaseTouch, 1_600),
        Err(Refusal::NoTouch)
    );
    // The same game restored from its log is the same game.
    assert_eq!(Game::restore(s.clone(), &log).unwrap(), g);

    // A touch upheld on the assistant's report, released after the fact.
    log.extend(run(&mut g, Seat::White, Command::Announce(d4), 2_000));
    log.extend(run(
        &mut g,
        Seat::White,
        on_white(BoardOp::Lift(sq("d2"))),
        2_100,
    ));
    let d4_placed = BoardOp::Place {
        square: sq("d4"),
        promotion: None,
    };
    log.extend(run(&mut g, Seat::White, on_white(d4_placed), 2_200));
    log.extend(run(&mut g, Seat::White, Command::PressClock, 2_300));
    let report = Command::ReportTouch(sq("g8"));
    log.extend(run(&mut g, Seat::WhiteAssistant, report, 3_000));
    log.extend(run(&mut g, Seat::Arbiter, Command::RuleTouch(true), 4_000));
    assert_eq!(g.obligation().map(|o| o.square), Some(sq("g8")));
    let released = run(&mut g, Seat::Arbiter, Command::ReleaseTouch, 5_000);
    assert!(matches!(
        released[0].event,
        Event::TouchReleased {
            color: Color::Black,
            ..
        }
    ));
    log.extend(released);
    assert_eq!(g.obligation(), None);
    assert_eq!(Game::restore(s, &log).unwrap(), g);
}

/// Issue 31, item 3: a forfeit is declared before a move was made, distinct from the
/// arbiter's result of a played game.
#[test]
fn a_forfeit_is_declared_only_for_a_game_without_a_move() {
    for (result, ok) in [
        (GameResult::WhiteWins, true),
        (GameResult::BlackWins, true),
        (GameResult::DoubleForfeit, true),
        (GameResult::Draw, false),
    ] {
        let mut g = Game::new(setup(false));
        if !ok {
            assert_eq!(
                g.decide(Seat::Arbiter, Command::Forfeit(result), 1_000),
                Err(Refusal::InvalidResult)
            );
            continue;
        }
        assert_eq!(
            g.decide(Seat::White, Command::Forfeit(result), 1_000),
            Err(Refusal::Forbidden)
        );
        let events = run(&mut g, Seat::Arbiter, Command::Forfeit(result), 1_000);
        let ending = Ending {
            result,
            reason: EndReason::Forfeit,
        };
        assert_eq!(g.status(), Status::Over(ending));
        assert_eq!(
            events[0].event,
            Event::Ended {
                ending,
                by: Some(Seat::Arbiter)
            }
        );
    }
    // A game with a move was played: no forfeit, nothing changed.
    let mut g = Game::new(setup(false));
    play(&mut g, Seat::White, "e2e4", 1_000);
    let before = g.clone();
    assert_eq!(
        g.decide(
            Seat::Arbiter,
            Command::Forfeit(GameResult::WhiteWins),
            2_000
        ),
        Err(Refusal::GameHasMoves)
    );
    assert_eq!(g, before);
    // `0-0` ends a game only as a forfeit.
    assert_eq!(
        g.decide(
            Seat::Arbiter,
            Command::End(GameResult::DoubleForfeit),
            2_000
        ),
        Err(Refusal::InvalidResult)
    );
}

/// Issue 31, item 2: the arbiter corrects a declared result after the end, with his reason;
/// a game still in play is refused and nothing changes.
#[test]
fn the_arbiter_corrects_the_result_after_the_end() {
    let mut g = Game::new(setup(true));
    let mut log = Vec::new();
    log.extend(play(&mut g, Seat::White, "e2e4", 1_000));
    let before = g.clone();
    assert_eq!(
        g.decide_correction(Seat::Arbiter, GameResult::BlackWins, false, "appeal", 2_000),
        Err(Refusal::GameNotOver)
    );
    assert_eq!(g, before);
    log.extend(run(
        &mut g,
        Seat::Arbiter,
        Command::End(GameResult::WhiteWins),
        3_000,
    ));
    // Only the arbiter corrects; the same result is no correction; a played game is no
    // forfeit.
    assert_eq!(
        g.decide_correction(Seat::White, GameResult::WhiteWins, false, "x", 4_000),
        Err(Refusal::Forbidden)
    );
    assert_eq!(
        g.decide_correction(Seat::Arbiter, GameResult::WhiteWins, false, "x", 4_000),
        Err(Refusal::ResultUnchanged)
    );
    assert_eq!(
        g.decide_correction(Seat::Arbiter, GameResult::BlackWins, true, "x", 4_000),
        Err(Refusal::GameHasMoves)
    );
    let corrected = g
        .decide_correction(
            Seat::Arbiter,
            GameResult::BlackWins,
            false,
            " the wrong colour was declared ",
            5_000,
        )
        .unwrap();
    let ending = Ending {
        result: GameResult::BlackWins,
        reason: EndReason::Arbiter,
    };
    assert_eq!(
        corrected[0].event,
        Event::ResultCorrected {
            by: Seat::Arbiter,
            ending,
            reason: "the wrong colour was declared".to_owned()
        }
    );
    for e in &corrected {
        g.apply(e).unwrap();
    }
    log.extend(corrected);
    assert_eq!(g.status(), Status::Over(ending));
    assert_eq!(Game::restore(setup(true), &log).unwrap(), g);
    // A forfeit declared for the wrong side becomes the other side's forfeit.
    let mut f = Game::new(setup(false));
    run(
        &mut f,
        Seat::Arbiter,
        Command::Forfeit(GameResult::WhiteWins),
        1_000,
    );
    for e in f
        .decide_correction(Seat::Arbiter, GameResult::BlackWins, true, "colour", 2_000)
        .unwrap()
    {
        f.apply(&e).unwrap();
    }
    assert_eq!(
        f.status(),
        Status::Over(Ending {
            result: GameResult::BlackWins,
            reason: EndReason::Forfeit
        })
    );
}

/// Issue 33: an electronic board's raw readings are recorded as the player sent them, at the
/// server's time less their age, seen by the arbiter only; no other seat sends them, nor in a
/// digital game, nor after the end; they change nothing.
#[test]
fn a_boards_raw_readings_are_the_players_own_and_the_arbiters_to_see() {
    let mut g = Game::new(physical(Edition::Fide2023));
    let pawn = shakmaty::Piece::from_char('p').unwrap();
    let readings = [
        (250, sq("a7"), SquareReading::Empty),
        (190, sq("a7"), SquareReading::Piece(pawn)),
    ];
    let before = g.clone();
    let events = g
        .decide_sensed(Seat::Black, Color::Black, &readings, 10_000)
        .expect("Black's own board");
    assert_eq!(events.len(), 1);
    let Event::BoardSensed {
        by,
        board,
        readings: kept,
    } = &events[0].event
    else {
        panic!("{events:?}");
    };
    assert_eq!((*by, *board), (Seat::Black, Color::Black));
    assert_eq!(
        kept,
        &[
            SensorReading {
                at_ms: 9_750,
                square: sq("a7"),
                found: SquareReading::Empty
            },
            SensorReading {
                at_ms: 9_810,
                square: sq("a7"),
                found: SquareReading::Piece(pawn)
            },
        ]
    );
    let e = &events[0].event;
    assert!(e.visible_to(Seat::Arbiter));
    for seat in [
        Seat::White,
        Seat::Black,
        Seat::BlackAssistant,
        Seat::Spectator,
    ] {
        assert!(!e.visible_to(seat), "{seat:?}");
    }
    g.apply(&events[0]).expect("applies");
    assert_eq!(g.position(), before.position());
    assert_eq!(g.board(Color::Black), before.board(Color::Black));
    // Not the opponent's board, not an assistant's or the arbiter's, not too many.
    let refused = |g: &Game, seat, board| g.decide_sensed(seat, board, &readings, 11_000);
    assert_eq!(
        refused(&g, Seat::White, Color::Black),
        Err(Refusal::NotYourBoard)
    );
    assert_eq!(
        refused(&g, Seat::BlackAssistant, Color::Black),
        Err(Refusal::Forbidden)
    );
    assert_eq!(
        refused(&g, Seat::Arbiter, Color::Black),
        Err(Refusal::Forbidden)
    );
    let many = vec![readings[0]; MAX_READINGS + 1];
    assert_eq!(
        g.decide_sensed(Seat::Black, Color::Black, &many, 11_000),
        Err(Refusal::Forbidden)
    );
    // A digital game keeps no boards.
    let digital = Game::new(setup(false));
    assert_eq!(
        digital.decide_sensed(Seat::White, Color::White, &readings, 1_000),
        Err(Refusal::NotPhysical)
    );
}

/// The load bench's long games: in a locked endgame the dead-position walk (7-8 ms of CPU
/// here when it does not end) ran at every move. A structure found alive is walked once; the
/// moves that keep it are not walked again.
#[test]
fn a_locked_structure_found_alive_is_not_walked_again_at_every_move() {
    // Locked pawns, a rook: the walk does not end within its limit, so the game is alive.
    let mut g = Game::new(from_fen(
        "8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/5R2 w - - 0 1",
        TimeControl::fischer(60_000, 0),
        FlagRule::Automatic,
    ));
    let walks = || claims::WALKS.with(|w| w.get());
    let at_start = walks();
    play(&mut g, Seat::White, "f1f2", 1_000);
    // Deciding the move walked its position, applying it remembered the structure.
    assert_eq!(walks() - at_start, 2);
    for (i, uci) in ["b6b7", "e2d2", "b7c7", "d2e2", "c7b7", "e2d2", "b7b6"]
        .iter()
        .enumerate()
    {
        let seat = if i % 2 == 0 { Seat::Black } else { Seat::White };
        play(&mut g, seat, uci, 2_000 + 1_000 * i as u64);
    }
    assert_eq!(walks() - at_start, 2, "no walk for the moves that kept it");
    assert_eq!(g.status(), Status::Playing);
    assert!(!is_dead(g.position()), "the walk's own verdict: alive");
}
