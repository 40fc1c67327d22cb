//! The stored records of the moves and what is said about them: a move made, an
//! announcement, a repetition, an illegal move, an illegal announcement and a practice
//! game's take-back.

use super::{EventRecord, N};
use crate::game::Event;

/// The record of a move event (the others are routed elsewhere by `EventRecord::from`).
pub(super) fn record(event: &Event) -> EventRecord {
    match event.clone() {
        Event::Moved { by, uci } => EventRecord::Moved {
            by: N(by),
            uci: N(uci),
        },
        Event::Announced {
            by,
            uci,
            correction,
        } => EventRecord::Announced {
            by: N(by),
            uci: N(uci),
            correction,
        },
        Event::Repeated { by, uci, matches } => EventRecord::Repeated {
            by: N(by),
            uci: N(uci),
            matches,
        },
        Event::IllegalMove {
            by,
            color,
            from,
            to,
            count,
            penalty_ms,
        } => EventRecord::IllegalMove {
            by: N(by),
            color: N(color),
            from: N(from),
            to: N(to),
            count,
            penalty_ms,
        },
        Event::IllegalAnnounced {
            by,
            color,
            uci,
            count,
            penalty_ms,
        } => EventRecord::IllegalAnnounced {
            by: N(by),
            color: N(color),
            uci: uci.map(N),
            count,
            penalty_ms,
        },
        Event::TakenBack { by, ply } => EventRecord::TakenBack { by: N(by), ply },
        _ => unreachable!("not a move event"),
    }
}

/// The event a move record stores (the others are routed elsewhere by `Event::try_from`).
pub(super) fn event(r: EventRecord) -> Event {
    match r {
        EventRecord::Moved { by, uci } => Event::Moved {
            by: by.0,
            uci: uci.0,
        },
        EventRecord::Announced {
            by,
            uci,
            correction,
        } => Event::Announced {
            by: by.0,
            uci: uci.0,
            correction,
        },
        EventRecord::Repeated { by, uci, matches } => Event::Repeated {
            by: by.0,
            uci: uci.0,
            matches,
        },
        EventRecord::IllegalMove {
            by,
            color,
            from,
            to,
            count,
            penalty_ms,
        } => Event::IllegalMove {
            by: by.0,
            color: color.0,
            from: from.0,
            to: to.0,
            count,
            penalty_ms,
        },
        EventRecord::IllegalAnnounced {
            by,
            color,
            uci,
            count,
            penalty_ms,
        } => Event::IllegalAnnounced {
            by: by.0,
            color: color.0,
            uci: uci.map(|u| u.0),
            count,
            penalty_ms,
        },
        EventRecord::TakenBack { by, ply } => Event::TakenBack { by: by.0, ply },
        _ => unreachable!("not a move record"),
    }
}
