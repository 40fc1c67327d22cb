//! One owner per game, fenced: leases, epochs and command ids ([`Owners`]).
//!
//! Several nodes may share one store (PostgreSQL); each game is served by one of them at a
//! time, its *owner*. A node becomes the owner by [`Owners::claim`]ing the game's lease: the
//! store hands out the next *epoch* (1, 2, 3 ... per game, never reused) and an expiry, counted
//! on the store's clock. The owner's node renews all its leases at once well before they
//! expire ([`Owners::renew_all`]: one statement per node and tick, not one per game) and
//! [`Owners::release`]s a lease when it lets the game go. Another node's claim succeeds only once
//! the lease has expired (or was released), and then with the next epoch.
//!
//! **Fencing.** Every write of the owner is an [`Owners::append_fenced`] carrying its epoch;
//! the store checks, in the transaction of the append, that the lease still has that owner and
//! that epoch, holding the lease row locked until the commit. So a claim and an append are
//! ordered: an append either commits before the next claim (and the new owner, which reads the
//! events after its claim, sees it) or is refused with [`StoreError::Fenced`]. A paused or cut
//! off former owner therefore writes nothing once another node has claimed the game, whatever
//! its own clock says. The expiry only decides when a claim may happen; the fence is the epoch.
//!
//! **The owner's clock.** A lease's expiry is counted from the moment the store handles the
//! claim or renewal; the owner counts it from the moment it *asked* (earlier), so it believes
//! the lease gone no later than the store does, and stops serving the game then (clock rates
//! are assumed to be equal within a small margin; keep the renewal well inside the TTL).
//!
//! **Commands applied once.** A client's command carries an id ([`CommandId`]); the append of
//! its events records the id in the same transaction. A retried command (the client did not
//! hear the answer, the owner changed in between) finds its id recorded: the append writes
//! nothing and answers [`Appended::AlreadyApplied`] with the event number the game had after
//! the command. [`Owners::command_applied`] asks the same before a command is applied at all.
//!
//! The PostgreSQL store implements this with tables (`leases`, `commands`; see
//! `postgres.rs`). The SQLite store, one process and one node, implements the trivial
//! version: its leases and command ids live in the memory of its writer thread (a restart
//! forgets them, with every connection that could retry), checked in the same order as the
//! writes.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use super::{GameId, StoreError, Summary};
use crate::game::Recorded;

/// A client's id for one command: what makes a retry recognisable. At most
/// [`CommandId::MAX_LEN`] bytes, printable ASCII.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CommandId(String);

impl CommandId {
    pub const MAX_LEN: usize = 64;

    /// Accepts 1 to [`CommandId::MAX_LEN`] printable ASCII characters.
    pub fn parse(s: &str) -> Option<CommandId> {
        let ok =
            !s.is_empty() && s.len() <= Self::MAX_LEN && s.bytes().all(|b| b.is_ascii_graphic());
        ok.then(|| CommandId(s.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A lease held by this node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub game: GameId,
    /// The fence: every append of this owner carries it.
    pub epoch: u64,
    /// How long the lease lasts from the moment it was asked for.
    pub ttl: Duration,
}

/// Who holds a game's lease, as the store sees it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holder {
    pub owner: String,
    pub epoch: u64,
    /// Time left before it expires (zero once expired or released).
    pub remaining: Duration,
}

/// The answer to a claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This node owns the game now, with a new epoch.
    Granted(Lease),
    /// Another node holds an unexpired lease.
    Held(Holder),
}

/// What a fenced append did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Appended {
    /// The events are durable.
    Written,
    /// The command was applied before: nothing was written. `seq` is the number of the game's
    /// last event after that command.
    AlreadyApplied { seq: u64 },
}

/// A future of the store.
pub type Pending<T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send>>;

/// Leases, fenced appends and command ids: what a cluster of nodes on one store needs. Every
/// future resolves once its writes are durable (or refused).
pub trait Owners: Send + Sync + 'static {
    /// This node's name (`--node`).
    fn node(&self) -> &str;

    /// Claims the game for this node for `ttl`: granted, with the next epoch, if no lease is
    /// in force or this node holds it (a node restarted under the same name takes its games
    /// back at once; the earlier epoch is fenced all the same).
    fn claim(&self, game: &GameId, ttl: Duration) -> Pending<Claim>;

    /// Extends this node's lease of epoch `epoch` to `ttl` from now. [`StoreError::Fenced`]
    /// if the lease has passed to another epoch.
    fn renew(&self, game: &GameId, epoch: u64, ttl: Duration) -> Pending<()>;

    /// The node's renewal: extends, in one statement, every lease this node holds that is
    /// still in force to `ttl` from now, and answers the games it holds with their epochs.
    /// A lease another node has claimed names that node and is not renewed (the game is not
    /// in the answer); a released or expired one stays so (taking it back is a claim, with
    /// the next epoch). The epochs are not changed: they alone fence the appends.
    fn renew_all(&self, ttl: Duration) -> Pending<Vec<(GameId, u64)>>;

    /// Lets the game go: the lease expires now, so any node may claim it at once. Whether
    /// this node still held it.
    fn release(&self, game: &GameId, epoch: u64) -> Pending<bool>;

    /// Lets every game this node's name holds go at once (their leases expire now), and says
    /// how many. A node calls it when it starts, before it renews anything: the leases its
    /// name holds are its previous process's, whose games no process of it serves now (a node
    /// restarted within a lease kept renewing them, and its games were unreachable); and
    /// when it stops cleanly, so that the other nodes take its games over at once.
    fn release_all(&self) -> Pending<u64>;

    /// The lease as it stands, if the game ever had one.
    fn holder(&self, game: &GameId) -> Pending<Option<Holder>>;

    /// Every lease another node holds in force, with its time left, in one statement: what
    /// a node's followers look at before they claim (a claim, one transaction a game every
    /// third of a lease, was most of a follower's work). A store without other nodes has
    /// none.
    fn held_by_others(&self) -> Pending<Vec<(GameId, Duration)>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    /// Appends events as [`super::Store::append`] does, if and only if this node holds the
    /// game's lease with `epoch` (checked in the append's transaction): otherwise
    /// [`StoreError::Fenced`] and nothing is written. With a command id, the id is recorded
    /// with the events; an id already recorded writes nothing ([`Appended::AlreadyApplied`]).
    fn append_fenced(
        &self,
        game: &GameId,
        epoch: u64,
        command: Option<&CommandId>,
        events: &[Recorded],
        summary: &Summary,
    ) -> Pending<Appended>;

    /// Whether a command with this id was applied to the game, and the game's last event
    /// number after it.
    fn command_applied(&self, game: &GameId, command: &CommandId) -> Pending<Option<u64>>;
}

/// Milliseconds of a TTL, at least 1 and at most a day (a lease is renewed, not eternal).
pub(super) fn ttl_ms(ttl: Duration) -> i64 {
    ttl.as_millis().clamp(1, 86_400_000) as i64
}

/// What every [`Owners`] must do, run against the SQLite store (`sqlite/owners.rs`) and the
/// PostgreSQL store (`postgres.rs`).
#[cfg(test)]
pub(super) mod contract {
    use std::time::Duration;

    use shakmaty::uci::UciMove;
    use shakmaty::{ByColor, Color};

    use super::*;
    use crate::announce::Lang;
    use crate::game::{BoardKind, ClockReading, Event, Player, Recorded, Seat, Setup, TimeControl};
    use crate::store::{NewGame, Store, TokenHash};

    pub(crate) fn setup() -> Setup {
        let p = |name: &str| Player {
            name: name.to_owned(),
            visually_impaired: true,
            board: BoardKind::Tactile,
            assistant: false,
            computer: None,
        };
        Setup {
            time_control: TimeControl::fischer(900_000, 10_000),
            players: ByColor {
                white: p("Ayşe"),
                black: p("Jörg"),
            },
            languages: [Lang::De, Lang::Tr, Lang::De, Lang::Tr, Lang::En, Lang::De],
            profile: Default::default(),
            event: Default::default(),
            start: Default::default(),
        }
    }

    /// A new game with id `n` repeated.
    pub(crate) fn create(store: &dyn Store, n: u8) -> GameId {
        let id = GameId::from_bytes([n; 8]);
        store
            .create_game(&NewGame {
                id: id.clone(),
                created_ms: u64::from(n),
                setup: setup(),
                tokens: vec![
                    (Seat::White, TokenHash([n; 32])),
                    (Seat::Arbiter, TokenHash([n ^ 0xff; 32])),
                ],
            })
            .unwrap();
        id
    }

    /// Events `from..=to`: alternate moves from the start (e2e4, e7e5, g1f3, b8c6 ...).
    pub(crate) fn events(from: u64, to: u64) -> Vec<Recorded> {
        const MOVES: [&str; 8] = [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5",
        ];
        (from..=to)
            .map(|seq| Recorded {
                seq,
                at_ms: 1000 * seq,
                event: Event::Moved {
                    by: if seq % 2 == 1 {
                        Seat::White
                    } else {
                        Seat::Black
                    },
                    uci: MOVES[(seq as usize - 1) % MOVES.len()]
                        .parse::<UciMove>()
                        .unwrap(),
                },
                clock: ClockReading {
                    white_ms: 900_000,
                    black_ms: 900_000,
                    running: Some(if seq % 2 == 1 {
                        Color::Black
                    } else {
                        Color::White
                    }),
                },
            })
            .collect()
    }

    pub(crate) fn summary(seq: u64) -> Summary {
        Summary {
            status: "playing",
            result: None,
            seq,
            moves: seq as u32,
            running: true,
            damaged: false,
        }
    }

    pub(crate) fn block_on<F: std::future::Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
            .block_on(f)
    }

    fn seqs(store: &dyn Store, game: &GameId) -> Vec<u64> {
        let stored = store.load_game(game).unwrap().unwrap();
        stored.events.iter().map(|e| e.seq).collect()
    }

    pub(crate) fn granted(claim: Claim) -> Lease {
        match claim {
            Claim::Granted(lease) => lease,
            Claim::Held(h) => panic!("held by {h:?}"),
        }
    }

    fn is_fenced<T: std::fmt::Debug>(r: Result<T, StoreError>, epoch: u64) {
        match r {
            Err(StoreError::Fenced { epoch: e, .. }) if e == epoch => {}
            other => panic!("expected fenced at epoch {epoch}, got {other:?}"),
        }
    }

    /// One node: epochs, fenced appends, command ids, renew and release.
    pub(crate) fn one_node<S: Store + Owners>(store: &S) {
        block_on(async {
            let game = create(store, 1);
            let ttl = Duration::from_secs(30);
            assert_eq!(store.holder(&game).await.unwrap(), None);
            // Appends without any lease are fenced.
            is_fenced(
                store
                    .append_fenced(&game, 1, None, &events(1, 1), &summary(1))
                    .await,
                1,
            );
            let lease = granted(store.claim(&game, ttl).await.unwrap());
            assert_eq!(lease.epoch, 1);
            let holder = store.holder(&game).await.unwrap().unwrap();
            assert_eq!((holder.owner.as_str(), holder.epoch), (store.node(), 1));
            assert!(holder.remaining > Duration::from_secs(20), "{holder:?}");

            let c1 = CommandId::parse("c-1").unwrap();
            let written = store
                .append_fenced(&game, 1, Some(&c1), &events(1, 2), &summary(2))
                .await
                .unwrap();
            assert_eq!(written, Appended::Written);
            // The same command again writes nothing and says where the game was after it.
            let again = store
                .append_fenced(&game, 1, Some(&c1), &events(3, 3), &summary(3))
                .await
                .unwrap();
            assert_eq!(again, Appended::AlreadyApplied { seq: 2 });
            assert_eq!(seqs(store, &game), [1, 2]);
            assert_eq!(store.command_applied(&game, &c1).await.unwrap(), Some(2));
            let c2 = CommandId::parse("c-2").unwrap();
            assert_eq!(store.command_applied(&game, &c2).await.unwrap(), None);
            // A command whose append fails (a duplicate event number) is not recorded.
            assert!(
                store
                    .append_fenced(&game, 1, Some(&c2), &events(2, 2), &summary(2))
                    .await
                    .is_err()
            );
            assert_eq!(store.command_applied(&game, &c2).await.unwrap(), None);

            // This node claims again (a restart under the same name): the next epoch, and the
            // earlier one is fenced for appends and renewals.
            let lease2 = granted(store.claim(&game, ttl).await.unwrap());
            assert_eq!(lease2.epoch, 2);
            is_fenced(
                store
                    .append_fenced(&game, 1, Some(&c2), &events(3, 3), &summary(3))
                    .await,
                1,
            );
            is_fenced(store.renew(&game, 1, ttl).await, 1);
            assert!(!store.release(&game, 1).await.unwrap());
            assert_eq!(seqs(store, &game), [1, 2]);
            assert_eq!(store.command_applied(&game, &c2).await.unwrap(), None);
            store.renew(&game, 2, ttl).await.unwrap();
            let written = store
                .append_fenced(&game, 2, Some(&c2), &events(3, 4), &summary(4))
                .await
                .unwrap();
            assert_eq!(written, Appended::Written);
            assert_eq!(seqs(store, &game), [1, 2, 3, 4]);
            let listed = store.list_games(None).unwrap();
            assert_eq!(listed[0].summary, summary(4));

            // Released: the lease is over at once; the next claim has the next epoch.
            assert!(store.release(&game, 2).await.unwrap());
            let holder = store.holder(&game).await.unwrap().unwrap();
            assert_eq!((holder.epoch, holder.remaining), (2, Duration::ZERO));
            assert_eq!(granted(store.claim(&game, ttl).await.unwrap()).epoch, 3);
            // A removed game takes its lease and its commands with it.
            store.delete_game(&game).unwrap();
            assert_eq!(store.holder(&game).await.unwrap(), None);
            assert_eq!(store.command_applied(&game, &c1).await.unwrap(), None);
        });
    }

    /// Two nodes on one store: a lease in force is held against the other node; once it
    /// expires the other node claims the next epoch and the former owner is fenced.
    pub(crate) fn two_nodes<S: Store + Owners>(a: &S, b: &S) {
        block_on(async {
            assert_ne!(a.node(), b.node());
            let game = create(a, 2);
            let short = Duration::from_millis(300);
            assert_eq!(granted(a.claim(&game, short).await.unwrap()).epoch, 1);
            match b.claim(&game, short).await.unwrap() {
                Claim::Held(h) => {
                    assert_eq!((h.owner.as_str(), h.epoch), (a.node(), 1));
                    assert!(h.remaining <= short, "{h:?}");
                }
                other => panic!("claimed a lease in force: {other:?}"),
            }
            a.append_fenced(&game, 1, None, &events(1, 1), &summary(1))
                .await
                .unwrap();
            // The owner pauses past its lease; the other node takes over.
            tokio::time::sleep(short + Duration::from_millis(100)).await;
            let lease = granted(b.claim(&game, Duration::from_secs(30)).await.unwrap());
            assert_eq!(lease.epoch, 2);
            // The new owner reads every event the former one committed...
            assert_eq!(seqs(b, &game), [1]);
            b.append_fenced(&game, 2, None, &events(2, 2), &summary(2))
                .await
                .unwrap();
            // ...and the former owner, awake again, writes nothing.
            is_fenced(
                a.append_fenced(&game, 1, None, &events(2, 3), &summary(3))
                    .await,
                1,
            );
            match a.renew(&game, 1, short).await {
                Err(StoreError::Fenced { holder, .. }) => {
                    assert_eq!(holder, Some((b.node().to_owned(), 2)))
                }
                other => panic!("renewed a lost lease: {other:?}"),
            }
            match a.claim(&game, short).await.unwrap() {
                Claim::Held(h) => assert_eq!((h.owner.as_str(), h.epoch), (b.node(), 2)),
                other => panic!("claimed a lease in force: {other:?}"),
            }
            assert_eq!(seqs(a, &game), [1, 2]);
        });
    }

    /// What a node sees of the other nodes' leases: `a` sees `b`'s lease in force with its time
    /// left, not its own, and neither one released nor one expired.
    pub(crate) fn held_by_others(store: &dyn Store, a: &dyn Owners, b: &dyn Owners) {
        let games: Vec<GameId> = (95..99).map(|n| create(store, n)).collect();
        let [mine, theirs, released, expired] = &games[..] else {
            unreachable!()
        };
        block_on(async {
            let long = Duration::from_secs(30);
            granted(a.claim(mine, long).await.unwrap());
            granted(b.claim(theirs, long).await.unwrap());
            let lease = granted(b.claim(released, long).await.unwrap());
            granted(b.claim(expired, Duration::from_millis(50)).await.unwrap());
            assert!(b.release(released, lease.epoch).await.unwrap());
            tokio::time::sleep(Duration::from_millis(100)).await;
            let seen = a.held_by_others().await.unwrap();
            let names: Vec<&GameId> = seen.iter().map(|(g, _)| g).collect();
            assert_eq!(names, [theirs]);
            let left = seen[0].1;
            assert!(left > Duration::from_secs(20) && left <= long, "{left:?}");
            let seen = b.held_by_others().await.unwrap();
            let names: Vec<&GameId> = seen.iter().map(|(g, _)| g).collect();
            assert_eq!(names, [mine]);
        });
    }

    /// The node's renewal: `a`'s live leases are renewed (and named with their epochs), a
    /// lease `b` took over is not `a`'s any more, a released or expired one stays so. Without
    /// `b` (one node) the take-over part is left out.
    /// A node started again under its name lets its previous process's games go: every
    /// lease of its name in force expires at once (claimable by any node, the epoch going
    /// up), another node's lease is left alone, and an expired one stays so.
    pub(crate) fn release_all(store: &dyn Store, a: &dyn Owners, b: Option<&dyn Owners>) {
        let games: Vec<GameId> = (90..94).map(|n| create(store, n)).collect();
        let [first, second, expired, other] = &games[..] else {
            unreachable!()
        };
        block_on(async {
            let long = Duration::from_secs(30);
            assert_eq!(a.release_all().await.unwrap(), 0);
            assert_eq!(granted(a.claim(first, long).await.unwrap()).epoch, 1);
            assert_eq!(granted(a.claim(second, long).await.unwrap()).epoch, 1);
            assert_eq!(
                granted(a.claim(expired, Duration::from_millis(50)).await.unwrap()).epoch,
                1
            );
            if let Some(b) = b {
                assert_eq!(granted(b.claim(other, long).await.unwrap()).epoch, 1);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            assert_eq!(a.release_all().await.unwrap(), 2);
            for game in [first, second, expired] {
                let h = a.holder(game).await.unwrap().unwrap();
                assert_eq!((h.epoch, h.remaining), (1, Duration::ZERO), "{game}");
            }
            // Nothing is renewed after it: the node holds none of them now.
            assert!(a.renew_all(long).await.unwrap().is_empty());
            if let Some(b) = b {
                // Another node takes them at once, with the next epoch; its own lease stands.
                assert_eq!(granted(b.claim(first, long).await.unwrap()).epoch, 2);
                let h = b.holder(other).await.unwrap().unwrap();
                assert_eq!((h.owner.as_str(), h.epoch), (b.node(), 1));
                assert!(h.remaining > Duration::from_secs(20), "{h:?}");
                is_fenced(
                    a.append_fenced(first, 1, None, &events(1, 1), &summary(1))
                        .await,
                    1,
                );
            }
            // Its own claim takes one back, with the next epoch.
            assert_eq!(granted(a.claim(second, long).await.unwrap()).epoch, 2);
        });
    }

    pub(crate) fn renew_all(store: &dyn Store, a: &dyn Owners, b: Option<&dyn Owners>) {
        let games: Vec<GameId> = (80..85).map(|n| create(store, n)).collect();
        let [kept, taken, released, expired, other] = &games[..] else {
            unreachable!()
        };
        block_on(async {
            let short = Duration::from_millis(300);
            let long = Duration::from_secs(30);
            assert!(a.renew_all(long).await.unwrap().is_empty());
            assert_eq!(granted(a.claim(kept, short * 4).await.unwrap()).epoch, 1);
            assert_eq!(granted(a.claim(taken, short).await.unwrap()).epoch, 1);
            assert_eq!(granted(a.claim(released, long).await.unwrap()).epoch, 1);
            assert_eq!(granted(a.claim(expired, short).await.unwrap()).epoch, 1);
            assert!(a.release(released, 1).await.unwrap());
            if let Some(b) = b {
                assert_eq!(granted(b.claim(other, long).await.unwrap()).epoch, 1);
            }
            tokio::time::sleep(short + Duration::from_millis(100)).await;
            if let Some(b) = b {
                assert_eq!(granted(b.claim(taken, long).await.unwrap()).epoch, 2);
            }
            let mut held = a.renew_all(long).await.unwrap();
            held.sort();
            assert_eq!(held, [(kept.clone(), 1)]);
            // Renewed: in force past its first expiry, still epoch 1.
            tokio::time::sleep(short * 4).await;
            let h = a.holder(kept).await.unwrap().unwrap();
            assert_eq!((h.owner.as_str(), h.epoch), (a.node(), 1));
            assert!(h.remaining > Duration::from_secs(20), "{h:?}");
            // Released and expired leases were not brought back.
            for game in [released, expired] {
                let h = a.holder(game).await.unwrap().unwrap();
                assert_eq!((h.epoch, h.remaining), (1, Duration::ZERO), "{game}");
            }
            if let Some(b) = b {
                match b.claim(kept, long).await.unwrap() {
                    Claim::Held(h) => assert_eq!((h.owner.as_str(), h.epoch), (a.node(), 1)),
                    other => panic!("claimed a renewed lease: {other:?}"),
                }
                // The game b took over is b's, at its epoch; the renewal fenced nothing new.
                let h = a.holder(taken).await.unwrap().unwrap();
                assert_eq!((h.owner.as_str(), h.epoch), (b.node(), 2));
                is_fenced(
                    a.append_fenced(taken, 1, None, &events(1, 1), &summary(1))
                        .await,
                    1,
                );
                let mut held = b.renew_all(long).await.unwrap();
                held.sort();
                let mut want = vec![(taken.clone(), 2), (other.clone(), 1)];
                want.sort();
                assert_eq!(held, want);
            }
            // An expired lease is taken back by a claim, with the next epoch.
            assert_eq!(granted(a.claim(expired, long).await.unwrap()).epoch, 2);
            let mut held = a.renew_all(long).await.unwrap();
            held.sort();
            let mut want = vec![(kept.clone(), 1), (expired.clone(), 2)];
            want.sort();
            assert_eq!(held, want);
        });
    }

    /// Many games' appends at once (sharing transactions): each answered on its own, a
    /// failing one leaves the others alone, every event read back.
    pub(crate) fn group_commit<S: Store + Owners>(store: &S) {
        let games: Vec<GameId> = (10..70).map(|n| create(store, n)).collect();
        block_on(async {
            for game in &games {
                granted(store.claim(game, Duration::from_secs(30)).await.unwrap());
            }
            let mut pending = Vec::new();
            for round in 0..4u64 {
                for (i, game) in games.iter().enumerate() {
                    let seq = round + 1;
                    match (i, round) {
                        // Game 0 sends event 1 a second time: that append alone fails.
                        (0, 1) => pending.push((i, round, false, {
                            store.append_fenced(game, 1, None, &events(1, 1), &summary(1))
                        })),
                        (0, _) if round > 1 => {}
                        _ => pending.push((i, round, true, {
                            store.append_fenced(game, 1, None, &events(seq, seq), &summary(seq))
                        })),
                    }
                }
            }
            for (i, round, ok, p) in pending {
                let r = p.await;
                if ok {
                    assert_eq!(r.unwrap(), Appended::Written, "game {i} round {round}");
                } else {
                    assert!(r.is_err(), "a duplicate event number is refused");
                }
            }
            for (i, game) in games.iter().enumerate() {
                let want: &[u64] = if i == 0 { &[1] } else { &[1, 2, 3, 4] };
                assert_eq!(seqs(store, game), want, "game {i}");
            }
            assert_eq!(store.list_games(None).unwrap()[0].summary, summary(1));
        });
    }
}
