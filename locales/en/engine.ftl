## The computer opponent (issue 34): what goes wrong with the engine, said to the player.

error-engine-unknown-level = There is no level { $level }. Choose a level from 1 to 8.
error-engine-unavailable = The computer opponent cannot be started on this server.
error-engine-not-an-engine = The program set up as the computer opponent is not a chess engine: it does not answer in UCI.
error-engine-busy = The computer is busy with other games just now. Please try again in a moment.
error-engine-timed-out = The computer did not answer in time, not even after a restart. Please try again in a moment.
error-engine-crashed = The computer stopped working, and starting it again did not help. Please try again in a moment.
error-engine-bad-answer = The computer named a move that is not possible here, even after a restart.
error-engine-no-legal-move = There is no move in this position: the game is over.

## Practice aids in a game against the computer: a hint, who stands better, a take-back.

practice-hint = Hint: { $move }.
practice-eval-equal = About equal.
practice-eval-slightly = { $color } is slightly better.
practice-eval-pawns = { $color } is better by about { $pawns ->
    [one] one pawn
   *[other] { $pawns } pawns
}.
practice-eval-mate = { $moves ->
    [one] { $color } mates with the next move.
   *[other] { $color } mates in { $moves }.
}
event-taken-back = { $seat } takes back: { $moves }.
error-not-practice = Hints, evaluations and taking back moves are only for games against the computer.
error-nothing-to-take-back = You have no move to take back.
