//! The actor's one way of changing its game: an order decided by the table ([`Table::decide`]),
//! its events applied once to a copy of the table with what is said about each, written through
//! the game's [`super::GameLog`] with the summary of that copy, and only then the copy made the
//! game and the events published; and the same application for events restored or another
//! node's ([`Actor::publish`]). The answer is typed ([`Reply`]), said where the asker is.

use std::sync::Arc;

use super::{Actor, Uncommitted};
use crate::game::{Event, Recorded, ReplayError, Seat};
use crate::ownership::Observed;
use crate::server::admission::auth::TokenHash;
use crate::server::render::reply::{Confirmation, Outcome, Refusal, Reply, to_confirm};
use crate::server::wire::ErrorCode;
use crate::store::{CommandId, Summary};
use crate::table::{Order, Table};
use crate::words::published::{self, Published};

impl Actor {
    pub(super) async fn act(
        &mut self,
        seat: Seat,
        order: Order,
        confirm: Option<Confirmation>,
        command: Option<CommandId>,
    ) -> Reply {
        if let Some(damage) = &self.damage {
            let args = vec![("seq", damage.seq.to_string())];
            return Err(Refusal::server_with(ErrorCode::GameDamaged, args));
        }
        // A flag that fell before this action counts first.
        self.flag_fall().await;
        let now = self.clock.now_ms();
        // Resign, offer and claim ask for a second step: decided, then confirmed.
        let events = self
            .table
            .decide(seat, order.clone(), now)
            .map_err(Refusal::Table)?;
        if let Some(action) = confirm {
            return Ok(to_confirm(&self.table, action, events));
        }
        let last = events.last().map(|e| e.seq);
        let applied = match self.commit_as(events, command.clone()).await {
            Ok(applied) => applied,
            Err(Uncommitted::Conflict) if self.ownership.decides() => {
                // Another process wrote to this game's log (a second server on the same
                // store): nothing of this write was kept. The game is read again from the
                // store and the order decided once more on what it holds now, rather than
                // every later write failing on the same numbers.
                tracing::warn!(game = %self.id, "another process wrote to the game: reading it again");
                self.catch_up().await;
                let events = self
                    .table
                    .decide(seat, order, self.clock.now_ms())
                    .map_err(Refusal::Table)?;
                let last = events.last().map(|e| e.seq);
                return match self.commit_as(events, command).await {
                    Ok(applied) => Ok(Outcome::Done(applied.or(last))),
                    Err(e) => {
                        tracing::error!(game = %self.id, "store failed, action refused: {e}");
                        Err(Refusal::server(ErrorCode::StorageFailed))
                    }
                };
            }
            Err(e) => {
                tracing::error!(game = %self.id, "store failed, action refused: {e}");
                if e == Uncommitted::Fenced {
                    self.observe(Observed::AppendFenced).await;
                }
                return Err(Refusal::server(ErrorCode::StorageFailed));
            }
        };
        // A command applied before (by this owner or an earlier one) is answered as then.
        Ok(Outcome::Done(applied.or(last)))
    }

    /// Applies events to a copy of the table, writes them durably with the summary of that
    /// copy, then makes the copy the game and publishes them.
    pub(super) async fn commit(&mut self, events: Vec<Recorded>) -> Result<(), Uncommitted> {
        self.commit_as(events, None).await.map(|_| ())
    }

    /// [`Actor::commit`] of a forwarded command's events, its id recorded with them (an owner
    /// of a cluster): `Some(seq)`, and nothing written, if the store had applied it already.
    ///
    /// Each event is applied once, before it is written: an event that does not apply is
    /// refused with nothing written, and the store is never ahead of the game.
    pub(super) async fn commit_as(
        &mut self,
        events: Vec<Recorded>,
        command: Option<CommandId>,
    ) -> Result<Option<u64>, Uncommitted> {
        let mut after = self.table.clone();
        let mut published = Vec::with_capacity(events.len());
        for rec in &events {
            let p = said_and_applied(&mut after, rec.clone())
                .map_err(|e| Uncommitted::Store(format!("a decided event does not apply: {e}")))?;
            published.push(Arc::new(p));
        }
        // The list of games reads the summary after these events, written with them.
        let summary = Summary::of(after.game());
        let epoch = self.ownership.epoch();
        if let Some(seq) = (self.writes)
            .append(&self.id, epoch, command.as_ref(), &events, summary)
            .await?
        {
            return Ok(Some(seq));
        }
        self.table = after;
        for p in published {
            self.tell(p);
        }
        Ok(None)
    }

    /// Marks the game damaged from `e.seq` on: it is shown up to the event before, takes no
    /// more writes and runs no clock.
    pub(super) fn damaged(&mut self, e: crate::game::ReplayError) {
        tracing::error!(game = %self.id, "damaged: {e}");
        self.damage = Some(e);
    }

    /// Applies one event (restored, or another node's) and tells every connection.
    pub(super) fn publish(&mut self, rec: Recorded) -> Result<(), crate::game::ReplayError> {
        let p = said_and_applied(&mut self.table, rec)?;
        self.tell(Arc::new(p));
        Ok(())
    }

    /// Keeps an applied event for reconnecting clients and sends it to every connection.
    fn tell(&mut self, p: Arc<Published>) {
        if let Event::SeatLinkIssued { seat, hash, .. } = p.rec.event {
            // From now on the old token opens nothing (each connection holding it closes
            // when it hears this event).
            let mut tokens = self.tokens.write().unwrap_or_else(|e| e.into_inner());
            tokens.retain(|(s, _)| *s != seat);
            tokens.push((seat, TokenHash(hash)));
        }
        self.log.push(Arc::clone(&p));
        // No receiver is fine: nobody is connected.
        let _ = self.events.send(p);
    }
}

/// Applies `rec` to `table`, with what is said about it read just before and just after.
fn said_and_applied(table: &mut Table, rec: Recorded) -> Result<Published, ReplayError> {
    let ev = rec.clone();
    let mut p = Published::of(table.game(), rec)?;
    published::notes_before(table.game(), &ev, &mut p);
    p.note = table.apply(&ev)?.map(Arc::new);
    published::notes_after(table.game(), &ev, &mut p);
    Ok(p)
}
