//! A practice game's take-back (issue 34): in a game against the computer
//! ([`Setup::computer`](crate::game::Setup::computer)), its other player takes back his last
//! move, and the computer's reply to it if it came, so that he is to move again in the
//! position before his move. Nowhere else: a game between people knows no take-back but the
//! arbiter's ruling (`rulings`), and the computer never asks for one.
//!
//! The game goes back through the same [`Game::take_back_to`] a ruling takes (the moves
//! after the position dropped, the clock's move counts unpressed, a standing offer gone);
//! the times stand as they were when he asked (his time spent stays spent, as the
//! computer's), and his clock runs if the game's clock had started.

use shakmaty::{Color, Position};

use super::{Applied, ClockEffect};
use crate::game::{Decided, Event, Game, PhysicalBoard, Refusal, Seat};

impl Game {
    /// [`Command::TakeBack`](crate::game::Command::TakeBack): `seat`, the player of a game
    /// against the computer, takes back his last move (and the reply to it).
    pub(in crate::game) fn decide_take_back(&self, seat: Seat, now: u64) -> Decided {
        let computer = self.setup.computer().ok_or(Refusal::NotPractice)?;
        let me = !computer;
        if seat != Seat::player(me) {
            return Err(Refusal::Forbidden);
        }
        self.playing()?;
        let ply = self
            .take_back_target(me)
            .ok_or(Refusal::NothingToTakeBack)?;
        let mut clock = self.clock.reading(now);
        clock.running = (ply > 0 || self.started_at.is_some()).then_some(me);
        let e = Event::TakenBack {
            by: seat,
            ply: ply as u32,
        };
        Ok(vec![(e, clock)])
    }

    /// The number of half-moves the game keeps when `me` takes back: the position before his
    /// last move (`None` when he has made none).
    fn take_back_target(&self, me: Color) -> Option<usize> {
        let start = self.setup.start.position().turn();
        // Half-move `i` (from 0) is the first mover's when `i` is even.
        let mover = |i: usize| if i.is_multiple_of(2) { start } else { !start };
        (0..self.moves.len()).rev().find(|&i| mover(i) == me)
    }

    /// [`Event::TakenBack`]: the game goes back to the position after `ply` half-moves; in
    /// the digital procedure both boards show it.
    pub(in crate::game) fn apply_taken_back(&mut self, ply: usize) -> Applied {
        if ply >= self.moves.len() {
            return Err("a take-back of nothing".to_owned());
        }
        if self.setup.computer().is_none() {
            return Err("a take-back in a game between people".to_owned());
        }
        self.take_back_to(ply);
        self.undoable = None;
        if !self.physical() {
            for c in Color::ALL {
                let kind = self.boards.get(c).kind;
                *self.boards.get_mut(c) = PhysicalBoard::new(kind, &self.pos);
            }
        }
        Ok(ClockEffect::FromReading)
    }
}
