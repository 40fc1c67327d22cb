## The computer opponent (issue 34): what goes wrong with the engine, said to the player.

error-engine-unknown-level = Eine Stufe { $level } gibt es nicht. Bitte wählen Sie eine Stufe von 1 bis 8.
error-engine-unavailable = Der Computergegner lässt sich auf diesem Server nicht starten.
error-engine-not-an-engine = Das als Computergegner eingerichtete Programm ist kein Schachprogramm: Es antwortet nicht in UCI.
error-engine-busy = Der Computer ist gerade mit anderen Partien beschäftigt. Bitte versuchen Sie es gleich noch einmal.
error-engine-timed-out = Der Computer hat nicht rechtzeitig geantwortet, auch nicht nach einem Neustart. Bitte versuchen Sie es gleich noch einmal.
error-engine-crashed = Der Computer ist ausgefallen, und ein Neustart hat nicht geholfen. Bitte versuchen Sie es gleich noch einmal.
error-engine-bad-answer = Der Computer hat auch nach einem Neustart einen Zug genannt, der hier nicht möglich ist.
error-engine-no-legal-move = In dieser Stellung gibt es keinen Zug mehr: Die Partie ist zu Ende.

## Practice aids in a game against the computer: a hint, who stands better, a take-back.

practice-hint = Tipp: { $move }.
practice-eval-equal = Etwa ausgeglichen.
practice-eval-slightly = { $color } steht etwas besser.
practice-eval-pawns = { $color } steht um etwa { $pawns ->
    [one] einen Bauern
   *[other] { $pawns } Bauern
} besser.
practice-eval-mate = { $moves ->
    [one] { $color } setzt mit dem nächsten Zug matt.
   *[other] { $color } setzt in { $moves } Zügen matt.
}
event-taken-back = { $seat } nimmt zurück: { $moves }.
error-not-practice = Tipps, Bewertungen und das Zurücknehmen von Zügen gibt es nur in Partien gegen den Computer.
error-nothing-to-take-back = Sie haben keinen Zug, den Sie zurücknehmen könnten.
