## The arbiter's rulings over the table and the results (issue 31): a touch released, his
## note on a ruling, a forfeit, a result corrected after the end.

event-touch-released = The arbiter releases { $color }'s touch as not deliberate: touch-move no longer applies, any legal move may be made.
event-note = The arbiter's note: { $note }
event-result-corrected = The arbiter corrects the result after the end. { $end } Reason: { $because }

confirm-release-touch = Release { $color }'s touch as not deliberate? The touch-move obligation is lifted. Nothing has changed yet. Confirm to apply it.
confirm-forfeit = Declare a forfeit: { $result ->
    [white] White wins by forfeit
    [black] Black wins by forfeit
   *[double_forfeit] both players lose by forfeit
}? The game was not played and is not rated. Nothing has changed yet. Confirm to apply it.
confirm-correct-result = Correct the result to { $result ->
    [white] White wins
    [black] Black wins
    [draw] a draw
   *[double_forfeit] both players lose
}{ $forfeit ->
    [true] {" "}by forfeit
   *[false] {""}
}? The PGN, the round desk and the results follow. Nothing has changed yet. Confirm to apply it.

error-no-touch = No touch obliges the player to move: there is nothing to release. Nothing was changed.
error-game-has-moves = A move has been made in this game: it was played, so it cannot be a forfeit. Declare its result instead. Nothing was changed.
error-game-not-over = The game is still in play: a result is corrected only after the end. Nothing was changed.
error-result-unchanged = The game already has this result. Nothing was changed.
error-invalid-result = This result cannot end the game so: a forfeit is a win for one side or a double forfeit (0-0), and 0-0 is only a forfeit. Nothing was changed.
error-reason-required = Give the reason for the correction. Nothing was changed.

## The arbiter's page
web-arbiter-note = Your note on the next ruling (optional)
web-arbiter-note-hint = Plain text, one line, without <, > or braces: it goes with your next ruling (a touch upheld, dismissed or released, a board set right, a clock set, an end, a forfeit, a ruling on diverging boards) into the incident record and your report.
web-arbiter-release = Release the touch (not deliberate)
web-arbiter-release-hint = D.2.3 and Art. 4.2: only a deliberate touch binds. A piece knocked out of its hole or lifted by accident: release the touch, also after it was recorded or upheld; the player may then make any legal move. You see what it does before it is applied.
web-arbiter-no-touch = No touch obliges the player to move.
web-arbiter-end-how = How
web-arbiter-end-played = The game's result
web-arbiter-end-forfeit = A forfeit (not played, no move made)
web-result-double-forfeit = Both lose (double forfeit, 0-0)
web-arbiter-correct = Correct the result after the end
web-arbiter-correct-hint = Only after the end (an appeal, a wrong colour declared, a claim found wrong). You see the correction before it is applied; the PGN, the round desk and the results follow it, and the incident record keeps both results.
web-arbiter-correct-forfeit = As a forfeit (the game was not played)
web-arbiter-correct-reason = Reason (required)
web-arbiter-correct-button = Show the correction

## The arbiter's report (the incident record he signs)
incident-clock-set = The arbiter sets { $color }'s clock from { $from } to { $to }.
incident-said = The move said: { $from } to { $to }.
report-kind = Arbiter's report
report-event = Event: { $value }
report-site = Site: { $value }
report-round = Round: { $value }
report-board = Board: { $value }
report-players = White: { $white }. Black: { $black }.
report-date = Date: { $value }
report-zone = All times are UTC (Coordinated Universal Time). Each line gives the move number and the side to move when it happened.
report-result = Result: { $result }. { $end }
report-in-play = Result: the game is not over.
report-hamle = hamle
report-line = { $time } UTC, move { $number }, { $color ->
    [white] White
   *[black] Black
} to move. { $who }: { $text }
report-signature = Arbiter's signature: ______________________________
report-round-title = Incident records of { $event }, round { $round }: { $boards } boards, board by board.
