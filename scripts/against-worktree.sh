#!/usr/bin/env bash
# Checks out REV (a branch, tag or commit; `main` by default) in a git worktree of its own and
# prints the worktree's path, for the benchmark scripts' `--against REV`: the baseline is built
# and measured from there, beside the working tree's own figures.
#
#   scripts/against-worktree.sh [REV]
#
# The worktree lives in .build/against/LemmyKit (ignored by git), and is reused from one run to
# the next so that its Benchmarks build is incremental. Its folder is named LemmyKit because the
# Benchmarks package finds the library's products under that folder's name.
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-main}
commit=$(git rev-parse --verify --quiet "$rev^{commit}") || { echo "against-worktree: no commit named '$rev'" >&2; exit 1; }
tree="$(pwd)/.build/against/LemmyKit"
git worktree prune
if [ -e "$tree/.git" ]; then
    git -C "$tree" checkout --quiet --detach "$commit"
else
    mkdir -p "$(dirname "$tree")"
    git worktree add --quiet --detach "$tree" "$commit"
fi
[ -f "$tree/Benchmarks/Package.swift" ] || { echo "against-worktree: $rev has no Benchmarks package to measure" >&2; exit 1; }
echo "$tree"
