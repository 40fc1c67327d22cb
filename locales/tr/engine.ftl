## The computer opponent (issue 34): what goes wrong with the engine, said to the player.

error-engine-unknown-level = { $level } diye bir seviye yok. Lütfen 1 ile 8 arasında bir seviye seçin.
error-engine-unavailable = Bilgisayar rakip bu sunucuda başlatılamıyor.
error-engine-not-an-engine = Bilgisayar rakip olarak ayarlanan program bir satranç motoru değil: UCI ile yanıt vermiyor.
error-engine-busy = Bilgisayar şu anda başka oyunlarla meşgul. Lütfen birazdan yeniden deneyin.
error-engine-timed-out = Bilgisayar, yeniden başlatıldıktan sonra da zamanında yanıt vermedi. Lütfen birazdan yeniden deneyin.
error-engine-crashed = Bilgisayar çalışmayı durdurdu; yeniden başlatmak da işe yaramadı. Lütfen birazdan yeniden deneyin.
error-engine-bad-answer = Bilgisayar, yeniden başlatıldıktan sonra da burada yapılamayacak bir hamle söyledi.
error-engine-no-legal-move = Bu konumda yapılacak hamle yok: oyun bitti.

## Practice aids in a game against the computer: a hint, who stands better, a take-back.

practice-hint = İpucu: { $move }.
practice-eval-equal = Aşağı yukarı eşit.
practice-eval-slightly = { $color } biraz daha iyi durumda.
practice-eval-pawns = { $color } yaklaşık { $pawns } piyon önde.
practice-eval-mate = { $moves ->
    [one] { $color } bir sonraki hamlede mat eder.
   *[other] { $color } { $moves } hamlede mat eder.
}
event-taken-back = { $seat } geri aldı: { $moves }.
error-not-practice = İpucu, değerlendirme ve hamle geri alma yalnızca bilgisayara karşı oyunlarda vardır.
error-nothing-to-take-back = Geri alabileceğiniz bir hamleniz yok.
