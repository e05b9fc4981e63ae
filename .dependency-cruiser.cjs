/** The layers of shared/DESIGN.md: who may import whom. */
module.exports = {
  forbidden: [
    { name: 'core-is-pure', severity: 'error', comment: 'src/core imports nothing outside core (no I/O, no node builtins)',
      from: { path: '^src/core' }, to: { pathNot: '^src/core|(^|/)node_modules/zod/' } },
    { name: 'vision-layer', severity: 'error', from: { path: '^src/vision' },
      to: { path: '^(src/(link|app|cli|ui)|electron)' } },
    { name: 'link-layer', severity: 'error', from: { path: '^src/link' },
      to: { path: '^(src/(vision|app|cli|ui)|electron)' } },
    { name: 'app-layer', severity: 'error', from: { path: '^src/app' },
      to: { path: '^(src/(cli|ui)|electron)' } },
    { name: 'cli-layer', severity: 'error', from: { path: '^src/cli' },
      to: { path: '^(src/ui|electron)' } },
    { name: 'ui-layer', severity: 'error', comment: 'the renderer sees core and the typed app API only',
      from: { path: '^src/ui' }, to: { path: '^(src/(vision|link|cli)|electron)|^src/app/(?!api)' } },
    { name: 'electron-thin', severity: 'error', from: { path: '^electron' }, to: { path: '^src/(cli)' } },
    { name: 'systems-are-plugins', severity: 'error', comment: 'a game system is read through the registry only (test/core/rulesets/plugin-boundary.test.ts checks string literals too)',
      from: { path: '^(src|electron)/', pathNot: '^src/core/rulesets/' }, to: { path: '^src/core/rulesets/(?!(registry|game-system|catalogue|labels|roster|table-play|turn-rules|common-actions|sourced)\\.ts$)[^/]+/' } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^dist|\\.test\\.ts$)' },
  },
};
