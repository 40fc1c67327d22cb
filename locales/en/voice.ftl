## Voice input (docs/voice.md): the words hamle listens for, its questions and the page's
## push-to-talk.

# The spoken commands (the first form the recogniser listens for).
voice-word-time = Time
voice-word-draw = Draw
voice-word-resign = Resign
voice-word-repeat = Repeat
voice-word-yes = Yes
voice-word-no = No

# A move or command heard but not sure enough to play: hamle asks.
voice-ask = { $candidate }? Yes or no. To choose: { $choices }.
# One of the candidates offered, to pick by its number: "1 knight f3".
voice-choice = { $number } { $candidate }
voice-not-understood = I did not understand that. Please say it again.
voice-not-understood-choices = I did not understand that. To choose: { $choices }.
voice-declined = Fine, no move. Please say it again.
# Heard, but far from every legal move and command (a move that is not legal, a sentence):
# refused, nothing offered.
voice-refused = I heard no legal move and no command. Please say it again.

error-voice-unavailable = Voice input is not set up on this server.
error-voice-busy = Voice input is busy just now. Please try again in a moment.
error-voice-seats-only = Voice input is for the players, their assistants and the arbiter. Spectators type their questions.
error-voice-failed = Speech recognition failed. Please try again or type the move.
error-voice-too-long = The recording is too long (at most { $seconds } seconds).
error-voice-not-listening = No recording is running.
error-voice-bad-format = The recording must be 16 kHz mono, 16 bit.
error-voice-stale = The position has changed meanwhile. Please say your move again.
error-voice-no-question = No question is open.

# The page.
web-voice-talk = Talk (F2)
web-voice-hint = Press F2, say your move, press F2 again. Answer a question with yes or no, with Y or N, or with the number 1, 2 or 3.
web-voice-listening = Listening. Press F2 when you are done.
web-voice-thinking = One moment.
web-voice-no-mic = No microphone: { $reason }
# The keys that answer a question (one letter each).
web-voice-key-yes = y
web-voice-key-no = n
