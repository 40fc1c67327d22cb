//! The stored format, pinned: one sample of every record shape (every setup field, every
//! event kind, every optional field present and absent, every stable name a record holds),
//! written as this code writes it and compared with the snapshot of the current schema,
//! `tests/data/store/records-v<N>.json`. A change of the format fails here, with what to do:
//! a database written before must still read, so the change needs a migration (a new schema
//! version) and a snapshot of its own. Every older snapshot must still read back, through the
//! migrations, to the same domain values.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, Piece, Role, Square};

use super::migrations::SCHEMA_VERSION;
use super::record::{event_to_json, setup_to_json};
use crate::announce::Lang;
use crate::game::{
    BoardKind, BoardOp, BranchKind, ClaimKind, ClockReading, Edition, EndReason, Ending, Event,
    EventInfo, FlagRule, GameResult, Period, Player, Procedure, Profile, Seat, SensorReading,
    Setup, SquareReading, StartPosition, TimeControl,
};

/// The snapshot of one schema: the records as that schema's code wrote them.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub(super) struct Snapshot {
    pub schema: i64,
    pub setups: Vec<Sample>,
    pub events: Vec<Sample>,
}

#[derive(Debug, Serialize, Deserialize, PartialEq, Clone)]
pub(super) struct Sample {
    pub name: String,
    /// The `games.setup` or `events.data` column, byte for byte.
    pub record: String,
}

pub(super) fn snapshot_path(schema: i64) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/store/records-v{schema}.json"))
}

/// Every committed snapshot, oldest first.
pub(super) fn committed() -> Vec<Snapshot> {
    (1..=SCHEMA_VERSION)
        .filter_map(|v| std::fs::read_to_string(snapshot_path(v)).ok())
        .map(|text| serde_json::from_str(&text).expect("a snapshot reads"))
        .collect()
}

const CLOCK: ClockReading = ClockReading {
    white_ms: 5_399_000,
    black_ms: 5_400_000,
    running: Some(Color::Black),
};

pub(super) fn clock_of(name: &str) -> ClockReading {
    match name {
        n if n.ends_with("clock_stopped") => ClockReading {
            running: None,
            ..CLOCK
        },
        n if n.ends_with("white_runs") => ClockReading {
            running: Some(Color::White),
            ..CLOCK
        },
        _ => CLOCK,
    }
}

fn player(name: &str, visually_impaired: bool, board: BoardKind, assistant: bool) -> Player {
    Player {
        name: name.into(),
        visually_impaired,
        board,
        assistant,
        computer: None,
    }
}

/// The setups: the plainest, and one with every field set.
pub(super) fn setups() -> Vec<(String, Setup)> {
    let plain = Setup {
        time_control: TimeControl::fischer(900_000, 10_000),
        players: ByColor {
            white: player("", false, BoardKind::Normal, false),
            black: player("", false, BoardKind::Normal, false),
        },
        languages: [Lang::De; 6],
        profile: Profile::default(),
        event: EventInfo::default(),
        start: StartPosition::initial(),
    };
    let period = |moves, base_ms, increment_ms, delay_ms| Period {
        moves,
        base_ms,
        increment_ms,
        delay_ms,
    };
    let mut later = [None; crate::game::MAX_PERIODS - 1];
    later[0] = Some(period(20, 3_600_000, 30_000, 0));
    later[1] = Some(period(0, 1_800_000, 0, 5_000));
    let full = Setup {
        time_control: TimeControl {
            base_ms: 5_400_000,
            increment_ms: 30_000,
            delay_ms: 2_000,
            moves: 40,
            later,
        },
        players: ByColor {
            white: player("Ayşe \"Ada\" Öz", true, BoardKind::Tactile, true),
            black: player("Jörg", false, BoardKind::Normal, true),
        },
        languages: [Lang::De, Lang::Tr, Lang::En, Lang::De, Lang::Tr, Lang::En],
        profile: Profile::new(Edition::Seed, Procedure::Physical, FlagRule::Claim),
        event: EventInfo {
            name: "Open Hamle".into(),
            site: "Hamburg".into(),
            round: "3.1".into(),
            ..Default::default()
        },
        start: StartPosition::from_fen("7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40").unwrap(),
    };
    let mut fide = plain.clone();
    fide.profile = Profile::new(Edition::Fide2023, Procedure::Digital, FlagRule::Automatic);
    // Issue 18's choices, every one away from its default (schema 5).
    let mut choices = plain.clone();
    choices.profile.wait_for_start = true;
    choices.profile.default_time_ms = 900_000;
    choices.profile.vi_illegal = crate::game::ViIllegal::Counts;
    choices.profile.after_fix = crate::game::AfterFix::Resume;
    choices.profile.touch_stops_clock = false;
    // A game against the computer (schema 7).
    let mut computer = plain.clone();
    computer.players.black.computer = Some(8);
    // A round's game: its board and the players' FIDE ids (schema 9).
    let mut round = plain.clone();
    round.event.board = Some(4);
    round.event.fide_ids = ByColor {
        white: Some("4600007".into()),
        black: None,
    };
    vec![
        ("arbiter_choices".into(), choices),
        ("round_board".into(), round),
        ("computer_black".into(), computer),
        ("plain".into(), plain),
        ("every_field".into(), full),
        ("fide_2023_digital_automatic".into(), fide),
    ]
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn uci(s: &str) -> UciMove {
    s.parse().unwrap()
}

/// The record kind of an event: a new kind of event does not compile here until it has a
/// name, and [`events`] must then hold a sample of it.
pub(super) fn kind(e: &Event) -> &'static str {
    match e {
        Event::Moved { .. } => "moved",
        Event::Paused { .. } => "paused",
        Event::Resumed { .. } => "resumed",
        Event::ClockSet { .. } => "clock_set",
        Event::Ended { .. } => "ended",
        Event::Board { .. } => "board",
        Event::BoardSensed { .. } => "board_sensed",
        Event::Adjusting { .. } => "adjusting",
        Event::Announced { .. } => "announced",
        Event::Repeated { .. } => "repeated",
        Event::IllegalMove { .. } => "illegal_move",
        Event::TouchReported { .. } => "touch_reported",
        Event::TouchRuled { .. } => "touch_ruled",
        Event::TouchReleased { .. } => "touch_released",
        Event::Noted { .. } => "noted",
        Event::ResultCorrected { .. } => "result_corrected",
        Event::BoardRestored { .. } => "board_restored",
        Event::DrawOffered { .. } => "draw_offered",
        Event::DrawDeclined { .. } => "draw_declined",
        Event::DrawOfferLapsed => "draw_offer_lapsed",
        Event::DrawClaimed { .. } => "draw_claimed",
        Event::FlagFell { .. } => "flag_fell",
        Event::ClockTold { .. } => "clock_told",
        Event::ClockWarnings { .. } => "clock_warnings",
        Event::ClockWarning { .. } => "clock_warning",
        Event::SheetWritten { .. } => "sheet_written",
        Event::SheetStruck { .. } => "sheet_struck",
        Event::SheetAutoRecord { .. } => "sheet_auto_record",
        Event::BoardsDiverged { .. } => "boards_diverged",
        Event::Ruled { .. } => "ruled",
        Event::BoardFixed { .. } => "board_fixed",
        Event::Reconciled => "reconciled",
        Event::AdjournmentCalled { .. } => "adjournment_called",
        Event::MoveSealed { .. } => "move_sealed",
        Event::Adjourned { .. } => "adjourned",
        Event::SealOpened { .. } => "seal_opened",
        Event::IllegalAnnounced { .. } => "illegal_announced",
        Event::Started { .. } => "started",
        Event::Arrived { .. } => "arrived",
        Event::DefaultTimeOver { .. } => "default_time_over",
        Event::TakenBack { .. } => "taken_back",
        Event::SeatLinkIssued { .. } => "seat_link_issued",
    }
}

/// One sample of every event shape, named `<kind>` or `<kind>_<variant>`.
pub(super) fn events() -> Vec<(String, Event)> {
    let mut out: Vec<(String, Event)> = Vec::new();
    let mut add = |name: &str, e: Event| out.push((name.to_owned(), e));
    // Every seat's stable name, and both colours.
    for seat in Seat::ALL {
        add(
            &format!("resumed_by_{}", seat.key()),
            Event::Resumed { by: seat },
        );
    }
    add(
        "moved",
        Event::Moved {
            by: Seat::WhiteAssistant,
            uci: uci("e2e4"),
        },
    );
    add(
        "moved_promotion_white_runs",
        Event::Moved {
            by: Seat::Black,
            uci: uci("a2a1q"),
        },
    );
    add(
        "moved_castling_clock_stopped",
        Event::Moved {
            by: Seat::White,
            uci: uci("e1g1"),
        },
    );
    add("paused_by_nobody", Event::Paused { by: None });
    add(
        "paused_by_the_arbiter",
        Event::Paused {
            by: Some(Seat::Arbiter),
        },
    );
    for color in Color::ALL {
        add(
            &format!("clock_set_{color}"),
            Event::ClockSet {
                by: Seat::Arbiter,
                color,
                remaining_ms: 60_000,
            },
        );
    }
    for result in [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::DoubleForfeit,
    ] {
        add(
            &format!("ended_{}", result.pgn().replace(['/', '-'], "_")),
            Event::Ended {
                ending: Ending {
                    result,
                    reason: EndReason::Agreement,
                },
                by: None,
            },
        );
    }
    for reason in EndReason::ALL {
        add(
            &format!("ended_by_{}", reason.key()),
            Event::Ended {
                ending: Ending {
                    result: GameResult::Draw,
                    reason,
                },
                by: Some(Seat::Arbiter),
            },
        );
    }
    let ops = [
        ("lift", BoardOp::Lift(sq("g1"))),
        ("remove", BoardOp::Remove(sq("d5"))),
        ("touch", BoardOp::Touch(sq("g8"))),
        (
            "place",
            BoardOp::Place {
                square: sq("f3"),
                promotion: None,
            },
        ),
        (
            "place_promotion",
            BoardOp::Place {
                square: sq("h8"),
                promotion: Some(Role::Knight),
            },
        ),
        (
            "move",
            BoardOp::Move {
                from: sq("e1"),
                to: sq("g1"),
                promotion: None,
            },
        ),
        (
            "move_promotion",
            BoardOp::Move {
                from: sq("b7"),
                to: sq("a8"),
                promotion: Some(Role::Queen),
            },
        ),
    ];
    for (name, op) in ops {
        add(
            &format!("board_{name}"),
            Event::Board {
                by: Seat::BlackAssistant,
                board: Color::White,
                op,
            },
        );
    }
    for role in [Role::Queen, Role::Rook, Role::Bishop] {
        add(
            &format!("board_place_promotion_{}", role.char()),
            Event::Board {
                by: Seat::White,
                board: Color::Black,
                op: BoardOp::Place {
                    square: sq("a1"),
                    promotion: Some(role),
                },
            },
        );
    }
    add(
        "board_sensed",
        Event::BoardSensed {
            by: Seat::Black,
            board: Color::Black,
            readings: vec![
                SensorReading {
                    at_ms: 1_733_500_000_123,
                    square: sq("g8"),
                    found: SquareReading::Empty,
                },
                SensorReading {
                    at_ms: 1_733_500_000_190,
                    square: sq("f6"),
                    found: SquareReading::Piece(Piece::from_char('n').unwrap()),
                },
                SensorReading {
                    at_ms: 1_733_500_000_250,
                    square: sq("h6"),
                    found: SquareReading::Occupied,
                },
            ],
        },
    );
    add("adjusting", Event::Adjusting { by: Seat::White });
    add(
        "announced",
        Event::Announced {
            by: Seat::WhiteAssistant,
            uci: uci("g1f3"),
            correction: true,
        },
    );
    add(
        "repeated",
        Event::Repeated {
            by: Seat::Black,
            uci: uci("d2d4"),
            matches: false,
        },
    );
    add(
        "illegal_move",
        Event::IllegalMove {
            by: Seat::Black,
            color: Color::Black,
            from: sq("g8"),
            to: sq("g6"),
            count: 2,
            penalty_ms: 120_000,
        },
    );
    add(
        "touch_reported",
        Event::TouchReported {
            by: Seat::WhiteAssistant,
            color: Color::Black,
            square: sq("g8"),
        },
    );
    add(
        "touch_ruled",
        Event::TouchRuled {
            by: Seat::Arbiter,
            upheld: true,
        },
    );
    add(
        "touch_released",
        Event::TouchReleased {
            by: Seat::Arbiter,
            color: Color::White,
        },
    );
    add(
        "noted",
        Event::Noted {
            by: Seat::Arbiter,
            text: "The pawn was knocked by his sleeve.".to_owned(),
        },
    );
    add(
        "result_corrected",
        Event::ResultCorrected {
            by: Seat::Arbiter,
            ending: Ending {
                result: GameResult::BlackWins,
                reason: EndReason::Forfeit,
            },
            reason: "The wrong colour was declared.".to_owned(),
        },
    );
    add(
        "board_restored",
        Event::BoardRestored {
            by: Seat::Arbiter,
            board: Color::Black,
        },
    );
    add("draw_offered", Event::DrawOffered { by: Seat::Black });
    add("draw_declined", Event::DrawDeclined { by: Seat::White });
    add("draw_offer_lapsed", Event::DrawOfferLapsed);
    add(
        "draw_claimed_fifty_moves_with_move",
        Event::DrawClaimed {
            by: Seat::Black,
            kind: ClaimKind::FiftyMoves,
            uci: Some(uci("f6g8")),
            correct: false,
            bonus_ms: 180_000,
            taken_ms: 90_000,
        },
    );
    add(
        "draw_claimed_repetition",
        Event::DrawClaimed {
            by: Seat::WhiteAssistant,
            kind: ClaimKind::Repetition,
            uci: None,
            correct: true,
            bonus_ms: 0,
            taken_ms: 0,
        },
    );
    add(
        "flag_fell",
        Event::FlagFell {
            color: Color::White,
        },
    );
    add(
        "clock_told",
        Event::ClockTold {
            by: Seat::White,
            color: Color::White,
            white_moves: 3,
            black_moves: 2,
        },
    );
    add(
        "clock_warnings",
        Event::ClockWarnings {
            by: Seat::WhiteAssistant,
            color: Color::White,
            on: true,
        },
    );
    add(
        "clock_warning",
        Event::ClockWarning {
            color: Color::Black,
            remaining_ms: 60_000,
        },
    );
    add(
        "sheet_written_with_recording",
        Event::SheetWritten {
            by: Seat::WhiteAssistant,
            color: Color::White,
            ply: 3,
            text: "Springer Felix drei".into(),
            draw_offer: true,
            audio: Some("ab".repeat(32)),
            audio_mime: Some("audio/ogg".into()),
            auto: false,
        },
    );
    add(
        "sheet_written_auto",
        Event::SheetWritten {
            by: Seat::Black,
            color: Color::Black,
            ply: 0,
            text: "Piyon e dört \"x\" \\ ü".into(),
            draw_offer: false,
            audio: None,
            audio_mime: None,
            auto: true,
        },
    );
    add(
        "sheet_struck",
        Event::SheetStruck {
            by: Seat::Black,
            color: Color::Black,
            ply: 0,
        },
    );
    add(
        "sheet_auto_record",
        Event::SheetAutoRecord {
            by: Seat::White,
            color: Color::White,
            on: false,
        },
    );
    add("boards_diverged", Event::BoardsDiverged { by: None });
    add(
        "boards_diverged_by_the_arbiter",
        Event::BoardsDiverged {
            by: Some(Seat::Arbiter),
        },
    );
    for branch in BranchKind::ALL {
        add(
            &format!("ruled_{}", branch.key()),
            Event::Ruled {
                by: Seat::Arbiter,
                branch,
                ply: 4,
            },
        );
    }
    for piece in "PNBRQKpnbrqk".chars() {
        add(
            &format!(
                "board_fixed_{}_{piece}",
                Piece::from_char(piece).unwrap().color
            ),
            Event::BoardFixed {
                by: Seat::Black,
                board: Color::Black,
                square: sq("f3"),
                piece: Piece::from_char(piece),
            },
        );
    }
    add(
        "board_fixed_lift",
        Event::BoardFixed {
            by: Seat::Arbiter,
            board: Color::White,
            square: sq("h3"),
            piece: None,
        },
    );
    add("reconciled", Event::Reconciled);
    add(
        "adjournment_called",
        Event::AdjournmentCalled {
            by: Seat::Arbiter,
            resume_at_ms: 1_796_090_400_000,
        },
    );
    add(
        "move_sealed",
        Event::MoveSealed {
            by: Seat::WhiteAssistant,
            text: "Springer Cäsar drei".into(),
        },
    );
    add("adjourned", Event::Adjourned { by: Seat::White });
    add("seal_opened", Event::SealOpened { by: Seat::Arbiter });
    add(
        "illegal_announced",
        Event::IllegalAnnounced {
            by: Seat::WhiteAssistant,
            color: Color::White,
            uci: Some(uci("e2e5")),
            count: 1,
            penalty_ms: 120_000,
        },
    );
    add(
        "illegal_announced_in_words",
        Event::IllegalAnnounced {
            by: Seat::Black,
            color: Color::Black,
            uci: None,
            count: 2,
            penalty_ms: 60_000,
        },
    );
    add("started_white_runs", Event::Started { by: Seat::Arbiter });
    add(
        "seat_link_issued",
        Event::SeatLinkIssued {
            by: Seat::Arbiter,
            seat: Seat::BlackAssistant,
            hash: std::array::from_fn(|i| (i * 37 + 5) as u8),
        },
    );
    add(
        "taken_back_white_runs",
        Event::TakenBack {
            by: Seat::White,
            ply: 6,
        },
    );
    for color in Color::ALL {
        add(
            &format!("arrived_{color}"),
            Event::Arrived {
                by: if color.is_white() {
                    Seat::White
                } else {
                    Seat::BlackAssistant
                },
                color,
            },
        );
        add(
            &format!("default_time_over_{color}_clock_stopped"),
            Event::DefaultTimeOver { color },
        );
    }
    out
}

/// The records of the samples as this code writes them.
pub(super) fn written() -> Snapshot {
    Snapshot {
        schema: SCHEMA_VERSION,
        setups: setups()
            .into_iter()
            .map(|(name, s)| Sample {
                name,
                record: setup_to_json(&s),
            })
            .collect(),
        events: events()
            .into_iter()
            .map(|(name, e)| Sample {
                record: event_to_json(&e, &clock_of(&name)),
                name,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WRITE: &str = "HAMLE_STORE_SNAPSHOT";

    #[test]
    fn every_event_kind_has_a_sample() {
        let kinds: std::collections::BTreeSet<&str> =
            events().iter().map(|(_, e)| kind(e)).collect();
        // `kind` names every variant (it does not compile otherwise); each needs a sample.
        assert_eq!(
            kinds.len(),
            42,
            "a kind of event without a sample: {kinds:?}"
        );
        for (name, e) in events() {
            assert!(name.starts_with(kind(&e)), "{name} is a {}", kind(&e));
        }
    }

    #[test]
    fn the_stored_format_is_the_snapshot_of_its_schema() {
        let now = written();
        let path = snapshot_path(SCHEMA_VERSION);
        let Ok(text) = std::fs::read_to_string(&path) else {
            if std::env::var_os(WRITE).is_some() {
                let json = serde_json::to_string_pretty(&now).unwrap() + "\n";
                std::fs::write(&path, json).unwrap();
                return;
            }
            panic!(
                "no snapshot of schema {SCHEMA_VERSION} ({}): once the migration to it is \
                 written, record the format with `{WRITE}=write cargo test --lib store::snapshot` \
                 and commit the file",
                path.display()
            );
        };
        let pinned: Snapshot = serde_json::from_str(&text).unwrap();
        let differs = |what: &str, a: &[Sample], b: &[Sample]| -> Option<String> {
            for p in a {
                match b.iter().find(|n| n.name == p.name) {
                    None => return Some(format!("{what} sample {} is gone", p.name)),
                    Some(n) if n.record != p.record => {
                        return Some(format!(
                            "{what} {}:\n  stored by schema {SCHEMA_VERSION}: {}\n  written now:        {}",
                            p.name, p.record, n.record
                        ));
                    }
                    Some(_) => {}
                }
            }
            b.iter()
                .find(|n| !a.iter().any(|p| p.name == n.name))
                .map(|n| format!("{what} sample {} is new: {}", n.name, n.record))
        };
        let change = differs("setup", &pinned.setups, &now.setups)
            .or_else(|| differs("event", &pinned.events, &now.events));
        if let Some(change) = change {
            panic!(
                "The stored format changed, and databases written before would not read the \
                 same:\n{change}\n\nDo not edit {}. Add a migration to schema {} in \
                 src/store/migrations.rs that brings old records to the new shape (or, if every \
                 old record still reads as it did, an empty one that only marks the version), \
                 then record the new format with `{WRITE}=write cargo test --lib store::snapshot` \
                 (it writes records-v{}.json) and commit it. A new kind of record needs a new \
                 schema too: an older hamle must refuse such a database, not call its games \
                 damaged.",
                path.display(),
                SCHEMA_VERSION + 1,
                SCHEMA_VERSION + 1
            );
        }
    }

    /// Every committed snapshot, put in a database of its schema, reads back through the
    /// migrations and the store to the values it was written from.
    #[test]
    fn every_snapshot_reads_back_through_the_migrations() {
        use super::super::migrations::{migrate, migrate_to};
        use super::super::sqlite::load_all;
        let setups = setups();
        let events = events();
        let snapshots = committed();
        assert!(snapshots.iter().any(|s| s.schema == SCHEMA_VERSION));
        for snap in snapshots {
            let mut conn = rusqlite::Connection::open_in_memory().unwrap();
            migrate_to(
                &mut conn,
                crate::store::sqlite::summarise_every_game,
                snap.schema,
            )
            .unwrap();
            for (i, s) in snap.setups.iter().enumerate() {
                conn.execute(
                    "INSERT INTO games (id, created_ms, setup) VALUES (?1, ?2, ?3)",
                    rusqlite::params![format!("{i:016x}"), i as i64, s.record],
                )
                .unwrap();
            }
            for (seq, e) in snap.events.iter().enumerate() {
                conn.execute(
                    "INSERT INTO events (game_id, seq, at_ms, data) VALUES (?1, ?2, ?3, ?4)",
                    rusqlite::params![format!("{:016x}", 0), seq as i64 + 1, 7, e.record],
                )
                .unwrap();
            }
            migrate(&mut conn, crate::store::sqlite::summarise_every_game).unwrap();
            let games = load_all(&conn).unwrap();
            assert_eq!(games.len(), snap.setups.len(), "schema {}", snap.schema);
            for (game, s) in games.iter().zip(&snap.setups) {
                let (_, want) = setups
                    .iter()
                    .find(|(n, _)| *n == s.name)
                    .unwrap_or_else(|| panic!("setup sample {} is gone: keep it", s.name));
                assert_eq!(
                    &game.setup, want,
                    "schema {}: setup {}",
                    snap.schema, s.name
                );
            }
            assert!(games[0].damage.is_none(), "{:?}", games[0].damage);
            assert_eq!(games[0].events.len(), snap.events.len());
            for (got, s) in games[0].events.iter().zip(&snap.events) {
                let (_, want) = events
                    .iter()
                    .find(|(n, _)| *n == s.name)
                    .unwrap_or_else(|| panic!("event sample {} is gone: keep it", s.name));
                assert_eq!(
                    (&got.event, &got.clock),
                    (want, &clock_of(&s.name)),
                    "schema {}: event {}",
                    snap.schema,
                    s.name
                );
            }
        }
    }
}
