//! Moves and announcements: the digital procedure's whole move, the physical procedure's
//! announcement (a second one corrects the first, F7), its repetition (F2), and a visually
//! impaired player's illegal announcement counted under 7.5 (rules profile `vi_illegal`).

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Color, Move, Position};

use super::{Applied, ClockEffect};
use crate::game::{
    Decided, Event, Game, Out, PhysicalBoard, PlayedMove, Ply, Refusal, Seat, ViIllegal,
    position_key,
};

impl Game {
    /// [`Command::Move`](crate::game::Command::Move): the whole move, made, announced and
    /// the clock pressed (digital procedure).
    pub(in crate::game) fn decide_move(&self, seat: Seat, m: Move, now: u64) -> Decided {
        self.may_move(seat)?;
        if self.physical() {
            return Err(Refusal::Forbidden);
        }
        if !self.pos.is_legal(m) {
            return Err(Refusal::IllegalMove);
        }
        self.check_obligation(&m, &self.ply.touches)?;
        let mut out = Out::new();
        self.complete(seat, m, now, &mut out);
        Ok(out)
    }

    /// [`Command::Announce`](crate::game::Command::Announce): the side to move's move
    /// announced (physical procedure); the opponent's standing offer lapses.
    pub(in crate::game) fn decide_announce(&self, seat: Seat, m: Move, now: u64) -> Decided {
        if !self.physical() {
            return Err(Refusal::NotPhysical);
        }
        self.may_announce(seat)?;
        if !self.pos.is_legal(m) {
            return Err(Refusal::IllegalMove);
        }
        self.check_obligation(&m, &self.ply.touches)?;
        let reading = self.clock.reading(now);
        let mut out = Out::new();
        if self.offer == Some(!self.turn()) {
            out.push((Event::DrawOfferLapsed, reading));
        }
        let e = Event::Announced {
            by: seat,
            uci: m.to_uci(CastlingMode::Standard),
            correction: self.ply.announced.is_some(),
        };
        out.push((e, reading));
        Ok(out)
    }

    /// [`Command::Repeat`](crate::game::Command::Repeat): what was heard, and whether it is
    /// the move announced or played.
    pub(in crate::game) fn decide_repeat(&self, seat: Seat, m: Move, now: u64) -> Decided {
        self.may_repeat(seat)?;
        let (_, expected) = self.repeat_position().ok_or(Refusal::NothingToRepeat)?;
        let e = Event::Repeated {
            by: seat,
            uci: m.to_uci(CastlingMode::Standard),
            matches: m == expected,
        };
        Ok(vec![(e, self.clock.reading(now))])
    }

    /// [`Command::IllegalAnnouncement`](crate::game::Command::IllegalAnnouncement): counted
    /// under 7.5, the opponent's time credited; the one that reaches the profile's limit ends
    /// the game.
    pub(in crate::game) fn decide_illegal_announcement(
        &self,
        seat: Seat,
        uci: Option<UciMove>,
        now: u64,
    ) -> Decided {
        let mover = self.turn();
        if seat.side() != Some(mover)
            || !self.setup.has_seat(seat)
            || self.setup.profile.vi_illegal != ViIllegal::Counts
            || !self.setup.player(mover).visually_impaired
        {
            return Err(Refusal::IllegalMove);
        }
        self.playing()?;
        let count = self.illegal.get(mover) + 1;
        let penalty = self.setup.profile.illegal_penalty_ms;
        let mut clock = self.clock.clone();
        clock.adjust(!mover, penalty as i64, now);
        let e = Event::IllegalAnnounced {
            by: seat,
            color: mover,
            uci,
            count,
            penalty_ms: penalty,
        };
        let mut out = vec![(e, clock.reading(now))];
        self.illegal_loss(mover, count, now, &mut clock, &mut out);
        Ok(out)
    }

    /// [`Event::Moved`]: the move played and the mover's clock pressed; in the digital
    /// procedure both boards show the new position.
    pub(in crate::game) fn apply_moved(&mut self, by: Seat, uci: &UciMove, at: u64) -> Applied {
        let mover = self.turn();
        if by.side().is_some_and(|s| s != mover) && !by.is_assistant() {
            return Err("a move by the side not to move".to_owned());
        }
        let m = uci
            .to_move(&self.pos)
            .map_err(|_| format!("illegal move {uci}"))?;
        let before = self.pos.clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, m);
        self.moves.push(PlayedMove { mv: m, san, by });
        self.history.push(position_key(&self.pos));
        self.alive_structure =
            crate::game::claims::alive_structure(&self.pos, self.alive_structure);
        self.prev = Some((before, m));
        self.clock.press(mover, at);
        self.ply = Ply::default();
        self.warned = None;
        self.undoable = None;
        if !self.physical() {
            for c in Color::ALL {
                let kind = self.boards.get(c).kind;
                *self.boards.get_mut(c) = PhysicalBoard::new(kind, &self.pos);
            }
        }
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::Announced`]: the move under way is the one announced.
    pub(in crate::game) fn apply_announced(&mut self, by: Seat, uci: &UciMove) -> Applied {
        let m = uci
            .to_move(&self.pos)
            .map_err(|_| format!("illegal announcement {uci}"))?;
        self.ply.announced = Some((m, by));
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::IllegalAnnounced`]: the side's illegal moves counted.
    pub(in crate::game) fn apply_illegal_announced(&mut self, color: Color, count: u32) -> Applied {
        *self.illegal.get_mut(color) = count;
        Ok(ClockEffect::FromReading)
    }
}
