# Scoresheets, diverging boards (D.2.9), adjournment and Braille export (German).

## Pieces and squares in the cases the sentences need

# $form: the (definite, accusative), a (indefinite, accusative), one (indefinite, nominative)
sheet-piece = { $form ->
    [the] { $role ->
        [queen] die { $color ->
            [white] weiße
           *[black] schwarze
        } Dame
       *[other] den { $color ->
            [white] weißen
           *[black] schwarzen
        } { $role ->
            [king] König
            [rook] Turm
            [bishop] Läufer
            [knight] Springer
           *[pawn] Bauern
        }
    }
    [a] { $role ->
        [queen] eine { $color ->
            [white] weiße
           *[black] schwarze
        } Dame
       *[other] einen { $color ->
            [white] weißen
           *[black] schwarzen
        } { $role ->
            [king] König
            [rook] Turm
            [bishop] Läufer
            [knight] Springer
           *[pawn] Bauern
        }
    }
   *[one] { $role ->
        [queen] eine { $color ->
            [white] weiße
           *[black] schwarze
        } Dame
       *[other] ein { $color ->
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
sheet-square-from = { $file } { $rank_name }
sheet-square-to = { $file } { $rank_name }
sheet-square-at = { $file } { $rank_name }
sheet-color = { $color ->
    [white] Weiß
   *[black] Schwarz
}
sheet-clock-time = { $minutes ->
    [0] { $seconds ->
        [one] eine Sekunde
       *[other] { $seconds } Sekunden
    }
   *[other] { $minutes ->
        [one] eine Minute
       *[other] { $minutes } Minuten
    }{ $seconds ->
        [0] {""}
        [one] {" "}und eine Sekunde
       *[other] {" "}und { $seconds } Sekunden
    }
}
# The position after a half-move; $ply 0 is the start.
sheet-position-after = { $ply ->
    [0] die Ausgangsstellung
   *[other] die Stellung nach dem { $number }. Zug von { $color ->
        [white] Weiß
       *[black] Schwarz
    }
}

## Steps at the board

step-move = Nimm { $piece } von { $from }, setze { $role ->
    [queen] sie
   *[other] ihn
} auf { $to }.
step-remove = Nimm { $piece } von { $from } vom Brett.
step-add = Setze { $piece_a } auf { $to }.
step-set-aside = Nimm { $piece } von { $from } und lege { $role ->
    [queen] sie
   *[other] ihn
} neben das Brett.
step-put-back = Setze { $piece }, { $role ->
    [queen] die
   *[other] den
} du neben das Brett gelegt hast, auf { $to }.

## Diverging boards

reconcile-empty = leer
reconcile-difference = Auf { $square }: { $whose ->
    [white] auf dem Brett von Weiß
    [black] auf dem Brett von Schwarz
   *[yours] auf Ihrem Brett
} { $found }, { $against ->
    [opponent] auf dem Brett des Gegners
    [sheet] laut Partieformular
   *[game] in der Partie
} { $expected }.
reconcile-stopped = Die Bretter stimmen nicht überein. Die Uhren sind angehalten; der Schiedsrichter klärt es mit beiden Partieformularen.
reconcile-sheets-agree = Die Partieformulare stimmen überein.
reconcile-sheets-differ = Die Partieformulare weichen voneinander ab.
reconcile-undone = Der Schiedsrichter nimmt seine letzte Entscheidung zurück: Die zurückgenommenen Züge werden wieder gespielt.
reconcile-board-right = { $whose ->
    [white] Das Brett von Weiß ist richtig.
    [black] Das Brett von Schwarz ist richtig.
   *[yours] Ihr Brett ist richtig.
}
reconcile-board-fix = { $whose ->
    [white] { $count ->
        [one] Das Brett von Weiß wird berichtigt: ein Schritt.
       *[other] Das Brett von Weiß wird berichtigt: { $count } Schritte.
    }
    [black] { $count ->
        [one] Das Brett von Schwarz wird berichtigt: ein Schritt.
       *[other] Das Brett von Schwarz wird berichtigt: { $count } Schritte.
    }
   *[yours] Ihr Brett wird berichtigt, Schritt für Schritt.
}
reconcile-restore = Zurück auf { $position }. Uhren: Weiß { $white_time }, Schwarz { $black_time }. Der Schiedsrichter kann sie noch anpassen.
reconcile-restore-no-clock = Zurück auf { $position }. Für diese Stellung ist keine Uhrzeit gespeichert; der Schiedsrichter stellt die Uhren.
reconcile-board-done = { $whose ->
    [white] Das Brett von Weiß stimmt jetzt.
    [black] Das Brett von Schwarz stimmt jetzt.
   *[yours] Ihr Brett stimmt jetzt.
}
reconcile-still-differs = Noch { $count ->
    [one] ein Feld weicht
   *[other] { $count } Felder weichen
} ab.

## The arbiter's log

log-sheet-read = { $stop ->
    [missing] Partieformular von { $color }: { $moves } Halbzüge gelesen, dann fehlt ein Eintrag.
    [move] Partieformular von { $color }: { $moves } Halbzüge gelesen, dann ist „{ $text }“ kein regelgemäßer Zug.
   *[none] Partieformular von { $color }: { $moves } Halbzüge gelesen.
}
log-sheet-beyond-game = Partieformular von { $color }: { $extra } Halbzüge stehen nach dem letzten Zug der Partie und zählen noch nicht.
log-agreement = Beide Partieformulare und die Partie stimmen in den ersten { $plies } von { $official } Halbzügen überein.
log-branch = { $branch ->
    [agree] Fall eins: Die Partieformulare stimmen überein; das abweichende Brett wird berichtigt.
    [differ] Fall zwei: Die Partieformulare weichen ab; zurück zur letzten Übereinstimmung.
    [undo] Der Schiedsrichter nimmt seine letzte Entscheidung zurück.
   *[override] Der Schiedsrichter wählt die Stellung.
}
log-disagreement = { $kind ->
    [sheets] Die Partieformulare unterscheiden sich ab Halbzug { $ply }.
    [official] Die Partieformulare weichen ab Halbzug { $ply } von der Partie ab.
   *[unwritten] Die Partieformulare enthalten nur { $ply } von { $official } Halbzügen.
}
log-override = Der Schiedsrichter setzt auf Halbzug { $ply }.
log-board-checked = { $count ->
    [0] Brett von { $color }: stimmt.
   *[other] Brett von { $color }: { $count } Felder weichen ab.
}
log-instructions = { $count ->
    [one] Brett von { $color }: ein Schritt angesagt.
   *[other] Brett von { $color }: { $count } Schritte angesagt.
}
log-take-back = Die Partie geht von Halbzug { $from } zurück auf Halbzug { $to }.
log-clocks-restored = Uhren wie nach Halbzug { $ply }: Weiß { $white_time }, Schwarz { $black_time }.
log-clock-missing = Für Halbzug { $ply } ist keine Uhrzeit gespeichert.
log-undone = { $plies } zurückgenommene Halbzüge werden wieder gespielt.

## Scoresheet as text

sheet-title = Partieformular von { $name } ({ $color ->
    [white] Weiß
   *[black] Schwarz
})
sheet-players = Weiß: { $white }. Schwarz: { $black }.
sheet-line = { $number }. { $white }, { $black }
sheet-line-white = { $number }. { $white }
sheet-line-black = { $number }... { $black }
sheet-entry = { $state ->
    [missing] (leer)
    [struck] (gestrichen)
   *[written] { $text }{ $draw ->
        [yes] {" "}(=)
       *[no] {""}
    }{ $corrected ->
        [yes] {" "}(berichtigt, vorher { $before })
       *[no] {""}
    }{ $audio ->
        [yes] {" "}(Aufnahme)
       *[no] {""}
    }
}

## Adjournment

adjourn-opened = Der abgegebene Zug von { $color }: { $move }.
adjourn-loses = { $color } verliert: Der abgegebene Zug { $reason ->
    [missing] fehlt
    [ambiguous] ist mehrdeutig
    [illegal] ist nicht regelgemäß
   *[unclear] ist nicht verständlich
}.

## Braille

braille-missing = Für die Braille-Ausgabe fehlt das Programm lou_translate. Bitte liblouis installieren (Debian: liblouis-bin und liblouis-data).
braille-failed = Die Braille-Übersetzung ist fehlgeschlagen: { $detail }

## The arbiter's desk on the wire (scoresheet events, boards put right, adjournment)

desk-sheet-written = { $auto ->
    [true] Auf dem Partieformular von { $color } aufgezeichnet
   *[false] Auf dem Partieformular von { $color } notiert
}{ $correction ->
    [true] {" "}(Korrektur)
   *[false] {""}
}: { $number }{ $side ->
    [white] .
   *[black] ...
} { $entry }{ $draw ->
    [true] {" "}(=)
   *[false] {""}
}
desk-sheet-struck = Auf dem Partieformular von { $color } gestrichen: { $number }{ $side ->
    [white] .
   *[black] ...
}
desk-auto-record = { $on ->
    [true] Das Partieformular von { $color } wird jetzt aus den eigenen angenommenen Ansagen geführt.
   *[false] Das Partieformular von { $color } wird nicht mehr automatisch geführt.
}
desk-board-fixed = Brett von { $board }: { $action ->
    [lift] Figur abgehoben von
   *[place] Figur gesetzt auf
} { $square }.
desk-reconciled = Beide Bretter zeigen wieder dieselbe Stellung. Der Fall ist abgeschlossen.
desk-adjournment-called = Der Schiedsrichter unterbricht die Partie. { $color } gibt den Abgabezug ab: verdeckt auf das Partieformular schreiben, dann die Uhr anhalten.
desk-sealed-own = Ihr Abgabezug: { $move }. Sie können ihn ändern, bis Sie die Uhr anhalten.
desk-sealed = { $color } hat den Abgabezug geschrieben.
desk-adjourned = Die Uhr ist angehalten und der Umschlag verschlossen. Die Partie ist unterbrochen.

## Errors of the desk

error-no-such-slot = Diesen Zug gibt es auf dem Partieformular nicht.
error-nothing-to-strike = Dort steht nichts, was gestrichen werden könnte.
error-sheet-too-long = Das Partieformular ist voll.
error-entry-too-long = Dieser Eintrag ist zu lang.
error-boards-agree = Beide Bretter zeigen die Stellung der Partie.
error-no-case = Die Bretter weichen nicht voneinander ab.
error-case-open = Die Bretter stimmen nicht überein: Erst entscheidet der Schiedsrichter, dann werden die Bretter richtiggestellt.
error-not-fixing = Gerade wird kein Brett richtiggestellt.
error-ply-beyond-game = So weit ist die Partie noch nicht.
error-fix-empty-square = Auf { $square } steht keine Figur.
error-fix-occupied = Auf { $square } steht schon eine Figur.
error-no-piece-lifted = Bitte sagen Sie, welche Figur aufs Brett kommt: Es wurde keine abgehoben.
error-no-adjournment = Es wurde keine Unterbrechung angeordnet.
error-adjournment-pending = Eine Unterbrechung ist schon im Gang.
error-not-sealer = Nur der Spieler am Zug gibt den Abgabezug ab.
error-nothing-sealed = Bitte erst den Abgabezug schreiben, dann die Uhr anhalten.
error-not-adjourned = Die Partie ist nicht unterbrochen.
error-adjourned = Die Partie ist unterbrochen: Sie geht weiter, wenn der Schiedsrichter den Abgabezug öffnet.
error-sheets-empty = Auf keinem Partieformular steht ein Zug, also können die Partieformulare nicht entscheiden (D.2.9). Lassen Sie die Formulare nachtragen oder wählen Sie den Halbzug, zu dem zurückgegangen wird.
error-sheets-behind = Die Partieformulare enthalten nur { $written } der { $official } Halbzüge der Partie: Eine Entscheidung nach ihnen nähme unbestrittene Züge zurück. Lassen Sie die Formulare nachtragen oder wählen Sie den Halbzug, zu dem zurückgegangen wird.
error-ruling-changed = Die Entscheidung ist nicht mehr die, die Ihnen gezeigt wurde: Sie nähme jetzt { $take_back } Halbzüge zurück. Sehen Sie sie vor der Bestätigung noch einmal an.
error-nothing-to-undo = Es gibt keine Entscheidung zum Zurücknehmen: Keine hat Züge zurückgenommen, oder seitdem wurde gezogen.
error-unknown-audio = Die Aufnahme { $audio } gibt es in dieser Partie nicht.
error-audio-too-large = Die Aufnahme ist zu groß: höchstens { $limit } Bytes.
error-bad-audio-type = Bitte die Aufnahme mit einem Audio-Medientyp senden, etwa audio/ogg.
error-empty-audio = Die Aufnahme ist leer.
error-no-envelope = Diese Partie hat keinen Umschlag.
