/**
 * The rooms of the code and which way imports may go (docs/architecture.md): front ends (slack/,
 * mcp/, http/) → agent/ → tools/ → plane/, state/, net/, i18n/. The sandbox and the emulators are reached
 * only from the entry points and the tests. No cycles, between modules or between folders.
 * `npm test` runs it (`npm run test:boundaries` alone).
 */
const FRONT_ENDS = '^src/(slack|mcp|http)/';
const LOWER = '^src/(plane|state|net|i18n|files)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'Modules that import each other, directly or round a loop. The emulators are left out for now: ' +
        'their Slack delivery and socket-mode modules, and the Plane context and storage, still form loops.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/emulators/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Folders whose modules import each other round a loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'sandbox-and-emulators-from-entry-points-only',
      comment: 'Only the entry points (main, compose) and the tests start the sandbox or an emulator.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/(main|compose|compose-tools|mcp-stdio)\\.ts$', '^src/(sandbox|emulators)/'] },
      to: { path: '^src/(sandbox|emulators)/' },
    },
    {
      name: 'agent-below-front-ends',
      comment: 'The agent knows no front end: they reach it, it reaches them only through its FrontEnd interface.',
      severity: 'error',
      from: { path: '^src/agent/' },
      to: { path: FRONT_ENDS },
    },
    {
      name: 'tools-below-agent',
      comment: 'A tool knows neither the agent nor any front end.',
      severity: 'error',
      from: { path: '^src/tools/' },
      to: { path: [FRONT_ENDS, '^src/agent/'] },
    },
    {
      name: 'plane-state-net-at-the-bottom',
      comment:
        'The Plane client, the state store, the network guard, the message catalogues and the channel files know no tool, agent or front end.',
      severity: 'error',
      from: { path: LOWER },
      to: { path: [FRONT_ENDS, '^src/(agent|tools)/'] },
    },
    {
      name: 'notifications-beside-tools',
      comment:
        'Plane → Slack (subscriptions, notices, the outbox) uses the Plane client, the store and the catalogues; ' +
        'it knows no tool, no agent and no front end: Slack registers its senders, the HTTP receiver hands it deliveries.',
      severity: 'error',
      from: { path: '^src/notifications/' },
      to: { path: [FRONT_ENDS, '^src/(agent|tools)/'] },
    },
    {
      name: 'intake-desk-below-front-ends',
      comment:
        'The intake desk (Plane Intake from Slack) uses plane/, state/, i18n/ and the log; it posts through what compose.ts gives it.',
      severity: 'error',
      from: { path: '^src/intake-desk/' },
      to: { path: [FRONT_ENDS, '^src/(agent|tools|notifications)/'] },
    },
    {
      name: 'digests-and-schedules-below-front-ends',
      comment: 'Digests, reminders and the scheduler know no tool, agent or front end: Slack registers their jobs and posts.',
      severity: 'error',
      from: { path: '^src/(digests|schedules)/' },
      to: { path: [FRONT_ENDS, '^src/(agent|tools)/'] },
    },
    {
      name: 'tasks-below-tools',
      comment:
        'The task tree (store, Plane sync, webhook follower) is a domain of its own: the Task tool, the commands and the ' +
        'notifications use it; it knows no tool, agent, notification or front end.',
      severity: 'error',
      from: { path: '^src/tasks/' },
      to: { path: [FRONT_ENDS, '^src/(agent|tools|notifications)/'] },
    },
    {
      name: 'slack-reaches-tools-through-their-index',
      comment: 'Slack uses the tools as their public index exports them; what is not exported there is internal to tools/.',
      severity: 'error',
      from: { path: '^src/slack/' },
      to: { path: '^src/tools/', pathNot: '^src/tools/index\\.ts$' },
    },
    {
      name: 'block-builders-are-pure',
      comment:
        'A `*.blocks.ts` file builds Block Kit from data and nothing else: besides types, it imports other builders, the ' +
        "shared kit of slack/blocks (limits, text, types, action ids), the catalogues, Slack's markup renderers and the " +
        'pure presentation helpers of the domains; never the Web API, the store, Plane or a listener.',
      severity: 'error',
      from: { path: '\\.blocks\\.ts$' },
      to: {
        dependencyTypesNot: ['type-only'],
        pathNot: [
          '\\.blocks\\.ts$',
          '^src/slack/blocks/(limits|text|types|action-ids)\\.ts$',
          '^src/i18n/',
          '^src/slack/render/',
          '^src/[^/]+/(defaults|types)\\.ts$',
          '^src/(tasks/render|digests/digest|tools/index)\\.ts$',
        ],
      },
    },
    {
      name: 'front-ends-apart',
      comment: 'One front end does not reach into another.',
      severity: 'error',
      from: { path: '^src/slack/' },
      to: { path: '^src/mcp/' },
    },
    {
      name: 'mcp-apart-from-slack',
      comment: 'One front end does not reach into another.',
      severity: 'error',
      from: { path: '^src/mcp/' },
      to: { path: '^src/slack/' },
    },
    {
      name: 'listeners-hold-only-handlers',
      comment: 'A listener file is a handler registered by its folder index; what others need lives outside listeners/.',
      severity: 'error',
      from: { pathNot: ['^src/slack/listeners/[^/]+/index\\.ts$', '^src/slack/listeners/index\\.ts$', '^src/slack/app\\.ts$'] },
      to: { path: '^src/slack/listeners/' },
    },
    {
      name: 'identity-below-front-ends',
      comment:
        "People's own Plane tokens (identity/) use the Plane client, the store and the log; they know no tool, agent or front end: " +
        'Slack registers the DM that tells a person their token was dropped, and the agent gets `actAs` from compose.ts.',
      severity: 'error',
      from: { path: '^src/identity/' },
      to: { path: [FRONT_ENDS, '^src/(agent|tools|notifications)/'] },
    },
    {
      name: 'cycles-beside-notifications',
      comment: 'Cycle reports (cycles/) use the Plane client, the store and the catalogues; they know no tool, agent or front end.',
      severity: 'error',
      from: { path: '^src/cycles/' },
      to: { path: [FRONT_ENDS, '^src/(agent|tools|notifications)/'] },
    },
    {
      name: 'metrics-a-leaf',
      comment: 'The metrics room (prom-client) knows no other room: each measured room declares its own small meter interface.',
      severity: 'error',
      from: { path: '^src/metrics/' },
      to: { path: '^src/', pathNot: '^src/metrics/' },
    },
    {
      name: 'metrics-from-composition-only',
      comment: 'Only the composition makes the metrics and hands their meters to the rooms; no room imports prom-client or src/metrics.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/compose\\.ts$', '^src/metrics/'] },
      to: { path: '^src/metrics/' },
    },
    {
      name: 'undo-below-tools',
      comment:
        "undo/ keeps the bot's Plane writes and takes them back with the Plane kit and the store: the tools record through the kit, the front ends offer the button; it imports none of them.",
      severity: 'error',
      from: { path: '^src/undo/' },
      to: { path: [FRONT_ENDS, '^src/(agent|tools|notifications|intake-desk|cycles|digests|schedules)/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
