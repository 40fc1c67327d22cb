//! A chess clock: base time plus increment, read at a time passed in by the caller.
//!
//! Times are milliseconds; "now" is whatever monotonic-enough millisecond count the caller
//! uses (the server passes Unix milliseconds). Nothing here reads a clock.

use shakmaty::{ByColor, Color};

/// Base time and Fischer increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// The PGN `TimeControl` tag: `900+10` (seconds).
    pub fn pgn(&self) -> String {
        let base = self.base_ms / 1000;
        let inc = self.increment_ms / 1000;
        format!("{base}+{inc}")
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

/// A two-sided clock. At most one side runs at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Time left at the moment the running side's time started (or the clock stopped).
    remaining: ByColor<u64>,
    /// The running side and the time its clock was started.
    running: Option<(Color, u64)>,
}

impl Clock {
    /// Both sides at the base time, stopped.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining: ByColor {
                white: control.base_ms,
                black: control.base_ms,
            },
            running: None,
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The reading at `now` (never below zero).
    pub fn reading(&self, now: u64) -> ClockReading {
        let mut left = self.remaining;
        if let Some((side, since)) = self.running {
            let l = left.get_mut(side);
            *l = l.saturating_sub(now.saturating_sub(since));
        }
        ClockReading {
            white_ms: left.white,
            black_ms: left.black,
            running: self.running.map(|(side, _)| side),
        }
    }

    /// The running side and the moment its time runs out.
    pub fn flag_deadline(&self) -> Option<(Color, u64)> {
        self.running
            .map(|(side, since)| (side, since.saturating_add(*self.remaining.get(side))))
    }

    /// `mover` completes a move at `now`: his time is charged, the increment added, and
    /// the opponent's time starts.
    pub fn press(&mut self, mover: Color, now: u64) {
        self.stop(now);
        let l = self.remaining.get_mut(mover);
        *l = l.saturating_add(self.control.increment_ms);
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
        TimeControl {
            base_ms: 60_000,
            increment_ms: 2_000,
        }
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
}
