//! The sentence of every event for one seat, in its language: what the wire's `text` carries
//! (`server::render` puts it there) and what speech says (`server::speech`).
//!
//! Made from the published event ([`Published`]: the record, the desk's note, the moves it
//! named said in every language) and the listener: a scoresheet's sealed move is read to its
//! own side only, a player hears of "your board", the arbiter of both boards.

mod boards;
mod clocks;
mod desk;
mod endings;
mod moves;

pub use endings::result_key;

use super::published::Said;
use super::sheet::Listener;
use super::{Published, Speaker, color_key, color_name, seat_name, sentences, text};
use crate::announce::Lang;
use crate::game::{BranchKind, Event, Seat};
use crate::scoresheet::desk::Note;
use crate::scoresheet::{Numbering, Slot};

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

/// The sentence of event `p` for `seat`, listening in `lang`: a move said short (as
/// announced), every other event as its wire message's `text`. Empty for an event private to
/// another side. Each kind of event is told by a `Teller` method, in a module per group of
/// events: `moves`, `boards`, `clocks`, `endings`, `desk`.
pub fn text_for(seat: Seat, lang: Lang, p: &Published) -> String {
    if !p.rec.event.visible_to(seat) {
        return String::new();
    }
    let t = Teller { seat, lang, p };
    match &p.rec.event {
        Event::Moved { .. } => t.moved(),
        Event::Paused { by } => t.paused(*by),
        Event::Resumed { .. } => t.resumed(),
        Event::ClockSet {
            color,
            remaining_ms,
            ..
        } => t.clock_set(*color, *remaining_ms),
        Event::Ended { ending, .. } => t.ended(*ending),
        Event::Board { board, op, .. } => t.board(*board, *op),
        Event::Adjusting { by } => t.adjusting(*by),
        Event::Announced { by, correction, .. } => t.announced(*by, *correction),
        Event::Repeated { by, matches, .. } => t.repeated(*by, *matches),
        Event::IllegalMove {
            color,
            from,
            to,
            count,
            penalty_ms,
            ..
        } => t.illegal_move(*color, *from, *to, *count, *penalty_ms),
        Event::IllegalAnnounced {
            color,
            count,
            penalty_ms,
            ..
        } => t.illegal_announced(*color, *count, *penalty_ms),
        Event::TakenBack { by, .. } => t.taken_back(*by),
        Event::Started { .. } => t.started(),
        Event::Arrived { color, .. } => t.arrived(*color),
        Event::SeatLinkIssued { seat, .. } => t.seat_link_issued(*seat),
        Event::DefaultTimeOver { color } => t.default_time_over(*color),
        Event::TouchReported { color, square, .. } => t.touch_reported(*color, *square),
        Event::TouchRuled { upheld, .. } => t.touch_ruled(*upheld),
        Event::TouchReleased { color, .. } => t.touch_released(*color),
        Event::Noted { text, .. } => t.noted(text),
        // An electronic board's raw readings: the arbiter's evidence in the incident record
        // ([`incident_sensed`]), never news to be said.
        Event::BoardSensed { .. } => String::new(),
        Event::ResultCorrected { ending, reason, .. } => t.result_corrected(*ending, reason),
        Event::BoardRestored { board, .. } => t.board_restored(*board),
        Event::DrawOffered { by } => t.draw_offered(*by),
        Event::DrawDeclined { by } => t.draw_declined(*by),
        Event::DrawOfferLapsed => t.draw_offer_lapsed(),
        Event::DrawClaimed {
            by,
            kind,
            uci,
            correct,
            bonus_ms,
            taken_ms,
        } => t.draw_claimed(*by, *kind, uci.is_some(), *correct, *bonus_ms, *taken_ms),
        Event::FlagFell { color } => t.flag_fell(*color),
        Event::ClockTold {
            white_moves,
            black_moves,
            ..
        } => t.clock_told(*white_moves, *black_moves),
        Event::ClockWarnings { on, .. } => t.clock_warnings(*on),
        Event::ClockWarning { remaining_ms, .. } => t.clock_warning(*remaining_ms),
        Event::SheetWritten {
            color,
            ply,
            text,
            draw_offer,
            auto,
            ..
        } => t.sheet_written(*color, *ply, text, *draw_offer, *auto),
        Event::SheetStruck { color, ply, .. } => t.sheet_struck(*color, *ply),
        Event::SheetAutoRecord { color, on, .. } => t.sheet_auto_record(*color, *on),
        Event::BoardsDiverged { .. } => t.boards_diverged(),
        Event::Ruled { .. } => t.ruled(),
        Event::BoardFixed {
            board,
            square,
            piece,
            ..
        } => t.board_fixed(*board, *square, *piece),
        Event::Reconciled => t.reconciled(),
        Event::AdjournmentCalled { .. } => t.adjournment_called(),
        Event::MoveSealed { by, text } => t.move_sealed(*by, text),
        Event::Adjourned { .. } => t.adjourned(),
        Event::SealOpened { .. } => t.seal_opened(),
    }
}

/// One published event told to one seat in its language: what [`text_for`]'s sentences are
/// made from. Its methods, one per kind of event, live in the module of their group.
struct Teller<'a> {
    seat: Seat,
    lang: Lang,
    p: &'a Published,
}

impl Teller<'_> {
    /// Squares and pieces in the listener's language.
    fn speaker(&self) -> Speaker {
        Speaker::new(self.lang)
    }

    /// A move the event named, said short (as announced).
    fn said(&self, words: &Option<Said>) -> Option<String> {
        words.as_ref().map(|w| w.short(self.lang).to_owned())
    }

    /// What the desk noted about the event (scoresheets, diverging boards, adjournment).
    fn note(&self) -> Option<&Note> {
        self.p.note.as_deref()
    }
}

/// Whether `seat` is shown the move `by` sealed: only the sealer's own side sees it.
pub fn sealed_move_shown(seat: Seat, by: Seat) -> bool {
    by.side().is_some() && seat.side() == by.side()
}

/// The time of day (UTC) of `at_ms`: `hh:mm:ss`.
pub fn utc_time(at_ms: u64) -> String {
    let secs = at_ms / 1000;
    format!(
        "{:02}:{:02}:{:02}",
        (secs / 3600) % 24,
        (secs / 60) % 60,
        secs % 60
    )
}

/// What an incident says, as the arbiter hears it: the event's sentence (a time request,
/// private to a side, named, not told; a clock set "from ... to ...", `before_ms` being the
/// time before it; an illegal announcement with the move said), then the half-moves a
/// ruling took back or an undone one played again (`moves`), each by its number and words.
pub fn incident_said(
    lang: Lang,
    p: &Published,
    moves: &[&Published],
    before_ms: Option<u64>,
) -> String {
    let said = match &p.rec.event {
        Event::ClockTold { color, .. } => text(
            lang,
            "incident-time-asked",
            &[("color", color_name(lang, *color))],
        ),
        Event::ClockSet {
            color,
            remaining_ms,
            ..
        } if before_ms.is_some() => text(
            lang,
            "incident-clock-set",
            &[
                ("color", color_name(lang, *color)),
                (
                    "from",
                    super::clock_time(lang, before_ms.unwrap_or_default()),
                ),
                ("to", super::clock_time(lang, *remaining_ms)),
            ],
        ),
        Event::IllegalAnnounced { uci: Some(u), .. } => {
            let told = text_for(Seat::Arbiter, lang, p);
            let said = said_squares(lang, u);
            sentences(lang, std::iter::once(told).chain(said))
        }
        _ => text_for(Seat::Arbiter, lang, p),
    };
    let named = incident_moves(lang, &p.rec.event, moves);
    sentences(lang, std::iter::once(said).chain(named))
}

/// The move an illegal announcement said, by its squares ("The move said: e2 to e5.").
fn said_squares(lang: Lang, uci: &shakmaty::uci::UciMove) -> Option<String> {
    let shakmaty::uci::UciMove::Normal { from, to, .. } = uci else {
        return None;
    };
    let sp = Speaker::new(lang);
    Some(text(
        lang,
        "incident-said",
        &[("from", sp.square(*from)), ("to", sp.square(*to))],
    ))
}

/// One line of the incident record for the arbiter, in `lang`: the time (UTC), who, and
/// what the incident says ([`incident_said`]).
pub fn incident_line(
    lang: Lang,
    p: &Published,
    by: Option<Seat>,
    moves: &[&Published],
    before_ms: Option<u64>,
) -> String {
    let time = utc_time(p.rec.at_ms);
    let said = incident_said(lang, p, moves, before_ms);
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

/// The board events an incident keeps as its evidence (a touch report, diverging boards),
/// each with its time to the millisecond (UTC) and its sentence as the arbiter hears it; `None`
/// when there are none.
pub fn incident_board_events(lang: Lang, events: &[&Published]) -> Option<String> {
    if events.is_empty() {
        return None;
    }
    let each = events.iter().map(|p| {
        let ms = p.rec.at_ms;
        let secs = ms / 1000;
        let time = format!(
            "{:02}:{:02}:{:02}.{:03}",
            (secs / 3600) % 24,
            (secs / 60) % 60,
            secs % 60,
            ms % 1000
        );
        let said = text_for(Seat::Arbiter, lang, p);
        text(
            lang,
            "incident-board-event",
            &[("time", time), ("text", said)],
        )
    });
    let events = sentences(lang, each);
    Some(text(lang, "incident-board-events", &[("events", events)]))
}

/// An electronic board's raw readings an incident keeps as its evidence ([`Event::BoardSensed`]),
/// each with its time to the millisecond (UTC), the board's side, the square and what it
/// showed there: "The electronic boards' raw readings since the last move: 12:00:01.234 Black
/// g8 empty, 12:00:01.302 Black g8 black knight." `None` when there are none.
pub fn incident_sensed(lang: Lang, events: &[&Published]) -> Option<String> {
    use crate::game::SquareReading;
    let sp = Speaker::new(lang);
    let each = events.iter().flat_map(|p| match &p.rec.event {
        Event::BoardSensed {
            board, readings, ..
        } => readings
            .iter()
            .map(|r| {
                let (found, color, role) = match r.found {
                    SquareReading::Empty => ("empty", "", ""),
                    SquareReading::Occupied => ("occupied", "", ""),
                    SquareReading::Piece(piece) => (
                        "piece",
                        color_key(piece.color),
                        super::speaker::role_key(piece.role),
                    ),
                };
                text(
                    lang,
                    "incident-reading",
                    &[
                        ("time", utc_time_ms(r.at_ms)),
                        ("board", color_name(lang, *board)),
                        ("square", sp.square(r.square)),
                        ("found", found.to_owned()),
                        ("color", color.to_owned()),
                        ("role", role.to_owned()),
                    ],
                )
            })
            .collect::<Vec<_>>(),
        _ => Vec::new(),
    });
    let list = each.reduce(|first, second| {
        text(lang, "list-comma", &[("first", first), ("second", second)])
    })?;
    Some(text(lang, "incident-sensed", &[("readings", list)]))
}

/// A time of day to the millisecond (UTC): "12:00:01.234".
fn utc_time_ms(at_ms: u64) -> String {
    format!("{}.{:03}", utc_time(at_ms), at_ms % 1000)
}

/// The half-moves a ruling took back, or an undone ruling played again, by name: "Taken
/// back: 2. Springer f3, 2... Springer c6." `None` when there are none.
pub fn incident_moves(lang: Lang, event: &Event, moves: &[&Published]) -> Option<String> {
    let Event::Ruled { branch, .. } = event else {
        return None;
    };
    let named: Vec<String> = moves
        .iter()
        .filter_map(|p| p.move_words())
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
