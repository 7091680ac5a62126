#!/usr/bin/env bash
# Checks that the hand-written Swift is formatted as .swift-format says (lines of at most 140
# columns, 4-space indentation, the configured rules). Generated files are left out: their
# generators own their layout, and the freshness tests own their content. So are the documentation
# samples: each mirrors a block of the README or an article, whose layout the docs choose.
# `scripts/format-check.sh --fix` rewrites the files in place instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.swift' | grep -v '/Generated/' | grep -v '^Tests/DocumentationSampleTests/Samples/' | grep -v '^Package.swift$')
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
else
    swift format lint --strict --parallel --configuration .swift-format "${files[@]}"
fi
