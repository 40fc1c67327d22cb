//! How long the bridge waits before it tries again: the server or the board's port, each with
//! its own [`Backoff`]. The first retry comes at once after a connection that had worked (a
//! server restart, a cable pulled and pushed back), then the waits double up to a ceiling; a
//! success starts over.

use std::time::Duration;

/// Doubling waits between attempts, from `first` up to `most`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backoff {
    first: Duration,
    most: Duration,
    /// Attempts failed since the last success.
    failed: u32,
}

impl Backoff {
    pub fn new(first: Duration, most: Duration) -> Backoff {
        Backoff {
            first,
            most: most.max(first),
            failed: 0,
        }
    }

    /// The bridge's: 0.5 s, 1 s, 2 s, ... at most 10 s.
    pub fn standard() -> Backoff {
        Backoff::new(Duration::from_millis(500), Duration::from_secs(10))
    }

    /// One more attempt failed: how long to wait before the next.
    pub fn failed(&mut self) -> Duration {
        let wait = self
            .first
            .saturating_mul(1u32 << self.failed.min(20))
            .min(self.most);
        self.failed = self.failed.saturating_add(1);
        wait
    }

    /// The connection works: the next failure waits `first` again.
    pub fn succeeded(&mut self) {
        self.failed = 0;
    }

    /// Attempts failed since the last success.
    pub fn failures(&self) -> u32 {
        self.failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_to_the_ceiling_and_start_over_after_a_success() {
        let ms = Duration::from_millis;
        let mut b = Backoff::standard();
        let waits: Vec<Duration> = (0..7).map(|_| b.failed()).collect();
        assert_eq!(
            waits,
            [
                ms(500),
                ms(1000),
                ms(2000),
                ms(4000),
                ms(8000),
                ms(10_000),
                ms(10_000)
            ]
        );
        assert_eq!(b.failures(), 7);
        b.succeeded();
        assert_eq!(b.failed(), ms(500));
        // Many failures never overflow.
        let mut long = Backoff::new(ms(1), Duration::from_secs(3600));
        for _ in 0..100 {
            assert!(long.failed() <= Duration::from_secs(3600));
        }
        // A ceiling below the first wait is the first wait.
        assert_eq!(Backoff::new(ms(300), ms(100)).failed(), ms(300));
    }
}
