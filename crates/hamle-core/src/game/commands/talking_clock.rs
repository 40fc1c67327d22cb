//! The talking clock (F5), for the visually impaired player: both times and move counts told
//! to the asking side only, and the time warnings he may turn on (at
//! [`WARNINGS_MS`](crate::game::WARNINGS_MS) left).

use shakmaty::Color;

use super::{Applied, ClockEffect};
use crate::game::{ClockReading, Decided, Event, Game, Permission, Refusal, Seat};

impl Game {
    /// [`Command::TalkingClock`](crate::game::Command::TalkingClock) (`warnings: None`) or
    /// [`Command::Warnings`](crate::game::Command::Warnings) (`Some(on)`).
    pub(in crate::game) fn decide_talking_clock(
        &self,
        seat: Seat,
        warnings: Option<bool>,
        now: u64,
    ) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::TalkingClock(color))?;
        if !self.setup.player(color).visually_impaired {
            return Err(Refusal::NotVisuallyImpaired);
        }
        let e = match warnings {
            Some(on) => {
                self.not_over()?;
                Event::ClockWarnings {
                    by: seat,
                    color,
                    on,
                }
            }
            None => Event::ClockTold {
                by: seat,
                color,
                white_moves: self.clock.moves(Color::White),
                black_moves: self.clock.moves(Color::Black),
            },
        };
        Ok(vec![(e, self.clock.reading(now))])
    }

    /// [`Event::ClockWarnings`]: `color`'s warnings on or off.
    pub(in crate::game) fn apply_clock_warnings(
        &mut self,
        color: Color,
        on: bool,
        reading: ClockReading,
    ) -> Applied {
        *self.warnings.get_mut(color) = on;
        // Opting in while his own clock runs: the thresholds already passed in this
        // stretch are not warned of afterwards (never a stale, back-dated warning).
        if on && reading.running == Some(color) {
            let left = match color {
                Color::White => reading.white_ms,
                Color::Black => reading.black_ms,
            };
            self.warned = Some(self.warned.map_or(left, |w| w.min(left)));
        }
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::ClockWarning`]: the warning given, not to be given again in this stretch.
    pub(in crate::game) fn apply_clock_warning(&mut self, remaining_ms: u64) -> Applied {
        self.warned = Some(remaining_ms);
        Ok(ClockEffect::Unchanged)
    }
}
