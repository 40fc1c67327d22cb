//! A touch reported by the visually impaired player's assistant (D.2.10.5): the opponent, to
//! move, touched a piece; the arbiter upholds the report (the touch obliges, Art. 4) or not.
//! With the rules profile's `touch_stops_clock` the clocks stop until the ruling.
//!
//! The arbiter's release of a touch that was not deliberate (D.2.3 / Art. 4.2-4.3 bind only a
//! deliberate touch: a pawn knocked out of its hole and put back): the side to move's touches,
//! lifted on his board or upheld on a report, oblige him no more.

use shakmaty::{Color, Position, Square};

use super::{Applied, ClockEffect};
use crate::game::{
    BoardError, ClockReading, Decided, Event, Game, Permission, Refusal, Seat, Status, Touch,
};

impl Game {
    /// [`Command::ReportTouch`](crate::game::Command::ReportTouch): a piece on `square`
    /// touched by the opponent, who is to move.
    pub(in crate::game) fn decide_report_touch(
        &self,
        seat: Seat,
        square: Square,
        now: u64,
    ) -> Decided {
        let color = seat.side().map(|c| !c).ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::ReportTouch(color))?;
        self.playing()?;
        if self.turn() != color {
            return Err(Refusal::NotYourTurn);
        }
        if self.pos.board().piece_at(square).is_none() {
            return Err(Refusal::Board(BoardError::NoPiece(square)));
        }
        let e = Event::TouchReported {
            by: seat,
            color,
            square,
        };
        let mut clock = self.clock.clone();
        if self.setup.profile.touch_stops_clock && self.ply.report.is_none() {
            clock.stop(now);
        }
        Ok(vec![(e, clock.reading(now))])
    }

    /// [`Command::RuleTouch`](crate::game::Command::RuleTouch): the arbiter's ruling on the
    /// report; the clocks the report stopped run again.
    pub(in crate::game) fn decide_rule_touch(&self, seat: Seat, upheld: bool, now: u64) -> Decided {
        self.not_over()?;
        if self.ply.report.is_none() {
            return Err(Refusal::NoTouchReported);
        }
        let mut clock = self.clock.clone();
        if self.touch_hold && self.status == (Status::Paused { by: None }) {
            clock.start(self.turn(), now);
        }
        Ok(vec![(
            Event::TouchRuled { by: seat, upheld },
            clock.reading(now),
        )])
    }

    /// [`Command::ReleaseTouch`](crate::game::Command::ReleaseTouch): the side to move's
    /// touches released; refused when none obliges him.
    pub(in crate::game) fn decide_release_touch(&self, seat: Seat, now: u64) -> Decided {
        self.not_over()?;
        if self.ply.touches.is_empty() {
            return Err(Refusal::NoTouch);
        }
        let e = Event::TouchReleased {
            by: seat,
            color: self.turn(),
        };
        Ok(vec![(e, self.clock.reading(now))])
    }

    /// [`Event::TouchReleased`]: the side to move's touches oblige him no more.
    pub(in crate::game) fn apply_touch_released(&mut self, color: Color) -> Applied {
        if color != self.turn() {
            return Err(format!(
                "{color:?} is not to move: no touch of his to release"
            ));
        }
        self.ply.touches.clear();
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::TouchReported`]: the report waits for the ruling; the clocks stop meanwhile
    /// when the event's reading has them stopped (rules profile), or run on.
    pub(in crate::game) fn apply_touch_reported(
        &mut self,
        color: Color,
        square: Square,
        reading: ClockReading,
        at: u64,
    ) -> Applied {
        // The clocks stop while the report waits (rules profile), or run on.
        let effect = if reading.running.is_none() && self.status == Status::Playing {
            if self.clock.reading(at).running.is_some() || self.clock_started() {
                self.touch_hold = true;
                self.status = Status::Paused { by: None };
            }
            ClockEffect::FromReading
        } else {
            ClockEffect::Unchanged
        };
        self.ply.report = Some((color, square));
        Ok(effect)
    }

    /// [`Event::TouchRuled`]: the hold is over if the ruling's reading starts the clocks; an
    /// upheld touch of the side to move obliges him.
    pub(in crate::game) fn apply_touch_ruled(
        &mut self,
        upheld: bool,
        reading: ClockReading,
    ) -> Applied {
        let effect = if self.touch_hold && reading.running.is_some() {
            self.touch_hold = false;
            self.status = Status::Playing;
            ClockEffect::FromReading
        } else {
            ClockEffect::Unchanged
        };
        if let Some((color, square)) = self.ply.report.take()
            && upheld
            && color == self.turn()
            && let Some(piece) = self.pos.board().piece_at(square)
        {
            self.ply.touches.push(Touch { square, piece });
        }
        Ok(effect)
    }
}
