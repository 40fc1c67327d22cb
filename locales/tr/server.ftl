# Server messages (Turkish): refusals, protocol errors, game events, the serve command.

## Names

# Sentences said one after the other (the words layer folds a list of them from the left).
sentences = { $first } { $next }
color-name = { $color ->
    [white] Beyaz
   *[black] Siyah
}
clock-time = { $minutes ->
    [0] { $seconds } saniye
   *[other] { $seconds ->
        [0] { $minutes } dakika
       *[other] { $minutes } dakika { $seconds } saniye
    }
}

## Game events

event-pause = { $reason ->
    [restart] Oyun durdu: sunucu yeniden başlatıldı. Hakem devam ettirene kadar saatler durur.
   *[arbiter] Hakem oyunu durdurdu. Saatler duruyor.
}
event-resume = Oyun devam ediyor.
event-clock-set = Hakem { $color } saatini { $time } olarak ayarladı.
event-end = Oyun bitti: { $reason ->
    [checkmate] şah mat
    [stalemate] pat
    [dead_position] iki taraf da artık mat edemez
    [timeout] süre doldu
    [timeout_draw] süre doldu, ama rakip artık mat edemez
    [resignation] terk
    [agreement] beraberlikte anlaşıldı
    [repetition] üç kez aynı konum
    [fifty_moves] elli hamle boyunca taş alınmadı ve piyon sürülmedi
    [fivefold_repetition] beş kez aynı konum
    [seventy_five_moves] yetmiş beş hamle boyunca taş alınmadı ve piyon sürülmedi
    [illegal_moves] çok fazla kural dışı hamle
    [forfeit] hükmen; oyun oynanmadı
   *[arbiter] hakem kararı
}. { $result ->
    [white] Beyaz kazandı.
    [black] Siyah kazandı.
    [double_forfeit] İki taraf da yenildi.
   *[draw] Berabere.
}

## Refusals (the game said no; nothing changed)

error-forbidden = Bu koltuktan buna izin yok.
error-not-your-turn = Hamle sırası sizde değil.
error-game-paused = Oyun durdurulmuş durumda.
error-game-over = Oyun bitti.
error-illegal-move = { $move } hamlesi bu konumda yapılamaz.
error-bad-uci = { $move } UCI yazımında bir hamle değil; örneğin e2e4 ya da e7e8q.
error-not-paused = Oyun durdurulmuş değil.
error-invalid-time = Bu süre olamaz: en fazla 24 saat.
error-storage-failed = Sunucu bunu kaydedemedi; hiçbir şey değişmedi. Lütfen yeniden deneyin.
error-game-unavailable = Oyuna şu anda ulaşılamıyor.
error-game-damaged = Bu oyunun kaydı bozuk ({ $seq }. olaydan itibaren). Oyun o ana kadar gösteriliyor, ama artık hiçbir şey eklenemez; lütfen hakemi ya da yöneticiyi çağırın.

## Protocol errors

error-bad-json = Mesaj bir JSON nesnesi değil.
error-unknown-type = Bilinmeyen mesaj türü: { $type }.
error-missing-field = { $field } alanı eksik.
error-invalid-field = { $field } alanının değeri geçersiz.
error-unsupported-version = { $version } protokol sürümü desteklenmiyor; bu sunucu { $supported } sürümünü konuşur.
error-hello-required = Lütfen önce jetonla bir hello mesajı gönderin.
error-hello-timeout = Hello mesajı gelmedi; bağlantı kapatılıyor.
error-idle-timeout = Bu bağlantıdan uzun süredir bir şey gelmedi; bağlantı kapatılıyor.
error-too-many-connections = Bu oyunun çok fazla bağlantısı var; daha sonra yeniden deneyin.
error-already-authenticated = Bu bağlantı zaten oturum açtı.
error-bad-token = Bu jeton bu oyun için geçerli değil.
error-rate-limited = Kısa sürede çok fazla mesaj; bu mesaj atıldı.
error-flood = Çok fazla mesaj; bağlantı kapatılıyor.
error-unsupported-frame = Yalnızca JSON içeren metin mesajları anlaşılır.
error-too-large = Mesaj çok büyük: en fazla { $limit } bayt.
error-message-unfinished = Bir mesaj bitmedi: çok fazla parça ya da çok uzun sürdü. Bağlantı kapatılıyor.
error-replaced = Bu koltuk yeniden bağlandı; bu bağlantı kapatılıyor.
error-shutting-down = Sunucu kapanıyor.
error-audio-unavailable = Bu sunucu şu anda ses gönderemiyor; olaylar yalnızca metin olarak geliyor.

## HTTP

error-unknown-path = Bu adreste hiçbir şey yok.
error-not-found = Böyle bir oyun yok.
error-unauthorized = Geçerli bir jeton eksik.
error-invalid-request = İstek geçersiz.
error-invalid-setting = { $field } ayarı geçersiz.
error-invalid-fen = { $field } ayarı, bir oyunun başlayabileceği bir konum değil: { $problem ->
    [syntax] FEN biçiminde yazılmamış
    [kings] iki tarafın da tam olarak bir şahı olmalı
    [pawns] birinci ya da son yatayda piyon var
    [castling] rok hakları şahlara ve kalelere uymuyor
    [en_passant] hiçbir piyonun çift adımı bu geçerken alma karesini bırakmış olamaz
    [check] sırası olmayan taraf şah altında ya da bu şah imkânsız
    [material] terfilerle elde edilebilecekten fazla taş var
    [over] oyun zaten bitmiş olurdu (mat, pat ya da ölü konum)
   *[illegal] standart satrançta kurallara uygun bir konum değil
}.
error-internal = Bir iç hata oluştu.

## The serve command

serve-listening = hamle { $url } adresinde dinliyor
serve-admin-token = Yönetici jetonu { $path } dosyasında
serve-stopped = hamle durdu.
serve-failed = hamle başlatılamadı: { $reason }
serve-data-in-use = Başka bir hamle (süreç { $pid }, başlangıç { $started }) { $dir } içindeki oyunları zaten sunuyor. Aynı oyunlarda iki sunucu onları bozar: önce ötekini durdurun ya da bu sunucuya kendi veri dizinini verin (--data, --store).
serve-data-in-use-node = { $node } küme düğümü (süreç { $pid }, başlangıç { $started }) { $dir } içindeki oyunları zaten sunuyor. Önce onu durdurun ya da bu sunucuyu kümenin başka bir düğümü olarak başlatın (--bus ve kendine ait bir --node adı).
serve-data-in-use-unknown = Başka bir hamle { $dir } içindeki oyunları zaten sunuyor. Aynı oyunlarda iki sunucu onları bozar: önce ötekini durdurun ya da bu sunucuya kendi veri dizinini verin (--data, --store).

## The Appendix at the table (physical boards, touch-move, claims)

seat-name = { $seat ->
    [white] Beyaz
    [black] Siyah
    [white_assistant] Beyazın yardımcısı
    [black_assistant] Siyahın yardımcısı
    [arbiter] Hakem
   *[spectator] Bir izleyici
}
event-board = { $board } tahtası: { $op ->
    [lift] { $square } karesindeki { $piece } yuvasından çıkarıldı.
    [place] { $piece } { $square } karesine takıldı.
    [remove] { $square } karesindeki { $piece } tahtadan alındı.
    [touch] { $square } karesindeki { $piece } dokunuldu.
   *[move] { $piece } { $square } karesinden { $to } karesine sürüldü.
}
event-board-differs = Dikkat: { $board } tahtasında { $shows } var, oynanan hamle { $expected }.
event-adjusting = { $seat }: düzeltiyorum.
event-announced = { $correction ->
    [true] { $seat } düzeltiyor: { $move }.
   *[false] { $seat } bildiriyor: { $move }.
}
event-repeated = { $matches ->
    [true] { $seat } tekrarlıyor: { $move }.
   *[false] { $seat } { $move } diye tekrarladı, ama bildirilen hamle { $expected }.
}
event-illegal-move = { $color } kural dışı hamle yaptı ({ $from } → { $to }): önceki konum geri kuruldu, { $opponent } { $time } ek süre aldı. Bu, { $color } için { $count }. kural dışı hamle; dokunulan taş oynanmalı.
event-touch-reported = Yardımcı bildiriyor: { $color }, { $square } karesindeki taşa dokundu. Hakem karar verecek.
event-touch-ruled = { $upheld ->
    [true] Hakem dokunmayı onayladı: dokunulan taş oynanır.
   *[false] Hakem bildirimi reddetti.
}
event-board-restored = Hakem { $board } tahtasını oyundaki konuma getirdi.
event-draw-offered = { $seat } beraberlik teklif ediyor.
event-draw-declined = { $seat } beraberlik teklifini reddetti.
event-draw-offer-lapsed = Beraberlik teklifi geçersiz oldu.
event-draw-claimed = { $seat } beraberlik istiyor ({ $claim ->
    [repetition] üç kez aynı konum
   *[fifty_moves] elli hamle kuralı
}{ $with ->
    [true] {""}, { $move } hamlesiyle
   *[false] {""}
}). { $correct ->
    [true] İstek haklı.
   *[false] İstek haksız: { $opponent } { $bonus } ek süre aldı{ $penalty ->
        [true] {""}, isteyenden { $taken } düşüldü
       *[false] {""}
    }. Oyun devam ediyor.
}
event-flag-fell = { $color } bayrağı düştü.
event-talking-clock = Beyaz: { $white }, { $white_moves } hamle. Siyah: { $black }, { $black_moves } hamle.
event-clock-warnings = { $on ->
    [true] Süre uyarıları açık.
   *[false] Süre uyarıları kapalı.
}
event-clock-warning = Kalan süre: { $time }.

error-not-physical = Bu oyun ayrı tahtalarla oynanmıyor: burada hamle, bildirim ve saat birlikte.
error-not-your-board = Yalnızca kendi tahtanızı bildirebilirsiniz.
error-assistant-own-move = Yardımcı hamleleri yalnızca rakibin tahtasında yapar; oyuncu kendi hamlesini kendisi yapar.
error-board-impossible = Bu tahtada olamaz: { $reason ->
    [no_piece] { $square } karesinde taş yok.
    [occupied] { $square } karesinde zaten bir taş var.
    [hand_full] Zaten bir taş yuvasından çıkarılmış; önce onu takın.
    [hand_empty] Yuvasından çıkarılmış bir taş yok.
    [bad_promotion] { $square } karesinde piyon terfi edemez.
    [touch_on_tactile] Dokunsal tahtada taş ancak yuvasından çıkarılınca dokunulmuş sayılır.
   *[own_piece] { $square } karesinde kendi taşınız var.
}
error-move-released = Hamle tahtada yapıldı: taş yeni karesine bırakıldı ve başka yere gidemez.
error-touch-move = Dokunulan taş oynanır: { $rule ->
    [castle] Şaha ve kaleye dokundunuz; bu kaleyle rok yapmalısınız.
    [king_move] Şaha ve kaleye dokundunuz; rok kurala aykırı, bu yüzden { $square } karesindeki şah oynamalı.
    [capture_with] { $square } karesindeki taşla dokunduğunuz taşı almalısınız.
    [move_piece] { $square } karesindeki dokunduğunuz taşı oynamalısınız.
    [capture_piece] { $square } karesindeki dokunduğunuz taşı almalısınız.
   *[written_move] Yazdığınız hamleyi oynamalısınız.
}
error-move-not-made = Saate henüz basılamaz: hamle tamamlanmadı.
missing-announcement = Hamle henüz bildirilmedi.
missing-capture = Alınan taş hâlâ { $square } karesinde.
missing-placement = Taş henüz yeni karesi { $square } yuvasına takılmadı.
missing-board = Tahta henüz bir hamle göstermiyor.
missing-same-move = Tahtada bildirilenden başka bir hamle var.
missing-behind = Tahtanız rakibinizin son hamlesini henüz göstermiyor: önce onu yapın.
guide-behind = Önce rakibin hamlesini yapın ({ $color }): { $move }.
error-too-late-to-correct = Rakibin saati çalışıyor: bildirim artık düzeltilemez.
error-nothing-to-repeat = Tekrarlanacak bir bildirim yok.
error-offer-not-now = Beraberlik kendi hamlenizden sonra teklif edilir.
error-offer-pending = Zaten bir beraberlik teklifi var.
error-no-offer = Rakibin beraberlik teklifi yok.
error-no-flag-fallen = Rakibin bayrağı düşmedi.
error-own-flag-fell-first = Önce sizin bayrağınız düştü.
error-no-touch-reported = Bildirilmiş bir dokunma yok.
error-not-visually-impaired = Konuşan saat görme engelli oyuncu içindir.
confirm-resign = Gerçekten terk etmek istiyor musunuz? Onaylamak için yeniden gönderin.
confirm-offer-draw = Gerçekten beraberlik teklif etmek istiyor musunuz? Teklif geri alınamaz. Onaylamak için yeniden gönderin.
confirm-claim-draw = Gerçekten beraberlik istiyor musunuz ({ $claim ->
    [repetition] üç kez aynı konum
   *[fifty_moves] elli hamle kuralı
})? Haksız istek süreye mal olur. Onaylamak için yeniden gönderin.
confirm-ruling = { $undo ->
    [yes] Son kararı geri al: { $replay } yarım hamle yeniden oynanır.
   *[no] { $take_back ->
        [0] Bu karar hiçbir hamleyi geri almaz.
       *[other] Bu karar { $take_back } yarım hamle geri alır.
    }
}
confirm-ruling-ask = Henüz hiçbir şey değişmedi. Uygulamak için onaylayın.

## Kötüye kullanıma karşı koruma (sunucunun sınırları)

error-invalid-utf8 = Mesaj geçerli UTF-8 değil; bağlantı kapatılıyor.
error-server-busy = Sunucu tutabileceği kadar bağlantıya sahip; biraz sonra yeniden deneyin. Süren oyunlar devam ediyor.
error-address-busy = Adresinizden çok fazla bağlantı açık; bazılarını kapatıp yeniden deneyin.
error-too-many-spectators = Bu oyunun izleyici sayısı sınırda; daha sonra yeniden deneyin.
error-json-required = Oyun yalnızca bir JSON isteğiyle oluşturulur (Content-Type: application/json).
error-cross-site = Oyunlar yalnızca bu sunucunun kendi sayfalarından oluşturulur.
error-too-many-games = Adresinizden kısa sürede çok fazla oyun oluşturuldu; { $seconds } saniye sonra yeniden deneyin.
error-too-many-unstarted-games = Sunucuda henüz başlamamış { $max } oyun var; bunlardan birini başlatın ya da eskilerin kaldırılmasını bekleyin.
error-address-unstarted-games = Adresinizde henüz başlamamış { $max } oyun var; bunlardan birini başlatın ya da eskilerin kaldırılmasını bekleyin.
error-round-too-large = { $boards } masalık bir tur, bir adresin bir kerede oluşturabileceğinden ({ $max } oyun) fazladır; daha büyük turları sunucunun yönetici jetonu oluşturur.
error-invalid-text = { $field } alanı { $problem ->
    [line_break] bir satır sonu içeriyor; tek satır olmalı
    [control] bir denetim karakteri içeriyor
    [bidi] yazı yönünü değiştiren bir karakter içeriyor
    [markup] biçimlendirme içeriyor (<, >, { "{" } ya da { "}" }); düz metin olmalı
   *[too_long] çok uzun
}. Hiçbir şey değiştirilmedi.
error-too-many-corrections = Bu kayıt izin verilen sayıda düzeltildi; hiçbir şey değiştirilmedi.
error-too-many-recordings = Bu oyun için izin verilen sayıda kayıt yüklendi (her hamle kâğıdı için en fazla { $per_sheet }, oyun için { $per_game }).
error-address-recordings-full = Adresinizden yüklenen kayıtlar sınırına ulaştı ({ $mib } MiB). Girişi kayıtsız yazın.
error-recordings-full = Sunucu, tutabileceği kadar kayıt tutuyor ({ $mib } MiB). Girişi kayıtsız yazın ve düzenleyiciye haber verin.
error-low-disk-space = Sunucunun diski neredeyse dolu: hamlelerin yeri kalsın diye artık kayıt almıyor. Girişi kayıtsız yazın ve düzenleyiciye haber verin.

## Olay kaydı (Issue 18)

incident-title = Olay kaydı: { $white } - { $black }
incident-none = Henüz olay yok.
incident-line = { $time } { $who }: { $text }
incident-line-hamle = { $time } { $text }
incident-time-asked = Süreyi sordu ({ $color } saati).
incident-move = { $color ->
    [white] { $number }. { $move }
   *[black] { $number }... { $move }
}
incident-moves = { $kind ->
    [again] Yeniden oynandı: { $moves }.
   *[back] Geri alındı: { $moves }.
}
incident-board-event = { $time } { $text }
incident-board-events = Son hamleden bu yana tahta olayları: { $events }
# Elektronik tahtanın ham okumaları (issue 33): değişen her kare, durulmuş olsun ya da olmasın.
incident-sensed = Son hamleden bu yana elektronik tahtaların ham okumaları: { $readings }.
incident-reading = { $time } { $board } { $square } { $found ->
    [empty] boş
    [occupied] dolu
   *[piece] { $color ->
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
## Tur masası (konu 18): okunamayan eşleştirmeler, uyarılar.
error-no-starting-ranks = Bu tur bir TRF dosyasından okunmadı: oyuncularının başlangıç sırası yok. Bunun yerine sonuç listesini (CSV) indirin.
error-no-such-board = Bu turda bu numarada bir tahta yok.
error-no-such-seat = Bu tahtada böyle bir yer yok. Bağlantı Beyaz, Siyah, oyuncunun sahip olduğu bir yardımcı veya izleyiciler için yeniden verilir.
error-invalid-pairings = Eşleştirmeler okunamıyor.
error-pairings-empty = Eşleştirmelerde hiç tahta yok (TRF dosyasında: o turda eşleştirme yok).
error-pairings-too-many = { $line }. satır: bir turda en fazla 250 tahta olabilir.
error-pairings-fields = { $line }. satır: bir tahta “;” ile ayrılmış yedi alan ister (tahta; Beyaz; FIDE no; seçenekler; Siyah; FIDE no; seçenekler), bu satırda { $count } alan var.
error-pairings-board = { $source ->
    [entry] { $line }. tahta kaydı
   *[line] { $line }. satır
}: tahta numarası 1 ile 250 arasında bir tam sayı olmalı.
error-pairings-duplicate-board = { $source ->
    [entry] { $line }. tahta kaydı
   *[line] { $line }. satır
}: { $board }. tahta iki kez verilmiş.
error-pairings-name = { $source ->
    [entry] { $line }. tahta kaydı
   *[line] { $line }. satır
}: bir oyuncu adı boş, 100 karakterden uzun ya da tek satır değil.
error-pairings-fide-id = { $source ->
    [entry] { $line }. tahta kaydı
   *[line] { $line }. satır
}: FIDE numarası 1 ile 12 rakam arasında olmalı.
error-pairings-option = { $line }. satır: “{ $word }” bir seçenek değil (vi, assistant, tactile, normal, de, tr, en).
error-pairings-start-rank = { $line }. satır: başlangıç sırası bir sayı değil.
error-pairings-duplicate-rank = { $line }. satır: { $rank } başlangıç sırası iki kez verilmiş.
error-pairings-opponent = { $line }. satır: rakibin başlangıç sırasına ait oyuncu satırı yok ya da renk w, b veya - değil.
error-pairings-mismatch = { $line }. satır: rakibin satırı onu diğer renkle geri eşleştirmiyor.
error-pairings-bye = { $line }. satır: rakibi olmayan bir oyuncunun sonucu bir bay kodu (H, F, U veya Z) değil.
error-pairings-unknown-rank = { $line }. satır: bu başlangıç sırasında oyuncu yok.
error-pairings-player-twice = { $source ->
    [entry] { $line }. tahta kaydı
   *[line] { $line }. satır
}: bir oyuncu zaten başka bir tahtada.
error-pairings-assistant = { $source ->
    [entry] { $line }. tahta kaydı
   *[line] { $line }. satır
}: görme engelli rakibinin yardımcısı varken gören bir oyuncunun yardımcısı olamaz: masada tek yardımcı olur.
round-alert-touch = { $board }. tahta: dokunma bildirildi, { $color ->
    [white] Beyaz
   *[black] Siyah
} ({ $name }) { $square } karesine dokundu.
round-alert-diverged = { $board }. tahta: iki tahta birbirinden farklı.
round-alert-illegal = { $board }. tahta: { $color ->
    [white] Beyaz
   *[black] Siyah
} ({ $name }) kurala aykırı hamle yaptı.
round-alert-claim = { $board }. tahta: { $color ->
    [white] Beyaz
   *[black] Siyah
} ({ $name }) { $claim ->
    [repetition] üç kez tekrar nedeniyle beraberlik
    [fifty_moves] elli hamle kuralıyla beraberlik
   *[time] süreden galibiyet
} talep etti: { $outcome ->
    [correct] talep doğru, oyun berabere.
    [won] oyun kazanıldı.
   *[incorrect] talep doğru değil, oyun sürüyor.
}
round-alert-flag = { $board }. tahta: { $color ->
    [white] Beyazın
   *[black] Siyahın
} bayrağı düştü ({ $name }).
round-alert-adjournment = { $board }. tahta: { $step ->
    [adjourned] oyun ertelendi, hamle zarfa kondu.
   *[called] erteleme ilan edildi.
}
## hamle serve --store ve --node (docs/scale-out.md)
serve-bad-store = --store, sqlite:YOL (bir SQLite dosyası) ya da postgres://kullanıcı@sunucu:port/veritabanı bekler.
serve-bad-node = { $value } bir düğüm adı değil: 1 ile 64 arası harf, rakam, nokta, tire ya da alt çizgi.
serve-bus-needs-node = --bus için --node AD gerekir: kümedeki her düğümün kendi adı olmalı (kira, aynı adlı bir düğüme yeniden verilir).
serve-node-name-in-use = Bu kümede { $node } adlı bir düğüm zaten çalışıyor (veri yolunda yanıt verdi): her düğüme --node ile kendi adını verin ya da önce ötekini durdurun.
serve-bus-needs-data-dir = --bus şimdilik yalnızca veri dizinindeki depoyla çalışır: kümenin kiraları oradadır. --store seçeneğini kullanmayın.

## Issue 15: the legal moves of a piece or from a square, the pieces lost and the material

query-moves-which = Hangi taş ya da hangi kare? Örneğin: hamleler at, hamleler e iki.
query-moves-piece = { $none ->
    [yes] { $captures ->
        [yes] { $color }, { $piece }: alınacak taş yok.
       *[no] { $color }, { $piece }: yasal hamle yok.
    }
   *[no] { $captures ->
        [yes] { $color }, { $piece } alır: { $moves }.
       *[no] { $color }, { $piece }: { $moves }.
    }
}
query-moves-square = { $none ->
    [yes] { $captures ->
        [yes] { $square } karesindeki taş hiçbir taşı alamaz.
       *[no] { $square } karesindeki taşın yasal hamlesi yok.
    }
   *[no] { $captures ->
        [yes] { $square } karesinden alışlar: { $moves }.
       *[no] { $square } karesinden: { $moves }.
    }
}
query-no-such-piece = { $color } tarafında { $piece } yok.
query-empty-square = { $square } karesinde taş yok.
query-not-to-move = { $square } karesindeki taş { $owner } tarafın; hamle sırası { $color } tarafta.
query-other-piece = { $square } karesinde { $piece } var.
query-lost = { $color } tarafın kaybettiği taşlar: { $pieces }.
query-lost-none = { $color } taraf henüz taş kaybetmedi.
query-lost-piece = { $count ->
    [one] { $piece }
   *[other] { $count } { $piece }
}
query-balance = { $side ->
    [even] Materyal eşit.
   *[other] Materyal: { $color } { $points } piyon önde.
}
## Oyunun başlaması ve hakemin kural seçimleri (konu 18)
event-started = Oyun başladı. Hamle sırası { $color } tarafında, { $color } saati işliyor.
event-arrived = { $color } oyuncusu geldi.
event-seat-link-issued = Hakem { $seat ->
    [white] Beyaz
    [black] Siyah
    [white_assistant] Beyazın yardımcısı
    [black_assistant] Siyahın yardımcısı
   *[spectator] izleyiciler
} için yeni bir bağlantı verdi; eski bağlantı artık sayfayı açmıyor.
event-default-time-over = Gecikme süresi doldu ve { $color } oyuncusu gelmedi. Hakem karar verir: yenilgi ilan eder ya da oyunun sürmesine izin verir.
event-illegal-announced = { $color } kural dışı bir hamle söyledi: kural dışı hamle sayılır, { $opponent } { $time } ek süre aldı. Bu, { $color } için { $count }. kural dışı hamle; hamleyi yeniden söyleyin.
error-not-started = Oyun henüz başlamadı. Hakem başlatacak.
error-already-started = Oyun zaten başladı.
round-alert-absent = { $board }. tahta: gecikme süresi doldu, { $color ->
    [white] Beyaz
   *[black] Siyah
} ({ $name }) gelmedi.
round-alert-illegal-announced = { $board }. tahta: { $color ->
    [white] Beyaz
   *[black] Siyah
} ({ $name }) kural dışı hamle söyledi, sayıldı.
