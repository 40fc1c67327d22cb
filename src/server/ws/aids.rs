//! A connection's practice aids in a game against the computer (issue 34): `hint` and `eval`,
//! answered by the engine ([`crate::server::opponent::aid`]) on a task of their own, so that
//! the session goes on answering pings and sending events while the engine thinks; one at a
//! time per connection (another meanwhile is `engine_busy`).

use serde_json::Value;
use tokio::sync::oneshot;

use crate::game::Seat;
use crate::server::app::AppState;
use crate::server::host::actor::GameHandle;
use crate::server::opponent::{Aid, AidRefused, Aided, aid};

/// An aid's answer for the request `id`.
pub(super) type Answered = (Value, Result<Aided, AidRefused>);

/// The aid under way for one connection, if any: its answer to come. (Made for each aid, not
/// with the connection: a channel held by every connection for the aids of the few games
/// against the computer cost 3.4 KiB each.)
#[derive(Default)]
pub(super) struct Aids {
    under_way: Option<oneshot::Receiver<Answered>>,
}

/// Who asks, and in which words he hears the answer.
pub(super) struct Asker {
    pub(super) app: AppState,
    pub(super) handle: GameHandle,
    pub(super) seat: Seat,
    pub(super) lang: crate::announce::Lang,
    pub(super) captured: bool,
}

impl Aids {
    /// Starts answering `what` for request `id`; `false` when an aid is already under way.
    pub(super) fn start(&mut self, asker: Asker, id: Value, what: Aid) -> bool {
        if self.under_way.is_some() {
            return false;
        }
        let (tx, rx) = oneshot::channel();
        self.under_way = Some(rx);
        let tracker = asker.app.0.tracker.clone();
        tracker.spawn(async move {
            let Asker {
                app,
                handle,
                seat,
                lang,
                captured,
            } = asker;
            let answer = aid(&app, &handle, seat, lang, captured, what).await;
            // The connection may have gone meanwhile: then nobody waits for the answer.
            let _ = tx.send((id, answer));
        });
        true
    }

    /// The next answer (never, while none is under way).
    pub(super) async fn next(&mut self) -> Answered {
        let Some(rx) = &mut self.under_way else {
            return std::future::pending().await;
        };
        let answered = rx.await;
        self.under_way = None;
        match answered {
            Ok(answered) => answered,
            // Not reached: the aid's task always answers (and is not aborted).
            Err(_) => std::future::pending().await,
        }
    }
}
