//! Draws by the players: an offer (9.1: made after one's own move, lapsing when the opponent
//! goes on to move), its acceptance or refusal, and a claim (9.2, 9.3), perhaps with the move
//! written but not played; a false claim costs time (9.5) and obliges the written move.

use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Move, Position};

use super::{Applied, ClockEffect};
use crate::game::{
    ClaimKind, Decided, EndReason, Ending, Event, Game, GameResult, Out, Permission, Refusal, Seat,
    claim_holds,
};

impl Game {
    /// [`Command::OfferDraw`](crate::game::Command::OfferDraw): only after one's own move and
    /// while no offer stands.
    pub(in crate::game) fn decide_offer_draw(&self, seat: Seat, now: u64) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::PlayerOnly(color))?;
        self.playing()?;
        if self.offer.is_some() {
            return Err(Refusal::OfferPending);
        }
        let after_own_move = if color == self.turn() {
            self.ply.announced.is_some() || self.ply.released
        } else {
            !self.moves.is_empty()
        };
        if !after_own_move {
            return Err(Refusal::OfferNotNow);
        }
        Ok(vec![(
            Event::DrawOffered { by: seat },
            self.clock.reading(now),
        )])
    }

    /// [`Command::AcceptDraw`](crate::game::Command::AcceptDraw) (`accept`) or
    /// [`Command::DeclineDraw`](crate::game::Command::DeclineDraw): the answer to the
    /// opponent's standing offer.
    pub(in crate::game) fn decide_answer_to_offer(
        &self,
        seat: Seat,
        accept: bool,
        now: u64,
    ) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::PlayerOnly(color))?;
        self.playing()?;
        if self.offer != Some(!color) {
            return Err(Refusal::NoOffer);
        }
        let mut out = Out::new();
        if accept {
            self.end(seat, GameResult::Draw, EndReason::Agreement, now, &mut out);
        } else {
            out.push((Event::DrawDeclined { by: seat }, self.clock.reading(now)));
        }
        Ok(out)
    }

    /// [`Command::ClaimDraw`](crate::game::Command::ClaimDraw): by the side to move, on the
    /// position now or after the written move `with`; a correct claim ends the game, a false
    /// one costs the claimant time and credits the opponent (9.5).
    pub(in crate::game) fn decide_claim_draw(
        &self,
        seat: Seat,
        kind: ClaimKind,
        with: Option<Move>,
        now: u64,
    ) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::PlayerOnly(color))?;
        self.playing()?;
        if color != self.turn() {
            return Err(Refusal::NotYourTurn);
        }
        let (target, new) = match with {
            Some(m) => {
                if !self.pos.is_legal(m) {
                    return Err(Refusal::IllegalMove);
                }
                self.check_obligation(&m, &self.ply.touches)?;
                let mut after = self.pos.clone();
                after.play_unchecked(m);
                (after, true)
            }
            None => (self.pos.clone(), false),
        };
        let correct = claim_holds(kind, &target, &self.history, new);
        let (bonus, taken) = if correct {
            (0, 0)
        } else {
            let left = self.clock.reading(now).remaining(color);
            self.setup.profile.false_claim_penalty(left)
        };
        let mut clock = self.clock.clone();
        if !correct {
            clock.adjust(!color, bonus as i64, now);
            clock.adjust(color, -(taken as i64), now);
        }
        let e = Event::DrawClaimed {
            by: seat,
            kind,
            uci: with.map(|m| m.to_uci(CastlingMode::Standard)),
            correct,
            bonus_ms: bonus,
            taken_ms: taken,
        };
        let mut out = vec![(e, clock.reading(now))];
        if correct {
            let reason = match kind {
                ClaimKind::Repetition => EndReason::Repetition,
                ClaimKind::FiftyMoves => EndReason::FiftyMoves,
            };
            clock.stop(now);
            let ending = Ending {
                result: GameResult::Draw,
                reason,
            };
            let e = Event::Ended {
                ending,
                by: Some(seat),
            };
            out.push((e, clock.reading(now)));
        }
        Ok(out)
    }

    /// [`Event::DrawOffered`]: the offering side's offer stands.
    pub(in crate::game) fn apply_draw_offered(&mut self, by: Seat) -> Applied {
        self.offer = by.side();
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::DrawDeclined`] or [`Event::DrawOfferLapsed`]: no offer stands.
    pub(in crate::game) fn apply_offer_gone(&mut self) -> Applied {
        self.offer = None;
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::DrawClaimed`]: the clocks take the penalty; after a false claim, the written
    /// move must be played.
    pub(in crate::game) fn apply_draw_claimed(
        &mut self,
        uci: Option<&UciMove>,
        correct: bool,
    ) -> Applied {
        self.warned = None;
        if !correct && let Some(u) = uci {
            let m = u
                .to_move(&self.pos)
                .map_err(|_| format!("illegal claimed move {u}"))?;
            self.ply.must_play = Some(m);
        }
        Ok(ClockEffect::FromReading)
    }
}
