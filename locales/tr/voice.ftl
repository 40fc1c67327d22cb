## Voice input (docs/voice.md): the words hamle listens for, its questions and the page's
## push-to-talk.

# The spoken commands (the first form the recogniser listens for).
voice-word-time = Süre
voice-word-draw = Berabere
voice-word-resign = Terk
voice-word-repeat = Tekrar
voice-word-yes = Evet
voice-word-no = Hayır

# A move or command heard but not sure enough to play: hamle asks.
voice-ask = { $candidate }? Evet mi hayır mı? Seçenekler: { $choices }.
# One of the candidates offered, to pick by its number: "1 At fe üç".
voice-choice = { $number } { $candidate }
voice-not-understood = Bunu anlayamadım. Lütfen tekrar söyleyin.
voice-not-understood-choices = Bunu anlayamadım. Seçenekler: { $choices }.
voice-declined = Peki, hamle yok. Lütfen tekrar söyleyin.
# Heard, but far from every legal move and command (a move that is not legal, a sentence):
# refused, nothing offered.
voice-refused = Geçerli bir hamle ya da komut duyamadım. Lütfen tekrar söyleyin.

error-voice-unavailable = Bu sunucuda sesli giriş kurulu değil.
error-voice-busy = Sesli giriş şu anda meşgul. Lütfen birazdan tekrar deneyin.
error-voice-seats-only = Sesli giriş oyuncular, yardımcıları ve hakem içindir. İzleyiciler sorularını yazar.
error-voice-failed = Konuşma tanıma başarısız oldu. Lütfen tekrar deneyin ya da hamleyi yazın.
error-voice-too-long = Kayıt çok uzun (en fazla { $seconds } saniye).
error-voice-not-listening = Süren bir kayıt yok.
error-voice-bad-format = Kayıt 16 kHz, tek kanal, 16 bit olmalı.
error-voice-stale = Konum bu arada değişti. Lütfen hamlenizi tekrar söyleyin.
error-voice-no-question = Açık bir soru yok.

# The page.
web-voice-talk = Konuş (F2)
web-voice-hint = F2'ye basın, hamlenizi söyleyin, F2'ye yeniden basın. Bir soruya evet ya da hayır, E ya da H, ya da 1, 2, 3 numarasıyla yanıt verin.
web-voice-listening = Dinliyorum. Bitince F2'ye basın.
web-voice-thinking = Bir saniye.
web-voice-no-mic = Mikrofon yok: { $reason }
# The keys that answer a question (one letter each).
web-voice-key-yes = e
web-voice-key-no = h
