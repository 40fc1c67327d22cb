#!/usr/bin/env bash
# A voice that writes instead of speaking, for Speech Dispatcher's generic module
# (scripts/orca-headless.sh): the utterance on standard input, the transcript file as $1.
# Writes `<ms> say <text>`, waits as long as a voice would take to say it, writes
# `<ms> done <text>`. Stopped speech (the module kills the process group) has no `done` line.
set -u
text="$(cat)"
text="${text//$'\n'/ }"
ms() { date +%s%3N; }
printf '%s say %s\n' "$(ms)" "$text" >>"$1"
per_char="${HAMLE_SPEECH_MS_PER_CHAR:-40}"
wait_ms=$(( ${#text} * per_char ))
[ "$wait_ms" -ge 150 ] || wait_ms=150
sleep "$((wait_ms / 1000)).$(printf '%03d' $((wait_ms % 1000)))"
printf '%s done %s\n' "$(ms)" "$text" >>"$1"
