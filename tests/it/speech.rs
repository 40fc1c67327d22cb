//! Speech outputs that need no daemon: text and rendered audio (espeak-ng on `PATH`).

use std::process::Command;

use hamle::announce::{Lang, Style};
use hamle::speech::wav::{self, rms_i16};
use hamle::speech::{
    Espeak, Kind, SpeechError, SpeechOutput, SpeechQueue, TextOutput, Utterance, Wav,
};
use shakmaty::Chess;
use shakmaty::uci::UciMove;

fn utterance(lang: Lang, uci: &str) -> Utterance {
    let pos = Chess::default();
    let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    Utterance::for_move(lang, &pos, m, Style::Short)
}

/// Checks a WAV independently of [`Wav`]: RIFF header fields by offset, then loudness.
fn check_wav(lang: Lang, bytes: &[u8]) {
    assert_eq!(&bytes[0..4], b"RIFF", "{lang}");
    assert_eq!(&bytes[8..16], b"WAVEfmt ", "{lang}");
    let riff_size = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    assert_eq!(riff_size + 8, bytes.len(), "{lang}: RIFF size");
    let info = wav::parse(bytes).unwrap();
    assert_eq!(info.channels, 1, "{lang}");
    assert_eq!(info.bits_per_sample, 16, "{lang}");
    assert_eq!(info.sample_rate, 22050, "{lang}");
    assert_eq!(info.data.end, bytes.len(), "{lang}: data runs to the end");
    let secs = info.duration_secs();
    assert!((0.3..10.0).contains(&secs), "{lang}: {secs} s of audio");
    let rms = rms_i16(&bytes[info.data.clone()]);
    assert!(rms > 0.02, "{lang}: silent (RMS {rms})");
}

#[test]
fn rendered_move_is_a_valid_non_silent_wav_in_each_language() {
    let mut espeak = Espeak::new();
    for (lang, uci) in [(Lang::De, "g1f3"), (Lang::Tr, "g1f3"), (Lang::En, "g1f3")] {
        let u = utterance(lang, uci);
        let wav: Wav = espeak.speak(&u).unwrap_or_else(|e| panic!("{lang}: {e}"));
        check_wav(lang, wav.as_bytes());
        assert!(wav.rms() > 0.02);
    }
}

#[test]
fn languages_sound_different() {
    // The same move in three voices: three different renderings (a voice fell back otherwise).
    let espeak = Espeak::new();
    let renders: Vec<Vec<u8>> = [Lang::De, Lang::Tr, Lang::En]
        .into_iter()
        .map(|lang| {
            espeak
                .render(&utterance(lang, "g1f3"))
                .unwrap()
                .into_bytes()
        })
        .collect();
    assert_ne!(renders[0], renders[1]);
    assert_ne!(renders[1], renders[2]);
}

#[test]
fn missing_espeak_is_a_clear_error_not_a_panic() {
    let espeak = Espeak::with_program("/nonexistent/espeak-ng");
    let err = espeak.render(&utterance(Lang::En, "e2e4")).unwrap_err();
    assert_eq!(err, SpeechError::EspeakMissing);
    assert!(err.message(Lang::En).contains("apt-get install espeak-ng"));
    assert!(err.message(Lang::De).contains("nicht installiert"));
    assert!(err.message(Lang::Tr).contains("kurulu değil"));
}

#[test]
fn text_output_is_the_sentence_itself() {
    let u = utterance(Lang::De, "g1f3");
    let text = TextOutput.speak(&u).unwrap();
    assert_eq!(text, "Springer Felix drei");
    assert!(!text.contains(['\u{2068}', '\u{2069}']));
}

#[test]
fn queue_keeps_moves_through_a_refusal() {
    let mut q = SpeechQueue::new();
    q.push(utterance(Lang::En, "e2e4"));
    q.push(Utterance::new(Lang::En, Kind::Refusal, "No."));
    let (refusal, _) = q.current().unwrap();
    let next = q.finished(refusal);
    assert!(matches!(&next[..], [hamle::speech::Command::Speak(_, u)] if u.kind == Kind::Move));
}

fn hamle() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hamle"))
}

#[test]
fn say_wav_writes_a_wav_file_and_still_prints_the_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("move.wav");
    let out = hamle()
        .args(["say", "--lang", "tr", "--wav"])
        .arg(&path)
        .arg("Nf3")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "At fe üç");
    check_wav(Lang::Tr, &std::fs::read(&path).unwrap());
}

#[test]
fn say_wav_without_espeak_explains_what_to_install() {
    let dir = tempfile::tempdir().unwrap();
    let out = hamle()
        .env("HAMLE_ESPEAK_NG", "/nonexistent/espeak-ng")
        .args(["say", "--lang", "en", "--wav"])
        .arg(dir.path().join("x.wav"))
        .arg("e4")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("apt-get install espeak-ng"), "{stderr}");
}

#[cfg(not(feature = "system-voice"))]
#[test]
fn say_speak_without_the_feature_says_how_to_build_it() {
    let out = hamle()
        .args(["say", "--lang", "de", "--speak", "e4"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--features system-voice"), "{stderr}");
    assert!(stderr.contains("Systemstimme"), "{stderr}");
}
