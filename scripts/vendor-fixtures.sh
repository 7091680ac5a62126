#!/usr/bin/env bash
# Regenerates Tests/Fixtures/lemmy, the Lemmy API answers the tests decode, from the original
# captures listed in SOURCES.md: same files, keys, types, nesting, ids, numbers, booleans, nulls,
# URLs, dates and enum values, but every human-written text (titles, bodies, names, bios,
# descriptions, sidebars, comments, messages) replaced by generated text of the same kind and
# about the same length. See Tests/Fixtures/lemmy/PROVENANCE.md for the rules and the sources.
#
# usage: scripts/vendor-fixtures.sh [CAPTURES_DIR]
# CAPTURES_DIR defaults to ../shared/fixtures/lemmy beside the repository.
# Builds Tools/FixtureVendor (its own package, so the main package never builds it). Output is
# deterministic: running it twice gives the same files.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
in="${1:-$root/../shared/fixtures/lemmy}"
out="$root/Tests/Fixtures/lemmy"
tool="$root/Tools/FixtureVendor"
swift build --package-path "$tool" --product vendor-fixtures >&2
bin="$(swift build --package-path "$tool" --show-bin-path)/vendor-fixtures"
find "$out" -name '*.json' -delete 2>/dev/null || true
"$bin" "$in" "$out"
# The CLI's decode test reads its own copy of one capture.
cp "$out/v0.19/lemmykit_GetPostsResponse_0.19.18.json" "$root/Tests/LemmyCLITests/Fixtures/GetPostsResponse_0.19.json"
