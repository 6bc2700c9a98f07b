// Module hooks for running the project's TypeScript with plain Node (the benchmarks), not
// inside Next's build: `server-only` guards modules from a browser bundle, and outside Next's
// react-server layer it would throw on import, so here it resolves to its empty module, as it does there.
// The package's exports map hides empty.js from a plain resolve, so it is addressed by path.
const empty = new URL("../node_modules/server-only/empty.js", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: empty, shortCircuit: true };
  return nextResolve(specifier, context);
}
