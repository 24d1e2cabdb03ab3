#!/usr/bin/env bash
# Makes a phone-sized test photo with the vips command (Debian: libvips-tools): light and shade at
# several scales, cell-like edges, a slow colour tint and sensor grain, so decoders and encoders
# work as hard as on a real photo (a 4032x3024 JPEG comes out near 3 MB). The same seed gives the
# same picture. The format follows the name: .jpg (quality 90) or .heic (quality 50, like a phone;
# encoding takes some 15 s of CPU). The file appears under its name only when complete.
# Usage: scripts/make-photo.sh OUT.jpg|OUT.heic [SEED] [WIDTH HEIGHT]   (default seed 1, 4032 3024)
set -euo pipefail

out=$1
seed=${2:-1}
w=${3:-4032}
h=${4:-3024}
command -v vips >/dev/null || { echo "vips is missing: apt-get install libvips-tools" >&2; exit 1; }
case "$out" in
    *.jpg | *.jpeg) options="[Q=90]" ;;
    *.heic) options="[Q=50]" ;;
    *) echo "usage: $0 OUT.jpg|OUT.heic [SEED] [WIDTH HEIGHT]" >&2; exit 2 ;;
esac

work=$(mktemp -d /tmp/hearth-photo.XXXXXX)
trap 'rm -rf "$work"' EXIT

# Light and shade: broad shapes, mid-sized detail, and edges between Worley cells (like objects).
vips perlin "$work/broad.v" "$w" "$h" --cell-size 800 --seed $((seed * 10))
vips perlin "$work/detail.v" "$w" "$h" --cell-size 60 --seed $((seed * 10 + 1))
vips worley "$work/cells.v" "$w" "$h" --cell-size 400 --seed $((seed * 10 + 2))
vips linear "$work/broad.v" "$work/broad2.v" 90 120
vips linear "$work/detail.v" "$work/detail2.v" 25 0
vips linear "$work/cells.v" "$work/cells2.v" -- -0.35 35
vips sum "$work/broad2.v $work/detail2.v $work/cells2.v" "$work/light.v"
# Colour: each channel a slow tint over the light.
for band in 0 1 2; do
    vips perlin "$work/tint$band.v" "$w" "$h" --cell-size 1500 --seed $((seed * 10 + 3 + band))
    vips linear "$work/tint$band.v" "$work/tint2$band.v" 0.35 1
    vips multiply "$work/light.v" "$work/tint2$band.v" "$work/band$band.v"
done
vips bandjoin "$work/band0.v $work/band1.v $work/band2.v" "$work/rgb.v"
# Sensor grain.
vips gaussnoise "$work/grain.v" "$w" "$h" --sigma 5 --mean 0 --seed $((seed + 1))
vips add "$work/rgb.v" "$work/grain.v" "$work/noisy.v"
vips cast "$work/noisy.v" "$work/photo.v" uchar

partial="$(dirname "$out")/.partial-$$-$(basename "$out")"
vips copy "$work/photo.v" "$partial$options" --interpretation srgb
mv "$partial" "$out"
