import { defineMessages } from '../define.js';

/** Words many messages share. */
export const commonMessages = defineMessages({
  en: {
    'common.failedUnexpectedly': '{what} failed unexpectedly; the details are in the bot’s log',
    'common.taskCount': '{count, plural, one {# task} other {# tasks}}',
    'common.listSeparator': ', ',
    'common.underASecond': 'under a second',
  },
  fr: {
    'common.failedUnexpectedly': '{what} a échoué de façon inattendue ; les détails sont dans le journal du bot',
    'common.taskCount': '{count, plural, one {# tâche} other {# tâches}}',
    'common.listSeparator': ', ',
    'common.underASecond': 'moins d’une seconde',
  },
  'zh-CN': {
    'common.failedUnexpectedly': '{what} 意外失败；详情见机器人的日志',
    'common.taskCount': '{count, plural, other {# 个任务}}',
    'common.listSeparator': '、',
    'common.underASecond': '不到一秒',
  },
});
