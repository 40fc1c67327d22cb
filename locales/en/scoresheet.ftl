# Scoresheets, diverging boards (D.2.9), adjournment and Braille export (English).

## Pieces and squares in the cases the sentences need

# $form: the (definite), a / one (indefinite)
sheet-piece = { $form ->
    [the] the { $color ->
        [white] white
       *[black] black
    } { $role ->
        [king] king
        [queen] queen
        [rook] rook
        [bishop] bishop
        [knight] knight
       *[pawn] pawn
    }
   *[other] a { $color ->
        [white] white
       *[black] black
    } { $role ->
        [king] king
        [queen] queen
        [rook] rook
        [bishop] bishop
        [knight] knight
       *[pawn] pawn
    }
}
sheet-square-from = { $file }{ $rank_name }
sheet-square-to = { $file }{ $rank_name }
sheet-square-at = { $file }{ $rank_name }
sheet-color = { $color ->
    [white] White
   *[black] Black
}
sheet-clock-time = { $minutes ->
    [0] { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    }
   *[other] { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    }{ $seconds ->
        [0] {""}
        [one] {" "}and one second
       *[other] {" "}and { $seconds } seconds
    }
}
# The position after a half-move; $ply 0 is the start.
sheet-position-after = { $ply ->
    [0] the starting position
   *[other] the position after { $color ->
        [white] White's
       *[black] Black's
    } move { $number }
}

## Steps at the board

step-move = Lift { $piece } from { $from } and put it on { $to }.
step-remove = Take { $piece } on { $from } off the board.
step-add = Put { $piece_a } on { $to }.
step-set-aside = Lift { $piece } from { $from } and lay it beside the board.
step-put-back = Put { $piece } from beside the board on { $to }.

## Diverging boards

reconcile-empty = empty
reconcile-difference = On { $square }: { $whose ->
    [white] on White's board
    [black] on Black's board
   *[yours] on your board
} { $found }, { $against ->
    [opponent] on your opponent's board
    [sheet] by the scoresheet
   *[game] in the game
} { $expected }.
reconcile-stopped = The boards do not match. The clocks are stopped; the arbiter sorts it out with both scoresheets.
reconcile-sheets-agree = The scoresheets agree.
reconcile-sheets-differ = The scoresheets differ.
reconcile-undone = The arbiter undoes his last ruling: the moves it took back are played again.
reconcile-board-right = { $whose ->
    [white] White's board is right.
    [black] Black's board is right.
   *[yours] Your board is right.
}
reconcile-board-fix = { $whose ->
    [white] { $count ->
        [one] White's board is being put right: one step.
       *[other] White's board is being put right: { $count } steps.
    }
    [black] { $count ->
        [one] Black's board is being put right: one step.
       *[other] Black's board is being put right: { $count } steps.
    }
   *[yours] Your board is being put right, step by step.
}
reconcile-restore = Back to { $position }. Clocks: White { $white_time }, Black { $black_time }. The arbiter may still adjust them.
reconcile-restore-no-clock = Back to { $position }. No clock reading was kept for this position; the arbiter sets the clocks.
reconcile-board-done = { $whose ->
    [white] White's board is right now.
    [black] Black's board is right now.
   *[yours] Your board is right now.
}
reconcile-still-differs = { $count ->
    [one] One square still differs.
   *[other] { $count } squares still differ.
}

## The arbiter's log

log-sheet-read = { $stop ->
    [missing] { $color }'s scoresheet: { $moves } half-moves read, then an entry is missing.
    [move] { $color }'s scoresheet: { $moves } half-moves read, then "{ $text }" is not a legal move.
   *[none] { $color }'s scoresheet: { $moves } half-moves read.
}
log-sheet-beyond-game = { $color }'s scoresheet: { $extra } half-moves are written after the game's last move and do not count yet.
log-agreement = Both scoresheets and the game agree on the first { $plies } of { $official } half-moves.
log-branch = { $branch ->
    [agree] Case one: the scoresheets agree; the board that differs is put right.
    [differ] Case two: the scoresheets differ; back to the last point where they agree.
    [undo] The arbiter undoes his last ruling.
   *[override] The arbiter chooses the position.
}
log-disagreement = { $kind ->
    [sheets] The scoresheets part after half-move { $ply }.
    [official] The scoresheets part from the game after half-move { $ply }.
   *[unwritten] The scoresheets hold only { $ply } of { $official } half-moves.
}
log-override = The arbiter goes back to half-move { $ply }.
log-board-checked = { $count ->
    [0] { $color }'s board: right.
   *[other] { $color }'s board: { $count } squares differ.
}
log-instructions = { $count ->
    [one] { $color }'s board: one step given.
   *[other] { $color }'s board: { $count } steps given.
}
log-take-back = The game goes back from half-move { $from } to half-move { $to }.
log-clocks-restored = Clocks as after half-move { $ply }: White { $white_time }, Black { $black_time }.
log-clock-missing = No clock reading was kept for half-move { $ply }.
log-undone = { $plies } half-moves taken back are played again.

## Scoresheet as text

sheet-title = Scoresheet of { $name } ({ $color ->
    [white] White
   *[black] Black
})
sheet-players = White: { $white }. Black: { $black }.
sheet-line = { $number }. { $white }, { $black }
sheet-line-white = { $number }. { $white }
sheet-line-black = { $number }... { $black }
sheet-entry = { $state ->
    [missing] (blank)
    [struck] (struck out)
   *[written] { $text }{ $draw ->
        [yes] {" "}(=)
       *[no] {""}
    }{ $corrected ->
        [yes] {" "}(corrected, was { $before })
       *[no] {""}
    }{ $audio ->
        [yes] {" "}(recording)
       *[no] {""}
    }
}

## Adjournment

adjourn-opened = { $color }'s sealed move: { $move }.
adjourn-loses = { $color } loses: the sealed move { $reason ->
    [missing] is missing
    [ambiguous] is ambiguous
    [illegal] is illegal
   *[unclear] cannot be understood
}.

## Braille

braille-missing = The Braille export needs the program lou_translate. Please install liblouis (Debian: liblouis-bin and liblouis-data).
braille-failed = The Braille translation failed: { $detail }

## The arbiter's desk on the wire (scoresheet events, boards put right, adjournment)

desk-sheet-written = { $auto ->
    [true] Recorded on { $color }'s scoresheet
   *[false] Written on { $color }'s scoresheet
}{ $correction ->
    [true] {" "}(correction)
   *[false] {""}
}: { $number }{ $side ->
    [white] .
   *[black] ...
} { $entry }{ $draw ->
    [true] {" "}(=)
   *[false] {""}
}
desk-sheet-struck = Struck out on { $color }'s scoresheet: { $number }{ $side ->
    [white] .
   *[black] ...
}
desk-auto-record = { $on ->
    [true] { $color }'s scoresheet is now recorded from the player's own accepted announcements.
   *[false] { $color }'s scoresheet is no longer recorded automatically.
}
desk-board-fixed = { $board }'s board: { $action ->
    [lift] a piece lifted from
   *[place] a piece put on
} { $square }.
desk-reconciled = Both boards show the same position again. The case is closed.
desk-adjournment-called = The arbiter adjourns the game. { $color } seals the move: write it on the scoresheet unseen, then stop the clock.
desk-sealed-own = Your sealed move: { $move }. You may change it until you stop the clock.
desk-sealed = { $color } has written the sealed move.
desk-adjourned = The clock is stopped and the envelope closed. The game is adjourned.

## Errors of the desk

error-no-such-slot = There is no such move on the scoresheet.
error-nothing-to-strike = Nothing is written there to strike out.
error-sheet-too-long = The scoresheet is full.
error-entry-too-long = That entry is too long.
error-boards-agree = Both boards show the position of the game.
error-no-case = No boards are diverging.
error-case-open = The boards differ: the arbiter rules first and the boards are put right.
error-not-fixing = No board is being put right now.
error-ply-beyond-game = The game has not reached that move.
error-fix-empty-square = There is no piece on { $square }.
error-fix-occupied = A piece already stands on { $square }.
error-no-piece-lifted = Say which piece to put on the board: none was lifted.
error-no-adjournment = No adjournment has been called.
error-adjournment-pending = An adjournment is already under way.
error-not-sealer = Only the player to move seals his move.
error-nothing-sealed = Write the sealed move before stopping the clock.
error-not-adjourned = The game is not adjourned.
error-adjourned = The game is adjourned: it resumes when the arbiter opens the sealed move.
error-sheets-empty = Neither scoresheet holds a move, so the scoresheets cannot decide (D.2.9). Have the sheets written up, or choose the half-move to go back to.
error-sheets-behind = The scoresheets hold only { $written } of the game's { $official } half-moves: ruling by them would take back moves nobody disputes. Have the sheets written up, or choose the half-move to go back to.
error-ruling-changed = The ruling is no longer the one you were shown: it would now take back { $take_back } half-moves. Look at it again before confirming.
error-nothing-to-undo = There is no ruling to undo: none took moves back, or a move was played since.
error-unknown-audio = There is no recording { $audio } in this game.
error-audio-too-large = The recording is too large: at most { $limit } bytes.
error-bad-audio-type = Send a recording with an audio media type, such as audio/ogg.
error-empty-audio = The recording is empty.
error-no-envelope = This game has no envelope.
