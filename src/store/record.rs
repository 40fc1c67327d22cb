//! The stored shape of setups and events (JSON in SQLite columns), kept apart from the
//! domain types so the database format changes only on purpose.

use serde::{Deserialize, Serialize};
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color};

use super::StoreError;
use crate::announce::Lang;
use crate::game::{
    BoardKind, ClockReading, EndReason, Ending, Event, GameResult, Player, Seat, Setup, TimeControl,
};

#[derive(Serialize, Deserialize)]
struct PlayerRecord {
    name: String,
    visually_impaired: bool,
    board: String,
    assistant: bool,
}

#[derive(Serialize, Deserialize)]
struct SetupRecord {
    base_ms: u64,
    increment_ms: u64,
    white: PlayerRecord,
    black: PlayerRecord,
    /// Language codes in seat order.
    languages: Vec<String>,
}

fn corrupt(what: impl Into<String>) -> StoreError {
    StoreError::Corrupt(what.into())
}

fn player_record(p: &Player) -> PlayerRecord {
    PlayerRecord {
        name: p.name.clone(),
        visually_impaired: p.visually_impaired,
        board: p.board.key().to_owned(),
        assistant: p.assistant,
    }
}

fn player(r: PlayerRecord) -> Result<Player, StoreError> {
    Ok(Player {
        name: r.name,
        visually_impaired: r.visually_impaired,
        board: BoardKind::from_key(&r.board).ok_or_else(|| corrupt(r.board))?,
        assistant: r.assistant,
    })
}

pub fn setup_to_json(s: &Setup) -> String {
    let r = SetupRecord {
        base_ms: s.time_control.base_ms,
        increment_ms: s.time_control.increment_ms,
        white: player_record(&s.players.white),
        black: player_record(&s.players.black),
        languages: s.languages.iter().map(|l| l.code().to_owned()).collect(),
    };
    serde_json::to_string(&r).expect("setup serialises")
}

pub fn setup_from_json(text: &str) -> Result<Setup, StoreError> {
    let r: SetupRecord = serde_json::from_str(text).map_err(|e| corrupt(format!("setup: {e}")))?;
    let langs: Vec<Lang> = r
        .languages
        .iter()
        .map(|l| l.parse().map_err(|_| corrupt(format!("language {l}"))))
        .collect::<Result<_, _>>()?;
    let languages: [Lang; 6] = langs
        .try_into()
        .map_err(|_| corrupt("setup: expected six languages"))?;
    Ok(Setup {
        time_control: TimeControl {
            base_ms: r.base_ms,
            increment_ms: r.increment_ms,
        },
        players: ByColor {
            white: player(r.white)?,
            black: player(r.black)?,
        },
        languages,
    })
}

#[derive(Serialize, Deserialize)]
struct ClockRecord {
    white_ms: u64,
    black_ms: u64,
    running: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum EventRecord {
    Moved {
        by: String,
        uci: String,
    },
    Paused {
        by: Option<String>,
    },
    Resumed {
        by: String,
    },
    ClockSet {
        by: String,
        color: String,
        remaining_ms: u64,
    },
    Ended {
        result: String,
        reason: String,
        by: Option<String>,
    },
}

#[derive(Serialize, Deserialize)]
struct RecordedRecord {
    #[serde(flatten)]
    event: EventRecord,
    clock: ClockRecord,
}

fn color_key(c: Color) -> String {
    c.fold_wb("white", "black").to_owned()
}

fn color(s: &str) -> Result<Color, StoreError> {
    match s {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(corrupt(format!("colour {s}"))),
    }
}

fn seat(s: &str) -> Result<Seat, StoreError> {
    s.parse().map_err(|_| corrupt(format!("seat {s}")))
}

/// The `data` column of an event row (everything but the game, number and time).
pub fn event_to_json(event: &Event, clock: &ClockReading) -> String {
    let event = match event {
        Event::Moved { by, uci } => EventRecord::Moved {
            by: by.key().to_owned(),
            uci: uci.to_string(),
        },
        Event::Paused { by } => EventRecord::Paused {
            by: by.map(|s| s.key().to_owned()),
        },
        Event::Resumed { by } => EventRecord::Resumed {
            by: by.key().to_owned(),
        },
        Event::ClockSet {
            by,
            color,
            remaining_ms,
        } => EventRecord::ClockSet {
            by: by.key().to_owned(),
            color: color_key(*color),
            remaining_ms: *remaining_ms,
        },
        Event::Ended { ending, by } => EventRecord::Ended {
            result: ending.result.pgn().to_owned(),
            reason: ending.reason.key().to_owned(),
            by: by.map(|s| s.key().to_owned()),
        },
    };
    let r = RecordedRecord {
        event,
        clock: ClockRecord {
            white_ms: clock.white_ms,
            black_ms: clock.black_ms,
            running: clock.running.map(color_key),
        },
    };
    serde_json::to_string(&r).expect("event serialises")
}

pub fn event_from_json(text: &str) -> Result<(Event, ClockReading), StoreError> {
    let r: RecordedRecord =
        serde_json::from_str(text).map_err(|e| corrupt(format!("event: {e}")))?;
    let event = match r.event {
        EventRecord::Moved { by, uci } => Event::Moved {
            by: seat(&by)?,
            uci: uci
                .parse::<UciMove>()
                .map_err(|_| corrupt(format!("uci {uci}")))?,
        },
        EventRecord::Paused { by } => Event::Paused {
            by: by.as_deref().map(seat).transpose()?,
        },
        EventRecord::Resumed { by } => Event::Resumed { by: seat(&by)? },
        EventRecord::ClockSet {
            by,
            color: c,
            remaining_ms,
        } => Event::ClockSet {
            by: seat(&by)?,
            color: color(&c)?,
            remaining_ms,
        },
        EventRecord::Ended { result, reason, by } => Event::Ended {
            ending: Ending {
                result: GameResult::from_pgn(&result)
                    .ok_or_else(|| corrupt(format!("result {result}")))?,
                reason: EndReason::from_key(&reason)
                    .ok_or_else(|| corrupt(format!("reason {reason}")))?,
            },
            by: by.as_deref().map(seat).transpose()?,
        },
    };
    let clock = ClockReading {
        white_ms: r.clock.white_ms,
        black_ms: r.clock.black_ms,
        running: r.clock.running.as_deref().map(color).transpose()?,
    };
    Ok((event, clock))
}
