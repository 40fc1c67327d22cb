//! The server's notion of now: Unix milliseconds that advance with tokio's clock (so tests
//! can pause and advance time), and the way back from a millisecond deadline to a tokio
//! instant.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::time::Instant;

#[derive(Clone, Copy, Debug)]
pub struct ServerClock {
    base_ms: u64,
    base: Instant,
}

impl ServerClock {
    /// Starts at the wall clock's current Unix time.
    pub fn start() -> ServerClock {
        let base_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        ServerClock {
            base_ms,
            base: Instant::now(),
        }
    }

    pub fn now_ms(&self) -> u64 {
        self.base_ms + self.base.elapsed().as_millis() as u64
    }

    /// The tokio instant of a Unix millisecond time (now, if it has passed).
    pub fn instant_at(&self, ms: u64) -> Instant {
        self.base + Duration::from_millis(ms.saturating_sub(self.base_ms))
    }
}
