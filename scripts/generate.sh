#!/bin/sh
# Regenerates every generated file, with the Swift generator (LemmyAPIGenerator):
#   api/lemmy-api.json            (only with a lemmy-js-client git dir: TypeScript -> JSON)
#   Sources/LemmyAPI/Generated/ and Sources/LemmyAPI/COVERAGE.md   (from api/lemmy-api.json)
#   Sources/LemmyMiddleware/Generated/                               (from scripts/middleware-models.spec)
#
#   scripts/generate.sh <lemmy-js-client git dir>   # describe + emit everything
#   scripts/generate.sh                              # emit everything from the committed inputs
#
# The git dir is a clone or bare mirror of github.com/LemmyNet/lemmy-js-client with its tags.
# Tests (GeneratedCodeTests, MiddlewareGeneratedCodeTests) fail when a generated file differs.
set -eu
cd "$(dirname "$0")/.."
swift build --product LemmyAPIGenerator
if [ $# -ge 1 ]; then
    .build/debug/LemmyAPIGenerator describe "$1" --out api/lemmy-api.json
fi
.build/debug/LemmyAPIGenerator emit --description api/lemmy-api.json --out Sources/LemmyAPI/Generated --coverage Sources/LemmyAPI/COVERAGE.md
.build/debug/LemmyAPIGenerator middleware --spec scripts/middleware-models.spec --out Sources/LemmyMiddleware/Generated
