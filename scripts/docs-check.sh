#!/usr/bin/env bash
# Builds each DocC catalogue against the package's symbol graphs and fails when a ``Symbol`` or
# <doc:Article> link does not resolve (or a catalogue does not convert).
#
#   scripts/docs-check.sh                    # every Sources/*/*.docc
#   scripts/docs-check.sh HTTPLoading Resources
#
# Symbol graphs come from `swift package dump-symbol-graph`, which reuses the debug build in
# .build (no second build with other flags). Output: .build/docs-check/<Module>/{log,out}.
set -euo pipefail
cd "$(dirname "$0")/.."
DOCC=${DOCC:-$(command -v docc || echo /opt/swift/usr/bin/docc)}

if [ $# -gt 0 ]; then
    modules=("$@")
else
    modules=()
    for catalogue in Sources/*/*.docc; do modules+=("$(basename "$catalogue" .docc)"); done
fi

work=.build/docs-check
rm -rf "$work"
mkdir -p "$work"
swift package dump-symbol-graph --minimum-access-level public >"$work/dump.log" 2>&1 || {
    tail -30 "$work/dump.log"
    exit 1
}
graphs=$(find .build -path "$work" -prune -o -type d -name symbolgraph -print | head -1)
[ -n "$graphs" ] || { echo "no symbol graphs under .build" >&2; exit 1; }

failed=0
for module in "${modules[@]}"; do
    catalogue="Sources/$module/$module.docc"
    [ -d "$catalogue" ] || { echo "$module: no catalogue at $catalogue" >&2; failed=1; continue; }
    # The SwiftUI modules compile to nothing without SwiftUI, so there are no symbols to link to
    # here; Apple platforms check them (the GitHub workflow's macOS job).
    if [ "$(uname)" != Darwin ] && grep -lq "canImport(SwiftUI)" "Sources/$module"/*.swift 2>/dev/null; then
        echo "$module: skipped (SwiftUI only; no symbols on $(uname))"
        continue
    fi
    # Only this module's graphs (its own and its extensions of others), so links resolve as they
    # would on the module's documentation page.
    mkdir -p "$work/$module/graphs"
    cp "$graphs/$module.symbols.json" "$work/$module/graphs/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$work/$module/graphs/" \;
    status=0
    "$DOCC" convert "$catalogue" \
        --additional-symbol-graph-dir "$work/$module/graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --output-path "$work/$module/out" --analyze >"$work/$module/log" 2>&1 || status=$?
    # DocC words unresolved links as "... doesn't exist at ..." or "No symbol matched ...".
    unresolved=$(grep -cE "warning: .*(doesn't exist at|No symbol matched|can't be resolved|could not be resolved|not found)" "$work/$module/log" || true)
    warnings=$(grep -c "warning:" "$work/$module/log" || true)
    echo "$module: $unresolved unresolved links, $warnings warnings (log: $work/$module/log)"
    if [ "$status" -ne 0 ] || [ "$unresolved" -ne 0 ]; then
        grep -E "warning: .*(doesn't exist at|No symbol matched|can't be resolved|could not be resolved|not found)|error:" "$work/$module/log" | sed "s/^/  /" | head -40
        failed=1
    fi
done
exit "$failed"
