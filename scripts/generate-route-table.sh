#!/bin/sh
# Rewrites the route table in Sources/LemmyTestServer/LemmyTestServer.docc/Routes.md from the test
# server's route registration (LemmyTestServer.servedRoutes(dialect:)). Run after adding a route.
set -eu
cd "$(dirname "$0")/.."
LEMMY_UPDATE_ROUTE_TABLE=1 swift test --filter RouteTableTests "$@"
