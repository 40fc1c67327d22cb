//! What both databases store the same way: numbers in signed 64-bit columns, and a game's
//! events as rows `(seq, at_ms, data)` (`data`: the event record's JSON, `record.rs`).

use super::StoreError;
use super::record::{event_from_json, event_to_json};
use crate::game::{Recorded, ReplayError};

/// A count or time as a column: a value past `i64::MAX` is stored as `i64::MAX`.
pub(super) fn i64_of(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// A column that holds a count or a time: a negative one is damage.
pub(super) fn u64_col(v: i64, what: &str) -> Result<u64, StoreError> {
    u64::try_from(v).map_err(|_| StoreError::Corrupt(format!("negative {what}")))
}

/// Events as rows: `(seq, at_ms, data)`, serialised on the caller's thread.
pub(super) fn event_rows(events: &[Recorded]) -> Vec<(i64, i64, String)> {
    events
        .iter()
        .map(|e| {
            (
                i64_of(e.seq),
                i64_of(e.at_ms),
                event_to_json(&e.event, &e.clock),
            )
        })
        .collect()
}

/// A game's events from its rows in order, up to the first row that does not decode or does
/// not follow the one before it; that row is the damage. An error reading a row is the
/// database's, not damage, and is returned as it is.
pub(super) fn events_of_rows<D: AsRef<str>>(
    rows: impl IntoIterator<Item = Result<(i64, i64, D), StoreError>>,
) -> Result<(Vec<Recorded>, Option<ReplayError>), StoreError> {
    let mut events: Vec<Recorded> = Vec::new();
    for row in rows {
        let (seq, at_ms, data) = row?;
        let expected = events.len() as u64 + 1;
        let decoded = u64_col(seq, "event number").and_then(|seq| {
            if seq != expected {
                return Err(StoreError::Corrupt(format!("expected event {expected}")));
            }
            let (event, clock) = event_from_json(data.as_ref())?;
            Ok(Recorded {
                seq,
                at_ms: u64_col(at_ms, "event time")?,
                event,
                clock,
            })
        });
        match decoded {
            Ok(rec) => events.push(rec),
            Err(e) => {
                let damage = ReplayError {
                    seq: expected,
                    reason: e.to_string(),
                };
                return Ok((events, Some(damage)));
            }
        }
    }
    Ok((events, None))
}
