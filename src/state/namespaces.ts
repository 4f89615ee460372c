/**
 * Every namespace the bot keeps records in, with what it holds: the one list `docs/state.md` shows
 * (a test holds the two equal). A record kind names its namespace from here, so a namespace nobody
 * declared does not compile.
 */
export const NAMESPACES = {
  // The agent's runs and threads
  'agent:run': 'a saved agent run: its history, plan, pending approvals, sub-agents, outcome',
  'agent:index': 'the ids of runs not yet finished, for the orphan sweep',
  'agent:decision': 'an approval decision, written once by the first person to decide',
  'agent:lease': 'which process drives a run, renewed while it does',
  'agent:stop': 'a Stop asked for a run, read by whichever process drives it',
  'agent:lock': 'a thread lock: one run at a time per thread',
  'agent:thread': "a thread's conversation history for the model",
  'agent:thread-tool': 'tools approved for the rest of a thread',
  // Plane → Slack notifications
  'notify:deliveries': 'webhook delivery bodies handled, or leased while one is handled (dedupe)',
  'webhooks:inbox': 'Plane webhook deliveries answered but not handled yet, in batches, taken up after a restart',
  'notify:bot-writes': "a change the bot made for a person, to attribute Plane's echo of it",
  'notify:items': "a work item's last known fields, to describe what a delivery changed",
  'notify:threads': 'the thread a notification about an item went to, to condense later ones there',
  'notify:subscriptions': "a project's channel subscriptions and a channel's projects",
  'notify:quiet': 'people who turned their notification DMs off',
  outbox: "a channel's queue of notices waiting to be posted, and the index of such channels",
  'outbox:leases': "which process drains a channel's outbox",
  'outbox:causes': 'what caused the notices a channel was given (a webhook delivery), so one handled twice posts once',
  links: 'a Slack thread linked to a work item, both ways, and the last project a channel used',
  'links:replies': 'thread replies already copied to Plane as comments (dedupe)',
  // Slack
  'slack:event': 'Slack event ids already handled (dedupe of redeliveries)',
  'slack:message': 'messages that already started a run',
  'slack:thread': 'threads whose first message started a run',
  'slack:people': "a Slack user's name, e-mail, locale and time zone (cache)",
  'slack:people-by-email': 'the Slack user of an e-mail (cache)',
  'slack:stream-run': 'the native stream a run writes its answer into',
  'slack:pace': "edit slots per message, shared by replicas so Slack's rate is kept",
  'slack:streaming': 'whether a workspace refused native streaming',
  'slack:method-pause': "until when a Web API method is paused for the workspace (Slack's Retry-After)",
  'slack:page-clicks': '"next page" clicks already answered (dedupe)',
  'slack:task-tree': "the message showing a channel's task tree",
  // Plane
  'plane-cache': "the Plane kit's cache of projects, states, labels and members (a Keyv view)",
  'task-sync-writes': 'work item writes the task sync made, to ignore their webhook echo',
  // Intake desk: Slack messages filed as Plane intake requests (src/intake-desk)
  'intake:channels': 'a channel that is an intake desk: its project, emoji and auto setting',
  'intake:claims': 'messages already filed or being filed (one filing per message)',
  'intake:offers': "a duplicate offer waiting for the asker's choice",
  'intake:requests': 'a work item the desk filed or pointed to, and the threads that hear about it',
  'intake:pending': 'per project, the intake requests still pending (what the poll looks at)',
  'intake:told': 'news about a request already told in its thread (once each)',
  'intake:poll': "a project's intake poll slot, claimed by one replica per interval",
  'channel:settings': "a channel's default project and its instruction for the agent (/plane config)",
  // Schedules, digests and reminders
  'schedule:defs': "a stored schedule: its kind of job, cron pattern, time zone and the job's data",
  'schedule:index': 'the ids of every stored schedule',
  'schedule:claims': 'an occurrence of a schedule taken by a replica: its lease while it runs, kept once done',
  'schedule:attempts': 'failed attempts at an occurrence, so a failing job is tried a few times',
  'digest:snapshots': "what a channel's last digest of a project saw, for the changes the next one shows",
  'remind:settings': "a person's reminder setting: off, or the time of day",
  // People acting as themselves in Plane (src/identity)
  'identity:connections': "a person's Plane personal access token, sealed with PLANEBOT_SECRET_KEY, and whose it is",
  // Cycle reports
  'cycles:snapshots': "a current cycle's counts by state group, one entry a day, for its burn-up",
  // Undo (src/undo)
  'undo:writes': 'a Plane write the bot made: what it changed, the values before, who asked, when',
  'undo:done': 'a write already taken back, and by whom (once each)',
} as const satisfies Record<string, string>;

export type Namespace = keyof typeof NAMESPACES;
