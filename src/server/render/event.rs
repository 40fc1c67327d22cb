//! Events on the wire: a published event as the [`EventMsg`] one seat gets, its fields from the
//! domain values and its `text` from the words layer ([`crate::words::events`]).

mod boards;
mod clocks;
mod endings;
mod moves;

use crate::announce::Lang;
use crate::game::{Event, Seat};
use crate::server::render::desk_event;
use crate::server::wire::{EventBody, EventMsg};
use crate::words::Published;
use crate::words::events::text_for;

/// A published event as the wire message for `seat`, listening in `lang`. An event private
/// to another side comes as a numbered placeholder (`kind: private`).
/// With `captured` (the connection hears the piece a move captures, issue 15), a move's
/// `short` names it ("König schlägt Dame David acht").
pub fn event_for(seat: Seat, lang: Lang, captured: bool, p: &Published) -> EventMsg {
    let rec = &p.rec;
    let body = if rec.event.visible_to(seat) {
        Renderer {
            seat,
            lang,
            captured,
            p,
        }
        .body()
    } else {
        EventBody::Private {}
    };
    EventMsg {
        seq: rec.seq,
        at_ms: rec.at_ms,
        clock: rec.clock.into(),
        body,
    }
}

/// One published event rendered for one seat in its language: what [`event_for`]'s bodies
/// are made from. Its methods, one per kind of event, live in the module of their group
/// (`moves`, `boards`, `clocks`, `endings`); the desk's events are [`desk_event`]'s.
struct Renderer<'a> {
    seat: Seat,
    lang: Lang,
    /// A move's `short` names the piece it captures.
    captured: bool,
    p: &'a Published,
}

impl Renderer<'_> {
    /// The event's sentence for the seat (the body's `text`).
    fn text(&self) -> String {
        text_for(self.seat, self.lang, self.p)
    }

    /// The wire body of a visible event.
    fn body(&self) -> EventBody {
        match &self.p.rec.event {
            Event::Moved { by, uci } => self.moved(*by, uci),
            Event::Paused { by } => self.paused(*by),
            Event::Resumed { by } => self.resumed(*by),
            Event::ClockSet {
                by,
                color,
                remaining_ms,
            } => self.clock_set(*by, *color, *remaining_ms),
            Event::Ended { ending, by } => self.ended(*ending, *by),
            Event::Board { by, board, op } => self.board(*by, *board, *op),
            Event::BoardSensed {
                by,
                board,
                readings,
            } => self.board_sensed(*by, *board, readings),
            Event::Adjusting { by } => self.adjusting(*by),
            Event::Announced {
                by,
                uci,
                correction,
            } => self.announced(*by, uci, *correction),
            Event::Repeated { by, uci, matches } => self.repeated(*by, uci, *matches),
            Event::IllegalMove {
                by,
                color,
                from,
                to,
                count,
                penalty_ms,
            } => self.illegal_move(*by, *color, *from, *to, *count, *penalty_ms),
            Event::IllegalAnnounced {
                by,
                color,
                uci,
                count,
                penalty_ms,
            } => self.illegal_announced(*by, *color, uci.as_ref(), *count, *penalty_ms),
            Event::TakenBack { by, ply } => self.taken_back(*by, *ply),
            Event::Started { by } => self.started(*by),
            Event::Arrived { by, color } => self.arrived(*by, *color),
            Event::SeatLinkIssued { by, seat, .. } => self.seat_link_issued(*by, *seat),
            Event::DefaultTimeOver { color } => self.default_time_over(*color),
            Event::TouchReported { by, color, square } => self.touch_reported(*by, *color, *square),
            Event::TouchRuled { by, upheld } => self.touch_ruled(*by, *upheld),
            Event::TouchReleased { by, color } => self.touch_released(*by, *color),
            Event::Noted { by, text } => self.noted(*by, text),
            Event::ResultCorrected { by, ending, reason } => {
                self.result_corrected(*by, *ending, reason)
            }
            Event::BoardRestored { by, board } => self.board_restored(*by, *board),
            Event::DrawOffered { by } => self.draw_offered(*by),
            Event::DrawDeclined { by } => self.draw_declined(*by),
            Event::DrawOfferLapsed => self.draw_offer_lapsed(),
            Event::DrawClaimed {
                by,
                kind,
                uci,
                correct,
                bonus_ms,
                taken_ms,
            } => self.draw_claimed(*by, *kind, uci.as_ref(), *correct, *bonus_ms, *taken_ms),
            Event::FlagFell { color } => self.flag_fell(*color),
            Event::ClockTold {
                by,
                color,
                white_moves,
                black_moves,
            } => self.clock_told(*by, *color, *white_moves, *black_moves),
            Event::ClockWarnings { by, color, on } => self.clock_warnings(*by, *color, *on),
            Event::ClockWarning {
                color,
                remaining_ms,
            } => self.clock_warning(*color, *remaining_ms),
            Event::SheetWritten { .. }
            | Event::SheetStruck { .. }
            | Event::SheetAutoRecord { .. }
            | Event::BoardsDiverged { .. }
            | Event::Ruled { .. }
            | Event::BoardFixed { .. }
            | Event::Reconciled
            | Event::AdjournmentCalled { .. }
            | Event::MoveSealed { .. }
            | Event::Adjourned { .. }
            | Event::SealOpened { .. } => desk_event::event_body(self.seat, self.lang, self.p),
        }
    }
}

/// The first of de, tr, en named in an `Accept-Language` header; English otherwise.
pub fn lang_from_accept(header: Option<&str>) -> Lang {
    header
        .into_iter()
        .flat_map(|h| h.split(','))
        .filter_map(|part| {
            let tag = part.split(';').next()?.trim();
            tag.split('-').next()?.parse::<Lang>().ok()
        })
        .next()
        .unwrap_or(Lang::En)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language() {
        assert_eq!(
            lang_from_accept(Some("fr-CH, tr;q=0.9, de;q=0.8")),
            Lang::Tr
        );
        assert_eq!(lang_from_accept(Some("de-DE")), Lang::De);
        assert_eq!(lang_from_accept(None), Lang::En);
    }
}
