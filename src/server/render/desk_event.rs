//! The arbiter's desk on the wire: scoresheets, diverging boards (F8 / D.2.9) and
//! adjournment (Appendix A) as WebSocket events, each said to every seat in its language.
//!
//! The state and the decisions are pure ([`crate::scoresheet::desk`]); this module turns its
//! events and their [`Note`]s into [`EventBody`]s (their sentences from
//! [`crate::words::events`]).

use shakmaty::{ByColor, Color, Piece};

use crate::announce::Lang;
use crate::game::{Event, Seat};
use crate::scoresheet::desk::Note;
use crate::scoresheet::reconcile::{Difference, Ruling, Step};
use crate::server::wire::{DifferenceBody, EventBody, StepBody, color_key};
use crate::words::Published;
use crate::words::events::{
    ruling_listener, sealed_move_shown, sheet_correction, sheet_slot, text_for,
};
use crate::words::sheet::{Listener, say_log, say_step};

fn piece_letter(p: Piece) -> String {
    p.char().to_string()
}

fn difference_bodies(differences: &ByColor<Vec<Difference>>) -> Vec<DifferenceBody> {
    Color::ALL
        .into_iter()
        .flat_map(|c| {
            differences.get(c).iter().map(move |d| DifferenceBody {
                board: color_key(c),
                square: d.square.to_string(),
                found: d.found.map(piece_letter),
                expected: d.expected.map(piece_letter),
            })
        })
        .collect()
}

fn step_body(lang: Lang, board: Color, step: &Step) -> StepBody {
    let (action, piece, from, to) = match *step {
        Step::Move { piece, from, to } => ("move", piece, Some(from), Some(to)),
        Step::Remove { piece, from } => ("remove", piece, Some(from), None),
        Step::Add { piece, to } => ("add", piece, None, Some(to)),
        Step::SetAside { piece, from } => ("set_aside", piece, Some(from), None),
        Step::PutBack { piece, to } => ("put_back", piece, None, Some(to)),
    };
    StepBody {
        board: color_key(board),
        action,
        piece: piece_letter(piece),
        from: from.map(|s| s.to_string()),
        to: to.map(|s| s.to_string()),
        text: say_step(lang, step),
    }
}

fn ruled_body(lang: Lang, seat: Seat, by: Seat, ruling: &Ruling, text: String) -> EventBody {
    let colors: Vec<Color> = match ruling_listener(seat) {
        Listener::Player(c) | Listener::Assistant(c) => vec![c],
        Listener::Arbiter => Color::ALL.to_vec(),
    };
    let steps = colors
        .iter()
        .flat_map(|c| {
            ruling
                .steps
                .get(*c)
                .iter()
                .map(move |s| step_body(lang, *c, s))
        })
        .collect();
    let log = if seat == Seat::Arbiter {
        ruling.log.iter().map(|e| say_log(lang, e)).collect()
    } else {
        Vec::new()
    };
    EventBody::Ruled {
        by: by.key(),
        branch: ruling.branch.key(),
        ply: ruling.ply as u32,
        take_back: ruling.take_back as u32,
        steps,
        log,
        text,
    }
}

/// The wire body of a desk event for `seat`, in `lang`.
pub fn event_body(seat: Seat, lang: Lang, p: &Published) -> EventBody {
    let note = p.note.as_deref();
    let text = || text_for(seat, lang, p);
    match &p.rec.event {
        Event::SheetWritten {
            by,
            color,
            ply,
            text: entry,
            draw_offer,
            audio,
            auto,
            ..
        } => {
            let slot = sheet_slot(note, *ply);
            EventBody::SheetWritten {
                by: by.key(),
                color: color_key(*color),
                // Counted from 1, as `moves[].ply` (the stored half-move counts from 0).
                ply: *ply + 1,
                number: slot.number,
                side: color_key(slot.color),
                entry: entry.clone(),
                draw_offer: *draw_offer,
                audio: audio.clone(),
                auto: *auto,
                correction: sheet_correction(note),
                text: text(),
            }
        }
        Event::SheetStruck { by, color, ply } => {
            let slot = sheet_slot(note, *ply);
            EventBody::SheetStruck {
                by: by.key(),
                color: color_key(*color),
                ply: *ply + 1,
                number: slot.number,
                side: color_key(slot.color),
                text: text(),
            }
        }
        Event::SheetAutoRecord { by, color, on } => EventBody::SheetAutoRecord {
            by: by.key(),
            color: color_key(*color),
            on: *on,
            text: text(),
        },
        Event::BoardsDiverged { by } => {
            let empty = ByColor::<Vec<Difference>>::default();
            let differences = match note {
                Some(Note::Diverged { differences }) => differences,
                _ => &empty,
            };
            EventBody::BoardsDiverged {
                by: by.map(|s| s.key()),
                differences: difference_bodies(differences),
                text: text(),
            }
        }
        Event::Ruled { by, branch, ply } => match note {
            Some(Note::Ruled(ruling)) => ruled_body(lang, seat, *by, ruling, text()),
            _ => EventBody::Ruled {
                by: by.key(),
                branch: branch.key(),
                ply: *ply,
                take_back: 0,
                steps: Vec::new(),
                log: Vec::new(),
                text: String::new(),
            },
        },
        Event::BoardFixed {
            by,
            board,
            square,
            piece,
        } => {
            let remaining = match note {
                Some(Note::Fixed { remaining }) => remaining.len(),
                _ => 0,
            };
            EventBody::BoardFixed {
                by: by.key(),
                board: color_key(*board),
                action: if piece.is_some() { "place" } else { "lift" },
                square: square.to_string(),
                piece: piece.map(piece_letter),
                remaining,
                text: text(),
            }
        }
        Event::Reconciled => EventBody::Reconciled { text: text() },
        Event::AdjournmentCalled { by, resume_at_ms } => {
            let sealer = match note {
                Some(Note::Called { sealer }) => *sealer,
                _ => Color::White,
            };
            EventBody::AdjournmentCalled {
                by: by.key(),
                sealer: color_key(sealer),
                resume_at_ms: *resume_at_ms,
                text: text(),
            }
        }
        Event::MoveSealed { by, text: sealed } => EventBody::MoveSealed {
            by: by.key(),
            sealed: sealed_move_shown(seat, *by).then(|| sealed.clone()),
            text: text(),
        },
        Event::Adjourned { by } => EventBody::Adjourned {
            by: by.key(),
            text: text(),
        },
        Event::SealOpened { by } => match note {
            Some(Note::Opened {
                opened,
                sealer,
                sealed,
                ..
            }) => EventBody::SealOpened {
                by: by.key(),
                sealer: color_key(*sealer),
                sealed: sealed.clone(),
                played: matches!(opened, crate::scoresheet::adjourn::Opened::Played { .. }),
                text: text(),
            },
            _ => EventBody::SealOpened {
                by: by.key(),
                sealer: "white",
                sealed: None,
                played: false,
                text: String::new(),
            },
        },
        // Not a desk event: not reached (render handles the others).
        _ => EventBody::Private {},
    }
}
