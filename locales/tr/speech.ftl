# Ses çıkışı: hamle konuşamadığında ne söyler (Türkçe).

speech-language-de = Almanca
speech-language-tr = Türkçe
speech-language-en = İngilizce

speech-espeak-missing = espeak-ng kurulu değil, bu yüzden hamle ses dosyası oluşturamıyor. Debian veya Ubuntu'da: sudo apt-get install espeak-ng. macOS'ta: brew install espeak-ng.
speech-espeak-failed = espeak-ng sesi oluşturamadı: { $detail }
speech-wav-write-failed = { $path } ses dosyası yazılamadı: { $detail }
speech-system-voice-not-built = Bu hamle sistem sesi olmadan derlendi. Şununla derleyin: cargo build --release --features system-voice (önce neyin kurulacağı docs/speech.md dosyasında yazıyor).
speech-system-voice-failed = Sistem sesi çalışmıyor: { $detail }
speech-system-voice-timeout = Sistem sesi konuşmayı zamanında bitirmedi.
speech-no-voice = Sistem sesinde { $language } bir ses yok.

# hamle serve --speak
speech-no-such-game = Bu sunucuda seslendirilecek { $id } kimlikli bir oyun yok.
speech-bad-rate = { $value } bir konuşma hızı değil: 0 ile 2 arasında bir sayı verin (1 sesin normal hızıdır).
speech-bad-volume = { $value } bir ses düzeyi değil: 0 ile 1 arasında bir sayı verin.
speech-bad-game = { $value } bir oyun kimliği değil: oyun kimliği 16 küçük harfli onaltılık rakamdan oluşur.
speech-bad-seat = { $value } bir koltuk değil: white, black, white_assistant, black_assistant, arbiter veya spectator.
