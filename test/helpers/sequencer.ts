// Test files that take minutes start first, longest first. On a clean clone vitest knows no
// timings and starts the largest files first, which put the round trip (a small file that runs
// LibreOffice over every fixture for ~3 minutes) last, with the other worker idle beside it.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW = ['roundtrip', 'excel-functions.doors', 'startup', 'mcp-lifecycle', 'inspector', 'sql.doors', 'excel-fidelity', 'agent-scenarios'];

function rank(spec: TestSpecification): number {
  const i = SLOW.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return i < 0 ? SLOW.length : i;
}

export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.map((spec, i) => ({ spec, i })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i).map(({ spec }) => spec);
  }
}
