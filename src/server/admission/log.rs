//! Rate-limited logging, for what a flood of clients could otherwise write a line for each.

use std::time::Duration;

use tokio::time::Instant;

/// Rate-limited logging: at most one line per period, with the count of the others.
pub struct LogEvery {
    period: Duration,
    last: Option<Instant>,
    skipped: u64,
}

impl LogEvery {
    pub fn new(period: Duration) -> LogEvery {
        LogEvery {
            period,
            last: None,
            skipped: 0,
        }
    }

    /// Whether a line may be written now; if not, it is counted.
    pub fn due(&mut self) -> bool {
        let now = Instant::now();
        if self
            .last
            .is_none_or(|t| now.duration_since(t) >= self.period)
        {
            self.last = Some(now);
            true
        } else {
            self.skipped += 1;
            false
        }
    }

    /// The lines skipped since the last one written (and starts counting again).
    pub fn take(&mut self) -> u64 {
        std::mem::take(&mut self.skipped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn repeated_lines_are_logged_once_a_period() {
        let mut log = LogEvery::new(Duration::from_secs(10));
        assert!(log.due());
        assert!(!log.due());
        assert!(!log.due());
        tokio::time::advance(Duration::from_secs(10)).await;
        assert!(log.due());
        assert_eq!(log.take(), 2);
        assert_eq!(log.take(), 0);
    }
}
