# Electronic boards (issue 33, Turkish): what a seat hears about its electronic board, and the
# lines of the board's bridge (`hamle board`) on the player's machine.

## What the seat hears; $whose: yours (the player's own board), white or black (his assistant)

eboard-connected = { $whose ->
    [white] Beyazın elektronik tahtası bağlandı.
    [black] Siyahın elektronik tahtası bağlandı.
   *[yours] Elektronik tahtanız bağlandı.
}
eboard-lost = { $whose ->
    [white] Beyazın elektronik tahtasıyla bağlantı kesildi: Yeniden bağlanana kadar tahtada yapılanlar görülmüyor.
    [black] Siyahın elektronik tahtasıyla bağlantı kesildi: Yeniden bağlanana kadar tahtada yapılanlar görülmüyor.
   *[yours] Elektronik tahtanızla bağlantı kesildi: Yeniden bağlanana kadar tahtada yaptıklarınız görülmüyor.
}
eboard-back = { $whose ->
    [white] Beyazın elektronik tahtası yeniden bağlandı.
    [black] Siyahın elektronik tahtası yeniden bağlandı.
   *[yours] Elektronik tahtanız yeniden bağlandı.
}
eboard-in-sync = { $whose ->
    [white] Beyazın tahtası yeniden oyunla aynı.
    [black] Siyahın tahtası yeniden oyunla aynı.
   *[yours] Tahtanız yeniden oyunla aynı.
}
eboard-mismatch = { $whose ->
    [white] Beyazın tahtası oyundan farklı.
    [black] Siyahın tahtası oyundan farklı.
   *[yours] Tahtanız oyundan farklı.
}
# A piece the board cannot name (a DGT board's special piece) where none belongs.
eboard-take-off = Lütfen { $square } karesindeki taşı tahtadan kaldırın.
eboard-more = Bundan sonra { $count } adım daha var.
eboard-promotion = { $whose ->
    [white] Beyazın piyonu { $from } { $to } gidiyor: Piyonun yerine { $to } terfi edeceği taş konmalı.
    [black] Siyahın piyonu { $from } { $to } gidiyor: Piyonun yerine { $to } terfi edeceği taş konmalı.
   *[yours] Piyonunuz { $from } { $to } gidiyor: Piyonun yerine { $to } terfi edeceği taşı koyun.
}
# Masa taşı kaldırılmış (dokunulmuş) sayıyor; köprü kaldırışı kendisi görmedi (tahta ya da sunucu
# yoktu). "Yerine koyun" yerine söylenir. $piece: belirtme hâli ("beyaz piyonu"), $from: "e ikiden".
eboard-holding = { $whose ->
    [white] Masada Beyaz, { $piece } { $from } kaldırdı ve henüz bırakmadı.
    [black] Masada Siyah, { $piece } { $from } kaldırdı ve henüz bırakmadı.
   *[yours] Masada { $piece } { $from } kaldırdınız ve henüz bırakmadınız.
}
eboard-refused = Elektronik tahtadan gelen kabul edilmedi: { $reason }
eboard-bridge-gone = { $whose ->
    [white] Beyazın elektronik tahtasının oyunla bağlantısı koptu: Tahtada yapılanlar görülmüyor.
    [black] Siyahın elektronik tahtasının oyunla bağlantısı koptu: Tahtada yapılanlar görülmüyor.
   *[yours] Elektronik tahtanızın oyunla bağlantısı koptu: Tahtada yaptıklarınız görülmüyor.
}

# A board_status from, or a bridge greeting as, a seat that is no player.
error-eboard-players-only = Durumunu yalnızca bir oyuncunun elektronik tahtası bildirir: Beyazın ya da Siyahın bağlantısını kullanın.

## The bridge's own lines (`hamle board`)

bridge-bad-link = "{ $link }" bir hamle oyuncu bağlantısı değil: Bir oyuncunun bağlantısını verin, örneğin http://server:7878/vi?lang=tr#game=…&token=…
bridge-bad-kind = "{ $value }" bir tahta türü değil: dgt ya da chessnut.
bridge-bad-settle = "{ $value }" bir bekleme süresi değil: 0 ile 5000 arasında milisaniye verin.
bridge-bad-clock = "{ $value }" saatin bir tarafı değil: left (sol) ya da right (sağ).
bridge-bad-livechess = "{ $value }" bir DGT LiveChess adresi değil: WebSocket adresini verin, örneğin ws://127.0.0.1:1982/api/v1.0.
bridge-connecting = { $server } üzerindeki { $game } oyununa bağlanılıyor …
bridge-welcome = Oyuna bağlanıldı: { $seat }.
bridge-not-a-player = Bu bağlantı şunun: { $seat }. Elektronik tahta bir oyuncuya aittir; Beyazın ya da Siyahın bağlantısını kullanın.
bridge-server-lost = Sunucuyla bağlantı kesildi ({ $reason }); { $ms } milisaniye sonra yeniden denenecek.
bridge-server-refused = Sunucu bu köprüyü kabul etmiyor: { $reason }
bridge-port-open = { $port } bağlantı noktası açık; tahtaya soruluyor.
bridge-port-failed = { $port } bağlantı noktası açılamıyor ({ $reason }); { $ms } milisaniye sonra yeniden denenecek.
bridge-port-lost = { $port } bağlantı noktası kayboldu ({ $reason }); { $ms } milisaniye sonra yeniden denenecek.
bridge-port-silent = tahta artık yanıt vermiyor
bridge-turned = Tahta ters duruyor (bağlantısı Beyazın sağında): Ters çevrilmiş olarak okunuyor.
bridge-lever = Saatteki düğmeniz basıldı: Masada saate basılıyor.
bridge-clock-set = Saat masadakinden farklı gösteriyordu: masadaki sürelere ayarlandı, solda { $left }, sağda { $right }.
# The reason LiveChess is tried again (no board, or not the one named); said in bridge-port-failed.
bridge-livechess-no-board = { $serial ->
    [none] DGT LiveChess'e bağlı elektronik tahta yok
   *[other] DGT LiveChess'e bağlı { $serial } seri numaralı elektronik tahta yok
}
bridge-unmapped = Tahtanın gösterdiği, masaya tahta olayı olarak iletilemiyor ({ $reason ->
    [hand_full] masada bu tahtada zaten kaldırılmış bir taş var
    [not_on_record] masada { $square } karesinde başka bir taş duruyor
   *[unreachable] bu ancak iki elle aynı anda kurulabilirdi
}); bunu sayfada ya da hakeme bildirin.
bridge-stopped = Köprü durdu.
