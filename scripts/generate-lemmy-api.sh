#!/bin/sh
# Regenerates api/lemmy-api.json, Sources/LemmyAPI/Generated/ and Sources/LemmyAPI/COVERAGE.md.
#
#   scripts/generate-lemmy-api.sh <lemmy-js-client git dir>   # describe (TypeScript -> JSON) + emit
#   scripts/generate-lemmy-api.sh                              # emit only (JSON -> Swift)
#
# The git dir is a clone or bare mirror of github.com/LemmyNet/lemmy-js-client with its tags.
set -eu
cd "$(dirname "$0")/.."
swift build --product LemmyAPIGenerator
if [ $# -ge 1 ]; then
    .build/debug/LemmyAPIGenerator describe "$1" --out api/lemmy-api.json
fi
.build/debug/LemmyAPIGenerator emit --description api/lemmy-api.json --out Sources/LemmyAPI/Generated --coverage Sources/LemmyAPI/COVERAGE.md
