import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';

/**
 * The duplicate check's ranking: MiniSearch (a small full-text index: BM25+ over words, with fuzzy
 * and prefix matching per word). Words, not characters: "CSV export fails" and "Export to CSV is
 * broken" share words in another order, which a character-level fuzzy matcher (Fuse.js's Bitap)
 * scores poorly; and a 1,000-item project is indexed and searched in milliseconds.
 *
 * English words are stemmed (`stemmer`, Porter's algorithm: "crashes" finds "crash"). A BM25 score
 * depends on the corpus, so it is made comparable across projects as a cosine is: divided by the
 * geometric mean of the scores each side gets against itself in the same index (1 = the same
 * words). The threshold was measured on the 50 labelled title pairs of test/intake-desk/title-pairs.ts.
 *
 * A long request (a paragraph, not a title) says much more than any title, so its cosine with the
 * right one stays low. There the similarity is how much of the title the request covers (the title's
 * score against the request over its score against itself), with a threshold of its own measured on
 * the long pairs of the same file.
 */

/** Similarity from which a work item is offered as a possible duplicate (see the test's measure). */
export const DEFAULT_THRESHOLD = 0.36;
/** The same for a long request, whose similarity is how much of a title it covers. */
export const LONG_THRESHOLD = 0.5;
/** More words than this that are not stop words, and a request is read as long. */
const LONG_REQUEST_WORDS = 12;
/** How much of a request is matched: its opening says what it is about, and a search stays fast. */
export const REQUEST_CHARS_MAX = 600;
export const MAX_CANDIDATES = 3;

export interface MatchDoc {
  id: string;
  title: string;
  body?: string;
}

export interface Match {
  id: string;
  /** 0…1: the request's own score in the same index is 1. */
  similarity: number;
}

/** Words too common to say two requests are alike (English and French; Chinese has its own segmenter). */
const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could do does for from has have how i in is it its me my no not of on or our please should so ' +
    'that the their there this to was we were what when where which while why will with would you your ' +
    'au aux avec ce ces dans de des du elle en est et il ils je la le les leur mais ne nous on ou par pas pour qui que sa se son sur ' +
    'un une vous y ça'
  ).split(' '),
);

const segmenters = new Map<string, Intl.Segmenter>();

/** Words in any of the three languages: Intl.Segmenter splits Chinese, which has no spaces, into words. */
export function words(text: string): string[] {
  const locale = /[\u3400-\u9fff]/.test(text) ? 'zh' : 'en';
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'word' })));
  return [...segmenter.segment(text.normalize('NFKC'))].filter((s) => s.isWordLike).map((s) => s.segment.toLowerCase());
}

const SELF = '\u0000self';
/** How many of the best raw scores are weighed as a cosine: the rest cannot reach the threshold first. */
const SHORTLIST = 12;

function processTerm(term: string): string | null {
  if (STOPWORDS.has(term)) return null;
  return /^[a-z]+$/.test(term) ? stemmer(term) : term;
}

/** The documents most like `query`, best first, at most `limit`, each at least `threshold` similar. */
/** How many words of a request say something (not stop words). */
function meaningfulWords(text: string): number {
  return words(text).filter((w) => !STOPWORDS.has(w)).length;
}

/** A request read as a paragraph rather than a title. */
export function isLongRequest(request: string): boolean {
  return meaningfulWords(request.slice(0, REQUEST_CHARS_MAX)) > LONG_REQUEST_WORDS;
}

export function rankSimilar(request: string, docs: readonly MatchDoc[], options: { threshold?: number; limit?: number } = {}): Match[] {
  const query = request.slice(0, REQUEST_CHARS_MAX);
  if (meaningfulWords(query) === 0) return [];
  const long = isLongRequest(query);
  const threshold = options.threshold ?? (long ? LONG_THRESHOLD : DEFAULT_THRESHOLD);
  const limit = options.limit ?? MAX_CANDIDATES;
  const index = new MiniSearch<MatchDoc>({
    fields: ['title', 'body'],
    tokenize: words,
    processTerm,
    searchOptions: {
      boost: { title: 2 },
      fuzzy: (term) => (term.length > 4 ? 0.2 : 0),
      prefix: (term) => term.length > 3,
      combineWith: 'OR',
    },
  });
  const titles = new Map(docs.map((doc) => [doc.id, doc.title]));
  index.addAll(docs.map((doc) => ({ id: doc.id, title: doc.title, body: doc.body ?? '' })));
  index.add({ id: SELF, title: query, body: '' });
  const scoreOf = (text: string, id: string) => index.search(text, { filter: (r) => r.id === id })[0]?.score ?? 0;
  const own = scoreOf(query, SELF);
  if (own <= 0) return [];
  return index
    .search(query, { filter: (r) => r.id !== SELF })
    .slice(0, Math.max(SHORTLIST, limit))
    .map((r) => {
      const theirs = Math.max(scoreOf(titles.get(String(r.id)) ?? '', String(r.id)), r.score);
      const similarity = long ? r.score / theirs : r.score / Math.sqrt(own * theirs);
      return { id: String(r.id), similarity: Math.min(1, similarity) };
    })
    .filter((m) => m.similarity >= threshold)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, limit);
}
