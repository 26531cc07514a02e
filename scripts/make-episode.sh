#!/usr/bin/env bash
# Makes the podcast's Episode 0 from the text below: espeak-ng speaks it into a WAV file and opusenc
# turns that into Opus in Ogg (small, and played by Chromium and Firefox). The result is
# committed under client/public/podcast/, so starting the app needs neither tool.
#
#   Needs: apt-get install -y espeak-ng opus-tools
#   Run:   scripts/make-episode.sh            (writes client/public/podcast/tech-touchdown-ep-0.opus)
#
# To add an episode: copy this script's text block into a new one (or pass another text and output),
# then add the file to the playlist in client/src/features/podcast/playlist.ts.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/client/public/podcast/tech-touchdown-ep-0.opus}"
VOICE="en-us"
WORDS_PER_MINUTE=160
# Speech needs little: 24 kbit/s mono Opus keeps a minute of voice near 180 KB.
BITRATE_KBPS=24
# A fixed Ogg stream serial number, so running the script twice gives the same bytes.
OGG_SERIAL=20250907

for tool in espeak-ng opusenc; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "make-episode: $tool is missing; install it with: apt-get install -y espeak-ng opus-tools" >&2
    exit 1
  fi
done

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

cat >"$WORK/episode.txt" <<'TEXT'
Welcome to Tech Touchdown, episode zero.
This is the podcast for software engineers who are also sports fans.
Tech Touchdown started as a hackathon project with one simple idea:
the news you read about code and the scores you check on game day belong on the same screen.
On the dashboard, tech stories sit on one side and sports on the other.
Pick your favourite teams and the languages and stacks you care about, and search both at once.
On the sports page, follow live scores from the N F L, the N B A, Major League Baseball and the N H L,
and join the chat for any game, with voice if you would rather talk.
And in fantasy, you draft startups instead of players, against nine A I teams.
In the next episodes we will look at how sports teams use data and machine learning,
and what engineers can learn from a good two minute drill.
Thanks for listening. See you at kickoff.
TEXT

espeak-ng -v "$VOICE" -s "$WORDS_PER_MINUTE" -f "$WORK/episode.txt" -w "$WORK/episode.wav"
mkdir -p "$(dirname "$OUT")"
opusenc --quiet --bitrate "$BITRATE_KBPS" --downmix-mono --serial "$OGG_SERIAL" \
  --title "Tech Touchdown Ep. 0" --artist "Tech Touchdown" --album "Tech Touchdown Podcast" \
  "$WORK/episode.wav" "$OUT"

bytes="$(wc -c <"$OUT")"
echo "make-episode: wrote $OUT ($bytes bytes)"
