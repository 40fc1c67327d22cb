//! The sentence of every event for one seat, in its language: what the wire's `text` carries
//! (`server::render` puts it there) and what speech says (`server::speech`).
//!
//! Made from the published event ([`Published`]: the record, the desk's note, the moves it
//! named said in every language) and the listener: a scoresheet's sealed move is read to its
//! own side only, a player hears of "your board", the arbiter of both boards.

use fluent_bundle::FluentValue;
use shakmaty::{ByColor, Color};

use super::i18n::Args;
use super::published::Said;
use super::sheet::{
    Against, Listener, Whose, say_board_done, say_difference, say_opened, say_ruling,
    say_still_differs, say_stopped,
};
use super::{
    Published, Speaker, clock_time, color_key, color_name, format, seat_name, sentences, text,
};
use crate::announce::Lang;
use crate::game::{BranchKind, Event, GameResult, Seat};
use crate::scoresheet::desk::Note;
use crate::scoresheet::reconcile::{Difference, Ruling};
use crate::scoresheet::{Numbering, Slot};

fn result_key(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "white",
        GameResult::BlackWins => "black",
        GameResult::Draw => "draw",
    }
}

/// What the wire says the pause was for: the arbiter's pause, or the one after a restart.
pub fn pause_reason(by: Option<Seat>) -> &'static str {
    if by.is_some() { "arbiter" } else { "restart" }
}

/// The slot of a scoresheet event: the desk's note numbers it from the game's start position
/// (a note is always there; without one, the numbering of a game from the initial position).
pub fn sheet_slot(note: Option<&Note>, ply: u32) -> Slot {
    match note {
        Some(Note::Written { slot, .. } | Note::Struck { slot }) => *slot,
        _ => Numbering::INITIAL.slot(ply as usize),
    }
}

/// Whether a scoresheet entry the desk took is a correction of an earlier one.
pub fn sheet_correction(note: Option<&Note>) -> bool {
    matches!(
        note,
        Some(Note::Written {
            correction: true,
            ..
        })
    )
}

/// Who hears a ruling: a player his own board ("yours"), an assistant his player's board by
/// its colour, everyone else both.
pub fn ruling_listener(seat: Seat) -> Listener {
    match seat.side() {
        Some(c) if seat.is_assistant() => Listener::Assistant(c),
        Some(c) => Listener::Player(c),
        None => Listener::Arbiter,
    }
}

/// Whose board a seat hears about: a player his own board as "yours", everyone else by colour.
fn whose(seat: Seat, board: Color) -> Whose {
    if seat.side() == Some(board) && !seat.is_assistant() {
        Whose::Yours
    } else {
        Whose::Of(board)
    }
}

/// The differences said to `seat`: his own board first ("your board"), then the other.
fn say_differences(lang: Lang, seat: Seat, differences: &ByColor<Vec<Difference>>) -> String {
    let own = seat.side().filter(|_| !seat.is_assistant());
    let order: Vec<Color> = match own {
        Some(c) => vec![c, !c],
        None => Color::ALL.to_vec(),
    };
    let said = order.into_iter().flat_map(|c| {
        differences
            .get(c)
            .iter()
            .map(move |d| say_difference(lang, d, whose(seat, c), Against::Game))
    });
    sentences(lang, std::iter::once(say_stopped(lang)).chain(said))
}

fn say_ruled(lang: Lang, seat: Seat, ruling: &Ruling) -> String {
    sentences(lang, say_ruling(lang, ruling, ruling_listener(seat)))
}

/// The sentence of event `p` for `seat`, listening in `lang`: a move said short (as
/// announced), every other event as its wire message's `text`. Empty for an event private to
/// another side.
pub fn text_for(seat: Seat, lang: Lang, p: &Published) -> String {
    let rec = &p.rec;
    if !rec.event.visible_to(seat) {
        return String::new();
    }
    let sp = Speaker::new(lang);
    let said = |words: &Option<Said>| words.as_ref().map(|w| w.short(lang).to_owned());
    let note = p.note.as_deref();
    match &rec.event {
        Event::Moved { .. } => {
            p.mv.as_ref()
                .map(|mv| mv.said.short(lang).to_owned())
                .unwrap_or_default()
        }
        Event::Paused { by } => text(
            lang,
            "event-pause",
            &[("reason", pause_reason(*by).to_owned())],
        ),
        Event::Resumed { .. } => text(lang, "event-resume", &[]),
        Event::ClockSet {
            color,
            remaining_ms,
            ..
        } => text(
            lang,
            "event-clock-set",
            &[
                ("color", color_name(lang, *color)),
                ("time", clock_time(lang, *remaining_ms)),
            ],
        ),
        Event::Ended { ending, .. } => text(
            lang,
            "event-end",
            &[
                ("reason", ending.reason.key().to_owned()),
                ("result", result_key(ending.result).to_owned()),
            ],
        ),
        Event::Board { board, op, .. } => {
            let (square, to, promotion) = op.parts();
            let piece = p.piece.map(|r| sp.piece(r)).unwrap_or_default();
            let did = text(
                lang,
                "event-board",
                &[
                    ("board", color_name(lang, *board)),
                    ("op", op.key().to_owned()),
                    ("piece", piece),
                    ("square", sp.square(square)),
                    ("to", to.map(|t| sp.square(t)).unwrap_or_default()),
                    (
                        "promotion",
                        promotion.map(|r| sp.piece(r)).unwrap_or_default(),
                    ),
                ],
            );
            let warning = said(&p.board_shows).map(|shows| {
                text(
                    lang,
                    "event-board-differs",
                    &[
                        ("board", color_name(lang, *board)),
                        ("shows", shows),
                        ("expected", said(&p.expected).unwrap_or_default()),
                    ],
                )
            });
            sentences(lang, std::iter::once(did).chain(warning))
        }
        Event::Adjusting { by } => text(lang, "event-adjusting", &[("seat", seat_name(lang, *by))]),
        Event::Announced { by, correction, .. } => {
            let announced = text(
                lang,
                "event-announced",
                &[
                    ("seat", seat_name(lang, *by)),
                    ("move", said(&p.heard).unwrap_or_default()),
                    ("correction", correction.to_string()),
                ],
            );
            // His own board lacks the opponent's last move: he (and his assistant) hear
            // which move to make on it first.
            let behind = p.behind.as_ref().map(|w| w.full(lang).to_owned());
            match (behind, by.side()) {
                (Some(last), Some(side)) if seat.side() == Some(side) => sentences(
                    lang,
                    [
                        announced,
                        text(
                            lang,
                            "guide-behind",
                            &[("color", color_name(lang, !side)), ("move", last)],
                        ),
                    ],
                ),
                _ => announced,
            }
        }
        Event::Repeated { by, matches, .. } => text(
            lang,
            "event-repeated",
            &[
                ("seat", seat_name(lang, *by)),
                ("move", said(&p.heard).unwrap_or_default()),
                ("expected", said(&p.expected).unwrap_or_default()),
                ("matches", matches.to_string()),
            ],
        ),
        Event::IllegalMove {
            color,
            from,
            to,
            count,
            penalty_ms,
            ..
        } => {
            let mut a = Args::new();
            a.set("color", color_name(lang, *color));
            a.set("opponent", color_name(lang, !*color));
            a.set("from", sp.square(*from));
            a.set("to", sp.square(*to));
            a.set("time", clock_time(lang, *penalty_ms));
            a.set("count", FluentValue::from(*count));
            format(lang, "event-illegal-move", &a)
        }
        Event::IllegalAnnounced {
            color,
            count,
            penalty_ms,
            ..
        } => {
            let mut a = Args::new();
            a.set("color", color_name(lang, *color));
            a.set("opponent", color_name(lang, !*color));
            a.set("time", clock_time(lang, *penalty_ms));
            a.set("count", FluentValue::from(*count));
            format(lang, "event-illegal-announced", &a)
        }
        Event::Started { .. } => text(
            lang,
            "event-started",
            &[(
                "color",
                color_name(lang, rec.clock.running.unwrap_or(Color::White)),
            )],
        ),
        Event::Arrived { color, .. } => text(
            lang,
            "event-arrived",
            &[("color", color_name(lang, *color))],
        ),
        Event::DefaultTimeOver { color } => text(
            lang,
            "event-default-time-over",
            &[("color", color_name(lang, *color))],
        ),
        Event::TouchReported { color, square, .. } => text(
            lang,
            "event-touch-reported",
            &[
                ("color", color_name(lang, *color)),
                ("square", sp.square(*square)),
            ],
        ),
        Event::TouchRuled { upheld, .. } => {
            text(lang, "event-touch-ruled", &[("upheld", upheld.to_string())])
        }
        Event::BoardRestored { board, .. } => text(
            lang,
            "event-board-restored",
            &[("board", color_name(lang, *board))],
        ),
        Event::DrawOffered { by } => text(
            lang,
            "event-draw-offered",
            &[("seat", seat_name(lang, *by))],
        ),
        Event::DrawDeclined { by } => text(
            lang,
            "event-draw-declined",
            &[("seat", seat_name(lang, *by))],
        ),
        Event::DrawOfferLapsed => text(lang, "event-draw-offer-lapsed", &[]),
        Event::DrawClaimed {
            by,
            kind,
            uci,
            correct,
            bonus_ms,
            taken_ms,
        } => text(
            lang,
            "event-draw-claimed",
            &[
                ("seat", seat_name(lang, *by)),
                ("claim", kind.key().to_owned()),
                ("move", said(&p.heard).unwrap_or_default()),
                ("with", uci.is_some().to_string()),
                ("penalty", (*taken_ms > 0).to_string()),
                ("correct", correct.to_string()),
                (
                    "opponent",
                    color_name(lang, !by.side().unwrap_or(Color::White)),
                ),
                ("bonus", clock_time(lang, *bonus_ms)),
                ("taken", clock_time(lang, *taken_ms)),
            ],
        ),
        Event::FlagFell { color } => text(
            lang,
            "event-flag-fell",
            &[("color", color_name(lang, *color))],
        ),
        Event::ClockTold {
            white_moves,
            black_moves,
            ..
        } => {
            let mut a = Args::new();
            a.set("white", clock_time(lang, rec.clock.white_ms));
            a.set("black", clock_time(lang, rec.clock.black_ms));
            a.set("white_moves", FluentValue::from(*white_moves));
            a.set("black_moves", FluentValue::from(*black_moves));
            format(lang, "event-talking-clock", &a)
        }
        Event::ClockWarnings { on, .. } => {
            text(lang, "event-clock-warnings", &[("on", on.to_string())])
        }
        Event::ClockWarning { remaining_ms, .. } => text(
            lang,
            "event-clock-warning",
            &[("time", clock_time(lang, *remaining_ms))],
        ),
        Event::SheetWritten {
            color,
            ply,
            text: entry,
            draw_offer,
            auto,
            ..
        } => {
            let slot = sheet_slot(note, *ply);
            text(
                lang,
                "desk-sheet-written",
                &[
                    ("color", color_name(lang, *color)),
                    ("number", slot.number.to_string()),
                    ("side", color_key(slot.color).to_owned()),
                    ("entry", entry.clone()),
                    ("auto", auto.to_string()),
                    ("correction", sheet_correction(note).to_string()),
                    ("draw", draw_offer.to_string()),
                ],
            )
        }
        Event::SheetStruck { color, ply, .. } => {
            let slot = sheet_slot(note, *ply);
            text(
                lang,
                "desk-sheet-struck",
                &[
                    ("color", color_name(lang, *color)),
                    ("number", slot.number.to_string()),
                    ("side", color_key(slot.color).to_owned()),
                ],
            )
        }
        Event::SheetAutoRecord { color, on, .. } => text(
            lang,
            "desk-auto-record",
            &[("color", color_name(lang, *color)), ("on", on.to_string())],
        ),
        Event::BoardsDiverged { .. } => {
            let empty = ByColor::<Vec<Difference>>::default();
            let differences = match note {
                Some(Note::Diverged { differences }) => differences,
                _ => &empty,
            };
            say_differences(lang, seat, differences)
        }
        Event::Ruled { .. } => match note {
            Some(Note::Ruled(ruling)) => say_ruled(lang, seat, ruling),
            _ => String::new(),
        },
        Event::BoardFixed {
            board,
            square,
            piece,
            ..
        } => {
            let remaining = match note {
                Some(Note::Fixed { remaining }) => remaining.len(),
                _ => 0,
            };
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
                say_board_done(lang, whose(seat, *board))
            } else {
                say_still_differs(lang, remaining)
            };
            sentences(lang, [did, state])
        }
        Event::Reconciled => text(lang, "desk-reconciled", &[]),
        Event::AdjournmentCalled { .. } => {
            let sealer = match note {
                Some(Note::Called { sealer }) => *sealer,
                _ => Color::White,
            };
            text(
                lang,
                "desk-adjournment-called",
                &[("color", color_name(lang, sealer))],
            )
        }
        Event::MoveSealed { by, text: sealed } => {
            if sealed_move_shown(seat, *by) {
                text(lang, "desk-sealed-own", &[("move", sealed.clone())])
            } else {
                let color = by.side().unwrap_or(Color::White);
                text(lang, "desk-sealed", &[("color", color_name(lang, color))])
            }
        }
        Event::Adjourned { .. } => text(lang, "desk-adjourned", &[]),
        Event::SealOpened { .. } => match note {
            Some(Note::Opened {
                opened,
                before,
                sealer,
                ..
            }) => say_opened(lang, opened, before, *sealer),
            _ => String::new(),
        },
    }
}

/// Whether `seat` is shown the move `by` sealed: only the sealer's own side sees it.
pub fn sealed_move_shown(seat: Seat, by: Seat) -> bool {
    by.side().is_some() && seat.side() == by.side()
}

/// One line of the incident record for the arbiter, in `lang`: the time (UTC), who, and the
/// event's sentence as the arbiter hears it; a time request (private to a side) is named,
/// not told. `moves`: the `Moved` events of the half-moves a ruling took back (or an undone
/// one played again), each named by its number and its words in `lang`.
pub fn incident_line(lang: Lang, p: &Published, by: Option<Seat>, moves: &[&Published]) -> String {
    let secs = p.rec.at_ms / 1000;
    let time = format!(
        "{:02}:{:02}:{:02}",
        (secs / 3600) % 24,
        (secs / 60) % 60,
        secs % 60
    );
    let said = match &p.rec.event {
        Event::ClockTold { color, .. } => text(
            lang,
            "incident-time-asked",
            &[("color", color_name(lang, *color))],
        ),
        _ => text_for(Seat::Arbiter, lang, p),
    };
    let named = incident_moves(lang, &p.rec.event, moves);
    let said = sentences(lang, std::iter::once(said).chain(named));
    match by {
        Some(seat) => text(
            lang,
            "incident-line",
            &[
                ("time", time),
                ("who", seat_name(lang, seat)),
                ("text", said),
            ],
        ),
        None => text(
            lang,
            "incident-line-hamle",
            &[("time", time), ("text", said)],
        ),
    }
}

/// The half-moves a ruling took back, or an undone ruling played again, by name: "Taken
/// back: 2. Springer f3, 2... Springer c6." `None` when there are none.
pub fn incident_moves(lang: Lang, event: &Event, moves: &[&Published]) -> Option<String> {
    let Event::Ruled { branch, .. } = event else {
        return None;
    };
    let named: Vec<String> = moves
        .iter()
        .filter_map(|p| p.mv.as_ref())
        .map(|mv| {
            text(
                lang,
                "incident-move",
                &[
                    ("number", mv.number.to_string()),
                    ("color", color_key(mv.color).to_owned()),
                    ("move", mv.said.short(lang).to_owned()),
                ],
            )
        })
        .collect();
    let list = named.into_iter().reduce(|first, second| {
        text(lang, "list-comma", &[("first", first), ("second", second)])
    })?;
    let kind = if *branch == BranchKind::Undo {
        "again"
    } else {
        "back"
    };
    Some(text(
        lang,
        "incident-moves",
        &[("kind", kind.to_owned()), ("moves", list)],
    ))
}
