# Server messages (German): refusals, protocol errors, game events, the serve command.

## Names

# Sentences said one after the other (the words layer folds a list of them from the left).
sentences = { $first } { $next }
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
    [resignation] Aufgabe
    [agreement] Remis vereinbart
    [repetition] dreimalige Stellungswiederholung
    [fifty_moves] fünfzig Züge ohne Schlagen und ohne Bauernzug
    [fivefold_repetition] fünfmalige Stellungswiederholung
    [seventy_five_moves] fünfundsiebzig Züge ohne Schlagen und ohne Bauernzug
    [illegal_moves] zu viele unmögliche Züge
    [forfeit] kampflos; die Partie wurde nicht gespielt
   *[arbiter] Entscheidung des Schiedsrichters
}. { $result ->
    [white] Weiß gewinnt.
    [black] Schwarz gewinnt.
    [double_forfeit] Beide verlieren.
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
error-game-damaged = Diese Partie ist im Speicher beschädigt (ab Ereignis { $seq }). Sie wird bis dahin gezeigt, aber nichts kann mehr hinzugefügt werden; bitte den Schiedsrichter oder den Betreiber rufen.

## Protocol errors

error-bad-json = Die Nachricht ist kein JSON-Objekt.
error-unknown-type = Unbekannte Nachrichtenart: { $type }.
error-missing-field = Das Feld { $field } fehlt.
error-invalid-field = Das Feld { $field } hat einen ungültigen Wert.
error-unsupported-version = Protokollversion { $version } wird nicht unterstützt; dieser Server spricht Version { $supported }.
error-hello-required = Zuerst bitte eine hello-Nachricht mit dem Token senden.
error-hello-timeout = Es kam keine hello-Nachricht; die Verbindung wird geschlossen.
error-idle-timeout = Von dieser Verbindung kam zu lange nichts; sie wird geschlossen.
error-too-many-connections = Diese Partie hat zu viele Verbindungen; versuchen Sie es später noch einmal.
error-already-authenticated = Diese Verbindung ist schon angemeldet.
error-bad-token = Dieses Token gilt nicht für diese Partie.
error-rate-limited = Zu viele Nachrichten in kurzer Zeit; diese wurde verworfen.
error-flood = Zu viele Nachrichten; die Verbindung wird geschlossen.
error-unsupported-frame = Nur Textnachrichten mit JSON werden verstanden.
error-too-large = Die Nachricht ist zu groß: höchstens { $limit } Bytes.
error-message-unfinished = Eine Nachricht endete nicht: zu viele Teile oder zu lange unterwegs. Die Verbindung wird geschlossen.
error-replaced = Dieser Platz hat sich neu verbunden; diese Verbindung wird geschlossen.
error-shutting-down = Der Server wird beendet.
error-audio-unavailable = Dieser Server kann gerade keine Audiodaten senden; die Ereignisse kommen nur als Text.

## HTTP

error-unknown-path = Unter dieser Adresse gibt es nichts.
error-not-found = Diese Partie gibt es nicht.
error-unauthorized = Es fehlt ein gültiges Token.
error-invalid-request = Die Anfrage ist ungültig.
error-invalid-setting = Die Einstellung { $field } ist ungültig.
error-invalid-fen = Die Einstellung { $field } ist keine Stellung, mit der eine Partie beginnen kann: { $problem ->
    [syntax] sie ist nicht in FEN geschrieben
    [kings] jede Seite braucht genau einen König
    [pawns] auf der ersten oder der letzten Reihe stehen Bauern
    [castling] die Rochaderechte passen nicht zu den Königen und Türmen
    [en_passant] kein Doppelschritt eines Bauern kann dieses En-passant-Feld hinterlassen haben
    [check] die Seite, die nicht am Zug ist, steht im Schach, oder das Schach ist unmöglich
    [material] es stehen mehr Figuren auf dem Brett, als Umwandlungen ergeben können
    [over] die Partie wäre schon beendet (Matt, Patt oder eine tote Stellung)
   *[illegal] sie ist keine regelgerechte Stellung im normalen Schach
}.
error-internal = Ein interner Fehler ist aufgetreten.

## The serve command

serve-listening = hamle lauscht auf { $url }
serve-admin-token = Das Verwaltungs-Token steht in { $path }
serve-stopped = hamle ist beendet.
serve-failed = hamle konnte nicht starten: { $reason }
serve-data-in-use = Ein anderes hamle (Prozess { $pid }, gestartet { $started }) bedient schon die Partien in { $dir }. Zwei Server auf denselben Partien würden sie verderben: Beenden Sie zuerst den anderen oder geben Sie diesem ein eigenes Datenverzeichnis (--data, --store).
serve-data-in-use-node = Der Clusterknoten { $node } (Prozess { $pid }, gestartet { $started }) bedient schon die Partien in { $dir }. Beenden Sie ihn zuerst oder starten Sie diesen Server als weiteren Knoten des Clusters (--bus und ein eigener Name mit --node).
serve-data-in-use-unknown = Ein anderes hamle bedient schon die Partien in { $dir }. Zwei Server auf denselben Partien würden sie verderben: Beenden Sie zuerst den anderen oder geben Sie diesem ein eigenes Datenverzeichnis (--data, --store).

## The Appendix at the table (physical boards, touch-move, claims)

seat-name = { $seat ->
    [white] Weiß
    [black] Schwarz
    [white_assistant] der Assistent von Weiß
    [black_assistant] der Assistent von Schwarz
    [arbiter] der Schiedsrichter
   *[spectator] ein Zuschauer
}
event-board = Brett von { $board }: { $op ->
    [lift] { $piece } auf { $square } herausgehoben.
    [place] { $piece } auf { $square } gesteckt.
    [remove] { $piece } auf { $square } vom Brett genommen.
    [touch] { $piece } auf { $square } berührt.
   *[move] { $piece } von { $square } nach { $to } gezogen.
}
event-board-differs = Achtung: Auf dem Brett von { $board } steht { $shows }, gespielt wurde { $expected }.
event-adjusting = { $seat } sagt: ich korrigiere.
event-announced = { $correction ->
    [true] Korrektur von { $seat }: { $move }.
   *[false] { $seat } sagt an: { $move }.
}
event-repeated = { $matches ->
    [true] { $seat } wiederholt: { $move }.
   *[false] { $seat } wiederholt { $move }, aber angesagt war { $expected }.
}
event-illegal-move = Unmöglicher Zug von { $color } ({ $from } nach { $to }): Die Stellung davor ist wiederhergestellt, { $opponent } bekommt { $time } dazu. Das ist der { $count }. unmögliche Zug von { $color }; die berührte Figur muss ziehen.
event-touch-reported = Der Assistent meldet: { $color } hat die Figur auf { $square } berührt. Der Schiedsrichter entscheidet.
event-touch-ruled = { $upheld ->
    [true] Der Schiedsrichter bestätigt die Berührung: Es gilt berührt, geführt.
   *[false] Der Schiedsrichter weist die Meldung zurück.
}
event-board-restored = Der Schiedsrichter hat das Brett von { $board } nach der Partie gestellt.
event-draw-offered = { $seat } bietet Remis an.
event-draw-declined = { $seat } lehnt das Remisangebot ab.
event-draw-offer-lapsed = Das Remisangebot ist erloschen.
event-draw-claimed = { $seat } beansprucht Remis ({ $claim ->
    [repetition] dreimalige Stellungswiederholung
   *[fifty_moves] fünfzig Züge
}{ $with ->
    [true] {""} mit dem Zug { $move }
   *[false] {""}
}). { $correct ->
    [true] Der Anspruch ist berechtigt.
   *[false] Der Anspruch ist unberechtigt: { $opponent } bekommt { $bonus } dazu{ $penalty ->
        [true] {""}, dem Antragsteller werden { $taken } abgezogen
       *[false] {""}
    }. Die Partie geht weiter.
}
event-flag-fell = Das Blättchen von { $color } ist gefallen.
event-talking-clock = Weiß: { $white }, { $white_moves ->
    [one] ein Zug
   *[other] { $white_moves } Züge
}. Schwarz: { $black }, { $black_moves ->
    [one] ein Zug
   *[other] { $black_moves } Züge
}.
event-clock-warnings = { $on ->
    [true] Zeitwarnungen sind eingeschaltet.
   *[false] Zeitwarnungen sind ausgeschaltet.
}
event-clock-warning = Noch { $time } Bedenkzeit.

error-not-physical = Diese Partie wird ohne eigene Bretter gespielt: Ein Zug ist hier Ansage und Uhr zugleich.
error-not-your-board = Sie melden nur Ihr eigenes Brett.
error-assistant-own-move = Der Assistent führt Züge nur auf dem Brett des Gegners aus; den eigenen Zug macht der Spieler selbst.
error-board-impossible = Das kann auf dem Brett nicht geschehen sein: { $reason ->
    [no_piece] Auf { $square } steht keine Figur.
    [occupied] Auf { $square } steht schon eine Figur.
    [hand_full] Es ist schon eine Figur herausgehoben; stecken Sie sie zuerst.
    [hand_empty] Es ist keine Figur herausgehoben.
    [bad_promotion] Auf { $square } kann sich kein Bauer umwandeln.
    [touch_on_tactile] Auf dem Steckbrett gilt eine Figur erst als berührt, wenn sie herausgehoben wird.
   *[own_piece] Auf { $square } steht eine eigene Figur.
}
error-move-released = Der Zug ist auf dem Brett schon ausgeführt: Die Figur wurde auf ihrem neuen Feld losgelassen und darf nicht mehr woandershin.
error-touch-move = Berührt, geführt: { $rule ->
    [castle] Sie haben König und Turm berührt und müssen mit diesem Turm rochieren.
    [king_move] Sie haben König und Turm berührt; die Rochade geht nicht, also muss der König auf { $square } ziehen.
    [capture_with] Sie müssen mit der Figur auf { $square } die berührte Figur schlagen.
    [move_piece] Sie müssen die berührte Figur auf { $square } ziehen.
    [capture_piece] Sie müssen die berührte Figur auf { $square } schlagen.
   *[written_move] Sie müssen den aufgeschriebenen Zug spielen.
}
error-move-not-made = Die Uhr kann noch nicht gedrückt werden: Der Zug ist noch nicht ausgeführt.
missing-announcement = Der Zug ist noch nicht angesagt.
missing-capture = Die geschlagene Figur steht noch auf { $square }.
missing-placement = Die Figur steckt noch nicht auf ihrem neuen Feld { $square }.
missing-board = Das Brett zeigt noch keinen Zug.
missing-same-move = Auf dem Brett steht ein anderer Zug als angesagt.
missing-behind = Ihr Brett zeigt den letzten Zug Ihres Gegners noch nicht: führen Sie ihn zuerst aus.
guide-behind = Erst den Zug von { $color } ausführen: { $move }.
error-too-late-to-correct = Die Uhr des Gegners läuft schon: Die Ansage kann nicht mehr korrigiert werden.
error-nothing-to-repeat = Es gibt keine Ansage zu wiederholen.
error-offer-not-now = Remis wird nach dem eigenen Zug angeboten.
error-offer-pending = Ein Remisangebot steht schon.
error-no-offer = Es steht kein Remisangebot des Gegners.
error-no-flag-fallen = Das Blättchen des Gegners ist nicht gefallen.
error-own-flag-fell-first = Ihr eigenes Blättchen ist zuerst gefallen.
error-no-touch-reported = Es ist keine Berührung gemeldet.
error-not-visually-impaired = Die sprechende Uhr ist für den sehbehinderten Spieler.
confirm-resign = Wollen Sie wirklich aufgeben? Senden Sie es zur Bestätigung noch einmal.
confirm-offer-draw = Wollen Sie wirklich Remis anbieten? Das Angebot kann nicht zurückgenommen werden. Senden Sie es zur Bestätigung noch einmal.
confirm-claim-draw = Wollen Sie wirklich Remis beanspruchen ({ $claim ->
    [repetition] dreimalige Stellungswiederholung
   *[fifty_moves] fünfzig Züge
})? Ein unberechtigter Anspruch kostet Zeit. Senden Sie ihn zur Bestätigung noch einmal.
confirm-ruling = { $undo ->
    [yes] Letzte Entscheidung zurücknehmen: { $replay } Halbzüge werden wieder gespielt.
   *[no] { $take_back ->
        [0] Diese Entscheidung nimmt keinen Zug zurück.
        [one] Diese Entscheidung nimmt einen Halbzug zurück.
       *[other] Diese Entscheidung nimmt { $take_back } Halbzüge zurück.
    }
}
confirm-ruling-ask = Noch ist nichts geändert. Bestätigen Sie, um sie anzuwenden.

## Schutz vor Missbrauch (Grenzen des Servers)

error-invalid-utf8 = Die Nachricht ist kein gültiges UTF-8; die Verbindung wird geschlossen.
error-server-busy = Der Server hat so viele Verbindungen, wie er halten kann; versuchen Sie es gleich noch einmal. Laufende Partien gehen weiter.
error-address-busy = Von Ihrer Adresse sind zu viele Verbindungen offen; schließen Sie einige und versuchen Sie es noch einmal.
error-too-many-spectators = Diese Partie hat so viele Zuschauer, wie sie haben darf; versuchen Sie es später noch einmal.
error-json-required = Eine Partie wird nur mit einer JSON-Anfrage angelegt (Content-Type: application/json).
error-cross-site = Partien werden nur von den eigenen Seiten dieses Servers angelegt.
error-too-many-games = Von Ihrer Adresse wurden in kurzer Zeit zu viele Partien angelegt; versuchen Sie es in { $seconds } Sekunden noch einmal.
error-too-many-unstarted-games = Der Server hat schon { $max } Partien, die noch nicht begonnen haben; beginnen Sie eine davon oder warten Sie, bis alte entfernt sind.
error-address-unstarted-games = Ihre Adresse hat schon { $max } Partien, die noch nicht begonnen haben; beginnen Sie eine davon oder warten Sie, bis alte entfernt sind.
error-round-too-large = Eine Runde mit { $boards } Brettern ist mehr, als eine Adresse auf einmal anlegen darf ({ $max } Partien); größere Runden legt das Verwaltungs-Token des Servers an.
error-invalid-text = Das Feld { $field } { $problem ->
    [line_break] enthält einen Zeilenumbruch; es muss eine Zeile sein
    [control] enthält ein Steuerzeichen
    [bidi] enthält ein Zeichen, das die Schreibrichtung ändert
    [markup] enthält Auszeichnungen (<, >, { "{" } oder { "}" }); es muss einfacher Text sein
   *[too_long] ist zu lang
}. Nichts wurde geändert.
error-too-many-corrections = Dieser Eintrag wurde schon so oft verbessert, wie er es darf; nichts wurde geändert.
error-too-many-recordings = Für diese Partie sind schon so viele Aufnahmen hochgeladen, wie sie haben darf (höchstens { $per_sheet } je Partieformular, { $per_game } je Partie).
error-address-recordings-full = Die Aufnahmen von Ihrer Adresse haben ihre Grenze erreicht ({ $mib } MiB). Schreiben Sie den Eintrag ohne Aufnahme.
error-recordings-full = Der Server hat schon so viele Aufnahmen, wie er haben darf ({ $mib } MiB). Schreiben Sie den Eintrag ohne Aufnahme und sagen Sie es dem Veranstalter.
error-low-disk-space = Der Datenträger des Servers ist fast voll: Er nimmt keine Aufnahmen mehr an, damit die Züge ihren Platz behalten. Schreiben Sie den Eintrag ohne Aufnahme und sagen Sie es dem Veranstalter.

## Das Protokoll der Vorkommnisse (Issue 18)

incident-title = Protokoll der Vorkommnisse: { $white } gegen { $black }
incident-none = Noch keine Vorkommnisse.
incident-line = { $time } { $who }: { $text }
incident-line-hamle = { $time } { $text }
incident-time-asked = Fragte nach der Zeit (Uhr von { $color }).
incident-move = { $color ->
    [white] { $number }. { $move }
   *[black] { $number }... { $move }
}
incident-moves = { $kind ->
    [again] Wieder gespielt: { $moves }.
   *[back] Zurückgenommen: { $moves }.
}
incident-board-event = { $time } { $text }
incident-board-events = Die Brettereignisse seit dem letzten Zug: { $events }
# Die Rohdaten eines elektronischen Bretts (Issue 33): jedes Feld, das sich änderte, ob zur Ruhe gekommen oder nicht.
incident-sensed = Die Rohdaten der elektronischen Bretter seit dem letzten Zug: { $readings }.
incident-reading = { $time } { $board } { $square } { $found ->
    [empty] leer
    [occupied] besetzt
   *[piece] { $role ->
        [queen] { $color ->
            [white] weiße
           *[black] schwarze
        } Dame
       *[other] { $color ->
            [white] weißer
           *[black] schwarzer
        } { $role ->
            [king] König
            [rook] Turm
            [bishop] Läufer
            [knight] Springer
           *[pawn] Bauer
        }
    }
}
## Der Rundentisch (Issue 18): Paarungen, die sich nicht lesen lassen, Hinweise.
error-no-starting-ranks = Diese Runde wurde nicht aus einer TRF-Datei gelesen: Ihre Spieler haben keine Startnummern. Laden Sie die Ergebnisliste (CSV) herunter.
error-no-such-board = Diese Runde hat kein Brett mit dieser Nummer.
error-no-such-seat = Dieses Brett hat keinen solchen Platz. Ein Link wird neu ausgegeben für Weiß, Schwarz, einen Assistenten, den der Spieler hat, oder die Zuschauer.
error-invalid-pairings = Die Paarungen lassen sich nicht lesen.
error-pairings-empty = Die Paarungen enthalten kein Brett (bei einer TRF-Datei: keine Paarung in dieser Runde).
error-pairings-too-many = Zeile { $line }: Eine Runde hat höchstens 250 Bretter.
error-pairings-fields = Zeile { $line }: Ein Brett braucht sieben durch „;“ getrennte Felder (Brett; Weiß; FIDE-ID; Optionen; Schwarz; FIDE-ID; Optionen), diese Zeile hat { $count }.
error-pairings-board = { $source ->
    [entry] Brett-Eintrag { $line }
   *[line] Zeile { $line }
}: Die Brettnummer muss eine ganze Zahl von 1 bis 250 sein.
error-pairings-duplicate-board = { $source ->
    [entry] Brett-Eintrag { $line }
   *[line] Zeile { $line }
}: Brett { $board } steht zweimal da.
error-pairings-name = { $source ->
    [entry] Brett-Eintrag { $line }
   *[line] Zeile { $line }
}: Ein Spielername ist leer, länger als 100 Zeichen oder nicht einzeilig.
error-pairings-fide-id = { $source ->
    [entry] Brett-Eintrag { $line }
   *[line] Zeile { $line }
}: Eine FIDE-ID besteht aus 1 bis 12 Ziffern.
error-pairings-option = Zeile { $line }: „{ $word }“ ist keine Option (vi, assistant, tactile, normal, de, tr, en).
error-pairings-start-rank = Zeile { $line }: Die Startnummer ist keine Zahl.
error-pairings-duplicate-rank = Zeile { $line }: Startnummer { $rank } steht zweimal da.
error-pairings-opponent = Zeile { $line }: Zur Startnummer des Gegners gibt es keine Spielerzeile, oder die Farbe ist nicht w, b oder -.
error-pairings-mismatch = Zeile { $line }: Die Zeile des Gegners paart ihn nicht mit der anderen Farbe zurück.
error-pairings-bye = Zeile { $line }: Ein Spieler ohne Gegner hat als Ergebnis keinen Freilos-Code (H, F, U oder Z).
error-pairings-unknown-rank = Zeile { $line }: Kein Spieler hat diese Startnummer.
error-pairings-player-twice = { $source ->
    [entry] Brett-Eintrag { $line }
   *[line] Zeile { $line }
}: Ein Spieler sitzt schon an einem anderen Brett.
error-pairings-assistant = { $source ->
    [entry] Brett-Eintrag { $line }
   *[line] Zeile { $line }
}: Ein sehender Spieler kann keinen Assistenten haben, wenn sein sehbehinderter Gegner einen hat: ein Assistent am Brett.
round-alert-touch = Brett { $board }: Berührung gemeldet, { $color ->
    [white] Weiß
   *[black] Schwarz
} ({ $name }) hat { $square } berührt.
round-alert-diverged = Brett { $board }: Die beiden Bretter weichen voneinander ab.
round-alert-illegal = Brett { $board }: Regelwidriger Zug von { $color ->
    [white] Weiß
   *[black] Schwarz
} ({ $name }).
round-alert-claim = Brett { $board }: { $color ->
    [white] Weiß
   *[black] Schwarz
} ({ $name }) hat { $claim ->
    [repetition] Remis wegen dreimaliger Stellungswiederholung
    [fifty_moves] Remis nach der 50-Züge-Regel
   *[time] den Sieg auf Zeit
} reklamiert: { $outcome ->
    [correct] zu Recht, die Partie ist remis.
    [won] die Partie ist gewonnen.
   *[incorrect] zu Unrecht, es wird weitergespielt.
}
round-alert-flag = Brett { $board }: Das Fallblättchen von { $color ->
    [white] Weiß
   *[black] Schwarz
} ist gefallen ({ $name }).
round-alert-adjournment = Brett { $board }: { $step ->
    [adjourned] Die Partie ist unterbrochen, der Zug abgegeben.
   *[called] Unterbrechung angesagt.
}
## hamle serve --store und --node (docs/scale-out.md)
serve-bad-store = --store erwartet sqlite:PFAD (eine SQLite-Datei) oder postgres://benutzer@host:port/datenbank.
serve-bad-node = { $value } ist kein Knotenname: 1 bis 64 Buchstaben, Ziffern, Punkte, Binde- oder Unterstriche.
serve-bus-needs-node = --bus braucht --node NAME, einen eigenen Namen für jeden Knoten des Clusters (eine Lease wird einem Knoten gleichen Namens wieder gewährt).
serve-node-name-in-use = Ein Knoten namens { $node } läuft schon in diesem Cluster (er hat auf dem Bus geantwortet): Geben Sie jedem Knoten mit --node einen eigenen Namen, oder halten Sie den anderen zuerst an.
serve-bus-needs-data-dir = --bus geht vorerst nur mit dem Speicher im Datenverzeichnis: dort liegen die Leases des Clusters. Lassen Sie --store weg.

## Issue 15: the legal moves of a piece or from a square, the pieces lost and the material

query-moves-which = Welche Figur oder welches Feld? Zum Beispiel: züge Springer, züge Eva zwei.
query-moves-piece = { $none ->
    [yes] { $captures ->
        [yes] { $color }, { $piece }: nichts zu schlagen.
       *[no] { $color }, { $piece }: kein legaler Zug.
    }
   *[no] { $captures ->
        [yes] { $color }, { $piece } schlägt: { $moves }.
       *[no] { $color }, { $piece }: { $moves }.
    }
}
query-moves-square = { $none ->
    [yes] { $captures ->
        [yes] Die Figur auf { $square } kann nichts schlagen.
       *[no] Die Figur auf { $square } hat keinen legalen Zug.
    }
   *[no] { $captures ->
        [yes] Schlagen von { $square }: { $moves }.
       *[no] Von { $square }: { $moves }.
    }
}
query-no-such-piece = { $role ->
    [queen] { $color } hat keine Dame.
    [pawn] { $color } hat keinen Bauern.
   *[other] { $color } hat keinen { $piece }.
}
query-empty-square = Auf { $square } steht keine Figur.
query-not-to-move = Auf { $square } steht eine Figur von { $owner }; { $color } ist am Zug.
query-other-piece = { $role ->
    [queen] Auf { $square } steht eine Dame.
   *[other] Auf { $square } steht ein { $piece }.
}
query-lost = { $color } hat verloren: { $pieces }.
query-lost-none = { $color } hat noch keine Figur verloren.
query-lost-piece = { $count ->
    [one] { $piece }
   *[other] { $count } { $role ->
        [king] Könige
        [queen] Damen
        [rook] Türme
        [bishop] Läufer
        [knight] Springer
       *[pawn] Bauern
    }
}
query-balance = { $side ->
    [even] Das Material ist ausgeglichen.
   *[other] Material: { $color } hat { $points ->
        [one] einen Bauern
       *[other] { $points } Bauern
    } mehr.
}
## Der Beginn der Partie und die Regelwahl des Schiedsrichters (Issue 18)
event-started = Die Partie hat begonnen. { $color } ist am Zug, die Uhr von { $color } läuft.
event-arrived = { $color } ist anwesend.
event-seat-link-issued = Der Schiedsrichter hat einen neuen Link ausgegeben für { $seat ->
    [white] Weiß
    [black] Schwarz
    [white_assistant] den Assistenten von Weiß
    [black_assistant] den Assistenten von Schwarz
   *[spectator] die Zuschauer
}; der alte Link öffnet die Seite nicht mehr.
event-default-time-over = Die Karenzzeit ist abgelaufen, { $color } ist nicht anwesend. Der Schiedsrichter entscheidet: Partie verloren erklären oder weiterspielen lassen.
event-illegal-announced = Regelwidrige Ansage von { $color }: Sie zählt als regelwidriger Zug, { $opponent } bekommt { $time } dazu. Das ist der { $count }. regelwidrige Zug von { $color }; bitte neu ansagen.
error-not-started = Die Partie hat noch nicht begonnen. Der Schiedsrichter startet sie.
error-already-started = Die Partie hat schon begonnen.
round-alert-absent = Brett { $board }: Die Karenzzeit ist abgelaufen, { $color ->
    [white] Weiß
   *[black] Schwarz
} ({ $name }) ist nicht anwesend.
round-alert-illegal-announced = Brett { $board }: Regelwidrige Ansage von { $color ->
    [white] Weiß
   *[black] Schwarz
} ({ $name }), gezählt.
