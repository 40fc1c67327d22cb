//! Rendered audio from the `espeak-ng` command line (voices de, tr and en ship with Debian's
//! `espeak-ng` package).
//!
//! The command line costs ~20 ms a sentence on a small machine and keeps hamle free of `unsafe`
//! (the library route, `espeakng-sys`, would need FFI). The sentence goes to espeak-ng's
//! standard input, never its arguments, so no text can be taken for an option.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};

use super::wav::Wav;
use super::{SpeechError, SpeechOutput, Utterance};
use crate::announce::Lang;

/// Renders utterances to WAV (16-bit mono PCM, 22050 Hz) with espeak-ng.
#[derive(Clone, Debug)]
pub struct Espeak {
    program: OsString,
    /// Words per minute (espeak-ng's default is 175).
    pub rate_wpm: Option<u16>,
    /// Amplitude 0-200 (espeak-ng's default is 100).
    pub amplitude: Option<u8>,
}

impl Default for Espeak {
    fn default() -> Self {
        Espeak::new()
    }
}

impl Espeak {
    /// The `espeak-ng` on `PATH`, or the program named by `HAMLE_ESPEAK_NG`.
    pub fn new() -> Espeak {
        Espeak::with_program(
            std::env::var_os("HAMLE_ESPEAK_NG").unwrap_or_else(|| OsString::from("espeak-ng")),
        )
    }

    /// A particular program (tests use a missing one).
    pub fn with_program(program: impl Into<OsString>) -> Espeak {
        Espeak {
            program: program.into(),
            rate_wpm: None,
            amplitude: None,
        }
    }

    /// espeak-ng's voice for a language.
    pub fn voice(lang: Lang) -> &'static str {
        match lang {
            Lang::De => "de",
            Lang::Tr => "tr",
            Lang::En => "en",
        }
    }

    /// Starts rendering; the returned stream yields the WAV bytes (header first) as espeak-ng
    /// writes them. The header's sizes are placeholders (the length is not known yet); a
    /// player reading a stream does not need them, and [`Wav::from_stream`] mends them.
    pub fn stream(&self, utterance: &Utterance) -> Result<AudioStream, SpeechError> {
        let mut command = Command::new(&self.program);
        command
            .arg("-v")
            .arg(Espeak::voice(utterance.lang))
            .arg("--stdout")
            .arg("--stdin");
        if let Some(rate) = self.rate_wpm {
            command.arg("-s").arg(rate.to_string());
        }
        if let Some(amplitude) = self.amplitude {
            command.arg("-a").arg(amplitude.to_string());
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => SpeechError::EspeakMissing,
                _ => SpeechError::EspeakFailed {
                    detail: e.to_string(),
                },
            })?;
        let text = super::TextOutput::clean(&utterance.text);
        let mut stdin = child.stdin.take().expect("piped");
        // A sentence fits the pipe's buffer many times over; espeak-ng reads all of it before
        // it speaks, so writing first cannot deadlock.
        let written = stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"));
        drop(stdin);
        let stdout = child.stdout.take().expect("piped");
        let stream = AudioStream { child, stdout };
        match written {
            Ok(()) => Ok(stream),
            Err(e) => Err(stream.fail(e.to_string())),
        }
    }

    /// Whether the program runs at all (`espeak-ng --version`): a quick check before the first
    /// utterance, so that a missing program is reported at once.
    pub fn check(&self) -> Result<(), SpeechError> {
        let output = Command::new(&self.program)
            .arg("--version")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => SpeechError::EspeakMissing,
                _ => SpeechError::EspeakFailed {
                    detail: e.to_string(),
                },
            })?;
        if output.status.success() {
            Ok(())
        } else {
            Err(SpeechError::EspeakFailed {
                detail: String::from_utf8_lossy(&output.stderr).trim().to_owned(),
            })
        }
    }

    /// Renders a whole utterance.
    pub fn render(&self, utterance: &Utterance) -> Result<Wav, SpeechError> {
        let mut stream = self.stream(utterance)?;
        let mut bytes = Vec::with_capacity(64 * 1024);
        if let Err(e) = stream.read_to_end(&mut bytes) {
            return Err(stream.fail(e.to_string()));
        }
        stream.finish()?;
        Wav::from_stream(bytes).map_err(|e| SpeechError::EspeakFailed {
            detail: e.to_string(),
        })
    }
}

impl SpeechOutput for Espeak {
    type Output = Wav;

    fn speak(&mut self, utterance: &Utterance) -> Result<Wav, SpeechError> {
        self.render(utterance)
    }
}

/// WAV bytes as espeak-ng produces them. Read it to the end, then call
/// [`AudioStream::finish`] to learn whether espeak-ng succeeded. Dropping it early stops
/// espeak-ng.
#[derive(Debug)]
pub struct AudioStream {
    child: Child,
    stdout: ChildStdout,
}

impl Read for AudioStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.stdout.read(buf)
    }
}

impl AudioStream {
    /// Waits for espeak-ng; an error carries what it said on stderr.
    pub fn finish(mut self) -> Result<(), SpeechError> {
        let status = self.child.wait().map_err(|e| SpeechError::EspeakFailed {
            detail: e.to_string(),
        })?;
        if status.success() {
            Ok(())
        } else {
            let mut stderr = String::new();
            if let Some(mut pipe) = self.child.stderr.take() {
                let _ = pipe.read_to_string(&mut stderr);
            }
            let stderr = stderr.trim();
            Err(SpeechError::EspeakFailed {
                detail: if stderr.is_empty() {
                    status.to_string()
                } else {
                    stderr.to_owned()
                },
            })
        }
    }

    fn fail(mut self, detail: String) -> SpeechError {
        let _ = self.child.kill();
        match self.finish() {
            Err(e) => e,
            Ok(()) => SpeechError::EspeakFailed { detail },
        }
    }
}

impl Drop for AudioStream {
    fn drop(&mut self) {
        // Reap espeak-ng; kill it first if it is still writing to nobody.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
