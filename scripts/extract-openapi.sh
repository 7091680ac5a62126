#!/usr/bin/env bash
# Regenerates Tests/Fixtures/openapi/*.json, the facts-only extracts of the third-party OpenAPI
# descriptions of Lemmy that LemmyConformanceTests check the test server and the client against.
#
# usage: scripts/extract-openapi.sh [DESCRIPTIONS_DIR]
# DESCRIPTIONS_DIR defaults to ../shared/reference/lemmy/openapi beside the repository.
# Builds Tools/OpenAPIExtract (its own package, so the main package never builds OpenAPIKit).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
in="${1:-$root/../shared/reference/lemmy/openapi}"
out="$root/Tests/Fixtures/openapi"
tool="$root/Tools/OpenAPIExtract"
swift build --package-path "$tool" --product openapi-extract >&2
bin="$(swift build --package-path "$tool" --show-bin-path)/openapi-extract"
mkdir -p "$out"
# name | source file
while read -r name file; do
    "$bin" "$in/$file" "$out/$name.json" "$name"
done <<'LIST'
mvgh-0.18.3 MV-GH_lemmy_spec_v0.18.3.yaml
mvgh-0.19.6 MV-GH_lemmy_spec_v0.19.6.yaml
mvgh-0.19.11 MV-GH_lemmy_spec_v0.19.11.yaml
shadone-v3-0.19.0 shadone_v3_0.19.0_openapi.yaml
shadone-v3-0.19.11 shadone_v3_0.19.11_openapi.yaml
shadone-v4-1.0.0-pre shadone_v4_1.0.0-pre_openapi.yaml
thunder-1.0.0 thunder-lemmy_api_client_spec_1.0.0.json
summit-1.0.0-beta.1 summit_generateLemmyApi_openapi.json
LIST
