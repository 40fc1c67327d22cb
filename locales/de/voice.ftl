## Voice input (docs/voice.md): the words hamle listens for, its questions and the page's
## push-to-talk.

# The spoken commands (the first form the recogniser listens for).
voice-word-time = Zeit
voice-word-draw = Remis
voice-word-resign = Aufgeben
voice-word-repeat = Nochmal
voice-word-yes = Ja
voice-word-no = Nein

# A move or command heard but not sure enough to play: hamle asks.
voice-ask = { $candidate }? Ja oder nein. Zur Wahl: { $choices }.
# One of the candidates offered, to pick by its number: "1 Springer Felix drei".
voice-choice = { $number } { $candidate }
voice-not-understood = Das habe ich nicht verstanden. Bitte noch einmal.
voice-not-understood-choices = Das habe ich nicht verstanden. Zur Wahl: { $choices }.
voice-declined = Gut, kein Zug. Bitte noch einmal.
# Heard, but far from every legal move and command (a move that is not legal, a sentence):
# refused, nothing offered.
voice-refused = Ich habe keinen möglichen Zug und keinen Befehl gehört. Bitte noch einmal.

error-voice-unavailable = Die Spracheingabe ist auf diesem Server nicht eingerichtet.
error-voice-busy = Die Spracheingabe ist gerade ausgelastet. Bitte gleich noch einmal.
error-voice-seats-only = Spracheingabe ist für die Spieler, ihre Assistenten und den Schiedsrichter da. Zuschauer tippen ihre Fragen.
error-voice-failed = Die Spracherkennung ist fehlgeschlagen. Bitte noch einmal oder tippen Sie den Zug.
error-voice-too-long = Die Aufnahme ist zu lang (höchstens { $seconds } Sekunden).
error-voice-not-listening = Es läuft keine Aufnahme.
error-voice-bad-format = Die Aufnahme muss 16 kHz Mono mit 16 Bit sein.
error-voice-stale = Die Stellung hat sich inzwischen geändert. Bitte sagen Sie den Zug noch einmal.
error-voice-no-question = Es ist keine Frage offen.

# The page.
web-voice-talk = Sprechen (F2)
web-voice-hint = F2 drücken, den Zug sagen, F2 noch einmal drücken. Auf eine Frage antworten Sie mit Ja oder Nein, mit J oder N oder mit der Nummer 1, 2 oder 3.
web-voice-listening = Ich höre zu. Wenn Sie fertig sind, F2 drücken.
web-voice-thinking = Einen Moment.
web-voice-no-mic = Kein Mikrofon: { $reason }
# The keys that answer a question (one letter each).
web-voice-key-yes = j
web-voice-key-no = n
