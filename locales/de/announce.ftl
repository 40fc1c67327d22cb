# Spoken moves and the reasons an announcement is refused (German, Appendix D vocabulary).

## Board vocabulary

file-name = { $file ->
    [a] Anna
    [b] Bella
    [c] Cäsar
    [d] David
    [e] Eva
    [f] Felix
    [g] Gustav
   *[h] Hektor
}
rank-name = { $rank ->
    [1] eins
    [2] zwei
    [3] drei
    [4] vier
    [5] fünf
    [6] sechs
    [7] sieben
   *[8] acht
}
square-name = { $file } { $rank }
piece-name = { $role ->
    [king] König
    [queen] Dame
    [rook] Turm
    [bishop] Läufer
    [knight] Springer
   *[pawn] Bauer
}

## Moves

move-normal = { $style ->
    [captured] { $capture ->
        [yes] { $has_origin ->
            [yes] { $piece } { $origin } schlägt { $captured } { $to }
           *[no] { $piece } schlägt { $captured } { $to }
        }
       *[no] { $has_origin ->
            [yes] { $piece } { $origin } { $to }
           *[no] { $piece } { $to }
        }
    }
    [full] { $capture ->
        [yes] { $piece } { $origin } schlägt { $captured } { $to }
       *[no] { $piece } { $origin } nach { $to }
    }
   *[short] { $capture ->
        [yes] { $has_origin ->
            [yes] { $piece } { $origin } schlägt { $to }
           *[no] { $piece } schlägt { $to }
        }
       *[no] { $has_origin ->
            [yes] { $piece } { $origin } { $to }
           *[no] { $piece } { $to }
        }
    }
}
move-promotion = { $style ->
    [full] { $move }, Umwandlung in { $piece }
   *[short] { $move } { $piece }
}
move-en-passant = { $move } en passant
move-castle = { $side ->
    [kingside] Kurze Rochade
   *[queenside] Lange Rochade
}
move-suffix = { $suffix ->
    [check] { $move }, Schach
    [mate] { $move }, matt
   *[none] { $move }
}

## Lists

list-comma = { $first }, { $second }
list-or = { $first } oder { $last }

## Not understood

parse-empty = Ich habe keinen Zug gehört.
parse-unknown-word = Das Wort „{ $word }“ kenne ich nicht (Wort { $position }).
parse-unexpected-word = Das Wort „{ $word }“ passt hier nicht (Wort { $position }).
parse-incomplete = Die Ansage ist unvollständig: Es fehlt das Zielfeld.
parse-too-long = Die Ansage ist zu lang für einen Zug.

## Ambiguous

ambiguous-piece = { $role ->
    [queen] Welche Dame: { $squares }?
   *[other] Welcher { $piece }: { $squares }?
}
ambiguous-move = Welcher Zug: { $moves }?

## Illegal

illegal-cannot-reach = { $role ->
    [queen] Keine Dame kann nach { $square } ziehen.
   *[other] Kein { $piece } kann nach { $square } ziehen.
}
illegal-no-piece-on-square = { $role ->
    [any] Auf { $square } steht keine eigene Figur.
    [queen] Auf { $square } steht keine eigene Dame.
   *[other] Auf { $square } steht kein eigener { $piece }.
}
illegal-own-piece = Auf { $square } steht schon eine eigene Figur.
illegal-king-in-check = { $now ->
    [yes] Der König steht im Schach, und dieser Zug hebt das Schach nicht auf.
   *[no] Nach diesem Zug stünde der eigene König im Schach.
}
illegal-nothing-to-capture = Auf { $square } steht nichts zum Schlagen.
illegal-wrong-captured = { $actual_role ->
    [none] Auf { $square } steht keine Figur.
    [queen] Auf { $square } steht kein { $said }, sondern eine Dame.
   *[other] Auf { $square } steht kein { $said }, sondern ein { $actual }.
}
illegal-not-en-passant = Dieser Zug ist kein Schlagen en passant.
illegal-no-en-passant = Schlagen en passant ist jetzt nicht möglich.
illegal-promotion-missing = Der Bauer wird umgewandelt: Bitte die Figur nennen, Dame, Turm, Läufer oder Springer.
illegal-no-promotion = Dieser Zug ist keine Umwandlung.
illegal-castling-rights-lost = { $side ->
    [kingside] Kurze Rochade ist nicht mehr erlaubt: König oder Turm haben schon gezogen.
   *[queenside] Lange Rochade ist nicht mehr erlaubt: König oder Turm haben schon gezogen.
}
illegal-castling-blocked = { $side ->
    [kingside] Kurze Rochade geht nicht: Zwischen König und Turm stehen Figuren.
   *[queenside] Lange Rochade geht nicht: Zwischen König und Turm stehen Figuren.
}
illegal-castling-out-of-check = Rochade geht nicht: Der König steht im Schach.
illegal-castling-through-check = Rochade geht nicht: Der König müsste über das angegriffene Feld { $square } ziehen.
illegal-castling-into-check = Rochade geht nicht: Der König stünde danach im Schach.
illegal-no-legal-moves = Die Partie ist zu Ende: Es gibt keinen legalen Zug mehr.

## Command line

cli-not-a-move = „{ $move }“ ist hier kein legaler Zug (erwartet: UCI wie g1f3 oder SAN wie Nf3).
cli-bad-fen = Die Stellung (FEN) ist ungültig: { $detail }
cli-line = Zeile { $line }: { $reason }
