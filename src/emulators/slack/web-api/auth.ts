import type { MethodSpec } from './args.js';

const test: MethodSpec = {
  run(_args, { workspace: { team, bot } }) {
    return {
      url: `https://${team.domain}.slack.com/`,
      team: team.name,
      user: bot.name,
      team_id: team.id,
      user_id: bot.userId,
      bot_id: bot.botId,
      is_enterprise_install: false,
    };
  },
};

export const authMethods: Record<string, MethodSpec> = { 'auth.test': test };
