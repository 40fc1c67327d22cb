use shakmaty::ByColor;

use super::*;
use crate::announce::Lang;

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
    };
    Setup {
        time_control: TimeControl::fischer(60_000, 1_000),
        players: ByColor {
            white: player("Anna", true),
            black: player("Berk", false),
        },
        languages: [Lang::De, Lang::Tr, Lang::De, Lang::Tr, Lang::En, Lang::De],
        profile: Default::default(),
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
