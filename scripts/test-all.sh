#!/usr/bin/env bash
# The whole suite (`npm test`): every gate runs even after one fails; the last line is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
rm -rf reports && mkdir -p reports
: > reports/steps.txt

step() {
  local name=$1; shift
  echo "::: $name"
  if "$@"; then echo "pass $name" >> reports/steps.txt; else echo "::: FAILED: $name"; echo "fail $name" >> reports/steps.txt; fi
}

step typecheck npm run --silent typecheck
step lint npx eslint . --max-warnings=0
step unit npx vitest run --reporter=default --reporter=json --outputFile=reports/vitest.json
step build npm run --silent build
step smoke npm run --silent test:smoke
step e2e env CI=1 npx playwright test
step security npm run --silent security
step package-check npm run --silent package:check
node scripts/ci-summary.mjs
