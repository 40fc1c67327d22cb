//! Events on the wire: a published event as the [`EventMsg`] one seat gets, its fields from the
//! domain values and its `text` from the words layer ([`crate::words::events`]).

use shakmaty::Color;

use crate::announce::Lang;
use crate::game::{Event, Seat};
use crate::server::wire::{EventBody, EventMsg, color_key};
use crate::words::Published;
use crate::words::events::{pause_reason, text_for};

/// A published event as the wire message for `seat`, listening in `lang`. An event private
/// to another side comes as a numbered placeholder (`kind: private`).
/// With `captured` (the connection hears the piece a move captures, issue 15), a move's
/// `short` names it ("König schlägt Dame David acht").
pub fn event_for(seat: Seat, lang: Lang, captured: bool, p: &Published) -> EventMsg {
    let rec = &p.rec;
    let text = || text_for(seat, lang, p);
    let body = if !rec.event.visible_to(seat) {
        EventBody::Private {}
    } else {
        match (&rec.event, &p.mv) {
            (Event::Moved { by, .. }, Some(mv)) => {
                let short = if captured {
                    mv.said.captured(lang)
                } else {
                    mv.said.short(lang)
                };
                let (short, full) = (short.to_owned(), mv.said.full(lang).to_owned());
                EventBody::Move {
                    by: by.key(),
                    color: color_key(mv.color),
                    ply: mv.ply,
                    number: mv.number,
                    uci: mv.uci.clone(),
                    san: mv.san.clone(),
                    fen: mv.fen.clone(),
                    turn: color_key(!mv.color),
                    short,
                    full,
                }
            }
            (Event::Moved { by, uci }, None) => {
                // Not reached: the actor publishes every move with its words. Say nothing
                // rather than fail a live game.
                debug_assert!(false, "move {uci} published without words");
                EventBody::Move {
                    by: by.key(),
                    color: color_key(by.side().unwrap_or(Color::White)),
                    ply: 0,
                    number: 0,
                    uci: uci.to_string(),
                    san: String::new(),
                    fen: String::new(),
                    turn: color_key(!by.side().unwrap_or(Color::White)),
                    short: String::new(),
                    full: String::new(),
                }
            }
            (Event::Paused { by }, _) => EventBody::Pause {
                by: by.map(|s| s.key()),
                reason: pause_reason(*by),
                text: text(),
            },
            (Event::Resumed { by }, _) => EventBody::Resume {
                by: by.key(),
                text: text(),
            },
            (
                Event::ClockSet {
                    by,
                    color,
                    remaining_ms,
                },
                _,
            ) => EventBody::ClockSet {
                by: by.key(),
                color: color_key(*color),
                remaining_ms: *remaining_ms,
                text: text(),
            },
            (Event::Ended { ending, by }, _) => EventBody::End {
                by: by.map(|s| s.key()),
                result: ending.result.pgn(),
                reason: ending.reason.key(),
                text: text(),
            },
            (Event::Board { by, board, op }, _) => {
                let (square, to, promotion) = op.parts();
                EventBody::Board {
                    by: by.key(),
                    board: color_key(*board),
                    action: op.key(),
                    square: square.to_string(),
                    to: to.map(|t| t.to_string()),
                    promotion: promotion.map(|r| r.char().to_string()),
                    matches: p.board_matches.unwrap_or(false),
                    differs: p.board_shows.is_some(),
                    text: text(),
                }
            }
            (Event::Adjusting { by }, _) => EventBody::Adjusting {
                by: by.key(),
                text: text(),
            },
            (
                Event::Announced {
                    by,
                    uci,
                    correction,
                },
                _,
            ) => EventBody::Announce {
                by: by.key(),
                uci: uci.to_string(),
                correction: *correction,
                said: heard(p, lang),
                text: text(),
            },
            (Event::Repeated { by, uci, matches }, _) => EventBody::Repeat {
                by: by.key(),
                uci: uci.to_string(),
                matches: *matches,
                said: heard(p, lang),
                text: text(),
            },
            (
                Event::IllegalMove {
                    by,
                    color,
                    from,
                    to,
                    count,
                    penalty_ms,
                },
                _,
            ) => EventBody::IllegalMove {
                by: by.key(),
                color: color_key(*color),
                from: from.to_string(),
                to: to.to_string(),
                count: *count,
                penalty_ms: *penalty_ms,
                text: text(),
            },
            (
                Event::IllegalAnnounced {
                    by,
                    color,
                    uci,
                    count,
                    penalty_ms,
                },
                _,
            ) => EventBody::IllegalAnnounced {
                by: by.key(),
                color: color_key(*color),
                uci: uci.as_ref().map(|u| u.to_string()),
                count: *count,
                penalty_ms: *penalty_ms,
                text: text(),
            },
            (Event::Started { by }, _) => EventBody::Started {
                by: by.key(),
                turn: color_key(rec.clock.running.unwrap_or(Color::White)),
                text: text(),
            },
            (Event::Arrived { by, color }, _) => EventBody::Arrived {
                by: by.key(),
                color: color_key(*color),
                text: text(),
            },
            (Event::DefaultTimeOver { color }, _) => EventBody::DefaultTimeOver {
                color: color_key(*color),
                text: text(),
            },
            (Event::TouchReported { by, color, square }, _) => EventBody::TouchReported {
                by: by.key(),
                color: color_key(*color),
                square: square.to_string(),
                text: text(),
            },
            (Event::TouchRuled { by, upheld }, _) => EventBody::TouchRuled {
                by: by.key(),
                upheld: *upheld,
                text: text(),
            },
            (Event::BoardRestored { by, board }, _) => EventBody::BoardRestored {
                by: by.key(),
                board: color_key(*board),
                text: text(),
            },
            (Event::DrawOffered { by }, _) => EventBody::DrawOffer {
                by: by.key(),
                text: text(),
            },
            (Event::DrawDeclined { by }, _) => EventBody::DrawDeclined {
                by: by.key(),
                text: text(),
            },
            (Event::DrawOfferLapsed, _) => EventBody::DrawOfferLapsed { text: text() },
            (
                Event::DrawClaimed {
                    by,
                    kind,
                    uci,
                    correct,
                    bonus_ms,
                    taken_ms,
                },
                _,
            ) => EventBody::DrawClaim {
                by: by.key(),
                claim: kind.key(),
                uci: uci.as_ref().map(|u| u.to_string()),
                correct: *correct,
                bonus_ms: *bonus_ms,
                taken_ms: *taken_ms,
                text: text(),
            },
            (Event::FlagFell { color }, _) => EventBody::FlagFell {
                color: color_key(*color),
                text: text(),
            },
            (
                Event::ClockTold {
                    by,
                    color,
                    white_moves,
                    black_moves,
                },
                _,
            ) => EventBody::TalkingClock {
                by: by.key(),
                color: color_key(*color),
                white_moves: *white_moves,
                black_moves: *black_moves,
                text: text(),
            },
            (Event::ClockWarnings { by, color, on }, _) => EventBody::ClockWarnings {
                by: by.key(),
                color: color_key(*color),
                on: *on,
                text: text(),
            },
            (
                Event::ClockWarning {
                    color,
                    remaining_ms,
                },
                _,
            ) => EventBody::ClockWarning {
                color: color_key(*color),
                remaining_ms: *remaining_ms,
                text: text(),
            },
            (
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
                | Event::SealOpened { .. },
                _,
            ) => crate::server::render::desk_event::event_body(seat, lang, p),
        }
    };
    EventMsg {
        seq: rec.seq,
        at_ms: rec.at_ms,
        clock: rec.clock.into(),
        body,
    }
}

/// The move an announcement, a repetition or a claim named, said short in `lang`.
fn heard(p: &Published, lang: Lang) -> String {
    p.heard
        .as_ref()
        .map(|w| w.short(lang).to_owned())
        .unwrap_or_default()
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
