// A capture: the message log's export format (JSON Lines), shared by the UI and the CLI.
export * from './record.js';
export * from './jsonl.js';
export * from './utf8.js';
export * from './bytes.js';
export * from './live.js';
export * from './latency.js';
