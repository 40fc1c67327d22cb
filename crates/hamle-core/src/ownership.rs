//! Who writes a game across nodes, as a pure state machine: `(role, what happened) -> what to
//! do` ([`Ownership::on`]). No tokio, no store, no NATS: the game's actor feeds it what it
//! hears (a look at the lease, a claim's or a renewal's answer, a fenced append, an event
//! another node wrote, the bus back, the game leaving memory) and carries out the [`Step`]s it
//! answers; `crates/hamle-core/tests/ownership.rs` drives the same machine on several simulated nodes over a
//! model of the store and the bus, through random claims, renewals, expiries, pauses, crashes,
//! restarts and partitions, and checks that no two nodes ever commit to one game, that nothing
//! acknowledged is lost, that a retried command applies once, that a command refused to its
//! player is never applied later, and that every node catches up once the bus is back.
//!
//! The safety itself is the store's fence (`store::owners`: every append carries the epoch and
//! is refused once another node claimed the game); this machine decides when to claim, when
//! to ask the store whether the lease still holds, when to step down and catch up, and when to
//! let the game go, so that a node neither serves a game it lost nor leaves one unserved.
//!
//! Time is a value of the caller's clock (`T`: tokio's `Instant` in the server, milliseconds in
//! the simulation).

/// Who writes a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The only node: writes without a lease.
    Single,
    /// Holds the game's lease with this epoch: decides, writes, publishes.
    Owner { epoch: u64 },
    /// Another node owns the game: applies its events, forwards commands to it.
    Follower,
}

/// The answer to a claim of the game's lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimAnswer {
    /// This node owns the game now, with this (new) epoch.
    Granted { epoch: u64 },
    /// Another node holds a lease in force.
    Held,
    /// The store did not answer.
    Failed,
}

/// The answer to the renewal of this game's own lease, or to an append with its epoch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fence {
    /// The lease still has this node and this epoch.
    Holds,
    /// Another node claimed the game since: nothing was written.
    Fenced,
    /// The store did not answer (nothing is concluded).
    Failed,
}

/// What the actor observed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observed {
    /// The actor starts serving the game (after the hub's claim decided its role).
    Started,
    /// The periodic look at the lease (every third of a lease), or a forwarded command that
    /// found no owner. `node_renewal`: whether the node's last renewal *asked after* this
    /// owner learnt it holds the game found it still held (`None`: no such renewal yet).
    LeaseLook { node_renewal: Option<bool> },
    /// The answer to a claim this machine asked for.
    Claimed(ClaimAnswer),
    /// The answer to the renewal of the game's own lease this machine asked for.
    Renewed(Fence),
    /// A fenced append was refused: another node owns the game.
    AppendFenced,
    /// While owning the game, an event numbered after this node's last one came from the bus:
    /// another node writes it (this one was stopped past its lease).
    ForeignEvent,
    /// The owner is about to refuse an order: a refusal decided on a game another node may
    /// have played on since must not be given (an accepted order needs no look: its append is
    /// fenced).
    Refusing,
    /// The bus is back after an outage.
    BusBack,
    /// The game leaves this node's memory.
    Leaving,
}

/// What the actor does, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Read the events this node has not applied yet from the store.
    CatchUp,
    /// Claim the game's lease (the answer comes back as [`Observed::Claimed`]).
    Claim,
    /// Renew the game's own lease with this epoch (the answer: [`Observed::Renewed`]).
    Renew { epoch: u64 },
    /// Subscribe to the commands other nodes forward.
    TakeCommands,
    /// Stop taking forwarded commands.
    DropCommands,
    /// Commit the restart pause (`Table::restart_events`): the outage is nobody's time.
    RecordRestart,
    /// Give the lease up, so another node may claim the game at once.
    Release { epoch: u64 },
}

/// At most this many steps answer one observation.
pub const MAX_STEPS: usize = 3;

/// The steps that answer one observation.
pub type Steps = arrayvec::ArrayVec<Step, MAX_STEPS>;

/// How many more lease looks read the store after the bus came back (events published before
/// the node's subscription was renewed reach nobody).
const CATCH_UPS_AFTER_BUS_BACK: u8 = 2;

/// A game's ownership on one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ownership<T> {
    role: Role,
    /// When the owner learnt it holds the game (its claim granted, or a renewal of its own
    /// answered): only the node's renewals asked later can tell it lost the lease.
    held_since: T,
    /// Lease looks that still read the store after the bus came back.
    catch_ups_left: u8,
}

impl<T: Copy + Ord> Ownership<T> {
    /// A game the hub just loaded, in the role its claim decided, at `now`.
    pub fn new(role: Role, now: T) -> Ownership<T> {
        Ownership {
            role,
            held_since: now,
            catch_ups_left: 0,
        }
    }

    /// The role after the hub's claim at load: granted, this node owns the game; held by
    /// another or unanswered, it follows (and claims at its next look if the lease ran out).
    pub fn loaded(claim: ClaimAnswer, now: T) -> Ownership<T> {
        let role = match claim {
            ClaimAnswer::Granted { epoch } => Role::Owner { epoch },
            ClaimAnswer::Held | ClaimAnswer::Failed => Role::Follower,
        };
        Ownership::new(role, now)
    }

    pub fn role(&self) -> Role {
        self.role
    }

    /// When the owner learnt it holds the game (see [`Observed::LeaseLook`]).
    pub fn held_since(&self) -> T {
        self.held_since
    }

    /// Whether this node decides the game's orders and runs its clock (else it forwards).
    pub fn decides(&self) -> bool {
        self.role != Role::Follower
    }

    /// The epoch this node's appends carry (`None`: a single node writes unfenced).
    pub fn epoch(&self) -> Option<u64> {
        match self.role {
            Role::Owner { epoch } => Some(epoch),
            Role::Single | Role::Follower => None,
        }
    }

    /// Whether a command forwarded by another node is decided here: only by an owner, and
    /// only before its deadline (NATS delivers what was sent during an outage once the bus is
    /// back; its player was told nothing changed).
    pub fn takes_forwarded(&self, expired: bool) -> Forwarded {
        match (self.role, expired) {
            (Role::Follower, _) => Forwarded::Ignore,
            (_, true) => Forwarded::RefuseExpired,
            (_, false) => Forwarded::Decide,
        }
    }

    /// What to do about what was heard at `now`.
    pub fn on(&mut self, heard: Observed, now: T) -> Steps {
        let mut steps = Steps::new();
        match (self.role, heard) {
            (Role::Single, Observed::Started) => steps.push(Step::RecordRestart),
            (Role::Single, _) => {}
            (Role::Owner { .. }, Observed::Started) => {
                steps.push(Step::TakeCommands);
                steps.push(Step::RecordRestart);
            }
            (Role::Follower, Observed::Started) => steps.push(Step::CatchUp),
            (Role::Owner { epoch }, Observed::LeaseLook { node_renewal }) => {
                // The node renews all its leases at once; the owner asks the store itself
                // only when the last renewal did not find its game (taken over, or expired
                // unclaimed after a late renewal: the epoch decides which).
                if node_renewal == Some(false) {
                    steps.push(Step::Renew { epoch });
                }
            }
            (Role::Follower, Observed::LeaseLook { .. }) => {
                if self.catch_ups_left > 0 {
                    self.catch_ups_left -= 1;
                    steps.push(Step::CatchUp);
                }
                steps.push(Step::Claim);
            }
            (Role::Follower, Observed::Claimed(ClaimAnswer::Granted { epoch })) => {
                // Taken over: read what the old owner wrote, take the commands, and stop a
                // running clock at the last event, as after a restart.
                self.role = Role::Owner { epoch };
                self.held_since = now;
                self.catch_ups_left = 0;
                steps.push(Step::CatchUp);
                steps.push(Step::TakeCommands);
                steps.push(Step::RecordRestart);
            }
            (Role::Owner { .. }, Observed::Renewed(Fence::Holds)) => self.held_since = now,
            (Role::Owner { .. }, Observed::Renewed(Fence::Fenced))
            | (Role::Owner { .. }, Observed::AppendFenced)
            | (Role::Owner { .. }, Observed::ForeignEvent) => {
                // Another node owns the game now: stop taking commands and follow it.
                self.role = Role::Follower;
                steps.push(Step::DropCommands);
                steps.push(Step::CatchUp);
            }
            (Role::Owner { epoch }, Observed::Refusing) => steps.push(Step::Renew { epoch }),
            (Role::Follower, Observed::BusBack) => {
                self.catch_ups_left = CATCH_UPS_AFTER_BUS_BACK;
                steps.push(Step::CatchUp);
            }
            (Role::Owner { epoch }, Observed::Leaving) => steps.push(Step::Release { epoch }),
            // A claim answered after this node became the owner another way, a renewal's
            // failure (nothing concluded), a follower's refusal (the owner decided it), the
            // bus back at an owner (it publishes; it missed nothing), a follower leaving.
            (Role::Owner { .. }, Observed::Claimed(_))
            | (Role::Follower, Observed::Claimed(ClaimAnswer::Held | ClaimAnswer::Failed))
            | (Role::Owner { .. }, Observed::Renewed(Fence::Failed))
            | (Role::Owner { .. }, Observed::BusBack)
            | (Role::Follower, Observed::Renewed(_))
            | (Role::Follower, Observed::AppendFenced)
            | (Role::Follower, Observed::ForeignEvent)
            | (Role::Follower, Observed::Refusing)
            | (Role::Follower, Observed::Leaving) => {}
        }
        steps
    }
}

/// What the owner does with a command another node forwarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forwarded {
    /// Decide it (a retried one is answered as before: the store knows its id).
    Decide,
    /// Refuse it as `game_unavailable`: it came after its deadline.
    RefuseExpired,
    /// Not the owner: no answer (the sender asks again; the owner answers).
    Ignore,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_follower_claims_at_each_look_and_takes_over_when_granted() {
        let mut o = Ownership::loaded(ClaimAnswer::Held, 0u64);
        assert_eq!(o.on(Observed::Started, 0).as_slice(), [Step::CatchUp]);
        let look = Observed::LeaseLook { node_renewal: None };
        assert_eq!(o.on(look, 1).as_slice(), [Step::Claim]);
        let granted = Observed::Claimed(ClaimAnswer::Granted { epoch: 4 });
        assert_eq!(
            o.on(granted, 2).as_slice(),
            [Step::CatchUp, Step::TakeCommands, Step::RecordRestart]
        );
        assert_eq!(o.role(), Role::Owner { epoch: 4 });
        assert_eq!(o.held_since(), 2);
        assert_eq!(o.epoch(), Some(4));
    }

    #[test]
    fn an_owner_asks_the_store_only_when_the_node_renewal_missed_its_game() {
        let mut o = Ownership::loaded(ClaimAnswer::Granted { epoch: 2 }, 0u64);
        for renewal in [None, Some(true)] {
            let look = Observed::LeaseLook {
                node_renewal: renewal,
            };
            assert!(o.on(look, 1).is_empty());
        }
        let missed = Observed::LeaseLook {
            node_renewal: Some(false),
        };
        assert_eq!(o.on(missed, 1).as_slice(), [Step::Renew { epoch: 2 }]);
        assert!(o.on(Observed::Renewed(Fence::Holds), 5).is_empty());
        assert_eq!(o.held_since(), 5);
        assert_eq!(
            o.on(Observed::Renewed(Fence::Fenced), 6).as_slice(),
            [Step::DropCommands, Step::CatchUp]
        );
        assert_eq!(o.role(), Role::Follower);
    }

    #[test]
    fn a_follower_reads_the_store_when_the_bus_is_back_and_at_the_next_two_looks() {
        let mut o = Ownership::loaded(ClaimAnswer::Held, 0u64);
        assert_eq!(o.on(Observed::BusBack, 1).as_slice(), [Step::CatchUp]);
        let look = Observed::LeaseLook { node_renewal: None };
        assert_eq!(o.on(look, 2).as_slice(), [Step::CatchUp, Step::Claim]);
        assert_eq!(o.on(look, 3).as_slice(), [Step::CatchUp, Step::Claim]);
        assert_eq!(o.on(look, 4).as_slice(), [Step::Claim]);
    }

    #[test]
    fn a_single_node_records_its_restart_and_nothing_else() {
        let mut o = Ownership::new(Role::Single, 0u64);
        assert_eq!(o.on(Observed::Started, 0).as_slice(), [Step::RecordRestart]);
        for heard in [
            Observed::LeaseLook {
                node_renewal: Some(false),
            },
            Observed::AppendFenced,
            Observed::BusBack,
            Observed::Leaving,
            Observed::Refusing,
        ] {
            assert!(o.on(heard, 1).is_empty(), "{heard:?}");
        }
        assert_eq!(o.role(), Role::Single);
        assert_eq!(o.epoch(), None);
    }

    #[test]
    fn forwarded_commands_are_decided_only_by_an_owner_before_their_deadline() {
        let owner = Ownership::loaded(ClaimAnswer::Granted { epoch: 1 }, 0u64);
        let follower = Ownership::loaded(ClaimAnswer::Held, 0u64);
        assert_eq!(owner.takes_forwarded(false), Forwarded::Decide);
        assert_eq!(owner.takes_forwarded(true), Forwarded::RefuseExpired);
        assert_eq!(follower.takes_forwarded(false), Forwarded::Ignore);
    }
}
