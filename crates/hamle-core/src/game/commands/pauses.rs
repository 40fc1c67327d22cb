//! The arbiter's hold on the time: pausing the game (the clocks stop), resuming it (the side
//! to move's clock runs again once the clock has started), and setting one side's remaining
//! time. A pause with no seat is the server's, after a restart.

use shakmaty::Color;

use super::{Applied, ClockEffect};
use crate::game::{Decided, Event, Game, MAX_CLOCK_MS, Refusal, Seat, Status};

impl Game {
    /// [`Command::Pause`](crate::game::Command::Pause): only while playing.
    pub(in crate::game) fn decide_pause(&self, seat: Seat, now: u64) -> Decided {
        match self.status {
            Status::Waiting => Err(Refusal::NotStarted),
            Status::Over(_) => Err(Refusal::GameOver),
            Status::Paused { .. } => Err(Refusal::GamePaused),
            Status::Playing => {
                let mut clock = self.clock.clone();
                clock.stop(now);
                let e = Event::Paused { by: Some(seat) };
                Ok(vec![(e, clock.reading(now))])
            }
        }
    }

    /// [`Command::Resume`](crate::game::Command::Resume): only while paused.
    pub(in crate::game) fn decide_resume(&self, seat: Seat, now: u64) -> Decided {
        match self.status {
            Status::Waiting => Err(Refusal::NotStarted),
            Status::Over(_) => Err(Refusal::GameOver),
            Status::Playing => Err(Refusal::NotPaused),
            Status::Paused { .. } => {
                let mut clock = self.clock.clone();
                if self.clock_started() {
                    clock.start(self.turn(), now);
                }
                let e = Event::Resumed { by: seat };
                Ok(vec![(e, clock.reading(now))])
            }
        }
    }

    /// [`Command::SetClock`](crate::game::Command::SetClock): at most a day.
    pub(in crate::game) fn decide_set_clock(
        &self,
        seat: Seat,
        color: Color,
        remaining_ms: u64,
        now: u64,
    ) -> Decided {
        self.not_over()?;
        if remaining_ms > MAX_CLOCK_MS {
            return Err(Refusal::InvalidTime);
        }
        let mut clock = self.clock.clone();
        clock.set(color, remaining_ms, now);
        let e = Event::ClockSet {
            by: seat,
            color,
            remaining_ms,
        };
        Ok(vec![(e, clock.reading(now))])
    }

    /// [`Event::Paused`]: the game waits.
    pub(in crate::game) fn apply_paused(&mut self, by: Option<Seat>) -> Applied {
        self.status = Status::Paused { by };
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::Resumed`]: play goes on (and a touch report's hold is over).
    pub(in crate::game) fn apply_resumed(&mut self) -> Applied {
        self.status = Status::Playing;
        self.warned = None;
        self.touch_hold = false;
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::ClockSet`]: the clocks take the event's reading; warnings start afresh.
    pub(in crate::game) fn apply_clock_set(&mut self) -> Applied {
        self.warned = None;
        Ok(ClockEffect::FromReading)
    }
}
