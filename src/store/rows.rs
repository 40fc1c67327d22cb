//! What both databases store the same way: numbers in signed 64-bit columns, and a game's
//! events as rows `(seq, at_ms, data)` (`data`: the event record's JSON, `record.rs`).

use super::record::{event_from_json, event_to_json, setup_from_json};
use super::{GameId, Place, RoundPlayer, StoreError, StoredGame, TokenHash};
use crate::announce::Lang;
use crate::game::{
    BoardKind, EventInfo, Player, Profile, Recorded, ReplayError, Seat, Setup, StartPosition,
    TimeControl,
};

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
/// not follow the one before it; that row is the damage (a row whose columns are not of
/// their types is one: `Err` with what is wrong). An error reading a row is the database's,
/// not damage, and is returned as it is.
pub(super) fn events_of_rows<D: AsRef<str>>(
    rows: impl IntoIterator<Item = Result<Result<(i64, i64, D), String>, StoreError>>,
) -> Result<(Vec<Recorded>, Option<ReplayError>), StoreError> {
    let mut events: Vec<Recorded> = Vec::new();
    for row in rows {
        let expected = events.len() as u64 + 1;
        let (seq, at_ms, data) = match row? {
            Ok(row) => row,
            Err(reason) => {
                let damage = ReplayError {
                    seq: expected,
                    reason,
                };
                return Ok((events, Some(damage)));
            }
        };
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

/// A stand-in for a setup that cannot be read: an empty game from the initial position. The
/// game is served with it, damaged from its first event on (nothing of it applies).
fn unreadable_setup() -> Setup {
    let player = || Player {
        name: String::new(),
        visually_impaired: false,
        board: BoardKind::Normal,
        assistant: false,
        computer: None,
    };
    Setup {
        time_control: TimeControl::fischer(15 * 60 * 1000, 10 * 1000),
        players: shakmaty::ByColor {
            white: player(),
            black: player(),
        },
        languages: [Lang::De; 6],
        profile: Profile::default(),
        event: EventInfo::default(),
        start: StartPosition::initial(),
    }
}

/// A game as far as its rows can be read (issue 30: a listed game whose setup, creation time
/// or a token did not read back answered "no such game"). A setup that does not read is
/// damage from the first event on (the game is served empty, marked damaged, and nothing is
/// written to it); a negative creation time is read as 0; a token that does not read opens
/// no seat. Each is logged.
pub(super) fn game_of_parts(
    id: GameId,
    created_ms: i64,
    setup: &str,
    tokens: Vec<TokenRow>,
    loaded: (Vec<Recorded>, Option<ReplayError>),
) -> StoredGame {
    let (mut events, mut damage) = loaded;
    let setup = match setup_from_json(setup) {
        Ok(setup) => setup,
        Err(e) => {
            tracing::error!(game = %id, "the setup does not read back: {e}");
            events.clear();
            damage = Some(ReplayError {
                seq: 1,
                reason: format!("the setup: {e}"),
            });
            unreadable_setup()
        }
    };
    let created_ms = u64_col(created_ms, "creation time").unwrap_or_else(|e| {
        tracing::error!(game = %id, "{e}");
        0
    });
    let tokens = tokens
        .into_iter()
        .filter_map(|t| {
            t.map_err(|e| tracing::error!(game = %id, "a token does not read back: {e}"))
                .ok()
        })
        .collect();
    StoredGame {
        id,
        created_ms,
        setup,
        tokens,
        events,
        damage,
    }
}

/// A token row, read, or what is wrong with it.
pub(super) type TokenRow = Result<(Seat, TokenHash), String>;

/// A token row: the seat's name and the hash.
pub(super) fn token_of(seat: &str, hash: Vec<u8>) -> TokenRow {
    let seat: Seat = seat.parse().map_err(|_| format!("seat {seat:?}"))?;
    let hash: [u8; 32] = hash
        .try_into()
        .map_err(|_| "token hash length".to_owned())?;
    Ok((seat, TokenHash(hash)))
}

/// A `round_players` row as both databases read it.
pub(super) struct PlayerRow {
    pub rank: i64,
    pub name: String,
    pub fide_id: Option<String>,
    pub board: Option<i64>,
    pub code: String,
}

impl PlayerRow {
    /// The round's player, or the damage of round `id`.
    pub(super) fn player(self, id: &GameId) -> Result<RoundPlayer, StoreError> {
        let rank = u32::try_from(self.rank)
            .map_err(|_| StoreError::Corrupt(format!("round {id}: rank {}", self.rank)))?;
        let place = Place::of_columns(self.board, &self.code)
            .ok_or_else(|| StoreError::Corrupt(format!("round {id}: player {rank}'s place")))?;
        Ok(RoundPlayer {
            rank,
            name: self.name,
            fide_id: self.fide_id,
            place,
        })
    }
}

/// A round's `trf_round` column, or the damage of round `id`.
pub(super) fn trf_round_of(id: &GameId, column: Option<i64>) -> Result<Option<u32>, StoreError> {
    column
        .map(|r| {
            u32::try_from(r).map_err(|_| StoreError::Corrupt(format!("round {id}: trf_round {r}")))
        })
        .transpose()
}
