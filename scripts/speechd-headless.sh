#!/usr/bin/env bash
# Start a private Speech Dispatcher that needs no sound card (for CI and headless machines).
#
#   eval "$(scripts/speechd-headless.sh [DIR])"
#
# DIR (default: a new temporary directory) receives the configuration, the socket, the log and
# `audio/`: everything the voice says, as raw signed 16-bit little-endian mono samples at
# 22050 Hz (espeak-ng's rate), written by ALSA's `file` plugin on top of its `null` device. Each
# time the daemon opens the device ALSA starts a new file (speech.raw, speech.raw.0001, ...).
# With the stock configuration (PulseAudio) Speech Dispatcher 0.11 never reports the end of an
# utterance on a machine with no sound server; with this one it does.
#
# Prints shell `export` lines: SPEECHD_ADDRESS (read by libspeechd, hence by the `tts` crate),
# HAMLE_SPEECHD_DIR, HAMLE_SPEECHD_AUDIO_DIR and HAMLE_SPEECHD_PID. Stop the daemon with
# `kill "$HAMLE_SPEECHD_PID"`.
#
# Needs: speech-dispatcher speech-dispatcher-espeak-ng espeak-ng (Debian/Ubuntu).
set -euo pipefail

dir="${1:-$(mktemp -d -t hamle-speechd.XXXXXX)}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

command -v speech-dispatcher >/dev/null || {
    echo "speech-dispatcher is not installed: apt-get install speech-dispatcher speech-dispatcher-espeak-ng espeak-ng" >&2
    exit 1
}

conf="$dir/conf"
rm -rf "$conf"
mkdir -p "$conf/modules" "$dir/log" "$dir/home"
cp /etc/speech-dispatcher/modules/espeak-ng.conf "$conf/modules/"

cat >"$conf/speechd.conf" <<CONF
LogLevel ${HAMLE_SPEECHD_LOGLEVEL:-3}
LogDir "$dir/log"
DefaultVolume 100
DefaultLanguage "en"
AudioOutputMethod "alsa"
AudioALSADevice "hamlefile"
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
DefaultModule espeak-ng
CONF

# ALSA reads ~/.asoundrc: the daemon gets a HOME of its own, so the user's is untouched.
rm -rf "$dir/audio"
mkdir -p "$dir/audio"
cat >"$dir/home/.asoundrc" <<ASOUND
pcm.hamlefile {
    type file
    slave.pcm "null"
    file "$dir/audio/speech.raw"
    format "raw"
    truncate false
}
ASOUND
# Should the ALSA output fail to open, libao's null driver still lets events flow.
printf 'default_driver=null\n' >"$dir/home/.libao"

socket="$dir/speechd.sock"
rm -f "$socket"
HOME="$dir/home" XDG_RUNTIME_DIR="$dir" speech-dispatcher -s -t 0 -C "$conf" -S "$socket" \
    -L "$dir/log" -P "$dir/speechd.pid" >"$dir/log/stdout.log" 2>&1 &
pid=$!

for _ in $(seq 1 100); do
    [ -S "$socket" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$dir/log/"*.log >&2 || true; echo "speech-dispatcher exited" >&2; exit 1; }
    sleep 0.05
done
[ -S "$socket" ] || { echo "speech-dispatcher did not open $socket" >&2; exit 1; }

echo "export SPEECHD_ADDRESS='unix_socket:$socket'"
echo "export HAMLE_SPEECHD_DIR='$dir'"
echo "export HAMLE_SPEECHD_AUDIO_DIR='$dir/audio'"
echo "export HAMLE_SPEECHD_PID='$pid'"
