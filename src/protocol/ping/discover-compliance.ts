// Whether an answer to server/discover is a DiscoverResult (2026-07-28): a
// complete result listing the versions the server supports — the one in use
// among them — and its capabilities. Judged here once; the Ping tab's discover
// round trip and the linter each put it in their own words.
import { isRecord } from '../json/guards.js';

export type DiscoverAnswerProblem =
  | { kind: 'error'; code: number; message: string }
  | { kind: 'not-object'; result: unknown }
  /** resultType absent or other than "complete". */
  | { kind: 'result-type'; resultType: unknown }
  /** supportedVersions is not a non-empty array of strings. */
  | { kind: 'supported-versions'; supportedVersions: unknown }
  /** The version this connection speaks is not among supportedVersions. */
  | { kind: 'version-not-listed'; version: string; supportedVersions: string[] }
  | { kind: 'capabilities'; capabilities: unknown };

/** Every way `answer` falls short of a DiscoverResult; empty when it is one. `versionInUse`: the version the connection speaks, when known. */
export function discoverAnswerProblems(
  answer: { result?: unknown; error?: { code: number; message?: string } },
  versionInUse?: string,
): DiscoverAnswerProblem[] {
  if (answer.error !== undefined) return [{ kind: 'error', code: answer.error.code, message: answer.error.message ?? '' }];
  const r = answer.result;
  if (!isRecord(r)) return [{ kind: 'not-object', result: r }];
  const problems: DiscoverAnswerProblem[] = [];
  if (r.resultType !== 'complete') problems.push({ kind: 'result-type', resultType: r.resultType });
  const versions = r.supportedVersions;
  const listed = Array.isArray(versions) && versions.length > 0 && versions.every((v) => typeof v === 'string');
  if (!listed) problems.push({ kind: 'supported-versions', supportedVersions: versions });
  else if (versionInUse !== undefined && !versions.includes(versionInUse)) {
    problems.push({ kind: 'version-not-listed', version: versionInUse, supportedVersions: versions as string[] });
  }
  if (!isRecord(r.capabilities)) problems.push({ kind: 'capabilities', capabilities: r.capabilities });
  return problems;
}

/** One problem as a sentence fragment (the verdict's and the CLI's wording). */
export function discoverProblemText(p: DiscoverAnswerProblem): string {
  const json = (v: unknown) => (v === undefined ? 'absent' : JSON.stringify(v));
  switch (p.kind) {
    case 'error':
      return `answered with an error instead of a DiscoverResult: ${p.code} ${p.message}`;
    case 'not-object':
      return `result is not an object: ${json(p.result)}`;
    case 'result-type':
      return `resultType is ${json(p.resultType)}, not "complete"`;
    case 'supported-versions':
      return `supportedVersions is not a non-empty array of strings: ${json(p.supportedVersions)}`;
    case 'version-not-listed':
      return `supportedVersions ${JSON.stringify(p.supportedVersions)} does not list ${p.version}, the version in use`;
    case 'capabilities':
      return `capabilities is not an object: ${json(p.capabilities)}`;
  }
}
