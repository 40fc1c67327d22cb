//! The words layer: every sentence any seat hears or reads, made in one place from domain
//! values (the table's events and refusals, the seat, the language), through Fluent
//! (`locales/<lang>/*.ftl`).
//!
//! - [`i18n`]: the Fluent bundles (the `.ftl` files embedded at build time, isolation marks
//!   off), the only place that formats a message.
//! - [`speaker`]: moves, squares, pieces and the reasons an announcement is refused
//!   (`announce.ftl`).
//! - [`published`]: what is said about an event, made once when it is published (each move in
//!   every language and both styles; the moves an announcement, a repetition or a board named).
//! - [`events`]: the sentence of every event for one seat in its language (`server.ftl`,
//!   `scoresheet.ftl`): what the wire's `text` carries and what speech says.
//! - [`refusals`]: why the table refused, and the question before resigning, offering or
//!   claiming.
//! - [`sheet`]: scoresheets, rulings, adjournment and the scoresheet's text (and so its BRF).
//! - [`eboard`]: what a seat hears about its electronic board (issue 33).
//! - [`practice`]: a game against the computer's aids: a hint, who stands better
//!   (`engine.ftl`).
//!
//! It sits above the pure core (announce, game, scoresheet, table), which makes no sentence,
//! and below the shell that sends or speaks them (server, speech, braille, cli, voice). No
//! Rust here glues words: a sentence with several parts, or a list of sentences, is one
//! Fluent message ([`sentences`] folds a list through the `sentences` message).

pub mod eboard;
pub mod events;
pub mod i18n;
pub mod practice;
pub mod published;
pub mod queries;
pub mod refusals;
pub mod report;
pub mod sheet;
pub mod speaker;

use fluent_bundle::FluentValue;
use shakmaty::Color;

use crate::announce::Lang;
use crate::game::Seat;
pub use published::{MoveWords, Published};
pub use speaker::Speaker;

use i18n::{Args, Messages};

/// A colour's key in messages and on the wire.
pub(crate) fn color_key(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A localised message with string arguments.
pub fn text(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    let mut a = Args::new();
    for (k, v) in args {
        a.set(*k, v.clone());
    }
    Messages::global().format(lang, id, Some(&a))
}

/// A localised message with arguments of any Fluent type (numbers select plural forms).
pub(crate) fn format(lang: Lang, id: &str, args: &Args) -> String {
    Messages::global().format(lang, id, Some(args))
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

/// A seat's name.
pub fn seat_name(lang: Lang, seat: Seat) -> String {
    text(lang, "seat-name", &[("seat", seat.key().to_owned())])
}

/// A time in minutes and seconds (rounded down to the second).
pub fn clock_time(lang: Lang, ms: u64) -> String {
    let secs = ms / 1000;
    let mut a = Args::new();
    a.set("minutes", FluentValue::from(secs / 60));
    a.set("seconds", FluentValue::from(secs % 60));
    format(lang, "clock-time", &a).trim().to_owned()
}

/// Sentences said one after the other, as the language puts them (message `sentences`,
/// folded from the left); nothing for an empty list.
pub fn sentences<I>(lang: Lang, parts: I) -> String
where
    I: IntoIterator<Item = String>,
{
    parts
        .into_iter()
        .reduce(|first, next| text(lang, "sentences", &[("first", first), ("next", next)]))
        .unwrap_or_default()
}

/// Moves said short in a scoresheet's language, for the table's automatic recording.
pub struct SheetWords;

impl crate::table::MoveNames for SheetWords {
    fn short(&self, lang: Lang, pos: &shakmaty::Chess, m: shakmaty::Move) -> String {
        Speaker::new(lang).say_move(pos, m, crate::announce::Style::Short)
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
    fn sentences_follow_one_another() {
        for lang in Lang::ALL {
            assert_eq!(sentences(lang, Vec::new()), "");
            assert_eq!(sentences(lang, ["A.".to_owned()]), "A.");
            assert_eq!(
                sentences(lang, ["A.", "B.", "C."].map(str::to_owned)),
                "A. B. C."
            );
        }
    }
}
