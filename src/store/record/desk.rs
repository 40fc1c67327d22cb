//! The stored records of the arbiter's desk: scoresheet entries written and struck,
//! automatic recording, diverging boards and their ruling, a board fixed, the adjournment
//! (called, sealed, adjourned, opened).

use super::{EventRecord, N};
use crate::game::Event;

/// The record of a desk event (the others are routed elsewhere by `EventRecord::from`).
pub(super) fn record(event: &Event) -> EventRecord {
    match event.clone() {
        Event::SheetWritten {
            by,
            color,
            ply,
            text,
            draw_offer,
            audio,
            audio_mime,
            auto,
        } => EventRecord::SheetWritten {
            by: N(by),
            color: N(color),
            ply,
            text,
            draw_offer,
            audio,
            audio_mime,
            auto,
        },
        Event::SheetStruck { by, color, ply } => EventRecord::SheetStruck {
            by: N(by),
            color: N(color),
            ply,
        },
        Event::SheetAutoRecord { by, color, on } => EventRecord::SheetAutoRecord {
            by: N(by),
            color: N(color),
            on,
        },
        Event::BoardsDiverged { by } => EventRecord::BoardsDiverged { by: by.map(N) },
        Event::Ruled { by, branch, ply } => EventRecord::Ruled {
            by: N(by),
            branch: N(branch),
            ply,
        },
        Event::BoardFixed {
            by,
            board,
            square,
            piece,
        } => EventRecord::BoardFixed {
            by: N(by),
            board: N(board),
            square: N(square),
            piece: piece.map(N),
        },
        Event::Reconciled => EventRecord::Reconciled,
        Event::AdjournmentCalled { by, resume_at_ms } => EventRecord::AdjournmentCalled {
            by: N(by),
            resume_at_ms,
        },
        Event::MoveSealed { by, text } => EventRecord::MoveSealed { by: N(by), text },
        Event::Adjourned { by } => EventRecord::Adjourned { by: N(by) },
        Event::SealOpened { by } => EventRecord::SealOpened { by: N(by) },
        _ => unreachable!("not a desk event"),
    }
}

/// The event a desk record stores (the others are routed elsewhere by `Event::try_from`).
pub(super) fn event(r: EventRecord) -> Event {
    match r {
        EventRecord::SheetWritten {
            by,
            color,
            ply,
            text,
            draw_offer,
            audio,
            audio_mime,
            auto,
        } => Event::SheetWritten {
            by: by.0,
            color: color.0,
            ply,
            text,
            draw_offer,
            audio,
            audio_mime,
            auto,
        },
        EventRecord::SheetStruck { by, color, ply } => Event::SheetStruck {
            by: by.0,
            color: color.0,
            ply,
        },
        EventRecord::SheetAutoRecord { by, color, on } => Event::SheetAutoRecord {
            by: by.0,
            color: color.0,
            on,
        },
        EventRecord::BoardsDiverged { by } => Event::BoardsDiverged {
            by: by.map(|s| s.0),
        },
        EventRecord::Ruled { by, branch, ply } => Event::Ruled {
            by: by.0,
            branch: branch.0,
            ply,
        },
        EventRecord::BoardFixed {
            by,
            board,
            square,
            piece,
        } => Event::BoardFixed {
            by: by.0,
            board: board.0,
            square: square.0,
            piece: piece.map(|p| p.0),
        },
        EventRecord::Reconciled => Event::Reconciled,
        EventRecord::AdjournmentCalled { by, resume_at_ms } => Event::AdjournmentCalled {
            by: by.0,
            resume_at_ms,
        },
        EventRecord::MoveSealed { by, text } => Event::MoveSealed { by: by.0, text },
        EventRecord::Adjourned { by } => Event::Adjourned { by: by.0 },
        EventRecord::SealOpened { by } => Event::SealOpened { by: by.0 },
        _ => unreachable!("not a desk record"),
    }
}
