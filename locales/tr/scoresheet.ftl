# Scoresheets, diverging boards (D.2.9), adjournment and Braille export (Turkish).

## Pieces and squares in the cases the sentences need

# $form: the (definite, accusative), a (indefinite object), one (indefinite subject)
sheet-piece = { $form ->
    [the] { $color ->
        [white] beyaz
       *[black] siyah
    } { $role ->
        [king] şahı
        [queen] veziri
        [rook] kaleyi
        [bishop] fili
        [knight] atı
       *[pawn] piyonu
    }
   *[other] bir { $color ->
        [white] beyaz
       *[black] siyah
    } { $role ->
        [king] şah
        [queen] vezir
        [rook] kale
        [bishop] fil
        [knight] at
       *[pawn] piyon
    }
}
sheet-square-from = { $file } { $rank ->
    [1] birden
    [2] ikiden
    [3] üçten
    [4] dörtten
    [5] beşten
    [6] altıdan
    [7] yediden
   *[8] sekizden
}
sheet-square-to = { $file } { $rank ->
    [1] bire
    [2] ikiye
    [3] üçe
    [4] dörde
    [5] beşe
    [6] altıya
    [7] yediye
   *[8] sekize
}
sheet-square-at = { $file } { $rank_name }
sheet-color = { $color ->
    [white] Beyaz
   *[black] Siyah
}
sheet-clock-time = { $minutes ->
    [0] { $seconds } saniye
   *[other] { $seconds ->
        [0] { $minutes } dakika
       *[other] { $minutes } dakika { $seconds } saniye
    }
}
# The position after a half-move; $ply 0 is the start.
sheet-position-after = { $ply ->
    [0] başlangıç konumu
   *[other] { $color ->
        [white] Beyazın
       *[black] Siyahın
    } { $number }. hamlesinden sonraki konum
}

## Steps at the board

step-move = Lütfen { $piece } { $from } alın ve { $to } koyun.
step-remove = Lütfen { $piece } { $from } alın ve tahtadan kaldırın.
step-add = Lütfen { $to } { $piece_a } koyun.
step-set-aside = Lütfen { $piece } { $from } alın ve tahtanın yanına koyun.
step-put-back = Lütfen tahtanın yanına koyduğunuz { $piece } { $to } koyun.

## Diverging boards

reconcile-empty = boş
reconcile-difference = Kare { $square }: { $whose ->
    [white] Beyazın tahtasında
    [black] Siyahın tahtasında
   *[yours] sizin tahtanızda
} { $found }, { $against ->
    [opponent] rakibin tahtasında
    [sheet] hamle kâğıdına göre
   *[game] oyunda
} { $expected }.
reconcile-stopped = Tahtalar birbirini tutmuyor. Saatler durduruldu; hakem iki hamle kâğıdıyla durumu düzeltecek.
reconcile-sheets-agree = Hamle kâğıtları birbirini tutuyor.
reconcile-sheets-differ = Hamle kâğıtları birbirinden farklı.
reconcile-undone = Hakem son kararını geri alıyor: geri alınan hamleler yeniden oynanır.
reconcile-board-right = { $whose ->
    [white] Beyazın tahtası doğru.
    [black] Siyahın tahtası doğru.
   *[yours] Tahtanız doğru.
}
reconcile-board-fix = { $whose ->
    [white] Beyazın tahtası düzeltiliyor: { $count } adım.
    [black] Siyahın tahtası düzeltiliyor: { $count } adım.
   *[yours] Tahtanız adım adım düzeltiliyor.
}
reconcile-restore = Geri dönülen konum: { $position }. Saatler: Beyaz { $white_time }, Siyah { $black_time }. Hakem bunları yine de ayarlayabilir.
reconcile-restore-no-clock = Geri dönülen konum: { $position }. Bu konum için kayıtlı saat yok; saatleri hakem ayarlar.
reconcile-board-done = { $whose ->
    [white] Beyazın tahtası artık doğru.
    [black] Siyahın tahtası artık doğru.
   *[yours] Tahtanız artık doğru.
}
reconcile-still-differs = Hâlâ { $count } kare farklı.

## The arbiter's log

log-sheet-read = { $stop ->
    [missing] { $color } hamle kâğıdı: { $moves } yarım hamle okundu, sonra bir kayıt eksik.
    [move] { $color } hamle kâğıdı: { $moves } yarım hamle okundu, sonra "{ $text }" kurallara uygun bir hamle değil.
   *[none] { $color } hamle kâğıdı: { $moves } yarım hamle okundu.
}
log-sheet-beyond-game = { $color } hamle kâğıdı: { $extra } yarım hamle oyunun son hamlesinden sonra yazılmış, henüz sayılmaz.
log-agreement = İki hamle kâğıdı ve oyun, { $official } yarım hamlenin ilk { $plies } tanesinde uyuşuyor.
log-branch = { $branch ->
    [agree] Birinci durum: hamle kâğıtları uyuşuyor; farklı olan tahta düzeltilir.
    [differ] İkinci durum: hamle kâğıtları farklı; son uyuşan noktaya dönülür.
    [undo] Hakem son kararını geri alıyor.
   *[override] Konumu hakem seçiyor.
}
log-disagreement = { $kind ->
    [sheets] Hamle kâğıtları { $ply }. yarım hamleden sonra ayrılıyor.
    [official] Hamle kâğıtları { $ply }. yarım hamleden sonra oyundan ayrılıyor.
   *[unwritten] Hamle kâğıtlarında { $official } yarım hamlenin yalnızca { $ply } tanesi var.
}
log-override = Hakem { $ply }. yarım hamleye dönüyor.
log-board-checked = { $count ->
    [0] { $color } tahtası: doğru.
   *[other] { $color } tahtası: { $count } kare farklı.
}
log-instructions = { $color } tahtası: { $count } adım söylendi.
log-take-back = Oyun { $from }. yarım hamleden { $to }. yarım hamleye geri alınıyor.
log-clocks-restored = Saatler { $ply }. yarım hamledeki gibi: Beyaz { $white_time }, Siyah { $black_time }.
log-clock-missing = { $ply }. yarım hamle için kayıtlı saat yok.
log-undone = Geri alınan { $plies } yarım hamle yeniden oynanır.

## Scoresheet as text

sheet-title = { $name } hamle kâğıdı ({ $color ->
    [white] Beyaz
   *[black] Siyah
})
sheet-players = Beyaz: { $white }. Siyah: { $black }.
sheet-line = { $number }. { $white }, { $black }
sheet-line-white = { $number }. { $white }
sheet-line-black = { $number }... { $black }
sheet-entry = { $state ->
    [missing] (boş)
    [struck] (çizildi)
   *[written] { $text }{ $draw ->
        [yes] {" "}(=)
       *[no] {""}
    }{ $corrected ->
        [yes] {" "}(düzeltildi, önceki { $before })
       *[no] {""}
    }{ $audio ->
        [yes] {" "}(ses kaydı)
       *[no] {""}
    }
}

## Adjournment

adjourn-opened = { $color } tarafının zarfa koyduğu hamle: { $move }.
adjourn-loses = { $color } kaybeder: zarftaki hamle { $reason ->
    [missing] yok
    [ambiguous] belirsiz
    [illegal] kurallara aykırı
   *[unclear] anlaşılmıyor
}.

## Braille

braille-missing = Braille çıktısı için lou_translate programı eksik. Lütfen liblouis kurun (Debian: liblouis-bin ve liblouis-data).
braille-failed = Braille çevirisi başarısız oldu: { $detail }

## The arbiter's desk on the wire (scoresheet events, boards put right, adjournment)

desk-sheet-written = Hamle kâğıdı, { $color }: { $auto ->
    [true] otomatik kaydedildi
   *[false] yazıldı
}{ $correction ->
    [true] {" "}(düzeltme)
   *[false] {""}
}: { $number }{ $side ->
    [white] .
   *[black] ...
} { $entry }{ $draw ->
    [true] {" "}(=)
   *[false] {""}
}
desk-sheet-struck = Hamle kâğıdı, { $color }: çizildi: { $number }{ $side ->
    [white] .
   *[black] ...
}
desk-auto-record = { $on ->
    [true] Hamle kâğıdı, { $color }: artık oyuncunun kabul edilen kendi bildirimlerinden kaydediliyor.
   *[false] Hamle kâğıdı, { $color }: artık otomatik kaydedilmiyor.
}
desk-board-fixed = Tahta, { $board }: { $square } { $action ->
    [lift] karesinden bir taş kaldırıldı
   *[place] karesine bir taş kondu
}.
desk-reconciled = İki tahta yine aynı konumu gösteriyor. Sorun çözüldü.
desk-adjournment-called = Hakem oyunu erteliyor. { $color } hamlesini mühürlüyor: hamleyi gizlice hamle kâğıdına yazın, sonra saati durdurun.
desk-sealed-own = Mühürlü hamleniz: { $move }. Saati durdurana kadar değiştirebilirsiniz.
desk-sealed = { $color } mühürlü hamleyi yazdı.
desk-adjourned = Saat durduruldu ve zarf kapatıldı. Oyun ertelendi.

## Errors of the desk

error-no-such-slot = Hamle kâğıdında böyle bir hamle yok.
error-nothing-to-strike = Orada çizilecek bir şey yazılı değil.
error-sheet-too-long = Hamle kâğıdı dolu.
error-entry-too-long = Bu kayıt çok uzun.
error-boards-agree = İki tahta da oyunun konumunu gösteriyor.
error-no-case = Tahtalar arasında fark yok.
error-case-open = Tahtalar birbirini tutmuyor: önce hakem karar verir, sonra tahtalar düzeltilir.
error-not-fixing = Şu anda düzeltilen bir tahta yok.
error-ply-beyond-game = Oyun henüz o hamleye gelmedi.
error-fix-empty-square = { $square } karesinde taş yok.
error-fix-occupied = { $square } karesinde zaten bir taş var.
error-no-piece-lifted = Tahtaya hangi taşın konacağını söyleyin: kaldırılan taş yok.
error-no-adjournment = Erteleme istenmedi.
error-adjournment-pending = Bir erteleme zaten sürüyor.
error-not-sealer = Hamleyi yalnızca hamle sırası olan oyuncu mühürler.
error-nothing-sealed = Saati durdurmadan önce mühürlü hamleyi yazın.
error-not-adjourned = Oyun ertelenmedi.
error-adjourned = Oyun ertelendi: hakem mühürlü hamleyi açınca devam eder.
error-sheets-empty = Hiçbir hamle kâğıdında hamle yok, bu yüzden karar hamle kâğıtlarına göre verilemez (D.2.9). Kâğıtları doldurtun ya da dönülecek yarım hamleyi seçin.
error-sheets-behind = Hamle kâğıtlarında oyunun { $official } yarım hamlesinden yalnızca { $written } tanesi var: onlara göre karar, kimsenin itiraz etmediği hamleleri geri alır. Kâğıtları doldurtun ya da dönülecek yarım hamleyi seçin.
error-ruling-changed = Karar size gösterilen karar değil artık: şimdi { $take_back } yarım hamle geri alır. Onaylamadan önce yeniden bakın.
error-nothing-to-undo = Geri alınacak karar yok: hiçbiri hamle geri almadı ya da o zamandan beri hamle yapıldı.
error-unknown-audio = Bu oyunda { $audio } kaydı yok.
error-audio-too-large = Kayıt çok büyük: en fazla { $limit } bayt.
error-bad-audio-type = Kaydı audio/ogg gibi bir ses ortam türüyle gönderin.
error-empty-audio = Kayıt boş.
error-no-envelope = Bu oyunun zarfı yok.
