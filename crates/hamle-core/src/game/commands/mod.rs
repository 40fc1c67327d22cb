//! The handling of each group of commands, and of the events they cause, in a module of its
//! own (as lila's round hands draws to its `Drawer` and endings to its `Finisher`):
//! [`Game::decide`](super::Game::decide) and [`Game::apply`](super::Game::apply) only dispatch
//! to them.
//!
//! - `moves`: the digital procedure's whole move, the announcement, its repetition, a
//!   visually impaired player's illegal announcement;
//! - `boards`: the physical boards, "I adjust", the clock press that completes a move (or
//!   finds it illegal, 7.4), a board set to the official position;
//! - `draws`: offering, accepting, declining and claiming a draw;
//! - `endings`: resigning, claiming on time, the arbiter's result; the game's end and a
//!   fallen flag;
//! - `start`: the arbiter's start, a player's arrival, the end of the default time;
//! - `pauses`: the arbiter pausing, resuming and setting a clock;
//! - `touch_reports`: the assistant's report of the opponent's touch and its ruling;
//! - `talking_clock`: the talking clock and its time warnings;
//! - `links`: a seat's link issued again by the arbiter;
//! - `rulings`: what the arbiter's desk decides on diverging boards and adjournment, as far
//!   as it changes the game (the game goes back, or plays the moves taken back again).
//!
//! Each `decide_*` method answers the events its command causes, or the refusal, and changes
//! nothing; each `apply_*` method plays one event onto the game and answers what happens to
//! the clocks ([`ClockEffect`]), or why the event does not fit the game. What several groups
//! share (completing a move, ending the game, the checks of who may act when) is the parent
//! module's, so that no group uses another.

mod boards;
mod draws;
mod endings;
mod links;
mod moves;
mod pauses;
mod rulings;
mod start;
mod take_backs;
mod talking_clock;
mod touch_reports;

use shakmaty::{ByColor, Position};

use crate::game::{Game, Ply, position_key};

/// What applying an event does to the clocks, besides its own handling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ClockEffect {
    /// The clocks are set to the event's reading.
    FromReading,
    /// The clocks stand as they were.
    Unchanged,
}

/// An event applied: what happens to the clocks, or why the event does not fit the game.
pub(super) type Applied = Result<ClockEffect, String>;

impl Game {
    /// The official game goes back to the position after `ply` half-moves (a ruling, F8 /
    /// D.2.9, or a practice game's take-back): the later moves are taken back, the move under
    /// way and a standing offer are dropped.
    pub(super) fn take_back_to(&mut self, ply: usize) {
        if ply >= self.moves.len() {
            self.ply = Ply::default();
            return;
        }
        let start = self.setup.start.position();
        let mut pos = start.clone();
        let mut history = vec![position_key(&pos)];
        let mut prev = None;
        for played in &self.moves[..ply] {
            prev = Some((pos.clone(), played.mv));
            pos.play_unchecked(played.mv);
            history.push(position_key(&pos));
        }
        let taken = self.moves.len() - ply;
        for i in 0..taken {
            // Half-move `ply + i` was the first mover's when it is even.
            let mover = if (ply + i).is_multiple_of(2) {
                start.turn()
            } else {
                !start.turn()
            };
            self.clock.unpress(mover);
        }
        self.moves.truncate(ply);
        self.pos = pos;
        self.history = history;
        self.prev = prev;
        self.ply = Ply::default();
        self.offer = None;
        self.flags = ByColor::default();
        self.warned = None;
    }
}
