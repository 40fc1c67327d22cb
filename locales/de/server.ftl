# Server messages (German): refusals, protocol errors, game events, the serve command.

## Names

color-name = { $color ->
    [white] Weiß
   *[black] Schwarz
}
clock-time = { $minutes ->
    [0] { $seconds ->
        [one] eine Sekunde
       *[other] { $seconds } Sekunden
    }
   *[other] { $minutes ->
        [one] eine Minute
       *[other] { $minutes } Minuten
    } { $seconds ->
        [0] {""}
        [one] und eine Sekunde
       *[other] und { $seconds } Sekunden
    }
}

## Game events

event-pause = { $reason ->
    [restart] Die Partie ist unterbrochen: Der Server wurde neu gestartet. Die Uhren stehen, bis der Schiedsrichter fortsetzt.
   *[arbiter] Der Schiedsrichter unterbricht die Partie. Die Uhren stehen.
}
event-resume = Die Partie geht weiter.
event-clock-set = Der Schiedsrichter stellt die Uhr von { $color } auf { $time }.
event-end = Partie beendet: { $reason ->
    [checkmate] Schachmatt
    [stalemate] Patt
    [dead_position] keine Seite kann mehr mattsetzen
    [timeout] Zeit überschritten
    [timeout_draw] Zeit überschritten, aber der Gegner kann nicht mehr mattsetzen
   *[arbiter] Entscheidung des Schiedsrichters
}. { $result ->
    [white] Weiß gewinnt.
    [black] Schwarz gewinnt.
   *[draw] Remis.
}

## Refusals (the game said no; nothing changed)

error-forbidden = Das ist auf diesem Platz nicht erlaubt.
error-not-your-turn = Sie sind nicht am Zug.
error-game-paused = Die Partie ist unterbrochen.
error-game-over = Die Partie ist beendet.
error-illegal-move = Der Zug { $move } ist in dieser Stellung nicht möglich.
error-bad-uci = { $move } ist kein Zug in UCI-Schreibweise, zum Beispiel e2e4 oder e7e8q.
error-not-paused = Die Partie ist nicht unterbrochen.
error-invalid-time = Diese Zeit ist nicht möglich: höchstens 24 Stunden.
error-storage-failed = Der Server konnte das nicht speichern; nichts wurde geändert. Bitte noch einmal versuchen.
error-game-unavailable = Die Partie ist gerade nicht erreichbar.

## Protocol errors

error-bad-json = Die Nachricht ist kein JSON-Objekt.
error-unknown-type = Unbekannte Nachrichtenart: { $type }.
error-missing-field = Das Feld { $field } fehlt.
error-invalid-field = Das Feld { $field } hat einen ungültigen Wert.
error-unsupported-version = Protokollversion { $version } wird nicht unterstützt; dieser Server spricht Version { $supported }.
error-hello-required = Zuerst bitte eine hello-Nachricht mit dem Token senden.
error-hello-timeout = Es kam keine hello-Nachricht; die Verbindung wird geschlossen.
error-already-authenticated = Diese Verbindung ist schon angemeldet.
error-bad-token = Dieses Token gilt nicht für diese Partie.
error-rate-limited = Zu viele Nachrichten in kurzer Zeit; diese wurde verworfen.
error-flood = Zu viele Nachrichten; die Verbindung wird geschlossen.
error-unsupported-frame = Nur Textnachrichten mit JSON werden verstanden.
error-too-large = Die Nachricht ist zu groß: höchstens { $limit } Bytes.
error-replaced = Dieser Platz hat sich neu verbunden; diese Verbindung wird geschlossen.
error-shutting-down = Der Server wird beendet.

## HTTP

error-unknown-path = Unter dieser Adresse gibt es nichts.
error-not-found = Diese Partie gibt es nicht.
error-unauthorized = Es fehlt ein gültiges Token.
error-invalid-request = Die Anfrage ist ungültig.
error-invalid-setting = Die Einstellung { $field } ist ungültig.
error-internal = Ein interner Fehler ist aufgetreten.

## The serve command

serve-listening = hamle lauscht auf { $url }
serve-admin-token = Das Verwaltungs-Token steht in { $path }
serve-stopped = hamle ist beendet.
serve-failed = hamle konnte nicht starten: { $reason }
