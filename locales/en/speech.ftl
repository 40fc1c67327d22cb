# Speech output: what hamle says when it cannot speak (English).

speech-language-de = German
speech-language-tr = Turkish
speech-language-en = English

speech-espeak-missing = espeak-ng is not installed, so hamle cannot render audio. On Debian or Ubuntu: sudo apt-get install espeak-ng. On macOS: brew install espeak-ng.
speech-espeak-failed = espeak-ng could not render the audio: { $detail }
speech-wav-write-failed = Could not write the audio file { $path }: { $detail }
speech-system-voice-not-built = This hamle was built without the system voice. Build it with: cargo build --release --features system-voice (docs/speech.md lists what to install first).
speech-system-voice-failed = The system voice does not work: { $detail }
speech-system-voice-timeout = The system voice did not finish speaking in time.
speech-no-voice = The system voice has no { $language } voice.
