# Electronic boards (issue 33, German): what a seat hears about its electronic board, and the
# lines of the board's bridge (`hamle board`) on the player's machine.

## What the seat hears; $whose: yours (the player's own board), white or black (his assistant)

eboard-connected = { $whose ->
    [white] Das elektronische Brett von Weiß ist verbunden.
    [black] Das elektronische Brett von Schwarz ist verbunden.
   *[yours] Ihr elektronisches Brett ist verbunden.
}
eboard-lost = { $whose ->
    [white] Die Verbindung zum elektronischen Brett von Weiß ist unterbrochen: Was darauf geschieht, wird nicht gesehen, bis es wieder verbunden ist.
    [black] Die Verbindung zum elektronischen Brett von Schwarz ist unterbrochen: Was darauf geschieht, wird nicht gesehen, bis es wieder verbunden ist.
   *[yours] Die Verbindung zu Ihrem elektronischen Brett ist unterbrochen: Was Sie darauf tun, wird nicht gesehen, bis es wieder verbunden ist.
}
eboard-back = { $whose ->
    [white] Das elektronische Brett von Weiß ist wieder verbunden.
    [black] Das elektronische Brett von Schwarz ist wieder verbunden.
   *[yours] Ihr elektronisches Brett ist wieder verbunden.
}
eboard-in-sync = { $whose ->
    [white] Das Brett von Weiß stimmt wieder mit der Partie überein.
    [black] Das Brett von Schwarz stimmt wieder mit der Partie überein.
   *[yours] Ihr Brett stimmt wieder mit der Partie überein.
}
eboard-mismatch = { $whose ->
    [white] Das Brett von Weiß stimmt nicht mit der Partie überein.
    [black] Das Brett von Schwarz stimmt nicht mit der Partie überein.
   *[yours] Ihr Brett stimmt nicht mit der Partie überein.
}
# A piece the board cannot name (a DGT board's special piece) where none belongs.
eboard-take-off = Nimm die Figur auf { $square } vom Brett.
eboard-more = { $count ->
    [one] Danach fehlt noch ein Schritt.
   *[other] Danach fehlen noch { $count } Schritte.
}
eboard-promotion = { $whose ->
    [white] Der Bauer von Weiß zieht von { $from } nach { $to }: Statt des Bauern gehört die Figur auf { $to }, in die er sich umwandelt.
    [black] Der Bauer von Schwarz zieht von { $from } nach { $to }: Statt des Bauern gehört die Figur auf { $to }, in die er sich umwandelt.
   *[yours] Ihr Bauer zieht von { $from } nach { $to }: Stellen Sie statt des Bauern die Figur auf { $to }, in die er sich umwandelt.
}
# The table holds the piece lifted (touched), a lift the bridge did not see itself: the board or
# the server was away. Said instead of "put it back". $piece: accusative ("den weißen Bauern").
eboard-holding = { $whose ->
    [white] Am Tisch hat Weiß { $piece } von { $from } angehoben und noch nicht abgestellt.
    [black] Am Tisch hat Schwarz { $piece } von { $from } angehoben und noch nicht abgestellt.
   *[yours] Am Tisch haben Sie { $piece } von { $from } angehoben und noch nicht abgestellt.
}
eboard-refused = Vom elektronischen Brett nicht angenommen: { $reason }
eboard-bridge-gone = { $whose ->
    [white] Das elektronische Brett von Weiß ist nicht mehr mit der Partie verbunden: Was darauf geschieht, wird nicht gesehen.
    [black] Das elektronische Brett von Schwarz ist nicht mehr mit der Partie verbunden: Was darauf geschieht, wird nicht gesehen.
   *[yours] Ihr elektronisches Brett ist nicht mehr mit der Partie verbunden: Was Sie darauf tun, wird nicht gesehen.
}

# A board_status from, or a bridge greeting as, a seat that is no player.
error-eboard-players-only = Nur das elektronische Brett eines Spielers meldet seinen Zustand: Nehmen Sie den Link von Weiß oder Schwarz.

## The bridge's own lines (`hamle board`)

bridge-bad-link = „{ $link }“ ist kein Platz-Link von hamle: Erwartet wird der Link eines Spielers, etwa http://server:7878/vi?lang=de#game=…&token=…
bridge-bad-kind = „{ $value }“ ist keine Brettart: dgt oder chessnut.
bridge-bad-settle = „{ $value }“ ist keine Wartezeit: Geben Sie Millisekunden von 0 bis 5000 an.
bridge-bad-clock = „{ $value }“ ist keine Seite der Uhr: left (links) oder right (rechts).
bridge-bad-livechess = „{ $value }“ ist keine Adresse von DGT LiveChess: Geben Sie seinen WebSocket an, etwa ws://127.0.0.1:1982/api/v1.0.
bridge-connecting = Verbinde mit der Partie { $game } auf { $server } …
bridge-welcome = Mit der Partie verbunden, als { $seat }.
bridge-not-a-player = Dieser Link gehört { $seat }: Ein elektronisches Brett gehört zu einem Spieler. Nehmen Sie den Link von Weiß oder Schwarz.
bridge-server-lost = Die Verbindung zum Server ist unterbrochen ({ $reason }); neuer Versuch in { $ms } ms.
bridge-server-refused = Der Server nimmt diese Brücke nicht an: { $reason }
bridge-port-open = Anschluss { $port } ist offen; das Brett wird gefragt.
bridge-port-failed = Der Anschluss { $port } lässt sich nicht öffnen ({ $reason }); neuer Versuch in { $ms } ms.
bridge-port-lost = Der Anschluss { $port } ist weg ({ $reason }); neuer Versuch in { $ms } ms.
bridge-port-silent = Das Brett antwortet nicht mehr
bridge-turned = Das Brett liegt andersherum (der Anschluss rechts von Weiß): Es wird gedreht gelesen.
bridge-lever = Ihr Hebel der Uhr wurde gedrückt: Am Tisch wird die Uhr gedrückt.
bridge-clock-set = Die Uhr zeigte anderes als der Tisch: auf die Zeiten des Tisches gestellt, { $left } links, { $right } rechts.
# The reason LiveChess is tried again (no board, or not the one named); said in bridge-port-failed.
bridge-livechess-no-board = { $serial ->
    [none] An DGT LiveChess ist kein elektronisches Brett angeschlossen
   *[other] An DGT LiveChess ist kein elektronisches Brett mit der Seriennummer { $serial } angeschlossen
}
bridge-unmapped = Was das Brett zeigt, kann der Tisch nicht als Brettereignis nehmen ({ $reason ->
    [hand_full] am Tisch ist auf diesem Brett schon eine Figur herausgehoben
    [not_on_record] am Tisch steht auf { $square } eine andere Figur
   *[unreachable] es ließe sich nur mit zwei Händen zugleich so stellen
}); melden Sie es auf der Seite oder dem Schiedsrichter.
bridge-stopped = Die Brücke ist beendet.
