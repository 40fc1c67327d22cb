//! Endings by a seat: a resignation, a claim on time (the opponent's flag fell first: a win,
//! or a draw if the claimant cannot mate, 6.10), the arbiter's result, a forfeit (no move
//! made), and the arbiter's correction of the result after the end; the game's end and a
//! fallen flag (rules profile flag rule `claim`) applied.

use shakmaty::Color;

use super::{Applied, ClockEffect};
use crate::game::{
    Decided, EndReason, Ending, Event, Game, GameResult, Out, Permission, Refusal, Seat, Status,
    can_mate,
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

    /// [`Command::End`](crate::game::Command::End): the arbiter declares the result (a
    /// double forfeit is only a forfeit).
    pub(in crate::game) fn decide_end(&self, seat: Seat, result: GameResult, now: u64) -> Decided {
        self.not_over()?;
        if result == GameResult::DoubleForfeit {
            return Err(Refusal::InvalidResult);
        }
        let mut out = Out::new();
        self.end(seat, result, EndReason::Arbiter, now, &mut out);
        Ok(out)
    }

    /// [`Command::Forfeit`](crate::game::Command::Forfeit): the arbiter declares a forfeit;
    /// refused once a move was made (the game was played: its result is declared with
    /// `End`).
    pub(in crate::game) fn decide_forfeit(
        &self,
        seat: Seat,
        result: GameResult,
        now: u64,
    ) -> Decided {
        self.not_over()?;
        if result == GameResult::Draw {
            // TRF-16 has no forfeit draw: a win for one side, or both lose.
            return Err(Refusal::InvalidResult);
        }
        self.unplayed()?;
        let mut out = Out::new();
        self.end(seat, result, EndReason::Forfeit, now, &mut out);
        Ok(out)
    }

    /// Refused with `GameHasMoves` once a move was made.
    fn unplayed(&self) -> Result<(), Refusal> {
        if self.moves.is_empty() {
            Ok(())
        } else {
            Err(Refusal::GameHasMoves)
        }
    }

    /// The arbiter corrects the declared result after the end (an appeal, a wrong colour
    /// declared, a claim found wrong on checking the sheets), with his `reason`: the ending
    /// becomes `result` as his decision (`forfeit`: as a forfeit, only for a game without a
    /// move). Refused while the game is in play, for the result it has, and for `0-0` but as
    /// a forfeit. The clocks stand as they are. The reason is checked by the caller (one
    /// line of plain text).
    pub fn decide_correction(
        &self,
        seat: Seat,
        result: GameResult,
        forfeit: bool,
        reason: &str,
        now: u64,
    ) -> Result<Vec<crate::game::Recorded>, Refusal> {
        if !crate::game::may(seat, Permission::End) {
            return Err(Refusal::Forbidden);
        }
        let Status::Over(old) = self.status else {
            return Err(Refusal::GameNotOver);
        };
        let reason_of = if forfeit {
            self.unplayed()?;
            EndReason::Forfeit
        } else if result == GameResult::DoubleForfeit {
            return Err(Refusal::InvalidResult);
        } else {
            EndReason::Arbiter
        };
        let ending = Ending {
            result,
            reason: reason_of,
        };
        if ending == old || (!forfeit && result == old.result && old.reason != EndReason::Forfeit) {
            return Err(Refusal::ResultUnchanged);
        }
        let e = Event::ResultCorrected {
            by: seat,
            ending,
            reason: reason.trim().to_owned(),
        };
        Ok(self.number(vec![(e, self.clock.reading(now))], now))
    }

    /// [`Event::ResultCorrected`](crate::game::Event::ResultCorrected): the game's ending is
    /// the corrected one.
    pub(in crate::game) fn apply_result_corrected(&mut self, ending: Ending) -> Applied {
        if !matches!(self.status, Status::Over(_)) {
            return Err("a result corrected in a game not over".to_owned());
        }
        self.status = Status::Over(ending);
        Ok(ClockEffect::Unchanged)
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
