//! What is said when: a pure priority queue of utterances.
//!
//! The queue never touches an engine. Each call hands back [`Command`]s for a driver to carry
//! out on its output (stop what is being said, start an utterance), and the driver reports back
//! with [`SpeechQueue::finished`] when the output says an utterance has ended or was stopped.
//!
//! The rules:
//! - One utterance is said at a time; the others wait.
//! - A refusal or a warning ([`super::Kind::is_urgent`]) interrupts what is being said and is said at
//!   once. An interrupted move or game end is said again, in full, right after it; an
//!   interrupted answer or an older refusal is dropped (it is stale).
//! - Waiting moves, game ends and notices ([`super::Kind::is_kept`]) come before waiting
//!   answers; within each, first come, first said. So a move is never dropped and moves are
//!   always said in order.
//! - "Repeat" says the last thing again: what is being said now starts over, or, when nothing is
//!   being said, the last utterance is said once more.

use std::collections::VecDeque;

use super::Utterance;

/// Names one start of an utterance, so that a late "finished" report about an utterance that
/// was interrupted is not mistaken for the current one's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ticket(pub u64);

/// What the driver must do, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Stop what is being said now.
    Stop,
    /// Start saying this utterance.
    Speak(Ticket, Utterance),
}

/// The queue. Deterministic: no clock, no threads.
#[derive(Debug, Default)]
pub struct SpeechQueue {
    current: Option<(Ticket, Utterance)>,
    waiting: VecDeque<Utterance>,
    last: Option<Utterance>,
    next_ticket: u64,
}

impl SpeechQueue {
    pub fn new() -> SpeechQueue {
        SpeechQueue::default()
    }

    /// What is being said now.
    pub fn current(&self) -> Option<(Ticket, &Utterance)> {
        self.current.as_ref().map(|(t, u)| (*t, u))
    }

    /// What waits, in the order it will be said.
    pub fn waiting(&self) -> impl Iterator<Item = &Utterance> {
        self.waiting.iter()
    }

    /// The utterance started most recently (what "repeat" says).
    pub fn last(&self) -> Option<&Utterance> {
        self.last.as_ref()
    }

    /// Nothing is being said and nothing waits.
    pub fn is_idle(&self) -> bool {
        self.current.is_none() && self.waiting.is_empty()
    }

    /// Adds an utterance.
    pub fn push(&mut self, utterance: Utterance) -> Vec<Command> {
        if utterance.kind.is_urgent() {
            let mut commands = Vec::new();
            if let Some((_, interrupted)) = self.current.take() {
                commands.push(Command::Stop);
                if interrupted.kind.is_kept() {
                    self.waiting.push_front(interrupted);
                }
            }
            commands.push(self.start(utterance));
            return commands;
        }
        if self.current.is_none() {
            return vec![self.start(utterance)];
        }
        if utterance.kind.is_kept() {
            // After the kept ones already waiting, before the answers.
            let at = self
                .waiting
                .iter()
                .position(|u| !u.kind.is_kept())
                .unwrap_or(self.waiting.len());
            self.waiting.insert(at, utterance);
        } else {
            self.waiting.push_back(utterance);
        }
        Vec::new()
    }

    /// The output reports that the utterance started with `ticket` ended or was stopped.
    /// Reports about anything but the current utterance are ignored.
    pub fn finished(&mut self, ticket: Ticket) -> Vec<Command> {
        match &self.current {
            Some((current, _)) if *current == ticket => {
                self.current = None;
                match self.waiting.pop_front() {
                    Some(next) => vec![self.start(next)],
                    None => Vec::new(),
                }
            }
            _ => Vec::new(),
        }
    }

    /// Says the last thing again.
    pub fn repeat(&mut self) -> Vec<Command> {
        if let Some((_, current)) = self.current.take() {
            let start = self.start(current);
            return vec![Command::Stop, start];
        }
        match self.last.clone() {
            Some(last) => vec![self.start(last)],
            None => Vec::new(),
        }
    }

    /// Stops what is being said and forgets what waits, except moves and game ends, which
    /// start at once (a move is never dropped).
    pub fn hush(&mut self) -> Vec<Command> {
        let mut commands = Vec::new();
        if let Some((_, interrupted)) = self.current.take() {
            commands.push(Command::Stop);
            if interrupted.kind.is_kept() {
                self.waiting.push_front(interrupted);
            }
        }
        self.waiting.retain(|u| u.kind.is_kept());
        if let Some(next) = self.waiting.pop_front() {
            commands.push(self.start(next));
        }
        commands
    }

    fn start(&mut self, utterance: Utterance) -> Command {
        let ticket = Ticket(self.next_ticket);
        self.next_ticket += 1;
        self.last = Some(utterance.clone());
        self.current = Some((ticket, utterance.clone()));
        Command::Speak(ticket, utterance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::Lang;
    use crate::speech::Kind;

    fn u(kind: Kind, text: &str) -> Utterance {
        Utterance::new(Lang::En, kind, text)
    }

    /// Drives the queue like an output that finishes each utterance when told; returns the
    /// texts in the order they were started.
    struct Harness {
        queue: SpeechQueue,
        said: Vec<String>,
        stops: usize,
    }

    impl Harness {
        fn new() -> Harness {
            Harness {
                queue: SpeechQueue::new(),
                said: Vec::new(),
                stops: 0,
            }
        }

        fn apply(&mut self, commands: Vec<Command>) {
            for c in commands {
                match c {
                    Command::Stop => self.stops += 1,
                    Command::Speak(_, u) => self.said.push(u.text),
                }
            }
        }

        fn push(&mut self, kind: Kind, text: &str) {
            let c = self.queue.push(u(kind, text));
            self.apply(c);
        }

        fn finish(&mut self) {
            let (t, _) = self.queue.current().expect("something is being said");
            let c = self.queue.finished(t);
            self.apply(c);
        }

        fn finish_all(&mut self) {
            while self.queue.current().is_some() {
                self.finish();
            }
        }
    }

    #[test]
    fn first_utterance_starts_at_once() {
        let mut q = SpeechQueue::new();
        let c = q.push(u(Kind::Move, "e4"));
        assert_eq!(c, vec![Command::Speak(Ticket(0), u(Kind::Move, "e4"))]);
        assert_eq!(q.current().unwrap().1.text, "e4");
    }

    #[test]
    fn moves_wait_their_turn_in_order() {
        let mut h = Harness::new();
        h.push(Kind::Move, "e4");
        h.push(Kind::Move, "e5");
        h.push(Kind::Move, "Nf3");
        assert_eq!(h.said, ["e4"]);
        h.finish_all();
        assert_eq!(h.said, ["e4", "e5", "Nf3"]);
        assert_eq!(h.stops, 0);
        assert!(h.queue.is_idle());
    }

    #[test]
    fn refusal_interrupts_and_the_move_is_said_again() {
        let mut h = Harness::new();
        h.push(Kind::Move, "e5");
        h.push(Kind::Refusal, "No knight can move to f4.");
        assert_eq!(h.stops, 1);
        assert_eq!(h.said, ["e5", "No knight can move to f4."]);
        h.finish_all();
        assert_eq!(h.said, ["e5", "No knight can move to f4.", "e5"]);
    }

    #[test]
    fn warning_interrupts_an_answer_which_is_dropped() {
        let mut h = Harness::new();
        h.push(Kind::Answer, "Five minutes left.");
        h.push(Kind::Warning, "Ten seconds!");
        h.finish_all();
        assert_eq!(h.said, ["Five minutes left.", "Ten seconds!"]);
        assert_eq!(h.stops, 1);
    }

    #[test]
    fn newer_refusal_replaces_older_one() {
        let mut h = Harness::new();
        h.push(Kind::Refusal, "first");
        h.push(Kind::Refusal, "second");
        h.finish_all();
        assert_eq!(h.said, ["first", "second"]);
    }

    #[test]
    fn interrupted_move_goes_before_other_waiting_moves() {
        let mut h = Harness::new();
        h.push(Kind::Move, "e4");
        h.push(Kind::Move, "e5");
        h.push(Kind::Warning, "flag");
        h.finish_all();
        assert_eq!(h.said, ["e4", "flag", "e4", "e5"]);
    }

    #[test]
    fn moves_overtake_waiting_answers_but_not_each_other() {
        let mut h = Harness::new();
        h.push(Kind::Answer, "board 1");
        h.push(Kind::Answer, "board 2");
        h.push(Kind::Move, "e4");
        h.push(Kind::GameEnd, "mate");
        h.finish_all();
        assert_eq!(h.said, ["board 1", "e4", "mate", "board 2"]);
    }

    #[test]
    fn no_move_is_ever_dropped() {
        // Pseudo-random interleavings of pushes, urgent interruptions, hushes, finishes and
        // stale reports: every move and game end is said to its end exactly once, in order.
        let kinds = [
            Kind::Move,
            Kind::Answer,
            Kind::Refusal,
            Kind::Warning,
            Kind::GameEnd,
            Kind::Notice,
        ];
        for seed in 0..500u64 {
            let mut q = SpeechQueue::new();
            let mut rng = seed;
            let mut next = || {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (rng >> 33) as usize
            };
            let mut moves_pushed = Vec::new();
            let mut completed = Vec::new();
            for step in 0..40 {
                let commands = match next() % 4 {
                    0 | 1 => {
                        let kind = kinds[next() % kinds.len()];
                        let text = format!("{kind:?} {step}");
                        if kind.is_kept() {
                            moves_pushed.push(text.clone());
                        }
                        q.push(u(kind, &text))
                    }
                    2 => match q.current() {
                        Some((t, cur)) => {
                            completed.push(cur.text.clone());
                            q.finished(t)
                        }
                        None => Vec::new(),
                    },
                    _ => {
                        if next() % 3 == 0 {
                            q.hush()
                        } else {
                            // A stale report never changes anything.
                            q.finished(Ticket(u64::MAX))
                        }
                    }
                };
                drop(commands);
            }
            while let Some((t, cur)) = q.current() {
                completed.push(cur.text.clone());
                q.finished(t);
            }
            for m in &moves_pushed {
                assert!(completed.contains(m), "seed {seed}: {m} was dropped");
            }
            let said_moves: Vec<&String> = completed
                .iter()
                .filter(|t| moves_pushed.contains(t))
                .collect();
            let expected: Vec<&String> = moves_pushed.iter().collect();
            assert_eq!(
                said_moves, expected,
                "seed {seed}: moves out of order or twice"
            );
        }
    }

    #[test]
    fn stale_finish_is_ignored() {
        let mut q = SpeechQueue::new();
        q.push(u(Kind::Move, "e4"));
        q.push(u(Kind::Refusal, "no"));
        // The engine reports the interrupted e4 (ticket 0) as stopped, late.
        assert_eq!(q.finished(Ticket(0)), Vec::new());
        assert_eq!(q.current().unwrap().1.text, "no");
    }

    #[test]
    fn repeat_restarts_what_is_being_said() {
        let mut q = SpeechQueue::new();
        q.push(u(Kind::Move, "e4"));
        let c = q.repeat();
        assert_eq!(
            c,
            vec![
                Command::Stop,
                Command::Speak(Ticket(1), u(Kind::Move, "e4"))
            ]
        );
    }

    #[test]
    fn repeat_when_idle_says_the_last_thing_again() {
        let mut h = Harness::new();
        assert_eq!(h.queue.repeat(), Vec::new());
        h.push(Kind::Move, "e4");
        h.push(Kind::Answer, "Five minutes left.");
        h.finish_all();
        let c = h.queue.repeat();
        h.apply(c);
        assert_eq!(h.said.last().unwrap(), "Five minutes left.");
        h.finish_all();
        assert!(h.queue.is_idle());
    }

    #[test]
    fn hush_keeps_moves() {
        let mut h = Harness::new();
        h.push(Kind::Answer, "a");
        h.push(Kind::Answer, "b");
        h.push(Kind::Move, "e4");
        let c = h.queue.hush();
        h.apply(c);
        h.finish_all();
        assert_eq!(h.said, ["a", "e4"]);
    }
}
