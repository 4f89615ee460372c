import { randomBytes } from 'node:crypto';
import { dayIn } from '../../schedules/occurrences.js';
import type { FakePlaneDb, WorkItemInput } from './db.js';
import { imageComponent } from './image-component.js';
import type {
  CycleRecord,
  LabelRecord,
  ModuleRecord,
  ProjectRecord,
  StateRecord,
  UserRecord,
  WorkItemRecord,
  WorkspaceRecord,
} from './records.js';

/** The demo key (Plane's `plane_api_<32 hex>` format); it acts as the plane-bot user. */
export const DEMO_API_KEY = 'plane_api_0123456789abcdef0123456789abcdef';

export interface DemoWorkspace {
  apiKey: string;
  workspace: WorkspaceRecord;
  project: ProjectRecord;
  users: { bot: UserRecord; dana: UserRecord; leo: UserRecord; priya: UserRecord };
  /** By name: Backlog, Todo, In Progress, In Review, Done, Cancelled. */
  states: Record<string, StateRecord>;
  /** By name: bug, feature, design, docs, performance. */
  labels: Record<string, LabelRecord>;
  /** ACME-1 … ACME-12, in order. */
  workItems: WorkItemRecord[];
  /** The current cycle, the one after it and a module (seedDemoCycles). */
  cycles: DemoCycles;
  /** A personal access token per demo person, by e-mail (new each start), for `/plane connect`. */
  personalTokens: Record<string, string>;
}

// Two PNG mock-ups for the descriptions' images. The login page is a 2400×1500 screenshot, mostly its
// light blue background (#dbeafe), so that a test recognises it once scaled (1568×980) by its
// dominant colour; the chart is small.
const LOGIN_PNG = Buffer.from(
  [
    'iVBORw0KGgoAAAANSUhEUgAACWAAAAXcBAMAAABUy6gnAAAAJ1BMVEX////b6v7z9PYlY+vr8//8/f/4+fvg7f5ul/Iva+yjvfdGe+690PkNbs',
    'wlAAAACXBIWXMAAAsTAAALEwEAmpwYAAAYmUlEQVR42u3bvUojYRSA4SmyUewCir2Q3MBa+FdEiNhKkNjGQPqI2gt2tpZaCDb2VtZW3tW2Wyzx',
    'uMx4vsTnuYTJmZfvZ1J1ABZE5REAggUgWIBgAQgWgGABggUgWACCBQgWgGABCBYgWACCBSBYgGABCBaAYAGCBSBYAIIFCBaAYAEIFiBYAIIFIF',
    'iAYAEIFiBYAIIFIFiAYAEIFoBgAYIFIFgAggUIFoBgAQgWIFgAggUgWIBgAQgWgGABggUgWACCBQgWgGABCBYgWACCBSBYgGABCBYgWACCBSBY',
    'gGABCBaAYAGCBSBYAIIFCBaAYAEIFiBYAIIFIFiAYAEIFoBgAYIFIFgAggUIFoBgAQgWIFgAggUgWIBgAQgWIFgAggUgWIBgAQgWgGABggUgWA',
    'CCBQgWgGABCBYgWACCBSBYgGABCBaAYAGCBSBYAIIFCBaAYAEIFiBYAIIFIFiAYAEIFiBYAIIFIFiAYAEIFoBgAYIFIFgAggUIFoBgAQgWIFgA',
    'ggUgWIBgAQgWgGABggUgWACCBQgWgGABCBYgWACCBSBYgGABCBYgWACCBSBYgGABCBaAYAGCBSBYAIIFCBaAYAEIFiBYAIIFIFiAYAEIFoBgAY',
    'IFIFgAggUIFoBgAQgWIFgAggUgWIBgAQgWIFgAggUgWIBgAQgWgGABggUgWACCBQgWgGABCBYgWACCBSBYgGABCBaAYAGCBSBYAIIFCBaAYAEI',
    'FiBYAIIFIFiAYAEIFiBYAIIFIFiAYAEIFoBgAYIFIFgAggUIFoBgAQgWIFgAggUgWIBgAQgWgGABggUgWACCBQgWgGABCBYgWACCBSBYgGABCB',
    'YgWACCBSBYgGABCBaAYAGCBSBYAIIFCBaAYAEIFiBYAIIFIFiAYAEIFoBgAYIFIFgAggUIFoBgAQgWIFgAggUIlkcACBaAYAGCBSBYAIIFCBaA',
    'YAEIFiBYAIIFIFiAYAEIFoBgAYIFIFgAggUIFoBgAQgWIFgAggUgWIBgAQgWgGABggUgWIBgAQgWgGABggUgWACCBQgWgGABCBYgWACCBSBYgG',
    'ABCBaAYAGCBSBYAIIFCBaAYAEIFiBYAIIFIFiAYAEIFoBgAYIFIFiAYAEIFoBgAYIFIFgAggUIFoBgAQgWIFgAggUgWIBgAQgWgGABggUgWACC',
    'BQgWgGABCBYgWACCBSBYgGABCBaAYAGCBSBYgGABCBaAYAGCBSBYfNnmYHpSkeLXaHBhAgWLuCu1ym3WsRkULMK9kgzFQrAWxLr1Vb5DcyhYhM',
    '6v9KqENZZzLMEi4kgtSnBqEgWLwIZQK2wKEaxF0ZeKMrTMomBhgWWJhWAtjWuhKMWZaRQsPuGKsJyLQtMoWNgR2hMiWHaE2BMKFh13hO4JESz+',
    'YVMlSnJhIgULR1gOsRCsZbAhEiU5N5GCxRwzkSjJiokULJy5O3VHsAQLwRIsvtFYJErSNpGCRccfcyp/zkGwBAvBEiy+7wehKCZSsBAswUKwBA',
    'vBEiwES7AQLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBQiIEC8ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAswUKwECzBQrAEC8ESLARL',
    'sBAs74dHIFgIlmAhWIKFYAkWgiVYCBaCJVgIlmAhWIKFYAkWgoVgCRaCJVgIlmAhWIKFYAkWgoVgCRaCJVgIlmAhWIKFYCFYgoVgCRaCJVgIlm',
    'AhWAiWYCFYgoVgCRaCJVgIlh8EwUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvBEiwE',
    'C8ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAswUKwECzBQrAEC8ESLARLsBAsBEuwECzBQrAEC8ESLARLsBAsBE',
    'uwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECwES7AQLMFC',
    'sAQLwRIsBEuwECwES7AQLMFCsAQLwRIsBAvBEiwES7AQLMFCsAQLwUKwBAvBEiwES7AQLMFCsAQLwUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEi',
    'wES7AQLARLsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAs',
    'wUKwECzBQrAEC8ESLARLsBAsBEuwECzBQrAEC8ESLARLsBAsBEuwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAEC8',
    'FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECwES7AQLMFCsAQLwRIsBEuwECwES7AQrB8YrNEWAVPBEizyg9XWopixYAkW6cGaSFFMT7AE',
    'i+xgWWA1ucQykYJFrcEaClFUV7AEi+Rg2RE2uSc0kYJFrcHSoTjBEiwES7AQLMESLMFCsARLsARLsBAswUKwBEuwBAvBEizBEizBQrAEC8ESLM',
    'ESLMFCsARLsAQLwRIsBEuwBEuwBAvBEizBEiwES7AQLMESLMESLARLsARLsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvBEiwEC8ESLARLsBAs',
    'wUKwBAvBQrAEC8ESLARLsBAswUKwBEuwBAvBEizBEizBQrAEC8ESLMESLARLsARLsAQLwRIsBEuwBEuwECzBEizBEiwES7AQLMESLMESLARLsA',
    'RLsBAswUKwBEuwBEuwECzBEizBQrAEC8ESLMESLMFCsARLsAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECwE',
    'S7AQLMFCsAQLwRIsBEuwBEuwECzBEizBEiwES7AQLMESLMFCsARLsARLsBAswUKwBEuwBAvBEizBEizBQrAEC8ESLMESLMFCsARLsASL5oM10a',
    'GonmAJFsnBGgpRVFewBIvkYLWFKGosWIJFcrDsCRvcEXo/BIuag2WJ1dwCy/shWNQcrGqkRRHTSrAEi/xg0RwTKVgIlmAhWIKFYAkWgiVYCBaC',
    'JVgIlmAhWIKFYAkWgoVgCRaCJVgIlmAhWIKFYCERgoVgCRaCJVgIlmAhWIKFYCFYgoVgCRaCJVgIlmAhWAiWYCFYgoVgCRaCJVgIlvfDIxAsBE',
    'uwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECwES7AQLMFC',
    'sAQLwRIsBMsPgmAhWIKFYAkWgiVYCJZgIVgIlmAhWIKFYAkWgiVYCBaCJVgIlmAhWIKFYAkWgiVYCBaCJVgIlmAhWIKFYAkWgoVgCRaCJVgIlm',
    'AhWIKFYCFYgoVgCRaCJVgIlmAhWIKFYCFYgoVg/cxgjbYImAqWYJEfrLYWxYwFS7BID9ZEimJ6giVYZAfLAqvJJZaJFCxqDdZQiKK6giVYJAfL',
    'jrDJPaGJFCxqDZYOxQmWYCFYgoVgCZZgCRaCJViCJViChWAJFoIlWIIlWAiWYAmWYAkWgiVYCJZgCZZgCRaCJViCJVgIlmAhWIIlWIIlWAiWYA',
    'mWYCFYgoVgCZZgCZZgIViCJViChWAJFoIlWAiWYCFYgoVgIViChWAJFoIlWAiWYCFYCJZgIViChWAJFoIlWAgWgiVYCJZgIViChWAJFoIlWIIl',
    'WAiWYAmWYAkWgiVYCJZgCZZgIViCJViCJVgIlmAhWIIlWIKFYAmWYAmWYCFYgoVgCZZgCZZgIViCJViChWAJFoIlWIIlWIKFYAmWYAkWgiVYCJ',
    'ZgCZZgCRaCJViCJVgIlmAhWIKFYAkWgiVYCBaCJVgIlmAhWIKFYAkWgoVgCRaCJVgIlmAhWIKFYCFYgoVgCRaCJVgIlmAhWIIlWIKFYAmWYAmW',
    'YCFYgoVgCZZgCRaCJViCJViChWAJFoIlWIIlWAiWYAmWYAkWgiVYCJZgCZZgCRaCJViCJVg0H6yJDkX1BEuwSA7WUIiiuoIlWCQHqy1EUWPBEi',
    'ySg2VP2OCO0PshWNQcLEus5hZY3g/BouZgVSMtiphWgiVY5AeL5phIwUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvB',
    'EiwEC4kQLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAswUKwvB8egWAhWIKFYAkWgiVYCJZgIVgIlmAhWIKFYAkWgi',
    'VYCBaCJVgIlmAhWIKFYAkWgiVYCBaCJVgIlmAhWIKFYAkWgoVgCRaCJVgIlmAhWIKFYCFYgoVgCRaCJVgIlmAhWH4QBAvBEiwES7AQLMFCsAQL',
    'wUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBEiwEC8',
    'ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAswUKwECzBQrAEC8ESLARLsBAswUKwECzBQrAEC8ESLARLsBAsBEuwECzBQrAEC8ESLAQLwRIsBEuw',
    'ECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECwES7AQLMFCsA',
    'QLwRIsBAvBEiwES7AQLMFCsAQLwRIsBAvBEiwES7AQLMFCsAQLwUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwE',
    'S7AQLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBooZgrby8/Wauh7uZYAkWJQSrdStIn9uZCZZgUUCwPt',
    'Qo4lGwBIv8YK1pUcyTYAkW6cF6l6KYA8ESLLKD1bqXopjdvmAJFsnBWlWiqBvBEiySg3UpRFHbgiVYJAfrWYii9gRLsEgOlo+w4p9iCZZgkRys',
    'VyGK2hcswSI5WC4J49eEgiVYJAdLh+IES7AQLMFCsARLsAQLwRIswRIswUKwBAvBEizBEiwES7AES7AEC8ESLARLsARLsAQLwRIswRIsBEuwEC',
    'zBEizBEiwES7AES7AQLMFCsARLsARLsBAswRIswUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvBEiwEC8ESLARLsBAs',
    'wUKwBAvBEizBEiwES7AES7AEC8ESLARLsARLsBAswRIswRIsBEuwECzBEizBQrAES7AES7AQLMFCsARLsARLsBAswRIswUKwBAvBEizBEizBQr',
    'AES7AEC8ESLARLsARLsAQLwRIswRIsBEuwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECzB',
    'EizBQrAES7AES7AQLMFCsARLsAQLwRIswRIswUKwBAvBEizBEiwES7AES7AEC8ESLARLsARLsAQLwRIswRIsBEuwECzBEizBEiwES7AES7AQLM',
    'FCsARLhgRLsBAswRIswUKwBAvBEiwES7AoPVj3OhS1K1iCRXKwXoUoal+wBIvkYN0KUdSOYAkWycF6FqKoPcESLJKDdSlEUduCJVgkB2tViKJu',
    'BEuwSA5WyzVh9JKwL1iCRXKwqncpijmoBEuwyA7WmhTFPAmWYJEerOpDiyIeK8ESLPKD1fIpVuQjrL5gCRYFBKtqvbwJ0nwPd//VK++HYFF7sG',
    'iMiRQsBEuwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrCQCMFCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECwE',
    'S7AQLMFCsAQLwRIsBMv74REIFoIlWAiWYCFYgoVgCRaChWAJFoIlWAiWYCFYgoVgIViChWAJFoIlWAiWYCFYgoVgIViChWAJFoIlWAiWYCFYCJ',
    'ZgIViChWAJFoIlWAgWgiVYCJZgIViChWAJFoLlB0GwECzBQrAEC8ESLARLsBAsBEuwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8ESLAQLwRIs',
    'BEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECwES7AQLMFCsAQLwRIsBAvBEiwES7AQLM',
    'FCsAQLwRIsBAvBEiwES7AQLMFCsAQLwUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvB',
    'EiwEC8ESLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBQrAEC8ESLARLsBAswUKwECzBQrAEC8ESLARLsBAswUKwECzBQrAEC8ESLARLsB',
    'AsBEuwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8FCsAQLwRIsBEuwECzBQrAQLMFCsAQLwRIsBEuwECzBQrAQ',
    'LMFCsAQLwRIsBEuwECwES7AQLMFCsAQLwRIsBAvBEiwES7AQLMFCsAQLwRIsBAvBEiwES7AQLMFCsAQLwUKwBAvBEiwES7AQLMFCsBAswUKwBA',
    'vBEiwES7AQLMFCsBAswUKwBAvBEiwES7AQLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBEiwEC8ESLARLsBAswUKwBAvBQrAEC8ESLARL',
    'sBAswUKwECzBQrAEC8ESLARLsBAswUKwECzBQrAEC8ESLARLsBAsBEuwECzBQrAEC8ESLAQLwRIsBEuwECzBQrAEC8ESLAQLwRIsBEuwEKylda',
    'IRJfllIgULwRIsBGsZjEWiJG0TKVjM0ReJkrRMpGAhWIKFYC2DmUiUZMVEChZzbIhESc5NpGAxx7pIlOTQRAoWc2z6rqGkrxouTKRg4dTdmTuC',
    'tRSuZaIcZ+ZRsHCI5QgLwer4cw7+mCNY2BPaESJY2BPaESJYHfeEuCMULCyxLLAQLP52pBUlODWJgkXH1+6+ckewlmpTqFg2hAjWwrhSrOz11b',
    'EpFCzCxRprRqa2XgkWXznHGkytsrJWV6OB8yvBAhAsQLAABAtAsADBAhAsAMECBAtAsAAECxAsAMECECxAsAAEC0CwAMECECwAwQIEC0CwAMHy',
    'CADBAhAsQLAABAtAsADBAhAsAMECBAtAsAAECxAsAMECECxAsAAEC0CwAMECECwAwQIEC0CwAAQLECwAwQIQLECwAAQLECwAwQIQLECwAAQLQL',
    'AAwQIQLADBAgQLQLAABAsQLADBAhAsQLAABAtAsADBAhAsAMECBAtAsAAECxAsAMECECxAsAAECxAsAMECECxAsAAEC0CwAMECECwAwQIEC0Cw',
    'AAQLECwAwQIQLECwAAQLQLAAwQIQLADBAgQLQLAABAsQLADBAhAsQLAABAsQLADBAhAsQLAABAtAsADBAhAsAMECBAtAsAAECxAsAMECECxAsA',
    'AEC0CwAMECECwAwQIEC0CwAAQLECwAwQIQLECwAAQLECwAwQIQLECwAAQLQLAAwQIQLADBAgQLQLAABAsQLADBAhAsQLAABAtAsADBAhAsAMEC',
    'BAtAsAAECxAsAMECECxAsAAECxAsAMECECxAsAAEC0CwAMECECwAwQIEC0CwAAQLECwAwQIQLECwAAQLQLAAwQIQLADBAgQLQLAABAsQLADBAh',
    'AsQLAABAsQLADBAhAsQLAABAtAsADBAhAsAMECBAtAsAAECxAsAMECECxAsAAEC0CwAMECECwAwQIEC0CwAAQLECwAwQIQLECwAAQLECwAwQIQ',
    'LECwAAQLQLAAwQIQLADBAgQLQLAABAsQLADBAhAsQLAABAtAsADBAhAsAMECBAtAsAAECxAsAMECECxAsAAECxAsAMECECxAsAAEC0CwAMECEC',
    'wAwQIEC0CwAAQLECwAwQIQLECwAAQLQLAAwQIQLADBAgQLQLAABAsQLADBAgTLIwAEC0CwAMECECwAwQIEC0CwAAQLECwAwQIQLECwAAQLQLAA',
    'wQIQLADBAgQLQLAABAsQLADBAhAsQLAABAtAsADBAhAsQLAABAtAsADBAhAsAMECBAtAsAAECxAsAMECECxAsAAEC0CwAMECECwAwQIEC0CwAA',
    'QLECwAwQIQLECwAAQLQLAAwQIQLECwAAQLQLAAwQIQLADBAgQLQLAABAsQLADBAhAsYIn9AYEQcHxj3lJFAAAAAElFTkSuQmCC',
  ].join(''),
  'base64',
);
const CHART_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAYCAIAAAAH5iiXAAAAPElEQVR42mP4P0CAYdTiIW2xwM5GNDRq8WC3mBiDRi0etXhwWoxLw6jF5IqPWjxqMX0szi5qGBA0YG0uAMONH0zKzuJiAAAAAElFTkSuQmCC',
  'base64',
);

const DAY = 86_400_000;

/**
 * A small, realistic workspace for the sandbox's demo Plane: workspace `acme`, project ACME
 * "Website" with states in all five groups, labels, four members (the key's user is plane-bot),
 * twelve work items with assignees, labels, priorities, dates, descriptions (two with an embedded
 * image), comments and an attachment. Dates are relative to the db's clock.
 */
export function seedDemoWorkspace(db: FakePlaneDb): DemoWorkspace {
  const now = db.now();
  const date = (days: number) => new Date(now + days * DAY).toISOString().slice(0, 10);
  const ago = (days: number, hours = 0) => now - days * DAY - hours * 3_600_000;

  const dana = db.addMember('acme', { email: 'dana@acme.io', first_name: 'Dana', last_name: 'Kim', display_name: 'dana', role: 20 });
  const leo = db.addMember('acme', { email: 'leo@acme.io', first_name: 'Léo', last_name: 'Martin', display_name: 'leo' });
  const priya = db.addMember('acme', { email: 'priya@acme.io', first_name: 'Priya', last_name: 'Shah', display_name: 'priya' });
  const bot = db.addMember('acme', { email: 'plane-bot@acme.io', first_name: 'Slack', last_name: 'Bot', display_name: 'plane-bot' });
  const workspace = db.workspaceBySlug('acme');
  if (!workspace) throw new Error('fake Plane: demo workspace missing');
  workspace.name = 'Acme Corp';
  db.addApiKey(DEMO_API_KEY, bot.id);
  const personalTokens: Record<string, string> = {};
  for (const person of [dana, leo, priya]) {
    personalTokens[person.email] = `plane_api_${randomBytes(16).toString('hex')}`;
    db.addApiKey(personalTokens[person.email]!, person.id);
  }

  const project = db.addProject('acme', {
    identifier: 'ACME',
    name: 'Website',
    description: 'Customer-facing marketing site and sign-up flow',
    project_lead: dana.id,
    created_by: dana.id,
  });
  db.addState(project.id, { name: 'In Review', group: 'started', color: '#8B5CF6', sequence: 40000 });
  const states = Object.fromEntries(db.projectStates(project.id).map((s) => [s.name, s]));
  const labels = Object.fromEntries(
    [
      ['bug', '#EF4444'],
      ['feature', '#3B82F6'],
      ['design', '#EC4899'],
      ['docs', '#10B981'],
      ['performance', '#F59E0B'],
    ].map(([name, color]) => [name, db.addLabel(project.id, { name: name ?? '', color })]),
  );

  const loginShot = db.addAsset('acme', { project: project.id, name: 'login-safari.png', type: 'image/png', bytes: LOGIN_PNG });
  const chart = db.addAsset('acme', { project: project.id, name: 'lcp-chart.png', type: 'image/png', bytes: CHART_PNG });

  const items: Array<WorkItemInput & { created: number }> = [
    {
      name: 'Login button unresponsive on Safari',
      state: 'In Progress',
      priority: 'urgent',
      assignees: [leo.id],
      labels: ['bug'],
      start_date: date(-3),
      target_date: date(2),
      created: ago(6),
      description_html:
        '<p>Clicking <strong>Sign in</strong> does nothing on Safari 17.</p><p>Steps to reproduce:</p>' +
        '<ol><li><p>Open /login in Safari 17</p></li><li><p>Fill in e-mail and password</p></li>' +
        '<li><p>Click the button</p></li></ol>' +
        imageComponent(loginShot.id, { width: 480, height: 300 }) +
        '<p>Nothing in the network tab; see the console log attached.</p>',
    },
    {
      name: 'Redesign pricing page',
      state: 'Todo',
      priority: 'high',
      assignees: [priya.id],
      labels: ['design', 'feature'],
      target_date: date(14),
      created: ago(20),
      description_html: '<p>Three tiers instead of four, annual toggle on top, FAQ below the fold.</p>',
    },
    {
      name: 'Add dark mode toggle to the header',
      state: 'Backlog',
      priority: 'low',
      labels: ['feature'],
      created: ago(30),
      description_html: '<p>Follow the system preference by default; remember the choice in localStorage.</p>',
    },
    {
      name: 'Newsletter sign-up returns 500 for plus addresses',
      state: 'In Review',
      priority: 'high',
      assignees: [bot.id, leo.id],
      labels: ['bug'],
      start_date: date(-2),
      target_date: date(1),
      created: ago(4),
      description_html: '<p>Addresses like <code>dana+news@acme.io</code> fail validation on the server.</p>',
    },
    {
      name: 'Improve Largest Contentful Paint on the home page',
      state: 'In Progress',
      priority: 'medium',
      assignees: [dana.id],
      labels: ['performance'],
      start_date: date(-7),
      target_date: date(7),
      created: ago(12),
      description_html:
        '<p>LCP is 3.8 s on mobile (p75). Target: under 2.5 s.</p>' +
        imageComponent(chart.id, { width: 400, height: 240 }) +
        '<ul><li><p>Preload the hero image</p></li><li><p>Inline critical CSS</p></li></ul>',
    },
    {
      name: 'Write the accessibility statement',
      state: 'Todo',
      priority: 'medium',
      assignees: [bot.id],
      labels: ['docs'],
      target_date: date(10),
      created: ago(9),
      description_html: '<p>WCAG 2.1 AA status, known gaps and a contact address.</p>',
    },
    {
      name: 'Cookie banner overlaps the footer on mobile',
      state: 'Done',
      priority: 'medium',
      assignees: [leo.id],
      labels: ['bug', 'design'],
      start_date: date(-10),
      target_date: date(-5),
      created: ago(15),
      description_html: '<p>Fixed by moving the banner into a bottom sheet.</p>',
    },
    {
      name: 'Migrate blog to the new CMS',
      state: 'Backlog',
      priority: 'none',
      labels: ['feature'],
      created: ago(40),
      description_html: '<p></p>',
    },
    {
      name: 'Update screenshots in the help center',
      state: 'Cancelled',
      priority: 'low',
      assignees: [priya.id],
      labels: ['docs'],
      created: ago(25),
      description_html: '<p>Superseded by the help-center rewrite.</p>',
    },
    {
      name: 'Broken links on the careers page',
      state: 'Todo',
      priority: 'high',
      assignees: [bot.id],
      labels: ['bug'],
      target_date: date(3),
      created: ago(2),
      description_html:
        '<p>Three job postings link to /jobs/old-*. Reported by <mention-component entity_identifier="' +
        dana.id +
        '" entity_name="user_mention"></mention-component>.</p>',
    },
    {
      name: 'Compress hero video',
      state: 'Done',
      priority: 'low',
      assignees: [dana.id],
      labels: ['performance'],
      start_date: date(-20),
      target_date: date(-14),
      created: ago(22),
      description_html: '<p>From 14 MB to 2.1 MB with AV1, MP4 fallback kept.</p>',
    },
    {
      name: 'Add structured data for products',
      state: 'In Progress',
      priority: 'medium',
      assignees: [priya.id, bot.id],
      labels: ['feature'],
      start_date: date(-1),
      target_date: date(9),
      created: ago(3),
      description_html: '<p>JSON-LD <code>Product</code> and <code>Offer</code> on every plan page.</p>',
    },
  ];
  const workItems = items.map(({ created, ...input }) =>
    db.addWorkItem(project.id, { ...input, created_by: dana.id, created_at: created }),
  );
  const [login, pricing, , newsletter, lcp] = workItems;
  if (!login || !pricing || !newsletter || !lcp) throw new Error('fake Plane: demo items missing');
  loginShot.issue = login.id;
  chart.issue = lcp.id;

  db.addAttachment(login.id, {
    name: 'safari-console.log',
    type: 'text/plain',
    bytes: "TypeError: undefined is not an object (evaluating 'form.requestSubmit')\n    at login.js:42:11\n",
    created_by: leo.id,
  });
  const comments: Array<[WorkItemRecord, UserRecord, number, string]> = [
    [login, leo, ago(5), '<p>Reproduced on Safari 17.3 as well. Chrome and Firefox are fine.</p>'],
    [login, dana, ago(4, 20), '<p>Probably <code>requestSubmit</code>; Safari 17 needs a polyfill.</p>'],
    [login, leo, ago(1), '<p>Polyfill added, fix is in review.</p>'],
    [pricing, priya, ago(10), '<p>First mock-ups are in Figma, feedback welcome.</p>'],
    [newsletter, bot, ago(3), '<p>Linked from Slack: two customers reported this today.</p>'],
    [lcp, dana, ago(8), '<p>The hero image is 1.2 MB; that alone costs a second.</p>'],
  ];
  for (const [item, author, at, html] of comments) db.addComment(item.id, { comment_html: html, actor: author.id, created_at: at });

  const cycles = seedDemoCycles(db, project, workItems, { dana, priya });
  return { apiKey: DEMO_API_KEY, workspace, project, users: { bot, dana, leo, priya }, states, labels, workItems, cycles, personalTokens };
}

// ── Cycles and modules (/plane cycle): kept apart from the items above ─────────────────────────

export interface DemoCycles {
  current: CycleRecord;
  next: CycleRecord;
  module: ModuleRecord;
  /**
   * The current cycle's past days as the bot's daily snapshots would have counted them (oldest
   * first, today excluded): the sandbox writes them to the bot's store so the burn-up has a history.
   */
  history: { date: string; total: number; completed: number; started: number; unstarted: number; backlog: number; cancelled: number }[];
}

/** "Sprint 14" (started 9 days ago, ends in 5: eight ACME items), "Sprint 15" after it, and the module "Performance". */
function seedDemoCycles(
  db: FakePlaneDb,
  project: ProjectRecord,
  items: WorkItemRecord[],
  people: { dana: UserRecord; priya: UserRecord },
): DemoCycles {
  const now = db.now();
  const midnight = now - (now % DAY);
  const key = (n: number) => `ACME-${n}`;
  const current = db.addCycle(project.id, {
    name: 'Sprint 14',
    description: 'Sign-up flow and performance',
    start_date: midnight - 9 * DAY,
    end_date: midnight + 5 * DAY + DAY - 60_000,
    owned_by: people.dana.id,
    items: [1, 4, 5, 6, 7, 10, 11, 12].map(key),
  });
  const next = db.addCycle(project.id, {
    name: 'Sprint 15',
    start_date: midnight + 6 * DAY,
    end_date: midnight + 19 * DAY + DAY - 60_000,
    owned_by: people.dana.id,
    items: [2].map(key),
  });
  const module = db.addModule(project.id, {
    name: 'Performance',
    status: 'in-progress',
    lead: people.dana.id,
    members: [people.dana.id, people.priya.id],
    items: [5, 11].map(key),
  });
  if (items.length < 12) throw new Error('fake Plane: demo items missing for the cycles');
  // Scope grew from 6 to 8 items; two were done on days 4 and 7 (today the cycle has 2 done of 8).
  const history = Array.from({ length: 9 }, (_, index) => {
    const total = index < 3 ? 6 : index < 6 ? 7 : 8;
    const completed = index < 4 ? 0 : index < 7 ? 1 : 2;
    const started = Math.min(total - completed, 1 + Math.floor(index / 2));
    return {
      date: new Date(midnight - (9 - index) * DAY).toISOString().slice(0, 10),
      total,
      completed,
      started,
      unstarted: total - completed - started,
      backlog: 0,
      cancelled: 0,
    };
  });
  return { current, next, module, history };
}

// ---- Digests and reminders (separate from the cycles' additions) ----

/**
 * What the sandbox's digest and reminders show at once: items overdue, due today and tomorrow
 * (assigned to the sandbox's people), an urgent one nobody owns, and one started but untouched for
 * two weeks. Kept apart from `seedDemoWorkspace`, whose twelve items the tests count on. The due
 * dates are days in `timeZone`, the zone of the person the sandbox shows first: a reminder reckons
 * "today" in its reader's zone, so UTC days would show today's item as overdue there near midnight.
 */
export function seedDemoDigests(db: FakePlaneDb, demo: DemoWorkspace, timeZone = 'UTC'): WorkItemRecord[] {
  const now = db.now();
  const date = (days: number) => dayIn(timeZone, new Date(now + days * DAY));
  const { dana, leo, priya } = demo.users;
  const items: WorkItemInput[] = [
    {
      name: 'Renew the TLS certificate of the marketing site',
      state: 'Todo',
      priority: 'high',
      assignees: [dana.id],
      labels: ['bug'],
      target_date: date(-2),
    },
    {
      name: 'Publish the December changelog',
      state: 'In Progress',
      priority: 'medium',
      assignees: [dana.id, leo.id],
      labels: ['docs'],
      target_date: date(0),
    },
    {
      name: 'Review the cookie policy wording',
      state: 'Todo',
      priority: 'low',
      assignees: [priya.id],
      labels: ['docs'],
      target_date: date(1),
    },
    { name: 'Checkout page crashes with an empty cart', state: 'Todo', priority: 'urgent', labels: ['bug'] },
    {
      name: 'Translate the onboarding e-mails',
      state: 'In Progress',
      priority: 'medium',
      assignees: [leo.id],
      labels: ['feature'],
      created_at: now - 20 * DAY,
    },
  ];
  return items.map((input) => {
    const item = db.addWorkItem(demo.project.id, { ...input, created_by: dana.id });
    // Untouched since it was created: stale when started long ago.
    if (typeof input.created_at === 'number') item.updated_at = input.created_at;
    return item;
  });
}
