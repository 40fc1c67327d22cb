#!/usr/bin/env bash
# Start a real screen reader with no screen and no sound card: Orca on a private D-Bus session
# and AT-SPI bus, an Xvfb display (Orca needs X for its keyboard map and GTK), and a private
# Speech Dispatcher whose every utterance is written to a transcript (for the screen-reader test).
#
#   eval "$(scripts/orca-headless.sh [DIR])"
#   ... start Chromium with --force-renderer-accessibility in this environment ...
#   scripts/orca-headless.sh --stop "$HAMLE_ORCA_DIR"
#
# DIR (default: a new temporary directory) receives the configuration, the sockets, the logs
# and `transcript.log`. Speech goes to Speech Dispatcher's `generic` module, which runs
# scripts/speech-transcript.sh for each utterance: it writes a line `<ms> say <text>` when the
# utterance starts, waits about as long as a voice would take to say it (40 ms a character,
# about a fast listener's rate; HAMLE_SPEECH_MS_PER_CHAR), then writes `<ms> done <text>`. An utterance
# that Orca stops (a key echo, a newer announcement) is killed with its process group, so it
# has a `say` line and no `done` line: cut off. Times are milliseconds since the Unix epoch.
#
# HAMLE_ORCA_DEBUG=1 writes Orca's debug log to DIR/log/orca-debug.out.
#
# Prints shell `export` lines: DISPLAY, DBUS_SESSION_BUS_ADDRESS (clients find the AT-SPI bus
# through it), ACCESSIBILITY_ENABLED=1 (Chromium then loads its AT-SPI bridge), SPEECHD_ADDRESS,
# HAMLE_ORCA_DIR and HAMLE_ORCA_TRANSCRIPT.
#
# `--stop DIR` ends every process of the stack started for DIR: each carries
# HAMLE_ORCA_STACK=DIR in its environment (so do the services the buses start on demand, such
# as at-spi2-registryd), and only those are signalled, by process id.
#
# Needs (Debian/Ubuntu): orca python3-speechd python3-pyatspi at-spi2-core dbus xvfb
# speech-dispatcher x11-xkb-utils.
set -euo pipefail

# The processes whose environment holds HAMLE_ORCA_STACK=$1 (this script's own excepted).
stack_pids() {
    grep -lsxzF "HAMLE_ORCA_STACK=$1" /proc/[0-9]*/environ 2>/dev/null |
        sed -n 's|^/proc/\([0-9]*\)/environ$|\1|p' | grep -vx "$$" || true
}

if [ "${1:-}" = "--stop" ]; then
    [ -n "${2:-}" ] || { echo "usage: $0 --stop DIR" >&2; exit 2; }
    stop_dir="$(cd "$2" 2>/dev/null && pwd)" || exit 0
    pids="$(stack_pids "$stop_dir")"
    [ -z "$pids" ] || kill $pids 2>/dev/null || true
    for _ in $(seq 1 50); do
        [ -n "$(stack_pids "$stop_dir")" ] || exit 0
        sleep 0.1
    done
    pids="$(stack_pids "$stop_dir")"
    [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || true
    exit 0
fi

here="$(cd "$(dirname "$0")" && pwd)"
dir="${1:-$(mktemp -d -t hamle-orca.XXXXXX)}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

for cmd in orca Xvfb dbus-daemon speech-dispatcher; do
    command -v "$cmd" >/dev/null || {
        echo "$cmd is not installed: apt-get install orca python3-speechd python3-pyatspi at-spi2-core dbus xvfb speech-dispatcher" >&2
        exit 1
    }
done

export HAMLE_ORCA_STACK="$dir"
started=0
trap '[ "$started" = 1 ] || "$here/orca-headless.sh" --stop "$dir"' EXIT

mkdir -p "$dir/home" "$dir/run" "$dir/log" "$dir/conf/modules"
chmod 700 "$dir/run"
export HOME="$dir/home" XDG_RUNTIME_DIR="$dir/run" XDG_CONFIG_HOME="$dir/home/.config"
export XDG_DATA_HOME="$dir/home/.local/share" XDG_CACHE_HOME="$dir/home/.cache"
export NO_AT_BRIDGE=0 GTK_MODULES=gail:atk-bridge ACCESSIBILITY_ENABLED=1
export GSETTINGS_BACKEND=memory

# --- the display ----------------------------------------------------------------------------
display=""
for n in $(seq 90 130); do
    if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then
        display=":$n"
        break
    fi
done
[ -n "$display" ] || { echo "no free X display number" >&2; exit 1; }
Xvfb "$display" -screen 0 1280x1024x24 -nolisten tcp >"$dir/log/xvfb.log" 2>&1 &
export DISPLAY="$display"
for _ in $(seq 1 100); do
    [ -e "/tmp/.X11-unix/X${display#:}" ] && break
    sleep 0.05
done

# --- the session bus and the accessibility bus ----------------------------------------------
dbus-daemon --session --fork --print-address=3 --print-pid=4 --address="unix:path=$dir/run/bus" \
    3>"$dir/bus.address" 4>"$dir/bus.pid"
DBUS_SESSION_BUS_ADDRESS="$(head -n1 "$dir/bus.address")"
export DBUS_SESSION_BUS_ADDRESS
/usr/libexec/at-spi-bus-launcher --launch-immediately >"$dir/log/at-spi.log" 2>&1 &
for _ in $(seq 1 100); do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress \
        >/dev/null 2>&1 && break
    sleep 0.05
done
for prop in IsEnabled ScreenReaderEnabled; do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
        org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:"$prop" variant:boolean:true \
        >/dev/null 2>&1 || true
done

# --- Speech Dispatcher, its speech written to the transcript --------------------------------
transcript="$dir/transcript.log"
: >"$transcript"
cat >"$dir/conf/modules/transcript.conf" <<CONF
Debug 0
GenericExecuteSynth "printf %s \'\$DATA\' | '$here/speech-transcript.sh' '$transcript'"
GenericStripPunctChars ""
GenericLanguage "en" "en" "utf-8"
GenericLanguage "de" "de" "utf-8"
GenericLanguage "tr" "tr" "utf-8"
AddVoice "en" "MALE1" "en"
AddVoice "de" "MALE1" "de"
AddVoice "tr" "MALE1" "tr"
DefaultVoice "en"
CONF
cat >"$dir/conf/speechd.conf" <<CONF
LogLevel ${HAMLE_SPEECHD_LOGLEVEL:-3}
LogDir "$dir/log"
DefaultLanguage "en"
AudioOutputMethod "libao"
AddModule "transcript" "sd_generic" "transcript.conf"
DefaultModule transcript
CONF
printf 'default_driver=null\n' >"$HOME/.libao"
socket="$dir/run/speechd.sock"
speech-dispatcher -s -t 0 -C "$dir/conf" -S "$socket" -L "$dir/log" -P "$dir/speechd.pid" \
    >"$dir/log/speechd-stdout.log" 2>&1 &
for _ in $(seq 1 100); do
    [ -S "$socket" ] && break
    sleep 0.05
done
[ -S "$socket" ] || { cat "$dir/log/"*.log >&2 || true; echo "speech-dispatcher did not open $socket" >&2; exit 1; }
export SPEECHD_ADDRESS="unix_socket:$socket"

# --- Orca -------------------------------------------------------------------------------------
# Its settings: speech on, key echo by key and by word (as installed), no braille, no sounds.
mkdir -p "$XDG_DATA_HOME/orca"
cat >"$XDG_DATA_HOME/orca/user-settings.conf" <<'JSON'
{
  "general": {
    "enableSpeech": true,
    "enableBraille": false,
    "enableSound": false,
    "speechServerFactory": "speechdispatcherfactory",
    "speechServerInfo": ["Default Synthesizer", "default"],
    "firstStartCompleted": true
  },
  "keybindings": {},
  "pronunciations": {},
  "profiles": {
    "default": {
      "profile": ["Default", "default"],
      "enableSpeech": true,
      "enableBraille": false,
      "enableSound": false,
      "speechServerFactory": "speechdispatcherfactory",
      "speechServerInfo": ["Default Synthesizer", "default"],
      "firstStartCompleted": true
    }
  }
}
JSON
orca_args=(--replace)
[ "${HAMLE_ORCA_DEBUG:-0}" = 0 ] || orca_args+=(--debug-file "$dir/log/orca-debug.out")
/usr/bin/orca "${orca_args[@]}" >"$dir/log/orca.log" 2>&1 &
orca_pid=$!
# Orca is ready when it has said its first words ("Screen reader on.").
for _ in $(seq 1 200); do
    grep -q ' say ' "$transcript" 2>/dev/null && break
    kill -0 "$orca_pid" 2>/dev/null || { cat "$dir/log/orca.log" >&2; echo "orca exited" >&2; exit 1; }
    sleep 0.1
done
grep -q ' say ' "$transcript" || { tail -n 30 "$dir/log/orca.log" >&2; echo "orca said nothing in 20 s" >&2; exit 1; }

started=1
echo "export DISPLAY='$DISPLAY'"
echo "export DBUS_SESSION_BUS_ADDRESS='$DBUS_SESSION_BUS_ADDRESS'"
echo "export ACCESSIBILITY_ENABLED=1"
echo "export SPEECHD_ADDRESS='$SPEECHD_ADDRESS'"
echo "export HAMLE_ORCA_DIR='$dir'"
echo "export HAMLE_ORCA_TRANSCRIPT='$transcript'"
