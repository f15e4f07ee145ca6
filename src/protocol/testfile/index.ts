// Test files (`mcpscope test`): the format, its parser, and the judgment of each step.
export * from './format.js';
export { parseTestFile, type TestFileError } from './parse.js';
export { judgeStep, textOf, type StepOutcome, type StepSnapshots, type StepVerdict } from './expect.js';
export { interfaceOf } from './interface.js';
export { testFromCapture, type CaptureTest } from './from-capture.js';
export { snapshotFileFor, readSnapshotStore, writeSnapshotStore, type SnapshotStore, type StoredSnapshots } from './snapshots.js';
