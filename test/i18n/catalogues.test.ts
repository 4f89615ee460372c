import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MessageArguments } from '../../src/i18n/args.js';
import { CATALOGUES, MESSAGE_AREAS } from '../../src/i18n/catalogue.js';
import { LOCALES, matchLocale, phrase, translator, type MessageKey } from '../../src/i18n/index.js';

/** Every argument of a parsed message, with the kind of value it takes, branches included. */
function argumentsOf(elements: readonly MessageFormatElement[], found = new Map<string, string>()): Map<string, string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, found);
      continue;
    }
    const kind =
      element.type === TYPE.plural
        ? 'number'
        : element.type === TYPE.select
          ? 'select'
          : element.type === TYPE.argument
            ? 'any'
            : TYPE[element.type];
    found.set(element.value, kind ?? 'any');
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

function plurals(elements: readonly MessageFormatElement[]): string[][] {
  return elements.flatMap((element) =>
    element.type === TYPE.plural || element.type === TYPE.select
      ? [
          ...(element.type === TYPE.plural ? [Object.keys(element.options)] : []),
          ...Object.values(element.options).flatMap((o) => plurals(o.value)),
        ]
      : [],
  );
}

const keys = Object.keys(CATALOGUES.en) as MessageKey[];

describe('the message catalogues', () => {
  it('hold every key in every language, and nothing else', () => {
    expect(keys.length).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(Object.keys(CATALOGUES[locale]).sort()).toEqual([...keys].sort());
    for (const area of MESSAGE_AREAS)
      for (const locale of LOCALES) expect(Object.keys(area[locale]).sort()).toEqual(Object.keys(area.en).sort());
  });

  it('give each area its own prefix, so no two areas write the same key', () => {
    const seen = new Map<string, number>();
    MESSAGE_AREAS.forEach((area, index) => {
      const prefixes = new Set(Object.keys(area.en).map((key) => key.split('.')[0]));
      expect(prefixes.size, `area ${Object.keys(area.en)[0]}`).toBe(1);
      for (const key of Object.keys(area.en)) {
        expect(seen.get(key), `${key} is in two areas`).toBeUndefined();
        seen.set(key, index);
      }
    });
  });

  it('parse in every language, with the same arguments as English and an "other" in every plural', () => {
    for (const key of keys) {
      const english = argumentsOf(parse(CATALOGUES.en[key], { ignoreTag: true }));
      for (const locale of LOCALES) {
        const text = CATALOGUES[locale][key];
        expect(text.trim(), `${locale} ${key} is empty`).not.toBe('');
        const elements = parse(text, { ignoreTag: true });
        expect(Object.fromEntries(argumentsOf(elements)), `${locale} ${key}`).toEqual(Object.fromEntries(english));
        for (const options of plurals(elements)) expect(options, `${locale} ${key}`).toContain('other');
      }
    }
  });

  it('are written in their own language: the French and Chinese texts are not the English ones', () => {
    // Usage syntax (`/task status <id> <todo|done>`, `[!low|!high]`) may be the same; prose may not.
    const prose = keys.filter((key) => !/^[/[{]/.test(CATALOGUES.en[key]) && /[a-z]{4,} [a-z]{3,}/.test(CATALOGUES.en[key]));
    for (const key of prose) {
      expect(CATALOGUES.fr[key], key).not.toBe(CATALOGUES.en[key]);
      expect(CATALOGUES['zh-CN'][key], key).not.toBe(CATALOGUES.en[key]);
      expect(CATALOGUES['zh-CN'][key], key).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('translator', () => {
  it('formats plurals by the language’s rules (Intl.PluralRules through ICU MessageFormat)', () => {
    expect(translator('en').t('common.taskCount', { count: 1 })).toBe('1 task');
    expect(translator('en').t('common.taskCount', { count: 0 })).toBe('0 tasks');
    // French counts 0 and 1 as singular.
    expect(translator('fr').t('common.taskCount', { count: 0 })).toBe('0 tâche');
    expect(translator('fr').t('common.taskCount', { count: 2 })).toBe('2 tâches');
    expect(translator('zh-CN').t('common.taskCount', { count: 2 })).toBe('2 个任务');
  });

  it('writes a phrase made earlier in the language of its reader, and lists the language’s way', () => {
    const said = phrase('common.failedUnexpectedly', { what: '/task add' });
    expect(translator('fr').say(said)).toBe('/task add a échoué de façon inattendue ; les détails sont dans le journal du bot');
    expect(translator('zh-CN').say(said)).toContain('/task add');
    expect(translator('fr').list(['a', 'b', 'c'])).toBe('a, b et c');
    expect(translator('zh-CN').list(['a', 'b', 'c'])).toBe('a、b和c');
  });

  it('keeps Slack’s angle-bracket markup as text', () => {
    expect(translator('en').t('common.failedUnexpectedly', { what: '<@U0ALICE>' })).toContain('<@U0ALICE>');
  });

  it('types the keys and the values a message takes', () => {
    const en = translator('en');
    const typed = () => {
      // @ts-expect-error a key that is in no catalogue
      en.t('common.noSuchKey');
      // @ts-expect-error a message with a plural needs its count
      en.t('common.taskCount');
      // @ts-expect-error a count is a number
      en.t('common.taskCount', { count: 'two' });
    };
    expect(typed).toBeTypeOf('function');
    expectTypeOf<
      MessageArguments<'Hi {name}: {n, plural, one {# {thing}} other {# things of {owner}}} on {d, date, short}'>
    >().toEqualTypeOf<{
      name: string | number;
      n: number;
      thing: string | number;
      owner: string | number;
      d: Date | number;
    }>();
    expectTypeOf<MessageArguments<'{kind, select, task {task {id}} other {todo}} {n, plural, one {item} other {items}}'>>().toEqualTypeOf<{
      kind: string;
      id: string | number;
      n: number;
    }>();
    expectTypeOf<MessageArguments<'No arguments'>>().toEqualTypeOf<Record<never, never>>();
  });
});

describe('matchLocale', () => {
  it('reads Slack’s tags by language, and falls back for others', () => {
    expect(matchLocale('fr-FR')).toBe('fr');
    expect(matchLocale('fr-CA')).toBe('fr');
    expect(matchLocale('zh-CN')).toBe('zh-CN');
    expect(matchLocale('zh-TW')).toBe('zh-CN');
    expect(matchLocale('en-GB', 'fr')).toBe('en');
    expect(matchLocale('de-DE', 'fr')).toBe('fr');
    expect(matchLocale(undefined)).toBe('en');
    expect(matchLocale('not a tag', 'zh-CN')).toBe('zh-CN');
  });

  it('gives the same answer when asked again, and each caller its own fallback for a tag it cannot use', () => {
    for (let round = 0; round < 2; round++) {
      expect(matchLocale('fr-FR')).toBe('fr');
      expect(matchLocale('de-DE', 'fr')).toBe('fr');
      expect(matchLocale('de-DE', 'zh-CN')).toBe('zh-CN');
      expect(matchLocale('not a tag', 'fr')).toBe('fr');
      expect(matchLocale('not a tag', 'en')).toBe('en');
    }
  });
});
