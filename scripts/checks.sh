#!/bin/sh
# The typecheck and the lint side by side (each keeps one core busy): both must pass, and each
# one's output is printed whole, not interleaved.
out=$(mktemp -d)
npx tsc --noEmit >"$out/typecheck" 2>&1 &
typecheck=$!
npx eslint . >"$out/lint" 2>&1 &
lint=$!
wait "$typecheck"; typechecked=$?
wait "$lint"; linted=$?
cat "$out/typecheck" "$out/lint"
rm -rf "$out"
[ "$typechecked" -eq 0 ] || echo "typecheck failed (npm run typecheck)" >&2
[ "$linted" -eq 0 ] || echo "lint failed (npm run lint)" >&2
[ "$typechecked" -eq 0 ] && [ "$linted" -eq 0 ]
