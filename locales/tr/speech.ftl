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
