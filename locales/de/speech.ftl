# Sprachausgabe: was hamle sagt, wenn es nicht sprechen kann (Deutsch).

speech-language-de = deutsche
speech-language-tr = türkische
speech-language-en = englische

speech-espeak-missing = espeak-ng ist nicht installiert, daher kann hamle keine Audiodatei erzeugen. Unter Debian oder Ubuntu: sudo apt-get install espeak-ng. Unter macOS: brew install espeak-ng.
speech-espeak-failed = espeak-ng konnte die Audiodaten nicht erzeugen: { $detail }
speech-wav-write-failed = Die Audiodatei { $path } konnte nicht geschrieben werden: { $detail }
speech-system-voice-not-built = Dieses hamle wurde ohne Systemstimme gebaut. Bauen Sie es mit: cargo build --release --features system-voice (docs/speech.md nennt, was vorher zu installieren ist).
speech-system-voice-failed = Die Systemstimme funktioniert nicht: { $detail }
speech-system-voice-timeout = Die Systemstimme ist nicht rechtzeitig fertig geworden.
speech-no-voice = Die Systemstimme hat keine { $language } Stimme.

# hamle serve --speak
speech-no-such-game = Auf diesem Server gibt es keine Partie { $id }, die gesprochen werden könnte.
speech-bad-rate = { $value } ist keine Sprechgeschwindigkeit: Geben Sie eine Zahl von 0 bis 2 an (1 ist die normale Geschwindigkeit der Stimme).
speech-bad-volume = { $value } ist keine Lautstärke: Geben Sie eine Zahl von 0 bis 1 an.
speech-bad-game = { $value } ist keine Partiekennung: Eine Partiekennung besteht aus 16 Hexadezimalziffern in Kleinbuchstaben.
speech-bad-seat = { $value } ist kein Platz: white, black, white_assistant, black_assistant, arbiter oder spectator.
