#!/usr/bin/env bash
# `npm test`: every check and test of the project, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-services.sh
npm run typecheck
npm run lint
npm run build
rm -rf test-results e2e/test-results
npm exec -- vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
npm run test:e2e
node scripts/test-summary.ts
