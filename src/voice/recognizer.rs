//! The recogniser behind a trait, and the service that caps and queues its work.

use std::collections::VecDeque;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use tokio::sync::oneshot;

use super::phrases::{Candidate, Intent};
use super::policy::{Policy, Scores};
use crate::announce::Lang;

/// One utterance to score against candidates.
#[derive(Clone, Debug)]
pub struct ScoreRequest {
    pub lang: Lang,
    /// 16 kHz mono signed 16-bit little-endian samples.
    pub pcm: Arc<Vec<u8>>,
    /// One group per candidate: the forms it can be said in, the first being hamle's own.
    pub groups: Vec<Vec<String>>,
    /// After scoring the first `first` forms of every group, the other forms of this many
    /// best groups are scored too (a group's score is its best form's).
    pub top: usize,
    /// How many forms of every group the first pass scores.
    pub first: usize,
    /// The forms scored of this many best groups, after both passes, are scored again in
    /// the recogniser's other views of the audio (Whisper: ten per cent slower), and each
    /// form's score is the mean of its views'.
    pub again: usize,
    /// One per group: added to the group's score (a log-probability), before the best groups
    /// of the second pass are chosen; negative for the lone command words
    /// ([`Policy::command_prior`]).
    pub prior: Vec<f32>,
    /// The weight of each form's score after silence, taken off its score after the audio
    /// ([`Policy::contrast`]).
    pub contrast: f32,
    /// The last `rival_of.len()` groups are rivals ([`Candidate::rivals`]): each of the group
    /// at its index here. They are in no pass: once the others are scored, only the rivals of
    /// the best group are scored (in the views its own forms were), and the others' scores
    /// are not numbers.
    pub rival_of: Vec<usize>,
    /// The rivals are scored only when the best group is this far ahead (in score) of the
    /// best group of another candidate: nearer, its move cannot be played whatever its rivals
    /// ([`Policy::rival_gate`]).
    pub rival_gate: f32,
    /// The candidate of each group but the rivals (a move's bare forms are a group of the same
    /// candidate as its other forms).
    pub candidate_of: Vec<usize>,
    /// The other views are heard only when the best group is less than this far ahead (in
    /// score) of another candidate's best after the first view ([`Passes::one_view_ahead`]);
    /// `None`: always.
    pub view_gate: Option<f32>,
}

/// The groups the recogniser scores for `candidates`: each candidate's forms, then one group
/// of its [`Candidate::bare`] forms for each candidate that has them, then one group of its
/// [`Candidate::rivals`] for each candidate that has them; the candidate each group is of; and
/// the group each group of rivals is of.
struct Groups {
    forms: Vec<Vec<String>>,
    of: Vec<usize>,
    rival_of: Vec<usize>,
}

fn groups(candidates: &[Candidate]) -> Groups {
    let mut forms: Vec<Vec<String>> = candidates.iter().map(|c| c.forms.clone()).collect();
    let mut of: Vec<usize> = (0..candidates.len()).collect();
    for (i, c) in candidates.iter().enumerate() {
        if !c.bare.is_empty() {
            forms.push(c.bare.clone());
            of.push(i);
        }
    }
    let mut rival_of = Vec::new();
    for (i, c) in candidates.iter().enumerate() {
        if !c.rivals.is_empty() {
            forms.push(c.rivals.clone());
            of.push(i);
            rival_of.push(i);
        }
    }
    Groups {
        forms,
        of,
        rival_of,
    }
}

/// Why an utterance was not scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoiceError {
    /// As many utterances are waiting as may wait.
    Busy,
    /// The recogniser failed (the worker died, timed out or answered nonsense).
    Failed(String),
}

impl VoiceError {
    /// The wire code.
    pub fn code(&self) -> &'static str {
        match self {
            VoiceError::Busy => "voice_busy",
            VoiceError::Failed(_) => "voice_failed",
        }
    }
}

impl fmt::Display for VoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VoiceError::Busy => f.write_str("the recogniser is busy"),
            VoiceError::Failed(why) => write!(f, "the recogniser failed: {why}"),
        }
    }
}

impl std::error::Error for VoiceError {}

/// Scores audio against candidate phrases. Implementations: [`super::WorkerPool`] (Whisper
/// in warm worker processes) and [`super::fake::ScriptedRecognizer`] (tests).
pub trait Recognizer: Send + Sync {
    /// One score per group, higher is likelier (comparable within one request only).
    fn score(&self, request: ScoreRequest) -> BoxFuture<'_, Result<Vec<f32>, VoiceError>>;

    /// Work that does not need the audio, done while the player speaks (the forms' scores
    /// after silence): the utterance that follows is scored sooner. Only when a recogniser
    /// is free at once; skipping it changes no score.
    fn prepare(&self, _lang: Lang, _groups: Vec<Vec<String>>) -> BoxFuture<'_, ()> {
        Box::pin(async {})
    }

    /// Free-form transcription, for comparison (the benchmark); not used to play.
    fn transcribe(
        &self,
        _lang: Lang,
        _pcm: Arc<Vec<u8>>,
    ) -> BoxFuture<'_, Result<String, VoiceError>> {
        Box::pin(async { Err(VoiceError::Failed("no transcription".into())) })
    }
}

/// Whose utterance it is (issue 30: the other seats of the server, spectators of his own
/// game among them, took the recogniser from the blind player: 6 of his 6 utterances were
/// refused as busy). The visually impaired player's own utterances are scored first and have a
/// queue of their own; everyone else's wait behind them and share theirs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// A visually impaired player's own utterance.
    Own,
    /// Anyone else's (a sighted player, an assistant, the arbiter).
    Other,
}

/// At most `free` recognitions at once; a freed place goes to the first waiting [`Priority::Own`]
/// utterance, else to the first waiting other one.
struct Gate(Mutex<GateState>);

struct GateState {
    free: usize,
    own: VecDeque<oneshot::Sender<()>>,
    other: VecDeque<oneshot::Sender<()>>,
}

/// A place at the recogniser, given back (to the next in line) when dropped.
struct Place<'a>(&'a Gate);

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.0.release();
    }
}

/// A request waiting for a place; if it is given up after a place was handed to it, the
/// place goes on to the next.
struct Waiting<'a> {
    gate: &'a Gate,
    rx: Option<oneshot::Receiver<()>>,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if let Some(mut rx) = self.rx.take() {
            rx.close();
            if rx.try_recv().is_ok() {
                self.gate.release();
            }
        }
    }
}

impl Gate {
    fn new(places: usize) -> Gate {
        Gate(Mutex::new(GateState {
            free: places,
            own: VecDeque::new(),
            other: VecDeque::new(),
        }))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, GateState> {
        // Plain queues: a panic elsewhere cannot leave them half-changed.
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place now, if one is free and nobody waits.
    fn try_enter(&self) -> Option<Place<'_>> {
        let mut s = self.state();
        if s.free > 0 && s.own.is_empty() && s.other.is_empty() {
            s.free -= 1;
            Some(Place(self))
        } else {
            None
        }
    }

    async fn enter(&self, priority: Priority) -> Place<'_> {
        let rx = {
            let mut s = self.state();
            if s.free > 0 && s.own.is_empty() && (priority == Priority::Own || s.other.is_empty()) {
                s.free -= 1;
                return Place(self);
            }
            let (tx, rx) = oneshot::channel();
            match priority {
                Priority::Own => s.own.push_back(tx),
                Priority::Other => s.other.push_back(tx),
            }
            rx
        };
        let mut waiting = Waiting {
            gate: self,
            rx: Some(rx),
        };
        let handed = waiting.rx.as_mut().expect("set above").await;
        waiting.rx = None;
        match handed {
            Ok(()) => Place(self),
            // The gate hands every waiter a place before it could go; never happens.
            Err(_) => Box::pin(self.enter(priority)).await,
        }
    }

    /// A place is given back: to the next waiter (own first), else free.
    fn release(&self) {
        let mut s = self.state();
        loop {
            let next = s.own.pop_front().or_else(|| s.other.pop_front());
            match next {
                // A waiter that gave up already: the next one.
                Some(tx) => {
                    if tx.send(()).is_ok() {
                        return;
                    }
                }
                None => {
                    s.free += 1;
                    return;
                }
            }
        }
    }
}

struct Inner {
    recognizer: Arc<dyn Recognizer>,
    /// At most this many utterances are scored at once, own ones first...
    running: Gate,
    /// ...and at most `capacity` of each priority are running or waiting; more are refused
    /// as busy.
    queued_own: AtomicUsize,
    queued_other: AtomicUsize,
    capacity: usize,
    policy: Policy,
    passes: Passes,
}

/// Which forms the recogniser scores: the first `first` forms of every candidate, then the
/// other forms of the `top` best, then those of the `again` best in the other views of the
/// audio (see [`ScoreRequest`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Passes {
    pub first: usize,
    pub top: usize,
    pub again: usize,
    /// The `again` best are heard in the other views only when the best group is less than
    /// this far ahead (in score) of another candidate's best in the first view (`None`:
    /// always).
    pub one_view_ahead: Option<f32>,
}

impl Default for Passes {
    /// Measured on the fixtures (docs/voice.md): hamle's own form of every candidate, then
    /// every other form of the best twelve (a move said in its full form, "king d2 to e1",
    /// is often not among the best four by its short form; 10 to 20 are alike); then the
    /// best eight again, heard ten per cent slower (5 to 12 are alike), unless the best is
    /// already 1.0 ahead of every other candidate (about where a move becomes playable,
    /// [`Policy::rival_gate`]): on both sets of fixtures the same top-1 and no wrong move
    /// played, and the held-out set's median latency 0.51 -> 0.38 s.
    fn default() -> Passes {
        Passes {
            first: 1,
            top: 12,
            again: 8,
            one_view_ahead: Some(1.0),
        }
    }
}

/// The recogniser as the server uses it: a concurrency cap and a bounded queue, so that a
/// burst of utterances waits (or is refused) instead of taking the machine from the games.
#[derive(Clone)]
pub struct VoiceService(Arc<Inner>);

impl fmt::Debug for VoiceService {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VoiceService")
            .field("capacity", &self.0.capacity)
            .field("policy", &self.0.policy)
            .finish()
    }
}

/// Leaves the queue when dropped (also when the waiting request is cancelled).
struct Queued<'a>(&'a AtomicUsize);

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl VoiceService {
    /// `concurrent` utterances scored at once, `waiting` more may wait; the default policy.
    pub fn new(recognizer: Arc<dyn Recognizer>, concurrent: usize, waiting: usize) -> VoiceService {
        VoiceService::with_policy(
            recognizer,
            concurrent,
            waiting,
            Policy::default(),
            Passes::default(),
        )
    }

    /// [`VoiceService::new`] with a policy and the forms scored (see [`Passes`]).
    pub fn with_policy(
        recognizer: Arc<dyn Recognizer>,
        concurrent: usize,
        waiting: usize,
        policy: Policy,
        passes: Passes,
    ) -> VoiceService {
        let concurrent = concurrent.max(1);
        VoiceService(Arc::new(Inner {
            recognizer,
            running: Gate::new(concurrent),
            queued_own: AtomicUsize::new(0),
            queued_other: AtomicUsize::new(0),
            capacity: concurrent + waiting,
            policy,
            passes,
        }))
    }

    pub fn policy(&self) -> Policy {
        self.0.policy
    }

    /// Scores `pcm` against `candidates` as a visually impaired player's own utterance (see
    /// [`VoiceService::score_for`]).
    pub async fn score(
        &self,
        lang: Lang,
        pcm: Arc<Vec<u8>>,
        candidates: &[Candidate],
    ) -> Result<Scores, VoiceError> {
        self.score_for(Priority::Own, lang, pcm, candidates).await
    }

    /// Scores `pcm` against `candidates` (waiting for a free recogniser, own utterances
    /// first), or refuses at once when the queue of its priority is full.
    pub async fn score_for(
        &self,
        priority: Priority,
        lang: Lang,
        pcm: Arc<Vec<u8>>,
        candidates: &[Candidate],
    ) -> Result<Scores, VoiceError> {
        let queue = match priority {
            Priority::Own => &self.0.queued_own,
            Priority::Other => &self.0.queued_other,
        };
        let before = queue.fetch_add(1, Ordering::AcqRel);
        let _queued = Queued(queue);
        if before >= self.0.capacity {
            return Err(VoiceError::Busy);
        }
        let _running = self.0.running.enter(priority).await;
        let Groups {
            forms: groups,
            of,
            rival_of,
        } = groups(candidates);
        let request = ScoreRequest {
            lang,
            pcm,
            top: self.0.passes.top,
            first: self.0.passes.first.max(1),
            again: self.0.passes.again,
            prior: of
                .iter()
                .map(|i| match candidates[*i].intent {
                    Intent::Command(_) => -self.0.policy.command_prior,
                    Intent::Move(_) => 0.0,
                })
                .collect(),
            groups,
            contrast: self.0.policy.contrast,
            rival_of: rival_of.clone(),
            rival_gate: self.0.policy.rival_gate(),
            candidate_of: of[..of.len() - rival_of.len()].to_vec(),
            view_gate: self.0.passes.one_view_ahead,
        };
        let scores = self.0.recognizer.score(request).await?;
        if scores.len() != of.len() {
            return Err(VoiceError::Failed(format!(
                "{} scores for {} groups",
                scores.len(),
                of.len()
            )));
        }
        Ok(Scores::of(candidates.len(), &of, rival_of.len(), &scores))
    }

    /// Prepares the recogniser for an utterance in the position of `candidates` (see
    /// [`Recognizer::prepare`]), if a recogniser is free now: it never goes ahead of an
    /// utterance that is already waiting (the semaphore hands a freed permit to the first
    /// waiter, so a free one means nobody waits), and it takes no place in the queue. An
    /// utterance that comes while it runs waits for this one position's preparation.
    pub async fn prepare(&self, lang: Lang, candidates: &[Candidate]) {
        let Some(_running) = self.0.running.try_enter() else {
            return;
        };
        // Rivals are not prepared: only the best candidate's few are scored.
        let mut forms = groups(candidates);
        forms
            .forms
            .truncate(forms.forms.len() - forms.rival_of.len());
        self.0.recognizer.prepare(lang, forms.forms).await;
    }

    /// Free-form transcription through the same cap.
    pub async fn transcribe(&self, lang: Lang, pcm: Arc<Vec<u8>>) -> Result<String, VoiceError> {
        let _running = self.0.running.enter(Priority::Other).await;
        self.0.recognizer.transcribe(lang, pcm).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::voice::fake::ScriptedRecognizer;
    use crate::voice::phrases::{VoiceCommand, command_candidates};

    #[tokio::test(start_paused = true)]
    async fn a_full_queue_is_refused_at_once_and_frees_up() {
        let fake = Arc::new(ScriptedRecognizer::new());
        fake.hold(true);
        let service = VoiceService::new(fake.clone(), 1, 1);
        let cands = command_candidates(Lang::De, &VoiceCommand::ALL);
        let pcm = Arc::new(ScriptedRecognizer::audio("Ja"));
        let (a, b) = (service.clone(), service.clone());
        let (ca, cb) = (cands.clone(), cands.clone());
        let (pa, pb) = (pcm.clone(), pcm.clone());
        let first = tokio::spawn(async move { a.score(Lang::De, pa, &ca).await });
        let second = tokio::spawn(async move { b.score(Lang::De, pb, &cb).await });
        tokio::task::yield_now().await;
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        // One running, one waiting: a third is busy.
        assert_eq!(
            service.score(Lang::De, pcm.clone(), &cands).await,
            Err(VoiceError::Busy)
        );
        fake.hold(false);
        let s = first.await.unwrap().unwrap();
        assert_eq!(s.values.len(), cands.len());
        second.await.unwrap().unwrap();
        assert!(service.score(Lang::De, pcm, &cands).await.is_ok());
        assert_eq!(fake.calls(), 3);
    }

    /// Issue 32: a pawn's push by its square alone is scored as a group of its own, and a
    /// move that wins by it is marked, whatever the order of the groups' scores.
    #[test]
    fn a_move_heard_by_its_destination_alone_is_marked() {
        let pos = shakmaty::Chess::default();
        let cands = crate::voice::candidates(&pos, Lang::En);
        let Groups {
            forms: groups,
            of,
            rival_of,
        } = groups(&cands);
        let rivals = rival_of.len();
        let e4 = cands.iter().position(|c| c.text == "pawn e4").unwrap();
        let nf3 = cands.iter().position(|c| c.text == "knight f3").unwrap();
        // 16 pawn pushes, each with its square alone; no knight's move has one.
        assert_eq!(groups.len() - rivals, cands.len() + 16);
        let bare_e4 = (cands.len()..groups.len()).find(|g| of[*g] == e4).unwrap();
        assert_eq!(groups[bare_e4], ["e4"]);
        assert!(!of[cands.len()..groups.len() - rivals].contains(&nf3));
        let mut scored = vec![-3.0; groups.len()];
        scored[e4] = -1.0;
        scored[bare_e4] = -0.5;
        scored[nf3] = f32::NAN;
        let s = Scores::of(cands.len(), &of, rivals, &scored);
        assert_eq!((s.values[e4], s.bare[e4]), (-0.5, true));
        assert!(s.values[nf3].is_nan() && !s.bare[nf3]);
        scored[bare_e4] = -1.5;
        let s = Scores::of(cands.len(), &of, rivals, &scored);
        assert_eq!((s.values[e4], s.bare[e4]), (-1.0, false));
        assert_eq!(s.values.len(), cands.len());
    }

    /// Issue 32: a move's rivals (its piece to a square next to its destination, where it
    /// cannot go) come after every other group, and their score is their move's `rival`.
    #[test]
    fn a_moves_rivals_are_scored_as_its_rival() {
        let pos = shakmaty::Chess::default();
        let cands = crate::voice::candidates(&pos, Lang::De);
        let Groups {
            forms: groups,
            of,
            rival_of,
        } = groups(&cands);
        let nf3 = cands
            .iter()
            .position(|c| c.text == "Springer Felix drei")
            .unwrap();
        let g = groups.len() - rival_of.len() + rival_of.iter().position(|&i| i == nf3).unwrap();
        assert_eq!(of[g], nf3);
        // A rank and a file away from Felix drei; the parser finds no legal move in any.
        for rival in [
            "Springer Felix vier",
            "Springer Felix zwei",
            "Springer Eva drei",
            "Springer Gustav drei",
        ] {
            assert!(groups[g].contains(&rival.to_owned()), "{:?}", groups[g]);
        }
        let mut scored = vec![-3.0; groups.len()];
        for s in &mut scored[groups.len() - rival_of.len()..] {
            *s = f32::NAN;
        }
        scored[g] = -0.5;
        let s = Scores::of(cands.len(), &of, rival_of.len(), &scored);
        assert_eq!(s.rival[nf3], -0.5);
        assert!(
            s.rival
                .iter()
                .enumerate()
                .all(|(i, r)| i == nf3 || r.is_nan())
        );
        assert_eq!(s.values[nf3], -3.0);
    }

    #[tokio::test(start_paused = true)]
    async fn own_utterances_go_first_and_others_never_fill_their_queue() {
        let fake = Arc::new(ScriptedRecognizer::new());
        fake.hold(true);
        let service = VoiceService::new(fake.clone(), 1, 1);
        let cands = command_candidates(Lang::De, &VoiceCommand::ALL);
        let say = |priority: Priority, script: &str| {
            let (s, c) = (service.clone(), cands.clone());
            let pcm = Arc::new(ScriptedRecognizer::audio(script));
            tokio::spawn(async move { s.score_for(priority, Lang::De, pcm, &c).await })
        };
        let settle = || tokio::time::sleep(std::time::Duration::from_millis(10));
        // Others: one scored, one waiting; a third is busy.
        let running = say(Priority::Other, "Zeit");
        settle().await;
        let waiting = say(Priority::Other, "Remis");
        settle().await;
        assert_eq!(
            say(Priority::Other, "Ja").await.unwrap(),
            Err(VoiceError::Busy)
        );
        // The blind player's own: not busy, and next.
        let own = say(Priority::Own, "Nein");
        settle().await;
        fake.hold(false);
        for task in [running, waiting, own] {
            task.await.unwrap().unwrap();
        }
        assert_eq!(fake.scored(), ["Zeit", "Nein", "Remis"]);
        // A request given up while it waits takes no place from the others.
        fake.hold(true);
        let first = say(Priority::Other, "Zeit");
        settle().await;
        let dropped = say(Priority::Own, "Ja");
        settle().await;
        dropped.abort();
        let after = say(Priority::Other, "Remis");
        settle().await;
        fake.hold(false);
        first.await.unwrap().unwrap();
        after.await.unwrap().unwrap();
        assert!(
            service
                .score(Lang::De, Arc::new(ScriptedRecognizer::audio("Ja")), &cands)
                .await
                .is_ok()
        );
    }

    /// Keeps the last request it was asked to score.
    struct Recording(std::sync::Mutex<Option<ScoreRequest>>);

    impl Recognizer for Recording {
        fn score(&self, request: ScoreRequest) -> BoxFuture<'_, Result<Vec<f32>, VoiceError>> {
            let n = request.groups.len();
            *self.0.lock().unwrap() = Some(request);
            Box::pin(async move { Ok(vec![0.0; n]) })
        }
    }

    #[tokio::test]
    async fn the_request_carries_the_passes_and_a_prior_against_lone_commands() {
        let rec = Arc::new(Recording(std::sync::Mutex::new(None)));
        let policy = Policy {
            command_prior: 0.75,
            ..Policy::default()
        };
        let passes = Passes {
            first: 2,
            top: 5,
            again: 3,
            one_view_ahead: Some(1.5),
        };
        let service = VoiceService::with_policy(rec.clone(), 1, 0, policy, passes);
        let mut cands = crate::voice::candidates(&shakmaty::Chess::default(), Lang::De);
        let moves = cands.len();
        cands.extend(command_candidates(Lang::De, &VoiceCommand::ALL));
        let pcm = Arc::new(vec![0u8; 32]);
        service.score(Lang::De, pcm, &cands).await.unwrap();
        let request = rec.0.lock().unwrap().take().unwrap();
        assert_eq!((request.first, request.top, request.again), (2, 5, 3));
        assert_eq!(request.view_gate, Some(1.5));
        // Every candidate's forms, then the 16 pawn pushes by their squares alone, then the
        // moves' rivals.
        assert_eq!(
            request.groups.len(),
            cands.len() + 16 + request.rival_of.len()
        );
        assert!(!request.rival_of.is_empty());
        // Each group's candidate but the rivals': a pawn's push by its square alone is a
        // group of the push itself.
        assert_eq!(
            request.candidate_of.len(),
            request.groups.len() - request.rival_of.len()
        );
        assert!(
            request.candidate_of[cands.len()..]
                .iter()
                .all(|c| *c < moves)
        );
        assert_eq!(request.rival_gate, policy.rival_gate());
        assert!(request.prior[..moves].iter().all(|p| *p == 0.0));
        assert!(
            request.prior[moves..cands.len()]
                .iter()
                .all(|p| *p == -0.75)
        );
        assert!(request.prior[cands.len()..].iter().all(|p| *p == 0.0));
        assert_eq!(request.prior.len(), request.groups.len());
        assert_eq!(request.contrast, Policy::default().contrast);
    }

    #[tokio::test(start_paused = true)]
    async fn preparing_waits_for_nobody_and_takes_no_place_in_the_queue() {
        let fake = Arc::new(ScriptedRecognizer::new());
        let service = VoiceService::new(fake.clone(), 1, 1);
        let cands = crate::voice::candidates(&shakmaty::Chess::default(), Lang::En);
        service.prepare(Lang::En, &cands).await;
        let prepared = fake.prepared();
        assert_eq!(prepared.len(), 1);
        // With the 16 pawn pushes by their squares alone.
        assert_eq!(prepared[0].len(), cands.len() + 16);
        assert!(
            prepared[0].contains(&"knight f3".to_owned()),
            "{prepared:?}"
        );
        // The recogniser busy with an utterance: nothing is prepared, and at once.
        fake.hold(true);
        let (busy, c) = (service.clone(), cands.clone());
        let pcm = Arc::new(ScriptedRecognizer::audio("knight f3"));
        let running = tokio::spawn(async move { busy.score(Lang::En, pcm, &c).await });
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        service.prepare(Lang::En, &cands).await;
        assert_eq!(fake.prepared().len(), 1);
        fake.hold(false);
        assert!(running.await.unwrap().is_ok());
    }
}
