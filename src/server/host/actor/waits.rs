//! What the game's task waits on beside its requests, each pending for ever when there is
//! nothing to wait for (no deadline, no bus).

use crate::server::host::server_clock::ServerClock;

/// Until the clock reads `deadline_ms`.
pub(super) async fn sleep_until_ms(clock: ServerClock, deadline_ms: Option<u64>) {
    match deadline_ms {
        // One millisecond late, so the deadline has surely passed when we look.
        Some(ms) => tokio::time::sleep_until(clock.instant_at(ms + 1)).await,
        None => std::future::pending().await,
    }
}

/// Waits until the node's connection to the bus changes (false: it never will any more); never,
/// for a node on its own.
pub(super) async fn bus_changed(back: &mut Option<tokio::sync::watch::Receiver<u64>>) -> bool {
    match back {
        Some(rx) => rx.changed().await.is_ok(),
        None => std::future::pending().await,
    }
}
