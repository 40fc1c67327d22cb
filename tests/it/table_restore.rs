//! Restore equals live: seeded random sessions of commands from every seat at the table —
//! moves, announcements and repetitions in de/tr/en, physical board events, touch reports and
//! rulings, the made-move gate and clock presses, slips corrected, claims, draw offers,
//! resignations, flags, illegal moves (7.4), take-backs, scoresheets written, struck and
//! corrected, diverging boards and both D.2.9 branches, the override, adjournment and sealing,
//! and every kind of action after the end.
//!
//! After each accepted command its events go through the store (SQLite, the real record
//! format) and the table rebuilt from the stored events must equal the live one; every
//! decided event must apply. `HAMLE_TABLE_SESSIONS=N` runs more sessions than the default.

use std::sync::Arc;

use hamle::announce::{Lang, Style};
use hamle::game::{
    BoardKind, BoardOp, ClaimKind, Command, Edition, FlagRule, GameResult, Player, Procedure,
    Profile, Recorded, Seat, Setup, Status, TimeControl,
};
use hamle::scoresheet::Slot;
use hamle::scoresheet::desk::{DeskCommand, FixEdit};
use hamle::store::{GameId, NewGame, SqliteStore, Store, Summary};
use hamle::table::{MoveNames, Order, Table};
use hamle::words::speaker::Speaker;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{ByColor, Chess, Color, Move, Position, Role, Square};

struct Words;

impl MoveNames for Words {
    fn short(&self, lang: Lang, pos: &Chess, m: Move) -> String {
        Speaker::new(lang).say_move(pos, m, Style::Short)
    }
}

const DEFAULT_SESSIONS: usize = 10_000;
const STEPS: usize = 28;

fn setup(rng: &mut StdRng) -> Setup {
    let physical = rng.random_bool(0.6);
    let player = |name: &str, vi: bool, assistant: bool| Player {
        name: name.into(),
        visually_impaired: vi,
        board: if vi && physical {
            BoardKind::Tactile
        } else {
            BoardKind::Normal
        },
        assistant,
        computer: None,
    };
    let white_vi = rng.random_bool(0.7);
    let black_vi = !white_vi && rng.random_bool(0.3);
    let edition = if rng.random_bool(0.5) {
        Edition::Fide2023
    } else {
        Edition::Seed
    };
    let flag = if rng.random_bool(0.5) {
        FlagRule::Automatic
    } else {
        FlagRule::Claim
    };
    let procedure = if physical {
        Procedure::Physical
    } else {
        Procedure::Digital
    };
    let langs = Lang::ALL;
    Setup {
        // Short clocks, so that flags fall within a session.
        time_control: TimeControl::fischer(rng.random_range(20..120) * 1000, 0),
        players: ByColor {
            white: player("Anna", white_vi, white_vi && rng.random_bool(0.6)),
            black: player("Berk", black_vi, rng.random_bool(0.3)),
        },
        languages: std::array::from_fn(|_| langs[rng.random_range(0..3)]),
        profile: Profile::new(edition, procedure, flag),
        event: Default::default(),
        start: Default::default(),
    }
}

fn any<T: Copy>(rng: &mut StdRng, items: &[T]) -> T {
    items[rng.random_range(0..items.len())]
}

fn square(rng: &mut StdRng) -> Square {
    Square::new(rng.random_range(0..64))
}

fn legal(pos: &Chess, rng: &mut StdRng) -> Option<Move> {
    let moves = pos.legal_moves();
    (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
}

fn said(lang: Lang, pos: &Chess, m: Move, rng: &mut StdRng) -> String {
    let style = if rng.random_bool(0.5) {
        Style::Short
    } else {
        Style::Full
    };
    Speaker::new(lang).say_move(pos, m, style)
}

/// One order of some seat, mostly plausible at this moment of the game, sometimes not.
fn order(table: &Table, rng: &mut StdRng) -> (Seat, Order) {
    let game = table.game();
    let setup = game.setup();
    let seats: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| setup.has_seat(*s))
        .collect();
    let turn = game.turn();
    let mover = Seat::player(turn);
    let seat = if rng.random_bool(0.55) {
        mover
    } else {
        any(rng, &seats)
    };
    let lang = any(rng, &Lang::ALL);
    let pos = game.position();
    let play = Order::Play;
    let pick = rng.random_range(0..100);
    let order = match pick {
        // The move, as UCI or words (in the physical procedure: its announcement).
        0..=17 => match legal(pos, rng) {
            Some(m) if rng.random_bool(0.5) => {
                Order::Uci(m.to_uci(shakmaty::CastlingMode::Standard).to_string())
            }
            Some(m) => Order::Announce {
                lang,
                text: said(lang, pos, m, rng),
            },
            None => Order::Uci("e2e4".into()),
        },
        18..=19 => Order::Announce {
            lang,
            text: any(
                rng,
                &["blabla", "Springer", "ich rücke zurecht", "j'adoube", ""],
            )
            .into(),
        },
        // The physical board: the announced move made, the opponent's move executed, or
        // anything at all.
        20..=39 => {
            let board = if rng.random_bool(0.7) { turn } else { !turn };
            let seat = if rng.random_bool(0.85) {
                Seat::player(board)
            } else {
                any(rng, &seats)
            };
            let op = match (game.ply().announced, game.previous()) {
                (Some((m, _)), _) if board == turn && rng.random_bool(0.6) => move_op(m),
                (_, Some((_, m))) if board != turn && rng.random_bool(0.6) => move_op(m),
                _ => match rng.random_range(0..5) {
                    0 => BoardOp::Lift(square(rng)),
                    1 => BoardOp::Place {
                        square: square(rng),
                        promotion: None,
                    },
                    2 => BoardOp::Remove(square(rng)),
                    3 => BoardOp::Touch(square(rng)),
                    _ => match legal(pos, rng) {
                        Some(m) if rng.random_bool(0.7) => move_op(m),
                        _ => BoardOp::Move {
                            from: square(rng),
                            to: square(rng),
                            promotion: None,
                        },
                    },
                },
            };
            return (seat, play(Command::Board { board, op }));
        }
        40..=47 => play(Command::PressClock),
        48..=51 => match game.repeat_position() {
            Some((p, m)) => {
                let m = if rng.random_bool(0.8) {
                    m
                } else {
                    legal(p, rng).unwrap_or(m)
                };
                let seat = if rng.random_bool(0.7) {
                    Seat::player(!turn)
                } else {
                    any(rng, &seats)
                };
                return (
                    seat,
                    Order::Repeat {
                        lang,
                        text: said(lang, p, m, rng),
                    },
                );
            }
            None => Order::Repeat {
                lang,
                text: "e4".into(),
            },
        },
        52 => play(Command::Adjust),
        53 => play(Command::Pause),
        54..=55 => play(Command::Resume),
        56 => play(Command::SetClock {
            color: any(rng, &Color::ALL),
            remaining_ms: rng.random_range(0..200) * 1000,
        }),
        57 => play(Command::End(any(
            rng,
            &[
                GameResult::WhiteWins,
                GameResult::BlackWins,
                GameResult::Draw,
            ],
        ))),
        58 => play(Command::Resign),
        59..=60 => play(Command::OfferDraw),
        61 => play(Command::AcceptDraw),
        62 => play(Command::DeclineDraw),
        63..=64 => Order::ClaimDraw {
            kind: any(rng, &[ClaimKind::Repetition, ClaimKind::FiftyMoves]),
            uci: legal(pos, rng)
                .filter(|_| rng.random_bool(0.5))
                .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
            text: None,
        },
        65 => play(Command::ClaimTime),
        66 => play(Command::ReportTouch(square(rng))),
        67 => play(Command::RuleTouch(rng.random_bool(0.5))),
        68 => play(Command::RestoreBoard(any(rng, &Color::ALL))),
        69..=70 => play(Command::TalkingClock),
        71 => play(Command::Warnings(rng.random_bool(0.7))),
        // The desk: sheets...
        72..=79 => {
            let side = seat.side().unwrap_or(turn);
            let slot = Slot {
                number: rng.random_range(1..=(game.moves().len() as u32 / 2 + 2)),
                color: any(rng, &Color::ALL),
            };
            let text = match legal(pos, rng) {
                Some(m) if rng.random_bool(0.7) => {
                    said(setup.language(Seat::player(side)), pos, m, rng)
                }
                _ => any(rng, &["Sf3", "e4", "Bauer Eva vier", "x"]).into(),
            };
            Order::Desk(match rng.random_range(0..6) {
                0..=3 => DeskCommand::Write {
                    slot,
                    text,
                    draw_offer: rng.random_bool(0.1),
                    audio: None,
                },
                4 => DeskCommand::Strike { slot },
                _ => DeskCommand::AutoRecord(rng.random_bool(0.7)),
            })
        }
        // ...diverging boards, rulings and putting the boards right...
        80..=82 => Order::Desk(DeskCommand::CompareBoards),
        83..=84 => Order::Desk(DeskCommand::Rule {
            ply: rng
                .random_bool(0.4)
                .then(|| rng.random_range(0..=game.moves().len())),
            expect: rng
                .random_bool(0.3)
                .then(|| rng.random_range(0..=game.moves().len())),
        }),
        85 => Order::Desk(DeskCommand::UndoRuling),
        86..=90 => {
            let board = any(rng, &Color::ALL);
            let edit = if rng.random_bool(0.5) {
                FixEdit::Lift(square(rng))
            } else {
                FixEdit::Place(square(rng), None)
            };
            let seat = if rng.random_bool(0.5) {
                Seat::player(board)
            } else {
                Seat::Arbiter
            };
            return (seat, Order::Desk(DeskCommand::Fix { board, edit }));
        }
        // ...and the adjournment.
        91..=92 => Order::Desk(DeskCommand::CallAdjournment {
            resume_at_ms: rng.random_range(0..1_000_000),
        }),
        93..=95 => Order::Desk(DeskCommand::Seal(match legal(pos, rng) {
            Some(m) => said(setup.language(mover), pos, m, rng),
            None => "Eva vier".into(),
        })),
        96..=97 => Order::Desk(DeskCommand::StopClock),
        _ => Order::Desk(DeskCommand::OpenSealed),
    };
    // The arbiter's commands mostly from the arbiter.
    let seat = match &order {
        Order::Play(
            Command::Pause
            | Command::Resume
            | Command::SetClock { .. }
            | Command::End(_)
            | Command::RuleTouch(_)
            | Command::RestoreBoard(_),
        )
        | Order::Desk(
            DeskCommand::CompareBoards
            | DeskCommand::Rule { .. }
            | DeskCommand::UndoRuling
            | DeskCommand::CallAdjournment { .. }
            | DeskCommand::OpenSealed,
        ) if rng.random_bool(0.9) => Seat::Arbiter,
        Order::Play(Command::ReportTouch(_)) if rng.random_bool(0.8) => {
            Some(Seat::assistant(!turn))
                .filter(|s| setup.has_seat(*s))
                .unwrap_or(seat)
        }
        _ => seat,
    };
    (seat, order)
}

fn move_op(m: Move) -> BoardOp {
    let (from, to) = match m {
        Move::Castle { king, rook } => {
            let to = if rook.file() > king.file() {
                Square::from_coords(shakmaty::File::G, king.rank())
            } else {
                Square::from_coords(shakmaty::File::C, king.rank())
            };
            (king, to)
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    };
    BoardOp::Move {
        from,
        to,
        promotion: m.promotion().filter(|r| *r != Role::Pawn),
    }
}

/// The table's whole state, compared part by part (the position also by its FEN, so that
/// move counters count too).
fn same(a: &Table, b: &Table, now: u64) -> bool {
    let fen = |t: &Table| {
        shakmaty::fen::Fen::from_position(t.game().position(), shakmaty::EnPassantMode::Legal)
            .to_string()
    };
    a.game() == b.game()
        && a.desk() == b.desk()
        && a.game().clock(now) == b.game().clock(now)
        && fen(a) == fen(b)
}

#[test]
fn a_table_restored_from_the_store_equals_the_live_table() {
    let sessions = std::env::var("HAMLE_TABLE_SESSIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(DEFAULT_SESSIONS);
    let store = SqliteStore::in_memory().unwrap();
    let names: Arc<dyn MoveNames> = Arc::new(Words);
    let mut rng = StdRng::seed_from_u64(0x7ab1e);
    let (mut accepted, mut refused, mut ended, mut after_end) = (0u64, 0u64, 0u64, 0u64);
    let mut kinds = std::collections::BTreeSet::new();
    for session in 0..sessions {
        let setup = setup(&mut rng);
        let id = GameId::from_bytes((session as u64 + 1).to_be_bytes());
        store
            .create_game(&NewGame {
                id: id.clone(),
                created_ms: 0,
                setup: setup.clone(),
                tokens: Vec::new(),
            })
            .unwrap();
        let mut live = Table::new(setup.clone(), Arc::clone(&names));
        let mut now: u64 = 1_000;
        for step in 0..STEPS {
            now += if rng.random_bool(0.05) {
                rng.random_range(10_000..150_000)
            } else {
                rng.random_range(0..8_000)
            };
            // A flag due by now falls first, as the server does before every action.
            let mut events: Vec<Recorded> = live.timer_event(now).into_iter().collect();
            let over_before = live.is_over();
            let (seat, order) = order(&live, &mut rng);
            let before = live.clone();
            if events.is_empty() {
                match live.decide(seat, order.clone(), now) {
                    Ok(decided) => events = decided,
                    Err(_) => {
                        refused += 1;
                        // A refusal changes nothing.
                        assert!(same(&live, &before, now));
                        continue;
                    }
                }
            }
            if over_before {
                after_end += 1;
            }
            for e in &events {
                if let Err(err) = live.apply(e) {
                    panic!(
                        "session {session} step {step}: {seat:?} {order:?}: decided event {e:?} does not apply: {err}"
                    );
                }
                kinds.insert(
                    format!("{:?}", e.event)
                        .split([' ', '{', '('])
                        .next()
                        .unwrap()
                        .to_owned(),
                );
            }
            accepted += 1;
            let summary = Summary::of(live.game());
            store.append(&id, &events, &summary).unwrap();
            let stored = store.load_game(&id).unwrap().unwrap();
            assert!(
                stored.damage.is_none(),
                "session {session}: {:?}",
                stored.damage
            );
            let restored = Table::restore(setup.clone(), Arc::clone(&names), &stored.events)
                .unwrap_or_else(|e| {
                    panic!("session {session} step {step}: restore fails: {}", e.1)
                });
            assert!(
                same(&restored, &live, now),
                "session {session} step {step}: {seat:?} {order:?} -> {events:?}\nlive {live:?}\nrestored {restored:?}"
            );
            if matches!(live.game().status(), Status::Over(_)) && !over_before {
                ended += 1;
            }
        }
    }
    eprintln!(
        "{sessions} sessions: {accepted} accepted, {refused} refused, {ended} ended, {after_end} after the end; event kinds: {kinds:?}"
    );
    // The sessions reach what they are meant to exercise.
    assert!(ended as usize > sessions / 4, "{ended} games ended");
    assert!(
        after_end as usize > sessions / 20,
        "{after_end} actions after the end"
    );
    for kind in [
        "Moved",
        "Announced",
        "Repeated",
        "Board",
        "IllegalMove",
        "TouchReported",
        "TouchRuled",
        "DrawOffered",
        "DrawClaimed",
        "FlagFell",
        "ClockTold",
        "SheetWritten",
        "SheetStruck",
        "BoardsDiverged",
        "Ruled",
        "BoardFixed",
        "AdjournmentCalled",
        "MoveSealed",
        "Adjourned",
        "SealOpened",
        "Ended",
        "Paused",
        "Resumed",
        "ClockSet",
    ] {
        if sessions >= DEFAULT_SESSIONS {
            assert!(kinds.contains(kind), "no {kind} event in {kinds:?}");
        }
    }
}
