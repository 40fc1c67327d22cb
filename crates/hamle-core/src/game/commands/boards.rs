//! The physical boards (physical procedure): each player's board reports its events (a
//! touch or lift of his own move's pieces obliges him, Art. 4), "I adjust", the clock press
//! that completes the move made on the mover's board (or finds it illegal, 7.4), and the
//! arbiter setting a board to the official position.

use shakmaty::{Color, Position, Square};

use super::{Applied, ClockEffect};
use crate::game::{
    BoardOp, Decided, Event, Game, Made, Missing, Out, Permission, PhysicalBoard, Ply, Refusal,
    Seat, Touch, made,
};

impl Game {
    /// [`Command::Board`](crate::game::Command::Board): an event of `board`'s physical board.
    pub(in crate::game) fn decide_board(
        &self,
        seat: Seat,
        board: Color,
        op: BoardOp,
        now: u64,
    ) -> Decided {
        if !self.physical() {
            return Err(Refusal::NotPhysical);
        }
        if !self.allows(seat, Permission::Board(board)) {
            return Err(if seat.side() == Some(!board) && !seat.is_assistant() {
                Refusal::NotYourBoard
            } else {
                Refusal::Forbidden
            });
        }
        self.playing()?;
        if seat.is_assistant() && self.turn() == board && self.ply.own_started {
            return Err(Refusal::AssistantOwnMove);
        }
        let after = self.boards.get(board).after(op).map_err(Refusal::Board)?;
        let own = self.own_move_on(seat, board);
        let lifts = matches!(
            op,
            BoardOp::Lift(_) | BoardOp::Remove(_) | BoardOp::Move { .. }
        );
        let reading = self.clock.reading(now);
        let mut out = Out::new();
        if own {
            if self.ply.released && lifts {
                return Err(Refusal::MoveReleased);
            }
            let mut touches = self.ply.touches.clone();
            if !self.ply.adjusting {
                touches.extend(self.touched_by(board, op));
            }
            if let Some(m) = after.shows_move(&self.pos) {
                self.check_obligation(&m, &touches)?;
            }
            let touching = lifts || matches!(op, BoardOp::Touch(_));
            if touching && !self.ply.adjusting && self.offer == Some(!board) {
                out.push((Event::DrawOfferLapsed, reading));
            }
        }
        out.push((
            Event::Board {
                by: seat,
                board,
                op,
            },
            reading,
        ));
        Ok(out)
    }

    /// An electronic board's raw readings (issue 33), each `(ago_ms, square, found)`: how long
    /// before `now` its square changed. Only the player of `board` sends them, in a game with
    /// boards at the table, until its end (a pause too: a touch report pauses the game). At
    /// most [`MAX_READINGS`](crate::game::MAX_READINGS); none is nothing to record.
    pub fn decide_sensed(
        &self,
        seat: Seat,
        board: Color,
        readings: &[(u64, Square, crate::game::SquareReading)],
        now: u64,
    ) -> Result<Vec<crate::game::Recorded>, Refusal> {
        if !self.physical() {
            return Err(Refusal::NotPhysical);
        }
        match seat.side() {
            Some(_) if seat.is_assistant() => return Err(Refusal::Forbidden),
            Some(side) if side != board => return Err(Refusal::NotYourBoard),
            Some(_) => {}
            None => return Err(Refusal::Forbidden),
        }
        self.not_over()?;
        if readings.is_empty() || readings.len() > crate::game::MAX_READINGS {
            return Err(Refusal::Forbidden);
        }
        let readings = readings
            .iter()
            .map(|&(ago, square, found)| crate::game::SensorReading {
                at_ms: now.saturating_sub(ago),
                square,
                found,
            })
            .collect();
        let event = Event::BoardSensed {
            by: seat,
            board,
            readings,
        };
        Ok(self.number(vec![(event, self.clock.reading(now))], now))
    }

    /// [`Command::Adjust`](crate::game::Command::Adjust): "I adjust" (j'adoube).
    pub(in crate::game) fn decide_adjust(&self, seat: Seat, now: u64) -> Decided {
        let color = seat.side().ok_or(Refusal::Forbidden)?;
        self.allowed(seat, Permission::PlayerOnly(color))?;
        self.playing()?;
        Ok(vec![(
            Event::Adjusting { by: seat },
            self.clock.reading(now),
        )])
    }

    /// [`Command::PressClock`](crate::game::Command::PressClock): the move made on the
    /// mover's board completes (F4 / D.2.3), or, illegal, is counted under 7.4/7.5.
    pub(in crate::game) fn decide_press_clock(&self, seat: Seat, now: u64) -> Decided {
        if !self.physical() {
            return Err(Refusal::NotPhysical);
        }
        let mover = self.turn();
        if !self.allows(seat, Permission::PressClock(mover)) {
            let own = seat
                .side()
                .is_some_and(|c| self.allows(seat, Permission::PressClock(c)));
            return Err(if own {
                Refusal::NotYourTurn
            } else {
                Refusal::Forbidden
            });
        }
        self.playing()?;
        if self.behind().is_some() {
            return Err(Refusal::NotMade(Missing {
                behind: true,
                ..Missing::default()
            }));
        }
        let vi = self.setup.player(mover).visually_impaired;
        let announced = self.ply.announced.map(|(m, _)| m);
        let mut out = Out::new();
        match made(&self.pos, self.boards.get(mover), announced, vi) {
            Made::Legal(m) => {
                self.check_obligation(&m, &self.ply.touches)?;
                self.complete(seat, m, now, &mut out);
            }
            Made::Missing(missing) => return Err(Refusal::NotMade(missing)),
            Made::Illegal { from, to } => {
                let count = self.illegal.get(mover) + 1;
                let penalty = self.setup.profile.illegal_penalty_ms;
                let mut clock = self.clock.clone();
                clock.adjust(!mover, penalty as i64, now);
                let e = Event::IllegalMove {
                    by: seat,
                    color: mover,
                    from,
                    to,
                    count,
                    penalty_ms: penalty,
                };
                out.push((e, clock.reading(now)));
                self.illegal_loss(mover, count, now, &mut clock, &mut out);
            }
        }
        Ok(out)
    }

    /// [`Command::RestoreBoard`](crate::game::Command::RestoreBoard): the arbiter sets a
    /// physical board to the official position.
    pub(in crate::game) fn decide_restore_board(
        &self,
        seat: Seat,
        board: Color,
        now: u64,
    ) -> Decided {
        if !self.physical() {
            return Err(Refusal::NotPhysical);
        }
        self.not_over()?;
        let e = Event::BoardRestored { by: seat, board };
        Ok(vec![(e, self.clock.reading(now))])
    }

    /// [`Event::Board`]: the board changes; on the mover's own board, during his own move,
    /// the pieces touched count (unless he said "I adjust") and a legal move shown is released.
    pub(in crate::game) fn apply_board(&mut self, by: Seat, board: Color, op: BoardOp) -> Applied {
        let own = self.own_move_on(by, board);
        let touched = self.touched_by(board, op);
        let after = self
            .boards
            .get(board)
            .after(op)
            .map_err(|e| format!("board event impossible: {e:?}"))?;
        if own {
            if self.ply.adjusting {
                if !matches!(op, BoardOp::Place { .. }) {
                    self.ply.adjusting = false;
                }
            } else {
                self.ply.touches.extend(touched);
            }
            if after.shows_move(&self.pos).is_some() {
                self.ply.released = true;
            }
        }
        *self.boards.get_mut(board) = after;
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::Adjusting`]: the mover's next touch does not count.
    pub(in crate::game) fn apply_adjusting(&mut self, by: Seat) -> Applied {
        if by.side() == Some(self.turn()) {
            self.ply.adjusting = true;
        }
        Ok(ClockEffect::Unchanged)
    }

    /// [`Event::IllegalMove`]: counted; both boards show the position before it again, and
    /// touch-move applies to the piece moved illegally (7.5.1).
    pub(in crate::game) fn apply_illegal_move(
        &mut self,
        color: Color,
        from: Square,
        count: u32,
    ) -> Applied {
        *self.illegal.get_mut(color) = count;
        for c in Color::ALL {
            let kind = self.boards.get(c).kind;
            *self.boards.get_mut(c) = PhysicalBoard::new(kind, &self.pos);
        }
        // Touch-move applies to the piece moved illegally (7.5.1).
        let touches = self
            .pos
            .board()
            .piece_at(from)
            .map(|piece| Touch {
                square: from,
                piece,
            })
            .into_iter()
            .collect();
        self.ply = Ply {
            touches,
            own_started: true,
            must_play: self.ply.must_play,
            ..Ply::default()
        };
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::BoardRestored`]: the board shows the official position.
    pub(in crate::game) fn apply_board_restored(&mut self, board: Color) -> Applied {
        let kind = self.boards.get(board).kind;
        *self.boards.get_mut(board) = PhysicalBoard::new(kind, &self.pos);
        Ok(ClockEffect::Unchanged)
    }
}
