// Argument splitting is shared with the CLI; it lives in src/protocol.
export * from '../../../protocol/text/split-args.js';
