//! The stored records of how a game ends: a draw offered, declined, lapsed or claimed, the
//! end itself (its result and reason), the arbiter's correction of the result after the end
//! and his note on a ruling.

use super::{EventRecord, N};
use crate::game::{Ending, Event};

/// The record of an ending event (the others are routed elsewhere by `EventRecord::from`).
pub(super) fn record(event: &Event) -> EventRecord {
    match event.clone() {
        Event::Ended { ending, by } => EventRecord::Ended {
            result: N(ending.result),
            reason: N(ending.reason),
            by: by.map(N),
        },
        Event::DrawOffered { by } => EventRecord::DrawOffered { by: N(by) },
        Event::DrawDeclined { by } => EventRecord::DrawDeclined { by: N(by) },
        Event::DrawOfferLapsed => EventRecord::DrawOfferLapsed,
        Event::DrawClaimed {
            by,
            kind,
            uci,
            correct,
            bonus_ms,
            taken_ms,
        } => EventRecord::DrawClaimed {
            by: N(by),
            claim: N(kind),
            uci: uci.map(N),
            correct,
            bonus_ms,
            taken_ms,
        },
        Event::Noted { by, text } => EventRecord::Noted { by: N(by), text },
        Event::ResultCorrected { by, ending, reason } => EventRecord::ResultCorrected {
            by: N(by),
            result: N(ending.result),
            reason_of_end: N(ending.reason),
            reason,
        },
        _ => unreachable!("not an ending event"),
    }
}

/// The event an ending record stores (the others are routed elsewhere by `Event::try_from`).
pub(super) fn event(r: EventRecord) -> Event {
    match r {
        EventRecord::Ended { result, reason, by } => Event::Ended {
            ending: Ending {
                result: result.0,
                reason: reason.0,
            },
            by: by.map(|s| s.0),
        },
        EventRecord::DrawOffered { by } => Event::DrawOffered { by: by.0 },
        EventRecord::DrawDeclined { by } => Event::DrawDeclined { by: by.0 },
        EventRecord::DrawOfferLapsed => Event::DrawOfferLapsed,
        EventRecord::DrawClaimed {
            by,
            claim,
            uci,
            correct,
            bonus_ms,
            taken_ms,
        } => Event::DrawClaimed {
            by: by.0,
            kind: claim.0,
            uci: uci.map(|u| u.0),
            correct,
            bonus_ms,
            taken_ms,
        },
        EventRecord::Noted { by, text } => Event::Noted { by: by.0, text },
        EventRecord::ResultCorrected {
            by,
            result,
            reason_of_end,
            reason,
        } => Event::ResultCorrected {
            by: by.0,
            ending: Ending {
                result: result.0,
                reason: reason_of_end.0,
            },
            reason,
        },
        _ => unreachable!("not an ending record"),
    }
}
