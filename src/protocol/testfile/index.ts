// Test files (`mcpscope test`): the format, its parser, and the judgment of each step.
export * from './format.js';
export { parseTestFile, type TestFileError } from './parse.js';
export { judgeStep, textOf, type StepOutcome, type StepSnapshots, type StepVerdict } from './expect.js';
export { interfaceOf } from './interface.js';
export { testFromCapture } from './from-capture.js';
export { testFromCall, testFromConnection, testFileName, type ConnectionForTest } from './from-log.js';
export { STEP_METHODS, type BuiltTest } from './build.js';
export { snapshotFileFor, readSnapshotStore, writeSnapshotStore, type SnapshotStore, type StoredSnapshots } from './snapshots.js';
