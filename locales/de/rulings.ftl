## The arbiter's rulings over the table and the results (issue 31): a touch released, his
## note on a ruling, a forfeit, a result corrected after the end.

event-touch-released = Der Schiedsrichter hebt die Berührung von { $color } als nicht absichtlich auf: Berührt, geführt gilt nicht mehr, jeder regelgemäße Zug ist erlaubt.
event-note = Notiz des Schiedsrichters: { $note }
event-result-corrected = Der Schiedsrichter berichtigt das Ergebnis nach dem Ende. { $end } Begründung: { $because }

confirm-release-touch = Die Berührung von { $color } als nicht absichtlich aufheben? Die Zugpflicht entfällt. Noch ist nichts geändert. Bestätigen Sie, um es auszuführen.
confirm-forfeit = Kampflos werten: { $result ->
    [white] Weiß gewinnt kampflos
    [black] Schwarz gewinnt kampflos
   *[double_forfeit] beide verlieren kampflos
}? Die Partie wurde nicht gespielt und wird nicht gewertet. Noch ist nichts geändert. Bestätigen Sie, um es auszuführen.
confirm-correct-result = Das Ergebnis berichtigen auf { $result ->
    [white] Weiß gewinnt
    [black] Schwarz gewinnt
    [draw] Remis
   *[double_forfeit] beide verlieren
}{ $forfeit ->
    [true] {" "}kampflos
   *[false] {""}
}? Das PGN, der Rundentisch und die Ergebnisse folgen. Noch ist nichts geändert. Bestätigen Sie, um es auszuführen.

error-no-touch = Keine Berührung verpflichtet den Spieler am Zug: Es gibt nichts aufzuheben. Nichts wurde geändert.
error-game-has-moves = In dieser Partie wurde schon gezogen: Sie wurde gespielt und kann nicht kampflos gewertet werden. Erklären Sie ihr Ergebnis. Nichts wurde geändert.
error-game-not-over = Die Partie läuft noch: Ein Ergebnis wird erst nach dem Ende berichtigt. Nichts wurde geändert.
error-result-unchanged = Die Partie hat dieses Ergebnis schon. Nichts wurde geändert.
error-invalid-result = So kann die Partie nicht enden: Kampflos gewinnt eine Seite, oder beide verlieren (0-0), und 0-0 gibt es nur kampflos. Nichts wurde geändert.
error-reason-required = Geben Sie die Begründung der Berichtigung an. Nichts wurde geändert.

## The arbiter's page
web-arbiter-note = Ihre Notiz zur nächsten Entscheidung (freiwillig)
web-arbiter-note-hint = Einfacher Text in einer Zeile, ohne <, > und geschweifte Klammern: Er kommt mit Ihrer nächsten Entscheidung (eine Berührung bestätigt, zurückgewiesen oder aufgehoben, ein Brett gestellt, eine Uhr gestellt, ein Ende, ein kampfloses Ergebnis, eine Entscheidung über abweichende Bretter) in das Protokoll und Ihren Bericht.
web-arbiter-release = Berührung aufheben (nicht absichtlich)
web-arbiter-release-hint = D.2.3 und Art. 4.2: Nur eine absichtliche Berührung verpflichtet. Eine Figur aus ihrem Loch gestoßen oder aus Versehen herausgehoben: Heben Sie die Berührung auf, auch nachdem sie erfasst oder bestätigt wurde; der Spieler darf dann jeden regelgemäßen Zug machen. Sie sehen, was es bewirkt, bevor es ausgeführt wird.
web-arbiter-no-touch = Keine Berührung verpflichtet den Spieler am Zug.
web-arbiter-end-how = Wie
web-arbiter-end-played = Das Ergebnis der Partie
web-arbiter-end-forfeit = Kampflos (nicht gespielt, kein Zug gemacht)
web-result-double-forfeit = Beide verlieren (beiderseits kampflos, 0-0)
web-arbiter-correct = Das Ergebnis nach dem Ende berichtigen
web-arbiter-correct-hint = Nur nach dem Ende (ein Einspruch, eine falsche Farbe erklärt, ein Antrag, der sich als falsch erweist). Sie sehen die Berichtigung, bevor sie ausgeführt wird; das PGN, der Rundentisch und die Ergebnisse folgen ihr, und das Protokoll behält beide Ergebnisse.
web-arbiter-correct-forfeit = Kampflos (die Partie wurde nicht gespielt)
web-arbiter-correct-reason = Begründung (erforderlich)
web-arbiter-correct-button = Berichtigung zeigen

## The arbiter's report (the incident record he signs)
incident-clock-set = Der Schiedsrichter stellt die Uhr von { $color } von { $from } auf { $to }.
incident-said = Der angesagte Zug: { $from } nach { $to }.
report-kind = Bericht des Schiedsrichters
report-event = Turnier: { $value }
report-site = Ort: { $value }
report-round = Runde: { $value }
report-board = Brett: { $value }
report-players = Weiß: { $white }. Schwarz: { $black }.
report-date = Datum: { $value }
report-zone = Alle Zeiten sind UTC (koordinierte Weltzeit). Jede Zeile nennt die Zugnummer und die Seite am Zug, als es geschah.
report-result = Ergebnis: { $result }. { $end }
report-in-play = Ergebnis: Die Partie ist nicht beendet.
report-hamle = hamle
report-line = { $time } UTC, Zug { $number }, { $color ->
    [white] Weiß
   *[black] Schwarz
} am Zug. { $who }: { $text }
report-signature = Unterschrift des Schiedsrichters: ______________________________
report-round-title = Protokolle von { $event }, Runde { $round }: { $boards } Bretter, Brett für Brett.
