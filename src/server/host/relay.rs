//! A clustered game's two small tasks beside its actor (`docs/scale-out.md`), so that the
//! actor only ever takes typed requests from its channel:
//!
//! - the **tail** (every node that holds the game, for as long as the actor lives): the
//!   owner's committed events, read off the bus ([`EventFeed`]), passed on as
//!   [`Request::Followed`];
//! - the **inbox** (the owner, while it holds the lease): each order another node forwarded,
//!   passed on as [`Request::Forwarded`], and the actor's answer sent back to its sender; the
//!   actor stops it when it steps down.
//!
//! Each ends when the actor's channel closes (the game left memory, the server stops) or,
//! for the inbox, when the actor drops its [`Inbox`].

use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::{CancellationToken, DropGuard};
use tokio_util::task::TaskTracker;

use crate::server::cluster::feeds::{EventFeed, OrderFeed};
use crate::server::host::handle::Request;

/// Passes the game's events heard on the bus to its actor, in order, until the actor's
/// channel closes.
pub(super) fn spawn_tail(
    mut feed: EventFeed,
    actor: mpsc::Sender<Box<Request>>,
    tracker: &TaskTracker,
) {
    tracker.spawn(async move {
        loop {
            let heard = tokio::select! {
                _ = actor.closed() => return,
                heard = feed.next() => heard,
            };
            let Some(heard) = heard else { return };
            if actor
                .send(Box::new(Request::Followed(heard)))
                .await
                .is_err()
            {
                return;
            }
        }
    });
}

/// The owner's inbox while it runs: dropped, it stops taking orders.
pub(super) struct Inbox {
    _stop: DropGuard,
}

/// Passes each forwarded order to the actor and its answer back to the sender (none when
/// the actor drops it: no longer the owner, the new owner answers the sender's next try).
pub(super) fn spawn_inbox(
    mut feed: OrderFeed,
    actor: mpsc::Sender<Box<Request>>,
    tracker: &TaskTracker,
) -> Inbox {
    let stop = CancellationToken::new();
    let stopped = stop.clone();
    tracker.spawn(async move {
        loop {
            let next = tokio::select! {
                _ = stopped.cancelled() => return,
                _ = actor.closed() => return,
                next = feed.next() => next,
            };
            let Some((order, reply_to)) = next else {
                return;
            };
            let (reply, answered) = oneshot::channel();
            let req = Request::Forwarded { order, reply };
            if actor.send(Box::new(req)).await.is_err() {
                return;
            }
            if let Ok(answer) = answered.await {
                feed.answer(reply_to, &answer).await;
            }
        }
    });
    Inbox {
        _stop: stop.drop_guard(),
    }
}
