//! Endings by a seat: a resignation, a claim on time (the opponent's flag fell first: a win,
//! or a draw if the claimant cannot mate, 6.10), the arbiter's result; the game's end and a
//! fallen flag (rules profile flag rule `claim`) applied.

use shakmaty::Color;

use super::{Applied, ClockEffect};
use crate::game::{
    Decided, EndReason, Ending, Game, GameResult, Out, Permission, Refusal, Seat, Status, can_mate,
};

impl Game {
    /// [`Command::Resign`](crate::game::Command::Resign): the opponent wins.
    pub(in crate::game) fn decide_resign(&self, seat: Seat, now: u64) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::PlayerOnly(color))?;
        self.not_over()?;
        let result = GameResult::win_for(!color);
        let mut out = Out::new();
        self.end(seat, result, EndReason::Resignation, now, &mut out);
        Ok(out)
    }

    /// [`Command::ClaimTime`](crate::game::Command::ClaimTime): the opponent's flag fell,
    /// and the claimant's own did not fall first.
    pub(in crate::game) fn decide_claim_time(&self, seat: Seat, now: u64) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::ClaimTime(color))?;
        self.not_over()?;
        let theirs = self.flags.get(!color).ok_or(Refusal::NoFlagFallen)?;
        if self.flags.get(color).is_some_and(|mine| mine <= theirs) {
            return Err(Refusal::OwnFlagFellFirst);
        }
        let (result, reason) = if can_mate(&self.pos, color) {
            (GameResult::win_for(color), EndReason::Timeout)
        } else {
            (GameResult::Draw, EndReason::TimeoutDraw)
        };
        let mut out = Out::new();
        self.end(seat, result, reason, now, &mut out);
        Ok(out)
    }

    /// [`Command::End`](crate::game::Command::End): the arbiter declares the result.
    pub(in crate::game) fn decide_end(&self, seat: Seat, result: GameResult, now: u64) -> Decided {
        self.not_over()?;
        let mut out = Out::new();
        self.end(seat, result, EndReason::Arbiter, now, &mut out);
        Ok(out)
    }

    /// [`Event::Ended`](crate::game::Event::Ended): the game is over.
    pub(in crate::game) fn apply_ended(&mut self, ending: Ending) -> Applied {
        self.status = Status::Over(ending);
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::FlagFell`](crate::game::Event::FlagFell): when `color`'s flag fell.
    pub(in crate::game) fn apply_flag_fell(&mut self, color: Color, at: u64) -> Applied {
        *self.flags.get_mut(color) = Some(at);
        Ok(ClockEffect::Unchanged)
    }
}
