//! The stored records of the clocks: the start and the players' arrival (with the default
//! time), pauses and resumptions, a time set by the arbiter, a fallen flag, the talking clock
//! and its warnings.

use super::{EventRecord, N};
use crate::game::Event;

/// The record of a clock event (the others are routed elsewhere by `EventRecord::from`).
pub(super) fn record(event: &Event) -> EventRecord {
    match event.clone() {
        Event::Paused { by } => EventRecord::Paused { by: by.map(N) },
        Event::Resumed { by } => EventRecord::Resumed { by: N(by) },
        Event::ClockSet {
            by,
            color,
            remaining_ms,
        } => EventRecord::ClockSet {
            by: N(by),
            color: N(color),
            remaining_ms,
        },
        Event::Started { by } => EventRecord::Started { by: N(by) },
        Event::Arrived { by, color } => EventRecord::Arrived {
            by: N(by),
            color: N(color),
        },
        Event::DefaultTimeOver { color } => EventRecord::DefaultTimeOver { color: N(color) },
        Event::FlagFell { color } => EventRecord::FlagFell { color: N(color) },
        Event::ClockTold {
            by,
            color,
            white_moves,
            black_moves,
        } => EventRecord::ClockTold {
            by: N(by),
            color: N(color),
            white_moves,
            black_moves,
        },
        Event::ClockWarnings { by, color, on } => EventRecord::ClockWarnings {
            by: N(by),
            color: N(color),
            on,
        },
        Event::ClockWarning {
            color,
            remaining_ms,
        } => EventRecord::ClockWarning {
            color: N(color),
            remaining_ms,
        },
        _ => unreachable!("not a clock event"),
    }
}

/// The event a clock record stores (the others are routed elsewhere by `Event::try_from`).
pub(super) fn event(r: EventRecord) -> Event {
    match r {
        EventRecord::Paused { by } => Event::Paused {
            by: by.map(|s| s.0),
        },
        EventRecord::Resumed { by } => Event::Resumed { by: by.0 },
        EventRecord::ClockSet {
            by,
            color,
            remaining_ms,
        } => Event::ClockSet {
            by: by.0,
            color: color.0,
            remaining_ms,
        },
        EventRecord::Started { by } => Event::Started { by: by.0 },
        EventRecord::Arrived { by, color } => Event::Arrived {
            by: by.0,
            color: color.0,
        },
        EventRecord::DefaultTimeOver { color } => Event::DefaultTimeOver { color: color.0 },
        EventRecord::FlagFell { color } => Event::FlagFell { color: color.0 },
        EventRecord::ClockTold {
            by,
            color,
            white_moves,
            black_moves,
        } => Event::ClockTold {
            by: by.0,
            color: color.0,
            white_moves,
            black_moves,
        },
        EventRecord::ClockWarnings { by, color, on } => Event::ClockWarnings {
            by: by.0,
            color: color.0,
            on,
        },
        EventRecord::ClockWarning {
            color,
            remaining_ms,
        } => Event::ClockWarning {
            color: color.0,
            remaining_ms,
        },
        _ => unreachable!("not a clock record"),
    }
}
