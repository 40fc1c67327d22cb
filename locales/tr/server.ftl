# Server messages (Turkish): refusals, protocol errors, game events, the serve command.

## Names

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
   *[arbiter] hakem kararı
}. { $result ->
    [white] Beyaz kazandı.
    [black] Siyah kazandı.
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

## Protocol errors

error-bad-json = Mesaj bir JSON nesnesi değil.
error-unknown-type = Bilinmeyen mesaj türü: { $type }.
error-missing-field = { $field } alanı eksik.
error-invalid-field = { $field } alanının değeri geçersiz.
error-unsupported-version = { $version } protokol sürümü desteklenmiyor; bu sunucu { $supported } sürümünü konuşur.
error-hello-required = Lütfen önce jetonla bir hello mesajı gönderin.
error-hello-timeout = Hello mesajı gelmedi; bağlantı kapatılıyor.
error-already-authenticated = Bu bağlantı zaten oturum açtı.
error-bad-token = Bu jeton bu oyun için geçerli değil.
error-rate-limited = Kısa sürede çok fazla mesaj; bu mesaj atıldı.
error-flood = Çok fazla mesaj; bağlantı kapatılıyor.
error-unsupported-frame = Yalnızca JSON içeren metin mesajları anlaşılır.
error-too-large = Mesaj çok büyük: en fazla { $limit } bayt.
error-replaced = Bu koltuk yeniden bağlandı; bu bağlantı kapatılıyor.
error-shutting-down = Sunucu kapanıyor.

## HTTP

error-unknown-path = Bu adreste hiçbir şey yok.
error-not-found = Böyle bir oyun yok.
error-unauthorized = Geçerli bir jeton eksik.
error-invalid-request = İstek geçersiz.
error-invalid-setting = { $field } ayarı geçersiz.
error-internal = Bir iç hata oluştu.

## The serve command

serve-listening = hamle { $url } adresinde dinliyor
serve-admin-token = Yönetici jetonu { $path } dosyasında
serve-stopped = hamle durdu.
serve-failed = hamle başlatılamadı: { $reason }
