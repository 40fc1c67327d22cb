//! The machine's own voice through the `tts` crate (Speech Dispatcher on Linux, SAPI/WinRT on
//! Windows, AVFoundation on macOS). Cargo feature `system-voice`.
//!
//! `tts::Tts` is not thread-safe in practice (it is an `Rc` inside), its `set_voice` re-lists
//! every voice the system has (about 2 s on Linux) and `voice()` panics on Linux. So one
//! dedicated thread owns all `Tts` values: one per language, each given its voice once at
//! start-up. The thread runs a [`SpeechQueue`]; the handle, [`SystemVoice`], only sends it
//! requests, and engine events come back on the same channel, so the queue sees one ordered
//! stream of everything that happens.

use std::collections::HashMap;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::thread::{self, JoinHandle};

use tts::{Tts, UtteranceId};

use super::queue::{Command, SpeechQueue, Ticket};
use super::{SpeechError, SpeechOutput, TextOutput, Utterance};
use crate::announce::Lang;

/// How the system voice is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct SystemVoiceOptions {
    /// The languages to speak; a voice is chosen for each at start-up.
    pub langs: Vec<Lang>,
    /// Speaking rate: 1.0 is the voice's normal rate, 0.0 its slowest, 2.0 its fastest.
    pub rate: Option<f32>,
    /// Volume from 0.0 (the engine's minimum) to 1.0 (its maximum).
    pub volume: Option<f32>,
}

impl SystemVoiceOptions {
    pub fn new(langs: &[Lang]) -> SystemVoiceOptions {
        SystemVoiceOptions {
            langs: langs.to_vec(),
            rate: None,
            volume: None,
        }
    }
}

/// What the voice did, for whoever listens (a test, a log, a clock that waits for silence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoiceEvent {
    /// The engine began saying an utterance.
    Begin {
        ticket: Ticket,
        utterance: Utterance,
    },
    /// The engine said an utterance to its end.
    End { ticket: Ticket },
    /// The engine stopped an utterance before its end (interrupted).
    Stopped { ticket: Ticket },
    /// The engine refused an utterance; the queue goes on with the next.
    Failed { ticket: Ticket, error: SpeechError },
}

enum Msg {
    Say(Utterance),
    Repeat,
    Hush,
    Begin(usize, String),
    End(usize, String),
    Stopped(usize, String),
    Shutdown,
}

/// Handle to the speech thread. Dropping it stops speech and ends the thread.
pub struct SystemVoice {
    tx: Sender<Msg>,
    thread: Option<JoinHandle<()>>,
}

impl SystemVoice {
    /// Starts the speech thread, connects to the system's speech service and chooses a voice
    /// for each language (this takes a few seconds with Speech Dispatcher: do it once).
    /// Events arrive on the returned receiver; it may be dropped.
    pub fn start(
        options: SystemVoiceOptions,
    ) -> Result<(SystemVoice, Receiver<VoiceEvent>), SpeechError> {
        let (tx, rx) = mpsc::channel();
        let (events_tx, events_rx) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::sync_channel(1);
        let engine_tx = tx.clone();
        let thread = thread::Builder::new()
            .name("hamle-speech".to_owned())
            .spawn(move || run(options, engine_tx, rx, events_tx, ready_tx))
            .map_err(|e| SpeechError::SystemVoiceFailed {
                detail: e.to_string(),
            })?;
        let ready = ready_rx.recv().unwrap_or_else(|_| {
            Err(SpeechError::SystemVoiceFailed {
                detail: "the speech thread ended".to_owned(),
            })
        });
        let voice = SystemVoice {
            tx,
            thread: Some(thread),
        };
        ready.map(|()| (voice, events_rx))
    }

    /// Queues an utterance (see [`SpeechQueue`] for what interrupts what).
    pub fn say(&self, utterance: Utterance) {
        let _ = self.tx.send(Msg::Say(utterance));
    }

    /// Says the last thing again.
    pub fn repeat(&self) {
        let _ = self.tx.send(Msg::Repeat);
    }

    /// Stops what is being said and forgets waiting answers (moves are still said).
    pub fn hush(&self) {
        let _ = self.tx.send(Msg::Hush);
    }
}

impl SpeechOutput for SystemVoice {
    /// Nothing: the machine speaks. Watch the events to learn when.
    type Output = ();

    fn speak(&mut self, utterance: &Utterance) -> Result<(), SpeechError> {
        self.say(utterance.clone());
        Ok(())
    }

    fn stop(&mut self) -> Result<(), SpeechError> {
        self.hush();
        Ok(())
    }
}

impl Drop for SystemVoice {
    fn drop(&mut self) {
        let _ = self.tx.send(Msg::Shutdown);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn failed(e: tts::Error) -> SpeechError {
    SpeechError::SystemVoiceFailed {
        detail: e.to_string(),
    }
}

/// `UtteranceId` is neither `Eq` nor `Hash` on macOS; its `Debug` text names it everywhere.
fn key(id: &UtteranceId) -> String {
    format!("{id:?}")
}

/// Maps `fraction` of a control's range: `0.0..=1.0` from min to normal when `centred`,
/// else from min to max; above 1.0 (centred only) from normal to max.
fn scale(min: f32, normal: f32, max: f32, fraction: f32, centred: bool) -> f32 {
    let f = fraction.clamp(0.0, if centred { 2.0 } else { 1.0 });
    if !centred {
        min + (max - min) * f
    } else if f <= 1.0 {
        min + (normal - min) * f
    } else {
        normal + (max - normal) * (f - 1.0)
    }
}

struct Engine {
    lang: Lang,
    tts: Tts,
}

fn open_engines(
    options: &SystemVoiceOptions,
    tx: &Sender<Msg>,
) -> Result<Vec<Engine>, SpeechError> {
    let mut engines = Vec::new();
    for (index, &lang) in options.langs.iter().enumerate() {
        let mut tts = Tts::default().map_err(failed)?;
        let features = tts.supported_features();
        if !features.utterance_callbacks {
            return Err(SpeechError::SystemVoiceFailed {
                detail: "the speech engine reports no utterance events".to_owned(),
            });
        }
        let begin = tx.clone();
        tts.on_utterance_begin(Some(Box::new(move |id| {
            let _ = begin.send(Msg::Begin(index, key(&id)));
        })))
        .map_err(failed)?;
        let end = tx.clone();
        tts.on_utterance_end(Some(Box::new(move |id| {
            let _ = end.send(Msg::End(index, key(&id)));
        })))
        .map_err(failed)?;
        let stop = tx.clone();
        tts.on_utterance_stop(Some(Box::new(move |id| {
            let _ = stop.send(Msg::Stopped(index, key(&id)));
        })))
        .map_err(failed)?;
        if let (Some(rate), true) = (options.rate, features.rate) {
            let r = scale(
                tts.min_rate(),
                tts.normal_rate(),
                tts.max_rate(),
                rate,
                true,
            );
            tts.set_rate(r).map_err(failed)?;
        }
        if let (Some(volume), true) = (options.volume, features.volume) {
            let v = scale(
                tts.min_volume(),
                tts.normal_volume(),
                tts.max_volume(),
                volume,
                false,
            );
            tts.set_volume(v).map_err(failed)?;
        }
        engines.push(Engine { lang, tts });
    }
    // Voices: listed once, set once per language. Never `voice()`: it panics on Linux.
    if let Some(first) = engines.first()
        && first.tts.supported_features().voice
    {
        let voices = first.tts.voices().map_err(failed)?;
        for engine in &mut engines {
            let code = engine.lang.code();
            let best = voices
                .iter()
                .filter(|v| v.language().primary_language().eq_ignore_ascii_case(code))
                .min_by_key(|v| {
                    let tag = v.language();
                    // The plain language first ("de" before "de-CH"), then the base voice
                    // before its variants ("German" before "German+klatt").
                    (tag.as_str().len() != code.len(), v.name().len(), v.name())
                })
                .ok_or(SpeechError::NoVoiceForLanguage { lang: engine.lang })?;
            engine.tts.set_voice(best).map_err(failed)?;
        }
    }
    Ok(engines)
}

fn run(
    options: SystemVoiceOptions,
    tx: Sender<Msg>,
    rx: Receiver<Msg>,
    events: Sender<VoiceEvent>,
    ready: SyncSender<Result<(), SpeechError>>,
) {
    let mut engines = match open_engines(&options, &tx) {
        Ok(e) => e,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    drop(tx);
    let _ = ready.send(Ok(()));
    let mut queue = SpeechQueue::new();
    // (engine, utterance id) -> what the queue calls it.
    let mut spoken: HashMap<(usize, String), (Ticket, Utterance)> = HashMap::new();
    while let Ok(msg) = rx.recv() {
        let mut commands = match msg {
            Msg::Say(u) => queue.push(u),
            Msg::Repeat => queue.repeat(),
            Msg::Hush => queue.hush(),
            Msg::Begin(engine, id) => {
                if let Some((ticket, utterance)) = spoken.get(&(engine, id)) {
                    let _ = events.send(VoiceEvent::Begin {
                        ticket: *ticket,
                        utterance: utterance.clone(),
                    });
                }
                Vec::new()
            }
            Msg::End(engine, id) => match spoken.remove(&(engine, id)) {
                Some((ticket, _)) => {
                    let _ = events.send(VoiceEvent::End { ticket });
                    queue.finished(ticket)
                }
                None => Vec::new(),
            },
            Msg::Stopped(engine, id) => match spoken.remove(&(engine, id)) {
                Some((ticket, _)) => {
                    let _ = events.send(VoiceEvent::Stopped { ticket });
                    queue.finished(ticket)
                }
                None => Vec::new(),
            },
            Msg::Shutdown => break,
        };
        // Carry out the queue's commands; a failed start moves the queue on.
        while !commands.is_empty() {
            let mut next = Vec::new();
            for command in commands {
                match command {
                    Command::Stop => {
                        for engine in &mut engines {
                            let _ = engine.tts.stop();
                        }
                    }
                    Command::Speak(ticket, utterance) => {
                        let index = engines
                            .iter()
                            .position(|e| e.lang == utterance.lang)
                            .unwrap_or(0);
                        let text = TextOutput::clean(&utterance.text);
                        match engines[index].tts.speak(text, false) {
                            Ok(Some(id)) => {
                                spoken.insert((index, key(&id)), (ticket, utterance));
                            }
                            // An engine that names no utterance cannot report its end.
                            Ok(None) => next.extend(queue.finished(ticket)),
                            Err(e) => {
                                let _ = events.send(VoiceEvent::Failed {
                                    ticket,
                                    error: failed(e),
                                });
                                next.extend(queue.finished(ticket));
                            }
                        }
                    }
                }
            }
            commands = next;
        }
    }
    for engine in &mut engines {
        let _ = engine.tts.stop();
    }
}
