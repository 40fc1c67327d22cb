//! The clocks on the wire: the start and the players' arrival (with the default time), pauses
//! and resumptions, a time set by the arbiter, a fallen flag, the talking clock and its
//! warnings.

use shakmaty::Color;

use super::Renderer;
use crate::game::Seat;
use crate::server::wire::{EventBody, color_key};
use crate::words::events::pause_reason;

impl Renderer<'_> {
    /// The arbiter started the game: whose clock runs.
    pub(super) fn started(&self, by: Seat) -> EventBody {
        EventBody::Started {
            by: by.key(),
            turn: color_key(self.p.rec.clock.running.unwrap_or(Color::White)),
            text: self.text(),
        }
    }

    /// A player arrived at the game.
    pub(super) fn arrived(&self, by: Seat, color: Color) -> EventBody {
        EventBody::Arrived {
            by: by.key(),
            color: color_key(color),
            text: self.text(),
        }
    }

    /// A seat's link issued again by the arbiter (its token's hash is not shown).
    pub(super) fn seat_link_issued(&self, by: Seat, seat: Seat) -> EventBody {
        EventBody::SeatLinkIssued {
            by: by.key(),
            seat: seat.key(),
            text: self.text(),
        }
    }

    /// The default time is over and this player has not arrived.
    pub(super) fn default_time_over(&self, color: Color) -> EventBody {
        EventBody::DefaultTimeOver {
            color: color_key(color),
            text: self.text(),
        }
    }

    /// The clocks stopped: by the arbiter, or after a restart.
    pub(super) fn paused(&self, by: Option<Seat>) -> EventBody {
        EventBody::Pause {
            by: by.map(|s| s.key()),
            reason: pause_reason(by),
            text: self.text(),
        }
    }

    /// The clocks run again.
    pub(super) fn resumed(&self, by: Seat) -> EventBody {
        EventBody::Resume {
            by: by.key(),
            text: self.text(),
        }
    }

    /// The arbiter set one side's remaining time.
    pub(super) fn clock_set(&self, by: Seat, color: Color, remaining_ms: u64) -> EventBody {
        EventBody::ClockSet {
            by: by.key(),
            color: color_key(color),
            remaining_ms,
            text: self.text(),
        }
    }

    /// A flag fell.
    pub(super) fn flag_fell(&self, color: Color) -> EventBody {
        EventBody::FlagFell {
            color: color_key(color),
            text: self.text(),
        }
    }

    /// The talking clock: both move counts (the times are the message's clock).
    pub(super) fn clock_told(
        &self,
        by: Seat,
        color: Color,
        white_moves: u32,
        black_moves: u32,
    ) -> EventBody {
        EventBody::TalkingClock {
            by: by.key(),
            color: color_key(color),
            white_moves,
            black_moves,
            text: self.text(),
        }
    }

    /// The talking clock's warnings turned on or off.
    pub(super) fn clock_warnings(&self, by: Seat, color: Color, on: bool) -> EventBody {
        EventBody::ClockWarnings {
            by: by.key(),
            color: color_key(color),
            on,
            text: self.text(),
        }
    }

    /// A time warning.
    pub(super) fn clock_warning(&self, color: Color, remaining_ms: u64) -> EventBody {
        EventBody::ClockWarning {
            color: color_key(color),
            remaining_ms,
            text: self.text(),
        }
    }
}
