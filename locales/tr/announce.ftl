# Spoken moves and the reasons an announcement is refused (Turkish).

## Board vocabulary

file-name = { $file ->
    [a] a
    [b] be
    [c] ce
    [d] de
    [e] e
    [f] fe
    [g] ge
   *[h] he
}
rank-name = { $rank ->
    [1] bir
    [2] iki
    [3] üç
    [4] dört
    [5] beş
    [6] altı
    [7] yedi
   *[8] sekiz
}
square-name = { $file } { $rank }
piece-name = { $role ->
    [king] Şah
    [queen] Vezir
    [rook] Kale
    [bishop] Fil
    [knight] At
   *[pawn] Piyon
}

## Moves

move-normal = { $style ->
    [captured] { $capture ->
        [yes] { $has_origin ->
            [yes] { $piece } { $origin } alır { $captured } { $to }
           *[no] { $piece } alır { $captured } { $to }
        }
       *[no] { $has_origin ->
            [yes] { $piece } { $origin } { $to }
           *[no] { $piece } { $to }
        }
    }
    [full] { $capture ->
        [yes] { $piece } { $origin } alır { $captured } { $to }
       *[no] { $piece } { $origin } { $to }
    }
   *[short] { $capture ->
        [yes] { $has_origin ->
            [yes] { $piece } { $origin } alır { $to }
           *[no] { $piece } alır { $to }
        }
       *[no] { $has_origin ->
            [yes] { $piece } { $origin } { $to }
           *[no] { $piece } { $to }
        }
    }
}
move-promotion = { $style ->
    [full] { $move }, terfi { $piece }
   *[short] { $move } { $piece }
}
move-en-passant = { $move } geçerken alma
move-castle = { $side ->
    [kingside] Kısa rok
   *[queenside] Uzun rok
}
move-suffix = { $suffix ->
    [check] { $move }, şah
    [mate] { $move }, mat
   *[none] { $move }
}

## Lists

list-comma = { $first }, { $second }
list-or = { $first } veya { $last }

## Not understood

parse-empty = Bir hamle duymadım.
parse-unknown-word = "{ $word }" kelimesini bilmiyorum ({ $position }. kelime).
parse-unexpected-word = "{ $word }" kelimesi burada anlamsız ({ $position }. kelime).
parse-incomplete = Hamle eksik: hedef kare söylenmedi.
parse-too-long = Bu söz bir hamle için çok uzun.

## Ambiguous

ambiguous-piece = Hangi { $piece }: { $squares }?
ambiguous-move = Hangi hamle: { $moves }?

## Illegal

illegal-cannot-reach = Hiçbir { $piece } { $square } karesine gidemez.
illegal-no-piece-on-square = { $role ->
    [any] { $square } karesinde kendi taşınız yok.
   *[other] { $square } karesinde kendi { $piece } taşınız yok.
}
illegal-own-piece = { $square } karesinde zaten kendi taşınız var.
illegal-king-in-check = { $now ->
    [yes] Şahınız şah altında ve bu hamle şahı kaldırmıyor.
   *[no] Bu hamleden sonra kendi şahınız şah altında kalır.
}
illegal-nothing-to-capture = { $square } karesinde alınacak taş yok.
illegal-wrong-captured = { $actual_role ->
    [none] { $square } karesinde taş yok.
   *[other] { $square } karesinde { $said } değil, { $actual } var.
}
illegal-not-en-passant = Bu hamle geçerken alma değil.
illegal-no-en-passant = Şu anda geçerken alma mümkün değil.
illegal-promotion-missing = Piyon terfi ediyor: lütfen taşı söyleyin, vezir, kale, fil veya at.
illegal-no-promotion = Bu hamle bir terfi değil.
illegal-castling-rights-lost = { $side ->
    [kingside] Kısa rok artık yapılamaz: şah veya kale daha önce oynadı.
   *[queenside] Uzun rok artık yapılamaz: şah veya kale daha önce oynadı.
}
illegal-castling-blocked = { $side ->
    [kingside] Kısa rok yapılamaz: şah ile kale arasında taş var.
   *[queenside] Uzun rok yapılamaz: şah ile kale arasında taş var.
}
illegal-castling-out-of-check = Rok yapılamaz: şahınız şah altında.
illegal-castling-through-check = Rok yapılamaz: şah, saldırı altındaki { $square } karesinden geçmek zorunda.
illegal-castling-into-check = Rok yapılamaz: şah rok sonrası şah altında kalır.
illegal-no-legal-moves = Oyun bitti: yapılabilecek yasal hamle yok.

## Command line

cli-not-a-move = "{ $move }" burada yasal bir hamle değil (beklenen: g1f3 gibi UCI veya Nf3 gibi SAN).
cli-bad-fen = Konum (FEN) geçersiz: { $detail }
cli-line = Satır { $line }: { $reason }
