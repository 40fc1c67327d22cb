//! A chess clock: periods with a move count, base time, Fischer increment and simple delay,
//! read at a time passed in by the caller.
//!
//! Times are milliseconds; "now" is whatever monotonic-enough millisecond count the caller
//! uses (the server passes Unix milliseconds). Nothing here reads a clock.

use shakmaty::{ByColor, Color};

/// One period of a time control: `moves` moves (0: the rest of the game) in `base_ms`, with
/// `increment_ms` added after each move and the first `delay_ms` of each move not charged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Period {
    pub moves: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
    pub delay_ms: u64,
}

/// The most periods a time control may have.
pub const MAX_PERIODS: usize = 3;

/// A time control: the first period's fields, then up to two later periods. When the last
/// period has a move count it repeats (e.g. 40 moves in 2 hours, then 20 in 1 hour, again
/// and again).
///
/// ```
/// use hamle_core::game::{Period, TimeControl};
/// // 40 moves in 90 minutes, then 30 minutes for the rest, 30 seconds per move throughout.
/// let tc = TimeControl {
///     base_ms: 90 * 60_000, increment_ms: 30_000, moves: 40,
///     later: [Some(Period { moves: 0, base_ms: 30 * 60_000, increment_ms: 30_000, delay_ms: 0 }), None],
///     ..TimeControl::default()
/// };
/// assert_eq!(tc.pgn(), "40/5400+30:1800+30");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
    /// Simple (US) delay: the first `delay_ms` of every move are not charged.
    pub delay_ms: u64,
    /// Moves in the first period; 0 means the whole game.
    pub moves: u32,
    /// The periods after the first, in order.
    pub later: [Option<Period>; MAX_PERIODS - 1],
}

impl TimeControl {
    /// Base time and Fischer increment, one period.
    pub fn fischer(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            base_ms,
            increment_ms,
            ..TimeControl::default()
        }
    }

    /// The `i`-th period (0 = the first); past the last, the last again if it has a move
    /// count (it repeats), else `None`.
    pub fn period(&self, i: usize) -> Option<Period> {
        let all = self.periods();
        match all.get(i) {
            Some(p) => Some(*p),
            None => all.last().filter(|p| p.moves > 0).copied(),
        }
    }

    /// The defined periods in order.
    pub fn periods(&self) -> Vec<Period> {
        let first = Period {
            moves: self.moves,
            base_ms: self.base_ms,
            increment_ms: self.increment_ms,
            delay_ms: self.delay_ms,
        };
        std::iter::once(first)
            .chain(self.later.iter().map_while(|p| *p))
            .collect()
    }

    /// The PGN `TimeControl` tag (seconds): `900+10`, `40/5400+30:1800+30`, delay as `d5`.
    pub fn pgn(&self) -> String {
        self.periods()
            .iter()
            .map(|p| {
                let mut s = String::new();
                if p.moves > 0 {
                    s.push_str(&format!("{}/", p.moves));
                }
                s.push_str(&format!("{}", p.base_ms / 1000));
                if p.increment_ms > 0 || p.delay_ms == 0 {
                    s.push_str(&format!("+{}", p.increment_ms / 1000));
                }
                if p.delay_ms > 0 {
                    s.push_str(&format!("d{}", p.delay_ms / 1000));
                }
                s
            })
            .collect::<Vec<_>>()
            .join(":")
    }
}

/// What the clock shows at one moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockReading {
    pub white_ms: u64,
    pub black_ms: u64,
    /// The side whose time is running, if any.
    pub running: Option<Color>,
}

impl ClockReading {
    pub fn remaining(&self, color: Color) -> u64 {
        color.fold_wb(self.white_ms, self.black_ms)
    }
}

/// One side's bookkeeping beyond its remaining time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Side {
    /// Moves completed (clock presses).
    moves: u32,
    /// Index of the current period.
    period: usize,
    /// Moves left in the current period (0: no move count).
    left: u32,
}

/// A two-sided clock. At most one side runs at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Time left at the moment the running side's time started (or the clock stopped).
    remaining: ByColor<u64>,
    /// The running side and the time its clock was started.
    running: Option<(Color, u64)>,
    sides: ByColor<Side>,
}

impl Clock {
    /// Both sides at the first period's base time, stopped.
    pub fn new(control: TimeControl) -> Clock {
        let side = Side {
            moves: 0,
            period: 0,
            left: control.moves,
        };
        Clock {
            control,
            remaining: ByColor {
                white: control.base_ms,
                black: control.base_ms,
            },
            running: None,
            sides: ByColor {
                white: side,
                black: side,
            },
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Moves `color` has completed.
    pub fn moves(&self, color: Color) -> u32 {
        self.sides.get(color).moves
    }

    fn delay(&self, color: Color) -> u64 {
        let p = self.sides.get(color).period;
        self.control.period(p).map_or(0, |p| p.delay_ms)
    }

    /// The reading at `now` (never below zero).
    pub fn reading(&self, now: u64) -> ClockReading {
        let mut left = self.remaining;
        if let Some((side, since)) = self.running {
            let spent = now.saturating_sub(since).saturating_sub(self.delay(side));
            let l = left.get_mut(side);
            *l = l.saturating_sub(spent);
        }
        ClockReading {
            white_ms: left.white,
            black_ms: left.black,
            running: self.running.map(|(side, _)| side),
        }
    }

    /// The running side and the moment its time runs out.
    pub fn flag_deadline(&self) -> Option<(Color, u64)> {
        self.running.map(|(side, since)| {
            let at = since
                .saturating_add(self.delay(side))
                .saturating_add(*self.remaining.get(side));
            (side, at)
        })
    }

    /// The moment the running side's time falls to `left_ms`, if it is above that now.
    pub fn deadline_at(&self, left_ms: u64) -> Option<(Color, u64)> {
        let (side, since) = self.running?;
        let rem = *self.remaining.get(side);
        (rem > left_ms).then(|| (side, since + self.delay(side) + (rem - left_ms)))
    }

    /// `mover` completes a move at `now`: his time is charged, the increment added, the next
    /// period's time added when this move ends a period, and the opponent's time starts.
    pub fn press(&mut self, mover: Color, now: u64) {
        self.stop(now);
        let side = *self.sides.get(mover);
        let period = self.control.period(side.period).unwrap_or_default();
        let l = self.remaining.get_mut(mover);
        *l = l.saturating_add(period.increment_ms);
        let s = self.sides.get_mut(mover);
        s.moves += 1;
        if s.left > 0 {
            s.left -= 1;
            if s.left == 0
                && let Some(next) = self.control.period(s.period + 1)
            {
                s.period += 1;
                s.left = next.moves;
                *l = l.saturating_add(next.base_ms);
            }
        }
        self.running = Some((!mover, now));
    }

    /// Stops the clock at `now`, charging the running side.
    pub fn stop(&mut self, now: u64) {
        let reading = self.reading(now);
        self.remaining = ByColor {
            white: reading.white_ms,
            black: reading.black_ms,
        };
        self.running = None;
    }

    /// Starts `side`'s time at `now` (the clock must be stopped).
    pub fn start(&mut self, side: Color, now: u64) {
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Sets one side's remaining time, as read at `now` (the arbiter's adjustment).
    pub fn set(&mut self, color: Color, remaining_ms: u64, now: u64) {
        let running = self.running.map(|(side, _)| side);
        self.stop(now);
        *self.remaining.get_mut(color) = remaining_ms;
        if let Some(side) = running {
            self.running = Some((side, now));
        }
    }

    /// Adds (or, negative, takes away) time from one side at `now` (penalties, 7.5, 9.5).
    pub fn adjust(&mut self, color: Color, delta_ms: i64, now: u64) {
        let left = self.reading(now).remaining(color);
        let new = if delta_ms >= 0 {
            left.saturating_add(delta_ms as u64)
        } else {
            left.saturating_sub(delta_ms.unsigned_abs())
        };
        self.set(color, new, now);
    }

    /// Takes back `mover`'s last completed move from the move count (the 7.5 restore, a
    /// take-back): the period and the moves left in it are those before that move, so a move
    /// that ended a period ends it again when it is played again. (The remaining time is
    /// restored separately, from the recorded reading.)
    pub fn unpress(&mut self, mover: Color) {
        let moves = self.sides.get(mover).moves.saturating_sub(1);
        *self.sides.get_mut(mover) = self.side_after(moves);
    }

    /// A side's bookkeeping after `moves` completed moves from the start.
    fn side_after(&self, moves: u32) -> Side {
        let mut side = Side {
            moves: 0,
            period: 0,
            left: self.control.moves,
        };
        for _ in 0..moves {
            side.moves += 1;
            if side.left > 0 {
                side.left -= 1;
                if side.left == 0
                    && let Some(next) = self.control.period(side.period + 1)
                {
                    side.period += 1;
                    side.left = next.moves;
                }
            }
        }
        side
    }

    /// Puts the clock exactly in the state a recorded reading describes, taken at `at`.
    pub fn restore(&mut self, reading: ClockReading, at: u64) {
        self.remaining = ByColor {
            white: reading.white_ms,
            black: reading.black_ms,
        };
        self.running = reading.running.map(|side| (side, at));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc() -> TimeControl {
        TimeControl::fischer(60_000, 2_000)
    }

    #[test]
    fn press_charges_and_adds_increment() {
        let mut c = Clock::new(tc());
        assert_eq!(c.reading(5).running, None);
        c.press(Color::White, 1_000);
        let r = c.reading(11_000);
        assert_eq!((r.white_ms, r.black_ms), (62_000, 50_000));
        assert_eq!(r.running, Some(Color::Black));
        c.press(Color::Black, 11_000);
        let r = c.reading(11_000);
        assert_eq!((r.white_ms, r.black_ms), (62_000, 52_000));
        assert_eq!(c.flag_deadline(), Some((Color::White, 73_000)));
        assert_eq!((c.moves(Color::White), c.moves(Color::Black)), (1, 1));
    }

    #[test]
    fn reading_never_negative_and_restore_is_exact() {
        let mut c = Clock::new(tc());
        c.press(Color::White, 0);
        assert_eq!(c.reading(1_000_000).black_ms, 0);
        let snapshot = c.reading(30_000);
        let mut d = Clock::new(tc());
        d.restore(snapshot, 30_000);
        assert_eq!(d.reading(40_000), c.reading(40_000));
    }

    #[test]
    fn set_keeps_running_side() {
        let mut c = Clock::new(tc());
        c.press(Color::White, 0);
        c.set(Color::Black, 5_000, 10_000);
        assert_eq!(c.reading(11_000).black_ms, 4_000);
        c.stop(12_000);
        assert_eq!(c.reading(99_000).black_ms, 3_000);
        assert_eq!(c.flag_deadline(), None);
        assert_eq!(tc().pgn(), "60+2");
    }

    #[test]
    fn delay_is_not_charged() {
        let mut c = Clock::new(TimeControl {
            delay_ms: 5_000,
            ..TimeControl::fischer(60_000, 0)
        });
        c.press(Color::White, 0);
        assert_eq!(c.reading(4_000).black_ms, 60_000);
        assert_eq!(c.reading(8_000).black_ms, 57_000);
        assert_eq!(c.flag_deadline(), Some((Color::Black, 65_000)));
        c.press(Color::Black, 3_000);
        assert_eq!(c.reading(3_000).black_ms, 60_000);
        assert_eq!(
            TimeControl {
                delay_ms: 5_000,
                ..TimeControl::fischer(60_000, 0)
            }
            .pgn(),
            "60d5"
        );
    }

    #[test]
    fn periods_add_time_after_the_move_count() {
        // 2 moves in 10 s, then 5 s + 1 s per move for the rest.
        let tc = TimeControl {
            moves: 2,
            later: [
                Some(Period {
                    moves: 0,
                    base_ms: 5_000,
                    increment_ms: 1_000,
                    delay_ms: 0,
                }),
                None,
            ],
            ..TimeControl::fischer(10_000, 0)
        };
        let mut c = Clock::new(tc);
        c.press(Color::White, 0);
        c.press(Color::Black, 0);
        c.press(Color::White, 1_000); // White's second move took 1 s: 9 s, then + 5 s
        assert_eq!(c.reading(1_000).white_ms, 14_000);
        c.press(Color::Black, 1_000);
        c.press(Color::White, 2_000); // third move: 13 s + 1 s increment
        assert_eq!(c.reading(2_000).white_ms, 14_000);
        assert_eq!(c.moves(Color::White), 3);
        assert_eq!(tc.pgn(), "2/10+0:5+1");
        // A last period with a move count repeats.
        let rep = TimeControl::fischer(1, 0);
        assert_eq!(rep.period(1), None);
        let rep = TimeControl { moves: 40, ..rep };
        assert_eq!(rep.period(5).map(|p| p.moves), Some(40));
    }

    #[test]
    fn a_move_taken_back_across_a_period_boundary_ends_the_period_again() {
        // 2 moves in 60 s, then 30 s more for the rest of the game.
        let control = TimeControl {
            moves: 2,
            later: [
                Some(Period {
                    moves: 0,
                    base_ms: 30_000,
                    increment_ms: 0,
                    delay_ms: 0,
                }),
                None,
            ],
            ..TimeControl::fischer(60_000, 0)
        };
        let mut c = Clock::new(control);
        c.press(Color::White, 0);
        c.press(Color::Black, 1_000);
        c.press(Color::White, 2_000);
        // White's second move ended the first period: 30 s added.
        assert_eq!(c.reading(2_000).white_ms, 59_000 + 30_000);
        assert_eq!(*c.sides.get(Color::White), c.side_after(2));
        assert_eq!(c.sides.get(Color::White).period, 1);

        // Taken back (the arbiter restores the reading before it): White is in the first
        // period again with one move left ...
        c.unpress(Color::White);
        assert_eq!(
            *c.sides.get(Color::White),
            Side {
                moves: 1,
                period: 0,
                left: 1
            }
        );
        c.restore(
            ClockReading {
                white_ms: 59_000,
                black_ms: 59_000,
                running: Some(Color::White),
            },
            1_000,
        );
        // ... and playing the move again ends the period again: 30 s added once more.
        c.press(Color::White, 3_000);
        assert_eq!(c.reading(3_000).white_ms, 57_000 + 30_000);
        assert_eq!(c.sides.get(Color::White).period, 1);
        // The same as a clock that never took anything back.
        assert_eq!(*c.sides.get(Color::White), c.side_after(2));
    }
}
