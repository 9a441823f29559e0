#!/usr/bin/env bash
# `npm test`: every check and test of the project, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-services.sh
npm run typecheck
npm run lint
npm run build
npm exec -- vitest run
npm run test:e2e
