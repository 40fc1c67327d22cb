//! Sentences for the wire, from Fluent (`locales/<lang>/server.ftl` and, for announcements,
//! `announce.ftl` through [`crate::say::Speaker`]).

use fluent_bundle::FluentValue;
use shakmaty::Color;

use super::actor::Published;
use super::wire::{EventBody, EventMsg, color_key};
use crate::announce::Lang;
use crate::game::{Event, GameResult};
use crate::i18n::{Args, Messages};

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

/// A published event as the wire message for a client listening in `lang`.
pub fn event(lang: Lang, p: &Published) -> EventMsg {
    let rec = &p.rec;
    let body = match (&rec.event, &p.mv) {
        (Event::Moved { by, .. }, Some(mv)) => {
            let [short, full] = mv.said[lang as usize].clone();
            EventBody::Move {
                by: by.key(),
                color: color_key(mv.color),
                ply: mv.ply,
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
    };
    EventMsg {
        seq: rec.seq,
        at_ms: rec.at_ms,
        clock: rec.clock.into(),
        body,
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
