# Server messages (English): refusals, protocol errors, game events, the serve command.

## Names

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
   *[arbiter] the arbiter's decision
}. { $result ->
    [white] White wins.
    [black] Black wins.
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

## Protocol errors

error-bad-json = The message is not a JSON object.
error-unknown-type = Unknown message type: { $type }.
error-missing-field = The field { $field } is missing.
error-invalid-field = The field { $field } has an invalid value.
error-unsupported-version = Protocol version { $version } is not supported; this server speaks version { $supported }.
error-hello-required = Please send a hello message with the token first.
error-hello-timeout = No hello message came; closing the connection.
error-already-authenticated = This connection is already signed in.
error-bad-token = This token is not valid for this game.
error-rate-limited = Too many messages in a short time; this one was dropped.
error-flood = Too many messages; closing the connection.
error-unsupported-frame = Only text messages containing JSON are understood.
error-too-large = The message is too large: at most { $limit } bytes.
error-replaced = This seat connected again; closing this connection.
error-shutting-down = The server is shutting down.

## HTTP

error-unknown-path = There is nothing at this address.
error-not-found = There is no such game.
error-unauthorized = A valid token is missing.
error-invalid-request = The request is not valid.
error-invalid-setting = The setting { $field } is not valid.
error-internal = An internal error occurred.

## The serve command

serve-listening = hamle is listening on { $url }
serve-admin-token = The admin token is in { $path }
serve-stopped = hamle has stopped.
serve-failed = hamle could not start: { $reason }
