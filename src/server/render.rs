//! Sentences for the wire, from Fluent (`locales/<lang>/server.ftl` and, for announcements,
//! `announce.ftl` through [`crate::say::Speaker`]).

use fluent_bundle::FluentValue;
use shakmaty::Color;

use super::actor::Published;
use super::wire::{EventBody, EventMsg, color_key};
use crate::announce::Lang;
use crate::game::{BoardError, BoardOp, Event, GameResult, Refusal, Seat};
use crate::i18n::{Args, Messages};
use crate::say::Speaker;

/// A localised message with string arguments.
pub fn text(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    let mut a = Args::new();
    for (k, v) in args {
        a.set(*k, v.clone());
    }
    Messages::global().format(lang, id, Some(&a))
}

/// The sentence for an error code: message `error-<code with dashes>`.
pub fn error(lang: Lang, code: &str, args: &[(&str, String)]) -> String {
    text(lang, &format!("error-{}", code.replace('_', "-")), args)
}

/// A colour's name.
pub fn color_name(lang: Lang, color: Color) -> String {
    text(
        lang,
        "color-name",
        &[("color", color_key(color).to_owned())],
    )
}

/// A time in minutes and seconds (rounded down to the second).
pub fn clock_time(lang: Lang, ms: u64) -> String {
    let secs = ms / 1000;
    let mut a = Args::new();
    a.set("minutes", FluentValue::from(secs / 60));
    a.set("seconds", FluentValue::from(secs % 60));
    Messages::global()
        .format(lang, "clock-time", Some(&a))
        .trim()
        .to_owned()
}

fn result_key(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "white",
        GameResult::BlackWins => "black",
        GameResult::Draw => "draw",
    }
}

/// A published event as the wire message for `seat`, listening in `lang`. An event private
/// to another side comes as a numbered placeholder (`kind: private`).
pub fn event_for(seat: Seat, lang: Lang, p: &Published) -> EventMsg {
    let rec = &p.rec;
    let sp = Speaker::new(lang);
    let seat_key = |s: &Seat| s.key();
    let li = lang as usize;
    let said = |words: &Option<[String; 3]>| words.as_ref().map(|w| w[li].clone());
    let body = if !rec.event.visible_to(seat) {
        EventBody::Private {}
    } else {
        match (&rec.event, &p.mv) {
            (Event::Moved { by, .. }, Some(mv)) => {
                let [short, full] = mv.said[li].clone();
                EventBody::Move {
                    by: by.key(),
                    color: color_key(mv.color),
                    ply: mv.ply,
                    number: mv.number,
                    uci: mv.uci.clone(),
                    san: mv.san.clone(),
                    fen: mv.fen.clone(),
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
                    short: String::new(),
                    full: String::new(),
                }
            }
            (Event::Paused { by }, _) => {
                let reason = if by.is_some() { "arbiter" } else { "restart" };
                EventBody::Pause {
                    by: by.map(|s| s.key()),
                    reason,
                    text: text(lang, "event-pause", &[("reason", reason.to_owned())]),
                }
            }
            (Event::Resumed { by }, _) => EventBody::Resume {
                by: by.key(),
                text: text(lang, "event-resume", &[]),
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
                text: text(
                    lang,
                    "event-clock-set",
                    &[
                        ("color", color_name(lang, *color)),
                        ("time", clock_time(lang, *remaining_ms)),
                    ],
                ),
            },
            (Event::Ended { ending, by }, _) => EventBody::End {
                by: by.map(|s| s.key()),
                result: ending.result.pgn(),
                reason: ending.reason.key(),
                text: text(
                    lang,
                    "event-end",
                    &[
                        ("reason", ending.reason.key().to_owned()),
                        ("result", result_key(ending.result).to_owned()),
                    ],
                ),
            },
            (Event::Board { by, board, op }, _) => {
                let (square, to, promotion) = match *op {
                    BoardOp::Lift(s) | BoardOp::Remove(s) | BoardOp::Touch(s) => (s, None, None),
                    BoardOp::Place { square, promotion } => (square, None, promotion),
                    BoardOp::Move {
                        from,
                        to,
                        promotion,
                    } => (from, Some(to), promotion),
                };
                let piece = p.piece.map(|r| sp.piece(r)).unwrap_or_default();
                let mut sentence = text(
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
                if let Some(w) = &warning {
                    sentence = format!("{sentence} {w}");
                }
                EventBody::Board {
                    by: by.key(),
                    board: color_key(*board),
                    action: op.key(),
                    square: square.to_string(),
                    to: to.map(|t| t.to_string()),
                    promotion: promotion.map(|r| r.char().to_string()),
                    matches: p.board_matches.unwrap_or(false),
                    differs: warning.is_some(),
                    text: sentence,
                }
            }
            (Event::Adjusting { by }, _) => EventBody::Adjusting {
                by: seat_key(by),
                text: text(lang, "event-adjusting", &[("seat", seat_name(lang, *by))]),
            },
            (
                Event::Announced {
                    by,
                    uci,
                    correction,
                },
                _,
            ) => {
                let words = said(&p.heard).unwrap_or_default();
                EventBody::Announce {
                    by: by.key(),
                    uci: uci.to_string(),
                    correction: *correction,
                    said: words.clone(),
                    text: text(
                        lang,
                        "event-announced",
                        &[
                            ("seat", seat_name(lang, *by)),
                            ("move", words),
                            ("correction", correction.to_string()),
                        ],
                    ),
                }
            }
            (Event::Repeated { by, uci, matches }, _) => {
                let words = said(&p.heard).unwrap_or_default();
                EventBody::Repeat {
                    by: by.key(),
                    uci: uci.to_string(),
                    matches: *matches,
                    said: words.clone(),
                    text: text(
                        lang,
                        "event-repeated",
                        &[
                            ("seat", seat_name(lang, *by)),
                            ("move", words),
                            ("expected", said(&p.expected).unwrap_or_default()),
                            ("matches", matches.to_string()),
                        ],
                    ),
                }
            }
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
                text: {
                    let mut a = Args::new();
                    a.set("color", color_name(lang, *color));
                    a.set("opponent", color_name(lang, !*color));
                    a.set("from", sp.square(*from));
                    a.set("to", sp.square(*to));
                    a.set("time", clock_time(lang, *penalty_ms));
                    a.set("count", FluentValue::from(*count));
                    Messages::global().format(lang, "event-illegal-move", Some(&a))
                },
            },
            (Event::TouchReported { by, color, square }, _) => EventBody::TouchReported {
                by: by.key(),
                color: color_key(*color),
                square: square.to_string(),
                text: text(
                    lang,
                    "event-touch-reported",
                    &[
                        ("color", color_name(lang, *color)),
                        ("square", sp.square(*square)),
                    ],
                ),
            },
            (Event::TouchRuled { by, upheld }, _) => EventBody::TouchRuled {
                by: by.key(),
                upheld: *upheld,
                text: text(lang, "event-touch-ruled", &[("upheld", upheld.to_string())]),
            },
            (Event::BoardRestored { by, board }, _) => EventBody::BoardRestored {
                by: by.key(),
                board: color_key(*board),
                text: text(
                    lang,
                    "event-board-restored",
                    &[("board", color_name(lang, *board))],
                ),
            },
            (Event::DrawOffered { by }, _) => EventBody::DrawOffer {
                by: by.key(),
                text: text(
                    lang,
                    "event-draw-offered",
                    &[("seat", seat_name(lang, *by))],
                ),
            },
            (Event::DrawDeclined { by }, _) => EventBody::DrawDeclined {
                by: by.key(),
                text: text(
                    lang,
                    "event-draw-declined",
                    &[("seat", seat_name(lang, *by))],
                ),
            },
            (Event::DrawOfferLapsed, _) => EventBody::DrawOfferLapsed {
                text: text(lang, "event-draw-offer-lapsed", &[]),
            },
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
                text: text(
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
            },
            (Event::FlagFell { color }, _) => EventBody::FlagFell {
                color: color_key(*color),
                text: text(
                    lang,
                    "event-flag-fell",
                    &[("color", color_name(lang, *color))],
                ),
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
                text: {
                    let mut a = Args::new();
                    a.set("white", clock_time(lang, rec.clock.white_ms));
                    a.set("black", clock_time(lang, rec.clock.black_ms));
                    a.set("white_moves", FluentValue::from(*white_moves));
                    a.set("black_moves", FluentValue::from(*black_moves));
                    Messages::global().format(lang, "event-talking-clock", Some(&a))
                },
            },
            (Event::ClockWarnings { by, color, on }, _) => EventBody::ClockWarnings {
                by: by.key(),
                color: color_key(*color),
                on: *on,
                text: text(lang, "event-clock-warnings", &[("on", on.to_string())]),
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
                text: text(
                    lang,
                    "event-clock-warning",
                    &[("time", clock_time(lang, *remaining_ms))],
                ),
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
            ) => super::desk::event_body(seat, lang, p),
        }
    };
    EventMsg {
        seq: rec.seq,
        at_ms: rec.at_ms,
        clock: rec.clock.into(),
        body,
    }
}

/// A seat's name.
pub fn seat_name(lang: Lang, seat: Seat) -> String {
    text(lang, "seat-name", &[("seat", seat.key().to_owned())])
}

/// A refusal of the game as a code and a sentence in `lang`; `mv` is what was said or
/// written, for the messages that repeat it.
pub fn refusal_of(lang: Lang, refusal: &Refusal, mv: &str) -> (&'static str, String) {
    let sp = Speaker::new(lang);
    let code = refusal.code();
    let message = match refusal {
        Refusal::Board(e) => {
            let (reason, square) = match *e {
                BoardError::NoPiece(s) => ("no_piece", Some(s)),
                BoardError::Occupied(s) => ("occupied", Some(s)),
                BoardError::HandFull => ("hand_full", None),
                BoardError::HandEmpty => ("hand_empty", None),
                BoardError::BadPromotion(s) => ("bad_promotion", Some(s)),
                BoardError::TouchOnTactile => ("touch_on_tactile", None),
                BoardError::OwnPiece(s) => ("own_piece", Some(s)),
            };
            error(
                lang,
                code,
                &[
                    ("reason", reason.to_owned()),
                    ("square", square.map(|s| sp.square(s)).unwrap_or_default()),
                ],
            )
        }
        Refusal::TouchMove { rule, square } => error(
            lang,
            code,
            &[
                ("rule", rule.key().to_owned()),
                ("square", sp.square(*square)),
            ],
        ),
        Refusal::NotMade(missing) => {
            let mut parts = vec![error(lang, code, &[])];
            if missing.announcement {
                parts.push(text(lang, "missing-announcement", &[]));
            }
            if let Some(s) = missing.capture {
                parts.push(text(lang, "missing-capture", &[("square", sp.square(s))]));
            }
            if let Some(s) = missing.placement {
                parts.push(text(lang, "missing-placement", &[("square", sp.square(s))]));
            }
            if missing.board_differs {
                parts.push(text(lang, "missing-board", &[]));
            }
            if missing.announcement_differs {
                parts.push(text(lang, "missing-same-move", &[]));
            }
            parts.join(" ")
        }
        _ => error(lang, code, &[("move", mv.to_owned())]),
    };
    (code, message)
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

/// A refusal of the table: its code and its sentence in `lang`.
pub fn table_refusal(lang: Lang, r: &crate::table::TableRefusal) -> (&'static str, String) {
    use crate::table::TableRefusal;
    match r {
        TableRefusal::Play { refusal, said } => refusal_of(lang, refusal, said),
        TableRefusal::Desk(d) => super::desk::refusal(lang, *d),
        TableRefusal::BadUci(said) => {
            ("bad_uci", error(lang, "bad_uci", &[("move", said.clone())]))
        }
        TableRefusal::Words { error, pos } => {
            (error.code(), Speaker::new(lang).say_error(pos, error))
        }
    }
}

/// The question before a resignation, a draw offer or a claim.
pub fn confirm(lang: Lang, c: super::actor::Confirmation) -> String {
    use super::actor::Confirmation;
    match c {
        Confirmation::Resign => text(lang, "confirm-resign", &[]),
        Confirmation::OfferDraw => text(lang, "confirm-offer-draw", &[]),
        Confirmation::ClaimDraw(kind) => text(
            lang,
            "confirm-claim-draw",
            &[("claim", kind.key().to_owned())],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times() {
        assert_eq!(clock_time(Lang::De, 300_000), "5 Minuten");
        assert_eq!(clock_time(Lang::De, 61_500), "eine Minute und eine Sekunde");
        assert_eq!(clock_time(Lang::En, 42_000), "42 seconds");
        assert_eq!(clock_time(Lang::Tr, 125_000), "2 dakika 5 saniye");
    }

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
