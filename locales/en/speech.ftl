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

# hamle serve --speak
speech-no-such-game = There is no game { $id } on this server to speak.
speech-bad-rate = { $value } is not a speaking rate: give a number from 0 to 2 (1 is the voice's normal rate).
speech-bad-volume = { $value } is not a volume: give a number from 0 to 1.
speech-bad-game = { $value } is not a game id: a game id is 16 lowercase hexadecimal digits.
speech-bad-seat = { $value } is not a seat: white, black, white_assistant, black_assistant, arbiter or spectator.
