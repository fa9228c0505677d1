// zod's eval probe (`new Function`) is refused by the Content-Security-Policy and reported as a
// violation (docs/security.md): zod must never try it. zod keeps its global configuration on
// `globalThis.__zod_globalConfig` (shared by every copy of zod), so the flag is set here without
// importing zod, which then loads only with the screens that validate something
// (zod-jitless.test.ts checks that zod reads it).
// The object itself is changed, never replaced: a zod already loaded keeps a reference to it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
