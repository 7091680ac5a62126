#!/bin/sh
# Kept for its name: regenerates everything, as scripts/generate.sh does (arguments passed on).
exec "$(dirname "$0")/generate.sh" "$@"
