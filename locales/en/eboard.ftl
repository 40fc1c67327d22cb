# Electronic boards (issue 33, English): what a seat hears about its electronic board, and the
# lines of the board's bridge (`hamle board`) on the player's machine.

## What the seat hears; $whose: yours (the player's own board), white or black (his assistant)

eboard-connected = { $whose ->
    [white] White's electronic board is connected.
    [black] Black's electronic board is connected.
   *[yours] Your electronic board is connected.
}
eboard-lost = { $whose ->
    [white] White's electronic board is lost: what happens on it is not seen until it is connected again.
    [black] Black's electronic board is lost: what happens on it is not seen until it is connected again.
   *[yours] Your electronic board is lost: what you do on it is not seen until it is connected again.
}
eboard-back = { $whose ->
    [white] White's electronic board is back.
    [black] Black's electronic board is back.
   *[yours] Your electronic board is back.
}
eboard-in-sync = { $whose ->
    [white] White's board agrees with the game again.
    [black] Black's board agrees with the game again.
   *[yours] Your board agrees with the game again.
}
eboard-mismatch = { $whose ->
    [white] White's board differs from the game.
    [black] Black's board differs from the game.
   *[yours] Your board differs from the game.
}
# A piece the board cannot name (a DGT board's special piece) where none belongs.
eboard-take-off = Take the piece on { $square } off the board.
eboard-more = { $count ->
    [one] One more step after that.
   *[other] { $count } more steps after that.
}
eboard-promotion = { $whose ->
    [white] White's pawn goes from { $from } to { $to }: the piece it becomes belongs on { $to } in place of the pawn.
    [black] Black's pawn goes from { $from } to { $to }: the piece it becomes belongs on { $to } in place of the pawn.
   *[yours] Your pawn goes from { $from } to { $to }: put the piece it becomes on { $to } in place of the pawn.
}
# The table holds the piece lifted (touched), a lift the bridge did not see itself: the board or
# the server was away. Said instead of "put it back".
eboard-holding = { $whose ->
    [white] At the table White has lifted { $piece } from { $from } and not put it down yet.
    [black] At the table Black has lifted { $piece } from { $from } and not put it down yet.
   *[yours] At the table you have lifted { $piece } from { $from } and not put it down yet.
}
eboard-refused = Not accepted from the electronic board: { $reason }
eboard-bridge-gone = { $whose ->
    [white] White's electronic board is no longer linked to the game: what happens on it is not seen.
    [black] Black's electronic board is no longer linked to the game: what happens on it is not seen.
   *[yours] Your electronic board is no longer linked to the game: what you do on it is not seen.
}

# A board_status from, or a bridge greeting as, a seat that is no player.
error-eboard-players-only = Only a player's electronic board reports its state: use White's or Black's link.

## The bridge's own lines (`hamle board`)

bridge-bad-link = "{ $link }" is not a hamle seat link: give a player's link, such as http://server:7878/vi?lang=en#game=…&token=…
bridge-bad-kind = "{ $value }" is not a kind of board: dgt or chessnut.
bridge-bad-settle = "{ $value }" is not a settle time: give milliseconds from 0 to 5000.
bridge-bad-clock = "{ $value }" is not a side of the clock: left or right.
bridge-bad-livechess = "{ $value }" is not a DGT LiveChess address: give its WebSocket, such as ws://127.0.0.1:1982/api/v1.0.
bridge-connecting = Connecting to game { $game } on { $server } …
bridge-welcome = Connected to the game, as { $seat }.
bridge-not-a-player = This link is { $seat }'s: an electronic board belongs to a player. Use White's or Black's link.
bridge-server-lost = The connection to the server is lost ({ $reason }); trying again in { $ms } ms.
bridge-server-refused = The server does not take this bridge: { $reason }
bridge-port-open = Port { $port } is open; asking the board.
bridge-port-failed = Port { $port } cannot be opened ({ $reason }); trying again in { $ms } ms.
bridge-port-lost = Port { $port } is gone ({ $reason }); trying again in { $ms } ms.
bridge-port-silent = the board stopped answering
bridge-turned = The board lies the other way round (its connector on White's right): it is read turned.
bridge-lever = Your lever of the clock was pressed: the clock is pressed at the table.
bridge-clock-set = The clock showed otherwise than the table: set to the table's times, { $left } on the left, { $right } on the right.
# The reason LiveChess is tried again (no board, or not the one named); said in bridge-port-failed.
bridge-livechess-no-board = { $serial ->
    [none] DGT LiveChess has no electronic board connected
   *[other] DGT LiveChess has no electronic board with the serial number { $serial }
}
bridge-unmapped = What the board shows cannot go to the table as a board event ({ $reason ->
    [hand_full] at the table a piece is already lifted on this board
    [not_on_record] at the table another piece stands on { $square }
   *[unreachable] it could only be set up with two hands at once
}); report it on the page or to the arbiter.
bridge-stopped = The bridge has stopped.
