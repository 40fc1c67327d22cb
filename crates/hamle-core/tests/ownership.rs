//! The ownership kernel (`hamle_core::ownership`) on simulated nodes, in the style of
//! `table_restore`: three nodes share one game through a model of the store (leases with
//! epochs, fenced appends, command ids, as `store::owners` specifies them) and of the bus
//! (events published after a commit, commands forwarded to whoever takes them, both held back
//! while a node is cut off and delivered when it is back, as NATS does), each node's game run
//! by the real `Ownership` machine with the actor's way of carrying out its steps. Random
//! schedules of claims, renewals, expiries, pauses of a process (SIGSTOP), crashes and
//! restarts under the same name, bus outages and moves from every node; after every step:
//!
//! - no two nodes commit to the game: every commit is by the lease's holder with its epoch;
//! - every node's copy of the game is the store's, or a beginning of it (nothing acknowledged
//!   is lost, no follower diverges);
//! - a command is applied at most once, however often it was retried, and a command its player
//!   was told did not happen (`game_unavailable`) never happens later;
//! - a follower whose bus came back has the moves made during the outage within a second;
//! - healed, the game has one owner that serves it: a move from every node is played.
//!
//! Each of the trial's fixes is then taken away in turn (the store's fence, releasing the
//! node's leases at its start, the forwarded command's deadline, catching up when the bus is
//! back) and the same schedules must find the failure it fixed.

use std::collections::{BTreeSet, HashMap};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use hamle_core::ownership::{ClaimAnswer, Fence, Forwarded, Observed, Ownership, Role, Step};

/// A lease, in milliseconds; the node renews and every actor looks every third of it.
const LEASE: u64 = 3_000;
const LOOK: u64 = LEASE / 3;
/// How long a forwarded command waits for an answer before it is sent again.
const REQUEST_TIMEOUT: u64 = 2_000;
/// How long a node tries to reach the owner before it tells the player nothing changed.
const GIVE_UP: u64 = 2 * LEASE + REQUEST_TIMEOUT;
/// The owner applies a forwarded command only until a quarter of that wait before.
const DEADLINE: u64 = GIVE_UP - GIVE_UP / 4;
const NODES: usize = 3;

/// Which of the fixes a run takes away (all `false`: the code as it is).
#[derive(Clone, Copy, Default, Debug)]
struct Broken {
    /// The store's appends ignore the epoch.
    fence: bool,
    /// A node does not release its name's leases when it starts.
    release_at_start: bool,
    /// Forwarded commands carry no deadline.
    deadline: bool,
    /// A follower does not read the store when the bus is back.
    catch_up_on_bus_back: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    seq: u64,
    node: usize,
    epoch: u64,
    cmd: u64,
    /// When it was committed.
    at: u64,
}

/// The store's side of the game: its lease and its log.
struct Store {
    holder: Option<usize>,
    epoch: u64,
    expires: u64,
    log: Vec<Entry>,
    broken_fence: bool,
}

enum Append {
    Written,
    AlreadyApplied,
    Fenced,
}

impl Store {
    fn claim(&mut self, node: usize, now: u64) -> ClaimAnswer {
        if self.holder.is_some_and(|h| h != node) && self.expires > now {
            return ClaimAnswer::Held;
        }
        self.epoch += 1;
        self.holder = Some(node);
        self.expires = now + LEASE;
        ClaimAnswer::Granted { epoch: self.epoch }
    }

    fn holds(&self, node: usize, epoch: u64) -> bool {
        self.holder == Some(node) && self.epoch == epoch
    }

    fn renew(&mut self, node: usize, epoch: u64, now: u64) -> Fence {
        if self.holds(node, epoch) {
            self.expires = now + LEASE;
            Fence::Holds
        } else {
            Fence::Fenced
        }
    }

    /// The node's renewal: its leases in force, extended; the epochs it holds.
    fn renew_all(&mut self, node: usize, now: u64) -> Option<u64> {
        (self.holder == Some(node) && self.expires > now).then(|| {
            self.expires = now + LEASE;
            self.epoch
        })
    }

    fn release(&mut self, node: usize, epoch: u64, now: u64) {
        if self.holds(node, epoch) {
            self.expires = now;
        }
    }

    fn release_all(&mut self, node: usize, now: u64) {
        if self.holder == Some(node) && self.expires > now {
            self.expires = now;
        }
    }

    fn append(
        &mut self,
        node: usize,
        epoch: u64,
        cmd: u64,
        seq: u64,
        at: u64,
    ) -> Result<Append, String> {
        if self.log.iter().any(|e| e.cmd == cmd) {
            return Ok(Append::AlreadyApplied);
        }
        if !self.broken_fence && !self.holds(node, epoch) {
            return Ok(Append::Fenced);
        }
        if !self.holds(node, epoch) {
            return Err(format!(
                "node {node} committed at epoch {epoch} while node {:?} held epoch {}",
                self.holder, self.epoch
            ));
        }
        if seq != self.log.len() as u64 + 1 {
            return Err(format!(
                "node {node}, the holder, wrote event {seq} behind the log's {}",
                self.log.len()
            ));
        }
        self.log.push(Entry {
            seq,
            node,
            epoch,
            cmd,
            at,
        });
        Ok(Append::Written)
    }
}

/// One node's copy of the game: the kernel and what the actor keeps.
struct Actor {
    own: Ownership<u64>,
    log: Vec<Entry>,
    commands: bool,
    answered: HashMap<u64, u64>,
}

/// A command forwarded and waiting for its answer.
struct Waiting {
    cmd: u64,
    give_up: u64,
    deadline: u64,
    next_try: u64,
    tries: u32,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Process {
    Running,
    Paused { until: u64 },
    Down { until: u64 },
}

struct Node {
    process: Process,
    bus: bool,
    bus_down_until: u64,
    actor: Option<Actor>,
    /// The node's last renewal: when it was asked, and the epoch it found the game held with.
    renewal: Option<(u64, Option<u64>)>,
    next_look: u64,
    waiting: Vec<Waiting>,
    /// What it sent while cut off from the bus (NATS sends it when it is back).
    outbox: Vec<Message>,
    /// Which process of the node (a restart forgets what the earlier one waited for).
    incarnation: u64,
}

#[derive(Clone, Debug)]
enum Message {
    Events {
        to: usize,
        events: Vec<Entry>,
    },
    Command {
        from: usize,
        cmd: u64,
        deadline: u64,
        incarnation: u64,
    },
    Answer {
        to: usize,
        cmd: u64,
        seq: u64,
        incarnation: u64,
    },
}

struct Sim {
    rng: StdRng,
    broken: Broken,
    now: u64,
    store: Store,
    nodes: Vec<Node>,
    in_flight: Vec<(u64, Message)>,
    next_cmd: u64,
    acknowledged: BTreeSet<u64>,
    /// Commands whose players were told nothing changed, and when.
    refused: HashMap<u64, u64>,
    /// A follower's bus came back at this time with this many events in the store.
    bus_back: Vec<(usize, u64, u64, u64)>,
}

type Verdict = Result<(), String>;

/// What a step of the schedule may do.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Faults, and players on every node (a node without the game loads it).
    Chaos,
    /// No faults; players where the game is loaded.
    Calm,
    /// Nobody plays: what is on its way arrives.
    Quiet,
}

impl Sim {
    fn new(seed: u64, broken: Broken) -> Sim {
        let nodes = (0..NODES)
            .map(|_| Node {
                process: Process::Running,
                bus: true,
                bus_down_until: 0,
                actor: None,
                renewal: None,
                next_look: 0,
                waiting: Vec::new(),
                outbox: Vec::new(),
                incarnation: 0,
            })
            .collect();
        Sim {
            rng: StdRng::seed_from_u64(seed),
            broken,
            now: 0,
            store: Store {
                holder: None,
                epoch: 0,
                expires: 0,
                log: Vec::new(),
                broken_fence: broken.fence,
            },
            nodes,
            in_flight: Vec::new(),
            next_cmd: 1,
            acknowledged: BTreeSet::new(),
            refused: HashMap::new(),
            bus_back: Vec::new(),
        }
    }

    fn running(&self, n: usize) -> bool {
        self.nodes[n].process == Process::Running
    }

    /// The hub loads the game on node `n`: its claim decides the role.
    fn load(&mut self, n: usize) -> Verdict {
        let claim = self.store.claim(n, self.now);
        self.nodes[n].actor = Some(Actor {
            own: Ownership::loaded(claim, self.now),
            log: self.store.log.clone(),
            commands: false,
            answered: HashMap::new(),
        });
        self.observe(n, Observed::Started)
    }

    /// The actor's `observe`: the kernel's steps, carried out as the actor does.
    fn observe(&mut self, n: usize, first: Observed) -> Verdict {
        let mut next = Some(first);
        while let Some(observed) = next.take() {
            let now = self.now;
            let Some(actor) = self.nodes[n].actor.as_mut() else {
                return Ok(());
            };
            let steps = actor.own.on(observed, now);
            for step in steps {
                if let Some(answer) = self.carry_out(n, step)? {
                    next = Some(answer);
                }
            }
        }
        Ok(())
    }

    fn carry_out(&mut self, n: usize, step: Step) -> Result<Option<Observed>, String> {
        let now = self.now;
        let actor = self.nodes[n].actor.as_mut().expect("an actor");
        match step {
            Step::CatchUp => actor.log = self.store.log.clone(),
            Step::TakeCommands => actor.commands = true,
            Step::DropCommands => actor.commands = false,
            // The game's clock runs: a take-over records the pause.
            Step::RecordRestart => {
                if let Some(fenced) = self.commit(n, None)? {
                    return Ok(Some(fenced));
                }
            }
            Step::Claim => return Ok(Some(Observed::Claimed(self.store.claim(n, now)))),
            Step::Renew { epoch } => {
                return Ok(Some(Observed::Renewed(self.store.renew(n, epoch, now))));
            }
            Step::Release { epoch } => self.store.release(n, epoch, now),
        }
        Ok(None)
    }

    /// The owner on node `n` decides one event and appends it with its epoch; published after
    /// the commit. `Some(AppendFenced)` when the store refused it.
    fn commit(&mut self, n: usize, cmd: Option<u64>) -> Result<Option<Observed>, String> {
        let cmd = cmd.unwrap_or_else(|| {
            self.next_cmd += 1;
            self.next_cmd
        });
        let actor = self.nodes[n].actor.as_ref().expect("an actor");
        let Some(epoch) = actor.own.epoch() else {
            return Err(format!("node {n} committed as {:?}", actor.own.role()));
        };
        let seq = actor.log.len() as u64 + 1;
        match self.store.append(n, epoch, cmd, seq, self.now)? {
            Append::Fenced => Ok(Some(Observed::AppendFenced)),
            Append::AlreadyApplied => Ok(None),
            Append::Written => {
                let entry = self.store.log.last().expect("written").clone();
                self.nodes[n]
                    .actor
                    .as_mut()
                    .expect("an actor")
                    .log
                    .push(entry.clone());
                for to in (0..NODES).filter(|&to| to != n) {
                    self.send(
                        n,
                        Message::Events {
                            to,
                            events: vec![entry.clone()],
                        },
                    );
                }
                Ok(None)
            }
        }
    }

    fn send(&mut self, from: usize, msg: Message) {
        if self.nodes[from].bus {
            let at = self.now + self.rng.random_range(1..60);
            self.in_flight.push((at, msg));
        } else {
            self.nodes[from].outbox.push(msg);
        }
    }

    /// A player on node `n` plays a move.
    fn play(&mut self, n: usize) -> Verdict {
        if self.nodes[n].actor.is_none() {
            self.load(n)?;
        }
        self.next_cmd += 1;
        let cmd = self.next_cmd;
        let actor = self.nodes[n].actor.as_ref().expect("loaded");
        if actor.own.decides() {
            match self.commit(n, Some(cmd))? {
                None => {
                    self.acknowledged.insert(cmd);
                }
                Some(fenced) => {
                    // Refused as a storage failure: nothing changed, and the player is told.
                    self.refused.insert(cmd, self.now);
                    self.observe(n, fenced)?;
                }
            }
            return Ok(());
        }
        let now = self.now;
        let deadline = if self.broken.deadline {
            u64::MAX
        } else {
            now + DEADLINE
        };
        self.nodes[n].waiting.push(Waiting {
            cmd,
            give_up: now + GIVE_UP,
            deadline,
            next_try: now,
            tries: 0,
        });
        Ok(())
    }

    /// Node `n`'s due work: its look at the lease, its forwarded commands' tries.
    fn tick(&mut self, n: usize) -> Verdict {
        let now = self.now;
        if now >= self.nodes[n].next_look {
            self.nodes[n].next_look = now + LOOK;
            let held = self.store.renew_all(n, now);
            self.nodes[n].renewal = Some((now, held));
            if let Some(actor) = &self.nodes[n].actor {
                let node_renewal = actor.own.epoch().and_then(|epoch| {
                    let (asked, held) = self.nodes[n].renewal?;
                    (asked > actor.own.held_since()).then(|| held.is_some_and(|e| e >= epoch))
                });
                self.observe(n, Observed::LeaseLook { node_renewal })?;
            }
        }
        let incarnation = self.nodes[n].incarnation;
        let mut waiting = std::mem::take(&mut self.nodes[n].waiting);
        let mut silent = false;
        waiting.retain(|w| {
            if now >= w.give_up {
                self.refused.insert(w.cmd, now);
                return false;
            }
            true
        });
        for w in waiting.iter_mut().filter(|w| now >= w.next_try) {
            // Unanswered within the timeout: no owner took it.
            silent |= w.tries > 0;
            w.tries += 1;
            w.next_try = now + REQUEST_TIMEOUT;
            let msg = Message::Command {
                from: n,
                cmd: w.cmd,
                deadline: w.deadline,
                incarnation,
            };
            self.send(n, msg);
        }
        self.nodes[n].waiting = waiting;
        if silent {
            // The forwarding task found no owner: the actor looks at the lease.
            let node_renewal = None;
            self.observe(n, Observed::LeaseLook { node_renewal })?;
        }
        Ok(())
    }

    fn deliver(&mut self, msg: Message) -> Verdict {
        match msg {
            Message::Events { to, events } => {
                if !self.running(to) || !self.nodes[to].bus {
                    return Ok(());
                }
                for ev in events {
                    let Some(actor) = self.nodes[to].actor.as_mut() else {
                        return Ok(());
                    };
                    let mine = actor.log.len() as u64;
                    if ev.seq <= mine {
                        continue;
                    }
                    if actor.own.epoch().is_some() {
                        return self.observe(to, Observed::ForeignEvent);
                    }
                    if ev.seq > mine + 1 {
                        actor.log = self.store.log.clone();
                    } else {
                        actor.log.push(ev);
                    }
                }
            }
            Message::Command {
                from,
                cmd,
                deadline,
                incarnation,
            } => {
                // Every node that takes the game's commands gets it (the first answer wins).
                for to in 0..NODES {
                    let takes = self.running(to)
                        && self.nodes[to].bus
                        && self.nodes[to].actor.as_ref().is_some_and(|a| a.commands);
                    if takes {
                        self.forwarded(to, from, cmd, deadline, incarnation)?;
                    }
                }
            }
            Message::Answer {
                to,
                cmd,
                seq,
                incarnation,
            } => {
                let now = self.now;
                if !self.running(to) {
                    return Ok(());
                }
                let node = &mut self.nodes[to];
                if !node.bus || node.incarnation != incarnation {
                    return Ok(());
                }
                let before = node.waiting.len();
                node.waiting.retain(|w| w.cmd != cmd);
                if node.waiting.len() < before {
                    if seq == 0 {
                        self.refused.insert(cmd, now);
                    } else {
                        self.acknowledged.insert(cmd);
                    }
                }
            }
        }
        Ok(())
    }

    /// The owner's `forwarded`: a kept answer, a refusal after the deadline, or a decision.
    fn forwarded(&mut self, n: usize, from: usize, cmd: u64, deadline: u64, inc: u64) -> Verdict {
        let actor = self.nodes[n].actor.as_ref().expect("takes commands");
        let seq = if let Some(seq) = actor.answered.get(&cmd) {
            *seq
        } else {
            match actor.own.takes_forwarded(self.now > deadline) {
                Forwarded::Ignore => return Ok(()),
                Forwarded::RefuseExpired => 0,
                Forwarded::Decide => match self.commit(n, Some(cmd))? {
                    Some(fenced) => return self.observe(n, fenced),
                    None => {
                        let seq = self.store.log.iter().find(|e| e.cmd == cmd).map(|e| e.seq);
                        seq.expect("committed")
                    }
                },
            }
        };
        let actor = self.nodes[n].actor.as_mut().expect("takes commands");
        actor.answered.insert(cmd, seq);
        self.send(
            n,
            Message::Answer {
                to: from,
                cmd,
                seq,
                incarnation: inc,
            },
        );
        Ok(())
    }

    fn bus_back(&mut self, n: usize) -> Verdict {
        self.nodes[n].bus = true;
        for msg in std::mem::take(&mut self.nodes[n].outbox) {
            self.send(n, msg);
        }
        if self.nodes[n].actor.is_some() {
            let incarnation = self.nodes[n].incarnation;
            let store_len = self.store.log.len() as u64;
            self.bus_back.push((n, self.now, store_len, incarnation));
            if !self.broken.catch_up_on_bus_back {
                self.observe(n, Observed::BusBack)?;
            }
        }
        Ok(())
    }

    /// A fault, now and then: a pause, a crash, a bus outage, a game leaving memory.
    fn fault(&mut self) -> Verdict {
        let n = self.rng.random_range(0..NODES);
        let now = self.now;
        match self.rng.random_range(0..4) {
            0 if self.running(n) => {
                let until = now + self.rng.random_range(500..2 * LEASE + 2_000);
                self.nodes[n].process = Process::Paused { until };
            }
            1 if self.running(n) => {
                let until = now + self.rng.random_range(100..LEASE + 2_000);
                let node = &mut self.nodes[n];
                node.process = Process::Down { until };
                node.actor = None;
                node.waiting.clear();
                node.outbox.clear();
                node.renewal = None;
                node.incarnation += 1;
            }
            2 if self.nodes[n].bus => {
                self.nodes[n].bus = false;
                self.nodes[n].bus_down_until = now + self.rng.random_range(300..GIVE_UP + 2_000);
            }
            3 if self.running(n)
                && self.nodes[n].waiting.is_empty()
                && self.nodes[n].actor.is_some() =>
            {
                self.observe(n, Observed::Leaving)?;
                self.nodes[n].actor = None;
            }
            _ => {}
        }
        Ok(())
    }

    /// Processes come back, buses reconnect.
    fn wake(&mut self) -> Verdict {
        let now = self.now;
        for n in 0..NODES {
            match self.nodes[n].process {
                Process::Paused { until } if now >= until => {
                    self.nodes[n].process = Process::Running;
                }
                Process::Down { until } if now >= until => {
                    self.nodes[n].process = Process::Running;
                    self.nodes[n].next_look = now;
                    if !self.broken.release_at_start {
                        self.store.release_all(n, now);
                    }
                }
                _ => {}
            }
            let running = self.nodes[n].process == Process::Running;
            if running && !self.nodes[n].bus && now >= self.nodes[n].bus_down_until {
                self.bus_back(n)?;
            }
        }
        Ok(())
    }

    /// One step of the schedule: time passes, messages arrive, nodes work, players play.
    fn step(&mut self, mode: Mode) -> Verdict {
        self.now += self.rng.random_range(20..150);
        self.wake()?;
        let due: Vec<Message>;
        (due, self.in_flight) = {
            let now = self.now;
            // What goes to a paused process waits in its socket until it runs again.
            let paused = |to: &usize| matches!(self.nodes[*to].process, Process::Paused { .. });
            let (due, later): (Vec<_>, Vec<_>) = std::mem::take(&mut self.in_flight)
                .into_iter()
                .partition(|(at, m)| {
                    let waits = match m {
                        Message::Events { to, .. } | Message::Answer { to, .. } => paused(to),
                        Message::Command { .. } => false,
                    };
                    *at <= now && !waits
                });
            (due.into_iter().map(|(_, m)| m).collect(), later)
        };
        for msg in due {
            self.deliver(msg)?;
        }
        let mut order: Vec<usize> = (0..NODES).collect();
        for i in (1..NODES).rev() {
            order.swap(i, self.rng.random_range(0..=i));
        }
        for n in order {
            if !self.running(n) {
                continue;
            }
            self.tick(n)?;
            let may_play = match mode {
                Mode::Chaos => true,
                Mode::Calm => self.nodes[n].actor.is_some(),
                Mode::Quiet => false,
            };
            if may_play && self.rng.random_bool(0.08) {
                self.play(n)?;
            }
        }
        if mode == Mode::Chaos && self.rng.random_bool(0.02) {
            self.fault()?;
        }
        self.check()
    }

    /// What must hold after every step.
    fn check(&mut self) -> Verdict {
        for (n, node) in self.nodes.iter().enumerate() {
            if let Some(actor) = &node.actor
                && !self.store.log.starts_with(&actor.log)
            {
                return Err(format!(
                    "node {n}'s copy of the game differs from the store's"
                ));
            }
        }
        let mut cmds = BTreeSet::new();
        for e in &self.store.log {
            if !cmds.insert(e.cmd) {
                return Err(format!("command {} was applied twice", e.cmd));
            }
            if self.refused.get(&e.cmd).is_some_and(|&told| told < e.at) {
                return Err(format!(
                    "command {} was applied after its player was told nothing changed",
                    e.cmd
                ));
            }
        }
        if let Some(lost) = self.acknowledged.iter().find(|c| !cmds.contains(c)) {
            return Err(format!("acknowledged command {lost} is not in the store"));
        }
        let now = self.now;
        let mut late = None;
        self.bus_back.retain(|&(n, at, len, inc)| {
            let node = &self.nodes[n];
            let same = node.incarnation == inc && node.bus && node.actor.is_some();
            if !same || node.process != Process::Running {
                return false;
            }
            if now < at + 1_000 {
                return true;
            }
            let have = node.actor.as_ref().map_or(0, |a| a.log.len() as u64);
            if have < len && late.is_none() {
                late = Some(format!(
                    "node {n} still lacks events a second after its bus came back ({have} of {len})"
                ));
            }
            false
        });
        late.map_or(Ok(()), Err)
    }

    /// A schedule: a while of faults, then everything healed, then a move from every node
    /// that holds the game must be played.
    fn run(&mut self) -> Verdict {
        for _ in 0..600 {
            self.step(Mode::Chaos)?;
        }
        for n in 0..NODES {
            if let Process::Paused { .. } | Process::Down { .. } = self.nodes[n].process {
                let now = self.now;
                self.nodes[n].process = match self.nodes[n].process {
                    Process::Down { .. } => Process::Down { until: now },
                    _ => Process::Paused { until: now },
                };
            }
            self.nodes[n].bus_down_until = self.now;
        }
        for _ in 0..(3 * LEASE / 20) {
            self.step(Mode::Calm)?;
        }
        if self.nodes.iter().all(|n| n.actor.is_none()) {
            self.load(0)?;
        }
        let owners: Vec<usize> = (0..NODES)
            .filter(|&n| {
                let own = self.nodes[n].actor.as_ref().map(|a| a.own.role());
                own == Some(Role::Owner {
                    epoch: self.store.epoch,
                })
            })
            .collect();
        let serving = self
            .store
            .holder
            .is_some_and(|h| self.nodes[h].actor.is_some());
        if owners.len() > 1 {
            return Err(format!("healed, nodes {owners:?} all own the game"));
        }
        let mut moves = Vec::new();
        for n in 0..NODES {
            if self.nodes[n].actor.is_some() {
                self.play(n)?;
                moves.push(self.next_cmd);
            }
        }
        for _ in 0..((GIVE_UP + LEASE) / 20) {
            self.step(Mode::Calm)?;
        }
        // A second for what is still on its way.
        for _ in 0..20 {
            self.step(Mode::Quiet)?;
        }
        let unplayed: Vec<u64> = moves
            .iter()
            .copied()
            .filter(|c| !self.acknowledged.contains(c))
            .collect();
        if !unplayed.is_empty() {
            return Err(format!(
                "healed, moves {unplayed:?} were not played (holder {:?} serving: {serving})",
                self.store.holder
            ));
        }
        for (n, node) in self.nodes.iter().enumerate() {
            if let Some(actor) = &node.actor
                && actor.log != self.store.log
            {
                return Err(format!(
                    "healed, node {n} is behind the store ({:?}, {} of {} events, bus {}, {:?}, holder {:?} epoch {}) now {} last {:?}",
                    actor.own.role(),
                    actor.log.len(),
                    self.store.log.len(),
                    node.bus,
                    node.process,
                    self.store.holder,
                    self.store.epoch,
                    self.now,
                    &self.store.log[self.store.log.len().saturating_sub(3)..],
                ));
            }
        }
        Ok(())
    }
}

/// The first failing seed among `seeds` and its failure.
fn first_failure(broken: Broken, seeds: std::ops::Range<u64>) -> Option<(u64, String)> {
    seeds
        .into_iter()
        .find_map(|seed| Sim::new(seed, broken).run().err().map(|e| (seed, e)))
}

#[test]
fn no_two_nodes_commit_nothing_is_lost_and_every_node_catches_up() {
    if let Some((seed, failure)) = first_failure(Broken::default(), 0..400) {
        panic!("seed {seed}: {failure}");
    }
}

/// Each fix taken away, the same schedules find what it fixed.
fn fails_without(broken: Broken, expected: &str) {
    let found = first_failure(broken, 0..400);
    let Some((seed, failure)) = found else {
        panic!("{broken:?}: 400 schedules found nothing");
    };
    assert!(
        failure.contains(expected),
        "{broken:?}, seed {seed}: {failure} (expected {expected:?})"
    );
}

#[test]
fn without_the_fence_a_paused_owner_commits_beside_the_new_one() {
    let broken = Broken {
        fence: true,
        ..Broken::default()
    };
    fails_without(broken, "committed at epoch");
}

#[test]
fn without_releasing_at_start_a_restarted_node_keeps_games_nobody_serves() {
    let broken = Broken {
        release_at_start: true,
        ..Broken::default()
    };
    fails_without(broken, "were not played");
}

#[test]
fn without_a_deadline_a_command_refused_to_its_player_is_played_later() {
    let broken = Broken {
        deadline: true,
        ..Broken::default()
    };
    fails_without(broken, "after its player was told nothing changed");
}

#[test]
fn without_catching_up_when_the_bus_is_back_a_follower_stays_stale() {
    let broken = Broken {
        catch_up_on_bus_back: true,
        ..Broken::default()
    };
    fails_without(broken, "a second after its bus came back");
}
