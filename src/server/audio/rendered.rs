//! Rendered audio for the WebSocket clients that ask for it (`"audio": true` in `hello`).
//!
//! Each such connection gets an [`AudioChannel`]: a small task of its own that renders, one
//! after another and in order, what [`crate::server::audio::spoken::spoken_to`] says that seat hears, with
//! espeak-ng on a blocking thread. The game's task never waits for it, nor does the
//! connection's event stream: the event goes out as text at once, its audio follows as soon
//! as it is rendered. Work is bounded:
//!
//! - at most [`QUEUED`] clips wait per connection; beyond that a clip is skipped (its event
//!   has gone out as text anyway) and the log says so;
//! - at most one espeak-ng per CPU (at least two) runs at once, server-wide: one budget
//!   that every espeak-ng process takes its place in, the check at a greeting with
//!   `"audio": true` included (made once per server, then remembered);
//! - seated players (players, assistants, arbiter) come first: spectators' clips hold at
//!   most all but one of the places, so a move or an answer to a seat never waits behind a
//!   crowd of spectators (issue 14);
//! - the places go round the client addresses the listeners come from (issue 30: one client's
//!   seats in games of his own pushed another game's move audio from 16-22 ms to 0.25-0.78 s,
//!   at most 2.3 s): a freed place goes to the next address in turn that has a clip waiting,
//!   so a clip waits for one clip of every other address at most, not for every clip queued
//!   before it; and so the work is fair between games played from different places;
//! - a skipped clip is logged at most once every ten seconds, with the count;
//! - a sentence is rendered once for everyone who hears it: the last [`CACHED`] clips are kept
//!   by voice and text, and listeners who ask for a sentence while it is being rendered wait
//!   for that one rendering (a move said to every seat of one language, the same refusal to a
//!   crowd of spectators: one espeak-ng process, not one per listener).
//!
//! If espeak-ng is missing, the connection is told once (`audio_unavailable`) and gets text
//! only; the game goes on unharmed.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use serde_json::Value;
use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio::task::JoinHandle;

use crate::announce::Lang;
use crate::server::wire::AudioMsg;
use crate::speech::{Espeak, SpeechError, Utterance, Wav};

/// Clips that may wait per connection.
pub const QUEUED: usize = 8;

/// Rendered clips kept for the next listener of the same sentence (a clip of a few seconds is
/// 100-200 KiB, so this holds a few MiB at most).
pub const CACHED: usize = 32;

/// The largest binary frame of audio (a clip longer than this comes in several frames).
pub const AUDIO_FRAME: usize = 32 * 1024;

/// The MIME type of every clip.
pub const WAV_MIME: &str = "audio/wav";

/// Who a clip is for: a seat at the table comes before the spectators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listener {
    Seated,
    Spectator,
}

impl Listener {
    /// A spectator's connection, or any seat's.
    pub fn of(seat: crate::game::Seat) -> Listener {
        if seat == crate::game::Seat::Spectator {
            Listener::Spectator
        } else {
            Listener::Seated
        }
    }
}

/// Whose turn a clip waits in: the client address of the connection it is for (`None`: a
/// listener without one, in tests and the server's own checks).
pub(crate) type Turn = Option<IpAddr>;

/// The espeak-ng places, handed round the [`Turn`]s that wait: a freed place goes to the
/// first clip of the next turn in line, which goes to the back of the line if it has more.
struct Round(Mutex<RoundState>);

struct RoundState {
    free: usize,
    waiting: HashMap<Turn, VecDeque<oneshot::Sender<()>>>,
    line: VecDeque<Turn>,
}

/// A place of a [`Round`], handed on when dropped.
struct RoundPlace(Arc<Round>);

impl Drop for RoundPlace {
    fn drop(&mut self) {
        self.0.release();
    }
}

/// A clip waiting for its place; given up after a place was handed to it, the place goes on.
struct RoundWait {
    round: Arc<Round>,
    rx: Option<oneshot::Receiver<()>>,
}

impl Drop for RoundWait {
    fn drop(&mut self) {
        if let Some(mut rx) = self.rx.take() {
            rx.close();
            if rx.try_recv().is_ok() {
                self.round.release();
            }
        }
    }
}

impl Round {
    fn new(places: usize) -> Round {
        Round(Mutex::new(RoundState {
            free: places,
            waiting: HashMap::new(),
            line: VecDeque::new(),
        }))
    }

    fn state(&self) -> std::sync::MutexGuard<'_, RoundState> {
        // Plain queues: a panic elsewhere cannot leave them half-changed.
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    async fn enter(self: &Arc<Round>, turn: Turn) -> RoundPlace {
        let rx = {
            let mut s = self.state();
            if s.free > 0 && s.line.is_empty() {
                s.free -= 1;
                return RoundPlace(Arc::clone(self));
            }
            let (tx, rx) = oneshot::channel();
            let queue = s.waiting.entry(turn).or_default();
            queue.push_back(tx);
            if queue.len() == 1 {
                s.line.push_back(turn);
            }
            rx
        };
        let mut wait = RoundWait {
            round: Arc::clone(self),
            rx: Some(rx),
        };
        let handed = wait.rx.as_mut().expect("set above").await;
        wait.rx = None;
        match handed {
            Ok(()) => RoundPlace(Arc::clone(self)),
            // Every waiter is handed a place before its sender goes; never happens.
            Err(_) => Box::pin(self.enter(turn)).await,
        }
    }

    fn release(&self) {
        let mut s = self.state();
        while let Some(turn) = s.line.pop_front() {
            let Some(queue) = s.waiting.get_mut(&turn) else {
                continue;
            };
            let next = queue.pop_front();
            if queue.is_empty() {
                s.waiting.remove(&turn);
            } else {
                s.line.push_back(turn);
            }
            // A clip given up already: the next in line.
            if next.is_some_and(|tx| tx.send(()).is_ok()) {
                return;
            }
        }
        s.free += 1;
    }
}

/// Renders utterances with espeak-ng, off the async runtime, a bounded number at a time.
#[derive(Clone)]
pub struct Renderer {
    espeak: Espeak,
    /// Every espeak-ng process holds one of these while it runs, handed round the addresses.
    permits: Arc<Round>,
    /// ...and a spectator's also one of these: all places but one.
    spectators: Arc<Semaphore>,
    /// Whether espeak-ng runs at all, learnt once.
    checked: Arc<tokio::sync::OnceCell<Result<(), SpeechError>>>,
    /// The last clips rendered, by voice and text.
    rendered: Arc<Mutex<Rendered>>,
}

/// A clip by voice and sentence: rendered once (or being rendered) for every listener.
type Once = Arc<tokio::sync::OnceCell<Wav>>;

/// One sentence's clip, rendered for a seat or for a spectator: a seat never waits for a
/// rendering that a spectator started (and that waits for a spectator's place), and either
/// takes the other's clip once it is there.
#[derive(Clone, Default)]
struct Clips {
    seated: Once,
    spectator: Once,
}

impl Clips {
    fn ready(&self) -> Option<Wav> {
        self.seated.get().or_else(|| self.spectator.get()).cloned()
    }
}

/// The last [`CACHED`] sentences asked for, oldest first.
#[derive(Default)]
struct Rendered {
    clips: HashMap<(Lang, String), Clips>,
    order: VecDeque<(Lang, String)>,
}

impl Rendered {
    /// The clips of `key`, rendered or not yet; a new one pushes out the oldest.
    fn get(&mut self, key: (Lang, String)) -> Clips {
        if let Some(clips) = self.clips.get(&key) {
            return clips.clone();
        }
        if self.order.len() >= CACHED
            && let Some(old) = self.order.pop_front()
        {
            self.clips.remove(&old);
        }
        let clips = Clips::default();
        self.order.push_back(key.clone());
        self.clips.insert(key, clips.clone());
        clips
    }
}

impl Renderer {
    pub fn new(espeak: Espeak) -> Renderer {
        let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
        Renderer::with_processes(espeak, cpus.max(2))
    }

    /// A renderer that runs at most `processes` espeak-ng at once (at least two).
    pub fn with_processes(espeak: Espeak, processes: usize) -> Renderer {
        let processes = processes.max(2);
        Renderer {
            espeak,
            permits: Arc::new(Round::new(processes)),
            spectators: Arc::new(Semaphore::new(processes - 1)),
            checked: Arc::default(),
            rendered: Arc::default(),
        }
    }

    /// Waits for a place for `listener`'s clip, in `turn`.
    async fn place(
        &self,
        listener: Listener,
        turn: Turn,
    ) -> (Option<tokio::sync::OwnedSemaphorePermit>, RoundPlace) {
        let spectator = match listener {
            Listener::Spectator => Arc::clone(&self.spectators).acquire_owned().await.ok(),
            Listener::Seated => None,
        };
        let all = self.permits.enter(turn).await;
        (spectator, all)
    }

    /// Renders one utterance for `listener`, within the budget, or hands out the clip of the
    /// same sentence rendered (or being rendered, for a listener of the same kind) for someone
    /// else. A failed rendering is not kept: the next listener tries again.
    pub async fn render_for(
        &self,
        listener: Listener,
        turn: Turn,
        utterance: Utterance,
    ) -> Result<Wav, SpeechError> {
        let clips = self
            .rendered
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get((utterance.lang, utterance.text.clone()));
        if let Some(wav) = clips.ready() {
            return Ok(wav);
        }
        let once = match listener {
            Listener::Seated => &clips.seated,
            Listener::Spectator => &clips.spectator,
        };
        once.get_or_try_init(|| async {
            if let Some(wav) = clips.ready() {
                return Ok(wav);
            }
            self.render_now(listener, turn, utterance).await
        })
        .await
        .cloned()
    }

    /// Runs espeak-ng for one utterance, within the budget.
    async fn render_now(
        &self,
        listener: Listener,
        turn: Turn,
        utterance: Utterance,
    ) -> Result<Wav, SpeechError> {
        let _place = self.place(listener, turn).await;
        let espeak = self.espeak.clone();
        tokio::task::spawn_blocking(move || espeak.render(&utterance))
            .await
            .unwrap_or_else(|e| {
                Err(SpeechError::EspeakFailed {
                    detail: e.to_string(),
                })
            })
    }

    /// Whether espeak-ng can be run at all: asked once per server, within the budget.
    async fn check(&self) -> Result<(), SpeechError> {
        self.checked
            .get_or_init(|| async {
                let _place = self.place(Listener::Seated, None).await;
                let espeak = self.espeak.clone();
                tokio::task::spawn_blocking(move || espeak.check())
                    .await
                    .unwrap_or(Ok(()))
            })
            .await
            .clone()
    }

    /// Starts the audio of one connection, for a seat or a spectator, from the client address
    /// `turn` (see [`Turn`]), its task on `tracker` (the server's: shutdown waits for it).
    pub fn channel_for(
        &self,
        listener: Listener,
        turn: Turn,
        tracker: &tokio_util::task::TaskTracker,
    ) -> AudioChannel {
        let (jobs, rx) = mpsc::channel(QUEUED);
        let (tx, out) = mpsc::channel(2);
        let worker = tracker.spawn(work(self.clone(), listener, turn, rx, tx));
        AudioChannel {
            jobs,
            out,
            last: None,
            worker,
        }
    }
}

/// What a clip belongs to.
#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    /// The event with this number.
    Event(u64),
    /// The answer to the request with this id (a refusal).
    Request(Value),
    /// Neither: a notice of the seat's electronic board (issue 33).
    Notice,
}

/// One rendered utterance.
#[derive(Debug)]
pub struct Clip {
    pub tag: Tag,
    pub utterance: Utterance,
    /// Said again because the client asked (`repeat`).
    pub repeat: bool,
    pub wav: Wav,
}

impl Clip {
    /// The `audio` message and the bytes of the binary frame that follows it.
    pub fn into_wire(self) -> (AudioMsg, Vec<u8>) {
        let bytes = self.wav.into_bytes();
        let (seq, id) = match self.tag {
            Tag::Event(seq) => (Some(seq), None),
            Tag::Request(id) => (None, Some(id)),
            Tag::Notice => (None, None),
        };
        let msg = AudioMsg {
            seq,
            id,
            kind: self.utterance.kind.key(),
            lang: self.utterance.lang.code(),
            text: self.utterance.text,
            format: WAV_MIME,
            bytes: bytes.len(),
            repeat: self.repeat,
        };
        (msg, bytes)
    }
}

/// What a connection's audio task hands back.
#[derive(Debug)]
pub enum AudioOut {
    Clip(Clip),
    /// Audio cannot be rendered (said once per connection).
    Unavailable,
}

struct Job {
    tag: Tag,
    utterance: Utterance,
    repeat: bool,
}

/// The audio of one connection. Dropping it stops its task.
pub struct AudioChannel {
    jobs: mpsc::Sender<Job>,
    out: mpsc::Receiver<AudioOut>,
    last: Option<(Tag, Utterance)>,
    worker: JoinHandle<()>,
}

impl AudioChannel {
    /// Queues an utterance to render. `false` if it was skipped (too many waiting, or audio
    /// is unavailable).
    pub fn offer(&mut self, tag: Tag, utterance: Utterance) -> bool {
        self.last = Some((tag.clone(), utterance.clone()));
        self.push(Job {
            tag,
            utterance,
            repeat: false,
        })
    }

    /// Renders the last utterance again.
    pub fn repeat(&mut self) -> bool {
        match self.last.clone() {
            Some((tag, utterance)) => self.push(Job {
                tag,
                utterance,
                repeat: true,
            }),
            None => false,
        }
    }

    fn push(&self, job: Job) -> bool {
        match self.jobs.try_send(job) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(job)) => {
                let mut log = SKIPPED.lock().unwrap_or_else(|p| p.into_inner());
                if log.due() {
                    let more = log.take();
                    tracing::warn!(tag = ?job.tag, "audio: {QUEUED} clips waiting; this one is skipped ({more} more since the last report)");
                }
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// The next clip (or notice) to send; `None` once audio has stopped for good.
    pub async fn next(&mut self) -> Option<AudioOut> {
        self.out.recv().await
    }
}

impl Drop for AudioChannel {
    fn drop(&mut self) {
        self.worker.abort();
    }
}

/// Skipped clips, logged at most once every ten seconds.
static SKIPPED: std::sync::LazyLock<std::sync::Mutex<crate::server::admission::log::LogEvery>> =
    std::sync::LazyLock::new(|| {
        std::sync::Mutex::new(crate::server::admission::log::LogEvery::new(
            std::time::Duration::from_secs(10),
        ))
    });

async fn work(
    renderer: Renderer,
    listener: Listener,
    turn: Turn,
    mut jobs: mpsc::Receiver<Job>,
    out: mpsc::Sender<AudioOut>,
) {
    // Learn at once, not at the first move, that there is no espeak-ng.
    if let Err(e) = renderer.check().await {
        tracing::warn!("audio unavailable: {e}");
        let _ = out.send(AudioOut::Unavailable).await;
        return;
    }
    let mut told = false;
    while let Some(job) = jobs.recv().await {
        match renderer
            .render_for(listener, turn, job.utterance.clone())
            .await
        {
            Ok(wav) => {
                let clip = Clip {
                    tag: job.tag,
                    utterance: job.utterance,
                    repeat: job.repeat,
                    wav,
                };
                if out.send(AudioOut::Clip(clip)).await.is_err() {
                    return;
                }
            }
            Err(e) => {
                tracing::warn!("audio not rendered: {e}");
                if !told {
                    told = true;
                    if out.send(AudioOut::Unavailable).await.is_err() {
                        return;
                    }
                }
                if e == SpeechError::EspeakMissing {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::announce::Lang;
    use crate::speech::Kind;
    use std::time::Duration;
    use tokio::time::timeout;
    use tokio_util::task::TaskTracker;

    #[tokio::test(start_paused = true)]
    async fn places_go_round_the_addresses_that_wait() {
        let r = Renderer::with_processes(Espeak::with_program("/nonexistent/espeak-ng"), 2);
        let a: Turn = Some(IpAddr::from([192, 0, 2, 1]));
        let b: Turn = Some(IpAddr::from([192, 0, 2, 2]));
        let wait = Duration::from_millis(20);
        // One address holds both places and has five more clips waiting.
        let held = [
            r.place(Listener::Seated, a).await,
            r.place(Listener::Seated, a).await,
        ];
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        let wait_in = |turn: Turn, name: &'static str| {
            let (r, order) = (r.clone(), Arc::clone(&order));
            tokio::spawn(async move {
                let place = r.place(Listener::Seated, turn).await;
                order.lock().unwrap().push(name);
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(place);
            })
        };
        for name in ["a1", "a2", "a3", "a4", "a5"] {
            tasks.push(wait_in(a, name));
            tokio::time::sleep(wait).await;
        }
        // Another address's one clip comes last, and goes second.
        tasks.push(wait_in(b, "b1"));
        tokio::time::sleep(wait).await;
        drop(held);
        for t in tasks {
            t.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), ["a1", "b1", "a2", "a3", "a4", "a5"]);
        // A clip given up while it waits takes no place: both are free again.
        let held = [
            r.place(Listener::Seated, a).await,
            r.place(Listener::Seated, a).await,
        ];
        let given_up = tokio::spawn({
            let r = r.clone();
            async move {
                r.place(Listener::Seated, b).await;
            }
        });
        tokio::time::sleep(wait).await;
        given_up.abort();
        drop(held);
        let both = [
            timeout(wait, r.place(Listener::Seated, a)).await.unwrap(),
            timeout(wait, r.place(Listener::Seated, b)).await.unwrap(),
        ];
        drop(both);
    }

    #[tokio::test(start_paused = true)]
    async fn spectators_never_hold_the_last_place() {
        let r = Renderer::with_processes(Espeak::with_program("/nonexistent/espeak-ng"), 2);
        let wait = Duration::from_millis(50);
        let first = r.place(Listener::Spectator, None).await;
        assert!(first.0.is_some());
        // A second spectator waits; a seat does not.
        assert!(
            timeout(wait, r.place(Listener::Spectator, None))
                .await
                .is_err()
        );
        let seat = timeout(wait, r.place(Listener::Seated, None))
            .await
            .unwrap();
        // Both places taken: anyone waits now, and a seat gets the first one given back.
        assert!(
            timeout(wait, r.place(Listener::Seated, None))
                .await
                .is_err()
        );
        drop(first);
        assert!(timeout(wait, r.place(Listener::Seated, None)).await.is_ok());
        drop(seat);
    }

    #[cfg(unix)]
    #[tokio::test]
    async fn the_greeting_check_runs_once_per_server_within_the_budget() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("runs");
        let program = dir.path().join("espeak-ng");
        std::fs::write(
            &program,
            format!("#!/bin/sh\necho run >> {}\n", log.display()),
        )
        .unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let r = Renderer::with_processes(Espeak::with_program(&program), 2);
        let channels: Vec<AudioChannel> = (0..5)
            .map(|_| r.channel_for(Listener::Spectator, None, &TaskTracker::new()))
            .collect();
        for _ in 0..50 {
            if r.checked.initialized() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        let runs = std::fs::read_to_string(&log).unwrap();
        assert_eq!(runs.lines().count(), 1, "{runs}");
        drop(channels);
    }

    /// A sentence asked for by many listeners at once (a crowd of spectators refused alike, a
    /// move said to every seat) runs espeak-ng once; another sentence or another voice runs it
    /// again, and so does a sentence pushed out of the cache.
    #[cfg(unix)]
    #[tokio::test]
    async fn the_same_sentence_is_rendered_once_for_every_listener() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("runs");
        let program = dir.path().join("espeak-ng");
        std::fs::write(
            &program,
            format!(
                "#!/bin/sh\necho \"$2\" >> {}\nexec espeak-ng \"$@\"\n",
                log.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let runs = || {
            std::fs::read_to_string(&log)
                .unwrap_or_default()
                .lines()
                .count()
        };
        let r = Renderer::with_processes(Espeak::with_program(&program), 2);
        let refusal = Utterance::new(Lang::De, Kind::Refusal, "Zuschauer dürfen nicht ziehen.");
        let crowd = (0..12).map(|_| r.render_for(Listener::Spectator, None, refusal.clone()));
        let clips = futures_util::future::join_all(crowd).await;
        let first = clips[0].clone().expect("espeak-ng renders");
        assert!(clips.iter().all(|c| c.as_ref() == Ok(&first)));
        assert_eq!(runs(), 1);
        // Asked again later, by a spectator or a seat: still the one rendering.
        r.render_for(Listener::Spectator, None, refusal.clone())
            .await
            .unwrap();
        r.render_for(Listener::Seated, None, refusal.clone())
            .await
            .unwrap();
        assert_eq!(runs(), 1);
        // Every seat of one language asking for the move at once: one rendering.
        let mv = Utterance::new(Lang::De, Kind::Move, "Springer Felix drei");
        let seats = (0..4).map(|_| r.render_for(Listener::Seated, None, mv.clone()));
        let clips = futures_util::future::join_all(seats).await;
        assert!(clips.iter().all(|c| c.is_ok() && c == &clips[0]));
        assert_eq!(runs(), 2);
        // Another voice, another sentence: rendered.
        let mut english = refusal.clone();
        english.lang = Lang::En;
        r.render_for(Listener::Seated, None, english).await.unwrap();
        assert_eq!(runs(), 3);
        // CACHED other sentences push the first one out.
        for i in 0..CACHED {
            let u = Utterance::new(Lang::De, Kind::Move, format!("Zug {i}"));
            r.render_for(Listener::Seated, None, u).await.unwrap();
        }
        assert_eq!(runs(), 3 + CACHED);
        r.render_for(Listener::Seated, None, refusal).await.unwrap();
        assert_eq!(runs(), 4 + CACHED);
    }

    #[tokio::test]
    async fn missing_espeak_is_said_once_and_audio_stops() {
        let renderer = Renderer::new(Espeak::with_program("/nonexistent/espeak-ng"));
        let mut audio = renderer.channel_for(Listener::Seated, None, &TaskTracker::new());
        let u = Utterance::new(Lang::De, Kind::Move, "Bauer Eva vier");
        assert!(matches!(audio.next().await, Some(AudioOut::Unavailable)));
        assert!(audio.next().await.is_none());
        assert!(!audio.offer(Tag::Event(1), u));
    }

    #[test]
    fn clips_on_the_wire() {
        let wav = Wav::from_stream(
            [
                b"RIFF".as_slice(),
                &36u32.to_le_bytes(),
                b"WAVEfmt ",
                &16u32.to_le_bytes(),
                &1u16.to_le_bytes(),
                &1u16.to_le_bytes(),
                &22050u32.to_le_bytes(),
                &44100u32.to_le_bytes(),
                &2u16.to_le_bytes(),
                &16u16.to_le_bytes(),
                b"data",
                &0u32.to_le_bytes(),
            ]
            .concat(),
        )
        .unwrap();
        let clip = Clip {
            tag: Tag::Request(Value::from("7")),
            utterance: Utterance::new(Lang::Tr, Kind::Refusal, "Sıra sizde değil."),
            repeat: true,
            wav,
        };
        let (msg, bytes) = clip.into_wire();
        let json = serde_json::to_value(&msg).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"id": "7", "kind": "refusal", "lang": "tr",
                "text": "Sıra sizde değil.", "format": "audio/wav", "bytes": 44, "repeat": true})
        );
        assert_eq!(bytes.len(), 44);
    }
}
