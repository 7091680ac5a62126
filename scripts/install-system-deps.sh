#!/usr/bin/env bash
# Installs the Debian packages the build and tests need, if missing (root on the CI machines).
set -euo pipefail
needed=()
for package in libsqlite3-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || needed+=("$package")
done
if [ ${#needed[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "missing Debian packages: ${needed[*]} (install them as root)" >&2
        exit 1
    fi
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${needed[@]}" >&2
fi
