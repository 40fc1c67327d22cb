//! The sentences of the clocks: the start and the players' arrival (with the default time),
//! pauses and resumptions, a time set by the arbiter, a fallen flag, the talking clock and its
//! warnings.

use fluent_bundle::FluentValue;
use shakmaty::Color;

use super::{Teller, pause_reason};
use crate::game::Seat;
use crate::words::i18n::Args;
use crate::words::{clock_time, color_name, format, text};

impl Teller<'_> {
    /// The arbiter started the game: the side whose clock runs.
    pub(super) fn started(&self) -> String {
        let running = self.p.rec.clock.running.unwrap_or(Color::White);
        text(
            self.lang,
            "event-started",
            &[("color", color_name(self.lang, running))],
        )
    }

    /// A player arrived at the game.
    pub(super) fn arrived(&self, color: Color) -> String {
        text(
            self.lang,
            "event-arrived",
            &[("color", color_name(self.lang, color))],
        )
    }

    /// A seat's link issued again by the arbiter.
    pub(super) fn seat_link_issued(&self, seat: Seat) -> String {
        text(
            self.lang,
            "event-seat-link-issued",
            &[("seat", seat.key().to_owned())],
        )
    }

    /// The default time is over and this player has not arrived.
    pub(super) fn default_time_over(&self, color: Color) -> String {
        text(
            self.lang,
            "event-default-time-over",
            &[("color", color_name(self.lang, color))],
        )
    }

    /// The clocks stopped: by the arbiter, or after a restart.
    pub(super) fn paused(&self, by: Option<Seat>) -> String {
        text(
            self.lang,
            "event-pause",
            &[("reason", pause_reason(by).to_owned())],
        )
    }

    /// The clocks run again.
    pub(super) fn resumed(&self) -> String {
        text(self.lang, "event-resume", &[])
    }

    /// The arbiter set one side's remaining time.
    pub(super) fn clock_set(&self, color: Color, remaining_ms: u64) -> String {
        let lang = self.lang;
        text(
            lang,
            "event-clock-set",
            &[
                ("color", color_name(lang, color)),
                ("time", clock_time(lang, remaining_ms)),
            ],
        )
    }

    /// A flag fell.
    pub(super) fn flag_fell(&self, color: Color) -> String {
        text(
            self.lang,
            "event-flag-fell",
            &[("color", color_name(self.lang, color))],
        )
    }

    /// The talking clock: both times (the record's clock) and both move counts.
    pub(super) fn clock_told(&self, white_moves: u32, black_moves: u32) -> String {
        let lang = self.lang;
        let clock = &self.p.rec.clock;
        let mut a = Args::new();
        a.set("white", clock_time(lang, clock.white_ms));
        a.set("black", clock_time(lang, clock.black_ms));
        a.set("white_moves", FluentValue::from(white_moves));
        a.set("black_moves", FluentValue::from(black_moves));
        format(lang, "event-talking-clock", &a)
    }

    /// The talking clock's warnings turned on or off.
    pub(super) fn clock_warnings(&self, on: bool) -> String {
        text(self.lang, "event-clock-warnings", &[("on", on.to_string())])
    }

    /// A time warning: the time left.
    pub(super) fn clock_warning(&self, remaining_ms: u64) -> String {
        text(
            self.lang,
            "event-clock-warning",
            &[("time", clock_time(self.lang, remaining_ms))],
        )
    }
}
