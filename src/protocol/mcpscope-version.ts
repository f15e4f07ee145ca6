// mcpscope's own version, as each side names itself in clientInfo. Kept by hand:
// src/protocol cannot read package.json at run time; a unit test holds it to it.
export const MCPSCOPE_VERSION = '0.1.0';
