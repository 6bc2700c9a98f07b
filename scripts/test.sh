#!/bin/sh
# npm test: the checks (scripts/checks.sh) run beside the tests, not before them, so the cores they
# use are not idle while the build and the first files wait on processes. Both must pass; the checks'
# output is printed whole after the tests'. Arguments go to vitest (npm test -- --reporter=dot).
out=$(mktemp)
sh scripts/checks.sh >"$out" 2>&1 &
checks=$!
npx vitest run "$@"; tested=$?
wait "$checks"; checked=$?
cat "$out"
rm -f "$out"
[ "$checked" -eq 0 ] || echo "the checks failed: npm run checks says why" >&2
[ "$tested" -eq 0 ] && [ "$checked" -eq 0 ]
