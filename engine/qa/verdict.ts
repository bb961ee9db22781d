// The QA verdict on a new version of a form document (issue 29): the candidate's own
// generated suite and its mutation score (is the suite able to notice a mistake in
// this version?), and what changes for applicants against the live version (the
// live suite run through both validators). Only a weak suite or a suite that
// disagrees with its own document fails the verdict; behaviour changes are what
// the second person approves, so they are listed, not judged.
import { compileSchema } from '../core/compile.ts';
import { resolveVariants, variantKey, variantNames, variantSets } from '../core/document.ts';
import { createFormRuntime, type FormRuntime } from '../core/runtime.ts';
import type { FormDocument } from '../core/types.ts';
import { behaviourDiff, type BehaviourDiff, type RuntimeOf } from './behaviour-diff.ts';
import { actualOf, type CaseSet, type Expected } from './cases.ts';
import { DEFAULT_SEED, generateAll } from './generate.ts';
import { mutationsOf, runMutations, sampleMutations } from './mutate.ts';

export const DEFAULT_THRESHOLD = 0.9;
const SURVIVORS_IN_REASON = 3;

export interface VerdictOptions {
  /** The lowest mutation score that passes (0–1). */
  threshold?: number;
  seed?: number;
  today?: Date;
  /**
   * Builds the runtime of a variant set. By default the document is only resolved and
   * compiled; Node callers pass node.ts `runtimeForDocument`, which also checks it like forms:check.
   */
  runtimeFor?: (doc: FormDocument, variants: string[]) => FormRuntime;
  /**
   * Score a seeded sample of this many mutations instead of all of them. All ~480 of the
   * consumer's take 45–105 s on the shared 2-core machine, on top of 25–80 s per
   * generation of its four suites; a sample of 100 takes a fifth of that. The full run
   * belongs in a background job when a version is sent for approval, a sample in a
   * quick check while editing (a seeded sample's score wanders a few points).
   */
  mutationSample?: number;
  /** Only these variant sets (by default every combination of each document's variants). */
  variantSets?: string[][];
  /**
   * The live version's suites from an earlier run (a verdict's `candidate.suites` when that
   * version was the candidate): generating them is the other slow part.
   */
  liveSuites?: CaseSet[];
}

export interface SelfCheckFailure {
  id: string;
  variant: string;
  expected: Expected;
  actual: Expected;
}

export interface MutationSummary {
  /** Mutations scored; those in `leftOut` are not. */
  total: number;
  killed: number;
  score: number;
  /** True when a sample was scored, not every mutation. */
  sampled: boolean;
  leftOut: {
    /** Mutations the document's shape shows no case can notice (ADR 0005). */
    equivalent: number;
    /** Mutations of a variant whose cases were not generated (`variantSets` left it out). */
    variantNotGenerated: number;
  };
  survivors: { id: string; description: string }[];
}

export interface QaVerdict {
  passes: boolean;
  /** Why it does not pass, in Finnish; empty when it passes. */
  reasons: string[];
  threshold: number;
  candidate: {
    /** Generated cases over every variant set. */
    cases: number;
    variantSets: { variant: string; cases: number }[];
    /** The suites, to pass as `liveSuites` once this version is live. */
    suites: CaseSet[];
    /** Own cases that do not get their expected result: the generator's self-check, normally none. */
    selfCheckFailures: SelfCheckFailure[];
  };
  /** Null when the candidate could not be compiled. */
  mutation: MutationSummary | null;
  /** Null without a live version (a new form). */
  behaviour: BehaviourDiff | null;
  /** Milliseconds per stage, to see what a publish waits for (the live suites are 0 when given). */
  durations: Durations;
}

export interface Durations {
  liveCases: number;
  candidateCases: number;
  selfCheck: number;
  behaviour: number;
  mutation: number;
}

const compiledRuntime = (doc: FormDocument, variants: string[]): FormRuntime => {
  const resolved = resolveVariants(doc, variants);
  return createFormRuntime(resolved, compileSchema(resolved));
};

/** One runtime per variant set of one document, built when first asked; null for a set the document cannot form. */
function runtimes(doc: FormDocument, build: (doc: FormDocument, variants: string[]) => FormRuntime) {
  const known = new Set(variantNames(doc));
  const built = new Map<string, FormRuntime>();
  const of: RuntimeOf = (variants) => {
    if (!variants.every((name) => known.has(name))) return null;
    const key = variantKey(doc, variants);
    let runtime = built.get(key);
    if (!runtime) built.set(key, (runtime = build(doc, variants)));
    return runtime;
  };
  // For the generator, which asks with the document it was given.
  const runtimeFor = (asked: FormDocument, variants: string[]) => (asked === doc ? of(variants) : null) ?? build(asked, variants);
  return { of, runtimeFor };
}

const percent = (share: number, round: (n: number) => number = Math.round) => `${(round(share * 1000) / 10).toFixed(1).replace('.', ',')} %`;

/** The mutation score of the candidate's own suites (ADR 0005), leaving out what no case could notice. */
function scoreMutations(candidate: FormDocument, suites: CaseSet[], sample: number | undefined, seed: number): MutationSummary {
  const all = mutationsOf(candidate);
  const generated = new Set(suites.flatMap((suite) => suite.variants));
  const ofMissingVariant = (id: string) => id.startsWith('variants/') && !generated.has(id.split('/')[1]);
  const scored = all.filter((m) => !m.equivalent && !ofMissingVariant(m.id));
  const sampled = sample !== undefined && sample < scored.length;
  const report = runMutations(candidate, suites, sampled ? sampleMutations(scored, sample, seed) : scored);
  return {
    total: report.total,
    killed: report.killed,
    score: report.score,
    sampled,
    leftOut: { equivalent: all.filter((m) => m.equivalent).length, variantNotGenerated: all.filter((m) => !m.equivalent && ofMissingVariant(m.id)).length },
    survivors: report.results.filter((r) => !r.killed).map(({ mutation }) => ({ id: mutation.id, description: mutation.description })),
  };
}

export function qaVerdict(live: FormDocument | undefined, candidate: FormDocument, options: VerdictOptions = {}): QaVerdict {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const seed = options.seed ?? DEFAULT_SEED;
  const build = options.runtimeFor ?? compiledRuntime;
  if (options.mutationSample !== undefined && !(Number.isInteger(options.mutationSample) && options.mutationSample > 0))
    throw new RangeError(`mutationSample: odotettiin positiivista kokonaislukua, saatiin ${options.mutationSample}`);
  const setsOf = (doc: FormDocument) => {
    const all = variantSets(doc);
    if (!options.variantSets) return all;
    const wanted = new Set(options.variantSets.map((set) => variantKey(doc, set)));
    return all.filter((set) => wanted.has(variantKey(doc, set)));
  };
  const suitesOf = (doc: FormDocument, runtimeFor: (doc: FormDocument, variants: string[]) => FormRuntime) =>
    generateAll(doc, { seed, today: options.today, runtimeFor }, setsOf(doc));
  const durations: Durations = { liveCases: 0, candidateCases: 0, selfCheck: 0, behaviour: 0, mutation: 0 };
  const timed = <T>(stage: keyof Durations, work: () => T): T => {
    const started = performance.now();
    try {
      return work();
    } finally {
      durations[stage] += Math.round(performance.now() - started);
    }
  };

  const reasons: string[] = [];
  const candidateRuntimes = runtimes(candidate, build);
  const liveRuntimes = live && runtimes(live, build);
  let generatedLive: CaseSet[] | undefined;
  const liveSuites = () => options.liveSuites ?? (generatedLive ??= timed('liveCases', () => suitesOf(live!, liveRuntimes!.runtimeFor)));

  let suites: CaseSet[];
  try {
    // The same document gives the same suites (seeded, same day): generate once.
    suites = live && !options.liveSuites && JSON.stringify(live) === JSON.stringify(candidate) ? liveSuites() : timed('candidateCases', () => suitesOf(candidate, candidateRuntimes.runtimeFor));
  } catch (error) {
    return {
      passes: false,
      reasons: [`Versiosta ei voitu luoda testitapauksia: ${(error as Error).message}`],
      threshold,
      candidate: { cases: 0, variantSets: [], suites: [], selfCheckFailures: [] },
      mutation: null,
      behaviour: null,
      durations,
    };
  }
  const cases = suites.reduce((n, suite) => n + suite.cases.length, 0);
  if (!cases) reasons.push('Versiosta ei synny yhtään testitapausta');

  const selfCheckFailures = timed('selfCheck', () => selfCheck(suites, candidateRuntimes.of));
  if (selfCheckFailures.length)
    reasons.push(`${selfCheckFailures.length} generoitua testitapausta ei saa lomakkeen määrittelemää tulosta (esimerkiksi ${selfCheckFailures[0].id}): lomake ei toimi niin kuin se on kirjoitettu, tai generaattorissa on virhe`);

  const mutation = timed('mutation', () => scoreMutations(candidate, suites, options.mutationSample, seed));
  // The score is rounded down, so 89,96 % never reads as the 90,0 % it failed to reach.
  if (mutation.score < threshold)
    reasons.push(
      `Generoidut testitapaukset huomaavat vain ${percent(mutation.score, (n) => Math.floor(n + 1e-9))} lomakkeeseen tehdyistä koemuutoksista (${mutation.killed}/${mutation.total}${mutation.sampled ? ', otos' : ''}); vaaditaan vähintään ${percent(threshold)}. ` +
        `Huomaamatta jäivät esimerkiksi: ${mutation.survivors.slice(0, SURVIVORS_IN_REASON).map((s) => s.description).join('; ')}`,
    );

  let behaviour: BehaviourDiff | null = null;
  if (live) {
    const liveCases = liveSuites();
    behaviour = timed('behaviour', () => behaviourDiff(live, candidate, liveCases, liveRuntimes!.of, candidateRuntimes.of));
  }

  return {
    passes: reasons.length === 0,
    reasons,
    threshold,
    candidate: { cases, variantSets: suites.map((s) => ({ variant: s.variant, cases: s.cases.length })), suites, selfCheckFailures },
    mutation,
    behaviour,
    durations,
  };
}

function selfCheck(suites: CaseSet[], runtimeOf: RuntimeOf): SelfCheckFailure[] {
  const failures: SelfCheckFailure[] = [];
  for (const suite of suites) {
    const runtime = runtimeOf(suite.variants)!;
    for (const testCase of suite.cases) {
      const actual = actualOf(runtime, testCase);
      if (JSON.stringify(actual) !== JSON.stringify(testCase.expected)) failures.push({ id: testCase.id, variant: suite.variant, expected: testCase.expected, actual });
    }
  }
  return failures;
}
