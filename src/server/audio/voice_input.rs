//! Voice input on a seat's WebSocket (`docs/voice.md`, `docs/protocol.md`): an utterance is
//! recorded from binary frames, scored against the candidates of the position by the
//! recogniser (off the connection's loop, through the service's cap and queue), and decided
//! by the policy; a move is played through the same `GameHandle::act` as a typed
//! announcement, so every rule and refusal applies.

use std::sync::Arc;

use serde_json::Value;
use shakmaty::fen::Fen;
use shakmaty::{Chess, Position};
use tokio::task::JoinHandle;

use crate::announce::Lang;
use crate::game::Seat;
use crate::server::wire::{CandidateBody, ErrorCode, VoiceResultMsg};
use crate::voice::{
    Candidate, Decision, Intent, Scored, VoiceCommand, VoiceError, VoiceService, candidates,
    command_candidates,
};
use crate::words::speaker::Speaker;

/// The longest utterance accepted, in seconds (16 kHz, 16 bit: 32,000 bytes a second).
pub const MAX_SECONDS: usize = 20;
const MAX_BYTES: usize = MAX_SECONDS * 32_000;

/// What a session asks of its voice input (from `voice_start`, `voice_end`, `voice_cancel`
/// and `voice_answer`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VoiceMsg {
    /// Start an utterance; binary frames of PCM follow.
    Start,
    /// The utterance is complete: recognise it.
    End,
    /// Forget the utterance (and a recognition under way).
    Cancel,
    /// Answer the open question: `Some(n)` plays the n-th candidate offered (0 = the one asked
    /// about: "yes"), `None` is "no".
    Answer(Option<usize>),
}

struct Recording {
    id: Value,
    pcm: Vec<u8>,
}

/// A question hamle asked: the candidates offered, in the position they were heard in.
struct Question {
    offered: Vec<Candidate>,
    fen: String,
}

/// What a recognition gave: the candidates and their ranking, or why there is none.
pub type Heard = Result<(Vec<Candidate>, Vec<Scored>), VoiceError>;

/// A recognition under way.
pub struct Running {
    id: Value,
    fen: String,
    task: JoinHandle<Heard>,
}

/// What a recognition came to, for the session to act on.
pub enum Outcome {
    /// Play this announcement through `act` (after sending the result).
    Play {
        result: VoiceResultMsg,
        text: String,
    },
    /// Only send the result.
    Say(VoiceResultMsg),
    Failed {
        id: Value,
        error: VoiceError,
    },
}

/// The voice state of one connection.
pub struct VoiceSession {
    recording: Option<Recording>,
    question: Option<Question>,
    running: Option<Running>,
    /// The server's tasks: a recognition runs on one of them.
    tracker: tokio_util::task::TaskTracker,
}

/// Why a voice message was refused (the wire code and its arguments).
pub type Refusal = (ErrorCode, Vec<(&'static str, String)>);

fn say(lang: Lang, id: &str, args: &[(&str, String)]) -> String {
    Speaker::new(lang).message(id, args)
}

/// "1 Springer Felix drei, 2 Springer Felix sechs oder 3 Zeit".
fn choices(lang: Lang, offered: &[(Candidate, f32)]) -> String {
    let speaker = Speaker::new(lang);
    let items: Vec<String> = offered
        .iter()
        .enumerate()
        .map(|(i, (c, _))| {
            speaker.message(
                "voice-choice",
                &[
                    ("number", (i + 1).to_string()),
                    ("candidate", c.text.clone()),
                ],
            )
        })
        .collect();
    speaker.list_or(&items)
}

fn body(c: &Candidate, p: f32) -> CandidateBody {
    match c.intent {
        Intent::Move(_) => CandidateBody {
            kind: "move",
            text: c.text.clone(),
            uci: c.uci(),
            command: None,
            p,
        },
        Intent::Command(cmd) => CandidateBody {
            kind: "command",
            text: c.text.clone(),
            uci: None,
            command: Some(cmd.key()),
            p,
        },
    }
}

/// The candidates of a position for `seat`: its legal moves when it is its side's turn in
/// a game being played, and the spoken commands.
pub fn position_candidates(pos: &Chess, playing: bool, seat: Seat, lang: Lang) -> Vec<Candidate> {
    let mut list = Vec::new();
    if playing && seat.side() == Some(pos.turn()) {
        list = candidates(pos, lang);
    }
    list.extend(command_candidates(lang, &VoiceCommand::ALL));
    list
}

/// The game's position as the table has it now, for voice input: its FEN (which names the
/// position an utterance was heard in) and the candidates for `seat` in `lang`.
pub fn voice_position(
    table: &crate::table::Table,
    seat: Seat,
    lang: Lang,
) -> (String, Vec<Candidate>) {
    let game = table.game();
    let pos = game.position();
    let fen = Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string();
    let playing = game.status() == crate::game::Status::Playing;
    (fen, position_candidates(pos, playing, seat, lang))
}

impl VoiceSession {
    /// A connection's voice, its recognitions on `tracker` (the server's).
    pub fn on(tracker: tokio_util::task::TaskTracker) -> VoiceSession {
        VoiceSession {
            recording: None,
            question: None,
            running: None,
            tracker,
        }
    }

    /// Whether binary frames now belong to an utterance.
    pub fn recording(&self) -> bool {
        self.recording.is_some()
    }

    pub fn start(&mut self, id: Value) {
        self.recording = Some(Recording {
            id,
            pcm: Vec::new(),
        });
    }

    /// Appends a binary frame; an utterance over the limit is dropped.
    pub fn frame(&mut self, bytes: &[u8]) -> Result<(), (Value, Refusal)> {
        let Some(rec) = &mut self.recording else {
            return Ok(());
        };
        if rec.pcm.len() + bytes.len() > MAX_BYTES {
            let id = rec.id.clone();
            self.recording = None;
            return Err((
                id,
                (
                    ErrorCode::VoiceTooLong,
                    vec![("seconds", MAX_SECONDS.to_string())],
                ),
            ));
        }
        rec.pcm.extend_from_slice(bytes);
        Ok(())
    }

    pub fn cancel(&mut self) {
        self.recording = None;
        if let Some(r) = self.running.take() {
            r.task.abort();
        }
    }

    /// Ends the utterance `id` and starts recognising it against `cands` (in the position
    /// `fen`), replacing one still under way.
    pub fn end(
        &mut self,
        id: &Value,
        service: &VoiceService,
        priority: crate::voice::Priority,
        lang: Lang,
        fen: String,
        cands: Vec<Candidate>,
    ) -> Result<(), Refusal> {
        let rec = match self.recording.take() {
            Some(rec) if rec.pcm.len() >= 2 => rec,
            _ => return Err((ErrorCode::VoiceNotListening, vec![])),
        };
        if let Some(old) = self.running.take() {
            old.task.abort();
        }
        let service = service.clone();
        let pcm = Arc::new(rec.pcm);
        let task = self.tracker.spawn(async move {
            let heard = service.score_for(priority, lang, pcm, &cands).await?;
            let ranked = service.policy().ranked_heard(&heard);
            Ok((cands, ranked))
        });
        self.running = Some(Running {
            id: id.clone(),
            fen,
            task,
        });
        Ok(())
    }

    /// Waits for the recognition under way (forever when there is none).
    pub async fn next(&mut self) -> (Value, String, Heard) {
        let Some(running) = &mut self.running else {
            return std::future::pending().await;
        };
        let result = match (&mut running.task).await {
            Ok(r) => r,
            Err(e) => Err(VoiceError::Failed(e.to_string())),
        };
        let running = self.running.take().expect("checked above");
        (running.id, running.fen, result)
    }

    /// Decides on a finished recognition.
    pub fn decide(
        &mut self,
        service: &VoiceService,
        lang: Lang,
        id: Value,
        fen: String,
        result: Heard,
    ) -> Outcome {
        let (cands, ranked) = match result {
            Ok(r) => r,
            Err(error) => return Outcome::Failed { id, error },
        };
        let policy = service.policy();
        let open = self.question.as_ref().filter(|q| q.fen == fen).is_some();
        let fen_now = fen.clone();
        let decision = policy.decide(&cands, &ranked, open);
        // The best moves and commands offered, best first; yes and no are not offered.
        let offered: Vec<(Candidate, f32)> = ranked
            .iter()
            .filter(|s| {
                !matches!(
                    cands[s.index].intent,
                    Intent::Command(VoiceCommand::Yes | VoiceCommand::No)
                )
            })
            .take(policy.offer)
            .map(|s| (cands[s.index].clone(), s.p))
            .collect();
        let bodies: Vec<CandidateBody> = ranked
            .iter()
            .take(policy.offer)
            .map(|s| body(&cands[s.index], s.p))
            .collect();
        // While a question is open, `candidates` is its list, in its order: what a
        // `voice_answer` pick counts in (issue 32: a "no" heard unclearly listed [no, h2h4,
        // f3f4], and pick 0 played the earlier question's move).
        let p_of = |c: &Candidate| {
            ranked
                .iter()
                .find(|s| cands[s.index].intent == c.intent)
                .map_or(0.0, |s| s.p)
        };
        let question_bodies = |q: &[Candidate]| -> Vec<CandidateBody> {
            q.iter().map(|c| body(c, p_of(c))).collect()
        };
        let result = |decision, command, message| VoiceResultMsg {
            id: id.clone(),
            decision,
            candidates: bodies.clone(),
            command,
            message,
        };
        match decision {
            Decision::Play(i) => {
                self.question = None;
                Outcome::Play {
                    result: result("played", None, String::new()),
                    text: cands[i].text.clone(),
                }
            }
            Decision::Yes => {
                let q = self.question.take().expect("open");
                let text = q.offered[0].text.clone();
                match q.offered[0].intent {
                    Intent::Move(_) => Outcome::Play {
                        result: result("played", None, String::new()),
                        text,
                    },
                    Intent::Command(c) => {
                        Outcome::Say(result("command", Some(c.key()), String::new()))
                    }
                }
            }
            Decision::No => {
                self.question = None;
                Outcome::Say(result("no", None, say(lang, "voice-declined", &[])))
            }
            Decision::Command(i) => {
                let Intent::Command(c) = cands[i].intent else {
                    unreachable!("decided as a command")
                };
                Outcome::Say(result("command", Some(c.key()), String::new()))
            }
            Decision::Ask(i) => {
                let asked = cands[i].clone();
                let mut list: Vec<(Candidate, f32)> = vec![(asked.clone(), 0.0)];
                list.extend(
                    offered
                        .into_iter()
                        .filter(|(c, _)| c.intent != asked.intent),
                );
                list.truncate(policy.offer);
                let message = say(
                    lang,
                    "voice-ask",
                    &[
                        ("candidate", asked.text.clone()),
                        ("choices", choices(lang, &list)),
                    ],
                );
                let offered: Vec<Candidate> = list.into_iter().map(|(c, _)| c).collect();
                let candidates = question_bodies(&offered);
                self.question = Some(Question { offered, fen });
                Outcome::Say(VoiceResultMsg {
                    candidates,
                    ..result("ask", None, message)
                })
            }
            Decision::Refuse => {
                // Nothing offered, no question asked; one that is open stays open (and its
                // list is what the result carries, as above).
                let candidates = match &self.question {
                    Some(q) if open => question_bodies(&q.offered),
                    _ => Vec::new(),
                };
                Outcome::Say(VoiceResultMsg {
                    candidates,
                    ..result("not_understood", None, say(lang, "voice-refused", &[]))
                })
            }
            Decision::Nothing => {
                let mut message = say(lang, "voice-not-understood", &[]);
                if !offered.is_empty() && !open {
                    message = say(
                        lang,
                        "voice-not-understood-choices",
                        &[("choices", choices(lang, &offered))],
                    );
                    self.question = Some(Question {
                        offered: offered.into_iter().map(|(c, _)| c).collect(),
                        fen,
                    });
                }
                // The question open in this position, kept or just asked.
                let candidates = match &self.question {
                    Some(q) if open || q.fen == fen_now => question_bodies(&q.offered),
                    _ => bodies.clone(),
                };
                Outcome::Say(VoiceResultMsg {
                    candidates,
                    ..result("not_understood", None, message)
                })
            }
        }
    }

    /// The player answered the open question by key: the text to play (or `None` for no /
    /// a command picked, with the result to send). `fen` is the position now.
    pub fn answer(
        &mut self,
        id: Value,
        lang: Lang,
        pick: Option<usize>,
        fen: &str,
    ) -> Result<Outcome, Refusal> {
        let q = match self.question.take() {
            Some(q) if q.fen == fen => q,
            _ => return Err((ErrorCode::VoiceNoQuestion, vec![])),
        };
        let bodies: Vec<CandidateBody> = q.offered.iter().map(|c| body(c, 0.0)).collect();
        let result = |decision, command, message| VoiceResultMsg {
            id: id.clone(),
            decision,
            candidates: bodies.clone(),
            command,
            message,
        };
        let Some(n) = pick else {
            return Ok(Outcome::Say(result(
                "no",
                None,
                say(lang, "voice-declined", &[]),
            )));
        };
        let Some(c) = q.offered.get(n) else {
            self.question = Some(q);
            return Err((ErrorCode::VoiceNoQuestion, vec![]));
        };
        Ok(match c.intent {
            Intent::Move(_) => Outcome::Play {
                result: result("played", None, String::new()),
                text: c.text.clone(),
            },
            Intent::Command(cmd) => Outcome::Say(result("command", Some(cmd.key()), String::new())),
        })
    }
}
