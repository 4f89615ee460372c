import { defineMessages } from '../define.js';

/** The sub-agents of a run (the delegate tool), as the status message and approvals show them. */
export const subAgentMessages = defineMessages({
  en: {
    'subAgents.queued': 'waiting for a free slot',
    'subAgents.waiting': 'waiting for approval',
    'subAgents.thinking': 'Thinking…',
    'subAgents.capped': 'stopped at its limit',
    'subAgents.failed': 'failed',
    'subAgents.toolCalls': '{count, plural, one {# tool call} other {# tool calls}}',
    'subAgents.more': '{count, plural, one {… and # more sub-agent} other {… and # more sub-agents}}',
    'subAgents.asks': 'Sub-agent ‘{title}’ (working for {requester}) asks to run {tool}',
  },
  fr: {
    'subAgents.queued': 'attend une place libre',
    'subAgents.waiting': 'attend une approbation',
    'subAgents.thinking': 'Réflexion…',
    'subAgents.capped': 'arrêté à sa limite',
    'subAgents.failed': 'échec',
    'subAgents.toolCalls': '{count, plural, one {# appel d’outil} other {# appels d’outils}}',
    'subAgents.more': '{count, plural, one {… et # autre sous-agent} other {… et # autres sous-agents}}',
    'subAgents.asks': 'Le sous-agent « {title} » (pour {requester}) demande à exécuter {tool}',
  },
  'zh-CN': {
    'subAgents.queued': '等待空闲名额',
    'subAgents.waiting': '等待批准',
    'subAgents.thinking': '思考中…',
    'subAgents.capped': '已达上限而停止',
    'subAgents.failed': '失败',
    'subAgents.toolCalls': '{count, plural, other {# 次工具调用}}',
    'subAgents.more': '{count, plural, other {… 另有 # 个子代理}}',
    'subAgents.asks': '子代理“{title}”（为 {requester} 工作）请求运行 {tool}',
  },
});
