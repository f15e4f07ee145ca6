// Tool-choice evals: which tool a model picks for a prompt, judged and tallied.
export * from './format.js';
export { parseEvalFile, parseEvalSuite } from './parse.js';
export { confusionFindings } from './findings.js';
export { judgeReply, firstToolCall, type RunJudgement, type ToolChoice } from './judge.js';
export {
  runEval,
  offeredTools,
  toolConfusions,
  type EvalCell,
  type EvalDeps,
  type EvalProgress,
  type EvalReport,
  type ToolConfusion,
  type WrongChoice,
} from './run.js';
