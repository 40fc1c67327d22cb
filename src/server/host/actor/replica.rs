//! The actor's cluster half (`docs/scale-out.md`): applying the owner's events its tail hears,
//! answering the forwarded orders its inbox passes on once and in no language (a follower's
//! asker sends them typed and says the answer: `host/forward.rs`), and carrying out the pure
//! ownership machine's steps (claims, renewals, releases, catching up). What goes over the bus
//! is read and sent by those two small tasks (`host/relay.rs`), never here.

use std::sync::Arc;

use super::{Actor, Uncommitted};
use crate::game::Seat;
use crate::ownership::{ClaimAnswer, Fence, Forwarded as Take, Observed, Step};
use tokio::sync::oneshot;

use crate::server::cluster::bus::{Cluster, Forwarded};
use crate::server::cluster::feeds::{EventFeed, Heard, OrderFeed};
use crate::server::cluster::reply_codec::Answer;
use crate::server::host::relay;
use crate::server::render::reply::Refusal;
use crate::server::wire::ErrorCode;
use crate::store::{Claim, StoreError};

/// How many forwarded commands' answers the owner keeps, so that a retried one is answered
/// again rather than applied twice.
const ANSWERS_KEPT: usize = 256;

impl Actor {
    /// Starts the game's tail (`relay.rs`): subscribed before this node catches up on what
    /// was committed since it loaded the game, so nothing committed in between is missed.
    pub(super) async fn start_tail(&mut self) {
        let (Some(cluster), Some(own)) = (self.cluster.clone(), self.own.upgrade()) else {
            return;
        };
        match EventFeed::open(&cluster, &self.id).await {
            Ok(feed) => relay::spawn_tail(feed, own, &self.tracker),
            Err(e) => tracing::error!(game = %self.id, "could not follow the game: {e}"),
        }
    }

    /// Tells the ownership machine what was observed and carries out its steps (a claim's or
    /// a renewal's answer is observed in turn).
    pub(super) async fn observe(&mut self, first: Observed) {
        let mut next = Some(first);
        while let Some(observed) = next.take() {
            let now = tokio::time::Instant::now();
            for step in self.ownership.on(observed, now) {
                if let Some(answer) = self.carry_out(step).await {
                    // Every step that asks something is the last of its list.
                    next = Some(answer);
                }
            }
        }
    }

    /// One step of the ownership machine; what a claim or a renewal answered.
    async fn carry_out(&mut self, step: Step) -> Option<Observed> {
        let cluster = self.cluster.clone();
        match step {
            Step::CatchUp => self.catch_up().await,
            Step::TakeCommands => {
                tracing::info!(game = %self.id, role = ?self.ownership.role(), "owns the game");
                self.take_commands().await;
            }
            Step::DropCommands => {
                tracing::warn!(game = %self.id, "fenced: another node owns the game, following it");
                self.inbox = None;
            }
            Step::RecordRestart => {
                // As after a restart, a running clock stops at the last event: the outage is
                // nobody's time (the profile's failover policy says who resumes the game).
                let outage = self.table.restart_events(self.clock.now_ms());
                if self.damage.is_some() || outage.is_empty() {
                    return None;
                }
                match self.commit(outage).await {
                    Ok(()) => tracing::info!(game = %self.id, "paused after a restart"),
                    Err(Uncommitted::Fenced) => return Some(Observed::AppendFenced),
                    Err(e) => {
                        tracing::error!(game = %self.id, "could not record the restart pause: {e}")
                    }
                }
            }
            Step::Claim => {
                let cluster = cluster?;
                if cluster.held_elsewhere(&self.id) {
                    return Some(Observed::Claimed(ClaimAnswer::Held));
                }
                let answer = match cluster.owners.claim(&self.id, cluster.lease).await {
                    Ok(Claim::Granted(lease)) => ClaimAnswer::Granted { epoch: lease.epoch },
                    Ok(Claim::Held(_)) => ClaimAnswer::Held,
                    Err(e) => {
                        tracing::error!(game = %self.id, "could not claim: {e}");
                        ClaimAnswer::Failed
                    }
                };
                return Some(Observed::Claimed(answer));
            }
            Step::Renew { epoch } => {
                let cluster = cluster?;
                let fence = match cluster.owners.renew(&self.id, epoch, cluster.lease).await {
                    Ok(()) => Fence::Holds,
                    Err(StoreError::Fenced { .. }) => Fence::Fenced,
                    Err(e) => {
                        tracing::warn!(game = %self.id, "could not renew: {e}");
                        Fence::Failed
                    }
                };
                return Some(Observed::Renewed(fence));
            }
            Step::Release { epoch } => {
                let released = cluster?.owners.release(&self.id, epoch);
                let id = self.id.clone();
                self.tracker.spawn(async move {
                    if let Err(e) = released.await {
                        tracing::warn!(game = %id, "could not release the lease: {e}");
                    }
                });
            }
        }
        None
    }

    async fn take_commands(&mut self) {
        let (Some(cluster), Some(own)) = (self.cluster.clone(), self.own.upgrade()) else {
            return;
        };
        match OrderFeed::open(&cluster, &self.id).await {
            Ok(feed) => self.inbox = Some(relay::spawn_inbox(feed, own, &self.tracker)),
            Err(e) => tracing::error!(game = %self.id, "could not take commands: {e}"),
        }
    }

    /// Reads the events this node has not applied yet from the store.
    pub(super) async fn catch_up(&mut self) {
        let (store, id) = (Arc::clone(&self.store), self.id.clone());
        let loaded = tokio::task::spawn_blocking(move || store.load_game(&id)).await;
        let stored = match loaded {
            Ok(Ok(Some(stored))) => stored,
            other => {
                tracing::error!(game = %self.id, "could not catch up: {other:?}");
                return;
            }
        };
        let mine = self.table.seq();
        for rec in stored.events.into_iter().filter(|r| r.seq > mine) {
            if let Err(e) = self.publish(rec) {
                self.damaged(e);
                return;
            }
        }
    }

    /// The owner's committed events, as the tail heard them: applied in order; a gap (or an
    /// event that does not read) is filled from the store.
    pub(super) async fn follow(&mut self, heard: Heard) {
        let Heard::Events(events) = heard else {
            tracing::warn!(game = %self.id, "events that do not read: ignored");
            return;
        };
        for ev in events {
            let mine = self.table.seq();
            if ev.seq <= mine {
                continue;
            }
            if self.ownership.epoch().is_some() {
                // An event this node did not write (its own come back numbered as applied):
                // another node owns the game now, and this one was stopped past its lease.
                // It follows from the store, and decides nothing more on what it had.
                self.observe(Observed::ForeignEvent).await;
                return;
            }
            if ev.seq > mine + 1 {
                self.catch_up().await;
                continue;
            }
            match ev.recorded {
                Ok(rec) => {
                    if let Err(e) = self.publish(rec) {
                        self.damaged(e);
                        return;
                    }
                }
                Err(e) => {
                    tracing::warn!(game = %self.id, "an event that does not read: {e}");
                    self.catch_up().await;
                }
            }
        }
    }

    /// An order another node forwarded (its inbox read it): decided here, answered after the
    /// commit, in no language (the follower says the answer to its asker); not answered when
    /// this node does not own the game (the sender asks again and the owner answers).
    pub(super) async fn forwarded(&mut self, fwd: Forwarded, reply: oneshot::Sender<Answer>) {
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        let kept = self.answered.iter().find(|(cmd, _)| *cmd == fwd.cmd);
        let answer = if let Some((_, answer)) = kept {
            answer.clone()
        } else {
            let answer = match self.ownership.takes_forwarded(fwd.expired()) {
                Take::Ignore => return,
                Take::RefuseExpired => {
                    // Too late: its sender has told the player nothing changed.
                    tracing::info!(game = %self.id, "a forwarded command came after its deadline: not applied");
                    Answer::of(&Err(Refusal::server(ErrorCode::GameUnavailable)))
                }
                Take::Decide => match self.decide_forwarded(&cluster, &fwd).await {
                    Some(answer) => answer,
                    // No longer the owner: the new owner answers the sender's next try.
                    None => return,
                },
            };
            if self.answered.len() >= ANSWERS_KEPT {
                self.answered.pop_front();
            }
            self.answered.push_back((fwd.cmd.clone(), answer.clone()));
            answer
        };
        let _ = reply.send(answer);
    }

    /// The game's last event number after a forwarded command the store has applied already
    /// (asked only when deciding it again was refused: most commands are new).
    async fn applied_before(&self, cluster: &Cluster, fwd: &Forwarded) -> Option<u64> {
        if !self.ownership.decides() {
            return None;
        }
        let command = fwd.command()?;
        match cluster.owners.command_applied(&self.id, &command).await {
            Ok(seq) => seq,
            Err(e) => {
                tracing::warn!(game = %self.id, "could not look the command up: {e}");
                None
            }
        }
    }

    /// Decides a forwarded order, its moves resolved in this table's position (`None`: no
    /// longer the owner, the new owner answers the sender's next try).
    async fn decide_forwarded(&mut self, cluster: &Cluster, fwd: &Forwarded) -> Option<Answer> {
        let seat = fwd.seat.0;
        if seat == Seat::Spectator {
            return Some(Answer::of(&Err(Refusal::server(ErrorCode::Forbidden))));
        }
        let acted = match fwd.order.clone().order(&self.table) {
            Ok(Ok(order)) => {
                let confirm = fwd.confirm.map(Into::into);
                self.act(seat, order, confirm, fwd.command()).await
            }
            // A move no longer legal here (the game went on while the order travelled).
            Ok(Err(refused)) => Err(Refusal::Table(refused)),
            Err(e) => {
                tracing::warn!(game = %self.id, "a forwarded order that does not read: {e}");
                Err(Refusal::server(ErrorCode::Internal))
            }
        };
        // Refused (a move not that side's turn, say): perhaps because an earlier owner applied
        // this very command and died before it answered. Accepted again, the store's append
        // found its id and wrote nothing.
        if acted.is_err() {
            if let Some(seq) = self.applied_before(cluster, fwd).await {
                return Some(Answer::Done { seq: Some(seq) });
            }
            self.observe(Observed::Refusing).await;
        }
        // Fenced while writing: the new owner answers the sender's next try.
        self.ownership.decides().then(|| Answer::of(&acted))
    }

    /// The owner looks whether the node's renewal still holds its lease (and asks the store
    /// if it did not find the game); a follower claims the game if the owner's lease ran out.
    pub(super) async fn look_at_lease(&mut self) {
        let Some(cluster) = self.cluster.clone() else {
            return;
        };
        let node_renewal = self
            .ownership
            .epoch()
            .and_then(|epoch| cluster.still_holds(&self.id, epoch, self.ownership.held_since()));
        self.observe(Observed::LeaseLook { node_renewal }).await;
    }
}
