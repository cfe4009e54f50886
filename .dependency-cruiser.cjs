/**
 * The import rules of docs/architecture.md, checked by `npm run lint` (and so by `npm test`): a wrong
 * arrow fails the build instead of waiting for a reviewer. Type-only imports count too: a module that
 * needs a flow's signature declares the port it needs instead.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles hide the order things are built in; break one with a port or a shared module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-not-to-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; what both need lives in common/.',
      from: { path: '^web/' },
      to: { path: '^server/' },
    },
    {
      name: 'shop-not-to-admin',
      severity: 'error',
      comment:
        'The back office is a build of its own (vite.admin.config.ts): no byte of it may reach the shop.',
      from: { path: '^web/', pathNot: '^web/admin/' },
      to: { path: '^web/admin/' },
    },
    {
      name: 'common-stands-alone',
      severity: 'error',
      comment: 'common/ is shared by the web app and the server, so it imports neither.',
      from: { path: '^common/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'modules-not-to-flows',
      severity: 'error',
      comment:
        'Flows use modules, never the other way round. A route that starts a flow receives it as a function option typed by the route.',
      from: { path: '^server/modules/' },
      to: { path: '^server/(flows/|container\\.ts|services\\.ts)' },
    },
    {
      name: 'no-other-module-repository',
      severity: 'error',
      comment: "A module's repository is private to it: other code asks the module's service.",
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/[^/]+/[^/]+\\.repository\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'no-other-module-tables',
      severity: 'error',
      comment:
        "A module's tables are private to it; only a schema file may name another module's table, for a foreign key (docs/decisions/052-cross-module-foreign-keys.md).",
      from: { path: '^server/modules/([^/]+)/', pathNot: '\\.schema\\.ts$' },
      to: { path: '^server/modules/[^/]+/[^/]+\\.schema\\.ts$', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'flows-through-services',
      severity: 'error',
      comment: 'Flows work through module services (bound to a transaction), never repositories or tables.',
      from: { path: '^server/flows/' },
      to: { path: '^server/(modules/[^/]+/[^/]+\\.(repository|schema)\\.ts|db/)' },
    },
    {
      name: 'routes-get-services',
      severity: 'error',
      comment: 'A route plugin receives the services it calls from the composition root, never the database.',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '^server/db/' },
    },
    {
      name: 'no-demo-in-production',
      severity: 'error',
      comment:
        'Demo code is for the demo seed only; the app receives what the demo draws as ports (server/db/seed.ts demoDrawings).',
      from: {
        pathNot: '^(server/db/demo/|server/db/seed\\.ts$|scripts/seed\\.ts$|server/test/|e2e/|bench/)',
      },
      to: { path: '^server/db/demo/' },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment:
        'Production code (the demo seed included) never imports test helpers: what the seed and the tests share are the factories in server/db/factories.',
      from: {
        path: '^(server|common|web|scripts)/',
        pathNot: '(\\.test\\.tsx?$|^server/test/|(^|/)testing/)',
      },
      to: { path: '^server/test/|^web/[^.]*testing/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
