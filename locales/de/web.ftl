# Die Webseiten (Deutsch): die Lobby und die Seiten aller Plätze. Platzhalter nehmen die Wörter
# des Servers für Felder, Figuren und Farben (announce.ftl, server.ftl).

## Jede Seite

web-skip = Zum Hauptinhalt springen
web-language-menu = Sprache
web-lang-self = Deutsch
web-lang-name = { $lang ->
    [de] Deutsch
    [tr] Türkisch
   *[en] Englisch
}
web-white = Weiß
web-black = Schwarz
web-send = Senden
web-cancel = Abbrechen
web-cancelled = Abgebrochen.
web-confirm-yes = Ja, ausführen
web-failed = Das hat nicht geklappt. Bitte noch einmal versuchen.
web-not-offered = Das bietet der Server noch nicht an.
web-settings = Einstellungen
web-log-heading = Meldungen
web-board-heading = Brett
web-clocks = Uhren
web-scoresheet = Partieformular
web-move-number = Zug
web-promotion-heading = Der Bauer wird umgewandelt in
web-players = { $white } gegen { $black }
web-seat-name = { $seat ->
    [white] Weiß
    [black] Schwarz
    [white_assistant] Assistent von Weiß
    [black_assistant] Assistent von Schwarz
    [arbiter] Schiedsrichter
   *[spectator] Zuschauer
}
web-piece = { $color ->
    [white] { $role ->
        [king] weißer König
        [queen] weiße Dame
        [rook] weißer Turm
        [bishop] weißer Läufer
        [knight] weißer Springer
       *[pawn] weißer Bauer
    }
   *[black] { $role ->
        [king] schwarzer König
        [queen] schwarze Dame
        [rook] schwarzer Turm
        [bishop] schwarzer Läufer
        [knight] schwarzer Springer
       *[pawn] schwarzer Bauer
    }
}
web-square-piece = { $square } { $piece }
web-square-empty = { $square } leer
web-move-line = { $number }, { $color }: { $move }.
web-status-turn = { $color } ist am Zug.
web-status-paused = Die Partie ist unterbrochen.
web-status-over = Die Partie ist beendet: { $result }.
web-bad-link = Dieser Link nennt keine Partie und keinen Platz. Bitte öffnen Sie den Link, den Sie bekommen haben.
web-connected = Verbunden.
web-conn-lost = Die Verbindung ist unterbrochen; sie wird neu aufgebaut.
web-conn-replaced = Dieser Platz wurde in einem anderen Fenster geöffnet; diese Seite bekommt keine Züge mehr.
web-speech-on = Der Browser spricht.
web-speech-off = Der Browser schweigt.

## Lobby

web-lobby-title = Neue Partie
web-lobby-intro = Stellen Sie die Partie ein und geben Sie dann jedem Platz seinen eigenen Link. Wer den Link hat, hat den Platz.
web-lobby-time = Bedenkzeit
web-lobby-base = Minuten je Spieler
web-lobby-increment = Sekunden Zuschlag je Zug
web-lobby-white = Weiß
web-lobby-black = Schwarz
web-lobby-name = Name
web-lobby-vi = Sehbehindert
web-lobby-board = Brett
web-lobby-board-normal = Normales Brett
web-lobby-board-tactile = Taktiles Brett
web-lobby-assistant = Mit Assistent
web-lobby-language = Sprache
web-lobby-assistant-language = Sprache des Assistenten
web-lobby-others = Schiedsrichter und Zuschauer
web-lobby-arbiter-language = Sprache des Schiedsrichters
web-lobby-spectator-language = Sprache der Zuschauer
web-lobby-create = Partie anlegen
web-lobby-links = Links für die Plätze
web-lobby-links-hint = Geben Sie jeder Person nur ihren eigenen Link: Der Link ist der Platz.
web-game-created = Partie { $id } ist bereit.
web-link-label = { $seat }: { $name } ({ $lang })
web-copy = Kopieren
web-copy-link = Link für { $seat } kopieren
web-copied = Link für { $seat } kopiert.
web-copy-failed = Der Browser erlaubt das Kopieren nicht; bitte den Link markieren.

## Die Seite des sehbehinderten Spielers

web-vi-title = Ihre Partie
web-vi-command-heading = Züge und Befehle
web-vi-command-label = Zug oder Befehl
web-vi-command-hint = hilfe nennt die Befehle.
web-vi-listen = Zug sprechen
web-vi-listen-missing = Dieser Browser kann nicht zuhören; bitte tippen Sie Ihre Züge.
web-vi-board-hint = hilfe brett nennt die Tasten.
web-vi-speak = Antworten mit der Stimme des Browsers sprechen
web-vi-ready = Sie spielen { $color }.
web-cmd-help = hilfe
web-cmd-time = zeit uhr
web-cmd-last = letzte letzter
web-cmd-again = nochmal wiederholen
web-cmd-pieces = figuren
web-cmd-rank = reihe
web-cmd-file = linie
web-cmd-square = feld
web-cmd-turn = wer
web-cmd-draw = remis
web-cmd-resign = aufgeben
web-cmd-claim = reklamieren
web-cmd-adjust = zurechtrücken
web-cmd-correct = korrigieren korrektur
web-cmd-board = brett
web-cmd-yes = ja j
web-cmd-claim-repetition = wiederholung
web-cmd-claim-fifty = fünfzig 50
web-cmd-claim-time = zeit blättchen
web-help = Ihren Zug geben Sie ein, wie Sie ihn ansagen, zum Beispiel Springer Felix drei; die Antworten stehen unter Meldungen. Hilfe gibt es zu diesen Themen: züge, uhr, brett, partie, tastbrett, computer. Geben Sie zum Beispiel hilfe uhr ein.
web-say-draw-standing = { $mine ->
    [yes] Ihr Remisangebot steht.
   *[no] Ihr Gegner bietet Remis an.
}
web-say-check = { $color } steht im Schach.
web-say-who = Sie spielen { $color } gegen { $opponent }.
web-help-tactile = Mit eigenen Brettern: heben Eva zwei, stecken Eva vier, entfernen David fünf für Ihr Tastbrett (auf dem Brett: L, P und X). stand: was Ihrem Zug noch fehlt, auch welchen Zug Ihres Gegners Sie noch ausführen. drücken: die Uhr drücken.
web-cmd-help-tactile = tastbrett heben stecken stand
web-help-game = wer: wer gegen wen spielt, wer am Zug ist, Schach und ein Remisangebot. remis: Remis anbieten oder das Angebot annehmen. aufgeben. reklamieren wiederholung, reklamieren fünfzig, auch mit dem beabsichtigten Zug, oder reklamieren zeit. Jede Frage mit ja bestätigen, mit nein abbrechen; ein Zug statt der Antwort wird gespielt. Wenn der Schiedsrichter die Partie unterbricht und Sie abgeben: abgabe und Ihr Zug, dann anhalten.
web-cmd-help-game = partie remis aufgeben
web-help-board = figuren, oder figuren weiß springer: wo die Figuren stehen. reihe 3, linie Eva, feld Eva vier: was dort steht. brett, oder brett Eva vier: zum Brett; Escape kommt hierher zurück. geschlagen: welche Figuren jede Seite verloren hat, und das Material. züge Springer, züge Eva zwei: die legalen Züge einer Figur oder von einem Feld. Auf dem Brett: Pfeiltasten Feld für Feld; K Q R B N P (englische Buchstaben) zu einer Figur; 1 bis 8 zur Reihe, Umschalt und 1 bis 8 zur Linie; M die Züge von diesem Feld, Umschalt M die Schlagzüge; A die Figuren ringsum; O das Feld; Z der letzte Zug, Umschalt Z der letzte Schlag; C die Zeit; Komma und Punkt einen Zug zurück und vor, mit Umschalt zum Anfang und zur aktuellen Stellung.
web-cmd-help-board = brett figuren feld
web-help-clock = zeit: die Uhren und die Zahl der Züge von der sprechenden Uhr des Servers. warnungen an, warnungen aus: Zeitwarnungen bei 5 Minuten, 1 Minute und 10 Sekunden.
web-cmd-help-clock = uhr zeit
web-help-moves = Geben Sie Ihren Zug ein, wie Sie ihn ansagen, zum Beispiel Springer Felix drei. Ein Zug, während Ihr Gegner am Zug ist, wird vorgemerkt und gespielt, sobald Sie am Zug sind: vormerken sagt ihn, vormerken weg streicht ihn. korrigieren, dann der Zug: berichtigt Ihre Ansage. zurechtrücken: Sie rücken eine Figur zurecht. letzte, oder letzte 3: die letzten Züge. nochmal: der letzte Zug Ihres Gegners. schlagansage an, schlagansage aus: Züge mit oder ohne die geschlagene Figur (König schlägt Dame David acht). Wie Züge gesagt werden (kurz, mit Ausgangsfeld, SAN, NATO) wählen Sie in den Einstellungen.
web-cmd-help-moves = züge zug ansage ansagen
web-help-which = Zu { $word } gibt es keine Hilfe. Die Themen: züge, uhr, brett, partie, tastbrett, computer.
web-question-lapsed = Die Frage ist verfallen; ausgeführt wird, was Sie eingegeben haben.
web-cmd-no = nein n
web-say-no-moves = Es wurde noch kein Zug gespielt.
web-say-no-opponent-move = Ihr Gegner hat noch nicht gezogen.
web-say-pieces = { $color }, { $piece }: { $squares }.
web-say-none = keiner
web-say-rank = Reihe { $rank }: { $squares }.
web-say-file = Linie { $file }: { $squares }.
web-say-line-empty = leer
web-say-which-rank = Welche Reihe? Zum Beispiel: reihe 3.
web-say-which-file = Welche Linie? Zum Beispiel: linie Eva.
web-say-which-square = Welches Feld? Zum Beispiel: feld Eva vier.
web-say-unknown-word = Das Wort { $word } kenne ich hier nicht.
web-say-turn = { $mine ->
    [yes] Sie sind am Zug, { $color }.
   *[no] { $color } ist am Zug.
}
web-say-correct-how = Sagen Sie korrigieren und dann den Zug, den Sie meinten.
web-say-which-claim = Was reklamieren Sie? reklamieren wiederholung, reklamieren fünfzig oder reklamieren zeit; ein notierter, noch nicht gespielter Zug darf folgen.
web-confirm-draw = Remis anbieten? Mit ja bestätigen, mit nein abbrechen.
web-confirm-resign = Die Partie aufgeben? Mit ja bestätigen, mit nein abbrechen.
web-confirm-claim = { $claim ->
    [repetition] Remis wegen dreimaliger Stellungswiederholung reklamieren?
    [fifty_moves] Remis nach der 50-Züge-Regel reklamieren?
   *[time] Den Sieg auf Zeit reklamieren?
} Mit ja bestätigen; alles andere bricht ab.
web-confirm-accept-draw = Ihr Gegner bietet Remis an. Annehmen? Mit ja annehmen; alles andere lässt das Angebot offen.
web-selected = Aufgenommen: { $square }.
web-deselected = Zurückgestellt.
web-board-edge = Rand des Bretts.
web-listening = Ich höre zu.
web-heard = Gehört: { $text }.
web-heard-nothing = Nichts gehört.
web-mic-failed = Das Mikrofon hat nicht funktioniert ({ $reason }).

## Die Seiten des sehenden Spielers, des Assistenten und des Schiedsrichters

web-board-title = Das Brett
web-board-hint = Klicken Sie eine Figur und dann ihr Zielfeld an, oder ziehen Sie sie. Mit der Tastatur: Pfeiltasten, dann Eingabe auf der Figur und Eingabe auf dem Feld.
web-announced-heading = Angesagter Zug
web-announced-full = { $color }: { $move } ({ $san })
web-repeat = Wiederholen (R)
web-repeated = Noch einmal: { $move }.
web-draw-heading = Remisangebot
web-draw-accept = Remis annehmen
web-draw-decline = Ablehnen
web-actions = Ihre Partie
web-act-offer = Remis anbieten
web-act-resign = Aufgeben
web-act-claim-time = Zeitüberschreitung reklamieren
web-act-confirm = { $action ->
    [offer] Remis anbieten? Das Angebot kann nicht zurückgenommen werden.
    [resign] Die Partie aufgeben?
   *[time] Den Sieg reklamieren, weil das Blättchen Ihres Gegners gefallen ist?
}
web-lobby-rules = Regeln
web-lobby-edition = Schachregeln
web-lobby-edition-2023 = FIDE-Regeln von 2023 (Anhang D)
web-lobby-edition-seed = Frühere FIDE-Regeln (Anhang F)
web-lobby-flag = Wenn ein Blättchen fällt
web-lobby-flag-automatic = Der Server beendet die Partie
web-lobby-flag-claim = Der Gegner muss den Sieg reklamieren
web-lobby-failover = Wenn der Server nach einem Ausfall zurück ist
web-lobby-failover-pause = Die Partie wartet auf den Schiedsrichter
web-lobby-failover-continue = Die Partie geht sofort weiter, der Ausfall zählt nicht
web-speak-moves = Die Züge des Gegners sprechen
web-seat-ready = Verbunden als { $seat }.
web-assistant-title = Assistent
web-assistant-announce = Einen Zug ansagen
web-assistant-command-label = Zug in Worten oder Notation
web-assistant-command-hint = Zum Beispiel Springer Felix drei, Sf3 oder g1 f3. Der Zug wird für Ihren Spieler gespielt.
web-arbiter-title = Schiedsrichter
web-arbiter-game = Die Partie
web-time-control = { $base }, dazu { $increment ->
    [one] eine Sekunde
   *[other] { $increment } Sekunden
} je Zug.
web-seat-line = { $seat }: { $name }, { $lang }{ $vi ->
    [yes] , sehbehindert
   *[no] {""}
}
web-seat-line-assistant = { $seat }, Assistenz für { $name }: { $lang }
web-arbiter-controls = Steuerung des Schiedsrichters
web-arbiter-pause = Partie unterbrechen
web-arbiter-resume = Partie fortsetzen
web-arbiter-set-clock = Eine Uhr stellen
web-arbiter-clock-side = Uhr
web-arbiter-minutes = Minuten
web-arbiter-seconds = Sekunden
web-arbiter-set = Uhr stellen
web-arbiter-end = Partie beenden
web-arbiter-result = Ergebnis
web-result-white = Weiß gewinnt (1-0)
web-result-black = Schwarz gewinnt (0-1)
web-result-draw = Remis (½-½)
web-arbiter-end-button = Partie beenden
web-end-confirm = Die Partie mit dem Ergebnis { $result } beenden?
web-cmd-lift = heben herausheben
web-cmd-place = stecken setzen
web-cmd-remove = entfernen wegnehmen
web-cmd-press = drücken
web-cmd-status = stand
web-cmd-warnings = warnungen
web-cmd-seal = abgabe abgabezug abgeben
web-cmd-seal-stop = anhalten
web-vi-seal-how = Geben Sie abgabe und Ihren Zug ein, zum Beispiel abgabe Springer Felix drei; nur Sie hören ihn. Dann anhalten: Die Uhr hält an und der Umschlag wird verschlossen.
web-vi-seal-none = Von Ihnen wird jetzt kein Abgabezug verlangt.
web-cmd-on = an ein
web-cmd-off = aus
web-vi-board-hint-tactile = Ihr Tastbrett: L hebt, P steckt, X entfernt. hilfe tastbrett nennt mehr.
web-vi-own-board = { $kind ->
    [tactile] Ihr Tastbrett
   *[normal] Ihr Brett
}
web-not-physical = Diese Partie wird ohne eigene Bretter gespielt: sagen Sie Ihre Züge an.
web-board-in-order = Ihr Brett zeigt wieder die Partie.
web-hand-empty = Keine Figur ist gehoben.
web-press-clock = Uhr drücken
web-warnings = Zeitwarnungen bei 5 Minuten, 1 Minute und 10 Sekunden
web-warnings-hint = Aus, bis Sie sie einschalten; der Server sagt sie an.

## Das Verfahren mit eigenen Brettern: die Bretter am Tisch

web-made-nothing = Ihr Zug hat noch nicht begonnen.
web-made-ready = Der Zug ist ausgeführt: drücken Sie die Uhr.
web-made-missing = Noch nicht ausgeführt. { $missing }
web-made-behind = Erst den Zug von { $color } auf Ihrem Brett ausführen: { $move }.
web-board-matches = { $matches ->
    [yes] Es zeigt die Partie.
   *[no] Es zeigt nicht die Partie.
}
web-board-shows = { $shows ->
    [behind] Der letzte Zug von { $color } ist darauf noch auszuführen.
   *[moving] Der Zug wird darauf ausgeführt.
}
web-made-behind-assistant = Erst den Zug von { $color } auf dem Brett von { $board } ausführen: { $move }.
web-board-hand = Gehoben: { $piece } von { $square }.
web-table-board = Brett von { $color } ({ $kind ->
    [tactile] Tastbrett
   *[normal] normales Brett
})
web-tactile-occupied = Auf { $square } steht eine Figur: nehmen Sie sie zuerst mit X vom Brett.
web-square-lifted = { $square }, { $piece } von hier gehoben
web-table-heading = Die Bretter am Tisch
web-table-hint = Das eigene Brett jedes Spielers. Ziehen Sie wie auf dem Brett oben; auf einem Tastbrett hebt L, steckt P, nimmt X eine geschlagene Figur vom Brett, und Eingabe oder ein Klick hebt und steckt. T berührt eine Figur auf einem normalen Brett.
web-table-hint-view = Das eigene Brett jedes Spielers, wie es vor ihm steht.
web-table-game = Die offizielle Partie
web-table-announced = Angesagt
web-table-obligation = Berührt – geführt
web-table-illegal = Regelwidrige Züge
web-illegal-counts = Weiß { $white }, Schwarz { $black }.
web-physical-heading = Am Tisch
web-press-clock-for = Uhr drücken für { $color }
web-talking-clock = Zeit ansagen
web-warnings-for = Zeitwarnungen für meinen Spieler
web-repeat-label = Der Zug, wie Sie ihn gehört haben
web-repeat-send = Wiederholen
web-repeat-hint = R wiederholt den angesagten Zug, wie er angezeigt ist. C drückt die Uhr.
web-touch-label = Feld der Figur, die der Gegner berührt hat
web-touch-report = Berührung melden
web-touch-which = Nennen Sie das Feld, zum Beispiel g8.
web-arbiter-table = Der Tisch
web-arbiter-touch = Gemeldete Berührung
web-arbiter-no-report = Keine Berührung wartet auf eine Entscheidung.
web-arbiter-uphold = Bestätigen: berührt – geführt
web-arbiter-reject = Zurückweisen
web-arbiter-illegal = Regelwidrige Züge (Art. 7.4)
web-arbiter-illegal-rule = Bei jedem regelwidrigen Zug wird die Stellung davor wiederhergestellt und der Gegner erhält { $penalty }; der regelwidrige Zug Nummer { $limit } verliert.
web-arbiter-boards = Ein Brett richtigstellen
web-arbiter-restore-hint = Stellt das Brett nach der Partie (F8 / D.2.9); nur wenn es die Partie nicht zeigt.
web-arbiter-restore-white = Brett von Weiß richtigstellen
web-arbiter-restore-black = Brett von Schwarz richtigstellen
web-lobby-procedure = Verfahren
web-lobby-procedure-digital = Züge am Bildschirm
web-lobby-procedure-physical = Bretter am Tisch (Anhang)
web-lobby-procedure-hint = Mit Brettern am Tisch hat jeder Spieler sein eigenes Brett: Figuren werden gehoben und gesteckt, berührt – geführt gilt, angesagte Züge werden wiederholt und die Uhr wird gedrückt.
web-lobby-start = Ausgangsstellung
web-lobby-fen = Stellung in FEN (optional)
web-lobby-fen-hint = Leer lassen, um in der Grundstellung zu beginnen. Sonst die Stellung in FEN schreiben, sechs Teile durch Leerzeichen getrennt: die Figuren Reihe für Reihe von der 8. Reihe abwärts, die Reihen durch Schrägstriche getrennt, mit englischen Buchstaben (K Q R B N P, groß für Weiß, klein für Schwarz, eine Ziffer für leere Felder); wer am Zug ist (w oder b); die Rochaderechte (KQkq oder -); das En-passant-Feld (oder -); die Halbzüge für die 50-Züge-Regel; die Zugnummer. Zum Beispiel: 7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40
web-lobby-token = Token des Veranstalters (optional)
web-lobby-token-hint = Nur nötig, wenn der Server mit --require-token läuft: das Admin-Token aus dem Datenverzeichnis oder das Schiedsrichter-Token einer Ihrer Partien.

## Der Tisch des Schiedsrichters: abweichende Bretter, Partieformulare, Exporte, Hängepartie

web-desk-heading = Schiedsrichtertisch
web-desk-divergence = Abweichende Bretter
web-desk-no-case = Die Bretter stimmen überein; kein Fall ist offen.
web-desk-difference = Brett von { $board }, { $square }: dort { $found }, in der Partie { $expected }.
web-desk-empty = leer
web-desk-compare = Bretter vergleichen
web-desk-reconcile = Nach den Partieformularen entscheiden
web-desk-override-ply = Halbzüge, die bleiben
web-desk-override = Übersteuern: zurück zu dieser Stellung
web-desk-override-hint = Setzt Partie und beide Bretter auf die Stellung nach so vielen Halbzügen; die Uhren gehen auf ihren Stand dort zurück.
web-assist-time-hint = Beansprucht für Ihren Spieler den Sieg auf Zeit, wenn das Blättchen des Gegners gefallen ist (D.2.10.5).
web-keep-sheet-heading = Das Partieformular führen
web-keep-sheet-hint = Schreiben Sie den Zug so, wie der Spieler ihn schreiben würde, in seiner Sprache; denselben Zug noch einmal schreiben berichtigt ihn. Streichen streicht den Eintrag durch.
web-keep-side = Wessen Zug
web-keep-entry = Eintrag
web-keep-draw = Mit Remisangebot (=)
web-keep-write = Schreiben
web-keep-strike = Streichen
web-keep-number-needed = Geben Sie die Zugnummer ein.
web-keep-entry-needed = Geben Sie den Zug ein, der geschrieben wird.
web-own-sheet = Das Partieformular des Spielers, wie geschrieben
web-own-sheet-brf = Dieses Partieformular in Braille (BRF)
web-attention-heading = Wartet auf den Schiedsrichter
web-attention-none = Nichts wartet auf Sie.
web-attention-touch = Eine Berührungsmeldung wartet auf Ihre Entscheidung.
web-attention-case = Die Bretter weichen ab: Entscheiden Sie den Fall.
web-attention-adjourn = Eine Unterbrechung ist angesagt: Der Abgabezug wird geschrieben.
web-attention-adjourned = Die Partie ist unterbrochen: Öffnen Sie bei der Wiederaufnahme den Abgabezug.
web-attention-paused = Die Partie ist angehalten: Setzen Sie sie fort, wenn weitergespielt werden kann.
web-incidents-heading = Protokoll der Vorkommnisse
web-incidents-none = Noch keine Vorkommnisse.
web-export-pgn-incidents = PGN mit dem Protokoll der Vorkommnisse
web-export-incidents = Protokoll der Vorkommnisse (Text)
web-desk-undo = Letzte Entscheidung zurücknehmen
web-desk-ruling-yes = Entscheidung anwenden
web-desk-override-empty = Geben Sie die Zahl der Halbzüge ein, die bleiben.
web-desk-step = { $board }: { $text }
web-desk-steps = Schritte, um die Bretter richtigzustellen
web-desk-log = Wie entschieden wurde
web-desk-sheets = Partieformulare
web-desk-exports = Exporte
web-export-pgn = Die Partie (PGN)
web-export-sheet-white = Partieformular von Weiß (Text)
web-export-sheet-black = Partieformular von Schwarz (Text)
web-export-brf-white = Partieformular von Weiß (Braille, BRF)
web-export-brf-black = Partieformular von Schwarz (Braille, BRF)
web-export-done = { $name } heruntergeladen.
web-desk-adjournment = Hängepartie
web-desk-no-adjournment = Die Partie ist nicht abgebrochen.
web-desk-adjourn-called = Abbruch angesagt: { $color } schreibt den Abgabezug und hält dann die Uhr an.
web-desk-adjourned = Die Partie ist abgebrochen; der Umschlag ist verschlossen.
web-desk-resume-at = Fortsetzung um (wahlweise)
web-desk-adjourn = Partie abbrechen
web-desk-open-sealed = Abgabezug öffnen
web-envelope-status = Umschlag
web-envelope-state = { $status ->
    [opened] geöffnet
   *[sealed] verschlossen
}
web-envelope-sealer = Abgabezug
web-envelope-move = { $color }, Zug { $number }
web-envelope-times = Restzeit
web-envelope-clocks = Weiß { $white }, Schwarz { $black }
web-envelope-sealed = Der Zug im Umschlag
web-envelope-resume = Fortsetzung
web-seal-heading = Der Abgabezug
web-seal-now = Die Partie wird abgebrochen: Schreiben Sie Ihren Abgabezug (nur Sie sehen ihn) und halten Sie dann die Uhr an.
web-seal-written = Geschrieben: { $move }. Sie können ihn ändern, bis Sie die Uhr anhalten.
web-seal-label = Abgabezug
web-seal-write = Schreiben
web-seal-stop = Uhr anhalten und abgeben
web-seal-hint = Schreiben Sie ihn in der Sprache von { $color } ({ $lang }) oder als Felder: g1 f3.
web-table-game-hint = Die Partie, wie der Server sie führt. Gezogen wird auf den Brettern am Tisch unten; Pfeiltasten und Eingabe sagen, was hier steht.

## Issue 15, the pages: connection, end of game, board keys, earcons, lobby

web-conn-back = Wieder verbunden.
web-conn-still-down = Noch immer keine Verbindung; ein neuer Versuch läuft.
web-conn-lost-answer = Die Verbindung brach ab, bevor die Antwort kam. Sobald sie wieder steht, hören Sie, was geschehen ist.
web-not-sent-offline = Nicht gesendet: Die Verbindung ist unterbrochen. Sobald sie wieder steht, hören Sie es; dann bitte noch einmal.
web-clocks-now = Die Uhren jetzt: Weiß { $white }, Schwarz { $black }.
web-final-clocks = Die Uhren am Ende: Weiß { $white }, Schwarz { $black }.
web-meanwhile = Inzwischen: { $text }
web-square-picked = { $square }, aufgenommen
web-board-no-piece = Nicht auf dem Brett: { $piece }.
web-piece-on = { $piece } { $square }
web-vi-pieces-line = { $color }: { $pieces }.
web-vi-end-heading = Ende der Partie
web-vi-clocks-hint = Ansagen lässt die Zeit der Befehl zeit (die sprechende Uhr des Servers, die mitschreibt).
web-vi-pieces-heading = Figuren
web-vi-moves-heading = Züge
web-vi-act-draw = Remis anbieten oder annehmen
web-vi-actions-hint = Remis und Aufgeben fragen in der Befehlszeile nach: mit ja bestätigen.
web-vi-earcons = Klänge
web-vi-earcons-hint = Kurze Töne für den Zug des Gegners, Schach, den Rand des Bretts, das Aufnehmen einer Figur, das Ende der Partie und die Verbindung.
web-vi-help-heading = Hilfe
web-vi-help-commands-heading = Befehle
web-vi-help-board-heading = Tasten auf dem Brett
web-vi-help-key-arrows = Pfeiltasten: Feld für Feld; Pos1 und Ende: Anfang und Ende der Reihe; Bild auf und Bild ab: Ende der Linie.
web-vi-help-key-pieces = Die englischen Buchstaben K König, Q Dame, R Turm, B Läufer, N Springer, P Bauer springen zur nächsten eigenen Figur dieser Art; mit Umschalt zu der des Gegners. Auf dem eigenen Tastbrett setzt P die Figur ein; Bauern findet dort der Befehl figuren.
web-vi-help-key-ranks = 1 bis 8: auf derselben Linie zu dieser Reihe.
web-vi-help-key-scan = S: die Reihe des Feldes vorlesen; Umschalt und S: seine Linie.
web-vi-help-key-enter = Eingabe oder Leertaste: eine Figur aufnehmen, dann auf dem Zielfeld ziehen.
web-vi-help-key-escape = Escape: die Figur zurückstellen, sonst zurück zur Befehlszeile.
web-vi-help-sounds-heading = Klänge
web-vi-help-sounds = Ein kurzer Doppelton: der Gegner hat gezogen; drei Töne: Schach; ein tiefer Ton: Rand des Bretts; ein heller: Figur aufgenommen; absteigend: Ende der Partie oder Verbindung verloren; aufsteigend: wieder verbunden. Abzuschalten in den Einstellungen.
web-vi-help-connection-heading = Verbindung
web-vi-help-connection = Die Seite prüft jede Sekunde die Verbindung. Reißt sie ab, hören Sie es nach wenigen Sekunden, ohne eine Taste zu drücken; solange sie fehlt, wird kein Zug gesendet und später gespielt: Sie hören, dass er nicht gesendet wurde. Steht sie wieder, hören Sie es mit dem Stand und den Uhren.
web-page-name = { $page ->
    [vi] Seite für sehbehinderte Spieler
    [board] Brettseite
    [assistant] Seite des Assistenten
    [arbiter] Seite des Schiedsrichters
   *[spectator] Brettseite für Zuschauer
}
web-link-page = { $seat }: { $page } ({ $lang })
web-link-page-named = { $seat }, { $name }: { $page } ({ $lang })
web-lobby-field-error = { $field }: { $problem }
web-lobby-field-in = { $group }, { $field }
web-lobby-number-range = Bitte eine Zahl von { $min } bis { $max } eingeben.
web-lobby-field-refused = Dieser Wert wird nicht angenommen.
web-lobby-name-refused = Ein Name ist eine Zeile Text, höchstens 100 Zeichen.
## Der Rundentisch (Issue 18): eine neue Runde, ihre Platz-Links, alle Bretter auf einmal

web-lobby-round-link = Sie leiten eine Runde eines Turniers? Legen Sie alle Bretter auf einmal aus den Paarungen an.
web-round-new-title = Neue Runde
web-round-new-intro = Legen Sie alle Partien einer Runde aus ihren Paarungen an: ein Brett pro Zeile, oder wählen Sie die TRF-Datei des Turniers. Sie erhalten je Brett ein druckbares Blatt mit den Platz-Links und den Rundentisch, an dem ein einziger Schiedsrichter-Token jedes Brett öffnet.
web-round-event = Turnier
web-round-event-name = Name des Turniers
web-round-event-site = Ort
web-round-number = Runde
web-round-lang = Sprache der Runde (Schiedsrichter, Zuschauer, Spieler ohne eigene)
web-round-pairings = Paarungen
web-round-pairings-list = Paarungsliste, ein Brett pro Zeile
web-round-pairings-hint = Sieben durch „;“ getrennte Felder: Brett; Weiß; FIDE-ID; Optionen; Schwarz; FIDE-ID; Optionen. Optionen: vi (sehbehindert), assistant, tactile, normal und eine Sprache de, tr oder en. Beispiel: 1;Anna Weiss;4600001;vi assistant de;Ben Kraus;;en
web-round-trf = Oder eine TRF-Datei (FIDE TRF16)
web-round-trf-hint = Die Runde oben wird aus den Spielerzeilen der Datei gelesen; Zeilen „XVI Startnummer Optionen“ kennzeichnen sehbehinderte Spieler. Eine gewählte Datei ersetzt die Liste.
web-round-create = Runde anlegen
web-round-created = Platz-Links: { $event }, Runde { $round }
web-round-desk-hint = Behalten Sie den Link des Rundentischs für sich: Sein Token öffnet den Schiedsrichterplatz jedes Bretts. Er wird nur jetzt gezeigt.
web-round-desk-open = Den Rundentisch öffnen
web-round-print = Die Platz-Links drucken
web-round-sheet-heading = Brett { $board }: { $white } gegen { $black }
web-round-qr = QR-Code des Links für { $seat }
web-round-desk-title = Rundentisch
web-round-name = { $event }, Runde { $round }, { $site }
web-round-alerts = Braucht den Schiedsrichter
web-round-no-alerts = Nichts braucht den Schiedsrichter.
web-round-alert-count = ({ $count } offen)
web-round-paused-why = angehalten: { $reason ->
    [arbiter] vom Schiedsrichter
    [touch] eine Berührungsmeldung wartet auf die Entscheidung
    [boards_differ] die Bretter weichen ab
    [adjourned] vertagt
   *[restart] der Server wurde neu gestartet
}
web-round-history = Erledigte Hinweise
web-round-history-show = Die erledigten Hinweise zeigen
web-round-no-history = Noch kein Hinweis ist erledigt.
web-round-history-count = ({ $count })
web-round-alerts-all = Alle { $count } offenen Hinweise zeigen
web-round-alerts-fewer = Nur die ersten drei offenen Hinweise zeigen
web-round-alert-closed = Erledigt um { $time }.
web-round-alert-cleared = Von Ihnen abgehakt um { $time }.
web-round-alert-done = Erledigt
web-round-alert-done-label = Erledigt: { $text }
web-round-all = Alle Bretter
web-round-pause-all = Alle Bretter anhalten
web-round-resume-all = Alle Bretter fortsetzen
web-round-paused = { $done } von { $total } Brettern angehalten.
web-round-resumed = { $done } von { $total } Brettern fortgesetzt.
web-round-results = Ergebnisse für das Auslosungsprogramm
web-round-results-hint = Die Ergebnisse der Runde so, wie das Auslosungsprogramm sie zurückliest: TRF-Zeilen (für eine aus einer TRF-Datei gelesene Runde: Startnummer, Gegner, Farbe und Ergebnis jedes Spielers in den Spalten dieser Runde; laufende Partien fehlen) oder eine Liste (Brett, Weiß, Schwarz, Ergebnis).
web-round-results-trf = Ergebnisse als TRF herunterladen
web-round-results-csv = Ergebnisse als Liste (CSV) herunterladen
web-round-incidents = Die Vorkommnisse der Runde herunterladen (jedes Brett als Bericht zum Unterschreiben)
web-round-time-kind = Bedenkzeit
web-round-time-simple = Minuten für die Partie und Sekunden je Zug (unten)
web-round-time-fide = FIDE-Standard: 90 Minuten für 40 Züge, dann 30 Minuten, 30 Sekunden je Zug ab dem ersten Zug
web-round-time-hint = Die FIDE-Standardbedenkzeit gibt nach dem 40. Zug 30 Minuten dazu; die Minuten und Sekunden unten gelten nur für die andere Wahl.
web-round-origin = Adresse der Links
web-round-origin-hint = Wohin die gedruckten Links und QR-Codes führen: die Adresse, unter der die Geräte der Spieler diesen Server erreichen (nicht 127.0.0.1 oder localhost). Ohne Änderung ist es die Adresse, unter der diese Seite geöffnet wurde.
web-round-links = Platz-Links neu ausgeben
web-round-links-hint = hamle behält nach dem Anlegen der Runde keinen Platz-Link, nur einen Fingerabdruck davon. Für ein verlorenes Blatt oder eine geschlossene Seite geben Sie den Link des Platzes neu aus: Der alte Link gilt sofort nicht mehr (eine damit geöffnete Seite wird geschlossen), und das Vorkommnisprotokoll der Partie des Bretts erhält eine Zeile. Drucken Sie das Blatt mit den neuen Links.
web-round-links-board = Brett
web-round-links-seat = Platz
web-round-links-all = Jeder Platz des Bretts
web-round-links-issue = Neue Links ausgeben
web-round-links-question = { $all ->
    [yes] Neue Links für jeden Platz von Brett { $board } ausgeben? Jeder alte Link dieses Bretts gilt sofort nicht mehr.
   *[no] Einen neuen Link für { $seat } an Brett { $board } ausgeben? Der alte Link gilt sofort nicht mehr.
}
web-round-links-yes = Ausgeben
web-round-links-done = { $count ->
    [one] Brett { $board }: ein neuer Link ausgegeben. Das Blatt steht unten.
   *[other] Brett { $board }: { $count } neue Links ausgegeben. Das Blatt steht unten.
}
web-round-links-print = Dieses Blatt drucken
web-sheet-event = { $event }, Runde { $round }, Brett { $board }
web-sheet-player-fide = { $name } (FIDE { $fide })
web-round-not-done = Brett { $board }: { $message }
web-round-boards = Bretter
web-round-col-board = Brett
web-round-col-status = Stand
web-round-col-white-clock = Uhr von Weiß
web-round-col-black-clock = Uhr von Schwarz
web-round-col-last = Letzter Zug
web-round-col-desk = Tisch
web-round-desk-of = Tisch von Brett { $board }
web-round-player-vi = { $name } (sehbehindert)
web-round-status = { $status ->
    [waiting] wartet auf den Start
    [playing] läuft
    [paused] angehalten
    [over] beendet, { $result }
   *[gone] entfernt (nie begonnen)
}
web-round-last = { $color ->
    [white] { $number }. { $san }
   *[black] { $number }… { $san }
}
web-round-connected = { $boards } Bretter werden verfolgt; { $open ->
    [0] nichts braucht den Schiedsrichter.
    [one] ein Hinweis offen.
   *[other] { $open } Hinweise offen.
}
web-round-reconnecting = Verbindung verloren; verbinde neu…
web-round-no-link = Diese Seite braucht den Link des Rundentischs, mit der Runde und ihrem Token.

## Issue 15: the legal moves, the pieces lost, the captured piece in a move's words
web-cmd-moves = züge zuege
web-cmd-material = geschlagen material
web-cmd-captured = schlagansage
web-captured = Die geschlagene Figur im Zug nennen
web-captured-hint = Zum Beispiel König schlägt Dame David acht statt König schlägt David acht. Befehl: schlagansage an, schlagansage aus.
web-captured-on = Züge werden mit der geschlagenen Figur gesagt.
web-captured-off = Züge werden ohne die geschlagene Figur gesagt.
## Der Beginn der Partie und die Regelwahl des Schiedsrichters (Issue 18)
web-status-waiting = Die Partie wartet auf den Start durch den Schiedsrichter.
web-arbiter-start = Partie starten
web-round-start-all = Alle Bretter starten
web-round-start-board = Brett { $board } starten
web-round-started = { $done } von { $total } Brettern gestartet.
web-rules-choices = Start und Wahl des Schiedsrichters
web-rules-wait-start = Die Partie wartet auf den Start durch den Schiedsrichter (Art. 6.5)
web-rules-default-time = Karenzzeit (Minuten, Art. 6.7)
web-rules-default-time-hint = Wer so lange nach dem Start nicht anwesend ist (seine Seite nicht geöffnet hat), wird dem Schiedsrichter gemeldet. Null, wenn die Turnierordnung nichts anderes sagt.
web-rules-vi-illegal = Regelwidrige Ansage eines sehbehinderten Spielers
web-rules-vi-illegal-refused = wird abgewiesen, bevor sie zählt
web-rules-vi-illegal-counts = zählt nach 7.5 (Zeitstrafe, zum Partieverlust)
web-rules-after-fix = Nach einer Berichtigung, bei der die Partieformulare übereinstimmen
web-rules-after-fix-wait = warten die Uhren auf den Schiedsrichter
web-rules-after-fix-resume = geht die Partie von selbst weiter
web-rules-touch-stops = Die Uhren stehen, solange eine Berührungsmeldung auf die Entscheidung wartet
web-rules-shown-start-wait = Die Partie wartet auf den Start durch den Schiedsrichter; Karenzzeit { $minutes } Min.
web-rules-shown-start-move = Die Uhr startet mit dem ersten Zug von Weiß.
web-rules-shown-vi-illegal = { $choice ->
    [counts] Eine regelwidrige Ansage eines sehbehinderten Spielers zählt nach 7.5.
   *[refused] Eine regelwidrige Ansage eines sehbehinderten Spielers wird abgewiesen, bevor sie zählt.
}
web-rules-shown-after-fix = { $choice ->
    [resume] Nach einer Berichtigung mit übereinstimmenden Formularen geht die Partie von selbst weiter.
   *[wait] Nach einer Berichtigung warten die Uhren auf den Schiedsrichter.
}
web-rules-shown-touch = { $stops ->
    [yes] Die Uhren stehen, solange eine Berührungsmeldung auf die Entscheidung wartet.
   *[no] Die Uhr läuft weiter, solange eine Berührungsmeldung auf die Entscheidung wartet.
}
web-attention-waiting = Die Partie wartet auf Ihren Start: Starten Sie sie, wenn die Spieler sitzen.

## The blind player's page: premove, the board's keys, the game's positions, settings (issue 28)
web-voice-hint-short = F2 zum Sprechen.
web-cmd-premove = vormerken vorgemerkt vormerkung
web-cmd-cancel = weg streichen löschen abbrechen
web-history-back-live = Das Brett zeigt wieder die aktuelle Stellung.
web-history-live = Aktuelle Stellung.
web-history-start = Ausgangsstellung.
web-history-after = Stellung nach { $move }
web-history-at-start = Schon bei der Ausgangsstellung.
web-history-at-end = Schon bei der aktuellen Stellung.
web-history-unknown = Diese Stellung kennt die Seite nicht; bitte laden Sie sie neu.
web-premove-set = Vorgemerkt: { $move }. Gespielt, sobald Sie am Zug sind; vormerken weg streicht ihn.
web-premove-failed = Der vorgemerkte Zug { $move } wurde nicht gespielt: { $reason }
web-premove-is = Vorgemerkt: { $move }.
web-premove-none = Kein Zug vorgemerkt.
web-premove-cancelled = Der vorgemerkte Zug ist gestrichen.
web-premove-physical = Mit eigenen Brettern wird kein Zug vorgemerkt: Sie führen jeden Zug am Brett aus.
web-premove-dropped = Der vorgemerkte Zug entfällt.
web-say-around = Um { $square }: { $pieces }.
web-say-around-empty = Um { $square } steht nichts.
web-say-last-capture = Letzter Schlag: { $move }
web-say-no-capture = Es wurde noch nichts geschlagen.
web-piece-square = { $piece } { $square }
web-vi-premove = Züge vormerken (im Zug des Gegners eingegeben, gespielt, sobald Sie am Zug sind)
web-vi-premove-hint = vormerken weg streicht einen vorgemerkten Zug. Nicht mit eigenen Brettern.
web-vi-move-style = Züge sagen
web-vi-move-style-short = kurz, wie angesagt (Springer Felix drei)
web-vi-move-style-full = mit Ausgangsfeld (Springer Gustav eins nach Felix drei)
web-vi-move-style-san = Notation (Nf3)
web-vi-move-style-nato = Felder im NATO-Alphabet (Golf eins Foxtrot drei)
web-vi-board-layout = Brett
web-vi-board-layout-own = von Ihrer Seite gesehen
web-vi-board-layout-white = immer von Weiß gesehen
web-vi-square-order = Felder sagen
web-vi-square-order-square = Feld, dann Figur (Eva zwei weißer Bauer)
web-vi-square-order-piece = Figur, dann Feld (weißer Bauer Eva zwei)
web-vi-reader-rate = Wie schnell Ihr Screenreader spricht
web-vi-reader-rate-slow = langsam
web-vi-reader-rate-normal = normal
web-vi-reader-rate-fast = schnell
web-vi-reader-rate-fastest = sehr schnell
web-vi-reader-rate-hint = Danach schätzt die Seite, ob eine Taste einen Zug unterbrochen hat; dann sagt sie ihn noch einmal.
web-vi-help-key-files = Umschalt und 1 bis 8: in derselben Reihe zur Linie Anna bis Hektor.
web-vi-help-key-moves = M: die legalen Züge von diesem Feld; Umschalt und M: nur die Schlagzüge.
web-vi-help-key-around = A: die Figuren auf den Feldern ringsum; O: das Feld, auf dem Sie sind.
web-vi-help-key-last = Z: der letzte Zug; Umschalt und Z: der letzte Schlag.
web-vi-help-key-clock = C: die Zeit (die sprechende Uhr).
web-vi-help-key-history = Komma: einen Zug zurück, Punkt: einen Zug vor; mit Umschalt: zur Ausgangsstellung und zur aktuellen Stellung. Escape und jeder neue Zug kehren zur aktuellen Stellung zurück.
web-nato-square = { $file ->
    [a] Alfa
    [b] Bravo
    [c] Charlie
    [d] Delta
    [e] Echo
    [f] Foxtrot
    [g] Golf
   *[h] Hotel
} { $rank }
web-nato-move = { $promotion ->
    [none] { $from } { $to }
   *[other] { $from } { $to } { $promotion }
}

## A game against the computer (issue 34): a new one from the lobby and from the blind
## player's page, and the practice aids on that page.

web-lobby-played-by = Gespielt von
web-lobby-person = einem Menschen
web-lobby-computer-level = dem Computer, Stufe { $level }
web-cmd-hint = tipp hinweis
web-cmd-eval = bewertung
web-cmd-take-back = zurück zurücknehmen
web-cmd-computer = computer
web-cmd-white = weiß weiss
web-cmd-black = schwarz
web-cmd-help-computer = computer übung tipp bewertung zurück
web-help-computer = Gegen den Computer: computer 3 beginnt eine neue Partie gegen den Computer auf Stufe 3 (1 ist die schwächste, 8 die stärkste), 15 Minuten je Spieler und 10 Sekunden je Zug; computer 3 10 5 mit 10 Minuten und 5 Sekunden; mit schwarz dazu spielen Sie Schwarz. In einer solchen Partie: tipp, ein guter Zug für Sie; bewertung, wer besser steht; zurück, Ihr letzter Zug und die Antwort des Computers werden zurückgenommen.
web-vi-no-game = Auf dieser Seite gibt es noch keine Partie. Um gegen den Computer zu spielen, geben Sie computer und eine Stufe von 1 bis 8 ein, zum Beispiel computer 3, oder füllen Sie das Formular Neue Partie gegen den Computer aus.
web-vi-which-level = Welche Stufe? Von 1 bis 8, zum Beispiel computer 3.
web-vi-new-game-confirm = Eine neue Partie gegen den Computer beginnen? Diese Partie geht ohne Sie weiter.
web-vi-new-game-created = Neue Partie gegen den Computer, Stufe { $level }: Sie spielen { $color }.
web-new-game-heading = Neue Partie gegen den Computer
web-new-game-level = Stufe
web-new-game-level-option = Stufe { $level ->
    [1] 1, die schwächste
    [8] 8, die stärkste
   *[other] { $level }
}
web-new-game-color = Sie spielen
web-new-game-start = Partie beginnen
web-new-game-hint = Der Computer antwortet sofort auf Ihre Züge. In der Partie: tipp, bewertung und zurück.
web-lobby-computer-one = Nur eine Seite kann vom Computer gespielt werden.
