//! The arbiter's desk on the wire: scoresheets, diverging boards (F8 / D.2.9) and
//! adjournment (Appendix A) as WebSocket events, each said to every seat in its language.
//!
//! The state and the decisions are pure ([`crate::scoresheet::desk`]); this module turns its
//! events and their [`Note`]s into [`EventBody`]s.

use shakmaty::{ByColor, Color, Piece};

use super::actor::Published;
use super::render::{color_name, error, text};
use super::wire::{DifferenceBody, EventBody, StepBody, color_key};
use crate::announce::Lang;
use crate::game::{Event, Seat};
use crate::say::Speaker;
use crate::scoresheet::desk::{DeskRefusal, Note};
use crate::scoresheet::reconcile::{Difference, Ruling, Step};
use crate::scoresheet::words::{
    Against, Listener, Whose, say_board_done, say_difference, say_log, say_opened, say_ruling,
    say_step, say_still_differs, say_stopped,
};
use crate::scoresheet::{Numbering, Slot};

/// A desk refusal as a code and a sentence in `lang`.
pub fn refusal(lang: Lang, r: DeskRefusal) -> (&'static str, String) {
    let code = r.code();
    let square = r
        .square()
        .map(|s| Speaker::new(lang).square(s))
        .unwrap_or_default();
    (code, error(lang, code, &[("square", square)]))
}

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

/// The sides whose boards a seat hears about as "yours": a player and his assistant.
fn own_side(seat: Seat) -> Option<Color> {
    seat.side()
}

/// The differences said to `seat`: his own board first ("your board"), then the other.
fn say_differences(lang: Lang, seat: Seat, differences: &ByColor<Vec<Difference>>) -> String {
    let mut parts = vec![say_stopped(lang)];
    let own = own_side(seat).filter(|_| !seat.is_assistant());
    let order: Vec<Color> = match own {
        Some(c) => vec![c, !c],
        None => Color::ALL.to_vec(),
    };
    for c in order {
        let whose = if Some(c) == own {
            Whose::Yours
        } else {
            Whose::Of(c)
        };
        for d in differences.get(c) {
            parts.push(say_difference(lang, d, whose, Against::Game));
        }
    }
    parts.join(" ")
}

fn ruled_body(lang: Lang, seat: Seat, by: Seat, ruling: &Ruling) -> EventBody {
    let listener = match own_side(seat) {
        Some(c) => Listener::Player(c),
        None => Listener::Arbiter,
    };
    let colors: Vec<Color> = match listener {
        Listener::Player(c) => vec![c],
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
        text: say_ruling(lang, ruling, listener).join(" "),
    }
}

/// The slot of a scoresheet event: the desk's note numbers it from the game's start position
/// (a note is always there; without one, the numbering of a game from the initial position).
fn slot_of(note: Option<&Note>, ply: u32) -> Slot {
    match note {
        Some(Note::Written { slot, .. } | Note::Struck { slot }) => *slot,
        _ => Numbering::INITIAL.slot(ply as usize),
    }
}

/// The wire body of a desk event for `seat`, in `lang`.
pub fn event_body(seat: Seat, lang: Lang, p: &Published) -> EventBody {
    let note = p.note.as_deref();
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
            let slot = slot_of(note, *ply);
            let side = color_key(slot.color);
            let correction = matches!(
                note,
                Some(Note::Written {
                    correction: true,
                    ..
                })
            );
            EventBody::SheetWritten {
                by: by.key(),
                color: color_key(*color),
                ply: *ply,
                number: slot.number,
                side,
                entry: entry.clone(),
                draw_offer: *draw_offer,
                audio: audio.clone(),
                auto: *auto,
                correction,
                text: text(
                    lang,
                    "desk-sheet-written",
                    &[
                        ("color", color_name(lang, *color)),
                        ("number", slot.number.to_string()),
                        ("side", side.to_owned()),
                        ("entry", entry.clone()),
                        ("auto", auto.to_string()),
                        ("correction", correction.to_string()),
                        ("draw", draw_offer.to_string()),
                    ],
                ),
            }
        }
        Event::SheetStruck { by, color, ply } => {
            let slot = slot_of(note, *ply);
            let side = color_key(slot.color);
            EventBody::SheetStruck {
                by: by.key(),
                color: color_key(*color),
                ply: *ply,
                number: slot.number,
                side,
                text: text(
                    lang,
                    "desk-sheet-struck",
                    &[
                        ("color", color_name(lang, *color)),
                        ("number", slot.number.to_string()),
                        ("side", side.to_owned()),
                    ],
                ),
            }
        }
        Event::SheetAutoRecord { by, color, on } => EventBody::SheetAutoRecord {
            by: by.key(),
            color: color_key(*color),
            on: *on,
            text: text(
                lang,
                "desk-auto-record",
                &[("color", color_name(lang, *color)), ("on", on.to_string())],
            ),
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
                text: say_differences(lang, seat, differences),
            }
        }
        Event::Ruled { by, branch, ply } => match note {
            Some(Note::Ruled(ruling)) => ruled_body(lang, seat, *by, ruling),
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
            let whose = if own_side(seat) == Some(*board) && !seat.is_assistant() {
                Whose::Yours
            } else {
                Whose::Of(*board)
            };
            let sp = Speaker::new(lang);
            let did = text(
                lang,
                "desk-board-fixed",
                &[
                    ("board", color_name(lang, *board)),
                    (
                        "action",
                        if piece.is_some() { "place" } else { "lift" }.into(),
                    ),
                    ("square", sp.square(*square)),
                ],
            );
            let state = if remaining == 0 {
                say_board_done(lang, whose)
            } else {
                say_still_differs(lang, remaining)
            };
            EventBody::BoardFixed {
                by: by.key(),
                board: color_key(*board),
                action: if piece.is_some() { "place" } else { "lift" },
                square: square.to_string(),
                piece: piece.map(piece_letter),
                remaining,
                text: format!("{did} {state}"),
            }
        }
        Event::Reconciled => EventBody::Reconciled {
            text: text(lang, "desk-reconciled", &[]),
        },
        Event::AdjournmentCalled { by, resume_at_ms } => {
            let sealer = match note {
                Some(Note::Called { sealer }) => *sealer,
                _ => Color::White,
            };
            EventBody::AdjournmentCalled {
                by: by.key(),
                sealer: color_key(sealer),
                resume_at_ms: *resume_at_ms,
                text: text(
                    lang,
                    "desk-adjournment-called",
                    &[("color", color_name(lang, sealer))],
                ),
            }
        }
        Event::MoveSealed { by, text: sealed } => {
            let mine = by.side().is_some() && seat.side() == by.side();
            let color = by.side().unwrap_or(Color::White);
            EventBody::MoveSealed {
                by: by.key(),
                sealed: mine.then(|| sealed.clone()),
                text: if mine {
                    text(lang, "desk-sealed-own", &[("move", sealed.clone())])
                } else {
                    text(lang, "desk-sealed", &[("color", color_name(lang, color))])
                },
            }
        }
        Event::Adjourned { by } => EventBody::Adjourned {
            by: by.key(),
            text: text(lang, "desk-adjourned", &[]),
        },
        Event::SealOpened { by } => match note {
            Some(Note::Opened {
                opened,
                before,
                sealer,
                sealed,
            }) => EventBody::SealOpened {
                by: by.key(),
                sealer: color_key(*sealer),
                sealed: sealed.clone(),
                played: matches!(opened, crate::scoresheet::adjourn::Opened::Played { .. }),
                text: say_opened(lang, opened, before, *sealer),
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
