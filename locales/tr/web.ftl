# Web sayfaları (Türkçe): lobi ve her koltuğun sayfası. Yer tutucular sunucunun kare, taş ve
# renk sözcüklerini alır (announce.ftl, server.ftl).

## Her sayfa

web-skip = Ana içeriğe geç
web-language-menu = Dil
web-lang-self = Türkçe
web-lang-name = { $lang ->
    [de] Almanca
    [tr] Türkçe
   *[en] İngilizce
}
web-white = Beyaz
web-black = Siyah
web-send = Gönder
web-cancel = Vazgeç
web-cancelled = Vazgeçildi.
web-confirm-yes = Evet, yap
web-failed = Olmadı. Lütfen yeniden deneyin.
web-not-offered = Sunucu bunu henüz sunmuyor.
web-settings = Ayarlar
web-log-heading = İletiler
web-board-heading = Tahta
web-clocks = Saatler
web-scoresheet = Hamle kâğıdı
web-move-number = Hamle
web-promotion-heading = Piyonun terfi edeceği taş
web-players = { $white } – { $black }
web-seat-name = { $seat ->
    [white] Beyaz
    [black] Siyah
    [white_assistant] Beyazın yardımcısı
    [black_assistant] Siyahın yardımcısı
    [arbiter] Hakem
   *[spectator] İzleyici
}
web-piece = { $color ->
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
web-square-piece = { $square } { $piece }
web-square-empty = { $square } boş
web-move-line = { $number }, { $color }: { $move }.
web-status-turn = Hamle sırası: { $color }.
web-status-paused = Oyun durduruldu.
web-status-over = Oyun bitti: { $result }.
web-bad-link = Bu bağlantıda oyun ve koltuk yok. Lütfen size verilen bağlantıyı açın.
web-connected = Bağlandı.
web-conn-lost = Bağlantı koptu; yeniden bağlanılıyor.
web-conn-replaced = Bu koltuk başka bir pencerede açıldı; bu sayfa artık hamle almıyor.
web-speech-on = Tarayıcı konuşacak.
web-speech-off = Tarayıcı sessiz.

## Lobi

web-lobby-title = Yeni oyun
web-lobby-intro = Oyunu ayarlayın, sonra her koltuğa kendi bağlantısını verin. Bağlantı kimdeyse koltuk onundur.
web-lobby-time = Süre
web-lobby-base = Oyuncu başına dakika
web-lobby-increment = Hamle başına eklenen saniye
web-lobby-white = Beyaz
web-lobby-black = Siyah
web-lobby-name = Ad
web-lobby-vi = Görme engelli
web-lobby-board = Tahta
web-lobby-board-normal = Normal tahta
web-lobby-board-tactile = Dokunsal tahta
web-lobby-assistant = Yardımcıyla
web-lobby-language = Dil
web-lobby-assistant-language = Yardımcının dili
web-lobby-others = Hakem ve izleyiciler
web-lobby-arbiter-language = Hakemin dili
web-lobby-spectator-language = İzleyicilerin dili
web-lobby-create = Oyunu oluştur
web-lobby-links = Koltuk bağlantıları
web-lobby-links-hint = Herkese yalnızca kendi bağlantısını verin: bağlantı koltuğun kendisidir.
web-game-created = Oyun hazır: { $id }.
web-link-label = { $seat }: { $name } ({ $lang })
web-copy = Kopyala
web-copy-link = Bağlantıyı kopyala: { $seat }
web-copied = Bağlantı kopyalandı: { $seat }.
web-copy-failed = Tarayıcı kopyalamaya izin vermedi; bağlantıyı seçin.

## Görme engelli oyuncunun sayfası

web-vi-title = Oyununuz
web-vi-command-heading = Hamleler ve komutlar
web-vi-command-label = Hamle ya da komut
web-vi-command-hint = yardım komutları sayar.
web-vi-listen = Hamleyi söyle
web-vi-listen-missing = Bu tarayıcı dinleyemiyor; hamlelerinizi yazın.
web-vi-board-hint = yardım tahta tuşları sayar.
web-vi-speak = Yanıtları tarayıcının sesiyle söyle
web-vi-ready = { $color } oynuyorsunuz.
web-cmd-help = yardım
web-cmd-time = süre saat
web-cmd-last = son
web-cmd-again = tekrar
web-cmd-pieces = taşlar
web-cmd-rank = yatay
web-cmd-file = dikey
web-cmd-square = kare
web-cmd-turn = sıra kim
web-cmd-draw = berabere
web-cmd-resign = terk
web-cmd-claim = talep
web-cmd-adjust = düzeltiyorum
web-cmd-correct = düzelt
web-cmd-board = tahta
web-cmd-yes = evet
web-cmd-claim-repetition = tekrar üçlü
web-cmd-claim-fifty = elli 50
web-cmd-claim-time = süre bayrak
web-help = Hamlenizi söyler gibi yazın, örneğin At fe üç; yanıtlar İletiler altında görünür. Yardım konuları: hamleler, saat, tahta, oyun, dokunmalı, bilgisayar. Örneğin yardım saat yazın.
web-say-draw-standing = { $mine ->
    [yes] Beraberlik öneriniz duruyor.
   *[no] Rakibiniz beraberlik öneriyor.
}
web-say-check = { $color } şah altında.
web-say-who = Siz { $color } oynuyorsunuz, rakibiniz { $opponent }.
web-help-tactile = Kendi tahtanızla: kaldır e iki, koy e dört, çıkar de beş dokunmalı tahtanız için (tahtada: L, P ve X). durum: hamlenizde eksik olan ve rakibin hangi hamlesini daha yapacağınız. bas: saate basın.
web-cmd-help-tactile = dokunmalı dokunmali kaldır koy durum
web-help-game = kim: kim kime karşı oynuyor, sıra kimde, şah ve beraberlik önerisi. berabere: beraberlik öner ya da öneriyi kabul et. terk. talep tekrar, talep elli, istenirse niyet edilen hamleyle, ya da talep süre. Her soru evet ile onaylanır, hayır vazgeçer; cevap yerine yazılan hamle oynanır. Hakem oyunu ertelediğinde ve siz mühürlerken: mühürle ve hamleniz, sonra durdur.
web-cmd-help-game = oyun berabere terk
web-help-board = taşlar, ya da taşlar beyaz at: taşların yeri. yatay 3, dikey e, kare e dört: orada ne var. tahta, ya da tahta e dört: tahtaya git; Escape buraya döner. alınan taşlar: her tarafın kaybettiği taşlar ve materyal. hamleler at, hamleler e iki: bir taşın ya da bir kareden yasal hamleler. Tahtada: ok tuşları kare kare; İngilizce harfler K Q R B N P bir taşa; 1 ile 8 bir yataya, Shift ve 1 ile 8 bir dikeye; M bu kareden hamleler, Shift M alışlar; A çevredeki taşlar; O bulunduğunuz kare; Z son hamle, Shift Z son alış; C süre; virgül ve nokta bir hamle geri ve ileri, Shift ile başlangıca ve şimdiki konuma.
web-cmd-help-board = tahta taşlar kare
web-help-clock = süre: sunucunun konuşan saatinden saatler ve hamle sayısı. uyarı açık, uyarı kapalı: 5 dakika, 1 dakika ve 10 saniyede süre uyarıları.
web-cmd-help-clock = saat süre
web-help-moves = Hamlenizi söyler gibi yazın, örneğin at fe üç. Rakibiniz oynarken yazdığınız hamle saklanır ve sıra size gelince oynanır: önhamle onu söyler, önhamle iptal onu siler. düzelt, ardından hamle: söylediğiniz hamleyi düzeltir. düzeltiyorum: bir taşı düzeltiyorsunuz. son, ya da son 3: son hamleler. tekrar: rakibin son hamlesi. yenen açık, yenen kapalı: hamleler alınan taşla ya da onsuz söylenir (Şah alır Vezir de sekiz). Hamlelerin nasıl söyleneceğini (kısa, çıkış karesiyle, SAN, NATO) ayarlarda seçersiniz.
web-cmd-help-moves = hamleler hamle
web-help-which = { $word } için yardım yok. Konular: hamleler, saat, tahta, oyun, dokunmalı, bilgisayar.
web-question-lapsed = Soru düştü; yazdığınız yapılıyor.
web-cmd-no = hayır hayir h
web-say-no-moves = Henüz hamle yapılmadı.
web-say-no-opponent-move = Rakibiniz henüz hamle yapmadı.
web-say-pieces = { $color }, { $piece }: { $squares }.
web-say-none = yok
web-say-rank = Yatay { $rank }: { $squares }.
web-say-file = Dikey { $file }: { $squares }.
web-say-line-empty = boş
web-say-which-rank = Hangi yatay? Örneğin: yatay 3.
web-say-which-file = Hangi dikey? Örneğin: dikey e.
web-say-which-square = Hangi kare? Örneğin: kare e dört.
web-say-unknown-word = Burada şu sözcüğü bilmiyorum: { $word }.
web-say-turn = { $mine ->
    [yes] Hamle sırası sizde, { $color }.
   *[no] Hamle sırası: { $color }.
}
web-say-correct-how = düzelt deyin, ardından demek istediğiniz hamleyi söyleyin.
web-say-which-claim = Hangi talep? talep tekrar, talep elli ya da talep süre; yazılmış ama oynanmamış bir hamle ardından gelebilir.
web-confirm-draw = Beraberlik önerilsin mi? Onaylamak için evet, vazgeçmek için hayır yazın.
web-confirm-resign = Oyun terk edilsin mi? Onaylamak için evet, vazgeçmek için hayır yazın.
web-confirm-claim = { $claim ->
    [repetition] Üçüncü tekrar nedeniyle beraberlik talep edilsin mi?
    [fifty_moves] Elli hamle kuralıyla beraberlik talep edilsin mi?
   *[time] Süreden galibiyet talep edilsin mi?
} Onaylamak için evet yazın; başka her şey vazgeçer.
web-confirm-accept-draw = Rakibiniz beraberlik öneriyor. Kabul edilsin mi? Kabul için evet yazın; başka her şey öneriyi açık bırakır.
web-selected = Kaldırıldı: { $square }.
web-deselected = Geri kondu.
web-board-edge = Tahtanın kenarı.
web-listening = Dinliyorum.
web-heard = Duyulan: { $text }.
web-heard-nothing = Hiçbir şey duyulmadı.
web-mic-failed = Mikrofon çalışmadı ({ $reason }).

## Gören oyuncunun, yardımcının ve hakemin sayfaları

web-board-title = Tahta
web-board-hint = Bir taşa, sonra gideceği kareye tıklayın ya da taşı sürükleyin. Klavyeyle: ok tuşları, sonra taşta Enter ve karede Enter.
web-announced-heading = Söylenen hamle
web-announced-full = { $color }: { $move } ({ $san })
web-repeat = Tekrarla (R)
web-repeated = Yeniden: { $move }.
web-draw-heading = Beraberlik önerisi
web-draw-accept = Beraberliği kabul et
web-draw-decline = Reddet
web-actions = Oyununuz
web-act-offer = Beraberlik öner
web-act-resign = Terk et
web-act-claim-time = Süreden galibiyet talep et
web-act-confirm = { $action ->
    [offer] Beraberlik önerilsin mi? Öneri geri alınamaz.
    [resign] Oyun terk edilsin mi?
   *[time] Rakibin süresi dolduğu için galibiyet talep edilsin mi?
}
web-lobby-rules = Kurallar
web-lobby-edition = Satranç kuralları
web-lobby-edition-2023 = 2023 FIDE kuralları (Ek D)
web-lobby-edition-seed = Önceki FIDE kuralları (Ek F)
web-lobby-flag = Süre dolduğunda
web-lobby-flag-automatic = Sunucu oyunu bitirir
web-lobby-flag-claim = Rakip galibiyeti talep etmeli
web-lobby-failover = Sunucu bir kesintiden sonra geri geldiğinde
web-lobby-failover-pause = Oyun hakemi bekler
web-lobby-failover-continue = Oyun hemen devam eder, kesinti sayılmaz
web-speak-moves = Rakibin hamlelerini sesli söyle
web-seat-ready = Bağlanan koltuk: { $seat }.
web-assistant-title = Yardımcı
web-assistant-announce = Hamle söyle
web-assistant-command-label = Sözcüklerle ya da notasyonla hamle
web-assistant-command-hint = Örneğin At fe üç, Af3 ya da g1 f3. Hamle oyuncunuz için oynanır.
web-arbiter-title = Hakem
web-arbiter-game = Oyun
web-time-control = { $base }, hamle başına { $increment } saniye eklenir.
web-seat-line = { $seat }: { $name }, { $lang }{ $vi ->
    [yes] , görme engelli
   *[no] {""}
}
web-seat-line-assistant = { $seat }, { $name } için yardımcı: { $lang }
web-arbiter-controls = Hakem denetimleri
web-arbiter-pause = Oyunu durdur
web-arbiter-resume = Oyunu sürdür
web-arbiter-set-clock = Saat ayarla
web-arbiter-clock-side = Saat
web-arbiter-minutes = Dakika
web-arbiter-seconds = Saniye
web-arbiter-set = Saati ayarla
web-arbiter-end = Oyunu bitir
web-arbiter-result = Sonuç
web-result-white = Beyaz kazanır (1-0)
web-result-black = Siyah kazanır (0-1)
web-result-draw = Berabere (½-½)
web-arbiter-end-button = Oyunu bitir
web-end-confirm = Oyun { $result } sonucuyla bitirilsin mi?
web-cmd-lift = kaldır
web-cmd-place = koy yerleştir
web-cmd-remove = çıkar
web-cmd-press = bas
web-cmd-status = durum
web-cmd-warnings = uyarı uyarılar
web-cmd-seal = mühürle mühür
web-cmd-seal-stop = durdur
web-vi-seal-how = mühürle ve hamlenizi yazın, örneğin mühürle at fe üç; onu yalnız siz duyarsınız. Sonra durdur yazın: saat durur ve zarf kapanır.
web-vi-seal-none = Şu anda sizden mühürlü hamle istenmiyor.
web-cmd-on = açık aç
web-cmd-off = kapalı kapat
web-vi-board-hint-tactile = Dokunmalı tahtanız: L kaldırır, P yerleştirir, X kaldırıp alır. yardım dokunmalı daha fazlasını söyler.
web-vi-own-board = { $kind ->
    [tactile] Dokunmalı tahtanız
   *[normal] Tahtanız
}
web-not-physical = Bu oyun kendi tahtalarınız olmadan oynanıyor: hamlelerinizi söyleyin.
web-board-in-order = Tahtanız yine oyunu gösteriyor.
web-hand-empty = Kaldırılmış taş yok.
web-press-clock = Saate bas
web-warnings = 5 dakika, 1 dakika ve 10 saniyede süre uyarıları
web-warnings-hint = Siz açmadıkça kapalı; uyarıları sunucu söyler.

## Fiziksel usul: masadaki tahtalar

web-made-nothing = Hamleniz henüz başlamadı.
web-made-ready = Hamle yapıldı: saate basın.
web-made-missing = Henüz yapılmadı. { $missing }
web-made-behind = Önce rakibin hamlesini tahtanızda yapın ({ $color }): { $move }.
web-board-matches = { $matches ->
    [yes] Oyunu gösteriyor.
   *[no] Oyunu göstermiyor.
}
web-board-shows = { $shows ->
    [behind] { $color } tarafının son hamlesi bu tahtada henüz yapılmadı.
   *[moving] Hamle bu tahtada yapılıyor.
}
web-made-behind-assistant = Önce { $color } hamlesini { $board } tahtasında yapın: { $move }.
web-board-hand = Kaldırılan: { $square } karesinden { $piece }.
web-table-board = { $color } tahtası ({ $kind ->
    [tactile] dokunmalı
   *[normal] normal
})
web-tactile-occupied = { $square } karesinde bir taş var: önce X ile tahtadan çıkarın.
web-square-lifted = { $square }, { $piece } buradan kaldırıldı
web-table-heading = Masadaki tahtalar
web-table-hint = Her oyuncunun kendi tahtası. Yukarıdaki tahtadaki gibi oynayın; dokunmalı tahtada L kaldırır, P koyar, X alınan taşı çıkarır, Enter ya da tıklama kaldırır ve koyar. T normal tahtada bir taşa dokunur.
web-table-hint-view = Her oyuncunun önündeki kendi tahtası.
web-table-game = Resmî oyun
web-table-announced = Söylenen
web-table-obligation = Dokunulan taş oynanır
web-table-illegal = Kural dışı hamleler
web-illegal-counts = Beyaz { $white }, Siyah { $black }.
web-physical-heading = Masada
web-press-clock-for = { $color } için saate bas
web-talking-clock = Süreyi söyle
web-warnings-for = Oyuncum için süre uyarıları
web-repeat-label = Duyduğunuz hamle
web-repeat-send = Tekrarla
web-repeat-hint = R söylenen hamleyi gösterildiği gibi tekrarlar. C saate basar.
web-touch-label = Rakibin dokunduğu taşın karesi
web-touch-report = Dokunmayı bildir
web-touch-which = Kareyi yazın, örneğin g8.
web-arbiter-table = Masa
web-arbiter-touch = Bildirilen dokunma
web-arbiter-no-report = Karar bekleyen bir dokunma yok.
web-arbiter-uphold = Onayla: dokunulan taş oynanır
web-arbiter-reject = Reddet
web-arbiter-illegal = Kural dışı hamleler (Madde 7.4)
web-arbiter-illegal-rule = Her kural dışı hamlede önceki konum geri kurulur ve rakip { $penalty } kazanır; { $limit }. kural dışı hamle kaybettirir.
web-arbiter-boards = Bir tahtayı düzelt
web-arbiter-restore-hint = Tahtayı oyunun konumuna getirir (F8 / D.2.9); yalnızca oyunu göstermiyorsa.
web-arbiter-restore-white = Beyaz tahtasını düzelt
web-arbiter-restore-black = Siyah tahtasını düzelt
web-lobby-procedure = Usul
web-lobby-procedure-digital = Hamleler ekranda
web-lobby-procedure-physical = Masada tahtalar (Ek)
web-lobby-procedure-hint = Masada tahtalarla her oyuncunun kendi tahtası olur: taşlar kaldırılır ve konur, dokunulan taş oynanır, söylenen hamleler tekrarlanır ve saate basılır.
web-lobby-start = Oyunun başladığı konum
web-lobby-fen = FEN olarak konum (isteğe bağlı)
web-lobby-fen-hint = Başlangıç konumundan başlamak için boş bırakın. Yoksa konumu FEN olarak, boşluklarla ayrılmış altı parça halinde yazın: taşlar 8. yataydan aşağı doğru yatay yatay, yataylar eğik çizgiyle ayrılmış, İngilizce harflerle (K Q R B N P, Beyaz büyük harf, Siyah küçük harf, boş kareler için bir rakam); sıranın kimde olduğu (w ya da b); rok hakları (KQkq ya da -); geçerken alma karesi (ya da -); elli hamle kuralı için yarım hamle sayısı; hamle numarası. Örneğin: 7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40
web-lobby-token = Düzenleyici jetonu (isteğe bağlı)
web-lobby-token-hint = Yalnızca sunucu --require-token ile çalışıyorsa gerekir: veri klasöründeki yönetici jetonu ya da oyunlarınızdan birinin hakem jetonu.

## Hakem masası: farklı tahtalar, hamle kâğıtları, dışa aktarma, ertelenen oyun

web-desk-heading = Hakem masası
web-desk-divergence = Farklı tahtalar
web-desk-no-case = Tahtalar aynı; açık bir durum yok.
web-desk-difference = { $board } tahtası, { $square }: orada { $found }, oyunda { $expected }.
web-desk-empty = boş
web-desk-compare = Tahtaları karşılaştır
web-desk-reconcile = Hamle kâğıtlarına göre karar ver
web-desk-override-ply = Kalacak yarım hamle sayısı
web-desk-override = Geçersiz kıl: o konuma dön
web-desk-override-hint = Oyunu ve iki tahtayı o kadar yarım hamleden sonraki konuma getirir; saatler oradaki değerlerine döner.
web-assist-time-hint = Rakibin bayrağı düştüğünde oyuncunuz için süreden galibiyet ister (D.2.10.5).
web-keep-sheet-heading = Hamle kâğıdını tutmak
web-keep-sheet-hint = Hamleyi oyuncunun yazacağı gibi, onun dilinde yazın; aynı hamleyi yeniden yazmak onu düzeltir. Çiz, girdinin üstünü çizer.
web-keep-side = Kimin hamlesi
web-keep-entry = Girdi
web-keep-draw = Beraberlik teklifiyle (=)
web-keep-write = Yaz
web-keep-strike = Üstünü çiz
web-keep-number-needed = Hamle numarasını girin.
web-keep-entry-needed = Yazılacak hamleyi girin.
web-own-sheet = Oyuncunun yazıldığı haliyle hamle kâğıdı
web-own-sheet-brf = Bu hamle kâğıdı Braille olarak (BRF)
web-attention-heading = Hakemi bekleyenler
web-attention-none = Sizi bekleyen bir şey yok.
web-attention-touch = Bir dokunma bildirimi kararınızı bekliyor.
web-attention-case = Tahtalar farklı: durumu karara bağlayın.
web-attention-adjourn = Erteleme ilan edildi: mühürlü hamle yazılıyor.
web-attention-adjourned = Oyun ertelendi: devamda mühürlü hamleyi açın.
web-attention-paused = Oyun durduruldu: oyun sürebildiğinde devam ettirin.
web-incidents-heading = Olay kaydı
web-incidents-none = Henüz olay yok.
web-export-pgn-incidents = Olay kaydıyla PGN
web-export-incidents = Olay kaydı (metin)
web-desk-undo = Son kararı geri al
web-desk-ruling-yes = Kararı uygula
web-desk-override-empty = Kalacak yarım hamle sayısını girin.
web-desk-step = { $board }: { $text }
web-desk-steps = Tahtaları düzeltme adımları
web-desk-log = Nasıl karar verildi
web-desk-sheets = Hamle kâğıtları
web-desk-exports = Dışa aktarma
web-export-pgn = Oyun (PGN)
web-export-sheet-white = Beyazın hamle kâğıdı (metin)
web-export-sheet-black = Siyahın hamle kâğıdı (metin)
web-export-brf-white = Beyazın hamle kâğıdı (Braille, BRF)
web-export-brf-black = Siyahın hamle kâğıdı (Braille, BRF)
web-export-done = { $name } indirildi.
web-desk-adjournment = Ertelenen oyun
web-desk-no-adjournment = Oyun ertelenmedi.
web-desk-adjourn-called = Erteleme istendi: { $color } zarf hamlesini yazar, sonra saati durdurur.
web-desk-adjourned = Oyun ertelendi; zarf kapalı.
web-desk-resume-at = Devam zamanı (isteğe bağlı)
web-desk-adjourn = Oyunu ertele
web-desk-open-sealed = Zarf hamlesini aç
web-envelope-status = Zarf
web-envelope-state = { $status ->
    [opened] açıldı
   *[sealed] kapalı
}
web-envelope-sealer = Zarf hamlesi
web-envelope-move = { $color }, { $number }. hamle
web-envelope-times = Kalan süre
web-envelope-clocks = Beyaz { $white }, Siyah { $black }
web-envelope-sealed = Zarftaki hamle
web-envelope-resume = Devam
web-seal-heading = Zarf hamlesi
web-seal-now = Oyun erteleniyor: zarf hamlenizi yazın (yalnızca siz görürsünüz), sonra saati durdurun.
web-seal-written = Yazıldı: { $move }. Saati durdurana kadar değiştirebilirsiniz.
web-seal-label = Zarf hamlesi
web-seal-write = Yaz
web-seal-stop = Saati durdur ve zarfla
web-seal-hint = { $color } oyuncusunun dilinde ({ $lang }) ya da kareler olarak yazın: g1 f3.
web-table-game-hint = Sunucunun tuttuğu oyun. Hamleler aşağıdaki masadaki tahtalarda yapılır; ok tuşları ve Enter burada ne olduğunu söyler.

## Issue 15, the pages: connection, end of game, board keys, earcons, lobby

web-conn-back = Yeniden bağlandı.
web-conn-still-down = Hâlâ bağlantı yok; yeniden deneniyor.
web-conn-lost-answer = Bağlantı, yanıt gelmeden koptu. Bağlantı geri gelince ne olduğunu duyacaksınız.
web-not-sent-offline = Gönderilmedi: bağlantı koptu. Bağlantı geri gelince duyacaksınız; sonra lütfen yeniden deneyin.
web-clocks-now = Saatler şimdi: Beyaz { $white }, Siyah { $black }.
web-final-clocks = Sondaki saatler: Beyaz { $white }, Siyah { $black }.
web-meanwhile = Bu arada: { $text }
web-square-picked = { $square }, kaldırıldı
web-board-no-piece = Tahtada yok: { $piece }.
web-piece-on = { $piece } { $square }
web-vi-pieces-line = { $color }: { $pieces }.
web-vi-end-heading = Oyunun sonu
web-vi-clocks-hint = Süreyi süre komutu söyler (sunucunun kaydeden konuşan saati).
web-vi-pieces-heading = Taşlar
web-vi-moves-heading = Hamleler
web-vi-act-draw = Beraberlik öner ya da kabul et
web-vi-actions-hint = Beraberlik ve terk komut satırında sorar: evet ile onaylayın.
web-vi-earcons = Sesler
web-vi-earcons-hint = Rakibin hamlesi, şah, tahtanın kenarı, taş kaldırma, oyunun sonu ve bağlantı için kısa sesler.
web-vi-help-heading = Yardım
web-vi-help-commands-heading = Komutlar
web-vi-help-board-heading = Tahtadaki tuşlar
web-vi-help-key-arrows = Ok tuşları: kare kare; Home ve End: yatayın uçları; Page Up ve Page Down: dikeyin uçları.
web-vi-help-key-pieces = K şah, Q vezir, R kale, B fil, N at, P piyon: o türden bir sonraki kendi taşınıza; Shift ile rakibinkine. Kendi dokunmalı tahtanızda P taşı koyar; piyonları orada taşlar komutu bulur.
web-vi-help-key-ranks = 1 ile 8 arası: aynı dikeyde o yataya.
web-vi-help-key-scan = S: karenin yatayını oku; Shift ve S: dikeyini.
web-vi-help-key-enter = Enter ya da boşluk: bir taşı kaldır, sonra gideceği karede oyna.
web-vi-help-key-escape = Escape: taşı geri koy, yoksa komut satırına dön.
web-vi-help-sounds-heading = Sesler
web-vi-help-sounds = Kısa çift ses: rakip oynadı; üç ses: şah; pes bir ses: tahtanın kenarı; tiz bir ses: taş kaldırıldı; inen: oyunun sonu ya da bağlantı koptu; yükselen: yeniden bağlandı. Ayarlardan kapatılabilir.
web-vi-help-connection-heading = Bağlantı
web-vi-help-connection = Sayfa bağlantıyı her saniye denetler. Koparsa, bir tuşa basmadan birkaç saniye içinde duyarsınız; bağlantı yokken hiçbir hamle gönderilip sonra oynanmaz: gönderilmediğini duyarsınız. Geri gelince konum ve saatlerle birlikte duyarsınız.
web-page-name = { $page ->
    [vi] görme engelli oyuncu sayfası
    [board] tahta sayfası
    [assistant] yardımcı sayfası
    [arbiter] hakem sayfası
   *[spectator] izleyici tahta sayfası
}
web-link-page = { $seat }: { $page } ({ $lang })
web-link-page-named = { $seat }, { $name }: { $page } ({ $lang })
web-lobby-field-error = { $field }: { $problem }
web-lobby-field-in = { $group }, { $field }
web-lobby-number-range = Lütfen { $min } ile { $max } arasında bir sayı girin.
web-lobby-field-refused = Bu değer kabul edilmiyor.
web-lobby-name-refused = Ad tek satır metindir, en çok 100 karakter.
## Tur masası (konu 18): yeni bir tur, oturma bağlantıları, bütün tahtalar bir arada

web-lobby-round-link = Bir turnuvanın turunu mu yönetiyorsunuz? Bütün tahtaları eşleştirmelerden bir kerede oluşturun.
web-round-new-title = Yeni tur
web-round-new-intro = Bir turun bütün oyunlarını eşleştirmelerinden oluşturun: her satıra bir tahta yazın ya da turnuvanın TRF dosyasını seçin. Her tahta için yazdırılabilir bir oturma bağlantıları sayfası ve tek bir hakem belirtecinin her tahtayı açtığı tur masasını alırsınız.
web-round-event = Turnuva
web-round-event-name = Turnuvanın adı
web-round-event-site = Yer
web-round-number = Tur
web-round-lang = Turun dili (hakem, izleyiciler, dil seçmemiş oyuncular)
web-round-pairings = Eşleştirmeler
web-round-pairings-list = Eşleştirme listesi, her satıra bir tahta
web-round-pairings-hint = “;” ile ayrılmış yedi alan: tahta; Beyaz; FIDE no; seçenekler; Siyah; FIDE no; seçenekler. Seçenekler: vi (görme engelli), assistant, tactile, normal ve bir dil: de, tr ya da en. Örnek: 1;Anna Weiss;4600001;vi assistant de;Ben Kraus;;en
web-round-trf = Ya da bir TRF dosyası (FIDE TRF16)
web-round-trf-hint = Yukarıdaki tur, dosyanın oyuncu satırlarından okunur; “XVI başlangıç-sırası seçenekler” satırları görme engelli oyuncuları belirtir. Seçilen dosya listenin yerine kullanılır.
web-round-create = Turu oluştur
web-round-created = Oturma bağlantıları: { $event }, { $round }. tur
web-round-desk-hint = Tur masasının bağlantısını kendinize saklayın: belirteci her tahtanın hakem yerini açar. Yalnızca şimdi gösterilir.
web-round-desk-open = Tur masasını aç
web-round-print = Oturma bağlantılarını yazdır
web-round-sheet-heading = { $board }. tahta: { $white } - { $black }
web-round-qr = { $seat } bağlantısının QR kodu
web-round-desk-title = Tur masası
web-round-name = { $event }, { $round }. tur, { $site }
web-round-alerts = Hakem gerekiyor
web-round-no-alerts = Hakem gerektiren bir şey yok.
web-round-alert-count = ({ $count } açık)
web-round-paused-why = durduruldu: { $reason ->
    [arbiter] hakem tarafından
    [touch] bir dokunma bildirimi kararı bekliyor
    [boards_differ] tahtalar farklı
    [adjourned] ertelendi
   *[restart] sunucu yeniden başlatıldı
}
web-round-history = Kapanan uyarılar
web-round-history-show = Kapanan uyarıları göster
web-round-no-history = Henüz kapanan uyarı yok.
web-round-history-count = ({ $count })
web-round-alerts-all = Açık { $count } uyarının hepsini göster
web-round-alerts-fewer = Yalnızca ilk üç açık uyarıyı göster
web-round-alert-closed = { $time } saatinde kapandı.
web-round-alert-cleared = { $time } saatinde sizce kapatıldı.
web-round-alert-done = Tamam
web-round-alert-done-label = Tamam: { $text }
web-round-all = Bütün tahtalar
web-round-pause-all = Bütün tahtaları durdur
web-round-resume-all = Bütün tahtaları sürdür
web-round-paused = { $total } tahtadan { $done } tanesi durduruldu.
web-round-resumed = { $total } tahtadan { $done } tanesi sürdürüldü.
web-round-results = Eşlendirme programı için sonuçlar
web-round-results-hint = Turun sonuçları, eşlendirme programının geri okuyacağı biçimde: TRF satırları (bir TRF dosyasından okunan tur için: her oyuncunun başlangıç sırası, rakibi, rengi ve bu turun sütunlarındaki sonucu; süren oyunlar yer almaz) ya da bir liste (tahta, Beyaz, Siyah, sonuç).
web-round-results-trf = Sonuçları TRF olarak indir
web-round-results-csv = Sonuçları liste (CSV) olarak indir
web-round-incidents = Turun olay kaydını indir (her tahtanın imzalanacak raporu)
web-round-time-kind = Süre kontrolü
web-round-time-simple = Oyun için dakika ve hamle başına saniye (aşağıda)
web-round-time-fide = FIDE klasik: 40 hamle için 90 dakika, sonra 30 dakika, ilk hamleden itibaren hamle başına 30 saniye
web-round-time-hint = FIDE klasik süre 40. hamleden sonra 30 dakika ekler; aşağıdaki dakika ve saniyeler yalnızca diğer seçim için geçerlidir.
web-round-origin = Bağlantıların adresi
web-round-origin-hint = Yazdırılan bağlantıların ve QR kodlarının götürdüğü yer: oyuncuların cihazlarının bu sunucuya ulaştığı adres (127.0.0.1 veya localhost değil). Değiştirmezseniz bu sayfanın açıldığı adrestir.
web-round-links = Oturma bağlantılarını yeniden ver
web-round-links-hint = hamle turun oluşturulmasından sonra hiçbir oturma bağlantısını saklamaz, yalnızca bir parmak izini saklar. Kaybolan bir sayfa veya kapanan bir pencere için yerin bağlantısını yeniden verin: eski bağlantı hemen çalışmaz olur (onunla açık bir sayfa kapanır) ve tahtanın oyununun olay kaydına bir satır eklenir. Yeni bağlantılarla sayfayı yazdırın.
web-round-links-board = Tahta
web-round-links-seat = Yer
web-round-links-all = Tahtanın her yeri
web-round-links-issue = Yeni bağlantılar ver
web-round-links-question = { $all ->
    [yes] { $board } numaralı tahtanın her yeri için yeni bağlantılar verilsin mi? O tahtanın her eski bağlantısı hemen çalışmaz olur.
   *[no] { $board } numaralı tahtada { $seat } için yeni bir bağlantı verilsin mi? Eski bağlantı hemen çalışmaz olur.
}
web-round-links-yes = Ver
web-round-links-done = { $count ->
    [one] Tahta { $board }: bir yeni bağlantı verildi. Sayfa aşağıda.
   *[other] Tahta { $board }: { $count } yeni bağlantı verildi. Sayfa aşağıda.
}
web-round-links-print = Bu sayfayı yazdır
web-sheet-event = { $event }, { $round }. tur, { $board }. tahta
web-sheet-player-fide = { $name } (FIDE { $fide })
web-round-not-done = { $board }. tahta: { $message }
web-round-boards = Tahtalar
web-round-col-board = Tahta
web-round-col-status = Durum
web-round-col-white-clock = Beyazın saati
web-round-col-black-clock = Siyahın saati
web-round-col-last = Son hamle
web-round-col-desk = Masa
web-round-desk-of = { $board }. tahtanın masası
web-round-player-vi = { $name } (görme engelli)
web-round-status = { $status ->
    [waiting] başlamayı bekliyor
    [playing] oynanıyor
    [paused] durduruldu
    [over] bitti, { $result }
   *[gone] kaldırıldı (hiç başlamadı)
}
web-round-last = { $color ->
    [white] { $number }. { $san }
   *[black] { $number }… { $san }
}
web-round-connected = { $boards } tahta izleniyor; { $open ->
    [0] hakemi gerektiren bir şey yok.
    [one] bir uyarı açık.
   *[other] { $open } uyarı açık.
}
web-round-reconnecting = Bağlantı koptu; yeniden bağlanılıyor…
web-round-no-link = Bu sayfa, tur ve belirteciyle birlikte tur masasının bağlantısını ister.

## Issue 15: the legal moves, the pieces lost, the captured piece in a move's words
web-cmd-moves = hamleler
web-cmd-material = alınan materyal
web-cmd-captured = yenen
web-captured = Hamlelerde alınan taşı söyle
web-captured-hint = Örneğin Şah alır de sekiz yerine Şah alır Vezir de sekiz. Komut: yenen açık, yenen kapalı.
web-captured-on = Hamleler alınan taşla söyleniyor.
web-captured-off = Hamleler alınan taş olmadan söyleniyor.
## Oyunun başlaması ve hakemin kural seçimleri (konu 18)
web-status-waiting = Oyun hakemin başlatmasını bekliyor.
web-arbiter-start = Oyunu başlat
web-round-start-all = Tüm masaları başlat
web-round-start-board = { $board }. masayı başlat
web-round-started = { $total } masadan { $done } tanesi başladı.
web-rules-choices = Başlangıç ve hakemin seçimleri
web-rules-wait-start = Oyun hakemin başlatmasını bekler (Md. 6.5)
web-rules-default-time = Gecikme süresi (dakika, Md. 6.7)
web-rules-default-time-hint = Başlangıçtan bu kadar sonra gelmemiş (sayfasını açmamış) oyuncu hakeme bildirilir. Turnuva kuralları başka bir şey demiyorsa sıfır.
web-rules-vi-illegal = Görme engelli oyuncunun kural dışı hamle söylemesi
web-rules-vi-illegal-refused = sayılmadan reddedilir
web-rules-vi-illegal-counts = 7.5'e göre sayılır (ceza, yenilgiye doğru)
web-rules-after-fix = Hamle kâğıtlarının uyuştuğu bir düzeltmeden sonra
web-rules-after-fix-wait = saatler hakemi bekler
web-rules-after-fix-resume = oyun kendiliğinden sürer
web-rules-touch-stops = Dokunma bildirimi karar beklerken saatler durur
web-rules-shown-start-wait = Oyun hakemin başlatmasını bekliyor; gecikme süresi { $minutes } dk.
web-rules-shown-start-move = Saat Beyaz'ın ilk hamlesiyle başlar.
web-rules-shown-vi-illegal = { $choice ->
    [counts] Görme engelli oyuncunun kural dışı hamle söylemesi 7.5'e göre sayılır.
   *[refused] Görme engelli oyuncunun kural dışı hamle söylemesi sayılmadan reddedilir.
}
web-rules-shown-after-fix = { $choice ->
    [resume] Kâğıtların uyuştuğu bir düzeltmeden sonra oyun kendiliğinden sürer.
   *[wait] Bir düzeltmeden sonra saatler hakemin sürdürmesini bekler.
}
web-rules-shown-touch = { $stops ->
    [yes] Dokunma bildirimi karar beklerken saatler durur.
   *[no] Dokunma bildirimi karar beklerken saat işlemeye devam eder.
}
web-attention-waiting = Oyun başlatmanızı bekliyor: oyuncular yerlerini aldığında başlatın.

## The blind player's page: premove, the board's keys, the game's positions, settings (issue 28)
web-voice-hint-short = Konuşmak için F2.
web-cmd-premove = önhamle önceden
web-cmd-cancel = iptal sil vazgeç
web-history-back-live = Tahta yeniden şimdiki konumu gösteriyor.
web-history-live = Şimdiki konum.
web-history-start = Başlangıç konumu.
web-history-after = { $move } sonrasındaki konum
web-history-at-start = Zaten başlangıç konumundasınız.
web-history-at-end = Zaten şimdiki konumdasınız.
web-history-unknown = Sayfa bu konumu bilmiyor; lütfen sayfayı yeniden yükleyin.
web-premove-set = Önhamle: { $move }. Sıra size gelince oynanır; önhamle iptal onu siler.
web-premove-failed = { $move } önhamlesi oynanmadı: { $reason }
web-premove-is = Önhamle: { $move }.
web-premove-none = Önhamle yok.
web-premove-cancelled = Önhamle silindi.
web-premove-physical = Kendi tahtalarınızla önhamle yok: her hamleyi tahtada yaparsınız.
web-premove-dropped = Önhamle düştü.
web-say-around = { $square } çevresinde: { $pieces }.
web-say-around-empty = { $square } çevresinde taş yok.
web-say-last-capture = Son alış: { $move }
web-say-no-capture = Henüz taş alınmadı.
web-piece-square = { $piece } { $square }
web-vi-premove = Önhamleler (rakibin sırasında yazılır, sıra size gelince oynanır)
web-vi-premove-hint = önhamle iptal bir önhamleyi siler. Kendi tahtalarınızla olmaz.
web-vi-move-style = Hamleleri söyle
web-vi-move-style-short = kısa, söylendiği gibi (At fe üç)
web-vi-move-style-full = çıkış karesiyle (At ge bir fe üç)
web-vi-move-style-san = notasyon (Nf3)
web-vi-move-style-nato = kareler NATO alfabesiyle (Golf bir Foxtrot üç)
web-vi-board-layout = Tahta
web-vi-board-layout-own = sizin tarafınızdan
web-vi-board-layout-white = her zaman Beyaz tarafından
web-vi-square-order = Kareleri söyle
web-vi-square-order-square = önce kare, sonra taş (e iki beyaz piyon)
web-vi-square-order-piece = önce taş, sonra kare (beyaz piyon e iki)
web-vi-reader-rate = Ekran okuyucunuzun hızı
web-vi-reader-rate-slow = yavaş
web-vi-reader-rate-normal = normal
web-vi-reader-rate-fast = hızlı
web-vi-reader-rate-fastest = çok hızlı
web-vi-reader-rate-hint = Sayfa buna göre bir tuşun bir hamleyi kesip kesmediğini tahmin eder; kestiyse hamleyi yeniden söyler.
web-vi-help-key-files = Shift ve 1 ile 8: aynı yatayda a ile h arasındaki dikeye.
web-vi-help-key-moves = M: bu kareden yasal hamleler; Shift ve M: yalnız alışlar.
web-vi-help-key-around = A: çevredeki karelerdeki taşlar; O: bulunduğunuz kare.
web-vi-help-key-last = Z: son hamle; Shift ve Z: son alış.
web-vi-help-key-clock = C: süre (konuşan saat).
web-vi-help-key-history = Virgül: bir hamle geri, nokta: bir hamle ileri; Shift ile: başlangıç konumuna ve şimdiki konuma. Escape ve her yeni hamle şimdiki konuma döner.
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

web-lobby-played-by = Oynayan
web-lobby-person = bir kişi
web-lobby-computer-level = bilgisayar, seviye { $level }
web-cmd-hint = ipucu
web-cmd-eval = değerlendirme degerlendirme
web-cmd-take-back = gerial geri
web-cmd-computer = bilgisayar
web-cmd-white = beyaz
web-cmd-black = siyah
web-cmd-help-computer = bilgisayar alıştırma ipucu değerlendirme gerial
web-help-computer = Bilgisayara karşı: bilgisayar 3, bilgisayara karşı 3. seviyede yeni bir oyun başlatır (1 en zayıf, 8 en güçlü seviyedir), oyuncu başına 15 dakika ve hamle başına 10 saniye; bilgisayar 3 10 5 ile 10 dakika ve 5 saniye; sonuna siyah eklerseniz Siyah oynarsınız. Böyle bir oyunda: ipucu, sizin için iyi bir hamle; değerlendirme, kimin daha iyi durumda olduğu; gerial, son hamleniz ve bilgisayarın yanıtı geri alınır.
web-vi-no-game = Bu sayfada henüz oyun yok. Bilgisayara karşı oynamak için bilgisayar ve 1 ile 8 arasında bir seviye yazın, örneğin bilgisayar 3, ya da Bilgisayara karşı yeni oyun formunu doldurun.
web-vi-which-level = Hangi seviye? 1 ile 8 arasında, örneğin bilgisayar 3.
web-vi-new-game-confirm = Bilgisayara karşı yeni bir oyun başlatılsın mı? Bu oyun sizsiz devam eder.
web-vi-new-game-created = Bilgisayara karşı yeni oyun, seviye { $level }: { $color } oynuyorsunuz.
web-new-game-heading = Bilgisayara karşı yeni oyun
web-new-game-level = Seviye
web-new-game-level-option = Seviye { $level ->
    [1] 1, en zayıf
    [8] 8, en güçlü
   *[other] { $level }
}
web-new-game-color = Oynadığınız renk
web-new-game-start = Oyunu başlat
web-new-game-hint = Bilgisayar hamlelerinize hemen yanıt verir. Oyunda: ipucu, değerlendirme ve gerial.
web-lobby-computer-one = Yalnızca bir taraf bilgisayar tarafından oynanabilir.
