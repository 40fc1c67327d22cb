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
