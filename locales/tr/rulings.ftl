## The arbiter's rulings over the table and the results (issue 31): a touch released, his
## note on a ruling, a forfeit, a result corrected after the end.

event-touch-released = Hakem { $color } tarafının dokunmasını kasıtsız sayarak kaldırdı: Dokunulan taş oynanır kuralı artık geçerli değil, kurala uygun her hamle yapılabilir.
event-note = Hakemin notu: { $note }
event-result-corrected = Hakem oyun bittikten sonra sonucu düzeltti. { $end } Gerekçe: { $because }

confirm-release-touch = { $color } tarafının dokunması kasıtsız sayılarak kaldırılsın mı? Dokunulan taşı oynama zorunluluğu kalkar. Henüz hiçbir şey değişmedi. Uygulamak için onaylayın.
confirm-forfeit = Hükmen sonuç: { $result ->
    [white] Beyaz hükmen kazanır
    [black] Siyah hükmen kazanır
   *[double_forfeit] iki taraf da hükmen yenilir
}? Oyun oynanmadı ve reytinge girmez. Henüz hiçbir şey değişmedi. Uygulamak için onaylayın.
confirm-correct-result = Sonuç şöyle düzeltilsin mi: { $result ->
    [white] Beyaz kazanır
    [black] Siyah kazanır
    [draw] berabere
   *[double_forfeit] iki taraf da yenilir
}{ $forfeit ->
    [true] {" "}(hükmen)
   *[false] {""}
}? PGN, tur masası ve sonuçlar buna uyar. Henüz hiçbir şey değişmedi. Uygulamak için onaylayın.

error-no-touch = Sırası gelen oyuncuyu zorlayan bir dokunma yok: kaldırılacak bir şey yok. Hiçbir şey değiştirilmedi.
error-game-has-moves = Bu oyunda hamle yapıldı: oyun oynandı, hükmen sonuçlanamaz. Sonucunu ilan edin. Hiçbir şey değiştirilmedi.
error-game-not-over = Oyun sürüyor: sonuç ancak oyun bittikten sonra düzeltilir. Hiçbir şey değiştirilmedi.
error-result-unchanged = Oyunun sonucu zaten bu. Hiçbir şey değiştirilmedi.
error-invalid-result = Oyun böyle bitemez: hükmen sonuçta bir taraf kazanır ya da iki taraf da yenilir (0-0), ve 0-0 yalnızca hükmen olur. Hiçbir şey değiştirilmedi.
error-reason-required = Düzeltmenin gerekçesini yazın. Hiçbir şey değiştirilmedi.

## The arbiter's page
web-arbiter-note = Sonraki kararınız için notunuz (isteğe bağlı)
web-arbiter-note-hint = Tek satır düz metin, <, > ve süslü parantez olmadan: sonraki kararınızla (onaylanan, reddedilen ya da kaldırılan bir dokunma, düzeltilen bir tahta, ayarlanan bir saat, bir bitiş, hükmen bir sonuç, farklı tahtalar üzerine bir karar) olay kaydına ve raporunuza girer.
web-arbiter-release = Dokunmayı kaldır (kasıtsız)
web-arbiter-release-hint = D.2.3 ve Madde 4.2: yalnızca kasıtlı dokunma bağlar. Deliğinden düşen ya da yanlışlıkla kaldırılan bir taş: dokunmayı kaldırın, kaydedildikten ya da onaylandıktan sonra da; oyuncu ardından kurala uygun her hamleyi yapabilir. Uygulanmadan önce ne yapacağını görürsünüz.
web-arbiter-no-touch = Sırası gelen oyuncuyu zorlayan bir dokunma yok.
web-arbiter-end-how = Nasıl
web-arbiter-end-played = Oyunun sonucu
web-arbiter-end-forfeit = Hükmen (oynanmadı, hamle yapılmadı)
web-result-double-forfeit = İki taraf da yenilir (çift hükmen, 0-0)
web-arbiter-correct = Oyun bittikten sonra sonucu düzelt
web-arbiter-correct-hint = Yalnızca oyun bittikten sonra (bir itiraz, yanlış ilan edilen bir renk, yanlış çıkan bir talep). Uygulanmadan önce düzeltmeyi görürsünüz; PGN, tur masası ve sonuçlar ona uyar, olay kaydı iki sonucu da tutar.
web-arbiter-correct-forfeit = Hükmen (oyun oynanmadı)
web-arbiter-correct-reason = Gerekçe (zorunlu)
web-arbiter-correct-button = Düzeltmeyi göster

## The arbiter's report (the incident record he signs)
incident-clock-set = Hakem { $color } saatini { $from } süresinden { $to } süresine ayarladı.
incident-said = Söylenen hamle: { $from } karesinden { $to } karesine.
report-kind = Hakem raporu
report-event = Turnuva: { $value }
report-site = Yer: { $value }
report-round = Tur: { $value }
report-board = Masa: { $value }
report-players = Beyaz: { $white }. Siyah: { $black }.
report-date = Tarih: { $value }
report-zone = Bütün saatler UTC'dir (Eşgüdümlü Evrensel Zaman). Her satır, olay anındaki hamle numarasını ve sırası gelen tarafı verir.
report-result = Sonuç: { $result }. { $end }
report-in-play = Sonuç: oyun bitmedi.
report-hamle = hamle
report-line = { $time } UTC, { $number }. hamle, sıra { $color ->
    [white] Beyaz
   *[black] Siyah
} tarafta. { $who }: { $text }
report-signature = Hakemin imzası: ______________________________
report-round-title = { $event }, { $round }. tur olay kayıtları: { $boards } masa, masa masa.
