# Spoken moves and the reasons an announcement is refused (English).

## Board vocabulary

file-name = { $file }
rank-name = { $rank }
square-name = { $file }{ $rank }
piece-name = { $role ->
    [king] king
    [queen] queen
    [rook] rook
    [bishop] bishop
    [knight] knight
   *[pawn] pawn
}

## Moves

move-normal = { $style ->
    [captured] { $capture ->
        [yes] { $has_origin ->
            [yes] { $piece } { $origin } takes { $captured } { $to }
           *[no] { $piece } takes { $captured } { $to }
        }
       *[no] { $has_origin ->
            [yes] { $piece } { $origin } { $to }
           *[no] { $piece } { $to }
        }
    }
    [full] { $capture ->
        [yes] { $piece } { $origin } takes { $captured } { $to }
       *[no] { $piece } { $origin } to { $to }
    }
   *[short] { $capture ->
        [yes] { $has_origin ->
            [yes] { $piece } { $origin } takes { $to }
           *[no] { $piece } takes { $to }
        }
       *[no] { $has_origin ->
            [yes] { $piece } { $origin } { $to }
           *[no] { $piece } { $to }
        }
    }
}
move-promotion = { $style ->
    [full] { $move }, promotes to { $piece }
   *[short] { $move } { $piece }
}
move-en-passant = { $move } en passant
move-castle = { $side ->
    [kingside] Castles kingside
   *[queenside] Castles queenside
}
move-suffix = { $suffix ->
    [check] { $move }, check
    [mate] { $move }, checkmate
   *[none] { $move }
}

## Lists

list-comma = { $first }, { $second }
list-or = { $first } or { $last }

## Not understood

parse-empty = I heard no move.
parse-unknown-word = I do not know the word "{ $word }" (word { $position }).
parse-unexpected-word = The word "{ $word }" does not fit here (word { $position }).
parse-incomplete = The announcement is incomplete: the destination square is missing.
parse-too-long = That is too long to be a move.

## Ambiguous

ambiguous-piece = Which { $piece }: { $squares }?
ambiguous-move = Which move: { $moves }?

## Illegal

illegal-cannot-reach = No { $piece } can move to { $square }.
illegal-no-piece-on-square = { $role ->
    [any] You have no piece on { $square }.
   *[other] You have no { $piece } on { $square }.
}
illegal-own-piece = One of your own pieces already stands on { $square }.
illegal-king-in-check = { $now ->
    [yes] Your king is in check, and this move does not stop the check.
   *[no] That move would leave your own king in check.
}
illegal-nothing-to-capture = There is nothing to capture on { $square }.
illegal-wrong-captured = { $actual_role ->
    [none] There is no piece on { $square }.
   *[other] There is no { $said } on { $square }; it is a { $actual }.
}
illegal-not-en-passant = That move is not an en passant capture.
illegal-no-en-passant = No en passant capture is possible now.
illegal-promotion-missing = The pawn promotes: please name the piece, queen, rook, bishop or knight.
illegal-no-promotion = That move is not a promotion.
illegal-castling-rights-lost = { $side ->
    [kingside] You can no longer castle kingside: the king or that rook has moved.
   *[queenside] You can no longer castle queenside: the king or that rook has moved.
}
illegal-castling-blocked = { $side ->
    [kingside] You cannot castle kingside: there are pieces between king and rook.
   *[queenside] You cannot castle queenside: there are pieces between king and rook.
}
illegal-castling-out-of-check = You cannot castle: your king is in check.
illegal-castling-through-check = You cannot castle: the king would pass through { $square }, which is attacked.
illegal-castling-into-check = You cannot castle: the king would land in check.
illegal-no-legal-moves = The game is over: there is no legal move.

## Command line

cli-not-a-move = "{ $move }" is not a legal move here (expected UCI such as g1f3 or SAN such as Nf3).
cli-bad-fen = The position (FEN) is not valid: { $detail }
cli-line = Line { $line }: { $reason }
