//! The start of a game that waits for the arbiter (rules profile `wait_for_start`, Art. 6.5):
//! his start, each player's arrival, and the end of the default time (Art. 6.7.1) with a
//! player absent.

use shakmaty::Color;

use super::{Applied, ClockEffect};
use crate::game::{Decided, Event, Game, Refusal, Seat, Status};

impl Game {
    /// [`Command::Start`](crate::game::Command::Start): White's clock runs.
    pub(in crate::game) fn decide_start(&self, seat: Seat, now: u64) -> Decided {
        match self.status {
            Status::Waiting => {
                let mut clock = self.clock.clone();
                clock.start(self.turn(), now);
                Ok(vec![(Event::Started { by: seat }, clock.reading(now))])
            }
            Status::Over(_) => Err(Refusal::GameOver),
            _ => Err(Refusal::AlreadyStarted),
        }
    }

    /// [`Command::Arrive`](crate::game::Command::Arrive): the player of this seat has
    /// arrived, once.
    pub(in crate::game) fn decide_arrive(&self, seat: Seat, now: u64) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        if !self.setup.has_seat(seat) || !self.setup.profile.wait_for_start {
            return Err(Refusal::Forbidden);
        }
        self.not_over()?;
        if *self.arrived.get(color) {
            return Err(Refusal::AlreadyStarted);
        }
        let e = Event::Arrived { by: seat, color };
        Ok(vec![(e, self.clock.reading(now))])
    }

    /// [`Event::Started`]: play begins, and when.
    pub(in crate::game) fn apply_started(&mut self, at: u64) -> Applied {
        if self.status != Status::Waiting {
            return Err("a start of a game that is not waiting".to_owned());
        }
        self.status = Status::Playing;
        self.started_at = Some(at);
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::Arrived`]: `color`'s player is here.
    pub(in crate::game) fn apply_arrived(&mut self, color: Color) -> Applied {
        *self.arrived.get_mut(color) = true;
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::DefaultTimeOver`]: `color`'s absence was reported to the arbiter.
    pub(in crate::game) fn apply_default_time_over(&mut self, color: Color) -> Applied {
        *self.absence_told.get_mut(color) = true;
        Ok(ClockEffect::Unchanged)
    }
}
