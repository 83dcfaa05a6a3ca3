// Runs before the app's modules (a classic script, index.html). The server's Content-Security-Policy
// allows no eval (script-src 'self', apps/server/src/infra/security-headers.ts). Zod probes
// `Function('')` once per copy when its first object schema is built, to decide whether to compile
// fast parsers; under the policy the probe fails quietly but is reported as a violation. `jitless`
// (read from this global when zod loads) skips probe and compiling; parsing stays the same.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
