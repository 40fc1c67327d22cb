//! The table's own rules: what may follow the end, and restore equals live.

use std::sync::Arc;

use shakmaty::{ByColor, Chess, Move};

use super::*;
use crate::game::{BoardKind, Player, TimeControl};
use crate::scoresheet::Slot;

struct Uci;

impl MoveNames for Uci {
    fn short(&self, _: Lang, pos: &Chess, m: Move) -> String {
        let _ = pos;
        m.to_uci(shakmaty::CastlingMode::Standard).to_string()
    }
}

fn setup() -> Setup {
    let player = |name: &str, vi: bool| Player {
        name: name.into(),
        visually_impaired: vi,
        board: BoardKind::Normal,
        assistant: false,
        computer: None,
    };
    Setup {
        time_control: TimeControl::fischer(300_000, 0),
        players: ByColor {
            white: player("A", true),
            black: player("B", false),
        },
        languages: [Lang::De; 6],
        profile: Default::default(),
        event: Default::default(),
        start: Default::default(),
    }
}

fn step(table: &mut Table, seat: Seat, order: Order, now: u64) -> Vec<Recorded> {
    let events = table.decide(seat, order, now).expect("accepted");
    for e in &events {
        table.apply(e).expect("a decided event applies");
    }
    events
}

#[test]
fn after_mate_the_sheet_and_the_talking_clock_apply_and_play_is_refused() {
    let mut table = Table::new(setup(), Arc::new(Uci));
    let mut log = Vec::new();
    for (i, uci) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let seat = if i % 2 == 0 { Seat::White } else { Seat::Black };
        log.extend(step(
            &mut table,
            seat,
            Order::Uci((*uci).into()),
            1000 * i as u64,
        ));
    }
    assert!(table.is_over());
    let write = Order::Desk(DeskCommand::Write {
        slot: Slot {
            number: 1,
            color: shakmaty::Color::White,
        },
        text: "f3".into(),
        draw_offer: false,
        audio: None,
    });
    log.extend(step(&mut table, Seat::White, write, 9_000));
    log.extend(step(
        &mut table,
        Seat::White,
        Order::Play(Command::TalkingClock),
        9_500,
    ));
    for (seat, order) in [
        (Seat::White, Order::Uci("e2e4".into())),
        (Seat::Black, Order::Play(Command::Resign)),
        (Seat::Arbiter, Order::Play(Command::Pause)),
        (Seat::White, Order::Play(Command::Warnings(true))),
    ] {
        let refused = table.decide(seat, order, 10_000).unwrap_err();
        assert_eq!(refused.code(), "game_over");
    }
    let restored = Table::restore(setup(), Arc::new(Uci), &log).unwrap();
    assert_eq!(restored.seq(), table.seq());
    assert_eq!(restored.desk(), table.desk());
    let slot = Slot {
        number: 1,
        color: shakmaty::Color::White,
    };
    assert!(
        restored
            .desk()
            .sheet(shakmaty::Color::White)
            .entry(slot)
            .is_some()
    );
}

/// A physical game: White visually impaired on a tactile board, Black sighted on a normal one.
fn physical() -> Setup {
    let mut s = setup();
    s.players.white.board = BoardKind::Tactile;
    s.profile.procedure = crate::game::Procedure::Physical;
    s
}

fn board(table: &mut Table, color: shakmaty::Color, op: BoardOp, now: u64) -> Vec<Recorded> {
    step(
        table,
        Seat::player(color),
        Order::Play(Command::Board { board: color, op }),
        now,
    )
}

fn place(square: shakmaty::Square) -> BoardOp {
    BoardOp::Place {
        square,
        promotion: None,
    }
}

fn normal_move(from: shakmaty::Square, to: shakmaty::Square) -> BoardOp {
    BoardOp::Move {
        from,
        to,
        promotion: None,
    }
}

fn diverged(events: &[Recorded]) -> bool {
    events
        .iter()
        .any(|e| matches!(e.event, crate::game::Event::BoardsDiverged { .. }))
}

/// 1. e4 e5 by the physical procedure, Black's move not yet made on White's tactile board.
fn after_e4_e5() -> Table {
    use shakmaty::Color::{Black, White};
    use shakmaty::Square as S;
    let mut table = Table::new(physical(), Arc::new(Uci));
    board(&mut table, White, BoardOp::Lift(S::E2), 100);
    board(&mut table, White, place(S::E4), 200);
    step(&mut table, Seat::White, Order::Uci("e2e4".into()), 300);
    step(
        &mut table,
        Seat::White,
        Order::Play(Command::PressClock),
        400,
    );
    board(&mut table, Black, normal_move(S::E2, S::E4), 500);
    board(&mut table, Black, normal_move(S::E7, S::E5), 600);
    step(&mut table, Seat::Black, Order::Uci("e7e5".into()), 700);
    step(
        &mut table,
        Seat::Black,
        Order::Play(Command::PressClock),
        800,
    );
    assert_eq!(table.game().moves().len(), 2);
    table
}

/// Issue 15: announcing (and even beginning) his own move before making the opponent's on
/// his tactile board stops nothing; he is told which move to make first, and the game goes on
/// once his board is right, without the arbiter.
#[test]
fn a_board_behind_the_game_is_put_right_by_the_player_himself() {
    use shakmaty::Color::White;
    use shakmaty::Square as S;
    let mut table = after_e4_e5();
    let e7e5 = |t: &Table| t.game().previous().unwrap().1;
    // "stand" right after the opponent's move: his board lacks 1... e5.
    assert_eq!(
        table.game().progress(),
        Some(crate::game::Progress::Behind(e7e5(&table)))
    );
    let got = step(
        &mut table,
        Seat::White,
        Order::Announce {
            lang: Lang::De,
            text: "Springer Felix drei".into(),
        },
        1_000,
    );
    assert!(!diverged(&got), "{got:?}");
    assert_eq!(table.game().behind(), Some(e7e5(&table)));
    // He begins his own move on his board before making Black's: still his to settle.
    assert!(!diverged(&board(
        &mut table,
        White,
        BoardOp::Lift(S::G1),
        1_100
    )));
    assert!(!diverged(&board(&mut table, White, place(S::F3), 1_200)));
    assert_eq!(table.game().status(), Status::Playing);
    // The clock cannot be pressed yet, and the refusal says why.
    let refused = table
        .decide(Seat::White, Order::Play(Command::PressClock), 1_300)
        .unwrap_err();
    assert!(
        matches!(&refused, TableRefusal::Play { refusal: Refusal::NotMade(m), .. } if m.behind),
        "{refused:?}"
    );
    // He makes Black's move on his board: nothing lacks, the move is made, the clock pressed.
    board(&mut table, White, BoardOp::Lift(S::E7), 1_400);
    assert!(table.game().behind().is_some());
    board(&mut table, White, place(S::E5), 1_500);
    assert_eq!(table.game().behind(), None);
    let got = step(
        &mut table,
        Seat::White,
        Order::Play(Command::PressClock),
        1_600,
    );
    assert!(
        got.iter()
            .any(|e| matches!(e.event, crate::game::Event::Moved { .. })),
        "{got:?}"
    );
    assert_eq!(table.game().moves().len(), 3);
    assert!(table.desk().case().is_none());
}

/// D.2.9 still goes to the arbiter: Black's move made differently on White's board (e7-e6
/// for e7-e5), then White announces his own move.
#[test]
fn a_move_made_differently_on_his_board_still_goes_to_the_arbiter() {
    use shakmaty::Color::White;
    use shakmaty::Square as S;
    let mut table = after_e4_e5();
    board(&mut table, White, BoardOp::Lift(S::E7), 1_000);
    assert!(table.game().behind().is_some());
    board(&mut table, White, place(S::E6), 1_100);
    assert_eq!(table.game().behind(), None);
    let got = step(&mut table, Seat::White, Order::Uci("g1f3".into()), 1_200);
    assert!(diverged(&got), "{got:?}");
    assert!(table.desk().case().is_some());
}

fn words(text: &str) -> Order {
    Order::Announce {
        lang: Lang::De,
        text: text.into(),
    }
}

/// Issue 15: every refusal says the true reason. Words that are no move are "not
/// understood" on the opponent's turn too; by the physical procedure a move legal where his
/// own last move was played is a correction too late, any other move out of turn is not his
/// turn (by the digital procedure, every move out of turn is).
#[test]
fn a_refusal_out_of_turn_says_the_true_reason() {
    use shakmaty::Color::White;
    use shakmaty::Square as S;
    let code = |t: &Table, order: Order| t.decide(Seat::White, order, 5_000).unwrap_err().code();
    let mut digital = Table::new(setup(), Arc::new(Uci));
    step(&mut digital, Seat::White, Order::Uci("e2e4".into()), 0);
    assert_eq!(code(&digital, words("blabla")), "not_understood");
    assert_eq!(
        code(&digital, words("Springer Felix drei")),
        "not_your_turn"
    );
    assert_eq!(code(&digital, Order::Uci("g1f3".into())), "not_your_turn");
    assert_eq!(code(&digital, Order::Uci("nonsense".into())), "bad_uci");

    let mut tactile = Table::new(physical(), Arc::new(Uci));
    board(&mut tactile, White, BoardOp::Lift(S::E2), 100);
    board(&mut tactile, White, place(S::E4), 200);
    step(&mut tactile, Seat::White, Order::Uci("e2e4".into()), 300);
    step(
        &mut tactile,
        Seat::White,
        Order::Play(Command::PressClock),
        400,
    );
    assert_eq!(code(&tactile, words("blabla")), "not_understood");
    // Legal where 1. e4 was played: a correction, too late.
    assert_eq!(
        code(&tactile, words("Springer Felix drei")),
        "too_late_to_correct"
    );
    assert_eq!(
        code(&tactile, Order::Uci("d2d4".into())),
        "too_late_to_correct"
    );
    // Not legal there (the bishop was shut in): a move out of turn.
    assert_eq!(code(&tactile, words("Läufer Cäsar vier")), "not_your_turn");
    assert_eq!(code(&tactile, Order::Uci("f1c4".into())), "not_your_turn");
    // Black's first move out of turn before any move: not his turn, whatever the words.
    let fresh = Table::new(physical(), Arc::new(Uci));
    let refused = fresh
        .decide(Seat::Black, words("Springer Felix sechs"), 0)
        .unwrap_err();
    assert_eq!(refused.code(), "not_your_turn");
}

/// Issue 15: opting in to time warnings after a threshold was passed does not fire that
/// warning late (back-dated, with a stale time); the next threshold still comes on time.
#[test]
fn a_warning_opted_into_late_is_never_stale() {
    let mut s = setup();
    s.time_control = TimeControl::fischer(600_000, 0);
    let mut table = Table::new(s, Arc::new(Uci));
    step(&mut table, Seat::White, Order::Uci("e2e4".into()), 0);
    step(&mut table, Seat::Black, Order::Uci("e7e5".into()), 1_000);
    // White's clock runs from 1 s; 5 minutes left at 301 s. He opts in at 302 s.
    step(
        &mut table,
        Seat::White,
        Order::Play(Command::Warnings(true)),
        302_000,
    );
    assert_eq!(table.timer_event(302_000), None);
    assert_eq!(table.timer_event(540_999), None);
    let warning = table.timer_event(541_000).expect("the one-minute warning");
    assert_eq!(warning.at_ms, 541_000);
    assert!(
        matches!(
            warning.event,
            crate::game::Event::ClockWarning {
                remaining_ms: 60_000,
                ..
            }
        ),
        "{warning:?}"
    );
}
