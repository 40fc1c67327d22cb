# Server messages (English): refusals, protocol errors, game events, the serve command.

## Names

# Sentences said one after the other (the words layer folds a list of them from the left).
sentences = { $first } { $next }
color-name = { $color ->
    [white] White
   *[black] Black
}
clock-time = { $minutes ->
    [0] { $seconds ->
        [one] one second
       *[other] { $seconds } seconds
    }
   *[other] { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    } { $seconds ->
        [0] {""}
        [one] and one second
       *[other] and { $seconds } seconds
    }
}

## Game events

event-pause = { $reason ->
    [restart] The game is paused: the server was restarted. The clocks stand until the arbiter resumes.
   *[arbiter] The arbiter pauses the game. The clocks stand.
}
event-resume = The game goes on.
event-clock-set = The arbiter sets { $color }'s clock to { $time }.
event-end = Game over: { $reason ->
    [checkmate] checkmate
    [stalemate] stalemate
    [dead_position] neither side can checkmate any more
    [timeout] time forfeit
    [timeout_draw] the flag fell, but the opponent cannot checkmate any more
    [resignation] resignation
    [agreement] draw agreed
    [repetition] the same position for the third time
    [fifty_moves] fifty moves without a capture or a pawn move
    [fivefold_repetition] the same position for the fifth time
    [seventy_five_moves] seventy-five moves without a capture or a pawn move
    [illegal_moves] too many illegal moves
    [forfeit] a forfeit; the game was not played
   *[arbiter] the arbiter's decision
}. { $result ->
    [white] White wins.
    [black] Black wins.
    [double_forfeit] Both players lose.
   *[draw] Draw.
}

## Refusals (the game said no; nothing changed)

error-forbidden = This seat may not do that.
error-not-your-turn = It is not your turn.
error-game-paused = The game is paused.
error-game-over = The game is over.
error-illegal-move = The move { $move } is not possible in this position.
error-bad-uci = { $move } is not a move in UCI notation, such as e2e4 or e7e8q.
error-not-paused = The game is not paused.
error-invalid-time = That time is not possible: at most 24 hours.
error-storage-failed = The server could not save this; nothing was changed. Please try again.
error-game-unavailable = The game cannot be reached right now.
error-game-damaged = This game is damaged in storage (from event { $seq }). It is shown up to there, but nothing more can be added; please call the arbiter or the operator.

## Protocol errors

error-bad-json = The message is not a JSON object.
error-unknown-type = Unknown message type: { $type }.
error-missing-field = The field { $field } is missing.
error-invalid-field = The field { $field } has an invalid value.
error-unsupported-version = Protocol version { $version } is not supported; this server speaks version { $supported }.
error-hello-required = Please send a hello message with the token first.
error-hello-timeout = No hello message came; closing the connection.
error-idle-timeout = Nothing came from this connection for too long; closing it.
error-too-many-connections = This game has too many connections; try again later.
error-already-authenticated = This connection is already signed in.
error-bad-token = This token is not valid for this game.
error-rate-limited = Too many messages in a short time; this one was dropped.
error-flood = Too many messages; closing the connection.
error-unsupported-frame = Only text messages containing JSON are understood.
error-too-large = The message is too large: at most { $limit } bytes.
error-message-unfinished = A message did not end: too many pieces, or too long in coming. The connection is closed.
error-replaced = This seat connected again; closing this connection.
error-shutting-down = The server is shutting down.
error-audio-unavailable = This server cannot send audio right now; the events come as text only.

## HTTP

error-unknown-path = There is nothing at this address.
error-not-found = There is no such game.
error-unauthorized = A valid token is missing.
error-invalid-request = The request is not valid.
error-invalid-setting = The setting { $field } is not valid.
error-invalid-fen = The setting { $field } is not a position a game can start from: { $problem ->
    [syntax] it is not written in FEN
    [kings] each side needs exactly one king
    [pawns] there are pawns on the first or the last rank
    [castling] the castling rights do not fit the kings and rooks
    [en_passant] no double pawn step can have left that en passant square
    [check] the side not to move is in check, or the check is impossible
    [material] there are more pieces than promotions can have made
    [over] the game would be over already (checkmate, stalemate or a dead position)
   *[illegal] it is not a legal position of standard chess
}.
error-internal = An internal error occurred.

## The serve command

serve-listening = hamle is listening on { $url }
serve-admin-token = The admin token is in { $path }
serve-stopped = hamle has stopped.
serve-failed = hamle could not start: { $reason }
serve-data-in-use = Another hamle (process { $pid }, started { $started }) already serves the games in { $dir }. Two servers on the same games would spoil them: stop that one first, or give this one a data directory of its own (--data, --store).
serve-data-in-use-node = The cluster node { $node } (process { $pid }, started { $started }) already serves the games in { $dir }. Stop it first, or start this server as another node of the cluster (--bus and a --node name of its own).
serve-data-in-use-unknown = Another hamle already serves the games in { $dir }. Two servers on the same games would spoil them: stop that one first, or give this one a data directory of its own (--data, --store).

## The Appendix at the table (physical boards, touch-move, claims)

seat-name = { $seat ->
    [white] White
    [black] Black
    [white_assistant] White's assistant
    [black_assistant] Black's assistant
    [arbiter] The arbiter
   *[spectator] A spectator
}
event-board = { $board }'s board: { $op ->
    [lift] { $piece } on { $square } lifted out.
    [place] { $piece } placed on { $square }.
    [remove] { $piece } on { $square } taken off the board.
    [touch] { $piece } on { $square } touched.
   *[move] { $piece } moved from { $square } to { $to }.
}
event-board-differs = Attention: { $board }'s board shows { $shows }, but the move was { $expected }.
event-adjusting = { $seat } says: I adjust.
event-announced = { $correction ->
    [true] { $seat } corrects: { $move }.
   *[false] { $seat } announces: { $move }.
}
event-repeated = { $matches ->
    [true] { $seat } repeats: { $move }.
   *[false] { $seat } repeated { $move }, but the move announced was { $expected }.
}
event-illegal-move = Illegal move by { $color } ({ $from } to { $to }): the position before it is restored and { $opponent } gets { $time } more. This is { $color }'s illegal move number { $count }; the piece touched must move.
event-touch-reported = The assistant reports: { $color } touched the piece on { $square }. The arbiter decides.
event-touch-ruled = { $upheld ->
    [true] The arbiter upholds the touch: touch-move applies.
   *[false] The arbiter dismisses the report.
}
event-board-restored = The arbiter has set { $board }'s board to the game's position.
event-draw-offered = { $seat } offers a draw.
event-draw-declined = { $seat } declines the draw offer.
event-draw-offer-lapsed = The draw offer has lapsed.
event-draw-claimed = { $seat } claims a draw ({ $claim ->
    [repetition] the same position for the third time
   *[fifty_moves] the fifty-move rule
}{ $with ->
    [true] {""}, with the move { $move }
   *[false] {""}
}). { $correct ->
    [true] The claim is correct.
   *[false] The claim is not correct: { $opponent } gets { $bonus } more{ $penalty ->
        [true] {""} and the claimant loses { $taken }
       *[false] {""}
    }. The game goes on.
}
event-flag-fell = { $color }'s flag has fallen.
event-talking-clock = White: { $white }, { $white_moves ->
    [one] one move
   *[other] { $white_moves } moves
}. Black: { $black }, { $black_moves ->
    [one] one move
   *[other] { $black_moves } moves
}.
event-clock-warnings = { $on ->
    [true] Time warnings are on.
   *[false] Time warnings are off.
}
event-clock-warning = { $time } left.

error-not-physical = This game is played without boards of its own: here a move is announcement and clock at once.
error-not-your-board = You report only your own board.
error-assistant-own-move = The assistant makes moves only on the opponent's board; the player makes his own move himself.
error-board-impossible = That cannot have happened on the board: { $reason ->
    [no_piece] there is no piece on { $square }.
    [occupied] there is already a piece on { $square }.
    [hand_full] a piece is already lifted; place it first.
    [hand_empty] no piece is lifted.
    [bad_promotion] no pawn can promote on { $square }.
    [touch_on_tactile] on the tactile board a piece counts as touched only when it is lifted out of its hole.
   *[own_piece] your own piece stands on { $square }.
}
error-move-released = The move is already made on the board: the piece was released on its new square and cannot go elsewhere.
error-touch-move = Touch-move: { $rule ->
    [castle] you touched king and rook and must castle with that rook.
    [king_move] you touched king and rook; castling is not legal, so the king on { $square } must move.
    [capture_with] you must capture the touched piece with the piece on { $square }.
    [move_piece] you must move the touched piece on { $square }.
    [capture_piece] you must capture the touched piece on { $square }.
   *[written_move] you must play the move you wrote down.
}
error-move-not-made = The clock cannot be pressed yet: the move is not made.
missing-announcement = The move has not been announced.
missing-capture = The captured piece still stands on { $square }.
missing-placement = The piece is not yet in its new hole on { $square }.
missing-board = The board shows no move yet.
missing-same-move = The board shows another move than the one announced.
missing-behind = Your board does not show your opponent's last move yet: make it first.
guide-behind = First make { $color }'s move on your board: { $move }.
error-too-late-to-correct = The opponent's clock is running: the announcement can no longer be corrected.
error-nothing-to-repeat = There is no announcement to repeat.
error-offer-not-now = A draw is offered after making one's own move.
error-offer-pending = A draw offer already stands.
error-no-offer = The opponent has not offered a draw.
error-no-flag-fallen = The opponent's flag has not fallen.
error-own-flag-fell-first = Your own flag fell first.
error-no-touch-reported = No touch has been reported.
error-not-visually-impaired = The talking clock is for the visually impaired player.
confirm-resign = Do you really want to resign? Send it again to confirm.
confirm-offer-draw = Do you really want to offer a draw? The offer cannot be taken back. Send it again to confirm.
confirm-claim-draw = Do you really want to claim a draw ({ $claim ->
    [repetition] the same position for the third time
   *[fifty_moves] the fifty-move rule
})? A false claim costs time. Send it again to confirm.
confirm-ruling = { $undo ->
    [yes] Undo the last ruling: { $replay } half-moves are played again.
   *[no] { $take_back ->
        [0] This ruling takes no move back.
        [one] This ruling takes back one half-move.
       *[other] This ruling takes back { $take_back } half-moves.
    }
}
confirm-ruling-ask = Nothing has changed yet. Confirm to apply it.

## Protection against abuse (the server's limits)

error-invalid-utf8 = The message is not valid UTF-8; closing the connection.
error-server-busy = The server has as many connections as it can hold; try again in a moment. Games under way go on.
error-address-busy = Too many connections are open from your address; close some and try again.
error-too-many-spectators = This game has as many spectators as it may have; try again later.
error-json-required = A game is created only by a JSON request (Content-Type: application/json).
error-cross-site = Games are created only from this server's own pages.
error-too-many-games = Too many games were created from your address in a short time; try again in { $seconds } seconds.
error-too-many-unstarted-games = The server already holds { $max } games that have not started; start one of them or wait until old ones are removed.
error-address-unstarted-games = Your address already holds { $max } games that have not started; start one of them or wait until old ones are removed.
error-round-too-large = A round of { $boards } boards is more than one address may create at once ({ $max } games); the server's admin token creates larger rounds.
error-invalid-text = The field { $field } { $problem ->
    [line_break] holds a line break; it must be one line
    [control] holds a control character
    [bidi] holds a character that changes the writing direction
    [markup] holds markup (<, >, { "{" } or { "}" }); it must be plain text
   *[too_long] is too long
}. Nothing was changed.
error-too-many-corrections = This entry has been corrected as often as it may be; nothing was changed.
error-too-many-recordings = This game has as many recordings uploaded as it may have (at most { $per_sheet } per scoresheet, { $per_game } per game).
error-address-recordings-full = The recordings uploaded from your address have reached their limit ({ $mib } MiB). Write the entry without a recording.
error-recordings-full = The server holds as many recordings as it may ({ $mib } MiB). Write the entry without a recording, and tell the organiser.
error-low-disk-space = The server's disk is nearly full: it takes no more recordings, so that the moves keep their room. Write the entry without a recording, and tell the organiser.

## The incident record (issue 18)

incident-title = Incident record: { $white } against { $black }
incident-none = No incidents yet.
incident-line = { $time } { $who }: { $text }
incident-line-hamle = { $time } { $text }
incident-time-asked = Asked for the time ({ $color }'s clock).
incident-move = { $color ->
    [white] { $number }. { $move }
   *[black] { $number }... { $move }
}
incident-moves = { $kind ->
    [again] Played again: { $moves }.
   *[back] Taken back: { $moves }.
}
incident-board-event = { $time } { $text }
incident-board-events = The board events since the last move: { $events }
# An electronic board's raw readings (issue 33): each square that changed, settled or not.
incident-sensed = The electronic boards' raw readings since the last move: { $readings }.
incident-reading = { $time } { $board } { $square } { $found ->
    [empty] empty
    [occupied] occupied
   *[piece] { $color ->
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
## The round desk (issue 18): pairings that do not read, alerts.
error-no-starting-ranks = This round was not read from a TRF file: its players have no starting ranks. Download the results list (CSV) instead.
error-no-such-board = This round has no board of that number.
error-no-such-seat = This board has no such seat. A link is issued again for White, Black, an assistant the player has, or the spectators.
error-invalid-pairings = The pairings cannot be read.
error-pairings-empty = The pairings hold no board (for a TRF file: no pairing in that round).
error-pairings-too-many = Line { $line }: a round has at most 250 boards.
error-pairings-fields = Line { $line }: a board needs seven fields separated by “;” (board; White; FIDE id; options; Black; FIDE id; options), this line has { $count }.
error-pairings-board = { $source ->
    [entry] Board entry { $line }
   *[line] Line { $line }
}: the board number must be a whole number from 1 to 250.
error-pairings-duplicate-board = { $source ->
    [entry] Board entry { $line }
   *[line] Line { $line }
}: board { $board } is given twice.
error-pairings-name = { $source ->
    [entry] Board entry { $line }
   *[line] Line { $line }
}: a player's name is empty, longer than 100 characters or not one line.
error-pairings-fide-id = { $source ->
    [entry] Board entry { $line }
   *[line] Line { $line }
}: a FIDE id must be 1 to 12 digits.
error-pairings-option = Line { $line }: “{ $word }” is not an option (vi, assistant, tactile, normal, de, tr, en).
error-pairings-start-rank = Line { $line }: the starting rank is not a number.
error-pairings-duplicate-rank = Line { $line }: starting rank { $rank } is given twice.
error-pairings-opponent = Line { $line }: the opponent's starting rank has no player line, or the colour is not w, b or -.
error-pairings-mismatch = Line { $line }: the opponent's line does not pair him back with the other colour.
error-pairings-bye = Line { $line }: a player without an opponent has a result that is not a bye code (H, F, U or Z).
error-pairings-unknown-rank = Line { $line }: no player has this starting rank.
error-pairings-player-twice = { $source ->
    [entry] Board entry { $line }
   *[line] Line { $line }
}: a player is already on another board.
error-pairings-assistant = { $source ->
    [entry] Board entry { $line }
   *[line] Line { $line }
}: a sighted player cannot have an assistant when his visually impaired opponent has one: one assistant at the board.
round-alert-touch = Board { $board }: touch reported, { $color ->
    [white] White
   *[black] Black
} ({ $name }) touched { $square }.
round-alert-diverged = Board { $board }: the two boards differ.
round-alert-illegal = Board { $board }: illegal move by { $color ->
    [white] White
   *[black] Black
} ({ $name }).
round-alert-claim = Board { $board }: { $color ->
    [white] White
   *[black] Black
} ({ $name }) claimed { $claim ->
    [repetition] a draw by threefold repetition
    [fifty_moves] a draw by the fifty-move rule
   *[time] the win on time
}: { $outcome ->
    [correct] correct, the game is drawn.
    [won] the game is won.
   *[incorrect] not correct, play goes on.
}
round-alert-flag = Board { $board }: { $color ->
    [white] White's
   *[black] Black's
} flag fell ({ $name }).
round-alert-adjournment = Board { $board }: { $step ->
    [adjourned] the game is adjourned, the move sealed.
   *[called] adjournment called.
}
## hamle serve --store and --node (docs/scale-out.md)
serve-bad-store = --store takes sqlite:PATH (a SQLite file) or postgres://user@host:port/database.
serve-bad-node = { $value } is not a node name: 1 to 64 letters, digits, dots, hyphens or underscores.
serve-bus-needs-node = --bus needs --node NAME, a name of its own for each node of the cluster (a lease is granted again to a node of the same name).
serve-node-name-in-use = A node named { $node } is already running in this cluster (it answered on the bus): give each node a name of its own with --node, or stop the other one first.
serve-bus-needs-data-dir = --bus works only with the store in the data directory for now: the cluster's leases are there. Leave out --store.

## Issue 15: the legal moves of a piece or from a square, the pieces lost and the material

query-moves-which = Which piece or square? For example: moves knight, moves e two.
query-moves-piece = { $none ->
    [yes] { $captures ->
        [yes] { $color }, { $piece }: nothing to capture.
       *[no] { $color }, { $piece }: no legal move.
    }
   *[no] { $captures ->
        [yes] { $color }, { $piece } captures: { $moves }.
       *[no] { $color }, { $piece }: { $moves }.
    }
}
query-moves-square = { $none ->
    [yes] { $captures ->
        [yes] The piece on { $square } can capture nothing.
       *[no] The piece on { $square } has no legal move.
    }
   *[no] { $captures ->
        [yes] Captures from { $square }: { $moves }.
       *[no] From { $square }: { $moves }.
    }
}
query-no-such-piece = { $color } has no { $piece }.
query-empty-square = There is no piece on { $square }.
query-not-to-move = The piece on { $square } is { $owner }'s; { $color } is to move.
query-other-piece = There is a { $piece } on { $square }.
query-lost = { $color } has lost: { $pieces }.
query-lost-none = { $color } has lost no piece yet.
query-lost-piece = { $count ->
    [one] { $piece }
   *[other] { $count } { $role ->
        [king] kings
        [queen] queens
        [rook] rooks
        [bishop] bishops
        [knight] knights
       *[pawn] pawns
    }
}
query-balance = { $side ->
    [even] Material is even.
   *[other] Material: { $color } is { $points ->
        [one] one pawn
       *[other] { $points } pawns
    } ahead.
}
## The start of the game and the arbiter's rules choices (issue 18)
event-started = The game has started. { $color } to move, { $color }'s clock runs.
event-arrived = { $color }'s player has arrived.
event-seat-link-issued = The arbiter issued a new link for { $seat ->
    [white] White
    [black] Black
    [white_assistant] White's assistant
    [black_assistant] Black's assistant
   *[spectator] the spectators
}; the old link no longer opens the page.
event-default-time-over = The default time is over and { $color }'s player has not arrived. The arbiter decides: declare the loss or let play on.
event-illegal-announced = Illegal announcement by { $color }: it counts as an illegal move, { $opponent } gets { $time } more. This is { $color }'s illegal move number { $count }; announce again.
error-not-started = The game has not started yet. The arbiter starts it.
error-already-started = The game has already started.
round-alert-absent = Board { $board }: the default time is over, { $color ->
    [white] White
   *[black] Black
} ({ $name }) has not arrived.
round-alert-illegal-announced = Board { $board }: illegal announcement by { $color ->
    [white] White
   *[black] Black
} ({ $name }), counted.
